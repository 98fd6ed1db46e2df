//! The kinds of token a game declares (`tokens:`) that a city holds,
//! apart from the city: counted by the Age they were taken in for a kind
//! scored by Age, taken, given up (those worth least first), paid as a
//! cost, taken instead of coins it cannot pay (Cities' debt), and scored.

use sevenw_host::GameInfo;

use super::{City, MAX_CATEGORIES, MAX_TOKEN_AGES};

impl City {
    /// The city loses `loss` coins in Age `age`: all it has if fewer, and,
    /// when the card sets in play declare a kind of token taken instead of
    /// coins (Cities' debt: "for each coin they cannot pay, they take a
    /// debt token", cities-facts.md §3.1), one such token per coin it could
    /// not pay.
    pub fn pay_or_owe(&mut self, info: &GameInfo, loss: u64, age: u8) {
        let paid = loss.min(self.coins.max(0) as u64);
        self.coins -= paid as i32;
        let owed = loss - paid;
        if owed == 0 {
            return;
        }
        if let Some(k) = info.tokens.iter().position(|t| t.instead_of_coins) {
            self.take_tokens(info, k, owed, age);
        }
    }

    /// How many tokens of the declared kind `kind` it holds (below zero
    /// where the kind allows).
    pub fn held(&self, kind: usize) -> i32 {
        self.tokens
            .get(kind)
            .map_or(0, |by_age| by_age.iter().map(|&n| i32::from(n)).sum())
    }

    /// The city takes `n` tokens of the declared kind `kind` in Age `age`.
    pub fn take_tokens(&mut self, info: &GameInfo, kind: usize, n: u64, age: u8) {
        let (Some(k), Some(by_age)) = (info.tokens.get(kind), self.tokens.get_mut(kind)) else {
            return;
        };
        if let Some(held) = by_age.get_mut(k.age_index(age)) {
            *held = held.saturating_add(n.min(i16::MAX as u64) as i16);
        }
    }

    /// The city gives up `n` tokens of the declared kind `kind` (`u8::MAX`:
    /// all), those worth least first, as a player gives up tokens; it
    /// gives up all it holds if fewer, unless the kind may fall below
    /// zero. What it gives up, in tokens.
    pub fn lose_tokens(&mut self, info: &GameInfo, kind: usize, n: u8) -> u32 {
        self.give_up(info, kind, (n != u8::MAX).then_some(u32::from(n)))
    }

    /// [`City::lose_tokens`] of `n` tokens, or all (`None`).
    fn give_up(&mut self, info: &GameInfo, kind: usize, n: Option<u32>) -> u32 {
        let (Some(k), Some(by_age)) = (info.tokens.get(kind), self.tokens.get_mut(kind)) else {
            return 0;
        };
        if let (true, Some(n)) = (k.negative, n) {
            by_age[0] = by_age[0].saturating_sub(n.min(i16::MAX as u32) as i16);
            return n;
        }
        let mut left = n.unwrap_or(u32::MAX);
        let mut order: [usize; MAX_TOKEN_AGES] = std::array::from_fn(|i| i);
        order.sort_by_key(|&i| k.points.get(i).copied().unwrap_or(i8::MAX));
        let mut lost = 0;
        for i in order {
            let take = (by_age[i].max(0) as u32).min(left);
            by_age[i] -= take as i16;
            left -= take;
            lost += take;
        }
        lost
    }

    /// Whether it holds the tokens a cost asks (`(kind, how many)`).
    pub fn holds(&self, tokens: &[(u8, u8)]) -> bool {
        (tokens.iter()).all(|&(k, n)| self.held(usize::from(k)) >= i32::from(n))
    }

    /// It gives up the tokens a cost asks, those worth least first.
    pub fn pay_tokens(&mut self, info: &GameInfo, tokens: &[(u8, u8)]) {
        for &(k, n) in tokens {
            self.give_up(info, usize::from(k), Some(u32::from(n)));
        }
    }

    /// The points of the tokens it holds, each kind's in its category
    /// (`points` by category index).
    pub fn token_points(&self, info: &GameInfo, points: &mut [i32; MAX_CATEGORIES]) {
        for (kind, by_age) in info.tokens.iter().zip(&self.tokens) {
            let worth: i32 = (kind.points.iter().zip(by_age))
                .map(|(&p, &n)| i32::from(p) * i32::from(n))
                .sum();
            points[usize::from(kind.category) % MAX_CATEGORIES] += worth;
        }
    }
}
