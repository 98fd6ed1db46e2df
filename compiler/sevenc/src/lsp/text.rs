//! Positions as the protocol counts them (lines, UTF-16 code units), and
//! what a place in a card file is: which field's value the cursor is in,
//! and the text of that value up to the cursor.

use lsp_types::Position;

/// The protocol position of byte `offset` of `text`.
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
    Position::new(line as u32, character as u32)
}

/// The byte offset of a protocol position, clamped to its line and the text.
pub fn offset(text: &str, p: Position) -> usize {
    let mut start = 0;
    for _ in 0..p.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let mut units = 0u32;
    for (i, c) in line.char_indices() {
        if units >= p.character {
            return start + i;
        }
        units += c.len_utf16() as u32;
    }
    start + line.len()
}

/// The field whose value holds a place, and the value's text up to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldAt<'a> {
    pub key: &'a str,
    /// From just after `key:` to the place (several lines for a block scalar
    /// or a list spread over lines).
    pub before: &'a str,
}

/// The field a byte offset stands in the value of: the `key:` on its line
/// before it, or else the nearest line above that is indented less and has
/// a `key:` (block scalars and lists over several lines).
pub fn field_at(text: &str, offset: usize) -> Option<FieldAt<'_>> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let here = &text[line_start..offset];
    if let Some((key, colon)) = key_of(here) {
        return Some(FieldAt {
            key,
            before: &text[line_start + colon + 1..offset],
        });
    }
    let indent = indentation(text[line_start..].split('\n').next().unwrap_or(""));
    let mut end = line_start;
    while end > 0 {
        let start = text[..end - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[start..end - 1];
        end = start;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, colon)) = key_of(line) else {
            if indentation(line) < indent {
                return None;
            }
            continue; // more text of the same value, or an item of its list
        };
        if indentation(line) < indent || key_column(line) < indent {
            return Some(FieldAt {
                key,
                before: &text[start + colon + 1..offset],
            });
        }
        if indentation(line) <= indent {
            return None;
        }
    }
    None
}

fn indentation(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// The column of a line's key, after indentation and `- ` items.
fn key_column(line: &str) -> usize {
    let mut col = indentation(line);
    while line[col..].starts_with("- ") {
        col += 2;
        col += indentation(&line[col..]);
    }
    col
}

/// `(key, index of its colon)` of a line that holds `key:`.
fn key_of(line: &str) -> Option<(&str, usize)> {
    let col = key_column(line);
    let rest = &line[col..];
    let len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (len > 0 && rest[len..].starts_with(':')).then(|| (&rest[..len], col + len))
}

/// The `age:` of a card file, if it has one at the top level.
pub fn file_age(text: &str) -> Option<i64> {
    text.lines().find_map(|l| {
        let v = l.strip_prefix("age:")?;
        v.split('#').next()?.trim().parse().ok()
    })
}

/// The value of an effect or cost field up to the cursor, without the YAML
/// around it (block scalar indicator, opening quote).
pub fn dsl_before(before: &str) -> &str {
    let t = before.trim_start();
    let t = t
        .strip_prefix('|')
        .or_else(|| t.strip_prefix('>'))
        .map(|r| r.trim_start_matches(['-', '+']))
        .unwrap_or(t);
    t.trim_start_matches(['"', '\''])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "a: é𝄞x\nb";
        for (off, (l, c)) in [
            (0, (0, 0)),
            (3, (0, 3)),
            (5, (0, 4)),
            (9, (0, 6)),
            (11, (1, 0)),
        ] {
            let p = position(text, off);
            assert_eq!((p.line, p.character), (l, c), "offset {off}");
            assert_eq!(offset(text, p), off);
        }
        assert_eq!(offset(text, Position::new(0, 99)), 10);
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn the_field_under_the_cursor() {
        let text = "age: 2\ncards:\n  - name: Altar\n    colour: bl\n    effect: |\n      gain 2 vp;\n      prod\n    chains: [Temple,\n      Fo";
        let at = |needle: &str| {
            let i = text.find(needle).unwrap() + needle.len();
            field_at(text, i).map(|f| (f.key, f.before))
        };
        assert_eq!(at("colour: bl"), Some(("colour", " bl")));
        assert_eq!(
            at("prod"),
            Some(("effect", " |\n      gain 2 vp;\n      prod"))
        );
        assert_eq!(at("      Fo"), Some(("chains", " [Temple,\n      Fo")));
        assert_eq!(at("name: Al"), Some(("name", " Al")));
        assert_eq!(field_at(text, 0), None);
        assert_eq!(file_age(text), Some(2));
        assert_eq!(dsl_before(" |\n  gain"), "\n  gain");
        assert_eq!(dsl_before(" \"gain"), "gain");
    }
}
