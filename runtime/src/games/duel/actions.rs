//! Duel's fixed action space (`runtime/FORMATS.md`, "The action space"):
//! every decision numbered from the game's tables alone — its cards (`C`),
//! wonders (`W`) and progress tokens (`T`) — never from the position.
//!
//! | range start          | length  | decision                                    |
//! |----------------------|---------|---------------------------------------------|
//! | `0`                  | `C`     | build card `c` (paid, or free by a chain)   |
//! | `C`                  | `C`     | discard card `c` for coins                  |
//! | `2C`                 | `C × W` | build wonder `w` with card `c` (of the figure, or of the discard pile where the effect asks that): `c × W + w` |
//! | `2C + C·W`           | `W`     | take wonder `w` in the draft (or take it from the opponent, or unbuild it, where an effect asks that) |
//! | `2C + C·W + W`       | `T`     | take progress token `t`                     |
//! | `2C + C·W + W + T`   | `C`     | discard (or take, or count the science symbol of, as the effect asks) the opponent's card `c`, or give one's own `c` in exchange (`swap_built`); or discard the figure's card of slot `c` (`discard_figure`, `discard_accessible`), or none (`c = 32`); or discard or apply the military token of bit `c` (`discard_military`, `apply_military`); or put the blocker on square `c − capital` (`block_track`); or a senate's chamber `c` (a cube's, `senate.rs`, or a decree's to move and where, `move_decree`) |
//! | `3C + C·W + W + T`   | `C`     | build card `c` from the discard pile, or take it from the supply where an effect asks (`take_supply`, `take_drawn`) |
//! | `4C + C·W + W + T`   | `2`     | start the next Age (`+0`), let the opponent (`+1`) |
//! | `4C + C·W + W + T + 2` | `O`   | choose option `o` of what was just built or taken |
//! | `4C + C·W + W + T + 2 + O` | `B × D` | take card `c` from a board's space, giving up the tokens of `d`: `c × D + d` |
//! | `4C + C·W + W + T + 2 + O + B·D` | `B × S` | lay card `c` face down on space `s`: `c × S + s` |
//! | `4C + C·W + W + T + 2 + O + B·D + B·S` | `H` | tuck card `c` under a scheme (`c`); trigger, keep or prepare scheme `c` (`C + c`); put a scheme drawn back on the deck's top (`2C`) or bottom (`2C + 1`); trigger none (`2C + 2`) |
//!
//! `O` is the most options a card, wonder or token of the game offers
//! (`one of`), 0 when none offers a choice; `B` is `C` where the card sets
//! lay boards (`boards:`), 0 otherwise; `S` is the boards' spaces; `D` is
//! `2^K`, `K` the kinds of token taking coins off a board's price
//! (`board_discount`), `d`'s bit `k` giving up one of the `k`th; `H` is
//! `2C + 3` where the card sets hold schemes (`schemes:`), 0 otherwise.
//!
//! A card move is numbered by its card, not by the layout slot it lies
//! in; the slot, the coins and the trade of a build, and whether it is
//! paid or chained, follow from the position, and decoding restores them
//! from its legal moves.

use sevenw_host::CardId;

use super::{Action, Duel, Move};

impl Duel {
    /// Cards, wonders and progress tokens of the tables: `(C, W, T)`.
    fn sizes(&self) -> (u32, u32, u32) {
        let info = self.info;
        (
            info.cards.len() as u32,
            info.wonders.len() as u32,
            info.progress.len() as u32,
        )
    }

    /// The size of the action space: `4C + C·W + W + T + 2 + O + B·D + B·S + H`.
    pub(super) fn action_count(&self) -> u32 {
        self.schemes_start() + self.scheme_actions()
    }

    /// Where the schemes' range starts: the size of the space before it.
    fn schemes_start(&self) -> u32 {
        let (c, w, t) = self.sizes();
        let b = self.board_actions();
        let takes = b * self.spends();
        4 * c + c * w + w + t + 2 + u32::from(self.options) + takes + b * self.space_count() as u32
    }

    /// `H`: `2C + 3` where the card sets hold schemes, else none.
    fn scheme_actions(&self) -> u32 {
        if self.schemes_colour().is_some() {
            2 * self.info.cards.len() as u32 + 3
        } else {
            0
        }
    }

    /// `D`: the choices of tokens to give up on a board take, `2^K`.
    fn spends(&self) -> u32 {
        1 << self.offerings().len()
    }

    /// `B`: a number per card where the card sets lay boards, else none.
    fn board_actions(&self) -> u32 {
        if self.info.boards.is_empty() {
            0
        } else {
            self.info.cards.len() as u32
        }
    }

    /// The number of `mv`: arithmetic on its ids. A move naming an id past
    /// the tables (never a legal one) encodes to [`Duel::action_count`].
    pub(super) fn action_of(&self, mv: &Move) -> u32 {
        let (cards, wonders, tokens) = self.sizes();
        let picks = 2 * cards + cards * wonders;
        let after_tokens = picks + wonders + tokens;
        let id = |card: CardId| Some(u32::from(card.0)).filter(|&c| c < cards);
        let schemes = Some(self.schemes_start()).filter(|_| self.scheme_actions() > 0);
        let n = match *mv {
            Move::Card { card, action, .. } => id(card).and_then(|c| match action {
                Action::Prepare => schemes.map(|h| h + c),
                Action::Build { .. } | Action::Chain => Some(c),
                Action::Discard => Some(cards + c),
                Action::Wonder { wonder, .. } => Some(u32::from(wonder))
                    .filter(|&w| w < wonders)
                    .map(|w| 2 * cards + c * wonders + w),
            }),
            Move::Bury { card, wonder } => id(card).and_then(|c| {
                Some(u32::from(wonder))
                    .filter(|&w| w < wonders)
                    .map(|w| 2 * cards + c * wonders + w)
            }),
            Move::Pick(w) | Move::Steal(w) | Move::Raze(w) => Some(u32::from(w))
                .filter(|&w| w < wonders)
                .map(|w| picks + w),
            Move::Token(t) | Move::Void(t) => Some(u32::from(t))
                .filter(|&t| t < tokens)
                .map(|t| picks + wonders + t),
            Move::Discard(card) | Move::Seize(card) | Move::Copy(card) | Move::Give(card) => {
                id(card).map(|c| after_tokens + c)
            }
            Move::Block(square) => {
                u32::try_from(i32::from(square) + i32::from(self.conflict.capital))
                    .ok()
                    .filter(|&n| n < cards)
                    .map(|n| after_tokens + n)
            }
            Move::Strike { slot: n, .. }
            | Move::Military(n)
            | Move::Senate(n)
            | Move::Decree { chamber: n, .. } => Some(u32::from(n))
                .filter(|&s| s < cards)
                .map(|s| after_tokens + s),
            Move::Revive(card) | Move::Summon(card) => id(card).map(|c| after_tokens + cards + c),
            Move::Start(me) => Some(after_tokens + 2 * cards + u32::from(!me)),
            Move::Option(o) => Some(u32::from(o))
                .filter(|&o| o < u32::from(self.options))
                .map(|o| after_tokens + 2 * cards + 2 + o),
            Move::Board { card, spend, .. } => id(card)
                .filter(|_| self.board_actions() > 0 && u32::from(spend) < self.spends())
                .map(|c| {
                    let take = after_tokens + 2 * cards + 2 + u32::from(self.options);
                    take + c * self.spends() + u32::from(spend)
                }),
            Move::Place { card, space } => {
                let spaces = self.space_count() as u32;
                id(card)
                    .filter(|_| self.board_actions() > 0 && u32::from(space) < spaces)
                    .map(|c| {
                        let lay = after_tokens + 2 * cards + 2 + u32::from(self.options);
                        let takes = self.board_actions() * self.spends();
                        lay + takes + c * spaces + u32::from(space)
                    })
            }
            Move::Scheme(card) => id(card).and_then(|c| schemes.map(|h| h + cards + c)),
            Move::Return { bottom } => schemes.map(|h| h + 2 * cards + u32::from(bottom)),
            Move::NoScheme => schemes.map(|h| h + 2 * cards + 2),
        };
        n.unwrap_or_else(|| self.action_count())
    }

    /// The move number `n` stands for without a position (the inverse of
    /// [`Duel::action_of`]): a build paid nothing, in slot 0; `None` past
    /// the space.
    pub(super) fn action_move(&self, n: u32) -> Option<Move> {
        let (cards, wonders, tokens) = self.sizes();
        let card = |c: u32| CardId(c as u16);
        let build = Action::Build { coins: 0, trade: 0 };
        let on = |card, action| Move::Card {
            slot: 0,
            card,
            action,
        };
        let mut n = n;
        for (len, of) in [
            (cards, 0u8),
            (cards, 1),
            (cards * wonders, 2),
            (wonders, 3),
            (tokens, 4),
            (cards, 5),
            (cards, 6),
            (2, 7),
            (u32::from(self.options), 8),
            (self.board_actions() * self.spends(), 9),
            (self.board_actions() * self.space_count() as u32, 10),
            (self.scheme_actions(), 11),
        ] {
            if n >= len {
                n -= len;
                continue;
            }
            return Some(match of {
                0 => on(card(n), build),
                1 => on(card(n), Action::Discard),
                2 => on(
                    card(n / wonders),
                    Action::Wonder {
                        wonder: (n % wonders) as u8,
                        coins: 0,
                        trade: 0,
                    },
                ),
                3 => Move::Pick(n as u8),
                4 => Move::Token(n as u8),
                5 => Move::Discard(card(n)),
                6 => Move::Revive(card(n)),
                7 => Move::Start(n == 0),
                8 => Move::Option(n as u8),
                9 => Move::Board {
                    space: 0,
                    card: card(n / self.spends()),
                    coins: 0,
                    spend: (n % self.spends()) as u8,
                },
                10 => {
                    let spaces = (self.space_count() as u32).max(1);
                    Move::Place {
                        card: card(n / spaces),
                        space: (n % spaces) as u8,
                    }
                }
                _ if n < cards => on(card(n), Action::Prepare),
                _ if n < 2 * cards => Move::Scheme(card(n - cards)),
                _ if n < 2 * cards + 2 => Move::Return {
                    bottom: n == 2 * cards + 1,
                },
                _ => Move::NoScheme,
            });
        }
        None
    }
}
