//! Replay logs: a game written as text — its set-up and every decision —
//! and played again from it, checking each decision and the final scores.
//!
//! ```text
//! sevenw replay 1
//! game base
//! players 3
//! seed 42
//! board 0 <wonder> A
//! board 1 <wonder> B
//! board 2 <wonder> A
//! move 0 3 build <card>
//! free 1 0 <card>
//! score 0 45
//! ```
//!
//! `move SEAT INDEX WHAT` is the INDEX-th legal move of SEAT (as the engine
//! enumerates them), `free SEAT INDEX CARD` a card built from the discard
//! pile. WHAT and CARD must match on replay; the decks come from the seed.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::rc::Rc;

use sevenw_host::CardId;

use crate::base::{Base, Game, Move, Observer, Outcome, Setup, SidePolicy, Table, View};
use crate::player::Player;

const MAGIC: &str = "sevenw replay 1";

/// What a decision chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Move,
    Free,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: Kind,
    pub seat: usize,
    pub index: usize,
    pub what: String,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub game: String,
    pub players: usize,
    pub seed: u64,
    /// Wonder and side names per seat.
    pub boards: Vec<(String, String)>,
    pub entries: Vec<Entry>,
    /// Final totals per seat.
    pub scores: Vec<i32>,
}

/// A replay that cannot be read or does not play back.
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

impl Replay {
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        s.push_str(MAGIC);
        s.push('\n');
        s.push_str(&format!(
            "game {}\nplayers {}\nseed {}\n",
            self.game, self.players, self.seed
        ));
        for (i, (w, side)) in self.boards.iter().enumerate() {
            s.push_str(&format!("board {i} {w} {side}\n"));
        }
        for e in &self.entries {
            let k = match e.kind {
                Kind::Move => "move",
                Kind::Free => "free",
            };
            s.push_str(&format!("{k} {} {} {}\n", e.seat, e.index, e.what));
        }
        for (i, t) in self.scores.iter().enumerate() {
            s.push_str(&format!("score {i} {t}\n"));
        }
        s
    }

    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        match lines.next() {
            Some((_, l)) if l == MAGIC => {}
            _ => return Err(err(1, format!("not a replay log (expected `{MAGIC}`)"))),
        }
        let mut r = Replay {
            game: String::new(),
            players: 0,
            seed: 0,
            boards: Vec::new(),
            entries: Vec::new(),
            scores: Vec::new(),
        };
        let num = |line: usize, s: Option<&str>, what: &str| -> Result<u64, ReplayError> {
            s.and_then(|s| s.parse().ok())
                .ok_or_else(|| err(line, format!("expected a number for {what}")))
        };
        for (line, l) in lines {
            if l.trim().is_empty() || l.starts_with('#') {
                continue;
            }
            let (word, rest) = l.split_once(' ').unwrap_or((l, ""));
            match word {
                "game" => r.game = rest.trim().to_string(),
                "players" => r.players = num(line, Some(rest.trim()), "players")? as usize,
                "seed" => r.seed = num(line, Some(rest.trim()), "seed")?,
                "board" => {
                    let mut it = rest.split_whitespace();
                    let seat = num(line, it.next(), "the seat")? as usize;
                    let parts: Vec<&str> = it.collect();
                    if seat != r.boards.len() || parts.len() < 2 {
                        return Err(err(
                            line,
                            "expected `board SEAT WONDER SIDE`, seats in order",
                        ));
                    }
                    let side = parts[parts.len() - 1].to_string();
                    r.boards.push((parts[..parts.len() - 1].join(" "), side));
                }
                "move" | "free" => {
                    let mut it = rest.splitn(3, ' ');
                    let seat = num(line, it.next(), "the seat")? as usize;
                    let index = num(line, it.next(), "the option")? as usize;
                    let what = it.next().unwrap_or("").to_string();
                    let kind = if word == "move" {
                        Kind::Move
                    } else {
                        Kind::Free
                    };
                    r.entries.push(Entry {
                        kind,
                        seat,
                        index,
                        what,
                    });
                }
                "score" => {
                    let mut it = rest.split_whitespace();
                    let seat = num(line, it.next(), "the seat")? as usize;
                    let t: i32 = it
                        .next()
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| err(line, "expected `score SEAT TOTAL`"))?;
                    if seat != r.scores.len() {
                        return Err(err(line, "scores must be listed by seat in order"));
                    }
                    r.scores.push(t);
                }
                other => return Err(err(line, format!("unknown line `{other}`"))),
            }
        }
        if r.game.is_empty() {
            return Err(err(0, "the log names no game"));
        }
        if r.boards.len() != r.players {
            return Err(err(
                0,
                format!("{} players but {} boards", r.players, r.boards.len()),
            ));
        }
        Ok(r)
    }
}

type Log = Rc<RefCell<Vec<Entry>>>;

/// Wraps a player and writes down its decisions.
struct Recorder<'a> {
    inner: Box<dyn Player + 'a>,
    log: Log,
}

impl Player for Recorder<'_> {
    fn choose_move(&mut self, view: &View<'_>, moves: &[Move]) -> usize {
        let i = self.inner.choose_move(view, moves).min(moves.len() - 1);
        self.log.borrow_mut().push(Entry {
            kind: Kind::Move,
            seat: view.seat,
            index: i,
            what: view.base.describe(&moves[i]),
        });
        i
    }
    fn choose_free_build(&mut self, view: &View<'_>, cards: &[CardId]) -> usize {
        let i = self
            .inner
            .choose_free_build(view, cards)
            .min(cards.len() - 1);
        self.log.borrow_mut().push(Entry {
            kind: Kind::Free,
            seat: view.seat,
            index: i,
            what: view.base.card_name(cards[i]).to_string(),
        });
        i
    }
}

/// Plays a game with these players and writes it down. Returns the
/// outcome, the final table and the log.
pub fn record<'p>(
    base: &Base,
    setup: &Setup,
    players: Vec<Box<dyn Player + 'p>>,
    obs: &mut dyn Observer,
) -> Result<(Outcome, Table, Replay), crate::base::SetupError> {
    let log: Log = Rc::new(RefCell::new(Vec::new()));
    let mut wrapped: Vec<Box<dyn Player + 'p>> = players
        .into_iter()
        .map(|inner| {
            Box::new(Recorder {
                inner,
                log: Rc::clone(&log),
            }) as Box<dyn Player + 'p>
        })
        .collect();
    let mut game = Game::new(base, setup)?;
    let boards = game
        .table
        .cities
        .iter()
        .map(|c| {
            (
                base.wonder_name(c.wonder).to_string(),
                base.side_name(c.wonder, c.side).to_string(),
            )
        })
        .collect();
    let outcome = game.play(&mut wrapped, obs)?;
    drop(wrapped);
    let entries = Rc::try_unwrap(log)
        .map(RefCell::into_inner)
        .unwrap_or_default();
    let replay = Replay {
        game: base.info.name.to_string(),
        players: setup.players,
        seed: setup.seed,
        boards,
        entries,
        scores: outcome.scores.iter().map(|s| s.total).collect(),
    };
    Ok((outcome, game.table, replay))
}

/// Plays one seat from the log.
struct Replayer {
    queue: VecDeque<Entry>,
    error: Rc<RefCell<Option<String>>>,
    used: Rc<std::cell::Cell<usize>>,
}

impl Replayer {
    fn fail(&self, msg: String) {
        let mut e = self.error.borrow_mut();
        if e.is_none() {
            *e = Some(msg);
        }
    }

    fn next(
        &mut self,
        kind: Kind,
        seat: usize,
        options: usize,
        describe: impl Fn(usize) -> String,
    ) -> usize {
        let entry = self.queue.pop_front();
        if entry.is_some() {
            self.used.set(self.used.get() + 1);
        }
        match entry {
            Some(e) if e.kind == kind && e.index < options => {
                let got = describe(e.index);
                if got != e.what {
                    self.fail(format!(
                        "seat {seat}: the log says `{}` but option {} is `{got}`",
                        e.what, e.index
                    ));
                }
                e.index
            }
            Some(e) => {
                self.fail(format!(
                    "seat {seat}: the log's decision `{}` does not fit the game",
                    e.what
                ));
                0
            }
            None => {
                self.fail(format!("seat {seat}: the log ends before the game does"));
                0
            }
        }
    }
}

impl Player for Replayer {
    fn choose_move(&mut self, view: &View<'_>, moves: &[Move]) -> usize {
        self.next(Kind::Move, view.seat, moves.len(), |i| {
            view.base.describe(&moves[i])
        })
    }
    fn choose_free_build(&mut self, view: &View<'_>, cards: &[CardId]) -> usize {
        self.next(Kind::Free, view.seat, cards.len(), |i| {
            view.base.card_name(cards[i]).to_string()
        })
    }
}

/// Plays the logged game again, checking every decision and the scores.
pub fn replay(log: &Replay, obs: &mut dyn Observer) -> Result<(Outcome, Table), ReplayError> {
    let info =
        crate::game(&log.game).ok_or_else(|| err(0, format!("unknown game `{}`", log.game)))?;
    let base = Base::new(info).map_err(|e| err(0, e.to_string()))?;
    replay_in(&base, log, obs)
}

/// [`replay`] with the rules given (the log's game name is not looked up).
pub fn replay_in(
    base: &Base,
    log: &Replay,
    obs: &mut dyn Observer,
) -> Result<(Outcome, Table), ReplayError> {
    let mut boards = Vec::with_capacity(log.boards.len());
    for (w, s) in &log.boards {
        let wi = base
            .vocab
            .find_wonder(w)
            .ok_or_else(|| err(0, format!("unknown wonder `{w}`")))?;
        let si = base
            .vocab
            .find_side(wi, s)
            .ok_or_else(|| err(0, format!("{w} has no side `{s}`")))?;
        boards.push((wi, si));
    }
    let setup = Setup {
        players: log.players,
        seed: log.seed,
        sides: SidePolicy::Random,
        wonders: Some(boards),
    };
    let error = Rc::new(RefCell::new(None));
    let used = Rc::new(std::cell::Cell::new(0));
    let mut players: Vec<Box<dyn Player>> = (0..log.players)
        .map(|seat| {
            Box::new(Replayer {
                queue: log
                    .entries
                    .iter()
                    .filter(|e| e.seat == seat)
                    .cloned()
                    .collect(),
                error: Rc::clone(&error),
                used: Rc::clone(&used),
            }) as Box<dyn Player>
        })
        .collect();
    let mut game = Game::new(base, &setup).map_err(|e| err(0, e.to_string()))?;
    let outcome = game
        .play(&mut players, obs)
        .map_err(|e| err(0, e.to_string()))?;
    if let Some(e) = error.borrow_mut().take() {
        return Err(err(0, e));
    }
    let totals: Vec<i32> = outcome.scores.iter().map(|s| s.total).collect();
    if !log.scores.is_empty() && totals != log.scores {
        return Err(err(
            0,
            format!(
                "the replayed scores {totals:?} differ from the log's {:?}",
                log.scores
            ),
        ));
    }
    if used.get() != log.entries.len() {
        return Err(err(
            0,
            format!(
                "the log has {} decisions but the game asked for {}",
                log.entries.len(),
                used.get()
            ),
        ));
    }
    Ok((outcome, game.table))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "sevenw replay 1
game base
players 3
seed 42
board 0 Some Wonder A
board 1 Other B
board 2 Third A
move 0 3 build Some Card (bank 0, left 2, right 0)
free 1 0 A Card
score 0 45
score 1 -2
score 2 0
";

    #[test]
    fn text_round_trips() {
        let r = Replay::parse(LOG).unwrap();
        assert_eq!(r.players, 3);
        assert_eq!(r.seed, 42);
        assert_eq!(r.boards[0], ("Some Wonder".to_string(), "A".to_string()));
        assert_eq!(
            r.entries[0],
            Entry {
                kind: Kind::Move,
                seat: 0,
                index: 3,
                what: "build Some Card (bank 0, left 2, right 0)".into()
            }
        );
        assert_eq!(r.entries[1].kind, Kind::Free);
        assert_eq!(r.scores, vec![45, -2, 0]);
        assert_eq!(r.to_text(), LOG);
    }

    #[test]
    fn bad_logs_are_errors_with_lines() {
        assert_eq!(Replay::parse("hello").unwrap_err().line, 1);
        let e = Replay::parse(&LOG.replace("seed 42", "seed x")).unwrap_err();
        assert_eq!(e.line, 4);
        let e = Replay::parse(&LOG.replace("move 0 3", "move 0 z")).unwrap_err();
        assert_eq!(e.line, 8);
        let e = Replay::parse(&LOG.replace("board 1 Other B", "board 5 Other B")).unwrap_err();
        assert_eq!(e.line, 6);
        let e = Replay::parse(&LOG.replace("board 2 Third A\n", "")).unwrap_err();
        assert!(e.message.contains("3 players but 2 boards"), "{e}");
        let e = Replay::parse(&LOG.replace("free 1", "jump 1")).unwrap_err();
        assert!(e.message.contains("unknown line"), "{e}");
        let e = Replay::parse(&LOG.replace("game base\n", "")).unwrap_err();
        assert!(e.message.contains("no game"), "{e}");
    }

    #[test]
    fn unknown_games_do_not_replay() {
        let r = Replay::parse(&LOG.replace("game base", "game nothing")).unwrap();
        let e = replay(&r, &mut crate::base::NoObserver).unwrap_err();
        assert!(e.message.contains("unknown game"), "{e}");
    }
}
