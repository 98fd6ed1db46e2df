//! The test expansion Omens' shrine (`boards:` in `cards/omens/game.yaml`)
//! at every decision of seeded random games of Duel with it:
//!
//! - its spaces are empty as Age I begins (the omens lay spirits on it
//!   during the Age, `laid.rs`) and filled at the start of each Age a
//!   fill names (II and III) while spirits remain;
//! - a card of a space is offered only in the Ages the shrine is open, to
//!   the player to act who holds the space's price, and for that price;
//! - taking it leaves the figure as it was, empties the space, puts the
//!   card in the taker's city and takes the price from their coins (as
//!   Pantheon's divinities, duel-expansions-facts.md §1.5);
//! - what lies face up on the boards is public: a determinization keeps
//!   it, and the cards a seat laid face down itself.

mod common;
use common::omens;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Duel, Move, Phase, State};

/// The shrine's prices, as Omens' game.yaml gives them.
const PRICES: [[u16; 2]; 4] = [[2, 5], [3, 4], [4, 3], [5, 2]];

/// The board moves `st` offers, as (space, card, coins).
fn offered(d: &Duel, st: &mut State) -> Vec<(u8, u16, u16)> {
    let mut moves = Vec::new();
    d.legal_moves(st, &mut moves);
    moves
        .iter()
        .filter_map(|m| match *m {
            Move::Board {
                space, card, coins, ..
            } => Some((space, card.0, coins)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_shrine_is_filled_offered_and_taken_as_written() {
    let d = omens();
    assert_eq!(d.space_count(), 4, "Omens lays a shrine of four spaces");
    let (mut taken, mut refilled) = (0, 0);
    for seed in 0..40u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0xb0a2d);
        let mut moves = Vec::new();
        let (mut age, mut before_age) = (0, st.table.spaces.clone());
        while d.to_move(&st).is_some() {
            if st.table.age != age && st.phase == Phase::Play {
                age = st.table.age;
                let spaces = &st.table.spaces;
                match age {
                    // Fills of Ages II and III: no empty space while the
                    // supply holds spirits.
                    2 | 3 => {
                        let empty = spaces.iter().filter(|s| s.is_none()).count();
                        assert!(empty == 0 || st.table.supply.is_empty(), "seed {seed}");
                        if age == 3 && before_age.iter().any(Option::is_none) {
                            refilled += 1;
                        }
                    }
                    _ => assert!(spaces.iter().all(Option::is_none), "Age I fills nothing"),
                }
            }
            if st.phase == Phase::Play {
                let seat = st.table.current;
                let coins = st.table.cities[seat].coins;
                let mut want: Vec<(u8, u16, u16)> = Vec::new();
                if age >= 2 {
                    for (i, c) in st.table.spaces.iter().enumerate() {
                        let off = st.table.cities[seat].abilities.board_discount;
                        // Twice for the Spirit of the Threshold, before
                        // the discount.
                        let times =
                            c.map_or(1, |c| u16::from(d.info.cards[usize::from(c.0)].price_times));
                        let price = (PRICES[i][seat] * times).saturating_sub(u16::from(off));
                        if let Some(c) = c
                            && i32::from(price) <= coins
                            && st.table.down[i] == 0
                        {
                            want.push((i as u8, c.0, price));
                        }
                    }
                }
                assert_eq!(offered(&d, &mut st), want, "seed {seed}, Age {age}");
                // What lies face up, and what the seat laid, is kept.
                for s in 0..2 {
                    let other = d.determinize(&st, s, &mut rng);
                    for (i, c) in st.table.spaces.iter().enumerate() {
                        if Duel::sees_space(&st.table, i, s) {
                            assert_eq!(other.table.spaces[i], *c, "seed {seed}");
                        }
                    }
                }
            }
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            let seat = st.table.current;
            let figure = st.table.layout.present;
            let before = st.table.cities[seat].coins;
            d.apply(&mut st, &mv);
            if let Move::Board {
                space, card, coins, ..
            } = mv
            {
                taken += 1;
                assert_eq!(st.table.layout.present, figure, "the figure is untouched");
                assert_eq!(st.table.spaces[usize::from(space)], None);
                assert!(st.table.cities[seat].cards.contains(&card));
                // The spirits' own coins: the hearth's 6, the road's 3.
                let gain = match d.card_name(card) {
                    "Spirit of the Hearth" => 6,
                    "Spirit of the Road" => 3,
                    _ => 0,
                };
                let now = st.table.cities[seat].coins;
                assert_eq!(now, before - i32::from(coins) + gain, "seed {seed}");
            }
            // An Age is over: its spaces as the next one begins.
            if let Phase::Starter { .. } = st.phase {
                before_age = st.table.spaces.clone();
            }
        }
    }
    assert!(taken > 40, "spirits taken: {taken}");
    assert!(refilled > 5, "refilled at Age III in {refilled} games");
}
