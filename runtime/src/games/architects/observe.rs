//! What one seat sees as a flat vector of numbers ([`Observe`]), for
//! reinforcement learning: built from [`View`] only, its length fixed by
//! the tables and the player count (`runtime/FORMATS.md`, "Observations",
//! "7 Wonders Architects").
//!
//! Seats are relative: `+0` is the observing seat, `+1` the next one round
//! the table in playing order (its left neighbour, the seat after it in
//! seat numbers), and so on. With `n` players, `C` cards, `K` progress
//! tokens, `W` wonders, `S` the most stages of a wonder, `R` resources and
//! `Y` science symbols: the phase and its decks (11), who plays (`n`), the
//! cat (`n + 1`), the conflict tokens (3), the progress tokens face up
//! (`K + 1`), the central deck (`1 + C`), the cards looked at (`C + n + 2`),
//! the discard pile (`C`), what acted this turn (`K + 2`), the turns (1);
//! per seat its wonder (`W`), stages (`S`), cards (`C`), tokens (`K`),
//! resources, coins, shields, victory tokens, symbols and points
//! (`R + Y + 4`), its deck's size and top (`1 + C`).
//!
//! Written with no allocation: the numbers set to zero, then the few that
//! are not. The view lends its whole table ([`View::table`]): only what
//! the view compares is read of it (its `PartialEq`: cities, tokens, the
//! cat, conflicts, the discard pile, the sizes of the decks and the pile),
//! the tops, the central card seen and the cards looked at through the
//! view's own accessors, never the cards under a top, the central deck,
//! the pile or the box.

use sevenw_host::Decks;

use crate::env::{Observe, Part, Writer};

use super::{Architects, Deck, MAX_RES, Phase, View};

/// The phase codes, in the order of the `phase` part.
const PHASES: usize = 6;

/// The sizes an observation is made of, read from the tables.
#[derive(Clone, Copy)]
struct Sizes {
    players: usize,
    cards: usize,
    tokens: usize,
    wonders: usize,
    stages: usize,
    resources: usize,
    symbols: usize,
    /// Whether a stage or a token offers a choice (`one of`).
    options: bool,
}

impl Sizes {
    fn of(a: &Architects, players: usize) -> Sizes {
        let info = a.info;
        let stages = (0..info.wonders.len().min(256))
            .map(|w| a.stages(w as u8).len())
            .max()
            .unwrap_or(0)
            .min(super::MAX_PIECES);
        Sizes {
            players,
            cards: info.cards.len(),
            tokens: info.progress.len(),
            wonders: info.wonders.len(),
            stages,
            resources: info.resources.len().min(MAX_RES),
            symbols: info.symbols.len().min(crate::engine::science::MAX_SYM),
            options: crate::engine::vocab::most_options(info) > 0,
        }
    }

    /// The phase flags: a seventh, the choice of an option, only in a game
    /// that offers one.
    fn phases(&self) -> usize {
        PHASES + usize::from(self.options)
    }

    /// Every part, in order.
    fn parts(&self) -> Vec<Part> {
        let s = self;
        let n = s.players;
        let mut v = vec![
            Part::new(
                "phase",
                s.phases(),
                "one-hot: take the turn's card, take an extra card, keep one of the cards \
                 looked at, take a progress token, build or trade science, game over; then, in \
                 a game whose stages or tokens offer a choice (`one of`), choose an option",
            ),
            Part::new(
                "extra decks",
                4,
                "taking an extra card: 1 for each kind of deck it may come from (left, right, \
                 central, any other)",
            ),
            Part::new(
                "look",
                1,
                "taking an extra card: how many top cards of the deck chosen are looked at \
                 (0 or 1: none)",
            ),
            Part::new(
                "to move",
                n,
                "one-hot by relative seat: whose turn it is (none once over)",
            ),
            Part::new(
                "cat",
                n + 1,
                "one-hot by relative seat: who holds the cat; the last: nobody",
            ),
            Part::new(
                "conflict",
                3,
                "conflict tokens in play, those showing war, 1 when a battle ends the turn",
            ),
            Part::new(
                "face-up tokens",
                s.tokens,
                "per progress token: copies face up",
            ),
            Part::new("pile", 1, "progress tokens in the face-down pile"),
            Part::new("central", 1, "cards in the central deck"),
            Part::new(
                "central top",
                s.cards,
                "one-hot: the central deck's top card, when the cat lets me see it",
            ),
            Part::new(
                "looking",
                s.cards,
                "per card: copies I am looking at (only while I look)",
            ),
            Part::new("looked", 1, "how many cards are being looked at, by anyone"),
            Part::new(
                "looked deck",
                n + 1,
                "one-hot: the deck being looked at, by relative seat of its wonder; the last: \
                 the central deck",
            ),
            Part::new("discard", s.cards, "per card: copies on the discard pile"),
            Part::new(
                "used tokens",
                s.tokens,
                "per progress token: 1 when its effect acted this turn",
            ),
            Part::new(
                "used abilities",
                2,
                "uses this turn of the any-resource and the coin-value abilities",
            ),
            Part::new("turns", 1, "turns begun"),
        ];
        for r in 0..n {
            let who = format!("seat +{r}");
            v.extend([
                Part::new(format!("{who}: wonder"), s.wonders, "one-hot: its wonder"),
                Part::new(
                    format!("{who}: stages"),
                    s.stages,
                    "per stage of its wonder: 1 when built",
                ),
                Part::new(
                    format!("{who}: cards"),
                    s.cards,
                    "per card: copies in its city",
                ),
                Part::new(
                    format!("{who}: tokens"),
                    s.tokens,
                    "per progress token: copies held",
                ),
                Part::new(
                    format!("{who}: resources"),
                    s.resources,
                    "per resource: resource cards in its city",
                ),
                Part::new(format!("{who}: coins"), 1, "coin cards in its city"),
                Part::new(format!("{who}: shields"), 1, "shields"),
                Part::new(format!("{who}: victories"), 1, "military victory tokens"),
                Part::new(
                    format!("{who}: science"),
                    s.symbols,
                    "per science symbol: how many it holds",
                ),
                Part::new(
                    format!("{who}: points"),
                    1,
                    "victory points granted so far by effects (all categories)",
                ),
                Part::new(
                    format!("{who}: deck"),
                    1,
                    "cards in its wonder's deck (between it and its left neighbour)",
                ),
                Part::new(
                    format!("{who}: deck top"),
                    s.cards,
                    "one-hot: the face-up top card of its wonder's deck",
                ),
            ]);
        }
        v
    }

    fn len(&self) -> usize {
        let s = self;
        let n = s.players;
        s.phases()
            + 5
            + n
            + (n + 1)
            + 3
            + (s.tokens + 1)
            + (1 + s.cards)
            + (s.cards + 1 + n + 1)
            + s.cards
            + (s.tokens + 2)
            + 1
            + n * (s.wonders + s.stages + 2 * s.cards + s.tokens + s.resources + s.symbols + 5)
    }
}

impl Observe for Architects {
    fn observation_len(&self, players: usize) -> usize {
        Sizes::of(self, players).len() + crate::env::token_len(self.info, players)
    }

    fn observation_parts(&self, players: usize) -> Vec<Part> {
        let mut p = Sizes::of(self, players).parts();
        p.extend(crate::env::token_parts(self.info, players));
        p
    }

    fn observe(&self, v: &View<'_>, out: &mut [f32]) {
        let t = v.table();
        let n = t.seats();
        let s = Sizes::of(self, n);
        let mut w = Writer::new(out);
        let me = v.seat();
        // The relative seat of `seat`: 0 for me, 1 for the next in play.
        let rel = |seat: usize| (seat + n - me) % n.max(1);
        let phase = v.phase();
        let code = match phase {
            Phase::Take => 0,
            Phase::Extra { .. } => 1,
            Phase::Keep => 2,
            Phase::Token => 3,
            Phase::Act => 4,
            Phase::Over => 5,
            Phase::Option => 6,
        };
        w.flags(s.phases(), std::iter::once(code));
        let (decks, top) = match phase {
            Phase::Extra { decks, top } => (decks, top),
            _ => (Decks(0), 0),
        };
        let kinds = [Decks::LEFT, Decks::RIGHT, Decks::CENTRAL, Decks::OTHERS];
        w.flags(4, (0..4).filter(|&i| decks.has(kinds[i])));
        w.one(f32::from(top));
        let over = phase == Phase::Over;
        w.flags(n, (!over).then(|| rel(v.current())).into_iter());
        w.flags(n + 1, std::iter::once(t.cat.map_or(n, rel)));
        w.one(f32::from(t.conflict));
        w.one(f32::from(t.war));
        w.one(f32::from(u8::from(t.battle)));
        w.counts(s.tokens, t.face_up.iter().map(|&k| usize::from(k)));
        w.one(t.pile.len() as f32);
        w.one(t.central.len() as f32);
        w.flags(
            s.cards,
            v.central_top().map(|c| usize::from(c.0)).into_iter(),
        );
        w.counts(s.cards, v.looking().iter().map(|c| usize::from(c.0)));
        w.one(t.looking.len() as f32);
        let looked = t.looked.map(|d| match d {
            Deck::Seat(x) => rel(usize::from(x)),
            Deck::Central => n,
        });
        w.flags(n + 1, looked.into_iter());
        w.counts(s.cards, t.discard.iter().map(|c| usize::from(c.0)));
        let used = |k: usize| t.used.get(k / 64).is_some_and(|u| u & (1 << (k % 64)) != 0);
        w.flags(s.tokens, (0..s.tokens).filter(|&k| used(k)));
        w.one(f32::from(t.used_any));
        w.one(f32::from(t.used_coin));
        w.one(t.turns as f32);
        for r in 0..n {
            let seat = (me + r) % n;
            let city = &t.cities[seat];
            w.flags(
                s.wonders,
                t.wonders.get(seat).map(|&x| usize::from(x)).into_iter(),
            );
            let built = t.built.get(seat).copied().unwrap_or(0);
            w.flags(s.stages, (0..s.stages).filter(|&i| built & (1 << i) != 0));
            w.counts(s.cards, city.cards.iter().map(|c| usize::from(c.0)));
            let held = t.tokens.get(seat).map_or(&[][..], |k| &k[..]);
            w.counts(s.tokens, held.iter().map(|&k| usize::from(k)));
            let res = city.own.fixed.iter().map(|&x| f32::from(x));
            w.values(s.resources, res.enumerate());
            w.one(city.coins as f32);
            w.one(city.shields as f32);
            w.one(city.victories as f32);
            let science = city.science.iter().map(|&x| f32::from(x));
            w.values(s.symbols, science.enumerate());
            w.one(city.vp.iter().sum::<i32>() as f32);
            w.one(t.decks.get(seat).map_or(0, Vec::len) as f32);
            w.flags(s.cards, v.top(seat).map(|c| usize::from(c.0)).into_iter());
        }
        crate::env::write_tokens(&mut w, self.info, (0..n).map(|r| &t.cities[(me + r) % n]));
        debug_assert_eq!(w.at(), s.len() + crate::env::token_len(self.info, n));
    }
}
