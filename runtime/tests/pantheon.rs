//! Duel with Pantheon (`cards/pantheon/`) in-process: a random player's
//! move drawn without listing the card moves ([`Game::uniform_move`]) is
//! one of the legal moves, each as likely as any other, the Pantheon's
//! cards taken from the board included.

use std::collections::HashMap;

use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Duel, Move, Phase, State};

fn pantheon() -> Duel {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, &["pantheon"])
        .expect("duel with pantheon is compiled");
    Duel::new(info).expect("duel rules")
}

/// A state of Age II or III where the player to act may take a card of
/// the board and has at least `cards` other moves, after random moves.
fn with_board_moves(d: &Duel, seed: u64, cards: usize) -> Option<(State, Vec<Move>)> {
    let mut st = d.start(&Setup::seeded(seed)).unwrap();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    while d.to_move(&st).is_some() {
        d.legal_moves(&mut st, &mut moves);
        let boards = moves
            .iter()
            .filter(|m| matches!(m, Move::Board { .. }))
            .count();
        if st.phase == Phase::Play && boards > 0 && moves.len() - boards >= cards {
            return Some((st, moves));
        }
        let mv = moves[rng.below(moves.len())];
        d.apply(&mut st, &mv);
    }
    None
}

#[test]
fn a_random_move_is_drawn_uniformly_among_cards_and_the_board() {
    let d = pantheon();
    let mut checked = 0;
    for seed in 0..40u64 {
        let Some((mut st, moves)) = with_board_moves(&d, seed, 4) else {
            continue;
        };
        let mut rng = Rng::new(seed ^ 0xd1ce);
        let mut buf = Vec::new();
        let per_move = 2000;
        let draws = per_move * moves.len();
        let mut seen: HashMap<Move, usize> = HashMap::new();
        for _ in 0..draws {
            let mv = d.uniform_move(&mut st, &mut rng, &mut buf).expect("a move");
            assert!(moves.contains(&mv), "seed {seed}: {mv:?} is not legal");
            *seen.entry(mv).or_default() += 1;
        }
        // Each legal move near its 2,000 (a standard deviation is about 44).
        for m in &moves {
            let n = seen.get(m).copied().unwrap_or(0);
            assert!(
                (1700..=2300).contains(&n),
                "seed {seed}: {m:?} drawn {n} times of {draws}, not about {per_move}"
            );
        }
        checked += 1;
        if checked == 3 {
            return;
        }
    }
    panic!("only {checked} states with cards of the board on offer");
}
