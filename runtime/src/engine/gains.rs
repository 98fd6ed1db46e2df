//! Constant gains: what a card does when built, when that is only constant
//! production, coins, shields, points and single science symbols.
//!
//! Most cards of every game are like that (a resource, a coin, a shield, a
//! symbol), and they are placed and spent at every turn. Their effects need
//! no host: [`Vocab::new`](crate::engine::vocab::Vocab::new) runs each card's
//! generated effects for [`Event::Built`] once against a [`Recorder`], and
//! a card whose effects only called those primitives, with no question
//! asked of the host (a count, the option chosen), has a [`Gains`]: those
//! calls with their arguments, applied to the city directly
//! ([`Gains::gain`], [`Gains::lose`]). There is no second description of a
//! card: the gains are read off its generated code, and a card whose
//! effects do anything else runs them as before.
//!
//! The effects of a card see nothing but the event and the host, so calls
//! made without a question to the host are the same in every position.
//! [`Gains::gain`] does what [`CityHost`](crate::engine::host::CityHost)
//! does for those calls, [`Gains::lose`] what
//! [`Unbuild`](crate::engine::held::Unbuild) does; the tests check both
//! against the hosts for every card of every game.

use std::cell::Cell;

use sevenw_host::{Category, Event, Host, PartialHost, ResSet, Source, SymSet};

use crate::engine::city::{City, MAX_CATEGORIES};
use crate::engine::production::MAX_RES;
use crate::engine::science::MAX_SYM;

/// What a source does when built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Built {
    /// It does not listen to [`Event::Built`].
    Nothing,
    /// Its constant gains, when they are one call (most cards: a
    /// resource, a coin, a shield, a symbol).
    One(Gain),
    /// Its constant gains, of more calls.
    Gains(Gains),
    /// Its effects are to be run against a host.
    Effects,
}

/// One primitive call of a card's effects, with its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// `gain_coins(n)`.
    Coins(i32),
    /// `gain_shields(n)`.
    Shields(u32),
    /// `gain_vp(category, n)`.
    Points(u8, i32),
    /// `produce` of one resource: its index, the amount, tradable.
    Produce(u8, u8, bool),
    /// `science` of one symbol: its index.
    Science(u8),
}

/// The most calls a card's constant gains hold; a card making more runs
/// its effects.
pub const MAX_GAINS: usize = 4;

/// A card's constant gains when built: its calls, in the order its
/// effects make them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gains {
    calls: [Gain; MAX_GAINS],
    len: u8,
}

impl Gains {
    const NONE: Gains = Gains {
        calls: [Gain::Shields(0); MAX_GAINS],
        len: 0,
    };

    /// The calls, in order.
    pub fn calls(&self) -> &[Gain] {
        &self.calls[..usize::from(self.len).min(MAX_GAINS)]
    }

    /// What [`CityHost`](crate::engine::host::CityHost) does for these
    /// calls: `coins` as its flag (false while a city is rebuilt from a
    /// sheet, whose coins are given as they are).
    #[inline]
    pub fn gain(&self, me: &mut City, coins: bool) {
        for call in self.calls() {
            call.gain(me, coins);
        }
    }

    /// What [`Unbuild`](crate::engine::held::Unbuild) does for these calls
    /// when the card leaves `me`: `coins` as its flag (a card spent takes
    /// its coins with it).
    #[inline]
    pub fn lose(&self, me: &mut City, coins: bool) {
        for call in self.calls() {
            call.lose(me, coins);
        }
    }
}

impl Gain {
    /// What [`CityHost`](crate::engine::host::CityHost) does for this call.
    #[inline]
    pub fn gain(self, me: &mut City, coins: bool) {
        match self {
            Gain::Coins(n) => {
                if coins {
                    me.coins = me.coins.saturating_add(n).max(0);
                    if n > 0 {
                        me.bank_coins = true;
                    }
                }
            }
            Gain::Shields(n) => me.shields = me.shields.saturating_add(n),
            Gain::Points(c, n) => {
                let c = usize::from(c) % MAX_CATEGORIES;
                me.vp[c] = me.vp[c].saturating_add(n);
            }
            Gain::Produce(r, n, tradable) => {
                let r = usize::from(r) % MAX_RES;
                me.own.fixed[r] = me.own.fixed[r].saturating_add(n);
                if tradable {
                    me.sold.fixed[r] = me.sold.fixed[r].saturating_add(n);
                }
            }
            Gain::Science(s) => {
                let s = usize::from(s) % MAX_SYM;
                me.science[s] = me.science[s].saturating_add(1);
            }
        }
    }

    /// What [`Unbuild`](crate::engine::held::Unbuild) does for this call.
    /// Points stay: they are scored only while the card is held.
    #[inline]
    pub fn lose(self, me: &mut City, coins: bool) {
        match self {
            Gain::Coins(n) => {
                if coins {
                    me.coins = me.coins.saturating_sub(n).max(0);
                }
            }
            Gain::Shields(n) => me.shields = me.shields.saturating_sub(n),
            Gain::Points(..) => {}
            Gain::Produce(r, n, tradable) => {
                let r = usize::from(r) % MAX_RES;
                me.own.fixed[r] = me.own.fixed[r].saturating_sub(n);
                if tradable {
                    me.sold.fixed[r] = me.sold.fixed[r].saturating_sub(n);
                }
            }
            Gain::Science(s) => {
                let s = usize::from(s) % MAX_SYM;
                me.science[s] = me.science[s].saturating_sub(1);
            }
        }
    }
}

/// Runs `effects` of `source`, which listens to [`Event::Built`], against
/// a [`Recorder`]: what it does when built.
pub fn record(effects: impl FnOnce(Source, Event, &mut dyn Host), source: Source) -> Built {
    let mut r = Recorder::default();
    effects(source, Event::Built, &mut r);
    match r.gains.calls() {
        _ if r.other.get() => Built::Effects,
        [one] => Built::One(*one),
        _ => Built::Gains(r.gains),
    }
}

/// A host that records the constant primitive calls made to it, and
/// whether anything else was called or asked.
pub struct Recorder {
    gains: Gains,
    /// Another primitive was called, a question asked, a choice of
    /// resources or symbols given, or more than [`MAX_GAINS`] calls made:
    /// the effects are not constant gains.
    other: Cell<bool>,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            gains: Gains::NONE,
            other: Cell::new(false),
        }
    }
}

impl Recorder {
    fn push(&mut self, call: Gain) {
        match self.gains.calls.get_mut(usize::from(self.gains.len)) {
            Some(slot) => {
                *slot = call;
                self.gains.len += 1;
            }
            None => self.other(),
        }
    }

    fn other(&self) {
        self.other.set(true);
    }
}

/// The index of the one bit of `bits` below `max`, if it has one bit.
fn one(bits: u16, max: usize) -> Option<u8> {
    let i = bits.trailing_zeros() as usize;
    (bits.count_ones() == 1 && i < max).then_some(i as u8)
}

/// Every primitive but the constant gains' tells [`PartialHost::unplayed`]
/// that the effects are more than constant gains, a primitive added to the
/// host API included.
impl PartialHost for Recorder {
    fn unplayed(&self, _: &'static str) {
        self.other();
    }
    fn gain_coins(&mut self, n: i32) {
        self.push(Gain::Coins(n));
    }
    fn gain_vp(&mut self, category: Category, n: i32) {
        if usize::from(category.0) < MAX_CATEGORIES {
            self.push(Gain::Points(category.0, n));
        } else {
            self.other();
        }
    }
    fn gain_shields(&mut self, n: u32) {
        self.push(Gain::Shields(n));
    }
    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        match one(options.0, MAX_RES) {
            Some(r) => self.push(Gain::Produce(r, amount, tradable)),
            None => self.other(),
        }
    }
    fn science(&mut self, options: SymSet) {
        match one(options.0, MAX_SYM) {
            Some(s) => self.push(Gain::Science(s)),
            None => self.other(),
        }
    }
}

#[cfg(test)]
mod tests {
    use sevenw_host::{CardId, Event, Source};

    use super::{Built, Gain};
    use crate::engine::city::City;
    use crate::engine::held::Unbuild;
    use crate::engine::host::CityHost;
    use crate::engine::vocab::Vocab;

    /// Constant gains applied to a city, or taken back, with or without coins.
    type Apply = Box<dyn Fn(&mut City, bool)>;

    /// Every card of every shipped game and expansion with constant gains:
    /// applied to a city, they leave it exactly as its generated effects run
    /// against `CityHost` do, and taken back exactly as against `Unbuild`,
    /// with and without coins; and each game has such cards and cards that
    /// run their effects.
    #[test]
    fn constant_gains_do_what_the_generated_effects_do() {
        let sets: [(&str, Option<u8>, &[&str]); 4] = [
            ("base", Some(1), &["leaders", "edifice"]),
            ("base", Some(2), &["leaders", "edifice"]),
            ("duel", None, &[]),
            ("architects", None, &[]),
        ];
        for (name, edition, with) in sets {
            let info = crate::select(sevenw_cards::GAMES, name, edition, with).unwrap();
            let vocab = Vocab::new(info).unwrap();
            let (mut constant, mut run) = (0, 0);
            for (c, card) in info.cards.iter().enumerate() {
                let s = Source::Card(CardId(c as u16));
                let (gain, lose): (Apply, Apply) = match *vocab.built(s) {
                    Built::Nothing => continue,
                    Built::Effects => {
                        run += 1;
                        continue;
                    }
                    Built::One(g) => (
                        Box::new(move |me, coins| g.gain(me, coins)),
                        Box::new(move |me, coins| g.lose(me, coins)),
                    ),
                    Built::Gains(g) => (
                        Box::new(move |me, coins| g.gain(me, coins)),
                        Box::new(move |me, coins| g.lose(me, coins)),
                    ),
                };
                constant += 1;
                for coins in [true, false] {
                    let mut start = City::new(0, 0, 3, 2);
                    start.shields = 1;
                    start.own.fixed[0] = 1;
                    start.science[0] = 1;
                    let (mut hosted, mut direct) = (start.clone(), start.clone());
                    let mut h = CityHost::new(&vocab, &mut hosted, &[], 0, coins);
                    h.source = Some(s);
                    vocab.effects(s, Event::Built, &mut h);
                    gain(&mut direct, coins);
                    assert_eq!(direct, hosted, "{name}: {} built", card.name);
                    if coins {
                        assert_ne!(direct, start, "{name}: {} gains something", card.name);
                    }
                    let mut undone = hosted.clone();
                    vocab.effects(
                        s,
                        Event::Built,
                        &mut Unbuild {
                            me: &mut undone,
                            option: 0,
                            coins,
                        },
                    );
                    lose(&mut direct, coins);
                    assert_eq!(direct, undone, "{name}: {} taken back", card.name);
                }
            }
            assert!(constant >= 10, "{name}: {constant} cards of constant gains");
            assert!(run >= 1, "{name}: {run} cards that run their effects");
        }
    }

    /// Effects of several constant calls are recorded in order and applied
    /// as the hosts apply them; a choice, a question or a fifth call makes
    /// them effects to run.
    #[test]
    fn several_calls_are_gains_and_anything_else_is_effects() {
        use sevenw_host::{Counted, Host, ResSet, Seats, SymSet};
        let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        let vocab = crate::engine::vocab::Vocab::new(info).unwrap();
        let s = Source::Card(CardId(0));
        let several = |_: Source, _: Event, h: &mut dyn Host| {
            h.produce(ResSet(1 << 2), 2, true);
            h.gain_coins(3);
            h.gain_shields(1);
            h.science(SymSet(1 << 1));
        };
        let Built::Gains(g) = super::record(several, s) else {
            panic!("four constant calls are gains");
        };
        assert_eq!(
            g.calls(),
            [
                Gain::Produce(2, 2, true),
                Gain::Coins(3),
                Gain::Shields(1),
                Gain::Science(1)
            ]
        );
        let mut start = City::new(0, 0, 1, 2);
        start.own.fixed[2] = 1;
        let (mut hosted, mut direct) = (start.clone(), start.clone());
        several(
            s,
            Event::Built,
            &mut CityHost::new(&vocab, &mut hosted, &[], 0, true),
        );
        g.gain(&mut direct, true);
        assert_eq!(direct, hosted);
        assert_eq!(
            (direct.own.fixed[2], direct.sold.fixed[2], direct.coins),
            (3, 2, 4)
        );
        let mut undone = hosted.clone();
        several(
            s,
            Event::Built,
            &mut Unbuild {
                me: &mut undone,
                option: 0,
                coins: true,
            },
        );
        g.lose(&mut direct, true);
        assert_eq!(direct, undone);
        let effects: [fn(Source, Event, &mut dyn Host); 4] = [
            |_, _, h| h.produce(ResSet(0b11), 1, false),
            |_, _, h| h.science(SymSet(0b11)),
            |_, _, h| h.gain_coins(h.count(Counted::Coins, Seats(&[0])) as i32),
            |_, _, h| (0..5).for_each(|_| h.gain_shields(1)),
        ];
        for f in effects {
            assert_eq!(super::record(f, s), Built::Effects);
        }
    }

    /// Architects' resource cards are one call each; a card that asks the
    /// host a question (Duel's Chamber of Commerce counts grey cards) runs
    /// its effects.
    #[test]
    fn what_a_card_does_when_built_is_read_off_its_effects() {
        let info = crate::select(sevenw_cards::GAMES, "architects", None, &[]).unwrap();
        let vocab = Vocab::new(info).unwrap();
        let card = |info: &sevenw_host::GameInfo, name: &str| {
            let i = info.cards.iter().position(|c| c.name == name).unwrap();
            Source::Card(CardId(i as u16))
        };
        assert_eq!(
            *vocab.built(card(info, "Wood")),
            Built::One(Gain::Produce(0, 1, false))
        );
        assert_eq!(*vocab.built(card(info, "Coin")), Built::One(Gain::Coins(1)));
        assert_eq!(*vocab.built(card(info, "Cat")), Built::Effects);
        let duel = crate::select(sevenw_cards::GAMES, "duel", None, &[]).unwrap();
        let vocab = Vocab::new(duel).unwrap();
        assert_eq!(
            *vocab.built(card(duel, "Chamber of Commerce")),
            Built::Effects
        );
    }
}
