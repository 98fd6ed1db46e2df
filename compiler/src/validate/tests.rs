use crate::diag::Code;
use crate::testkit::{AGE1, AGE2, WONDERS, codes, resolved};

#[test]
fn the_template_set_is_clean() {
    let (game, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    assert_eq!(game.unwrap().cards.len(), 10);
}

#[test]
fn a_card_twice_in_one_age() {
    let twice = AGE1.replace("name: Yard", "name: pit");
    let (_, report) = resolved(&[("a1.yaml", &twice), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert_eq!(codes(&report), [Code::DuplicateCard]);
    assert_eq!(
        report.diagnostics[0].notes.len(),
        1,
        "points at the first definition"
    );
}

#[test]
fn the_same_name_in_two_ages_is_fine() {
    let again = AGE2.replace("name: Hall", "name: Yard");
    let (_, report) = resolved(&[
        ("a1.yaml", &AGE1.replace("chains: [Hall]", "")),
        ("a2.yaml", &again),
        ("w.yaml", WONDERS),
    ]);
    assert_eq!(codes(&report), []);
}

#[test]
fn chains_must_exist_and_lead_forward() {
    let missing = AGE1.replace("chains: [Hall]", "chains: [Hal]");
    let (_, report) = resolved(&[
        ("a1.yaml", &missing),
        ("a2.yaml", AGE2),
        ("w.yaml", WONDERS),
    ]);
    assert_eq!(codes(&report), [Code::UnknownCard]);
    assert_eq!(
        report.diagnostics[0].help.as_deref(),
        Some("did you mean `Hall`?")
    );

    let backwards = AGE1.replace("chains: [Hall]", "chains: [Yard]");
    let (_, report) = resolved(&[
        ("a1.yaml", &backwards),
        ("a2.yaml", AGE2),
        ("w.yaml", WONDERS),
    ]);
    assert_eq!(codes(&report), [Code::ChainBackwards]);
}

#[test]
fn deck_sizes_for_every_player_count() {
    let short = AGE1.replace(
        "players: [3, 3]\n    effect: gain 2 vp",
        "players: [3, 4]\n    effect: gain 2 vp",
    );
    let (_, report) = resolved(&[("a1.yaml", &short), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert_eq!(codes(&report), [Code::DeckSize]);
    let help = report.diagnostics[0].help.as_deref().unwrap();
    assert!(
        help.starts_with("3 players: 5 cards instead of 6;"),
        "{help}"
    );
}

#[test]
fn too_few_guilds() {
    let fewer = AGE2.replace(
        "  - name: Traders\n    colour: purple\n    effect: trade raw at 1 from left\n",
        "",
    );
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", &fewer), ("w.yaml", WONDERS)]);
    // 4 guilds for 4 + 1 = 5 drawn: the deck is short too (files in name
    // order, as in a folder: a1.yaml's deck before game.yaml's guild rule).
    assert_eq!(codes(&report), [Code::DeckSize, Code::TooFewGuilds]);
}

#[test]
fn player_counts_and_ages_in_range() {
    let bad = AGE1.replacen("players: [3, 3, 4]", "players: [2, 9, 3]", 1);
    let (_, report) = resolved(&[("a1.yaml", &bad), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert_eq!(
        codes(&report),
        [Code::DeckSize, Code::BadValue, Code::BadValue]
    );
    let (_, report) = resolved(&[
        ("a1.yaml", &AGE1.replace("age: 1", "age: 7")),
        ("a2.yaml", AGE2),
        ("w.yaml", WONDERS),
    ]);
    assert!(codes(&report).contains(&Code::BadValue));
}

#[test]
fn malformed_wonders() {
    let no_stages = "wonders:\n  - name: Tower\n    sides:\n      A:\n        stages: []\n";
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", no_stages)]);
    assert_eq!(codes(&report), [Code::BadWonder]);
    let no_effect = "wonders:\n  - name: Tower\n    sides:\n      A:\n        stages:\n          - cost: 2 wood\n";
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", no_effect)]);
    assert_eq!(codes(&report), [Code::BadWonder]);
    let twice = format!("{WONDERS}{}", WONDERS.trim_start_matches("wonders:\n"));
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", &twice)]);
    assert_eq!(codes(&report), [Code::DuplicateWonder]);
}

/// A side whose stages have levels is read by the base family (built in
/// any order within a level), up to 64 stages: the runtime keeps which are
/// built as the bits of one number.
#[test]
fn levels_in_the_base_family_up_to_64_stages() {
    let side = |n: usize| {
        let stages: String = (0..n)
            .map(|i| {
                format!(
                    "          - {{cost: wood, level: {}, effect: gain 1 vp}}\n",
                    1 + i / 2
                )
            })
            .collect();
        format!("wonders:\n  - name: Tower\n    sides:\n      A:\n        stages:\n{stages}")
    };
    for (n, want) in [(4, vec![]), (64, vec![]), (65, vec![Code::BadWonder])] {
        let w = side(n);
        let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", &w)]);
        assert_eq!(codes(&report), want, "{n} stages");
    }
}

#[test]
fn warnings_for_no_effect_and_alias_clash() {
    let plain = AGE1.replace("    effect: gain 2 vp\n", "    aliases: [pit]\n");
    let (game, report) = resolved(&[("a1.yaml", &plain), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert_eq!(codes(&report), [Code::NoEffect, Code::AliasClash]);
    assert!(game.is_some());
}

#[test]
fn a_broken_file_skips_only_the_checks_it_could_change() {
    // Age II fails to parse: its deck is not counted, and Hall (a chain
    // target of Age I) may stand in it, so no noise about either.
    let broken = "age: 2\ncards: [\n  - name: Hall\n";
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", broken), ("w.yaml", WONDERS)]);
    assert_eq!(codes(&report), [Code::YamlSyntax]);
    let help = report.diagnostics[0].help.as_deref().unwrap();
    assert!(help.contains("the Age 2 deck is not counted"), "{help}");
    // The Age I deck and a chain to a name the broken file never mentions
    // are still checked, and say what they were checked without.
    let age1 = AGE1
        .replace("players: [3, 3]", "players: [3]")
        .replace("chains: [Hall]", "chains: [Hall, Arena]");
    let (_, report) = resolved(&[("a1.yaml", &age1), ("a2.yaml", broken), ("w.yaml", WONDERS)]);
    assert_eq!(
        codes(&report),
        [Code::DeckSize, Code::UnknownCard, Code::YamlSyntax]
    );
    for d in &report.diagnostics[..2] {
        let help = d.help.as_deref().unwrap();
        assert!(
            help.ends_with("checked without `t/a2.yaml` (left out, see its own report)"),
            "{help}"
        );
    }
}

#[test]
fn a_card_with_an_unknown_colour_is_still_checked() {
    // Its chain, its player counts and its Age's deck are all checked.
    let age1 = AGE1.replace(
        "    colour: blue\n    players: [3, 3]",
        "    colour: bleu\n    players: [3, 9]\n    chains: [Arena]",
    );
    let (_, report) = resolved(&[("a1.yaml", &age1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert_eq!(
        codes(&report),
        [
            Code::DeckSize,
            Code::UnknownName,
            Code::BadValue,
            Code::UnknownCard
        ]
    );
    // A guild with a misspelt colour still counts as a guild of Age II.
    let age2 = AGE2.replace(
        "  - name: Sages\n    colour: purple",
        "  - name: Sages\n    colour: purpel",
    );
    let (_, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", &age2), ("w.yaml", WONDERS)]);
    assert_eq!(codes(&report), [Code::UnknownName]);
}

/// A two-player game laid out in figures: 3 cards laid out, 1 set aside, and
/// 1 guild drawn in Age 1.
fn laid_out(cards: &str) -> Vec<Code> {
    let vocab = "game: t\ntitle: T\nfamily: duel\nplayers: [2, 2]\nages: 1\nstart_coins: 7\nlayout: 3\nset_aside: 1\n\
        figures: [[\"U U U\"]]\n\
        resources: { raw: [wood] }\nscience: [wheel]\ncolours: [brown, purple]\ncategories: [points]\n\
        vp_category: { purple: points }\ntradable: [brown]\nscopes: { self: 0, opponent: 1 }\n\
        counters: [card, coin]\nwords: [produce, gain]\ntriggers: []\nguilds: { colour: purple, age: 1, count: 1 }\n";
    let mut sources = crate::source::Sources::default();
    let mut report = crate::diag::Report::default();
    let src = crate::load::load_texts(
        "t",
        &[("game.yaml", vocab), ("c.yaml", cards)],
        &mut sources,
        &mut report,
    );
    let ast = crate::parse::parse(src, &mut report);
    if let Some(g) = crate::resolve::resolve(ast, &mut report) {
        super::validate(&g, &mut report);
    }
    report.sort();
    codes(&report)
}

#[test]
fn laid_out_ages_hold_layout_plus_set_aside() {
    let ok = "age: 1\ncards:\n  - name: A\n    colour: brown\n    players: [2, 2, 2]\n    effect: produce wood\n  \
        - name: G\n    colour: purple\n    effect: gain 1 vp per 3 coins in the city with the most\n  \
        - name: H\n    colour: purple\n    effect: gain 1 vp per brown card in the city with the most\n";
    assert_eq!(laid_out(ok), []);
    // One card short: 3 dealt + 1 guild drawn = 4, and 4 are needed.
    let short = ok.replace("players: [2, 2, 2]", "players: [2, 2]");
    assert_eq!(laid_out(&short), [Code::DeckSize]);
    // A guild rule drawing more than there are.
    let no_guilds = "age: 1\ncards:\n  - name: A\n    colour: brown\n    players: [2, 2, 2, 2]\n    effect: produce wood\n";
    assert_eq!(laid_out(no_guilds), [Code::TooFewGuilds]);
}

#[test]
fn a_count_per_zero_things_is_refused() {
    let bad = "age: 1\ncards:\n  - name: A\n    colour: brown\n    players: [2, 2, 2]\n    effect: gain 1 vp per 0 coins\n  \
        - name: G\n    colour: purple\n    effect: gain 1 vp\n";
    assert_eq!(laid_out(bad), [Code::BadValue]);
}

#[test]
fn a_game_name_unlike_its_folder_does_not_stop_the_card_checks() {
    let vocab = crate::testkit::VOCAB.replace("game: t\n", "game: other\n");
    let age1 = AGE1.replace("produce clay", "produce cley");
    let mut sources = crate::source::Sources::default();
    let mut report = crate::diag::Report::default();
    let src = crate::load::load_texts(
        "t",
        &[
            ("game.yaml", &vocab),
            ("a1.yaml", &age1),
            ("a2.yaml", AGE2),
            ("w.yaml", WONDERS),
        ],
        &mut sources,
        &mut report,
    );
    let ast = crate::parse::parse(src, &mut report);
    let game = crate::resolve::resolve(ast, &mut report).expect("a vocabulary");
    super::validate(&game, &mut report);
    report.sort();
    // a1.yaml's unknown name, then game.yaml's name: files in name order.
    assert_eq!(codes(&report), [Code::UnknownName, Code::BadValue]);
}

/// The template set against limits at its counts and one below them: the
/// thing one past the limit is reported at its place, nothing at the limit.
#[test]
fn limits_at_the_count_and_one_past_it() {
    use crate::diag::Report;
    use crate::validate::{Limits, limits};
    let (game, report) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
    assert!(report.diagnostics.is_empty());
    let game = game.unwrap();
    let cards = game.cards.len();
    // One wonder of one side of two stages: `small` at 2 holds all.
    let at = Limits { cards, small: 2 };
    let mut r = Report::default();
    limits(&game, at, &mut r);
    assert_eq!(codes(&r), []);
    let mut r = Report::default();
    limits(
        &game,
        Limits {
            cards: cards - 1,
            small: 2,
        },
        &mut r,
    );
    assert_eq!(codes(&r), [Code::InputLimit]);
    let d = &r.diagnostics[0];
    assert_eq!(
        d.loc,
        Some(game.cards[cards - 1].name.loc),
        "at the card one past"
    );
    assert!(
        d.message
            .contains(&format!("holds {cards} cards; at most {}", cards - 1))
    );
    // Stages: the second stage is one past a limit of 1 (and the one wonder
    // and its one side are at it).
    let mut r = Report::default();
    limits(&game, Limits { cards, small: 1 }, &mut r);
    assert_eq!(codes(&r), [Code::InputLimit]);
    assert_eq!(
        r.diagnostics[0].loc,
        Some(game.wonders[0].sides[0].stages[1].loc)
    );
    // Nothing: no wonder at all is one past 0.
    let mut r = Report::default();
    limits(&game, Limits { cards, small: 0 }, &mut r);
    assert_eq!(r.diagnostics[0].loc, Some(game.wonders[0].name.loc));
}
