//! Replay logs: a game written as text — its set-up and every decision —
//! and played again from it, every line checked. One format for every game:
//!
//! ```text
//! sevenw replay 3
//! game base
//! players 3
//! seed 42
//! move 0 3 build Lumber Yard
//! move 1 2.1 build Baths (bank 0, left 2, right 0)
//! move 2 0 discard Altar
//! …
//! result points 0
//! score 0 45
//! score 1 38
//! score 2 40
//! ```
//!
//! The set-up lines are those of `sevenw play`: `game`, `edition` (left out
//! for the first), `with` (the expansions in play, when any), `players` (left
//! out for a game of one player count), `seed`, and, when they were chosen,
//! `sides` (`A`, `B`) and `wonders` (`WONDER:SIDE,…`). Any other line
//! before the moves, `NAME VALUE`, is one of the game's own set-up options
//! ([`Game::options`]), checked against them with its line once the game is
//! known. Every decision is `move SEAT INDEX WHAT`: the INDEX-th legal move of SEAT as the engine
//! lists them, and WHAT the move in words, which must match on replay. A
//! decision made in steps (a card action, then how to pay it) is one line
//! whose INDEX lists each step's, joined by dots (`2.1`), and whose words
//! tell the whole decision. The deals come from the seed.
//!
//! Logs of format 2, written while a build and each of its payments were
//! one move, still replay: their INDEX numbers the complete moves
//! ([`Game::logged_moves`]). `result VICTORY WINNER…` and one `score SEAT
//! TOTAL` per seat end the log; a log without them is incomplete.

use std::fmt;

use crate::engine::vocab::Vocab;
use crate::game::{Game, Observer, OptionSpec, Outcome, Setup, SetupError, Sides, check_options};
use crate::text::shown;

const MAGIC: &str = "sevenw replay 3";
/// The formats read: this one, and format 2 (one step per decision).
const READ: [(&str, u8); 2] = [(MAGIC, 3), ("sevenw replay 2", 2)];

/// The lines every log may hold; any other line before the moves is one
/// of the game's set-up options ([`Game::options`]).
const KEYWORDS: &[&str] = &[
    "game", "edition", "with", "players", "seed", "sides", "wonders", "move", "result", "score",
];
const LINES: &str = "game, edition, with, players, seed, sides, wonders, move, result, score";

/// A set-up error's message, without the command line's `--option: `.
fn option_message(e: SetupError) -> String {
    match e {
        SetupError::Option { message, .. } => message,
        SetupError::Game(m) => m,
    }
}

/// A log that cannot be read or does not play back, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Line of the log (1-based), 0 when not tied to a line.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for ReplayError {}

fn err(line: usize, message: impl Into<String>) -> ReplayError {
    ReplayError {
        line,
        message: message.into(),
    }
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub seat: usize,
    /// The index of its first step among the legal moves.
    pub index: usize,
    /// The indices of its further steps (a payment), each among the legal
    /// moves after the one before.
    pub more: Vec<usize>,
    pub what: String,
    /// Its line in the log (0 when recorded).
    pub line: usize,
}

impl Decision {
    /// Its indices as the log writes them (`2.1`).
    pub fn steps(&self) -> String {
        let mut s = self.index.to_string();
        for i in &self.more {
            s.push_str(&format!(".{i}"));
        }
        s
    }
}

/// How the game ended, as the log says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub victory: String,
    pub winners: Vec<usize>,
    /// Totals by seat.
    pub scores: Vec<i32>,
    /// The line of `result`.
    pub line: usize,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Log {
    /// The format it was written in (3, or 2 for an older log).
    pub version: u8,
    pub game: String,
    /// The edition, when not the first.
    pub edition: Option<u8>,
    /// The expansions in play.
    pub with: Vec<String>,
    /// The game's set-up options, as given.
    pub options: Vec<(String, String)>,
    pub players: Option<usize>,
    pub seed: u64,
    pub sides: Sides,
    /// `(wonder, side)` names, when chosen.
    pub wonders: Option<Vec<(String, String)>>,
    pub decisions: Vec<Decision>,
    pub ending: Option<Ending>,
    /// Lines of the set-up entries, for errors: game, players, seed,
    /// sides, wonders, edition, with.
    lines: [usize; 7],
    /// The line of each option.
    option_lines: Vec<usize>,
}

impl Log {
    /// The log of a game about to be played with `setup`.
    pub fn new<G: Game>(game: &G, setup: &Setup) -> Log {
        let info = game.info();
        let layers = &game.vocab().layers;
        let edition = layers.first().map_or(1, |l| l.info.edition);
        Log {
            version: 3,
            game: info.name.to_string(),
            edition: (edition > 1).then_some(edition),
            with: layers
                .iter()
                .skip(1)
                .map(|l| l.info.name.to_string())
                .collect(),
            options: setup.options.clone(),
            players: setup.players,
            seed: setup.seed,
            sides: setup.sides,
            wonders: setup.wonders.as_ref().map(|ws| {
                ws.iter()
                    .map(|&(w, s)| {
                        (
                            crate::engine::vocab::wonder_name(info, w).to_string(),
                            crate::engine::vocab::side_name(info, w, s).to_string(),
                        )
                    })
                    .collect()
            }),
            decisions: Vec::new(),
            ending: None,
            lines: [0; 7],
            option_lines: Vec::new(),
        }
    }

    /// The card sets the log's game is played with, among `games`.
    pub fn select(
        &self,
        games: &[&'static sevenw_host::GameInfo],
    ) -> Result<&'static sevenw_host::GameInfo, ReplayError> {
        let with: Vec<&str> = self.with.iter().map(String::as_str).collect();
        crate::select(games, &self.game, self.edition, &with).map_err(|e| {
            let line = match e.option {
                "edition" => self.lines[5],
                "with" => self.lines[6],
                _ => self.lines[0],
            };
            err(line, e.message)
        })
    }

    /// The set-up the log describes, names resolved in `vocab`, its
    /// options checked against the game's `options`.
    pub fn setup(&self, vocab: &Vocab, options: &[OptionSpec]) -> Result<Setup, ReplayError> {
        for (i, option) in self.options.iter().enumerate() {
            let line = self.option_lines.get(i).copied().unwrap_or(0);
            if !options
                .iter()
                .any(|s| s.name.eq_ignore_ascii_case(&option.0))
            {
                let names: Vec<&str> = options.iter().map(|s| s.name).collect();
                return Err(err(
                    line,
                    format!(
                        "unknown line `{}` (lines are {LINES}{}){}",
                        shown(&option.0),
                        if names.is_empty() {
                            String::new()
                        } else {
                            format!(", and the game's options {}", names.join(", "))
                        },
                        crate::text::did_you_mean(crate::engine::nearest::closest(
                            &option.0.to_lowercase(),
                            &[KEYWORDS, &names[..]].concat()
                        ))
                    ),
                ));
            }
            check_options(options, std::slice::from_ref(option))
                .map_err(|e| err(line, option_message(e)))?;
        }
        let wonders = match &self.wonders {
            None => None,
            Some(ws) => {
                let mut out = Vec::new();
                for (w, s) in ws {
                    let line = self.lines[4];
                    let wi = crate::sheet::wonder_named(vocab, w).map_err(|m| err(line, m))?;
                    let si = if s.is_empty() {
                        0
                    } else {
                        vocab
                            .find_side(wi, s)
                            .ok_or_else(|| err(line, format!("{w} has no side `{}`", shown(s))))?
                    };
                    out.push((wi, si));
                }
                Some(out)
            }
        };
        Ok(Setup {
            players: self.players,
            seed: self.seed,
            sides: self.sides,
            wonders,
            options: self.options.clone(),
        })
    }

    /// The line of the `game` entry.
    pub fn game_line(&self) -> usize {
        self.lines[0]
    }

    /// The line of a set-up error about `option`.
    /// The line of the set-up entry `option`; the `game` line when the log
    /// has none (a log of another game that lacks a line this one needs).
    fn option_line(&self, option: &str) -> usize {
        let line = match option {
            "players" => self.lines[1],
            "seed" => self.lines[2],
            "sides" => self.lines[3],
            "wonders" => self.lines[4],
            _ => self
                .options
                .iter()
                .position(|(name, _)| name == option)
                .and_then(|i| self.option_lines.get(i).copied())
                .unwrap_or(0),
        };
        if line > 0 { line } else { self.lines[0] }
    }

    pub fn to_text(&self) -> String {
        let magic = READ
            .iter()
            .find(|&&(_, v)| v == self.version)
            .map_or(MAGIC, |&(m, _)| m);
        let mut s = format!("{magic}\ngame {}\n", self.game);
        if let Some(e) = self.edition {
            s.push_str(&format!("edition {e}\n"));
        }
        if !self.with.is_empty() {
            s.push_str(&format!("with {}\n", self.with.join(",")));
        }
        for (name, value) in &self.options {
            s.push_str(&format!("{name} {value}\n"));
        }
        if let Some(n) = self.players {
            s.push_str(&format!("players {n}\n"));
        }
        s.push_str(&format!("seed {}\n", self.seed));
        match self.sides {
            Sides::A => s.push_str("sides A\n"),
            Sides::B => s.push_str("sides B\n"),
            Sides::Random => {}
        }
        if let Some(ws) = &self.wonders {
            let list: Vec<String> = ws.iter().map(|(w, side)| format!("{w}:{side}")).collect();
            s.push_str(&format!("wonders {}\n", list.join(",")));
        }
        for d in &self.decisions {
            s.push_str(&format!("move {} {} {}\n", d.seat, d.steps(), d.what));
        }
        if let Some(e) = &self.ending {
            let w: Vec<String> = e.winners.iter().map(usize::to_string).collect();
            s.push_str(&format!("result {} {}\n", e.victory, w.join(" ")));
            for (i, t) in e.scores.iter().enumerate() {
                s.push_str(&format!("score {i} {t}\n"));
            }
        }
        s
    }

    pub fn parse(text: &str) -> Result<Log, ReplayError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        let first = lines.next();
        let known = first.and_then(|(_, l)| READ.iter().find(|&&(m, _)| m == l));
        let version = known.map_or(3, |&(_, v)| v);
        match first {
            Some(_) if known.is_some() => {}
            Some((_, l)) if l.starts_with("sevenw ") && l.contains("replay") => {
                return Err(err(
                    1,
                    format!(
                        "`{}` is an older log format; this sevenw reads `{MAGIC}` and `sevenw replay 2` (play the game again with --log)",
                        shown(l)
                    ),
                ));
            }
            _ => return Err(err(1, format!("not a replay log (expected `{MAGIC}`)"))),
        }
        let mut log = Log {
            version,
            game: String::new(),
            edition: None,
            with: Vec::new(),
            options: Vec::new(),
            players: None,
            seed: 0,
            sides: Sides::Random,
            wonders: None,
            decisions: Vec::new(),
            ending: None,
            lines: [0; 7],
            option_lines: Vec::new(),
        };
        let num = |line: usize, s: Option<&str>, what: &str| -> Result<u64, ReplayError> {
            s.and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| err(line, format!("expected a number for {what}")))
        };
        let mut seen_seed = false;
        let mut scores: Vec<(usize, i32)> = Vec::new();
        for (line, l) in lines {
            if l.trim().is_empty() || l.starts_with('#') {
                continue;
            }
            let (word, rest) = l.split_once(' ').unwrap_or((l, ""));
            let once = |seen: usize| {
                if seen > 0 {
                    Err(err(
                        line,
                        format!("`{word}` is given twice (first at line {seen})"),
                    ))
                } else {
                    Ok(())
                }
            };
            if log.ending.is_some() && word != "score" {
                return Err(err(line, "nothing may follow the result but its scores"));
            }
            match word {
                "game" => {
                    once(log.lines[0])?;
                    log.game = rest.trim().to_string();
                    log.lines[0] = line;
                }
                "edition" => {
                    once(log.lines[5])?;
                    let e = num(line, Some(rest), "the edition")?;
                    log.edition = Some(
                        u8::try_from(e)
                            .ok()
                            .filter(|&e| e >= 1)
                            .ok_or_else(|| err(line, "the edition is a number from 1 to 255"))?,
                    );
                    log.lines[5] = line;
                }
                "with" => {
                    once(log.lines[6])?;
                    log.with = rest
                        .split(',')
                        .map(|w| w.trim().to_string())
                        .filter(|w| !w.is_empty())
                        .collect();
                    log.lines[6] = line;
                }
                "players" => {
                    once(log.lines[1])?;
                    log.players = Some(num(line, Some(rest), "players")? as usize);
                    log.lines[1] = line;
                }
                "seed" => {
                    once(log.lines[2])?;
                    log.seed = num(line, Some(rest), "the seed")?;
                    log.lines[2] = line;
                    seen_seed = true;
                }
                "sides" => {
                    once(log.lines[3])?;
                    log.sides = match rest.trim().to_ascii_lowercase().as_str() {
                        "a" => Sides::A,
                        "b" => Sides::B,
                        "random" => Sides::Random,
                        other => {
                            return Err(err(
                                line,
                                format!("`{}` is not a side policy (A, B, random)", shown(other)),
                            ));
                        }
                    };
                    log.lines[3] = line;
                }
                "wonders" => {
                    once(log.lines[4])?;
                    log.wonders = Some(
                        rest.split(',')
                            .map(|item| {
                                let (w, s) = item.rsplit_once(':').unwrap_or((item, ""));
                                (w.trim().to_string(), s.trim().to_string())
                            })
                            .collect(),
                    );
                    log.lines[4] = line;
                }
                "move" => {
                    if log.lines[0] == 0 || !seen_seed {
                        return Err(err(line, "moves come after the `game` and `seed` lines"));
                    }
                    let mut it = rest.splitn(3, ' ');
                    let seat = num(line, it.next(), "the seat")? as usize;
                    let steps = it.next().unwrap_or("");
                    let mut indices = steps.split('.');
                    let index = num(line, indices.next(), "the move's index")? as usize;
                    let more = indices
                        .map(|i| num(line, Some(i), "the step's index").map(|i| i as usize))
                        .collect::<Result<Vec<_>, _>>()?;
                    if version < 3 && !more.is_empty() {
                        return Err(err(
                            line,
                            format!(
                                "a format {version} log has one index per move, not `{}`",
                                shown(steps)
                            ),
                        ));
                    }
                    let what = it.next().unwrap_or("").to_string();
                    log.decisions.push(Decision {
                        seat,
                        index,
                        more,
                        what,
                        line,
                    });
                }
                "result" => {
                    let mut it = rest.split_whitespace();
                    let victory = it
                        .next()
                        .ok_or_else(|| err(line, "expected `result VICTORY WINNER…`"))?
                        .to_string();
                    let mut winners = Vec::new();
                    for w in it {
                        winners.push(num(line, Some(w), "a winner")? as usize);
                    }
                    log.ending = Some(Ending {
                        victory,
                        winners,
                        scores: Vec::new(),
                        line,
                    });
                }
                "score" => {
                    if log.ending.is_none() {
                        return Err(err(line, "scores come after the `result` line"));
                    }
                    let mut it = rest.split_whitespace();
                    let seat = num(line, it.next(), "the seat")? as usize;
                    let total: i32 = it
                        .next()
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| err(line, "expected `score SEAT TOTAL`"))?;
                    if seat != scores.len() {
                        return Err(err(line, "scores are listed by seat, in order"));
                    }
                    scores.push((line, total));
                }
                // Any other line before the moves is a set-up option of the
                // game (`NAME VALUE`), checked once the game is known.
                other if log.decisions.is_empty() && !rest.trim().is_empty() => {
                    if let Some(i) = log
                        .options
                        .iter()
                        .position(|(n, _)| n.eq_ignore_ascii_case(other))
                    {
                        return Err(err(
                            line,
                            format!(
                                "`{other}` is given twice (first at line {})",
                                log.option_lines[i]
                            ),
                        ));
                    }
                    log.options
                        .push((other.to_string(), rest.trim().to_string()));
                    log.option_lines.push(line);
                }
                other => {
                    return Err(err(
                        line,
                        format!(
                            "unknown line `{}` (lines are {LINES}){}",
                            shown(other),
                            crate::text::did_you_mean(crate::engine::nearest::closest(
                                &other.to_lowercase(),
                                KEYWORDS
                            ))
                        ),
                    ));
                }
            }
        }
        if log.lines[0] == 0 || log.game.is_empty() {
            return Err(err(0, "the log names no game (a `game` line)"));
        }
        if !seen_seed {
            return Err(err(0, "the log gives no seed (a `seed` line)"));
        }
        if let Some(e) = &mut log.ending {
            e.scores = scores.iter().map(|&(_, t)| t).collect();
        }
        Ok(log)
    }
}

/// Writes down every decision of a game as it is played: the steps of one
/// decision on one line, with the words of the whole.
#[derive(Clone, Default)]
pub struct Recorder {
    pub decisions: Vec<Decision>,
    /// Whether the next step goes on with the last decision.
    goes_on: bool,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder::default()
    }
}

impl<G: Game> Observer<G> for Recorder {
    fn decided(&mut self, game: &G, s: &G::State, seat: usize, index: usize, moves: &[G::Move]) {
        let what = game.describe_in(s, &moves[index]);
        match self.decisions.last_mut() {
            Some(d) if self.goes_on && d.seat == seat => {
                d.more.push(index);
                d.what = what;
            }
            _ => self.decisions.push(Decision {
                seat,
                index,
                more: Vec::new(),
                what,
                line: 0,
            }),
        }
    }

    fn applied(&mut self, game: &G, s: &G::State, _seat: usize, _mv: &G::Move) {
        self.goes_on = game.continues(s);
    }
}

impl Log {
    /// Ends a recorded log: its decisions and how the game ended.
    pub fn finish(&mut self, recorder: Recorder, outcome: &Outcome) {
        self.decisions = recorder.decisions;
        self.ending = Some(Ending {
            victory: outcome.victory.to_string(),
            winners: outcome.winners.clone(),
            scores: outcome.scores.iter().map(|s| s.total).collect(),
            line: 0,
        });
    }
}

/// Plays the logged game again with `game`'s rules, checking every line:
/// the set-up, each decision (the seat asked, the index, the words), that
/// the game ends with the log, and the result. `obs` follows the game.
pub fn replay<G: Game>(
    game: &G,
    log: &Log,
    obs: &mut impl Observer<G>,
) -> Result<(Outcome, G::State), ReplayError> {
    if !log.game.eq_ignore_ascii_case(game.info().name) {
        return Err(err(
            log.lines[0],
            format!(
                "the log is of game `{}`, not `{}`",
                shown(&log.game),
                game.info().name
            ),
        ));
    }
    let layers = &game.vocab().layers;
    let edition = layers.first().map_or(1, |l| l.info.edition);
    let mut with: Vec<String> = layers
        .iter()
        .skip(1)
        .map(|l| l.info.name.to_ascii_lowercase())
        .collect();
    let mut logged: Vec<String> = log.with.iter().map(|w| w.to_ascii_lowercase()).collect();
    with.sort();
    logged.sort();
    if log.edition.unwrap_or(1) != edition || with != logged {
        return Err(err(
            log.lines[0],
            format!(
                "the log is of edition {} with [{}]; these rules play edition {edition} with [{}]",
                log.edition.unwrap_or(1),
                logged.join(", "),
                with.join(", ")
            ),
        ));
    }
    let setup = log.setup(game.vocab(), game.options())?;
    let mut state = game.start(&setup).map_err(|e| match e {
        SetupError::Option { option, message } => {
            let line = log.option_line(option);
            // No line of its own: the log was written for a game that does
            // not ask for it.
            let message = if line == log.lines[0] && option != "game" {
                format!("{message} (the log has no `{option}` line: is it a log of this game?)")
            } else {
                message
            };
            err(line, message)
        }
        SetupError::Game(m) => err(log.lines[0], m),
    })?;
    let mut moves = Vec::new();
    let mut next = log.decisions.iter();
    while let Some(seat) = game.to_move(&state) {
        let Some(d) = next.next() else {
            let last = log.decisions.last().map_or(log.lines[2], |d| d.line);
            return Err(err(
                last,
                format!("the log ends here, but the game goes on: seat {seat} is to decide"),
            ));
        };
        if d.seat != seat {
            return Err(err(
                d.line,
                format!("the game asks seat {seat} to decide, not seat {}", d.seat),
            ));
        }
        let steps = 1 + d.more.len();
        let mut what = String::new();
        for (k, &index) in std::iter::once(&d.index).chain(&d.more).enumerate() {
            if k > 0 && !game.continues(&state) {
                return Err(err(
                    d.line,
                    format!(
                        "the decision of seat {seat} is complete after {}; the log gives it {steps}",
                        crate::text::plural(k as i64, "step")
                    ),
                ));
            }
            game.logged_moves(&mut state, log.version, &mut moves);
            let Some(mv) = moves.get(index).copied() else {
                return Err(err(
                    d.line,
                    format!(
                        "seat {seat} has {}; there is no move {index}",
                        crate::text::plural(moves.len() as i64, "legal move"),
                    ),
                ));
            };
            what = game.describe_in(&state, &mv);
            obs.decided(game, &state, seat, index, &moves);
            game.apply(&mut state, &mv);
            obs.applied(game, &state, seat, &mv);
        }
        if game.continues(&state) {
            return Err(err(
                d.line,
                format!(
                    "the decision of seat {seat} goes on after {}: the log gives no index for its next step (`{}.N`)",
                    crate::text::plural(steps as i64, "step"),
                    d.steps()
                ),
            ));
        }
        if what != d.what {
            return Err(err(
                d.line,
                format!(
                    "move {} of seat {seat} is `{what}`, but the log says `{}`",
                    d.steps(),
                    shown(&d.what)
                ),
            ));
        }
    }
    if let Some(d) = next.next() {
        return Err(err(d.line, "the game is over before this decision"));
    }
    let outcome = game.outcome(&state);
    let Some(e) = &log.ending else {
        return Err(err(
            0,
            "the log has no `result` and `score` lines: it is incomplete",
        ));
    };
    let totals: Vec<i32> = outcome.scores.iter().map(|s| s.total).collect();
    if e.victory != outcome.victory || e.winners != outcome.winners {
        return Err(err(
            e.line,
            format!(
                "the game ends in a {} victory for seats {:?}; the log says {} for {:?}",
                outcome.victory,
                outcome.winners,
                shown(&e.victory),
                e.winners
            ),
        ));
    }
    if e.scores != totals {
        return Err(err(
            e.line,
            format!(
                "the replayed totals are {totals:?}; the log's are {:?}",
                e.scores
            ),
        ));
    }
    Ok((outcome, state))
}

impl<G: Game, A: Observer<G>, B: Observer<G>> Observer<G> for (A, B) {
    fn decided(&mut self, g: &G, s: &G::State, seat: usize, i: usize, m: &[G::Move]) {
        self.0.decided(g, s, seat, i, m);
        self.1.decided(g, s, seat, i, m);
    }
    fn applied(&mut self, g: &G, s: &G::State, seat: usize, mv: &G::Move) {
        self.0.applied(g, s, seat, mv);
        self.1.applied(g, s, seat, mv);
    }
    fn reads_moves(&self) -> bool {
        self.0.reads_moves() || self.1.reads_moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "sevenw replay 3
game base
players 3
seed 42
sides B
wonders Some Wonder:A,Other:B,Third:A
move 0 3.1 build Some Card (bank 0, left 2, right 0)
move 1 0 build A Card from the discard pile
result points 0 2
score 0 45
score 1 -2
score 2 45
";

    #[test]
    fn text_round_trips() {
        let r = Log::parse(LOG).unwrap();
        assert_eq!(r.players, Some(3));
        assert_eq!(r.seed, 42);
        assert_eq!(r.sides, Sides::B);
        assert_eq!(
            r.wonders.as_ref().unwrap()[0],
            ("Some Wonder".to_string(), "A".to_string())
        );
        assert_eq!(
            r.decisions[0],
            Decision {
                seat: 0,
                index: 3,
                more: vec![1],
                what: "build Some Card (bank 0, left 2, right 0)".into(),
                line: 7,
            }
        );
        assert_eq!(r.decisions[1].more, Vec::<usize>::new());
        let e = r.ending.as_ref().unwrap();
        assert_eq!(e.winners, vec![0, 2]);
        assert_eq!(e.scores, vec![45, -2, 45]);
        assert_eq!(r.to_text(), LOG);
        // Format 2: one index per move, written back as it was read.
        let v2 = LOG
            .replace("sevenw replay 3", "sevenw replay 2")
            .replace("move 0 3.1", "move 0 3");
        let r = Log::parse(&v2).unwrap();
        assert_eq!(r.version, 2);
        assert_eq!(r.to_text(), v2);
        let e = Log::parse(&v2.replace("move 0 3", "move 0 3.1")).unwrap_err();
        assert!(e.message.contains("one index per move"), "{e}");
        assert_eq!(e.line, 7);
    }

    #[test]
    fn bad_logs_are_errors_with_lines() {
        assert_eq!(Log::parse("hello").unwrap_err().line, 1);
        let e = Log::parse("sevenw replay 1\ngame base\n").unwrap_err();
        assert!(e.message.contains("older log format"), "{e}");
        let e = Log::parse(&LOG.replace("seed 42", "seed x")).unwrap_err();
        assert_eq!(e.line, 4);
        let e = Log::parse(&LOG.replace("move 0 3", "move 0 z")).unwrap_err();
        assert_eq!(e.line, 7);
        let e = Log::parse(&LOG.replace("move 0 3.1", "move 0 3.x")).unwrap_err();
        assert_eq!(e.line, 7);
        let e = Log::parse(&LOG.replace("sides B", "sides C")).unwrap_err();
        assert_eq!(e.line, 5);
        let e = Log::parse(&LOG.replace("move 1 0", "jump 1 0")).unwrap_err();
        assert!(e.message.contains("unknown line `jump`"), "{e}");
        assert_eq!(e.line, 8);
        let e = Log::parse(&LOG.replace("game base\n", "")).unwrap_err();
        assert!(e.message.contains("after the `game` and `seed`"), "{e}");
        let e = Log::parse("sevenw replay 2\nseed 1\n").unwrap_err();
        assert!(e.message.contains("no game"), "{e}");
        let e = Log::parse(&LOG.replace("players 3\n", "players 3\nplayers 4\n")).unwrap_err();
        assert!(e.message.contains("given twice (first at line 3)"), "{e}");
        let e = Log::parse(&format!("{LOG}move 0 1 discard X\n")).unwrap_err();
        assert!(e.message.contains("nothing may follow"), "{e}");
        let e = Log::parse(&LOG.replace("score 1 -2\n", "")).unwrap_err();
        assert!(e.message.contains("by seat, in order"), "{e}");
        // Control characters from the file are not echoed raw.
        let e = Log::parse(&LOG.replace("move 1 0", "\u{1b}[2J 1 0")).unwrap_err();
        assert!(e.message.contains("\\u{1b}"), "{e}");
    }
}
