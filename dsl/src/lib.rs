//! The effect and cost language of the 7 Wonders card files.
//!
//! [`parse_effects`] and [`parse_cost`] turn the raw text of a YAML scalar into
//! the syntax tree of [`ast`]. Positions are byte offsets into the given text;
//! a syntax error carries the span of the offending token and what was
//! expected there, in words a card designer reads. The grammar
//! (`src/effect.pest`) reads clauses, costs and the words of a phrase; the
//! word table ([`words`]) says how each effect word, trigger and condition
//! is written, in the syntax language of [`syntax`]. The language is
//! documented in `DSL.md`.
#![forbid(unsafe_code)]

pub mod ast;
pub mod families;
mod parser;
pub mod syntax;
pub mod words;

pub use ast::*;
pub use families::{FAMILIES, FORMS, FamilyDef, FormDef};
pub use parser::{SyntaxError, parse_cost, parse_effects};
pub use words::{
    CONDITIONS, CondDef, CondId, CondShape, Event, Shape, TRIGGER_NAMES, TRIGGERS, Timing,
    TriggerDef, TriggerId, WORD_NAMES, WORDS, WordDef, WordId, is_action_keyword, leading_words,
};
