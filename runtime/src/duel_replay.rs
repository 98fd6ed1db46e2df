//! Duel replay logs: a game's set-up and every decision as text, played
//! again from it, checking each decision and the result.
//!
//! ```text
//! sevenw duel replay 1
//! game duel
//! seed 42
//! wonders <w>,<w>,<w>,<w>,<w>,<w>,<w>,<w>   (only when given, not drafted)
//! choose 0 2 wonder The Pyramids
//! move 1 5 build Baths (2 coins)
//! choose 1 0 progress Law
//! result civilian 0
//! score 0 45
//! score 1 40
//! ```
//!
//! `move SEAT INDEX WHAT` is the INDEX-th legal move of SEAT as the engine
//! enumerates them; `choose SEAT INDEX WHAT` any other decision (a wonder of
//! the draft, a progress token, an opponent's card to discard, a discarded
//! card to build, who starts the next Age). WHAT must match on replay; the
//! decks and tokens come from the seed.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use crate::duel::{
    Ask, Duel, DuelGame, DuelMove, DuelObserver, DuelOutcome, DuelPlayer, DuelSetup, DuelTable,
    DuelView,
};
use crate::replay::ReplayError;

const MAGIC: &str = "sevenw duel replay 1";

fn err(line: usize, message: impl Into<String>) -> ReplayError {
    ReplayError {
        line,
        message: message.into(),
    }
}

/// One decision: `move` (`is_move`) or `choose`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelEntry {
    pub is_move: bool,
    pub seat: usize,
    pub index: usize,
    pub what: String,
    /// Line in the log it was read from (0 when recorded).
    pub line: usize,
}

/// A whole Duel game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelReplay {
    pub game: String,
    pub seed: u64,
    /// Wonder names given (the first player's 4 first), when not drafted.
    pub wonders: Option<Vec<String>>,
    pub entries: Vec<DuelEntry>,
    pub victory: String,
    pub winners: Vec<usize>,
    pub scores: [i32; 2],
}

/// Whether `text` is a Duel replay log.
pub fn is_duel_log(text: &str) -> bool {
    text.lines().next().map(str::trim_end) == Some(MAGIC)
}

fn describe_ask(d: &Duel, ask: &Ask<'_>, i: usize) -> String {
    match ask {
        Ask::Wonder(w) => format!("wonder {}", d.wonder_name(w[i])),
        Ask::Progress(t) => format!("progress {}", d.token_name(t[i])),
        Ask::DiscardOpponent(c) => format!("discard {}", d.card_name(c[i])),
        Ask::FreeBuild(c) => format!("free {}", d.card_name(c[i])),
        Ask::Starter => (if i == 0 { "start" } else { "let start" }).to_string(),
    }
}

impl DuelReplay {
    pub fn to_text(&self) -> String {
        let mut s = format!("{MAGIC}\ngame {}\nseed {}\n", self.game, self.seed);
        if let Some(w) = &self.wonders {
            s.push_str(&format!("wonders {}\n", w.join(",")));
        }
        for e in &self.entries {
            let k = if e.is_move { "move" } else { "choose" };
            s.push_str(&format!("{k} {} {} {}\n", e.seat, e.index, e.what));
        }
        let w: Vec<String> = self.winners.iter().map(|w| w.to_string()).collect();
        s.push_str(&format!("result {} {}\n", self.victory, w.join(" ")));
        for (i, t) in self.scores.iter().enumerate() {
            s.push_str(&format!("score {i} {t}\n"));
        }
        s
    }

    pub fn parse(text: &str) -> Result<DuelReplay, ReplayError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        match lines.next() {
            Some((_, l)) if l == MAGIC => {}
            _ => {
                return Err(err(
                    1,
                    format!("not a Duel replay log (expected `{MAGIC}`)"),
                ));
            }
        }
        let mut r = DuelReplay {
            game: String::new(),
            seed: 0,
            wonders: None,
            entries: Vec::new(),
            victory: String::new(),
            winners: Vec::new(),
            scores: [0; 2],
        };
        let num = |line: usize, s: Option<&str>, what: &str| -> Result<u64, ReplayError> {
            s.and_then(|s| s.parse().ok())
                .ok_or_else(|| err(line, format!("expected a number for {what}")))
        };
        let (mut seen_game, mut seen_seed, mut seen_result) = (false, false, false);
        for (line, l) in lines {
            if l.is_empty() {
                continue;
            }
            let (key, rest) = l.split_once(' ').unwrap_or((l, ""));
            match key {
                "game" => {
                    r.game = rest.trim().to_string();
                    seen_game = true;
                }
                "seed" => {
                    r.seed = num(line, Some(rest.trim()), "the seed")?;
                    seen_seed = true;
                }
                "wonders" => {
                    r.wonders = Some(rest.split(',').map(|w| w.trim().to_string()).collect());
                }
                "move" | "choose" => {
                    let mut p = rest.splitn(3, ' ');
                    let seat = num(line, p.next(), "the seat")? as usize;
                    let index = num(line, p.next(), "the choice")? as usize;
                    if seat > 1 {
                        return Err(err(line, "Duel has seats 0 and 1"));
                    }
                    r.entries.push(DuelEntry {
                        is_move: key == "move",
                        seat,
                        index,
                        what: p.next().unwrap_or("").to_string(),
                        line,
                    });
                }
                "result" => {
                    let mut p = rest.split(' ');
                    r.victory = p.next().unwrap_or("").to_string();
                    for w in p.filter(|w| !w.is_empty()) {
                        r.winners.push(num(line, Some(w), "a winner")? as usize);
                    }
                    seen_result = true;
                }
                "score" => {
                    let mut p = rest.split(' ');
                    let seat = num(line, p.next(), "the seat")? as usize;
                    let total: i32 = p
                        .next()
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| err(line, "expected a number for the score"))?;
                    if seat > 1 {
                        return Err(err(line, "Duel has seats 0 and 1"));
                    }
                    r.scores[seat] = total;
                }
                other => return Err(err(line, format!("unknown line `{other}`"))),
            }
        }
        if !seen_game || !seen_seed || !seen_result {
            return Err(err(0, "a Duel log needs `game`, `seed` and `result` lines"));
        }
        Ok(r)
    }
}

type Log = Rc<RefCell<Vec<DuelEntry>>>;

/// Plays for `inner` and writes down every decision.
struct Recorder<'p> {
    inner: &'p mut dyn DuelPlayer,
    seat: usize,
    log: Log,
}

impl DuelPlayer for Recorder<'_> {
    fn choose_move(&mut self, view: &DuelView<'_>, moves: &[DuelMove]) -> usize {
        let i = self.inner.choose_move(view, moves).min(moves.len() - 1);
        self.log.borrow_mut().push(DuelEntry {
            is_move: true,
            seat: self.seat,
            index: i,
            what: view.duel.describe(&moves[i]),
            line: 0,
        });
        i
    }
    fn choose(&mut self, view: &DuelView<'_>, ask: Ask<'_>) -> usize {
        let i = self.inner.choose(view, ask).min(ask.len() - 1);
        self.log.borrow_mut().push(DuelEntry {
            is_move: false,
            seat: self.seat,
            index: i,
            what: describe_ask(view.duel, &ask, i),
            line: 0,
        });
        i
    }
}

fn setup_of(d: &Duel, seed: u64, wonders: Option<&[String]>) -> Result<DuelSetup, ReplayError> {
    let mut setup = DuelSetup::new(seed);
    if let Some(names) = wonders {
        let mut ids = Vec::new();
        for n in names {
            ids.push(
                d.vocab
                    .find_wonder(n)
                    .ok_or_else(|| err(0, format!("unknown wonder `{n}`")))?,
            );
        }
        if ids.len() != 2 * crate::duel::WONDERS_EACH {
            return Err(err(0, "8 wonders are given, or none"));
        }
        let second = ids.split_off(crate::duel::WONDERS_EACH);
        setup.wonders = Some([ids, second]);
    }
    Ok(setup)
}

/// Plays a game with `players` and returns its outcome, final table and log.
pub fn record(
    d: &Duel,
    setup: &DuelSetup,
    players: [&mut dyn DuelPlayer; 2],
    obs: &mut dyn DuelObserver,
) -> Result<(DuelOutcome, DuelTable, DuelReplay), ReplayError> {
    let mut game = DuelGame::new(d, setup).map_err(|e| err(0, e.to_string()))?;
    let log: Log = Rc::default();
    let [a, b] = players;
    let mut r0 = Recorder {
        inner: a,
        seat: 0,
        log: log.clone(),
    };
    let mut r1 = Recorder {
        inner: b,
        seat: 1,
        log: log.clone(),
    };
    let out = game.play(&mut [&mut r0, &mut r1], obs);
    drop((r0, r1));
    let entries = std::mem::take(&mut *log.borrow_mut());
    let replay = DuelReplay {
        game: d.info.name.to_string(),
        seed: setup.seed,
        wonders: setup.wonders.as_ref().map(|w| {
            w.iter()
                .flatten()
                .map(|&x| d.wonder_name(x).to_string())
                .collect()
        }),
        entries,
        victory: out.victory.name().to_string(),
        winners: out.winners.clone(),
        scores: [out.scores[0].total, out.scores[1].total],
    };
    Ok((out, game.table, replay))
}

/// Feeds the logged decisions back, checking each.
struct Player {
    seat: usize,
    queue: Rc<RefCell<VecDeque<DuelEntry>>>,
    error: Rc<RefCell<Option<ReplayError>>>,
}

impl Player {
    fn next(&mut self, is_move: bool, n: usize, what: impl Fn(usize) -> String) -> usize {
        if self.error.borrow().is_some() {
            return 0;
        }
        let Some(e) = self.queue.borrow_mut().pop_front() else {
            *self.error.borrow_mut() = Some(err(0, "the log ends before the game"));
            return 0;
        };
        let kind = if is_move { "move" } else { "choice" };
        let problem = if e.seat != self.seat || e.is_move != is_move {
            Some(format!("the game asks seat {} for a {kind}", self.seat))
        } else if e.index >= n {
            Some(format!("{kind} {} of {n}", e.index))
        } else if what(e.index) != e.what {
            Some(format!(
                "the {kind} is `{}`, the log says `{}`",
                what(e.index),
                e.what
            ))
        } else {
            None
        };
        if let Some(p) = problem {
            *self.error.borrow_mut() = Some(err(e.line, p));
            return 0;
        }
        e.index
    }
}

impl DuelPlayer for Player {
    fn choose_move(&mut self, view: &DuelView<'_>, moves: &[DuelMove]) -> usize {
        self.next(true, moves.len(), |i| view.duel.describe(&moves[i]))
    }
    fn choose(&mut self, view: &DuelView<'_>, ask: Ask<'_>) -> usize {
        self.next(false, ask.len(), |i| describe_ask(view.duel, &ask, i))
    }
}

/// Plays `log` again with the rules `d`; fails at the first decision or
/// result that differs.
pub fn replay(
    d: &Duel,
    log: &DuelReplay,
    obs: &mut dyn DuelObserver,
) -> Result<(DuelOutcome, DuelTable), ReplayError> {
    if !log.game.eq_ignore_ascii_case(d.info.name) {
        return Err(err(0, format!("the log is of game `{}`", log.game)));
    }
    let setup = setup_of(d, log.seed, log.wonders.as_deref())?;
    let mut game = DuelGame::new(d, &setup).map_err(|e| err(0, e.to_string()))?;
    let queue = Rc::new(RefCell::new(log.entries.iter().cloned().collect()));
    let error = Rc::new(RefCell::new(None));
    let mut p0 = Player {
        seat: 0,
        queue: queue.clone(),
        error: error.clone(),
    };
    let mut p1 = Player {
        seat: 1,
        queue: queue.clone(),
        error: error.clone(),
    };
    let out = game.play(&mut [&mut p0, &mut p1], obs);
    if let Some(e) = error.borrow_mut().take() {
        return Err(e);
    }
    if let Some(e) = queue.borrow().front() {
        return Err(err(e.line, "the game ended before this decision"));
    }
    let totals = [out.scores[0].total, out.scores[1].total];
    if out.victory.name() != log.victory || out.winners != log.winners || totals != log.scores {
        return Err(err(
            0,
            format!(
                "the game ends in a {} victory for {:?} with {totals:?}; the log says {} for {:?} with {:?}",
                out.victory.name(),
                out.winners,
                log.victory,
                log.winners,
                log.scores
            ),
        ));
    }
    Ok((out, game.table))
}
