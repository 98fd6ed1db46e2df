//! Words for people: plurals, Age numerals, "did you mean", and text from
//! files made safe to print.

use std::borrow::Cow;
use std::fmt::Write;

/// The help that follows a name no one knows: `; did you mean `x`?` when
/// a known name is near it, nothing otherwise.
pub fn did_you_mean(s: Option<&str>) -> String {
    s.map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default()
}

/// Longest text from a file or a command line shown in a message; longer
/// text is cut with an ellipsis.
pub const MAX_SHOWN: usize = 80;

/// `1 shield`, `2 shields`.
pub fn count(n: impl Into<i128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` followed by `word`, with an `s` unless `n` is 1.
pub fn plural(n: impl Into<i128>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn listed(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// An Age in Roman numerals (I, II, III, …).
pub fn roman(age: u8) -> String {
    match age {
        1 => "I".into(),
        2 => "II".into(),
        3 => "III".into(),
        4 => "IV".into(),
        n => n.to_string(),
    }
}

/// Text read from a file or a command line, fit for a terminal: control
/// characters (escape sequences, carriage returns, …) written as `\u{1b}`,
/// and anything longer than [`MAX_SHOWN`] characters cut with `…`.
pub fn shown(s: &str) -> Cow<'_, str> {
    let long = s.chars().nth(MAX_SHOWN).is_some();
    if !long && !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == MAX_SHOWN {
            out.push('…');
            break;
        }
        if is_unsafe(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The words of option `option` (from 0) of the `one of (…) or (…)` in an
/// effect text as its card file gives it, for display: `gain 2 vp` of
/// `one of (gain 5 coins) or (gain 2 vp)`. `None` when the text has no
/// such option (it is never parsed for play).
pub fn option_text(text: &str, option: u8) -> Option<&str> {
    let start = text.find("one of")? + "one of".len();
    let mut options = Vec::new();
    let (mut depth, mut open) = (0usize, 0usize);
    for (i, c) in text[start..].char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    open = start + i + 1;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    options.push(text[open..start + i].trim());
                }
            }
            // What follows the last option is not one.
            ';' if depth == 0 => break,
            _ => {}
        }
    }
    options.get(usize::from(option)).copied()
}

/// Characters that move the cursor, change colours or hide text.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_option_is_read_from_its_text() {
        let text = "one of (gain 5 coins; take 1 debt token) or (gain 2 vp)";
        assert_eq!(
            super::option_text(text, 0),
            Some("gain 5 coins; take 1 debt token")
        );
        assert_eq!(super::option_text(text, 1), Some("gain 2 vp"));
        assert_eq!(super::option_text(text, 2), None);
        let nested = "gain 1 vp; one of (gain 1 vp per (odd) card) or (gain 3 coins); gain 1 coin";
        assert_eq!(
            super::option_text(nested, 0),
            Some("gain 1 vp per (odd) card")
        );
        assert_eq!(super::option_text(nested, 1), Some("gain 3 coins"));
        assert_eq!(super::option_text("gain 3 coins", 0), None);
    }

    use super::*;

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "shield"), "1 shield");
        assert_eq!(plural(0, "game"), "0 games");
        assert_eq!(plural(-1, "point"), "-1 points");
        assert_eq!(count(1, "victory", "victories"), "1 victory");
        assert_eq!(count(3u32, "victory", "victories"), "3 victories");
    }

    #[test]
    fn control_characters_are_escaped_and_long_text_cut() {
        assert_eq!(shown("Baths"), "Baths");
        assert!(matches!(shown("Baths"), Cow::Borrowed(_)));
        assert_eq!(shown("a\u{1b}[31mred"), "a\\u{1b}[31mred");
        assert_eq!(shown("line\r\nnext"), "line\\u{d}\\u{a}next");
        assert_eq!(shown("x\u{202e}y"), "x\\u{202e}y");
        let long = "a".repeat(10_000);
        let s = shown(&long);
        assert_eq!(s.chars().count(), MAX_SHOWN + 1);
        assert!(s.ends_with('…'));
        // Accents and other scripts are kept.
        assert_eq!(shown("Alejandría · 亚历山大"), "Alejandría · 亚历山大");
    }
}
