//! A document's mistakes as card files' are shown: each with its code, its
//! message, a snippet of the file at its line and column, and help —
//! rendered by miette, as `sevenc check` renders card diagnostics.
//!
//! Whatever the document, one mistake's report is bounded ([`MAX_REPORT`]):
//! a snippet is shown only when the lines it shows are short
//! ([`MAX_LINE`]), else the place and an excerpt in words; the message and
//! the help are cut to [`MAX_TEXT`] with `…`.

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan,
};
use sevenw_runtime::doc::DocError;
use sevenw_runtime::text::shown;

/// Every mistake of `e` in the document `name` holding `text`, rendered
/// (in colour when `colour`).
pub(crate) fn render(name: &str, text: &str, e: &DocError, colour: bool) -> String {
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    // Control characters reach the terminal as their pictures; each stays
    // one character, so columns still count the same.
    let escaped: String = text.chars().map(picture).collect();
    let mut out = String::new();
    for one in e.all() {
        let short = lines_short(&escaped, one.line);
        let span = span_at(&escaped, one.line, one.column).filter(|_| short);
        // The text up to the line after the mistake's: what the snippet
        // shows (its context line included), with the lines numbered.
        let upto = upto_line(&escaped, one.line.saturating_add(1));
        let shown = Shown {
            error: one,
            source: NamedSource::new(name, escaped[..upto].to_string()),
            span,
            file: name,
            excerpt: (!short && one.line > 0).then(|| excerpt(&escaped, one.line, one.column)),
        };
        let mut one_report = String::new();
        if handler.render_report(&mut one_report, &shown).is_err() {
            one_report = format!("error[{}]: {name}: {one}\n", one.code);
        }
        out.push_str(&clip(&one_report, MAX_REPORT));
        out.push('\n');
    }
    out
}

/// The longest line a snippet shows, in bytes.
pub(crate) const MAX_LINE: usize = 400;
/// The longest message or help, in bytes.
pub(crate) const MAX_TEXT: usize = 2048;
/// The longest report of one mistake, in bytes.
pub(crate) const MAX_REPORT: usize = 16 * 1024;

/// Whether the lines a snippet at 1-based `line` shows (it and the lines
/// beside it) are each at most [`MAX_LINE`] bytes.
fn lines_short(text: &str, line: u64) -> bool {
    let first = line.saturating_sub(1).max(1);
    text.split('\n')
        .enumerate()
        .skip(first as usize - 1)
        .take(line.saturating_add(2).saturating_sub(first) as usize)
        .all(|(_, l)| l.len() <= MAX_LINE)
}

/// The offset of the end of 1-based `line` (the whole text when it has
/// fewer lines).
fn upto_line(text: &str, line: u64) -> usize {
    let mut end = 0;
    for (i, l) in text.split('\n').enumerate() {
        end += l.len();
        if i as u64 + 1 >= line {
            return end.min(text.len());
        }
        end += 1;
    }
    text.len()
}

/// At most 60 characters of the text at 1-based `line` and `column`, with
/// `…` where it was cut.
fn excerpt(text: &str, line: u64, column: u64) -> String {
    let start = sevenw_yaml::offset_of(text, line as usize, column as usize).min(text.len());
    let rest = &text[start..];
    let rest = &rest[..rest.find('\n').unwrap_or(rest.len())];
    let mut out: String = rest.chars().take(60).collect();
    if out.len() < rest.len() {
        out.push('…');
    }
    out
}

/// `text` cut to at most `max` bytes (on a character boundary), with `…`
/// where it was cut.
pub(crate) fn clip(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= max {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    std::borrow::Cow::Owned(format!("{}…", &text[..end]))
}

/// A character as it may reach a terminal: a control character as its
/// picture, except a carriage return, kept so that lines end as in the file.
fn picture(c: char) -> char {
    if c == '\r' {
        return c;
    }
    sevenw_yaml::control_picture(c).unwrap_or(c)
}

/// The token at 1-based `line` and `column` (in characters): up to the end
/// of the value (a comma, bracket, comment or the line's end), at least
/// one character. `None` when the place is not in the text.
fn span_at(text: &str, line: u64, column: u64) -> Option<SourceSpan> {
    let lines = text.split('\n').count() as u64;
    if line == 0 || line > lines {
        return None;
    }
    let start = sevenw_yaml::offset_of(text, line as usize, column as usize);
    let token = &text[start..];
    let token = &token[..token.find('\n').unwrap_or(token.len())];
    let end = token.find([',', ']', '}', '#']).unwrap_or(token.len());
    let len = token[..end].trim_end().len().max(1);
    Some(SourceSpan::new(start.into(), len))
}

/// One mistake, as miette reads a diagnostic.
struct Shown<'a> {
    error: &'a DocError,
    source: NamedSource<String>,
    span: Option<SourceSpan>,
    file: &'a str,
    /// For a place whose lines are too long to show: the start of the
    /// value there.
    excerpt: Option<String>,
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // With no snippet, the message names the file itself (and the
        // place, when there is one).
        if self.span.is_none() {
            match &self.excerpt {
                Some(_) => write!(
                    f,
                    "{}:{}:{}: ",
                    shown(self.file),
                    self.error.line,
                    self.error.column
                )?,
                None => write!(f, "{}: ", shown(self.file))?,
            }
        }
        // Its parts from the file were cut to length when it was written;
        // the whole is only kept from reaching the terminal raw.
        let message: String = self.error.message.chars().map(picture).collect();
        f.write_str(&clip(&message, MAX_TEXT))
    }
}

impl std::error::Error for Shown<'_> {}

impl Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.error.code))
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let at = self
            .excerpt
            .as_ref()
            .map(|x| format!("the line is too long to show; the value there begins `{x}`"));
        let help = match (&self.error.help, at) {
            (Some(h), Some(at)) => Some(format!("{at}\n{h}")),
            (Some(h), None) => Some(h.clone()),
            (None, at) => at,
        };
        help.map(|h| Box::new(clip(&h, MAX_TEXT).into_owned()) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.span.map(|_| &self.source as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.span.map(|s| {
            Box::new(std::iter::once(LabeledSpan::underline(s))) as Box<dyn Iterator<Item = _>>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sevenw_runtime::doc::{DocError, code};

    fn error(line: u64, column: u64, message: &str) -> DocError {
        DocError {
            line,
            column,
            message: message.to_string(),
            code: code::NAME,
            help: Some("check the spelling".to_string()),
            more: Vec::new(),
        }
    }

    #[test]
    fn each_mistake_has_its_code_snippet_and_help() {
        let text = "game: base\nplayers:\n  - {name: Ana, cards: [Altr, Baths]}\n  - {name: Ben, cards: [Bath]}\n";
        let e = DocError::gather(vec![
            error(3, 25, "unknown card `Altr`"),
            error(4, 25, "unknown card `Bath`"),
        ])
        .unwrap();
        let out = render("sheet.yaml", text, &e, false);
        assert!(out.contains("S0002"), "{out}");
        assert!(out.contains("unknown card `Altr`"), "{out}");
        assert!(out.contains("[sheet.yaml:3:25]"), "{out}");
        assert!(out.contains("unknown card `Bath`"), "{out}");
        assert!(out.contains("[sheet.yaml:4:25]"), "{out}");
        assert!(out.contains("^^^^") || out.contains("────"), "{out}");
        assert!(out.contains("check the spelling"), "{out}");
        assert!(out.contains("  - {name: Ben, cards: [Bath]}"), "{out}");
    }

    #[test]
    fn the_token_is_underlined_and_places_outside_the_text_are_none() {
        let text = "a: [Altar, Baths]\n";
        let s = span_at(text, 1, 5).unwrap();
        assert_eq!((s.offset(), s.len()), (4, 5));
        assert!(span_at(text, 9, 1).is_none());
        assert!(span_at(text, 0, 0).is_none());
    }

    /// A place past the text, or a line too long to show, gives the place
    /// in words and a short report; no place is too large.
    #[test]
    fn any_place_gives_a_bounded_report() {
        let long = format!("a: [{}]\n", "Q".repeat(100_000));
        for (line, column) in [(1, 5), (u64::MAX, u64::MAX), (2, 1), (0, 0)] {
            let out = render("s.yaml", &long, &error(line, column, "bad"), false);
            assert!(
                out.len() < MAX_REPORT,
                "{line}:{column}: {} bytes",
                out.len()
            );
        }
        let out = render("s.yaml", &long, &error(1, 5, "bad"), false);
        assert!(out.contains("s.yaml:1:5: bad"), "{out}");
        assert!(out.contains("the value there begins"), "{out}");
        assert!(out.contains("`QQQQ"), "{out}");
    }

    #[test]
    fn control_characters_are_shown_as_pictures() {
        let text = "game: base\nplayers: [\u{1b}[2J]\n";
        let out = render("evil.yaml", text, &error(2, 11, "bad"), false);
        assert!(!out.contains('\u{1b}'), "{out}");
        assert!(out.contains('\u{241b}'), "{out}");
    }
}
