//! A selection: the keyword arguments that choose a game (`game`,
//! `edition`, `expansions`, …) as `sevenw play`'s options, chosen by the
//! command line's own parser (`sevenw_cli::api::choose`), so that a
//! selection and its error messages are the command line's.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sevenw_host::GameInfo;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::AnyGame;

use crate::{Kind, error, library};

/// `sevenw play`'s game options for the keyword arguments of a selection
/// (`game`, `edition`, `expansions`, `players`, `seed`, `sides`,
/// `wonders`, `options`, `bots`); `None` values are left out, and the seed
/// is 0 unless given.
pub(crate) fn selection_args(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
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
                    // A seed the command line would refuse in its own
                    // words (`-1` read as an option) is refused here in
                    // Python's.
                    seed = true;
                    args.extend(["--seed".to_string(), crate::seed_value(&v)?.to_string()]);
                    continue;
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
pub(crate) fn choose(
    py: Python<'_>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(&'static dyn AnyGame, Setup, Vec<BotKind>)> {
    let args = selection_args(kwargs)?;
    let (g, setup, bots) = sevenw_cli::api::choose(&library(), &args)
        .map_err(|e| error(py, Kind::Setup, e.message))?;
    Ok((rules_of(g), setup, bots))
}

pub(crate) fn bot_kind(py: Python<'_>, kind: &str) -> PyResult<BotKind> {
    sevenw_cli::api::bot(kind).map_err(|e| error(py, Kind::Setup, e.message))
}
