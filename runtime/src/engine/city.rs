//! A city: everything a player has built and holds, and what the effects of
//! their cards, wonder and tokens have granted them (production, trade
//! prices, science, abilities). The same type serves every game; a game's
//! turn structure decides what to do with it.
//!
//! Everything in a city is public: what other players may not see (the
//! cards under a wonder's stages, a hand) is kept by the game's own state.
//! (The colour of a card turned face up under a stage whose effects count
//! it is public, and kept here: `city/card_counts.rs`.)
//!
//! The free builds from the hand its abilities hold, each of some colours
//! and used once an Age, are apart in `city/hand_builds.rs`; running a
//! city's sources (built, the events they hear, the stages they copy) in
//! `city/run.rs`; the kinds of token it holds (`tokens:`), in
//! `city/tokens.rs`; what effects leave to the turn structure
//! ([`Pending`]), in `pending.rs`.

use sevenw_host::{
    CardId, Colour, ColourSet, Counted, Discount, Event, FreeRule, GameInfo, Listens, ResSet,
    ScienceRule, Seats, Source, SymSet,
};

use crate::engine::gains::Built;
pub use crate::engine::pending::{Pending, SenateAct};
use crate::engine::production::{MAX_RES, Matching, Prices, Production, flat_prices};
use crate::engine::science::MAX_SYM;
use crate::engine::vocab::{NameSet, Vocab};

/// For the links of the documentation.
#[cfg(doc)]
use sevenw_host::Host;

mod card_counts;
mod hand_builds;
mod prices;
mod run;
mod tokens;

pub use run::{HasCity, MAX_COPIES, run_built, run_copies, run_event};

/// A bank price that is not fixed ([`City::bank_prices`]).
pub const NO_PRICE: u8 = u8::MAX;

/// Most scoring categories a game may declare ([`City::vp`] holds one
/// count each).
pub const MAX_CATEGORIES: usize = 16;
/// Most colours a game may declare ([`City::colour_count`] holds one
/// count each).
pub const MAX_COLOURS: usize = 32;

/// Abilities granted by effects, used by the turn structure.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Abilities {
    /// Free builds from the discard pile due at the end of this turn: the
    /// colours each may take ([`ColourSet::ALL`]: any card).
    pub discard_builds: Vec<ColourSet>,
    /// Those granted by a card (built after a wonder's of the same turn).
    pub discard_builds_late: Vec<ColourSet>,
    /// The colours the free build from the discard pile under way may take.
    pub discard_colours: ColourSet,
    /// Free builds from the hand usable once in each Age: the colours each
    /// may build, and whether it was used in the current Age.
    pub hand_builds: Vec<(ColourSet, bool)>,
    /// The last card of each Age may be played instead of discarded.
    pub play_last_card: bool,
    /// Cards to copy at game end: colours and the cities to copy from.
    pub copies: Vec<(ColourSet, Seats)>,
    /// Wonder stages of other cities' boards it copied ([`Host::copy_stage`]),
    /// in the order copied: sources it holds beside its own stages.
    pub copied: Vec<Source>,
    /// Those asked by the effects running now, copied once they have run
    /// ([`run_built`]; empty between effects).
    pub copying: Vec<Source>,
    /// Cost discounts from now on: resources off, and what they apply to.
    pub discounts: Vec<(u8, Discount)>,
    /// Cities whose trading coins this city receives.
    pub trade_receivers: Vec<Seats>,
    /// Every trading price granted ([`Host::trade_price`]): resources,
    /// price, sellers. [`City::prices`] holds their best; these make it
    /// again when one leaves with its card ([`City::unset_price`]).
    pub price_grants: Vec<(sevenw_host::ResSet, u8, Seats)>,
    /// Coin discounts this city grants: coins off (`u8::MAX`: all), the
    /// colours, and the cities (seat offsets from this one, 0 itself).
    pub coin_discounts: Vec<(u8, ColourSet, Seats)>,
    /// Age cards built without paying.
    pub free_rules: Vec<FreeRule>,
    /// Once per turn, one unit of these resources from the bank at a price.
    pub bank_trades: Vec<(ResSet, u8)>,
    /// A defeat token this city would take goes to the neighbour who won.
    pub give_defeats: u8,
    /// Changes to how its science scores.
    pub science_rules: Vec<ScienceRule>,
    /// Drafted cards of these colours left unplayed are kept.
    pub keep: ColourSet,
    /// Effects on other cities, or needing a choice, for the turn structure
    /// to carry out after the acting city's effects ran.
    pub pending: Vec<Pending>,
    /// Coins fewer it pays the seller at offset +1 (entry 0) and −1
    /// (entry 1) for the first resource bought from it in a turn, and for
    /// each unit of the resources that seller's board produces
    /// ([`Host::trade_rebate`]).
    pub first_rebate: [u8; 2],
    pub board_rebate: [u8; 2],
    /// Productions whose options follow the city's own production
    /// ([`Matching`]; [`City::refresh_matching`] keeps them current).
    pub matching: Vec<Matching>,
    /// How many of its sources grant [`Host::any_resources`]: wonder stages
    /// of counted resources may be paid with any resources (neither all
    /// different nor all identical). How often a turn may use it is the
    /// turn structure's rule; [`Unbuild`](crate::engine::held::Unbuild)
    /// takes a source's grant back.
    pub any_resources: u8,
    /// The most any of its sources grants by [`Host::coin_value`]: one coin
    /// counts as this many when paying; 0 when no source grants it.
    pub coin_value: u8,
    /// Coins off the price of a board's space ([`Host::board_discount`]),
    /// the sum of its sources' grants.
    pub board_discount: u8,
    /// Coins the opponent loses per space the conflict pawn moves toward
    /// it ([`Host::pawn_toll`]), the sum of its sources' grants.
    pub pawn_toll: u8,
    /// How many of its sources grant [`Host::keep_schemes`]: it keeps
    /// every scheme it draws.
    pub keep_schemes: u8,
    /// How many of its sources grant [`Host::chain_from`]: the opponent's
    /// chains make cards free for it too.
    pub chain_from: u8,
    /// The prices its sources grant by [`Host::chain_price`], one entry a
    /// grant; the lowest holds ([`Abilities::chain_price`]).
    pub chain_prices: Vec<u8>,
    /// Cards its sources count beyond those held for senate actions
    /// ([`Host::senate_count`]): `(n, colours)`, one entry a grant.
    pub senate_counts: Vec<(u8, ColourSet)>,
    /// Colours of which one cost symbol goes unpaid
    /// ([`Host::waive_symbol`]), one entry a grant.
    pub waives: Vec<ColourSet>,
    /// Their union, kept with them: read at every decision.
    pub waived: ColourSet,
    /// Shields that follow a count ([`Host::shields_per`]), read anew
    /// whenever the city's shields are
    /// ([`military::shields`](crate::engine::military::shields)); empty
    /// (allocating nothing) for a city without such a source.
    pub shield_counts: Vec<ShieldCount>,
}

/// `n` shields per `what` counted over `seats` ([`Host::shields_per`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShieldCount {
    pub n: u32,
    pub what: Counted,
    pub seats: Seats,
    /// Whole sets of this many (1: a plain count).
    pub divisor: u32,
    /// Only the one city of `seats` with the most.
    pub most: bool,
}

clone_reusing!(Abilities {
    discard_colours,
    play_last_card,
    give_defeats,
    keep,
    first_rebate,
    board_rebate,
    any_resources,
    coin_value,
    board_discount,
    pawn_toll,
    keep_schemes,
    chain_from,
    waived,
} vecs {
    discard_builds,
    discard_builds_late,
    hand_builds,
    copies,
    copied,
    copying,
    discounts,
    trade_receivers,
    coin_discounts,
    price_grants,
    free_rules,
    bank_trades,
    science_rules,
    pending,
    matching,
    shield_counts,
    chain_prices,
    senate_counts,
    waives,
});

impl Abilities {
    /// The most a card that some card or token could make free by a chain
    /// costs without it ([`Host::chain_price`]), if a source grants one.
    #[inline(always)]
    pub fn chain_price(&self) -> Option<u8> {
        match self.chain_prices.as_slice() {
            [] => None,
            prices => prices.iter().copied().min(),
        }
    }
}

/// Most distinct values of conflict tokens a city keeps count of.
pub const TOKEN_VALUES: usize = 8;

/// The kinds of token a game declares (`tokens:`) that a city holds, at
/// most: the compiler's limit.
pub const MAX_TOKEN_KINDS: usize = 16;

/// The kinds of token taking coins off a board's price
/// (`board_discount`) a game declares, at most: a board take numbers the
/// tokens it gives up as bits, one per such kind (the compiler's limit).
pub const MAX_BOARD_DISCOUNTS: usize = 4;

/// The Ages a kind scored by Age keeps a count of, at most: the
/// compiler's limit.
pub const MAX_TOKEN_AGES: usize = 4;

/// One player's city.
#[derive(Debug, PartialEq, Eq)]
pub struct City {
    pub wonder: u8,
    pub side: u8,
    /// Wonder stages built (Duel: wonders built).
    pub stages: u8,
    /// Which stages of its side are built (bit `i`: stage `i`, of the
    /// first 64), as the base family keeps it ([`City::build_stage`]): a
    /// side whose stages have levels is built in any order within a level.
    /// Without levels they are built from the first, so the first
    /// [`City::stages`] are. (Architects keeps its own in its position.)
    pub built_stages: u64,
    pub coins: i32,
    pub shields: u32,
    /// Shields lost with a source that moves the pawn back when they go
    /// ([`Host::held_shields`]), since the pawn last moved: it moves back
    /// by them ([`Track::advance`](crate::engine::military::Track::advance)).
    pub recalled: u32,
    /// Built cards, in the order built.
    pub cards: Vec<CardId>,
    /// The sources of effects the city holds (board, stages, cards,
    /// tokens) that can act again, in the order gained, with the events
    /// each listens to: every one listening to an event after it was
    /// gained, and every progress token ([`Counted::Token`] counts them).
    /// A source that only acts when built (`Listens::BUILT`, delivered to
    /// it alone, never through this list) or never has run all it ever
    /// will when it was gained, so it is not kept: the lists that events
    /// walk, and that a card taken away is looked for in, stay short.
    pub sources: Vec<(Source, Listens)>,
    /// What those sources listen to, together.
    pub listening: u16,
    /// Stages of its wonder side in all (0 when not known).
    pub wonder_stages: u8,
    /// Name classes of the built cards.
    pub names: NameSet,
    /// Built cards per colour.
    pub colour_count: [u16; MAX_COLOURS],
    /// The colour of the card put under each built stage whose effects
    /// count it ([`sevenw_host::StageInfo::shows_colour`]), by stage
    /// index: what [`Counted::StageColour`] reads. That card is turned
    /// face up (its colour is public); no other stage's card is recorded
    /// here, as a city is public and those cards are hidden.
    pub shown_under: Vec<(u8, Colour)>,
    /// Everything the city produces.
    pub own: Production,
    /// What the cities beside it may buy from it.
    pub sold: Production,
    /// What it pays per resource bought from the sellers at seat offsets
    /// +1 and −1 ([`Prices`]).
    pub prices: Prices,
    /// The price per resource bought from a neighbour before any effect
    /// lowers it: what [`City::prices`] is made again from when a grant
    /// leaves ([`City::unset_price`]).
    pub price: u8,
    /// Fixed prices for buying from the bank (`trade … at N` with no
    /// cities named, as in Duel); [`NO_PRICE`] where none is fixed.
    pub bank_prices: [u8; MAX_RES],
    /// Coins off each unit bought from the bank, by resource, never under
    /// 1 coin ([`Host::bank_rebate`]): the sum of its sources' grants.
    pub bank_rebates: [u8; MAX_RES],
    /// Science symbols held, and wildcards.
    pub science: [u8; MAX_SYM],
    pub wild: Vec<SymSet>,
    /// Victory points granted so far per category (by effects).
    pub vp: [i32; MAX_CATEGORIES],
    /// The current Age, from 1 (0 before the first), which
    /// [`Host::age`] answers: set by the turn structure as each Age starts.
    pub age: u8,
    /// Conflict tokens: victories, defeats and their points.
    pub victories: u32,
    pub defeats: u32,
    pub conflict_vp: i32,
    /// Victory tokens by their points (index: points, up to 7).
    pub wins: [u16; TOKEN_VALUES],
    /// Tokens held of each kind the game declares ([`GameInfo::tokens`]),
    /// by the Age they were taken in for a kind scored by Age (entry 0
    /// for the others, which may fall below zero where the kind allows).
    pub tokens: [[i16; MAX_TOKEN_AGES]; MAX_TOKEN_KINDS],
    /// Cards put under the wonder, with the points each scores.
    pub entombed: Vec<(CardId, i32)>,
    /// Whether it took coins from the bank this turn.
    pub bank_coins: bool,
    /// The sellers it bought resources from this turn: bit 0 the seat at
    /// offset +1, bit 1 the seat at offset −1.
    pub bought: u8,
    /// Progress tokens held.
    pub progress: u16,
    pub abilities: Abilities,
    /// The option chosen for each source built with a choice (`one of`).
    pub chosen: Vec<(Source, u8)>,
    /// How many of the sources it holds took the cat figure when gained
    /// ([`Host::take_cat`], a cat icon): what [`Counted::Cats`] counts.
    /// Where the figure goes is the turn structure's ([`Pending::TakeCat`]);
    /// [`Unbuild`](crate::engine::held::Unbuild) takes a source's icon back.
    pub cats: u16,
}

clone_reusing!(City {
    wonder,
    side,
    stages,
    built_stages,
    coins,
    shields,
    recalled,
    cards,
    sources,
    listening,
    wonder_stages,
    names,
    colour_count,
    shown_under,
    own,
    sold,
    prices,
    price,
    bank_prices,
    bank_rebates,
    science,
    wild,
    vp,
    age,
    victories,
    defeats,
    conflict_vp,
    wins,
    tokens,
    entombed,
    bank_coins,
    bought,
    progress,
    abilities,
    chosen,
    cats,
});

impl Default for City {
    fn default() -> Self {
        City {
            wonder: 0,
            side: 0,
            stages: 0,
            built_stages: 0,
            coins: 0,
            shields: 0,
            recalled: 0,
            cards: Vec::new(),
            sources: Vec::new(),
            listening: 0,
            wonder_stages: 0,
            names: NameSet::default(),
            colour_count: [0; MAX_COLOURS],
            shown_under: Vec::new(),
            own: Production::default(),
            sold: Production::default(),
            prices: flat_prices(2),
            price: 2,
            bank_prices: [NO_PRICE; MAX_RES],
            bank_rebates: [0; MAX_RES],
            science: [0; MAX_SYM],
            wild: Vec::new(),
            vp: [0; MAX_CATEGORIES],
            age: 0,
            victories: 0,
            defeats: 0,
            conflict_vp: 0,
            wins: [0; TOKEN_VALUES],
            tokens: [[0; MAX_TOKEN_AGES]; MAX_TOKEN_KINDS],
            entombed: Vec::new(),
            bank_coins: false,
            bought: 0,
            progress: 0,
            abilities: Abilities::default(),
            chosen: Vec::new(),
            cats: 0,
        }
    }
}

impl City {
    /// A city on this wonder side, with `coins` and trade price `price`
    /// (room made at once for a game's worth of cards and sources).
    pub fn new(wonder: u8, side: u8, coins: i32, price: u8) -> Self {
        City {
            wonder,
            side,
            coins,
            prices: flat_prices(price),
            price,
            cards: Vec::with_capacity(24),
            sources: Vec::with_capacity(32),
            ..City::default()
        }
    }

    /// This city made [`City::new`] again, keeping its buffers.
    pub fn reset(&mut self, wonder: u8, side: u8, coins: i32, price: u8) {
        self.clone_from(&City {
            wonder,
            side,
            coins,
            prices: flat_prices(price),
            price,
            ..City::default()
        });
    }

    /// It builds stage `stage` (its index on its side, from 0): counted
    /// in [`City::stages`] and marked in [`City::built_stages`].
    pub fn build_stage(&mut self, stage: u8) {
        self.stages = self.stages.saturating_add(1);
        if let Some(bit) = 1u64.checked_shl(u32::from(stage)) {
            self.built_stages |= bit;
        }
    }

    /// Whether stage `stage` of its side is built (past the 64th, by the
    /// count: only a side built in order has so many).
    pub fn has_stage(&self, stage: u8) -> bool {
        match 1u64.checked_shl(u32::from(stage)) {
            Some(bit) => self.built_stages & bit != 0,
            None => stage < self.stages,
        }
    }

    /// How many of `what` this city holds (`vocab` for the resource
    /// symbols on its cards, read when counted: a move pays nothing for
    /// them).
    pub fn count(&self, vocab: &Vocab, what: Counted) -> u32 {
        match what {
            Counted::Cards(colours) => (0..MAX_COLOURS)
                .filter(|&c| colours.0 & (1 << c) != 0)
                .map(|c| u32::from(self.colour_count[c]))
                .sum(),
            Counted::WonderStages => u32::from(self.stages),
            Counted::DefeatTokens => self.defeats,
            Counted::VictoryTokens => self.victories,
            // A token is known by its points (`wins`): Age N's is worth
            // 2N − 1 (cities-facts.md §6: Raider Camp's Age I token is 1
            // VP, Fort's Age II 3, Garrison's Age III 5).
            Counted::VictoryTokensOfAge(age) => {
                let vp = crate::engine::military::age_victory_vp(age);
                usize::try_from(vp)
                    .ok()
                    .and_then(|v| self.wins.get(v))
                    .map_or(0, |&n| u32::from(n))
            }
            Counted::Coins => self.coins.max(0) as u32,
            Counted::ProgressTokens => u32::from(self.progress),
            Counted::ColourSets(colours) => (0..MAX_COLOURS)
                .filter(|&c| colours.0 & (1 << c) != 0)
                .map(|c| u32::from(self.colour_count[c]))
                .min()
                .unwrap_or(0),
            Counted::PairedVictoryPoints => self
                .wins
                .iter()
                .enumerate()
                .map(|(vp, &n)| vp as u32 * u32::from(n / 2))
                .sum(),
            Counted::FinishedWonders => {
                u32::from(self.wonder_stages > 0 && self.stages >= self.wonder_stages)
            }
            Counted::Colours(colours) => (0..MAX_COLOURS)
                .filter(|&c| colours.0 & (1 << c) != 0 && self.colour_count[c] > 0)
                .count() as u32,
            Counted::Cats => u32::from(self.cats),
            Counted::Token(t) => self
                .sources
                .iter()
                .filter(|&&(s, _)| s == Source::Progress(t))
                .count() as u32,
            Counted::Tokens(k) => self.held(usize::from(k)).max(0) as u32,
            Counted::Resources { resources, colours } => {
                vocab.resources_on(&self.cards, resources, colours)
            }
            Counted::StageColour(_) => match self.as_counted_elsewhere(what) {
                Some(Counted::Cards(colours)) => self.count(vocab, Counted::Cards(colours)),
                _ => 0,
            },
        }
    }

    /// The option chosen when `source` was built (0 without a choice).
    pub fn chosen_for(&self, source: Source) -> u8 {
        self.chosen
            .iter()
            .find(|(s, _)| *s == source)
            .map_or(0, |&(_, o)| o)
    }

    /// Records `option` as chosen for `source`, built now (replacing the
    /// choice of an earlier time it was built, should it have left).
    pub fn choose(&mut self, source: Source, option: u8) {
        match self.chosen.iter_mut().find(|(s, _)| *s == source) {
            Some(c) => c.1 = option,
            None => self.chosen.push((source, option)),
        }
    }

    /// Takes a victory token worth `vp`.
    pub fn win(&mut self, vp: i32) {
        self.victories = self.victories.saturating_add(1);
        self.conflict_vp = self.conflict_vp.saturating_add(vp);
        let i = vp.clamp(0, TOKEN_VALUES as i32 - 1) as usize;
        self.wins[i] = self.wins[i].saturating_add(1);
    }

    /// Takes a defeat token worth `vp` (negative).
    pub fn lose(&mut self, vp: i32) {
        self.defeats = self.defeats.saturating_add(1);
        self.conflict_vp = self.conflict_vp.saturating_add(vp);
    }

    /// Gives up `n` victory tokens, the lowest first; false if it had none.
    pub fn give_up_victories(&mut self, n: u8) -> bool {
        let mut gave = false;
        for _ in 0..n {
            let Some(vp) = (0..TOKEN_VALUES).find(|&v| self.wins[v] > 0) else {
                break;
            };
            self.wins[vp] -= 1;
            self.victories = self.victories.saturating_sub(1);
            self.conflict_vp = self.conflict_vp.saturating_sub(vp as i32);
            gave = true;
        }
        gave
    }

    /// Gives up `n` defeat tokens worth `vp` each (negative).
    pub fn give_up_defeats(&mut self, n: u8, vp: i32) {
        let k = self.defeats.min(u32::from(n));
        self.defeats -= k;
        self.conflict_vp = self.conflict_vp.saturating_sub(vp.saturating_mul(k as i32));
    }

    /// Coins off a card of `colour` for the city at `seat` among `cities`:
    /// the discounts every city grants it (`u8::MAX`: all its coins).
    pub fn coins_off(cities: &[City], seat: usize, colour: sevenw_host::Colour) -> u32 {
        let n = cities.len();
        let mut off = 0u32;
        for (giver, c) in cities.iter().enumerate() {
            for &(k, colours, seats) in &c.abilities.coin_discounts {
                if !colours.contains(colour) {
                    continue;
                }
                let reaches = seats
                    .0
                    .iter()
                    .any(|&o| valid_offset(o, n) && seat_at(giver, o, n) == seat);
                if reaches {
                    off = off.saturating_add(if k == u8::MAX { u32::MAX } else { u32::from(k) });
                }
            }
        }
        off
    }

    /// Whether a card of this name class is built.
    pub fn has_name(&self, class: u16) -> bool {
        self.names.contains(class)
    }

    /// The city now holds `source` (its effects will answer the events it
    /// listens to).
    pub fn gain_source(&mut self, info: &GameInfo, source: Source) {
        let l = crate::engine::vocab::listens(info, source);
        if kept(source, l) {
            self.sources.push((source, l));
            self.listening |= l.0;
        }
    }

    /// Puts a built card under the wonder: it leaves the city as
    /// [`City::remove`] takes it, its lasting effects undone, and scores
    /// `vp` at game end. False if the city does not hold it.
    pub fn entomb(&mut self, vocab: &Vocab, card: CardId, vp: i32) -> bool {
        if !self.remove(vocab, card) {
            return false;
        }
        self.entombed.push((card, vp));
        true
    }

    /// The city no longer holds `source` (a card taken away).
    pub fn lose_source(&mut self, source: Source) {
        if let Some(i) = self.sources.iter().position(|&(s, _)| s == source) {
            self.sources.remove(i);
            self.listening = self.sources.iter().fold(0, |a, &(_, l)| a | l.0);
        }
    }

    /// Places a built card: it joins the city's cards, names and colours,
    /// and its effects become a source (they are not run here).
    pub fn place(&mut self, vocab: &Vocab, card: CardId) {
        self.cards.push(card);
        self.names.insert(vocab.name_class(card));
        self.tally(vocab, card, true);
        self.gain_source(vocab.info, Source::Card(card));
        self.refresh_matching(vocab);
    }

    /// Sets the options of its productions that follow its own
    /// ([`Matching`]) from the cards it holds now: called whenever a card
    /// comes or goes, and once such a production is gained.
    #[inline]
    pub fn refresh_matching(&mut self, vocab: &Vocab) {
        if !self.abilities.matching.is_empty() {
            self.set_matching(vocab);
        }
    }

    /// [`City::refresh_matching`] for a city holding such a production
    /// (rare: out of the line every card placed runs).
    #[cold]
    #[inline(never)]
    fn set_matching(&mut self, vocab: &Vocab) {
        let all = sevenw_host::ResSet(((1u32 << vocab.info.resources.len().min(16)) - 1) as u16);
        let mut matching = std::mem::take(&mut self.abilities.matching);
        for m in &mut matching {
            let made = vocab.made_with(self, m.colours, m.board);
            m.give(m.options(made, all), &mut self.own, &mut self.sold);
        }
        self.abilities.matching = matching;
    }

    /// `card` has left the city: its name goes too unless a card of that
    /// name is still held.
    fn forget_name(&mut self, vocab: &Vocab, card: CardId) {
        let n = vocab.name_class(card);
        let held = if vocab.names_unshared {
            // The card itself: ids compared, without a look-up each.
            self.cards.contains(&card)
        } else {
            self.cards.iter().any(|&c| vocab.name_class(c) == n)
        };
        if !held {
            self.names.remove(n);
        }
    }

    /// Takes a built card away (it goes to a discard pile): its name,
    /// colour and source go with it. Its production is undone by running
    /// its effects against [`crate::engine::held::Unbuild`]. False if the
    /// city does not hold it.
    pub fn remove(&mut self, vocab: &Vocab, card: CardId) -> bool {
        let Some(i) = self.cards.iter().position(|&c| c == card) else {
            return false;
        };
        self.cards.remove(i);
        self.tally(vocab, card, false);
        self.forget_name(vocab, card);
        self.leave(vocab, Source::Card(card));
        true
    }

    /// `s` is no longer the city's (a card gone, a wonder unbuilt): what
    /// it gives while held is taken back ([`crate::engine::held::Unbuild`]).
    pub fn leave(&mut self, vocab: &Vocab, s: Source) {
        let l = crate::engine::vocab::listens(vocab.info, s);
        if kept(s, l) {
            self.lose_source(s);
        }
        self.undo_built(vocab, s, l, false);
        self.refresh_matching(vocab);
    }

    /// Undoes what `s`, listening to `l`, did when built, as it leaves the
    /// city ([`crate::engine::held::Unbuild`]); `spent`: its coins go too.
    fn undo_built(&mut self, vocab: &Vocab, s: Source, l: Listens, spent: bool) {
        if !l.has(Listens::BUILT) {
            return;
        }
        if let Built::One(g) = vocab.built(s) {
            g.lose(self, spent);
        } else if let Built::Gains(g) = vocab.built(s) {
            g.lose(self, spent);
        } else if spent {
            vocab.effects(
                s,
                Event::Built,
                &mut crate::engine::held::Unbuild::spent(self),
            );
        } else {
            let option = self.chosen_for(s);
            vocab.effects(
                s,
                Event::Built,
                &mut crate::engine::held::Unbuild::new(self, option),
            );
        }
    }

    /// A held card leaves the city (spent on a wonder stage, traded for a
    /// progress token, discarded after a battle: Architects): what it gave
    /// while held goes with it — production, coins, shields, science
    /// symbols, cat icons (its effects run against
    /// [`crate::engine::held::Unbuild::spent`]). The card is the one at `i` in the
    /// city's cards (the order they were placed in): the card spent, none
    /// if `i` is past the last.
    pub fn spend_at(&mut self, vocab: &Vocab, i: usize) -> Option<CardId> {
        if i >= self.cards.len() {
            return None;
        }
        let card = self.cards.remove(i);
        self.tally(vocab, card, false);
        self.forget_name(vocab, card);
        let s = Source::Card(card);
        let l = crate::engine::vocab::listens(vocab.info, s);
        if kept(s, l) {
            self.lose_source(s);
        }
        self.undo_built(vocab, s, l, true);
        Some(card)
    }

    /// The distinct cards of `pile` this city may build (it holds no card
    /// of that name), in id order: the choices of a free build from a pile.
    pub fn unbuilt(&self, vocab: &Vocab, pile: &[CardId]) -> Vec<CardId> {
        let mut options: Vec<CardId> = pile
            .iter()
            .copied()
            .filter(|&c| !self.has_name(vocab.name_class(c)))
            .collect();
        options.sort_unstable();
        options.dedup();
        options
    }

    /// Whether `card` is free for this city by a chain: a card it holds
    /// chains to it, or a token it holds of a kind that does (a kind's
    /// `chains`; the token is kept).
    pub fn chained(&self, vocab: &Vocab, card: CardId) -> bool {
        let i = usize::from(card.0);
        vocab
            .chain_mask
            .get(i)
            .is_some_and(|m| m.intersects(&self.names))
            || vocab.token_chains.get(i).is_some_and(|&kinds| {
                (0..MAX_TOKEN_KINDS).any(|k| kinds & (1 << k) != 0 && self.held(k) > 0)
            })
    }

    /// Whether some card or token can make `card` free for a city.
    pub fn may_chain(vocab: &Vocab, card: CardId) -> bool {
        let i = usize::from(card.0);
        vocab.chain_mask.get(i).is_some_and(|m| !m.is_empty())
            || vocab.token_chains.get(i).is_some_and(|&k| k != 0)
    }
}

/// Whether a city keeps `source`, listening to `l`, among its
/// [`City::sources`]: if it listens to an event after it was gained, or is
/// a progress token (they are counted).
fn kept(source: Source, l: Listens) -> bool {
    l.0 & !Listens::BUILT != 0 || matches!(source, Source::Progress(_))
}

/// Whether a seat offset names a city among `n` players: it reaches no
/// further than all the way round (`others: all` lists every offset a game
/// of the most players has).
pub fn valid_offset(offset: i8, n: usize) -> bool {
    usize::from(offset.unsigned_abs()) < n.max(1)
}

/// The seat at `offset` from `seat` among `n` players.
pub fn seat_at(seat: usize, offset: i8, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    let s = seat as i64 + i64::from(offset);
    let n = n as i64;
    // A neighbour's offset wraps at most once: no division.
    if (0..n).contains(&s) {
        s as usize
    } else if (n..2 * n).contains(&s) {
        (s - n) as usize
    } else if (-n..0).contains(&s) {
        (s + n) as usize
    } else {
        s.rem_euclid(n) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sevenw_host::ResSet;

    #[test]
    fn seats_wrap_both_ways() {
        assert_eq!(seat_at(0, 1, 3), 1);
        assert_eq!(seat_at(2, 1, 3), 0);
        assert_eq!(seat_at(0, -1, 3), 2);
        assert_eq!(seat_at(1, 0, 3), 1);
        assert_eq!(seat_at(1, 0, 0), 0);
    }

    #[test]
    fn prices_only_go_down_and_only_for_neighbours() {
        let mut c = City::new(0, 0, 3, 2);
        c.set_price(ResSet(0b11), 1, Seats(&[1]));
        assert_eq!(c.prices[0][0], 1);
        assert_eq!(c.prices[0][1], 1);
        assert_eq!(c.prices[0][2], 2);
        assert_eq!(c.prices[1][0], 2);
        c.set_price(ResSet(0b1), 3, Seats(&[1, -1, 0, 2]));
        assert_eq!(c.prices[0][0], 1);
        assert_eq!(c.prices[1][0], 2);
        // No seats: the bank's price.
        c.set_price(ResSet(0b100), 1, Seats(&[]));
        assert_eq!(c.bank_prices[2], 1);
        assert_eq!(c.bank_prices[0], NO_PRICE);
    }

    #[test]
    fn counts_never_wrap() {
        let vocab =
            Vocab::new(crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap()).unwrap();
        let mut c = City::default();
        c.colour_count[0] = 2;
        c.colour_count[3] = 1;
        c.stages = 2;
        c.defeats = 300;
        c.victories = 1;
        c.wins = [0, 2, 0, 3, 0, 1, 0, 0];
        assert_eq!(c.count(&vocab, Counted::PairedVictoryPoints), 1 + 3);
        c.colour_count[5] = 4;
        assert_eq!(c.count(&vocab, Counted::ColourSets(ColourSet(0b101001))), 1);
        assert_eq!(c.count(&vocab, Counted::FinishedWonders), 0);
        c.wonder_stages = 2;
        assert_eq!(c.count(&vocab, Counted::FinishedWonders), 1);
        assert_eq!(c.count(&vocab, Counted::Cards(ColourSet(0b1001))), 3);
        assert_eq!(c.count(&vocab, Counted::Cards(ColourSet(0b0010))), 0);
        assert_eq!(c.count(&vocab, Counted::WonderStages), 2);
        assert_eq!(c.count(&vocab, Counted::DefeatTokens), 300);
        assert_eq!(c.count(&vocab, Counted::VictoryTokens), 1);
        c.coins = -4;
        assert_eq!(c.count(&vocab, Counted::Coins), 0);
    }

    /// Stages are marked by index, in any order; past the 64th (a side
    /// without levels may have up to 255) they are known by the count.
    #[test]
    fn stages_built_by_index() {
        let mut c = City::default();
        c.build_stage(2);
        c.build_stage(0);
        assert_eq!((c.stages, c.built_stages), (2, 0b101));
        assert!(c.has_stage(0) && !c.has_stage(1) && c.has_stage(2));
        let mut long = City::default();
        (0..70).for_each(|s| long.build_stage(s));
        assert_eq!((long.stages, long.built_stages), (70, u64::MAX));
        assert!(long.has_stage(69) && !long.has_stage(70));
    }

    #[test]
    fn architects_counts() {
        let vocab =
            Vocab::new(crate::select(sevenw_cards::GAMES, "base", None, &[]).unwrap()).unwrap();
        let mut c = City {
            cats: 3,
            ..City::default()
        };
        assert_eq!(c.count(&vocab, Counted::Cats), 3);
        c.stages = 4;
        assert_eq!(
            c.count(&vocab, Counted::FinishedWonders),
            0,
            "the game says nothing"
        );
        c.wonder_stages = 5;
        assert_eq!(c.count(&vocab, Counted::FinishedWonders), 0);
        c.stages = 5;
        assert_eq!(c.count(&vocab, Counted::FinishedWonders), 1);
        c.sources.push((Source::Progress(2), Listens(0)));
        c.sources.push((Source::Progress(2), Listens(0)));
        c.sources.push((Source::Progress(1), Listens(0)));
        assert_eq!(c.count(&vocab, Counted::Token(2)), 2);
        assert_eq!(c.count(&vocab, Counted::Token(0)), 0);
    }

    /// Of the shipped Duel game: a card that acts only when built is not
    /// kept as a source, one that listens to a later event is, and so is
    /// every progress token, listening or not (they are counted).
    #[test]
    fn only_sources_that_can_act_again_are_kept() {
        let info = crate::select(sevenw_cards::GAMES, "duel", None, &[]).unwrap();
        let later = |l: Listens| l.0 & !Listens::BUILT != 0;
        let card = |listening: bool| {
            let i = info.cards.iter().position(|c| {
                later(c.listens) == listening && (listening || c.listens.has(Listens::BUILT))
            });
            Source::Card(CardId(i.expect("such a card") as u16))
        };
        let token = |listening: bool| {
            let i = info
                .progress
                .iter()
                .position(|t| later(t.listens) == listening);
            Source::Progress(i.expect("such a token") as u8)
        };
        let mut c = City::default();
        for s in [card(false), token(false), card(true), token(true)] {
            c.gain_source(info, s);
        }
        let kept: Vec<Source> = c.sources.iter().map(|&(s, _)| s).collect();
        assert_eq!(kept, [token(false), card(true), token(true)]);
        let of = |s: &[Source]| {
            s.iter()
                .fold(0, |a, &s| a | crate::engine::vocab::listens(info, s).0)
        };
        assert_eq!(c.listening, of(&kept));
        c.lose_source(card(false));
        assert_eq!(c.sources.len(), 3);
        c.lose_source(card(true));
        assert_eq!(c.listening, of(&[token(false), token(true)]));
    }

    #[test]
    fn sources_come_and_go_with_what_they_listen_to() {
        let mut c = City::default();
        let (a, b) = (Source::Card(CardId(1)), Source::Progress(2));
        c.sources.push((a, Listens(Listens::BUILT_CARD)));
        c.sources.push((b, Listens(Listens::GAME_END)));
        c.listening = Listens::BUILT_CARD | Listens::GAME_END;
        c.lose_source(a);
        assert_eq!(c.sources, vec![(b, Listens(Listens::GAME_END))]);
        assert_eq!(c.listening, Listens::GAME_END);
        c.lose_source(a);
        assert_eq!(c.sources.len(), 1);
    }
}
