//! Each mistake as a designer makes it: the parser's report, then the cause
//! found in the text.

use crate::diag::{Code, Diagnostic, Report};
use crate::source::{FileId, line_col};

/// The one diagnostic of a text that does not parse: `line:col`, the text
/// under the caret, the message and the help.
fn report(text: &str) -> (String, String, String, String) {
    let mut r = Report::default();
    assert!(
        crate::yaml::parse(FileId(0), text, &mut r).is_none(),
        "{text}"
    );
    let d: &Diagnostic = &r.diagnostics[0];
    assert_eq!(d.code, Code::YamlSyntax);
    let loc = d.loc.unwrap();
    let (l, c) = line_col(text, loc.start);
    (
        format!("{l}:{c}"),
        text[loc.start..loc.end].to_string(),
        d.message.clone(),
        d.help.clone().unwrap_or_default(),
    )
}

const CARD: &str = "age: 1\ncards:\n  - name: Lumber Yard\n";

#[test]
fn a_tab_in_the_indentation_is_shown_where_it_is() {
    // The parser says 3:11 (the line above) for the first two.
    for (text, at) in [
        (format!("{CARD}\tcolour: brown\n    players: [3]\n"), "4:1"),
        (format!("{CARD}  \tcolour: brown\n"), "4:3"),
        (format!("{CARD}    colour: brown\n\tplayers: [3]\n"), "5:1"),
        ("age: 1\ncards:\n\t- name: Lumber Yard\n".to_string(), "3:1"),
    ] {
        let (pos, token, message, help) = report(&text);
        assert_eq!((pos.as_str(), token.as_str()), (at, "\t"), "{text:?}");
        assert_eq!(message, "invalid YAML: a tab in the indentation");
        assert!(help.starts_with("YAML indents with spaces only"), "{help}");
    }
    let (_, _, _, help) = report(&format!("{CARD}    colour: brown\n\tplayers: [3]\n"));
    assert!(
        help.ends_with("(4, to line up with `colour:` above)"),
        "{help}"
    );
}

#[test]
fn an_unclosed_bracket_is_shown_where_it_opens() {
    // The parser says 5:11, at the `:` of `effect:`.
    let (pos, token, message, help) = report(&format!(
        "{CARD}    players: [3\n    effect: produce wood\n  - name: Altar\n"
    ));
    assert_eq!((pos.as_str(), token.as_str()), ("4:14", "["));
    assert_eq!(message, "invalid YAML: this `[` is never closed");
    assert!(help.contains("`]`"), "{help}");
    // At the end of the file, and a mapping.
    let (pos, ..) = report(&format!("{CARD}    players: [3\n"));
    assert_eq!(pos, "4:14");
    let (pos, token, ..) = report(&format!(
        "{CARD}    players: {{a: 3\n    effect: produce wood\n"
    ));
    assert_eq!((pos.as_str(), token.as_str()), ("4:14", "{"));
    // A bracket closing nothing.
    let (pos, token, message, _) = report(&format!("{CARD}    players: [3]]\n"));
    assert_eq!((pos.as_str(), token.as_str()), ("4:17", "]"));
    assert_eq!(message, "invalid YAML: this `]` closes nothing");
}

#[test]
fn an_unclosed_quote_is_shown_where_it_opens() {
    for q in ['"', '\''] {
        let (pos, token, message, help) = report(&format!(
            "age: 1\ncards:\n  - name: {q}Lumber Yard\n    colour: brown\n  - name: Altar\n"
        ));
        assert_eq!(
            (pos.as_str(), token.as_str()),
            ("3:11", q.to_string().as_str())
        );
        assert_eq!(message, format!("invalid YAML: this `{q}` is never closed"));
        assert_eq!(
            help,
            format!("close the quote at the end of the text: `{q}Lumber Yard{q}`")
        );
    }
    // An apostrophe inside a plain value opens nothing; the real mistake
    // (the bracket) is found.
    let (pos, ..) =
        report("age: 1\ncards:\n  - name: Altar's\n    players: [3\n    colour: blue\n");
    assert_eq!(pos, "4:14");
}

#[test]
fn a_line_indented_too_far_is_shown_at_its_indentation() {
    // The parser says 4:12 and 5:14, at the `:`.
    let (pos, token, message, help) =
        report(&format!("{CARD}     colour: brown\n    players: [3]\n"));
    assert_eq!((pos.as_str(), token.as_str()), ("4:5", " "));
    assert_eq!(
        message,
        "invalid YAML: `colour:` is indented further than `name:` above it"
    );
    assert_eq!(
        help,
        "fields of one mapping line up: indent `colour:` 4 spaces, like `name:`"
    );
    let (pos, token, ..) = report(&format!("{CARD}    colour: brown\n      players: [3]\n"));
    assert_eq!((pos.as_str(), token.as_str()), ("5:5", "  "));
    let (pos, _, message, _) = report("age: 1\n cards:\n  - name: Lumber Yard\n");
    assert_eq!(pos, "2:1");
    assert_eq!(
        message,
        "invalid YAML: `cards:` is indented further than `age:` above it"
    );
}

#[test]
fn a_line_indented_too_little_is_named() {
    let (pos, token, message, help) =
        report(&format!("{CARD}    colour: brown\n   players: [3]\n"));
    assert_eq!((pos.as_str(), token.as_str()), ("5:4", "players"));
    assert_eq!(
        message,
        "invalid YAML: `players:` is indented less than `colour:` above it"
    );
    assert!(help.contains("indent `players:` 4 spaces"), "{help}");
}

#[test]
fn a_colon_inside_a_value_gets_quotes_suggested() {
    let (pos, token, message, help) =
        report(&format!("{CARD}    effect: at game end: gain 2 vp\n"));
    assert_eq!((pos.as_str(), token.as_str()), ("4:24", ":"));
    assert_eq!(message, "invalid YAML: a `: ` inside a value");
    assert_eq!(
        help,
        "put the value in quotes: `effect: \"at game end: gain 2 vp\"`"
    );
}

#[test]
fn other_errors_keep_the_parser_position() {
    let (pos, _, message, help) = report("age: 1\ncards: &a\n  - *b\n");
    assert!(message.starts_with("invalid YAML: "), "{message}");
    assert_eq!(help, "fix the YAML at this position");
    assert!(!pos.is_empty());
}

#[test]
fn a_control_character_is_shown_where_it_is() {
    // The parser says 3:11, the start of the value.
    let (pos, token, message, help) =
        report("age: 1\ncards:\n  - name: Lumber\u{1b}[31m Yard\n    colour: brown\n");
    assert_eq!((pos.as_str(), token.as_str()), ("3:17", "\u{1b}"));
    assert_eq!(
        message,
        "invalid YAML: the control character U+001B in the text"
    );
    assert!(help.contains("`\\e` for ESC"), "{help}");
}
