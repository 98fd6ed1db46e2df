use super::*;

fn effects(text: &str) -> Effects {
    parse_effects(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

fn err(text: &str) -> SyntaxError {
    parse_effects(text).expect_err(text)
}

fn only_action(text: &str) -> ActionKind {
    let mut e = effects(text);
    assert_eq!(e.clauses.len(), 1, "{text}");
    e.clauses.remove(0).action.kind
}

fn texts(words: &[Word]) -> Vec<&str> {
    words.iter().map(|w| w.text.as_str()).collect()
}

#[test]
fn production_single_double_and_choice() {
    match only_action("produce wood") {
        ActionKind::Produce {
            amount: None,
            choice,
        } => assert_eq!(texts(&choice), ["wood"]),
        other => panic!("{other:?}"),
    }
    match only_action("produce 2 wood") {
        ActionKind::Produce {
            amount: Some(n),
            choice,
        } => {
            assert_eq!(n.value, 2);
            assert_eq!(texts(&choice), ["wood"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("Produce wood OR clay or stone") {
        ActionKind::Produce { choice, .. } => assert_eq!(texts(&choice), ["wood", "clay", "stone"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn counted_amount_over_scopes() {
    match only_action("gain 1 coin per brown card in left, self and right") {
        ActionKind::Gain {
            amount,
            unit,
            per: Some(per),
            cond: None,
        } => {
            assert_eq!(amount.value, 1);
            assert_eq!(unit.text, "coin");
            assert_eq!(texts(&per.counted), ["brown", "card"]);
            assert_eq!(texts(&per.scopes), ["left", "self", "right"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("gain 1 vp per brown, grey or purple cards in self") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert_eq!(texts(&per.counted), ["brown", "grey", "purple", "cards"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn several_clauses_with_triggers_and_comments() {
    let e = effects(
        "at game end: gain 1 vp per wonder stage in neighbours and self; # Builders\n\
         when built: gain 3 coins;\n",
    );
    assert_eq!(e.clauses.len(), 2);
    assert_eq!(
        e.clauses[0].trigger.as_ref().map(|t| t.kind.clone()),
        Some(TriggerKind::GameEnd)
    );
    assert_eq!(
        e.clauses[1].trigger.as_ref().map(|t| t.kind.clone()),
        Some(TriggerKind::WhenBuilt)
    );
    match &e.clauses[0].action.kind {
        ActionKind::Gain { per: Some(per), .. } => {
            assert_eq!(texts(&per.counted), ["wonder", "stage"]);
            assert_eq!(texts(&per.scopes), ["neighbours", "self"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_action_and_trigger_parses() {
    let cases = [
        ("science compass or gear or tablet", "science"),
        ("trade raw at 1 from right", "trade"),
        ("trade glass or loom at 1 coin from left and right", "trade"),
        ("trade wood at 1", "trade"),
        ("build a card from the discard pile for free", "build free"),
        (
            "once per age: build a card from your hand for free",
            "build free",
        ),
        ("play the last card of each age", "play last card"),
        ("play again", "play again"),
        ("copy a purple card from neighbours", "copy"),
        ("when you build a red card: gain 1 shield", "gain"),
        ("when you build by a chain: gain 4 coins", "gain"),
        ("when you build a wonder stage: play again", "play again"),
        ("at end of age: gain 1 coin", "gain"),
    ];
    for (text, word) in cases {
        let e = effects(text);
        assert_eq!(e.clauses[0].action.kind.word(), word, "{text}");
    }
}

#[test]
fn spans_point_into_the_text() {
    let text = "gain 3 vp;\n  produce   ore";
    let e = effects(text);
    let ActionKind::Produce { choice, .. } = &e.clauses[1].action.kind else {
        panic!()
    };
    let s = choice[0].span;
    assert_eq!(&text[s.start..s.end], "ore");
    assert_eq!(
        &text[e.clauses[1].action.word_span.start..e.clauses[1].action.word_span.end],
        "produce"
    );
}

#[test]
fn unknown_word_is_kept_for_the_resolver() {
    match only_action("prodce wood") {
        ActionKind::Unknown { word } => {
            assert_eq!(word.text, "prodce");
            assert_eq!(word.span, Span::new(0, 6));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn syntax_errors_name_the_token_and_what_was_expected() {
    let e = err("gain five coins");
    assert_eq!(e.span, Span::new(5, 9));
    assert_eq!(e.message, "expected a number, found `five`");

    let e = err("produce wood or");
    assert_eq!(e.span, Span::new(15, 15));
    assert!(e.message.contains("a name"), "{}", e.message);
    assert!(
        e.message.ends_with("found the end of the text"),
        "{}",
        e.message
    );

    let e = err("gain 2 coins per");
    assert_eq!(
        e.message,
        "expected a name or a number, found the end of the text"
    );

    let e = err("gain 99999999999 coins");
    assert_eq!(e.message, "the number `99999999999` is too large");
}

#[test]
fn empty_text_has_no_clause() {
    assert!(effects("").clauses.is_empty());
    assert!(effects("  # nothing\n").clauses.is_empty());
}

#[test]
fn costs() {
    let c = parse_cost("2 wood, ore 1 coin").unwrap();
    let got: Vec<(Option<u32>, &str)> = c
        .items
        .iter()
        .map(|i| (i.amount.map(|n| n.value), i.name.text.as_str()))
        .collect();
    assert_eq!(got, [(Some(2), "wood"), (None, "ore"), (Some(1), "coin")]);
    assert!(parse_cost("free").unwrap().items.is_empty());
    assert!(parse_cost("").unwrap().items.is_empty());
    let e = parse_cost("2 wood,, ore").unwrap_err();
    assert_eq!(e.span, Span::new(7, 8));
}

#[test]
fn huge_and_hostile_text_does_not_panic() {
    let long = "gain 1 coin;".repeat(50_000);
    assert_eq!(effects(&long).clauses.len(), 50_000);
    for text in [
        "\u{0}",
        "é",
        "produce é",
        ";;;",
        "gain 1 coin per in",
        "*/ \"",
        "a:b:c",
    ] {
        let _ = parse_effects(text);
        let _ = parse_cost(text);
    }
}

#[test]
fn a_trigger_without_its_colon() {
    let e = err("gain 1 coin; at game end gain 2 vp");
    assert_eq!(e.message, "expected `:` after the trigger `at game end`");
    assert_eq!(e.span, Span::new(24, 24));
}

#[test]
fn semicolons_are_only_expected_after_a_clause() {
    let e = err("gain 2 vp;; gain 1 coin");
    assert_eq!(
        e.message,
        "expected an effect or the end of the text, found `;`"
    );
    let e = parse_cost("2 stone; glass").unwrap_err();
    assert!(!e.message.contains("`;`, "), "{}", e.message);
}

#[test]
fn multiword_actions_span_their_phrase() {
    let e = effects("play again");
    assert_eq!(e.clauses[0].action.word_span, Span::new(0, 10));
}

#[test]
fn two_player_effects() {
    match only_action("opponent loses 3 coins") {
        ActionKind::Lose { from, amount, what } => {
            assert_eq!(texts(&from), ["opponent"]);
            assert_eq!(amount.map(|a| a.value), Some(3));
            assert_eq!(texts(&what), ["coins"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("discard a grey card from opponent") {
        ActionKind::Discard { counted, from } => {
            assert_eq!(texts(&counted), ["grey", "card"]);
            assert_eq!(texts(&from), ["opponent"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        only_action("take a progress token"),
        ActionKind::TakeProgress { set_aside: None }
    );
    match only_action("take a progress token from 3 set aside") {
        ActionKind::TakeProgress { set_aside: Some(n) } => assert_eq!(n.value, 3),
        other => panic!("{other:?}"),
    }
    match only_action("pay 2 fewer resources for wonders") {
        ActionKind::Discount {
            amount,
            target: DiscountTarget::Wonders,
        } => assert_eq!(amount.value, 2),
        other => panic!("{other:?}"),
    }
    match only_action("pay 2 fewer resources for blue cards") {
        ActionKind::Discount {
            target: DiscountTarget::Cards(c),
            ..
        } => assert_eq!(texts(&c), ["blue", "cards"]),
        other => panic!("{other:?}"),
    }
    match only_action("receive the coins opponent pays for trading") {
        ActionKind::ReceiveTrade { from } => assert_eq!(texts(&from), ["opponent"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn divided_and_most_counts() {
    match only_action("gain 1 vp per 3 coins in the city with the most") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert_eq!(per.divisor.map(|n| n.value), Some(3));
            assert_eq!(texts(&per.counted), ["coins"]);
            assert!(per.most);
            assert!(per.scopes.is_empty());
        }
        other => panic!("{other:?}"),
    }
    match only_action("gain 1 coin per brown or grey card in the city with the most") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert_eq!(texts(&per.counted), ["brown", "grey", "card"]);
            assert!(per.most);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_word_has_an_example_that_parses_to_it() {
    assert_eq!(
        crate::WORDS.iter().map(|w| w.word).collect::<Vec<_>>(),
        ActionKind::ALL,
        "WORDS and ActionKind::ALL list the same words in the same order"
    );
    for w in crate::WORDS {
        let kind = only_action(w.example);
        assert_eq!(kind.word(), w.word, "{}", w.example);
        assert!(!w.meaning.is_empty());
    }
}

#[test]
fn leading_keywords_come_from_the_grammar() {
    let leading: Vec<Option<&str>> = crate::WORDS.iter().map(|w| w.leading()).collect();
    assert_eq!(
        leading,
        [
            Some("produce"),
            Some("gain"),
            Some("science"),
            Some("trade"),
            Some("build"),
            Some("play"),
            Some("play"),
            Some("copy"),
            None, // `opponent loses 3 coins`
            Some("discard"),
            Some("take"),
            Some("pay"),
            Some("receive"),
            Some("pay"),
            Some("build"),
            Some("buy"),
            Some("take"),
            Some("give"),
            Some("each"),
            Some("entomb"),
            Some("draw"),
            Some("build"),
            Some("keep"),
            Some("take"),
            Some("one"),
            Some("take"),
            Some("take"),
            Some("flip"),
            Some("build"),
            Some("count"),
        ]
    );
    assert!(is_action_keyword("PAY") && !is_action_keyword("payment"));
    assert_eq!(
        crate::leading_words([
            "produce",
            "build free",
            "play again",
            "play last card",
            "lose"
        ]),
        ["produce", "build", "play"]
    );
}

#[test]
fn conditions_of_a_gain() {
    let cond = |text: &str| match only_action(text) {
        ActionKind::Gain {
            cond: Some(c),
            per: None,
            ..
        } => c.kind,
        other => panic!("{text}: {other:?}"),
    };
    match cond("gain 5 vp if you have more blue cards than each neighbour") {
        CondKind::More { counted, scope } => {
            assert_eq!(texts(&counted), ["blue", "cards"]);
            assert_eq!(scope.text, "neighbour");
        }
        other => panic!("{other:?}"),
    }
    match cond("gain 5 vp if you have more coins than each neighbour") {
        CondKind::More { counted, .. } => assert_eq!(texts(&counted), ["coins"]),
        other => panic!("{other:?}"),
    }
    match cond("gain 6 vp if you have no defeat tokens") {
        CondKind::No { counted } => assert_eq!(texts(&counted), ["defeat", "tokens"]),
        other => panic!("{other:?}"),
    }
    match cond("gain 7 VP if you have exactly 1 white card") {
        CondKind::Exactly { n, counted } => {
            assert_eq!(n.value, 1);
            assert_eq!(texts(&counted), ["white", "card"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cond("gain 7 vp if your wonder is complete"),
        CondKind::WonderComplete
    );
    // A condition needs its words: the error names what was expected.
    let e = err("gain 5 vp if you have more blue cards than neighbours");
    assert!(e.message.contains("`each`"), "{e:?}");
}

#[test]
fn sets_and_pairs_are_counted() {
    match only_action("gain 3 vp per set of blue, red and green cards in self") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert!(per.sets);
            assert_eq!(texts(&per.counted), ["blue", "red", "green", "cards"]);
            assert_eq!(texts(&per.scopes), ["self"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("gain 1 vp per paired victory point in self") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert!(!per.sets);
            assert_eq!(texts(&per.counted), ["paired", "victory", "point"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn expansion_effects() {
    match only_action("neighbours pay 1 fewer coin for white cards") {
        ActionKind::CoinDiscount {
            from,
            amount,
            target,
        } => {
            assert_eq!(texts(&from), ["neighbours"]);
            assert_eq!(amount.map(|a| a.value), Some(1));
            assert_eq!(texts(&target), ["white", "cards"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("pay no coins for white cards") {
        ActionKind::CoinDiscount { from, amount, .. } => {
            assert!(from.is_empty() && amount.is_none());
        }
        other => panic!("{other:?}"),
    }
    // `resource` and `resources` both read.
    assert!(matches!(
        only_action("pay 1 fewer resource for wonder stages"),
        ActionKind::Discount {
            target: DiscountTarget::Wonders,
            ..
        }
    ));
    let rule = |text: &str| match only_action(text) {
        ActionKind::FreeRule { rule } => rule,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        rule("build the first card of each colour for free"),
        FreeRule::FirstOfColour
    );
    assert_eq!(
        rule("build the first card of each age for free"),
        FreeRule::FirstOfAge
    );
    assert_eq!(
        rule("build the last card of each Age for free"),
        FreeRule::LastOfAge
    );
    match rule("build purple cards for free") {
        FreeRule::Cards(c) => assert_eq!(texts(&c), ["purple", "cards"]),
        other => panic!("{other:?}"),
    }
    match only_action("build a white card from your hand") {
        ActionKind::BuildFromHand { counted } => assert_eq!(texts(&counted), ["white", "card"]),
        other => panic!("{other:?}"),
    }
    // The free build from a pile keeps its meaning.
    assert_eq!(
        only_action("build a card from your hand for free"),
        ActionKind::BuildFree { pile: Pile::Hand }
    );
    match only_action("buy a resource from the bank at 1 coin once per turn") {
        ActionKind::BankTrade { choice, price } => {
            assert!(choice.is_empty());
            assert_eq!(price.value, 1);
        }
        other => panic!("{other:?}"),
    }
    match only_action("buy glass or papyrus from the bank at 2 coins once per turn") {
        ActionKind::BankTrade { choice, .. } => assert_eq!(texts(&choice), ["glass", "papyrus"]),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        only_action("take a victory token of this age"),
        ActionKind::TakeVictory { age: None }
    );
    match only_action("take a victory token of age 2") {
        ActionKind::TakeVictory { age: Some(n) } => assert_eq!(n.value, 2),
        other => panic!("{other:?}"),
    }
    match only_action("lose all defeat tokens") {
        ActionKind::Lose { from, amount, what } => {
            assert!(from.is_empty() && amount.is_none());
            assert_eq!(texts(&what), ["defeat", "tokens"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("others lose 1 victory token") {
        ActionKind::Lose { from, what, .. } => {
            assert_eq!(texts(&from), ["others"]);
            assert_eq!(texts(&what), ["victory", "token"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        only_action("give your defeat tokens to the neighbor who beats you"),
        ActionKind::GiveDefeats
    );
    match only_action("each science set scores 3 more vp") {
        ActionKind::ScienceRule {
            rule: ScienceRule::SetBonus(n),
        } => assert_eq!(n.value, 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        only_action("change one of your science symbols at game end"),
        ActionKind::ScienceRule {
            rule: ScienceRule::Change
        }
    );
    assert_eq!(
        only_action("copy your most common science symbol at game end"),
        ActionKind::ScienceRule {
            rule: ScienceRule::CopyMost
        }
    );
    // `copy a …` is still a copy.
    assert_eq!(
        only_action("copy a purple card from neighbours").word(),
        "copy"
    );
    match only_action("entomb a white card") {
        ActionKind::Entomb { counted } => assert_eq!(texts(&counted), ["white", "card"]),
        other => panic!("{other:?}"),
    }
    match only_action("draw 4 white cards from the box") {
        ActionKind::Draw { amount, counted } => {
            assert_eq!(amount.value, 4);
            assert_eq!(texts(&counted), ["white", "cards"]);
        }
        other => panic!("{other:?}"),
    }
    match only_action("keep unplayed white cards") {
        ActionKind::Keep { counted } => assert_eq!(texts(&counted), ["white", "cards"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn expansion_triggers() {
    let trigger = |text: &str| effects(text).clauses[0].trigger.clone().unwrap().kind;
    assert_eq!(
        trigger("when you gain a victory token: gain 2 coins"),
        TriggerKind::GainVictory
    );
    assert_eq!(
        trigger("once per turn when you take coins from the bank: gain 1 coin"),
        TriggerKind::BankCoins
    );
    assert_eq!(
        trigger("once per turn for each neighbour you buy from: gain 1 coin"),
        TriggerKind::Bought
    );
    // `once per age` is still its own trigger.
    assert_eq!(
        trigger("once per age: build a card from your hand for free"),
        TriggerKind::OncePerAge
    );
}

#[test]
fn architects_effects() {
    let ActionKind::TakeCard { decks, top } =
        only_action("take a card from the left, right or central deck")
    else {
        panic!("not a take")
    };
    assert_eq!(texts(&decks), ["left", "right", "central"]);
    assert_eq!(top, None);
    let ActionKind::TakeCard { decks, .. } = only_action("take a card from any deck") else {
        panic!("not a take")
    };
    assert_eq!(texts(&decks), ["any"]);
    let ActionKind::TakeCard { decks, top } =
        only_action("take one of the top 5 cards of the left or right deck")
    else {
        panic!("not a take")
    };
    assert_eq!(texts(&decks), ["left", "right"]);
    assert_eq!(top.map(|n| n.value), Some(5));
    assert_eq!(only_action("take the cat"), ActionKind::TakeCat);
    let ActionKind::Flip { amount } = only_action("flip 2 conflict tokens") else {
        panic!("not a flip")
    };
    assert_eq!(amount.value, 2);
    assert!(matches!(
        only_action("flip 1 conflict token"),
        ActionKind::Flip { .. }
    ));
    assert_eq!(
        only_action("build wonder stages with any resources"),
        ActionKind::AnyResources
    );
    let ActionKind::CoinValue { amount } = only_action("count one coin as 2 coins") else {
        panic!("not a coin value")
    };
    assert_eq!(amount.value, 2);
    // The take of a progress token is still itself.
    assert!(matches!(
        only_action("take a progress token"),
        ActionKind::TakeProgress { set_aside: None }
    ));
    // A deck list without its `deck` says what is missing.
    let e = err("take a card from the left or right");
    assert!(e.message.contains("`deck`"), "{}", e.message);
}

#[test]
fn take_triggers_name_cards_and_colours() {
    let e = effects(
        "when you take Wood or Clay: take a card from the central deck; \
         when you take Stone, a yellow card or Red Archer: take the cat",
    );
    let names = |i: usize| -> Vec<(String, bool)> {
        match &e.clauses[i].trigger.as_ref().unwrap().kind {
            TriggerKind::TakeCard(t) => t.iter().map(|t| (t.name.text.clone(), t.colour)).collect(),
            k => panic!("not a take trigger: {k:?}"),
        }
    };
    assert_eq!(
        names(0),
        [("Wood".to_string(), false), ("Clay".to_string(), false)]
    );
    assert_eq!(
        names(1),
        [
            ("Stone".to_string(), false),
            ("yellow".to_string(), true),
            ("Red Archer".to_string(), false)
        ]
    );
    let text = "when you take Red Archer: take the cat";
    let t = effects(text);
    let TriggerKind::TakeCard(list) = &t.clauses[0].trigger.as_ref().unwrap().kind else {
        panic!()
    };
    let span = list[0].name.span;
    assert_eq!(&text[span.start..span.end], "Red Archer");
    assert_eq!(
        t.clauses[0].trigger.as_ref().unwrap().kind.word(),
        "when you take a card"
    );
}

#[test]
fn costs_per_age() {
    let c = parse_cost("1 coin per age").unwrap();
    assert_eq!(c.items.len(), 1);
    assert!(c.items[0].per_age.is_some());
    assert_eq!(c.items[0].name.text, "coin");
    let c = parse_cost("2 wood, 1 coin").unwrap();
    assert!(c.items.iter().all(|i| i.per_age.is_none()));
}

#[test]
fn edifice_effects() {
    match only_action("take a participation pawn of age 3 from the box") {
        ActionKind::TakePawn { age: Some(n) } => assert_eq!(n.value, 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        only_action("take a participation pawn of any age from the box"),
        ActionKind::TakePawn { age: None }
    );
    match only_action("gain 1 vp per different colour of brown, grey or blue cards in self") {
        ActionKind::Gain { per: Some(per), .. } => {
            assert!(per.distinct && !per.sets);
            assert_eq!(texts(&per.counted), ["brown", "grey", "blue", "cards"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn one_of_several_options() {
    let e = effects("gain 1 vp; one of (gain 7 coins) or (gain 1 shield; at game end: gain 2 vp)");
    assert_eq!(e.clauses.len(), 2);
    let c = &e.clauses[1];
    assert!(c.trigger.is_none());
    assert_eq!(c.action.kind.word(), "one of");
    match &c.action.kind {
        ActionKind::OneOf { options } => {
            assert_eq!(options.len(), 2);
            assert_eq!(options[0].len(), 1);
            assert_eq!(options[1].len(), 2);
            assert!(options[1][1].trigger.is_some());
        }
        other => panic!("{other:?}"),
    }
    // Options do not nest, and one option alone is no choice.
    err("one of (one of (gain 1 vp) or (gain 2 vp)) or (gain 3 vp)");
    err("one of (gain 7 coins)");
    err("at game end: one of (gain 1 vp) or (gain 2 vp)");
}

#[test]
fn pattern_costs() {
    let c = parse_cost("3 different").unwrap();
    let p = c.pattern.unwrap();
    assert_eq!((p.count.value, p.identical), (3, false));
    assert!(c.items.is_empty());
    let p = parse_cost("2 identical resources")
        .unwrap()
        .pattern
        .unwrap();
    assert_eq!((p.count.value, p.identical), (2, true));
    assert_eq!(p.span, Span::new(0, 21));
    // A misspelt kind is a resource name for the resolver to report.
    let c = parse_cost("2 diferent").unwrap();
    assert!(c.pattern.is_none());
    assert_eq!(c.items[0].name.text, "diferent");
    // A pattern stands alone.
    assert!(parse_cost("2 different, 1 coin").is_err());
}
