//! The engine's implementations of [`Host`], the primitives generated
//! effects call.
//!
//! [`CityHost`] applies effects to a city while a game is played (or while a
//! city is rebuilt from a sheet). [`ScoreHost`] runs effects at final scoring
//! without changing any city: it collects points, coins and science symbols.
//! Both read the other cities through seat offsets. What a card gives
//! while held, undone when it leaves a city or granted when it joins
//! another, is [`crate::engine::held`]'s.

use sevenw_host::{
    Category, ColourSet, Counted, Decks, Discount, FreeRule, Host, Limit, Pile, ResSet,
    ScienceRule, Seats, Source, SymSet, TokenKind,
};

use crate::engine::city::{
    Abilities, City, HasCity, MAX_CATEGORIES, Pending, SenateAct, ShieldCount, seat_at,
    valid_offset,
};
use crate::engine::production::Matching;
use crate::engine::science::MAX_SYM;
use crate::engine::vocab::Vocab;

/// The cities around the acting one, for counts: the whole table (whose
/// slot of the acting city is not read) or the cities before and after it.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    before: &'a [City],
    after: &'a [City],
    n: usize,
}

impl<'a> Around<'a> {
    /// Every city of the table; the acting city's slot is not read.
    pub fn all(cities: &'a [City]) -> Self {
        Around {
            before: cities,
            after: &[],
            n: cities.len(),
        }
    }

    /// The cities before and after the acting one.
    pub fn split(before: &'a [City], after: &'a [City]) -> Self {
        Around {
            before,
            after,
            n: before.len() + 1 + after.len(),
        }
    }

    /// Cities at the table, the acting one included.
    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The city at seat `s` (not the acting one's).
    pub fn get(&self, s: usize) -> Option<&'a City> {
        if s < self.before.len() {
            self.before.get(s)
        } else {
            self.after.get(s.checked_sub(self.before.len() + 1)?)
        }
    }
}

/// `what` counted over the cities at `seats` from `seat`; the acting city
/// is `me` (its slot in `cities` may be stale while it is being changed).
/// A count of the acting city's own (the colour under one of its stages)
/// is read as its meaning in the other cities first.
pub(crate) fn count_in(
    vocab: &Vocab,
    me: &City,
    cities: Around<'_>,
    seat: usize,
    what: Counted,
    seats: Seats,
) -> u32 {
    let Some(what) = me.as_counted_elsewhere(what) else {
        return 0;
    };
    let n = cities.len().max(1);
    seats
        .0
        .iter()
        .filter(|&&off| valid_offset(off, n))
        .map(|&off| {
            let s = seat_at(seat, off, n);
            if s == seat {
                me.count(vocab, what)
            } else {
                cities.get(s).map_or(0, |c| c.count(vocab, what))
            }
        })
        .sum()
}

/// The most of `what` any one city at `seats` holds.
pub(crate) fn count_most_in(
    vocab: &Vocab,
    me: &City,
    cities: Around<'_>,
    seat: usize,
    what: Counted,
    seats: Seats,
) -> u32 {
    let n = cities.len().max(1);
    seats
        .0
        .iter()
        .filter(|&&off| valid_offset(off, n))
        .map(|off| {
            count_in(
                vocab,
                me,
                cities,
                seat,
                what,
                Seats(core::slice::from_ref(off)),
            )
        })
        .max()
        .unwrap_or(0)
}

pub(crate) fn single(bits: u16) -> Option<usize> {
    (bits.count_ones() == 1).then(|| bits.trailing_zeros() as usize)
}

/// Applies effects to one city while playing.
pub struct CityHost<'a> {
    /// The game's vocabulary, for what counts read from the cards.
    pub vocab: &'a Vocab,
    pub me: &'a mut City,
    /// The other cities, for counts.
    pub cities: Around<'a>,
    pub seat: usize,
    /// Whether coins gained are added: false when a city is rebuilt from a
    /// sheet, whose coins are given as they are now.
    pub coins: bool,
    /// The source whose effects are running, when known.
    pub source: Option<Source>,
}

impl<'a> CityHost<'a> {
    /// A host acting for `me` at `seat` among `cities`.
    pub fn new(
        vocab: &'a Vocab,
        me: &'a mut City,
        cities: &'a [City],
        seat: usize,
        coins: bool,
    ) -> Self {
        CityHost {
            vocab,
            me,
            cities: Around::all(cities),
            seat,
            coins,
            source: None,
        }
    }

    /// A host acting for the city at `seat` of `cities`, in place (no city
    /// is moved); `None` if there is no such seat.
    pub fn at(vocab: &'a Vocab, cities: &'a mut [City], seat: usize, coins: bool) -> Option<Self> {
        let (before, rest) = cities.split_at_mut(seat.min(cities.len()));
        let (me, after) = rest.split_first_mut()?;
        Some(CityHost {
            vocab,
            me,
            cities: Around::split(before, after),
            seat,
            coins,
            source: None,
        })
    }
}

impl HasCity for CityHost<'_> {
    fn city(&self) -> &City {
        self.me
    }
    fn acting_for(&mut self, source: Source) {
        self.source = Some(source);
    }
}

impl Host for CityHost<'_> {
    fn count(&self, what: Counted, seats: Seats) -> u32 {
        count_in(self.vocab, self.me, self.cities, self.seat, what, seats)
    }

    fn count_most(&self, what: Counted, seats: Seats) -> u32 {
        count_most_in(self.vocab, self.me, self.cities, self.seat, what, seats)
    }

    fn age(&self) -> u8 {
        self.me.age
    }

    fn gain_coins(&mut self, n: i32) {
        if self.coins {
            // The bank never lends: a loss takes at most what the city has.
            self.me.coins = self.me.coins.saturating_add(n).max(0);
            if n > 0 {
                self.me.bank_coins = true;
            }
        }
    }

    fn gain_vp(&mut self, category: Category, n: i32) {
        let c = usize::from(category.0) % MAX_CATEGORIES;
        self.me.vp[c] = self.me.vp[c].saturating_add(n);
    }

    fn gain_shields(&mut self, n: u32) {
        self.me.shields = self.me.shields.saturating_add(n);
    }

    fn shields_per(&mut self, n: u32, what: Counted, seats: Seats, divisor: u32, most: bool) {
        let count = ShieldCount {
            n,
            what,
            seats,
            divisor: divisor.max(1),
            most,
        };
        self.me.abilities.shield_counts.push(count);
    }

    fn produce(&mut self, options: ResSet, amount: u8, tradable: bool) {
        self.me.own.add(options, amount);
        if tradable {
            self.me.sold.add(options, amount);
        }
    }

    /// Its options are set by the turn structure once the source's effects
    /// have run ([`City::refresh_matching`]), from the cards then held.
    fn produce_matching(&mut self, colours: ColourSet, board: bool, lacking: bool, tradable: bool) {
        self.me.abilities.matching.push(Matching {
            colours,
            board,
            lacking,
            tradable,
            given: ResSet(0),
        });
    }

    fn science(&mut self, options: SymSet) {
        match single(options.0) {
            Some(s) if s < MAX_SYM => self.me.science[s] = self.me.science[s].saturating_add(1),
            _ if options.0 != 0 => self.me.wild.push(options),
            _ => {}
        }
    }

    fn trade_price(&mut self, resources: ResSet, price: u8, seats: Seats) {
        self.me.set_price(resources, price, seats);
    }

    fn trade_rebate(&mut self, n: u8, first: bool, seats: Seats) {
        rebate(&mut self.me.abilities, n, first, seats, u8::saturating_add);
    }

    fn chain_from(&mut self, _seats: Seats) {
        let a = &mut self.me.abilities;
        a.chain_from = a.chain_from.saturating_add(1);
    }

    fn held_shields(&mut self, n: u8) {
        self.me.shields = self.me.shields.saturating_add(n.into());
    }

    fn waive_symbol(&mut self, colours: ColourSet) {
        let a = &mut self.me.abilities;
        a.waives.push(colours);
        a.waived = ColourSet(a.waived.0 | colours.0);
    }

    fn bank_rebate(&mut self, resources: ResSet, n: u8) {
        for (r, off) in self.me.bank_rebates.iter_mut().enumerate() {
            if resources.0 >> r & 1 != 0 {
                *off = off.saturating_add(n);
            }
        }
    }

    fn build_free(&mut self, from: Pile, limit: Limit, colours: ColourSet) {
        let a = &mut self.me.abilities;
        // "Halicarnassus, then Solomon": a wonder's free builds come before
        // a card's when both fall due at the end of the same turn.
        let by_card = matches!(self.source, Some(Source::Card(_)));
        match (from, limit) {
            (Pile::Discard, Limit::Now) if by_card => a.discard_builds_late.push(colours),
            (Pile::Discard, Limit::Now) => a.discard_builds.push(colours),
            (Pile::Hand, Limit::OncePerAge) => a.hand_builds.push((colours, false)),
            // No game of the library grants these yet; a turn structure
            // that needs them adds a field here.
            (Pile::Hand, Limit::Now) | (Pile::Discard, Limit::OncePerAge) => {}
        }
    }

    fn play_last_card(&mut self) {
        self.me.abilities.play_last_card = true;
    }

    fn copy_card(&mut self, colours: ColourSet, seats: Seats) {
        self.me.abilities.copies.push((colours, seats));
    }

    /// The stage of the board side the city at `seat` plays, copied once
    /// the effects running now have run ([`crate::engine::city::run_copies`]).
    fn copy_stage(&mut self, stage: u8, seat: i8) {
        let n = self.cities.len();
        if stage == 0 || seat == 0 || !valid_offset(seat, n) {
            return;
        }
        let at = seat_at(self.seat, seat, n);
        if at == self.seat {
            return;
        }
        if let Some(c) = self.cities.get(at) {
            self.me.abilities.copying.push(Source::Stage {
                wonder: c.wonder,
                side: c.side,
                stage: stage - 1,
            });
        }
    }

    fn play_again(&mut self) {
        self.me.abilities.pending.push(Pending::PlayAgain);
    }

    // Effects on other cities or needing a choice: the turn structure carries
    // them out. (No base-game card has them; its vocabulary forbids them.)
    fn lose_coins(&mut self, n: u32, seats: Seats) {
        self.me.abilities.pending.push(Pending::LoseCoins(n, seats));
    }

    fn take_tokens(&mut self, kind: u32, n: u32, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeTokens(kind, n, seats));
    }

    fn give_coins(&mut self, n: u32, seats: Seats) {
        self.me.abilities.pending.push(Pending::GiveCoins(n, seats));
    }

    fn lose_coins_per(&mut self, n: u32, what: Counted, seats: Seats) {
        // Counted in the other cities by what it means there.
        let Some(what) = self.me.as_counted_elsewhere(what) else {
            return;
        };
        self.me
            .abilities
            .pending
            .push(Pending::LoseCoinsPer(n, what, seats));
    }

    fn discard_card(&mut self, colours: ColourSet, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::Discard(colours, seats));
    }

    fn take_built(&mut self, colours: ColourSet, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeBuilt(colours, seats));
    }

    fn take_progress(&mut self, set_aside: u8) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeProgress(set_aside));
    }

    fn discount(&mut self, n: u8, target: Discount) {
        self.me.abilities.discounts.push((n, target));
    }

    fn receive_trade_coins(&mut self, seats: Seats) {
        self.me.abilities.trade_receivers.push(seats);
    }

    fn coin_discount(&mut self, n: u8, colours: ColourSet, seats: Seats) {
        self.me.abilities.coin_discounts.push((n, colours, seats));
    }

    fn free_builds(&mut self, rule: FreeRule) {
        self.me.abilities.free_rules.push(rule);
    }

    fn bank_trade(&mut self, resources: ResSet, price: u8) {
        self.me.abilities.bank_trades.push((resources, price));
    }

    fn take_victory_token(&mut self, age: u8) {
        self.me.abilities.pending.push(Pending::TakeVictory(age));
    }

    fn lose_tokens(&mut self, kind: TokenKind, n: u8, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::LoseTokens(kind, n, seats));
    }

    fn give_defeats(&mut self) {
        self.me.abilities.give_defeats = self.me.abilities.give_defeats.saturating_add(1);
    }

    fn science_rule(&mut self, rule: ScienceRule) {
        self.me.abilities.science_rules.push(rule);
    }

    fn entomb(&mut self, colours: ColourSet) {
        self.me.abilities.pending.push(Pending::Entomb(colours));
    }

    fn draw_cards(&mut self, colours: ColourSet, n: u8) {
        self.me.abilities.pending.push(Pending::Draw(colours, n));
    }

    fn build_from_hand(&mut self, colours: ColourSet) {
        self.me
            .abilities
            .pending
            .push(Pending::BuildFromHand(colours));
    }

    fn take_pawn(&mut self, age: u8) {
        self.me.abilities.pending.push(Pending::TakePawn(age));
    }

    fn chosen(&self) -> u8 {
        self.source.map_or(0, |s| self.me.chosen_for(s))
    }

    fn keep_hand(&mut self, colours: ColourSet) {
        self.me.abilities.keep.0 |= colours.0;
    }

    // Taking cards and the cat, and flipping conflict tokens, change the
    // table; the turn structure carries them out (the cat icon is counted
    // at once, for `Counted::Cats`).
    fn take_card(&mut self, decks: Decks, top: u8) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeCard(decks, top));
    }

    fn take_cat(&mut self) {
        self.me.cats = self.me.cats.saturating_add(1);
        self.me.abilities.pending.push(Pending::TakeCat);
    }

    fn flip_conflict(&mut self, n: u8) {
        self.me.abilities.pending.push(Pending::Flip(n));
    }

    fn any_resources(&mut self) {
        let a = &mut self.me.abilities;
        a.any_resources = a.any_resources.saturating_add(1);
    }

    fn coin_value(&mut self, n: u8) {
        let a = &mut self.me.abilities;
        a.coin_value = a.coin_value.max(n);
    }

    fn board_discount(&mut self, n: u8) {
        let a = &mut self.me.abilities;
        a.board_discount = a.board_discount.saturating_add(n);
    }

    fn unbuild_wonder(&mut self, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::UnbuildWonder(seats, false));
    }

    fn build_from_row(&mut self, colours: ColourSet) {
        self.me
            .abilities
            .pending
            .push(Pending::BuildFromRow(colours));
    }

    fn move_decree(&mut self) {
        self.me.abilities.pending.push(Pending::MoveDecree);
    }

    fn build_from_row_but(&mut self, colours: ColourSet) {
        let others = ColourSet(!colours.0);
        self.me
            .abilities
            .pending
            .push(Pending::BuildFromRow(others));
    }

    fn build_set_aside(&mut self) {
        self.me.abilities.pending.push(Pending::BuildSetAside);
    }

    fn box_wonder(&mut self, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::UnbuildWonder(seats, true));
    }

    fn copy_science(&mut self, colours: ColourSet, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::CopyScience(colours, seats));
    }

    fn take_supply(&mut self, colours: ColourSet) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeSupply(colours, 0));
    }

    fn take_drawn(&mut self, n: u8, colours: ColourSet) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeSupply(colours, n));
    }

    fn block_track(&mut self) {
        self.me.abilities.pending.push(Pending::BlockTrack);
    }

    fn place_influence(&mut self, n: u8, from: u8, to: u8) {
        let (from, to) = (from.saturating_sub(1), to.saturating_sub(1));
        let act = SenateAct::Place { n, from, to };
        self.me.abilities.pending.push(Pending::Senate(act));
    }

    fn remove_influence(&mut self, n: u8, seats: Seats) {
        let act = SenateAct::Remove { n, seats };
        self.me.abilities.pending.push(Pending::Senate(act));
    }

    fn move_influence(&mut self, n: u8) {
        let act = SenateAct::Shift { n };
        self.me.abilities.pending.push(Pending::Senate(act));
    }

    fn senate_actions(&mut self, n: u8, from: u8, to: u8, per: u8, colours: ColourSet, most: u8) {
        let more: u32 = (self.me.abilities.senate_counts.iter())
            .filter(|(_, c)| c.0 & colours.0 != 0)
            .map(|&(n, _)| u32::from(n))
            .sum();
        let held = self.me.count(self.vocab, Counted::Cards(colours)) + more;
        let more = held / u32::from(per.max(1));
        let n = (u32::from(n) + more).min(u32::from(most)) as u8;
        let (from, to) = (from.saturating_sub(1), to.saturating_sub(1));
        let act = SenateAct::Actions { n, from, to };
        self.me.abilities.pending.push(Pending::Senate(act));
    }

    fn draw_schemes(&mut self, n: u8, keep: u8) {
        self.me
            .abilities
            .pending
            .push(Pending::DrawSchemes { n, keep });
    }

    fn keep_schemes(&mut self) {
        let a = &mut self.me.abilities;
        a.keep_schemes = a.keep_schemes.saturating_add(1);
    }

    fn trigger_scheme(&mut self) {
        self.me.abilities.pending.push(Pending::TriggerScheme);
    }

    fn senate_count(&mut self, n: u8, colours: ColourSet) {
        self.me.abilities.senate_counts.push((n, colours));
    }

    fn remove_progress(&mut self) {
        self.me.abilities.pending.push(Pending::RemoveProgress);
    }

    fn swap_built(&mut self, colours: ColourSet, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::SwapBuilt(colours, seats));
    }

    fn take_half_coins(&mut self, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::TakeHalfCoins(seats));
    }

    fn coins_per_cube(&mut self, n: u8) {
        let seats = Seats(&[0]);
        let gain = true;
        self.me
            .abilities
            .pending
            .push(Pending::CoinsPerCube { n, seats, gain });
    }

    fn lose_per_cube(&mut self, n: u8, seats: Seats) {
        let gain = false;
        self.me
            .abilities
            .pending
            .push(Pending::CoinsPerCube { n, seats, gain });
    }

    fn discard_military(&mut self) {
        self.me.abilities.pending.push(Pending::DiscardMilitary);
    }

    fn apply_military(&mut self, seats: Seats) {
        self.me
            .abilities
            .pending
            .push(Pending::ApplyMilitary(seats));
    }

    fn discard_figure(&mut self) {
        let (accessible, may) = (false, false);
        let p = Pending::DiscardFigure { accessible, may };
        self.me.abilities.pending.push(p);
    }

    fn discard_accessible(&mut self) {
        let (accessible, may) = (true, false);
        let p = Pending::DiscardFigure { accessible, may };
        self.me.abilities.pending.push(p);
    }

    fn may_discard_accessible(&mut self) {
        let (accessible, may) = (true, true);
        let p = Pending::DiscardFigure { accessible, may };
        self.me.abilities.pending.push(p);
    }

    fn take_wonder(&mut self, seats: Seats) {
        self.me.abilities.pending.push(Pending::TakeWonder(seats));
    }

    fn wonder_from_discard(&mut self) {
        self.me.abilities.pending.push(Pending::WonderFromDiscard);
    }

    fn pawn_toll(&mut self, n: u8, _seats: Seats) {
        let a = &mut self.me.abilities;
        a.pawn_toll = a.pawn_toll.saturating_add(n);
    }

    fn chain_price(&mut self, n: u8) {
        self.me.abilities.chain_prices.push(n);
    }
}

mod scoring;
pub use scoring::ScoreHost;

/// Changes by `n` (`change`: added or taken back) the rebates of `a` a
/// `trade_rebate` call names, on the first unit or on board resources.
pub(crate) fn rebate(
    a: &mut Abilities,
    n: u8,
    first: bool,
    seats: Seats,
    change: fn(u8, u8) -> u8,
) {
    let to = if first {
        &mut a.first_rebate
    } else {
        &mut a.board_rebate
    };
    for side in seats.0.iter().filter_map(|&o| seller_side(o)) {
        to[side] = change(to[side], n);
    }
}

/// Which seller a seat offset is to a buyer: 0 the city at +1, 1 at −1
/// (the order of [`crate::engine::production::Prices`]).
fn seller_side(offset: i8) -> Option<usize> {
    match offset {
        1 => Some(0),
        -1 => Some(1),
        _ => None,
    }
}

/// Removes one entry equal to `x`, if any.
pub(crate) fn remove_one<T: PartialEq>(v: &mut Vec<T>, x: &T) {
    if let Some(i) = v.iter().position(|y| y == x) {
        v.remove(i);
    }
}

/// What a source does when built, recorded without a city (what a kind of
/// card gives while held, found once when a game's rules are bound).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Probe {
    /// Production: (options, amount).
    pub produce: Vec<(ResSet, u8)>,
    pub coins: i32,
    pub shields: u32,
    pub science: Vec<SymSet>,
    /// Conflict tokens it turns to war.
    pub flips: u32,
    /// It takes the cat.
    pub cat: bool,
    /// Cards it takes.
    pub takes: u32,
}

impl sevenw_host::PartialHost for Probe {
    fn gain_coins(&mut self, n: i32) {
        self.coins = self.coins.saturating_add(n);
    }
    fn gain_shields(&mut self, n: u32) {
        self.shields = self.shields.saturating_add(n);
    }
    fn held_shields(&mut self, n: u8) {
        self.shields = self.shields.saturating_add(n.into());
    }
    fn produce(&mut self, options: ResSet, amount: u8, _tradable: bool) {
        self.produce.push((options, amount));
    }
    fn science(&mut self, options: SymSet) {
        self.science.push(options);
    }
    fn take_card(&mut self, _d: Decks, _t: u8) {
        self.takes = self.takes.saturating_add(1);
    }
    fn take_cat(&mut self) {
        self.cat = true;
    }
    fn flip_conflict(&mut self, n: u8) {
        self.flips = self.flips.saturating_add(u32::from(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::held::Unbuild;

    /// The shipped base game's vocabulary.
    fn vocab() -> Vocab {
        let info = crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
        Vocab::new(info).unwrap()
    }

    #[test]
    fn architects_primitives_and_spending_a_card() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default()];
        let mut me = City::new(0, 0, 0, 2);
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.take_card(Decks(Decks::LEFT | Decks::CENTRAL), 5);
        h.take_cat();
        h.flip_conflict(2);
        h.any_resources();
        h.coin_value(2);
        h.coin_value(1);
        assert_eq!(
            me.abilities.pending,
            [
                Pending::TakeCard(Decks(5), 5),
                Pending::TakeCat,
                Pending::Flip(2)
            ]
        );
        assert_eq!(me.cats, 1);
        assert_eq!(me.abilities.any_resources, 1);
        assert_eq!(me.abilities.coin_value, 2, "the best value stays");
        // Spending undoes what a held card gave.
        me.coins = 3;
        me.shields = 2;
        me.science[1] = 2;
        me.own.fixed[0] = 1;
        let mut s = Unbuild::spent(&mut me);
        s.gain_coins(1);
        s.gain_shields(1);
        s.science(SymSet(0b10));
        s.produce(ResSet(0b1), 1, false);
        s.take_cat();
        s.any_resources();
        s.flip_conflict(2);
        assert_eq!(
            (
                me.coins,
                me.shields,
                me.science[1],
                me.own.fixed[0],
                me.cats
            ),
            (2, 1, 1, 0, 0)
        );
        assert_eq!(me.abilities.any_resources, 0);
        // A probe records what a source does, with no city.
        let mut p = Probe::default();
        p.produce(ResSet(0b100), 1, false);
        p.gain_coins(1);
        p.flip_conflict(2);
        p.take_cat();
        p.science(SymSet(1));
        p.take_card(Decks(1), 1);
        assert_eq!(p.produce, [(ResSet(0b100), 1)]);
        assert_eq!((p.coins, p.flips, p.cat, p.takes), (1, 2, true, 1));
        // Scoring moves nothing.
        let city = City::default();
        let mut sh = ScoreHost::new(&vocab, &city, &cities, 0);
        sh.take_card(Decks(1), 1);
        sh.take_cat();
        sh.flip_conflict(1);
        assert_eq!(sh.vp, city.vp);
    }

    #[test]
    fn city_host_applies_primitives() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default(), City::default()];
        let mut me = City::new(0, 0, 3, 2);
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.gain_coins(5);
        h.gain_coins(-20);
        h.gain_vp(Category(2), 3);
        h.gain_shields(2);
        h.produce(ResSet(0b1), 2, true);
        h.produce(ResSet(0b110), 1, false);
        h.science(SymSet(0b10));
        h.science(SymSet(0b111));
        h.build_free(Pile::Discard, Limit::Now, ColourSet(1 << 4));
        h.build_free(Pile::Hand, Limit::OncePerAge, ColourSet::ALL);
        h.build_free(Pile::Hand, Limit::OncePerAge, ColourSet(1 << 7));
        h.play_last_card();
        h.copy_card(ColourSet(1 << 6), Seats(&[1, -1]));
        assert_eq!(me.coins, 0);
        assert_eq!(me.vp[2], 3);
        assert_eq!(me.shields, 2);
        assert_eq!(me.own.fixed[0], 2);
        assert_eq!(me.sold.fixed[0], 2);
        assert_eq!(me.own.choices.len(), 1);
        assert!(me.sold.choices.is_empty());
        assert_eq!(me.science[1], 1);
        assert_eq!(me.wild, vec![SymSet(0b111)]);
        assert_eq!(me.abilities.discard_builds, [ColourSet(1 << 4)]);
        assert_eq!(me.abilities.hand_builds_left(), 2);
        assert!(me.abilities.play_last_card);
        assert_eq!(me.abilities.copies.len(), 1);
        // A black card (colour 7) takes the black-only build, leaving the
        // one of any colour; a blue card (2) then takes that one.
        let a = &mut me.abilities;
        assert!(a.use_hand_build(sevenw_host::Colour(7)));
        assert_eq!(a.hand_colours(), ColourSet::ALL);
        assert!(a.use_hand_build(sevenw_host::Colour(2)));
        assert!(
            !a.use_hand_build(sevenw_host::Colour(7)),
            "both used in this Age"
        );
        assert_eq!(a.hand_colours(), ColourSet(0));
        a.renew_hand_builds();
        assert_eq!(a.hand_builds_left(), 2);
        // Leaving, the black-only build goes with its source.
        Unbuild::new(&mut me, 0).build_free(Pile::Hand, Limit::OncePerAge, ColourSet(1 << 7));
        assert_eq!(me.abilities.hand_builds, [(ColourSet::ALL, false)]);
    }

    /// `copy_stage` asks for the stage of the side the city at the seat
    /// plays (from 1 as written, from 0 as a source), copied once the
    /// running effects have run; no other city, no stage 0: nothing.
    #[test]
    fn a_stage_copied_is_asked_of_the_board_at_the_seat() {
        let vocab = vocab();
        let cities = vec![
            City::new(4, 0, 0, 2),
            City::new(5, 1, 0, 2),
            City::new(6, 0, 0, 2),
        ];
        let mut me = City::new(4, 0, 0, 2);
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        h.copy_stage(1, 1);
        h.copy_stage(3, -1);
        for (stage, seat) in [(0, 1), (1, 0), (1, 3), (1, -3)] {
            h.copy_stage(stage, seat);
        }
        let stage = |wonder, side, stage| Source::Stage {
            wonder,
            side,
            stage,
        };
        assert_eq!(me.abilities.copying, [stage(5, 1, 0), stage(6, 0, 2)]);
        assert!(me.abilities.copied.is_empty(), "copied once they run");
        assert_eq!(me.stages, 0);
    }

    #[test]
    fn age_and_victory_tokens_of_an_age() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default(), City::default()];
        let mut me = City::new(0, 0, 3, 2);
        me.age = 2;
        // Tokens of Ages I and III (1 and 5 VP), and two of Age II (3 VP).
        for vp in [1, 3, 3, 5] {
            me.win(vp);
        }
        let h = CityHost::new(&vocab, &mut me, &cities, 0, true);
        assert_eq!(h.age(), 2);
        let of = |age| h.count(Counted::VictoryTokensOfAge(age), Seats(&[0]));
        assert_eq!((of(1), of(2), of(3), of(4)), (1, 2, 1, 0));
        assert_eq!(h.count(Counted::VictoryTokens, Seats(&[0])), 4);
        assert_eq!(ScoreHost::new(&vocab, &me, &cities, 0).age(), 2);
    }

    #[test]
    fn sheet_mode_ignores_coins_and_counts_read_neighbours() {
        let vocab = vocab();
        let mut cities = vec![City::default(), City::default(), City::default()];
        cities[1].colour_count[0] = 2;
        cities[2].colour_count[0] = 1;
        let mut me = City::new(0, 0, 7, 2);
        me.colour_count[0] = 4;
        let mut h = CityHost::new(&vocab, &mut me, &cities, 0, false);
        let brown = Counted::Cards(ColourSet(1));
        assert_eq!(h.count(brown, Seats(&[1])), 2);
        assert_eq!(h.count(brown, Seats(&[-1])), 1);
        assert_eq!(h.count(brown, Seats(&[1, 0, -1])), 7);
        assert_eq!(h.count_most(brown, Seats(&[1, 0, -1])), 4);
        assert_eq!(h.count_most(brown, Seats(&[1, -1])), 2);
        h.gain_coins(4);
        assert_eq!(me.coins, 7);
    }

    #[test]
    fn score_host_leaves_the_city_alone() {
        let vocab = vocab();
        let cities = vec![City::default(), City::default(), City::default()];
        let me = City::new(0, 0, 7, 2);
        let mut h = ScoreHost::new(&vocab, &me, &cities, 0);
        h.gain_vp(Category(1), 4);
        h.gain_coins(2);
        h.science(SymSet(0b1));
        assert_eq!(h.vp[1], 4);
        assert_eq!(h.coins, 9);
        assert_eq!(h.science[0], 1);
        assert_eq!(me.vp[1], 0);
        assert_eq!(me.coins, 7);
    }
}
