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

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
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

/// The games of this module: the shipped library and the card sets built in.
pub(crate) fn library() -> Library<'static> {
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
    match action.extract::<i128>() {
        Ok(a) if (0..i128::from(n)).contains(&a) => Ok(a as u32),
        Ok(_) => Err(outside()?),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => Err(outside()?),
        Err(e) => Err(e),
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
