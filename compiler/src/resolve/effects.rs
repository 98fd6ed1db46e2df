//! The resolver over cost and effect text: a cost, the clauses of an
//! effect, and whether the game allows each word and trigger.

use super::*;

impl Resolver<'_> {
    pub(super) fn cost(&mut self, field: &Field<sevenw_dsl::Cost>) -> Cost {
        let Some(Parsed { ast, text }) = field.ok() else {
            return Cost::default();
        };
        let mut cost = Cost::default();
        if let Some(pat) = ast.pattern {
            let loc = text.loc_of(pat.span);
            if !(1..=15).contains(&pat.count.value) {
                self.report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        text.loc_of(pat.count.span),
                        format!(
                            "a stage of {} resources: it must be 1 to 15",
                            pat.count.value
                        ),
                    )
                    .label("out of range"),
                );
            } else {
                cost.pattern = Some((
                    crate::vocab::Pattern {
                        count: pat.count.value as u8,
                        identical: pat.identical,
                    },
                    loc,
                ));
            }
        }
        let mut amounts = vec![0u32; self.v.resources.len()];
        for item in &ast.items {
            let n = item.amount.map_or(1, |a| a.value);
            if n == 0 {
                self.report.push(
                    Diagnostic::new(Code::BadValue, text.loc_of(item.span), "a cost item of 0")
                        .label("zero")
                        .help("leave the item out"),
                );
            }
            if Unit::parse(&item.name.text) == Some(Unit::Coins) {
                if item.per_age.is_some() {
                    cost.coins_per_age = cost.coins_per_age.saturating_add(n);
                } else {
                    cost.coins = cost.coins.saturating_add(n);
                }
                continue;
            }
            if let Some(span) = item.per_age {
                self.report.push(
                    Diagnostic::new(
                        Code::WrongKind,
                        text.loc_of(span),
                        "only coins may be paid per Age",
                    )
                    .label("not coins")
                    .help("write e.g. `1 coin per age` (1 coin in Age I, 2 in Age II…)"),
                );
                continue;
            }
            match self.v.lookup(&item.name.text) {
                Some(Name::Resource(r)) => {
                    amounts[r as usize] = amounts[r as usize].saturating_add(n)
                }
                other => self.unknown_or_wrong(
                    text.loc_of(item.name.span),
                    &item.name.text,
                    other,
                    "a resource",
                ),
            }
        }
        cost.resources = amounts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(r, n)| (r as u8, *n))
            .collect();
        if cost.coins > 255
            || cost.coins_per_age > 255
            || cost.resources.iter().any(|(_, n)| *n > 255)
        {
            self.report.push(
                Diagnostic::new(
                    Code::BadValue,
                    text.loc,
                    "a cost may ask at most 255 of one thing",
                )
                .label("too large"),
            );
        }
        cost
    }

    pub(super) fn effects(&mut self, field: &Field<sevenw_dsl::Effects>) -> Effects {
        let p = match field {
            Field::Absent => return Effects::Absent,
            Field::Broken => return Effects::Broken,
            Field::Ok(p) => p,
        };
        let before = self.report.errors();
        let mut out = Vec::new();
        for clause in &p.ast.clauses {
            if let ActionKind::OneOf { options } = &clause.action.kind {
                if !self.allowed(&p.text, &clause.action) {
                    continue;
                }
                if options.len() > 8 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.text.loc_of(clause.action.word_span),
                            format!("a choice of {} options: at most 8", options.len()),
                        )
                        .label("too many options"),
                    );
                    continue;
                }
                if out.iter().any(|e: &Effect| e.option.is_some()) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.text.loc_of(clause.span),
                            "one choice per effect text",
                        )
                        .label("a second `one of`")
                        .help("put every option in one `one of (…) or (…)`"),
                    );
                    continue;
                }
                for (i, option) in options.iter().enumerate() {
                    for c in option {
                        if let Some(mut e) = self.clause(&p.text, c) {
                            e.option = Some(i as u8);
                            out.push(e);
                        }
                    }
                }
                continue;
            }
            if let Some(e) = self.clause(&p.text, clause) {
                out.push(e);
            }
        }
        if self.report.errors() > before {
            Effects::Broken
        } else {
            Effects::Ok(out)
        }
    }

    /// Whether the action's word is known to the language and allowed in
    /// this game (reported if not).
    pub(super) fn allowed(&mut self, p: &crate::load::DslText, a: &sevenw_dsl::Action) -> bool {
        let word_loc = p.loc_of(a.word_span);
        // The word itself: known to the language, allowed in this game?
        let word = a.kind.word().to_string();
        if let ActionKind::Unknown { word: w } = &a.kind {
            let help = self.word_help_memo(&w.text);
            self.report.push(
                Diagnostic::new(
                    Code::UnknownWord,
                    word_loc,
                    format!("unknown effect `{}`", w.text),
                )
                .label("not an effect of the language")
                .help(help),
            );
            return false;
        }
        if !self.v.allows_word(&word) {
            let help = match self.v.declared_elsewhere(&word) {
                Some(other) => self.elsewhere_help(&word, other),
                None => format!(
                    "the effects of `{}` are: {}",
                    self.v.game,
                    self.v.words.join(", ")
                ),
            };
            self.report.push(
                Diagnostic::new(
                    Code::WordNotAllowed,
                    word_loc,
                    format!("`{word}` is not an effect of the game `{}`", self.v.game),
                )
                .label(format!("not allowed in `{}`", self.v.game))
                .help(help),
            );
            return false;
        }
        true
    }

    pub(super) fn clause(
        &mut self,
        p: &crate::load::DslText,
        clause: &sevenw_dsl::Clause,
    ) -> Option<Effect> {
        let a = &clause.action;
        let word_loc = p.loc_of(a.word_span);
        let loc = p.loc_of(clause.span);
        if !self.allowed(p, a) {
            return None;
        }
        let trigger = match &clause.trigger {
            None => Trigger::Default,
            Some(t) => {
                let tw = t.kind.word();
                let tloc = p.loc_of(t.span);
                if !self.v.allows_trigger(tw) {
                    let help = match self.v.declared_elsewhere(tw) {
                        Some(other) => self.elsewhere_help(tw, other),
                        None => format!(
                            "the triggers of `{}` are: {}",
                            self.v.game,
                            self.v.triggers.join(", ")
                        ),
                    };
                    self.report.push(
                        Diagnostic::new(
                            Code::WordNotAllowed,
                            tloc,
                            format!(
                                "the trigger `{tw}` is not used in the game `{}`",
                                self.v.game
                            ),
                        )
                        .label(format!("not allowed in `{}`", self.v.game))
                        .help(help),
                    );
                    return None;
                }
                match &t.kind {
                    TriggerKind::WhenBuilt => Trigger::WhenBuilt,
                    TriggerKind::GameEnd => Trigger::GameEnd,
                    TriggerKind::AgeEnd => Trigger::AgeEnd,
                    TriggerKind::OncePerAge => Trigger::OncePerAge,
                    TriggerKind::BuildChain => Trigger::BuildChain,
                    TriggerKind::BuildStage => Trigger::BuildStage,
                    TriggerKind::BuildColour(w) => match self.v.lookup(&w.text) {
                        Some(Name::Colour(c)) => Trigger::BuildColour(c),
                        other => {
                            self.unknown_or_wrong(p.loc_of(w.span), &w.text, other, "a colour");
                            return None;
                        }
                    },
                    TriggerKind::GainVictory => Trigger::GainVictory,
                    TriggerKind::BankCoins => Trigger::BankCoins,
                    TriggerKind::Bought => Trigger::Bought,
                    TriggerKind::TakeCard(list) => Trigger::TakeCard(self.taken(p, list)?),
                }
            }
        };
        let action = match &a.kind {
            ActionKind::Produce { amount, choice } => {
                let options = self.resources(p, choice)?;
                let amount = amount.map_or(1, |n| n.value);
                if amount == 0 || amount > 15 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            word_loc,
                            format!("production of {amount}: it must be between 1 and 15"),
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Produce {
                    options,
                    amount: amount as u8,
                }
            }
            ActionKind::Gain {
                amount,
                unit,
                per,
                cond,
            } => {
                let Some(u) = Unit::parse(&unit.text) else {
                    let found = self.v.lookup(&unit.text);
                    let uloc = p.loc_of(unit.span);
                    match found {
                        Some(name) => self.report.push(
                            Diagnostic::new(
                                Code::WrongKind,
                                uloc,
                                format!(
                                    "`{}` is {}, but `gain` needs a unit",
                                    unit.text,
                                    name.kind()
                                ),
                            )
                            .label("not a unit")
                            .help("the units are coins, vp and shields"),
                        ),
                        None => self.report.push(
                            Diagnostic::new(
                                Code::UnknownName,
                                uloc,
                                format!("unknown unit `{}`", unit.text),
                            )
                            .label("not a unit")
                            .maybe_help(suggest(&unit.text, Unit::WORDS.iter().copied())),
                        ),
                    }
                    return None;
                };
                let per = match per {
                    None => None,
                    Some(per) => {
                        let (kind, colours, token) =
                            self.counted_kind(p, &per.counted, p.loc_of(per.span))?;
                        let seats = if per.most {
                            self.all_seats()
                        } else {
                            self.seats(p, &per.scopes, true)?
                        };
                        let divisor = per.divisor.map_or(1, |d| d.value);
                        if divisor == 0 {
                            self.report.push(
                                Diagnostic::new(
                                    Code::BadValue,
                                    p.loc_of(per.span),
                                    "a count per 0 things",
                                )
                                .label("division by zero")
                                .help("write e.g. `per 3 coins`"),
                            );
                            return None;
                        }
                        if per.distinct && kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    p.loc_of(per.span),
                                    "only cards have colours",
                                )
                                .label("not cards")
                                .help("write e.g. `per different colour of brown, grey or blue cards`"),
                            );
                            return None;
                        }
                        if per.sets && kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    p.loc_of(per.span),
                                    "only cards of colours make sets",
                                )
                                .label("not cards")
                                .help("write e.g. `per set of blue, red and green cards`"),
                            );
                            return None;
                        }
                        Some(Counter {
                            kind,
                            colours,
                            seats,
                            divisor,
                            most: per.most,
                            sets: per.sets,
                            distinct: per.distinct,
                            token,
                        })
                    }
                };
                let cond = match cond {
                    None => None,
                    Some(c) => Some(self.cond(p, c)?),
                };
                if amount.value > 1000 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "an amount may be at most 1000",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::Gain {
                    unit: u,
                    amount: amount.value,
                    per,
                    cond,
                }
            }
            ActionKind::Science { choice } => {
                let mut options = 0u16;
                let mut ok = true;
                for w in choice {
                    match self.v.lookup(&w.text) {
                        Some(Name::Symbol(s)) => options |= 1 << s,
                        other => {
                            self.unknown_or_wrong(
                                p.loc_of(w.span),
                                &w.text,
                                other,
                                "a science symbol",
                            );
                            ok = false;
                        }
                    }
                }
                if !ok {
                    return None;
                }
                Action::Science { options }
            }
            ActionKind::Trade {
                choice,
                price,
                from,
            } => {
                let resources = self.resources(p, choice)?;
                let seats = self.seats(p, from, false)?;
                if price.value > 255 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(price.span),
                            "a trading price may be at most 255",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::Trade {
                    resources,
                    price: price.value as u8,
                    seats,
                }
            }
            ActionKind::BuildFree { pile } => Action::BuildFree { pile: *pile },
            ActionKind::PlayLastCard => Action::PlayLastCard,
            ActionKind::PlayAgain => Action::PlayAgain,
            ActionKind::Copy { counted, from } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                if kind != CounterKind::Cards {
                    self.report.push(
                        Diagnostic::new(Code::WrongKind, loc, "only cards can be copied")
                            .label("not a card")
                            .help("write e.g. `copy a purple card from neighbours`"),
                    );
                    return None;
                }
                let seats = self.seats(p, from, false)?;
                Action::Copy { colours, seats }
            }
            ActionKind::Lose { from, amount, what } => {
                let written: Vec<String> = what.iter().map(|w| w.text.to_lowercase()).collect();
                let one = |w: &str, noun: &str| w == noun || w.strip_suffix('s') == Some(noun);
                let lost = match written.as_slice() {
                    [w] if Unit::parse(w) == Some(Unit::Coins) => Some(Lost::Coins),
                    [a, b] if a == "defeat" && one(b, "token") => Some(Lost::DefeatTokens),
                    [a, b] if a == "victory" && one(b, "token") => Some(Lost::VictoryTokens),
                    _ => None,
                };
                let Some(lost) = lost else {
                    let span = what.first().zip(what.last()).map_or(a.span, |(f, l)| {
                        sevenw_dsl::Span::new(f.span.start, l.span.end)
                    });
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            p.loc_of(span),
                            format!("`{}` cannot be lost", written.join(" ")),
                        )
                        .label("not coins or conflict tokens")
                        .help("write e.g. `opponent loses 3 coins`, `lose all defeat tokens` or `others lose 1 victory token`"),
                    );
                    return None;
                };
                if lost != Lost::Coins {
                    let noun = if lost == Lost::DefeatTokens {
                        "defeat token"
                    } else {
                        "victory token"
                    };
                    let kind = if lost == Lost::DefeatTokens {
                        CounterKind::DefeatTokens
                    } else {
                        CounterKind::VictoryTokens
                    };
                    if !self.v.counters.contains(&kind) {
                        self.report.push(
                            Diagnostic::new(
                                Code::WordNotAllowed,
                                loc,
                                format!("the game `{}` has no {noun}s", self.v.game),
                            )
                            .label("not in this game")
                            .help(format!("this game counts: {}", self.counter_list())),
                        );
                        return None;
                    }
                }
                let seats = self.seats(p, from, true)?;
                Action::Lose {
                    amount: amount.map(|n| n.value),
                    what: lost,
                    seats,
                }
            }
            ActionKind::Discard { counted, from } => {
                let (kind, colours) = self.counted(p, counted, loc)?;
                if kind != CounterKind::Cards {
                    self.report.push(
                        Diagnostic::new(Code::WrongKind, loc, "only cards can be discarded")
                            .label("not a card")
                            .help("write e.g. `discard a grey card from opponent`"),
                    );
                    return None;
                }
                let seats = self.seats(p, from, false)?;
                Action::Discard { colours, seats }
            }
            ActionKind::TakeProgress { set_aside } => {
                let n = set_aside.map_or(0, |n| n.value);
                if n > 50 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            loc,
                            "at most 50 progress tokens can be drawn",
                        )
                        .label("too many"),
                    );
                    return None;
                }
                Action::TakeProgress { set_aside: n as u8 }
            }
            ActionKind::Discount { amount, target } => {
                if amount.value == 0 || amount.value > 50 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a discount must be between 1 and 50 resources",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                let target = match target {
                    sevenw_dsl::DiscountTarget::Wonders => DiscountTarget::Wonders,
                    sevenw_dsl::DiscountTarget::Cards(words) => {
                        let (kind, colours) = self.counted(p, words, loc)?;
                        if kind != CounterKind::Cards {
                            self.report.push(
                                Diagnostic::new(
                                    Code::WrongKind,
                                    loc,
                                    "a discount applies to wonders or to cards",
                                )
                                .label("neither wonders nor cards")
                                .help("write `for wonders` or e.g. `for blue cards`"),
                            );
                            return None;
                        }
                        DiscountTarget::Colours(colours)
                    }
                };
                Action::Discount {
                    amount: amount.value as u8,
                    target,
                }
            }
            ActionKind::ReceiveTrade { from } => Action::ReceiveTrade {
                seats: self.seats(p, from, false)?,
            },
            ActionKind::CoinDiscount {
                from,
                amount,
                target,
            } => {
                let colours = self.cards(p, target, loc, "a coin discount applies to cards")?;
                let amount = match amount {
                    None => None,
                    Some(n) if n.value >= 1 && n.value <= 100 => Some(n.value as u8),
                    Some(n) => {
                        self.report.push(
                            Diagnostic::new(
                                Code::BadValue,
                                p.loc_of(n.span),
                                "a coin discount must be between 1 and 100 coins",
                            )
                            .label("out of range")
                            .help("write `pay no coins for …` for cards that cost nothing"),
                        );
                        return None;
                    }
                };
                Action::CoinDiscount {
                    amount,
                    colours,
                    seats: self.seats(p, from, true)?,
                }
            }
            ActionKind::FreeRule { rule } => Action::FreeRule(match rule {
                sevenw_dsl::FreeRule::Cards(words) => {
                    FreeRule::Colours(self.cards(p, words, loc, "free builds apply to cards")?)
                }
                sevenw_dsl::FreeRule::FirstOfColour => FreeRule::FirstOfColour,
                sevenw_dsl::FreeRule::FirstOfAge => FreeRule::FirstOfAge,
                sevenw_dsl::FreeRule::LastOfAge => FreeRule::LastOfAge,
            }),
            ActionKind::BankTrade { choice, price } => {
                let resources = if choice.is_empty() {
                    (1u32 << self.v.resources.len()).wrapping_sub(1) as u16
                } else {
                    self.resources(p, choice)?
                };
                if price.value > 255 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(price.span),
                            "a price may be at most 255",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::BankTrade {
                    resources,
                    price: price.value as u8,
                }
            }
            ActionKind::TakeVictory { age } => {
                let age = self.age_of(p, age.as_ref())?;
                if !self.v.counters.contains(&CounterKind::VictoryTokens) {
                    self.report.push(
                        Diagnostic::new(
                            Code::WordNotAllowed,
                            loc,
                            format!("the game `{}` has no victory tokens", self.v.game),
                        )
                        .label("not in this game")
                        .help(format!("this game counts: {}", self.counter_list())),
                    );
                    return None;
                }
                Action::TakeVictory { age }
            }
            ActionKind::GiveDefeats => Action::GiveDefeats,
            ActionKind::ScienceRule { rule } => {
                if let sevenw_dsl::ScienceRule::SetBonus(n) = rule
                    && n.value > 100
                {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(n.span),
                            "a set bonus may be at most 100",
                        )
                        .label("too large"),
                    );
                    return None;
                }
                Action::ScienceRule(*rule)
            }
            ActionKind::Entomb { counted } => Action::Entomb {
                colours: self.cards(p, counted, loc, "only cards can be entombed")?,
            },
            ActionKind::Draw { amount, counted } => {
                let colours = self.cards(p, counted, loc, "only cards can be drawn")?;
                if amount.value == 0 || amount.value > 20 {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a draw must be between 1 and 20 cards",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Draw {
                    n: amount.value as u8,
                    colours,
                }
            }
            ActionKind::BuildFromHand { counted } => Action::BuildFromHand {
                colours: self.cards(p, counted, loc, "only cards are built")?,
            },
            ActionKind::Keep { counted } => Action::Keep {
                colours: self.cards(p, counted, loc, "only cards are kept")?,
            },
            ActionKind::TakePawn { age } => {
                let age = self.age_of(p, age.as_ref())?;
                Action::TakePawn { age }
            }
            ActionKind::TakeCard { decks, top } => {
                let mut bits = 0u8;
                let mut ok = true;
                for d in decks {
                    let n = d.text.to_lowercase();
                    match DECK_WORDS.iter().find(|(w, _)| *w == n) {
                        Some((_, b)) => bits |= b,
                        None => {
                            self.report.push(
                                Diagnostic::new(
                                    Code::UnknownName,
                                    p.loc_of(d.span),
                                    format!("unknown deck `{}`", d.text),
                                )
                                .label("not a deck of the language")
                                .maybe_help(suggest(&n, DECK_WORDS.iter().map(|(w, _)| *w))),
                            );
                            ok = false;
                        }
                    }
                }
                let top = top.map_or(1, |n| n.value);
                if !(1..=50).contains(&top) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            loc,
                            format!("looking at the top {top} cards: it must be 1 to 50"),
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                if !ok {
                    return None;
                }
                Action::TakeCard {
                    decks: bits,
                    top: top as u8,
                }
            }
            ActionKind::TakeCat => Action::TakeCat,
            ActionKind::Flip { amount } => {
                if !(1..=50).contains(&amount.value) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a flip turns 1 to 50 conflict tokens",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::Flip {
                    amount: amount.value as u8,
                }
            }
            ActionKind::AnyResources => Action::AnyResources,
            ActionKind::CoinValue { amount } => {
                if !(1..=50).contains(&amount.value) {
                    self.report.push(
                        Diagnostic::new(
                            Code::BadValue,
                            p.loc_of(amount.span),
                            "a coin may be worth 1 to 50 coins",
                        )
                        .label("out of range"),
                    );
                    return None;
                }
                Action::CoinValue {
                    amount: amount.value as u8,
                }
            }
            // `one of` is read by `effects`; options do not nest (grammar).
            ActionKind::Unknown { .. } | ActionKind::OneOf { .. } => return None,
        };
        if trigger == Trigger::OncePerAge && !matches!(action, Action::BuildFree { .. }) {
            self.report.push(
                Diagnostic::new(Code::WrongKind, loc, "`once per age` only limits an ability such as a free build")
                    .label("this is not an ability")
                    .help("write `once per age: build a card from your hand for free`, or drop the trigger"),
            );
            return None;
        }
        Some(Effect {
            trigger,
            action,
            loc,
            option: None,
        })
    }
}
