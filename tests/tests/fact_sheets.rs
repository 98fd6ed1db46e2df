//! The shipped expansions hold every card, board and leader their fact
//! sheet lists: the names of `cities-facts.md`'s tables (the black cards
//! of each edition, §5 and §6; the guilds, §7.1; the leaders, §9.1 and
//! §9.2) and its boards (§8, §10), compared with the compiled library.
//!
//! The fact sheets are not part of the repository: they sit in
//! `../shared/rules/` beside it, as CI places them. Without them this test
//! says so and checks nothing, unless `CI` is set, where it fails.

use std::collections::BTreeSet;
use std::path::PathBuf;

use sevenw_compiler::ir::{Game, Library};

fn library() -> Library {
    let cards = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let compiled = sevenw_compiler::check(&[cards]);
    compiled.library.expect("the shipped library compiles")
}

/// The fact sheet's text, if it is beside the repository.
fn fact_sheet(name: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/rules")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{}: {e} (CI places the fact sheets beside the repository)",
                path.display()
            );
            eprintln!("{}: {e}; the counts are not compared", path.display());
            None
        }
    }
}

/// A name as the sheet and the data may both write it: no case, no
/// apostrophe.
fn plain(name: &str) -> String {
    name.to_lowercase().replace(['\'', '’'], "")
}

/// The first cells of the tables between the line starting with `from`
/// and the next starting with any of `to`, headers left out, bold marks
/// taken off.
fn table_names(sheet: &str, from: &str, to: &[&str]) -> Vec<String> {
    let lines: Vec<&str> = sheet.lines().collect();
    let start = (lines.iter().position(|l| l.starts_with(from)))
        .unwrap_or_else(|| panic!("the sheet has no `{from}`"));
    let end = (lines[start + 1..].iter())
        .position(|l| to.iter().any(|t| l.starts_with(t)))
        .map_or(lines.len(), |k| start + 1 + k);
    lines[start..end]
        .iter()
        .filter(|l| l.starts_with("| ") && !l.starts_with("|---"))
        .filter_map(|l| l.split('|').nth(1))
        .map(|c| c.trim().replace("**", ""))
        .filter(|c| !["card", "guild", "leader", "side", ""].contains(&c.as_str()))
        .collect()
}

/// The board named by a heading (`### 8.1 Petra ("Al-Khazneh of Petra")`,
/// `### 10.1 The Great Wall (of China)`): its words before any
/// parenthesis, without a leading "The".
fn heading_board(sheet: &str, from: &str) -> String {
    let line = (sheet.lines().find(|l| l.starts_with(from)))
        .unwrap_or_else(|| panic!("the sheet has no `{from}`"));
    let words = line[from.len()..].split('(').next().unwrap_or("").trim();
    words.strip_prefix("The ").unwrap_or(words).to_string()
}

fn game<'l>(library: &'l Library, name: &str, edition: u8) -> &'l Game {
    (library.games.iter())
        .find(|g| g.name == name && g.edition == edition)
        .unwrap_or_else(|| panic!("no {name} edition {edition} in the library"))
}

/// The names (and aliases) of the cards of `games`.
fn card_names(games: &[&Game]) -> BTreeSet<String> {
    (games.iter().flat_map(|g| &g.cards))
        .flat_map(|c| std::iter::once(&c.name).chain(&c.aliases))
        .map(|n| plain(n))
        .collect()
}

fn wonder_names(games: &[&Game]) -> BTreeSet<String> {
    (games.iter().flat_map(|g| &g.wonders))
        .flat_map(|w| std::iter::once(&w.name).chain(&w.aliases))
        .map(|n| plain(n))
        .collect()
}

/// Every name of `want` is among `have`, and `want` has `count` names.
fn all_in(what: &str, want: &[String], count: usize, have: &BTreeSet<String>) {
    assert_eq!(want.len(), count, "{what}: the sheet's table: {want:?}");
    let missing: Vec<&String> = want.iter().filter(|n| !have.contains(&plain(n))).collect();
    assert!(missing.is_empty(), "{what}: not in the data: {missing:?}");
}

#[test]
fn cities_and_the_wonder_pack_hold_every_card_board_and_leader_of_the_fact_sheet() {
    let Some(sheet) = fact_sheet("cities-facts.md") else {
        return;
    };
    let library = library();
    let cities1 = game(&library, "cities", 1);
    let cities2 = game(&library, "cities", 2);

    let first = table_names(&sheet, "## 5.", &["## 6."]);
    all_in(
        "Cities 1st ed. black cards (§5)",
        &first,
        27,
        &card_names(&[cities1]),
    );
    let guilds = table_names(&sheet, "### 7.1", &["### 7.2", "## 8."]);
    all_in(
        "Cities 1st ed. guilds (§7.1)",
        &guilds,
        3,
        &card_names(&[cities1]),
    );
    assert_eq!(
        cities1.cards.len(),
        30,
        "27 black cards and 3 guilds, nothing else"
    );

    let second = table_names(&sheet, "## 6.", &["## 7."]);
    all_in(
        "Cities 2nd ed. black cards (§6)",
        &second,
        42,
        &card_names(&[cities2]),
    );
    assert_eq!(
        cities2.cards.len(),
        42,
        "42 black cards and no guild (§7.2)"
    );

    // The boards of both editions (§8).
    let boards = [
        heading_board(&sheet, "### 8.1"),
        heading_board(&sheet, "### 8.2"),
    ];
    for g in [cities1, cities2] {
        all_in("Cities boards (§8)", &boards, 2, &wonder_names(&[g]));
        assert_eq!(g.wonders.len(), 2);
    }

    // The leaders: the first edition's six with Leaders (Berenice is the
    // Leaders second edition's own Expert leader, §9.2 "Changes", dealt
    // from there), the second edition's six.
    let leaders = game(&library, "leaders", 1);
    let l1 = game(&library, "cities-leaders", 1);
    let l2 = game(&library, "cities-leaders", 2);
    let first = table_names(&sheet, "### 9.1", &["### 9.2"]);
    all_in(
        "Cities 1st ed. leaders (§9.1)",
        &first,
        6,
        &card_names(&[l1, leaders]),
    );
    let second = table_names(&sheet, "### 9.2", &["Changes vs", "## 10."]);
    all_in(
        "Cities 2nd ed. leaders (§9.2)",
        &second,
        6,
        &card_names(&[l2]),
    );

    // The Wonder Pack's four boards (§10; Abu Simbel ships with Leaders,
    // §10.4).
    let pack = game(&library, "wonder-pack", 1);
    let boards: Vec<String> = ["### 10.1", "### 10.2", "### 10.3", "### 10.4"]
        .iter()
        .map(|h| heading_board(&sheet, h))
        .collect();
    all_in(
        "Wonder Pack boards (§10)",
        &boards,
        4,
        &wonder_names(&[pack, leaders]),
    );
    for w in &pack.wonders {
        assert!(
            w.sides.len() == 2 && w.sides.iter().all(|s| !s.stages.is_empty()),
            "{}: both sides, with stages",
            w.name
        );
    }
}
