//! Move generation and payment search allocate nothing once their buffers
//! have grown. The only unsafe code of the runtime's crates is this test's
//! counting allocator, a thin wrapper over the system allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use sevenw_runtime::base::{Base, Game, Move, MoveGen, NoObserver, Setup, Table};
use sevenw_runtime::payment::PaymentSearch;
use sevenw_runtime::player::{BotKind, Player};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwards the caller's contract to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn tables(b: &Base) -> Vec<Table> {
    (0..8)
        .map(|seed| {
            let mut g = Game::new(b, &Setup::new(7, seed)).unwrap();
            let mut players: Vec<Box<dyn Player>> =
                (0..7).map(|s| BotKind::Random.make(seed, s)).collect();
            for age in 1..=2 {
                g.start_age(age);
                while g.turns_left() {
                    g.play_turn(&mut players, &mut NoObserver);
                }
                g.end_age();
            }
            g.start_age(3);
            g.table
        })
        .collect()
}

#[test]
fn hot_paths_do_not_allocate() {
    let b = Base::new(sevenw_runtime::game("base").unwrap()).unwrap();
    let tables = tables(&b);
    let mut movegen = MoveGen::new();
    let mut out: Vec<Move> = Vec::new();
    let mut search = PaymentSearch::new();
    let run = |movegen: &mut MoveGen, out: &mut Vec<Move>, search: &mut PaymentSearch| {
        let mut n = 0;
        for t in &tables {
            for seat in 0..7 {
                b.moves(t, seat, &t.hands[seat], movegen, out);
                n += out.len();
                let market = b.market(&t.cities, seat);
                for c in b.info.cards {
                    n += search.search(&c.cost, &market, 30).len();
                }
            }
        }
        n
    };
    // Grow the buffers once…
    let first = run(&mut movegen, &mut out, &mut search);
    assert!(first > 0);
    // …then nothing more is allocated.
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let second = run(&mut movegen, &mut out, &mut search);
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(first, second);
    assert_eq!(
        after - before,
        0,
        "allocations in move generation or payment search"
    );
    // In the same test: the counter is global and tests run in parallel.
    duel_hot_paths_do_not_allocate();
}

/// Duel: move generation (with its trade cache) and trade costs.
fn duel_hot_paths_do_not_allocate() {
    use sevenw_runtime::duel::{Duel, DuelGame, DuelMove, DuelSetup, DuelTable, TradeCache};
    use sevenw_runtime::player::RandomBot;
    let d = Duel::new(sevenw_runtime::game("duel").unwrap()).unwrap();
    let tables: Vec<DuelTable> = (0..8)
        .map(|seed| {
            let mut g = DuelGame::new(&d, &DuelSetup::new(seed)).unwrap();
            let (mut a, mut b) = (RandomBot::new(seed), RandomBot::new(!seed));
            g.start_age(1);
            for _ in 0..15 {
                let moves = g.legal_moves();
                let i = (seed as usize * 7 + moves.len()) % moves.len();
                g.apply(&mut [&mut a, &mut b], &moves[i]);
            }
            g.table
        })
        .collect();
    // One cache per game.
    let mut caches = vec![TradeCache::default(); tables.len()];
    let mut out: Vec<DuelMove> = Vec::new();
    let run = |caches: &mut [TradeCache], out: &mut Vec<DuelMove>| {
        let mut n = 0;
        for (t, cache) in tables.iter().zip(caches.iter_mut()) {
            d.moves_cached(t, cache, out);
            n += out.len();
            let prices = d.prices(&t.cities, t.current);
            for c in d.info.cards {
                n += Duel::trade_cost(&t.cities[t.current], &c.cost, &prices, 2) as usize;
            }
        }
        n
    };
    let first = run(&mut caches, &mut out);
    assert!(first > 0);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let second = run(&mut caches, &mut out);
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(first, second);
    assert_eq!(after - before, 0, "allocations in Duel move generation");
}
