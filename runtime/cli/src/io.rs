//! Reading the command line's files and writing its output.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use sevenw_runtime::text::shown;

use crate::{Fail, input};

/// Writes the output; a reader that went away (`sevenw … | head`) ends the
/// command quietly.
pub(crate) fn emit(out: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// The file at `path` (`-`: standard input), read once.
pub(crate) fn read_input(path: &Path) -> Result<String, Fail> {
    let shown_path = shown(&path.display().to_string()).into_owned();
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|mut f| {
            // A sheet or a log is small: stop reading well past the limit.
            std::io::Read::by_ref(&mut f)
                .take(sevenw_runtime::doc::MAX_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
        })
    };
    read.map_err(|e| input(format!("cannot read {shown_path}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| input(format!("{shown_path} is not UTF-8 text")))
}

pub(crate) fn label(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        shown(&path.display().to_string()).into_owned()
    }
}
