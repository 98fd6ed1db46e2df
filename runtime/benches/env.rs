//! Environment steps (`env::Batch`, what the Python package's `VecEnv`
//! runs): a step of many games at once, each writing the observation and
//! the legal mask of the seat to move next, a finished game starting
//! again; per game and thread count. And one Duel step's parts: the move
//! generation of `Env::step_index` alone, an observation, a mask.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::env::{Batch, Out};
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, rules_for};

/// The buffers of a batch.
struct Bufs {
    obs: Vec<f32>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    to_move: Vec<i64>,
    done: Vec<u8>,
}

impl Bufs {
    fn new(b: &Batch<'_>) -> Self {
        let n = b.games();
        Bufs {
            obs: vec![0.0; n * b.observation_len()],
            masks: vec![0; n * b.num_actions()],
            rewards: vec![0.0; n * b.seats()],
            to_move: vec![0; n],
            done: vec![0; n],
        }
    }
    fn out(&mut self) -> Out<'_> {
        Out {
            observations: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            to_move: &mut self.to_move,
            done: &mut self.done,
        }
    }
}

/// Batch sizes: each game's rows and state stay in a core's cache at
/// 64, not at 1,024.
const SIZES: [(&str, usize, usize); 5] = [
    ("duel", 2, 64),
    ("duel", 2, 256),
    ("duel", 2, 1024),
    ("architects", 4, 256),
    ("base", 4, 256),
];

fn batch_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("env");
    for (name, players, games) in SIZES {
        group.throughput(Throughput::Elements(games as u64));
        let g: Box<dyn AnyGame> = rules_for(sevenw_cards::game(name).unwrap()).unwrap();
        let setup = Setup {
            players: Some(players),
            ..Setup::default()
        };
        for threads in [1, 2] {
            let mut b = Batch::new(games, 1, threads, &|| {
                g.envs().expect("an environment").start(&setup)
            })
            .unwrap();
            let mut bufs = Bufs::new(&b);
            let mut seed = 0u64;
            group.bench_function(
                format!("{name} batch of {games}, {threads} thread(s)"),
                |bench| {
                    bench.iter(|| {
                        seed += 1;
                        b.step_random(seed, bufs.out()).unwrap();
                        black_box(&bufs.obs);
                    })
                },
            );
        }
    }
    group.finish();
    // One Duel step's parts, single game.
    let g: Box<dyn AnyGame> = rules_for(sevenw_cards::game("duel").unwrap()).unwrap();
    let mut e = g
        .envs()
        .expect("an environment")
        .start(&Setup::default())
        .unwrap();
    let mut obs = vec![0.0f32; e.observation_len()];
    let mut mask = vec![0u8; e.num_actions() as usize];
    let mut group = c.benchmark_group("env duel step");
    let mut n = 0u64;
    group.bench_function("step_index (move generation included)", |bench| {
        bench.iter(|| {
            if e.to_move().is_none() {
                n += 1;
                e.reset(n).unwrap();
            }
            e.step_index(black_box(7));
        })
    });
    group.bench_function("observe", |bench| {
        bench.iter(|| e.observe(black_box(0), &mut obs))
    });
    group.bench_function("mask", |bench| bench.iter(|| e.mask(&mut mask)));
    group.finish();
}

criterion_group!(benches, batch_steps);
criterion_main!(benches);
