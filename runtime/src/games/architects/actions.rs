//! Architects' fixed action space (`runtime/FORMATS.md`, "The action
//! space"): every decision numbered from the game's tables alone, never
//! from the position. With `P` the most players, `C` cards, `K` progress
//! tokens, `S` the most stages of a wonder, `R` resources, `N` the largest
//! count of a stage's cost, `V = (N+R choose R)` and `Y` science symbols:
//!
//! | range start        | length        | decision                                  |
//! |--------------------|---------------|-------------------------------------------|
//! | `0`                | `P + 1`       | take from (or look at) deck of seat `s`; `P`: the central deck |
//! | `P + 1`            | `C`           | keep card `c` of those looked at          |
//! | `P + 1 + C`        | `K + 1`       | take progress token `k` face up; `K`: the pile's top |
//! | `P + 2 + C + K`    | `S × V`       | build stage `piece` with the resource cards `res`: `piece × V + rank(res)` |
//! | `… + S·V`          | `Y + (Y choose 3)` | trade a pair of symbol `s` (`s`); three different symbols `a < b < c` (`Y + (a choose 1) + (b choose 2) + (c choose 3)`) |
//! | `…`                | `O`           | choose option `o` of the stage just built or the token just taken |
//!
//! `O` is the most options a stage or a progress token offers (`one of`),
//! 0 when none offers a choice.
//!
//! **Payments.** A payment ([`Pay`]) spends resource cards (`res`, per
//! resource), coin cards for the rest (`coins`), perhaps one coin counted
//! double (Economy, `double`) and perhaps the rule of identical/different
//! resources set aside (Engineering, `any`). The number holds `res` only:
//! the resource cards a payment spends are at most the count of the
//! stage's cost (one kind, up to the count, for identical resources; a set
//! of at most the count of kinds for different ones; a multiset of at most
//! the count with Engineering: `moves.rs`), so `res` is a vector of `R`
//! counts summing to at most `N` — `V` of them, ranked in lexicographic
//! order. The rest is a function of the position and `res`: the coin cards
//! and Economy pay what the resources leave (`coin_cards`), and `any` is
//! set exactly when `res` breaks the stage's rule (Engineering's payments
//! are only those the rule refuses), so two legal payments of one stage
//! never share their resources. Decoding restores the rest from the legal
//! moves.

use crate::engine::science::MAX_SYM;

use super::{Architects, Deck, MAX_PIECES, MAX_RES, Move, Pay, Phase, Pick, State, TURN_DECKS};

/// The sizes the action space is made of, read once from the tables.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sizes {
    /// `P`: the most players.
    players: u32,
    /// `C`.
    cards: u32,
    /// `K`.
    tokens: u32,
    /// `S`: the most stages of a wonder (its first side).
    pieces: u32,
    /// `R`: resources.
    resources: usize,
    /// `N`: the largest count of a stage's cost.
    most: u32,
    /// `V`: payments numbered per stage.
    pays: u32,
    /// `Y`: science symbols.
    symbols: u32,
    /// `O`: the most options a stage or a token offers.
    options: u32,
}

/// `n choose k`, saturating at `u32::MAX`.
fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u64 = 1;
    for i in 0..u64::from(k) {
        // Exact at each step: the product of i+1 consecutive numbers is
        // divisible by (i+1)!.
        c = c * (u64::from(n) - i) / (i + 1);
        if c > u64::from(u32::MAX) {
            return u32::MAX;
        }
    }
    c as u32
}

/// Vectors of `len` counts summing to at most `sum`.
fn vectors(len: usize, sum: u32) -> u32 {
    choose(sum.saturating_add(len as u32), len as u32)
}

impl Sizes {
    pub(super) fn of(info: &sevenw_host::GameInfo) -> Sizes {
        let sides = info.wonders.iter().filter_map(|w| w.sides.first());
        let pieces = sides
            .clone()
            .map(|s| s.stages.len().min(MAX_PIECES))
            .max()
            .unwrap_or(0) as u32;
        let most = sides
            .flat_map(|s| s.stages.iter().take(MAX_PIECES))
            .filter_map(|st| st.pattern)
            .map(|p| u32::from(p.count))
            .max()
            .unwrap_or(0);
        let resources = info.resources.len().min(MAX_RES);
        Sizes {
            players: u32::from(info.max_players),
            cards: info.cards.len() as u32,
            tokens: info.progress.len().min(256) as u32,
            pieces,
            resources,
            most,
            pays: vectors(resources, most),
            symbols: info.symbols.len().min(MAX_SYM) as u32,
            options: u32::from(crate::engine::vocab::most_options(info)),
        }
    }

    fn keep(self) -> u32 {
        self.players + 1
    }

    fn token(self) -> u32 {
        self.keep() + self.cards
    }

    fn build(self) -> u32 {
        self.token() + self.tokens + 1
    }

    fn science(self) -> u32 {
        self.build()
            .saturating_add(self.pieces.saturating_mul(self.pays))
    }

    fn option(self) -> u32 {
        self.science()
            .saturating_add(self.symbols + choose(self.symbols, 3))
    }

    pub(super) fn count(self) -> u32 {
        self.option().saturating_add(self.options)
    }

    /// The rank of the resource cards of `pay` among the vectors of `R`
    /// counts summing to at most `N`; `None` past them.
    fn rank(self, pay: &Pay) -> Option<u32> {
        if pay.res[self.resources..].iter().any(|&n| n > 0) {
            return None;
        }
        let mut left = self.most;
        let mut rank: u32 = 0;
        for (i, &n) in pay.res[..self.resources].iter().enumerate() {
            let n = u32::from(n);
            if n > left {
                return None;
            }
            // The vectors with the same counts before `i` and fewer than
            // `n` at `i`: those of `R - i` counts summing to at most
            // `left`, less those summing to at most `left - n`.
            let len = self.resources - i;
            rank = rank.saturating_add(vectors(len, left) - vectors(len, left - n));
            left -= n;
        }
        Some(rank)
    }

    /// The resource cards of rank `rank` (the inverse of [`Sizes::rank`]):
    /// at each resource, the largest count whose vectors before it fit.
    fn unrank(self, mut rank: u32) -> [u8; MAX_RES] {
        let mut res = [0u8; MAX_RES];
        let mut left = self.most;
        for (i, r) in res.iter_mut().enumerate().take(self.resources) {
            let len = self.resources - i;
            let before = |n: u32| vectors(len, left) - vectors(len, left - n);
            let n = (0..=left).rev().find(|&n| before(n) <= rank).unwrap_or(0);
            rank -= before(n);
            left -= n;
            *r = n as u8;
        }
        res
    }

    /// The move number `n` stands for without a position (the inverse of
    /// [`Sizes::number`]): a build paid by its resource cards only.
    fn move_of(self, n: u32) -> Option<Move> {
        if n < self.keep() {
            return Some(Move::Take(if n < self.players {
                Deck::Seat(n as u8)
            } else {
                Deck::Central
            }));
        }
        if n < self.token() {
            return Some(Move::Keep(sevenw_host::CardId((n - self.keep()) as u16)));
        }
        if n < self.build() {
            let k = n - self.token();
            return Some(Move::Token(if k < self.tokens {
                Pick::Up(k as u8)
            } else {
                Pick::Pile
            }));
        }
        if n < self.science() {
            let x = n - self.build();
            let pay = Pay {
                res: self.unrank(x % self.pays),
                ..Pay::default()
            };
            let piece = (x / self.pays) as u8;
            return Some(Move::Build { piece, pay });
        }
        if n < self.option() {
            let x = n - self.science();
            if x < self.symbols {
                return Some(Move::Science {
                    symbols: 1 << x,
                    pair: true,
                });
            }
            // The combinatorial number system, from the largest: c, b, a.
            let mut rank = x - self.symbols;
            let mut symbols = 0u16;
            for k in (1..=3).rev() {
                let s = (0..self.symbols)
                    .rev()
                    .find(|&s| choose(s, k) <= rank)
                    .unwrap_or(0);
                rank -= choose(s, k);
                symbols |= 1 << s;
            }
            return Some(Move::Science {
                symbols,
                pair: false,
            });
        }
        (n < self.count()).then(|| Move::Option((n - self.option()) as u8))
    }

    /// The number of `mv`, if the tables have one for it.
    fn number(self, mv: &Move) -> Option<u32> {
        match *mv {
            Move::Take(Deck::Seat(s)) => Some(u32::from(s)).filter(|&s| s < self.players),
            Move::Take(Deck::Central) => Some(self.players),
            Move::Keep(c) => Some(u32::from(c.0))
                .filter(|&c| c < self.cards)
                .map(|c| self.keep() + c),
            Move::Token(Pick::Up(k)) => Some(u32::from(k))
                .filter(|&k| k < self.tokens)
                .map(|k| self.token() + k),
            Move::Token(Pick::Pile) => Some(self.token() + self.tokens),
            Move::Option(o) => Some(u32::from(o))
                .filter(|&o| o < self.options)
                .map(|o| self.option() + o),
            Move::Build { piece, pay } => {
                let piece = Some(u32::from(piece)).filter(|&p| p < self.pieces)?;
                self.build()
                    .checked_add(piece.checked_mul(self.pays)?)?
                    .checked_add(self.rank(&pay)?)
            }
            Move::Science { symbols, pair } => {
                let symbols = u32::from(symbols);
                if symbols >> self.symbols != 0 {
                    return None;
                }
                if pair {
                    (symbols.count_ones() == 1).then(|| self.science() + symbols.trailing_zeros())
                } else if symbols.count_ones() == 3 {
                    // The combinatorial number system: a < b < c.
                    let mut bits = symbols;
                    let mut rank = 0;
                    for k in 1..=3 {
                        let s = bits.trailing_zeros();
                        bits &= bits - 1;
                        rank += choose(s, k);
                    }
                    Some(self.science() + self.symbols + rank)
                } else {
                    None
                }
            }
        }
    }
}

impl Architects {
    /// The number of `mv` in the action space; a move the tables cannot
    /// number (never a legal one) encodes to the size of the space.
    pub(super) fn action_of(&self, mv: &Move) -> u32 {
        let sizes = self.sizes;
        sizes.number(mv).unwrap_or_else(|| sizes.count())
    }

    /// The move number `n` stands for without a position; `None` past the
    /// space.
    pub(super) fn action_move(&self, n: u32) -> Option<Move> {
        self.sizes.move_of(n)
    }

    /// The legal move of `st` numbered `action`: the legal moves of its
    /// phase walked as [`Game::legal_moves`] makes them, without a list.
    ///
    /// [`Game::legal_moves`]: crate::game::Game::legal_moves
    pub(super) fn action_in(&self, st: &State, action: u32) -> Option<Move> {
        if action >= self.sizes.count() {
            return None;
        }
        let t = &st.table;
        let seat = t.current;
        let mut found = None;
        let mut look = |mv: Move| {
            if found.is_none() && self.action_of(&mv) == action {
                found = Some(mv);
            }
        };
        match st.phase {
            Phase::Take => t.each_open(seat, TURN_DECKS, |d| look(Move::Take(d))),
            Phase::Extra { decks, .. } => t.each_open(seat, decks, |d| look(Move::Take(d))),
            Phase::Keep => t.looking.iter().for_each(|&c| look(Move::Keep(c))),
            Phase::Token => {
                t.face_up
                    .iter()
                    .for_each(|&k| look(Move::Token(Pick::Up(k))));
                if !t.pile.is_empty() {
                    look(Move::Token(Pick::Pile));
                }
            }
            Phase::Act => self.each_action(t, look),
            Phase::Option => (0..self.asked_options(t)).for_each(|o| look(Move::Option(o))),
            Phase::Over => {}
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every vector of `len` counts summing to at most `most`, in
    /// lexicographic order, ranks to its index.
    #[test]
    fn payments_rank_in_lexicographic_order() {
        for len in 1..=4usize {
            for most in 0..=4u32 {
                let sizes = Sizes {
                    resources: len,
                    most,
                    pays: vectors(len, most),
                    ..Sizes::default()
                };
                let mut all = Vec::new();
                let limit = most + 1;
                for code in 0..limit.pow(len as u32) {
                    let mut res = [0u8; MAX_RES];
                    let mut x = code;
                    for r in (0..len).rev() {
                        res[r] = (x % limit) as u8;
                        x /= limit;
                    }
                    if res.iter().map(|&n| u32::from(n)).sum::<u32>() <= most {
                        all.push(res);
                    }
                }
                all.sort();
                assert_eq!(all.len() as u32, sizes.pays, "{len} resources, {most}");
                for (i, res) in all.iter().enumerate() {
                    let pay = Pay {
                        res: *res,
                        ..Pay::default()
                    };
                    assert_eq!(sizes.rank(&pay), Some(i as u32), "{res:?}");
                }
                let mut over = [0u8; MAX_RES];
                over[0] = most as u8 + 1;
                let pay = Pay {
                    res: over,
                    ..Pay::default()
                };
                assert_eq!(sizes.rank(&pay), None, "past the largest count");
            }
        }
    }

    #[test]
    fn choose_counts_subsets() {
        assert_eq!(choose(5, 0), 1);
        assert_eq!(choose(9, 5), 126);
        assert_eq!(choose(2, 3), 0);
        assert_eq!(choose(3, 3), 1);
        assert_eq!(choose(1000, 500), u32::MAX);
    }
}
