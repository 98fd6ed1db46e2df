//! `Game`: a game at a table, played one decision at a time, each seat
//! shown what it may see.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sevenw_runtime::env::Env as RtEnv;
use sevenw_runtime::table::Table;

use crate::selection::{bot_kind, choose};
use crate::{
    Kind, action_named, action_number, action_words, ending_info, error, json_value, lock,
    seat_index,
};

/// A game at a table: played one decision at a time, each seat shown what
/// it may see (`sevenw play`'s game, `sevenw serve`'s table).
#[pyclass(module = "sevenw._native", name = "Game")]
pub(crate) struct PyGame {
    table: Mutex<Box<dyn Table>>,
    /// The size of the game's action space.
    num_actions: u32,
    /// A game of the same set-up stepped by numbers: its words for them.
    names: Mutex<Box<dyn RtEnv>>,
}

impl PyGame {
    fn seat_or_to_move(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let t = lock(&self.table);
        match seat.filter(|s| !s.is_none()) {
            Some(s) => seat_index(s, t.seats()),
            None => t
                .to_move()
                .ok_or_else(|| error(py, Kind::Illegal, "the game is over")),
        }
    }

    fn check_seat(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
        let seats = lock(&self.table).seats();
        seat.filter(|s| !s.is_none())
            .map(|s| seat_index(s, seats))
            .transpose()
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (**selection))]
    fn new(py: Python<'_>, selection: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let (g, setup, _) = choose(py, selection)?;
        let table = (g.need_tables())
            .map_err(|m| error(py, Kind::Setup, m))?
            .start(&setup)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?;
        let names = (g.need_envs())
            .map_err(|m| error(py, Kind::Setup, m))?
            .start(&setup)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?;
        Ok(PyGame {
            table: Mutex::new(table),
            num_actions: names.num_actions(),
            names: Mutex::new(names),
        })
    }

    /// The seat whose decision is next; `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        lock(&self.table).to_move()
    }

    /// Seats at the table.
    #[getter]
    fn seats(&self) -> usize {
        lock(&self.table).seats()
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        lock(&self.table).to_move().is_none()
    }

    /// The size of the action space: every action number is below it.
    #[getter]
    fn num_actions(&self) -> u32 {
        self.num_actions
    }

    /// The game's seed.
    #[getter]
    fn seed(&self) -> u64 {
        lock(&self.table).setup().seed
    }

    /// The words of action number `action`, any of the action space
    /// (legal now or not), as `Env.action_words` gives them: what it does,
    /// without what the position fills in (`actions()` words a legal
    /// move with it). `ValueError` outside the space.
    fn action_words(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        action_words(&**lock(&self.names), action)
    }

    /// The action number of `words`: those of `action_words`, or those
    /// `actions()` gives a legal move now (case and spacing aside).
    /// `ValueError` when no action has them.
    fn action_number(&self, words: &str) -> PyResult<u32> {
        let plain = |w: &str| {
            w.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        let want = plain(words);
        let legal = lock(&self.table).actions();
        if let Some(a) = legal.iter().find(|a| plain(&a.text) == want) {
            return Ok(a.number);
        }
        action_named(&**lock(&self.names), words)
    }

    /// How the game ended (as `Env.outcome`): `winners`, `victory`,
    /// `scores`, `rewards`; `None` before the end.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let t = lock(&self.table);
        let names: Vec<String> = (0..t.seats()).map(|s| s.to_string()).collect();
        let Some(r) = t.score(&names) else {
            return Ok(None);
        };
        let winners: Vec<usize> = (r.winners.iter()).filter_map(|w| w.parse().ok()).collect();
        let totals: Vec<i32> = r.players.iter().map(|p| p.total).collect();
        ending_info(py, &winners, r.victory, &totals, t.seats()).map(Some)
    }

    /// The game's title (`"7 Wonders Duel"`).
    #[getter]
    fn title(&self) -> &'static str {
        lock(&self.table).info().title
    }

    /// The legal decisions of the seat to move, as `(number, words)`:
    /// the number in the game's fixed action space, the words as a replay
    /// log writes them. Empty once the game is over.
    fn actions(&self) -> Vec<(u32, String)> {
        (lock(&self.table).actions().into_iter())
            .map(|a| (a.number, a.text))
            .collect()
    }

    /// Plays decision `action` for `seat` (default: the seat to
    /// move). Raises `IllegalAction` (not legal now, outside the action
    /// space, not that seat's turn, the game over): nothing is played.
    #[pyo3(signature = (action, seat=None))]
    fn play(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let action = action_number(py, action, self.num_actions)?;
        let seat = self.seat_or_to_move(py, seat)?;
        (lock(&self.table).play(seat, action)).map_err(|e| error(py, Kind::Illegal, e.to_string()))
    }

    /// What `seat` may see (a spectator's view for `None`: only what
    /// is public), as the JSON document `sevenw serve` shows, in Python
    /// objects. Raises `ValueError` for a seat not in the game.
    #[pyo3(signature = (seat=None))]
    fn view(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let seat = self.check_seat(seat)?;
        let doc = lock(&self.table).view(seat).to_string();
        json_value(py, &doc)
    }

    /// The moves `seat` may read so far (a spectator's for `None`),
    /// as `(seat that moved, words)`. Raises `ValueError` for a seat not in
    /// the game.
    #[pyo3(signature = (seat=None))]
    fn history(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(usize, String)>> {
        let seat = self.check_seat(seat)?;
        Ok((lock(&self.table).history(seat).into_iter())
            .map(|l| (l.seat, l.text))
            .collect())
    }

    /// The decisions played so far, as action numbers.
    fn decisions(&self) -> Vec<u32> {
        lock(&self.table).decisions().to_vec()
    }

    /// The final score (`sevenw score --json`'s document: players
    /// with points by category and total, winners, victory), the seats
    /// called `names` (default `Seat 1`, `Seat 2`…); `None` before the end.
    #[pyo3(signature = (names=None))]
    fn score(&self, py: Python<'_>, names: Option<Vec<String>>) -> PyResult<Option<Py<PyAny>>> {
        let score = {
            let t = lock(&self.table);
            let names =
                names.unwrap_or_else(|| (1..=t.seats()).map(|s| format!("Seat {s}")).collect());
            t.score(&names).map(|r| r.to_json())
        };
        match score {
            Some(r) => Ok(Some(json_value(py, &r)?)),
            None => Ok(None),
        }
    }

    /// The game's replay log so far, with its ending once over: the
    /// text `sevenw replay` plays again and checks.
    fn log(&self) -> String {
        lock(&self.table).log().to_text()
    }

    /// The decision a bot of `kind` (as `--bots` spells it: `random`,
    /// `greedy`, `mcts`, `mcts:N`) takes for the seat to move, from that
    /// seat's information only, its random stream seeded by `seed`. Not
    /// played: pass it to `play`. Raises `SetupError` for an unknown kind,
    /// `IllegalAction` once the game is over. The GIL is released while it
    /// thinks.
    #[pyo3(signature = (kind, seed=0))]
    fn bot(&self, py: Python<'_>, kind: &str, seed: u64) -> PyResult<u32> {
        let k = bot_kind(py, kind)?;
        if lock(&self.table).to_move().is_none() {
            return Err(error(py, Kind::Illegal, "the game is over"));
        }
        // The lock is taken without the GIL, and let go before it is
        // taken again: another thread holding the GIL may wait for it.
        let table = &self.table;
        py.detach(move || lock(table).bot(k, seed))
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?
            .ok_or_else(|| error(py, Kind::Illegal, "the game is over"))
    }

    fn __repr__(&self) -> String {
        let t = lock(&self.table);
        format!(
            "<sevenw.Game {}, {} seats, {} decisions played>",
            t.info().title,
            t.seats(),
            t.played()
        )
    }
}
