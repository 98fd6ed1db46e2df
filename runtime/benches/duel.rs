//! Whole 7 Wonders Duel games per second through the game interface, one
//! thread, over the shipped Duel data (the wonder draft included).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Game, Setup, play_out, play_until};
use sevenw_runtime::games::duel::Duel;

fn duel_games(c: &mut Criterion) {
    let d = Duel::new(sevenw_cards::game("duel").expect("duel is compiled")).expect("duel");
    let mut group = c.benchmark_group("duel");
    group.throughput(Throughput::Elements(1));
    for kind in [BotKind::Random, BotKind::Greedy] {
        let mut seed = 0u64;
        group.bench_function(format!("{kind} bots"), |bench| {
            bench.iter(|| {
                seed += 1;
                let mut st = d.start(&Setup::seeded(seed)).unwrap();
                let mut bots = table(&[kind, kind], seed);
                black_box(play_out(&d, &mut st, &mut bots, &mut ()).unwrap())
            })
        });
    }
    // Cloning a state in the middle of a game (what a search bot does at
    // every node): after 30 decisions.
    let mut st = d.start(&Setup::seeded(3)).unwrap();
    let mut bots = table(&[BotKind::Random, BotKind::Random], 3);
    let mut decisions = 0;
    play_until(&d, &mut st, &mut bots, &mut (), |_| {
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

criterion_group!(benches, duel_games);
criterion_main!(benches);
