//! YAML to a spanned node tree, with serde-saphyr, under a budget.
//!
//! Every node keeps the byte span of its text in the file. The tree is then
//! read field by field by [`crate::load`], which reports every unknown,
//! missing or mistyped field at once instead of stopping at the first.

use crate::diag::{Code, Diagnostic, Report};
use crate::source::{FileId, Loc, offset_of};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::{Budget, Options, Spanned};
use sevenw_dsl::Span;

mod cause;

/// Largest card file accepted.
pub const MAX_FILE_BYTES: usize = 4 << 20;
/// Deepest nesting accepted (card files need about 6).
pub const MAX_DEPTH: usize = 64;
/// Most YAML nodes accepted, after alias expansion.
pub const MAX_NODES: usize = 200_000;
/// Most bytes of text all values may hold together, after alias expansion:
/// twice the largest file, so that aliases of one long value cannot make a
/// small file read as tens of megabytes.
pub const MAX_SCALAR_BYTES: usize = 2 * MAX_FILE_BYTES;
/// Most aliases (`*name`) and most anchors (`&name`) of one file. What
/// aliases expand to is bounded by [`MAX_NODES`] and [`MAX_SCALAR_BYTES`],
/// so any number of aliases of one anchor is read within those (no ratio
/// of aliases to anchors is asked).
pub const MAX_ALIASES: usize = 10_000;

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    /// Any scalar, as its text; `quoted` if written in quotes.
    Scalar(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

/// A YAML node and where it stands in its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub value: Value,
    pub loc: Loc,
}

impl Node {
    pub fn kind(&self) -> &'static str {
        match self.value {
            Value::Null => "nothing",
            Value::Scalar(_) => "text",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
    /// The end of the node's text, children included (a collection's own
    /// span covers only its start). Depth is bounded by `MAX_DEPTH`.
    pub fn extent_end(&self) -> usize {
        let children = match &self.value {
            Value::Seq(items) => items.iter().map(Node::extent_end).max(),
            Value::Map(entries) => entries
                .iter()
                .map(|(k, v)| k.extent_end().max(v.extent_end()))
                .max(),
            _ => None,
        };
        children.unwrap_or(0).max(self.loc.end)
    }
    /// The value of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries
                .iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s) => Some(s),
            _ => None,
        }
    }
}

/// The tree as serde-saphyr gives it, before locations are tied to a file.
#[derive(Debug)]
enum Raw {
    Null,
    Scalar(String),
    Seq(Vec<Spanned<Raw>>),
    Map(Vec<(Spanned<Raw>, Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Raw, E> {
                Ok(Raw::Scalar(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_char<E: de::Error>(self, v: char) -> Result<Raw, E> {
                Ok(Raw::Scalar(v.to_string()))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Raw, E> {
                Ok(Raw::Scalar(String::from_utf8_lossy(v).into_owned()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
                Raw::deserialize(d)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = s.next_element()? {
                    v.push(x);
                }
                Ok(Raw::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(kv) = m.next_entry()? {
                    v.push(kv);
                }
                Ok(Raw::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Parses a whole file. On failure, reports why (with the position) and gives `None`.
pub fn parse(file: FileId, text: &str, report: &mut Report) -> Option<Node> {
    parse_node(file, text).map_err(|d| report.push(*d)).ok()
}

/// Parses a whole file, or says why it is not valid YAML.
pub fn parse_node(file: FileId, text: &str) -> Result<Node, Box<Diagnostic>> {
    let whole = Loc::new(file, Span::new(0, 0));
    if text.len() > MAX_FILE_BYTES {
        return Err(Box::new(
            Diagnostic::new(
                Code::InputLimit,
                whole,
                format!(
                    "the file is {} bytes, more than the {} a card file may hold",
                    text.len(),
                    MAX_FILE_BYTES
                ),
            )
            .label("this file is too large")
            .help("split the cards over several files"),
        ));
    }
    let mut budget = Budget::default();
    budget.max_depth = MAX_DEPTH;
    budget.max_nodes = MAX_NODES;
    budget.max_total_scalar_bytes = MAX_SCALAR_BYTES;
    budget.max_aliases = MAX_ALIASES;
    budget.max_anchors = MAX_ALIASES;
    budget.enforce_alias_anchor_ratio = false;
    let mut options = Options::default();
    options.budget = Some(budget);
    match serde_saphyr::from_str_with_options::<Spanned<Raw>>(text, options) {
        Ok(raw) => Ok(convert(file, text, raw)),
        Err(e) => Err(Box::new(yaml_error(file, text, &e))),
    }
}

fn yaml_error(file: FileId, text: &str, e: &serde_saphyr::Error) -> Diagnostic {
    let offset = e
        .location()
        .map(|l| {
            l.span()
                .byte_offset()
                .map(|o| o as usize)
                .unwrap_or_else(|| offset_of(text, l.line() as usize, l.column() as usize))
        })
        .unwrap_or(0);
    let offset = offset.min(text.len());
    let span = Span::new(offset, next_char(text, offset));
    // serde-saphyr's Display adds its own snippet; keep the first line only.
    let full = e.to_string();
    let first = full.lines().next().unwrap_or("invalid YAML");
    let reason = strip_position(first.trim_start_matches("error: "));
    let budget = full.contains("budget")
        || full.contains("recursion limit")
        || full.contains("limit exceeded");
    if budget {
        return Diagnostic::new(
            Code::InputLimit,
            Loc::new(file, span),
            format!("the file exceeds a safety limit: {}", budget_reason(reason)),
        )
        .label("the limit was reached here")
        .help("card files are small: remove runaway anchors and aliases or deep nesting");
    }
    match cause::cause(text, offset, reason) {
        Some(c) => Diagnostic::new(
            Code::YamlSyntax,
            Loc::new(file, Span::new(c.span.start, c.span.end)),
            c.message,
        )
        .label(c.label)
        .help(c.help),
        None => Diagnostic::new(
            Code::YamlSyntax,
            Loc::new(file, span),
            format!("invalid YAML: {reason}"),
        )
        .label("the YAML parser stopped here")
        .help("fix the YAML at this position"),
    }
}

/// serde-saphyr's budget breaches (`budget breached: Nodes { nodes: 200001 }`)
/// in a designer's words.
fn budget_reason(reason: &str) -> String {
    let r = reason.to_ascii_lowercase();
    if r.contains("scalarbytes") || r.contains("scalar_bytes") || r.contains("scalar bytes") {
        format!(
            "more than {} MiB of text once aliases are expanded",
            MAX_SCALAR_BYTES >> 20
        )
    } else if r.contains("nodes") {
        format!("more than {MAX_NODES} YAML nodes once aliases are expanded")
    } else if r.contains("depth") || r.contains("recursion") || r.contains("nesting") {
        format!("nested deeper than {MAX_DEPTH} levels")
    } else if r.contains("alias") {
        format!("more than {MAX_ALIASES} aliases (`*name`)")
    } else if r.contains("anchor") {
        format!("more than {MAX_ALIASES} anchors (`&name`)")
    } else {
        reason.to_string()
    }
}

/// `line 2 column 2: illegal …` → `illegal …`
fn strip_position(s: &str) -> &str {
    if s.starts_with("line ")
        && let Some(i) = s.find(": ")
    {
        return &s[i + 2..];
    }
    s
}

fn next_char(text: &str, offset: usize) -> usize {
    text[offset..]
        .chars()
        .next()
        .map_or(offset, |c| offset + c.len_utf8())
}

/// Depth is bounded by the parser's budget (`MAX_DEPTH`), so recursion is safe.
fn convert(file: FileId, text: &str, raw: Spanned<Raw>) -> Node {
    let s = raw.referenced.span();
    let start = s.byte_offset().map(|o| o as usize).unwrap_or_else(|| {
        offset_of(
            text,
            raw.referenced.line() as usize,
            raw.referenced.column() as usize,
        )
    });
    let len = s.byte_len().map(|l| l as usize).unwrap_or(0);
    let start = start.min(text.len());
    let end = (start + len).min(text.len());
    let loc = Loc::new(file, Span::new(start, end));
    let value = match raw.value {
        Raw::Null => Value::Null,
        Raw::Scalar(s) => Value::Scalar(s),
        Raw::Seq(items) => Value::Seq(items.into_iter().map(|x| convert(file, text, x)).collect()),
        Raw::Map(entries) => Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (convert(file, text, k), convert(file, text, v)))
                .collect(),
        ),
    };
    Node { value, loc }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(text: &str) -> Node {
        let mut r = Report::default();
        let n = parse(FileId(0), text, &mut r);
        assert!(!r.has_errors(), "{:?}", r.diagnostics);
        n.unwrap()
    }

    fn parse_err(text: &str) -> Diagnostic {
        let mut r = Report::default();
        assert!(parse(FileId(0), text, &mut r).is_none());
        assert_eq!(r.diagnostics.len(), 1);
        r.diagnostics.remove(0)
    }

    #[test]
    fn scalars_keep_their_byte_spans() {
        let text = "cards:\n  - name: \"Lumber Yard\"\n    effect: |\n      produce wood\n";
        let n = parse_ok(text);
        let Value::Map(top) = &n.value else { panic!() };
        let Value::Seq(cards) = &top[0].1.value else {
            panic!()
        };
        let Value::Map(card) = &cards[0].value else {
            panic!()
        };
        let name = &card[0].1;
        assert_eq!(&text[name.loc.start..name.loc.end], "\"Lumber Yard\"");
        assert_eq!(name.as_str(), Some("Lumber Yard"));
        let effect = &card[1].1;
        assert!(text[effect.loc.start..effect.loc.end].starts_with("produce wood"));
    }

    #[test]
    fn syntax_error_has_a_position() {
        // The parser stops at `:` (offset 10); the cause is the `[`.
        let d = parse_err("a: [1, 2\nb: 3");
        assert_eq!(d.code, Code::YamlSyntax);
        assert_eq!(d.loc.unwrap().start, 3);
    }

    #[test]
    fn hostile_input_is_refused_not_fatal() {
        let bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f]";
        assert_eq!(parse_err(bomb).code, Code::InputLimit);
        assert_eq!(parse_err(&"[".repeat(100_000)).code, Code::InputLimit);
        let huge = format!("cards:\n{}", "  - name: x\n".repeat(1_000_000));
        assert_eq!(parse_err(&huge).code, Code::InputLimit);
    }
}
