//! The shipped card library compiles with no error and no warning and gives
//! the published counts of the 7 Wonders base game (first edition).

use sevenw_compiler::ir::{Card, Game, Op};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn library() -> sevenw_compiler::ir::Library {
    let cards = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let compiled = sevenw_compiler::check(&[cards]);
    let rendered = compiled.report.render(&compiled.sources, false);
    assert!(
        compiled.report.diagnostics.is_empty(),
        "the shipped library has problems:\n{rendered}"
    );
    compiled.library.expect("no error, so a library")
}

fn base() -> Game {
    library()
        .games
        .into_iter()
        .find(|g| g.name == "base")
        .expect("the base game")
}

fn is_guild(g: &Game, c: &Card) -> bool {
    g.guilds
        .is_some_and(|r| c.colour == r.colour && c.age == r.age)
}

#[test]
fn base_game_card_counts() {
    let g = base();
    assert_eq!(g.cards.len(), 78, "Age-card entries");
    let names: BTreeSet<String> = g.cards.iter().map(|c| c.name.to_lowercase()).collect();
    assert_eq!(names.len(), 75, "distinct names");
    for twice in ["Loom", "Glassworks", "Press"] {
        let ages: Vec<u8> = g
            .cards
            .iter()
            .filter(|c| c.name == twice)
            .map(|c| c.age)
            .collect();
        assert_eq!(ages, [1, 2], "{twice} stands in Ages I and II");
    }
    // Printed decks: every copy of every card, plus the 10 guilds.
    let printed = |age: u8| -> usize {
        g.cards
            .iter()
            .filter(|c| c.age == age)
            .map(|c| c.copies.len().max(1))
            .sum()
    };
    assert_eq!([printed(1), printed(2), printed(3)], [49, 49, 50]);
    assert_eq!(g.cards.iter().filter(|c| is_guild(&g, c)).count(), 10);
    assert_eq!(g.colours[g.guilds.unwrap().colour as usize], "purple");
}

#[test]
fn every_player_count_gets_seven_cards_each_per_age() {
    let g = base();
    let rule = g.guilds.unwrap();
    for n in 3..=7u8 {
        for age in 1..=3u8 {
            let dealt: usize = g
                .cards
                .iter()
                .filter(|c| c.age == age && !is_guild(&g, c))
                .map(|c| c.copies.iter().filter(|&&p| p <= n).count())
                .sum();
            let guilds = if age == rule.age {
                (n + rule.extra) as usize
            } else {
                0
            };
            assert_eq!(dealt + guilds, 7 * n as usize, "Age {age} with {n} players");
            if age == 3 {
                assert_eq!(
                    dealt,
                    7 * n as usize - (n as usize + 2),
                    "Age III non-guild cards for {n}"
                );
            }
        }
    }
}

#[test]
fn seven_wonders_with_two_sides() {
    let g = base();
    let names: Vec<&str> = g.wonders.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(names.len(), 7);
    for w in [
        "Alexandria",
        "Babylon",
        "Ephesus",
        "Halicarnassus",
        "Olympia",
        "Rhodes",
        "Giza",
    ] {
        assert!(names.contains(&w), "{w} is missing from {names:?}");
    }
    for w in &g.wonders {
        let sides: Vec<&str> = w.sides.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(sides, ["A", "B"], "{}", w.name);
        for s in &w.sides {
            let one_tradable = matches!(s.board.as_slice(), [e] if matches!(e.op, Op::Produce { tradable: true, amount: 1, .. }));
            assert!(
                one_tradable,
                "{} {}: one tradable starting resource",
                w.name, s.name
            );
            assert!((2..=4).contains(&s.stages.len()), "{} {}", w.name, s.name);
        }
    }
}

#[test]
fn chains_lead_forward_and_link_both_ways() {
    let g = base();
    let mut links = 0;
    for (i, c) in g.cards.iter().enumerate() {
        for &t in &c.chains {
            let t = &g.cards[t as usize];
            assert!(t.age > c.age, "{} → {}", c.name, t.name);
            assert!(t.chained_from.contains(&(i as u16)));
            links += 1;
        }
    }
    assert!(links > 20, "the base game has many chains, found {links}");
}
