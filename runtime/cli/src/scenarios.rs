//! `test`: scenario files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sevenw_runtime::games::Library;

use crate::args::TestArgs;
use crate::io::{emit, label, read_input};
use crate::{Fail, input};

/// The scenario files under `paths` (folders searched), in name order.
pub(crate) fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fail> {
    let mut roots = paths.to_vec();
    if roots.is_empty() {
        let cards = PathBuf::from("cards");
        if !cards.is_dir() {
            return Err(input(
                "no scenarios given, and there is no `cards` folder here to look in: give files or folders",
            ));
        }
        roots.push(cards);
    }
    let mut files = Vec::new();
    for root in roots {
        if root.is_dir() {
            let mut stack = vec![root];
            while let Some(dir) = stack.pop() {
                // A game folder's own files are cards: only its `tests`
                // folder holds scenarios.
                if dir.join("game.yaml").is_file() {
                    let tests = dir.join("tests");
                    if tests.is_dir() {
                        stack.push(tests);
                    }
                    continue;
                }
                let entries = std::fs::read_dir(&dir)
                    .map_err(|e| input(format!("cannot read {}: {e}", label(&dir))))?;
                for e in entries.filter_map(Result::ok) {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                        files.push(p);
                    }
                }
            }
        } else if root.exists() || root == Path::new("-") {
            files.push(root);
        } else {
            return Err(input(format!("{}: no such file or folder", label(&root))));
        }
    }
    files.sort();
    Ok(files)
}

/// One scenario file run, with its text when it could be read.
pub(crate) fn test_one(
    lib: &Library<'_>,
    path: &Path,
) -> (sevenw_runtime::scenario::Run, Option<String>) {
    let run = match read_input(path) {
        Ok(text) => {
            let run = sevenw_runtime::games::test(lib, &text);
            return (run, Some(text));
        }
        Err(Fail::Input(m) | Fail::Rendered(m)) => sevenw_runtime::scenario::Run {
            error: Some(sevenw_runtime::doc::nowhere(m)),
            ..Default::default()
        },
        Err(Fail::Usage(e)) => sevenw_runtime::scenario::Run {
            error: Some(sevenw_runtime::doc::nowhere(e.to_string())),
            ..Default::default()
        },
    };
    (run, None)
}

pub(crate) fn test(lib: &Library<'_>, a: TestArgs) -> ExitCode {
    let files = match scenario_files(&a.paths) {
        Ok(f) => f,
        Err(Fail::Input(m) | Fail::Rendered(m)) => {
            let _ = writeln!(std::io::stderr(), "error: {m}");
            return ExitCode::from(1);
        }
        Err(Fail::Usage(e)) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    if files.is_empty() {
        let places: Vec<String> = a.paths.iter().map(|p| label(p)).collect();
        let _ = writeln!(
            std::io::stderr(),
            "error: no scenarios in {}: a scenario is a `.yaml` file (in a game folder, under its `tests` folder)",
            if places.is_empty() {
                "cards".to_string()
            } else {
                places.join(", ")
            }
        );
        return ExitCode::from(1);
    }
    let runs: Vec<(String, sevenw_runtime::scenario::Run, Option<String>)> = files
        .iter()
        .map(|f| {
            let (run, text) = test_one(lib, f);
            (label(f), run, text)
        })
        .collect();
    let failed = runs.iter().filter(|(_, r, _)| !r.passed()).count();
    let passed = runs.len() - failed;
    let out = if a.json {
        #[derive(serde::Serialize)]
        struct Place<'a> {
            line: u64,
            column: u64,
            message: &'a str,
        }
        #[derive(serde::Serialize)]
        struct One<'a> {
            file: &'a str,
            passed: bool,
            steps: usize,
            checks: usize,
            error: Option<Place<'a>>,
            failures: Vec<Place<'a>>,
        }
        #[derive(serde::Serialize)]
        struct All<'a> {
            passed: usize,
            failed: usize,
            scenarios: Vec<One<'a>>,
        }
        let all = All {
            passed,
            failed,
            scenarios: runs
                .iter()
                .map(|(file, r, _)| One {
                    file,
                    passed: r.passed(),
                    steps: r.steps,
                    checks: r.checks,
                    error: r.error.as_ref().map(|e| Place {
                        line: e.line,
                        column: e.column,
                        message: &e.message,
                    }),
                    failures: r
                        .failures
                        .iter()
                        .map(|f| Place {
                            line: f.line,
                            column: f.column,
                            message: &f.message,
                        })
                        .collect(),
                })
                .collect(),
        };
        format!(
            "{}\n",
            serde_json::to_string_pretty(&all).unwrap_or_default()
        )
    } else {
        let mut out = String::new();
        for (file, r, text) in &runs {
            // A scenario that could not be read: its mistakes with their
            // snippets, as a sheet's are shown; then what did not hold.
            let lines = match (&r.error, text) {
                (Some(e), Some(text)) if e.line > 0 || !e.more.is_empty() => {
                    out.push_str(&crate::report::render(file, text, e, false));
                    let rest = sevenw_runtime::scenario::Run {
                        error: None,
                        ..r.clone()
                    };
                    sevenw_runtime::scenario::report_lines(file, &rest)
                }
                _ => sevenw_runtime::scenario::report_lines(file, r),
            };
            for line in lines {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out.push_str(&format!("{passed} passed, {failed} failed\n"));
        out
    };
    let code = emit(&out);
    if failed > 0 && code == ExitCode::SUCCESS {
        ExitCode::from(1)
    } else {
        code
    }
}
