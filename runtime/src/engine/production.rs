//! What a city produces — fixed units per resource and "one of" choices —
//! and what it pays per resource it buys from the sellers at seat offsets
//! +1 and −1: the state of the host's production and price primitives,
//! shared by every family. How a family trades with it (the base game's
//! neighbours, Duel's bank) is the family's own.

use sevenw_host::{Res, ResSet};

/// Most resources a game may declare ([`ResSet`] is 16 bits wide).
pub const MAX_RES: usize = 16;

/// Production of "`amount` of one of `options`".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    pub options: ResSet,
    pub amount: u8,
}

/// What a city produces: fixed units per resource plus choices.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Production {
    pub fixed: [u8; MAX_RES],
    pub choices: Vec<Choice>,
}

clone_reusing!(Production { fixed, choices });

impl Production {
    /// Adds `amount` of one resource of `options` (fixed when it names one).
    pub fn add(&mut self, options: ResSet, amount: u8) {
        let options = ResSet(options.0);
        match options.len() {
            0 => {}
            1 => {
                let r = options.0.trailing_zeros() as usize;
                self.fixed[r] = self.fixed[r].saturating_add(amount);
            }
            _ => self.choices.push(Choice { options, amount }),
        }
    }

    /// Takes back what [`Production::add`] gave for `options` and `amount`.
    pub fn take_back(&mut self, options: ResSet, amount: u8) {
        match options.len() {
            0 => {}
            1 => {
                let r = options.0.trailing_zeros() as usize;
                self.fixed[r] = self.fixed[r].saturating_sub(amount);
            }
            _ => {
                let c = Choice { options, amount };
                if let Some(i) = self.choices.iter().position(|x| *x == c) {
                    self.choices.remove(i);
                }
            }
        }
    }

    /// Units produced in all, counting each choice once per unit.
    pub fn units(&self) -> u32 {
        self.fixed.iter().map(|&n| u32::from(n)).sum::<u32>()
            + self
                .choices
                .iter()
                .map(|c| u32::from(c.amount))
                .sum::<u32>()
    }

    /// The most units of `r` this production can give at once.
    pub fn max_of(&self, r: Res) -> u32 {
        u32::from(self.fixed[usize::from(r.0)])
            + self
                .choices
                .iter()
                .filter(|c| c.options.contains(r))
                .map(|c| u32::from(c.amount))
                .sum::<u32>()
    }

    /// Whether this production covers `want[k]` units of `res[k]` for every
    /// `k` together (choices each give one resource).
    pub fn can_supply(&self, res: &[Res], want: &[u8]) -> bool {
        let mut deficit: Need = [0; MAX_RES];
        let mut total = 0u32;
        for (k, (&r, &w)) in res.iter().zip(want).enumerate() {
            deficit[k] = w.saturating_sub(self.fixed[usize::from(r.0)]);
            total += u32::from(deficit[k]);
        }
        if total == 0 {
            return true;
        }
        let available: u32 = self.choices.iter().map(|c| u32::from(c.amount)).sum();
        total <= available && cover(&self.choices, res, deficit)
    }
}

/// A production whose options are read from the city's own production
/// (`produce a resource you produce with …`, [`Host::produce_matching`]):
/// one unit among the resources that the city's cards of `colours` (and
/// its board, with `board`) produce, or, with `lacking`, among those they
/// do not. `given` is what it adds to the city's production now.
///
/// [`Host::produce_matching`]: sevenw_host::Host::produce_matching
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Matching {
    pub colours: sevenw_host::ColourSet,
    pub board: bool,
    pub lacking: bool,
    pub tradable: bool,
    pub given: ResSet,
}

impl Matching {
    /// The production it gives when those sources produce `made`, of the
    /// game's resources `all`.
    pub fn options(&self, made: ResSet, all: ResSet) -> ResSet {
        if self.lacking {
            ResSet(all.0 & !made.0)
        } else {
            ResSet(made.0 & all.0)
        }
    }

    /// Gives `options` in place of what it gave, to `own` and, when
    /// tradable, to `sold`.
    pub fn give(&mut self, options: ResSet, own: &mut Production, sold: &mut Production) {
        if options == self.given {
            return;
        }
        own.take_back(self.given, 1);
        own.add(options, 1);
        if self.tradable {
            sold.take_back(self.given, 1);
            sold.add(options, 1);
        }
        self.given = options;
    }
}

/// Units still wanted, indexed like a cost's resources.
pub type Need = [u8; MAX_RES];

/// Whether the first `m` needs (a cost's resources; the rest are 0) are
/// all met.
pub fn is_zero(n: &Need, m: usize) -> bool {
    n[..m.min(MAX_RES)].iter().all(|&x| x == 0)
}

/// Whether `choices` can cover `deficit` (of `res`), each choice giving up
/// to its amount of one resource.
fn cover(choices: &[Choice], res: &[Res], deficit: Need) -> bool {
    if is_zero(&deficit, res.len()) {
        return true;
    }
    let Some((first, rest)) = choices.split_first() else {
        return false;
    };
    for (k, &r) in res.iter().enumerate() {
        if deficit[k] > 0 && first.options.contains(r) {
            let mut d = deficit;
            d[k] -= first.amount.min(d[k]);
            if cover(rest, res, d) {
                return true;
            }
        }
    }
    cover(rest, res, deficit)
}

/// What a buyer pays per unit: `[seller][resource]`, seller 0 the seat at
/// offset +1, seller 1 the seat at offset −1 (the primitive that lowers a
/// price names sellers by seat offset: `City::set_price`).
pub type Prices = [[u8; MAX_RES]; 2];

/// Prices of `price` for every resource and both sellers.
pub const fn flat_prices(price: u8) -> Prices {
    [[price; MAX_RES]; 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    const WOOD: Res = Res(0);
    const STONE: Res = Res(1);
    const CLAY: Res = Res(2);
    const ORE: Res = Res(3);

    #[test]
    fn can_supply_matches_choices() {
        let mut p = Production::default();
        p.add(ResSet(1 << WOOD.0), 1);
        p.add(ResSet(1 << STONE.0 | 1 << CLAY.0), 1);
        p.add(ResSet(1 << CLAY.0 | 1 << ORE.0), 1);
        assert!(p.can_supply(&[WOOD, STONE, CLAY], &[1, 1, 1]));
        assert!(p.can_supply(&[CLAY], &[2]));
        assert!(!p.can_supply(&[STONE, CLAY], &[1, 2]));
        assert!(!p.can_supply(&[WOOD], &[2]));
        assert_eq!(p.units(), 3);
        assert_eq!(p.max_of(CLAY), 2);
    }
}
