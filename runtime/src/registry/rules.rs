//! [`Rules`]: a family's rules behind [`AnyGame`], with the capabilities it
//! has. Each `with_…` that adds a capability is where the family's trait
//! is known (`G: Sheets`, `G: Show`…), and keeps the conversion of the
//! rules into that capability; a family without it never has one.

use sevenw_host::GameInfo;

use super::{AnyGame, EnvCap, Played, RunsCap, ScenariosCap, SheetsCap, TableCap};
use crate::balance::{Budget, Progress, Stop, Tally};
use crate::bots::{BotKind, Bots, Judge};
use crate::engine::vocab::Vocab;
use crate::env::{Env, Observe, Stepper};
use crate::game::{Game, OptionSpec, Outcome, Setup, SetupError, check_options, play_out};
use crate::narrate::{Narrate, Narrator, Plain};
use crate::parts::PartError;
use crate::replay::{Log, Recorder, ReplayError, replay};
use crate::scenario::{Run, Scenarios};
use crate::sheet::{Price, ScoreReport, SheetError, Sheets, Target, seat_of};
use crate::sim::{SimError, SimOptions, Stats, simulate_with};
use crate::soak::{Checks, Invariants};
use crate::statistics::Statistics;
use crate::table::{Live, Resumed, Show, Table};

/// One game played with bots of those a game has, told.
type PlayFn<G> = fn(&G, Bots<G>, &Setup, &[BotKind]) -> Result<Played, SetupError>;

/// A family's story of a game, as functions of its rules.
struct StoryOps<G: Game> {
    play: PlayFn<G>,
    replay: fn(&G, &Log) -> Result<String, ReplayError>,
}

/// A capability of rules: the rules seen as it, kept by the `with_…` that
/// knows the family implements it.
type Cap<G, C> = for<'a> fn(&'a Rules<G>) -> &'a C;

/// A family's rules behind [`AnyGame`], with the capabilities it has:
/// [`Rules::new`] needs only [`Game`] and its [`Statistics`] (it plays,
/// simulates, balances and replays with the random and search bots,
/// telling moves in [`Game::describe`]'s words, and `sim --check` checks
/// what every game promises); `with_greedy`, `with_invariants`,
/// `with_sheets`, `with_story`, `with_scenarios`, `with_table` and
/// `with_env` add what the family implements.
pub struct Rules<G: Game> {
    game: G,
    bots: Bots<G>,
    checks: Checks<G>,
    story: Option<StoryOps<G>>,
    sheets: Option<Cap<G, dyn SheetsCap>>,
    scenarios: Option<Cap<G, dyn ScenariosCap>>,
    tables: Option<Cap<G, dyn TableCap>>,
    envs: Option<Cap<G, dyn EnvCap>>,
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
            story: None,
            sheets: None,
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

    /// With the family's city sheets: `score`, `price`, `sim --sheets`,
    /// and `sim --check` writing each final position as a sheet.
    pub fn with_sheets(mut self) -> Self
    where
        G: Sheets + 'static,
    {
        self.sheets = Some(|r| r);
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
        G: Scenarios + 'static,
    {
        self.scenarios = Some(|r| r);
        self
    }

    /// With tables: games played by people, one decision at a time
    /// (`sevenw serve`, `sevenw play --human`).
    pub fn with_table(mut self) -> Self
    where
        G: Show + 'static,
    {
        self.tables = Some(|r| r);
        self
    }

    /// With environments: games stepped by action numbers, each seat
    /// observing a flat vector (`AnyGame::envs`, the Python package), and
    /// the learned bot, which plays from those observations.
    pub fn with_env(mut self) -> Self
    where
        G: Observe + 'static,
    {
        self.envs = Some(|r| r);
        self.bots = self.bots.with_learned(crate::learned::bot::<G>);
        self
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
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

    fn check_learned(&self, players: usize, bots: &[BotKind]) -> Result<(), SetupError> {
        self.bots.check_learned(&self.game, players, bots)
    }

    fn play(&self, setup: &Setup, bots: &[BotKind]) -> Result<Played, SetupError> {
        check_options(self.game.options(), &setup.options)?;
        match &self.story {
            Some(s) => (s.play)(&self.game, self.bots, setup, bots),
            None => played(&self.game, self.bots, setup, bots, Plain::new),
        }
    }

    fn replay(&self, log: &Log) -> Result<String, ReplayError> {
        match &self.story {
            Some(s) => (s.replay)(&self.game, log),
            None => replayed(&self.game, log, Plain::new),
        }
    }

    fn runs(&self) -> &dyn RunsCap {
        self
    }

    fn sheets(&self) -> Option<&dyn SheetsCap> {
        self.sheets.map(|cap| cap(self))
    }

    fn scenarios(&self) -> Option<&dyn ScenariosCap> {
        self.scenarios.map(|cap| cap(self))
    }

    fn tables(&self) -> Option<&dyn TableCap> {
        self.tables.map(|cap| cap(self))
    }

    fn envs(&self) -> Option<&dyn EnvCap> {
        self.envs.map(|cap| cap(self))
    }
}

impl<G: Statistics> RunsCap for Rules<G> {
    fn sim(&self, opts: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> Result<Stats, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        simulate_with(&self.game, self.bots, opts, progress, self.checks)
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

    fn balance(
        &self,
        opts: &SimOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        crate::balance::play(&self.game, self.bots, opts, progress)
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

    fn balance_merge(&self, opts: &SimOptions, parts: &[String]) -> Result<Tally, PartError> {
        crate::parts::merge_balance(&self.game, opts, parts)
    }

    fn balance_until(
        &self,
        opts: &SimOptions,
        budget: Budget,
        progress: &(dyn Fn(u64) + Sync),
        batch: &mut dyn FnMut(Progress),
    ) -> Result<(Tally, Stop), SimError> {
        check_options(self.game.options(), &opts.setup.options).map_err(SimError::Setup)?;
        crate::balance::play_until(&self.game, self.bots, opts, budget, progress, batch)
    }
}

impl<G: Sheets> SheetsCap for Rules<G> {
    fn score(&self, sheet: &str) -> Result<ScoreReport, SheetError> {
        let s = self.game.read_sheet(sheet)?;
        Ok(ScoreReport::new(
            &self.game,
            &self.game.outcome(&s.state),
            &s.names,
        ))
    }

    fn refuse(&self, target: &Target) -> Option<String> {
        self.game.refuse(target)
    }

    fn price(&self, sheet: &str, player: &str, target: &Target) -> Result<Price, SheetError> {
        let s = self.game.read_sheet(sheet)?;
        let seat = seat_of(&s.names, player)?;
        self.game.price(&s.state, &s.names, seat, target)
    }

    fn final_sheets(&self, opts: &SimOptions) -> Result<Vec<String>, SimError> {
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
            out.push(self.game.write_sheet(&state, &names));
        }
        Ok(out)
    }
}

impl<G: Scenarios> ScenariosCap for Rules<G> {
    fn run(&self, scenario: &str) -> Run {
        crate::scenario::run(&self.game, scenario)
    }
}

impl<G: Show> TableCap for Rules<G> {
    fn start(&self, setup: &Setup) -> Result<Box<dyn Table + '_>, SetupError> {
        Ok(Box::new(Live::start(&self.game, self.bots, setup)?))
    }

    fn resume(&self, setup: &Setup, decisions: &[u32]) -> Result<Box<dyn Table + '_>, String> {
        match Live::resume(&self.game, self.bots, setup, decisions) {
            Ok(live) => Ok(Box::new(live)),
            Err(Resumed::Setup(e)) => Err(e.to_string()),
            Err(Resumed::Decision(_, i, e)) => {
                Err(format!("decision {} cannot be played: {e}", i + 1))
            }
        }
    }
}

impl<G: Observe> EnvCap for Rules<G> {
    fn start(&self, setup: &Setup) -> Result<Box<dyn Env + '_>, SetupError> {
        Ok(Box::new(Stepper::start(&self.game, self.bots, setup)?))
    }
}
