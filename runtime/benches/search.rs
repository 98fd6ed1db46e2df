//! The search bots' time per decision, one thread: `mcts` and
//! `mcts-classic` at their default playouts, and the learned bot where the
//! card library ships weights for the game, each deciding at the same
//! positions (reached by random play) of Duel, the base game at 4 players
//! and Architects at 4.
//!
//! With `SEARCH_ONCE=<game>/<bot>` (`duel/mcts`, `base4/mcts-classic`,
//! `architects4/none`, …) it makes that bot decide once at each position and
//! exits, for counting instructions with callgrind (`none` decides
//! nothing: the cost of setting up); `runtime/benches/README.md`, "The
//! search bot".

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sevenw_runtime::bots::{BotKind, Bots, Judge};
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::{Game, InfoSet, Player, Setup};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::learned;
use sevenw_runtime::mcts::{CLASSIC_PLAYOUTS, DEFAULT_PLAYOUTS};

/// Positions to decide at: every `every`-th decision of a game played at
/// random, `count` of them.
fn positions<G: Game>(g: &G, setup: &Setup, every: usize, count: usize) -> Vec<G::State> {
    let mut st = g.start(setup).expect("set up");
    let mut rng = Rng::new(setup.seed);
    let (mut moves, mut out) = (Vec::new(), Vec::new());
    let mut ply = 0;
    while out.len() < count && g.to_move(&st).is_some() {
        g.legal_moves(&mut st, &mut moves);
        if ply % every == 0 && moves.len() > 1 && !g.continues(&st) {
            out.push(st.clone());
        }
        let mv = moves[rng.below(moves.len())];
        g.apply(&mut st, &mv);
        ply += 1;
    }
    out
}

/// One decision of a `kind` bot at each of `at`.
fn decide_all<G: Judge + Observe + 'static>(
    g: &G,
    players: usize,
    kind: BotKind,
    at: &[G::State],
) -> usize {
    let mut moves = Vec::new();
    let mut sum = 0;
    for (i, st) in at.iter().enumerate() {
        let mut st = st.clone();
        let Some(seat) = g.to_move(&st) else { continue };
        g.legal_moves(&mut st, &mut moves);
        let mut bot = Bots::<G>::new()
            .with_learned(learned::bot::<G>)
            .make(g, players, kind, i as u64, seat)
            .expect("a bot the game has");
        sum += bot.decide(g, &InfoSet::new(g, &st, seat), &moves);
    }
    sum
}

const BOTS: [BotKind; 3] = [
    BotKind::Mcts(DEFAULT_PLAYOUTS),
    BotKind::Classic(CLASSIC_PLAYOUTS),
    BotKind::Learned,
];

fn cases<G: Judge + Observe + 'static>(
    c: &mut Criterion,
    name: &str,
    g: &G,
    players: usize,
    at: &[G::State],
) {
    // The learned bot where weights for the game ship.
    let bots: Vec<BotKind> = BOTS
        .into_iter()
        .filter(|&k| {
            Bots::<G>::new()
                .with_learned(learned::bot::<G>)
                .make(g, players, k, 0, 0)
                .is_ok()
        })
        .collect();
    if let Ok(once) = std::env::var("SEARCH_ONCE") {
        for kind in bots {
            if once == format!("{name}/{}", kind.name()) {
                black_box(decide_all(g, players, kind, at));
            }
        }
        return;
    }
    let mut group = c.benchmark_group(format!("search {name}, {} decisions", at.len()));
    group.sample_size(10);
    for kind in bots {
        group.bench_function(kind.name(), |b| {
            b.iter(|| black_box(decide_all(g, players, kind, at)))
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    learned::ship(sevenw_cards::WEIGHTS);
    let duel = Duel::new(sevenw_cards::game("duel").expect("duel")).expect("duel");
    let at = positions(&duel, &Setup::seeded(1), 5, 8);
    cases(c, "duel", &duel, 2, &at);
    let base = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).expect("base");
    let base = Base::new(base).expect("base");
    let at = positions(&base, &Setup::new(4, 1), 9, 8);
    cases(c, "base4", &base, 4, &at);
    let arch =
        Architects::new(sevenw_cards::game("architects").expect("architects")).expect("architects");
    let at = positions(&arch, &Setup::new(4, 1), 7, 8);
    cases(c, "architects4", &arch, 4, &at);
}

criterion_group!(benches, search);
criterion_main!(benches);
