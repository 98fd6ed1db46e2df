//! The games the runtime plays, one folder per game family, and the one
//! place they are registered.
//!
//! A family is a turn structure ([`crate::game::Game`]) with its city
//! sheets ([`Sheets`]) and its story ([`Narrate`]); its folder holds all
//! three. [`FAMILIES`] says which compiled card sets each family plays.
//! Everything the command line does goes through [`AnyGame`], which every
//! registered family gets for free: adding a game is its folder and one
//! line in [`FAMILIES`].

pub mod architects;
pub mod base;
pub mod duel;

use sevenw_host::GameInfo;

use crate::bots::{BotKind, table};
use crate::engine::vocab::{Vocab, VocabError};
use crate::game::{Game, Setup, SetupError, play_out};
use crate::narrate::{Narrate, Narrator};
use crate::replay::{Log, Recorder, ReplayError, replay};
use crate::scenario::{Run, Scenarios};
use crate::schema::schema_for;
use crate::sheet::{Price, ScoreReport, SheetError, Sheets, Target, seat_of};
use crate::sim::{SimError, SimOptions, Stats, simulate};

/// A game family: the rules of a kind of game (its turn structure, city
/// sheets, story and scenarios).
pub struct Family {
    /// The family's name.
    pub name: &'static str,
    /// Whether these rules play a compiled card set.
    pub plays: fn(&GameInfo) -> bool,
    /// The rules bound to that card set.
    pub load: fn(&'static GameInfo) -> Result<Box<dyn AnyGame>, VocabError>,
    /// The JSON Schemas of its city sheets and scenarios, by name.
    pub schemas: fn() -> Vec<(&'static str, serde_json::Value)>,
}

/// Every family, the first that plays a card set winning.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "base",
        plays: |info| info.hand_size > 0,
        load: |info| Ok(Box::new(Erased(base::Base::new(info)?))),
        schemas: || {
            vec![
                (
                    "sheet-base",
                    schema_for::<base::sheet::SheetDoc>("A city sheet of the base game"),
                ),
                (
                    "scenario-base",
                    schema_for::<base::scenario::ScenarioDoc>("A scenario of the base game"),
                ),
            ]
        },
    },
    Family {
        name: "duel",
        plays: |info| info.layout > 0,
        load: |info| Ok(Box::new(Erased(duel::Duel::new(info)?))),
        schemas: || {
            vec![
                (
                    "sheet-duel",
                    schema_for::<duel::sheet::SheetDoc>("A city sheet of 7 Wonders Duel"),
                ),
                (
                    "scenario-duel",
                    schema_for::<duel::scenario::ScenarioDoc>("A scenario of 7 Wonders Duel"),
                ),
            ]
        },
    },
    Family {
        name: "architects",
        plays: |info| info.family == "architects",
        load: |info| Ok(Box::new(Erased(architects::Architects::new(info)?))),
        schemas: || {
            vec![
                (
                    "sheet-architects",
                    schema_for::<architects::sheet::SheetDoc>(
                        "A city sheet of 7 Wonders Architects",
                    ),
                ),
                (
                    "scenario-architects",
                    schema_for::<architects::scenario::ScenarioDoc>(
                        "A scenario of 7 Wonders Architects",
                    ),
                ),
            ]
        },
    },
];

/// The rules that play `info`.
pub fn rules_for(info: &'static GameInfo) -> Result<Box<dyn AnyGame>, String> {
    let family = FAMILIES.iter().find(|f| (f.plays)(info)).ok_or_else(|| {
        format!(
            "no turn structure of this runtime plays `{}` (its Ages are neither dealt in hands nor laid out)",
            info.name
        )
    })?;
    (family.load)(info).map_err(|e| format!("game `{}`: {e}", info.name))
}

/// Runs a scenario of any of `games` (its `game:` says which).
pub fn test(games: &[&'static GameInfo], text: &str) -> Run {
    let error = |e: crate::doc::DocError| Run {
        error: Some(e),
        ..Run::default()
    };
    let info = match crate::doc::select_of(games, text, "scenario") {
        Ok(i) => i,
        Err(e) => return error(e),
    };
    match rules_for(info) {
        Ok(g) => g.test(text),
        Err(m) => error(crate::doc::nowhere(m)),
    }
}

/// A game played, told, and its log.
#[derive(Clone, Debug)]
pub struct Played {
    /// The story, up to the final scores.
    pub text: String,
    pub log: Log,
}

/// What the command line asks of a game, for any family (object-safe).
pub trait AnyGame: Send + Sync {
    fn info(&self) -> &'static GameInfo;
    fn vocab(&self) -> &Vocab;
    /// The ways the game can be won.
    fn victories(&self) -> &'static [&'static str];
    /// Checks a set-up without playing.
    fn check(&self, setup: &Setup) -> Result<(), SetupError>;
    /// Plays one game with bots, told and logged.
    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError>;
    /// Plays many games.
    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError>;
    /// Plays many games for a balance report.
    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<crate::balance::Tally, SimError>;
    /// Scores a city sheet.
    fn score(&self, sheet: &str) -> Result<ScoreReport, SheetError>;
    /// Why the game has nothing like `target` to price (a usage mistake).
    fn refuse(&self, target: &Target) -> Option<String>;
    /// Prices `target` for `player` of a city sheet.
    fn price(&self, sheet: &str, player: &str, target: &Target) -> Result<Price, SheetError>;
    /// Plays a log again, checking it; returns the story.
    fn replay(&self, log: &Log) -> Result<String, ReplayError>;
    /// Runs a scenario.
    fn test(&self, scenario: &str) -> Run;
}

/// Any family, behind [`AnyGame`].
pub struct Erased<G>(pub G);

impl<G: Game + Sheets + Narrate + Scenarios> AnyGame for Erased<G> {
    fn info(&self) -> &'static GameInfo {
        self.0.info()
    }

    fn vocab(&self) -> &Vocab {
        self.0.vocab()
    }

    fn victories(&self) -> &'static [&'static str] {
        self.0.victories()
    }

    fn check(&self, setup: &Setup) -> Result<(), SetupError> {
        self.0.start(setup).map(|_| ())
    }

    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError> {
        let g = &self.0;
        let mut state = g.start(setup)?;
        let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
        let header = format!(
            "{}: {}seed {}, bots {}\n",
            g.info().title,
            setup
                .players
                .map(|n| format!("{n} players, "))
                .unwrap_or_default(),
            setup.seed,
            names.join(",")
        );
        let mut obs = (
            Narrator::new(g, &state, header),
            Recorder {
                decisions: Vec::new(),
            },
        );
        let mut players = table(bots, setup.seed);
        let outcome = play_out(g, &mut state, &mut players, &mut obs)
            .map_err(|e| SetupError::Game(e.to_string()))?;
        let (narrator, recorder) = obs;
        let mut log = Log::new(g, setup);
        log.finish(recorder, &outcome);
        Ok(Played {
            text: narrator.finish(g, &outcome),
            log,
        })
    }

    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError> {
        simulate(&self.0, opts, progress)
    }

    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<crate::balance::Tally, SimError> {
        crate::balance::play(&self.0, opts, progress)
    }

    fn score(&self, sheet: &str) -> Result<ScoreReport, SheetError> {
        let g = &self.0;
        let s = g.read_sheet(sheet)?;
        Ok(ScoreReport::new(g, &g.outcome(&s.state), &s.names))
    }

    fn refuse(&self, target: &Target) -> Option<String> {
        self.0.refuse(target)
    }

    fn price(&self, sheet: &str, player: &str, target: &Target) -> Result<Price, SheetError> {
        let g = &self.0;
        let s = g.read_sheet(sheet)?;
        let seat = seat_of(&s.names, player)?;
        g.price(&s.state, &s.names, seat, target)
    }

    fn replay(&self, log: &Log) -> Result<String, ReplayError> {
        let g = &self.0;
        let header = format!("{}: replay, seed {}\n", g.info().title, log.seed);
        // The story starts from the logged set-up, which `replay` checks
        // (and reports, with its line, if it cannot be played).
        let start = log.setup(g.vocab()).ok().and_then(|s| g.start(&s).ok());
        match start {
            Some(state) => {
                let mut narrator = Narrator::new(g, &state, header);
                let (outcome, _) = replay(g, log, &mut narrator)?;
                Ok(narrator.finish(g, &outcome))
            }
            None => Err(replay(g, log, &mut ()).err().unwrap_or(ReplayError {
                line: 0,
                message: "the log's set-up cannot be played".to_string(),
            })),
        }
    }

    fn test(&self, scenario: &str) -> Run {
        crate::scenario::run(&self.0, scenario)
    }
}
