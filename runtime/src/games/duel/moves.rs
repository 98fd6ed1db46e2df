//! What the player to act may do: prices at the bank, the trade a cost
//! needs, every legal card move (with trade costs kept per market), and a
//! move in words.

use sevenw_host::{Colour, Cost};

use crate::engine::city::{City, seat_at};
use crate::engine::payment::MAX_RES;

use super::trade::{self, TradeCache};
use super::{Action, Duel, MAX_WONDERS, Move, Table};

impl Duel {
    /// What one unit of each resource costs `seat` at the bank.
    pub fn prices(&self, cities: &[City], seat: usize) -> [u32; MAX_RES] {
        trade::prices(
            &cities[seat],
            &cities[seat_at(seat, 1, cities.len())],
            self.info.resources.len(),
        )
    }

    /// Resources `city` may leave unpaid when building a wonder (`wonder`)
    /// or a card of `colour`.
    pub fn discount_of(city: &City, wonder: bool, colour: Colour) -> u8 {
        trade::discount(city, wonder, colour)
    }

    /// Coins spent buying the resources of `cost` that `city` lacks.
    pub fn trade_cost(city: &City, cost: &Cost, prices: &[u32; MAX_RES], off: u8) -> u32 {
        trade::trade_cost(city, cost, prices, off)
    }

    /// Every legal card move of the player to act, into `out` (trade costs
    /// recomputed).
    pub fn moves(&self, table: &Table, out: &mut Vec<Move>) {
        self.moves_cached(table, &mut TradeCache::default(), out);
    }

    /// [`Duel::moves`] with trade costs kept in `cache` while the market of
    /// the player to act is unchanged ([`Table::market`]).
    pub fn moves_cached(&self, table: &Table, cache: &mut TradeCache, out: &mut Vec<Move>) {
        self.moves_of(table, cache, u32::MAX, out);
    }

    /// [`Duel::moves_cached`] of the accessible cards whose slots are set
    /// in `slots` (a bit per slot).
    pub fn moves_of(&self, table: &Table, cache: &mut TradeCache, slots: u32, out: &mut Vec<Move>) {
        out.clear();
        let seat = table.current;
        let city = &table.cities[seat];
        let coins = city.coins.max(0) as u32;
        let version = table.market[seat];
        cache.fit(self.info.cards.len(), self.info.wonders.len());
        // Made once per market version: a new one makes every entry stale.
        let prices = cache.prices(seat, version, || self.prices(&table.cities, seat));
        let (card_entries, wonder_entries) = cache.seat(seat);
        let trade = |entry: &mut (u32, u16), cost: &Cost, off: u8| -> u32 {
            if entry.0 != version {
                let t = trade::trade_cost(city, cost, &prices, off);
                *entry = (version, t.min(u32::from(u16::MAX)) as u16);
            }
            u32::from(entry.1)
        };
        // Most cities have no discount: the list is not walked per card.
        let discounts = !city.abilities.discounts.is_empty();
        let can_wonder = table.wonders_built() < MAX_WONDERS;
        // Wonder prices do not depend on the card used: the wonders within
        // reach, made once and offered with every card.
        let mut wonder_moves = [(0u8, 0u16, 0u16); 8];
        let mut nwonders = 0;
        if can_wonder {
            let off = if discounts {
                trade::discount(city, true, Colour(0))
            } else {
                0
            };
            for &w in table.wonders[seat].iter().take(8) {
                if let Some(cost) = self.wonder_cost(w)
                    && let Some(entry) = wonder_entries.get_mut(usize::from(w))
                {
                    let t = trade(entry, cost, off);
                    if u32::from(cost.coins) + t <= coins {
                        wonder_moves[nwonders] = (w, cost.coins, t as u16);
                        nwonders += 1;
                    }
                }
            }
        }
        let wonder_moves = &wonder_moves[..nwonders];
        let mut slots = table.layout.accessible_set() & slots;
        out.reserve(slots.count_ones() as usize * (2 + nwonders));
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let Some(&card) = table.layout.cards.get(slot) else {
                continue;
            };
            let s = slot as u8;
            let mv = |action| Move::Card {
                slot: s,
                card,
                action,
            };
            let i = usize::from(card.0);
            if let Some(fc) = self.fast.get(i)
                && !city.has_name(fc.name)
            {
                if fc.chains && self.chained(city, card) {
                    out.push(mv(Action::Chain));
                } else {
                    // A cost of coins alone needs no trade.
                    let t = match card_entries.get_mut(i) {
                        Some(entry) if fc.resources => {
                            let off = if discounts {
                                trade::discount(city, false, fc.colour)
                            } else {
                                0
                            };
                            trade(entry, fc.cost, off)
                        }
                        _ => 0,
                    };
                    if u32::from(fc.cost.coins) + t <= coins {
                        out.push(mv(Action::Build {
                            coins: fc.cost.coins,
                            trade: t as u16,
                        }));
                    }
                }
            }
            out.push(mv(Action::Discard));
            out.extend(wonder_moves.iter().map(|&(wonder, coins, trade)| {
                mv(Action::Wonder {
                    wonder,
                    coins,
                    trade,
                })
            }));
        }
    }

    /// A move in words.
    pub fn describe_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Card { card, action, .. } => {
                let name = self.card_name(card);
                match action {
                    Action::Build { coins, trade } if coins + trade > 0 => {
                        format!(
                            "build {name} ({})",
                            crate::text::plural(coins + trade, "coin")
                        )
                    }
                    Action::Build { .. } => format!("build {name}"),
                    Action::Chain => format!("build {name} by chain"),
                    Action::Discard => format!("discard {name}"),
                    Action::Wonder {
                        wonder,
                        coins,
                        trade,
                    } => {
                        let w = self.wonder_name(wonder);
                        if coins + trade > 0 {
                            format!(
                                "build {w} with {name} ({})",
                                crate::text::plural(coins + trade, "coin")
                            )
                        } else {
                            format!("build {w} with {name}")
                        }
                    }
                }
            }
            Move::Pick(w) => format!("wonder {}", self.wonder_name(w)),
            Move::Token(t) => format!("progress {}", self.token_name(t)),
            Move::Discard(c) => format!("discard {} of the opponent", self.card_name(c)),
            Move::Revive(c) => format!("build {} from the discard pile", self.card_name(c)),
            Move::Start(true) => "start the next Age".to_string(),
            Move::Start(false) => "let the opponent start the next Age".to_string(),
        }
    }
}
