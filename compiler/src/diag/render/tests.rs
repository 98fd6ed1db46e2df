use super::*;
use crate::diag::Code;
use crate::source::Loc;
use std::path::PathBuf;

#[test]
fn controls_are_escaped_and_offsets_follow() {
    let text = "a\u{1b}[31mb\u{9b}c\u{202e}d\r\ne\rf\tg\u{7f}";
    let (shown, shifts) = escape(text);
    assert_eq!(shown, "a␛[31mb�c�d\r\ne␍f\tg␡");
    // Every character after a replacement is found where it moved.
    let file = FileSource::shown(String::new(), shown.clone().into_owned(), shifts);
    for (i, c) in text.char_indices() {
        if replacement(c).is_none() || c == '\r' && text[i + 1..].starts_with('\n') {
            assert_eq!(
                shown[file.map(i)..].chars().next(),
                Some(c),
                "offset {i} ({c:?})"
            );
        }
    }
    assert_eq!(escape_controls("plain"), Cow::Borrowed("plain"));
}

fn one_file(text: &str) -> (Sources, FileId) {
    let mut sources = Sources::default();
    let id = sources.add(PathBuf::from("age\u{1b}1.yaml"), text.to_string());
    (sources, id)
}

#[test]
fn nothing_from_a_file_reaches_the_terminal_raw() {
    let text = "cards:\n  - name: \u{1b}]0;pwned\u{7}Altar\n    colour: \u{9b}2Jblue\n";
    let (sources, id) = one_file(text);
    let at = text.find("blue").unwrap();
    let mut report = Report::default();
    report.push(
        Diagnostic::new(
            Code::UnknownName,
            Loc {
                file: id,
                start: at - 3,
                end: at + 4,
            },
            "unknown colour `\u{9b}2Jblue`",
        )
        .label("not \u{1b}[1mhere")
        .help("did you mean \u{1b}c?")
        .note(
            Loc {
                file: id,
                start: 17,
                end: 34,
            },
            "the card \u{1b}]0;x\u{7}",
        ),
    );
    let out = report.render(&sources, false);
    assert!(
        !out.chars().any(|c| replacement(c).is_some()),
        "a control character reached the output:\n{out:?}"
    );
    assert!(out.contains("unknown colour `�2Jblue`"), "{out}");
    assert!(out.contains("name: ␛]0;pwned␇Altar"), "{out}");
    assert!(out.contains("age␛1.yaml"), "{out}");
    // The caret still underlines the colour, now shown as `�2Jblue`.
    let line = out.lines().find(|l| l.contains("colour: �2Jblue")).unwrap();
    let under = out.lines().skip_while(|l| *l != line).nth(1).unwrap();
    let col = line.chars().position(|c| c == '�').unwrap();
    assert_eq!(under.chars().nth(col), Some('─'), "{out}");
}

#[test]
fn labels_far_apart_get_snippets_of_their_own() {
    // Labels at lines 30 and 55: miette's own line count would merge them
    // into one snippet of 27 lines.
    let mut text = String::new();
    for i in 1..=60 {
        text.push_str(&format!("line{i}: x\n"));
    }
    let (sources, id) = one_file(&text);
    let at = |n: usize| text.find(&format!("line{n}:")).unwrap();
    let mut report = Report::default();
    report.push(
        Diagnostic::new(
            Code::AliasClash,
            Loc {
                file: id,
                start: at(55),
                end: at(55) + 6,
            },
            "m",
        )
        .label("here")
        .note(
            Loc {
                file: id,
                start: at(30),
                end: at(30) + 6,
            },
            "there",
        ),
    );
    let out = report.render(&sources, false);
    let shown: Vec<&str> = out.lines().filter(|l| l.contains(": x")).collect();
    assert_eq!(shown.len(), 6, "two snippets of 3 lines:\n{out}");
    // Labels two lines apart still share one snippet.
    let mut report = Report::default();
    report.push(
        Diagnostic::new(
            Code::AliasClash,
            Loc {
                file: id,
                start: at(32),
                end: at(32) + 6,
            },
            "m",
        )
        .label("here")
        .note(
            Loc {
                file: id,
                start: at(30),
                end: at(30) + 6,
            },
            "there",
        ),
    );
    let out = report.render(&sources, false);
    assert_eq!(
        out.lines().filter(|l| l.contains(": x")).count(),
        5,
        "{out}"
    );
}

/// A snippet read from the lines around a span is the snippet miette reads
/// from the whole text: same data, place, line and column, for every span,
/// any context, and every kind of line break.
#[test]
fn snippets_read_from_a_window_match_the_whole_text() {
    let text = "a: 1\r\nbé: two\rc: [x,\n\n  y]\n- z\r\n\rlast line";
    let file = FileSource::shown("f".into(), text.to_string(), Vec::new());
    let bounds: Vec<usize> = (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    for &start in &bounds {
        for &end in bounds.iter().filter(|&&e| e >= start) {
            for (before, after) in [(0, 0), (1, 1), (2, 3), (5, 0)] {
                let span = SourceSpan::new(start.into(), end - start);
                let whole = text.read_span(&span, before, after).unwrap();
                let ours = file.read_span(&span, before, after).unwrap();
                let at = (start, end, before, after);
                assert_eq!(ours.data(), whole.data(), "{at:?}");
                assert_eq!(ours.span(), whole.span(), "{at:?}");
                assert_eq!(ours.line(), whole.line(), "{at:?}");
                assert_eq!(ours.column(), whole.column(), "{at:?}");
            }
        }
    }
}

/// A label on a line too long to show, or over too many lines, is given
/// as its place and an excerpt: the report stays small, and miette is
/// never handed an underline wider than a format width holds.
#[test]
fn a_snippet_too_long_is_its_place_and_an_excerpt() {
    let mut sources = crate::source::Sources::default();
    let long = format!("effect: {}\n", "x".repeat(100_000));
    let file = sources.add(PathBuf::from("big.yaml"), long.clone());
    let mut report = Report::default();
    report.push(
        Diagnostic::new(
            Code::UnknownWord,
            Loc {
                file,
                start: 90_000,
                end: 100_008,
            },
            "unknown effect",
        )
        .label("here"),
    );
    let text = render(&report, &sources, false);
    assert!(text.len() < 1_000, "{} bytes", text.len());
    assert!(text.contains("here: at big.yaml:1:90001: `xxxx"), "{text}");
    assert!(text.contains("…"), "{text}");
    let tall = "a\n".repeat(200);
    let file = sources.add(PathBuf::from("tall.yaml"), tall);
    let mut report = Report::default();
    report.push(
        Diagnostic::new(
            Code::UnknownWord,
            Loc {
                file,
                start: 0,
                end: 300,
            },
            "spread",
        )
        .label("over 150 lines"),
    );
    let text = render(&report, &sources, false);
    assert!(text.lines().count() < 12, "{text}");
}
