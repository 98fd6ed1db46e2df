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

/// Whether standard error takes colours: a terminal, and `NO_COLOR` unset.
pub(crate) fn colour_on_stderr() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// A rate as a person reads it: `46,390` from 46389.78, `12.5` below 100.
pub(crate) fn rate(per_second: f64) -> String {
    if !per_second.is_finite() || per_second < 0.0 {
        return "0".to_string();
    }
    if per_second < 100.0 {
        return format!("{per_second:.1}");
    }
    let digits = format!("{:.0}", per_second);
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A duration given in nanoseconds, in the unit that reads best:
/// `850 ns`, `12.3 µs`, `3.35 ms`, `1.20 s`.
pub(crate) fn duration(ns: f64) -> String {
    if !ns.is_finite() || ns < 1_000.0 {
        format!("{:.0} ns", ns.max(0.0))
    } else if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

#[cfg(test)]
mod tests {
    use super::{duration, rate};

    #[test]
    fn rates_and_durations_read_as_numbers_people_write() {
        assert_eq!(rate(46_389.785_4), "46,390");
        assert_eq!(rate(1_234_567.0), "1,234,567");
        assert_eq!(rate(999.6), "1,000");
        assert_eq!(rate(12.34), "12.3");
        assert_eq!(rate(f64::NAN), "0");
        assert_eq!(duration(850.0), "850 ns");
        assert_eq!(duration(12_345.0), "12.3 µs");
        assert_eq!(duration(3_353_522.0), "3.35 ms");
        assert_eq!(duration(1.2e9), "1.20 s");
    }
}
