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

use std::fmt::Write;

use serde_saphyr::Spanned;

use crate::doc::{DocError, Value, at, value_int, value_map, value_text, value_texts};
use crate::engine::city::City;
use crate::engine::nearest::nearest;
use crate::engine::vocab::{Vocab, key};
use crate::game::Game;
use crate::sheet::{Sheets, did_you_mean};
use crate::text::shown;

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
pub trait Scenarios: Sheets {
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

/// Lower case, single spaces, no final period.
pub fn normal(s: &str) -> String {
    let k = key(s);
    k.trim_end_matches('.').trim_end().to_string()
}

const SEAT_CHECKS: &[&str] = &[
    "coins",
    "shields",
    "stages",
    "cards",
    "has",
    "lacks",
    "produces",
    "sells",
    "science",
    "victories",
    "defeats",
    "conflict points",
    "score",
    "can",
    "cannot",
];

const TABLE_CHECKS: &[&str] = &["winners", "victory", "to move", "over"];

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

fn play<G: Scenarios>(game: &G, sc: Scenario<G>, run: &mut Run) -> Result<(), DocError> {
    let Scenario {
        mut state,
        names,
        steps,
    } = sc;
    let mut waiting: Vec<Waiting<G::Move>> = Vec::new();
    for step in &steps {
        match &step.value {
            Value::Scalar(s) => {
                run.steps += 1;
                let (seat, phrase) = seat_of(&names, step, s)?;
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
                            return Ok(());
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
                        return Ok(());
                    }
                }
            }
            Value::Map(entries) => {
                let [(word, value)] = entries.as_slice() else {
                    return Err(at(
                        step,
                        "a step is a move in words, or one of `expect:` and `illegal:`",
                    ));
                };
                match normal(&word.value).as_str() {
                    "expect" => {
                        let pending = waiting_note(game, &state, &names, &waiting);
                        expect(game, &mut state, &names, value, run, &pending)?;
                    }
                    "illegal" => {
                        run.steps += 1;
                        illegal(game, &mut state, &names, value, run)?;
                    }
                    other => {
                        let hint = did_you_mean(closest(other, &["expect", "illegal"]));
                        return Err(at(word, format!("unknown step `{}`{hint}", shown(other))));
                    }
                }
            }
            other => {
                return Err(at(
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
    Ok(())
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

/// An `expect:` block: checks of seats (by name) and of the table.
fn expect<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    value: &Spanned<Value>,
    run: &mut Run,
    note: &str,
) -> Result<(), DocError> {
    for (k, v) in value_map(value, "expect")? {
        if let Some(seat) = names.iter().position(|n| normal(n) == normal(&k.value)) {
            for (ck, cv) in value_map(v, &k.value)? {
                run.checks += 1;
                let what = normal(&ck.value).replace('_', " ");
                let result = match common_seat(game, state, names, seat, &what, cv)? {
                    Check::Unknown => game.check(state, names, Some(seat), &what, cv)?,
                    c => c,
                };
                match result {
                    Check::Pass => {}
                    Check::Fail(m) => run.failures.push(fail_at(
                        ck,
                        format!("{}'s {}: {m}{note}", names[seat], ck.value.trim()),
                    )),
                    Check::Unknown => {
                        let mut all: Vec<&str> = SEAT_CHECKS.to_vec();
                        all.extend_from_slice(game.check_keys(true));
                        return Err(at(
                            ck,
                            format!(
                                "unknown check `{}` of a player (checks: {}){}",
                                shown(&ck.value),
                                yaml_keys(&all),
                                did_you_mean(
                                    closest(&what, &all).map(|k| k.replace(' ', "_")).as_deref()
                                )
                            ),
                        ));
                    }
                }
            }
            continue;
        }
        run.checks += 1;
        let what = normal(&k.value).replace('_', " ");
        let result = match common_table(game, state, names, &what, v)? {
            Check::Unknown => game.check(state, names, None, &what, v)?,
            c => c,
        };
        match result {
            Check::Pass => {}
            Check::Fail(m) => run
                .failures
                .push(fail_at(k, format!("{}: {m}{note}", k.value.trim()))),
            Check::Unknown => {
                let mut all: Vec<&str> = TABLE_CHECKS.to_vec();
                all.extend_from_slice(game.check_keys(false));
                let players: Vec<String> = names.iter().map(|n| normal(n)).collect();
                let mut options: Vec<&str> = all.clone();
                options.extend(players.iter().map(String::as_str));
                // A suggestion as it would be written: a player's name as
                // given, a check with its underscores.
                let hint =
                    closest(&what, &options).map(|c| match players.iter().position(|p| p == c) {
                        Some(i) => names[i].clone(),
                        None => c.replace(' ', "_"),
                    });
                return Err(at(
                    k,
                    format!(
                        "`{}` is neither a player nor a check (players: {}; checks: {}){}",
                        shown(&k.value),
                        names.join(", "),
                        yaml_keys(&all),
                        did_you_mean(hint.as_deref())
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Check names as they are written in files (`conflict_points`).
fn yaml_keys(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| k.replace(' ', "_"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `expected X, found Y` unless equal.
fn equal<T: PartialEq + std::fmt::Display>(want: T, have: T) -> Check {
    if want == have {
        Check::Pass
    } else {
        Check::Fail(format!("expected {want}, found {have}"))
    }
}

/// The names of cards as a sorted list for messages and comparison.
fn names_of(vocab: &Vocab, cards: impl Iterator<Item = sevenw_host::CardId>) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = cards
        .map(|c| crate::engine::vocab::card_name(vocab.info, c))
        .collect();
    v.sort_unstable();
    v
}

/// The cards a check names, each resolved.
pub fn cards_named(
    vocab: &Vocab,
    v: &Spanned<Value>,
    field: &str,
) -> Result<Vec<sevenw_host::CardId>, DocError> {
    value_texts(v, field)?
        .iter()
        .map(|n| crate::sheet::card(vocab, n))
        .collect()
}

/// Compares a multiset of cards with what a check expects.
pub fn same_cards(
    vocab: &Vocab,
    want: &[sevenw_host::CardId],
    have: impl Iterator<Item = sevenw_host::CardId>,
) -> Check {
    let want = names_of(vocab, want.iter().copied());
    let have = names_of(vocab, have);
    if want == have {
        return Check::Pass;
    }
    let mut missing = want.clone();
    let mut extra = Vec::new();
    for h in &have {
        match missing.iter().position(|m| m == h) {
            Some(i) => {
                missing.remove(i);
            }
            None => extra.push(*h),
        }
    }
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        parts.push(format!("not expected {}", extra.join(", ")));
    }
    Check::Fail(format!(
        "expected [{}], found [{}] ({})",
        want.join(", "),
        have.join(", "),
        parts.join("; ")
    ))
}

/// The checks every game has, of a seat.
fn common_seat<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    seat: usize,
    what: &str,
    v: &Spanned<Value>,
) -> Result<Check, DocError> {
    let vocab = game.vocab();
    let info = game.info();
    let city = &game.cities(state)[seat];
    Ok(match what {
        "coins" => equal(value_int(v, what)?, i64::from(city.coins)),
        "shields" => equal(value_int(v, what)?, i64::from(city.shields)),
        "stages" => equal(value_int(v, what)?, i64::from(city.stages)),
        "victories" => equal(value_int(v, what)?, i64::from(city.victories)),
        "defeats" => equal(value_int(v, what)?, i64::from(city.defeats)),
        "conflict points" => equal(value_int(v, what)?, i64::from(city.conflict_vp)),
        "cards" => same_cards(
            vocab,
            &cards_named(vocab, v, what)?,
            city.cards.iter().copied(),
        ),
        "has" | "lacks" => {
            let want = cards_named(vocab, v, what)?;
            let wrong: Vec<&str> = want
                .iter()
                .filter(|&&c| city.has_name(vocab.name_class(c)) != (what == "has"))
                .map(|&c| crate::engine::vocab::card_name(info, c))
                .collect();
            if wrong.is_empty() {
                Check::Pass
            } else if what == "has" {
                Check::Fail(format!(
                    "{} not built (built: {})",
                    wrong.join(", "),
                    names_of(vocab, city.cards.iter().copied()).join(", ")
                ))
            } else {
                Check::Fail(format!("{} built", wrong.join(", ")))
            }
        }
        "produces" | "sells" => {
            let p = if what == "produces" {
                &city.own
            } else {
                &city.sold
            };
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let set = resources(info, k)?;
                let have = if set.count_ones() == 1 {
                    i64::from(p.fixed[set.trailing_zeros() as usize])
                } else {
                    p.choices
                        .iter()
                        .filter(|c| c.options.0 == set)
                        .map(|c| i64::from(c.amount))
                        .sum()
                };
                if want != have {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "science" => {
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let name = normal(&k.value);
                let have = if name == "wild" || name == "wildcards" {
                    city.wild.len() as i64
                } else {
                    let s = info
                        .symbols
                        .iter()
                        .position(|s| normal(s) == name)
                        .ok_or_else(|| {
                            at(
                                k,
                                format!(
                                    "unknown science symbol `{}` (symbols: {}, and `wild`){}",
                                    shown(&k.value),
                                    info.symbols.join(", "),
                                    did_you_mean(closest(&name, info.symbols))
                                ),
                            )
                        })?;
                    i64::from(city.science.get(s).copied().unwrap_or(0))
                };
                if want != have {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "score" => {
            let out = game.outcome(state);
            let Some(score) = out.scores.get(seat) else {
                return Ok(Check::Fail("no score".into()));
            };
            let mut fails = Vec::new();
            for (k, n) in value_map(v, what)? {
                let want = value_int(n, &k.value)?;
                let name = normal(&k.value);
                let have = if name == "total" {
                    score.total
                } else {
                    let c = info
                        .categories
                        .iter()
                        .position(|c| normal(c) == name)
                        .ok_or_else(|| {
                            at(
                                k,
                                format!(
                                    "the game has no scoring category `{}` (categories: {}, and `total`){}",
                                    shown(&k.value),
                                    info.categories.join(", "),
                                    did_you_mean(closest(&name, info.categories))
                                ),
                            )
                        })?;
                    score.points[c]
                };
                if want != i64::from(have) {
                    fails.push(format!("{}: expected {want}, found {have}", k.value.trim()));
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        "can" | "cannot" => {
            if !game.decides_now(state, seat) {
                return Ok(Check::Fail(format!(
                    "{} has no decision to make now (the game waits for {}): `{what}` checks the moves of a player who decides",
                    names[seat],
                    waiting_for(game, state, names)
                )));
            }
            let mut fails = Vec::new();
            for step in value_texts(v, what)? {
                let phrase = normal(&step.value);
                let found = find(game, state, names, seat, &phrase);
                match (what, found) {
                    ("can", Err(why)) => fails.push(format!("`{}`: {why}", shown(&step.value))),
                    ("cannot", Ok(_)) => {
                        fails.push(format!("`{}` can be played", shown(&step.value)))
                    }
                    _ => {}
                }
            }
            if fails.is_empty() {
                Check::Pass
            } else {
                Check::Fail(fails.join("; "))
            }
        }
        _ => Check::Unknown,
    })
}

/// The resources a `produces` key names: `wood`, or `wood or clay`.
fn resources(info: &sevenw_host::GameInfo, k: &Spanned<String>) -> Result<u16, DocError> {
    let mut set = 0u16;
    for part in normal(&k.value).split(" or ") {
        let r = info
            .resources
            .iter()
            .position(|r| normal(r) == part)
            .ok_or_else(|| {
                at(
                    k,
                    format!(
                        "unknown resource `{}` (resources: {}){}",
                        shown(part),
                        info.resources.join(", "),
                        did_you_mean(closest(part, info.resources))
                    ),
                )
            })?;
        set |= 1 << (r % 16);
    }
    Ok(set)
}

/// The checks every game has, of the table.
fn common_table<G: Scenarios>(
    game: &G,
    state: &mut G::State,
    names: &[String],
    what: &str,
    v: &Spanned<Value>,
) -> Result<Check, DocError> {
    Ok(match what {
        "winners" => {
            let out = game.outcome(state);
            let mut want: Vec<String> = Vec::new();
            for n in value_texts(v, what)? {
                let seat = names
                    .iter()
                    .position(|x| normal(x) == normal(&n.value))
                    .ok_or_else(|| {
                        at(
                            &n,
                            format!(
                                "no player `{}` (players: {})",
                                shown(&n.value),
                                names.join(", ")
                            ),
                        )
                    })?;
                want.push(names[seat].clone());
            }
            let have: Vec<String> = out.winners.iter().map(|&w| names[w].clone()).collect();
            want.sort();
            let mut sorted = have.clone();
            sorted.sort();
            if want == sorted {
                Check::Pass
            } else {
                Check::Fail(format!(
                    "expected {}, found {}",
                    want.join(" and "),
                    have.join(" and ")
                ))
            }
        }
        "victory" => {
            let want = normal(value_text(v, what)?);
            if !game.victories().iter().any(|k| *k == want) {
                return Err(at(
                    v,
                    format!(
                        "`{}` is no victory of this game (victories: {})",
                        shown(&want),
                        game.victories().join(", ")
                    ),
                ));
            }
            equal(want.as_str(), game.outcome(state).victory)
        }
        "to move" => {
            let want = value_text(v, what)?.trim();
            if normal(want) != "nobody" && !names.iter().any(|n| normal(n) == normal(want)) {
                return Err(at(
                    v,
                    format!(
                        "no player `{}` (players: {}; or `nobody`)",
                        shown(want),
                        names.join(", ")
                    ),
                ));
            }
            let have = match game.to_move(state) {
                Some(s) => names[s].as_str(),
                None => "nobody",
            };
            if normal(want) == normal(have) {
                Check::Pass
            } else {
                Check::Fail(format!("expected {want}, found {have}"))
            }
        }
        "over" => equal(value_bool(v, "over")?, game.is_over(state)),
        _ => Check::Unknown,
    })
}

/// The true or false a value holds (`yes` and `no` too).
pub fn value_bool(v: &Spanned<Value>, field: &str) -> Result<bool, DocError> {
    match normal(value_text(v, field)?).as_str() {
        "true" | "yes" => Ok(true),
        "false" | "no" => Ok(false),
        other => Err(at(
            v,
            format!("`{field}` is true or false, not `{}`", shown(other)),
        )),
    }
}

/// The option nearest to `s` (a few edits away, [`nearest`]; the first
/// listed wins a tie), the options compared in their [`normal`] form.
pub fn closest<'a>(s: &str, options: &[&'a str]) -> Option<&'a str> {
    nearest(s, options.iter().map(|o| (normal(o), *o)))
}

/// A scenario's report, one line per failure, for `sevenw test`.
pub fn report_lines(path: &str, run: &Run) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(e) = &run.error {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_normalised() {
        assert_eq!(normal("  Ana   BUILDS Baths. "), "ana builds baths");
        assert_eq!(closest("coisn", &["coins", "cards"]), Some("coins"));
        assert_eq!(closest("zzz", &["coins"]), None);
    }
}
