//! The game families this runtime ships, and the registry through which
//! any family — shipped or from another crate — is found by name.
//!
//! A family is a turn structure ([`crate::game::Game`]) with its
//! statistics ([`Statistics`]) and, as it chooses, a greedy bot's
//! judgement ([`Judge`]), invariants for the soak checks ([`Invariants`]),
//! city sheets ([`Sheets`]), a story ([`Narrate`]) and scenarios
//! ([`Scenarios`]). A compiled card set names the family that plays it
//! (`family:` in its `game.yaml`, [`GameInfo::family`]); a [`Family`] says
//! how to bind those rules to it. Everything the command line does goes
//! through [`AnyGame`], which [`Rules`] gives any [`Game`]: adding a family
//! is its own crate (or folder) and one [`Family`] value handed to the
//! command line (`sevenw_cli::main_with_families`).

pub mod architects;
pub mod base;
pub mod duel;

use sevenw_host::GameInfo;

use crate::bots::{BotKind, Bots, Judge};
use crate::engine::vocab::Vocab;
use crate::env::{Env, Observe, Stepper};
use crate::game::{Game, OptionSpec, Outcome, Setup, SetupError, check_options, play_out};
use crate::narrate::{Narrate, Narrator, Plain};
use crate::parts::PartError;
use crate::replay::{Log, Recorder, ReplayError, replay};
use crate::scenario::{Run, Scenarios};
use crate::schema::schema_for;
use crate::sheet::{Price, ScoreReport, SheetError, Sheets, Target, seat_of};
use crate::sim::{SimError, SimOptions, Stats, simulate_with};
use crate::soak::{Checks, Invariants};
use crate::statistics::Statistics;
use crate::table::{Live, Resumed, Show, Table};

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

/// A family with every capability: a greedy bot, invariants, sheets, a
/// story, scenarios, tables and environments.
fn full<G: Judge + Invariants + Sheets + Narrate + Scenarios + Show + Observe + 'static>(
    g: Result<G, crate::engine::vocab::VocabError>,
) -> Result<Box<dyn AnyGame>, String> {
    g.map(|g| {
        Box::new(
            Rules::new(g)
                .with_greedy()
                .with_invariants()
                .with_sheets()
                .with_story()
                .with_scenarios()
                .with_table()
                .with_env(),
        ) as Box<dyn AnyGame>
    })
    .map_err(|e| e.to_string())
}

/// The families this runtime ships (the card library's `family:` names).
pub const SHIPPED: &[Family] = &[
    Family {
        name: "base",
        load: |info| full(base::Base::new(info)),
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
        load: |info| full(duel::Duel::new(info)),
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
        load: |info| full(architects::Architects::new(info)),
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

/// The compiled games a command line plays and the families whose rules
/// play them.
#[derive(Clone, Copy, Debug)]
pub struct Library<'a> {
    pub games: &'a [&'static GameInfo],
    pub families: &'a [Family],
}

impl<'a> Library<'a> {
    /// `games`, played by the shipped families.
    pub fn shipped(games: &'a [&'static GameInfo]) -> Self {
        Library {
            games,
            families: SHIPPED,
        }
    }

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
                crate::text::did_you_mean(crate::engine::nearest::closest(&info.family.to_lowercase(), &names))
            )
        })?;
    (family.load)(info).map_err(|e| format!("game `{}`: {e}", info.name))
}

/// The rules of the shipped families that play `info`.
pub fn rules_for(info: &'static GameInfo) -> Result<Box<dyn AnyGame>, String> {
    rules_in(SHIPPED, info)
}

/// Runs a scenario of any game of `lib` (its `game:` says which).
pub fn test(lib: &Library<'_>, text: &str) -> Run {
    let error = |e: crate::doc::DocError| Run {
        error: Some(e),
        ..Run::default()
    };
    let info = match crate::doc::select_of(lib.games, text, "scenario") {
        Ok(i) => i,
        Err(e) => return error(e),
    };
    let run = match lib.rules(info) {
        Ok(g) => g.test(text),
        Err(m) => return error(crate::doc::nowhere(m)),
    };
    // A scenario that plays nothing and checks nothing would pass whatever
    // the rules do: it is a mistake (a city sheet given as a scenario, say).
    if run.passed() && run.steps == 0 && run.checks == 0 {
        return error(crate::doc::nowhere(
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
/// Every game plays, simulates, balances and replays with the random and
/// search bots; the greedy bot, scoring and pricing sheets and running
/// scenarios are for the families that have them, and say so plainly
/// otherwise.
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
    /// Plays one game with bots, told and logged.
    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError>;
    /// Plays many games.
    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError>;
    /// The final position of each game `sim` plays with `opts` (the same
    /// seeds and bots), as a city sheet, the players called P1, P2, …, in
    /// game order: for the families with sheets (`sim --sheets`).
    fn final_sheets(&self, opts: &SimOptions) -> Result<Vec<String>, SimError>;
    /// Plays many games for a balance report.
    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<crate::balance::Tally, SimError>;
    /// Plays games for a balance report until its intervals are as narrow
    /// as `budget` asks, or its budget runs out
    /// ([`crate::balance::play_until`]).
    fn balance_until(
        &self,
        opts: &SimOptions,
        budget: crate::balance::Budget,
        progress: &(dyn Fn(u64) + Sync),
        batch: &mut dyn FnMut(crate::balance::Progress),
    ) -> Result<(crate::balance::Tally, crate::balance::Stop), SimError>;
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
    /// [`AnyGame::sim_part`] for a balance report.
    fn balance_part(
        &self,
        opts: &SimOptions,
        games: std::ops::Range<u64>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<String, SimError>;
    /// The sums of the balance run `opts` from its parts, as `balance`
    /// gives them.
    fn balance_merge(
        &self,
        opts: &SimOptions,
        parts: &[String],
    ) -> Result<crate::balance::Tally, PartError>;
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
    /// A new game at a table, played one decision at a time by people and
    /// bots ([`crate::table`]): for the families that show their views.
    fn table(&self, setup: &Setup) -> Result<Box<dyn Table + '_>, SetupError>;
    /// A stored game at a table: its set-up and its decisions (action
    /// numbers) played again. The error says which decision, if one
    /// cannot be played.
    fn resume(&self, setup: &Setup, decisions: &[u32]) -> Result<Box<dyn Table + '_>, String>;
    /// A game stepped by action numbers, each seat observing a flat
    /// vector ([`crate::env`]): for the families that observe.
    fn env(&self, setup: &Setup) -> Result<Box<dyn Env + '_>, SetupError>;
}

/// A family's city sheets, as functions of its rules.
struct SheetOps<G: Game> {
    score: fn(&G, &str) -> Result<ScoreReport, SheetError>,
    write: fn(&G, &G::State, &[String]) -> String,
    refuse: fn(&G, &Target) -> Option<String>,
    price: fn(&G, &str, &str, &Target) -> Result<Price, SheetError>,
}

/// One game played with bots of those a game has, told.
type PlayFn<G> = fn(&G, Bots<G>, &Setup, &[BotKind]) -> Result<Played, SetupError>;

/// A family's story of a game, as functions of its rules.
struct StoryOps<G: Game> {
    play: PlayFn<G>,
    replay: fn(&G, &Log) -> Result<String, ReplayError>,
}

/// A game at a table, borrowing its rules.
type TableOf<'a, E> = Result<Box<dyn Table + 'a>, E>;

/// A game at a table, started or resumed, for a family that shows its views.
struct TableOps<G: Game> {
    start: for<'a> fn(&'a G, Bots<G>, &Setup) -> TableOf<'a, SetupError>,
    resume: for<'a> fn(&'a G, Bots<G>, &Setup, &[u32]) -> TableOf<'a, String>,
}

/// A game stepped by action numbers, borrowing its rules.
type EnvOf<'a> = Result<Box<dyn Env + 'a>, SetupError>;

/// Starts a game stepped by action numbers, for a family that observes.
type MakeEnv<G> = for<'a> fn(&'a G, Bots<G>, &Setup) -> EnvOf<'a>;

/// A family's rules behind [`AnyGame`], with the capabilities it has:
/// [`Rules::new`] needs only [`Game`] and its [`Statistics`] (it plays,
/// simulates, balances and replays with the random and search bots,
/// telling moves in [`Game::describe`]'s words, and `sim --check` checks
/// what every game promises); `with_greedy`, `with_invariants`,
/// `with_sheets`, `with_story` and `with_scenarios` add what the family
/// implements.
pub struct Rules<G: Game> {
    game: G,
    bots: Bots<G>,
    checks: Checks<G>,
    sheets: Option<SheetOps<G>>,
    story: Option<StoryOps<G>>,
    scenarios: Option<fn(&G, &str) -> Run>,
    tables: Option<TableOps<G>>,
    envs: Option<MakeEnv<G>>,
}

impl<G: Game> Rules<G> {
    /// The rules alone (and the statistics every simulation needs: how the
    /// game can be won).
    pub fn new(game: G) -> Self
    where
        G: Statistics,
    {
        Rules {
            game,
            bots: Bots::new(),
            checks: Checks::new(),
            sheets: None,
            story: None,
            scenarios: None,
            tables: None,
            envs: None,
        }
    }

    /// With the greedy bot: the family judges moves.
    pub fn with_greedy(mut self) -> Self
    where
        G: Judge + 'static,
    {
        self.bots = self.bots.with_greedy();
        self
    }

    /// With the family's invariants, checked after every move by `sim
    /// --check`.
    pub fn with_invariants(mut self) -> Self
    where
        G: Invariants,
    {
        self.checks = self.checks.with_invariants();
        self
    }

    /// With the family's city sheets: `score`, `price`, and `sim --check`
    /// writing each final position as a sheet.
    pub fn with_sheets(mut self) -> Self
    where
        G: Sheets,
    {
        self.sheets = Some(SheetOps {
            score: |g, sheet| {
                let s = g.read_sheet(sheet)?;
                Ok(ScoreReport::new(g, &g.outcome(&s.state), &s.names))
            },
            write: |g, state, names| g.write_sheet(state, names),
            refuse: |g, target| g.refuse(target),
            price: |g, sheet, player, target| {
                let s = g.read_sheet(sheet)?;
                let seat = seat_of(&s.names, player)?;
                g.price(&s.state, &s.names, seat, target)
            },
        });
        self.checks = self.checks.with_sheets();
        self
    }

    /// With the family's own story of a game (`play`, `replay`).
    pub fn with_story(mut self) -> Self
    where
        G: Narrate,
    {
        self.story = Some(StoryOps {
            play: |g, makers, setup, bots| played(g, makers, setup, bots, Narrator::new),
            replay: |g, log| replayed(g, log, Narrator::new),
        });
        self
    }

    /// With the family's scenarios (`test`).
    pub fn with_scenarios(mut self) -> Self
    where
        G: Scenarios,
    {
        self.scenarios = Some(crate::scenario::run::<G>);
        self
    }

    /// With tables: games played by people, one decision at a time
    /// (`sevenw serve`, `sevenw play --human`).
    pub fn with_table(mut self) -> Self
    where
        G: Show,
    {
        self.tables = Some(TableOps {
            start: |g, bots, setup| Ok(Box::new(Live::start(g, bots, setup)?)),
            resume: |g, bots, setup, decisions| match Live::resume(g, bots, setup, decisions) {
                Ok(live) => Ok(Box::new(live)),
                Err(Resumed::Setup(e)) => Err(e.to_string()),
                Err(Resumed::Decision(_, i, e)) => {
                    Err(format!("decision {} cannot be played: {e}", i + 1))
                }
            },
        });
        self
    }

    /// With environments: games stepped by action numbers, each seat
    /// observing a flat vector (`AnyGame::env`, the Python package).
    pub fn with_env(mut self) -> Self
    where
        G: Observe,
    {
        self.envs = Some(|g, bots, setup| Ok(Box::new(Stepper::start(g, bots, setup)?)));
        self
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn no_tables(&self) -> String {
        format!(
            "{} shows no views to people: it is played by bots only",
            self.game.info().title
        )
    }

    fn no_sheets(&self, what: &str) -> String {
        format!(
            "{} has no city sheets: {what} needs one",
            self.game.info().title
        )
    }
}

/// What tells a game: a family's [`Narrator`], or the [`Plain`] story.
trait Story<G: Game>: crate::game::Observer<G> {
    fn finish(self, game: &G, outcome: &Outcome) -> String;
}

impl<G: Narrate> Story<G> for Narrator<G> {
    fn finish(self, game: &G, outcome: &Outcome) -> String {
        Narrator::finish(self, game, outcome)
    }
}

impl<G: Game> Story<G> for Plain {
    fn finish(self, game: &G, outcome: &Outcome) -> String {
        Plain::finish(self, game, outcome)
    }
}

/// One game played with bots, told by the story `new` starts.
fn played<G: Game, S: Story<G>>(
    g: &G,
    makers: Bots<G>,
    setup: &Setup,
    bots: &[BotKind],
    new: fn(&G, &G::State, String) -> S,
) -> Result<Played, SetupError> {
    let mut state = g.start(setup)?;
    let mut players = makers.table(g, bots, setup.seed)?;
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
    let mut obs = (new(g, &state, header), Recorder::new());
    let outcome = play_out(g, &mut state, &mut players, &mut obs)
        .map_err(|e| SetupError::Game(e.to_string()))?;
    let (story, recorder) = obs;
    let mut log = Log::new(g, setup);
    log.finish(recorder, &outcome);
    Ok(Played {
        text: story.finish(g, &outcome),
        log,
    })
}

/// A log played again and checked, told by the story `new` starts.
fn replayed<G: Game, S: Story<G>>(
    g: &G,
    log: &Log,
    new: fn(&G, &G::State, String) -> S,
) -> Result<String, ReplayError> {
    let header = format!("{}: replay, seed {}\n", g.info().title, log.seed);
    // The story starts from the logged set-up, which `replay` checks
    // (and reports, with its line, if it cannot be played).
    let start = log
        .setup(g.vocab(), g.options())
        .ok()
        .and_then(|s| g.start(&s).ok());
    match start {
        Some(state) => {
            let mut story = new(g, &state, header);
            let (outcome, _) = replay(g, log, &mut story)?;
            Ok(story.finish(g, &outcome))
        }
        None => Err(replay(g, log, &mut ()).err().unwrap_or(ReplayError {
            line: 0,
            message: "the log's set-up cannot be played".to_string(),
        })),
    }
}

impl<G: Statistics> AnyGame for Rules<G> {
    fn info(&self) -> &'static GameInfo {
        self.game.info()
    }

    fn vocab(&self) -> &Vocab {
        self.game.vocab()
    }

    fn victories(&self) -> &'static [&'static str] {
        self.game.victories()
    }

    fn options(&self) -> &'static [OptionSpec] {
        self.game.options()
    }

    fn check(&self, setup: &Setup) -> Result<(), SetupError> {
        check_options(self.game.options(), &setup.options)?;
        self.game.start(setup).map(|_| ())
    }

    fn check_bots(&self, bots: &[BotKind]) -> Result<(), SetupError> {
        self.bots.check(&self.game, bots)
    }

    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError> {
        check_options(self.game.options(), &setup.options)?;
        match &self.story {
            Some(s) => (s.play)(&self.game, self.bots, setup, bots),
            None => played(&self.game, self.bots, setup, bots, Plain::new),
        }
    }

    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        simulate_with(&self.game, self.bots, opts, progress, self.checks)
    }

    fn final_sheets(&self, opts: &SimOptions) -> Result<Vec<String>, SimError> {
        let Some(sheets) = &self.sheets else {
            let why = self.no_sheets("`--sheets`");
            return Err(SimError::Setup(SetupError::Game(why)));
        };
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        let mut out = Vec::with_capacity(usize::try_from(opts.games).unwrap_or(0));
        let mut setup = opts.setup.clone();
        for i in 0..opts.games {
            // As `sim` plays game `i`: its seed, and the bots seated with it.
            let seed = crate::sim::game_seed(opts.setup.seed, i);
            setup.seed = seed;
            let mut bots = self
                .bots
                .table(&self.game, &opts.bots, seed)
                .map_err(SimError::Setup)?;
            let mut state = self.game.start(&setup).map_err(SimError::Setup)?;
            play_out(&self.game, &mut state, &mut bots, &mut ())
                .map_err(|error| SimError::Play { game: i, error })?;
            let names: Vec<String> = (1..=self.game.seats(&state))
                .map(|p| format!("P{p}"))
                .collect();
            out.push((sheets.write)(&self.game, &state, &names));
        }
        Ok(out)
    }

    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<crate::balance::Tally, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        crate::balance::play(&self.game, self.bots, opts, progress)
    }

    fn sim_part(
        &self,
        opts: &SimOptions,
        games: std::ops::Range<u64>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<String, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        let games = games.start.min(opts.games)..games.end.min(opts.games);
        let stats = crate::sim::simulate_part(
            &self.game,
            self.bots,
            opts,
            games.clone(),
            progress,
            self.checks,
        )?;
        Ok(crate::parts::sim_part(&self.game, opts, games, &stats))
    }

    fn sim_merge(&self, opts: &SimOptions, parts: &[String]) -> Result<Stats, PartError> {
        crate::parts::merge_sim(&self.game, opts, parts)
    }

    fn balance_part(
        &self,
        opts: &SimOptions,
        games: std::ops::Range<u64>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<String, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        let games = games.start.min(opts.games)..games.end.min(opts.games);
        let tally =
            crate::balance::play_part(&self.game, self.bots, opts, games.clone(), progress)?;
        Ok(crate::parts::balance_part(&self.game, opts, games, &tally))
    }

    fn balance_merge(
        &self,
        opts: &SimOptions,
        parts: &[String],
    ) -> Result<crate::balance::Tally, PartError> {
        crate::parts::merge_balance(&self.game, opts, parts)
    }

    fn balance_until(
        &self,
        opts: &SimOptions,
        budget: crate::balance::Budget,
        progress: &(dyn Fn(u64) + Sync),
        batch: &mut dyn FnMut(crate::balance::Progress),
    ) -> Result<(crate::balance::Tally, crate::balance::Stop), SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        crate::balance::play_until(&self.game, self.bots, opts, budget, progress, batch)
    }

    fn score(&self, sheet: &str) -> Result<ScoreReport, SheetError> {
        match &self.sheets {
            Some(s) => (s.score)(&self.game, sheet),
            None => Err(crate::doc::nowhere(self.no_sheets("`score`"))),
        }
    }

    fn refuse(&self, target: &Target) -> Option<String> {
        // Without sheets `price` fails as bad input, as `score` does.
        self.sheets
            .as_ref()
            .and_then(|s| (s.refuse)(&self.game, target))
    }

    fn price(&self, sheet: &str, player: &str, target: &Target) -> Result<Price, SheetError> {
        match &self.sheets {
            Some(s) => (s.price)(&self.game, sheet, player, target),
            None => Err(crate::doc::nowhere(self.no_sheets("`price`"))),
        }
    }

    fn replay(&self, log: &Log) -> Result<String, ReplayError> {
        match &self.story {
            Some(s) => (s.replay)(&self.game, log),
            None => replayed(&self.game, log, Plain::new),
        }
    }

    fn test(&self, scenario: &str) -> Run {
        match self.scenarios {
            Some(run) => run(&self.game, scenario),
            None => Run {
                error: Some(crate::doc::nowhere(format!(
                    "{} has no scenarios: `test` needs them",
                    self.game.info().title
                ))),
                ..Run::default()
            },
        }
    }

    fn table(&self, setup: &Setup) -> Result<Box<dyn Table + '_>, SetupError> {
        match &self.tables {
            Some(t) => (t.start)(&self.game, self.bots, setup),
            None => Err(SetupError::Game(self.no_tables())),
        }
    }

    fn resume(&self, setup: &Setup, decisions: &[u32]) -> Result<Box<dyn Table + '_>, String> {
        match &self.tables {
            Some(t) => (t.resume)(&self.game, self.bots, setup, decisions),
            None => Err(self.no_tables()),
        }
    }

    fn env(&self, setup: &Setup) -> Result<Box<dyn Env + '_>, SetupError> {
        match &self.envs {
            Some(make) => make(&self.game, self.bots, setup),
            None => Err(SetupError::Game(format!(
                "{} has no observations: it cannot be stepped as an environment",
                self.game.info().title
            ))),
        }
    }
}
