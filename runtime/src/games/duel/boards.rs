//! Boards of spaces beside the table (an expansion's `boards:`, as
//! Pantheon's, duel-expansions-facts.md §1.5): each space holds one card
//! of no Age; as their turn, in an Age the board is open, a player may
//! take the card of a space by paying the space's price, instead of taking
//! a card of the figure. The card joins their city and its effects run as
//! when a card is built; the figure is untouched, so the Age goes on. At
//! the start of an Age a fill names, the board's empty spaces take cards of
//! the fill's colour drawn at random from the supply: the cards of that
//! colour no space or city holds yet.
//!
//! Every board's spaces are numbered together, in the order the boards
//! come and each board's spaces in order ([`Position::spaces`]); a board
//! adds nothing to a game without boards (no random draw, no move).
//!
//! [`Position::spaces`]: super::Position::spaces

use sevenw_host::{BoardInfo, CardId};

use super::{Duel, Move, Position, State};

impl Duel {
    /// Every board's spaces.
    pub fn space_count(&self) -> usize {
        self.info.boards.iter().map(|b| b.spaces.len()).sum()
    }

    /// The board `space` belongs to, and the space's place on it.
    pub fn board_of(&self, space: usize) -> Option<(&'static BoardInfo, usize)> {
        let mut at = space;
        for b in self.info.boards {
            if at < b.spaces.len() {
                return Some((b, at));
            }
            at -= b.spaces.len();
        }
        None
    }

    /// The name of the board `space` belongs to, and the space's number
    /// on it from 1, for words ("space 4 of the shrine").
    pub(super) fn space_words(&self, space: u8) -> (&'static str, usize) {
        self.board_of(usize::from(space))
            .map_or(("board", 0), |(b, i)| (b.name, i + 1))
    }

    /// The printed price of `space` for `seat`.
    pub fn space_price(&self, space: usize, seat: usize) -> Option<u16> {
        let (_, price) = self.space_facts.get(space)?;
        Some(u16::from(price[seat.min(1)]))
    }

    /// Whether `space` is on a board open in Age `age`.
    fn space_open(&self, space: usize, age: u8) -> bool {
        (self.space_facts.get(space)).is_some_and(|&(open, _)| open >> age.min(7) & 1 != 0)
    }

    /// What `seat` pays for the card of `space` in `t`: its printed price
    /// times the card's `price_times` (Pantheon's Gate costs twice its
    /// space's price, duel-expansions-facts.md §1.5), less the city's
    /// board discount ("take cards from boards for 2 fewer coins",
    /// applied after the doubling, as BGA does), never below 0. A card
    /// face down, which cannot be taken, keeps its `price_times` secret:
    /// its space shows the printed price.
    pub fn price_to(&self, t: &Position, space: usize, seat: usize) -> Option<u16> {
        let off = t.cities.get(seat)?.abilities.board_discount;
        let up = t.down.get(space) == Some(&0);
        let times = (t.spaces.get(space).copied().flatten().filter(|_| up))
            .and_then(|c| self.info.cards.get(usize::from(c.0)))
            .map_or(1, |c| u16::from(c.price_times.max(1)));
        Some((self.space_price(space, seat)? * times).saturating_sub(u16::from(off)))
    }

    /// The boards' spaces, empty, and their supply: every card of no Age
    /// of a colour a fill names, by id.
    pub(super) fn stock_boards(&self, t: &mut Position) {
        let info = self.info;
        t.spaces.clear();
        t.spaces.resize(self.space_count(), None);
        t.down.clear();
        t.down.resize(self.space_count(), 0);
        t.supply.clear();
        if info.boards.is_empty() {
            return;
        }
        t.supply.extend(
            (0..info.cards.len())
                .map(|i| CardId(i as u16))
                .filter(|&c| self.boarded(c)),
        );
    }

    /// Whether `card` is one the boards take: of no Age, of a colour a
    /// fill names or a kind of token lays on a board in play
    /// (`placing.rs`).
    pub(super) fn boarded(&self, card: CardId) -> bool {
        self.boarded.get(usize::from(card.0)) == Some(&true)
    }

    /// [`Duel::boarded`], worked out from the tables (once, by
    /// [`Duel::new`]).
    pub(super) fn boards_take(&self, card: CardId) -> bool {
        let info = self.info;
        let laid = |colour| {
            (info.tokens.iter().enumerate()).any(|(k, t)| {
                t.places.is_some_and(|p| p.colour == colour) && self.board_named(k).is_some()
            })
        };
        (info.cards.get(usize::from(card.0))).is_some_and(|c| {
            c.age == 0
                && ((info.boards.iter()).any(|b| b.fill.iter().any(|f| f.colour == c.colour))
                    || laid(c.colour))
        })
    }

    /// The start of Age `age`: the empty spaces of each board a fill of
    /// `age` names take cards of its colour from the supply, drawn at
    /// random one by one, while the supply holds any. Draws nothing from
    /// the random stream when no fill names the Age.
    pub(super) fn fill_boards(&self, st: &mut State, age: u8) {
        let mut first = 0;
        for b in self.info.boards {
            let spaces = first..first + b.spaces.len();
            first = spaces.end;
            let Some(fill) = b.fill.iter().find(|f| f.age == age) else {
                continue;
            };
            for space in spaces {
                let t = &mut st.table;
                if t.spaces.get(space) != Some(&None) {
                    continue;
                }
                let of = |c: &CardId| {
                    (self.info.cards.get(usize::from(c.0))).is_some_and(|i| i.colour == fill.colour)
                };
                let n = t.supply.iter().filter(|c| of(c)).count();
                if n == 0 {
                    break;
                }
                let k = st.rng.below(n);
                let Some(at) = (t.supply.iter().enumerate())
                    .filter(|(_, c)| of(c))
                    .nth(k)
                    .map(|(i, _)| i)
                else {
                    break;
                };
                let card = t.supply.remove(at);
                t.spaces[space] = Some(card);
            }
        }
    }

    /// Whether the player to act could take a card from a board now
    /// (a board open in this Age holding a card).
    pub(super) fn board_offers(&self, t: &Position) -> bool {
        (t.spaces.iter().zip(&t.down).enumerate())
            .any(|(space, (c, &d))| c.is_some() && d == 0 && self.space_open(space, t.age))
    }

    /// The cards the player to act may take from the boards open in this
    /// Age, each for its price to them ([`Duel::price_to`]), if they hold
    /// the coins; appended to `out`. Where they hold tokens that take coins
    /// off the price (`board_discount`), each choice of them to give up,
    /// one of a kind, is a move of its own, as Pantheon's Offering tokens
    /// ("you may use several on the same activation and the cost never
    /// goes below 0", duel-expansions-facts.md §1.5): none, and every
    /// choice whose every token is needed (without it the price left is
    /// above 0), so no token is given up for nothing.
    pub(super) fn board_moves(&self, t: &Position, out: &mut Vec<Move>) {
        if self.board_ages >> t.age.min(7) & 1 == 0 {
            return;
        }
        let seat = t.current;
        // What the player holds, read at the first card on offer.
        let mut purse = None;
        for (space, (card, &down)) in t.spaces.iter().zip(&t.down).enumerate() {
            let (Some(card), 0) = (card, down) else {
                continue;
            };
            if !self.space_open(space, t.age) {
                continue;
            }
            let (coins, held) = *purse
                .get_or_insert_with(|| (self.purse(&t.cities[seat]), self.offerings_held(t, seat)));
            let price = self.price_to(t, space, seat).unwrap_or(u16::MAX);
            if held == 0 {
                // No token to give up (the usual case): the card for its price.
                if coins >= i32::from(price) {
                    out.push(Move::Board {
                        space: space as u8,
                        card: *card,
                        coins: price,
                        spend: 0,
                    });
                }
                continue;
            }
            for spend in 0..=held {
                if spend & !held != 0 {
                    continue;
                }
                let Some(pay) = self.spent_price(price, spend) else {
                    continue;
                };
                if coins >= i32::from(pay) {
                    out.push(Move::Board {
                        space: space as u8,
                        card: *card,
                        coins: pay,
                        spend,
                    });
                }
            }
        }
    }

    /// The kinds of token that take coins off a board's price, `(kind,
    /// coins)`: bit `b` of a board take's `spend` gives up one of the
    /// `b`th.
    pub fn offerings(&self) -> &[(usize, u16)] {
        &self.offerings
    }

    /// The bits of the offerings `seat` holds one or more of.
    fn offerings_held(&self, t: &Position, seat: usize) -> u8 {
        let city = &t.cities[seat];
        (self.offerings.iter().enumerate())
            .filter(|&(_, &(k, _))| city.held(k) > 0)
            .fold(0, |m, (b, _)| m | 1 << b)
    }

    /// What is left to pay of `price` with the offerings of `spend` given
    /// up, never below 0; `None` when a token of `spend` is not needed (the
    /// price is met without it) or `spend` names no offering.
    pub(super) fn spent_price(&self, price: u16, spend: u8) -> Option<u16> {
        // A token is not needed when the others meet the price: the
        // least of them is the one to try.
        let &(total, least) = self.spends.get(usize::from(spend))?;
        if spend != 0 && total - least >= price {
            return None;
        }
        Some(price.saturating_sub(total))
    }

    /// `seat` takes `card` from `space` for `coins`, giving up the
    /// offerings of `spend` (a move of [`Duel::board_moves`]): the coins
    /// and the tokens go to the bank, the card to the city, its effects
    /// run as when built. `false`, and nothing changed, when `card` is not
    /// on `space` face up or the city lacks a token of `spend`.
    pub(super) fn take_from_board(
        &self,
        st: &mut State,
        seat: usize,
        space: usize,
        card: CardId,
        coins: u16,
        spend: u8,
    ) -> bool {
        let t = &mut st.table;
        if t.spaces.get(space) != Some(&Some(card))
            || t.down.get(space) != Some(&0)
            || spend & !self.offerings_held(t, seat) != 0
        {
            return false;
        }
        t.spaces[space] = None;
        self.spend(&mut t.cities[seat], i32::from(coins));
        for (b, &(kind, _)) in self.offerings.iter().enumerate() {
            if spend & 1 << b != 0 {
                t.cities[seat].lose_tokens(self.info, kind, 1);
            }
        }
        self.build_card(st, seat, card, false);
        true
    }

    /// The tokens `spend` gives up, in words: "1 offering token and 1 gift
    /// token"; `None` for none.
    pub(super) fn spend_words(&self, spend: u8) -> Option<String> {
        let names: Vec<String> = (self.offerings.iter().enumerate())
            .filter(|&(b, _)| spend & 1 << b != 0)
            .filter_map(|(_, &(k, _))| self.info.tokens.get(k))
            .map(|t| format!("1 {} token", t.name))
            .collect();
        (!names.is_empty()).then(|| names.join(" and "))
    }

    /// Scenario helper: `card`, from the supply, lies on `space` (the card
    /// there before goes back to the supply). `false` when `space` is no
    /// space or `card` is not in the supply.
    pub fn place_on_board(&self, st: &mut State, space: usize, card: CardId) -> bool {
        let t = &mut st.table;
        let Some(at) = t.supply.iter().position(|&c| c == card) else {
            return false;
        };
        let Some(slot) = t.spaces.get_mut(space) else {
            return false;
        };
        t.supply.remove(at);
        if let Some(d) = t.down.get_mut(space) {
            *d = 0;
        }
        if let Some(old) = slot.replace(card) {
            let i = t.supply.partition_point(|c| c.0 < old.0);
            t.supply.insert(i, old);
        }
        true
    }

    /// Scenario helper: `space` is empty, its card back in the supply.
    pub fn clear_space(&self, st: &mut State, space: usize) {
        let t = &mut st.table;
        if let Some(d) = t.down.get_mut(space) {
            *d = 0;
        }
        if let Some(old) = t.spaces.get_mut(space).and_then(Option::take) {
            let i = t.supply.partition_point(|c| c.0 < old.0);
            t.supply.insert(i, old);
        }
    }
}
