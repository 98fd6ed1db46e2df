//! `sevenc`: check a card library, generate its Rust, explain a diagnostic.

use sevenw_compiler::{Code, check, codegen};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
sevenc: the 7 Wonders card compiler

USAGE:
    sevenc check [PATHS...] [--format human|json] [--color auto|always|never]
    sevenc gen [PATHS...] [-o FILE]
    sevenc explain CODE
    sevenc --help | --version

PATHS are game folders (holding game.yaml) or folders of game folders;
the default is cards/.

check    reports every problem of the card sets; exits 1 on an error
gen      prints the generated Rust (the code the runtime's build includes)
explain  prints the long explanation of a diagnostic code (e.g. E0101)";

#[derive(PartialEq)]
enum Format {
    Human,
    Json,
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n\n{USAGE}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        return usage_error("no command given");
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        "-V" | "--version" => {
            println!("sevenc {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        "check" => cmd_check(rest),
        "gen" => cmd_gen(rest),
        "explain" => cmd_explain(rest),
        other => usage_error(&format!("unknown command `{other}`")),
    }
}

/// PATHS and `(option, value)` pairs of a command line.
type Args = (Vec<PathBuf>, Vec<(String, String)>);

/// Splits PATHS from options; `takes_value` names options followed by a value.
fn split(args: &[String], takes_value: &[&str]) -> Result<Args, String> {
    let mut paths = Vec::new();
    let mut opts = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some((k, v)) = a.split_once('=').filter(|(k, _)| k.starts_with("--")) {
            opts.push((k.to_string(), v.to_string()));
        } else if takes_value.contains(&a.as_str()) {
            let v = it.next().ok_or_else(|| format!("`{a}` needs a value"))?;
            opts.push((a.clone(), v.clone()));
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("unknown option `{a}`"));
        } else {
            paths.push(PathBuf::from(a));
        }
    }
    if paths.is_empty() {
        paths.push(PathBuf::from("cards"));
    }
    Ok((paths, opts))
}

fn cmd_check(args: &[String]) -> ExitCode {
    let (paths, opts) = match split(args, &["--format", "--color", "--colour"]) {
        Ok(x) => x,
        Err(e) => return usage_error(&e),
    };
    let mut format = Format::Human;
    let mut colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    for (k, v) in opts {
        match (k.as_str(), v.as_str()) {
            ("--format", "human") => format = Format::Human,
            ("--format", "json") => format = Format::Json,
            ("--color" | "--colour", "always") => colour = true,
            ("--color" | "--colour", "never") => colour = false,
            ("--color" | "--colour", "auto") => {}
            (k, v) => return usage_error(&format!("`{v}` is not a value of `{k}`")),
        }
    }
    let compiled = check(&paths);
    let report = &compiled.report;
    let mut out = std::io::stdout().lock();
    let written = if format == Format::Json {
        out.write_all(report.to_json_lines(&compiled.sources).as_bytes())
    } else {
        let rendered = report.render(&compiled.sources, colour);
        out.write_all(rendered.as_bytes())
    };
    if written.is_err() {
        return ExitCode::from(1);
    }
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let mut summary = format!(
        "checked {} ({} files, {} bytes)",
        shown.join(" "),
        compiled.sources.len(),
        compiled.sources.bytes()
    );
    if let Some(lib) = &compiled.library {
        for g in &lib.games {
            let sides: usize = g.wonders.iter().map(|w| w.sides.len()).sum();
            let stages: usize = g
                .wonders
                .iter()
                .flat_map(|w| &w.sides)
                .map(|s| s.stages.len())
                .sum();
            let names: std::collections::BTreeSet<String> =
                g.cards.iter().map(|c| c.name.to_lowercase()).collect();
            let per_age: Vec<String> = (1..=g.ages)
                .map(|a| {
                    let n: usize = g
                        .cards
                        .iter()
                        .filter(|c| c.age == a)
                        .map(|c| c.copies.len().max(1))
                        .sum();
                    format!("Age {}: {n}", roman(a))
                })
                .collect();
            summary.push_str(&format!(
                "\n  {} ({}): {} cards ({} names; printed {}), {} wonders, {} sides, {} stages{}",
                g.name,
                g.title,
                g.cards.len(),
                names.len(),
                per_age.join(", "),
                g.wonders.len(),
                sides,
                stages,
                if g.progress.is_empty() {
                    String::new()
                } else {
                    format!(", {} progress tokens", g.progress.len())
                }
            ));
        }
    }
    summary.push_str(&format!(
        "\n{} error(s), {} warning(s)",
        report.errors(),
        report.warnings()
    ));
    if format == Format::Json {
        eprintln!("{summary}");
    } else {
        let _ = writeln!(out, "{summary}");
    }
    if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn roman(n: u8) -> String {
    match n {
        1 => "I".into(),
        2 => "II".into(),
        3 => "III".into(),
        4 => "IV".into(),
        n => n.to_string(),
    }
}

fn cmd_gen(args: &[String]) -> ExitCode {
    let (paths, opts) = match split(args, &["-o", "--output"]) {
        Ok(x) => x,
        Err(e) => return usage_error(&e),
    };
    let output = opts
        .iter()
        .find(|(k, _)| k == "-o" || k == "--output")
        .map(|(_, v)| PathBuf::from(v));
    let compiled = check(&paths);
    let Some(library) = compiled.library else {
        eprint!(
            "{}",
            compiled
                .report
                .render(&compiled.sources, std::io::stderr().is_terminal())
        );
        eprintln!(
            "error: {} error(s); nothing generated",
            compiled.report.errors()
        );
        return ExitCode::from(1);
    };
    let code = codegen::generate(&library);
    let result = match output {
        Some(path) => {
            std::fs::write(&path, code).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => std::io::stdout()
            .lock()
            .write_all(code.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn cmd_explain(args: &[String]) -> ExitCode {
    let [code] = args else {
        return usage_error("`explain` takes one code, e.g. `sevenc explain E0101`");
    };
    match Code::parse(code) {
        Some(c) => {
            println!(
                "{} ({})\n\n{}",
                c.as_str(),
                c.severity().as_str(),
                c.explanation()
            );
            ExitCode::SUCCESS
        }
        None => {
            let all: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
            eprintln!(
                "error: no diagnostic has the code `{code}`\nthe codes are: {}",
                all.join(", ")
            );
            ExitCode::from(2)
        }
    }
}
