//! Payment search: every way to pay a cost from the city's own production
//! and by buying from the two neighbours.
//!
//! The model is the base game's trade: each resource unit the city cannot
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

/// Units still wanted, indexed like the cost's resources.
type Need = [u8; MAX_RES];

/// Whether the first `m` needs (the cost's resources; the rest are 0) are
/// all met.
fn is_zero(n: &Need, m: usize) -> bool {
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

/// Trade prices of a buyer: `[seller][resource]`, seller 0 the left
/// neighbour (seat offset +1), 1 the right (offset −1).
pub type Prices = [[u8; MAX_RES]; 2];

/// Prices of `price` for every resource and both sellers.
pub const fn flat_prices(price: u8) -> Prices {
    [[price; MAX_RES]; 2]
}

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
    /// at the first way it finds).
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
        if units > covered && (units - covered).saturating_mul(least) > spend {
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
mod tests {
    use super::*;

    const WOOD: Res = Res(0);
    const STONE: Res = Res(1);
    const CLAY: Res = Res(2);
    const ORE: Res = Res(3);
    const GLASS: Res = Res(4);

    fn set(rs: &[Res]) -> ResSet {
        ResSet(rs.iter().fold(0, |a, r| a | (1 << r.0)))
    }

    fn prod(fixed: &[(Res, u8)], choices: &[&[Res]]) -> Production {
        let mut p = Production::default();
        for &(r, n) in fixed {
            p.add(set(&[r]), n);
        }
        for c in choices {
            p.add(set(c), 1);
        }
        p
    }

    fn cost(coins: u16, resources: &'static [(Res, u8)]) -> Cost {
        Cost {
            coins,
            coins_per_age: 0,
            resources,
        }
    }

    fn pay(bank: u16, left: u16, right: u16) -> Payment {
        Payment { bank, left, right }
    }

    fn run(
        c: Cost,
        own: &Production,
        l: &Production,
        r: &Production,
        prices: &Prices,
        budget: u32,
    ) -> Vec<Payment> {
        let mut s = PaymentSearch::new();
        let m = Market {
            own,
            left: l,
            right: r,
            prices,
            bank: &[],
        };
        s.search(&c, &m, budget).to_vec()
    }

    #[test]
    fn own_production_pays_for_free() {
        let own = prod(&[(WOOD, 2)], &[]);
        let none = Production::default();
        let p = run(
            cost(0, &[(WOOD, 2)]),
            &own,
            &none,
            &none,
            &flat_prices(2),
            0,
        );
        assert_eq!(p, vec![Payment::FREE]);
    }

    #[test]
    fn coin_cost_needs_the_coins() {
        let none = Production::default();
        assert_eq!(
            run(cost(1, &[]), &none, &none, &none, &flat_prices(2), 1),
            vec![pay(1, 0, 0)]
        );
        assert!(run(cost(1, &[]), &none, &none, &none, &flat_prices(2), 0).is_empty());
    }

    #[test]
    fn buys_from_either_neighbour_at_two_coins() {
        let none = Production::default();
        let l = prod(&[(STONE, 1)], &[]);
        let r = prod(&[(STONE, 1)], &[]);
        let p = run(cost(0, &[(STONE, 1)]), &none, &l, &r, &flat_prices(2), 10);
        assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 0)]);
    }

    #[test]
    fn buys_from_both_neighbours_in_one_turn() {
        let none = Production::default();
        let l = prod(&[(STONE, 1)], &[]);
        let r = prod(&[(STONE, 2)], &[]);
        let p = run(cost(0, &[(STONE, 3)]), &none, &l, &r, &flat_prices(2), 10);
        assert_eq!(p, vec![pay(0, 2, 4)]);
        // Not enough coins for the 6.
        assert!(run(cost(0, &[(STONE, 3)]), &none, &l, &r, &flat_prices(2), 5).is_empty());
    }

    #[test]
    fn discount_applies_to_its_side_and_resources_only() {
        let none = Production::default();
        let l = prod(&[(WOOD, 1), (GLASS, 1)], &[]);
        let r = prod(&[(WOOD, 1), (GLASS, 1)], &[]);
        let mut prices = flat_prices(2);
        prices[0][WOOD.0 as usize] = 1; // raw at 1 from the left
        let p = run(cost(0, &[(WOOD, 1)]), &none, &l, &r, &prices, 10);
        assert_eq!(p, vec![pay(0, 1, 0), pay(0, 0, 2)]);
        let p = run(cost(0, &[(GLASS, 1)]), &none, &l, &r, &prices, 10);
        assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 0)]);
    }

    #[test]
    fn neighbour_choice_sells_one_resource_only() {
        let none = Production::default();
        let l = prod(&[], &[&[WOOD, CLAY]]);
        let p = run(
            cost(0, &[(WOOD, 1), (CLAY, 1)]),
            &none,
            &l,
            &none,
            &flat_prices(2),
            10,
        );
        assert!(p.is_empty(), "{p:?}");
        let r = prod(&[(CLAY, 1)], &[]);
        let p = run(
            cost(0, &[(WOOD, 1), (CLAY, 1)]),
            &none,
            &l,
            &r,
            &flat_prices(2),
            10,
        );
        assert_eq!(p, vec![pay(0, 2, 2)]);
    }

    #[test]
    fn own_choice_can_cover_either_and_both_ways_are_offered() {
        let own = prod(&[], &[&[WOOD, CLAY]]);
        let l = prod(&[(WOOD, 1)], &[]);
        let r = prod(&[(CLAY, 1)], &[]);
        let mut prices = flat_prices(2);
        prices[0][WOOD.0 as usize] = 1;
        let p = run(cost(0, &[(WOOD, 1), (CLAY, 1)]), &own, &l, &r, &prices, 10);
        // Use the choice for clay and buy wood left (1), or for wood and buy clay right (2).
        assert_eq!(p, vec![pay(0, 1, 0), pay(0, 0, 2)]);
    }

    #[test]
    fn non_tradable_production_is_not_for_sale() {
        // The seller's yellow-card choice is in its own production but not in
        // what it sells: the market is given the tradable part only.
        let mut seller_own = prod(&[], &[]);
        seller_own.add(set(&[WOOD, STONE, CLAY, ORE]), 1);
        let seller_sells = Production::default();
        let none = Production::default();
        let p = run(
            cost(0, &[(ORE, 1)]),
            &none,
            &seller_sells,
            &none,
            &flat_prices(2),
            10,
        );
        assert!(p.is_empty());
        // Its owner may use it.
        let p = run(
            cost(0, &[(ORE, 1)]),
            &seller_own,
            &none,
            &none,
            &flat_prices(2),
            0,
        );
        assert_eq!(p, vec![Payment::FREE]);
    }

    #[test]
    fn every_split_between_neighbours_is_found() {
        let none = Production::default();
        let l = prod(&[(ORE, 2)], &[]);
        let r = prod(&[(ORE, 2)], &[]);
        let mut prices = flat_prices(2);
        prices[1][ORE.0 as usize] = 1;
        let p = run(cost(0, &[(ORE, 2)]), &none, &l, &r, &prices, 10);
        assert_eq!(p, vec![pay(0, 0, 2), pay(0, 2, 1), pay(0, 4, 0)]);
    }

    #[test]
    fn mixed_cost_with_bank_coins() {
        let own = prod(&[(WOOD, 1)], &[]);
        let l = prod(&[(WOOD, 1)], &[&[STONE, ORE]]);
        let none = Production::default();
        let p = run(
            cost(1, &[(WOOD, 2), (ORE, 1)]),
            &own,
            &l,
            &none,
            &flat_prices(2),
            5,
        );
        assert_eq!(p, vec![pay(1, 4, 0)]);
        assert!(
            run(
                cost(1, &[(WOOD, 2), (ORE, 1)]),
                &own,
                &l,
                &none,
                &flat_prices(2),
                4
            )
            .is_empty()
        );
    }

    #[test]
    fn buffers_are_reused() {
        let none = Production::default();
        let l = prod(&[(STONE, 3)], &[]);
        let mut s = PaymentSearch::new();
        let prices = flat_prices(2);
        let m = Market {
            own: &none,
            left: &l,
            right: &none,
            prices: &prices,
            bank: &[],
        };
        let c = cost(0, &[(STONE, 2)]);
        assert_eq!(s.search(&c, &m, 9), &[pay(0, 4, 0)]);
        assert_eq!(s.search(&c, &m, 3), &[] as &[Payment]);
        assert_eq!(s.cheapest(&c, &m, 4), Some(pay(0, 4, 0)));
    }

    fn run_ext(
        c: Cost,
        own: &Production,
        l: &Production,
        bank: &[(ResSet, u8)],
        discount: u8,
        budget: u32,
    ) -> Vec<Payment> {
        let none = Production::default();
        let prices = flat_prices(2);
        let m = Market {
            own,
            left: l,
            right: &none,
            prices: &prices,
            bank,
        };
        PaymentSearch::new()
            .search_ext(c.coins, c.resources, &m, budget, discount)
            .to_vec()
    }

    #[test]
    fn a_discount_leaves_out_the_units_the_buyer_chooses() {
        // "Paga 1 recurso menos, a tu elección": the one it would buy.
        let own = prod(&[(WOOD, 1)], &[]);
        let l = prod(&[(STONE, 2)], &[]);
        assert_eq!(
            run_ext(cost(0, &[(WOOD, 1), (STONE, 2)]), &own, &l, &[], 1, 10),
            vec![pay(0, 2, 0)]
        );
        // Two off: free, whatever the neighbours sell.
        assert_eq!(
            run_ext(cost(0, &[(WOOD, 1), (STONE, 2)]), &own, &l, &[], 2, 0),
            vec![Payment::FREE]
        );
        // A discount larger than the need is just free.
        assert_eq!(
            run_ext(cost(0, &[(STONE, 1)]), &own, &l, &[], 3, 0),
            vec![Payment::FREE]
        );
        // Not buyable anywhere, but the discount covers it.
        let none = Production::default();
        assert_eq!(
            run_ext(cost(0, &[(GLASS, 1)]), &none, &none, &[], 1, 0),
            vec![Payment::FREE]
        );
    }

    #[test]
    fn one_unit_a_turn_from_the_bank() {
        let none = Production::default();
        let any = set(&[WOOD, STONE, CLAY, ORE, GLASS]);
        // Glass nobody sells: 1 coin to the bank.
        assert_eq!(
            run_ext(cost(0, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 5),
            vec![pay(1, 0, 0)]
        );
        // Only one unit: the second glass is not to be had.
        assert!(run_ext(cost(0, &[(GLASS, 2)]), &none, &none, &[(any, 1)], 0, 5).is_empty());
        // The bank or the left neighbour: both are offered.
        let l = prod(&[(STONE, 1)], &[]);
        assert_eq!(
            run_ext(cost(0, &[(STONE, 1)]), &none, &l, &[(any, 1)], 0, 5),
            vec![pay(1, 0, 0), pay(0, 2, 0)]
        );
        // With the card's coin cost, within the budget.
        assert_eq!(
            run_ext(cost(2, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 3),
            vec![pay(3, 0, 0)]
        );
        assert!(run_ext(cost(2, &[(GLASS, 1)]), &none, &none, &[(any, 1)], 0, 2).is_empty());
        // A resource the ability does not name is not sold.
        assert!(
            run_ext(
                cost(0, &[(GLASS, 1)]),
                &none,
                &none,
                &[(set(&[WOOD]), 1)],
                0,
                5
            )
            .is_empty()
        );
    }

    #[test]
    fn can_supply_matches_choices() {
        let p = prod(&[(WOOD, 1)], &[&[STONE, CLAY], &[CLAY, ORE]]);
        assert!(p.can_supply(&[WOOD, STONE, CLAY], &[1, 1, 1]));
        assert!(p.can_supply(&[CLAY], &[2]));
        assert!(!p.can_supply(&[STONE, CLAY], &[1, 2]));
        assert!(!p.can_supply(&[WOOD], &[2]));
        assert_eq!(p.units(), 3);
        assert_eq!(p.max_of(CLAY), 2);
    }

    /// Over many random markets, costs, budgets and discounts: the quote
    /// says what the whole search finds (nothing, one way without trade,
    /// or ways with trade), and the cheapest is the search's first.
    #[test]
    fn quote_and_cheapest_agree_with_the_search() {
        let mut rng = crate::engine::rng::Rng::new(11);
        let res = [WOOD, STONE, CLAY, ORE, GLASS];
        let random_prod = |rng: &mut crate::engine::rng::Rng| {
            let mut p = Production::default();
            for _ in 0..rng.below(5) {
                let a = res[rng.below(5)];
                let b = res[rng.below(5)];
                p.add(set(&[a, b]), 1 + rng.below(2) as u8);
            }
            p
        };
        let (mut traded, mut only, mut none) = (0, 0, 0);
        let mut search = PaymentSearch::new();
        for _ in 0..20_000 {
            let (own, left, right) = (
                random_prod(&mut rng),
                random_prod(&mut rng),
                random_prod(&mut rng),
            );
            let mut prices = flat_prices(2);
            prices[rng.below(2)][rng.below(5)] = 1;
            let bank = [(set(&[GLASS, ORE]), 1u8)];
            let market = Market {
                own: &own,
                left: &left,
                right: &right,
                prices: &prices,
                bank: if rng.below(4) == 0 { &bank } else { &[] },
            };
            let want: Vec<(Res, u8)> = (0..1 + rng.below(3))
                .map(|k| (res[k], 1 + rng.below(3) as u8))
                .collect();
            let coins = rng.below(3) as u16;
            let budget = rng.below(12) as u32;
            let discount = u8::from(rng.below(5) == 0);
            let all = search
                .search_ext(coins, &want, &market, budget, discount)
                .to_vec();
            let mut in_market = search.in_market(market);
            let quote = in_market.quote(coins, &want, budget, discount);
            let cheapest = in_market.cheapest(coins, &want, budget, discount);
            assert_eq!(
                cheapest,
                all.first().copied(),
                "{want:?} in {own:?} {left:?} {right:?}"
            );
            match quote {
                Quote::Unpayable => {
                    assert!(all.is_empty());
                    none += 1;
                }
                Quote::Only(p) => {
                    assert_eq!(all, vec![p]);
                    only += 1;
                }
                Quote::Trade => {
                    assert!(!all.is_empty());
                    assert!(all.iter().all(|p| p.trade() > 0 || p.bank > coins));
                    traded += 1;
                }
            }
        }
        assert!(
            traded > 1000 && only > 1000 && none > 1000,
            "{traded} {only} {none}"
        );
    }
}
