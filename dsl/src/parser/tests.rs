use super::*;

fn effects(text: &str) -> Effects {
    parse_effects(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

fn err(text: &str) -> SyntaxError {
    parse_effects(text).expect_err(text)
}

/// The one clause's word and its slots.
fn word(text: &str) -> (&'static str, Slots) {
    let mut e = effects(text);
    assert_eq!(e.clauses.len(), 1, "{text}");
    match e.clauses.remove(0).action.kind {
        ActionKind::Word { id, slots } => (id.def().name, slots),
        other => panic!("{text}: {other:?}"),
    }
}

/// The word the text is, checked, and its slots.
fn of(text: &str, name: &str) -> Slots {
    let (w, slots) = word(text);
    assert_eq!(w, name, "{text}");
    slots
}

fn texts<'a>(s: &'a Slots, slot: &str) -> Vec<&'a str> {
    s.words(slot).iter().map(|w| w.text.as_str()).collect()
}

fn per_texts(p: &Per) -> (Vec<&str>, Vec<&str>) {
    (
        p.counted.iter().map(|w| w.text.as_str()).collect(),
        p.scopes.iter().map(|w| w.text.as_str()).collect(),
    )
}

#[test]
fn production_single_double_and_choice() {
    let s = of("produce wood", "produce");
    assert_eq!(texts(&s, "options"), ["wood"]);
    assert!(s.num("amount").is_none());
    let s = of("produce 2 wood", "produce");
    assert_eq!(s.num("amount").map(|n| n.value), Some(2));
    let s = of("Produce wood OR clay or stone", "produce");
    assert_eq!(texts(&s, "options"), ["wood", "clay", "stone"]);
}

#[test]
fn counted_amount_over_scopes() {
    let s = of("gain 1 coin per brown card in left, self and right", "gain");
    assert_eq!(s.num("amount").map(|n| n.value), Some(1));
    assert_eq!(texts(&s, "unit"), ["coin"]);
    let per = s.per("per").unwrap();
    assert_eq!(
        per_texts(per),
        (vec!["brown", "card"], vec!["left", "self", "right"])
    );
    assert!(s.cond("cond").is_none());
    let s = of("gain 1 vp per brown, grey or purple cards in self", "gain");
    assert_eq!(
        per_texts(s.per("per").unwrap()).0,
        ["brown", "grey", "purple", "cards"]
    );
}

#[test]
fn several_clauses_with_triggers_and_comments() {
    let e = effects(
        "at game end: gain 1 vp per wonder stage in neighbours and self; # Builders\n\
         when built: gain 3 coins;\n",
    );
    assert_eq!(e.clauses.len(), 2);
    assert_eq!(
        e.clauses[0].trigger.as_ref().map(Trigger::word),
        Some("at game end")
    );
    assert_eq!(
        e.clauses[1].trigger.as_ref().map(Trigger::word),
        Some("when built")
    );
    let ActionKind::Word { slots, .. } = &e.clauses[0].action.kind else {
        panic!()
    };
    assert_eq!(
        per_texts(slots.per("per").unwrap()),
        (vec!["wonder", "stage"], vec!["neighbours", "self"])
    );
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
    for (text, name) in cases {
        let e = effects(text);
        assert_eq!(e.clauses[0].action.kind.word(), name, "{text}");
    }
    let e = effects("when you build a red card: gain 1 shield");
    let t = e.clauses[0].trigger.as_ref().unwrap();
    assert_eq!(t.word(), "when you build a card");
    assert_eq!(
        t.slots
            .words("colour")
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>(),
        ["red"]
    );
}

#[test]
fn spans_point_into_the_text() {
    let text = "gain 3 vp;\n  produce   ore";
    let e = effects(text);
    let ActionKind::Word { slots, .. } = &e.clauses[1].action.kind else {
        panic!()
    };
    let s = slots.words("options")[0].span;
    assert_eq!(&text[s.start..s.end], "ore");
    let w = e.clauses[1].action.word_span;
    assert_eq!(&text[w.start..w.end], "produce");
    let s = slots.span("options").unwrap();
    assert_eq!(&text[s.start..s.end], "ore");
}

#[test]
fn unknown_word_is_kept_for_the_resolver() {
    let mut e = effects("prodce wood");
    match e.clauses.remove(0).action.kind {
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
        "expected `age`, `cube`, `different`, `set`, a number or what to count, found the end of the text"
    );

    let e = err("gain 99999999999 coins");
    assert_eq!(e.message, "the number `99999999999` is too large");

    // A stray character is reported by what the word expected there.
    let e = err("gain 2 vp.");
    assert_eq!(e.span, Span::new(9, 10));
    assert!(e.message.ends_with("found `.`"), "{}", e.message);
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
    let unknown = "frobnicate the widgets;".repeat(20_000);
    assert_eq!(effects(&unknown).clauses.len(), 20_000);
    for text in [
        "\u{0}",
        "é",
        "produce é",
        ";;;",
        "gain 1 coin per in",
        "*/ \"",
        "a:b:c",
        "take",
        "when",
        "when you take",
        "when you take a",
        "one of",
        "one of (",
        "lose",
        ", , ,",
        "take a card from the deck",
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
fn an_unknown_trigger_lists_the_triggers() {
    let e = err("when built: gain 2 coins; when you build a card: gain 1 coin");
    assert_eq!(
        e.message,
        "`when you build a card` is not a trigger of the language"
    );
    assert_eq!(e.span, Span::new(26, 47));
    assert!(
        e.expected
            .contains(&"`when you build a <colour> card`".to_string())
    );
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
fn a_word_spans_its_leading_words() {
    let e = effects("play again");
    assert_eq!(e.clauses[0].action.word_span, Span::new(0, 10));
    let text = "entomb a white card";
    let w = effects(text).clauses[0].action.word_span;
    assert_eq!(&text[w.start..w.end], "entomb a");
    let text = "opponent loses 3 coins";
    let w = effects(text).clauses[0].action.word_span;
    assert_eq!(
        &text[w.start..w.end],
        text,
        "a word starting with a slot spans its phrase"
    );
}

#[test]
fn two_player_effects() {
    let s = of("opponent loses 3 coins", "lose");
    assert_eq!(texts(&s, "seats"), ["opponent"]);
    assert_eq!(s.num("n").map(|a| a.value), Some(3));
    assert_eq!(texts(&s, "what"), ["coins"]);
    let s = of("discard a grey card from opponent", "discard");
    assert_eq!(texts(&s, "colours"), ["grey", "card"]);
    assert_eq!(texts(&s, "seats"), ["opponent"]);
    assert!(!of("take a progress token", "take progress").has("set_aside"));
    let s = of("take a progress token from 3 set aside", "take progress");
    assert_eq!(s.num("set_aside").map(|n| n.value), Some(3));
    let s = of("pay 2 fewer resources for wonders", "discount");
    assert_eq!(s.num("n").map(|n| n.value), Some(2));
    assert_eq!(s.pick("target"), Some(0));
    let s = of("pay 2 fewer resources for blue cards", "discount");
    assert_eq!(s.pick("target"), Some(2));
    assert_eq!(texts(&s, "colours"), ["blue", "cards"]);
    let s = of(
        "receive the coins opponent pays for trading",
        "receive trading coins",
    );
    assert_eq!(texts(&s, "seats"), ["opponent"]);
}

#[test]
fn divided_and_most_counts() {
    let s = of("gain 1 vp per 3 coins in the city with the most", "gain");
    let per = s.per("per").unwrap();
    assert_eq!(per.divisor.map(|n| n.value), Some(3));
    assert_eq!(per_texts(per), (vec!["coins"], vec![]));
    assert!(per.most);
    let s = of(
        "gain 1 coin per brown or grey card in the city with the most",
        "gain",
    );
    let per = s.per("per").unwrap();
    assert_eq!(per_texts(per).0, ["brown", "grey", "card"]);
    assert!(per.most);
}

#[test]
fn conditions_of_a_gain() {
    let cond = |text: &str| {
        let s = of(text, "gain");
        assert!(s.per("per").is_none());
        s.cond("cond").cloned().unwrap_or_else(|| panic!("{text}"))
    };
    let words = |c: &Cond, slot: &str| -> Vec<String> {
        c.slots.words(slot).iter().map(|w| w.text.clone()).collect()
    };
    let c = cond("gain 5 vp if you have more blue cards than each neighbour");
    assert_eq!(c.id.def().shape, crate::CondShape::More);
    assert_eq!(words(&c, "counted"), ["blue", "cards"]);
    assert_eq!(words(&c, "scope"), ["neighbour"]);
    let c = cond("gain 5 vp if you have more coins than each neighbour");
    assert_eq!(words(&c, "counted"), ["coins"]);
    let c = cond("gain 6 vp if you have no defeat tokens");
    assert_eq!(c.id.def().shape, crate::CondShape::No);
    assert_eq!(words(&c, "counted"), ["defeat", "tokens"]);
    let c = cond("gain 7 VP if you have exactly 1 white card");
    assert_eq!(c.id.def().shape, crate::CondShape::Exactly);
    assert_eq!(c.slots.num("n").map(|n| n.value), Some(1));
    assert_eq!(words(&c, "counted"), ["white", "card"]);
    let c = cond("gain 7 vp if your wonder is complete");
    assert_eq!(c.id.def().shape, crate::CondShape::WonderComplete);
    // A condition needs its words: the error names what was expected.
    let e = err("gain 5 vp if you have more blue cards than neighbours");
    assert!(e.message.contains("`each`"), "{e:?}");
}

#[test]
fn sets_and_pairs_are_counted() {
    let s = of(
        "gain 3 vp per set of blue, red and green cards in self",
        "gain",
    );
    let per = s.per("per").unwrap();
    assert!(per.sets && !per.distinct);
    assert_eq!(
        per_texts(per),
        (vec!["blue", "red", "green", "cards"], vec!["self"])
    );
    let s = of("gain 1 vp per paired victory point in self", "gain");
    let per = s.per("per").unwrap();
    assert!(!per.sets);
    assert_eq!(per_texts(per).0, ["paired", "victory", "point"]);
}

#[test]
fn expansion_effects() {
    let s = of(
        "neighbours pay 1 fewer coin for white cards",
        "coin discount",
    );
    assert_eq!(texts(&s, "seats"), ["neighbours"]);
    assert_eq!(s.num("n").map(|a| a.value), Some(1));
    assert_eq!(texts(&s, "colours"), ["white", "cards"]);
    let s = of("pay no coins for white cards", "coin discount");
    assert!(!s.has("seats") && !s.has("n"));
    assert_eq!(s.pick("amount"), Some(0));
    // `resource` and `resources` both read.
    let s = of("pay 1 fewer resource for wonder stages", "discount");
    assert_eq!(s.pick("target"), Some(1));
    let rule = |text: &str| {
        let s = of(text, "free builds");
        (s.pick("rule"), s.pick("which"), s.pick("each"))
    };
    assert_eq!(
        rule("build the first card of each colour for free"),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!(
        rule("build the first card of each age for free"),
        (Some(0), Some(0), Some(1))
    );
    assert_eq!(
        rule("build the last card of each Age for free"),
        (Some(0), Some(1), Some(1))
    );
    let s = of("build purple cards for free", "free builds");
    assert_eq!(s.pick("rule"), Some(1));
    assert_eq!(texts(&s, "colours"), ["purple", "cards"]);
    let s = of("build a white card from your hand", "build from hand");
    assert_eq!(texts(&s, "colours"), ["white", "card"]);
    // The free build from a pile keeps its meaning.
    assert_eq!(
        of("build a card from your hand for free", "build free").pick("pile"),
        Some(1)
    );
    let s = of(
        "buy a resource from the bank at 1 coin once per turn",
        "buy from bank",
    );
    assert!(!s.has("resources"));
    assert_eq!(s.num("price").map(|n| n.value), Some(1));
    let s = of(
        "buy glass or papyrus from the bank at 2 coins once per turn",
        "buy from bank",
    );
    assert_eq!(texts(&s, "resources"), ["glass", "papyrus"]);
    assert!(!of("take a victory token of this age", "take victory token").has("age"));
    let s = of("take a victory token of age 2", "take victory token");
    assert_eq!(s.num("age").map(|n| n.value), Some(2));
    let s = of("lose all defeat tokens", "lose");
    assert!(!s.has("seats") && !s.has("n"));
    assert_eq!(texts(&s, "what"), ["defeat", "tokens"]);
    let s = of("others lose 1 victory token", "lose");
    assert_eq!(texts(&s, "seats"), ["others"]);
    assert_eq!(texts(&s, "what"), ["victory", "token"]);
    of(
        "give your defeat tokens to the neighbor who beats you",
        "give defeats",
    );
    let s = of("each science set scores 3 more vp", "science rule");
    assert_eq!(
        (s.pick("rule"), s.num("bonus").map(|n| n.value)),
        (Some(0), Some(3))
    );
    let s = of(
        "change one of your science symbols at game end",
        "science rule",
    );
    assert_eq!(s.pick("rule"), Some(1));
    let s = of(
        "copy your most common science symbol at game end",
        "science rule",
    );
    assert_eq!(s.pick("rule"), Some(2));
    // `copy a …` is still a copy.
    of("copy a purple card from neighbours", "copy");
    let s = of("entomb a white card", "entomb");
    assert_eq!(texts(&s, "colours"), ["white", "card"]);
    let s = of("draw 4 white cards from the box", "draw");
    assert_eq!(s.num("n").map(|n| n.value), Some(4));
    assert_eq!(texts(&s, "colours"), ["white", "cards"]);
    let s = of("keep unplayed white cards", "keep");
    assert_eq!(texts(&s, "colours"), ["white", "cards"]);
}

#[test]
fn expansion_triggers() {
    let trigger = |text: &str| effects(text).clauses[0].trigger.clone().unwrap().word();
    assert_eq!(
        trigger("when you gain a victory token: gain 2 coins"),
        "when you gain a victory token"
    );
    assert_eq!(
        trigger("once per turn when you take coins from the bank: gain 1 coin"),
        "when you take coins from the bank"
    );
    assert_eq!(
        trigger("once per turn for each neighbour you buy from: gain 1 coin"),
        "when you buy from a neighbour"
    );
    // `once per age` is still its own trigger.
    assert_eq!(
        trigger("once per age: build a card from your hand for free"),
        "once per age"
    );
}

#[test]
fn architects_effects() {
    let s = of(
        "take a card from the left, right or central deck",
        "take card",
    );
    assert_eq!(texts(&s, "decks"), ["left", "right", "central"]);
    assert!(!s.has("top"));
    let s = of("take a card from any deck", "take card");
    assert_eq!(texts(&s, "decks"), ["any"]);
    let s = of(
        "take one of the top 5 cards of the left or right deck",
        "take card",
    );
    assert_eq!(texts(&s, "decks"), ["left", "right"]);
    assert_eq!(s.num("top").map(|n| n.value), Some(5));
    of("take the cat", "take cat");
    let s = of("flip 2 conflict tokens", "flip conflict");
    assert_eq!(s.num("n").map(|n| n.value), Some(2));
    of("flip 1 conflict token", "flip conflict");
    of("build wonder stages with any resources", "any resources");
    let s = of("count one coin as 2 coins", "coin value");
    assert_eq!(s.num("n").map(|n| n.value), Some(2));
    // The take of a progress token is still itself.
    of("take a progress token", "take progress");
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
        let t = e.clauses[i].trigger.as_ref().unwrap();
        t.slots
            .taken("cards")
            .iter()
            .map(|t| (t.name.text.clone(), t.colour))
            .collect()
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
    let trigger = t.clauses[0].trigger.as_ref().unwrap();
    let span = trigger.slots.taken("cards")[0].name.span;
    assert_eq!(&text[span.start..span.end], "Red Archer");
    assert_eq!(trigger.word(), "when you take a card");
}

#[test]
fn costs_per_card_of_a_colour() {
    let c = parse_cost("1 coin per senator card, wood").unwrap();
    assert_eq!(c.items.len(), 2);
    let per: Vec<&str> = c.items[0]
        .per_card
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    assert_eq!(
        (c.items[0].name.text.as_str(), per),
        ("coin", vec!["senator"])
    );
    assert!(c.items[0].per_age.is_none() && c.items[1].per_card.is_empty());
    // Of several colours: a card of any of them counts.
    let c = parse_cost("2 coins per politician or conspirator card").unwrap();
    let per: Vec<&str> = c.items[0]
        .per_card
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    assert_eq!(per, ["politician", "conspirator"]);
    // Without `card` it is no price per card: `per` is read as a name,
    // which the compiler then refuses as a resource.
    let c = parse_cost("1 coin per senator").unwrap();
    assert!(c.items.iter().all(|i| i.per_card.is_empty()));
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
    let s = of(
        "take a participation pawn of age 3 from the box",
        "take pawn",
    );
    assert_eq!(s.num("age").map(|n| n.value), Some(3));
    let s = of(
        "take a participation pawn of any age from the box",
        "take pawn",
    );
    assert!(!s.has("age"));
    let s = of(
        "gain 1 vp per different colour of brown, grey or blue cards in self",
        "gain",
    );
    let per = s.per("per").unwrap();
    assert!(per.distinct && !per.sets);
    assert_eq!(per_texts(per).0, ["brown", "grey", "blue", "cards"]);
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
    let e = err("one of gain 2 vp");
    assert!(e.message.contains("`(`"), "{}", e.message);
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

#[test]
fn an_effect_no_word_writes_is_named_for_the_resolver() {
    let mut e = effects("take a diplomacy token");
    match e.clauses.remove(0).action.kind {
        ActionKind::Unknown { word } => {
            assert_eq!(word.text, "take a diplomacy");
            assert_eq!(word.span, Span::new(0, 16));
        }
        other => panic!("{other:?}"),
    }
    // A slip of the syntax stays a syntax error.
    assert!(err("gain two vp").message.contains("a number"));
    assert!(err("play again now").message.contains("`;`"));
}

/// `per age` after an amount of `gain` and `lose`, a colour in a free
/// build, and an Age after `victory token of` in a count.
#[test]
fn per_age_colours_of_a_free_build_and_tokens_of_an_age() {
    let words = |text: &str| {
        let e = parse_effects(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let ActionKind::Word { id, slots } = &e.clauses[0].action.kind else {
            panic!("{text}");
        };
        (id.def().name, slots.clone())
    };
    let (name, s) = words("gain 2 coins per age");
    assert_eq!(name, "gain");
    assert!(s.has("per_age") && s.per("per").is_none());
    let (name, s) = words("others lose 1 coin per age");
    assert_eq!(name, "lose");
    assert!(s.has("per_age"));
    let what: Vec<&str> = s.words("what").iter().map(|w| &w.text[..]).collect();
    assert_eq!(what, ["coin"], "`per` ends what is lost");
    let (name, s) = words("others lose 1 coin per victory token in their city");
    assert_eq!(name, "lose per", "a count per thing is still `lose per`");
    assert!(!s.has("per_age"));
    let (name, s) = words("build a black card from your hand for free");
    assert_eq!(name, "build free");
    let colours: Vec<&str> = s.words("colours").iter().map(|w| &w.text[..]).collect();
    assert_eq!(colours, ["black", "card"]);
    let (name, _) = words("build a white card from your hand");
    assert_eq!(name, "build from hand", "paying: not a free build");
    let (_, s) = words("gain 2 vp per victory token of age 1 in self");
    let per = s.per("per").expect("a count");
    let counted: Vec<&str> = per.counted.iter().map(|w| &w.text[..]).collect();
    assert_eq!(counted, ["victory", "token", "of", "age", "1"]);
    let scopes: Vec<&str> = per.scopes.iter().map(|w| &w.text[..]).collect();
    assert_eq!(scopes, ["self"]);
    let (_, s) = words("gain 3 vp if you have no victory tokens of age 2");
    let counted: Vec<String> = s
        .cond("cond")
        .unwrap()
        .slots
        .words("counted")
        .iter()
        .map(|w| w.text.clone())
        .collect();
    assert_eq!(counted, ["victory", "tokens", "of", "age", "2"]);
}
