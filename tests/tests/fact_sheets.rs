//! The shipped expansions hold every card, board and leader their fact
//! sheet lists: the names of `cities-facts.md`'s tables (the black cards
//! of each edition, §5 and §6; the guilds, §7.1; the leaders, §9.1 and
//! §9.2) and its boards (§8, §10), and the divinities, Grand Temples,
//! wonders, progress tokens, tokens and board of
//! `duel-expansions-facts.md` Part 1 (Pantheon), compared with the
//! compiled library.
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

/// The lines from the one starting with `from` to the next starting with
/// any of `to` (or the sheet's end), that one left out.
fn section<'s>(sheet: &'s str, from: &str, to: &[&str]) -> Vec<&'s str> {
    let lines: Vec<&str> = sheet.lines().collect();
    let start = (lines.iter().position(|l| l.starts_with(from)))
        .unwrap_or_else(|| panic!("the sheet has no `{from}`"));
    let end = (lines[start + 1..].iter())
        .position(|l| to.iter().any(|t| l.starts_with(t)))
        .map_or(lines.len(), |k| start + 1 + k);
    lines[start..end].to_vec()
}

/// The first cells of the tables between the line starting with `from`
/// and the next starting with any of `to`, headers left out, bold marks
/// taken off.
fn table_names(sheet: &str, from: &str, to: &[&str]) -> Vec<String> {
    section(sheet, from, to)
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

/// The cells of column `col` (from 0) of the tables between the line
/// starting with `from` and the next starting with any of `to`, each
/// table's header row left out, bold marks taken off, empty cells too.
fn table_column(sheet: &str, from: &str, to: &[&str], col: usize) -> Vec<String> {
    let lines = section(sheet, from, to);
    (0..lines.len())
        .filter(|&i| lines[i].starts_with("| ") && !lines[i].starts_with("|---"))
        .filter(|&i| !lines.get(i + 1).is_some_and(|n| n.starts_with("|---")))
        .filter_map(|i| lines[i].split('|').nth(col + 1))
        .map(|c| c.trim().replace("**", ""))
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn pantheon_holds_every_divinity_temple_wonder_token_and_space_of_the_fact_sheet() {
    let Some(sheet) = fact_sheet("duel-expansions-facts.md") else {
        return;
    };
    let library = library();
    let pantheon = game(&library, "pantheon", 1);
    let cards = card_names(&[pantheon]);

    // The 15 divinities and the Gate (§1.6), their mythologies' colours.
    let divinities = table_column(&sheet, "## 1.6", &["## 1.7"], 1);
    all_in("divinities and the Gate (§1.6)", &divinities, 16, &cards);
    let colour = |name: &str| {
        let card = (pantheon.cards.iter())
            .find(|c| plain(&c.name) == plain(name))
            .unwrap_or_else(|| panic!("{name}: not in the data"));
        pantheon.colours[usize::from(card.colour)].clone()
    };
    let mythologies = table_column(&sheet, "## 1.6", &["## 1.7"], 0);
    let mut mythology = String::new();
    for (row, name) in divinities.iter().enumerate() {
        // A mythology is named on its first row only: `Mesopotamian (green)`.
        let cell = sheet_row_first_cell(&sheet, name);
        if !cell.is_empty() && cell != "—" {
            mythology = cell.split_whitespace().next().unwrap().to_lowercase();
        }
        let want = if cell == "—" {
            "gate"
        } else {
            mythology.as_str()
        };
        assert_eq!(colour(name), want, "{name} (row {row}) of {mythologies:?}");
    }

    // The 5 Grand Temples (§1.8): `Mesopotamian` is the Mesopotamian Grand
    // Temple; 3 of them in Age III in place of the Guilds.
    let temples: Vec<String> = table_column(&sheet, "| Grand Temple |", &["## 1.9"], 0)
        .iter()
        .map(|m| format!("{m} Grand Temple"))
        .collect();
    all_in("Grand Temples (§1.8)", &temples, 5, &cards);
    let guilds = pantheon.guilds.as_ref().expect("a guild rule of its own");
    assert_eq!(
        (guilds.age, guilds.per_player, guilds.extra),
        (3, false, 3),
        "3 Grand Temples in Age III"
    );
    assert_eq!(
        pantheon.cards.len(),
        16 + 5,
        "the divinities, the Gate, the temples"
    );

    // The wonders (§1.7) and the progress tokens (§1.10).
    let wonders = table_column(&sheet, "## 1.7", &["## 1.8"], 0);
    all_in("wonders (§1.7)", &wonders, 2, &wonder_names(&[pantheon]));
    assert_eq!(pantheon.wonders.len(), 2);
    let tokens = table_column(&sheet, "## 1.10", &["## 1.11"], 0);
    let progress: BTreeSet<String> = pantheon.progress.iter().map(|p| plain(&p.name)).collect();
    all_in("progress tokens (§1.10)", &tokens, 3, &progress);
    assert_eq!(pantheon.progress.len(), 3);

    // 10 Mythology tokens, 2 per mythology, 5 of them laid on Age I; 3
    // Offering tokens of 2, 3 and 4 coins laid on Age II (§1.1, §1.2).
    let kind = |i: u8| &pantheon.tokens[usize::from(i)];
    let [age1, age2] = &pantheon.figure_tokens[..] else {
        panic!("tokens laid on Ages I and II: {:?}", pantheon.figure_tokens);
    };
    assert_eq!((age1.age, age1.slots.len(), age1.from.len()), (1, 5, 10));
    let mut per_mythology = std::collections::BTreeMap::new();
    for &t in &age1.from {
        let places = kind(t)
            .places
            .as_ref()
            .expect("a Mythology token lays a divinity");
        let colour = &pantheon.colours[usize::from(places.colour)];
        *per_mythology.entry(colour.clone()).or_insert(0) += 1;
        assert_eq!((places.draw, places.board.as_str()), (2, "pantheon"));
        assert_eq!(kind(t).chains.len(), 1, "one Grand Temple per mythology");
    }
    assert_eq!(per_mythology.len(), 5, "{per_mythology:?}");
    assert!(per_mythology.values().all(|&n| n == 2), "{per_mythology:?}");
    assert_eq!((age2.age, age2.slots.len()), (2, 3));
    let mut offerings: Vec<u8> = age2.from.iter().map(|&t| kind(t).board_discount).collect();
    offerings.sort();
    assert_eq!(offerings, [2, 3, 4], "the Offering tokens (§1.1)");

    // The board's 6 spaces, each pair of prices adding up to 11, 3 to 8
    // from the end nearest a player; open from Age II, the Gate filling its
    // empty space then (§1.4, §1.5).
    let [board] = &pantheon.boards[..] else {
        panic!("one board: {:?}", pantheon.boards);
    };
    assert_eq!(board.spaces.len(), 6);
    assert!(board.spaces.iter().all(|[a, b]| a + b == 11));
    let mine: Vec<u8> = board.spaces.iter().map(|s| s[1]).collect();
    assert_eq!(mine, [3, 4, 5, 6, 7, 8]);
    assert_eq!(board.open, [2, 3]);
    assert_eq!(board.fill.len(), 1);
    assert_eq!(pantheon.colours[usize::from(board.fill[0].colour)], "gate");
    assert_eq!(board.fill[0].age, 2);
}

/// The first cell of the table row whose second cell is `name`.
fn sheet_row_first_cell(sheet: &str, name: &str) -> String {
    (sheet.lines())
        .find(|l| l.split('|').nth(2).is_some_and(|c| c.trim() == name))
        .and_then(|l| l.split('|').nth(1))
        .map(|c| c.trim().to_string())
        .unwrap_or_else(|| panic!("no row for {name}"))
}

/// The colour of `card`, a card of `g`, by name.
fn colour_name<'g>(g: &'g Game, card: &sevenw_compiler::ir::Card) -> &'g str {
    &g.colours[usize::from(card.colour)]
}

/// The cards of `g` of the colour `colour`.
fn cards_of<'g>(g: &'g Game, colour: &str) -> Vec<&'g sevenw_compiler::ir::Card> {
    (g.cards.iter())
        .filter(|c| colour_name(g, c) == colour)
        .collect()
}

/// The card of `g` named `name` (no case, no apostrophe).
fn card_named<'g>(g: &'g Game, name: &str) -> &'g sevenw_compiler::ir::Card {
    (g.cards.iter())
        .find(|c| plain(&c.name) == plain(name))
        .unwrap_or_else(|| panic!("{name}: not in the data"))
}

#[test]
fn agora_holds_every_senator_conspiracy_decree_wonder_and_token_of_the_fact_sheet() {
    let Some(sheet) = fact_sheet("duel-expansions-facts.md") else {
        return;
    };
    let library = library();
    let agora = game(&library, "agora", 1);
    let cards = card_names(&[agora]);

    // The 16 Conspiracies (§2.7), cards of no Age of the schemes' colour;
    // those whose "+ move?" cell says yes (or "built in", Political
    // Maneuver) may move a cube, the others may not.
    let conspiracies = table_column(&sheet, "## 2.7", &["## 2.8"], 1);
    all_in("Conspiracies (§2.7)", &conspiracies, 16, &cards);
    let riders = table_column(&sheet, "## 2.7", &["## 2.8"], 3);
    assert_eq!(riders.len(), 16, "the + move column: {riders:?}");
    for (name, rider) in conspiracies.iter().zip(&riders) {
        let card = card_named(agora, name);
        assert_eq!(colour_name(agora, card), "conspiracy", "{name}");
        assert_eq!(card.age, 0, "{name}: a card of no Age");
        let moves = (card.effects.iter())
            .any(|e| sevenw_compiler::ir::Call::of(&e.op, "move influence").is_some());
        let want = rider.starts_with("yes") || rider.starts_with("(built in)");
        assert_eq!(moves, want, "{name}: + move is `{rider}`");
    }
    assert_eq!(cards_of(agora, "conspiracy").len(), 16);
    let schemes = agora
        .schemes
        .as_ref()
        .expect("the Conspiracies are schemes");
    assert_eq!(agora.colours[usize::from(schemes.colour)], "conspiracy");

    // The 16 Decrees (§2.8), named by BGA's numbers, the table's first
    // column.
    let decrees: Vec<String> = table_column(&sheet, "## 2.8", &["## 2.9"], 0)
        .iter()
        .map(|n| format!("Decree {n}"))
        .collect();
    all_in("Decrees (§2.8)", &decrees, 16, &cards);
    for name in &decrees {
        assert_eq!(
            colour_name(agora, card_named(agora, name)),
            "decree",
            "{name}"
        );
    }
    assert_eq!(cards_of(agora, "decree").len(), 16);

    // The 13 senators: 7 Politicians and 6 Conspirators (§2.1), cards of
    // no Age shuffled together, 5 drawn into Age I, 5 into Age II and 3
    // into Age III (§2.2 item 5), from one pool of both kinds.
    let politicians = cards_of(agora, "politician");
    let conspirators = cards_of(agora, "conspirator");
    assert_eq!((politicians.len(), conspirators.len()), (7, 6));
    assert!(politicians.iter().chain(&conspirators).all(|c| c.age == 0));
    let draws: Vec<(u8, bool, u8)> = (agora.draws.iter())
        .map(|d| (d.age, d.per_player, d.extra))
        .collect();
    assert_eq!(draws, [(1, false, 5), (2, false, 5), (3, false, 3)]);
    for d in &agora.draws {
        let colours: Vec<&str> = (d.colours.iter())
            .map(|&c| agora.colours[usize::from(c)].as_str())
            .collect();
        assert_eq!(colours, ["politician", "conspirator"], "Age {}", d.age);
    }

    // The Senate (§2.1, §2.5, §2.12): six chambers worth 1-2-3-3-2-1, 12
    // cubes each, political supremacy; a Decree on each chamber, those of
    // chambers 2, 4 and 6 face down (BGA's, §2.2 item 2).
    let senate = agora.senate.as_ref().expect("a senate");
    assert_eq!(senate.chambers, [1, 2, 3, 3, 2, 1]);
    assert_eq!(senate.cubes, 12);
    assert!(senate.supremacy);
    assert_eq!(agora.categories[usize::from(senate.category)], "senate");
    let decree_colour = senate.decrees.expect("Decrees on the chambers");
    assert_eq!(agora.colours[usize::from(decree_colour)], "decree");
    assert_eq!(senate.face_down, [1, 3, 5], "chambers 2, 4 and 6, from 0");

    // The 4 military tokens (§2.9): two cards, each on both sides, on
    // squares 3 and 6, where Duel's coin tokens lie.
    let military = agora
        .military_tokens
        .as_ref()
        .expect("military tokens that act");
    assert_eq!(military.at, [3, 6]);
    let duel = game(&library, "duel", 1);
    let duel_squares: Vec<u8> = (duel.conflict.as_ref().expect("Duel's track").tokens.iter())
        .map(|&(square, _)| square)
        .collect();
    assert_eq!(military.at, duel_squares);
    let military_colour = agora.colours[usize::from(military.colour)].as_str();
    assert_eq!(cards_of(agora, military_colour).len(), 2);

    // No other card.
    assert_eq!(agora.cards.len(), 16 + 16 + 13 + 2);

    // The wonders (§2.10) and the progress tokens (§2.11).
    let wonders = table_column(&sheet, "## 2.10", &["## 2.11"], 0);
    all_in("wonders (§2.10)", &wonders, 2, &wonder_names(&[agora]));
    assert_eq!(agora.wonders.len(), 2);
    let tokens = table_column(&sheet, "## 2.11", &["## 2.12"], 0);
    let progress: BTreeSet<String> = agora.progress.iter().map(|p| plain(&p.name)).collect();
    all_in("progress tokens (§2.11)", &tokens, 2, &progress);
    assert_eq!(agora.progress.len(), 2);
}
