//! What a card gives while it is held, taken back when it leaves a city
//! ([`Unbuild`]) and granted when it joins another ([`Join`]).
//!
//! A card held gives production, shields, science symbols, trading
//! prices and abilities for as long as it is held; what it did once when
//! built (coins, tokens, effects on other cities, another turn) stays
//! done whoever holds it later. The two hosts are each other's inverse on
//! every card of every shipped game: the tests below check it.

use sevenw_host::{
    ColourSet, Counted, Discount, FreeRule, Host, Limit, Pile, ResSet, ScienceRule, Seats, SymSet,
};

use crate::engine::city::{City, ShieldCount};
use crate::engine::host::{CityHost, rebate, remove_one, single};
use crate::engine::production::Matching;
use crate::engine::science::MAX_SYM;

/// Undoes what a card granted for as long as it is held, when it leaves a
/// city (a brown or grey card discarded by an opponent's wonder, a leader
/// entombed, a card taken by the opponent): its production, shields, science
/// symbols, trading prices and abilities. What
/// it did once is left alone (its coins were spent, its points are scored
/// only while the card is held, a token taken stays taken, a pawn too; a
/// coin value granted stays, as no card set spends a source of it).
///
/// In a game where held cards are spent (Architects: resources and coins
/// paid for a stage, green cards traded for a progress token, horned red
/// cards after a battle), a card spent is undone the same way and its
/// coins go too, since a coin card is its coin: [`Unbuild::spent`].
pub struct Unbuild<'a> {
    pub me: &'a mut City,
    /// The option chosen when the card was built.
    pub option: u8,
    /// Whether the coins it gave go with it.
    pub coins: bool,
}

impl<'a> Unbuild<'a> {
    /// A card leaving `me`, built with `option`.
    pub fn new(me: &'a mut City, option: u8) -> Self {
        Unbuild {
            me,
            option,
            coins: false,
        }
    }

    /// A held card spent from `me` (games of decks offer no `one of`
    /// choices, so its option is the first).
    pub fn spent(me: &'a mut City) -> Self {
        Unbuild {
            me,
            option: 0,
            coins: true,
        }
    }
}

impl sevenw_host::PartialHost for Unbuild<'_> {
    fn gain_coins(&mut self, n: i32) {
        if self.coins {
            self.me.coins = self.me.coins.saturating_sub(n).max(0);
        }
    }
    fn gain_shields(&mut self, n: u32) {
        self.me.shields = self.me.shields.saturating_sub(n);
    }
    fn shields_per(&mut self, n: u32, what: Counted, seats: Seats, divisor: u32, most: bool) {
        let count = ShieldCount {
            n,
            what,
            seats,
            divisor: divisor.max(1),
            most,
        };
        remove_one(&mut self.me.abilities.shield_counts, &count);
    }
    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        self.me.own.take_back(options, amount);
        if tradable {
            self.me.sold.take_back(options, amount);
        }
    }
    fn trade_price(&mut self, resources: ResSet, price: u8, seats: Seats) {
        self.me.unset_price(resources, price, seats);
    }
    fn trade_rebate(&mut self, n: u8, first: bool, seats: Seats) {
        rebate(&mut self.me.abilities, n, first, seats, u8::saturating_sub);
    }
    fn bank_rebate(&mut self, resources: ResSet, n: u8) {
        for (r, off) in self.me.bank_rebates.iter_mut().enumerate() {
            if resources.0 >> r & 1 != 0 {
                *off = off.saturating_sub(n);
            }
        }
    }
    fn chain_from(&mut self, _seats: Seats) {
        let a = &mut self.me.abilities;
        a.chain_from = a.chain_from.saturating_sub(1);
    }
    fn waive_symbol(&mut self, colours: ColourSet) {
        let a = &mut self.me.abilities;
        remove_one(&mut a.waives, &colours);
        a.waived = ColourSet(a.waives.iter().fold(0, |all, c| all | c.0));
    }
    fn held_shields(&mut self, n: u8) {
        let n = u32::from(n).min(self.me.shields);
        self.me.shields -= n;
        self.me.recalled = self.me.recalled.saturating_add(n);
    }
    fn board_discount(&mut self, n: u8) {
        let a = &mut self.me.abilities;
        a.board_discount = a.board_discount.saturating_sub(n);
    }
    fn pawn_toll(&mut self, n: u8, _seats: Seats) {
        let a = &mut self.me.abilities;
        a.pawn_toll = a.pawn_toll.saturating_sub(n);
    }
    fn keep_schemes(&mut self) {
        let a = &mut self.me.abilities;
        a.keep_schemes = a.keep_schemes.saturating_sub(1);
    }
    fn senate_count(&mut self, n: u8, colours: ColourSet) {
        remove_one(&mut self.me.abilities.senate_counts, &(n, colours));
    }
    fn chain_price(&mut self, n: u8) {
        let prices = &mut self.me.abilities.chain_prices;
        if let Some(i) = prices.iter().position(|&p| p == n) {
            prices.swap_remove(i);
        }
    }
    fn produce_matching(&mut self, colours: ColourSet, board: bool, lacking: bool, tradable: bool) {
        let m = &mut self.me.abilities.matching;
        let same = |x: &Matching| {
            (x.colours, x.board, x.lacking, x.tradable) == (colours, board, lacking, tradable)
        };
        if let Some(i) = m.iter().position(same) {
            let mut gone = m.remove(i);
            gone.give(ResSet(0), &mut self.me.own, &mut self.me.sold);
        }
    }
    fn science(&mut self, options: SymSet) {
        match single(options.0) {
            Some(s) if s < MAX_SYM => self.me.science[s] = self.me.science[s].saturating_sub(1),
            _ => remove_one(&mut self.me.wild, &options),
        }
    }
    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        remove_one(&mut self.me.abilities.copies, &(colours, seats));
    }
    fn discount(&mut self, n: u8, target: Discount) {
        remove_one(&mut self.me.abilities.discounts, &(n, target));
    }
    fn receive_trade_coins(&mut self, seats: Seats) {
        remove_one(&mut self.me.abilities.trade_receivers, &seats);
    }
    fn coin_discount(&mut self, n: u8, colours: ColourSet, seats: Seats) {
        remove_one(&mut self.me.abilities.coin_discounts, &(n, colours, seats));
    }
    fn free_builds(&mut self, rule: FreeRule) {
        remove_one(&mut self.me.abilities.free_rules, &rule);
    }
    /// A leader's once-per-Age free build leaves with it (Caligula
    /// entombed), an unused one first.
    fn build_free(&mut self, from: Pile, limit: Limit, colours: ColourSet) {
        if (from, limit) == (Pile::Hand, Limit::OncePerAge) {
            let builds = &mut self.me.abilities.hand_builds;
            let unused = builds.iter().position(|&b| b == (colours, false));
            if let Some(i) = unused.or_else(|| builds.iter().position(|&(c, _)| c == colours)) {
                builds.remove(i);
            }
        }
    }
    fn bank_trade(&mut self, resources: ResSet, price: u8) {
        remove_one(&mut self.me.abilities.bank_trades, &(resources, price));
    }
    fn give_defeats(&mut self) {
        self.me.abilities.give_defeats = self.me.abilities.give_defeats.saturating_sub(1);
    }
    fn science_rule(&mut self, rule: ScienceRule) {
        remove_one(&mut self.me.abilities.science_rules, &rule);
    }
    // Colours kept by another source stay kept: no card set grants it twice.
    fn keep_hand(&mut self, colours: ColourSet) {
        self.me.abilities.keep.0 &= !colours.0;
    }
    fn chosen(&self) -> u8 {
        self.option
    }
    // A cat icon is counted while the card is held.
    fn take_cat(&mut self) {
        self.me.cats = self.me.cats.saturating_sub(1);
    }
    fn any_resources(&mut self) {
        let a = &mut self.me.abilities;
        a.any_resources = a.any_resources.saturating_sub(1);
    }
}

/// Grants what a card gives while held as it joins a city from another
/// (`take_built`, Pantheon's Baal, duel-expansions-facts.md §1.6): exactly
/// what [`Unbuild`] takes back, through the city's own host, and nothing
/// the card did once (its coins, tokens, effects on other cities, another
/// turn), which stays done. `option` is the option the card was built
/// with, which it keeps.
pub struct Join<'a> {
    pub host: CityHost<'a>,
    pub option: u8,
}

impl sevenw_host::PartialHost for Join<'_> {
    fn count(&self, what: Counted, seats: Seats) -> u32 {
        self.host.count(what, seats)
    }
    fn count_most(&self, what: Counted, seats: Seats) -> u32 {
        self.host.count_most(what, seats)
    }
    fn chosen(&self) -> u8 {
        self.option
    }
    fn age(&self) -> u8 {
        self.host.age()
    }
    fn gain_shields(&mut self, n: u32) {
        self.host.gain_shields(n);
    }
    fn shields_per(&mut self, n: u32, what: Counted, seats: Seats, divisor: u32, most: bool) {
        self.host.shields_per(n, what, seats, divisor, most);
    }
    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        self.host.produce(options, amount, tradable);
    }
    fn trade_price(&mut self, resources: ResSet, price: u8, seats: Seats) {
        self.host.trade_price(resources, price, seats);
    }
    fn trade_rebate(&mut self, n: u8, first: bool, seats: Seats) {
        self.host.trade_rebate(n, first, seats);
    }
    fn bank_rebate(&mut self, resources: ResSet, n: u8) {
        self.host.bank_rebate(resources, n);
    }
    fn chain_from(&mut self, seats: Seats) {
        self.host.chain_from(seats);
    }
    fn held_shields(&mut self, n: u8) {
        self.host.held_shields(n);
    }
    fn waive_symbol(&mut self, colours: ColourSet) {
        self.host.waive_symbol(colours);
    }
    fn board_discount(&mut self, n: u8) {
        self.host.board_discount(n);
    }
    fn pawn_toll(&mut self, n: u8, seats: Seats) {
        self.host.pawn_toll(n, seats);
    }
    fn keep_schemes(&mut self) {
        self.host.keep_schemes();
    }
    fn senate_count(&mut self, n: u8, colours: ColourSet) {
        self.host.senate_count(n, colours);
    }
    fn chain_price(&mut self, n: u8) {
        self.host.chain_price(n);
    }
    fn produce_matching(&mut self, colours: ColourSet, board: bool, lacking: bool, tradable: bool) {
        self.host
            .produce_matching(colours, board, lacking, tradable);
    }
    fn science(&mut self, options: SymSet) {
        self.host.science(options);
    }
    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        self.host.copy_card(colours, seats);
    }
    fn discount(&mut self, n: u8, target: Discount) {
        self.host.discount(n, target);
    }
    fn receive_trade_coins(&mut self, seats: Seats) {
        self.host.receive_trade_coins(seats);
    }
    fn coin_discount(&mut self, n: u8, colours: ColourSet, seats: Seats) {
        self.host.coin_discount(n, colours, seats);
    }
    fn free_builds(&mut self, rule: FreeRule) {
        self.host.free_builds(rule);
    }
    /// Only the ability a card holds (a free build of the hand once per
    /// Age); a free build now was used when the card was built.
    fn build_free(&mut self, from: Pile, limit: Limit, colours: ColourSet) {
        if (from, limit) == (Pile::Hand, Limit::OncePerAge) {
            self.host.build_free(from, limit, colours);
        }
    }
    fn bank_trade(&mut self, resources: ResSet, price: u8) {
        self.host.bank_trade(resources, price);
    }
    fn give_defeats(&mut self) {
        self.host.give_defeats();
    }
    fn science_rule(&mut self, rule: ScienceRule) {
        self.host.science_rule(rule);
    }
    fn keep_hand(&mut self, colours: ColourSet) {
        self.host.keep_hand(colours);
    }
    /// The cat icon counts while held; the figure moved when the card
    /// was taken.
    fn take_cat(&mut self) {
        let me = &mut self.host.me;
        me.cats = me.cats.saturating_add(1);
    }
    fn any_resources(&mut self) {
        self.host.any_resources();
    }
}

#[cfg(test)]
mod tests {
    use sevenw_host::{CardId, Event, Source};

    use super::*;
    use crate::engine::production::Production;
    use crate::engine::vocab::Vocab;

    /// The shipped base game's vocabulary.
    fn vocab() -> Vocab {
        let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        Vocab::new(info).unwrap()
    }

    #[test]
    fn unbuild_takes_back_production_only() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default()];
        let mut me = City::new(0, 0, 5, 2);
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.produce(ResSet(0b1), 2, true);
        h.produce(ResSet(0b110), 1, true);
        h.gain_coins(3);
        let mut u = Unbuild::new(&mut me, 0);
        u.produce(ResSet(0b1), 2, true);
        u.produce(ResSet(0b110), 1, true);
        u.gain_coins(3);
        assert_eq!(me.own, Production::default());
        assert_eq!(me.sold, Production::default());
        assert_eq!(me.coins, 8, "coins gained stay");
    }

    /// A price a card set leaves with it: the city's prices are its
    /// others' again, not the best it ever had.
    #[test]
    fn unbuild_takes_back_a_trading_price() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default()];
        let mut me = City::new(0, 0, 5, 2);
        let start = me.clone();
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.trade_price(ResSet(0b11), 1, Seats(&[1, -1]));
        h.trade_price(ResSet(0b1), 0, Seats(&[]));
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.trade_price(ResSet(0b1), 1, Seats(&[1]));
        assert_eq!(
            (me.prices[0][0], me.prices[1][1], me.bank_prices[0]),
            (1, 1, 0)
        );
        Unbuild::new(&mut me, 0).trade_price(ResSet(0b11), 1, Seats(&[1, -1]));
        assert_eq!(
            (me.prices[0][0], me.prices[1][1]),
            (1, 2),
            "the other grant stays"
        );
        Unbuild::new(&mut me, 0).trade_price(ResSet(0b1), 1, Seats(&[1]));
        Unbuild::new(&mut me, 0).trade_price(ResSet(0b1), 0, Seats(&[]));
        assert_eq!(me, start);
    }

    /// Every card of every shipped game and expansion: joining a city
    /// gives what the card's effects give it while held (as `CityHost`
    /// does, without coins, points or anything done once), and leaving it
    /// again through [`Unbuild`] leaves the city as it was.
    #[test]
    fn join_and_unbuild_are_each_others_inverse() {
        let sets: [(&str, Option<u8>, &[&str]); 4] = [
            ("base", Some(1), &["leaders", "edifice"]),
            ("base", Some(2), &["leaders", "edifice"]),
            ("duel", None, &[]),
            ("architects", None, &[]),
        ];
        let mut granting = 0;
        for (name, edition, with) in sets {
            let info = crate::select(sevenw_cards::GAMES, name, edition, with).unwrap();
            let vocab = Vocab::new(info).unwrap();
            let others = vec![City::default(), City::default(), City::default()];
            for (c, card) in info.cards.iter().enumerate() {
                let s = Source::Card(CardId(c as u16));
                let mut start = City::new(0, 0, 3, 2);
                start.shields = 1;
                start.own.fixed[0] = 1;
                let mut joined = start.clone();
                let mut j = Join {
                    host: CityHost::new(&vocab, &mut joined, &others, 0, true),
                    option: 0,
                };
                j.host.source = Some(s);
                vocab.effects(s, Event::Built, &mut j);
                let mut built = start.clone();
                let mut h = CityHost::new(&vocab, &mut built, &others, 0, false);
                h.source = Some(s);
                vocab.effects(s, Event::Built, &mut h);
                let lasting = |c: &City| {
                    (
                        c.own.clone(),
                        c.sold.clone(),
                        c.shields,
                        c.science,
                        c.wild.clone(),
                        c.prices,
                        c.bank_prices,
                        c.cats,
                    )
                };
                assert_eq!(lasting(&joined), lasting(&built), "{name}: {}", card.name);
                assert!(joined.abilities.pending.is_empty(), "{name}: {}", card.name);
                assert_eq!((joined.coins, joined.vp), (start.coins, start.vp));
                if joined != start {
                    granting += 1;
                }
                vocab.effects(s, Event::Built, &mut Unbuild::new(&mut joined, 0));
                assert_eq!(joined, start, "{name}: {} joined and left", card.name);
            }
        }
        assert!(
            granting > 100,
            "{granting} cards grant something while held"
        );
    }
}
