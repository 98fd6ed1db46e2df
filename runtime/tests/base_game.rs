//! The shipped base game, through `GAMES`: decks, trading, chains, every
//! wonder power, every guild, science, military, tie-breaks, and many
//! seeded random games with invariants.

mod common;

use common::{Checker, check_cards, discarder, first, script};
use sevenw_host::CardId;
use sevenw_runtime::base::{
    Action, Base, Game, Move, MoveGen, NoObserver, Setup, SidePolicy, deck_size,
};
use sevenw_runtime::payment::Payment;
use sevenw_runtime::player::{BotKind, Player};
use sevenw_runtime::state::City;

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

/// A game with these boards (`("Babylon", 'A')`…), seed 1.
fn game<'b>(b: &'b Base, boards: &[(&str, char)]) -> Game<'b> {
    let wonders = boards
        .iter()
        .map(|&(w, s)| (wonder(b, w), if s == 'A' { 0 } else { 1 }))
        .collect();
    let setup = Setup {
        players: boards.len(),
        seed: 1,
        sides: SidePolicy::A,
        wonders: Some(wonders),
    };
    Game::new(b, &setup).expect("valid set-up")
}

fn add(b: &Base, g: &mut Game<'_>, seat: usize, names: &[&str]) {
    for n in names {
        let c = card(b, n);
        b.add_card(&mut g.table.cities, seat, c, true);
    }
}

fn moves(b: &Base, g: &Game<'_>, seat: usize, hand: &[CardId]) -> Vec<Move> {
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
        let mut g = Game::new(&b, &Setup::new(n, 3)).unwrap();
        g.start_age(1);
        g.start_age(2);
        g.start_age(3);
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
    assert!(b.add_stage(&mut g.table.cities, 2, None, true));
    assert!(b.add_stage(&mut g.table.cities, 2, None, true));
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
    g.start_age(2);
    g.table.hands[0][0] = aqueduct;
    let mut players: Vec<Box<dyn Player>> = vec![
        script(move |_, ms: &[Move]| {
            first(ms, |m| {
                m.card == aqueduct && m.action == Action::Build(pay(0, 2, 2))
            })
        }),
        discarder(),
        discarder(),
    ];
    g.play_turn(&mut players, &mut NoObserver);
    let c: Vec<i32> = g.table.cities.iter().map(|c| c.coins).collect();
    assert_eq!(c, vec![0, 3 + 3 + 2, 3 + 3 + 2]);
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
    while b.add_stage(&mut g.table.cities, 0, None, true) {}
    let out = g.finish();
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
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
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
    g.start_age(1);
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
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
    let mut players: Vec<Box<dyn Player>> = vec![
        common::stager(),
        script(move |_, ms: &[Move]| first(ms, |m| m.card == altar && m.action == Action::Discard)),
        script(move |_, ms: &[Move]| {
            first(ms, |m| {
                m.card == press && matches!(m.action, Action::Build(_))
            })
        }),
    ];
    let mut check = Checker::default();
    g.play_turn(&mut players, &mut check);
    assert_eq!(check.free_builds, 1);
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
    g.start_age(3);
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    let palace = card(&b, "Palace");
    g.table.hands[0][0] = palace;
    let mut players: Vec<Box<dyn Player>> = vec![
        script(move |_, ms: &[Move]| first(ms, |m| m.card == palace && m.action == Action::Free)),
        discarder(),
        discarder(),
    ];
    g.play_turn(&mut players, &mut NoObserver);
    assert!(g.table.cities[0].cards.contains(&palace));
    assert_eq!(g.table.cities[0].coins, 3);
    let pantheon = card(&b, "Pantheon");
    assert!(
        !moves(&b, &g, 0, &[pantheon])
            .iter()
            .any(|m| m.action == Action::Free)
    );
    let out = g.finish();
    assert_eq!(out.scores[0].points[cat(&b, "civilian")], 8);
}

#[test]
fn babylon_b_plays_the_seventh_card() {
    let b = base();
    let mut g = game(&b, &[("Babylon", 'B'), ("Rhodes", 'A'), ("Giza", 'A')]);
    g.start_age(2);
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    let [vineyard, school, walls, forum, statue, library] =
        ["Vineyard", "School", "Walls", "Forum", "Statue", "Library"].map(|n| card(&b, n));
    g.table.hands = vec![
        vec![vineyard, walls],
        vec![school, forum],
        vec![statue, library],
    ];
    let mut players: Vec<Box<dyn Player>> = vec![
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
    g.play_turn(&mut players, &mut check);
    assert_eq!(check.moves, 4, "three moves and the last card");
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
    while b.add_stage(&mut g.table.cities, 0, None, true) {}
    add(&b, &mut g, 1, &["Magistrates Guild", "Baths", "Altar"]);
    add(
        &b,
        &mut g,
        2,
        &["Workers Guild", "Lumber Yard", "Stone Pit", "Clay Pool"],
    );
    let out = g.finish();
    // Workers: 3 brown cards around Olympia; Magistrates: 2 blue.
    assert_eq!(out.copied[0], vec![card(&b, "Workers Guild")]);
    assert_eq!(out.scores[0].points[cat(&b, "guilds")], 3);
    add(&b, &mut g, 0, &["Apothecary", "Workshop"]);
    add(&b, &mut g, 1, &["Scientists Guild"]);
    let out = g.finish();
    assert_eq!(out.copied[0], vec![card(&b, "Scientists Guild")]);
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
    assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    assert!(b.add_stage(&mut g.table.cities, 1, None, true));
    assert!(b.add_stage(&mut g.table.cities, 1, None, true));
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
    assert_eq!(g.finish().scores[0].points[cat(&b, "science")], 13);
    for _ in 0..2 {
        assert!(b.add_stage(&mut g.table.cities, 0, None, true));
    }
    // + wildcard: compass 3 (9+1+1+7 = 18) or a second set (4+4+4... no: 2,2,1 → 9+7 = 16).
    assert_eq!(g.finish().scores[0].points[cat(&b, "science")], 18);
    add(&b, &mut g, 0, &["Scientists Guild"]);
    // Two wildcards on 2,1,1: 2,2,2 → 12 + 14 = 26; 4,1,1 → 18 + 7 = 25.
    assert_eq!(g.finish().scores[0].points[cat(&b, "science")], 26);
}

#[test]
fn military_conflicts_with_red_cards() {
    let b = base();
    let mut g = game(&b, &BOARDS3);
    add(&b, &mut g, 0, &["Stockade", "Walls"]); // 3
    add(&b, &mut g, 1, &["Barracks"]); // 1
    assert!(b.add_stage(&mut g.table.cities, 2, None, true));
    assert!(b.add_stage(&mut g.table.cities, 2, None, true));
    g.table.age = 3;
    g.end_age();
    let c: Vec<(u8, u8, i32)> = g
        .table
        .cities
        .iter()
        .map(|c| (c.victories, c.defeats, c.conflict_vp))
        .collect();
    // Ephesus has no shields. Seat 0 beats both (+5 +5);
    // seat 1 loses to seat 0, beats seat 2; seat 2 loses both.
    assert_eq!(c, vec![(2, 0, 10), (1, 1, 4), (0, 2, -2)]);
    let out = g.finish();
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
    let out = g.finish();
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
    let out = g.finish();
    assert_eq!(out.scores[0].total, 4);
    assert_eq!(out.scores[1].total, 4);
    assert_eq!(out.winners, vec![1]);
    // Baths 3 + 1 against Altar 2 + 1: points first.
    g.table.cities[0].coins = 5;
    g.table.cities[1].coins = 5;
    assert_eq!(g.finish().winners, vec![0]);
    // The same points and coins: both win.
    let mut t = game(&b, &BOARDS3);
    add(&b, &mut t, 0, &["Baths"]);
    add(&b, &mut t, 1, &["Baths"]);
    t.table.cities[2].coins = 0;
    assert_eq!(t.finish().winners, vec![0, 1]);
}

#[test]
fn ten_thousand_random_games_keep_the_invariants() {
    let b = base();
    let mut games = 0;
    let mut wins = [0u32; 7];
    for n in 3..=7usize {
        for seed in 0..2000u64 {
            let setup = Setup::new(n, seed * 7 + n as u64);
            let mut g = Game::new(&b, &setup).unwrap();
            let mut check = Checker::default();
            let mut bots: Vec<Box<dyn Player>> =
                (0..n).map(|s| BotKind::Random.make(seed, s)).collect();
            let out = g.play(&mut bots, &mut check).unwrap();
            assert_eq!(
                check.ages_ended,
                vec![1, 2, 3],
                "the game ends after Age III"
            );
            assert!(check.min_coins >= 0);
            assert!(check.moves >= 18 * n);
            check_cards(&b, &g.table);
            assert_eq!(g.table.dealt.len(), 21 * n);
            for s in &out.scores {
                assert_eq!(s.total, s.points.iter().sum::<i32>());
            }
            for &w in &out.winners {
                wins[g.table.cities[w].wonder as usize] += 1;
            }
            if seed % 50 == 0 {
                // Same seed and bots: the same game.
                let mut again = Game::new(&b, &setup).unwrap();
                let mut bots: Vec<Box<dyn Player>> =
                    (0..n).map(|s| BotKind::Random.make(seed, s)).collect();
                let out2 = again.play(&mut bots, &mut NoObserver).unwrap();
                assert_eq!(out, out2);
                assert_eq!(g.table, again.table);
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
            let mut g = Game::new(&b, &Setup::new(n, seed)).unwrap();
            let mut bots: Vec<Box<dyn Player>> = (0..n)
                .map(|s| {
                    if s % 2 == 0 {
                        BotKind::Greedy
                    } else {
                        BotKind::Random
                    }
                    .make(seed, s)
                })
                .collect();
            let mut check = Checker::default();
            let out = g.play(&mut bots, &mut check).unwrap();
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
            players: 5,
            seed,
            sides,
            wonders: None,
        };
        let mut g = Game::new(&b, &setup).unwrap();
        g.start_age(1);
        g.table
    };
    assert_ne!(
        t(1, SidePolicy::Random).hands,
        t(2, SidePolicy::Random).hands
    );
    assert_eq!(t(1, SidePolicy::Random), t(1, SidePolicy::Random));
    assert!(t(3, SidePolicy::A).cities.iter().all(|c| c.side == 0));
    assert!(t(3, SidePolicy::B).cities.iter().all(|c| c.side == 1));
    let mut ws: Vec<u8> = t(4, SidePolicy::A)
        .cities
        .iter()
        .map(|c| c.wonder)
        .collect();
    ws.sort();
    ws.dedup();
    assert_eq!(ws.len(), 5, "five different wonders");
}
