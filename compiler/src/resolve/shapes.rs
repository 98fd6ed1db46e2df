//! The words the compiler reads in their own way (a `Shape` of their own
//! in the word table): what their slots mean beyond their kinds.

use super::effects::Words;
use super::*;

impl Resolver<'_> {
    pub(super) fn produce(&mut self, s: &Words<'_>) -> Option<Action> {
        let options = self.resources(s.p, s.slots.words("options"))?;
        let amount = s.slots.num("amount").map_or(1, |n| n.value);
        Some(Action::Produce {
            options,
            amount: amount as u8,
        })
    }

    /// `produce a resource you (do not) produce with your board and …`.
    pub(super) fn produce_matching(&mut self, s: &Words<'_>) -> Option<Action> {
        let lacking = s.slots.pick("which")? == 1;
        let from = s.slots.pick("from")?;
        let colours = if from == 1 {
            0
        } else {
            let words = s.slots.words("colours");
            let message = "`produce matching` takes cards by colour here".to_string();
            let example = "produce a resource you produce with your board and brown or grey cards";
            self.cards_as(s.p, words, s.at("colours"), &message, example)?
        };
        Some(Action::ProduceMatching {
            colours,
            board: from != 2,
            lacking,
        })
    }

    /// `pay 1 fewer coin for the first resource bought from left each turn`.
    pub(super) fn trade_rebate(&mut self, s: &Words<'_>) -> Option<Action> {
        let n = s.slots.num("n")?.value as u8;
        let first = s.slots.pick("what")? == 0;
        let seats = self.seats(s.p, s.slots.words("seats"), false)?;
        Some(Action::TradeRebate { n, first, seats })
    }

    pub(super) fn gain(&mut self, s: &Words<'_>) -> Option<Action> {
        let p = s.p;
        let amount = s.slots.num("amount")?;
        let unit = s.slots.words("unit").first()?;
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
        let per = match s.slots.per("per") {
            None => None,
            Some(per) => Some(self.per(p, per)?),
        };
        let cond = match s.slots.cond("cond") {
            None => None,
            Some(c) => Some(self.cond(p, c)?),
        };
        let per_age = s.slots.has("per_age");
        if per_age && !self.per_age(s, u == Unit::Coins, "gain 2 coins per age") {
            return None;
        }
        let ongoing = s.slots.has("ongoing");
        if ongoing && !self.ongoing(s, u) {
            return None;
        }
        Some(Action::Gain {
            unit: u,
            amount: amount.value,
            per,
            cond,
            per_age,
            ongoing,
        })
    }

    /// `at each conflict` after a count: shields only (the count is what
    /// conflicts compare), where the family plays it. Semiramis's "each
    /// military defeat token you hold (past and future) counts as 1
    /// shield" (cities-facts.md §9.1).
    fn ongoing(&mut self, s: &Words<'_>, unit: Unit) -> bool {
        let at = s.at("ongoing");
        if unit != Unit::Shields {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    at,
                    "only shields are counted anew at each conflict",
                )
                .label("not shields")
                .help(
                    "coins and VP are gained when the effect runs: drop `at each conflict`, \
                     or count shields, as in `gain 1 shield per defeat token in self at each conflict`",
                ),
            );
            return false;
        }
        self.form_played("shields at each conflict", at)
    }

    /// `per age` after an amount, as a cost has it (`cost: 1 coin per
    /// age`): coins only (`coins`), where the family plays it. Arsinoe's
    /// "every other player loses coins equal to the current Age"
    /// (leaders-facts.md §3.3, cities-facts.md §9.2).
    fn per_age(&mut self, s: &Words<'_>, coins: bool, example: &str) -> bool {
        let at = s.at("per_age");
        if !coins {
            self.report.push(
                Diagnostic::new(Code::WrongKind, at, "only coins are counted per Age")
                    .label("not coins")
                    .help(format!(
                        "write an amount of coins per Age, as in `{example}`, or drop `per age`"
                    )),
            );
            return false;
        }
        self.form_played("per age", at)
    }

    /// `per …` of a gain.
    fn per(&mut self, p: &crate::load::DslText, per: &sevenw_dsl::Per) -> Option<Counter> {
        let what = self.counted_kind(p, &per.counted, p.loc_of(per.span))?;
        let kind = what.kind;
        let seats = if per.most {
            self.all_seats()
        } else {
            self.seats(p, &per.scopes, true)?
        };
        let divisor = per.divisor.map_or(1, |d| d.value);
        if divisor == 0 {
            self.report.push(
                Diagnostic::new(Code::BadValue, p.loc_of(per.span), "a count per 0 things")
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
            what,
            seats,
            divisor,
            most: per.most,
            sets: per.sets,
            distinct: per.distinct,
        })
    }

    pub(super) fn build_free(&mut self, s: &Words<'_>) -> Option<Action> {
        let pile = match s.slots.pick("pile")? {
            0 => Pile::Discard,
            _ => Pile::Hand,
        };
        // `a card`: any colour, an expansion's too; `a black card`: those
        // colours only (Caligula, "build one black card for free":
        // cities-facts.md §9, leaders-facts.md §3.3).
        let words = s.slots.words("colours");
        let colours = if let [one] = words
            && one.text.eq_ignore_ascii_case("card")
        {
            None
        } else {
            let at = s.at("colours");
            let colours = self.cards_as(
                s.p,
                words,
                at,
                "a free build takes cards",
                "build a black card from your hand for free",
            )?;
            if !self.form_played("free build of a colour", at) {
                return None;
            }
            Some(colours)
        };
        Some(Action::BuildFree { pile, colours })
    }

    pub(super) fn lose(&mut self, s: &Words<'_>) -> Option<Action> {
        let p = s.p;
        let what = s.slots.words("what");
        let written: Vec<String> = what.iter().map(|w| w.text.to_lowercase()).collect();
        let one = |w: &str, noun: &str| w == noun || w.strip_suffix('s') == Some(noun);
        let lost = match written.as_slice() {
            [w] if Unit::parse(w) == Some(Unit::Coins) => Some(Lost::Coins),
            [a, b] if a == "defeat" && one(b, "token") => Some(Lost::DefeatTokens),
            [a, b] if a == "victory" && one(b, "token") => Some(Lost::VictoryTokens),
            [a, b] if one(b, "token") => (self.v.tokens.iter())
                .position(|k| k.name == *a)
                .map(|k| Lost::Declared(k as u8)),
            _ => None,
        };
        let Some(lost) = lost else {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    s.at("what"),
                    format!("`{}` cannot be lost", written.join(" ")),
                )
                .label("not coins or tokens")
                .help(self.lose_help()),
            );
            return None;
        };
        if let Lost::DefeatTokens | Lost::VictoryTokens = lost {
            let (noun, kind) = if lost == Lost::DefeatTokens {
                ("defeat token", CounterKind::DefeatTokens)
            } else {
                ("victory token", CounterKind::VictoryTokens)
            };
            if !self.v.counters.contains(&kind) {
                self.report.push(
                    Diagnostic::new(
                        Code::WordNotAllowed,
                        s.loc,
                        format!("the game `{}` has no {noun}s", self.v.game),
                    )
                    .label("not in this game")
                    .help(format!("this game counts: {}", self.counter_list())),
                );
                return None;
            }
        }
        let per_age = s.slots.has("per_age");
        if per_age && !self.per_age(s, lost == Lost::Coins, "others lose 1 coin per age") {
            return None;
        }
        let seats = self.seats(p, s.slots.words("seats"), true)?;
        Some(Action::Lose {
            amount: s.slots.num("n").map(|n| n.value),
            what: lost,
            seats,
            per_age,
        })
    }

    /// What `lose` says it takes: coins, this game's conflict tokens and
    /// its declared kinds.
    fn lose_help(&self) -> String {
        let mut can = vec!["`opponent loses 3 coins`".to_string()];
        if self.v.counters.contains(&CounterKind::DefeatTokens) {
            can.push("`lose all defeat tokens`".into());
        }
        if self.v.counters.contains(&CounterKind::VictoryTokens) {
            can.push("`others lose 1 victory token`".into());
        }
        if let Some(k) = self.v.tokens.first() {
            can.push(format!("`lose 1 {} token`", k.name));
        }
        let last = can.pop().unwrap_or_default();
        if can.is_empty() {
            format!("write e.g. {last}")
        } else {
            format!("write e.g. {} or {last}", can.join(", "))
        }
    }

    pub(super) fn discount(&mut self, s: &Words<'_>) -> Option<Action> {
        let amount = s.slots.num("n")?;
        let target = match s.slots.pick("target")? {
            0 | 1 => DiscountTarget::Wonders,
            _ => {
                let (kind, colours) = self.counted(s.p, s.slots.words("colours"), s.loc)?;
                if kind != CounterKind::Cards {
                    self.report.push(
                        Diagnostic::new(
                            Code::WrongKind,
                            s.loc,
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
        Some(Action::Discount {
            amount: amount.value as u8,
            target,
        })
    }

    pub(super) fn coin_discount(&mut self, s: &Words<'_>) -> Option<Action> {
        let colours = self.cards(
            s.p,
            s.slots.words("colours"),
            s.loc,
            "a coin discount applies to cards",
        )?;
        let amount = s.slots.num("n").map(|n| n.value as u8);
        Some(Action::CoinDiscount {
            amount,
            colours,
            seats: self.seats(s.p, s.slots.words("seats"), true)?,
        })
    }

    pub(super) fn free_rule(&mut self, s: &Words<'_>) -> Option<Action> {
        let rule = match s.slots.pick("rule")? {
            0 => match (s.slots.pick("which")?, s.slots.pick("each")?) {
                (0, 0) => FreeRule::FirstOfColour,
                (0, _) => FreeRule::FirstOfAge,
                // `the last card of each colour` reads as the last card of
                // each Age.
                _ => FreeRule::LastOfAge,
            },
            _ => FreeRule::Colours(self.cards(
                s.p,
                s.slots.words("colours"),
                s.loc,
                "free builds apply to cards",
            )?),
        };
        // Duel's rules make free only cards of colours (Agora's
        // Corruption): its turns take cards from a figure, with no first
        // or last card of an Age's hand.
        if self.v.family == "duel" && !matches!(rule, FreeRule::Colours(_)) {
            self.report.push(
                Diagnostic::new(
                    Code::NotPlayed,
                    s.loc,
                    "the `duel` rules make free only the cards of colours named",
                )
                .label("never free in Duel")
                .help("name the colours: `build blue cards for free`"),
            );
            return None;
        }
        Some(Action::FreeRule(rule))
    }

    pub(super) fn science_rule(&mut self, s: &Words<'_>) -> Option<Action> {
        Some(Action::ScienceRule(match s.slots.pick("rule")? {
            0 => ScienceRule::SetBonus(s.slots.num("bonus")?.value),
            1 => ScienceRule::Change,
            _ => ScienceRule::CopyMost,
        }))
    }
}
