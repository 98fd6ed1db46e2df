//! A city's trading prices: each price an effect grants is recorded, the
//! city's prices are the best of them, and they are made again from the
//! others when one leaves with its card.

use sevenw_host::Seats;

use super::{City, NO_PRICE};
use crate::engine::production::{MAX_RES, flat_prices};

impl City {
    /// Lowers what this city pays for `resources` bought from the sellers at
    /// these seat offsets (1 = left, −1 = right); other offsets are ignored.
    /// With no seats the price is the bank's (Duel: "fijan el precio de
    /// algunos recursos en 1 moneda").
    pub fn set_price(&mut self, resources: sevenw_host::ResSet, price: u8, seats: Seats) {
        self.abilities.price_grants.push((resources, price, seats));
        self.lower_price(resources, price, seats);
    }

    /// Takes back one grant [`City::set_price`] made, as its source leaves
    /// the city: the prices are made again from the others.
    pub fn unset_price(&mut self, resources: sevenw_host::ResSet, price: u8, seats: Seats) {
        let grants = &mut self.abilities.price_grants;
        let Some(i) = grants.iter().position(|g| *g == (resources, price, seats)) else {
            return;
        };
        grants.remove(i);
        self.prices = flat_prices(self.price);
        self.bank_prices = [NO_PRICE; MAX_RES];
        for (r, p, s) in std::mem::take(&mut self.abilities.price_grants) {
            self.set_price(r, p, s);
        }
    }

    /// Lowers the prices a grant names to `price`.
    fn lower_price(&mut self, resources: sevenw_host::ResSet, price: u8, seats: Seats) {
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
