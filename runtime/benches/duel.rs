//! Whole random-bot 7 Wonders Duel games per second, single thread, over
//! the shipped Duel data (the wonder draft included).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::duel::{Duel, DuelGame, DuelSetup, NoDuelObserver};
use sevenw_runtime::player::RandomBot;

fn duel_games(c: &mut Criterion) {
    let d = Duel::new(sevenw_runtime::game("duel").expect("duel is compiled")).expect("duel");
    let mut group = c.benchmark_group("duel");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game", |bench| {
        bench.iter(|| {
            seed += 1;
            let mut g = DuelGame::new(&d, &DuelSetup::new(seed)).unwrap();
            let mut a = RandomBot::new(seed);
            let mut b = RandomBot::new(!seed);
            black_box(g.play(&mut [&mut a, &mut b], &mut NoDuelObserver))
        })
    });
    group.finish();
}

criterion_group!(benches, duel_games);
criterion_main!(benches);
