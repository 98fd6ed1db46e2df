//! Rendering diagnostics with miette, the whole file as the source.
//!
//! Two things are done here that miette does not do by itself:
//! - Text from the files reaches a terminal only with its control
//!   characters escaped: C0 controls become their Unicode pictures (ESC is
//!   shown as `␛`), C1 controls and bidirectional overrides `�`. The file
//!   text given to miette is escaped once per file, and spans are moved to
//!   match.
//! - A snippet is shown only when it is short: a diagnostic whose lines
//!   (with their context) hold a line longer than [`MAX_LINE`] bytes, or
//!   that span more than [`MAX_LINES`] lines, is shown without a snippet,
//!   its place and an excerpt in words instead (a 2 MiB word on one line
//!   would otherwise be echoed whole, and underlined past what a format
//!   width holds).
//! - One diagnostic's report is at most [`MAX_REPORT`] bytes, whatever the
//!   input: its words are bounded when it is made (a quoted name or word
//!   of the card files cut at 80 characters), its snippet as above.
//! - Snippets of one file are merged only when their context lines touch.
//!   miette's `SpanContents::line_count` of a `String` counts the lines from
//!   the start of the file, so two labels merged whenever the later stood
//!   before about twice the line of the earlier (48 lines of a W0002 report
//!   for two aliases far apart); [`FileSource`] gives the lines covered, as
//!   the trait documents.

use super::{Diagnostic, Report, Severity};
use crate::source::{FileId, Sources};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
// The replacement shown for a character that must not reach a terminal raw,
// if it is one (shared with the runtime's command line).
use sevenw_yaml::control_picture as replacement;
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

pub(super) fn render(report: &Report, sources: &Sources, colour: bool) -> String {
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    // Each file escaped once, however many diagnostics show it.
    let mut files: HashMap<FileId, FileSource> = HashMap::new();
    for d in &report.diagnostics {
        if let Some(loc) = d.loc {
            files
                .entry(loc.file)
                .or_insert_with(|| FileSource::new(sources, loc.file));
        }
    }
    let mut out = String::new();
    for d in &report.diagnostics {
        let shown = Shown::new(d, sources, &files);
        let mut one = String::new();
        if handler.render_report(&mut one, &shown).is_err() {
            one = format!(
                "{}[{}]: {}\n",
                d.severity().as_str(),
                d.code,
                escape_controls(&d.message)
            );
        }
        out.push_str(&clip(&one, MAX_REPORT));
        out.push('\n');
    }
    out
}

/// The longest report of one diagnostic, in bytes: its text, label, help
/// and notes are bounded when made ([`super::bounded`]) and its snippet by
/// [`MAX_LINE`] and [`MAX_LINES`], so this is a last guard.
pub(super) const MAX_REPORT: usize = 16 * 1024;

/// `text` cut to at most `max` bytes, on a character boundary, with `…`.
fn clip(text: &str, max: usize) -> Cow<'_, str> {
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    let mut end = max - '…'.len_utf8() - 1;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}…\n", &text[..end]))
}

/// The longest line a snippet shows.
pub(super) const MAX_LINE: usize = 400;
/// The most lines a snippet shows.
pub(super) const MAX_LINES: usize = 24;

/// `text` with its control characters escaped (see the module's doc); a
/// carriage return before a line feed is kept.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape(text).0
}

/// The escaped text, and for each replaced character (by its offset in
/// `text`) how many bytes longer everything after it has become.
fn escape(text: &str) -> (Cow<'_, str>, Vec<(usize, usize)>) {
    let needs = |(i, c): (usize, char)| {
        replacement(c).is_some() && !(c == '\r' && text[i + 1..].starts_with('\n'))
    };
    if !text.char_indices().any(needs) {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut shifts = Vec::new();
    for (i, c) in text.char_indices() {
        match replacement(c).filter(|_| needs((i, c))) {
            Some(r) => {
                out.push(r);
                shifts.push((i, out.len() - (i + c.len_utf8())));
            }
            None => out.push(c),
        }
    }
    (Cow::Owned(out), shifts)
}

/// A file as shown: its name and text escaped, with the map of offsets.
struct FileSource {
    name: String,
    text: String,
    /// `(offset in the file, bytes added up to and including that character)`.
    shifts: Vec<(usize, usize)>,
    /// Where each line of `text` starts, line breaks counted as miette
    /// counts them (`\n`, `\r\n` or a lone `\r`).
    starts: Vec<usize>,
}

impl FileSource {
    fn new(sources: &Sources, id: FileId) -> FileSource {
        let file = sources.get(id);
        let (text, shifts) = escape(&file.text);
        FileSource::shown(
            escape_controls(&file.path.display().to_string()).into_owned(),
            text.into_owned(),
            shifts,
        )
    }

    /// A file shown under `name` as `text` (escaped), with its shifts.
    fn shown(name: String, text: String, shifts: Vec<(usize, usize)>) -> FileSource {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let lone_cr = b == b'\r' && bytes.get(i + 1) != Some(&b'\n');
            if b == b'\n' || lone_cr {
                starts.push(i + 1);
            }
        }
        FileSource {
            name,
            text,
            shifts,
            starts,
        }
    }

    /// The offset in the shown text of offset `at` of the file.
    fn map(&self, at: usize) -> usize {
        let before = self.shifts.partition_point(|(i, _)| *i < at);
        at + before.checked_sub(1).map_or(0, |k| self.shifts[k].1)
    }

    /// Whether the lines of `start..end` of the shown text, with one line
    /// of context each side, make a snippet short enough to show.
    fn fits(&self, start: usize, end: usize) -> bool {
        let line_of = |at: usize| self.starts.partition_point(|&s| s <= at).saturating_sub(1);
        let (first, last) = (line_of(start), line_of(end));
        if last - first > MAX_LINES {
            return false;
        }
        let from = first.saturating_sub(1);
        let to = (last + 2).min(self.starts.len());
        (from..to).all(|l| {
            let a = self.starts[l];
            let b = self.starts.get(l + 1).copied().unwrap_or(self.text.len());
            b - a <= MAX_LINE
        })
    }

    /// A span of the file as a span of the shown text.
    fn span(&self, original: &str, start: usize, end: usize) -> (usize, usize) {
        let (s, e) = clamp(original, start, end);
        let s = self.map(s);
        (s, self.map(e).max(s))
    }
}

impl SourceCode for FileSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // miette reads a `str` from its start; it is given only the lines
        // that can matter (one more each side than the context asks), so a
        // diagnostic costs its snippet, not the file before it.
        let (off, end) = (span.offset(), span.offset().saturating_add(span.len()));
        let (text, base, first_line) = if end <= self.text.len() {
            let line_of = |at: usize| self.starts.partition_point(|&s| s <= at).saturating_sub(1);
            let from_line = line_of(off).saturating_sub(before.saturating_add(1));
            let to_line = line_of(end)
                .saturating_add(after)
                .saturating_add(2)
                .min(self.starts.len());
            let from = self.starts[from_line];
            let to = self.starts.get(to_line).copied().unwrap_or(self.text.len());
            (&self.text[from..to], from, from_line)
        } else {
            (self.text.as_str(), 0, 0)
        };
        let local = SourceSpan::new((off - base).into(), span.len());
        let inner = text.read_span(&local, before, after)?;
        let data = inner.data();
        // The lines covered, not the lines from the start of the file.
        let newlines = data.iter().filter(|b| **b == b'\n').count();
        let lines = newlines + usize::from(!data.ends_with(b"\n"));
        let at = SourceSpan::new((inner.span().offset() + base).into(), inner.span().len());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            data,
            at,
            inner.line() + first_line,
            inner.column(),
            lines,
        )))
    }
}

/// A diagnostic joined with its file, as miette wants it.
struct Shown<'a> {
    d: &'a Diagnostic,
    message: String,
    source: Option<&'a FileSource>,
    labels: Vec<LabeledSpan>,
    help: Option<String>,
}

impl<'a> Shown<'a> {
    fn new(d: &'a Diagnostic, sources: &Sources, files: &'a HashMap<FileId, FileSource>) -> Self {
        let mut labels = Vec::new();
        let mut help = d.help.clone();
        let mut source = None;
        if let Some(loc) = d.loc
            && let Some(shown) = files.get(&loc.file)
        {
            let text = &sources.get(loc.file).text;
            let (start, end) = shown.span(text, loc.start, loc.end);
            let notes_fit = d
                .notes
                .iter()
                .filter(|(n, _)| n.file == loc.file)
                .all(|(n, _)| {
                    let (s, e) = shown.span(text, n.start, n.end);
                    shown.fits(s, e)
                });
            if !shown.fits(start, end) || !notes_fit {
                // Too long to show: the place and an excerpt, in words.
                let (line, col) = sources.line_col(loc.file, loc.start);
                let at = format!(
                    "{}: at {}:{line}:{col}: `{}`",
                    escape_controls(&d.label),
                    escape_controls(&sources.get(loc.file).path.display().to_string()),
                    escape_controls(&excerpt(text, loc.start, loc.end))
                );
                help = Some(match help {
                    Some(h) => format!("{at}\n{h}"),
                    None => at,
                });
                return Shown {
                    d,
                    message: escape_controls(&d.message).into_owned(),
                    source: None,
                    labels,
                    help: help.map(|h| escape_controls(&h).into_owned()),
                };
            }
            labels.push(LabeledSpan::new_primary_with_span(
                Some(escape_controls(&d.label).into_owned()).filter(|l| !l.is_empty()),
                (start, end - start),
            ));
            for (note, label) in &d.notes {
                if note.file == loc.file {
                    let (s, e) = shown.span(text, note.start, note.end);
                    labels.push(LabeledSpan::new_with_span(
                        Some(escape_controls(label).into_owned()),
                        (s, e - s),
                    ));
                } else {
                    let other = sources.get(note.file);
                    let (line, col) = sources.line_col(note.file, note.start);
                    let where_ = format!("{label}: {}:{line}:{col}", other.path.display());
                    help = Some(match help {
                        Some(h) => format!("{h}\n{where_}"),
                        None => where_,
                    });
                }
            }
            source = Some(shown);
        }
        Shown {
            d,
            message: escape_controls(&d.message).into_owned(),
            source,
            labels,
            help: help.map(|h| escape_controls(&h).into_owned()),
        }
    }
}

/// At most 60 characters of `text` from `start`, within its line, with
/// `…` where it was cut.
fn excerpt(text: &str, start: usize, end: usize) -> String {
    let (s, _) = clamp(text, start, end);
    let line = &text[s..];
    let line = &line[..line.find(['\n', '\r']).unwrap_or(line.len())];
    let mut out: String = line.chars().take(60).collect();
    if out.len() < line.len() {
        out.push('…');
    }
    out
}

fn clamp(text: &str, start: usize, end: usize) -> (usize, usize) {
    let mut s = start.min(text.len());
    while !text.is_char_boundary(s) {
        s -= 1;
    }
    let mut e = end.clamp(s, text.len());
    while !text.is_char_boundary(e) {
        e += 1;
    }
    (s, e)
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.d, f)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown<'_> {}

impl miette::Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.d.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.d.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

#[cfg(test)]
mod tests;
