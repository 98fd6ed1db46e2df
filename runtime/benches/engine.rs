//! Benchmarks of the hot paths: whole random-bot games at 3 and 7 players,
//! move generation, and payment search, over the shipped base game.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::base::{Base, Game, Move, MoveGen, NoObserver, Setup, Table};
use sevenw_runtime::payment::PaymentSearch;
use sevenw_runtime::player::{BotKind, Player};

fn base() -> Base {
    Base::new(sevenw_runtime::game("base").expect("the base game is compiled"))
        .expect("base categories")
}

fn bots(seed: u64, n: usize) -> Vec<Box<dyn Player>> {
    (0..n).map(|s| BotKind::Random.make(seed, s)).collect()
}

fn games(c: &mut Criterion) {
    let b = base();
    let mut group = c.benchmark_group("random game");
    for n in [3usize, 7] {
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function(format!("{n} players"), |bench| {
            bench.iter(|| {
                seed += 1;
                let mut g = Game::new(&b, &Setup::new(n, seed)).unwrap();
                black_box(g.play(&mut bots(seed, n), &mut NoObserver).unwrap())
            })
        });
    }
    group.finish();
}

/// A table at the start of Age III after two Ages of random play: cities
/// with production, choices and discounts.
fn mid_game(b: &Base, n: usize, seed: u64) -> Table {
    let mut g = Game::new(b, &Setup::new(n, seed)).unwrap();
    let mut players = bots(seed, n);
    for age in 1..=2 {
        g.start_age(age);
        while g.turns_left() {
            g.play_turn(&mut players, &mut NoObserver);
        }
        g.end_age();
    }
    g.start_age(3);
    g.table
}

fn moves(c: &mut Criterion) {
    let b = base();
    let tables: Vec<Table> = (0..16).map(|s| mid_game(&b, 7, s)).collect();
    let mut movegen = MoveGen::new();
    let mut out: Vec<Move> = Vec::with_capacity(256);
    let mut group = c.benchmark_group("hot paths");
    group.throughput(Throughput::Elements(7 * tables.len() as u64));
    group.bench_function("move generation (7 seats, 7-card hands)", |bench| {
        bench.iter(|| {
            let mut total = 0;
            for t in &tables {
                for seat in 0..7 {
                    b.moves(t, seat, &t.hands[seat], &mut movegen, &mut out);
                    total += out.len();
                }
            }
            black_box(total)
        })
    });
    let mut search = PaymentSearch::new();
    let costs: Vec<_> = b
        .info
        .cards
        .iter()
        .map(|c| c.cost)
        .filter(|c| !c.resources.is_empty())
        .collect();
    group.throughput(Throughput::Elements((costs.len() * tables.len()) as u64));
    group.bench_function(
        "payment search (every card with a resource cost)",
        |bench| {
            bench.iter(|| {
                let mut found = 0;
                for t in &tables {
                    let market = b.market(&t.cities, 0);
                    for cost in &costs {
                        found += search.search(cost, &market, 20).len();
                    }
                }
                black_box(found)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, games, moves);
criterion_main!(benches);
