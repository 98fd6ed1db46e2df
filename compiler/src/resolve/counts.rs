//! The counted things read by their form rather than by a counter's noun,
//! both of them counts of cards, where the game counts cards: resource
//! symbols on cards (`stone on brown cards`) and the cards of the colour
//! of the card under a wonder stage (`cards of this stage's colour`), the
//! two counts of Stonehenge (cities-facts.md §10.2).

use super::*;

/// Where the effects being resolved are written: what `this stage` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// A card of any kind: an Age card, a leader, a project.
    Card,
    /// A wonder board's own effect.
    Board,
    /// The wonder stage of this index in its side, from 0.
    Stage(u8),
    /// A progress token.
    Token,
}

impl Place {
    fn noun(self) -> &'static str {
        match self {
            Place::Card => "a card",
            Place::Board => "a board",
            Place::Stage(_) => "a wonder stage",
            Place::Token => "a progress token",
        }
    }
}

impl Resolver<'_> {
    /// The count `words` write in one of the forms of this module, `None`
    /// when they write none (`Some(None)`: one, with a problem reported).
    pub(super) fn counted_form(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<Option<Count>> {
        let lower: Vec<String> = words.iter().map(|w| w.text.to_lowercase()).collect();
        if let Some(k) = lower.iter().position(|w| w == "on") {
            return Some(self.symbols_on(p, words, k, span_loc));
        }
        if let [.., of, this, stage, colour] = &lower[..]
            && of == "of"
            && this == "this"
            && stage == "stage's"
            && (colour == "colour" || colour == "color")
        {
            return Some(self.stage_colour(p, words, span_loc));
        }
        None
    }

    /// Where `words` are written, from the first to the last.
    fn span(&self, p: &crate::load::DslText, words: &[Word]) -> Option<Loc> {
        let (first, last) = (words.first()?, words.last()?);
        Some(Loc {
            end: self.loc(p, last).end,
            ..self.loc(p, first)
        })
    }

    /// `stone on brown cards`, `wood or clay on brown or grey cards`: the
    /// symbols of those resources on the built cards of those colours (the
    /// word `on` at `k`). Each unit a card's production gives is a symbol:
    /// `produce 2 stone` shows two, `produce stone or clay` one stone and
    /// one clay (Stonehenge, "each stone symbol on your brown cards": a
    /// Quarry counts 2; cities-facts.md §10.2).
    fn symbols_on(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        k: usize,
        span_loc: Loc,
    ) -> Option<Count> {
        let on = self.loc(p, &words[k]);
        let (before, after) = (&words[..k], &words[k + 1..]);
        if before.is_empty() || after.is_empty() {
            let label = if before.is_empty() {
                "no resource before `on`"
            } else {
                "no cards after `on`"
            };
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    on,
                    "resource symbols are counted as resources on cards",
                )
                .label(label)
                .help("write e.g. `per stone on brown cards`"),
            );
            return None;
        }
        let resources = self.resources(p, before);
        let cards = self.counted_kind(p, after, span_loc);
        let (resources, cards) = (resources?, cards?);
        if cards.kind != CounterKind::Cards {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    self.span(p, after).unwrap_or(span_loc),
                    "resource symbols are counted on cards",
                )
                .label("not cards")
                .help("write e.g. `per stone on brown cards`"),
            );
            return None;
        }
        let at = self.span(p, words).unwrap_or(span_loc);
        if !self.form_played("resources on cards", at) {
            return None;
        }
        Some(Count {
            resources,
            ..Count::of(CounterKind::ResourceSymbols, cards.colours)
        })
    }

    /// `cards of this stage's colour`: the cards of the colour of the card
    /// put under the wonder stage whose effect this is (Stonehenge B: "1
    /// VP per card of that card's colour in the two neighbouring cities",
    /// cities-facts.md §10.2). Only a stage has a card under it.
    fn stage_colour(
        &mut self,
        p: &crate::load::DslText,
        words: &[Word],
        span_loc: Loc,
    ) -> Option<Count> {
        let k = words.len() - 4;
        let at = self.span(p, &words[k..]).unwrap_or(span_loc);
        let noun = self.span(p, &words[..k]).unwrap_or(at);
        let cards = if k == 0 {
            None
        } else {
            Some(self.counted_kind(p, &words[..k], span_loc)?)
        };
        if k != 1 || cards.is_none_or(|c| c.kind != CounterKind::Cards) {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    noun,
                    "only cards are counted by the colour under this stage",
                )
                .label("not `cards`")
                .help("write `cards of this stage's colour`"),
            );
            return None;
        }
        if !self.form_played("cards of this stage's colour", at) {
            return None;
        }
        let Place::Stage(stage) = self.place else {
            self.report.push(
                Diagnostic::new(
                    Code::WrongKind,
                    at,
                    format!(
                        "`this stage's colour` is the colour of the card under a wonder stage: {} has none",
                        self.place.noun()
                    ),
                )
                .label("not in a wonder stage's effect")
                .help("count cards of a colour (`per blue card`), or give the effect to a wonder stage"),
            );
            return None;
        };
        Some(Count {
            token: Some(stage),
            ..Count::of(CounterKind::StageColour, 0)
        })
    }
}
