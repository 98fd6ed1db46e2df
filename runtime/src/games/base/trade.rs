//! The base game's trade: every way to pay a cost from the city's own
//! production and by buying from the two neighbours.
//!
//! Each resource unit the city cannot
//! produce itself may be bought from the left or the right seller, whose
//! *tradable* production (fixed units and "one of" choices) limits what they
//! can sell; each unit costs the buyer's price for that resource and that
//! seller. Selling does not use a resource up, so each seller's whole
//! tradable production is on offer. Only coins held at the start of the turn
//! can be spent (`budget`).
//!
//! A payment is told apart by who receives the coins: the bank (the card's
//! coin cost), the left and the right neighbour. The search returns every
//! payment that is not dominated (no other payment gives less or the same to
//! each of the two neighbours), cheapest first. A dominated payment would buy
//! a resource the city does not need, which the rules do not allow.
//!
//! This is a hot path: [`PaymentSearch`] keeps its buffers between calls and
//! works on fixed-size arrays and bitmasks; nothing is allocated once the
//! buffers have grown, and nothing is looked up by name.

use sevenw_host::{Cost, Res, ResSet};

use crate::engine::production::{MAX_RES, Need, Prices, Production, is_zero};
use crate::text::plural;

/// Coins paid for one action: to the bank, to the left and right neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Payment {
    pub bank: u16,
    pub left: u16,
    pub right: u16,
}

impl Payment {
    pub const FREE: Payment = Payment {
        bank: 0,
        left: 0,
        right: 0,
    };

    pub fn total(self) -> u32 {
        u32::from(self.bank) + u32::from(self.left) + u32::from(self.right)
    }

    /// Coins paid to the neighbours.
    pub fn trade(self) -> u32 {
        u32::from(self.left) + u32::from(self.right)
    }

    /// "3 coins (1 to the bank, 2 to the left neighbour)" and the like.
    pub fn in_words(self) -> String {
        if self == Payment::FREE {
            return "nothing".to_string();
        }
        let mut parts = Vec::new();
        if self.bank > 0 {
            parts.push(format!("{} to the bank", self.bank));
        }
        if self.left > 0 {
            parts.push(format!("{} to the left neighbour", self.left));
        }
        if self.right > 0 {
            parts.push(format!("{} to the right neighbour", self.right));
        }
        format!("{} ({})", plural(self.total(), "coin"), parts.join(", "))
    }
}

/// The buyer's view of the market.
#[derive(Clone, Copy, Debug)]
pub struct Market<'a> {
    /// Everything the buyer produces (tradable or not).
    pub own: &'a Production,
    /// What the left neighbour can sell.
    pub left: &'a Production,
    /// What the right neighbour can sell.
    pub right: &'a Production,
    pub prices: &'a Prices,
    /// Coins off the first unit bought from each seller (left, right).
    pub rebate: [u8; 2],
    /// Coins off each unit of the resources `boards` (each seller's
    /// board's) bought from each seller.
    pub board_rebate: [u8; 2],
    pub boards: [ResSet; 2],
    /// One unit of these resources from the bank, each at its price (once
    /// per turn each: a leader's ability).
    pub bank: &'a [(ResSet, u8)],
}

/// What a market offers of every resource, gathered once for a search or
/// a hand of them.
#[derive(Clone, Copy, Debug)]
struct Summary {
    /// The most each seller (left, right) could give of each resource.
    cap: [[u8; MAX_RES]; 2],
    /// The resources the buyer's own choices offer.
    own_choices: u16,
    /// The resources the sellers' choices offer.
    sells_choices: [u16; 2],
    /// The resources the bank sells.
    bank: u16,
    /// The most units of each resource the buyer could get at all: its
    /// own production (every choice that offers it), both sellers' and the
    /// bank's. A cost asking more of one (less a discount) cannot be paid.
    most: [u8; MAX_RES],
}

impl Summary {
    fn of(market: &Market<'_>) -> Self {
        let union = |p: &Production| p.choices.iter().fold(0u16, |a, c| a | c.options.0);
        let mut cap = [market.left.fixed, market.right.fixed];
        for (side, seller) in [market.left, market.right].into_iter().enumerate() {
            for c in &seller.choices {
                // Each resource the choice offers, lowest first.
                let mut bits = c.options.0;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize % MAX_RES;
                    bits &= bits - 1;
                    cap[side][r] = cap[side][r].saturating_add(c.amount);
                }
            }
        }
        let mut most = market.own.fixed;
        for (r, most) in most.iter_mut().enumerate() {
            *most = most.saturating_add(cap[0][r]).saturating_add(cap[1][r]);
        }
        let own = market.own.choices.iter().map(|c| (c.options, c.amount));
        for (options, amount) in own.chain(market.bank.iter().map(|&(set, _)| (set, 1))) {
            let mut bits = options.0;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize % MAX_RES;
                bits &= bits - 1;
                most[r] = most[r].saturating_add(amount);
            }
        }
        Summary {
            cap,
            most,
            own_choices: union(market.own),
            sells_choices: [union(market.left), union(market.right)],
            bank: market.bank.iter().fold(0u16, |a, &(set, _)| a | set.0),
        }
    }
}

/// Every split between the two sellers of a residual need.
struct Split<'a> {
    m: usize,
    res: &'a [Res],
    cap: &'a [[u8; MAX_RES]; 2],
    price: &'a [[u8; MAX_RES]; 2],
    /// Whether each seller must be asked if it can give a split.
    check: [bool; 2],
    /// Coins to the bank, and the coins that may be spent besides.
    bank: u16,
    spend: u32,
    /// Whether one payment found is enough ([`InMarket::quote`]).
    first: bool,
    /// Whether only the cheapest payment is wanted ([`InMarket::cheapest`]):
    /// a way no cheaper than the last kept is not checked nor kept.
    cheapest: bool,
}

impl Split<'_> {
    /// The coins `side`'s rebate takes off buying `units` from it: off the
    /// dearest unit (the player buys it first), never below nothing.
    fn first_rebate(&self, market: &Market<'_>, side: usize, units: &Need) -> u32 {
        let dearest = (0..self.m)
            .filter(|&k| units[k] > 0)
            .map(|k| self.price[side][k])
            .max()
            .unwrap_or(0);
        u32::from(market.rebate[side].min(dearest))
    }

    /// Pushes every affordable way to buy `s` (with `extra` coins already
    /// owed the bank) from the two sellers.
    fn run(&self, market: &Market<'_>, s: &Need, extra: u16, out: &mut Vec<Payment>) {
        let (m, cap) = (self.m, self.cap);
        let to_bank = self.bank.saturating_add(extra);
        if u32::from(extra) > self.spend {
            return;
        }
        if is_zero(s, m) {
            out.push(Payment {
                bank: to_bank,
                left: 0,
                right: 0,
            });
            return;
        }
        if (0..m).any(|k| u32::from(s[k]) > u32::from(cap[0][k]) + u32::from(cap[1][k])) {
            return;
        }
        // Odometer over what is bought from the left.
        let mut b: Need = [0; MAX_RES];
        for k in 0..m {
            b[k] = s[k].saturating_sub(cap[1][k]);
        }
        let low = b;
        loop {
            let mut left = 0u32;
            let mut right = 0u32;
            let mut r_want: Need = [0; MAX_RES];
            for k in 0..m {
                r_want[k] = s[k] - b[k];
                left += u32::from(b[k]) * u32::from(self.price[0][k]);
                right += u32::from(r_want[k]) * u32::from(self.price[1][k]);
            }
            if market.rebate != [0, 0] {
                left -= self.first_rebate(market, 0, &b);
                right -= self.first_rebate(market, 1, &r_want);
            }
            let better = || {
                let key = (
                    u32::from(to_bank) + left + right,
                    left.min(u32::from(u16::MAX)) as u16,
                    right.min(u32::from(u16::MAX)) as u16,
                );
                out.last()
                    .is_none_or(|p: &Payment| key < (p.total(), p.left, p.right))
            };
            if left + right + u32::from(extra) <= self.spend
                && (!self.cheapest || better())
                && (!self.check[0] || market.left.can_supply(self.res, &b[..m]))
                && (!self.check[1] || market.right.can_supply(self.res, &r_want[..m]))
            {
                out.push(Payment {
                    bank: to_bank,
                    left: left.min(u32::from(u16::MAX)) as u16,
                    right: right.min(u32::from(u16::MAX)) as u16,
                });
                if self.first {
                    return;
                }
            }
            let mut k = 0;
            while k < m {
                let hi = s[k].min(cap[0][k]);
                if b[k] < hi {
                    b[k] += 1;
                    break;
                }
                b[k] = low[k];
                k += 1;
            }
            if k == m {
                break;
            }
        }
    }
}

/// A [`PaymentSearch`] bound to one market ([`PaymentSearch::in_market`]).
pub struct InMarket<'s, 'a> {
    search: &'s mut PaymentSearch,
    market: Market<'a>,
    sum: Summary,
}

impl InMarket<'_, '_> {
    /// [`PaymentSearch::search_ext`] in this market.
    pub fn search(
        &mut self,
        coins: u16,
        resources: &[(Res, u8)],
        budget: u32,
        discount: u8,
    ) -> &[Payment] {
        self.search.run(
            &self.sum,
            &self.market,
            coins,
            resources,
            budget,
            discount,
            Mode::All,
        )
    }

    /// The cheapest way to pay (the first [`InMarket::search`] lists),
    /// without ordering the others.
    pub fn cheapest(
        &mut self,
        coins: u16,
        resources: &[(Res, u8)],
        budget: u32,
        discount: u8,
    ) -> Option<Payment> {
        let found = self.search.run(
            &self.sum,
            &self.market,
            coins,
            resources,
            budget,
            discount,
            Mode::Cheapest,
        );
        found.first().copied()
    }

    /// Whether the cost can be paid, and how: what a card action's
    /// legality needs, without listing every way to pay (the search stops
    /// at the first way it finds). Inlined: most costs are answered by
    /// the first look, and the call would cost more than it.
    #[inline]
    pub fn quote(
        &mut self,
        coins: u16,
        resources: &[(Res, u8)],
        budget: u32,
        discount: u8,
    ) -> Quote {
        if let Some(q) = early(&self.sum, &self.market, coins, resources, budget, discount) {
            return q;
        }
        let found = self.search.run(
            &self.sum,
            &self.market,
            coins,
            resources,
            budget,
            discount,
            Mode::First,
        );
        match found.first() {
            None => Quote::Unpayable,
            // Every other way pays as much to the bank and more to a
            // neighbour: this one is the only undominated way.
            Some(&p) if p.left == 0 && p.right == 0 && p.bank == coins => Quote::Only(p),
            Some(_) => Quote::Trade,
        }
    }
}

/// What a cost's first look tells, before any search: unpayable (the coins
/// past the budget, or a resource asked beyond what the whole market could
/// give), met by the city's fixed production ([`Quote::Only`]), or `None`
/// when trade or choices must be searched. Most costs are settled here.
#[inline]
fn early(
    sum: &Summary,
    market: &Market<'_>,
    coins: u16,
    resources: &[(Res, u8)],
    budget: u32,
    discount: u8,
) -> Option<Quote> {
    if u32::from(coins) > budget {
        return Some(Quote::Unpayable);
    }
    let mut met = true;
    for &(r, n) in resources {
        let i = usize::from(r.0) % MAX_RES;
        if n > market.own.fixed[i] {
            met = false;
            if n > sum.most[i].saturating_add(discount) {
                return Some(Quote::Unpayable);
            }
        }
    }
    met.then_some(Quote::Only(Payment {
        bank: coins,
        left: 0,
        right: 0,
    }))
}

/// What a search returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Every undominated payment, cheapest first.
    All,
    /// The first payment found.
    First,
    /// The cheapest only.
    Cheapest,
}

/// Whether a cost can be paid ([`InMarket::quote`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quote {
    /// No way within the budget.
    Unpayable,
    /// One way only, with the city's own production: its printed coins to
    /// the bank ([`Payment::FREE`] for a cost of no coins).
    Only(Payment),
    /// One way or more, buying from neighbours or the bank.
    Trade,
}

/// A residual need, and the coins already paid the bank to get there.
type Step = (Need, u16);

/// The reusable buffers of the payment search.
#[derive(Clone, Debug, Default)]
pub struct PaymentSearch {
    states: Vec<Step>,
    next: Vec<Step>,
    out: Vec<Payment>,
}

fn push_unique(v: &mut Vec<Step>, n: Step) {
    if !v.contains(&n) {
        v.push(n);
    }
}

/// Every way to leave out `d` units of `s` (all of it if it holds fewer),
/// from resource `from` on, into `out`.
fn reduce(s: Need, d: u8, from: usize, m: usize, extra: u16, out: &mut Vec<Step>) {
    if d == 0 || (from..m).all(|k| s[k] == 0) {
        push_unique(out, (s, extra));
        return;
    }
    for k in from..m {
        if s[k] > 0 {
            let mut t = s;
            t[k] -= 1;
            reduce(t, d - 1, k, m, extra, out);
        }
    }
}

impl PaymentSearch {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every undominated way to pay `cost` in `market` with at most
    /// `budget` coins, cheapest first (then least to the left). Empty when
    /// the cost cannot be paid.
    pub fn search(&mut self, cost: &Cost, market: &Market<'_>, budget: u32) -> &[Payment] {
        self.search_ext(cost.coins, cost.resources, market, budget, 0)
    }

    /// [`PaymentSearch::search`] for a cost of `coins` and `resources`, of
    /// which up to `discount` units, of the buyer's choice, are not paid (a
    /// leader's "one resource fewer"). Bank purchases of the market add to
    /// the payment's coins for the bank.
    pub fn search_ext(
        &mut self,
        coins: u16,
        resources: &[(Res, u8)],
        market: &Market<'_>,
        budget: u32,
        discount: u8,
    ) -> &[Payment] {
        let sum = Summary::of(market);
        self.run(&sum, market, coins, resources, budget, discount, Mode::All)
    }

    /// The search over one market for many costs (a hand of cards): what
    /// the market offers of each resource is gathered once.
    pub fn in_market<'s, 'a>(&'s mut self, market: Market<'a>) -> InMarket<'s, 'a> {
        InMarket {
            sum: Summary::of(&market),
            market,
            search: self,
        }
    }

    /// The search; with [`Mode::First`], it stops at the first payment
    /// found, which is then free only if paying nothing is possible; with
    /// [`Mode::Cheapest`], it returns the first payment of the whole list
    /// only.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        sum: &Summary,
        market: &Market<'_>,
        coins: u16,
        resources: &[(Res, u8)],
        budget: u32,
        discount: u8,
        mode: Mode,
    ) -> &[Payment] {
        let (first, cheapest) = (mode == Mode::First, mode == Mode::Cheapest);
        self.out.clear();
        let bank = coins;
        let free = Payment {
            bank,
            left: 0,
            right: 0,
        };
        match early(sum, market, coins, resources, budget, discount) {
            Some(Quote::Unpayable) => return &self.out,
            Some(_) => {
                self.out.push(free);
                return &self.out;
            }
            None => {}
        }
        let m = resources.len().min(MAX_RES);
        let mut res = [Res(0); MAX_RES];
        let mut need: Need = [0; MAX_RES];
        // What each seller could give at most and its price, by the cost's
        // resources (`k`).
        let mut cap = [[0u8; MAX_RES]; 2];
        let mut price = [[0u8; MAX_RES]; 2];
        // The resources still wanted after the city's fixed production, and
        // how many units in all.
        let mut short = 0u16;
        let mut units = 0u32;
        // The least price of a unit wanted.
        let mut least = u32::MAX;
        for (k, &(r, n)) in resources.iter().take(m).enumerate() {
            res[k] = r;
            let i = usize::from(r.0) % MAX_RES;
            need[k] = n.saturating_sub(market.own.fixed[i]);
            cap[0][k] = sum.cap[0][i];
            cap[1][k] = sum.cap[1][i];
            price[0][k] = market.prices[0][i];
            price[1][k] = market.prices[1][i];
            if market.board_rebate != [0, 0] {
                for (side, p) in price.iter_mut().enumerate() {
                    if market.boards[side].0 & (1 << i) != 0 {
                        p[k] = p[k].saturating_sub(market.board_rebate[side]);
                    }
                }
            }
            if need[k] > 0 {
                short |= 1 << i;
                units += u32::from(need[k]);
                least = least.min(u32::from(price[0][k].min(price[1][k])));
            }
        }
        if short == 0 {
            // Resources past the 16th (never in a game the runtime accepts).
            self.out.push(free);
            return &self.out;
        }
        let res = &res[..m];
        let spend = budget - u32::from(bank);

        // Bounds checked before any search: the units the own choices, the
        // discount and the bank could cover at most, of each resource and
        // in all; what is left must be bought, each unit at the least price.
        let own_choices = sum.own_choices & short != 0;
        let bank_helps = sum.bank & short != 0;
        let mut covered = u32::from(discount);
        if own_choices {
            covered += market
                .own
                .choices
                .iter()
                .filter(|c| c.options.0 & short != 0)
                .map(|c| u32::from(c.amount))
                .sum::<u32>();
        }
        if bank_helps {
            covered += market
                .bank
                .iter()
                .filter(|&&(set, _)| set.0 & short != 0)
                .count() as u32;
        }
        for k in 0..m {
            if u32::from(need[k]) > u32::from(cap[0][k]) + u32::from(cap[1][k]) + covered {
                return &self.out;
            }
        }
        let rebates = u32::from(market.rebate[0]) + u32::from(market.rebate[1]);
        if units > covered && (units - covered).saturating_mul(least) > spend + rebates {
            return &self.out;
        }
        // A seller whose choices offer none of the resources wanted can give
        // anything up to its cap; another is asked whether it can give a
        // split.
        let check = [
            sum.sells_choices[0] & short != 0,
            sum.sells_choices[1] & short != 0,
        ];
        let split = Split {
            m,
            res,
            cap: &cap,
            price: &price,
            check,
            bank,
            spend,
            first,
            cheapest,
        };
        if !own_choices && !bank_helps && discount == 0 {
            // One residual need: the need itself.
            split.run(market, &need, 0, &mut self.out);
        } else {
            self.states.clear();
            self.states.push((need, 0));
            if self.reduce_need(res, market, discount) {
                self.out.push(free);
                return &self.out;
            }
            for &(s, extra) in &self.states {
                split.run(market, &s, extra, &mut self.out);
                if first && !self.out.is_empty() {
                    return &self.out;
                }
            }
        }
        if first {
            return &self.out;
        }
        if cheapest {
            // The first of the list below: nothing is cheaper, so nothing
            // dominates it.
            if let Some(&p) = self.out.iter().min_by_key(|p| (p.total(), p.left, p.right)) {
                self.out.clear();
                self.out.push(p);
            }
            return &self.out;
        }
        // Cheapest first; drop the dominated and the duplicates.
        if self.out.len() > 1 {
            self.out
                .sort_unstable_by_key(|p| (p.total(), p.left, p.right));
            let mut kept = 0;
            for i in 0..self.out.len() {
                let p = self.out[i];
                if !self.out[..kept]
                    .iter()
                    .any(|q| q.bank <= p.bank && q.left <= p.left && q.right <= p.right)
                {
                    self.out[kept] = p;
                    kept += 1;
                }
            }
            self.out.truncate(kept);
        }
        &self.out
    }

    /// The residual needs left in `states` (one, the need, on entry) once
    /// the city's own choices, the discount and the bank's units are used,
    /// keeping the least only. True when one of them is met for nothing
    /// (the payment is then free).
    fn reduce_need(&mut self, res: &[Res], market: &Market<'_>, discount: u8) -> bool {
        let m = res.len();
        // Own choices: each one that can cover a needed unit covers one
        // (leaving it unused could only make the purchase dearer).
        for c in &market.own.choices {
            self.next.clear();
            for &(s, extra) in &self.states {
                let mut used = false;
                for (k, &r) in res.iter().enumerate() {
                    if s[k] > 0 && c.options.contains(r) {
                        used = true;
                        let mut t = s;
                        t[k] -= c.amount.min(t[k]);
                        push_unique(&mut self.next, (t, extra));
                    }
                }
                if !used {
                    push_unique(&mut self.next, (s, extra));
                }
            }
            std::mem::swap(&mut self.states, &mut self.next);
        }
        // A discount leaves out units the city would otherwise buy.
        if discount > 0 {
            self.next.clear();
            for &(s, extra) in &self.states {
                reduce(s, discount, 0, m, extra, &mut self.next);
            }
            std::mem::swap(&mut self.states, &mut self.next);
        }
        // One unit from the bank per ability, or not.
        for &(set, price) in market.bank {
            self.next.clear();
            for &(s, extra) in &self.states {
                push_unique(&mut self.next, (s, extra));
                for (k, &r) in res.iter().enumerate() {
                    if s[k] > 0 && set.contains(r) {
                        let mut t = s;
                        t[k] -= 1;
                        push_unique(&mut self.next, (t, extra.saturating_add(u16::from(price))));
                    }
                }
            }
            std::mem::swap(&mut self.states, &mut self.next);
        }
        if self
            .states
            .iter()
            .any(|(s, extra)| *extra == 0 && is_zero(s, m))
        {
            return true;
        }
        // Keep the least residual needs only.
        let mut i = 0;
        while i < self.states.len() {
            let (s, e) = self.states[i];
            let dominated = self.states.iter().any(|&(t, f)| {
                (t, f) != (s, e) && f <= e && t[..m].iter().zip(&s[..m]).all(|(a, b)| a <= b)
            });
            if dominated {
                self.states.swap_remove(i);
            } else {
                i += 1;
            }
        }
        false
    }

    /// The cheapest way to pay, if any.
    pub fn cheapest(&mut self, cost: &Cost, market: &Market<'_>, budget: u32) -> Option<Payment> {
        self.search(cost, market, budget).first().copied()
    }
}

#[cfg(test)]
mod tests;
