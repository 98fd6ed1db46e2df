//! Whole 7 Wonders Architects games per second through the game interface,
//! one thread, over the shipped data: random bots at 2, 4 and 7 players,
//! greedy bots at 4.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Game, Setup, play_out};
use sevenw_runtime::games::architects::Architects;

fn architects_games(c: &mut Criterion) {
    let a = Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
    let mut group = c.benchmark_group("architects");
    group.throughput(Throughput::Elements(1));
    for (kind, players) in [
        (BotKind::Random, 2),
        (BotKind::Random, 4),
        (BotKind::Random, 7),
        (BotKind::Greedy, 4),
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
    group.finish();
}

criterion_group!(benches, architects_games);
criterion_main!(benches);
