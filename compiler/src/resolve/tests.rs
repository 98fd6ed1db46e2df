use super::*;
use crate::ir::Arg;
use crate::load::load_texts;
use crate::source::Sources;

/// The test vocabulary without free builds or `once per age`, so that those
/// can be tried as words the game does not allow.
fn vocab() -> String {
    crate::testkit::VOCAB
        .replace(
            "words: [produce, gain, science, trade, copy, build free]",
            "words: [produce, gain, science, trade, copy]",
        )
        .replace(
            "triggers: [at game end, when built, once per age]",
            "triggers: [at game end, when built]",
        )
}

/// Resolves one card with this effect text; the codes reported, and its effects.
fn resolve_effect(effect: &str) -> (Vec<Code>, Vec<Effect>) {
    resolve_with(&vocab(), effect)
}

fn ok(effect: &str) -> Vec<Action> {
    let (codes, effects) = resolve_effect(effect);
    assert!(codes.is_empty(), "{effect}: {codes:?}");
    effects.into_iter().map(|e| e.action).collect()
}

/// A call's word and arguments.
fn call(a: &Action) -> (&'static str, Vec<(&'static str, Arg)>) {
    match a {
        Action::Call { call, .. } => (call.def().name, call.args.clone()),
        other => panic!("not a call: {other:?}"),
    }
}

fn codes(effect: &str) -> Vec<Code> {
    resolve_effect(effect).0
}

#[test]
fn names_become_indices() {
    assert_eq!(
        ok("produce clay"),
        [Action::Produce {
            options: 0b010,
            amount: 1
        }]
    );
    assert_eq!(
        ok("produce 2 Wood"),
        [Action::Produce {
            options: 0b001,
            amount: 2
        }]
    );
    // A class stands for all its resources.
    assert_eq!(
        ok("produce raw or glass"),
        [Action::Produce {
            options: 0b111,
            amount: 1
        }]
    );
    assert_eq!(
        call(&ok("science gear or tablet")[0]),
        ("science", vec![("options", Arg::Symbols(0b11))])
    );
    assert_eq!(
        call(&ok("trade raw at 1 from neighbours")[0]),
        (
            "trade",
            vec![
                ("resources", Arg::Resources(0b011)),
                ("price", Arg::Num(1)),
                ("seats", Arg::Seats(vec![-1, 1]))
            ]
        )
    );
}

#[test]
fn counters_and_scopes() {
    let got = ok("gain 2 coins per brown or purple cards in left, self and right");
    assert_eq!(
        got,
        [Action::Gain {
            unit: Unit::Coins,
            amount: 2,
            per: Some(Counter {
                what: Count::of(CounterKind::Cards, 0b101),
                seats: vec![-1, 0, 1],
                divisor: 1,
                most: false,
                sets: false,
                distinct: false,
            }),
            cond: None,
            per_age: false,
            ongoing: false,
        }]
    );
    // No scope: your own city.
    let got = ok("gain 1 vp per wonder stage");
    assert_eq!(
        got,
        [Action::Gain {
            unit: Unit::Vp,
            amount: 1,
            per: Some(Counter {
                what: Count::of(CounterKind::WonderStages, 0),
                seats: vec![0],
                divisor: 1,
                most: false,
                sets: false,
                distinct: false,
            }),
            cond: None,
            per_age: false,
            ongoing: false,
        }]
    );
    assert_eq!(
        call(&ok("copy a purple card from neighbours")[0]),
        (
            "copy",
            vec![
                ("colours", Arg::Colours(0b100)),
                ("seats", Arg::Seats(vec![-1, 1]))
            ]
        )
    );
}

#[test]
fn triggers_are_kept() {
    let (c, e) = resolve_effect("at game end: gain 1 coin; when built: gain 2 vp");
    assert!(c.is_empty());
    assert_eq!(e[0].trigger, Trigger::GameEnd);
    assert_eq!(e[1].trigger, Trigger::WhenBuilt);
}

#[test]
fn unknown_names_and_wrong_kinds() {
    assert_eq!(codes("produce wod"), [Code::UnknownName]);
    assert_eq!(codes("produce gear"), [Code::WrongKind]);
    assert_eq!(codes("gain 2 wood"), [Code::WrongKind]);
    assert_eq!(codes("gain 2 cions"), [Code::UnknownName]);
    assert_eq!(codes("science wood"), [Code::WrongKind]);
    assert_eq!(
        codes("gain 1 coin per brown card in lefft"),
        [Code::UnknownName]
    );
    assert_eq!(
        codes("gain 1 coin per brown wonder stage"),
        [Code::WrongKind]
    );
    assert_eq!(codes("gain 1 coin per brown pebble"), [Code::UnknownName]);
    // Several problems in one text are all reported.
    assert_eq!(
        codes("produce wod; science gears"),
        [Code::UnknownName, Code::UnknownName]
    );
}

#[test]
fn words_and_triggers_the_game_does_not_allow() {
    assert_eq!(codes("play again"), [Code::WordNotAllowed]);
    assert_eq!(
        codes("build a card from the discard pile for free"),
        [Code::WordNotAllowed]
    );
    assert_eq!(codes("once per age: gain 1 coin"), [Code::WordNotAllowed]);
    assert_eq!(
        codes("gain 1 coin per defeat token in left"),
        [Code::WordNotAllowed]
    );
    assert_eq!(codes("prodce wood"), [Code::UnknownWord]);
}

#[test]
fn did_you_mean_names_the_nearest() {
    let cards = "age: 1\ncards:\n  - name: X\n    colour: blu\n    players: [3]\n    effect: produce glas\n";
    let mut sources = Sources::default();
    let mut report = Report::default();
    let src = load_texts(
        "t",
        &[("game.yaml", &vocab()), ("c.yaml", cards)],
        &mut sources,
        &mut report,
    );
    let ast = crate::parse::parse(src, &mut report);
    resolve(ast, &mut report);
    report.sort();
    let helps: Vec<Option<&str>> = report
        .diagnostics
        .iter()
        .map(|d| d.help.as_deref())
        .collect();
    assert_eq!(
        helps,
        [Some("did you mean `blue`?"), Some("did you mean `glass`?")]
    );
}

/// Resolves the `decks` fixture (every Architects word once), with its
/// cards file changed by `edit`.
fn decks_game(edit: impl Fn(&str) -> String) -> (Option<Game>, Vec<Code>) {
    let game = include_str!("../../../tests/fixtures/gen/decks/game.yaml");
    let cards = edit(include_str!("../../../tests/fixtures/gen/decks/cards.yaml"));
    let mut sources = Sources::default();
    let mut report = Report::default();
    let src = load_texts(
        "decks",
        &[("game.yaml", game), ("cards.yaml", &cards)],
        &mut sources,
        &mut report,
    );
    let ast = crate::parse::parse(src, &mut report);
    let g = resolve(ast, &mut report);
    (g, report.diagnostics.iter().map(|d| d.code).collect())
}

#[test]
fn architects_words_resolve() {
    let (g, codes) = decks_game(|s| s.to_string());
    assert!(codes.is_empty(), "{codes:?}");
    let g = g.unwrap();
    let effects = |i: usize| g.progress[i].effects.list().to_vec();
    // `when you take Wood or a yellow card`: Wood (0), and the colour
    // yellow (of the decks game's colours, the second: bit 1).
    let woodwork = effects(0);
    let yellow = g.vocab.colours.iter().position(|c| c == "yellow").unwrap();
    assert_eq!(
        woodwork[0].trigger,
        Trigger::TakeCard {
            cards: vec![0],
            colours: 1 << yellow
        }
    );
    assert_eq!(
        call(&woodwork[0].action),
        (
            "take card",
            vec![("top", Arg::Num(1)), ("decks", Arg::Decks(0b111))]
        )
    );
    let lookout = effects(1);
    assert_eq!(lookout[0].trigger, Trigger::BuildStage);
    assert_eq!(
        call(&lookout[0].action),
        (
            "take card",
            vec![("top", Arg::Num(5)), ("decks", Arg::Decks(0b011))]
        )
    );
    let thrift: Vec<_> = effects(2).iter().map(|e| call(&e.action)).collect();
    assert_eq!(
        thrift,
        [
            ("coin value", vec![("n", Arg::Num(2))]),
            ("any resources", vec![])
        ]
    );
    let Action::Gain { per: Some(c), .. } = &effects(3)[1].action else {
        panic!("Culture counts")
    };
    assert_eq!(
        (c.what.kind, c.what.token),
        (CounterKind::ProgressTokens, Some(3))
    );
    let Action::Gain { per: Some(c), .. } = &effects(4)[1].action else {
        panic!("Decor counts")
    };
    assert_eq!(c.what.kind, CounterKind::FinishedWonders);
    assert_eq!(g.progress[3].copies.map(|c| c.value), Some(2));
    // Any deck: all four bits.
    let tower = &g.wonders[0].sides[0].stages;
    assert_eq!(
        call(&tower[0].effects.list()[1].action),
        (
            "take card",
            vec![("top", Arg::Num(1)), ("decks", Arg::Decks(0b1111))]
        )
    );
    assert_eq!(tower[0].level.map(|l| l.value), Some(1));
    assert_eq!(
        tower[1].cost.pattern.map(|(p, _)| (p.count, p.identical)),
        Some((3, true))
    );
    assert_eq!(
        g.cards[0]
            .decks
            .iter()
            .map(|(d, n, _)| (*d, n.value))
            .collect::<Vec<_>>(),
        [
            (Some(DeckRef::Wonder(0)), 1),
            (Some(DeckRef::Wonder(1)), 1),
            (Some(DeckRef::Central), 1)
        ]
    );
    let calls = |i: usize| -> Vec<_> {
        g.cards[i]
            .effects
            .list()
            .iter()
            .filter(|e| matches!(e.action, Action::Call { .. }))
            .map(|e| call(&e.action))
            .collect()
    };
    assert!(calls(2).contains(&("take cat", vec![])));
    assert!(calls(3).contains(&("flip conflict", vec![("n", Arg::Num(2))])));
}

#[test]
fn architects_words_out_of_range_or_unknown() {
    let swap = |from: &'static str, to: &'static str| {
        move |s: &str| {
            assert!(s.contains(from), "{from}");
            s.replace(from, to)
        }
    };
    for (from, to, code) in [
        ("top 5 cards", "top 0 cards", Code::BadValue),
        ("flip 2 conflict", "flip 0 conflict", Code::BadValue),
        ("count one coin as 2", "count one coin as 0", Code::BadValue),
        (
            "from the central deck",
            "from the middle deck",
            Code::UnknownName,
        ),
        ("take Wood or", "take Wool or", Code::UnknownName),
        ("a yellow card", "a wood card", Code::WrongKind),
        (
            "per Culture progress",
            "per Kultur progress",
            Code::UnknownName,
        ),
        (
            "{Tower: 1, Gate: 1, central: 1}",
            "{Towers: 1, Gate: 1, central: 1}",
            Code::UnknownName,
        ),
        (
            "cost: 3 identical, level: 1",
            "cost: 16 identical, level: 1",
            Code::BadValue,
        ),
    ] {
        let (_, codes) = decks_game(swap(from, to));
        assert_eq!(codes, [code], "{to}");
    }
}

/// Resolves one card with this effect text in the test vocabulary whose
/// game allows `words`; the codes reported, and its actions.
fn resolve_in(words: &str, effect: &str) -> (Vec<Code>, Vec<Action>) {
    let game = crate::testkit::VOCAB.replace(
        "words: [produce, gain, science, trade, copy, build free]",
        &format!("words: [{words}]"),
    );
    let (codes, effects) = resolve_with(&game, effect);
    (codes, effects.into_iter().map(|e| e.action).collect())
}

/// `produce matching` resolves its two picks and its colours; a word that
/// is not a colour is refused with the word's own example.
#[test]
fn production_matching_the_city() {
    let resolve = |effect: &str| resolve_in("produce, produce matching, gain", effect);
    let (codes, got) = resolve("produce a resource you produce with your board and brown cards");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(
        got,
        [Action::ProduceMatching {
            colours: 0b001,
            board: true,
            lacking: false
        }]
    );
    let (_, got) = resolve("produce a resource you do not produce with brown or purple cards");
    assert_eq!(
        got,
        [Action::ProduceMatching {
            colours: 0b101,
            board: false,
            lacking: true
        }]
    );
    let (_, got) = resolve("produce a resource you produce with your board");
    assert_eq!(
        got,
        [Action::ProduceMatching {
            colours: 0,
            board: true,
            lacking: false
        }]
    );
    let (codes, _) = resolve("produce a resource you produce with wood cards");
    assert!(!codes.is_empty());
}

/// `trade rebate`: off the first unit each turn, or off each unit of the
/// sellers' board resources, from the scopes named.
#[test]
fn trade_rebates() {
    let resolve = |effect: &str| resolve_in("trade rebate", effect);
    let (codes, got) =
        resolve("pay 1 fewer coin for the first resource bought from left each turn");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(
        got,
        [Action::TradeRebate {
            n: 1,
            first: true,
            seats: vec![1]
        }]
    );
    let (_, got) = resolve("pay 2 fewer coins for each board resource bought from left and right");
    assert_eq!(
        got,
        [Action::TradeRebate {
            n: 2,
            first: false,
            seats: vec![-1, 1]
        }]
    );
    let (codes, _) = resolve("pay 11 fewer coins for each board resource bought from left");
    assert!(!codes.is_empty());
}

/// `copy stage`: a stage number and one other city (cities-facts.md
/// §10.3, Manneken Pis); several cities, or this one, are E0105, and so is
/// a copy at a moment no rules copy at; "either neighbour" is a `one of`.
#[test]
fn copy_stage_takes_one_city() {
    let resolve = |effect: &str| resolve_in("copy stage, one of", effect);
    let (codes, got) = resolve("copy stage 2 from right");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(
        call(&got[0]),
        (
            "copy stage",
            vec![("stage", Arg::Num(2)), ("seat", Arg::Seat(-1))]
        )
    );
    let (codes, got) = resolve("one of (copy stage 3 from left) or (copy stage 3 from right)");
    assert!(codes.is_empty(), "{codes:?}");
    let seats: Vec<Arg> = got.iter().map(|a| call(a).1[1].1.clone()).collect();
    assert_eq!(seats, [Arg::Seat(1), Arg::Seat(-1)]);
    for several in [
        "copy stage 1 from neighbours",
        "copy stage 1 from left and right",
        "copy stage 1 from self",
    ] {
        assert_eq!(resolve(several).0, [Code::WrongKind], "{several}");
    }
    assert_eq!(resolve("copy stage 0 from left").0, [Code::BadValue]);
    let game = crate::testkit::VOCAB
        .replace(
            "words: [produce, gain, science, trade, copy, build free]",
            "words: [copy stage]",
        )
        .replace(
            "triggers: [at game end, when built, once per age]",
            "triggers: [at game end, when built, at end of age, when you build a wonder stage]",
        );
    for (effect, codes) in [
        ("when built: copy stage 1 from left", vec![]),
        (
            "when you build a wonder stage: copy stage 1 from left",
            vec![],
        ),
        (
            "at end of age: copy stage 1 from left",
            vec![Code::WrongKind],
        ),
        ("at game end: copy stage 1 from left", vec![Code::WrongKind]),
    ] {
        assert_eq!(resolve_with(&game, effect).0, codes, "{effect}");
    }
}

/// The test vocabulary with conflict tokens, `lose` and free builds.
fn conflict_vocab() -> String {
    crate::testkit::VOCAB
        .replace(
            "counters: [card, wonder stage]",
            "counters: [card, wonder stage, victory token, defeat token]",
        )
        .replace(
            "words: [produce, gain, science, trade, copy, build free]",
            "words: [produce, gain, science, trade, copy, build free, lose]",
        )
}

fn resolve_with(vocab: &str, effect: &str) -> (Vec<Code>, Vec<Effect>) {
    let cards = format!(
        "age: 1\ncards:\n  - name: X\n    colour: blue\n    players: [3]\n    effect: \"{effect}\"\n"
    );
    let mut sources = Sources::default();
    let mut report = Report::default();
    let src = load_texts(
        "t",
        &[("game.yaml", vocab), ("c.yaml", &cards)],
        &mut sources,
        &mut report,
    );
    let ast = crate::parse::parse(src, &mut report);
    let game = resolve(ast, &mut report).expect("the vocabulary is valid");
    let codes = report.diagnostics.iter().map(|d| d.code).collect();
    (codes, game.cards[0].effects.list().to_vec())
}

/// Victory tokens of one Age counted (cities-facts.md §6: Cells), a free
/// build limited to colours (§9: Caligula) and coins per Age
/// (leaders-facts.md §3.3: Arsinoe), read in the base family.
#[test]
fn tokens_of_an_age_colours_of_a_free_build_and_coins_per_age() {
    let v = conflict_vocab();
    let one = |effect: &str| {
        let (codes, effects) = resolve_with(&v, effect);
        assert!(codes.is_empty(), "{effect}: {codes:?}");
        effects.into_iter().next().unwrap().action
    };
    let Action::Gain { per: Some(c), .. } = one("gain 2 vp per victory token of age 1 in self")
    else {
        panic!("a count");
    };
    assert_eq!(
        (c.what.kind, c.what.token),
        (CounterKind::VictoryTokens, Some(1))
    );
    let Action::Gain { cond: Some(c), .. } =
        one("gain 3 vp if you have no victory tokens of age 2")
    else {
        panic!("a condition");
    };
    assert!(matches!(
        c,
        Cond::Exactly {
            what: Count {
                kind: CounterKind::VictoryTokens,
                token: Some(2),
                ..
            },
            n: 0,
        }
    ));
    assert_eq!(
        one("once per age: build a purple card from your hand for free"),
        Action::BuildFree {
            pile: Pile::Hand,
            colours: Some(0b100)
        }
    );
    assert_eq!(
        one("build a card from the discard pile for free"),
        Action::BuildFree {
            pile: Pile::Discard,
            colours: None
        },
        "a card of any colour, an expansion's too"
    );
    assert!(matches!(
        one("gain 2 coins per age"),
        Action::Gain {
            unit: Unit::Coins,
            amount: 2,
            per_age: true,
            ..
        }
    ));
    assert!(matches!(
        one("left and right lose 1 coin per age"),
        Action::Lose {
            amount: Some(1),
            what: Lost::Coins,
            per_age: true,
            ..
        }
    ));
    let (codes, _) = resolve_with(&v, "gain 2 vp per victory token of age 1 in self");
    assert!(codes.is_empty());
    // Mistakes, each with its code.
    for (effect, code) in [
        ("gain 2 vp per age", Code::WrongKind),
        ("gain 1 shield per age", Code::WrongKind),
        ("lose 1 victory token per age", Code::WrongKind),
        ("lose all coins per age", Code::DslSyntax),
        ("gain 1 vp per wonder stage of age 1", Code::WrongKind),
        ("gain 1 vp per victory token of age 3", Code::BadValue),
        (
            "once per age: build a wood card from your hand for free",
            Code::WrongKind,
        ),
        (
            "once per age: build a black card from your hand for free",
            Code::UnknownName,
        ),
    ] {
        assert_eq!(resolve_with(&v, effect).0, [code], "{effect}");
    }
}

/// Shields counted anew at each conflict (cities-facts.md §9.1:
/// Semiramis), with a count of any kind, in the base family; only shields.
#[test]
fn shields_counted_at_each_conflict() {
    let v = conflict_vocab();
    let (codes, effects) = resolve_with(
        &v,
        "gain 1 shield per defeat token in self at each conflict",
    );
    assert!(codes.is_empty(), "{codes:?}");
    let Action::Gain {
        unit: Unit::Shields,
        per: Some(c),
        ongoing: true,
        ..
    } = &effects[0].action
    else {
        panic!("shields counted anew: {:?}", effects[0].action);
    };
    assert_eq!(
        (c.what.kind, &c.seats[..]),
        (CounterKind::DefeatTokens, &[0][..])
    );
    let (codes, effects) = resolve_with(
        &v,
        "gain 2 shields per 2 brown cards in neighbours at each conflict",
    );
    assert!(codes.is_empty(), "{codes:?}");
    assert!(matches!(
        effects[0].action,
        Action::Gain { ongoing: true, .. }
    ));
    let (_, effects) = resolve_with(&v, "gain 1 shield per defeat token in self");
    assert!(
        matches!(effects[0].action, Action::Gain { ongoing: false, .. }),
        "counted once without it"
    );
    for effect in [
        "gain 1 coin per defeat token in self at each conflict",
        "gain 1 vp per defeat token at each conflict",
    ] {
        assert_eq!(resolve_with(&v, effect).0, [Code::WrongKind], "{effect}");
    }
}

/// What the Duel and Architects rules would ignore is refused where it
/// is written (E0306), naming the family that plays it.
#[test]
fn forms_the_family_does_not_play_are_refused() {
    let pair = |effect: &str| {
        let game = include_str!("../../../tests/fixtures/gen/pair/game.yaml")
            .replace("words: [produce,", "words: [build free, produce,");
        let cards = include_str!("../../../tests/fixtures/gen/pair/cards.yaml").replacen(
            "effect: produce stone",
            &format!("effect: {effect}"),
            1,
        );
        let mut sources = Sources::default();
        let mut report = Report::default();
        let src = load_texts(
            "pair",
            &[("game.yaml", &game), ("cards.yaml", &cards)],
            &mut sources,
            &mut report,
        );
        resolve(crate::parse::parse(src, &mut report), &mut report);
        report.diagnostics
    };
    // Coins per Age: the Duel family reads the Age too (Agora's Decrees,
    // duel-expansions-facts.md §2.8).
    for effect in [
        "build a card from the discard pile for free",
        "opponent loses 3 coins",
        "opponent loses 1 coin per age",
        "gain 2 coins per age",
    ] {
        assert!(pair(effect).is_empty(), "{effect}");
    }
    for effect in [
        "build a purple card from the discard pile for free",
        "gain 1 shield per wonder in self at each conflict",
    ] {
        let d = pair(effect);
        assert_eq!(
            d.iter().map(|d| d.code).collect::<Vec<_>>(),
            [Code::NotPlayed],
            "{effect}"
        );
        assert!(d[0].message.contains("`duel` family"), "{}", d[0].message);
        assert!(
            d[0].help
                .as_deref()
                .unwrap_or("")
                .contains("by the base family")
        );
    }
    let (_, codes) = decks_game(|s| {
        s.replace(
            "effect: count one coin as 2 coins;",
            "effect: gain 1 vp per victory token of age 1; count one coin as 2 coins;",
        )
    });
    assert_eq!(codes, [Code::NotPlayed], "Architects' tokens are of no Age");
}

/// Stonehenge's counts (cities-facts.md §10.2): resource symbols on cards
/// of colours, in a count and in a condition (a class stands for its
/// resources, `on cards` for every colour); the cards of the colour under
/// a stage, only in that stage's own effect.
#[test]
fn symbols_on_cards_and_the_colour_under_a_stage() {
    let per = |effect: &str| match &ok(effect)[0] {
        Action::Gain { per: Some(c), .. } => c.clone(),
        other => panic!("{effect}: {other:?}"),
    };
    let c = per("gain 2 vp per wood on brown cards in self");
    assert_eq!(
        (c.what, c.seats),
        (
            Count {
                resources: 0b001,
                ..Count::of(CounterKind::ResourceSymbols, 0b001)
            },
            vec![0]
        )
    );
    let c = per("gain 1 coin per raw or glass on brown or blue cards in neighbours");
    assert_eq!((c.what.resources, c.what.colours), (0b111, 0b011));
    assert_eq!(per("gain 1 vp per clay on cards").what.colours, 0b111);
    let Action::Gain {
        cond: Some(Cond::Exactly { what, n: 0 }),
        ..
    } = &ok("gain 3 vp if you have no clay on brown cards")[0]
    else {
        panic!("a condition");
    };
    assert_eq!(
        (what.kind, what.resources),
        (CounterKind::ResourceSymbols, 0b010)
    );
    assert_eq!(
        crate::ir::Counted::of(*what),
        crate::ir::Counted::Resources {
            resources: 0b010,
            colours: 0b001
        }
    );
    // Not on cards, no resource, a symbol: E0105; a card's own effect has
    // no stage under which a card lies.
    for wrong in [
        "gain 1 vp per wood on wonder stages",
        "gain 1 vp per on brown cards",
        "gain 1 vp per gear on brown cards",
        "gain 1 vp per card of this stage's colour in neighbours",
        "gain 1 vp if you have no cards of this stage's colour",
    ] {
        assert_eq!(codes(wrong), [Code::WrongKind], "{wrong}");
    }
    // In a stage: that stage, by its index.
    let wonders = "wonders:\n  - name: Stones\n    sides:\n      A:\n        effect: produce wood\n        stages:\n          - {cost: wood, effect: gain 1 vp}\n          - {cost: clay, effect: \"gain 1 vp per card of this stage's colour in neighbours; gain 2 vp if you have more cards of this stage's color than each neighbour\"}\n";
    let (game, report) = crate::testkit::resolved(&[("w.yaml", wonders)]);
    let kinds = crate::testkit::codes(&report);
    assert!(
        !kinds.contains(&Code::WrongKind) && !kinds.contains(&Code::NotPlayed),
        "{kinds:?}"
    );
    let stage = &game.unwrap().wonders[0].sides[0].stages[1];
    let under = Count {
        token: Some(1),
        ..Count::of(CounterKind::StageColour, 0)
    };
    match stage.effects.list() {
        [
            Effect {
                action: Action::Gain { per: Some(c), .. },
                ..
            },
            Effect {
                action:
                    Action::Gain {
                        cond: Some(Cond::More { what, .. }),
                        ..
                    },
                ..
            },
        ] => assert_eq!((c.what, *what), (under, under)),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        crate::ir::Counted::of(under),
        crate::ir::Counted::StageColour(1)
    );
}
