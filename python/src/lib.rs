//! `sevenw._native`: the Python package's native module (PyO3). The
//! pure-Python package `python/sevenw/` re-exports it; `_native.pyi`
//! documents every function and class.
//!
//! A game is chosen as the command line chooses one
//! ([`sevenw_cli::api::choose`]): the keyword arguments become `sevenw
//! play`'s options, so a selection and its error messages are the
//! command line's. `sim` and `balance` take the command line's options for
//! a run ([`sevenw_cli::api::sim_run`]) and play it with its typed
//! functions ([`sevenw_cli::api::sim`], [`sevenw_cli::api::balance`]),
//! returning the JSON documents `sevenw sim --json` and `sevenw balance`
//! write of their reports.
//!
//! The games are those compiled by `build.rs`: the shipped library and the
//! card sets named in `SEVENW_CARD_SETS` at build time.
//!
//! By concern: [`selection`] (the keyword arguments of a selection as
//! `sevenw play`'s options), [`commands`] (the module's functions:
//! `check`, `sim`, `balance` and the run in parts), [`game`] (`Game`, a
//! table), [`env`] (`Env`) and [`vec_env`] (`VecEnv`, many games into
//! numpy arrays); this file holds the errors, the helpers they share and
//! the module itself.
#![forbid(unsafe_code)]

mod commands;
mod env;
mod game;
mod selection;
mod vec_env;

use std::sync::{Mutex, MutexGuard};

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use sevenw_runtime::env::Env as RtEnv;
use sevenw_runtime::game::Outcome;
use sevenw_runtime::games::Library;

#[allow(
    clippy::all,
    clippy::pedantic,
    missing_docs,
    unused_imports,
    unreachable_pub,
    dead_code
)]
mod cards {
    include!(concat!(env!("OUT_DIR"), "/cards.rs"));
}

/// A [`sevenw_runtime::env::Selection`] as a dict.
pub(crate) fn selection_dict<'py>(
    py: Python<'py>,
    s: &sevenw_runtime::env::Selection,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("fingerprint", &s.fingerprint)?;
    d.set_item("words", &s.words)?;
    d.set_item("train", &s.train)?;
    Ok(d)
}

/// The games of this module: the shipped library and the card sets built in.
pub(crate) fn library() -> Library<'static> {
    sevenw_runtime::learned::ship(cards::WEIGHTS);
    Library::shipped(cards::GAMES)
}

// ---------------------------------------------------------------- errors

static SEVENW_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SETUP_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Sevenw,
    Setup,
    Illegal,
}

pub(crate) fn error(py: Python<'_>, kind: Kind, message: impl Into<String>) -> PyErr {
    let cell = match kind {
        Kind::Sevenw => &SEVENW_ERROR,
        Kind::Setup => &SETUP_ERROR,
        Kind::Illegal => &ILLEGAL_ACTION,
    };
    match cell.get(py) {
        Some(ty) => PyErr::from_type(ty.bind(py).clone(), message.into()),
        None => PyValueError::new_err(message.into()),
    }
}

/// A command line error as a Python exception: a bad selection or
/// command line is a `SetupError`, bad input a `SevenwError`.
pub(crate) fn api_error(py: Python<'_>, e: sevenw_cli::api::Error) -> PyErr {
    let kind = if e.usage { Kind::Setup } else { Kind::Sevenw };
    error(py, kind, e.message)
}

/// `type(name, bases, {"__module__": "sevenw", "__doc__": doc})`.
fn new_class<'py>(
    py: Python<'py>,
    name: &str,
    bases: Bound<'py, PyTuple>,
    doc: &str,
) -> PyResult<Bound<'py, PyType>> {
    let dict = PyDict::new(py);
    dict.set_item("__module__", "sevenw")?;
    dict.set_item("__doc__", doc)?;
    let ty = py
        .get_type::<PyType>()
        .call1((name, bases, dict))?
        .cast_into::<PyType>()?;
    Ok(ty)
}

// -------------------------------------------------------------- helpers

/// A JSON text as Python objects (`json.loads`, which keeps the keys' order).
pub(crate) fn json_value(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A lock, taken even after a panic poisoned it (the data stays whole:
/// nothing is left half-changed under these locks).
pub(crate) fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// An int given from Python (an `int`, a numpy integer: anything with
/// `__index__`): `Some` within `i128`, `None` for one too large even for
/// that; a `TypeError` saying what `what` is for anything else (a float
/// is not truncated).
pub(crate) fn int_of(v: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i128>> {
    match v.extract::<i128>() {
        Ok(x) => Ok(Some(x)),
        Err(e) if e.is_instance_of::<PyOverflowError>(v.py()) => Ok(None),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} is an int, not {}",
            v.get_type().name()?
        ))),
    }
}

/// The largest seed, `2**64 - 1`.
const MAX_SEED: &str = "18446744073709551615";

/// A seed given from Python: an int from 0 to `2**64 - 1`. Another int
/// is a `ValueError`, anything else a `TypeError`, each saying so.
pub(crate) fn seed_value(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    match int_of(seed, "a seed")? {
        Some(s) if (0..=i128::from(u64::MAX)).contains(&s) => Ok(s as u64),
        _ => Err(PyValueError::new_err(format!(
            "a seed is an int from 0 to {MAX_SEED}, not {}",
            seed.str()?
        ))),
    }
}

/// The seeds of the games an environment plays when `reset` is given
/// none (Gymnasium's convention): drawn from a stream started at the last
/// seed given (`reset(seed=s)`, else the selection's `seed`), else at a
/// seed of the operating system's entropy. The `k`-th draw after seed `s`
/// is `derive(s, k)`, the runtime's mixing of a seed and a count.
#[derive(Clone)]
pub(crate) struct SeedStream {
    start: u64,
    drawn: u64,
}

impl SeedStream {
    pub(crate) fn at(seed: u64) -> Self {
        SeedStream {
            start: seed,
            drawn: 0,
        }
    }

    /// Started at a seed of the operating system's entropy.
    pub(crate) fn entropy() -> Self {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        SeedStream::at(h.finish())
    }

    /// Started at the selection's seed when it gives one, else at entropy.
    pub(crate) fn of_selection(selection: Option<&Bound<'_, PyDict>>, seed: u64) -> Self {
        let given = selection
            .and_then(|s| s.get_item("seed").ok().flatten())
            .is_some_and(|v| !v.is_none());
        if given {
            SeedStream::at(seed)
        } else {
            SeedStream::entropy()
        }
    }

    /// The seed of the next game: `seed` when given (the stream starts
    /// again there), else the stream's next draw.
    pub(crate) fn next(&mut self, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        if let Some(s) = seed.filter(|s| !s.is_none()) {
            *self = SeedStream::at(seed_value(s)?);
            return Ok(self.start);
        }
        self.drawn += 1;
        Ok(sevenw_runtime::engine::rng::derive(self.start, self.drawn))
    }
}

/// A seat given from Python: an int from 0 to `seats - 1`; another int
/// (a negative one, or one too large for any integer type) is a
/// `ValueError` naming the range, anything else a `TypeError`.
pub(crate) fn seat_index(seat: &Bound<'_, PyAny>, seats: usize) -> PyResult<usize> {
    match int_of(seat, "a seat")? {
        Some(s) if (0..seats as i128).contains(&s) => Ok(s as usize),
        _ => Err(PyValueError::new_err(format!(
            "seat {} is not a seat of this game (0 to {})",
            seat.str()?,
            seats.saturating_sub(1)
        ))),
    }
}

/// The words of action `action` of `env` (any number of its space): a
/// `ValueError` for a number outside it, a `TypeError` for a non-int.
pub(crate) fn action_words(env: &dyn RtEnv, action: &Bound<'_, PyAny>) -> PyResult<String> {
    let n = env.num_actions();
    let outside = || -> PyResult<PyErr> {
        Ok(PyValueError::new_err(format!(
            "action {} is outside the action space (0 to {})",
            action.str()?,
            n.saturating_sub(1)
        )))
    };
    match int_of(action, "an action")? {
        Some(a) if (0..i128::from(n)).contains(&a) => env
            .action_words(a as u32)
            .ok_or_else(|| PyValueError::new_err(format!("this game has no words for action {a}"))),
        _ => Err(outside()?),
    }
}

/// The action number of `words` in `env`'s space (as
/// [`action_words`] writes them, case and spacing aside): a `ValueError`
/// when no number has them.
pub(crate) fn action_named(env: &dyn RtEnv, words: &str) -> PyResult<u32> {
    env.action_named(words).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no action of {} is called {words:?} (action_words(n) gives the words of action n)",
            env.info().title
        ))
    })
}

/// How a game ended, as `info` gives it: `winners` (seats), `victory`
/// (the game's word for how it was won: `points`, `military`, `science`,
/// …), `scores` (each seat's total) and `rewards` (each seat's).
pub(crate) fn outcome_info<'py>(
    py: Python<'py>,
    outcome: &Outcome,
    seats: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let totals: Vec<i32> = outcome.scores.iter().map(|s| s.total).collect();
    ending_info(py, &outcome.winners, outcome.victory, &totals, seats)
}

/// [`outcome_info`] of its parts.
pub(crate) fn ending_info<'py>(
    py: Python<'py>,
    winners: &[usize],
    victory: &str,
    totals: &[i32],
    seats: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let mut rewards = vec![0f32; seats];
    let outcome = Outcome {
        winners: winners.to_vec(),
        ..Outcome::default()
    };
    sevenw_runtime::env::write_rewards(&outcome, &mut rewards);
    d.set_item("winners", winners.to_vec())?;
    d.set_item("victory", victory)?;
    d.set_item("scores", totals.to_vec())?;
    d.set_item("rewards", rewards)?;
    Ok(d)
}

/// An action number given from Python, any int: one outside `0..n`
/// (too large for any integer type, even) is an `IllegalAction` naming it
/// and the range.
pub(crate) fn action_number(py: Python<'_>, action: &Bound<'_, PyAny>, n: u32) -> PyResult<u32> {
    let outside = || -> PyResult<PyErr> {
        Ok(error(
            py,
            Kind::Illegal,
            format!(
                "action {} is outside the action space (0 to {})",
                action.str()?,
                n.saturating_sub(1)
            ),
        ))
    };
    match int_of(action, "an action")? {
        Some(a) if (0..i128::from(n)).contains(&a) => Ok(a as u32),
        _ => Err(outside()?),
    }
}

// --------------------------------------------------------------- module

/// The native module of `sevenw` (Rust, PyO3): every name here is
/// re-exported by `sevenw` itself; import from there.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let exception = py.get_type::<pyo3::exceptions::PyException>();
    let value = py.get_type::<PyValueError>();
    let sevenw_error = new_class(
        py,
        "SevenwError",
        PyTuple::new(py, [&exception])?,
        "Every error sevenw raises (besides OSError and TypeError).",
    )?;
    let setup = new_class(
        py,
        "SetupError",
        PyTuple::new(py, [sevenw_error.as_any(), value.as_any()])?,
        "A selection or set-up the command line refuses, with its message.",
    )?;
    let illegal = new_class(
        py,
        "IllegalAction",
        PyTuple::new(py, [sevenw_error.as_any(), value.as_any()])?,
        "An action that is not legal now (or a game that is over); nothing was played.",
    )?;
    m.add("SevenwError", &sevenw_error)?;
    m.add("SetupError", &setup)?;
    m.add("IllegalAction", &illegal)?;
    let _ = SEVENW_ERROR.set(py, sevenw_error.unbind());
    let _ = SETUP_ERROR.set(py, setup.unbind());
    let _ = ILLEGAL_ACTION.set(py, illegal.unbind());
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("OBSERVATION_BOUND", sevenw_runtime::env::OBSERVATION_BOUND)?;
    m.add_function(wrap_pyfunction!(commands::check_json, m)?)?;
    m.add_function(wrap_pyfunction!(commands::games, m)?)?;
    m.add_function(wrap_pyfunction!(commands::run, m)?)?;
    m.add_function(wrap_pyfunction!(commands::sim, m)?)?;
    m.add_function(wrap_pyfunction!(commands::balance, m)?)?;
    m.add_function(wrap_pyfunction!(commands::plan, m)?)?;
    m.add_function(wrap_pyfunction!(commands::sim_part, m)?)?;
    m.add_function(wrap_pyfunction!(commands::sim_merge, m)?)?;
    m.add_function(wrap_pyfunction!(commands::balance_part, m)?)?;
    m.add_function(wrap_pyfunction!(commands::balance_merge, m)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<env::PyEnv>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    Ok(())
}
