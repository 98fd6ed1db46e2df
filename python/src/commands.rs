//! The module's functions: `check` (`check_json`), `games`, `run`, `sim`
//! and `balance`, and the run in parts (`plan`, `sim_part`, `sim_merge`,
//! `balance_part`, `balance_merge`). `sim` and `balance` take the command
//! line's options for a run (`sevenw_cli::api::sim_run`) and play it with
//! its typed functions, the GIL released.

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::selection::selection_args;
use crate::{Kind, api_error, cards, error, library};

/// An `OSError` (`FileNotFoundError` for a missing path) naming `path` as
/// `sevenc check` does, with `filename` set.
fn os_error(path: &std::path::Path, e: &std::io::Error) -> PyErr {
    let shown = path.display();
    let message = if e.kind() == std::io::ErrorKind::NotFound {
        format!("`{shown}` does not exist")
    } else {
        format!("cannot read `{shown}`: {e}")
    };
    match e.raw_os_error() {
        // `OSError(errno, message, filename)` makes the subclass of the errno.
        Some(errno) => PyOSError::new_err((errno, message, shown.to_string())),
        None => PyOSError::new_err(message),
    }
}

/// The diagnostics of `sevenc check PATH --format json`, one JSON object
/// per line. Raises `OSError` when `path` cannot be read
/// (`FileNotFoundError` when it does not exist), its message naming the
/// path as `sevenc check` does and its `filename` the path.
#[pyfunction]
pub(crate) fn check_json(py: Python<'_>, path: PathBuf) -> PyResult<String> {
    if let Err(e) = std::fs::metadata(&path) {
        return Err(os_error(&path, &e));
    }
    Ok(py.detach(move || {
        let compiled = sevenw_compiler::check_with(&[path], &sevenw_compiler::Options::default());
        compiled.report.to_json_lines(&compiled.sources)
    }))
}

/// Every game and expansion of the module.
#[pyfunction]
pub(crate) fn games(py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
    let mut out = Vec::new();
    for g in cards::GAMES {
        let d = PyDict::new(py);
        d.set_item("name", g.name)?;
        d.set_item("title", g.title)?;
        d.set_item("edition", g.edition)?;
        d.set_item("extends", (!g.extends.is_empty()).then_some(g.extends))?;
        d.set_item("editions", g.editions.to_vec())?;
        d.set_item("with", g.with.to_vec())?;
        d.set_item("players", (g.min_players, g.max_players))?;
        out.push(d.unbind());
    }
    Ok(out)
}

/// `sevenw ARGS`'s output (the command line's own `sim`, `balance`…),
/// the GIL released while it runs.
#[pyfunction]
pub(crate) fn run(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    py.detach(move || sevenw_cli::api::run(&library(), &args))
        .map_err(|e| api_error(py, e))
}

/// Adds `--threads` when given.
fn push_threads(args: &mut Vec<String>, threads: Option<u64>) {
    if let Some(t) = threads {
        args.extend(["--threads".to_string(), t.to_string()]);
    }
}

/// `sevenw sim --json`'s output.
#[pyfunction]
#[pyo3(signature = (*, games, bots, threads=None, check=false, **selection))]
pub(crate) fn sim(
    py: Python<'_>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    check: bool,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let args = run_args(py, selection, bots, games, threads, check)?;
    py.detach(move || {
        let run = sevenw_cli::api::sim_run(&library(), &args)?;
        sevenw_cli::api::sim(&*run.game, &run.options).map(|r| r.to_json())
    })
    .map_err(|e| api_error(py, e))
}

/// The selection's options with `bots` among them.
fn selection_with_bots(
    py: Python<'_>,
    selection: Option<&Bound<'_, PyDict>>,
    bots: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let all = match selection {
        Some(d) => d.copy()?,
        None => PyDict::new(py),
    };
    all.set_item("bots", bots)?;
    selection_args(Some(&all))
}

/// `report.json` of `sevenw balance` (written with report.html into `out`
/// when given).
#[pyfunction]
#[pyo3(signature = (*, games, bots, threads=None, out=None, **selection))]
pub(crate) fn balance(
    py: Python<'_>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    out: Option<PathBuf>,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let args = run_args(py, selection, bots, games, threads, false)?;
    py.detach(move || {
        let run = sevenw_cli::api::balance_run(&library(), &args)?;
        let opts = sevenw_cli::api::BalanceOptions::from(run.options);
        let report = sevenw_cli::api::balance(&*run.game, &opts)?;
        if let Some(dir) = &out {
            sevenw_cli::api::write_report(&report, dir)?;
        }
        sevenw_cli::api::report_json(&report)
    })
    .map_err(|e| api_error(py, e))
}

// ---------------------------------------------------------- run in parts

/// The chunks `sim` and `balance` cut `games` games into, as `(start,
/// end)`: the tasks of a run in parts.
#[pyfunction]
pub(crate) fn plan(games: u64) -> Vec<(u64, u64)> {
    (sevenw_runtime::sim::plan(games).into_iter())
        .map(|r| (r.start, r.end))
        .collect()
}

/// `sim`'s options for a run: the selection, `--games`, `--bots`,
/// `--threads` and `--check`.
fn run_args(
    py: Python<'_>,
    selection: Option<&Bound<'_, PyDict>>,
    bots: &Bound<'_, PyAny>,
    games: u64,
    threads: Option<u64>,
    check: bool,
) -> PyResult<Vec<String>> {
    let mut args = selection_with_bots(py, selection, bots)?;
    args.extend(["--games".to_string(), games.to_string()]);
    push_threads(&mut args, threads);
    if check {
        args.push("--check".to_string());
    }
    Ok(args)
}

/// Parts as the runtime reads them: bytes (UTF-8) or str.
fn part_texts(py: Python<'_>, parts: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for p in parts.try_iter()? {
        let p = p?;
        if let Ok(b) = p.cast::<pyo3::types::PyBytes>() {
            let text = std::str::from_utf8(b.as_bytes())
                .map_err(|_| error(py, Kind::Sevenw, "a part is not UTF-8 text"))?;
            out.push(text.to_string());
        } else {
            out.push(p.extract::<String>()?);
        }
    }
    Ok(out)
}

/// Games `start..end` of a `sim` run of `games` games: their sums, for
/// `sim_merge`.
#[pyfunction]
#[pyo3(signature = (*, start, end, games, bots, threads=Some(1), check=false, **selection))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sim_part<'py>(
    py: Python<'py>,
    start: u64,
    end: u64,
    games: u64,
    bots: &Bound<'py, PyAny>,
    threads: Option<u64>,
    check: bool,
    selection: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let args = run_args(py, selection, bots, games, threads, check)?;
    let text = py
        .detach(move || {
            let run = sevenw_cli::api::sim_run(&library(), &args)?;
            sevenw_cli::api::sim_part(&*run.game, &run.options, start..end)
        })
        .map_err(|e| api_error(py, e))?;
    Ok(pyo3::types::PyBytes::new(py, text.as_bytes()))
}

/// `sevenw sim --json`'s output of a run from its parts.
#[pyfunction]
#[pyo3(signature = (parts, *, games, bots, threads=None, seconds=0.0, check=false, **selection))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sim_merge(
    py: Python<'_>,
    parts: &Bound<'_, PyAny>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    seconds: f64,
    check: bool,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let args = run_args(py, selection, bots, games, threads, check)?;
    let parts = part_texts(py, parts)?;
    py.detach(move || {
        let run = sevenw_cli::api::sim_run(&library(), &args)?;
        sevenw_cli::api::sim_merge(&*run.game, &run.options, &parts, seconds).map(|r| r.to_json())
    })
    .map_err(|e| api_error(py, e))
}

/// Games `start..end` of a `balance` run of `games` games: their sums,
/// for `balance_merge`.
#[pyfunction]
#[pyo3(signature = (*, start, end, games, bots, threads=Some(1), **selection))]
pub(crate) fn balance_part<'py>(
    py: Python<'py>,
    start: u64,
    end: u64,
    games: u64,
    bots: &Bound<'py, PyAny>,
    threads: Option<u64>,
    selection: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let args = run_args(py, selection, bots, games, threads, false)?;
    let text = py
        .detach(move || {
            let run = sevenw_cli::api::balance_run(&library(), &args)?;
            sevenw_cli::api::balance_part(&*run.game, &run.options, start..end)
        })
        .map_err(|e| api_error(py, e))?;
    Ok(pyo3::types::PyBytes::new(py, text.as_bytes()))
}

/// `report.json` of a `balance` run from its parts (written with
/// report.html into `out` when given).
#[pyfunction]
#[pyo3(signature = (parts, *, games, bots, threads=None, seconds=0.0, out=None, **selection))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn balance_merge(
    py: Python<'_>,
    parts: &Bound<'_, PyAny>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    seconds: f64,
    out: Option<PathBuf>,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let args = run_args(py, selection, bots, games, threads, false)?;
    let parts = part_texts(py, parts)?;
    py.detach(move || {
        let run = sevenw_cli::api::balance_run(&library(), &args)?;
        let report = sevenw_cli::api::balance_merge(&*run.game, &run.options, &parts, seconds)?;
        if let Some(dir) = &out {
            sevenw_cli::api::write_report(&report, dir)?;
        }
        sevenw_cli::api::report_json(&report)
    })
    .map_err(|e| api_error(py, e))
}
