//! A document's mistakes as card files' are shown: each with its code, its
//! message, a snippet of the file at its line and column, and help —
//! rendered by miette, as `sevenc check` renders card diagnostics.

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
        let shown = Shown {
            error: one,
            source: NamedSource::new(name, escaped.clone()),
            span: span_at(&escaped, one.line, one.column),
            file: name,
        };
        if handler.render_report(&mut out, &shown).is_err() {
            out.push_str(&format!("error[{}]: {name}: {one}\n", one.code));
        }
        out.push('\n');
    }
    out
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
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // With no place in the file, the message names the file itself.
        if self.span.is_none() {
            write!(f, "{}: ", shown(self.file))?;
        }
        // Its parts from the file were cut to length when it was written;
        // the whole is only kept from reaching the terminal raw.
        let message: String = self.error.message.chars().map(picture).collect();
        f.write_str(&message)
    }
}

impl std::error::Error for Shown<'_> {}

impl Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.error.code))
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.error
            .help
            .as_ref()
            .map(|h| Box::new(h.as_str()) as Box<dyn fmt::Display>)
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

    #[test]
    fn control_characters_are_shown_as_pictures() {
        let text = "game: base\nplayers: [\u{1b}[2J]\n";
        let out = render("evil.yaml", text, &error(2, 11, "bad"), false);
        assert!(!out.contains('\u{1b}'), "{out}");
        assert!(out.contains('\u{241b}'), "{out}");
    }
}
