use super::*;

/// Loads one card file text in a fresh game, returning the game and the codes reported.
fn load_text(text: &str) -> (GameSrc, Vec<(Code, String)>) {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let id = sources.add(PathBuf::from("t.yaml"), text.to_string());
    let root = yaml::parse(id, text, &mut report).expect("valid YAML");
    let mut game = GameSrc::new(PathBuf::from("."), "t".into());
    Reader {
        text,
        report: &mut report,
        families: &[],
    }
    .card_file(&root, &mut game, "t.yaml");
    report.sort();
    let codes = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.clone()))
        .collect();
    (game, codes)
}

#[test]
fn reads_cards_with_every_field() {
    let (game, codes) = load_text(
        "age: 2\ncards:\n  - name: Sawmill\n    aliases: [Aserradero]\n    colour: brown\n    players: [3, 4]\n    cost: 1 coin\n    effect: produce 2 wood\n    chains: [X]\n",
    );
    assert!(codes.is_empty(), "{codes:?}");
    let c = &game.cards[0];
    assert_eq!(c.name.value, "Sawmill");
    assert_eq!(c.age.value, 2);
    assert_eq!(
        c.players.iter().map(|p| p.value).collect::<Vec<_>>(),
        [3, 4]
    );
    assert_eq!(c.effect.as_ref().unwrap().text, "produce 2 wood");
    assert!(c.effect.as_ref().unwrap().exact);
}

#[test]
fn reports_every_field_problem_at_once() {
    let (game, codes) = load_text(
        "age: 1\ncards:\n  - name: A\n    colr: brown\n  - name: B\n    colour: [blue]\n    players: 3\n  - name: C\n    colour: red\n    efect: gain 1 shield\n",
    );
    let got: Vec<Code> = codes.iter().map(|c| c.0).collect();
    assert_eq!(
        got,
        // `colr` is reported once, as unknown (suggesting `colour`), not also
        // as a missing `colour`.
        [
            Code::UnknownField,
            Code::WrongType,
            Code::WrongType,
            Code::UnknownField
        ]
    );
    assert!(codes[0].1.contains("`colr`"));
    // Every card with a name is kept, to be checked further: A without a
    // colour, B with a colour and players that are not read, C despite its
    // unknown field.
    let kept: Vec<(&str, bool, bool)> = game
        .cards
        .iter()
        .map(|c| (c.name.value.as_str(), c.colour.is_some(), c.players_ok))
        .collect();
    assert_eq!(
        kept,
        [("A", false, true), ("B", false, false), ("C", true, true)]
    );
    // B's copies are unknown, so its Age's deck cannot be counted.
    assert_eq!(game.left_out.len(), 1);
    assert_eq!(game.left_out[0].part, Part::Copies);
    assert_eq!(game.left_out[0].age, Some(1));
}

#[test]
fn a_card_without_a_name_is_left_out_with_its_text() {
    let (game, codes) = load_text(
        "age: 2\ncards:\n  - colour: red\n    chains: [Arena]\n  - just text\n  - name: C\n    colour: red\n",
    );
    assert_eq!(
        codes.iter().map(|c| c.0).collect::<Vec<_>>(),
        [Code::MissingField, Code::WrongType]
    );
    assert_eq!(game.cards.len(), 1);
    let parts: Vec<(Part, Option<i64>)> = game.left_out.iter().map(|l| (l.part, l.age)).collect();
    assert_eq!(parts, [(Part::Card, Some(2)), (Part::Card, Some(2))]);
    assert!(game.left_out[0].may_define("ARENA"));
    assert!(!game.left_out[1].may_define("Arena"));
    assert!(game.left_out[1].may_hold_age(2) && !game.left_out[1].may_hold_age(1));
}

#[test]
fn a_file_that_does_not_parse_is_scanned_for_its_age_and_cards() {
    let l = scan_left_out(
        "a.yaml",
        Some("# Age II\nage: 2   # the middle\ncards: [\n  - name: Forum\n"),
    );
    assert_eq!((l.part, l.age, l.cards), (Part::File, Some(2), true));
    assert!(l.may_define("forum") && !l.may_define("Arena"));
    let wonders = scan_left_out("w.yaml", Some("wonders:\n  - name: [Rhodes\n"));
    assert!(!wonders.cards && !wonders.may_define("Rhodes") && !wonders.may_hold_age(1));
    let unread = scan_left_out("big.yaml", None);
    assert!(unread.cards && unread.may_define("anything") && unread.may_hold_age(3));
}

#[test]
fn a_missing_field_is_reported_when_nothing_looks_like_it() {
    let (_, codes) = load_text("age: 1\ncards:\n  - name: A\n    players: [3]\n");
    assert_eq!(
        codes.iter().map(|c| c.0).collect::<Vec<_>>(),
        [Code::MissingField]
    );
    assert_eq!(codes[0].1, "a card has no `colour`");
}

#[test]
fn quoted_dsl_text_maps_to_the_file() {
    let text = "age: 1\ncards:\n  - name: A\n    colour: red\n    effect: \"gain 1 shield\"\n";
    let (game, _) = load_text(text);
    let e = game.cards[0].effect.as_ref().unwrap();
    assert!(e.exact);
    assert_eq!(&text[e.offset..e.offset + e.text.len()], "gain 1 shield");
    // An escape breaks the 1:1 mapping: positions fall back to the scalar.
    let (game, _) = load_text(
        "age: 1\ncards:\n  - name: A\n    colour: red\n    effect: \"gain\\t1 shield\"\n",
    );
    assert!(!game.cards[0].effect.as_ref().unwrap().exact);
}

#[test]
fn missing_folder_is_reported() {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let games = load(
        &[PathBuf::from("/nonexistent/cards")],
        &mut sources,
        &mut report,
    );
    assert!(games.is_empty());
    assert_eq!(report.diagnostics[0].code, Code::NoGame);
}

#[test]
fn reads_a_kinds_places_and_reports_each_field_missing() {
    let game = "game: shrines\ntitle: Shrines\nextends: duel\ntokens:\n  omen: { points: 2, category: civilian, places: { draw: 2, colour: Spirit, board: shrine } }\n  relic: { points: 0, category: civilian, places: { colour: spirit } }\n";
    let mut sources = Sources::default();
    let mut report = Report::default();
    let g = load_texts("shrines", &[("game.yaml", game)], &mut sources, &mut report);
    let e = g.expansion.expect("an expansion");
    let p = e.tokens[0].places.as_ref().expect("omen places");
    assert_eq!(
        (
            p.draw.value,
            p.colour.value.as_str(),
            p.board.value.as_str()
        ),
        (2, "Spirit", "shrine")
    );
    assert_eq!(p.loc.start, game.find("{ draw").unwrap());
    // The relic's `places` lacks `draw` and `board`: both reported, the
    // kind kept without it.
    assert_eq!(e.tokens[1].places, None);
    let missing: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.code == Code::MissingField)
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(missing.len(), 2, "{:?}", report.diagnostics);
    assert!(missing.iter().any(|m| m.contains("`draw`")), "{missing:?}");
    assert!(missing.iter().any(|m| m.contains("`board`")), "{missing:?}");
}

#[test]
fn reads_a_kinds_board_discount_and_reports_one_not_a_number() {
    let game = "game: shrines\ntitle: Shrines\nextends: duel\ntokens:\n  offering: { points: 0, category: civilian, board_discount: 3 }\n  gift: { points: 0, category: civilian, board_discount: lots }\n  relic: { points: 0, category: civilian }\n";
    let mut sources = Sources::default();
    let mut report = Report::default();
    let g = load_texts("shrines", &[("game.yaml", game)], &mut sources, &mut report);
    let e = g.expansion.expect("an expansion");
    let d = e.tokens[0]
        .board_discount
        .as_ref()
        .expect("offering discount");
    assert_eq!(d.value, 3);
    assert_eq!(d.loc.start, game.find("3 }").unwrap());
    // The gift's is no number: reported at it, the kind kept without it.
    assert_eq!(e.tokens[1].board_discount, None);
    assert_eq!(e.tokens[2].board_discount, None);
    let wrong: Vec<_> = (report.diagnostics.iter())
        .filter(|d| d.code == Code::WrongType)
        .collect();
    assert_eq!(wrong.len(), 1, "{:?}", report.diagnostics);
    assert_eq!(
        wrong[0].loc.map(|l| l.start),
        Some(game.find("lots").unwrap())
    );
    assert_eq!(report.diagnostics.len(), 1, "{:?}", report.diagnostics);
}

#[test]
fn reads_a_kinds_as_coins_and_reports_one_not_a_bool() {
    let game = "game: temple\ntitle: Temple\nextends: duel\ntokens:\n  hoard: { points: 1, category: civilian, as_coins: true }\n  stash: { points: 1, category: civilian, as_coins: lots }\n  purse: { points: 1, category: civilian, as_coins: false }\n  relic: { points: 0, category: civilian }\n";
    let mut sources = Sources::default();
    let mut report = Report::default();
    let g = load_texts("temple", &[("game.yaml", game)], &mut sources, &mut report);
    let e = g.expansion.expect("an expansion");
    let (hoard, at) = e.tokens[0].as_coins.expect("hoard as_coins");
    assert!(hoard);
    assert_eq!(at.start, game.find("true }").unwrap());
    // The stash's is no bool: reported at it, the kind kept without it.
    assert_eq!(e.tokens[1].as_coins, None);
    assert_eq!(e.tokens[2].as_coins.map(|(b, _)| b), Some(false));
    assert_eq!(e.tokens[3].as_coins, None);
    let wrong: Vec<_> = (report.diagnostics.iter())
        .filter(|d| d.code == Code::WrongType)
        .collect();
    assert_eq!(wrong.len(), 1, "{:?}", report.diagnostics);
    assert_eq!(
        wrong[0].loc.map(|l| l.start),
        Some(game.find("lots").unwrap())
    );
    assert_eq!(report.diagnostics.len(), 1, "{:?}", report.diagnostics);
}
