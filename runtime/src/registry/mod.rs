//! The registry through which any game family — shipped or from another
//! crate — is found by name, and what the command line asks of a family.
//!
//! A family is a turn structure ([`crate::game::Game`]) with its
//! statistics ([`crate::statistics::Statistics`]) and, as it chooses, a
//! greedy bot's judgement, invariants for the soak checks, city sheets, a
//! story, scenarios, tables and environments. A compiled card set names
//! the family that plays it (`family:` in its `game.yaml`,
//! [`GameInfo::family`]); a [`Family`] says how to bind those rules to it.
//!
//! Everything the command line does goes through [`AnyGame`], which
//! [`Rules`] gives any game. What every game does (set-up checks, play,
//! replay, the bots it has, [`RunsCap`]: simulations and balance runs) is
//! asked of it directly; what a family may lack is a capability the
//! command asks for — [`AnyGame::sheets`], [`AnyGame::scenarios`],
//! [`AnyGame::tables`], [`AnyGame::envs`] — and a family without it says so
//! in the words of [`AnyGame::need_sheets`] and the like. Adding a family
//! is its own crate (or folder) and one [`Family`] value handed to the
//! command line (`sevenw_cli::main_with_families`).
//!
//! This file holds the registry and the capabilities; `rules` the
//! [`Rules`] that bind a family's traits to them.

mod rules;

pub use rules::Rules;

use sevenw_host::GameInfo;

use crate::balance::{Budget, Progress, Stop, Tally};
use crate::bots::BotKind;
use crate::doc::{DocError, nowhere, select_of};
use crate::engine::nearest::closest;
use crate::engine::vocab::Vocab;
use crate::env::Env;
use crate::game::{OptionSpec, Setup, SetupError};
use crate::parts::PartError;
use crate::replay::{Log, ReplayError};
use crate::scenario::Run;
use crate::sheet::{Price, ScoreReport, SheetError, Target};
use crate::sim::{SimError, SimOptions, Stats};
use crate::table::Table;
use crate::text::did_you_mean;

/// A game family: the rules of a kind of game, found by the name a card
/// set gives in `family:`.
#[derive(Clone, Copy)]
pub struct Family {
    /// The family's name, as card sets name it.
    pub name: &'static str,
    /// The rules bound to a card set of this family.
    pub load: fn(&'static GameInfo) -> Result<Box<dyn AnyGame>, String>,
    /// The JSON Schemas of its documents (city sheets, scenarios), by name;
    /// none for a family without them.
    pub schemas: fn() -> Vec<(&'static str, serde_json::Value)>,
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The compiled games a command line plays and the families whose rules
/// play them.
#[derive(Clone, Copy, Debug)]
pub struct Library<'a> {
    pub games: &'a [&'static GameInfo],
    pub families: &'a [Family],
}

impl Library<'_> {
    /// The rules that play `info`.
    pub fn rules(&self, info: &'static GameInfo) -> Result<Box<dyn AnyGame>, String> {
        rules_in(self.families, info)
    }
}

/// The rules of `families` that play `info`: the family its card set names.
pub fn rules_in(families: &[Family], info: &'static GameInfo) -> Result<Box<dyn AnyGame>, String> {
    if info.family.is_empty() {
        return Err(format!(
            "`{}` names no family of rules (`family:` in its game.yaml)",
            info.name
        ));
    }
    let family = families
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(info.family))
        .ok_or_else(|| {
            let names: Vec<&str> = families.iter().map(|f| f.name).collect();
            format!(
                "`{}` is played by the family `{}`, which this program does not have (families: {}){}",
                info.name,
                info.family,
                names.join(", "),
                did_you_mean(closest(&info.family.to_lowercase(), &names))
            )
        })?;
    (family.load)(info).map_err(|e| format!("game `{}`: {e}", info.name))
}

/// The schema of every document of `families`, by name (`sheet-base`,
/// `scenario-duel`, …: each family's [`Family::schemas`]).
pub fn documents(families: &[Family]) -> Vec<(&'static str, serde_json::Value)> {
    families.iter().flat_map(|f| (f.schemas)()).collect()
}

/// Runs a scenario of any game of `lib` (its `game:` says which).
pub fn test(lib: &Library<'_>, text: &str) -> Run {
    let error = |e: DocError| Run {
        error: Some(e),
        ..Run::default()
    };
    let info = match select_of(lib.games, text, "scenario") {
        Ok(i) => i,
        Err(e) => return error(e),
    };
    let run = match lib.rules(info) {
        Ok(g) => match g.need_scenarios() {
            Ok(s) => s.run(text),
            Err(m) => return error(nowhere(m)),
        },
        Err(m) => return error(nowhere(m)),
    };
    // A scenario that plays nothing and checks nothing would pass whatever
    // the rules do: it is a mistake (a city sheet given as a scenario, say).
    if run.passed() && run.steps == 0 && run.checks == 0 {
        return error(nowhere(
            "this scenario checks nothing: give `steps:` (moves to play, \
             `expect:` to check); a city sheet is scored with `score`, not tested",
        ));
    }
    run
}

/// A game played, told, and its log.
#[derive(Clone, Debug)]
pub struct Played {
    /// The story, up to the final scores.
    pub text: String,
    pub log: Log,
}

/// What the command line asks of a game, for any family (object-safe).
///
/// Every game plays, replays, simulates and balances with the random and
/// search bots; the greedy bot and the capabilities (sheets, scenarios,
/// tables, environments) are for the families that have them, and say so
/// plainly otherwise.
pub trait AnyGame: Send + Sync {
    fn info(&self) -> &'static GameInfo;
    fn vocab(&self) -> &Vocab;
    /// The ways the game can be won.
    fn victories(&self) -> &'static [&'static str];
    /// The set-up options the game defines.
    fn options(&self) -> &'static [OptionSpec];
    /// Checks a set-up without playing.
    fn check(&self, setup: &Setup) -> Result<(), SetupError>;
    /// Checks that the game has bots of these kinds (a usage mistake of
    /// `--bots` otherwise).
    fn check_bots(&self, bots: &[BotKind]) -> Result<(), SetupError>;
    /// Checks that weights for the learned bot are found for a game of
    /// `players` players, when `bots` asks for it (the refusal says how to
    /// train them).
    fn check_learned(&self, players: usize, bots: &[BotKind]) -> Result<(), SetupError>;
    /// Plays one game with bots, told and logged.
    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError>;
    /// Plays a log again, checking it; returns the story.
    fn replay(&self, log: &Log) -> Result<String, ReplayError>;
    /// Many games played: simulations and balance runs, whole or in parts.
    fn runs(&self) -> &dyn RunsCap;
    /// City sheets: scoring, pricing, the final positions of a simulation.
    fn sheets(&self) -> Option<&dyn SheetsCap>;
    /// Scenarios (`test`).
    fn scenarios(&self) -> Option<&dyn ScenariosCap>;
    /// Games at a table, played one decision at a time by people and bots
    /// ([`crate::table`]): for the families that show their views.
    fn tables(&self) -> Option<&dyn TableCap>;
    /// Games stepped by action numbers, each seat observing a flat vector
    /// ([`crate::env`]): for the families that observe.
    fn envs(&self) -> Option<&dyn EnvCap>;

    /// The city sheets, or why `what` (a command, `` `score` ``) cannot
    /// have them.
    fn need_sheets(&self, what: &str) -> Result<&dyn SheetsCap, String> {
        self.sheets()
            .ok_or_else(|| format!("{} has no city sheets: {what} needs one", self.info().title))
    }
    /// The scenarios, or why `test` cannot run one.
    fn need_scenarios(&self) -> Result<&dyn ScenariosCap, String> {
        self.scenarios()
            .ok_or_else(|| format!("{} has no scenarios: `test` needs them", self.info().title))
    }
    /// The tables, or why the game cannot be played by people.
    fn need_tables(&self) -> Result<&dyn TableCap, String> {
        self.tables().ok_or_else(|| {
            format!(
                "{} shows no views to people: it is played by bots only",
                self.info().title
            )
        })
    }
    /// The environments, or why the game cannot be stepped as one.
    fn need_envs(&self) -> Result<&dyn EnvCap, String> {
        self.envs().ok_or_else(|| {
            format!(
                "{} has no observations: it cannot be stepped as an environment",
                self.info().title
            )
        })
    }
}

/// Many games of one family played on every core (`sim`, `balance`, and
/// their parts played apart, [`crate::parts`]): every family has them.
pub trait RunsCap: Send + Sync {
    /// Plays many games.
    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError>;
    /// Plays games `games` of the run `opts` (a part of it, the rest played
    /// elsewhere) and writes their sums ([`crate::parts`]).
    fn sim_part(
        &self,
        opts: &SimOptions,
        games: std::ops::Range<u64>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<String, SimError>;
    /// The sums of the run `opts` from its parts, as `sim` gives them.
    fn sim_merge(&self, opts: &SimOptions, parts: &[String]) -> Result<Stats, PartError>;
    /// Plays many games for a balance report.
    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, SimError>;
    /// [`RunsCap::sim_part`] for a balance report.
    fn balance_part(
        &self,
        opts: &SimOptions,
        games: std::ops::Range<u64>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<String, SimError>;
    /// The sums of the balance run `opts` from its parts, as `balance`
    /// gives them.
    fn balance_merge(&self, opts: &SimOptions, parts: &[String]) -> Result<Tally, PartError>;
    /// Plays games for a balance report until its intervals are as narrow
    /// as `budget` asks, or its budget runs out
    /// ([`crate::balance::play_until`]).
    fn balance_until(
        &self,
        opts: &SimOptions,
        budget: Budget,
        progress: &(dyn Fn(u64) + Sync),
        batch: &mut dyn FnMut(Progress),
    ) -> Result<(Tally, Stop), SimError>;
}

/// A family's city sheets ([`crate::sheet::Sheets`]).
pub trait SheetsCap: Send + Sync {
    /// Scores a city sheet.
    fn score(&self, sheet: &str) -> Result<ScoreReport, SheetError>;
    /// Why the game has nothing like `target` to price (a usage mistake).
    fn refuse(&self, target: &Target) -> Option<String>;
    /// Prices `target` for `player` of a city sheet.
    fn price(&self, sheet: &str, player: &str, target: &Target) -> Result<Price, SheetError>;
    /// The final position of each game `sim` plays with `opts` (the same
    /// seeds and bots), as a city sheet, the players called P1, P2, …, in
    /// game order (`sim --sheets`).
    fn final_sheets(&self, opts: &SimOptions) -> Result<Vec<String>, SimError>;
}

/// A family's scenarios ([`crate::scenario::Scenarios`]).
pub trait ScenariosCap: Send + Sync {
    /// Runs a scenario.
    fn run(&self, scenario: &str) -> Run;
}

/// Games at a table, for a family that shows its views
/// ([`crate::table::Show`]).
pub trait TableCap: Send + Sync {
    /// A new game at a table.
    fn start(&self, setup: &Setup) -> Result<Box<dyn Table + '_>, SetupError>;
    /// A stored game at a table: its set-up and its decisions (action
    /// numbers) played again. The error says which decision, if one
    /// cannot be played.
    fn resume(&self, setup: &Setup, decisions: &[u32]) -> Result<Box<dyn Table + '_>, String>;
}

/// Games stepped by action numbers, for a family that observes
/// ([`crate::env::Observe`]).
pub trait EnvCap: Send + Sync {
    /// A new game stepped by action numbers.
    fn start(&self, setup: &Setup) -> Result<Box<dyn Env + '_>, SetupError>;
}
