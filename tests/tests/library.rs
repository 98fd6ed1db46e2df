//! The shipped card library compiles with no error and no warning and gives
//! the published counts of the 7 Wonders base game (first edition).

use sevenw_compiler::ir::{Call, Card, Game, Op};
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

/// Every game names its family, and an expansion is played by its game's.
#[test]
fn each_game_and_expansion_names_its_family() {
    let families: Vec<(String, String)> = library()
        .games
        .iter()
        .map(|g| (format!("{} {}", g.name, g.edition), g.family.clone()))
        .collect();
    let want = [
        ("agora 1", "duel"),
        ("architects 1", "architects"),
        ("base 1", "base"),
        ("base 2", "base"),
        ("cities 1", "base"),
        ("cities-leaders 1", "base"),
        ("cities-leaders 2", "base"),
        ("cities 2", "base"),
        ("duel 1", "duel"),
        ("edifice 1", "base"),
        ("leaders 1", "base"),
        ("pantheon 1", "duel"),
        ("pantheon-agora 1", "duel"),
        ("wonder-pack 1", "base"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(g, f)| (g.to_string(), f.to_string()))
        .collect();
    assert_eq!(families, want);
}

fn is_guild(g: &Game, c: &Card) -> bool {
    g.guilds
        .as_ref()
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
    let rule = g.guilds.clone().unwrap();
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

fn duel() -> Game {
    library()
        .games
        .into_iter()
        .find(|g| g.name == "duel")
        .expect("the Duel game")
}

#[test]
fn duel_card_counts() {
    let g = duel();
    assert_eq!((g.min_players, g.max_players), (2, 2));
    let non_guild = |age: u8| {
        g.cards
            .iter()
            .filter(|c| c.age == age && !is_guild(&g, c))
            .count()
    };
    assert_eq!([non_guild(1), non_guild(2), non_guild(3)], [23, 23, 20]);
    assert_eq!(g.cards.iter().filter(|c| is_guild(&g, c)).count(), 7);
    assert_eq!(g.cards.len(), 73, "all 73 structures");
    // Each Age: 20 laid out after 3 set aside; Age III with 3 of the 7 guilds.
    assert_eq!((g.layout, g.set_aside, g.hand_size), (20, 3, 0));
    let rule = g.guilds.clone().unwrap();
    assert_eq!((rule.age, rule.per_player, rule.extra), (3, false, 3));
    assert_eq!(g.wonders.len(), 12);
    assert!(
        g.wonders
            .iter()
            .all(|w| w.sides.len() == 1 && w.sides[0].stages.len() == 1)
    );
    assert_eq!(g.progress.len(), 10);
    let track = g.conflict.as_ref().expect("a conflict track");
    assert_eq!(
        (
            track.capital,
            track.zones.as_slice(),
            track.tokens.as_slice()
        ),
        (9, &[(1, 2), (3, 5), (6, 10)][..], &[(3, 2), (6, 5)][..])
    );
    // Six green symbols, each on two cards, plus Law on a token.
    let law = g.symbols.iter().position(|s| s == "law").unwrap() as u32;
    let science: Vec<u32> = g
        .cards
        .iter()
        .flat_map(|c| &c.effects)
        .filter_map(|e| Call::of(&e.op, "science")?.bits("options"))
        .collect();
    assert_eq!(science.len(), 12);
    for s in 0..6u32 {
        assert_eq!(
            science.iter().filter(|&&o| o == 1 << s).count(),
            2,
            "symbol {}",
            g.symbols[s as usize]
        );
    }
    assert!(g.progress.iter().any(|t| {
        t.effects
            .iter()
            .any(|e| Call::of(&e.op, "science").and_then(|c| c.bits("options")) == Some(1 << law))
    }));
}

#[test]
fn duel_chains_lead_forward() {
    let g = duel();
    let links: usize = g.cards.iter().map(|c| c.chains.len()).sum();
    assert_eq!(links, 17, "the rulebook's chain symbols");
    for c in &g.cards {
        for &t in &c.chains {
            assert!(g.cards[t as usize].age > c.age);
        }
    }
}

/// 7 Wonders Architects: 235 cards with 8 backs (a deck of 25 per wonder and
/// 60 central), the published totals per kind, 15 progress tokens, and every
/// wonder built from the five costs once (architects-facts.md §1, §4).
#[test]
fn architects_counts() {
    let g = library()
        .games
        .into_iter()
        .find(|g| g.name == "architects")
        .expect("Architects");
    assert_eq!(g.family, "architects");
    assert_eq!(g.decks.len(), 8, "a deck per wonder and the central deck");
    let size = |d: &sevenw_compiler::ir::Deck| -> usize {
        d.cards.iter().map(|&(_, n)| usize::from(n)).sum()
    };
    for d in &g.decks {
        let want = if d.wonder.is_some() { 25 } else { 60 };
        assert_eq!(size(d), want, "{}", d.name);
    }
    assert_eq!(g.decks.iter().map(size).sum::<usize>(), 235);
    // Totals of each kind over every deck (X's table: 27 coins, 24 cat
    // cards, 16 three-VP cards, red 18/15/8 by horns, 14 per symbol, 17 per
    // resource).
    let total = |name: &str| -> usize {
        let i = g.cards.iter().position(|c| c.name == name).expect(name) as u16;
        g.decks
            .iter()
            .flat_map(|d| &d.cards)
            .filter(|&&(c, _)| c == i)
            .map(|&(_, n)| usize::from(n))
            .sum()
    };
    for (name, n) in [
        ("Coin", 27),
        ("Cat", 24),
        ("Laurel", 16),
        ("Centurion", 18),
        ("Barbarian", 15),
        ("Archer", 8),
        ("Compass", 14),
        ("Gear", 14),
        ("Tablet", 14),
        ("Wood", 17),
        ("Stone", 17),
        ("Clay", 17),
        ("Papyrus", 17),
        ("Glass", 17),
    ] {
        assert_eq!(total(name), n, "{name}");
    }
    assert_eq!(
        g.progress
            .iter()
            .map(|t| usize::from(t.copies))
            .sum::<usize>(),
        15
    );
    // Every wonder: the five costs once, levels rising from 1, and its VP.
    let mut vps = Vec::new();
    for w in &g.wonders {
        let s = &w.sides[0];
        let mut costs: Vec<(u8, bool)> = s.stages.iter().filter_map(|st| st.pattern).collect();
        costs.sort();
        assert_eq!(
            costs,
            [(2, false), (2, true), (3, false), (3, true), (4, false)],
            "{}",
            w.name
        );
        assert_eq!(s.stages[0].level, 1);
        assert!(s.stages.windows(2).all(|p| p[1].level >= p[0].level));
        let vp: i32 = s
            .stages
            .iter()
            .flat_map(|st| &st.effects)
            .filter_map(|e| match e.op {
                Op::Vp { n, .. } => Some(n),
                _ => None,
            })
            .sum();
        vps.push((w.name.as_str(), vp));
    }
    assert_eq!(
        vps,
        [
            ("Alexandria", 25),
            ("Babylon", 20),
            ("Ephesus", 22),
            ("Giza", 30),
            ("Halicarnassus", 24),
            ("Olympia", 22),
            ("Rhodes", 26)
        ]
    );
    let b = g.battles.expect("battles");
    assert_eq!(b.tokens, [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6), (7, 6)]);
    assert_eq!((b.vp, g.cat_vp), (3, 2));
}

/// The tiny expansion `dsl/DSL.md` shows a designer ("Editions and
/// expansions") checks clean against the shipped base game: the guide's
/// example is kept true.
#[test]
fn the_guides_expansion_example_checks() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let guide = std::fs::read_to_string(root.join("dsl/DSL.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("sevenw-guide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (base, guests) = (dir.join("base"), dir.join("guests"));
    std::fs::create_dir_all(&base).unwrap();
    std::fs::create_dir_all(&guests).unwrap();
    for e in std::fs::read_dir(root.join("cards/base")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "yaml") {
            std::fs::copy(&p, base.join(p.file_name().unwrap())).unwrap();
        }
    }
    // Every ```yaml block whose first line is `# cards/guests/FILE`.
    let mut files = 0;
    for block in guide.split("```yaml\n").skip(1) {
        let text = &block[..block.find("```").unwrap()];
        if let Some(file) = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# cards/guests/"))
            .and_then(|l| l.split_whitespace().next())
        {
            std::fs::write(guests.join(file), text).unwrap();
            files += 1;
        }
    }
    assert_eq!(files, 2, "the guide shows game.yaml and one card file");
    let compiled = sevenw_compiler::check(std::slice::from_ref(&dir));
    let rendered = compiled.report.render(&compiled.sources, false);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
    let library = compiled.library.unwrap();
    let g = library.games.iter().find(|g| g.name == "guests").unwrap();
    assert_eq!(g.extends.as_deref(), Some("base"));
    assert_eq!(g.cards.len(), 3);
    assert!(g.cards.iter().all(|c| c.age == 0));
    assert_eq!(g.cards.iter().filter(|c| c.expert).count(), 1);
}

/// A game with all its expansions in play must fit the runtime's indices:
/// at the limit nothing is reported; one under the total, the expansion's
/// thing one past it is (`tests/fixtures/gen/family`: town, its second
/// edition, and the expansions guests and visitors).
#[test]
fn a_game_with_all_its_expansions_fits_the_limits() {
    use sevenw_compiler::diag::{Code, Report};
    use sevenw_compiler::validate::{Limits, family_limits};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/gen/family");
    let a = sevenw_compiler::analyse(&[dir], &Default::default(), &Default::default());
    assert!(!a.report.has_errors());
    let game = |n: &str| {
        a.games
            .iter()
            .find(|g| g.vocab.game == n && g.vocab.edition == 1)
            .unwrap()
    };
    let (guests, visitors) = (game("guests"), game("visitors"));
    let edition_cards = a
        .games
        .iter()
        .filter(|g| g.vocab.game == "town")
        .map(|g| g.cards.len())
        .max()
        .unwrap();
    let cards = edition_cards + guests.cards.len() + visitors.cards.len();
    let town_wonders = a
        .games
        .iter()
        .filter(|g| g.vocab.game == "town")
        .map(|g| g.wonders.len())
        .max()
        .unwrap();
    let wonders = town_wonders + guests.wonders.len() + visitors.wonders.len();
    assert!(!guests.cards.is_empty() && !visitors.wonders.is_empty());
    assert!(a.games.iter().all(|g| g.progress.is_empty()));
    let run = |max: Limits| {
        let mut r = Report::default();
        family_limits(&a.games, max, &mut r);
        r
    };
    let at = Limits {
        cards,
        small: wonders,
    };
    assert!(run(at).diagnostics.is_empty());
    // One card fewer: the last expansion card (guests, the last with cards).
    let r = run(Limits {
        cards: cards - 1,
        ..at
    });
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(r.diagnostics[0].code, Code::InputLimit);
    assert_eq!(
        r.diagnostics[0].loc,
        Some(guests.cards.last().unwrap().name.loc)
    );
    // One wonder fewer: visitors' last wonder.
    let r = run(Limits {
        small: wonders - 1,
        ..at
    });
    assert_eq!(r.diagnostics.len(), 1);
    assert_eq!(
        r.diagnostics[0].loc,
        Some(visitors.wonders.last().unwrap().name.loc)
    );
}

/// The compiler refuses a set past the limits a city keeps of declared
/// tokens (kinds, Ages a kind is scored by, kinds taking coins off a
/// board's price), so the runtime's must be
/// the same: a set the compiler accepts is never refused, nor cut, when
/// played.
#[test]
fn the_limits_on_declared_tokens_are_the_runtime_s() {
    use sevenw_runtime::engine::city;
    assert_eq!(
        sevenw_compiler::vocab::MAX_TOKEN_KINDS,
        city::MAX_TOKEN_KINDS
    );
    assert_eq!(sevenw_compiler::vocab::MAX_TOKEN_AGES, city::MAX_TOKEN_AGES);
    assert_eq!(
        sevenw_compiler::vocab::MAX_DISCOUNT_KINDS,
        city::MAX_BOARD_DISCOUNTS
    );
}
