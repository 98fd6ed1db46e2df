//! Which wonder stages a city may build now.
//!
//! A side's stages are built in the order listed, unless their levels let
//! some be built in any order (`level` in `dsl/DSL.md`): a stage may be
//! built once every stage of a lower level is, the stages of one level in
//! any order, as the Great Wall's four (cities-facts.md §10.1: "buildable
//! in any order"). The compiler gives a side without levels the levels 1,
//! 2, 3… in order, so only a side where a level holds two stages or more
//! is *levelled*; [`Levels`] finds them once in the tables, and a game
//! without one (every shipped game) never looks past [`City::stages`]:
//! its next stage is the one at that index.
//!
//! A stage built is named by its index on its side: [`StageHow::stage`]
//! in a move, [`City::built_stages`] in a city, and the card put under it
//! is [`Position::card_under_stage`](super::Position::card_under_stage).

use sevenw_host::{Cost, GameInfo, StageInfo};

use crate::engine::city::City;

use super::trade::{InMarket, Payment, Quote};
use super::{Base, Position, StageHow};

/// Most stages of a levelled side: the bits of [`City::built_stages`]
/// (the compiler refuses more, E0206).
pub const MAX_LEVELLED: usize = 64;

/// Whether a side's stages may be built out of the order listed: a stage
/// is of a level no higher than the one before it.
pub fn levelled(stages: &[StageInfo]) -> bool {
    stages.windows(2).any(|w| w[1].level <= w[0].level)
}

/// The most stages of a levelled side of `info`'s wonders (64 at most;
/// `S` of the action space and the observation); 0 when no side is.
pub fn most_levelled(info: &GameInfo) -> u8 {
    (info.wonders.iter().flat_map(|w| w.sides.iter()))
        .filter(|s| levelled(s.stages))
        .map(|s| s.stages.len().min(MAX_LEVELLED) as u8)
        .max()
        .unwrap_or(0)
}

/// The levelled sides of a game's wonders, read once from its tables.
#[derive(Clone, Debug, Default)]
pub struct Levels {
    /// By wonder, then side: for each stage of a levelled side, the stages
    /// of a lower level (bit `j`: stage `j`), all built before it may be;
    /// empty for a side built in order.
    lower: Vec<Vec<Vec<u64>>>,
    /// The most stages of a levelled side; 0 when there is none.
    pub(super) most: u8,
}

impl Levels {
    pub fn of(info: &GameInfo) -> Levels {
        let mut lower = Vec::with_capacity(info.wonders.len());
        for w in info.wonders {
            let mut sides = Vec::with_capacity(w.sides.len());
            for side in w.sides {
                let stages = &side.stages[..side.stages.len().min(MAX_LEVELLED)];
                if !levelled(side.stages) {
                    sides.push(Vec::new());
                    continue;
                }
                let below = |st: &StageInfo| {
                    (stages.iter().enumerate())
                        .filter(|(_, other)| other.level < st.level)
                        .fold(0u64, |m, (j, _)| m | 1 << j)
                };
                sides.push(stages.iter().map(below).collect());
            }
            lower.push(sides);
        }
        Levels {
            lower,
            most: most_levelled(info),
        }
    }

    /// For each stage of side `side` of wonder `wonder`, the stages of a
    /// lower level; empty for a side built in order.
    fn of_side(&self, wonder: u8, side: u8) -> &[u64] {
        (self.lower.get(usize::from(wonder)))
            .and_then(|w| w.get(usize::from(side)))
            .map_or(&[], Vec::as_slice)
    }
}

/// The stages a city may build now, lowest first, each with its index
/// ([`Base::open_stages`]).
#[derive(Clone, Copy, Debug)]
pub struct OpenStages {
    stages: &'static [StageInfo],
    /// The stage the bits of `open` count from (the next one, on a side
    /// built in order: it may be past the 64th).
    from: u8,
    /// The open stages: bit `i`, stage `from + i`.
    open: u64,
}

impl Iterator for OpenStages {
    type Item = (u8, &'static StageInfo);

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.open == 0 {
            return None;
        }
        let s = self.from.saturating_add(self.open.trailing_zeros() as u8);
        self.open &= self.open - 1;
        self.stages.get(usize::from(s)).map(|st| (s, st))
    }
}

/// Why a stage cannot be built now ([`Base::stage_closed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// The side has no such stage (it has this many).
    NoSuch(usize),
    /// It is built.
    Built,
    /// Every stage is built.
    Finished,
    /// Its side is built in order: this one is next.
    InOrder(u8),
    /// These stages, of a lower level, are not built yet.
    Lower(u64),
}

impl Base {
    /// The stages of `city`'s wonder side.
    pub fn side_stages(&self, city: &City) -> &'static [StageInfo] {
        (self.info.wonders.get(usize::from(city.wonder)))
            .and_then(|w| w.sides.get(usize::from(city.side)))
            .map_or(&[], |s| s.stages)
    }

    /// Stage `stage` (its index, from 0) of `city`'s wonder side.
    pub fn stage_info(&self, city: &City, stage: u8) -> Option<&'static StageInfo> {
        self.side_stages(city).get(usize::from(stage))
    }

    /// What stage `stage` of `city`'s side costs (as printed).
    pub fn stage_cost(&self, city: &City, stage: u8) -> Option<&'static Cost> {
        self.stage_info(city, stage).map(|s| &s.cost)
    }

    /// Options the effects of stage `stage` of `city`'s side offer (`one
    /// of`); 0: none.
    pub fn stage_options(&self, city: &City, stage: u8) -> u8 {
        self.stage_info(city, stage).map_or(0, |s| s.options)
    }

    /// Whether `city`'s side is levelled (its stages are not all built in
    /// the order listed).
    pub fn levelled(&self, city: &City) -> bool {
        !self.in_order(city)
    }

    /// Whether `city`'s side is built in the order listed (no levels): its
    /// one open stage is then the one at [`City::stages`].
    #[inline(always)]
    pub(super) fn in_order(&self, city: &City) -> bool {
        self.lower_of(city).is_empty()
    }

    /// The stage actions of stage `stage` (`info`) of `seat`'s city, paid
    /// the ways `search` finds, with each of its options, alone and (with
    /// Edifice) joining the Age's project, into `out` (the complete moves
    /// of [`Base::moves`]); none if the city lacks the tokens it costs.
    #[inline(always)]
    pub(super) fn stage_payments(
        &self,
        table: &Position,
        seat: usize,
        search: &mut InMarket<'_, '_>,
        stage: u8,
        info: &StageInfo,
        out: &mut Vec<(Payment, StageHow, u8)>,
    ) {
        let city = &table.cities[seat];
        let cost = &info.cost;
        if !city.holds(cost.tokens) {
            return;
        }
        let budget = city.coins.max(0) as u32;
        let off = self.discount_for(city, None);
        let options = info.options.max(1);
        let pays = search.search(cost.coins, cost.resources, budget, off);
        for option in 0..options {
            let how = StageHow { stage, join: false };
            out.extend(pays.iter().map(|&p| (p, how, option)));
        }
        // "A. Participar en el proyecto": the stage and the project's cost
        // paid together, trading allowed.
        if let Some(extra) = self.join_cost(table, seat) {
            let coins = cost.coins.saturating_add(extra);
            let pays = search.search(coins, cost.resources, budget, off);
            for option in 0..options {
                let how = StageHow { stage, join: true };
                out.extend(pays.iter().map(|&p| (p, how, option)));
            }
        }
    }

    /// The stage actions of stage `stage` (`info`) of `seat`'s city with
    /// each of its options, alone and (with Edifice) joining the Age's
    /// project, where some way to pay exists, each with its one way to pay
    /// if so (`search`'s quote), into `out` (the card actions of
    /// [`Base::actions`] and the playouts); none if the city lacks the
    /// tokens it costs.
    #[inline(always)]
    pub(super) fn stage_quotes(
        &self,
        table: &Position,
        seat: usize,
        search: &mut InMarket<'_, '_>,
        stage: u8,
        info: &StageInfo,
        out: &mut Vec<(StageHow, u8, Option<Payment>)>,
    ) {
        let city = &table.cities[seat];
        let cost = &info.cost;
        if !city.holds(cost.tokens) {
            return;
        }
        let budget = city.coins.max(0) as u32;
        let off = self.discount_for(city, None);
        let options = info.options.max(1);
        let quote = search.quote(cost.coins, cost.resources, budget, off);
        let join = self.join_cost(table, seat).map(|extra| {
            let coins = cost.coins.saturating_add(extra);
            search.quote(coins, cost.resources, budget, off)
        });
        for (join, quote) in [(false, Some(quote)), (true, join)] {
            let only = match quote {
                Some(Quote::Only(p)) => Some(p),
                Some(Quote::Trade) => None,
                _ => continue,
            };
            let how = StageHow { stage, join };
            out.extend((0..options).map(|option| (how, option, only)));
        }
    }

    /// For each stage of `city`'s side, the stages of a lower level; empty
    /// for a side built in order (at once in a game without levels).
    #[inline(always)]
    fn lower_of(&self, city: &City) -> &[u64] {
        if self.levels.most == 0 {
            &[]
        } else {
            self.levels.of_side(city.wonder, city.side)
        }
    }

    /// The stages `city` may build now, lowest first: those not built
    /// whose lower levels are all built; on a side built in order, the
    /// next stage (none once all are built), found as directly as looking
    /// it up (the move generator lists the stage actions with it).
    #[inline(always)]
    pub fn open_stages(&self, city: &City) -> OpenStages {
        let stages = self.side_stages(city);
        let lower = self.lower_of(city);
        if lower.is_empty() {
            let next = usize::from(city.stages) < stages.len();
            return OpenStages {
                stages,
                from: city.stages,
                open: u64::from(next),
            };
        }
        OpenStages {
            stages,
            from: 0,
            open: open_by_level(lower, city.built_stages),
        }
    }

    /// The first stage `city` may build now (the next, on a side built in
    /// order).
    pub fn first_open_stage(&self, city: &City) -> Option<u8> {
        self.open_stages(city).next().map(|(i, _)| i)
    }

    /// Why `city` cannot build stage `stage` now; `None` when it can.
    pub fn stage_closed(&self, city: &City, stage: u8) -> Option<Closed> {
        let stages = self.side_stages(city);
        if usize::from(stage) >= stages.len() {
            return Some(Closed::NoSuch(stages.len()));
        }
        if city.has_stage(stage) {
            return Some(Closed::Built);
        }
        let lower = self.levels.of_side(city.wonder, city.side);
        match lower.get(usize::from(stage)) {
            Some(&below) => {
                let missing = below & !city.built_stages;
                (missing != 0).then_some(Closed::Lower(missing))
            }
            // A side built in order (or a stage past the bits of one that
            // is not): the next stage only.
            None if !lower.is_empty() => Some(Closed::NoSuch(lower.len())),
            None if usize::from(city.stages) >= stages.len() => Some(Closed::Finished),
            None => (stage != city.stages).then_some(Closed::InOrder(city.stages)),
        }
    }

    /// Whether `city` may build stage `stage` now.
    #[inline(always)]
    pub fn stage_open(&self, city: &City, stage: u8) -> bool {
        let lower = self.lower_of(city);
        if lower.is_empty() {
            return stage == city.stages && self.stage_info(city, stage).is_some();
        }
        self.stage_closed(city, stage).is_none()
    }

    /// The words of a stage move before its card: `wonder stage`, or,
    /// where a side of the card sets in play has levels (so that a move
    /// chooses its stage), `wonder stage 3`.
    pub(super) fn stage_words(&self, how: StageHow) -> String {
        if self.levels.most == 0 {
            "wonder stage".to_string()
        } else {
            format!("wonder stage {}", u32::from(how.stage) + 1)
        }
    }

    /// `who`'s stage `stage` (from 0) of `city`'s wonder, closed for
    /// `why`, in words.
    pub fn closed_words(&self, city: &City, who: &str, stage: u8, why: Closed) -> String {
        let wonder = self.wonder_name(city.wonder);
        let n = u32::from(stage) + 1;
        match why {
            Closed::NoSuch(have) => {
                let side = self.side_name(city.wonder, city.side);
                format!("{wonder} side {side} has no stage {n}: it has {have}")
            }
            Closed::Built => format!("{who} has built stage {n} of {wonder} already"),
            Closed::Finished => format!("{who} has built every stage of {wonder}"),
            Closed::InOrder(next) => format!(
                "{who} builds the stages of {wonder} in order: stage {} is next",
                u32::from(next) + 1
            ),
            Closed::Lower(missing) => {
                let list: Vec<String> = (0..64)
                    .filter(|i| missing & (1 << i) != 0)
                    .map(|i| (i + 1).to_string())
                    .collect();
                let stages = if list.len() == 1 { "stage" } else { "stages" };
                format!(
                    "stage {n} of {wonder} is of a higher level: {who} must build {stages} {} first",
                    crate::text::listed(&list)
                )
            }
        }
    }
}

/// The stages of a levelled side open when `built` are: not built, every
/// stage of a lower level (`lower`, per stage) built.
#[inline(never)]
fn open_by_level(lower: &[u64], built: u64) -> u64 {
    (lower.iter().enumerate())
        .filter(|&(i, &below)| built & (1 << i) == 0 && below & !built == 0)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}
