//! The shipped base game, through `GAMES`: decks, trading, chains, every
//! wonder power, every guild, science, military, tie-breaks, and many
//! seeded random games with invariants.

mod common;

use common::{Checker, Players, check_cards, discarder, first, play_turn, script};
use sevenw_host::CardId;
use sevenw_runtime::bots::{Bot, BotKind, table};
use sevenw_runtime::engine::city::City;
use sevenw_runtime::engine::payment::Payment;
use sevenw_runtime::game::{Game, Setup, Sides, play_out};
use sevenw_runtime::games::base::{Action, Base, Move, MoveGen, Phase, State, deck_size};

fn base() -> Base {
    let info = sevenw_runtime::game("base").expect("the base game is compiled");
    Base::new(info).expect("the base game has the base categories")
}

/// A card of the shipped game, by name.
fn card(b: &Base, name: &str) -> CardId {
    b.vocab
        .find_card(name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

fn wonder(b: &Base, name: &str) -> u8 {
    b.vocab
        .find_wonder(name)
        .unwrap_or_else(|| panic!("no wonder {name}"))
}

fn cat(b: &Base, name: &str) -> usize {
    b.info.categories.iter().position(|c| *c == name).unwrap()
}

fn res(b: &Base, name: &str) -> usize {
    b.info.resources.iter().position(|c| *c == name).unwrap()
}

/// A game with these boards (`("Babylon", 'A')`…), seed 1, Age I dealt.
fn game(b: &Base, boards: &[(&str, char)]) -> State {
    let wonders = boards
        .iter()
        .map(|&(w, s)| (wonder(b, w), if s == 'A' { 0 } else { 1 }))
        .collect();
    let setup = Setup {
        players: Some(boards.len()),
        seed: 1,
        sides: Sides::A,
        wonders: Some(wonders),
    };
    b.start(&setup).expect("valid set-up")
}

fn add(b: &Base, g: &mut State, seat: usize, names: &[&str]) {
    for n in names {
        let c = card(b, n);
        b.add_card(&mut g.table.cities, seat, c, true);
    }
}

fn moves(b: &Base, g: &State, seat: usize, hand: &[CardId]) -> Vec<Move> {
    let mut out = Vec::new();
    b.moves(&g.table, seat, hand, &mut MoveGen::new(), &mut out);
    out
}

fn pays(ms: &[Move], c: CardId) -> Vec<Payment> {
    ms.iter()
        .filter(|m| m.card == c)
        .filter_map(|m| match m.action {
            Action::Build(p) => Some(p),
            _ => None,
        })
        .collect()
}

fn pay(bank: u16, left: u16, right: u16) -> Payment {
    Payment { bank, left, right }
}

const BOARDS3: [(&str, char); 3] = [("Giza", 'A'), ("Rhodes", 'A'), ("Ephesus", 'A')];

#[test]
fn decks_deal_seven_per_player_and_age() {
    let b = base();
    assert_eq!(b.info.wonders.len(), 7);
    for n in 3..=7 {
        for age in 1..=3 {
            assert_eq!(deck_size(b.info, age, n), 7 * n, "{n} players, Age {age}");
        }
        // `start` deals Age I.
        let mut g = b.start(&Setup::new(n, 3)).unwrap();
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        b.start_age(&mut g, 2);
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        b.start_age(&mut g, 3);
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        assert_eq!(g.table.dealt.len(), 21 * n);
        let purple = b.info.colours.iter().position(|c| *c == "purple").unwrap() as u8;
        let guilds = g
            .table
            .dealt
            .iter()
            .filter(|&&c| b.info.cards[c.0 as usize].colour.0 == purple)
            .count();
        assert_eq!(guilds, n + 2);
        assert_eq!(g.table.boxed.len(), 10 - (n + 2));
    }
}

#[test]
fn trading_posts_and_marketplace_discount_their_sides() {
    let b = base();
    let mut g = game(&b, &[("Giza", 'A'), ("Rhodes", 'A'), ("Alexandria", 'A')]);
    // Seat 0 (Giza, stone) buys ore: from the left (Rhodes' board) or the
    // right (an Ore Vein); glass from the right (Alexandria's board).
    add(&b, &mut g, 2, &["Ore Vein"]);
    let barracks = card(&b, "Barracks");
    assert_eq!(
        pays(&moves(&b, &g, 0, &[barracks]), barracks),
        vec![pay(0, 0, 2), pay(0, 2, 0)]
    );
    add(&b, &mut g, 0, &["East Trading Post"]); // raw at 1 from the right
    assert_eq!(
        pays(&moves(&b, &g, 0, &[barracks]), barracks),
        vec![pay(0, 0, 1), pay(0, 2, 0)]
    );
    add(&b, &mut g, 0, &["West Trading Post"]); // and from the left
    assert_eq!(
        pays(&moves(&b, &g, 0, &[barracks]), barracks),
        vec![pay(0, 0, 1), pay(0, 1, 0)]
    );
    let workshop = card(&b, "Workshop");
    assert_eq!(
        pays(&moves(&b, &g, 0, &[workshop]), workshop),
        vec![pay(0, 0, 2)]
    );
    add(&b, &mut g, 0, &["Marketplace"]);
    assert_eq!(
        pays(&moves(&b, &g, 0, &[workshop]), workshop),
        vec![pay(0, 0, 1)]
    );
}

#[test]
fn caravansery_forum_and_wonder_stage_production_is_not_for_sale() {
    let b = base();
    let mut g = game(&b, &[("Giza", 'A'), ("Rhodes", 'A'), ("Alexandria", 'A')]);
    add(&b, &mut g, 1, &["Caravansery", "Forum"]);
    // Alexandria A's second stage produces any raw material, for itself.
    assert!(b.add_stage(&mut g.table.cities, 2, true));
    assert!(b.add_stage(&mut g.table.cities, 2, true));
    // Stockade (wood): no neighbour sells wood.
    let stockade = card(&b, "Stockade");
    let ms = moves(&b, &g, 0, &[stockade]);
    assert!(pays(&ms, stockade).is_empty());
    // Apothecary (loom): Forum makes loom for seat 1 only.
    let apothecary = card(&b, "Apothecary");
    assert!(pays(&moves(&b, &g, 0, &[apothecary]), apothecary).is_empty());
    assert_eq!(
        pays(&moves(&b, &g, 1, &[apothecary]), apothecary),
        vec![Payment::FREE]
    );
    assert_eq!(
        pays(&moves(&b, &g, 2, &[stockade]), stockade),
        vec![Payment::FREE]
    );
}

#[test]
fn both_neighbours_in_one_turn_and_coins_paid_go_to_them() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    // Aqueduct: 3 stone. Giza (seat 0) makes one; Rhodes (left) sells
    // nothing; Ephesus (right) gets a Stone Pit, the left a Quarry (2 stone).
    add(&b, &mut g, 1, &["Quarry"]);
    add(&b, &mut g, 2, &["Stone Pit"]);
    let aqueduct = card(&b, "Aqueduct");
    g.table.cities[0].coins = 4;
    assert_eq!(
        pays(&moves(&b, &g, 0, &[aqueduct]), aqueduct),
        vec![pay(0, 2, 2), pay(0, 4, 0)]
    );
    b.start_age(&mut g, 2);
    g.table.hands[0][0] = aqueduct;
    let mut players: Players = vec![
        script(move |_, ms: &[Move]| {
            first(ms, |m| {
                m.card == aqueduct && m.action == Action::Build(pay(0, 2, 2))
            })
        }),
        discarder(),
        discarder(),
    ];
    play_turn(&b, &mut g, &mut players, &mut ());
    let c: Vec<i32> = g.table.cities.iter().map(|c| c.coins).collect();
    assert_eq!(c, vec![0, 3 + 3 + 2, 3 + 3 + 2]);
    assert!(g.table.cities[0].cards.contains(&aqueduct));
    // The turn carried out, seat by seat.
    let acts: Vec<(CardId, Action)> = g.resolved.iter().map(|m| (m.card, m.action)).collect();
    assert_eq!(acts[0], (aqueduct, Action::Build(pay(0, 2, 2))));
    assert_eq!(acts.len(), 3);
    assert!(acts[1..].iter().all(|&(_, a)| a == Action::Discard));
    assert_eq!(g.turns_played, 1);
}

#[test]
fn chains_make_later_cards_free() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    add(&b, &mut g, 0, &["Baths", "Altar", "Scriptorium"]);
    for later in ["Aqueduct", "Temple", "Library", "Courthouse"] {
        let c = card(&b, later);
        let ms = moves(&b, &g, 0, &[c]);
        assert!(ms.iter().any(|m| m.action == Action::Chain), "{later}");
        assert!(pays(&ms, c).is_empty(), "{later}: nothing to pay");
    }
    // No chain without the earlier card.
    let statue = card(&b, "Statue");
    assert!(
        !moves(&b, &g, 0, &[statue])
            .iter()
            .any(|m| m.action == Action::Chain)
    );
    // The same structure twice: the Age II Loom after the Age I Loom.
    add(&b, &mut g, 0, &["Loom"]);
    let loom2 = b
        .info
        .cards
        .iter()
        .enumerate()
        .rposition(|(_, c)| c.name == "Loom")
        .map(|i| CardId(i as u16))
        .unwrap();
    assert_ne!(loom2, card(&b, "Loom"));
    let ms = moves(&b, &g, 0, &[loom2]);
    assert!(
        !ms.iter()
            .any(|m| matches!(m.action, Action::Build(_) | Action::Chain))
    );
}

/// Builds every stage of a side and returns the city and its wonder points.
fn all_stages(b: &Base, w: &str, side: char) -> (City, i32) {
    let others: Vec<&str> = ["Giza", "Rhodes", "Ephesus"]
        .into_iter()
        .filter(|&o| o != w)
        .take(2)
        .collect();
    let mut g = game(b, &[(w, side), (others[0], 'A'), (others[1], 'A')]);
    while b.add_stage(&mut g.table.cities, 0, true) {}
    let out = b.outcome(&g);
    (
        g.table.cities[0].clone(),
        out.scores[0].points[cat(b, "wonder")],
    )
}

#[test]
fn every_wonder_side_grants_its_stages() {
    let b = base();
    // (wonder, side, stages, wonder points, coins gained, shields)
    let expect = [
        ("Alexandria", 'A', 3, 10, 0, 0),
        ("Alexandria", 'B', 3, 7, 0, 0),
        ("Babylon", 'A', 3, 10, 0, 0),
        ("Babylon", 'B', 3, 3, 0, 0),
        ("Ephesus", 'A', 3, 10, 9, 0),
        ("Ephesus", 'B', 3, 10, 12, 0),
        ("Halicarnassus", 'A', 3, 10, 0, 0),
        ("Halicarnassus", 'B', 3, 3, 0, 0),
        ("Olympia", 'A', 3, 10, 0, 0),
        ("Olympia", 'B', 3, 5, 0, 0),
        ("Rhodes", 'A', 3, 10, 0, 2),
        ("Rhodes", 'B', 2, 7, 7, 2),
        ("Giza", 'A', 3, 15, 0, 0),
        ("Giza", 'B', 4, 20, 0, 0),
    ];
    for (w, s, stages, points, coins, shields) in expect {
        let (city, wonder_points) = all_stages(&b, w, s);
        assert_eq!(city.stages, stages, "{w} {s}");
        assert_eq!(wonder_points, points, "{w} {s}");
        assert_eq!(city.coins, 3 + coins, "{w} {s}");
        assert_eq!(city.shields, shields, "{w} {s}");
    }
    // The powers are registered for the turn structure.
    assert_eq!(
        all_stages(&b, "Halicarnassus", 'A')
            .0
            .abilities
            .discard_builds,
        1
    );
    assert_eq!(
        all_stages(&b, "Halicarnassus", 'B')
            .0
            .abilities
            .discard_builds,
        3
    );
    assert_eq!(
        all_stages(&b, "Olympia", 'A')
            .0
            .abilities
            .hand_builds_per_age,
        1
    );
    assert!(all_stages(&b, "Babylon", 'B').0.abilities.play_last_card);
    assert_eq!(all_stages(&b, "Babylon", 'A').0.wild.len(), 1);
    assert_eq!(all_stages(&b, "Babylon", 'B').0.wild.len(), 1);
    // Alexandria's stages produce for the city, not for sale.
    let (alex, _) = all_stages(&b, "Alexandria", 'B');
    assert_eq!(alex.own.choices.len(), 2);
    assert!(alex.sold.choices.is_empty());
    assert_eq!(
        alex.sold.fixed[res(&b, "glass")],
        1,
        "the board's glass is for sale"
    );
}

#[test]
fn olympia_b_trades_raw_at_one_with_both_neighbours() {
    let b = base();
    let mut g = game(&b, &[("Olympia", 'B'), ("Rhodes", 'A'), ("Giza", 'A')]);
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    let barracks = card(&b, "Barracks");
    assert_eq!(
        pays(&moves(&b, &g, 0, &[barracks]), barracks),
        vec![pay(0, 1, 0)]
    );
    let baths = card(&b, "Baths");
    assert_eq!(pays(&moves(&b, &g, 0, &[baths]), baths), vec![pay(0, 0, 1)]);
}

#[test]
fn halicarnassus_builds_from_the_discards_of_the_sixth_turn() {
    let b = base();
    let mut g = game(
        &b,
        &[("Halicarnassus", 'A'), ("Rhodes", 'A'), ("Giza", 'A')],
    );
    // `start` dealt Age I.
    assert_eq!(g.table.age, 1);
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    add(&b, &mut g, 0, &["Ore Vein"]);
    add(&b, &mut g, 1, &["Ore Vein"]);
    // Stage 2 costs 3 ore: own vein, Rhodes' board and vein.
    g.table.cities[0].coins = 4;
    let [lumber, baths, altar, tavern, theater, press] = [
        "Lumber Yard",
        "Baths",
        "Altar",
        "Tavern",
        "Theater",
        "Press",
    ]
    .map(|n| card(&b, n));
    g.table.hands = vec![
        vec![lumber, baths],
        vec![altar, tavern],
        vec![theater, press],
    ];
    let mut players: Players = vec![
        common::stager(),
        script(move |_, ms: &[Move]| first(ms, |m| m.card == altar && m.action == Action::Discard)),
        script(move |_, ms: &[Move]| {
            first(ms, |m| {
                m.card == press && matches!(m.action, Action::Build(_))
            })
        }),
    ];
    let mut check = Checker::default();
    play_turn(&b, &mut g, &mut players, &mut check);
    assert_eq!(check.free_builds, 1);
    assert_eq!(check.ages_ended, vec![1], "the 6th turn ends the Age");
    let city = &g.table.cities[0];
    assert_eq!(city.stages, 2);
    // The stager builds the first option offered, in card order: Altar was
    // discarded this turn, Baths, Tavern and Theater are the last cards.
    let mut offered = [baths, altar, tavern, theater];
    offered.sort();
    assert_eq!(city.cards, vec![card(&b, "Ore Vein"), offered[0]]);
    assert_eq!(g.table.discard.len(), 3);
}

#[test]
fn olympia_a_builds_one_card_free_per_age() {
    let b = base();
    let mut g = game(&b, &[("Olympia", 'A'), ("Rhodes", 'A'), ("Giza", 'A')]);
    b.start_age(&mut g, 3);
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    let palace = card(&b, "Palace");
    g.table.hands[0][0] = palace;
    let mut players: Players = vec![
        script(move |_, ms: &[Move]| first(ms, |m| m.card == palace && m.action == Action::Free)),
        discarder(),
        discarder(),
    ];
    play_turn(&b, &mut g, &mut players, &mut ());
    assert!(g.table.cities[0].cards.contains(&palace));
    assert_eq!(g.table.cities[0].coins, 3);
    let pantheon = card(&b, "Pantheon");
    assert!(
        !moves(&b, &g, 0, &[pantheon])
            .iter()
            .any(|m| m.action == Action::Free)
    );
    let out = b.outcome(&g);
    assert_eq!(out.scores[0].points[cat(&b, "civilian")], 8);
}

#[test]
fn babylon_b_plays_the_seventh_card() {
    let b = base();
    let mut g = game(&b, &[("Babylon", 'B'), ("Rhodes", 'A'), ("Giza", 'A')]);
    b.start_age(&mut g, 2);
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    let [vineyard, school, walls, forum, statue, library] =
        ["Vineyard", "School", "Walls", "Forum", "Statue", "Library"].map(|n| card(&b, n));
    g.table.hands = vec![
        vec![vineyard, walls],
        vec![school, forum],
        vec![statue, library],
    ];
    let mut players: Players = vec![
        script(move |_, ms: &[Move]| {
            first(ms, |m| {
                (m.card == vineyard && matches!(m.action, Action::Build(_)))
                    || (m.card == walls && m.action == Action::Discard)
            })
        }),
        discarder(),
        discarder(),
    ];
    let mut check = Checker::default();
    play_turn(&b, &mut g, &mut players, &mut check);
    assert_eq!(check.moves, 4, "three moves and the last card");
    assert_eq!(check.last_cards, 1);
    assert_eq!(check.ages_ended, vec![2]);
    assert_eq!(g.table.cities[0].cards, vec![vineyard]);
    // Vineyard: 0 brown cards around; the last card discarded for 3 coins.
    assert_eq!(g.table.cities[0].coins, 6);
    let mut d = g.table.discard.clone();
    d.sort();
    let mut want = vec![walls, school, forum, statue, library];
    want.sort();
    assert_eq!(d, want);
}

#[test]
fn olympia_b_copies_the_best_neighbouring_guild_at_game_end() {
    let b = base();
    let mut g = game(&b, &[("Olympia", 'B'), ("Rhodes", 'A'), ("Giza", 'A')]);
    while b.add_stage(&mut g.table.cities, 0, true) {}
    add(&b, &mut g, 1, &["Magistrates Guild", "Baths", "Altar"]);
    add(
        &b,
        &mut g,
        2,
        &["Workers Guild", "Lumber Yard", "Stone Pit", "Clay Pool"],
    );
    let out = b.outcome(&g);
    // Workers: 3 brown cards around Olympia; Magistrates: 2 blue.
    assert_eq!(out.scores[0].copied, vec![card(&b, "Workers Guild")]);
    assert_eq!(out.scores[0].points[cat(&b, "guilds")], 3);
    add(&b, &mut g, 0, &["Apothecary", "Workshop"]);
    add(&b, &mut g, 1, &["Scientists Guild"]);
    let out = b.outcome(&g);
    assert_eq!(out.scores[0].copied, vec![card(&b, "Scientists Guild")]);
    assert_eq!(out.scores[0].points[cat(&b, "science")], 10);
}

#[test]
fn every_guild_scores_as_printed() {
    let b = base();
    let mut g = game(&b, &[("Giza", 'A'), ("Rhodes", 'A'), ("Ephesus", 'A')]);
    add(
        &b,
        &mut g,
        1,
        &[
            "Lumber Yard",
            "Loom",
            "Baths",
            "Tavern",
            "Apothecary",
            "Stockade",
            "Barracks",
        ],
    );
    add(
        &b,
        &mut g,
        2,
        &[
            "Stone Pit",
            "Ore Vein",
            "Press",
            "Glassworks",
            "Altar",
            "Marketplace",
            "Workshop",
        ],
    );
    add(&b, &mut g, 0, &["Clay Pool", "Loom"]);
    assert!(b.add_stage(&mut g.table.cities, 0, true));
    assert!(b.add_stage(&mut g.table.cities, 1, true));
    assert!(b.add_stage(&mut g.table.cities, 1, true));
    g.table.cities[1].defeats = 2;
    g.table.cities[2].defeats = 1;
    let expect = [
        ("Workers Guild", 3),      // brown next door: 1 + 2
        ("Craftsmens Guild", 6),   // 2 per grey next door: 1 + 2
        ("Traders Guild", 2),      // yellow next door
        ("Philosophers Guild", 2), // green next door
        ("Spies Guild", 2),        // red next door
        ("Strategists Guild", 3),  // defeat tokens next door
        ("Shipowners Guild", 3),   // own brown, grey, purple: 1 + 1 + 1
        ("Magistrates Guild", 2),  // blue next door
        ("Builders Guild", 3),     // stages: own 1, left 2, right 0
    ];
    for (guild, points) in expect {
        let mut t = g.table.clone();
        b.add_card(&mut t.cities, 0, card(&b, guild), true);
        let out = b.final_scores(&t.cities);
        assert_eq!(out.scores[0].points[cat(&b, "guilds")], points, "{guild}");
    }
    // Scientists: a wildcard symbol.
    let mut t = g.table.clone();
    for n in ["Apothecary", "Workshop", "Scientists Guild"] {
        b.add_card(&mut t.cities, 0, card(&b, n), true);
    }
    let out = b.final_scores(&t.cities);
    assert_eq!(out.scores[0].points[cat(&b, "science")], 10);
    assert_eq!(out.scores[0].points[cat(&b, "guilds")], 0);
}

#[test]
fn science_counts_cards_wonder_and_guild_wildcards() {
    let b = base();
    let mut g = game(&b, &[("Babylon", 'A'), ("Rhodes", 'A'), ("Giza", 'A')]);
    add(
        &b,
        &mut g,
        0,
        &["Apothecary", "Dispensary", "Workshop", "Library"],
    );
    // compass 2, gear 1, tablet 1: 4 + 1 + 1 + 7.
    assert_eq!(b.outcome(&g).scores[0].points[cat(&b, "science")], 13);
    for _ in 0..2 {
        assert!(b.add_stage(&mut g.table.cities, 0, true));
    }
    // + wildcard: compass 3 (9+1+1+7 = 18) or a second set (4+4+4... no: 2,2,1 → 9+7 = 16).
    assert_eq!(b.outcome(&g).scores[0].points[cat(&b, "science")], 18);
    add(&b, &mut g, 0, &["Scientists Guild"]);
    // Two wildcards on 2,1,1: 2,2,2 → 12 + 14 = 26; 4,1,1 → 18 + 7 = 25.
    assert_eq!(b.outcome(&g).scores[0].points[cat(&b, "science")], 26);
}

#[test]
fn military_conflicts_with_red_cards() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    add(&b, &mut g, 0, &["Stockade", "Walls"]); // 3
    add(&b, &mut g, 1, &["Barracks"]); // 1
    assert!(b.add_stage(&mut g.table.cities, 2, true));
    assert!(b.add_stage(&mut g.table.cities, 2, true));
    g.table.age = 3;
    b.end_age(&mut g);
    let c: Vec<(u32, u32, i32)> = g
        .table
        .cities
        .iter()
        .map(|c| (c.victories, c.defeats, c.conflict_vp))
        .collect();
    // Ephesus has no shields. Seat 0 beats both (+5 +5);
    // seat 1 loses to seat 0, beats seat 2; seat 2 loses both.
    assert_eq!(c, vec![(2, 0, 10), (1, 1, 4), (0, 2, -2)]);
    let out = b.outcome(&g);
    assert_eq!(out.scores[0].points[cat(&b, "military")], 10);
}

#[test]
fn commercial_cards_pay_and_score() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    add(&b, &mut g, 0, &["Lumber Yard", "Stone Pit"]);
    add(&b, &mut g, 1, &["Clay Pool"]);
    let coins = g.table.cities[0].coins;
    add(&b, &mut g, 0, &["Vineyard"]); // 1 per brown: 2 own + 1 left
    assert_eq!(g.table.cities[0].coins, coins + 3);
    add(&b, &mut g, 0, &["Haven"]); // 1 coin and 1 vp per own brown
    assert_eq!(g.table.cities[0].coins, coins + 5);
    add(&b, &mut g, 0, &["Lighthouse"]); // yellow: Vineyard, Haven, Lighthouse
    assert_eq!(g.table.cities[0].coins, coins + 8);
    let out = b.outcome(&g);
    assert_eq!(out.scores[0].points[cat(&b, "commercial")], 2 + 3);
}

#[test]
fn ties_on_points_go_to_the_richest() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    add(&b, &mut g, 0, &["Baths"]); // 3 vp
    add(&b, &mut g, 1, &["Altar"]); // 2 vp
    g.table.cities[0].coins = 3; // 1 point
    g.table.cities[1].coins = 6; // 2 points
    g.table.cities[2].coins = 0;
    let out = b.outcome(&g);
    assert_eq!(out.scores[0].total, 4);
    assert_eq!(out.scores[1].total, 4);
    assert_eq!(out.winners, vec![1]);
    // Baths 3 + 1 against Altar 2 + 1: points first.
    g.table.cities[0].coins = 5;
    g.table.cities[1].coins = 5;
    assert_eq!(b.outcome(&g).winners, vec![0]);
    // The same points and coins: both win.
    let mut t = game(&b, &BOARDS3);
    add(&b, &mut t, 0, &["Baths"]);
    add(&b, &mut t, 1, &["Baths"]);
    t.table.cities[2].coins = 0;
    assert_eq!(b.outcome(&t).winners, vec![0, 1]);
}

#[test]
fn ten_thousand_random_games_keep_the_invariants() {
    let b = base();
    let mut games = 0;
    let mut wins = [0u32; 7];
    for n in 3..=7usize {
        for seed in 0..2000u64 {
            let setup = Setup::new(n, seed * 7 + n as u64);
            let mut g = b.start(&setup).unwrap();
            let mut check = Checker::with_cards();
            let mut bots = table(&vec![BotKind::Random; n], seed);
            let out = play_out(&b, &mut g, &mut bots, &mut check).unwrap();
            assert_eq!(
                check.ages_ended,
                vec![1, 2, 3],
                "the game ends after Age III"
            );
            assert_eq!(g.phase, Phase::Over);
            assert!(check.min_coins >= 0);
            assert!(check.moves >= 18 * n);
            assert_eq!(
                check.moves,
                18 * n + check.last_cards + check.free_builds,
                "one decision per seat and turn, and one per last card and free build"
            );
            check_cards(&b, &g.table);
            assert_eq!(g.table.dealt.len(), 21 * n);
            assert_eq!(g.turns_played, 18);
            for s in &out.scores {
                assert_eq!(s.total, s.points.iter().sum::<i32>());
            }
            assert_eq!(out.victory, "points");
            for &w in &out.winners {
                wins[g.table.cities[w].wonder as usize] += 1;
            }
            if seed % 50 == 0 {
                // Same seed and bots: the same game.
                let mut again = b.start(&setup).unwrap();
                let mut bots = table(&vec![BotKind::Random; n], seed);
                let out2 = play_out(&b, &mut again, &mut bots, &mut ()).unwrap();
                assert_eq!(out, out2);
                assert_eq!(g.table, again.table);
                assert_eq!(g, again);
            }
            games += 1;
        }
    }
    assert_eq!(games, 10_000);
    assert!(
        wins.iter().all(|&w| w > 0),
        "every wonder wins sometimes: {wins:?}"
    );
}

#[test]
fn greedy_bots_play_full_games_and_beat_random_ones() {
    let b = base();
    let mut greedy = 0i64;
    let mut random = 0i64;
    for seed in 0..40 {
        for n in [3, 6] {
            let mut g = b.start(&Setup::new(n, seed)).unwrap();
            let kinds: Vec<BotKind> = (0..n)
                .map(|s| {
                    if s % 2 == 0 {
                        BotKind::Greedy
                    } else {
                        BotKind::Random
                    }
                })
                .collect();
            let mut bots = table(&kinds, seed);
            let mut check = Checker::with_cards();
            let out = play_out(&b, &mut g, &mut bots, &mut check).unwrap();
            assert_eq!(check.ages_ended, vec![1, 2, 3]);
            check_cards(&b, &g.table);
            for (s, sc) in out.scores.iter().enumerate() {
                if s % 2 == 0 {
                    greedy += i64::from(sc.total);
                } else {
                    random += i64::from(sc.total);
                }
            }
        }
    }
    assert!(greedy > random * 3 / 2, "greedy {greedy} random {random}");
}

#[test]
fn seeds_give_different_deals_and_sides_follow_the_policy() {
    let b = base();
    let t = |seed, sides| {
        let setup = Setup {
            players: Some(5),
            seed,
            sides,
            wonders: None,
        };
        // `start` deals Age I.
        let g = b.start(&setup).unwrap();
        assert_eq!(g.table.age, 1);
        g.table
    };
    assert_ne!(t(1, Sides::Random).hands, t(2, Sides::Random).hands);
    assert_eq!(t(1, Sides::Random), t(1, Sides::Random));
    assert!(t(3, Sides::A).cities.iter().all(|c| c.side == 0));
    assert!(t(3, Sides::B).cities.iter().all(|c| c.side == 1));
    let mut ws: Vec<u8> = t(4, Sides::A).cities.iter().map(|c| c.wonder).collect();
    ws.sort();
    ws.dedup();
    assert_eq!(ws.len(), 5, "five different wonders");
}

// Fair views: a seat's view shows what the seat may see and nothing else.

/// In the record of dealt cards, `out` (one copy) is replaced by `into`.
fn redeal(dealt: &mut [CardId], out: CardId, into: CardId) {
    let i = dealt.iter().position(|&c| c == out).expect("a dealt card");
    dealt[i] = into;
}

/// `x` with what `viewer` cannot see changed, the rest as it is: the
/// hands of two seats still to choose swapped, a boxed guild dealt into
/// another seat's hand instead of one of its cards, a discarded card (face
/// down) changed for a boxed one, and a card under another seat's wonder
/// changed for a discarded one.
fn hidden_changed(x: &State, viewer: usize) -> State {
    let mut y = x.clone();
    let t = &mut y.table;
    let n = t.cities.len();
    // In a turn, seats before the viewer have chosen from their hands
    // already: only later seats' hands change.
    let later: Vec<usize> = match x.phase {
        Phase::Turn => (viewer + 1..n).collect(),
        _ => (0..n).filter(|&s| s != viewer).collect(),
    };
    if let [s1, s2, ..] = later[..] {
        t.hands.swap(s1, s2);
    }
    // Cards to box are taken among those dealt once (a boxed card is one
    // never dealt).
    let once = |dealt: &[CardId], c: CardId| dealt.iter().filter(|&&d| d == c).count() == 1;
    if let Some(&s) = later.last()
        && !t.boxed.is_empty()
        && let Some(k) = t.hands[s].iter().rposition(|&c| once(&t.dealt, c))
    {
        let (old, new) = (t.hands[s][k], t.boxed[0]);
        t.hands[s][k] = new;
        t.boxed[0] = old;
        redeal(&mut t.dealt, old, new);
    }
    let sees_discard = x.phase == Phase::FreeBuild(viewer);
    if !sees_discard
        && t.boxed.len() > 1
        && let Some(k) = t.discard.iter().position(|&c| once(&t.dealt, c))
    {
        let last = t.boxed.len() - 1;
        let (old, new) = (t.discard[k], t.boxed[last]);
        t.discard[k] = new;
        t.boxed[last] = old;
        redeal(&mut t.dealt, old, new);
    }
    if !sees_discard
        && let Some(s) = (0..n).find(|&s| s != viewer && !t.stage_cards[s].is_empty())
        && let Some(k) = t.discard.iter().position(|&c| c != t.stage_cards[s][0])
    {
        std::mem::swap(&mut t.stage_cards[s][0], &mut t.discard[k]);
    }
    y
}

/// `viewer` sees `x` and `y` alike; when it is to move, it has the same
/// moves and the greedy bot picks the same one.
fn sees_alike(b: &Base, x: &mut State, y: &mut State, viewer: usize) {
    assert_eq!(b.view(x, viewer), b.view(y, viewer));
    if b.to_move(x) == Some(viewer) {
        assert_eq!(b.to_move(y), Some(viewer));
        let (mut mx, mut my) = (Vec::new(), Vec::new());
        b.legal_moves(x, &mut mx);
        b.legal_moves(y, &mut my);
        assert_eq!(mx, my);
        let mut bot = Bot::Greedy(sevenw_runtime::bots::GreedyBot);
        let ix = sevenw_runtime::game::Player::choose(&mut bot, b, &b.view(x, viewer), &mx);
        let iy = sevenw_runtime::game::Player::choose(&mut bot, b, &b.view(y, viewer), &my);
        assert_eq!(ix, iy, "the greedy bot saw a hidden card");
    }
}

#[test]
fn views_hide_other_hands_the_decks_and_face_down_cards() {
    let b = base();
    // At the deal: other hands swapped, and a state of another seed (the
    // Ages still to deal come out differently) with the same table.
    let mut x = b.start(&Setup::new(4, 21)).unwrap();
    let mut y = b.start(&Setup::new(4, 22)).unwrap();
    y.table = x.table.clone();
    y.table.hands.swap(1, 2);
    y.phase = x.phase;
    assert_ne!(x.table, y.table);
    for viewer in [0, 3] {
        sees_alike(&b, &mut x, &mut y, viewer);
    }
    // The seats whose hands changed see it.
    for viewer in [1, 2] {
        assert_ne!(b.view(&x, viewer), b.view(&y, viewer));
    }
    // The decks still to deal do differ.
    let (mut x2, mut y2) = (x.clone(), y.clone());
    b.start_age(&mut x2, 2);
    b.start_age(&mut y2, 2);
    assert_ne!(x2.table.hands[0], y2.table.hands[0]);

    // Another seat's choice this turn is not seen until the turn is
    // carried out.
    let mut moves = Vec::new();
    b.legal_moves(&mut x, &mut moves);
    let other = moves
        .iter()
        .position(|m| m.card != moves[0].card)
        .expect("a hand of different cards");
    let (mut c0, mut c1) = (x.clone(), x.clone());
    b.apply(&mut c0, &moves[0]);
    b.apply(&mut c1, &moves[other]);
    assert_ne!(c0, c1);
    for viewer in [1, 2, 3] {
        sees_alike(&b, &mut c0, &mut c1, viewer);
    }

    // What is visible makes a difference: a city's coins, one's own hand.
    let mut z = x.clone();
    z.table.cities[2].coins += 1;
    for viewer in 0..4 {
        assert_ne!(b.view(&x, viewer), b.view(&z, viewer));
    }
    let mut z = x.clone();
    z.table.hands.swap(0, 3);
    assert_ne!(b.view(&x, 0), b.view(&z, 0));
    assert_eq!(b.view(&x, 1), b.view(&z, 1));
}

/// Checks every decision of a game against states differing in hidden cards.
struct Fairness {
    checked: usize,
    differed: usize,
}

impl sevenw_runtime::game::Observer<Base> for Fairness {
    fn decided(&mut self, b: &Base, state: &State, seat: usize, _i: usize, _m: &[Move]) {
        let mut x = state.clone();
        let mut y = hidden_changed(state, seat);
        self.checked += 1;
        if x.table != y.table {
            self.differed += 1;
            check_cards(b, &y.table);
        }
        sees_alike(b, &mut x, &mut y, seat);
    }
}

#[test]
fn bots_decide_from_what_their_seat_sees() {
    let b = base();
    for (n, seed) in [(3, 5u64), (5, 6), (7, 7)] {
        let mut g = b.start(&Setup::new(n, seed)).unwrap();
        let mut bots = table(&vec![BotKind::Random; n], seed);
        let mut fair = Fairness {
            checked: 0,
            differed: 0,
        };
        play_out(&b, &mut g, &mut bots, &mut fair).unwrap();
        assert!(fair.checked >= 18 * n);
        // Most positions had something hidden to change (the last seat of
        // a turn in Ages I and II has only the face-down piles).
        assert!(
            fair.differed * 2 > fair.checked,
            "{} of {}",
            fair.differed,
            fair.checked
        );
    }
}
