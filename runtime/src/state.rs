//! A city: everything a player has built and holds, and what the effects of
//! their cards and wonder have granted them (production, trade prices,
//! science, abilities). The same type serves every game; a game's turn
//! structure decides what to do with it.

use sevenw_host::{CardId, ColourSet, Counted, Discount, Seats, Source, SymSet};

use crate::payment::{MAX_RES, Prices, Production, flat_prices};
use crate::science::MAX_SYM;
use crate::vocab::NameSet;

/// A bank price that is not fixed ([`City::bank_prices`]).
pub const NO_PRICE: u8 = u8::MAX;

/// Most scoring categories and colours a game may declare.
pub const MAX_CAT: usize = 16;

/// Abilities granted by effects, used by the turn structure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Abilities {
    /// Free builds from the discard pile due at the end of this turn.
    pub discard_builds: u8,
    /// Free builds from the hand usable once in each Age.
    pub hand_builds_per_age: u8,
    /// How many of those have been used in the current Age.
    pub hand_builds_used: u8,
    /// The last card of each Age may be played instead of discarded.
    pub play_last_card: bool,
    /// Cards to copy at game end: colours and the cities to copy from.
    pub copies: Vec<(ColourSet, Seats)>,
    /// Extra turns granted (Duel); the base game has none.
    pub extra_turns: u8,
    /// Cost discounts from now on: resources off, and what they apply to.
    pub discounts: Vec<(u8, Discount)>,
    /// Cities whose trading coins this city receives.
    pub trade_receivers: Vec<Seats>,
    /// Effects on other cities, or needing a choice, for the turn structure
    /// to carry out after the acting city's effects ran.
    pub pending: Vec<Pending>,
}

/// An effect the turn structure carries out (see [`Abilities::pending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Those cities lose coins.
    LoseCoins(u32, Seats),
    /// Discard a built card of those colours from those cities.
    Discard(ColourSet, Seats),
    /// Take a progress token (from the board, or of N set aside).
    TakeProgress(u8),
}

/// One player's city.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct City {
    pub wonder: u8,
    pub side: u8,
    /// Wonder stages built, from the first.
    pub stages: u8,
    pub coins: i32,
    pub shields: u32,
    /// Built cards, in the order built.
    pub cards: Vec<CardId>,
    /// The cards used to mark built stages (face down, not structures).
    pub stage_cards: Vec<CardId>,
    /// Name classes of the built cards.
    pub names: NameSet,
    /// Built cards per colour.
    pub colour_count: [u8; MAX_CAT],
    /// Everything the city produces.
    pub own: Production,
    /// What neighbours may buy from it.
    pub sold: Production,
    /// What it pays neighbours per resource: `[left, right]`.
    pub prices: Prices,
    /// Fixed prices for buying from the bank (`trade … at N` with no
    /// cities named, as in Duel); [`NO_PRICE`] where none is fixed.
    pub bank_prices: [u8; MAX_RES],
    /// Science symbols held, and wildcards.
    pub science: [u8; MAX_SYM],
    pub wild: Vec<SymSet>,
    /// Victory points granted so far per category (by effects).
    pub vp: [i32; MAX_CAT],
    /// Conflict tokens: victories, defeats and their points.
    pub victories: u8,
    /// Progress tokens held.
    pub progress: u8,
    pub defeats: u8,
    pub conflict_vp: i32,
    pub abilities: Abilities,
}

impl Default for City {
    fn default() -> Self {
        City {
            wonder: 0,
            side: 0,
            stages: 0,
            coins: 0,
            shields: 0,
            progress: 0,
            cards: Vec::new(),
            stage_cards: Vec::new(),
            names: NameSet::default(),
            colour_count: [0; MAX_CAT],
            own: Production::default(),
            sold: Production::default(),
            prices: flat_prices(2),
            bank_prices: [NO_PRICE; MAX_RES],
            science: [0; MAX_SYM],
            wild: Vec::new(),
            vp: [0; MAX_CAT],
            victories: 0,
            defeats: 0,
            conflict_vp: 0,
            abilities: Abilities::default(),
        }
    }
}

impl City {
    /// A city on this wonder side, with `coins` and trade price `price`.
    pub fn new(wonder: u8, side: u8, coins: i32, price: u8) -> Self {
        City {
            wonder,
            side,
            coins,
            prices: flat_prices(price),
            ..City::default()
        }
    }

    /// How many of `what` this city holds.
    pub fn count(&self, what: Counted) -> u32 {
        match what {
            Counted::Cards(colours) => (0..MAX_CAT)
                .filter(|&c| colours.0 & (1 << c) != 0)
                .map(|c| u32::from(self.colour_count[c]))
                .sum(),
            Counted::WonderStages => u32::from(self.stages),
            Counted::DefeatTokens => u32::from(self.defeats),
            Counted::VictoryTokens => u32::from(self.victories),
            Counted::Coins => self.coins.max(0) as u32,
            Counted::ProgressTokens => u32::from(self.progress),
        }
    }

    /// Whether a card of this name class is built.
    pub fn has_name(&self, class: u16) -> bool {
        self.names.contains(class)
    }

    /// Every source of effects the city holds: board, built stages, cards.
    pub fn sources(&self) -> impl Iterator<Item = Source> + '_ {
        let (wonder, side) = (self.wonder, self.side);
        std::iter::once(Source::Board { wonder, side })
            .chain((0..self.stages).map(move |stage| Source::Stage {
                wonder,
                side,
                stage,
            }))
            .chain(self.cards.iter().map(|&c| Source::Card(c)))
    }

    /// Lowers what this city pays for `resources` bought from the sellers at
    /// these seat offsets (1 = left, −1 = right); other offsets are ignored.
    /// With no seats the price is the bank's (Duel: "fijan el precio de
    /// algunos recursos en 1 moneda").
    pub fn set_price(&mut self, resources: sevenw_host::ResSet, price: u8, seats: Seats) {
        if seats.0.is_empty() {
            for r in 0..MAX_RES {
                if resources.0 & (1 << r) != 0 && price < self.bank_prices[r] {
                    self.bank_prices[r] = price;
                }
            }
        }
        for &off in seats.0 {
            let side = match off {
                1 => 0,
                -1 => 1,
                _ => continue,
            };
            for r in 0..MAX_RES {
                if resources.0 & (1 << r) != 0 && price < self.prices[side][r] {
                    self.prices[side][r] = price;
                }
            }
        }
    }
}

/// The seat at `offset` from `seat` among `n` players.
pub fn seat_at(seat: usize, offset: i8, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    (seat as i64 + i64::from(offset)).rem_euclid(n as i64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use sevenw_host::ResSet;

    #[test]
    fn seats_wrap_both_ways() {
        assert_eq!(seat_at(0, 1, 3), 1);
        assert_eq!(seat_at(2, 1, 3), 0);
        assert_eq!(seat_at(0, -1, 3), 2);
        assert_eq!(seat_at(1, 0, 3), 1);
    }

    #[test]
    fn prices_only_go_down_and_only_for_neighbours() {
        let mut c = City::new(0, 0, 3, 2);
        c.set_price(ResSet(0b11), 1, Seats(&[1]));
        assert_eq!(c.prices[0][0], 1);
        assert_eq!(c.prices[0][1], 1);
        assert_eq!(c.prices[0][2], 2);
        assert_eq!(c.prices[1][0], 2);
        c.set_price(ResSet(0b1), 3, Seats(&[1, -1, 0, 2]));
        assert_eq!(c.prices[0][0], 1);
        assert_eq!(c.prices[1][0], 2);
    }

    #[test]
    fn counts() {
        let mut c = City::default();
        c.colour_count[0] = 2;
        c.colour_count[3] = 1;
        c.stages = 2;
        c.defeats = 3;
        c.victories = 1;
        assert_eq!(c.count(Counted::Cards(ColourSet(0b1001))), 3);
        assert_eq!(c.count(Counted::Cards(ColourSet(0b0010))), 0);
        assert_eq!(c.count(Counted::WonderStages), 2);
        assert_eq!(c.count(Counted::DefeatTokens), 3);
        assert_eq!(c.count(Counted::VictoryTokens), 1);
        let s: Vec<_> = c.sources().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(
            s[1],
            Source::Stage {
                wonder: 0,
                side: 0,
                stage: 0
            }
        );
    }
}
