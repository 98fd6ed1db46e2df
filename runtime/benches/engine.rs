//! Benchmarks of the base game through the game interface: whole games of
//! both editions, with Leaders, Edifice and both, at 3 and 7 players with
//! random and greedy bots; cloning a state; move generation and payment
//! search, over the shipped base game.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Game, Setup, play_out, play_until};
use sevenw_runtime::games::base::trade::PaymentSearch;
use sevenw_runtime::games::base::{Base, Move, MoveGen, Position};

fn base() -> Base {
    Base::new(sevenw_cards::game("base").expect("the base game is compiled"))
        .expect("base categories")
}

fn games(c: &mut Criterion) {
    // Every base-game combination: both editions, Leaders (draft and
    // recruitment turns included), Edifice, both; random and greedy bots;
    // 3 and 7 players.
    let games = sevenw_cards::GAMES;
    let mut group = c.benchmark_group("base game");
    group.throughput(Throughput::Elements(1));
    for (what, edition, with) in [
        ("first edition", None, &[][..]),
        ("second edition", Some(2), &[][..]),
        ("with Leaders", None, &["leaders"][..]),
        ("with Edifice", None, &["edifice"][..]),
        (
            "with Leaders and Edifice",
            None,
            &["leaders", "edifice"][..],
        ),
    ] {
        let info = sevenw_runtime::select(games, "base", edition, with).expect("compiled");
        let b = Base::new(info).expect("base categories");
        for kind in [BotKind::Random, BotKind::Greedy] {
            for players in [3usize, 7] {
                let mut seed = 0u64;
                let kinds = vec![kind; players];
                group.bench_function(format!("{what}, {kind} bots, {players} players"), |bench| {
                    bench.iter(|| {
                        seed += 1;
                        let mut st = b.start(&Setup::new(players, seed)).unwrap();
                        let mut bots = table(&kinds, seed);
                        black_box(play_out(&b, &mut st, &mut bots, &mut ()).unwrap())
                    })
                });
            }
        }
    }
    group.finish();
}

/// Cloning a game state in the middle of a game (what a search bot does
/// at every node): 7 players, the start of Age III.
fn clone_state(c: &mut Criterion) {
    let b = base();
    let mut st = b.start(&Setup::new(7, 3)).unwrap();
    let mut bots = table(&[BotKind::Random; 7], 3);
    play_until(&b, &mut st, &mut bots, &mut (), |s| s.table.age == 3).unwrap();
    let mut group = c.benchmark_group("state");
    group.throughput(Throughput::Elements(1));
    group.bench_function("clone, 7 players, Age III", |bench| {
        bench.iter(|| black_box(black_box(&st).clone()))
    });
    // What a search bot does at each node: clone into a state it keeps,
    // whose buffers are reused (no allocation).
    let mut into = st.clone();
    group.bench_function(
        "clone, 7 players, Age III, into a used state (clone_from)",
        |bench| bench.iter(|| into.clone_from(black_box(&st))),
    );
    group.finish();
}

/// A table at the start of Age III after two Ages of random play: cities
/// with production, choices and discounts.
fn mid_game(b: &Base, n: usize, seed: u64) -> Position {
    let mut st = b.start(&Setup::new(n, seed)).unwrap();
    let mut bots = table(&vec![BotKind::Random; n], seed);
    play_until(b, &mut st, &mut bots, &mut (), |s| s.table.age == 3).unwrap();
    st.table
}

fn hot_paths(c: &mut Criterion) {
    let b = base();
    let tables: Vec<Position> = (0..16).map(|s| mid_game(&b, 7, s)).collect();
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

criterion_group!(benches, games, clone_state, hot_paths);
criterion_main!(benches);
