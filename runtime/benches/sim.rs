//! `sevenw sim` on one thread and on two: the same games (the results do
//! not depend on the threads), so the ratio of the two is the scaling.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::rules_for;
use sevenw_runtime::sim::SimOptions;

const GAMES: u64 = 2_000;

fn sim(c: &mut Criterion) {
    let mut group = c.benchmark_group("sim");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for (name, players) in [("base", Some(7)), ("duel", None), ("architects", Some(4))] {
        let g = rules_for(sevenw_cards::game(name).expect("compiled")).expect("rules");
        for threads in [1, 2] {
            let opts = SimOptions {
                setup: Setup {
                    players,
                    seed: 1,
                    ..Setup::default()
                },
                bots: vec![BotKind::Random; players.unwrap_or(2)],
                games: GAMES,
                threads,
                check: false,
            };
            group.bench_function(format!("{name}, random bots, {threads} threads"), |bench| {
                bench.iter(|| black_box(g.runs().sim(&opts, &|_| {}).unwrap()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, sim);
criterion_main!(benches);
