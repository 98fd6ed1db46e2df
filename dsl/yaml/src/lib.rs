//! The real cause of a YAML syntax error, found by scanning the raw text:
//! shared by the compiler (card files) and the runtime (sheets, scenarios),
//! so that a designer's YAML mistake reads the same in every file; with the
//! places in such a text (a line and column and its byte offset) and the
//! characters of it that must not reach a terminal raw.
//!
//! The YAML parser reports where it gave up, which is often not where the
//! mistake is: a tab in the indentation is reported at the end of the line
//! above, an unclosed `[` at the `:` of the next line, a line indented too far
//! at its `:`. Given the parser's position and reason, [`cause`] looks at the
//! text around it for the mistakes designers make and names the one it finds,
//! placed on the character to fix. When nothing matches, the parser's own
//! report stands.
//!
//! [`nearest`] is the other half of a designer's mistake told the same in
//! every file: the known name nearest to a mistyped one, behind every "did
//! you mean".

#![forbid(unsafe_code)]

pub mod nearest;

use std::ops::Range;

/// A mistake found in the text, to report instead of the parser's position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cause {
    /// The bytes of the text to fix.
    pub span: Range<usize>,
    pub message: String,
    pub label: String,
    pub help: String,
}

/// The cause of the parser's error at byte `offset` with `reason`, if the
/// text shows one.
pub fn cause(text: &str, offset: usize, reason: &str) -> Option<Cause> {
    let lines = Lines::new(text);
    let at = lines.index_of(offset);
    if reason.contains("tab") {
        return tab_in_indentation(&lines, at);
    }
    if reason.contains("unexpected character") {
        let from = lines.get(at).map_or(0, |(start, _)| start);
        if let Some(c) = control_character(text, from) {
            return Some(c);
        }
    }
    let open = scan_open(text, offset);
    if let Some(q) = open.quote.filter(|q| lines.index_of(q.at) < at) {
        return Some(unclosed_quote(text, q));
    }
    if let Some(b) = open.brackets.last() {
        if lines.index_of(b.at) < at || reason.contains("unclosed") {
            return Some(unclosed_bracket(b));
        }
    }
    if reason.contains("misplaced bracket") {
        let c = text[offset..].chars().next()?;
        return Some(Cause {
            span: offset..offset + c.len_utf8(),
            message: format!("invalid YAML: this `{c}` closes nothing"),
            label: "no list or mapping is open here".into(),
            help: format!("remove the `{c}`, or open its list on the same line"),
        });
    }
    if reason.contains("mapping values are not allowed") {
        return colon(&lines, at, offset);
    }
    if reason.contains("did not find expected '-'") || reason.contains("did not find expected key")
    {
        return less_indented(&lines, at);
    }
    None
}

/// The lines of a text, with their start offsets.
struct Lines<'a> {
    lines: Vec<(usize, &'a str)>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let mut lines = Vec::new();
        let mut start = 0;
        for l in text.split('\n') {
            lines.push((start, l.strip_suffix('\r').unwrap_or(l)));
            start += l.len() + 1;
        }
        Lines { lines }
    }
    /// The index of the line holding byte `offset`.
    fn index_of(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|(start, _)| *start <= offset)
            .saturating_sub(1)
    }
    fn get(&self, i: usize) -> Option<(usize, &'a str)> {
        self.lines.get(i).copied()
    }
    /// The nearest line before `i` that holds something (not blank, not a comment).
    fn content_before(&self, i: usize) -> Option<(usize, &'a str)> {
        self.lines[..i.min(self.lines.len())]
            .iter()
            .rev()
            .find(|(_, l)| {
                let t = l.trim_start();
                !t.is_empty() && !t.starts_with('#')
            })
            .copied()
    }
}

/// The leading spaces and tabs of a line.
fn leading(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The column (in bytes) where a line's mapping key starts, after its
/// indentation and any `- ` of list items, if the line holds `key:`.
fn key_column(line: &str) -> Option<usize> {
    let mut col = leading(line).len();
    while line[col..].starts_with("- ") {
        col += 2;
        col += leading(&line[col..]).len();
    }
    key_colon(&line[col..]).map(|_| col)
}

/// The byte index of the `:` that ends a plain key at the start of `s`.
fn key_colon(s: &str) -> Option<usize> {
    if s.starts_with(['"', '\'', '[', '{', '#', '-', '|', '>']) {
        return None;
    }
    let b = s.as_bytes();
    (0..b.len()).find(|&i| b[i] == b':' && b.get(i + 1).is_none_or(|c| *c == b' '))
}

fn tab_in_indentation(lines: &Lines<'_>, at: usize) -> Option<Cause> {
    // The parser stops at the end of the line before the tab, or on it.
    for i in [at, at + 1] {
        let Some((start, line)) = lines.get(i) else {
            continue;
        };
        let Some(tab) = leading(line).find('\t') else {
            continue;
        };
        // The field above, if it is a sibling (it does not open a block).
        let sibling = lines.content_before(i).and_then(|(_, l)| {
            let k = key_column(l)?;
            let colon = k + key_colon(&l[k..])?;
            (!l[colon + 1..].trim().is_empty())
                .then(|| format!(" ({k}, to line up with `{}:` above)", &l[k..colon]))
        });
        return Some(Cause {
            span: start + tab..start + tab + 1,
            message: "invalid YAML: a tab in the indentation".into(),
            label: "this tab".into(),
            help: format!(
                "YAML indents with spaces only: replace the tab with spaces{}",
                sibling.unwrap_or_default()
            ),
        });
    }
    None
}

/// The first character from byte `from` on that YAML does not allow in a
/// file (control characters other than tab and line breaks).
fn control_character(text: &str, from: usize) -> Option<Cause> {
    let (i, c) = text.get(from..)?.char_indices().find(|&(_, c)| {
        matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{84}' | '\u{86}'..='\u{9f}')
    })?;
    let at = from + i;
    Some(Cause {
        span: at..at + c.len_utf8(),
        message: format!(
            "invalid YAML: the control character U+{:04X} in the text",
            c as u32
        ),
        label: "this character".into(),
        help: "remove it: YAML files hold printable text only (a double-quoted value can write one as an escape, such as `\\e` for ESC)".into(),
    })
}

/// A quote or bracket still open at some point of the text.
#[derive(Debug, Clone, Copy)]
struct Opened {
    at: usize,
    c: char,
}

#[derive(Debug, Default)]
struct Open {
    quote: Option<Opened>,
    brackets: Vec<Opened>,
}

/// The quotes and flow brackets open at byte `upto`, skipping comments and
/// block scalars. A quote or bracket opens only where a value may start
/// (after `: `, `- `, `[`, `{`, `,` or at the start of a line), so that the
/// apostrophe of `Altar's` opens nothing.
fn scan_open(text: &str, upto: usize) -> Open {
    let mut open = Open::default();
    // The indentation of a block scalar's key while inside its text.
    let mut block: Option<usize> = None;
    let mut line_start = true;
    let mut prev = ' '; // the last character that is not a space, on this line
    let mut indent = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if i >= upto {
            break;
        }
        if line_start {
            line_start = false;
            let rest = &text[i..];
            let line = rest.split('\n').next().unwrap_or("");
            indent = leading(line).len();
            let blank = line.trim().is_empty();
            if let Some(key) = block {
                if blank || indent > key {
                    // Inside a block scalar's text: skip the line.
                    skip_line(&mut chars);
                    line_start = true;
                    continue;
                }
                block = None;
            }
            prev = ' ';
        }
        if let Some(q) = open.quote {
            match (q.c, c) {
                ('"', '\\') => {
                    chars.next();
                }
                ('"', '"') => {
                    open.quote = None;
                    prev = c;
                }
                ('\'', '\'') if chars.peek().map(|(_, n)| *n) == Some('\'') => {
                    chars.next();
                }
                ('\'', '\'') => {
                    open.quote = None;
                    prev = c;
                }
                _ => {}
            }
            if c == '\n' {
                line_start = true;
            }
            continue;
        }
        // A quote or bracket opens only where a value may start: first on
        // the line (`prev` is still ' ') or after a separator.
        let opens = matches!(prev, ' ' | ':' | '-' | '[' | '{' | ',' | '?');
        match c {
            '\n' => {
                line_start = true;
                continue;
            }
            '#' if text[..i].ends_with([' ', '\t', '\n']) || i == 0 => {
                skip_line(&mut chars);
                line_start = true;
                continue;
            }
            '"' | '\'' if opens => {
                open.quote = Some(Opened { at: i, c });
            }
            '[' | '{' if opens => {
                open.brackets.push(Opened { at: i, c });
            }
            ']' | '}' if !open.brackets.is_empty() => {
                open.brackets.pop();
            }
            '|' | '>' if open.brackets.is_empty() && prev == ':' => {
                block = Some(indent);
            }
            _ => {}
        }
        if c != ' ' && c != '\t' {
            prev = c;
        }
    }
    open
}

fn skip_line(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>) {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            break;
        }
    }
}

fn unclosed_quote(text: &str, q: Opened) -> Cause {
    let line_end = text[q.at..].find('\n').map_or(text.len(), |e| q.at + e);
    let rest = text[q.at + 1..line_end].trim_end();
    Cause {
        span: q.at..q.at + 1,
        message: format!("invalid YAML: this `{}` is never closed", q.c),
        label: "the quoted text starts here".into(),
        help: format!(
            "close the quote at the end of the text: `{}{rest}{}`",
            q.c, q.c
        ),
    }
}

fn unclosed_bracket(b: &Opened) -> Cause {
    let (close, what, example) = if b.c == '[' {
        (']', "list", "`players: [3, 4]`")
    } else {
        (
            '}',
            "mapping",
            "`guilds: { colour: purple, age: 3, extra: 2 }`",
        )
    };
    Cause {
        span: b.at..b.at + 1,
        message: format!("invalid YAML: this `{}` is never closed", b.c),
        label: format!("the {what} starts here"),
        help: format!("close the {what} with `{close}` on the same line, as in {example}"),
    }
}

/// `mapping values are not allowed`: a `:` inside a value, or a line
/// indented further than the fields above it (YAML then reads it as the
/// continuation of the value above, where a `key:` cannot stand).
fn colon(lines: &Lines<'_>, at: usize, offset: usize) -> Option<Cause> {
    let (start, line) = lines.get(at)?;
    let col = offset - start;
    match key_column(line).and_then(|k| key_colon(&line[k..]).map(|c| (k, k + c))) {
        Some((_, colon)) if colon < col => {
            // A second `: ` on a line that has its key: the value holds it.
            let value = line[colon + 1..].trim();
            let key = line[..colon].trim_start().trim_start_matches("- ");
            let quoted = if value.contains('"') {
                format!("'{}'", value.replace('\'', "''"))
            } else {
                format!("\"{value}\"")
            };
            Some(Cause {
                span: offset..offset + 1,
                message: "invalid YAML: a `: ` inside a value".into(),
                label: "YAML reads this as the start of another field".into(),
                help: format!("put the value in quotes: `{key}: {quoted}`"),
            })
        }
        Some((k, colon)) if colon == col => {
            let (_, above) = lines.content_before(at)?;
            let want = key_column(above)?;
            if k <= want {
                return None;
            }
            let key = line[k..colon].trim();
            let key_above = &above[want..want + key_colon(&above[want..])?];
            Some(Cause {
                span: start + want..start + k,
                message: format!(
                    "invalid YAML: `{key}:` is indented further than `{key_above}:` above it"
                ),
                label: format!("{} too many", spaces(k - want)),
                help: format!(
                    "fields of one mapping line up: indent `{key}:` {want} spaces, like `{key_above}:`"
                ),
            })
        }
        _ => None,
    }
}

/// `did not find expected '-' indicator`: a line indented less than the
/// fields above it, but more than what encloses them.
fn less_indented(lines: &Lines<'_>, at: usize) -> Option<Cause> {
    let (start, line) = lines.get(at)?;
    let k = key_column(line)?;
    let (_, above) = lines.content_before(at)?;
    let want = key_column(above)?;
    if k >= want {
        return None;
    }
    let key = &line[k..k + key_colon(&line[k..])?];
    let key_above = &above[want..want + key_colon(&above[want..])?];
    Some(Cause {
        span: start + k.min(leading(line).len())..start + k + key.len(),
        message: format!("invalid YAML: `{key}:` is indented less than `{key_above}:` above it"),
        label: format!("{} too few", spaces(want - k)),
        help: format!(
            "fields of one mapping line up: indent `{key}:` {want} spaces, like `{key_above}:`"
        ),
    })
}

/// `1 space`, `2 spaces`.
fn spaces(n: usize) -> String {
    if n == 1 {
        "1 space".into()
    } else {
        format!("{n} spaces")
    }
}

/// 1-based line and column (in characters) of a byte offset of `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, text[line_start..offset].chars().count() + 1)
}

/// The byte offset of a 1-based line and column (in characters), clamped to the text.
pub fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_text = &text[start..];
    let line_end = line_text.find('\n').unwrap_or(line_text.len());
    let within = line_text[..line_end]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(line_end, |(i, _)| i);
    start + within
}

/// The character shown for one that must not reach a terminal raw, if it
/// is one: C0 controls as their Unicode pictures (ESC as `␛`), C1 controls
/// and bidirectional overrides as `�`. Tabs and line feeds pass.
pub fn control_picture(c: char) -> Option<char> {
    match c {
        '\t' | '\n' => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
        '\u{7f}' => Some('\u{2421}'),
        '\u{80}'..='\u{9f}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        | '\u{61c}' => Some('\u{fffd}'),
        _ => None,
    }
}
