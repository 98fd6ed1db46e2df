//! Scenarios: a position, steps played in the game's words, and checks — a
//! designer's test of how cards play, written in YAML next to the cards.
//!
//! ```yaml
//! game: base
//! players:
//!   - {name: Ana, wonder: Halicarnassus, stages: 1, coins: 4, hand: [Lumber Yard, Baths]}
//!   - {name: Ben, wonder: Rhodes, hand: [Altar, Tavern]}
//!   - {name: Cid, wonder: Giza, hand: [Theater, Press]}
//! steps:
//!   - Ana builds stage 2 with Baths
//!   - Ben discards Altar
//!   - Cid builds Press
//!   - Ana takes Altar from the discard pile
//!   - expect:
//!       Ana: {stages: 2, has: [Altar]}
//! ```
//!
//! Each game reads its own position ([`Scenarios::read_scenario`], the
//! fields of its city sheets and more) and names its moves in words
//! ([`Scenarios::phrases`]); steps, checks and reports are the same for
//! every game and live here. A step is `NAME PHRASE`; a step of a seat that
//! is not the first asked in a simultaneous turn waits for its seat's turn
//! to come within that turn. `illegal:` steps must not be playable. `expect:`
//! checks only what it names. The first step that cannot be played ends the
//! scenario; failed checks do not.
//!
//! This file holds the [`Scenarios`] trait and the steps; `checks` the
//! `expect:` blocks.

use std::fmt::Write;

use serde_saphyr::Spanned;

use crate::doc::{DocError, Found, Value, at, value_text};
use crate::engine::city::City;
use crate::engine::nearest::{closest, normal};
use crate::game::Game;
use crate::sheet::Sheets;
use crate::text::{did_you_mean, shown};

mod checks;

use checks::expect;
pub use checks::{
    cards_named, equal, same_cards, same_names, same_tokens, same_wonders, value_bool,
};

/// A scenario's position, its players' names and its steps as written.
pub struct Scenario<G: Game> {
    pub state: G::State,
    pub names: Vec<String>,
    pub steps: Vec<Spanned<Value>>,
}

/// The result of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Pass,
    /// It does not hold: what was expected and what was found.
    Fail(String),
    /// The game has no such check.
    Unknown,
}

/// The games that can be tested with scenarios.
pub trait Scenarios: Sheets + crate::statistics::Statistics {
    /// Reads a scenario's position and steps (the steps are run by
    /// [`run`]).
    fn read_scenario(&self, text: &str) -> Result<Scenario<Self>, DocError>;
    /// The cities of a position.
    fn cities<'s>(&self, state: &'s Self::State) -> &'s [City];
    /// The phrases naming `mv` of `seat`, the fullest first ("builds Baths
    /// paying 2 left" before "builds Baths"); a step names a move by any of
    /// them, without regard to case and spacing.
    fn phrases(
        &self,
        state: &Self::State,
        names: &[String],
        seat: usize,
        mv: &Self::Move,
        out: &mut Vec<String>,
    );
    /// Whether `seat` has a decision to make now (in the base game's
    /// simultaneous turn, every seat that has not chosen yet). By default,
    /// a game of turns one at a time: the seat to move.
    fn decides_now(&self, state: &Self::State, seat: usize) -> bool {
        self.to_move(state) == Some(seat)
    }
    /// The legal moves of `seat`, if it decides now, into `out`.
    fn moves_of(&self, state: &mut Self::State, seat: usize, out: &mut Vec<Self::Move>) {
        out.clear();
        if self.decides_now(state, seat) {
            self.legal_moves(state, out);
        }
    }
    /// A note for checks made in the middle of something the game carries
    /// out later (a simultaneous turn some seats have chosen in).
    fn pending_note(&self, _state: &Self::State, _names: &[String]) -> Option<String> {
        None
    }
    /// Why `phrase` names no legal move of `seat` now, if the game can say.
    fn why_not(
        &self,
        state: &Self::State,
        names: &[String],
        seat: usize,
        phrase: &str,
    ) -> Option<String>;
    /// A check the game knows beyond the common ones: of a seat (`seat`)
    /// or of the table (`None`).
    fn check(
        &self,
        state: &Self::State,
        names: &[String],
        seat: Option<usize>,
        key: &str,
        value: &Spanned<Value>,
    ) -> Result<Check, DocError>;
    /// The names of the game's own checks, of a seat or of the table.
    fn check_keys(&self, seat: bool) -> &'static [&'static str];
}

/// A check or step that did not hold, at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

/// How a scenario went.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Run {
    /// What did not hold.
    pub failures: Vec<Failure>,
    /// Why the scenario could not be read or run (a mistake in the file).
    pub error: Option<DocError>,
    /// Steps played and checks made.
    pub steps: usize,
    pub checks: usize,
}

impl Run {
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.error.is_none()
    }
}

fn fail_at<T>(s: &Spanned<T>, message: impl Into<String>) -> Failure {
    Failure {
        line: s.referenced.line(),
        column: s.referenced.column(),
        message: message.into(),
    }
}

/// Runs the scenario in `text` with `game`'s rules.
pub fn run<G: Scenarios>(game: &G, text: &str) -> Run {
    let mut run = Run::default();
    let sc = match game.read_scenario(text) {
        Ok(s) => s,
        Err(e) => {
            run.error = Some(e);
            return run;
        }
    };
    if let Err(e) = play(game, sc, &mut run) {
        run.error = Some(e);
    }
    run
}

/// A step waiting for its seat within a simultaneous turn.
struct Waiting<M> {
    seat: usize,
    mv: M,
    at: Failure,
}

/// Plays the steps. A mistake in a check or in an `illegal:` step changes
/// nothing: it is kept, and the steps after it are played. A move that
/// cannot be read or played ends the run (the steps after it would play
/// from another position than the one meant).
fn play<G: Scenarios>(game: &G, sc: Scenario<G>, run: &mut Run) -> Result<(), DocError> {
    let Scenario {
        mut state,
        names,
        steps,
    } = sc;
    let mut found = Found::default();
    let mut waiting: Vec<Waiting<G::Move>> = Vec::new();
    for step in &steps {
        match &step.value {
            Value::Scalar(s) => {
                run.steps += 1;
                let (seat, phrase) = match seat_of(&names, step, s) {
                    Ok(named) => named,
                    Err(e) => return Err(found.and(e)),
                };
                match find(game, &mut state, &names, seat, &phrase) {
                    Ok(mv) => {
                        if let Some(w) = waiting.iter().find(|w| w.seat == seat) {
                            run.failures.push(fail_at(
                                step,
                                format!(
                                    "{} has already chosen this turn (at {}:{})",
                                    names[seat], w.at.line, w.at.column
                                ),
                            ));
                            return found.or(());
                        }
                        waiting.push(Waiting {
                            seat,
                            mv,
                            at: fail_at(step, ""),
                        });
                        carry_out(game, &mut state, &mut waiting);
                    }
                    Err(why) => {
                        run.failures.push(fail_at(
                            step,
                            format!("`{}` cannot be played: {why}", shown(s.trim())),
                        ));
                        return found.or(());
                    }
                }
            }
            Value::Map(entries) => {
                let [(word, value)] = entries.as_slice() else {
                    found.push(at(
                        step,
                        "a step is a move in words, or one of `expect:` and `illegal:`",
                    ));
                    continue;
                };
                match normal(&word.value).as_str() {
                    "expect" => {
                        let pending = waiting_note(game, &state, &names, &waiting);
                        expect(game, &mut state, &names, value, run, &pending, &mut found);
                    }
                    "illegal" => {
                        run.steps += 1;
                        found.keep(illegal(game, &mut state, &names, value, run));
                    }
                    other => {
                        let hint = did_you_mean(closest(other, &["expect", "illegal"]));
                        found.push(at(word, format!("unknown step `{}`{hint}", shown(other))));
                    }
                }
            }
            other => {
                found.push(at(
                    step,
                    format!(
                        "a step is a move in words or a mapping, not {}",
                        other.kind()
                    ),
                ));
            }
        }
    }
    for w in waiting {
        run.failures.push(Failure {
            message: format!(
                "{}'s move was never carried out: the turn still waits for {}",
                names[w.seat],
                waiting_for(game, &state, &names)
            ),
            ..w.at
        });
    }
    found.or(())
}

/// Applies the waiting steps whose seat is asked now, as long as there are.
fn carry_out<G: Scenarios>(game: &G, state: &mut G::State, waiting: &mut Vec<Waiting<G::Move>>) {
    while let Some(seat) = game.to_move(state) {
        let Some(i) = waiting.iter().position(|w| w.seat == seat) else {
            return;
        };
        let w = waiting.remove(i);
        game.apply(state, &w.mv);
    }
}

/// Who the game waits for, in words.
fn waiting_for<G: Scenarios>(game: &G, state: &G::State, names: &[String]) -> String {
    match game.to_move(state) {
        Some(s) => names.get(s).cloned().unwrap_or_else(|| format!("seat {s}")),
        None => "nobody: the game is over".to_string(),
    }
}

/// A note for checks made while a simultaneous turn is half chosen.
fn waiting_note<G: Scenarios>(
    game: &G,
    state: &G::State,
    names: &[String],
    waiting: &[Waiting<G::Move>],
) -> String {
    if waiting.is_empty() {
        return game
            .pending_note(state, names)
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
    }
    let chosen: Vec<&str> = waiting.iter().map(|w| names[w.seat].as_str()).collect();
    format!(
        " (the turn is not carried out yet: {} chose, {} has not)",
        chosen.join(" and "),
        waiting_for(game, state, names)
    )
}

/// The seat a step names, and the rest of it.
fn seat_of(
    names: &[String],
    step: &Spanned<Value>,
    text: &str,
) -> Result<(usize, String), DocError> {
    let t = normal(text);
    let mut best: Option<(usize, usize)> = None;
    for (i, n) in names.iter().enumerate() {
        let k = normal(n);
        if t.len() > k.len()
            && t.starts_with(&k)
            && t.as_bytes()[k.len()] == b' '
            && best.is_none_or(|(_, len)| k.len() > len)
        {
            best = Some((i, k.len()));
        }
    }
    match best {
        Some((seat, len)) => Ok((seat, t[len + 1..].to_string())),
        None => {
            let first = t.split(' ').next().unwrap_or("");
            let lower: Vec<String> = names.iter().map(|n| normal(n)).collect();
            let options: Vec<&str> = lower.iter().map(String::as_str).collect();
            let hint = closest(first, &options)
                .and_then(|c| names.iter().find(|n| normal(n) == c))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            Err(at(
                step,
                format!(
                    "a step starts with a player's name (players: {}){hint}",
                    names.join(", ")
                ),
            ))
        }
    }
}

/// The legal move of `seat` that `phrase` names, or why there is none.
fn find<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    seat: usize,
    phrase: &str,
) -> Result<G::Move, String> {
    if game.to_move(state).is_none() {
        return Err("the game is over".to_string());
    }
    if !game.decides_now(state, seat) {
        let note = game
            .pending_note(state, names)
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        return Err(format!(
            "it is not {}'s decision now; the game waits for {}{note}",
            names[seat],
            waiting_for(game, state, names)
        ));
    }
    let mut moves = Vec::new();
    game.moves_of(state, seat, &mut moves);
    let mut words = Vec::new();
    for mv in &moves {
        words.clear();
        game.phrases(state, names, seat, mv, &mut words);
        if words.iter().any(|w| normal(w) == phrase) {
            return Ok(*mv);
        }
    }
    let mut why = game
        .why_not(state, names, seat, phrase)
        .map(|w| format!("{w}; "))
        .unwrap_or_default();
    let mut options: Vec<String> = Vec::new();
    for mv in &moves {
        words.clear();
        game.phrases(state, names, seat, mv, &mut words);
        if let Some(w) = words.last()
            && !options.contains(w)
        {
            options.push(w.clone());
        }
    }
    let all: Vec<String> = moves
        .iter()
        .flat_map(|mv| {
            let mut w = Vec::new();
            game.phrases(state, names, seat, mv, &mut w);
            w
        })
        .collect();
    let lower: Vec<String> = all.iter().map(|w| normal(w)).collect();
    let refs: Vec<&str> = lower.iter().map(String::as_str).collect();
    if let Some(c) = closest(phrase, &refs)
        .and_then(|c| refs.iter().position(|r| *r == c))
        .map(|i| &all[i])
    {
        let _ = write!(why, "did you mean `{} {c}`? ", names[seat]);
    }
    let shown_options = options.len().min(12);
    let _ = write!(
        why,
        "{}'s legal moves are: {}",
        names[seat],
        options[..shown_options].join(", ")
    );
    if options.len() > shown_options {
        let _ = write!(why, " and {} more", options.len() - shown_options);
    }
    Err(why)
}

/// `illegal: STEP` or `illegal: {move: STEP, because: WORDS}`.
fn illegal<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    value: &Spanned<Value>,
    run: &mut Run,
) -> Result<(), DocError> {
    let (step, because) = match &value.value {
        Value::Scalar(_) => (value, None),
        Value::Map(entries) => {
            let mut step = None;
            let mut because = None;
            for (k, v) in entries {
                match normal(&k.value).as_str() {
                    "move" => step = Some(v),
                    "because" => because = Some(v),
                    other => {
                        return Err(at(
                            k,
                            format!(
                                "unknown field `{}` (an illegal step has `move` and `because`){}",
                                shown(other),
                                did_you_mean(closest(other, &["move", "because"]))
                            ),
                        ));
                    }
                }
            }
            let step = step.ok_or_else(|| at(value, "an illegal step needs its `move`"))?;
            (step, because)
        }
        other => {
            return Err(at(
                value,
                format!("`illegal` is a move in words, not {}", other.kind()),
            ));
        }
    };
    let text = value_text(step, "illegal")?;
    let (seat, phrase) = seat_of(names, step, text)?;
    match find(game, state, names, seat, &phrase) {
        Ok(_) => run.failures.push(fail_at(
            step,
            format!(
                "`{}` was expected to be illegal, but it can be played",
                shown(text.trim())
            ),
        )),
        Err(why) => {
            if let Some(b) = because {
                let words = value_text(b, "because")?;
                if !normal(&why).contains(&normal(words)) {
                    run.failures.push(fail_at(
                        b,
                        format!(
                            "`{}` is illegal, but not because \"{}\": {why}",
                            shown(text.trim()),
                            shown(words)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A scenario's report, one line per failure, for `sevenw test`.
pub fn report_lines(path: &str, run: &Run) -> Vec<String> {
    let mut out = Vec::new();
    for e in run.error.iter().flat_map(DocError::all) {
        out.push(if e.line > 0 {
            format!("{path}:{}:{}: error: {}", e.line, e.column, e.message)
        } else {
            format!("{path}: error: {}", e.message)
        });
    }
    let mut failures: Vec<&Failure> = run.failures.iter().collect();
    failures.sort_by_key(|f| (f.line, f.column));
    for f in failures {
        out.push(format!("{path}:{}:{}: {}", f.line, f.column, f.message));
    }
    out
}
