//! The engine over a hand-built toy game: turn structure, trading, chains,
//! every kind of wonder power, science, military, tie-breaks, replays.

mod common;

use common::toy::*;
use common::{Checker, Players, check_cards, discarder, first, play_turn, script};
use sevenw_host::CardId;
use sevenw_runtime::bots::{Bot, BotKind, table};
use sevenw_runtime::game::{Game, Observer, Outcome, Score, Setup, SetupError, Sides, play_out};
use sevenw_runtime::games::base::trade::Payment;
use sevenw_runtime::games::base::{Action, Base, Move, MoveGen, Phase, State, View, winners};
use sevenw_runtime::replay::{Log, Recorder, replay};

fn toy() -> Base {
    Base::new(&TOY).expect("the toy game has the base categories")
}

fn setup(boards: &[(u8, u8)]) -> Setup {
    Setup {
        players: Some(boards.len()),
        seed: 1,
        sides: Sides::A,
        wonders: Some(boards.to_vec()),
        ..Setup::default()
    }
}

/// A game with these boards, seed 1, Age I dealt.
fn game(base: &Base, boards: &[(u8, u8)]) -> State {
    base.start(&setup(boards)).expect("valid set-up")
}

fn pay(bank: u16, left: u16, right: u16) -> Payment {
    Payment { bank, left, right }
}

fn moves_of(base: &Base, g: &State, seat: usize, hand: &[CardId]) -> Vec<Move> {
    let mut out = Vec::new();
    base.moves(&g.table, seat, hand, &mut MoveGen::new(), &mut out);
    out
}

fn builds(moves: &[Move], card: CardId) -> Vec<Payment> {
    moves
        .iter()
        .filter(|m| m.card == card)
        .filter_map(|m| match m.action {
            Action::Build(p) => Some(p),
            _ => None,
        })
        .collect()
}

fn stages(moves: &[Move]) -> Vec<Payment> {
    let mut v: Vec<Payment> = moves
        .iter()
        .filter_map(|m| match m.action {
            Action::Stage(p, _) => Some(p),
            _ => None,
        })
        .collect();
    v.dedup();
    v
}

fn random_bots(seed: u64, n: usize) -> Vec<Bot<Base>> {
    table(&vec![BotKind::Random; n], seed)
}

/// The set-up error of an option: its name and message.
fn option_error(e: Result<State, SetupError>) -> (&'static str, String) {
    match e {
        Err(SetupError::Option { option, message }) => (option, message),
        Err(other) => panic!("not an option error: {other:?}"),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn setup_checks_players_and_wonders() {
    let base = toy();
    let (option, m) = option_error(base.start(&Setup::new(2, 0)));
    assert_eq!(option, "players");
    assert!(m.ends_with("for 3 to 7 players, not 2"), "{m}");
    let (option, m) = option_error(base.start(&Setup::new(8, 0)));
    assert_eq!(option, "players");
    assert!(m.ends_with("for 3 to 7 players, not 8"), "{m}");
    let (option, m) = option_error(base.start(&Setup {
        players: None,
        ..Setup::new(3, 0)
    }));
    assert_eq!(option, "players");
    assert!(m.contains("say how many"), "{m}");
    // The second seat's wonder is the first's.
    let (option, m) = option_error(base.start(&setup(&[(0, 0), (0, 1), (1, 0)])));
    assert_eq!(option, "wonders");
    assert_eq!(m, format!("{} twice", base.wonder_name(0)));
    // The second seat's wonder does not exist (seats are counted from 1).
    let (option, m) = option_error(base.start(&setup(&[(0, 0), (9, 0), (1, 0)])));
    assert_eq!(option, "wonders");
    assert_eq!(m, "seat 2: no such wonder or side");
    let (option, m) =
        option_error(base.start(&Setup::new(3, 1).with_wonders(vec![(0, 0), (1, 0)])));
    assert_eq!(option, "wonders");
    assert!(m.contains("2 boards for 3 players"), "{m}");
    let g = game(&base, &[(DIGGER, 1), (PATRON, 0), (SAGE, 0)]);
    assert_eq!(g.table.cities[0].side, 1);
    assert!(g.table.cities.iter().all(|c| c.coins == 3));
    // Boards produce from the start: Digger stone, Patron wood, Sage glass.
    assert_eq!(g.table.cities[0].own.fixed[STONE.0 as usize], 1);
    assert_eq!(g.table.cities[1].sold.fixed[WOOD.0 as usize], 1);
    assert_eq!(g.table.cities[2].own.fixed[GLASS.0 as usize], 1);
}

#[test]
fn ages_deal_seven_and_guilds_are_drawn_n_plus_two() {
    let base = toy();
    for n in 3..=7 {
        // `start` deals Age I.
        let mut g = base.start(&Setup::new(n, 9)).unwrap();
        for age in 1..=3 {
            if age > 1 {
                base.start_age(&mut g, age);
            }
            assert_eq!(g.table.age, age);
            assert!(g.table.hands.iter().all(|h| h.len() == 7));
        }
        let guilds = g.table.dealt.iter().filter(|c| c.0 >= G_BROWN.0).count();
        assert_eq!(guilds, n + 2, "{n} players");
        assert_eq!(g.table.boxed.len(), 9 - (n + 2));
        assert_eq!(g.table.dealt.len(), 21 * n);
    }
}

#[test]
fn hands_pass_left_right_left() {
    let base = toy();
    for (age, offset) in [(1u8, 1usize), (2, 2), (3, 1)] {
        let mut g = base.start(&Setup::new(3, 4)).unwrap();
        if age > 1 {
            base.start_age(&mut g, age);
        }
        let before = g.table.hands.clone();
        let mut players: Players = vec![discarder(), discarder(), discarder()];
        play_turn(&base, &mut g, &mut players, &mut ());
        assert_eq!(g.table.turn, 2);
        for seat in 0..3 {
            // Seat `seat` now holds what seat `seat - offset` had, minus one card.
            let from = (seat + 3 - offset) % 3;
            assert_eq!(g.table.hands[seat][..], before[from][1..], "age {age}");
        }
    }
}

#[test]
fn discard_earns_three_coins_and_the_sixth_turn_discards_the_last_card() {
    let base = toy();
    let mut g = base.start(&Setup::new(3, 11)).unwrap();
    let mut players: Players = vec![discarder(), discarder(), discarder()];
    let mut turns = 0;
    while g.table.age == 1 {
        play_turn(&base, &mut g, &mut players, &mut ());
        turns += 1;
    }
    assert_eq!(turns, 6);
    // The 6th turn ended Age I and dealt Age II: every card of Age I left
    // the hands for the discard pile.
    let mut age1 = g.table.dealt[..21].to_vec();
    age1.sort();
    let mut d = g.table.discard.clone();
    d.sort();
    assert_eq!(d, age1);
    assert_eq!(g.table.discard.len(), 21);
    assert_eq!(g.table.age, 2);
    for (seat, hand) in g.table.hands.iter().enumerate() {
        assert_eq!(hand[..], g.table.dealt[21 + 7 * seat..21 + 7 * (seat + 1)]);
    }
    // 3 + 6 discards × 3; the last cards earned nothing.
    assert!(g.table.cities.iter().all(|c| c.coins == 21));
}

#[test]
fn trading_buys_from_either_neighbour_at_two_coins() {
    let base = toy();
    let mut g = game(&base, &[(MERCHANT, 0), (SOLDIER, 0), (SAGE, 0)]);
    // Left of seat 0 is seat 1, right is seat 2; both sell wood.
    base.add_card(&mut g.table.cities, 1, LOG, true);
    base.add_card(&mut g.table.cities, 2, LOG, true);
    let m = moves_of(&base, &g, 0, &[EXCHANGE]);
    assert_eq!(builds(&m, EXCHANGE), vec![pay(0, 0, 2), pay(0, 2, 0)]);
    // The discount card lowers raw materials from the left only.
    base.add_card(&mut g.table.cities, 0, BAZAAR, true);
    let m = moves_of(&base, &g, 0, &[EXCHANGE]);
    assert_eq!(builds(&m, EXCHANGE), vec![pay(0, 1, 0), pay(0, 0, 2)]);
}

#[test]
fn trading_from_both_neighbours_and_only_with_coins_held() {
    let base = toy();
    let mut g = game(&base, &[(MERCHANT, 0), (SOLDIER, 0), (SAGE, 0)]);
    // Sanctuary: 2 clay + glass. Left sells one clay (a choice), right
    // sells one clay and glass (its board).
    base.add_card(&mut g.table.cities, 1, QUARRY, true);
    base.add_card(&mut g.table.cities, 2, QUARRY, true);
    let m = moves_of(&base, &g, 0, &[SANCTUARY]);
    assert!(builds(&m, SANCTUARY).is_empty(), "6 coins needed, 3 held");
    g.table.cities[0].coins = 6;
    let m = moves_of(&base, &g, 0, &[SANCTUARY]);
    assert_eq!(builds(&m, SANCTUARY), vec![pay(0, 2, 4)]);
}

#[test]
fn production_of_yellow_cards_is_not_for_sale() {
    let base = toy();
    let mut g = game(&base, &[(MERCHANT, 0), (SOLDIER, 0), (DIGGER, 0)]);
    // The right neighbour's Exchange makes papyrus for itself only; the
    // left's board sells papyrus.
    base.add_card(&mut g.table.cities, 2, EXCHANGE, true);
    let m = moves_of(&base, &g, 0, &[G_YELLOW]);
    assert_eq!(builds(&m, G_YELLOW), vec![pay(0, 2, 0)]);
    // And its owner uses it: the Yellow Guild is free for seat 2.
    let m = moves_of(&base, &g, 2, &[G_YELLOW]);
    assert_eq!(builds(&m, G_YELLOW), vec![Payment::FREE]);
}

#[test]
fn wonder_discount_applies_on_both_sides_and_coins_go_to_the_sellers() {
    let base = toy();
    let mut g = game(&base, &[(MERCHANT, 0), (DIGGER, 0), (MIMIC, 0)]);
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    // Rampart: 3 stone; left (Digger) sells 1 stone, right (Mimic) none.
    base.add_card(&mut g.table.cities, 2, QUARRY, true);
    base.add_card(&mut g.table.cities, 1, QUARRY, true);
    let m = moves_of(&base, &g, 0, &[RAMPART]);
    // Left: board stone + quarry; right: quarry. Raw at 1 from both.
    assert_eq!(builds(&m, RAMPART), vec![pay(0, 2, 1)]);
    let mut players: Players = vec![
        script(|_, moves| {
            first(moves, |m| {
                m.card == RAMPART && matches!(m.action, Action::Build(_))
            })
        }),
        discarder(),
        discarder(),
    ];
    base.start_age(&mut g, 2);
    g.table.hands[0][0] = RAMPART;
    let coins: Vec<i32> = g.table.cities.iter().map(|c| c.coins).collect();
    play_turn(&base, &mut g, &mut players, &mut ());
    assert!(g.table.cities[0].cards.contains(&RAMPART));
    assert_eq!(g.table.cities[0].coins, coins[0] - 3);
    assert_eq!(g.table.cities[1].coins, coins[1] + 3 + 2);
    assert_eq!(g.table.cities[2].coins, coins[2] + 3 + 1);
}

#[test]
fn chains_build_free_and_names_are_never_built_twice() {
    let base = toy();
    let mut g = game(&base, &[(PATRON, 0), (SOLDIER, 0), (SAGE, 0)]);
    base.add_card(&mut g.table.cities, 0, SHRINE, true);
    base.add_card(&mut g.table.cities, 0, LOG, true);
    let m = moves_of(&base, &g, 0, &[SANCTUARY, LOG2, SHRINE]);
    let sanct: Vec<Action> = m
        .iter()
        .filter(|m| m.card == SANCTUARY)
        .map(|m| m.action)
        .collect();
    assert!(sanct.contains(&Action::Chain));
    assert!(!sanct.iter().any(|a| matches!(a, Action::Build(_))));
    // Log of Age II has the name of the Log built in Age I; Shrine is built.
    for card in [LOG2, SHRINE] {
        let acts: Vec<Action> = m
            .iter()
            .filter(|m| m.card == card)
            .map(|m| m.action)
            .collect();
        assert!(
            !acts
                .iter()
                .any(|a| matches!(a, Action::Build(_) | Action::Chain))
        );
        assert!(acts.contains(&Action::Discard));
    }
    // A card that cannot be built can still be discarded.
    let m = moves_of(&base, &g, 1, &[CITADEL]);
    assert_eq!(
        m.iter().map(|m| m.action).collect::<Vec<_>>(),
        vec![Action::Discard]
    );
}

#[test]
fn stages_are_built_in_order_and_only_as_many_as_the_side_has() {
    let base = toy();
    let mut g = game(&base, &[(MIMIC, 0), (SOLDIER, 0), (SAGE, 0)]);
    let m = moves_of(&base, &g, 0, &[LOG, KILN]);
    assert_eq!(stages(&m), vec![Payment::FREE]);
    assert_eq!(
        m.iter()
            .filter(|m| matches!(m.action, Action::Stage(..)))
            .count(),
        2
    );
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    assert_eq!(g.table.cities[0].stages, 1);
    assert!(!base.add_stage(&mut g.table.cities, 0, true));
    let m = moves_of(&base, &g, 0, &[KILN]);
    assert!(stages(&m).is_empty());
}

#[test]
fn discard_pile_build_happens_at_end_of_turn_including_last_cards() {
    let base = toy();
    let mut g = game(&base, &[(DIGGER, 0), (SOLDIER, 0), (SAGE, 0)]);
    assert_eq!(g.table.age, 1, "`start` dealt Age I");
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    g.table.cities[0].own.fixed[ORE.0 as usize] = 2;
    // The 6th turn: two cards each.
    g.table.hands = vec![vec![LOG, KILN], vec![SHRINE, STUDY], vec![PALISADE, BAZAAR]];
    g.table.turn = 6;
    let mut digger = common::Script {
        pick: |_: &View<'_>, moves: &[Move]| {
            first(moves, |m| {
                m.card == LOG && matches!(m.action, Action::Stage(..))
            })
        },
        free_options: Vec::new(),
    };
    {
        let mut players: Players = vec![
            Box::new(&mut digger),
            script(|_, moves| first(moves, |m| m.card == SHRINE && m.action == Action::Discard)),
            script(|_, moves| {
                first(moves, |m| {
                    m.card == BAZAAR && matches!(m.action, Action::Build(_))
                })
            }),
        ];
        let mut checker = Checker::default();
        play_turn(&base, &mut g, &mut players, &mut checker);
        assert_eq!(checker.free_builds, 1);
        assert_eq!(checker.moves, 4, "three moves and the free build");
    }
    // Shrine (discarded this turn) and the three last cards were offered.
    assert_eq!(
        digger.free_options,
        vec![vec![KILN, SHRINE, STUDY, PALISADE]]
    );
    let city = &g.table.cities[0];
    assert_eq!(city.stages, 2);
    assert_eq!(city.cards, vec![KILN]);
    assert_eq!(
        city.own.fixed[GLASS.0 as usize], 1,
        "the free card's effect ran"
    );
    assert_eq!(city.coins, 3, "free");
    let mut d = g.table.discard.clone();
    d.sort();
    assert_eq!(d, vec![SHRINE, STUDY, PALISADE]);
}

#[test]
fn discard_pile_build_skips_names_already_built_and_an_empty_pile() {
    let base = toy();
    let mut g = game(&base, &[(DIGGER, 1), (SOLDIER, 0), (SAGE, 0)]);
    base.start_age(&mut g, 2);
    g.table.cities[0].own.fixed[ORE.0 as usize] = 2;
    base.add_card(&mut g.table.cities, 0, LOG, true);
    g.table.hands = vec![
        vec![KILN, PRINTER, ORCHARD],
        vec![LOG2, STUDY, SHRINE],
        vec![RAMPART, ORCHARD, SHRINE],
    ];
    let mut checker = Checker::default();
    let mut players: Players = vec![
        common::stager(),
        script(|_, moves| first(moves, |m| m.card == LOG2 && m.action == Action::Discard)),
        script(|_, moves| {
            first(moves, |m| {
                m.card == ORCHARD && matches!(m.action, Action::Build(_))
            })
        }),
    ];
    play_turn(&base, &mut g, &mut players, &mut checker);
    assert_eq!(checker.moves, 3, "no free build was asked");
    // Only Log was discarded, and the Digger has a Log: nothing to build.
    assert_eq!(checker.free_builds, 0);
    assert_eq!(g.table.cities[0].stages, 1);
    assert!(
        g.table.cities[0].abilities.discard_builds.is_empty(),
        "the right lapses"
    );
    assert_eq!(g.table.discard, vec![LOG2]);
}

#[test]
fn once_per_age_free_build_from_the_hand() {
    let base = toy();
    let mut g = game(&base, &[(PATRON, 0), (SOLDIER, 0), (SAGE, 0)]);
    assert_eq!(g.table.age, 1, "`start` dealt Age I");
    let m = moves_of(&base, &g, 0, &[CITADEL]);
    assert!(
        !m.iter().any(|m| m.action == Action::Free),
        "no ability yet"
    );
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    let m = moves_of(&base, &g, 0, &[CITADEL, LOG]);
    assert!(
        m.iter()
            .any(|m| m.card == CITADEL && m.action == Action::Free)
    );
    assert!(
        !m.iter().any(|m| m.card == LOG && m.action == Action::Free),
        "Log is free anyway"
    );
    g.table.hands[0][0] = CITADEL;
    let mut players: Players = vec![
        script(|_, moves| first(moves, |m| m.action == Action::Free)),
        discarder(),
        discarder(),
    ];
    play_turn(&base, &mut g, &mut players, &mut ());
    assert_eq!(g.table.cities[0].cards, vec![CITADEL]);
    assert_eq!(g.table.cities[0].coins, 3);
    // Used up for this Age…
    let hand = g.table.hands[0].clone();
    let m = moves_of(&base, &g, 0, &[SANCTUARY]);
    assert!(!m.iter().any(|m| m.action == Action::Free), "{hand:?}");
    // …and back in the next.
    base.start_age(&mut g, 2);
    let m = moves_of(&base, &g, 0, &[SANCTUARY]);
    assert!(m.iter().any(|m| m.action == Action::Free));
}

#[test]
fn last_card_of_the_age_is_played_by_its_owner() {
    let base = toy();
    let mut g = game(&base, &[(HOARDER, 0), (SOLDIER, 0), (SAGE, 0)]);
    assert_eq!(g.table.age, 1, "`start` dealt Age I");
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    g.table.cities[0].own.fixed[CLAY.0 as usize] = 2;
    g.table.hands = vec![vec![LOG, KILN], vec![SHRINE, STUDY], vec![PALISADE, BAZAAR]];
    let mut players: Players = vec![
        // Builds the stage with Log, then builds Kiln as the last card.
        script(|_, moves| {
            first(moves, |m| {
                matches!(m.action, Action::Stage(..))
                    || (m.card == KILN && matches!(m.action, Action::Build(_)))
            })
        }),
        discarder(),
        discarder(),
    ];
    let mut lasts = Vec::new();
    /// Each decision's seat, and whether it was a last card.
    struct Last<'a>(&'a mut Vec<(usize, bool)>);
    impl Observer<Base> for Last<'_> {
        fn decided(&mut self, _: &Base, state: &State, seat: usize, _: usize, _: &[Move]) {
            self.0.push((seat, state.phase == Phase::LastCard(seat)));
        }
    }
    play_turn(&base, &mut g, &mut players, &mut Last(&mut lasts));
    assert_eq!(lasts, vec![(0, false), (1, false), (2, false), (0, true)]);
    let city = &g.table.cities[0];
    assert_eq!(
        city.stages, 2,
        "the power works in the Age its stage is built"
    );
    assert_eq!(city.cards, vec![KILN]);
    let mut d = g.table.discard.clone();
    d.sort();
    // Seats 1 and 2 discarded one card each, and their last cards went too.
    assert_eq!(d, vec![SHRINE, BAZAAR, STUDY, PALISADE]);
    // No card of Age I is left in a hand: the hands are Age II's deal.
    assert_eq!(g.table.age, 2);
    for (seat, hand) in g.table.hands.iter().enumerate() {
        assert_eq!(hand[..], g.table.dealt[21 + 7 * seat..21 + 7 * (seat + 1)]);
    }
}

#[test]
fn copy_picks_the_neighbour_guild_that_scores_best() {
    let base = toy();
    let mut g = game(&base, &[(MIMIC, 0), (SOLDIER, 0), (SAGE, 0)]);
    let cities = &mut g.table.cities;
    assert!(base.add_stage(cities, 0, true));
    base.add_card(cities, 1, G_BLUE, true);
    base.add_card(cities, 2, G_BROWN, true);
    for seat in [1, 2] {
        base.add_card(cities, seat, LOG, true);
        base.add_card(cities, seat, QUARRY, true);
    }
    base.add_card(cities, 1, SHRINE, true);
    let out = base.outcome(&g);
    // Brown Guild from seat 0: 4 brown cards around it; Blue Guild: 1.
    assert_eq!(out.scores[0].copied, vec![G_BROWN]);
    assert_eq!(out.scores[0].points[GUILDS.0 as usize], 4);
    // The owners still score their guilds.
    assert_eq!(out.scores[2].points[GUILDS.0 as usize], 2);
    assert_eq!(out.scores[1].copied, Vec::<CardId>::new());

    // With two science symbols, the science guild's wildcard is worth more.
    base.add_card(&mut g.table.cities, 1, G_SCIENCE, true);
    base.add_card(&mut g.table.cities, 0, STUDY, true);
    base.add_card(&mut g.table.cities, 0, OBSERVATORY, true);
    let out = base.outcome(&g);
    assert_eq!(out.scores[0].copied, vec![G_SCIENCE]);
    assert_eq!(out.scores[0].points[SCIENCE.0 as usize], 10);
    assert_eq!(out.scores[0].points[GUILDS.0 as usize], 0);
}

#[test]
fn a_copy_granted_at_game_end_is_chosen_the_same_way() {
    let base = toy();
    let mut g = game(&base, &[(MIMIC, 1), (SOLDIER, 0), (SAGE, 0)]);
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    assert!(g.table.cities[0].abilities.copies.is_empty());
    base.add_card(&mut g.table.cities, 1, G_STAGES, true);
    base.add_card(&mut g.table.cities, 2, G_RED, true);
    base.add_card(&mut g.table.cities, 2, PALISADE, true);
    let out = base.outcome(&g);
    // Stage Guild for seat 0: its own stage; Red Guild: one red card next door.
    assert_eq!(out.scores[0].copied.len(), 1);
    assert_eq!(out.scores[0].points[GUILDS.0 as usize], 1);
    base.add_stage(&mut g.table.cities, 1, true);
    base.add_stage(&mut g.table.cities, 1, true);
    let out = base.outcome(&g);
    assert_eq!(out.scores[0].copied, vec![G_STAGES]);
    assert_eq!(out.scores[0].points[GUILDS.0 as usize], 3);
}

#[test]
fn copying_needs_a_guild_next_door() {
    let base = toy();
    let mut g = game(&base, &[(MIMIC, 0), (SOLDIER, 0), (SAGE, 0), (DIGGER, 0)]);
    assert!(base.add_stage(&mut g.table.cities, 0, true));
    // Seat 2 is not a neighbour of seat 0 at four players.
    base.add_card(&mut g.table.cities, 2, G_BROWN, true);
    let out = base.outcome(&g);
    assert!(out.scores[0].copied.is_empty());
}

#[test]
fn science_wildcards_are_chosen_for_the_best_score() {
    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0)]);
    let cities = &mut g.table.cities;
    base.add_card(cities, 0, STUDY, true); // compass
    base.add_card(cities, 0, ACADEMY, true); // tablet
    assert_eq!(base.outcome(&g).scores[0].points[SCIENCE.0 as usize], 2);
    assert!(base.add_stage(&mut g.table.cities, 0, true)); // any symbol
    assert_eq!(base.outcome(&g).scores[0].points[SCIENCE.0 as usize], 10);
    assert!(base.add_stage(&mut g.table.cities, 0, true)); // compass or gear
    assert_eq!(base.outcome(&g).scores[0].points[SCIENCE.0 as usize], 13);
}

#[test]
fn military_tokens_at_each_age_end() {
    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0), (MIMIC, 0)]);
    let shields = [3, 1, 1, 5];
    for (c, s) in g.table.cities.iter_mut().zip(shields) {
        c.shields = s;
    }
    for age in 1..=3u8 {
        g.table.age = age;
        base.end_age(&mut g);
    }
    let c = &g.table.cities;
    // Seat 0 (3): beats seat 1 (1), loses to seat 3 (5).
    assert_eq!(
        (c[0].victories, c[0].defeats, c[0].conflict_vp),
        (3, 3, 1 + 3 + 5 - 3)
    );
    // Seat 1 (1): loses to seat 0, ties seat 2.
    assert_eq!((c[1].victories, c[1].defeats, c[1].conflict_vp), (0, 3, -3));
    // Seat 3 (5): beats seats 2 and 0.
    assert_eq!(c[3].conflict_vp, 2 * (1 + 3 + 5));
    let out = base.outcome(&g);
    assert_eq!(out.scores[3].points[MILITARY.0 as usize], 18);
    // The Defeat Guild counts neighbours' defeat tokens.
    base.add_card(&mut g.table.cities, 2, G_DEFEAT, true);
    let out = base.outcome(&g);
    assert_eq!(out.scores[2].points[GUILDS.0 as usize], 3);
}

#[test]
fn ties_are_broken_by_coins_and_can_stay_tied() {
    let s = |total, coins| Score {
        total,
        coins,
        ..Score::default()
    };
    assert_eq!(winners(&[s(40, 3), s(40, 5), s(39, 9)]), vec![1]);
    assert_eq!(winners(&[s(40, 5), s(40, 5), s(39, 9)]), vec![0, 1]);
    assert_eq!(winners(&[s(41, 0), s(40, 5)]), vec![0]);

    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0)]);
    // Same total (1 treasury + 3 civilian vs 2 treasury + 2): more coins wins.
    g.table.cities[0].coins = 5;
    g.table.cities[0].vp[CIVILIAN.0 as usize] = 3;
    g.table.cities[1].coins = 6;
    g.table.cities[1].vp[CIVILIAN.0 as usize] = 2;
    let out = base.outcome(&g);
    assert_eq!(out.scores[0].total, out.scores[1].total);
    assert_eq!(out.winners, vec![1]);
}

#[test]
fn treasury_counts_coins_by_three() {
    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0)]);
    g.table.cities[0].coins = 11;
    let out = base.outcome(&g);
    assert_eq!(out.scores[0].points[TREASURY.0 as usize], 3);
    assert_eq!(out.scores[0].coins, 11);
}

#[test]
fn counted_coins_see_the_whole_turn() {
    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0)]);
    base.start_age(&mut g, 2);
    g.table.hands = vec![
        vec![ORCHARD, KILN, LOG2],
        vec![LOG2, KILN, SHRINE],
        vec![LOG2, KILN, SHRINE],
    ];
    let build = |card: CardId| {
        script(move |_, moves: &[Move]| {
            first(moves, |m| {
                m.card == card && matches!(m.action, Action::Build(_))
            })
        })
    };
    let mut players: Players = vec![build(ORCHARD), build(LOG2), build(LOG2)];
    play_turn(&base, &mut g, &mut players, &mut ());
    // Orchard: 1 coin per brown card in left, self and right, counting the
    // two Logs the neighbours built in the same turn.
    assert_eq!(g.table.cities[0].coins, 3 + 2);
    assert_eq!(g.table.cities[1].coins, 3 - 1);
}

#[test]
fn every_guild_of_the_toy_scores() {
    let base = toy();
    let mut g = game(&base, &[(SAGE, 0), (SOLDIER, 0), (DIGGER, 0)]);
    let cities = &mut g.table.cities;
    for (seat, cards) in [
        (1usize, &[LOG, KILN, SHRINE, BAZAAR, PALISADE][..]),
        (2, &[QUARRY, PRINTER, PARK, ORCHARD, RAMPART][..]),
    ] {
        for &c in cards {
            base.add_card(cities, seat, c, true);
        }
    }
    assert!(base.add_stage(cities, 1, true));
    assert!(base.add_stage(cities, 2, true));
    assert!(base.add_stage(cities, 0, true));
    cities[1].defeats = 2;
    let expect = [
        (G_BROWN, 2),
        (G_GREY, 4),
        (G_DEFEAT, 2),
        (G_SELF, 1),
        (G_STAGES, 3),
        (G_BLUE, 2),
        (G_YELLOW, 2),
        (G_RED, 2),
    ];
    for (guild, points) in expect {
        let mut t = g.table.clone();
        base.add_card(&mut t.cities, 0, guild, true);
        let out = base.final_scores(&t);
        assert_eq!(
            out.scores[0].points[GUILDS.0 as usize],
            points,
            "{}",
            base.card_name(guild)
        );
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let base = toy();
    for n in 3..=7 {
        for seed in 0..40 {
            let mut g = base.start(&Setup::new(n, seed)).unwrap();
            let mut checker = Checker::with_cards();
            let out = play_out(&base, &mut g, &mut random_bots(seed, n), &mut checker).unwrap();
            assert_eq!(checker.ages_ended, vec![1, 2, 3]);
            assert_eq!(g.phase, Phase::Over);
            assert!(checker.min_coins >= 0);
            assert!(checker.moves >= 18 * n);
            assert_eq!(
                checker.moves,
                18 * n + checker.last_cards + checker.free_builds
            );
            check_cards(&base, &g.table);
            assert!(!out.winners.is_empty());
            for s in &out.scores {
                assert_eq!(s.total, s.points.iter().sum::<i32>());
            }
        }
    }
}

/// A game played by `bots` from `setup`, and its log.
fn record(base: &Base, setup: &Setup, mut bots: Vec<Bot<Base>>) -> (Outcome, State, Log) {
    let mut state = base.start(setup).unwrap();
    let mut recorder = Recorder::new();
    let out = play_out(base, &mut state, &mut bots, &mut recorder).unwrap();
    let mut log = Log::new(base, setup);
    log.finish(recorder, &out);
    (out, state, log)
}

#[test]
fn same_seed_same_game_and_replays_play_back() {
    let base = toy();
    for n in [3, 5, 7] {
        let setup = Setup::new(n, 77 + n as u64);
        let (o1, t1, r1) = record(&base, &setup, random_bots(5, n));
        let (o2, t2, r2) = record(&base, &setup, random_bots(5, n));
        assert_eq!(o1, o2);
        assert_eq!(t1, t2);
        assert_eq!(r1.to_text(), r2.to_text());
        // A different seed gives a different game.
        let (_, t3, _) = record(&base, &Setup::new(n, 1), random_bots(5, n));
        assert_ne!(t1.table, t3.table);
        let parsed = Log::parse(&r1.to_text()).unwrap();
        assert_eq!(parsed.to_text(), r1.to_text());
        assert_eq!(
            (&parsed.game, parsed.players, parsed.seed),
            (&r1.game, r1.players, r1.seed)
        );
        let key = |l: &Log| -> Vec<(usize, usize, String)> {
            l.decisions
                .iter()
                .map(|d| (d.seat, d.index, d.what.clone()))
                .collect()
        };
        assert_eq!(key(&parsed), key(&r1));
        let ending = |l: &Log| {
            let e = l.ending.as_ref().expect("a finished log");
            (e.victory.clone(), e.winners.clone(), e.scores.clone())
        };
        assert_eq!(ending(&parsed), ending(&r1));
        let (o4, t4) = replay(&base, &parsed, &mut ()).unwrap();
        assert_eq!(o4, o1);
        assert_eq!(t4, t1);
        // A changed decision is caught, at its line.
        let mut bad = parsed.clone();
        let e = bad.decisions.iter_mut().find(|e| e.index > 0).unwrap();
        e.index -= 1;
        let line = e.line;
        let err = replay(&base, &bad, &mut ()).unwrap_err();
        assert_eq!(err.line, line, "{err}");
        // So is a missing one.
        let mut short = parsed.clone();
        short.decisions.pop();
        let err = replay(&base, &short, &mut ()).unwrap_err();
        assert!(err.message.contains("the game goes on"), "{err}");
        // And a changed score.
        let mut wrong = parsed.clone();
        wrong.ending.as_mut().unwrap().scores[0] += 1;
        assert!(replay(&base, &wrong, &mut ()).is_err());
    }
}

#[test]
fn greedy_bots_beat_random_bots_on_average() {
    let base = toy();
    let mut greedy = 0i64;
    let mut random = 0i64;
    for seed in 0..30 {
        let mut g = base.start(&Setup::new(4, seed)).unwrap();
        let kinds = [
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Greedy,
            BotKind::Random,
        ];
        let mut players = table(&kinds, seed);
        let out = play_out(&base, &mut g, &mut players, &mut ()).unwrap();
        greedy += i64::from(out.scores[0].total + out.scores[2].total);
        random += i64::from(out.scores[1].total + out.scores[3].total);
    }
    assert!(greedy > random, "greedy {greedy} vs random {random}");
}
