//! Cards laid face down on a board by the tokens a city takes (a kind's
//! `places:`): the test expansion Omens' omens each lay a spirit on the
//! shrine, as Pantheon's Mythology tokens lay divinities on the Pantheon
//! (duel-expansions-facts.md §1.3-1.4). At every decision of seeded random
//! games of Duel with Omens:
//!
//! - an omen taken asks its taker (and no one else) to keep one of two
//!   spirits drawn and lay it on an empty space of the shrine: every card
//!   drawn on every empty space, nothing else; the other goes back;
//! - the card laid lies face down: its player sees it, the opponent and a
//!   spectator do not — not in their view, document or observation, and
//!   no document or line of the history names it to them — and a
//!   determinization from the opponent's seat deals it anew among the
//!   spirits it does not know;
//! - a face-down card cannot be taken; at the start of Age II, when the
//!   shrine opens, every card on it is face up.

mod common;
use std::collections::HashSet;

use common::omens;
use sevenw_host::CardId;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Choice, Duel, Move, Phase, State};
use sevenw_runtime::table::Show;

/// The names `seat` may not read: those of [`Show::secrets`] with no copy
/// of the same name among [`Show::seen`].
fn secret_names(d: &Duel, st: &State, seat: Option<usize>) -> Vec<&'static str> {
    let name = |c: CardId| d.info.cards[usize::from(c.0)].name;
    let seen: HashSet<&str> = d.seen(st, seat).into_iter().map(name).collect();
    let mut out: Vec<&'static str> = (d.secrets(st, seat).into_iter())
        .map(name)
        .filter(|n| !seen.contains(n))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// What each seat is shown, its view and its observation are those of
/// every state it cannot tell apart, and no document names a card hidden
/// from its reader. How many determinizations moved a face-down card.
fn hidden_stays_hidden(d: &Duel, st: &State, rng: &mut Rng) -> usize {
    let mut moved = 0;
    common::seats_cannot_tell(d, st, rng, |_, other| {
        moved += usize::from(other.table.spaces != st.table.spaces);
        // A card keeps its colour wherever it is dealt.
        for (a, b) in other.table.spaces.iter().zip(&st.table.spaces) {
            let colour = |c: &Option<CardId>| c.map(|c| d.info.cards[usize::from(c.0)].colour);
            assert_eq!(colour(a), colour(b));
        }
    });
    for seat in [Some(0), Some(1), None] {
        let text = serde_json::to_string(&d.show(st, seat)).unwrap();
        for n in secret_names(d, st, seat) {
            assert!(
                !text.contains(&format!("\"{n}\"")),
                "{seat:?} was shown the hidden card {n}: {text}"
            );
        }
    }
    moved
}

#[test]
fn an_omen_lays_a_spirit_face_down_that_only_its_player_knows() {
    let d = omens();
    let shrine: Vec<usize> = (0..d.space_count()).collect();
    let spirit = d.info.colours.iter().position(|c| *c == "spirit").unwrap();
    let (mut laid, mut moved, mut opened) = (0, 0, 0);
    for seed in 0..30u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0x1a1d);
        let mut moves = Vec::new();
        let mut age = 0;
        while let Some(mover) = d.to_move(&st) {
            if st.table.age != age && st.phase == Phase::Play {
                age = st.table.age;
                if age == 2 {
                    // The shrine opens: all face up, none empty while
                    // spirits remain.
                    opened += 1;
                    for s in 0..d.space_count() {
                        assert!(!d.view(&st, 0).face_down(s), "seed {seed}");
                    }
                    let empty = st.table.spaces.iter().filter(|c| c.is_none()).count();
                    assert!(empty == 0 || st.table.supply.is_empty(), "seed {seed}");
                }
            }
            moved += hidden_stays_hidden(&d, &st, &mut rng);
            d.legal_moves(&mut st, &mut moves);
            if let Phase::Choose {
                seat,
                choice: Choice::Place { .. },
            } = st.phase
            {
                assert_eq!(seat, mover);
                let drawn = st.table.drawn_cards.clone();
                assert!((1..=2).contains(&drawn.len()), "seed {seed}: {drawn:?}");
                for c in &drawn {
                    assert_eq!(usize::from(d.info.cards[usize::from(c.0)].colour.0), spirit);
                }
                let mut want = Vec::new();
                for &s in shrine.iter().filter(|&&s| st.table.spaces[s].is_none()) {
                    want.extend(drawn.iter().map(|&card| Move::Place {
                        card,
                        space: s as u8,
                    }));
                }
                assert_eq!(moves, want, "seed {seed}");
                assert_eq!(d.view(&st, seat).drawn_cards(), &drawn[..]);
                assert!(d.view(&st, 1 - seat).drawn_cards().is_empty());
                // The chooser's observation marks them (the boards part's
                // last `C`); the other seat's marks none.
                let (len, cards) = (d.observation_len(2), d.info.cards.len());
                for (s, want) in [(seat, drawn.len()), (1 - seat, 0)] {
                    let mut obs = vec![0.0; len];
                    d.observe(&d.view(&st, s), &mut obs);
                    let marked: Vec<usize> = (0..cards)
                        .filter(|&c| obs[len - cards + c] == 1.0)
                        .collect();
                    assert_eq!(marked.len(), want, "seed {seed}, seat {s}");
                    assert!(
                        drawn
                            .iter()
                            .all(|c| want == 0 || marked.contains(&usize::from(c.0)))
                    );
                }
            }
            // A face-down card is never offered.
            for m in &moves {
                if let Move::Board { space, .. } = *m {
                    assert_eq!(st.table.down[usize::from(space)], 0, "seed {seed}");
                }
            }
            let mv = moves[rng.below(moves.len())];
            let supply = st.table.supply.len();
            d.apply(&mut st, &mv);
            if let Move::Place { card, space } = mv {
                laid += 1;
                let s = usize::from(space);
                assert_eq!(st.table.spaces[s], Some(card));
                // The other card drawn went back to the supply.
                assert!(st.table.supply.len() + 1 >= supply);
                // Unless a second token taken in the same turn draws
                // its own cards to lay.
                let again = matches!(
                    st.phase,
                    Phase::Choose {
                        choice: Choice::Place { .. },
                        ..
                    }
                );
                assert!(st.table.drawn_cards.is_empty() || again, "seed {seed}");
                let (mine, theirs) = (d.view(&st, mover), d.view(&st, 1 - mover));
                assert_eq!(mine.space_card(s), Some(card));
                assert!(mine.face_down(s) && theirs.face_down(s));
                assert_eq!(theirs.space_card(s), None, "seed {seed}");
            }
        }
    }
    assert!(laid > 40, "spirits laid: {laid}");
    assert!(opened > 25, "Age II reached in {opened} games");
    assert!(moved > 20, "face-down spirits dealt anew {moved} times");
}
