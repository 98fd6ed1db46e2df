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
//! - coins held apart (hoard tokens, as Astarte's, §1.6) pay what the
//!   treasury cannot, after it;
//! - a taker holding gifts (`board_discount`, as Pantheon's Offering
//!   tokens, §1.5) is offered each choice of them to give up, one of a
//!   kind, whose every gift is needed, for the price less theirs (never
//!   below 0); taking gives them up;
//! - what lies face up on the boards is public: a determinization keeps
//!   it, and the cards a seat laid face down itself.

mod common;
use common::omens;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Choice, Duel, Move, Phase, State};

/// The shrine's prices, as Omens' game.yaml gives them.
const PRICES: [[u16; 2]; 4] = [[2, 5], [3, 4], [4, 3], [5, 2]];

/// The gifts of Omens' game.yaml, as (kind, coins taken off).
const GIFTS: [(&str, u16); 2] = [("gift2", 2), ("gift3", 3)];

/// The board moves `st` offers, as (space, card, coins, gifts given up).
fn offered(d: &Duel, st: &mut State) -> Vec<(u8, u16, u16, u8)> {
    let mut moves = Vec::new();
    d.legal_moves(st, &mut moves);
    let mut out: Vec<_> = (moves.iter())
        .filter_map(|m| match *m {
            Move::Board {
                space,
                card,
                coins,
                spend,
            } => Some((space, card.0, coins, spend)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Each choice of gifts `seat` may give up for a card of price `price`,
/// with what is left to pay: the gifts it holds, every one needed.
fn with_gifts(d: &Duel, st: &State, seat: usize, price: u16) -> Vec<(u8, u16)> {
    let kind = |name: &str| d.info.tokens.iter().position(|t| t.name == name).unwrap();
    let held = |b: usize| st.table.cities[seat].held(kind(GIFTS[b].0)) > 0;
    let mut out = Vec::new();
    for spend in 0..4u8 {
        let given: Vec<usize> = (0..2).filter(|&b| spend & 1 << b != 0).collect();
        let off: u16 = given.iter().map(|&b| GIFTS[b].1).sum();
        let needed = given.iter().all(|&b| off - GIFTS[b].1 < price);
        if given.iter().all(|&b| held(b)) && needed {
            out.push((spend, price.saturating_sub(off)));
        }
    }
    out
}

#[test]
fn the_shrine_is_filled_offered_and_taken_as_written() {
    let d = omens();
    assert_eq!(d.space_count(), 4, "Omens lays a shrine of four spaces");
    let (mut taken, mut refilled, mut given, mut hoarded) = (0, 0, 0, 0);
    let (mut seized, mut buried, mut stolen, mut razed, mut struck) = (0, 0, 0, 0, 0);
    let (mut dropped, mut applied, mut blocked, mut copied) = (0, 0, 0, 0);
    let mut summoned = 0;
    let hoard = d
        .info
        .tokens
        .iter()
        .position(|t| t.name == "hoard")
        .unwrap();
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
                // Coins held apart (hoard tokens, as Astarte's) pay too.
                let coins = st.table.cities[seat].coins + st.table.cities[seat].held(hoard);
                let mut want: Vec<(u8, u16, u16, u8)> = Vec::new();
                if age >= 2 {
                    for (i, c) in st.table.spaces.iter().enumerate() {
                        let off = st.table.cities[seat].abilities.board_discount;
                        // Twice for the Spirit of the Threshold, before
                        // the discount.
                        let times =
                            c.map_or(1, |c| u16::from(d.info.cards[usize::from(c.0)].price_times));
                        let price = (PRICES[i][seat] * times).saturating_sub(u16::from(off));
                        let Some(c) = c.filter(|_| st.table.down[i] == 0) else {
                            continue;
                        };
                        for (spend, pay) in with_gifts(&d, &st, seat, price) {
                            if i32::from(pay) <= coins {
                                want.push((i as u8, c.0, pay, spend));
                            }
                        }
                    }
                }
                want.sort();
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
            // The Spirit of the Storm offers every card on the figure, by
            // its slot, naming only those face up.
            if let Phase::Choose {
                choice: Choice::Strike { .. },
                ..
            } = st.phase
            {
                let l = &st.table.layout;
                let slots: u32 = moves.iter().fold(0, |set, mv| match *mv {
                    Move::Strike { slot, card, .. } => {
                        let up = l.up & (1 << slot) != 0;
                        assert_eq!(card, up.then(|| l.cards[usize::from(slot)]), "seed {seed}");
                        set | 1 << slot
                    }
                    _ => panic!("seed {seed}: {mv:?} offered to strike"),
                });
                assert_eq!(slots, l.present, "seed {seed}");
            }
            // The Spirit of the Wall offers every square but the pawn's.
            if let Phase::Choose {
                choice: Choice::Block,
                ..
            } = st.phase
            {
                let cap = i32::from(d.conflict.capital);
                let pawn = st.table.track.pawn;
                let want: Vec<Move> = (-cap..=cap)
                    .filter(|&s| s != pawn)
                    .map(|s| Move::Block(s as i8))
                    .collect();
                assert_eq!(moves, want, "seed {seed}");
            }
            let mv = moves[rng.below(moves.len())];
            let seat = st.table.current;
            let figure = st.table.layout.present;
            let before = st.table.cities[seat].coins;
            let apart_before = st.table.cities[seat].held(hoard);
            let gifts = |st: &State, k: usize| {
                let kind = d.info.tokens.iter().position(|t| t.name == GIFTS[k].0);
                st.table.cities[seat].held(kind.unwrap())
            };
            let gifts_before = [gifts(&st, 0), gifts(&st, 1)];
            let owner = |st: &State, w: u8| (0..2).find(|&s| st.table.built[s].contains(&w));
            let razing = match mv {
                Move::Raze(w) => owner(&st, w).map(|o| (o, st.table.discard.len())),
                _ => None,
            };
            let coins_before = [st.table.cities[0].coins, st.table.cities[1].coins];
            let applying = matches!(
                st.phase,
                Phase::Choose {
                    choice: Choice::Apply { .. },
                    ..
                }
            );
            let pool_before = st.table.supply.len() + st.table.drawn_cards.len();
            let symbols_before = [st.table.cities[0].science, st.table.cities[1].science];
            let striking = match mv {
                Move::Strike { slot, .. } => Some(st.table.layout.cards[usize::from(slot)]),
                _ => None,
            };
            let chooser = match st.phase {
                Phase::Choose { seat, .. } => seat,
                _ => seat,
            };
            d.apply(&mut st, &mv);
            // The Spirit of the Thief's card changes city; the Spirit of
            // the Tomb's leaves the discard pile for the wonder built.
            match mv {
                Move::Seize(card) => {
                    seized += 1;
                    let t = &st.table;
                    assert!(t.cities[chooser].cards.contains(&card), "seed {seed}");
                    assert!(!t.cities[1 - chooser].cards.contains(&card), "seed {seed}");
                }
                Move::Strike { slot, .. } => {
                    struck += 1;
                    let t = &st.table;
                    assert_eq!(t.layout.present & (1 << slot), 0, "seed {seed}");
                    assert!(t.discard.last() == striking.as_ref(), "seed {seed}");
                }
                // The Spirit of the Tide: a token off the track, its coins
                // lost by the opponent where applied, by nobody otherwise.
                Move::Military(bit) => {
                    let t = &st.table;
                    assert_ne!(t.track.looted & (1 << bit), 0, "seed {seed}: still on");
                    let loot = i32::from(d.conflict.tokens[usize::from(bit % 8)].1);
                    let lost = if applying {
                        applied += 1;
                        loot.min(coins_before[1 - chooser].max(0))
                    } else {
                        dropped += 1;
                        0
                    };
                    let now = [t.cities[0].coins, t.cities[1].coins];
                    assert_eq!(
                        now[1 - chooser],
                        coins_before[1 - chooser] - lost,
                        "seed {seed}"
                    );
                    assert_eq!(now[chooser], coins_before[chooser], "seed {seed}");
                }
                // The Spirit of the Serpent: the chooser counts one more
                // symbol, the card and the opponent's symbols staying.
                Move::Copy(card) => {
                    copied += 1;
                    let t = &st.table;
                    assert!(t.cities[1 - chooser].cards.contains(&card), "seed {seed}");
                    assert_eq!(t.cities[1 - chooser].science, symbols_before[1 - chooser]);
                    let count = |s: &[u8]| s.iter().map(|&n| u32::from(n)).sum::<u32>();
                    let (was, now) = (
                        count(&symbols_before[chooser]),
                        count(&t.cities[chooser].science),
                    );
                    assert_eq!(now, was + 1, "seed {seed}: one symbol more");
                }
                // The Spirits of the Theater and the Crossroads: the card
                // joins the city, the others drawn go back to the supply.
                Move::Summon(card) => {
                    summoned += 1;
                    let t = &st.table;
                    assert!(t.cities[chooser].cards.contains(&card), "seed {seed}");
                    assert!(!t.supply.contains(&card), "seed {seed}");
                    let pool = t.supply.len() + t.drawn_cards.len();
                    assert_eq!(pool + 1, pool_before, "seed {seed}: the others back");
                }
                Move::Block(square) => {
                    blocked += 1;
                    let t = &st.table;
                    // It stands where put, unless the same turn's pawn ran
                    // into it and stopped on the square before.
                    let stopped = t.track.pawn + (i32::from(square) - t.track.pawn).signum()
                        == i32::from(square);
                    assert!(
                        t.track.blocker == Some(square) || (t.track.blocker.is_none() && stopped),
                        "seed {seed}: blocker {:?}, put on {square}, pawn {}",
                        t.track.blocker,
                        t.track.pawn
                    );
                }
                Move::Raze(wonder) => {
                    razed += 1;
                    let (o, pile) = razing.expect("a built wonder");
                    let t = &st.table;
                    assert!(
                        t.wonders[o].contains(&wonder),
                        "seed {seed}: to build again"
                    );
                    assert!(owner(&st, wonder).is_none(), "seed {seed}");
                    assert_eq!(t.discard.len(), pile + 1, "seed {seed}: its card");
                }
                Move::Steal(wonder) => {
                    stolen += 1;
                    let t = &st.table;
                    assert!(t.wonders[chooser].contains(&wonder), "seed {seed}");
                    assert!(!t.wonders[1 - chooser].contains(&wonder), "seed {seed}");
                }
                Move::Bury { card, wonder } => {
                    buried += 1;
                    let t = &st.table;
                    assert!(!t.discard.contains(&card), "seed {seed}");
                    assert!(t.built[chooser].contains(&wonder), "seed {seed}");
                    assert!(t.stage_cards[chooser].contains(&card), "seed {seed}");
                }
                _ => {}
            }
            if let Move::Board {
                space,
                card,
                coins,
                spend,
            } = mv
            {
                taken += 1;
                given += u32::from(spend != 0);
                for (k, had) in gifts_before.into_iter().enumerate() {
                    let gave = i32::from(spend >> k & 1);
                    assert_eq!(gifts(&st, k), had - gave, "seed {seed}: gifts given up");
                }
                assert_eq!(st.table.layout.present, figure, "the figure is untouched");
                assert_eq!(st.table.spaces[usize::from(space)], None);
                assert!(st.table.cities[seat].cards.contains(&card));
                // The spirits' own coins: the hearth's 6, the road's 3;
                // the hoard's 5 held apart.
                let (gain, gain_apart) = match d.card_name(card) {
                    "Spirit of the Hearth" => (6, 0),
                    "Spirit of the Road" => (3, 0),
                    "Spirit of the Hoard" => (0, 5),
                    _ => (0, 0),
                };
                // The treasury pays first, the hoard the rest.
                let from_treasury = i32::from(coins).min(before);
                let now = st.table.cities[seat].coins;
                assert_eq!(now, before - from_treasury + gain, "seed {seed}");
                let apart = st.table.cities[seat].held(hoard) - apart_before;
                let want = gain_apart - (i32::from(coins) - from_treasury);
                assert_eq!(apart, want, "seed {seed}: the hoard");
                hoarded += u32::from(i32::from(coins) > from_treasury);
            }
            // An Age is over: its spaces as the next one begins.
            if let Phase::Starter { .. } = st.phase {
                before_age = st.table.spaces.clone();
            }
        }
    }
    assert!(taken > 40, "spirits taken: {taken}");
    assert!(refilled > 5, "refilled at Age III in {refilled} games");
    assert!(given > 5, "gifts given up on {given} takes");
    assert!(hoarded > 0, "coins held apart paid {hoarded} takes");
    assert!(
        seized > 0 && buried > 0,
        "{seized} cards taken, {buried} buried"
    );
    assert!(
        stolen > 0 && razed > 0,
        "{stolen} wonders taken, {razed} unbuilt"
    );
    assert!(struck > 0, "{struck} cards of the figure discarded");
    assert!(blocked > 0, "{blocked} blockers put on the track");
    assert!(copied > 0, "{copied} science symbols counted");
    assert!(summoned > 0, "{summoned} cards taken from the supply");
    assert!(
        dropped > 0 && applied > 0,
        "{dropped} military tokens discarded, {applied} applied"
    );
}

/// The fixed action space numbers a take of each card of a board with
/// each choice of gifts to give up (`c × D + d`, `D` = 4 for Omens' two
/// gifts), every number with words of its own that say the gifts
/// (`runtime/FORMATS.md`, "The action space").
#[test]
fn each_choice_of_gifts_has_a_number_and_words_of_its_own() {
    let d = omens();
    assert_eq!(d.offerings().len(), 2, "Omens declares two gifts");
    let mut words = std::collections::HashSet::new();
    for n in 0..d.num_actions() {
        let w = d.action_words(n).expect("every number has words");
        assert!(words.insert(w.clone()), "{n}: `{w}` twice");
    }
    let spirit = (0..d.info.cards.len())
        .find(|&c| d.info.cards[c].name == "Spirit of the Road")
        .map(|c| sevenw_host::CardId(c as u16))
        .unwrap();
    let mut numbers = std::collections::HashSet::new();
    for spend in 0..4 {
        let mv = Move::Board {
            space: 0,
            card: spirit,
            coins: 0,
            spend,
        };
        let n = d.encode(&mv);
        assert!(
            n < d.num_actions() && numbers.insert(n),
            "spend {spend}: {n}"
        );
        let w = d.action_words(n).unwrap();
        assert_eq!(w.contains("gift2"), spend & 1 != 0, "{w}");
        assert_eq!(w.contains("gift3"), spend & 2 != 0, "{w}");
    }
}
