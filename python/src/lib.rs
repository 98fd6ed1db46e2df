//! `sevenw._native`: the Python package's native module (PyO3). The
//! pure-Python package `python/sevenw/` re-exports it; `_native.pyi`
//! documents every function and class.
//!
//! A game is chosen as the command line chooses one
//! ([`sevenw_cli::api::choose`]): the keyword arguments become `sevenw
//! play`'s options, so a selection and its error messages are the
//! command line's. `sim` and `balance` run the command line's own commands
//! ([`sevenw_cli::api::run`]) and return what it writes.
//!
//! The games are those compiled by `build.rs`: the shipped library and the
//! card sets named in `SEVENW_CARD_SETS` at build time.
#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyOSError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use sevenw_host::GameInfo;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::env::{Batch, Env as RtEnv, Out, StepError, turn, write_mask};
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::table::Table;

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
fn library() -> Library<'static> {
    Library::shipped(cards::GAMES)
}

// ---------------------------------------------------------------- errors

static SEVENW_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SETUP_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

#[derive(Clone, Copy)]
enum Kind {
    Sevenw,
    Setup,
    Illegal,
}

fn error(py: Python<'_>, kind: Kind, message: impl Into<String>) -> PyErr {
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
fn api_error(py: Python<'_>, e: sevenw_cli::api::Error) -> PyErr {
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

// ------------------------------------------------------------ selection

/// `sevenw play`'s game options for the keyword arguments of a selection
/// (`game`, `edition`, `expansions`, `players`, `seed`, `sides`,
/// `wonders`, `options`, `bots`); `None` values are left out, and the seed
/// is 0 unless given.
fn selection_args(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
    fn text(v: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(v.str()?.to_string())
    }
    /// A string, or a list of strings joined by commas.
    fn list(v: &Bound<'_, PyAny>) -> PyResult<String> {
        if v.is_instance_of::<pyo3::types::PyString>() {
            return text(v);
        }
        let mut items = Vec::new();
        for item in v.try_iter()? {
            items.push(text(&item?)?);
        }
        Ok(items.join(","))
    }
    let mut args = Vec::new();
    let mut seed = false;
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let key: String = k.extract()?;
            if v.is_none() {
                continue;
            }
            let flag = match key.as_str() {
                "game" | "edition" | "players" | "sides" => format!("--{key}"),
                "seed" => {
                    seed = true;
                    "--seed".to_string()
                }
                "expansions" => {
                    let with = list(&v)?;
                    if !with.is_empty() {
                        args.extend(["--with".to_string(), with]);
                    }
                    continue;
                }
                "wonders" | "bots" => {
                    args.extend([format!("--{key}"), list(&v)?]);
                    continue;
                }
                "options" => {
                    let dict = v.cast::<PyDict>().map_err(|_| {
                        PyTypeError::new_err("options must be a dict of names to values")
                    })?;
                    for (name, value) in dict.iter() {
                        args.extend([
                            "--option".to_string(),
                            format!("{}={}", text(&name)?, text(&value)?),
                        ]);
                    }
                    continue;
                }
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "unexpected keyword argument '{key}' (a selection takes game, edition, \
                         expansions, players, seed, sides, wonders, options and bots)"
                    )));
                }
            };
            args.extend([flag, text(&v)?]);
        }
    }
    if !seed {
        args.extend(["--seed".to_string(), "0".to_string()]);
    }
    Ok(args)
}

/// One leaked copy of each game's rules, so that tables and environments
/// can be `'static` (a handful of games per process).
fn rules_of(g: Box<dyn AnyGame>) -> &'static dyn AnyGame {
    static CACHE: Mutex<Option<HashMap<usize, &'static dyn AnyGame>>> = Mutex::new(None);
    let key = std::ptr::from_ref::<GameInfo>(g.info()) as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    *cache
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_insert_with(|| Box::leak(g))
}

/// The game, set-up and bots a selection chooses.
fn choose(
    py: Python<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(&'static dyn AnyGame, Setup, Vec<BotKind>)> {
    let args = selection_args(kwargs)?;
    let (g, setup, bots) = sevenw_cli::api::choose(&library(), &args)
        .map_err(|e| error(py, Kind::Setup, e.message))?;
    Ok((rules_of(g), setup, bots))
}

fn bot_kind(py: Python<'_>, kind: &str) -> PyResult<BotKind> {
    sevenw_cli::api::bot(kind).map_err(|e| error(py, Kind::Setup, e.message))
}

fn json_value(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

// ------------------------------------------------------------ functions

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

/// An action number given from Python, any int: one outside `0..n`
/// (too large for any integer type, even) is an `IllegalAction` naming it
/// and the range.
fn action_number(py: Python<'_>, action: &Bound<'_, PyAny>, n: u32) -> PyResult<u32> {
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

/// The diagnostics of `sevenc check PATH --format json`, one JSON object
/// per line. Raises `OSError` when `path` cannot be read
/// (`FileNotFoundError` when it does not exist), its message naming the
/// path as `sevenc check` does and its `filename` the path.
#[pyfunction]
fn check_json(py: Python<'_>, path: PathBuf) -> PyResult<String> {
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
fn games(py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
    let mut out = Vec::new();
    for g in cards::GAMES {
        let d = PyDict::new(py);
        d.set_item("name", g.name)?;
        d.set_item("title", g.title)?;
        d.set_item("edition", g.edition)?;
        d.set_item("extends", (!g.extends.is_empty()).then_some(g.extends))?;
        d.set_item("players", (g.min_players, g.max_players))?;
        out.push(d.unbind());
    }
    Ok(out)
}

/// `sevenw ARGS`'s output (the command line's own `sim`, `balance`…),
/// the GIL released while it runs.
#[pyfunction]
fn run(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
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
fn sim(
    py: Python<'_>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    check: bool,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let mut args = vec!["sim".to_string()];
    args.extend(selection_with_bots(py, selection, bots)?);
    args.extend([
        "--games".to_string(),
        games.to_string(),
        "--json".to_string(),
    ]);
    push_threads(&mut args, threads);
    if check {
        args.push("--check".to_string());
    }
    run(py, args)
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

/// A fresh folder for a balance report nobody asked to keep.
fn scratch_dir() -> PathBuf {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("sevenw-balance-{}-{n}", std::process::id()))
}

/// `report.json` of `sevenw balance` (written with report.html into `out`
/// when given).
#[pyfunction]
#[pyo3(signature = (*, games, bots, threads=None, out=None, **selection))]
fn balance(
    py: Python<'_>,
    games: u64,
    bots: &Bound<'_, PyAny>,
    threads: Option<u64>,
    out: Option<PathBuf>,
    selection: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let keep = out.is_some();
    let dir = out.unwrap_or_else(scratch_dir);
    let mut args = vec!["balance".to_string()];
    args.extend(selection_with_bots(py, selection, bots)?);
    args.extend(["--games".to_string(), games.to_string()]);
    push_threads(&mut args, threads);
    args.extend(["--out".to_string(), dir.display().to_string()]);
    let done = run(py, args);
    let report = done.and_then(|_| Ok(std::fs::read_to_string(dir.join("report.json"))?));
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    report
}

// ---------------------------------------------------------- run in parts

/// The chunks `sim` and `balance` cut `games` games into, as `(start,
/// end)`: the tasks of a run in parts.
#[pyfunction]
fn plan(games: u64) -> Vec<(u64, u64)> {
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
fn sim_part<'py>(
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
        .detach(move || sevenw_cli::api::sim_part(&library(), &args, start, end))
        .map_err(|e| api_error(py, e))?;
    Ok(pyo3::types::PyBytes::new(py, text.as_bytes()))
}

/// `sevenw sim --json`'s output of a run from its parts.
#[pyfunction]
#[pyo3(signature = (parts, *, games, bots, threads=None, seconds=0.0, check=false, **selection))]
#[allow(clippy::too_many_arguments)]
fn sim_merge(
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
    py.detach(move || sevenw_cli::api::sim_merge(&library(), &args, &parts, seconds))
        .map_err(|e| api_error(py, e))
}

/// Games `start..end` of a `balance` run of `games` games: their sums,
/// for `balance_merge`.
#[pyfunction]
#[pyo3(signature = (*, start, end, games, bots, threads=Some(1), **selection))]
fn balance_part<'py>(
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
        .detach(move || sevenw_cli::api::balance_part(&library(), &args, start, end))
        .map_err(|e| api_error(py, e))?;
    Ok(pyo3::types::PyBytes::new(py, text.as_bytes()))
}

/// `report.json` of a `balance` run from its parts (written with
/// report.html into `out` when given).
#[pyfunction]
#[pyo3(signature = (parts, *, games, bots, threads=None, seconds=0.0, out=None, **selection))]
#[allow(clippy::too_many_arguments)]
fn balance_merge(
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
        sevenw_cli::api::balance_merge(&library(), &args, &parts, seconds, out.as_deref())
    })
    .map_err(|e| api_error(py, e))
}

// ----------------------------------------------------------------- Game

/// A game at a table: played one decision at a time, each seat shown what
/// it may see (`sevenw play`'s game, `sevenw serve`'s table).
#[pyclass(module = "sevenw._native", name = "Game")]
struct PyGame {
    table: Mutex<Box<dyn Table>>,
    /// The size of the game's action space.
    num_actions: u32,
}

impl PyGame {
    fn seat_or_to_move(&self, py: Python<'_>, seat: Option<usize>) -> PyResult<usize> {
        let t = lock(&self.table);
        match seat {
            Some(s) if s < t.seats() => Ok(s),
            Some(s) => Err(PyValueError::new_err(format!(
                "seat {s} is not a seat of this game (0 to {})",
                t.seats() - 1
            ))),
            None => t
                .to_move()
                .ok_or_else(|| error(py, Kind::Illegal, "the game is over")),
        }
    }

    fn check_seat(&self, seat: Option<usize>) -> PyResult<Option<usize>> {
        let seats = lock(&self.table).seats();
        match seat {
            Some(s) if s >= seats => Err(PyValueError::new_err(format!(
                "seat {s} is not a seat of this game (0 to {})",
                seats - 1
            ))),
            s => Ok(s),
        }
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
        let num_actions = (g.need_envs())
            .map_err(|m| error(py, Kind::Setup, m))?
            .start(&setup)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))?
            .num_actions();
        Ok(PyGame {
            table: Mutex::new(table),
            num_actions,
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
    fn play(&self, py: Python<'_>, action: &Bound<'_, PyAny>, seat: Option<usize>) -> PyResult<()> {
        let action = action_number(py, action, self.num_actions)?;
        let seat = self.seat_or_to_move(py, seat)?;
        (lock(&self.table).play(seat, action)).map_err(|e| error(py, Kind::Illegal, e.to_string()))
    }

    /// What `seat` may see (a spectator's view for `None`: only what
    /// is public), as the JSON document `sevenw serve` shows, in Python
    /// objects. Raises `ValueError` for a seat not in the game.
    #[pyo3(signature = (seat=None))]
    fn view(&self, py: Python<'_>, seat: Option<usize>) -> PyResult<Py<PyAny>> {
        let seat = self.check_seat(seat)?;
        let doc = lock(&self.table).view(seat).to_string();
        json_value(py, &doc)
    }

    /// The moves `seat` may read so far (a spectator's for `None`),
    /// as `(seat that moved, words)`. Raises `ValueError` for a seat not in
    /// the game.
    #[pyo3(signature = (seat=None))]
    fn history(&self, seat: Option<usize>) -> PyResult<Vec<(usize, String)>> {
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
            .ok_or_else(|| error(py, Kind::Setup, format!("this game has no bot `{kind}`")))
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

// ------------------------------------------------------------------ Env

/// One game stepped by action numbers, each seat observing a flat vector.
#[pyclass(module = "sevenw._native", name = "Env")]
struct PyEnv {
    game: &'static dyn AnyGame,
    env: Mutex<Box<dyn RtEnv>>,
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
        })
    }

    /// Starts a new game, set up as before, with seed `seed`.
    fn reset(&self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.env()
            .reset(seed)
            .map_err(|e| error(py, Kind::Setup, e.to_string()))
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

    /// The legal action numbers of the seat to move, in the order the
    /// game lists its moves (empty once over).
    fn legal_actions(&self) -> Vec<u32> {
        self.env().legal().to_vec()
    }

    /// The legal actions as a mask of `num_actions`: 1 for a legal
    /// action, else 0.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let out = {
            let e = self.env();
            let mut out = vec![0u8; e.num_actions() as usize];
            e.mask(&mut out);
            out
        };
        PyArray1::from_vec(py, out)
    }

    /// The seats deciding in the turn under way, in the order the game
    /// asks them, each with its action mask (new arrays): the seat to
    /// move, then every seat that decides in the same simultaneous turn
    /// (the base game), found on a copy of the game. One seat where turns
    /// are taken one at a time; none once the game is over.
    fn turn<'py>(&self, py: Python<'py>) -> Vec<(usize, Bound<'py, PyArray1<u8>>)> {
        let (seats, n) = {
            let e = self.env();
            (turn(&**e), e.num_actions() as usize)
        };
        (seats.into_iter())
            .map(|(seat, legal)| {
                let mut mask = vec![0u8; n];
                write_mask(&legal, &mut mask);
                (seat, PyArray1::from_vec(py, mask))
            })
            .collect()
    }

    /// What `seat` sees, as `observation_len` numbers (a new array);
    /// `observation_parts` says what each range means. Raises `ValueError`
    /// for a seat not in the game.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let out = {
            let e = self.env();
            if seat >= e.seats() {
                return Err(PyValueError::new_err(format!(
                    "seat {seat} is not a seat of this game (0 to {})",
                    e.seats() - 1
                )));
            }
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
            .ok_or_else(|| error(py, Kind::Setup, format!("this game has no bot `{kind}`")))
    }

    /// The actions played since the last reset.
    fn decisions(&self) -> Vec<u32> {
        self.env().decisions().to_vec()
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

// --------------------------------------------------------------- VecEnv

/// Many games of one selection stepped together into numpy arrays.
#[pyclass(module = "sevenw._native", name = "VecEnv")]
struct PyVecEnv {
    game: &'static dyn AnyGame,
    setup: Setup,
    threads: usize,
    batch: Mutex<Batch<'static>>,
    obs: Py<PyArray2<f32>>,
    masks: Py<PyArray2<u8>>,
    rewards: Py<PyArray2<f32>>,
    to_move: Py<PyArray1<i64>>,
    done: Py<PyArray1<u8>>,
}

/// What `VecEnv.reset` returns: observations, masks, seats to move.
type Reset = (Py<PyArray2<f32>>, Py<PyArray2<u8>>, Py<PyArray1<i64>>);

/// What `VecEnv.step` returns: observations, masks, rewards, seats to
/// move, games ended.
type Step = (
    Py<PyArray2<f32>>,
    Py<PyArray2<u8>>,
    Py<PyArray2<f32>>,
    Py<PyArray1<i64>>,
    Py<PyArray1<u8>>,
);

fn make_batch(
    py: Python<'_>,
    game: &'static dyn AnyGame,
    setup: &Setup,
    num_envs: usize,
    threads: usize,
    seed: u64,
) -> PyResult<Batch<'static>> {
    let setup = setup.clone();
    let envs = game.need_envs().map_err(|m| error(py, Kind::Setup, m))?;
    py.detach(|| Batch::new(num_envs, seed, threads, &|| envs.start(&setup)))
        .map_err(|e| error(py, Kind::Setup, e.to_string()))
}

impl PyVecEnv {
    /// Runs `f` on the batch and the arrays' memory, the GIL released.
    fn with_out(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Batch<'static>, Out<'_>) -> Result<(), StepError> + Send,
    ) -> PyResult<()> {
        let (obs, masks, rewards, to_move, done) = (
            self.obs.bind(py),
            self.masks.bind(py),
            self.rewards.bind(py),
            self.to_move.bind(py),
            self.done.bind(py),
        );
        let mut obs = obs
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut masks = masks
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut rewards = rewards
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut to_move = to_move
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut done = done
            .try_readwrite()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let shape = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
        let out = Out {
            observations: obs.as_slice_mut().map_err(shape)?,
            masks: masks.as_slice_mut().map_err(shape)?,
            rewards: rewards.as_slice_mut().map_err(shape)?,
            to_move: to_move.as_slice_mut().map_err(shape)?,
            done: done.as_slice_mut().map_err(shape)?,
        };
        // The lock is taken without the GIL, and let go before it is taken
        // again: another thread holding the GIL may wait for it.
        let batch = &self.batch;
        py.detach(move || f(&mut lock(batch), out))
            .map_err(|e| match e {
                StepError::Shape(m) => PyValueError::new_err(m),
                StepError::Refused(r) => error(py, Kind::Illegal, r.to_string()),
            })
    }

    /// Refuses `actions` (an array of one action per game) if one is
    /// outside the action space: `IllegalAction` naming the first such
    /// game, before the conversion to uint32 can wrap it round.
    fn check_range(
        &self,
        py: Python<'_>,
        np: &Bound<'_, PyModule>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        if actions.getattr("ndim")?.extract::<usize>()? != 1 {
            return Ok(()); // the batch refuses the shape
        }
        let n = lock(&self.batch).num_actions();
        let below = np.call_method1("less", (actions, 0))?;
        let above = np.call_method1("greater_equal", (actions, n))?;
        let bad = np.call_method1("logical_or", (below, above))?;
        let first = np.call_method1("flatnonzero", (bad,))?;
        if first.len()? == 0 {
            return Ok(());
        }
        let i: usize = first.get_item(0)?.extract()?;
        let action = actions.get_item(i)?;
        Err(error(
            py,
            Kind::Illegal,
            format!(
                "game {i}: action {} is outside the action space (0 to {})",
                action.str()?,
                n.saturating_sub(1)
            ),
        ))
    }

    fn step_out(&self, py: Python<'_>) -> Step {
        (
            self.obs.clone_ref(py),
            self.masks.clone_ref(py),
            self.rewards.clone_ref(py),
            self.to_move.clone_ref(py),
            self.done.clone_ref(py),
        )
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, threads=1, **selection))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        threads: usize,
        selection: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let (game, setup, _) = choose(py, selection)?;
        let threads = threads.max(1);
        let batch = make_batch(py, game, &setup, num_envs, threads, setup.seed)?;
        let (l, a, s) = (batch.observation_len(), batch.num_actions(), batch.seats());
        Ok(PyVecEnv {
            game,
            setup,
            threads,
            obs: PyArray2::zeros(py, [num_envs, l], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, a], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, s], false).unbind(),
            to_move: PyArray1::zeros(py, [num_envs], false).unbind(),
            done: PyArray1::zeros(py, [num_envs], false).unbind(),
            batch: Mutex::new(batch),
        })
    }

    /// Games stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        lock(&self.batch).games()
    }

    /// The length of each observation (columns of `obs`).
    #[getter]
    fn observation_len(&self) -> usize {
        lock(&self.batch).observation_len()
    }

    /// The size of the action space (columns of `masks`).
    #[getter]
    fn num_actions(&self) -> usize {
        lock(&self.batch).num_actions()
    }

    /// Seats per game (columns of `rewards`).
    #[getter]
    fn seats(&self) -> usize {
        lock(&self.batch).seats()
    }

    /// Threads stepping the games.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Starts every game again from `seed` (default the selection's) and
    /// returns `(obs, masks, to_move)`: `obs` `num_envs × observation_len`
    /// float32, the seat to move's observation; `masks` `num_envs ×
    /// num_actions` uint8, its legal actions; `to_move` `num_envs` int64.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Reset> {
        let n = lock(&self.batch).games();
        let fresh = make_batch(
            py,
            self.game,
            &self.setup,
            n,
            self.threads,
            seed.unwrap_or(self.setup.seed),
        )?;
        *lock(&self.batch) = fresh;
        self.with_out(py, |b, out| b.current(out).map_err(StepError::Shape))?;
        Ok((
            self.obs.clone_ref(py),
            self.masks.clone_ref(py),
            self.to_move.clone_ref(py),
        ))
    }

    /// Plays `actions[i]` (`num_envs` action numbers) in game `i` for its
    /// seat to move and returns `(obs, masks, rewards, to_move, done)`:
    /// `rewards` `num_envs × seats` float32, non-zero only where the step
    /// ended a game; `done` `num_envs` uint8. An action outside the action
    /// space or not legal in its game raises `IllegalAction` naming the
    /// game, before anything is played.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Step> {
        let np = py.import("numpy")?;
        let given = np.call_method1("asarray", (actions,))?;
        self.check_range(py, &np, &given)?;
        let arr = np.call_method1("ascontiguousarray", (given, "uint32"))?;
        let arr: PyReadonlyArray1<'_, u32> = arr.extract()?;
        let acts = arr
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.with_out(py, |b, out| b.step(acts, out))?;
        Ok(self.step_out(py))
    }

    /// Plays a uniformly random legal action in every game (drawn from
    /// `seed` and the game's index), then returns what `step` returns.
    fn step_random(&self, py: Python<'_>, seed: u64) -> PyResult<Step> {
        self.with_out(py, |b, out| b.step_random(seed, out))?;
        Ok(self.step_out(py))
    }

    /// The legal actions of game `i`; `ValueError` for no such game.
    fn legal_actions(&self, i: usize) -> PyResult<Vec<u32>> {
        let b = lock(&self.batch);
        let e = b
            .env(i)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i}")))?;
        Ok(e.legal().to_vec())
    }

    fn __repr__(&self) -> String {
        let b = lock(&self.batch);
        format!(
            "<sevenw.VecEnv {} × {}, {} seats>",
            b.games(),
            self.game.info().title,
            b.seats()
        )
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
    m.add_function(wrap_pyfunction!(check_json, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(sim, m)?)?;
    m.add_function(wrap_pyfunction!(balance, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(sim_part, m)?)?;
    m.add_function(wrap_pyfunction!(sim_merge, m)?)?;
    m.add_function(wrap_pyfunction!(balance_part, m)?)?;
    m.add_function(wrap_pyfunction!(balance_merge, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyEnv>()?;
    m.add_class::<PyVecEnv>()?;
    Ok(())
}
