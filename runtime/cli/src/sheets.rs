//! `score` and `price`: city sheets.

use std::path::Path;

use clap::error::ErrorKind;
use sevenw_runtime::doc::nowhere;
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_runtime::sheet::Target;

use crate::args::{PriceArgs, ScoreArgs};
use crate::io::{label, read_input};
use crate::{Fail, usage};

/// The rules of the game a sheet names.
pub(crate) fn sheet_game(
    lib: &Library<'_>,
    path: &Path,
    text: &str,
) -> Result<Box<dyn AnyGame>, Fail> {
    let info = sevenw_runtime::doc::select_of(lib.games, text, "sheet")
        .map_err(|e| sheet_fail(path, text, e))?;
    crate::setup::rules(lib, info)
}

/// A sheet's mistakes, each with its code and a snippet of the file.
pub(crate) fn sheet_fail(path: &Path, text: &str, e: sevenw_runtime::sheet::SheetError) -> Fail {
    // Nothing to show of the file: the message, with the file's name.
    if e.line == 0 && e.more.is_empty() {
        return crate::input(format!("{}: {}", label(path), e.message));
    }
    Fail::Rendered(crate::report::render(
        &label(path),
        text,
        &e,
        crate::io::colour_on_stderr(),
    ))
}

pub(crate) fn score(lib: &Library<'_>, a: ScoreArgs) -> Result<String, Fail> {
    let text = read_input(&a.sheet)?;
    let g = sheet_game(lib, &a.sheet, &text)?;
    let r = g
        .need_sheets("`score`")
        .map_err(|m| sheet_fail(&a.sheet, &text, nowhere(m)))?
        .score(&text)
        .map_err(|e| sheet_fail(&a.sheet, &text, e))?;
    Ok(if a.json {
        format!("{}\n", r.to_json())
    } else {
        r.to_text()
    })
}

pub(crate) fn price(lib: &Library<'_>, a: PriceArgs) -> Result<String, Fail> {
    for (flag, name) in [("leader", &a.leader), ("wonder", &a.wonder)] {
        if let Some(name) = name {
            return Err(usage(
                "price",
                ErrorKind::UnknownArgument,
                format!(
                    "`--{flag}` is now `--target {flag}=NAME`: write `--target {}`",
                    shell_word(&format!("{flag}={name}"))
                ),
            ));
        }
    }
    // One of them is needed (checked here, so that the old flags above
    // get their words rather than this).
    if a.card.is_none() && !a.stage && a.target.is_none() {
        return Err(usage(
            "price",
            ErrorKind::MissingRequiredArgument,
            "what to price is needed: `--card CARD`, `--stage` or `--target KIND[=NAME]`",
        ));
    }
    let target = match (&a.card, a.target) {
        (Some(c), _) => Target::named("card", c.clone()),
        (None, Some(t)) => t,
        (None, None) => Target::of("stage"),
    };
    let text = read_input(&a.sheet)?;
    let g = sheet_game(lib, &a.sheet, &text)?;
    let sheets = g
        .need_sheets("`price`")
        .map_err(|m| sheet_fail(&a.sheet, &text, nowhere(m)))?;
    if let Some(why) = sheets.refuse(&target) {
        return Err(usage("price", ErrorKind::ArgumentConflict, why));
    }
    let p = sheets
        .price(&text, &a.player, &target)
        .map_err(|e| sheet_fail(&a.sheet, &text, e))?;
    Ok(if a.json {
        format!("{}\n", p.to_json())
    } else {
        format!("{}\n", p.reason)
    })
}

/// `word` as a shell reads it back: quoted when it holds anything but
/// letters, digits and `=-_.,:`.
fn shell_word(word: &str) -> String {
    let plain = word
        .chars()
        .all(|c| c.is_alphanumeric() || "=-_.,:".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
