//! Whole 7 Wonders Architects games per second through the game interface,
//! one thread, over the shipped data: random bots at 2, 3, 4 and 7
//! players, greedy bots at 3, 4 and 7.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Game, Setup, play_out, play_until};
use sevenw_runtime::games::architects::Architects;

fn architects_games(c: &mut Criterion) {
    let a = Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
    let mut group = c.benchmark_group("architects");
    group.throughput(Throughput::Elements(1));
    for (kind, players) in [
        (BotKind::Random, 2),
        (BotKind::Random, 3),
        (BotKind::Random, 4),
        (BotKind::Random, 7),
        (BotKind::Greedy, 3),
        (BotKind::Greedy, 4),
        (BotKind::Greedy, 7),
    ] {
        let mut seed = 0u64;
        group.bench_function(format!("{kind} bots, {players} players"), |bench| {
            bench.iter(|| {
                seed += 1;
                let mut st = a.start(&Setup::new(players, seed)).unwrap();
                let mut bots = table(&vec![kind; players], seed);
                black_box(play_out(&a, &mut st, &mut bots, &mut ()).unwrap())
            })
        });
    }
    // Cloning a state in the middle of a game (what a search bot does at
    // every node): after 30 decisions.
    let mut st = a.start(&Setup::new(7, 3)).unwrap();
    let mut bots = table(&[BotKind::Random; 7], 3);
    let mut decisions = 0;
    play_until(&a, &mut st, &mut bots, &mut (), |_| {
        decisions += 1;
        decisions > 30
    })
    .unwrap();
    group.bench_function("state clone, after 30 decisions", |bench| {
        bench.iter(|| black_box(black_box(&st).clone()))
    });
    // What a search bot does at each node: clone into a state it keeps,
    // whose buffers are reused (no allocation).
    let mut into = st.clone();
    group.bench_function(
        "state clone, after 30 decisions, into a used state (clone_from)",
        |bench| bench.iter(|| into.clone_from(black_box(&st))),
    );
    group.finish();
}

criterion_group!(benches, architects_games);
criterion_main!(benches);
