//! The files of a card set, kept whole so that every diagnostic can show its
//! file as the named source and turn byte offsets into line and column.

use sevenw_dsl::Span;
use std::path::PathBuf;

/// A file of the set: an index into [`Sources`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A place in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

impl Loc {
    pub fn new(file: FileId, span: Span) -> Loc {
        Loc {
            file,
            start: span.start,
            end: span.end,
        }
    }
    pub fn span(&self) -> Span {
        Span::new(self.start, self.end)
    }
}

#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as given or found, for display.
    pub path: PathBuf,
    pub text: String,
    /// Where each line starts, computed at the first [`Sources::line_col`]
    /// on the file: placing many diagnostics costs a search each, not a
    /// scan of the file.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

/// Every file read while compiling a set.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        self.files.push(SourceFile {
            path,
            text,
            line_starts: std::sync::OnceLock::new(),
        });
        FileId(self.files.len() as u32 - 1)
    }
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    pub fn len(&self) -> usize {
        self.files.len()
    }
    /// Every file, in the order read.
    pub fn iter(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter()
    }
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
    /// The file read from `path`, if any.
    pub fn find(&self, path: &std::path::Path) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(i as u32))
    }
    /// Total bytes of text read.
    pub fn bytes(&self) -> usize {
        self.files.iter().map(|f| f.text.len()).sum()
    }
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        let f = self.get(id);
        let text = &f.text;
        let starts = f.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        // The last line starting at or before `offset`.
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let start = starts[line - 1];
        (line, text[start..offset].chars().count() + 1)
    }
}

/// Places in a text (shared with the runtime's reading of sheets).
pub use sevenw_yaml::{line_col, offset_of};

/// A path as a URI reference: `/` separators, everything but unreserved
/// characters percent-encoded; an absolute path as a `file://` URI.
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    if path.starts_with('/') {
        format!("file://{out}")
    } else {
        out
    }
}

/// The path of a `file://` URI (percent-decoded), if it is one.
pub fn uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file://host/path`: only the local host is a path of ours.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok().map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_uris_round_trip() {
        assert_eq!(uri("cards/base/age 1.yaml"), "cards/base/age%201.yaml");
        assert_eq!(uri("/tmp/é#.yaml"), "file:///tmp/%C3%A9%23.yaml");
        assert_eq!(uri("cards\\duel\\game.yaml"), "cards/duel/game.yaml");
        for p in ["/tmp/é#.yaml", "/a b/c%d/[x].yaml", "/"] {
            assert_eq!(uri_path(&uri(p)), Some(PathBuf::from(p)), "{p}");
        }
        assert_eq!(uri_path("file://localhost/x"), Some(PathBuf::from("/x")));
        assert_eq!(uri_path("untitled:Untitled-1"), None);
        assert_eq!(uri_path("file:///a%2"), Some(PathBuf::from("/a%2")));
    }

    #[test]
    fn line_col_round_trips() {
        let text = "a: 1\nbé: xyz\n";
        for (offset, lc) in [
            (0, (1, 1)),
            (5, (2, 1)),
            (9, (2, 4)),
            (13, (2, 8)),
            (14, (3, 1)),
        ] {
            assert_eq!(line_col(text, offset), lc);
            assert_eq!(offset_of(text, lc.0, lc.1), offset);
        }
        // inside a multi-byte character: clamp to its start
        assert_eq!(line_col(text, 7), (2, 2));
        assert_eq!(offset_of(text, 99, 1), text.len());
    }

    /// The indexed lookup of `Sources` agrees with the scan at every
    /// offset, past the end and inside characters included.
    #[test]
    fn indexed_line_col_agrees_with_the_scan() {
        let text = "a: 1\nbé: xyz\n\n  - ü\nlast";
        let mut sources = Sources::default();
        let id = sources.add(PathBuf::from("t.yaml"), text.to_string());
        for offset in 0..text.len() + 3 {
            assert_eq!(
                sources.line_col(id, offset),
                line_col(text, offset),
                "{offset}"
            );
        }
    }
}
