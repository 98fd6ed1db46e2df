//! Reading the word table ([`super::WORDS`]): its names and ids, each
//! word's description, its markdown table (`dsl/DSL.md`) and the
//! keywords that start an effect.

use super::*;

/// Every word's name, in the order of [`WORDS`].
pub const WORD_NAMES: &[&str] = &{
    let mut out = [""; WORDS.len()];
    let mut i = 0;
    while i < WORDS.len() {
        out[i] = WORDS[i].name;
        i += 1;
    }
    out
};

/// A word of [`WORDS`], by its index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WordId(pub u8);

impl WordId {
    pub fn def(self) -> &'static WordDef {
        &WORDS[usize::from(self.0)]
    }

    /// The word of that name in a game's `words:`.
    pub fn named(name: &str) -> Option<WordId> {
        WORDS
            .iter()
            .position(|w| w.name == name)
            .map(|i| WordId(i as u8))
    }

    pub fn all() -> impl Iterator<Item = WordId> {
        (0..WORDS.len()).map(|i| WordId(i as u8))
    }

    /// Its syntax, read once.
    pub fn syntax(self) -> &'static Syntax {
        &syntaxes(&WORD_SYNTAX, WORDS.iter().map(|w| w.syntax))[usize::from(self.0)]
    }
}

impl WordDef {
    /// Every word's name, in the order of [`WORDS`].
    pub fn names() -> impl Iterator<Item = &'static str> {
        WORDS.iter().map(|w| w.name)
    }

    /// The entry of a word of `words:`.
    pub fn of(name: &str) -> Option<&'static WordDef> {
        WORDS.iter().find(|w| w.name == name)
    }

    /// The keyword an effect with this word starts with (`pay` for
    /// `discount`), or `None` when its example starts with a name (`lose`:
    /// `opponent loses 3 coins`).
    pub fn leading(&self) -> Option<&'static str> {
        if self.shape == Shape::OneOf {
            return Some("one");
        }
        let id = WordId::named(self.name)?;
        let first = self.example.split_whitespace().next()?;
        id.syntax()
            .leading()
            .into_iter()
            .find(|w| w.eq_ignore_ascii_case(first))
    }

    /// Whether the game family plays this word.
    pub fn played_by(&self, family: &str) -> bool {
        self.families.contains(&family)
    }

    /// The slots of a call in the order of `spec` (`draw(n, colours)`):
    /// the name before the parenthesis and the slot names.
    pub fn signature(spec: &'static str) -> (&'static str, Vec<&'static str>) {
        let (name, rest) = spec.split_once('(').unwrap_or((spec, ")"));
        let args = rest
            .trim_end_matches(')')
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect();
        (name.trim(), args)
    }
}

/// The table of words as `DSL.md` shows it: each word's name (as
/// `words:` lists it), how it is written, an example, its meaning and the
/// game families that play it. `DSL.md` holds it between the lines
/// `<!-- words -->` and `<!-- /words -->` (a test checks it is current).
pub fn markdown() -> String {
    let mut out = String::from(
        "| word (`words:`) | written | example | meaning | played by |\n| --- | --- | --- | --- | --- |\n",
    );
    for id in WordId::all() {
        let w = id.def();
        let written = if w.shape == Shape::OneOf {
            "one of (…) or (…)".to_string()
        } else {
            id.syntax().shown()
        };
        out.push_str(&format!(
            "| `{}` | `{}` | `{}` | {} | {} |\n",
            w.name,
            written.replace('|', "\\|"),
            w.example,
            w.meaning.replace('|', "\\|"),
            w.families.join(", ")
        ));
    }
    out.push_str("\n| trigger (`triggers:`) | written | played by |\n| --- | --- | --- |\n");
    for t in TRIGGERS {
        out.push_str(&format!(
            "| `{}` | `{}` | {} |\n",
            t.name,
            t.written,
            t.families.join(", ")
        ));
    }
    out.push_str("\n| form | example | meaning | played by |\n| --- | --- | --- | --- |\n");
    for f in crate::families::FORMS {
        out.push_str(&format!(
            "| {} | `{}` | {} | {} |\n",
            f.name,
            f.example,
            f.meaning,
            f.families.join(", ")
        ));
    }
    out.push_str("\n| condition (after `gain`) | example |\n| --- | --- |\n");
    for (i, c) in CONDITIONS.iter().enumerate() {
        let shown = syntaxes(&COND_SYNTAX, CONDITIONS.iter().map(|c| c.syntax))[i].shown();
        out.push_str(&format!("| `{shown}` | `{}` |\n", c.example));
    }
    out
}

/// The keywords effects of the given `words:` start with, each once, in
/// the order of [`WORDS`].
pub fn leading_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let allowed: Vec<&str> = words.into_iter().collect();
    let mut out: Vec<&'static str> = Vec::new();
    for w in WORDS.iter().filter(|w| allowed.contains(&w.name)) {
        if let Some(k) = w.leading()
            && !out.contains(&k)
        {
            out.push(k);
        }
    }
    out
}

/// Whether `word` is, as a whole, a word an effect may start with.
pub fn is_action_keyword(word: &str) -> bool {
    leading_keywords()
        .iter()
        .any(|k| k.eq_ignore_ascii_case(word))
}

/// Every spelling any word's syntax starts with.
pub(crate) fn leading_keywords() -> &'static [&'static str] {
    static ALL: OnceLock<Vec<&'static str>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = vec!["one"];
        for id in WordId::all() {
            for w in id.syntax().leading() {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    })
}
