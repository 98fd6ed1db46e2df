//! Move generation and payment search allocate nothing once their buffers
//! have grown. The only unsafe code of the runtime's crates is this test's
//! counting allocator, a thin wrapper over the system allocator.
//!
//! The allocator counts per thread: the test harness's own thread
//! allocates while a test runs (its bookkeeping, its channel), and a
//! count shared by all threads would blame the code under test for it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sevenw_runtime::bots::{BotKind, RandomBot, table};
use sevenw_runtime::game::{Game, Player, Setup, play_until};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::trade::PaymentSearch;
use sevenw_runtime::games::base::{Base, Move, MoveGen, Phase, State};
use sevenw_runtime::games::duel::{self, Duel, TradeCache};

struct Counting;

thread_local! {
    /// Allocations made on this thread (a constant initialiser: reading it
    /// allocates nothing).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Counts one allocation of the calling thread (none while the thread's
/// locals are torn down).
fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// Allocations made so far on the calling thread.
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwards the caller's contract to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Games of 7 played by random bots to the first decision of Age III.
fn states(b: &Base) -> Vec<State> {
    (0..8)
        .map(|seed| {
            let mut g = b.start(&Setup::new(7, seed)).unwrap();
            let mut players = table(&[BotKind::Random; 7], seed);
            let over = play_until(b, &mut g, &mut players, &mut (), |s| s.table.age == 3).unwrap();
            assert!(!over);
            assert_eq!((g.table.age, g.phase), (3, Phase::Turn));
            g
        })
        .collect()
}

#[test]
fn hot_paths_do_not_allocate() {
    // The counter sees allocations at all.
    let probe = allocations();
    std::hint::black_box(Vec::<u64>::with_capacity(8));
    assert!(allocations() > probe);
    let b = Base::new(sevenw_cards::game("base").unwrap()).unwrap();
    let mut states = states(&b);
    let tables: Vec<_> = states.iter().map(|s| s.table.clone()).collect();
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
    // The game interface's own move generation, with the buffers the
    // state keeps.
    let legal = |states: &mut [State], out: &mut Vec<Move>| {
        let mut n = 0;
        for s in states.iter_mut() {
            b.legal_moves(s, out);
            n += out.len();
        }
        n
    };
    // Grow the buffers once…
    let first = run(&mut movegen, &mut out, &mut search);
    assert!(first > 0);
    let first_legal = legal(&mut states, &mut out);
    assert!(first_legal > 0);
    // …then nothing more is allocated.
    let before = allocations();
    let second = run(&mut movegen, &mut out, &mut search);
    let second_legal = legal(&mut states, &mut out);
    let after = allocations();
    assert_eq!(first, second);
    assert_eq!(first_legal, second_legal);
    assert_eq!(
        after - before,
        0,
        "allocations in move generation or payment search"
    );
    // The other games, on this thread, where the counter counts.
    duel_hot_paths_do_not_allocate();
    states_clone_without_allocating(&states);
}

/// `clone_from` into a state of the same game (what a search bot does at
/// each node) reuses the destination's buffers: once they have grown to
/// the largest state, no clone allocates, in every game.
fn states_clone_without_allocating(base_states: &[State]) {
    fn check<S: Clone + PartialEq + std::fmt::Debug>(what: &str, states: &[S]) {
        assert!(states.len() > 1, "{what}: states to clone");
        let mut scratch = states[0].clone();
        // Grow the buffers once…
        for s in states {
            scratch.clone_from(s);
        }
        // …then cloning any of them allocates nothing, and copies it.
        let before = allocations();
        for _ in 0..3 {
            for s in states.iter().rev() {
                scratch.clone_from(s);
            }
        }
        let after = allocations();
        assert_eq!(scratch, states[0], "{what}: clone_from copies the state");
        assert_eq!(after - before, 0, "{what}: allocations in clone_from");
    }
    // The base game, with Leaders and Edifice too: every city's card,
    // source and ability lists, hands, drafts, projects.
    check("base", base_states);
    let info = sevenw_runtime::select(
        sevenw_cards::GAMES,
        "base",
        Some(2),
        &["leaders", "edifice"],
    )
    .unwrap();
    let both = Base::new(info).unwrap();
    check("base with Leaders and Edifice", &played(&both, 7, 60));
    check(
        "duel",
        &played(
            &Duel::new(sevenw_cards::game("duel").unwrap()).unwrap(),
            2,
            40,
        ),
    );
    let a = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
    check("architects", &played(&a, 7, 60));
}

/// States of `game` with `players` seats after `decisions` random
/// decisions (or at its end), one per seed.
fn played<G: Game>(game: &G, players: usize, decisions: usize) -> Vec<G::State> {
    (0..6u64)
        .map(|seed| {
            let mut g = game.start(&Setup::new(players, seed)).unwrap();
            let mut moves = Vec::new();
            for d in 0..decisions {
                if game.to_move(&g).is_none() {
                    break;
                }
                game.legal_moves(&mut g, &mut moves);
                let i = (seed as usize * 7 + d) % moves.len();
                game.apply(&mut g, &moves[i]);
            }
            g
        })
        .collect()
}

/// Duel: move generation (with its trade cache) and trade costs.
fn duel_hot_paths_do_not_allocate() {
    let d = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    // Games past the wonder draft and 15 cards into Age I (or over sooner).
    let mut states: Vec<duel::State> = (0..8u64)
        .map(|seed| {
            let mut g = d.start(&Setup::seeded(seed)).unwrap();
            let mut moves = Vec::new();
            let mut cards = 0;
            while cards < 15
                && let Some(_) = d.to_move(&g)
            {
                d.legal_moves(&mut g, &mut moves);
                let i = (seed as usize * 7 + moves.len()) % moves.len();
                cards += usize::from(g.phase == duel::Phase::Play);
                d.apply(&mut g, &moves[i]);
            }
            assert_eq!(cards, 15);
            g
        })
        .collect();
    let tables: Vec<duel::Position> = states.iter().map(|s| s.table.clone()).collect();
    // One cache per game.
    let mut caches = vec![TradeCache::default(); tables.len()];
    let mut out: Vec<duel::Move> = Vec::new();
    let run = |caches: &mut [TradeCache], out: &mut Vec<duel::Move>| {
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
    // The game interface: the state's own cache, and a random bot's pick.
    let mut bot = RandomBot::new(3);
    let mut legal = |states: &mut [duel::State], out: &mut Vec<duel::Move>| {
        let mut n = 0;
        for s in states.iter_mut() {
            d.legal_moves(s, out);
            n += out.len();
            let seat = d.to_move(s).unwrap();
            n += bot.choose(&d, &d.view(s, seat), out);
        }
        n
    };
    let first = run(&mut caches, &mut out);
    assert!(first > 0);
    legal(&mut states, &mut out);
    let before = allocations();
    let second = run(&mut caches, &mut out);
    let second_legal = legal(&mut states, &mut out);
    let after = allocations();
    assert_eq!(first, second);
    assert!(second_legal > 0);
    assert_eq!(after - before, 0, "allocations in Duel move generation");
}
