//! A word of `Shape::Call`, resolved slot by slot by the kinds of its
//! slots: a word of the table needs no code here, only slots of kinds this
//! file knows.

use super::effects::Words;
use super::*;
use crate::ir::{Arg, Call};
use sevenw_dsl::WordId;
use sevenw_dsl::syntax::Kind;

impl Resolver<'_> {
    pub(super) fn call(&mut self, s: &Words<'_>, id: WordId) -> Option<Action> {
        let def = id.def();
        let mut args = Vec::new();
        let mut written = Vec::new();
        let mut ok = true;
        for (name, kind) in id.syntax().slots() {
            let Some(kind) = kind else { continue };
            if s.slots.has(name) {
                written.push(name);
            }
            match self.arg(s, def, name, kind) {
                Some(arg) => args.push((name, arg)),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        if let Some(noun) = def.needs
            && !self.v.counter_nouns.iter().any(|n| n == noun)
        {
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
        Some(Action::Call {
            call: Call { word: id, args },
            written,
        })
    }

    /// The slot `name` of kind `kind`, resolved (reported if it cannot be).
    fn arg(&mut self, s: &Words<'_>, def: &WordDef, name: &'static str, kind: Kind) -> Option<Arg> {
        let p = s.p;
        let words = s.slots.words(name);
        Some(match kind {
            Kind::Number { default, .. } => {
                Arg::Num(s.slots.num(name).map_or(default, |n| n.value))
            }
            Kind::Age => Arg::Num(u32::from(self.age_of(p, s.slots.num(name).as_ref())?)),
            Kind::Resources { all } => {
                if words.is_empty() && all {
                    Arg::Resources((1u32 << self.v.resources.len()).wrapping_sub(1) as u16)
                } else {
                    Arg::Resources(self.resources(p, words)?)
                }
            }
            Kind::Symbols => Arg::Symbols(self.symbols(p, words)?),
            Kind::Cards => {
                let message = format!("`{}` takes cards here", def.name);
                Arg::Colours(self.cards_as(p, words, s.at(name), &message, def.example)?)
            }
            Kind::Scopes { me } => Arg::Seats(self.seats(p, words, me)?),
            Kind::Others => Arg::Seats(self.others(s, def, name)?),
            Kind::Seat => Arg::Seat(self.seat(s, def, name)?),
            Kind::Decks => Arg::Decks(self.decks(p, words)?),
            Kind::Counted => Arg::Counted(crate::ir::Counted::of(self.counted_kind(
                p,
                words,
                s.at(name),
            )?)),
            Kind::Tokens => Arg::Num(u32::from(self.token_kind(p, words, s.at(name))?)),
            Kind::Colour | Kind::Name | Kind::Noun | Kind::Taken | Kind::Per | Kind::Cond => {
                unreachable!(
                    "`{}`: a call's slots are of kinds a call resolves (the table's tests)",
                    def.name
                )
            }
        })
    }

    /// The one other city a slot of kind `seat` names (`copy stage 1 from
    /// left`): scopes naming several cities, or the city itself, are
    /// reported, with the `one of` that lets the player choose among
    /// several (cities-facts.md §10.3: Manneken Pis copies "the stage 3 of
    /// either neighbour").
    fn seat(&mut self, s: &Words<'_>, def: &WordDef, name: &'static str) -> Option<i8> {
        let words = s.slots.words(name);
        let seats = self.seats(s.p, words, false)?;
        let written = words
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" and ");
        let (message, label) = match seats.as_slice() {
            [0] => (
                format!("`{written}` is this city, but `{}` takes another", def.name),
                "this city".to_string(),
            ),
            [one] => return Some(*one),
            many => (
                format!(
                    "`{written}` names {} cities, but `{}` takes one",
                    many.len(),
                    def.name
                ),
                "more than one city".to_string(),
            ),
        };
        // The options as the game names its cities: those named here, or
        // any two of one city each.
        // The effect as written up to the city (`copy stage 3 from`).
        let (example, _) = def.example.rsplit_once(' ').unwrap_or((def.example, ""));
        let word = (s.slots.span(name))
            .and_then(|at| s.p.text.get(s.span.start..at.start))
            .map_or(example, str::trim_end);
        let single = |named: &dyn Fn(i8) -> bool| -> Vec<String> {
            (self.v.scopes.iter())
                .filter(|(_, s)| matches!(s.as_slice(), [o] if *o != 0 && named(*o)))
                .map(|(n, _)| n.clone())
                .collect()
        };
        let mut names = single(&|o| seats.contains(&o));
        if names.len() < 2 {
            names = single(&|_| true);
            names.truncate(2);
        }
        let options: Vec<String> = names.iter().map(|n| format!("({word} {n})")).collect();
        let choose = if options.len() >= 2 {
            format!(
                "; to let the player choose among several, write one option per city: `one of {}`",
                options.join(" or ")
            )
        } else {
            String::new()
        };
        self.report.push(
            Diagnostic::new(Code::WrongKind, s.at(name), message)
                .label(label)
                .help(format!(
                    "name one other city, as in `{}`{choose}",
                    def.example
                )),
        );
        None
    }

    /// The other cities a slot of kind `others` names (`take a brown card
    /// from opponent`): a scope holding the city itself is reported, as
    /// nothing is taken from a city into itself.
    fn others(&mut self, s: &Words<'_>, def: &WordDef, name: &'static str) -> Option<Vec<i8>> {
        let words = s.slots.words(name);
        let seats = self.seats(s.p, words, false)?;
        if !seats.contains(&0) {
            return Some(seats);
        }
        let written = words
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" and ");
        self.report.push(
            Diagnostic::new(
                Code::WrongKind,
                s.at(name),
                format!(
                    "`{written}` holds this city, but `{}` acts on other cities",
                    def.name
                ),
            )
            .label("this city")
            .help(format!("name other cities only, as in `{}`", def.example)),
        );
        None
    }

    /// Every number of the word's slots within its syntax's range
    /// (`{n: number 1..=20}`), reported if not.
    pub(super) fn in_range(&mut self, s: &Words<'_>, id: WordId) -> bool {
        let def = id.def();
        let mut ok = true;
        for (name, kind) in id.syntax().slots() {
            let (Some(Kind::Number { min, max, .. }), Some(n)) = (kind, s.slots.num(name)) else {
                continue;
            };
            if n.value < min || n.value > max {
                let range = if min == 0 {
                    format!("at most {max}")
                } else {
                    format!("{min} to {max}")
                };
                self.report.push(
                    Diagnostic::new(
                        Code::BadValue,
                        s.p.loc_of(n.span),
                        format!("`{}` takes {range} here, not {}", def.name, n.value),
                    )
                    .label("out of range")
                    .help(format!("as in `{}`", def.example)),
                );
                ok = false;
            }
        }
        ok
    }

    /// A kind of token the game declares, written `debt tokens`.
    fn token_kind(&mut self, p: &crate::load::DslText, words: &[Word], at: Loc) -> Option<u8> {
        let name = words
            .first()
            .map(|w| w.text.to_lowercase())
            .unwrap_or_default();
        let noun = format!("{name} token");
        if let Some(i) = self.v.tokens.iter().position(|t| t.name == name)
            && self.v.declared_elsewhere(&noun).is_none()
        {
            return Some(i as u8);
        }
        let loc = words.first().map_or(at, |w| p.loc_of(w.span));
        let help = match self.v.declared_elsewhere(&noun) {
            Some(other) => self.elsewhere_help(&noun, other),
            None if self.v.tokens.is_empty() => format!(
                "`{}` declares no kinds of token: declare one in its game.yaml (`tokens: {{{name}: {{points: -1, category: …}}}}`)",
                self.v.game
            ),
            None => {
                let names: Vec<&str> = self.v.tokens.iter().map(|t| t.name.as_str()).collect();
                crate::diag::suggest(&name, names.iter().copied()).unwrap_or_else(|| {
                    format!(
                        "the kinds of token of `{}`: {}",
                        self.v.game,
                        names.join(", ")
                    )
                })
            }
        };
        self.report.push(
            Diagnostic::new(
                Code::UnknownName,
                loc,
                format!("unknown kind of token `{name}`"),
            )
            .label(format!("not a kind of token of the game `{}`", self.v.game))
            .help(help),
        );
        None
    }

    /// Science symbols by name.
    pub(super) fn symbols(&mut self, p: &crate::load::DslText, words: &[Word]) -> Option<u16> {
        let mut options = 0u16;
        let mut ok = true;
        for w in words {
            match self.v.lookup(&w.text) {
                Some(Name::Symbol(s)) => options |= 1 << s,
                other => {
                    self.unknown_or_wrong(p.loc_of(w.span), &w.text, other, "a science symbol");
                    ok = false;
                }
            }
        }
        ok.then_some(options)
    }

    /// The decks of `take a card from …`, as `sevenw_host::Decks` bits.
    fn decks(&mut self, p: &crate::load::DslText, words: &[Word]) -> Option<u8> {
        let mut bits = 0u8;
        let mut ok = true;
        for d in words {
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
        ok.then_some(bits)
    }
}
