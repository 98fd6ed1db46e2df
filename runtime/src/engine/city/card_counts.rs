//! What lies on and under a city's cards, for the counts that read it
//! (cities-facts.md §10.2, Stonehenge's): the cards of each colour, kept
//! as cards come and go (the resource symbols on them,
//! `Counted::Resources`, are read from the cards when counted:
//! [`Vocab::resources_on`]); and the colour of the card put under a wonder
//! stage whose effects count it (`Counted::StageColour`). That card is
//! turned face up when the stage is built, so its colour is public and the
//! city keeps it ([`City::shown_under`]); the card under any other stage
//! stays face down, kept by the game's own state.

use sevenw_host::{CardId, Colour, ColourSet, Counted, GameInfo, Source};

use super::{City, MAX_COLOURS};
use crate::engine::vocab::Vocab;

impl City {
    /// `what`, counted by this city in another city: the count of the
    /// colour under one of its stages ([`Counted::StageColour`]) is the
    /// other city's cards of this city's colour; `None` while that stage
    /// shows no colour (not built), which counts nothing. Anything else
    /// counts the same in every city.
    pub fn as_counted_elsewhere(&self, what: Counted) -> Option<Counted> {
        match what {
            Counted::StageColour(stage) => self
                .colour_under(stage)
                .map(|c| Counted::Cards(ColourSet(1u32.checked_shl(u32::from(c.0)).unwrap_or(0)))),
            _ => Some(what),
        }
    }

    /// The colour of the card under built stage `stage`, when that stage
    /// shows it ([`City::shown_under`]).
    pub fn colour_under(&self, stage: u8) -> Option<Colour> {
        (self.shown_under.iter())
            .find(|&&(s, _)| s == stage)
            .map(|&(_, c)| c)
    }

    /// `card` was put under the stage `source` (a [`Source::Stage`] of
    /// this city's wonder) as it was built: when the stage's effects count
    /// its colour ([`sevenw_host::StageInfo::shows_colour`]), the card is
    /// turned face up and its colour kept (Stonehenge B: cities-facts.md
    /// §10.2). Any other card stays face down, and nothing is kept.
    pub fn put_under(&mut self, info: &GameInfo, source: Source, card: CardId) {
        let Source::Stage {
            wonder,
            side,
            stage,
            ..
        } = source
        else {
            return;
        };
        let shows = (info.wonders.get(usize::from(wonder)))
            .and_then(|w| w.sides.get(usize::from(side)))
            .and_then(|s| s.stages.get(usize::from(stage)))
            .is_some_and(|st| st.shows_colour);
        if let (true, Some(c)) = (shows, info.cards.get(usize::from(card.0))) {
            self.show_under(stage, c.colour);
        }
    }

    /// Keeps `colour` as the colour under stage `stage` (a sheet's
    /// `under`, or [`City::put_under`]).
    pub fn show_under(&mut self, stage: u8, colour: Colour) {
        match self.shown_under.iter_mut().find(|(s, _)| *s == stage) {
            Some(e) => e.1 = colour,
            None => self.shown_under.push((stage, colour)),
        }
    }

    /// A card of `card`'s colour comes (`add`) or goes: the count of its
    /// colour. (The resource symbols on cards are read from the cards
    /// when counted: [`Vocab::resources_on`].)
    pub(super) fn tally(&mut self, vocab: &Vocab, card: CardId, add: bool) {
        let Some(info) = vocab.info.cards.get(usize::from(card.0)) else {
            return;
        };
        let c = usize::from(info.colour.0) % MAX_COLOURS;
        let count = &mut self.colour_count[c];
        *count = if add {
            count.saturating_add(1)
        } else {
            count.saturating_sub(1)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::production::MAX_RES;
    use sevenw_host::{Host, ResSet, Seats};

    /// Stonehenge (cities-facts.md §10.2): "each stone symbol on your
    /// brown cards", read once per card from its production (the shipped
    /// base game's cards): Quarry's `produce 2 stone` shows 2, Excavation's
    /// `produce stone or clay` one stone and one clay, Caravansery (yellow)
    /// a symbol of each of its four resources, on a yellow card. A card
    /// leaving takes its symbols with it.
    #[test]
    fn resource_symbols_on_cards_of_colours() {
        let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        let vocab = Vocab::new(info).unwrap();
        let card = |name: &str| {
            let i = info.cards.iter().position(|c| c.name == name).unwrap();
            CardId(i as u16)
        };
        let res = |name: &str| info.resources.iter().position(|r| *r == name).unwrap();
        let colour = |name: &str| info.colours.iter().position(|c| *c == name).unwrap();
        let stone = res("stone");
        assert_eq!(vocab.symbols(card("Quarry"))[stone], 2);
        assert_eq!(vocab.symbols(card("Excavation"))[stone], 1);
        assert_eq!(vocab.symbols(card("Excavation"))[res("clay")], 1);
        assert_eq!(vocab.symbols(card("Altar")), &[0; MAX_RES]);
        let count = |c: &City, r: &[&str], k: &[&str]| {
            c.count(
                &vocab,
                Counted::Resources {
                    resources: ResSet(r.iter().fold(0, |m, x| m | 1 << res(x))),
                    colours: ColourSet(k.iter().fold(0, |m, x| m | 1 << colour(x))),
                },
            )
        };
        let mut c = City::new(0, 0, 3, 2);
        for name in ["Quarry", "Excavation", "Caravansery", "Loom", "Altar"] {
            c.place(&vocab, card(name));
        }
        assert_eq!(count(&c, &["stone"], &["brown"]), 3);
        assert_eq!(count(&c, &["stone", "clay"], &["brown"]), 4);
        assert_eq!(count(&c, &["stone"], &["yellow"]), 1);
        assert_eq!(count(&c, &["stone"], &["brown", "yellow"]), 4);
        assert_eq!(count(&c, &["loom"], &["grey"]), 1);
        assert_eq!(count(&c, &["stone"], &["blue"]), 0);
        assert!(c.remove(&vocab, card("Quarry")));
        assert_eq!(count(&c, &["stone"], &["brown"]), 1);
        assert!(c.spend_at(&vocab, 0).is_some(), "Excavation, spent");
        assert_eq!(count(&c, &["stone", "clay"], &["brown"]), 0);
        assert_eq!(count(&c, &["stone"], &["yellow"]), 1, "Caravansery stays");
    }

    /// Stonehenge B (cities-facts.md §10.2): the cards of the colour of
    /// the card under a stage, counted in the neighbours by the acting
    /// city's colour; nothing while that stage shows none. A stage whose
    /// effects do not count it keeps its card face down.
    #[test]
    fn cards_of_the_colour_under_a_stage() {
        let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        let vocab = Vocab::new(info).unwrap();
        let (red, blue) = (sevenw_host::Colour(5), sevenw_host::Colour(2));
        let mut cities = vec![City::default(), City::default(), City::default()];
        cities[1].colour_count[5] = 2;
        cities[2].colour_count[5] = 1;
        cities[2].colour_count[2] = 4;
        let mut me = City::new(0, 0, 3, 2);
        me.colour_count[5] = 7;
        let neighbours = Seats(&[-1, 1]);
        let count = |me: &mut City, what| {
            crate::engine::host::CityHost::new(&vocab, me, &cities, 0, true).count(what, neighbours)
        };
        assert_eq!(count(&mut me, Counted::StageColour(1)), 0, "not built");
        assert_eq!(me.count(&vocab, Counted::StageColour(1)), 0);
        me.show_under(1, red);
        assert_eq!(count(&mut me, Counted::StageColour(1)), 3);
        assert_eq!(count(&mut me, Counted::StageColour(0)), 0, "another stage");
        assert_eq!(
            me.count(&vocab, Counted::StageColour(1)),
            7,
            "in its own city"
        );
        me.show_under(1, blue);
        assert_eq!(me.shown_under, [(1, blue)]);
        assert_eq!(count(&mut me, Counted::StageColour(1)), 4);
        // No shipped stage counts the colour under it: its card stays
        // face down.
        let mut c = City::new(0, 0, 3, 2);
        let stage = Source::Stage {
            wonder: 0,
            side: 0,
            stage: 0,
        };
        c.put_under(info, stage, CardId(0));
        c.put_under(info, Source::Card(CardId(1)), CardId(0));
        assert!(c.shown_under.is_empty());
    }
}
