//! The resolver over cost and effect text: a cost, the clauses of an
//! effect, and whether the game allows each word and trigger. A clause is
//! a dispatch over the word table: a word of `Shape::Call` is resolved
//! slot by slot by the kinds of its slots (`resolve/call.rs`), a word of a
//! shape of its own by its reading in `resolve/shapes.rs`.

use super::*;
use sevenw_dsl::{Event, Shape};

impl Resolver<'_> {
    pub(super) fn cost(&mut self, field: &Field<sevenw_dsl::Cost>) -> Cost {
        let Some(Parsed { ast, text }) = field.ok() else {
            return Cost::default();
        };
        let mut cost = Cost {
            loc: Some(text.loc),
            ..Cost::default()
        };
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
        let mut tokens = vec![0u32; self.v.tokens.len()];
        for item in &ast.items {
            let n = item.amount.map_or(1, |a| a.value);
            if n == 0 {
                self.report.push(
                    Diagnostic::new(Code::BadValue, text.loc_of(item.span), "a cost item of 0")
                        .label("zero")
                        .help("leave the item out"),
                );
            }
            if let Some(span) = item.token {
                let name = item.name.text.to_lowercase();
                match self.v.tokens.iter().position(|k| k.name == name) {
                    Some(k) if item.per_age.is_none() => {
                        tokens[k] = tokens[k].saturating_add(n);
                        cost.tokens_loc.get_or_insert(text.loc_of(item.span));
                    }
                    Some(_) => self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            text.loc_of(item.span),
                            "only coins may be paid per Age",
                        )
                        .label("tokens per Age")
                        .help(format!("write e.g. `{n} {name} tokens`")),
                    ),
                    None => {
                        let kinds: Vec<&str> = self.v.tokens.iter().map(|k| &k.name[..]).collect();
                        self.report.push(
                            Diagnostic::new(
                                Code::UnknownName,
                                text.loc_of(sevenw_dsl::Span::new(item.name.span.start, span.end)),
                                format!("no kind of token `{name}` to pay with"),
                            )
                            .label("not a kind of token")
                            .help(
                                match did_you_mean(&name, kinds.iter().copied()) {
                                    _ if kinds.is_empty() => {
                                        "declare kinds of token in game.yaml (`tokens:`)"
                                            .to_string()
                                    }
                                    Some(near) => format!("did you mean `{near} tokens`?"),
                                    None => format!("the kinds of this game: {}", kinds.join(", ")),
                                },
                            ),
                        );
                    }
                }
                continue;
            }
            if !item.per_card.is_empty() {
                let coins = Unit::parse(&item.name.text) == Some(Unit::Coins);
                if !coins {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            text.loc_of(item.span),
                            "only coins may be paid per card",
                        )
                        .label("not coins")
                        .help("write e.g. `1 coin per senator card`"),
                    );
                    continue;
                }
                cost.coins_per_card = cost.coins_per_card.saturating_add(n);
                for colour in &item.per_card {
                    match self.v.lookup(&colour.text) {
                        Some(Name::Colour(c)) => cost.per_colours |= 1 << c,
                        other => self.unknown_or_wrong(
                            text.loc_of(colour.span),
                            &colour.text,
                            other,
                            "a colour",
                        ),
                    }
                }
                continue;
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
        cost.tokens = (tokens.iter().enumerate())
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (k as u8, *n))
            .collect();
        if cost.coins > 255
            || cost.coins_per_age > 255
            || cost.coins_per_card > 255
            || cost.resources.iter().any(|(_, n)| *n > 255)
            || cost.tokens.iter().any(|(_, n)| *n > 255)
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
        let loc = p.loc_of(clause.span);
        if !self.allowed(p, a) {
            return None;
        }
        let trigger = match &clause.trigger {
            None => Trigger::Default,
            Some(t) => self.trigger(p, t)?,
        };
        // `one of` is read by `effects`; options do not nest (grammar).
        let ActionKind::Word { id, slots } = &a.kind else {
            return None;
        };
        let s = Words {
            p,
            slots,
            loc,
            span: a.span,
        };
        if !self.in_range(&s, *id) {
            return None;
        }
        let action = match id.def().shape {
            Shape::Call => self.call(&s, *id)?,
            Shape::Produce => self.produce(&s)?,
            Shape::ProduceMatching => self.produce_matching(&s)?,
            Shape::TradeRebate => self.trade_rebate(&s)?,
            Shape::Gain => self.gain(&s)?,
            Shape::BuildFree => self.build_free(&s)?,
            Shape::Lose => self.lose(&s)?,
            Shape::Discount => self.discount(&s)?,
            Shape::CoinDiscount => self.coin_discount(&s)?,
            Shape::FreeRule => self.free_rule(&s)?,
            Shape::ScienceRule => self.science_rule(&s)?,
            Shape::OneOf => return None,
        };
        // The free builds every family plays: from the discard pile once,
        // when built; from the hand once per Age (`CityHost::build_free`).
        match (&action, &trigger) {
            (
                Action::BuildFree {
                    pile: Pile::Hand, ..
                },
                t,
            ) if *t != Trigger::OncePerAge => {
                self.report.push(
                    Diagnostic::new(
                        Code::WrongKind,
                        loc,
                        "a free build from the hand is an ability used once per Age",
                    )
                    .label("no rules play it at once")
                    .help("write `once per age: build a card from your hand for free`"),
                );
                return None;
            }
            (
                Action::BuildFree {
                    pile: Pile::Discard,
                    ..
                },
                Trigger::OncePerAge,
            ) => {
                self.report.push(
                    Diagnostic::new(Code::WrongKind, loc, "a free build from the discard pile happens once, at the end of the turn it is built")
                        .label("no rules play it once per Age")
                        .help("drop `once per age:`: `build a card from the discard pile for free`"),
                );
                return None;
            }
            _ => {}
        }
        // The shipped families' final scoring changes no city
        // (`ScoreHost`): at the end of the game only what scores is carried
        // out, and anything else, above all an effect on other cities,
        // would check clean and do nothing. (A designer's own family
        // scores as its crate says.)
        let shipped = sevenw_dsl::FamilyDef::of(&self.v.family).is_some();
        if shipped && trigger == Trigger::GameEnd && !scored_at_game_end(&action) {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    loc,
                    "at the end of the game only points, coins, science and copies count",
                )
                .label("no rules carry this out when the game is over")
                .help("drop `at game end:`: the effect then acts when it is built"),
            );
            return None;
        }
        // A stage is copied as its source is built, or as its owner builds
        // (a card, a stage): the moments a city sheet's cities are rebuilt
        // from, so that what a copy gave is there again (cities-facts.md
        // §10.3: Manneken Pis copies when its stage is built).
        let copies_stage = matches!(&action, Action::Call { call, .. } if call.def().host.starts_with("copy_stage("));
        let as_built = matches!(
            trigger,
            Trigger::Default
                | Trigger::WhenBuilt
                | Trigger::BuildStage
                | Trigger::BuildColour(_)
                | Trigger::BuildChain
        );
        if shipped && copies_stage && !as_built {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    loc,
                    "a stage is copied when its source is built, or when its owner builds",
                )
                .label("no rules copy a stage at this moment")
                .help("drop the trigger (`copy stage 1 from left`: when built), or copy `when you build a wonder stage:`"),
            );
            return None;
        }
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

    /// A trigger the game allows, resolved.
    fn trigger(&mut self, p: &crate::load::DslText, t: &sevenw_dsl::Trigger) -> Option<Trigger> {
        let tw = t.word();
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
        Some(match t.id.def().event {
            Event::Built => Trigger::WhenBuilt,
            Event::GameEnd => Trigger::GameEnd,
            Event::AgeEnd => Trigger::AgeEnd,
            Event::OncePerAge => Trigger::OncePerAge,
            Event::BuiltChain => Trigger::BuildChain,
            Event::BuiltStage => Trigger::BuildStage,
            Event::BuiltColour | Event::AnyBuiltColour => {
                let w = t.slots.words("colour").first()?;
                match self.v.lookup(&w.text) {
                    Some(Name::Colour(c)) if t.id.def().event == Event::BuiltColour => {
                        Trigger::BuildColour(c)
                    }
                    Some(Name::Colour(c)) => Trigger::AnyBuildColour(c),
                    other => {
                        self.unknown_or_wrong(p.loc_of(w.span), &w.text, other, "a colour");
                        return None;
                    }
                }
            }
            Event::AnyBuiltStage => Trigger::AnyBuildStage,
            Event::Discarded => Trigger::Discard,
            Event::Drafted => Trigger::Drafted,
            Event::GainedVictory => Trigger::GainVictory,
            Event::TookBankCoins => Trigger::BankCoins,
            Event::BoughtFrom => Trigger::Bought,
            Event::TookCard => {
                let (cards, colours) = self.taken(p, t.slots.taken("cards"))?;
                Trigger::TakeCard { cards, colours }
            }
        })
    }
}

/// The slots of a clause's word, with where the text is.
pub(super) struct Words<'a> {
    pub p: &'a crate::load::DslText,
    pub slots: &'a sevenw_dsl::Slots,
    /// The clause.
    pub loc: Loc,
    /// The action's text, in `p.text`.
    pub span: sevenw_dsl::Span,
}

impl Words<'_> {
    /// Where the slot `name` is written (the clause when it is not).
    pub fn at(&self, name: &str) -> Loc {
        self.slots.span(name).map_or(self.loc, |s| self.p.loc_of(s))
    }
}

/// Whether final scoring carries `action` out: points, the city's own
/// coins, science and its rules, copies (what `ScoreHost` reads).
fn scored_at_game_end(action: &Action) -> bool {
    match action {
        Action::Gain { unit, .. } => *unit != Unit::Shields,
        Action::ScienceRule(_) => true,
        Action::Call { call, .. } => {
            let host = call.def().host;
            ["science(", "copy_card(", "science_rule("]
                .iter()
                .any(|p| host.starts_with(p))
        }
        _ => false,
    }
}
