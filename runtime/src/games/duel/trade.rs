//! Trading with the bank ("Comercio"): what a resource costs a city (2 +
//! what the opponent's brown and grey cards produce of it, or a fixed price),
//! the cheapest purchase for a cost given the city's own "one of" production
//! and its discounts, and a cache of those costs per market version.

use crate::engine::clone_reusing;
use sevenw_host::{Colour, Cost, Discount};

use crate::engine::city::{City, NO_PRICE};
use crate::engine::production::{Choice, MAX_RES};

/// "Comercio": COSTE = 2 + the opponent's brown and grey production.
pub const BASE_PRICE: u32 = 2;

/// What one unit of each resource costs `me` at the bank: 2 + the
/// opponent's tradable production of it ("one of" choices excluded), or the
/// fixed price of a yellow card. Resources past `nres` cost nothing.
pub fn prices(me: &City, opp: &City, nres: usize) -> [u32; MAX_RES] {
    let mut p = [0u32; MAX_RES];
    // Agora's Decrees 10-11 (duel-expansions-facts.md §2.8): coins off,
    // never under 1; most cities have no rebate.
    let rebates = me.bank_rebates != [0; MAX_RES];
    for (r, price) in p.iter_mut().enumerate().take(nres.min(MAX_RES)) {
        let mut open = BASE_PRICE + u32::from(opp.sold.fixed[r]);
        if rebates {
            open = open.saturating_sub(u32::from(me.bank_rebates[r])).max(1);
        }
        *price = if me.bank_prices[r] == NO_PRICE {
            open
        } else {
            open.min(u32::from(me.bank_prices[r]))
        };
    }
    p
}

/// Resources `city` may leave unpaid when building a wonder (`wonder`) or
/// a card of `colour`.
pub fn discount(city: &City, wonder: bool, colour: Colour) -> u8 {
    city.abilities
        .discounts
        .iter()
        .filter(|(_, t)| match t {
            Discount::Wonders => wonder,
            Discount::Colours(c) => !wonder && c.contains(colour),
        })
        .fold(0u8, |a, &(n, _)| a.saturating_add(n))
}

/// Whether `city` leaves one cost symbol of its cards of `colour` unpaid
/// ([`Host::waive_symbol`](sevenw_host::Host::waive_symbol)).
pub fn waives(city: &City, colour: Colour) -> bool {
    city.abilities.waived.contains(colour)
}

/// A card's coins and trade with one symbol of its cost unpaid (Agora's
/// Decrees 5-7, duel-expansions-facts.md §2.8): its coins, or one more
/// resource than `off` discounts, whichever leaves less to pay; `coins`
/// and `trade` as its cost would have them.
#[cold]
pub fn waived(
    city: &City,
    cost: &Cost,
    prices: &[u32; MAX_RES],
    off: u8,
    coins: u16,
    trade: u32,
) -> (u16, u32) {
    if cost.resources.is_empty() {
        return (0, trade);
    }
    let less = trade_cost(city, cost, prices, off.saturating_add(1));
    if u32::from(coins) + less <= trade {
        (coins, less)
    } else {
        (0, trade)
    }
}

/// A card's coins and trade, `coins` and `trade` as its cost would have
/// them, capped by a city's chain price (`price`,
/// [`Abilities::chain_price`](crate::engine::city::Abilities::chain_price))
/// where a chain could make the card free (`chains`, [`City::may_chain`]):
/// paying the price in place of coins and resources when it is lower
/// (Pantheon's Engineering, duel-expansions-facts.md §1.10).
#[inline(always)]
pub fn capped(price: Option<u8>, chains: bool, coins: u16, trade: u32) -> (u16, u32) {
    match price {
        Some(n) if chains && u32::from(n) < u32::from(coins) + trade => (n.into(), 0),
        _ => (coins, trade),
    }
}

/// Coins spent buying the resources of `cost` that `city` lacks, at
/// `prices`, with `off` resources discounted.
pub fn trade_cost(city: &City, cost: &Cost, prices: &[u32; MAX_RES], off: u8) -> u32 {
    let mut total = 0;
    for &(r, n) in cost.resources {
        let r = usize::from(r.0) % MAX_RES;
        total += u32::from(n.saturating_sub(city.own.fixed[r])) * prices[r];
    }
    if total == 0 || (off == 0 && city.own.choices.is_empty()) {
        return total;
    }
    let mut short = Short {
        len: 0,
        bit: [0; MAX_RES],
        n: [0; MAX_RES],
        price: [0; MAX_RES],
    };
    for &(r, n) in cost.resources.iter().take(MAX_RES) {
        let r = usize::from(r.0) % MAX_RES;
        let lack = n.saturating_sub(city.own.fixed[r]);
        if lack > 0 {
            let k = short.len;
            short.bit[k] = 1 << r;
            short.n[k] = lack;
            short.price[k] = prices[r];
            short.len += 1;
        }
    }
    cheapest_trade(&mut short, &city.own.choices, off)
}

/// Resources still to buy: per entry of the cost, the resource's bit, the
/// units short and the unit price.
#[derive(Clone, Copy)]
struct Short {
    len: usize,
    bit: [u16; MAX_RES],
    n: [u8; MAX_RES],
    price: [u32; MAX_RES],
}

/// The cheapest trade for `short` given own choices and a discount of
/// `off` units: each choice covers its amount of one short resource; the
/// discount drops the dearest units left ("Arquitectura", "Albañilería":
/// "puedes elegir qué recursos no pagas").
fn cheapest_trade(short: &mut Short, choices: &[Choice], off: u8) -> u32 {
    let Some((first, rest)) = choices.split_first() else {
        return leaf_cost(short, off);
    };
    let mut best = u32::MAX;
    let mut used = false;
    for k in 0..short.len {
        if short.n[k] > 0 && first.options.0 & short.bit[k] != 0 {
            used = true;
            let take = first.amount.min(short.n[k]);
            short.n[k] -= take;
            best = best.min(cheapest_trade(short, rest, off));
            short.n[k] += take;
        }
    }
    if !used {
        best = cheapest_trade(short, rest, off);
    }
    best
}

fn leaf_cost(short: &Short, off: u8) -> u32 {
    let len = short.len;
    let mut total = 0;
    for k in 0..len {
        total += u32::from(short.n[k]) * short.price[k];
    }
    if off > 0 && total > 0 {
        let mut n = short.n;
        for _ in 0..off {
            let mut dear = None;
            for (k, &units) in n[..len].iter().enumerate() {
                if units > 0 && dear.is_none_or(|d: usize| short.price[k] > short.price[d]) {
                    dear = Some(k);
                }
            }
            let Some(d) = dear else { break };
            n[d] -= 1;
            total -= short.price[d];
        }
    }
    total
}

/// A trade cost and the market version it was computed for.
type Entry = (u32, u16);

/// Trade costs per seat of every card and wonder, each with the
/// [`super::Table::market`] version it was computed for. Versions are
/// counted per game: a cache serves one game (one state and its successors,
/// clones included, since the cache travels with the state), never states
/// of different games.
#[derive(Debug, Default)]
pub struct TradeCache {
    /// One entry per seat and card, then per seat and wonder, in one
    /// allocation: `(version, cost)`.
    entries: Vec<Entry>,
    cards: usize,
    wonders: usize,
    /// Per seat, the unit prices at the bank and the version they are for.
    prices: [Option<(u32, [u32; MAX_RES])>; 2],
}

clone_reusing!(TradeCache {
    entries,
    cards,
    wonders,
    prices,
});

impl TradeCache {
    /// Makes room for `cards` cards and `wonders` wonders (once per game).
    pub(super) fn fit(&mut self, cards: usize, wonders: usize) {
        if self.cards != cards || self.wonders != wonders {
            self.cards = cards;
            self.wonders = wonders;
            self.entries.clear();
            self.entries.resize(2 * (cards + wonders), (u32::MAX, 0));
        }
    }

    /// The unit prices `seat` pays at market `version`, made by `make` when
    /// the version is new.
    pub(super) fn prices(
        &mut self,
        seat: usize,
        version: u32,
        make: impl FnOnce() -> [u32; MAX_RES],
    ) -> [u32; MAX_RES] {
        let slot = &mut self.prices[seat.min(1)];
        match *slot {
            Some((v, p)) if v == version => p,
            _ => {
                let p = make();
                *slot = Some((version, p));
                p
            }
        }
    }

    /// The entries of `seat`: one per card, then one per wonder.
    pub(super) fn seat(&mut self, seat: usize) -> (&mut [Entry], &mut [Entry]) {
        let n = self.cards + self.wonders;
        let start = (seat.min(1) * n).min(self.entries.len());
        let end = (start + n).min(self.entries.len());
        let mine = &mut self.entries[start..end];
        let split = self.cards.min(mine.len());
        mine.split_at_mut(split)
    }
}

/// What a seat's trade costs depend on, in its own city (`own`) and in what
/// it shows the opponent (`sold`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct MarketKey {
    own: [u8; MAX_RES],
    choices: usize,
    bank: [u8; MAX_RES],
    discounts: usize,
    sold: [u8; MAX_RES],
}

impl MarketKey {
    pub(super) fn of(c: &City) -> Self {
        MarketKey {
            own: c.own.fixed,
            choices: c.own.choices.len(),
            bank: c.bank_prices,
            discounts: c.abilities.discounts.len(),
            sold: c.sold.fixed,
        }
    }

    /// Whether the change from `self` to `after` moves the trade costs of
    /// the city itself (its production, prices and discounts), and those
    /// of its opponent (what the city sells sets the opponent's prices).
    pub(super) fn moved(self, after: Self) -> (bool, bool) {
        let mine = self.own != after.own
            || self.choices != after.choices
            || self.bank != after.bank
            || self.discounts != after.discounts;
        (mine, self.sold != after.sold)
    }
}

/// The coins `cost` asks of `city` in Age `age`: its coins, and as many
/// more per Age number and per card of its colours the city holds (`1
/// coin per senator card`: Agora's senators, duel-expansions-facts.md
/// §2.4, the first free).
#[inline]
pub fn coins_of(cost: &Cost, city: &City, age: u8) -> u16 {
    if !cost.varies() {
        return cost.coins;
    }
    let held: u32 = (0..crate::engine::city::MAX_COLOURS)
        .filter(|&c| cost.per_colours.0 & (1 << c) != 0)
        .map(|c| u32::from(city.colour_count[c]))
        .sum();
    cost.coins_at(age.max(1), held).min(u32::from(u16::MAX)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discounts_drop_the_dearest_units() {
        let mut short = Short {
            len: 2,
            bit: [0; MAX_RES],
            n: [0; MAX_RES],
            price: [0; MAX_RES],
        };
        short.bit[..2].copy_from_slice(&[0b01, 0b10]);
        short.n[..2].copy_from_slice(&[2, 1]);
        short.price[..2].copy_from_slice(&[2, 5]);
        assert_eq!(cheapest_trade(&mut short, &[], 0), 9);
        assert_eq!(cheapest_trade(&mut short, &[], 1), 4);
        assert_eq!(cheapest_trade(&mut short, &[], 2), 2);
        assert_eq!(cheapest_trade(&mut short, &[], 5), 0);
        let choice = Choice {
            options: sevenw_host::ResSet(0b11),
            amount: 1,
        };
        // The choice covers the dear unit.
        assert_eq!(cheapest_trade(&mut short, &[choice], 0), 4);
        assert_eq!(short.n[0], 2);
    }

    /// A chain price replaces a chainable card's coins and trade only
    /// where it is lower; the lowest of several grants holds, and a card
    /// no chain makes free keeps its price (Pantheon's Engineering,
    /// duel-expansions-facts.md §1.10).
    #[test]
    fn a_chain_price_caps_only_chainable_cards_and_only_downward() {
        let mut city = City::new(0, 0, 0, 2);
        let price = |c: &City| c.abilities.chain_price();
        assert_eq!(capped(price(&city), true, 1, 4), (1, 4));
        city.abilities.chain_prices.extend([3, 1]);
        assert_eq!(price(&city), Some(1), "the lowest grant");
        assert_eq!(capped(price(&city), true, 1, 4), (1, 0));
        assert_eq!(capped(price(&city), true, 0, 4), (1, 0));
        assert_eq!(capped(price(&city), false, 1, 4), (1, 4));
        assert_eq!(capped(price(&city), true, 0, 1), (0, 1));
        assert_eq!(capped(price(&city), true, 0, 0), (0, 0));
    }
}
