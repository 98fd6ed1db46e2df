//! What the loader could not read (`LeftOut`: a file, a card, a card's
//! copies), found in the raw text of a file that does not parse, and the
//! help that says what is checked without it.

/// A file or a card the loader could not read. Checks over the whole set
/// consult it: a deck it may belong to is not counted, a card name it may
/// define is not called missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The file as shown in diagnostics (`cards/base/age2.yaml`).
    pub file: String,
    pub part: Part,
    /// The Age of the cards left out; `None` when not known (any Age).
    pub age: Option<i64>,
    /// Whether it may hold cards at all.
    pub cards: bool,
    /// Its text in lower case, to tell whether it may define a card name;
    /// `None` when not even the text is known.
    pub text: Option<String>,
}

/// How much of a file is left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The whole file (it does not parse, or its top level is wrong).
    File,
    /// One card (not a mapping, or no name).
    Card,
    /// The copies of one card (its `players` are malformed); the card is kept.
    Copies,
}

impl LeftOut {
    /// Whether the cards left out may include one of Age `age`.
    pub fn may_hold_age(&self, age: i64) -> bool {
        self.cards && self.age.is_none_or(|a| a == age)
    }
    /// Whether the cards left out may include one named `name`.
    pub fn may_define(&self, name: &str) -> bool {
        let name = name.trim().to_lowercase();
        self.cards && self.text.as_ref().is_none_or(|t| t.contains(&name))
    }
    /// What is left out, for messages: `` `age2.yaml` ``, `` a card of `age2.yaml` ``.
    pub fn describe(&self) -> String {
        match self.part {
            Part::File => format!("`{}`", self.file),
            Part::Card => format!("a card of `{}`", self.file),
            Part::Copies => format!("the copies of a card of `{}`", self.file),
        }
    }
}

/// What the raw text of a file that could not be parsed may hold: its `age:`
/// (a top-level line `age: N`) and whether it has a `cards:` line.
pub(super) fn scan_left_out(file: &str, text: Option<&str>) -> LeftOut {
    let top = |key: &str| {
        text.into_iter().flat_map(str::lines).find_map(|l| {
            let rest = l.strip_prefix(key)?.trim_start().strip_prefix(':')?;
            Some(rest.split('#').next().unwrap_or("").trim().to_string())
        })
    };
    LeftOut {
        file: file.to_string(),
        part: Part::File,
        age: top("age").and_then(|a| a.parse().ok()),
        cards: text.is_none_or(|_| top("cards").is_some()),
        text: text.map(str::to_lowercase),
    }
}

/// The help added to the diagnostic of a file left out: what is checked without it.
pub(super) fn left_out_help(l: &LeftOut, game_yaml: bool) -> String {
    if game_yaml {
        return "until it is fixed, the game has no vocabulary: its cards are read but not checked"
            .to_string();
    }
    if !l.cards {
        return "until it is fixed, the rest of the game is checked without it".to_string();
    }
    let deck = match l.age {
        Some(0) => "its drafted cards are left out".to_string(),
        Some(a) => format!("the Age {a} deck is not counted"),
        None => "deck sizes are not counted".to_string(),
    };
    format!(
        "until it is fixed, the rest of the game is checked without it: {deck}, and chains to names it mentions are not checked"
    )
}
