//! Reading the YAML documents users write for the runtime (city sheets,
//! and the files of later features), with every mistake reported at its
//! line and column in the user's own terms.
//!
//! serde-saphyr gives structured errors; each is put into words here
//! ("`coins` is given twice", "the sheet holds more than one YAML
//! document") rather than passed on in the library's terms. A budget bounds
//! what a document may expand to (aliases, nesting, nodes) before anything
//! is built from it.

use std::fmt;
use std::ops::RangeInclusive;

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, Visitor};
use serde_saphyr::{Budget, Options, Spanned};

use crate::engine::nearest::nearest;
use crate::text::shown;

/// Largest document read.
pub const MAX_BYTES: usize = 4 << 20;
/// Deepest nesting accepted.
pub const MAX_DEPTH: usize = 32;
/// Most YAML nodes accepted, after alias expansion.
pub const MAX_NODES: usize = 200_000;
/// Most bytes of text all values may hold together, after alias expansion:
/// twice the largest document, so that aliases of a long value cannot make
/// a small file read as tens of megabytes.
pub const MAX_SCALAR_BYTES: usize = 2 * MAX_BYTES;
/// Most aliases (`*name`) and most anchors (`&name`) of one document.
pub const MAX_ALIASES: usize = 10_000;

/// The codes of a document's mistakes, stable as the card files' are.
pub mod code {
    /// The YAML cannot be read: its syntax. The same code as for a card
    /// file.
    pub const YAML: &str = "E0001";
    /// The document exceeds a safety limit (size, nesting, aliases, text
    /// once aliases are expanded) or is not UTF-8. The same code as for a
    /// card file.
    pub const LIMIT: &str = "E0002";
    /// The document's shape: a field unknown, missing or given twice, a
    /// value of the wrong kind (a list for a number, say).
    pub const SHAPE: &str = "S0001";
    /// A name the game does not know: a card, wonder, side, token, leader,
    /// project or player.
    pub const NAME: &str = "S0002";
    /// A value the rules refuse: a count out of range, a card held twice,
    /// a position the game cannot reach.
    pub const RULES: &str = "S0003";
    /// The document as a whole: empty, of another game, or checking
    /// nothing.
    pub const DOCUMENT: &str = "S0004";
    /// A replay log's line that the game does not accept: a set-up line, a
    /// move the rules refuse at that point, an end that differs.
    pub const LOG: &str = "S0005";
    /// Every code a document's mistake may have (`sevenc explain` explains
    /// each).
    pub const ALL: &[&str] = &[YAML, LIMIT, SHAPE, NAME, RULES, DOCUMENT, LOG];
}

/// A mistake in a document (or in a name asked about), with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    /// 1-based line and column in the document; 0 when not in it.
    pub line: u64,
    pub column: u64,
    pub message: String,
    /// Its code (see [`code`]).
    pub code: &'static str,
    /// What to do about it, when there is more to say than the message.
    pub help: Option<String>,
    /// The mistakes found after it in the same document, in order: a
    /// reader that can go on after a mistake reports them all at once.
    pub more: Vec<DocError>,
}

impl DocError {
    /// The same mistake under another code.
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = code;
        self
    }

    /// The same mistake with help.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// This mistake and those found after it, in order.
    pub fn all(&self) -> impl Iterator<Item = &DocError> {
        std::iter::once(self).chain(self.more.iter())
    }

    /// The mistakes of `found` as one error (the first, carrying the
    /// others), or none.
    pub fn gather(found: Vec<DocError>) -> Option<DocError> {
        let mut all = found.into_iter();
        let mut first = all.next()?;
        for e in all {
            first.more.extend(e.all().map(|x| DocError {
                more: Vec::new(),
                ..x.clone()
            }));
        }
        Some(first)
    }
}

/// The mistakes a reader meets while it goes on: each is kept, and the
/// value it was reading is skipped.
#[derive(Debug, Default)]
pub struct Found(Vec<DocError>);

impl Found {
    /// The value, or `None` with its mistake kept.
    pub fn keep<T>(&mut self, r: Result<T, DocError>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.0.push(e);
                None
            }
        }
    }

    /// Keeps a mistake.
    pub fn push(&mut self, e: DocError) {
        self.0.push(e);
    }

    /// Whether a mistake was kept.
    pub fn any(&self) -> bool {
        !self.0.is_empty()
    }

    /// `Ok(value)` when nothing was found, else every mistake as one error,
    /// in the order of their places in the document (a mistake of the
    /// document as a whole first), as card files' diagnostics are.
    pub fn or<T>(self, value: T) -> Result<T, DocError> {
        match DocError::gather(self.in_order()) {
            None => Ok(value),
            Some(e) => Err(e),
        }
    }

    /// Every mistake kept and `last`, after which the reader cannot go on,
    /// as one error.
    pub fn and(mut self, last: DocError) -> DocError {
        self.0.push(last);
        let all = self.in_order();
        DocError::gather(all).unwrap_or_else(|| nowhere("no mistake"))
    }

    /// The mistakes kept, each alone, by their places (stable: mistakes at
    /// one place stay in the order found).
    fn in_order(self) -> Vec<DocError> {
        let mut all: Vec<DocError> = self
            .0
            .into_iter()
            .flat_map(|mut e| {
                let more = std::mem::take(&mut e.more);
                std::iter::once(e).chain(more)
            })
            .collect();
        all.sort_by_key(|e| (e.line, e.column));
        all
    }
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for DocError {}

/// An error at the place of a document's value.
pub fn at<T>(s: &Spanned<T>, message: impl Into<String>) -> DocError {
    DocError {
        line: s.referenced.line(),
        column: s.referenced.column(),
        message: message.into(),
        code: code::RULES,
        help: None,
        more: Vec::new(),
    }
}

/// An error about the document as a whole, or about a command line.
pub fn nowhere(message: impl Into<String>) -> DocError {
    DocError {
        line: 0,
        column: 0,
        message: message.into(),
        code: code::DOCUMENT,
        help: None,
        more: Vec::new(),
    }
}

/// Reads `text` as a `T`; `what` names the document in messages ("sheet").
pub fn read<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, DocError> {
    if text.len() > MAX_BYTES {
        return Err(nowhere(format!(
            "the {what} is {} bytes; at most {MAX_BYTES} are read",
            text.len()
        ))
        .with_code(code::LIMIT));
    }
    if text.trim().is_empty() {
        return Err(nowhere(format!("the {what} is empty")));
    }
    let mut budget = Budget::default();
    budget.max_depth = MAX_DEPTH;
    budget.max_nodes = MAX_NODES;
    budget.max_total_scalar_bytes = MAX_SCALAR_BYTES;
    // Any number of aliases of one anchor is read within the budget of what
    // they expand to (no ratio of aliases to anchors is asked).
    budget.max_aliases = MAX_ALIASES;
    budget.max_anchors = MAX_ALIASES;
    budget.enforce_alias_anchor_ratio = false;
    let mut options = Options::default();
    options.budget = Some(budget);
    serde_saphyr::from_str_with_options(text, options).map_err(|e| in_words(&e, text, what))
}

/// serde-saphyr's error in the user's terms, with its place once.
fn in_words(e: &serde_saphyr::Error, text: &str, what: &str) -> DocError {
    use serde_saphyr::Error as E;
    let e = e.without_snippet();
    let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
    let limit = matches!(
        e,
        E::Budget { .. }
            | E::AliasReplayLimitExceeded { .. }
            | E::AliasExpansionLimitExceeded { .. }
            | E::AliasReplayStackDepthExceeded { .. }
            | E::AliasReplayCounterOverflow { .. }
            | E::InvalidUtf8Input
    );
    let shape = matches!(
        e,
        E::DuplicateMappingKey { .. }
            | E::SerdeUnknownField { .. }
            | E::SerdeMissingField { .. }
            | E::SerdeInvalidType { .. }
            | E::SerdeInvalidValue { .. }
            | E::SerdeInvalidLength { .. }
            | E::InvalidScalar { .. }
            | E::Unexpected { .. }
    );
    let message = match e {
        E::MultipleDocuments { .. } => {
            format!("the {what} holds more than one YAML document (`---`); give one")
        }
        E::DuplicateMappingKey { key: Some(k), .. } => {
            format!("`{}` is given twice", shown(k))
        }
        E::DuplicateMappingKey { key: None, .. } => "a key is given twice".to_string(),
        E::SerdeUnknownField {
            field, expected, ..
        } => {
            let hint = nearest(field, expected.iter().map(|o| (*o, *o)))
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            format!(
                "unknown field `{}` (the fields here are {}){hint}",
                shown(field),
                expected.join(", ")
            )
        }
        E::SerdeMissingField { field, .. } => format!("`{field}` is missing here"),
        E::SerdeInvalidType {
            unexpected,
            expected,
            ..
        } => format!("expected {expected} here, not {}", shown(unexpected)),
        E::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => format!("expected {expected} here, not {}", shown(unexpected)),
        E::SerdeInvalidLength { len, expected, .. } => {
            format!("expected {expected} here, not {len} items")
        }
        E::InvalidScalar { ty, .. } => format!("this value cannot be read as {}", type_words(ty)),
        E::Eof { .. } => format!("the {what} ends too early"),
        E::Unexpected { expected, .. } => format!("expected {} here", type_words(expected)),
        E::Budget { breach, .. } => {
            use serde_saphyr::budget::BudgetBreach as B;
            let why = match breach {
                B::Nodes { .. } => {
                    format!("it holds more than {MAX_NODES} values once aliases are expanded")
                }
                B::Depth { .. } => format!("it is nested deeper than {MAX_DEPTH} levels"),
                B::ScalarBytes { .. } => format!(
                    "its values hold more than {} MiB of text once aliases are expanded",
                    MAX_SCALAR_BYTES >> 20
                ),
                B::Aliases { .. } => format!("it uses more than {MAX_ALIASES} aliases (`*name`)"),
                B::AliasAnchorRatio { aliases, anchors } => {
                    format!("it uses {aliases} aliases (`*name`) of {anchors} anchors")
                }
                B::Anchors { .. } => {
                    format!("it defines more than {MAX_ALIASES} anchors (`&name`)")
                }
                B::Documents { .. } => "it holds too many YAML documents".to_string(),
                _ => "it is too large".to_string(),
            };
            format!("the {what} exceeds a safety limit: {why}")
        }
        E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. }
        | E::AliasReplayCounterOverflow { .. } => {
            format!("the {what} exceeds a safety limit: its aliases (`*name`) expand to too much")
        }
        E::UnknownAnchor { .. } => "an alias (`*name`) refers to no anchor".to_string(),
        E::InvalidUtf8Input => format!("the {what} is not UTF-8 text"),
        E::AliasError { error, .. } => return in_words(error, text, what),
        _ => {
            // Syntax errors and the rest: the mistake found in the text
            // where it is (as card files get it), else the library's own
            // first line without the place it prints (given separately).
            let full = e.to_string();
            let first = full.lines().next().unwrap_or("invalid YAML");
            let reason = strip_place(first);
            let offset = e
                .location()
                .and_then(|l| l.span().byte_offset())
                .map_or_else(
                    || sevenw_yaml::offset_of(text, line as usize, column as usize),
                    |o| (o as usize).min(text.len()),
                );
            if let Some(c) = sevenw_yaml::cause(text, offset, reason) {
                let (line, column) = sevenw_yaml::line_col(text, c.span.start);
                return DocError {
                    line: line as u64,
                    column: column as u64,
                    message: c.message,
                    code: code::YAML,
                    help: Some(c.help),
                    more: Vec::new(),
                };
            }
            format!("invalid YAML: {}", shown(reason))
        }
    };
    DocError {
        line,
        column,
        message,
        code: if shape {
            code::SHAPE
        } else if limit {
            code::LIMIT
        } else {
            code::YAML
        },
        help: None,
        more: Vec::new(),
    }
}

/// `line 2 column 2: illegal …` (or `error: …`, or `… at line 2, column
/// 2`) → `illegal …`.
fn strip_place(s: &str) -> &str {
    let mut s = s.strip_prefix("error: ").unwrap_or(s);
    if s.starts_with("line ")
        && let Some(i) = s.find(": ")
    {
        s = &s[i + 2..];
    }
    match s.rfind(" at line ") {
        Some(i) if s[i..].contains("column") => &s[..i],
        _ => s,
    }
}

fn type_words(ty: &str) -> &str {
    match ty {
        "i8" | "i16" | "i32" | "i64" | "i128" | "u8" | "u16" | "u32" | "u64" | "u128" | "isize"
        | "usize" => "a whole number",
        "f32" | "f64" => "a number",
        "bool" => "true or false",
        "string" | "str" | "String" | "string scalar" => "text",
        other => other,
    }
}

/// Any scalar, kept as its text, so that numbers are checked (with the
/// field's name and its range) by the reader rather than by serde.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scalar(pub String);

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number or a word")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
        }
        // Asked for text, the reader hands a plain scalar over as written:
        // a number too large for any type is echoed back as the user wrote
        // it, not as the float it would round to.
        d.deserialize_str(V).map_err(|e: D::Error| {
            // A list or a mapping where one value belongs is said in the
            // field's terms; any other error stands as it is (the safety
            // limits are met while parsing, before a value is asked for).
            if e.to_string().contains("string scalar") {
                de::Error::invalid_type(de::Unexpected::Other("a list or a mapping"), &V)
            } else {
                e
            }
        })
    }
}

/// Any YAML value with the places of its parts, for fields whose shape
/// depends on their key (the checks of a scenario).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Scalar(String),
    Seq(Vec<Spanned<Value>>),
    Map(Vec<Entry>),
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
                Ok(Value::Scalar(v.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
                Value::deserialize(d)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut s: A) -> Result<Value, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = s.next_element()? {
                    v.push(x);
                }
                Ok(Value::Seq(v))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut m: A) -> Result<Value, A::Error> {
                let mut v = Vec::new();
                while let Some(kv) = m.next_entry()? {
                    v.push(kv);
                }
                Ok(Value::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

impl Value {
    /// What kind of value this is, in words.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "nothing",
            Value::Scalar(_) => "a single value",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
}

/// The whole number a value holds.
pub fn value_int(v: &Spanned<Value>, field: &str) -> Result<i64, DocError> {
    match &v.value {
        Value::Scalar(s) => s.trim().parse().map_err(|_| {
            at(
                v,
                format!("`{field}` is a whole number, not `{}`", shown(s)),
            )
        }),
        other => Err(at(
            v,
            format!("`{field}` is a whole number, not {}", other.kind()),
        )),
    }
}

/// The text a value holds.
pub fn value_text<'v>(v: &'v Spanned<Value>, field: &str) -> Result<&'v str, DocError> {
    match &v.value {
        Value::Scalar(s) => Ok(s),
        other => Err(at(
            v,
            format!("`{field}` is a word or a name, not {}", other.kind()),
        )),
    }
}

/// The texts of a list (a single value counts as a list of one).
pub fn value_texts(v: &Spanned<Value>, field: &str) -> Result<Vec<Spanned<String>>, DocError> {
    match &v.value {
        Value::Null => Ok(Vec::new()),
        Value::Scalar(s) => Ok(vec![Spanned {
            value: s.clone(),
            referenced: v.referenced,
            defined: v.defined,
        }]),
        Value::Seq(items) => items
            .iter()
            .map(|i| {
                value_text(i, field).map(|s| Spanned {
                    value: s.to_string(),
                    referenced: i.referenced,
                    defined: i.defined,
                })
            })
            .collect(),
        Value::Map(_) => Err(at(v, format!("`{field}` is a list, not a mapping"))),
    }
}

/// A key of a mapping and its value.
pub type Entry = (Spanned<String>, Spanned<Value>);

/// The entries of a mapping.
pub fn value_map<'v>(v: &'v Spanned<Value>, field: &str) -> Result<&'v [Entry], DocError> {
    match &v.value {
        Value::Map(m) => Ok(m),
        Value::Null => Ok(&[]),
        other => Err(at(
            v,
            format!("`{field}` is a mapping, not {}", other.kind()),
        )),
    }
}

impl schemars::JsonSchema for Scalar {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Scalar".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "a number (checked by the reader, with its range)",
            "type": ["integer", "string"]
        })
    }
}

impl schemars::JsonSchema for Value {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Value".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "a step (a move in words) or a mapping: `expect:` or `illegal:`"
        })
    }
}

/// The whole number `s` holds for `field`, within `range`.
pub fn int(s: &Spanned<Scalar>, field: &str, range: RangeInclusive<i64>) -> Result<i64, DocError> {
    let words = || {
        format!(
            "`{field}` must be a whole number from {} to {}",
            range.start(),
            range.end()
        )
    };
    match s.value.0.trim().parse::<i64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(n) => Err(at(s, format!("{}, not {n}", words()))),
        Err(_) => Err(at(s, format!("{}, not `{}`", words(), shown(&s.value.0)))),
    }
}

/// Only the `game:` of a document, with its `edition:` and `expansions:`,
/// to know which game reads the rest.
#[derive(serde::Deserialize)]
struct GameOnly {
    game: Spanned<String>,
    #[serde(default)]
    edition: Option<Spanned<Scalar>>,
    #[serde(default)]
    expansions: Option<Spanned<Vec<Spanned<String>>>>,
}

/// The game a document names in its `game:` field.
pub fn game_of(text: &str, what: &str) -> Result<Spanned<String>, DocError> {
    read::<GameOnly>(text, what).map(|g| g.game)
}

/// The game a document names, in its `edition:`, with its `expansions:`,
/// among `games`; a mistake is reported at its field.
pub fn select_of(
    games: &[&'static sevenw_host::GameInfo],
    text: &str,
    what: &str,
) -> Result<&'static sevenw_host::GameInfo, DocError> {
    let g = read::<GameOnly>(text, what)?;
    let edition = match &g.edition {
        None => None,
        Some(e) => Some(int(e, "edition", 1..=99)? as u8),
    };
    let with: Vec<&str> = g
        .expansions
        .as_ref()
        .map(|e| e.value.iter().map(|w| w.value.as_str()).collect())
        .unwrap_or_default();
    crate::select(games, &g.game.value, edition, &with).map_err(|e| {
        let place = match (e.option, &g.edition, &g.expansions) {
            ("edition", Some(ed), _) => Some((ed.referenced.line(), ed.referenced.column())),
            ("with", _, Some(ex)) => Some((ex.referenced.line(), ex.referenced.column())),
            _ => None,
        };
        match place {
            Some((line, column)) => DocError {
                line,
                column,
                message: e.message,
                code: code::NAME,
                help: None,
                more: Vec::new(),
            },
            None => at(&g.game, e.message).with_code(code::NAME),
        }
    })
}

/// The kind of token the game declares named `k` (`debt`, or `debt
/// token`), or a mistake at `k` naming the kinds.
pub fn token_kind(info: &sevenw_host::GameInfo, k: &Spanned<String>) -> Result<usize, DocError> {
    let n = crate::engine::nearest::normal(&k.value);
    let n = n
        .strip_suffix(" tokens")
        .or_else(|| n.strip_suffix(" token"))
        .unwrap_or(&n);
    if let Some(i) = info.tokens.iter().position(|t| t.name == n) {
        return Ok(i);
    }
    let names: Vec<&str> = info.tokens.iter().map(|t| t.name).collect();
    Err(at(
        k,
        if names.is_empty() {
            format!(
                "no kind of token `{}` here: the card sets in play declare none",
                shown(&k.value)
            )
        } else {
            format!(
                "no kind of token `{}` here (kinds: {}){}",
                shown(&k.value),
                names.join(", "),
                crate::text::did_you_mean(crate::engine::nearest::closest(n, &names))
            )
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        name: String,
        coins: Option<Spanned<Scalar>>,
    }

    fn err(text: &str) -> DocError {
        read::<Doc>(text, "sheet").unwrap_err()
    }

    /// Any number of aliases of one anchor is read (serde-saphyr's default
    /// ratio of 10 aliases per anchor refused 224 of one); an alias bomb
    /// is refused by what it expands to, in those words.
    #[test]
    fn aliases_are_bounded_by_what_they_expand_to() {
        let refs = vec!["*a"; 224].join(", ");
        let list: Vec<String> = read(&format!("[&a Altar, {refs}]"), "sheet").unwrap();
        assert_eq!(list.len(), 225);
        let mut bomb = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (prev, name) in ["a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
        {
            let refs = vec![format!("*{prev}"); 9].join(", ");
            bomb.push_str(&format!("{name}: &{name} [{refs}]\n"));
        }
        let e = read::<std::collections::BTreeMap<String, serde_json::Value>>(&bomb, "sheet")
            .unwrap_err();
        assert!(e.message.contains("safety limit"), "{e}");
        assert!(e.message.contains("once aliases are expanded"), "{e}");
    }

    #[test]
    fn library_words_become_the_users() {
        let e = err("name: a\ncoisn: 3\n");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unknown field `coisn`"), "{e}");
        assert!(e.message.contains("did you mean `coins`?"), "{e}");
        let e = err("name: a\nname: b\n");
        assert_eq!(e.message, "`name` is given twice");
        assert_eq!(e.line, 2);
        let e = err("name: a\n---\nname: b\n");
        assert!(e.message.contains("more than one YAML document"), "{e}");
        assert!(!e.message.contains("from_str"), "{e}");
        let e = err("coins: 3\n");
        assert!(e.message.contains("`name` is missing"), "{e}");
        let e = err("   \n");
        assert_eq!(e.message, "the sheet is empty");
        let e = err("name: [a\ncoins: 3\n");
        assert_eq!(e.message, "expected text here");
        assert_eq!((e.line, e.column), (1, 7));
        let e = err("name: a\ncoins: [1]\n");
        assert_eq!(
            e.message,
            "expected a number or a word here, not a list or a mapping"
        );
        assert_eq!(e.line, 2);
        assert_eq!(e.code, code::SHAPE);
        let e = err("name: 'a\ncoins: 3\n");
        assert!(e.message.starts_with("invalid YAML"), "{e}");
        assert!(
            !e.message.contains("column"),
            "the place is given once: {e}"
        );
    }

    #[test]
    fn mistakes_found_are_given_in_the_documents_order() {
        let e = |line, column, m: &str| DocError {
            line,
            column,
            message: m.to_string(),
            code: code::RULES,
            help: None,
            more: Vec::new(),
        };
        let mut found = Found::default();
        found.push(e(4, 2, "c"));
        found.push(e(0, 0, "the document"));
        let mut two = e(2, 9, "a");
        two.more.push(e(1, 3, "first"));
        found.push(two);
        found.push(e(2, 9, "b"));
        let all = found.or(()).unwrap_err();
        let messages: Vec<&str> = all.all().map(|m| m.message.as_str()).collect();
        // By place; two at one place in the order found.
        assert_eq!(messages, ["the document", "first", "a", "b", "c"]);
        assert!(all.more.iter().all(|m| m.more.is_empty()));
        assert_eq!(Found::default().or(7), Ok(7));
        // A mistake after which the reader stops comes with those kept.
        let mut found = Found::default();
        found.push(e(5, 1, "kept"));
        let all = found.and(e(3, 1, "last"));
        let messages: Vec<&str> = all.all().map(|m| m.message.as_str()).collect();
        assert_eq!(messages, ["last", "kept"]);
        assert_eq!(Found::default().and(e(3, 1, "alone")).more, []);
    }

    #[test]
    fn a_number_too_large_is_echoed_as_written() {
        let doc: Doc = read("name: a\ncoins: 99999999999999999999999\n", "sheet").unwrap();
        let coins = doc.coins.unwrap();
        let e = int(&coins, "coins", 0..=1000).unwrap_err();
        assert_eq!(
            e.message,
            "`coins` must be a whole number from 0 to 1000, not `99999999999999999999999`"
        );
    }

    #[test]
    fn aliases_of_a_long_value_are_stopped() {
        // A value of 100 KB, then 200 players' names aliasing it: a file of
        // about 102 KB that would expand to 20 MB.
        let mut text = format!("name: &n \"{}\"\nplayers:\n", "x".repeat(100_000));
        for _ in 0..200 {
            text.push_str("  - *n\n");
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Names {
            name: String,
            players: Vec<String>,
        }
        let e = read::<Names>(&text, "sheet").unwrap_err();
        assert_eq!(e.code, code::LIMIT);
        assert!(
            e.message.contains("MiB of text once aliases are expanded"),
            "{e}"
        );
    }

    #[test]
    fn alias_bombs_are_stopped() {
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            bomb.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n",
                p = i - 1
            ));
        }
        let e = read::<serde::de::IgnoredAny>(&bomb, "sheet").unwrap_err();
        assert!(e.message.contains("safety limit"), "{e}");
    }

    #[test]
    fn numbers_are_checked_with_their_field_and_range() {
        let d: Doc = read("name: a\ncoins: 2147483648\n", "sheet").unwrap();
        let e = int(d.coins.as_ref().unwrap(), "coins", 0..=1000).unwrap_err();
        assert_eq!(
            e.message,
            "`coins` must be a whole number from 0 to 1000, not 2147483648"
        );
        assert_eq!((e.line, e.column), (2, 8));
        let d: Doc = read("name: a\ncoins: lots\n", "sheet").unwrap();
        let e = int(d.coins.as_ref().unwrap(), "coins", 0..=1000).unwrap_err();
        assert!(e.message.ends_with("not `lots`"), "{e}");
        let d: Doc = read("name: a\ncoins: 12\n", "sheet").unwrap();
        assert_eq!(int(d.coins.as_ref().unwrap(), "coins", 0..=1000), Ok(12));
    }

    #[test]
    fn the_game_is_read_alone() {
        let g = game_of("players: []\ngame: duel\nfoo: 1\n", "sheet").unwrap();
        assert_eq!(g.value, "duel");
        assert_eq!(g.referenced.line(), 2);
        assert!(game_of("players: []\n", "sheet").is_err());
    }
}
