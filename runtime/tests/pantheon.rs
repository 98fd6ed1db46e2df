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

/// The greedy bot's move at a scenario's position (no steps).
fn greedy_move(d: &Duel, position: &str) -> Move {
    use sevenw_runtime::bots::Bot;
    use sevenw_runtime::game::Player;
    use sevenw_runtime::scenario::Scenarios;
    let mut st = d.read_scenario(position).expect("a position").state;
    let mut moves = Vec::new();
    d.legal_moves(&mut st, &mut moves);
    let seat = d.to_move(&st).expect("a seat to move");
    let mut bot = Bot::greedy();
    moves[bot.choose(d, &d.view(&st, seat), &moves)]
}

#[test]
fn the_greedy_bot_judges_a_divinity_by_its_best_choice() {
    // Hades builds a discarded card free (duel-expansions-facts.md §1.6):
    // the Palace, 7 VP, lies in the discard pile beneath cheaper cards, so
    // Hades is worth it for its 3 coins where its first card would not be.
    let d = pantheon();
    let position = "game: duel
expansions: [pantheon]
age: 2
layout: [Baths, Altar]
discard: [Lumber Yard, Clay Pool, Palace]
boards: {pantheon: [~, ~, ~, ~, ~, Hades]}
players:
  - {name: Ana, coins: 3}
  - {name: Ben}
";
    let mv = greedy_move(&d, position);
    assert!(
        matches!(mv, Move::Board { .. }),
        "Hades and then the Palace, not {}",
        d.describe_move(&mv)
    );
    // With nothing of worth discarded, a card of the figure instead.
    let poor = position.replace("Lumber Yard, Clay Pool, Palace", "Lumber Yard, Clay Pool");
    let mv = greedy_move(&d, &poor);
    assert!(
        !matches!(mv, Move::Board { .. }),
        "{}",
        d.describe_move(&mv)
    );
}

/// With Agora's larger structures, Pantheon's Mythology tokens lie on the
/// 2nd and last card of Age I's face-down row of 4 and the 1st, 3rd and
/// last of its row of 6, and the Offering tokens on the 1st, 3rd and last
/// of Age II's face-down row of 6 (duel-expansions-facts.md Part 3, laid
/// by `cards/pantheon-agora/`), every one face down.
#[test]
fn with_agora_the_tokens_lie_on_its_structures() {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, &["pantheon", "agora"])
        .expect("duel with pantheon and agora is compiled");
    let d = Duel::new(info).expect("duel rules");
    // Age I's rows of 3-4-5-6-7 start at slots 0, 3, 7, 12 and 18; Age
    // II's of 7-6-5-4-3 at 0, 7, 13, 18 and 22.
    let want: [&[usize]; 2] = [&[4, 6, 12, 14, 17], &[7, 9, 12]];
    for seed in 0..5u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        let mut seen = [false; 2];
        while d.to_move(&st).is_some() && !seen[1] {
            let age = usize::from(st.table.age);
            if st.phase == Phase::Play && (1..=2).contains(&age) && !seen[age - 1] {
                seen[age - 1] = true;
                let l = &st.table.layout;
                let marked: Vec<usize> = (l.marks().iter().enumerate())
                    .filter(|(_, m)| **m != 0)
                    .map(|(i, _)| i)
                    .collect();
                assert_eq!(marked, want[age - 1], "seed {seed}, Age {age}");
                assert!(marked.iter().all(|&s| l.shape.face_up & 1 << s == 0));
            }
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
        assert!(seen[0] && seen[1], "seed {seed}: Ages I and II reached");
    }
}
