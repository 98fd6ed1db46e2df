//! Soak checks: a game played with every invariant checked after every
//! move (`sevenw sim --check`, the `play` fuzz target).
//!
//! Besides each game's own rules of every position, for a game that
//! states them ([`Invariants`]: every card copy in exactly one place,
//! coins never negative, the conflict pawn on its track…), every game is
//! checked for what the interface promises: a seat to move has a legal move, every legal
//! move has its own number of the action space and decodes back to itself
//! ([`check_actions`](crate::game::check_actions)), the game ends, the outcome
//! names each seat once and a winner, the final cities written as a sheet
//! ([`Sheets::write_sheet`]) score the same when read back, and the game's
//! replay log, written and parsed, plays back to the same outcome.

use std::fmt;

use crate::game::{Broken, Game, Observer, Outcome, PlayError, Player, Setup, decide_move};
use crate::replay::{Log, Recorder, replay};
use crate::sheet::Sheets;
use crate::statistics::Statistics;

/// A game's rules of every position, for the soak checks.
pub trait Invariants: Game {
    /// What holds at every point of every game of these rules (every card
    /// copy in exactly one place, coins never negative, a pawn on its
    /// track…): the first rule `state` breaks, if any. Checked after every
    /// move by `sevenw sim --check` and the `play` fuzz target; never on
    /// the hot path.
    fn invariants(&self, state: &Self::State) -> Result<(), Broken>;
}

/// The check of a game's invariants ([`Invariants::invariants`]).
pub type InvariantCheck<G> = fn(&G, &<G as Game>::State) -> Result<(), Broken>;

/// Decisions after which a game that has not ended is called endless.
pub const MAX_DECISIONS: usize = 100_000;

/// A game played to its end with every check passed.
#[derive(Debug)]
pub struct Checked<G: Game> {
    pub outcome: Outcome,
    pub state: G::State,
    /// Decisions taken.
    pub decisions: usize,
}

/// The check that a game's final position, written as a city sheet and
/// read back, scores the same ([`check_sheet`] for a game with sheets).
pub type SheetCheck<G> = fn(&G, &<G as Game>::State, &Outcome) -> Result<(), Broken>;

/// What the soak checks of a game beyond what every game promises, as the
/// game has them: its invariants after every move, its final cities
/// scored again as a sheet.
pub struct Checks<G: Game> {
    pub invariants: Option<InvariantCheck<G>>,
    pub sheet: Option<SheetCheck<G>>,
}

impl<G: Game> Clone for Checks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Checks<G> {}

impl<G: Game> Default for Checks<G> {
    fn default() -> Self {
        Checks::new()
    }
}

impl<G: Game> fmt::Debug for Checks<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Checks")
            .field("invariants", &self.invariants.is_some())
            .field("sheet", &self.sheet.is_some())
            .finish()
    }
}

impl<G: Game> Checks<G> {
    /// What every game promises only.
    pub fn new() -> Self {
        Checks {
            invariants: None,
            sheet: None,
        }
    }

    /// With the game's invariants.
    pub fn with_invariants(mut self) -> Self
    where
        G: Invariants,
    {
        self.invariants = Some(G::invariants);
        self
    }

    /// With the sheet check ([`check_sheet`]).
    pub fn with_sheets(mut self) -> Self
    where
        G: Sheets,
    {
        self.sheet = Some(check_sheet::<G>);
        self
    }
}

/// Plays a game of `setup` with `players`, checking everything after every
/// move and at the end (the sheet and the replay).
pub fn play_checked<G: Statistics + Invariants + Sheets, P: Player<G>>(
    game: &G,
    setup: &Setup,
    players: &mut [P],
) -> Result<Checked<G>, Broken> {
    play_checked_with(
        game,
        setup,
        players,
        Checks::new().with_invariants().with_sheets(),
    )
}

/// [`play_checked`] for any game with statistics: the invariants and the
/// sheet check are `checks`'s.
pub fn play_checked_with<G: Statistics, P: Player<G>>(
    game: &G,
    setup: &Setup,
    players: &mut [P],
    checks: Checks<G>,
) -> Result<Checked<G>, Broken> {
    let seed = setup.seed;
    let at = |moves, broken: Broken| broken.at(seed, moves);
    let mut state = game
        .start(setup)
        .map_err(|e| at(Some(0), Broken::new("the set-up plays", e.to_string())))?;
    let mut recorder = Recorder::new();
    let decisions = play_on(
        game,
        checks.invariants,
        &mut state,
        players,
        0,
        &mut recorder,
    )
    .map_err(|(moves, broken)| at(Some(moves), broken))?;
    let outcome = game.outcome(&state);
    check_outcome(game, &state, &outcome).map_err(|b| at(None, b))?;
    if let Some(check) = checks.sheet {
        check(game, &state, &outcome).map_err(|b| at(None, b))?;
    }
    let mut log = Log::new(game, setup);
    log.finish(recorder, &outcome);
    check_replay(game, &log, &outcome).map_err(|b| at(None, b))?;
    Ok(Checked {
        outcome,
        state,
        decisions,
    })
}

/// Plays `state` on to its end, `done` decisions already taken, checking
/// what every game promises and `invariants` (if any) after every move;
/// returns the decisions taken in all, or the first broken invariant and
/// the decisions taken when it was found.
pub fn play_on<G: Game, P: Player<G>>(
    game: &G,
    invariants: Option<InvariantCheck<G>>,
    state: &mut G::State,
    players: &mut [P],
    done: usize,
    obs: &mut impl Observer<G>,
) -> Result<usize, (usize, Broken)> {
    let mut moves = Vec::with_capacity(64);
    let mut n = done;
    let holds = |state: &G::State, n: usize| match invariants {
        Some(check) => check(game, state).map_err(|b| (n, b)),
        None => Ok(()),
    };
    holds(state, n)?;
    while let Some(seat) = game.to_move(state) {
        let seats = game.seats(state);
        if seat >= seats {
            return Err((
                n,
                Broken::new(
                    "a seat to move",
                    format!("seat {seat} of {seats} is to move"),
                ),
            ));
        }
        if n >= MAX_DECISIONS {
            return Err((
                n,
                Broken::new(
                    "the game ends",
                    format!("no end after {MAX_DECISIONS} decisions"),
                ),
            ));
        }
        // With the invariants, the action space too: every legal move
        // numbered below its size, no two alike, each decoded back.
        if invariants.is_some() {
            crate::game::check_actions(game, state)
                .map_err(|e| (n, Broken::new("every legal move has its own number", e)))?;
        }
        let Some(player) = players.get_mut(seat) else {
            return Err((
                n,
                Broken::new("a seat to move", format!("no player for seat {seat}")),
            ));
        };
        let mv = match decide_move(game, state, player, seat, obs, &mut moves) {
            Ok(mv) => mv,
            Err(PlayError::Unlisted { .. }) => {
                return Err((
                    n,
                    Broken::new(
                        "a random move is a legal move",
                        format!("the move drawn for seat {seat}'s random player is not listed"),
                    ),
                ));
            }
            Err(_) => {
                return Err((
                    n,
                    Broken::new(
                        "legal moves until the end",
                        format!("seat {seat} is to move and has no legal move"),
                    ),
                ));
            }
        };
        game.apply(state, &mv);
        n += 1;
        obs.applied(game, state, seat, &mv);
        holds(state, n)?;
    }
    Ok(n)
}

/// The outcome of an ended game: a score per seat, totals the sums of
/// their categories, winners among the seats.
pub fn check_outcome<G: Statistics>(
    game: &G,
    state: &G::State,
    out: &Outcome,
) -> Result<(), Broken> {
    const OUTCOME: &str = "an outcome per seat";
    let seats = game.seats(state);
    if out.scores.len() != seats {
        return Err(Broken::new(
            OUTCOME,
            format!("{} scores for {seats} seats", out.scores.len()),
        ));
    }
    if out.winners.is_empty() || out.winners.iter().any(|&w| w >= seats) {
        return Err(Broken::new(
            OUTCOME,
            format!("winners {:?} of {seats} seats", out.winners),
        ));
    }
    if !game.victories().contains(&out.victory) {
        return Err(Broken::new(
            OUTCOME,
            format!("`{}` is not a victory of the game", out.victory),
        ));
    }
    Ok(())
}

/// The final cities written as a sheet and read back score as the game did.
pub fn check_sheet<G: Game + Sheets>(
    game: &G,
    state: &G::State,
    out: &Outcome,
) -> Result<(), Broken> {
    const SHEET: &str = "the final cities score the same as a sheet";
    let names: Vec<String> = (1..=game.seats(state)).map(|i| format!("P{i}")).collect();
    let text = game.write_sheet(state, &names);
    let sheet = game
        .read_sheet(&text)
        .map_err(|e| Broken::new(SHEET, format!("the sheet is refused: {e}\n{text}")))?;
    let again = game.outcome(&sheet.state);
    for (seat, (a, b)) in out.scores.iter().zip(&again.scores).enumerate() {
        if a.points != b.points || a.total != b.total || a.coins != b.coins {
            return Err(Broken::new(
                SHEET,
                format!(
                    "seat {seat} scored {} ({:?}) in the game and {} ({:?}) from the sheet\n{text}",
                    a.total, a.points, b.total, b.points
                ),
            ));
        }
    }
    if out.scores.len() != again.scores.len()
        || out.winners != again.winners
        || out.victory != again.victory
    {
        return Err(Broken::new(
            SHEET,
            format!(
                "the game ended in a {} victory for {:?}; the sheet says {} for {:?}\n{text}",
                out.victory, out.winners, again.victory, again.winners
            ),
        ));
    }
    Ok(())
}

/// The game's log, written as text and parsed, plays back to `out`.
pub fn check_replay<G: Game>(game: &G, log: &Log, out: &Outcome) -> Result<(), Broken> {
    const REPLAY: &str = "the replay reproduces the game";
    let text = log.to_text();
    let parsed =
        Log::parse(&text).map_err(|e| Broken::new(REPLAY, format!("the log is refused: {e}")))?;
    let (again, _) = replay(game, &parsed, &mut ())
        .map_err(|e| Broken::new(REPLAY, format!("the replay fails: {e}")))?;
    if &again != out {
        return Err(Broken::new(
            REPLAY,
            format!("the replay ends {again:?}; the game ended {out:?}"),
        ));
    }
    Ok(())
}
