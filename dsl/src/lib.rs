//! The effect and cost language of the 7 Wonders card files.
//!
//! [`parse_effects`] and [`parse_cost`] turn the raw text of a YAML scalar into
//! the syntax tree of [`ast`]. Positions are byte offsets into the given text;
//! a syntax error carries the span of the offending token and what was
//! expected there, in words a card designer reads. The grammar is
//! `src/effect.pest`; the language is documented in `DSL.md`.
#![forbid(unsafe_code)]

pub mod ast;
mod parser;
pub mod words;

pub use ast::*;
pub use parser::{SyntaxError, parse_cost, parse_effects};
pub use words::{WORDS, WordInfo, leading_words};
