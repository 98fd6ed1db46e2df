//! `Env`: one game stepped by action numbers, each seat observing a flat
//! vector.

use std::sync::{Mutex, MutexGuard};

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sevenw_runtime::env::{Env as RtEnv, turn};
use sevenw_runtime::games::AnyGame;

use crate::selection::{bot_kind, choose};
use crate::{
    Kind, SeedStream, action_named, action_number, action_words, error, lock, outcome_info,
    seat_index,
};

/// A mask of `n` actions, 1 for each of `legal`, as int8 (Gymnasium's
/// dtype of a mask).
pub(crate) fn mask_i8(legal: &[u32], n: usize) -> Vec<i8> {
    let mut mask = vec![0i8; n];
    for &a in legal {
        if let Some(x) = mask.get_mut(a as usize) {
            *x = 1;
        }
    }
    mask
}

/// One game stepped by action numbers, each seat observing a flat vector.
#[pyclass(module = "sevenw._native", name = "Env")]
pub(crate) struct PyEnv {
    game: &'static dyn AnyGame,
    env: Mutex<Box<dyn RtEnv>>,
    seeds: Mutex<SeedStream>,
}

impl PyEnv {
    fn env(&self) -> MutexGuard<'_, Box<dyn RtEnv>> {
        lock(&self.env)
    }
}

#[pymethods]
impl PyEnv {
    #[new]
    #[pyo3(signature = (**selection))]
    fn new(py: Python<'_>, selection: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let (game, setup, _) = choose(py, selection)?;
        let env = (game.need_envs())
            .map_err(|m| error(py, Kind::Setup, m))?
            .start(&setup)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?;
        Ok(PyEnv {
            game,
            env: Mutex::new(env),
            seeds: Mutex::new(SeedStream::of_selection(selection, setup.seed)),
        })
    }

    /// Starts a new game, set up as before: with seed `seed` when given
    /// (and the stream of seeds starts again there), else with the next
    /// seed of the stream (Gymnasium's convention; see the README,
    /// "Seeds"). Returns the game's seed.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        let seed = lock(&self.seeds).next(seed)?;
        self.env()
            .reset(seed)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?;
        Ok(seed)
    }

    /// The seat whose decision is next; `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.env().to_move()
    }

    /// Seats in the game.
    #[getter]
    fn seats(&self) -> usize {
        self.env().seats()
    }

    /// The size of the action space: every action number is below it.
    #[getter]
    fn num_actions(&self) -> u32 {
        self.env().num_actions()
    }

    /// The length of every observation.
    #[getter]
    fn observation_len(&self) -> usize {
        self.env().observation_len()
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.env().to_move().is_none()
    }

    /// The seed of the game under way (the last reset's).
    #[getter]
    fn seed(&self) -> u64 {
        self.env().setup().seed
    }

    /// The game's title.
    #[getter]
    fn title(&self) -> &'static str {
        self.env().info().title
    }

    /// What a learned policy for this selection is trained for:
    /// ``{"fingerprint", "words", "train"}`` — the card set's fingerprint
    /// at this player count (weights carry it, and the learned bot plays
    /// only weights whose fingerprint matches), the selection in words, and
    /// the command that trains a policy for it.
    fn selection<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::selection_dict(py, &self.env().selection())
    }

    /// The legal action numbers of the seat to move, in the order the
    /// game lists its moves (empty once over).
    fn legal_actions(&self) -> Vec<u32> {
        self.env().legal().to_vec()
    }

    /// The legal actions as an int8 mask of `num_actions`: 1 for a
    /// legal action, else 0.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let out = {
            let e = self.env();
            mask_i8(e.legal(), e.num_actions() as usize)
        };
        PyArray1::from_vec(py, out)
    }

    /// The seats deciding in the turn under way, in the order the game
    /// asks them, each with its action mask (new arrays): the seat to
    /// move, then every seat that decides in the same simultaneous turn
    /// (the base game), found on a copy of the game. One seat where turns
    /// are taken one at a time; none once the game is over.
    fn turn<'py>(&self, py: Python<'py>) -> Vec<(usize, Bound<'py, PyArray1<i8>>)> {
        let (seats, n) = {
            let e = self.env();
            (turn(&**e), e.num_actions() as usize)
        };
        (seats.into_iter())
            .map(|(seat, legal)| (seat, PyArray1::from_vec(py, mask_i8(&legal, n))))
            .collect()
    }

    /// What `seat` sees, as `observation_len` numbers (a new array);
    /// `observation_parts` says what each range means. Raises `ValueError`
    /// for a seat not in the game (a negative one included).
    fn observe<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let out = {
            let e = self.env();
            let seat = seat_index(seat, e.seats())?;
            let mut out = vec![0f32; e.observation_len()];
            e.observe(seat, &mut out);
            out
        };
        Ok(PyArray1::from_vec(py, out))
    }

    /// Plays `action` for the seat to move. Raises `IllegalAction` with
    /// the runtime's message when it is not legal, is outside the action
    /// space or the game is over: nothing is played.
    fn step(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut env = self.env();
        let action = action_number(py, action, env.num_actions())?;
        env.step(action)
            .map_err(|e| error(py, Kind::Illegal, e.to_string()))
    }

    /// Plays the legal action of index `i` (modulo their count) of
    /// `legal_actions`: a step without the lookup. Does nothing once over.
    fn step_index(&self, i: usize) {
        self.env().step_index(i);
    }

    /// Each seat's reward (`seats` numbers): all zero before the end.
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let out = {
            let e = self.env();
            let mut out = vec![0f32; e.seats()];
            e.rewards(&mut out);
            out
        };
        PyArray1::from_vec(py, out)
    }

    /// The observation's parts in order, as `(name, length, meaning)`;
    /// their lengths add up to `observation_len`.
    fn observation_parts(&self) -> Vec<(String, usize, &'static str)> {
        (self.env().observation_parts().into_iter())
            .map(|p| (p.name, p.len, p.meaning))
            .collect()
    }

    /// The action a bot of `kind` (`random`, `greedy`, `mcts`, `mcts:N`)
    /// takes for the seat to move, from that seat's information only,
    /// seeded by `seed`; not played. Raises `SetupError` for an unknown
    /// kind, `IllegalAction` once the game is over. The GIL is released
    /// while it thinks.
    #[pyo3(signature = (kind, seed=0))]
    fn bot(&self, py: Python<'_>, kind: &str, seed: u64) -> PyResult<u32> {
        let k = bot_kind(py, kind)?;
        if self.env().to_move().is_none() {
            return Err(error(py, Kind::Illegal, "the game is over"));
        }
        // As `Game::bot`: the lock taken and let go without the GIL.
        let env = &self.env;
        py.detach(move || lock(env).bot(k, seed))
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?
            .ok_or_else(|| error(py, Kind::Illegal, "the game is over"))
    }

    /// The actions played since the last reset.
    fn decisions(&self) -> Vec<u32> {
        self.env().decisions().to_vec()
    }

    /// The words of action number `action`, any of the action space
    /// (legal now or not): what it does, without what the position fills
    /// in. `ValueError` outside the space.
    fn action_words(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        action_words(&**self.env(), action)
    }

    /// The action number whose `action_words` are `words` (case and
    /// spacing aside). `ValueError` when no action has them.
    fn action_number(&self, words: &str) -> PyResult<u32> {
        action_named(&**self.env(), words)
    }

    /// How the game ended: `winners`, `victory` (the game's word for how:
    /// `points`, `civilian`, `military`, `science`…), `scores` and
    /// `rewards` by seat; `None` before the end.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let e = self.env();
        e.outcome()
            .map(|o| outcome_info(py, &o, e.seats()))
            .transpose()
    }

    /// A copy: the same set-up and seed, the same decisions played again.
    fn fork(&self, py: Python<'_>) -> PyResult<PyEnv> {
        let e = self.env();
        let mut copy = (self.game.need_envs())
            .map_err(|m| error(py, Kind::Setup, m))?
            .start(e.setup())
            .map_err(|x| error(py, Kind::Setup, x.to_string()))?;
        for &a in e.decisions() {
            copy.step(a)
                .map_err(|x| error(py, Kind::Sevenw, x.to_string()))?;
        }
        Ok(PyEnv {
            game: self.game,
            env: Mutex::new(copy),
            seeds: Mutex::new(lock(&self.seeds).clone()),
        })
    }

    fn __repr__(&self) -> String {
        let e = self.env();
        format!(
            "<sevenw.Env {}, {} seats, seed {}, {} decisions played>",
            e.info().title,
            e.seats(),
            e.setup().seed,
            e.decisions().len()
        )
    }
}
