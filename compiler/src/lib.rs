//! The card compiler: YAML card sets and their effect language, checked and
//! turned into Rust.
//!
//! The pipeline is a chain of passes, each a module taking the previous
//! pass's output type and writing every problem it finds into one
//! [`diag::Report`]:
//!
//! 1. [`load`]: folders and YAML → [`load::GameSrc`] (text with spans)
//! 2. [`parse`]: effect and cost text → syntax trees ([`parse::GameAst`])
//! 3. [`resolve`]: names → indices of the game's vocabulary ([`resolve::Game`])
//! 4. [`validate`]: rules across cards (duplicates, chains, decks, wonders)
//! 5. [`lower`]: → [`ir::Library`], defaults made explicit, no spans
//! 6. [`codegen`]: IR → formatted Rust against the `sevenw-host` API
#![forbid(unsafe_code)]

pub mod build;
pub mod codegen;
pub mod diag;
pub mod ir;
pub mod load;
pub mod lower;
pub mod parse;
pub mod resolve;
pub mod shape;
pub mod source;
#[cfg(test)]
mod testkit;
pub mod validate;
pub mod vocab;
pub mod yaml;

pub use diag::{Code, Diagnostic, Report, Severity};
pub use source::Sources;

use std::path::PathBuf;

/// The result of checking a set: every file read, every problem found, and
/// the IR when there was no error.
#[derive(Debug)]
pub struct Compiled {
    pub sources: Sources,
    pub report: Report,
    pub library: Option<ir::Library>,
}

/// Runs every pass but code generation over the games named by `paths`.
pub fn check(paths: &[PathBuf]) -> Compiled {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let games = load::load(paths, &mut sources, &mut report);
    let parsed: Vec<parse::GameAst> = games
        .into_iter()
        .map(|g| parse::parse(g, &mut report))
        .collect();
    let resolved: Vec<resolve::Game> = parsed
        .into_iter()
        .filter_map(|g| resolve::resolve(g, &mut report))
        .collect();
    for g in &resolved {
        validate::validate(g, &mut report);
    }
    report.sort();
    let library = (!report.has_errors()).then(|| lower::lower(&resolved));
    Compiled {
        sources,
        report,
        library,
    }
}
