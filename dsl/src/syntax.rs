//! The syntax language in which the word table ([`crate::words`]) writes
//! how each effect word, trigger and condition is written, and the matcher
//! that reads a phrase of effect text against those patterns.
//!
//! A pattern is a sequence of items:
//!
//! | item | matches |
//! | --- | --- |
//! | `take`, `coin/coins` | one word, in any of its spellings, in any case |
//! | `,` | a comma |
//! | `[ … ]` | what is inside, or nothing |
//! | `( … \| … )` | the first alternative that matches |
//! | `{name: KIND}` | a slot: what fills it, kept under its name |
//! | `{name: … \| …}` | a pick: the first alternative that matches, its index kept under the name |
//!
//! The kinds of slot are [`Kind`]'s: `number` (with an optional range,
//! `number 1..=20`, and a value when absent, `number = 1`), `age`,
//! `resources`, `symbols`, `cards`, `counted`, `scopes`, `colour`, `name`,
//! `noun`, `decks`, `taken`, `per` and `cond`. Each reads a shape of the
//! language (`wood or clay`, `brown, grey or blue cards`, `left and right`
//! …) and leaves its meaning to the compiler, which resolves the slot by its
//! kind.
//!
//! Matching follows the semantics of a PEG (the grammar's own): an optional
//! part, an alternative and a slot take what they match and never give it
//! back. A phrase is read by a pattern only when the pattern reads all of
//! it. When no pattern reads a phrase, the matcher reports the furthest
//! place any of them reached and what each expected there, in a designer's
//! words.

use std::sync::OnceLock;

use crate::ast::{Num, Per, Slot, Slots, Span, Taken, Word};

/// A kind of slot: what shape of text fills it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number, within `min..=max`; `default` when the slot is absent.
    Number { min: u32, max: u32, default: u32 },
    /// An Age's number (checked against the game's Ages); 0 when absent.
    Age,
    /// Resources or classes: `wood or clay`; every resource when absent and
    /// `all` is set (`{resources: resources = all}`).
    Resources { all: bool },
    /// Science symbols: `compass or gear`.
    Symbols,
    /// Cards, by colour: `brown, grey or blue cards`, `white card`.
    Cards,
    /// Anything a game counts: `wonder stages`, `coins`, `red cards`.
    Counted,
    /// Cities by the game's scopes: `left, self and right`; the acting city
    /// when absent and `me` is set (`{seats: scopes = self}`).
    Scopes { me: bool },
    /// A colour (`when you build a red card`).
    Colour,
    /// One name (`gain 2 vp`: the unit).
    Name,
    /// One or two names (`lose 1 victory token`: what is lost).
    Noun,
    /// Decks: `the left, right or central deck`, `any deck`.
    Decks,
    /// Cards taken, by name or colour: `Wood or Clay`, `a green card`.
    Taken,
    /// A count: `per 3 coins`, `per brown card in left and right`.
    Per,
    /// A condition of the table's [`crate::words::CONDITIONS`]: `if you have no red cards`.
    Cond,
}

impl Kind {
    /// What fills a slot of this kind, in a designer's words.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Number { .. } | Kind::Age => "a number",
            Kind::Resources { .. } => "a resource",
            Kind::Symbols => "a science symbol",
            Kind::Cards => "cards by colour",
            Kind::Counted => "what to count",
            Kind::Scopes { .. } => "a scope",
            Kind::Colour => "a colour",
            Kind::Name | Kind::Noun => "a name",
            Kind::Decks => "a deck (`the left, right or central deck`, `any deck`)",
            Kind::Taken => "a card",
            Kind::Per => "`per`",
            Kind::Cond => "`if`",
        }
    }

    /// The placeholder standing for the slot in a pattern as shown.
    pub fn placeholder(self) -> &'static str {
        match self {
            Kind::Number { .. } => "N",
            Kind::Age => "N",
            Kind::Resources { .. } => "<resource> or <resource>",
            Kind::Symbols => "<symbol> or <symbol>",
            Kind::Cards => "<colour> card",
            Kind::Counted => "<counted>",
            Kind::Scopes { .. } => "<scopes>",
            Kind::Colour => "<colour>",
            Kind::Name => "<name>",
            Kind::Noun => "<what>",
            Kind::Decks => "<deck> deck",
            Kind::Taken => "<card> or <card>",
            Kind::Per => "per <counted> [in <scopes>]",
            Kind::Cond => "if <condition>",
        }
    }
}

/// One item of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A word, in any of these spellings (lowercase).
    Lit(Vec<&'static str>),
    /// `,`
    Comma,
    /// `[…]`
    Opt(Vec<Item>),
    /// `(…|…)`
    Alt(Vec<Vec<Item>>),
    /// `{name: KIND}`
    Slot(&'static str, Kind),
    /// `{name: …|…}`
    Pick(&'static str, Vec<Vec<Item>>),
}

/// A pattern, read once from its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Syntax {
    pub items: Vec<Item>,
}

/// A mistake in a pattern's text (a defect of the table: its tests read
/// every pattern).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxDefError(pub String);

impl Syntax {
    /// Reads a pattern's text.
    pub fn parse(text: &'static str) -> Result<Syntax, SyntaxDefError> {
        let mut p = SyntaxParser { text, pos: 0 };
        let items = p.seq(&[])?;
        if p.pos < text.len() {
            return Err(SyntaxDefError(format!(
                "unexpected `{}` at {} in `{text}`",
                &text[p.pos..],
                p.pos
            )));
        }
        if items.is_empty() {
            return Err(SyntaxDefError(format!("an empty pattern: `{text}`")));
        }
        Ok(Syntax { items })
    }

    /// The words a phrase of this pattern may start with (each spelling).
    pub fn leading(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        first_words(&self.items, &mut out);
        out
    }

    /// Whether a phrase of this pattern may start with a slot.
    pub fn may_start_with_slot(&self) -> bool {
        starts_open(&self.items)
    }

    /// The slots the pattern holds, with their kinds, in order (the slots of
    /// every alternative).
    pub fn slots(&self) -> Vec<(&'static str, Option<Kind>)> {
        let mut out = Vec::new();
        slots_of(&self.items, &mut out);
        out
    }

    /// The pattern as a designer reads it: `take a progress token [from N set aside]`.
    pub fn shown(&self) -> String {
        show(&self.items)
    }
}

fn first_words(items: &[Item], out: &mut Vec<&'static str>) {
    for item in items {
        match item {
            Item::Lit(w) => {
                out.extend(w.iter().copied());
                return;
            }
            Item::Comma | Item::Slot(..) => return,
            Item::Opt(inner) => first_words(inner, out),
            Item::Alt(alts) | Item::Pick(_, alts) => {
                for a in alts {
                    first_words(a, out);
                }
                return;
            }
        }
    }
}

fn starts_open(items: &[Item]) -> bool {
    match items.first() {
        None => true,
        Some(Item::Slot(..)) => true,
        Some(Item::Lit(_) | Item::Comma) => false,
        Some(Item::Opt(inner)) => starts_open(inner) || starts_open(&items[1..]),
        Some(Item::Alt(alts) | Item::Pick(_, alts)) => alts.iter().any(|a| starts_open(a)),
    }
}

fn slots_of(items: &[Item], out: &mut Vec<(&'static str, Option<Kind>)>) {
    for item in items {
        match item {
            Item::Slot(name, kind) => out.push((name, Some(*kind))),
            Item::Pick(name, alts) => {
                out.push((name, None));
                for a in alts {
                    slots_of(a, out);
                }
            }
            Item::Opt(inner) => slots_of(inner, out),
            Item::Alt(alts) => {
                for a in alts {
                    slots_of(a, out);
                }
            }
            Item::Lit(_) | Item::Comma => {}
        }
    }
}

fn show(items: &[Item]) -> String {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        out.push(match item {
            Item::Lit(w) => w.join("/"),
            Item::Comma => ",".to_string(),
            Item::Opt(inner) => format!("[{}]", show(inner)),
            Item::Alt(alts) | Item::Pick(_, alts) => {
                let alts: Vec<String> = alts.iter().map(|a| show(a)).collect();
                format!("({})", alts.join(" | "))
            }
            Item::Slot(_, kind) => kind.placeholder().to_string(),
        });
    }
    out.join(" ").replace(" ,", ",")
}

struct SyntaxParser {
    text: &'static str,
    pos: usize,
}

impl SyntaxParser {
    fn skip_space(&mut self) {
        while self.text[self.pos..].starts_with(' ') {
            self.pos += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, SyntaxDefError> {
        Err(SyntaxDefError(format!(
            "{what} at {} in `{}`",
            self.pos, self.text
        )))
    }

    /// Items up to one of `ends` (not consumed) or the end of the text.
    fn seq(&mut self, ends: &[char]) -> Result<Vec<Item>, SyntaxDefError> {
        let mut items = Vec::new();
        loop {
            self.skip_space();
            let Some(c) = self.text[self.pos..].chars().next() else {
                return Ok(items);
            };
            if ends.contains(&c) {
                return Ok(items);
            }
            match c {
                ',' => {
                    self.pos += 1;
                    items.push(Item::Comma);
                }
                '[' => {
                    self.pos += 1;
                    let inner = self.seq(&[']'])?;
                    self.expect(']')?;
                    items.push(Item::Opt(inner));
                }
                '(' => {
                    self.pos += 1;
                    let alts = self.alts(')')?;
                    items.push(Item::Alt(alts));
                }
                '{' => {
                    self.pos += 1;
                    items.push(self.slot()?);
                }
                c if c.is_ascii_alphabetic() => {
                    let w = self.word();
                    items.push(Item::Lit(w.split('/').collect()));
                }
                _ => return self.err("unexpected character"),
            }
        }
    }

    fn expect(&mut self, c: char) -> Result<(), SyntaxDefError> {
        self.skip_space();
        if self.text[self.pos..].starts_with(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(&format!("expected `{c}`"))
        }
    }

    /// Alternatives up to `end` (consumed).
    fn alts(&mut self, end: char) -> Result<Vec<Vec<Item>>, SyntaxDefError> {
        let mut alts = vec![self.seq(&['|', end])?];
        loop {
            self.skip_space();
            if self.text[self.pos..].starts_with('|') {
                self.pos += 1;
                alts.push(self.seq(&['|', end])?);
            } else {
                self.expect(end)?;
                if alts.len() < 2 {
                    return self.err("a choice of one alternative");
                }
                if alts.iter().any(Vec::is_empty) {
                    return self.err("an empty alternative");
                }
                return Ok(alts);
            }
        }
    }

    /// A word of letters, with `/`, `'`, `-` and `_`.
    fn word(&mut self) -> &'static str {
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "/'-_".contains(c)))
            .unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    fn number(&mut self) -> Result<u32, SyntaxDefError> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if len == 0 {
            return self.err("expected a number");
        }
        self.pos += len;
        Ok(rest[..len].parse().expect("digits"))
    }

    fn slot(&mut self) -> Result<Item, SyntaxDefError> {
        self.skip_space();
        let name = self.word();
        if name.is_empty() {
            return self.err("a slot without a name");
        }
        self.expect(':')?;
        self.skip_space();
        // A kind, or a pick of alternatives.
        let save = self.pos;
        let kind_word = self.word();
        if let Some(kind) = self.kind(kind_word)? {
            self.expect('}')?;
            return Ok(Item::Slot(name, kind));
        }
        self.pos = save;
        let alts = self.alts('}')?;
        Ok(Item::Pick(name, alts))
    }

    /// The kind named `word`, with its parameters; `None` if `word` names
    /// no kind (the slot is then a pick).
    fn kind(&mut self, word: &str) -> Result<Option<Kind>, SyntaxDefError> {
        let after = |p: &Self| p.text[p.pos..].trim_start().chars().next();
        let kind = match word {
            "number" => {
                let (mut min, mut max, mut default) = (0, 1_000_000, 0);
                self.skip_space();
                if after(self).is_some_and(|c| c.is_ascii_digit()) {
                    min = self.number()?;
                }
                self.skip_space();
                if self.text[self.pos..].starts_with("..=") {
                    self.pos += 3;
                    max = self.number()?;
                }
                self.skip_space();
                if self.text[self.pos..].starts_with('=') {
                    self.pos += 1;
                    default = self.number()?;
                }
                Kind::Number { min, max, default }
            }
            "age" => Kind::Age,
            "resources" => {
                self.skip_space();
                let all = self.text[self.pos..].starts_with("= all");
                if all {
                    self.pos += 5;
                }
                Kind::Resources { all }
            }
            "symbols" => Kind::Symbols,
            "cards" => Kind::Cards,
            "counted" => Kind::Counted,
            "scopes" => {
                self.skip_space();
                let me = self.text[self.pos..].starts_with("= self");
                if me {
                    self.pos += 6;
                }
                Kind::Scopes { me }
            }
            "colour" => Kind::Colour,
            "name" => Kind::Name,
            "noun" => Kind::Noun,
            "decks" => Kind::Decks,
            "taken" => Kind::Taken,
            "per" => Kind::Per,
            "cond" => Kind::Cond,
            _ => return Ok(None),
        };
        // A kind is alone in its slot: `{n: number 1..=5}`, not a pick.
        match after(self) {
            Some('}') => Ok(Some(kind)),
            _ => Ok(None),
        }
    }
}

// ------------------------------------------------------------------ tokens

/// A token of effect text, as the grammar reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokKind {
    Name,
    Number,
    Comma,
    /// A character that is none of the above (`.`, `+`, …).
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tok<'a> {
    pub kind: TokKind,
    pub text: &'a str,
    pub span: Span,
}

impl Tok<'_> {
    fn is(&self, spellings: &[&str]) -> bool {
        self.kind == TokKind::Name && spellings.iter().any(|s| self.text.eq_ignore_ascii_case(s))
    }

    fn word(&self) -> Word {
        Word {
            text: self.text.to_string(),
            span: self.span,
        }
    }

    /// How an error names it.
    pub fn found(&self) -> String {
        format!("`{}`", self.text)
    }
}

/// The words that end a list of counted words (`blue cards than each
/// neighbour`), and that no scope begins with (`lose all coins`).
const KEYWORDS: &[&str] = &[
    "or", "and", "per", "in", "from", "at", "lose", "loses", "pay", "pays", "if", "than", "for",
    "free",
];

fn keyword(t: &Tok<'_>) -> bool {
    t.kind == TokKind::Name && KEYWORDS.iter().any(|k| t.text.eq_ignore_ascii_case(k))
}

// ----------------------------------------------------------------- matcher

/// The furthest place reached, and what was expected there.
#[derive(Debug, Default, Clone)]
pub struct Failure {
    /// The index of the token reached (the phrase's length: its end).
    pub at: usize,
    pub expected: Vec<String>,
}

impl Failure {
    pub fn note(&mut self, at: usize, what: &str) {
        if at > self.at {
            self.at = at;
            self.expected.clear();
        }
        if at == self.at && !self.expected.iter().any(|e| e == what) {
            self.expected.push(what.to_string());
        }
    }

    fn merge(&mut self, other: &Failure) {
        for e in &other.expected {
            self.note(other.at, e);
        }
        if other.expected.is_empty() && other.at > self.at {
            self.at = other.at;
            self.expected.clear();
        }
    }
}

/// Reads phrases of one text against patterns.
pub struct Matcher<'t, 's> {
    toks: &'t [Tok<'s>],
    slots: Vec<(&'static str, Slot, Span)>,
    pub failure: Failure,
}

impl<'t, 's> Matcher<'t, 's> {
    pub fn new(toks: &'t [Tok<'s>]) -> Self {
        Matcher {
            toks,
            slots: Vec::new(),
            failure: Failure::default(),
        }
    }

    /// The slots of `pattern` if it reads the whole phrase.
    pub fn whole(&mut self, pattern: &Syntax) -> Option<Slots> {
        self.slots.clear();
        let end = self.seq(&pattern.items, 0)?;
        if end < self.toks.len() {
            if end == 0 {
                self.failure.note(end, "an effect");
            } else {
                self.failure.note(end, "`;`");
                self.failure.note(end, "the end of the text");
            }
            return None;
        }
        Some(Slots(std::mem::take(&mut self.slots)))
    }

    /// The slots of `pattern` and where it ends, if it reads a beginning of
    /// the phrase.
    pub fn prefix(&mut self, pattern: &Syntax) -> Option<(Slots, usize)> {
        self.slots.clear();
        let end = self.seq(&pattern.items, 0)?;
        Some((Slots(std::mem::take(&mut self.slots)), end))
    }

    fn tok(&self, at: usize) -> Option<&Tok<'s>> {
        self.toks.get(at)
    }

    fn span_of(&self, from: usize, to: usize) -> Span {
        match (
            self.toks.get(from),
            to.checked_sub(1).and_then(|t| self.toks.get(t)),
        ) {
            (Some(a), Some(b)) if to > from => Span::new(a.span.start, b.span.end),
            (Some(a), _) => Span::new(a.span.start, a.span.start),
            _ => self
                .toks
                .last()
                .map_or(Span::default(), |t| Span::new(t.span.end, t.span.end)),
        }
    }

    fn seq(&mut self, items: &[Item], mut at: usize) -> Option<usize> {
        for item in items {
            at = self.item(item, at)?;
        }
        Some(at)
    }

    fn item(&mut self, item: &Item, at: usize) -> Option<usize> {
        match item {
            Item::Lit(spellings) => match self.tok(at) {
                Some(t) if t.is(spellings) => Some(at + 1),
                _ => {
                    self.failure.note(at, &format!("`{}`", spellings[0]));
                    None
                }
            },
            Item::Comma => match self.tok(at) {
                Some(t) if t.kind == TokKind::Comma => Some(at + 1),
                _ => {
                    self.failure.note(at, "`,`");
                    None
                }
            },
            Item::Opt(inner) => {
                let mark = self.slots.len();
                match self.seq(inner, at) {
                    Some(end) => Some(end),
                    None => {
                        self.slots.truncate(mark);
                        Some(at)
                    }
                }
            }
            Item::Alt(alts) => self.alts(alts, at).map(|(_, end)| end),
            Item::Pick(name, alts) => {
                let (i, end) = self.alts(alts, at)?;
                let span = self.span_of(at, end);
                self.slots.push((name, Slot::Pick(i as u8), span));
                Some(end)
            }
            Item::Slot(name, kind) => {
                let (slot, end) = self.slot(*kind, at)?;
                let span = self.span_of(at, end);
                self.slots.push((name, slot, span));
                Some(end)
            }
        }
    }

    fn alts(&mut self, alts: &[Vec<Item>], at: usize) -> Option<(usize, usize)> {
        let mark = self.slots.len();
        for (i, alt) in alts.iter().enumerate() {
            if let Some(end) = self.seq(alt, at) {
                return Some((i, end));
            }
            self.slots.truncate(mark);
        }
        None
    }

    fn name(&mut self, at: usize, what: &str) -> Option<usize> {
        match self.tok(at) {
            Some(t) if t.kind == TokKind::Name => Some(at + 1),
            _ => {
                self.failure.note(at, what);
                None
            }
        }
    }

    fn words(&self, from: usize, to: usize) -> Vec<Word> {
        self.toks[from..to]
            .iter()
            .filter(|t| t.kind == TokKind::Name)
            .map(Tok::word)
            .collect()
    }

    /// `name (or name)*`: the names, and where they end.
    fn choice(&mut self, at: usize, what: &str) -> Option<(Vec<Word>, usize)> {
        let mut end = self.name(at, what)?;
        let mut names = vec![self.toks[at].word()];
        while self.tok(end).is_some_and(|t| t.is(&["or"]))
            && self.tok(end + 1).is_some_and(|t| t.kind == TokKind::Name)
        {
            names.push(self.toks[end + 1].word());
            end += 2;
        }
        if self.tok(end).is_some_and(|t| t.is(&["or"])) {
            self.failure.note(end + 1, what);
        }
        self.failure.note(end, "`or`");
        Some((names, end))
    }

    /// `word ((, | or | and)? word)*`, no word a keyword: the words, and
    /// where they end.
    fn counted(&mut self, at: usize) -> Option<(Vec<Word>, usize)> {
        let counted_word = |m: &Self, i: usize| {
            m.tok(i)
                .is_some_and(|t| t.kind == TokKind::Name && !keyword(t))
        };
        if !counted_word(self, at) {
            self.failure.note(at, "what to count");
            return None;
        }
        let mut end = at + 1;
        let mut words = vec![self.toks[at].word()];
        loop {
            if counted_word(self, end) {
                words.push(self.toks[end].word());
                end += 1;
                continue;
            }
            let sep = self
                .tok(end)
                .is_some_and(|t| t.kind == TokKind::Comma || t.is(&["or", "and"]));
            if sep && counted_word(self, end + 1) {
                words.push(self.toks[end + 1].word());
                end += 2;
                continue;
            }
            self.failure.note(end, "what to count");
            return Some((words, end));
        }
    }

    /// `scope ((, | and) scope)*`, the first no keyword nor a word an
    /// effect starts with (`lose all coins`, `gain five coins`): the
    /// scopes, and where they end.
    fn scopes(&mut self, at: usize) -> Option<(Vec<Word>, usize)> {
        match self.tok(at) {
            Some(t)
                if t.kind == TokKind::Name
                    && !keyword(t)
                    && !crate::words::is_action_keyword(t.text) => {}
            _ => {
                self.failure.note(at, "a scope");
                return None;
            }
        }
        let mut end = at + 1;
        let mut words = vec![self.toks[at].word()];
        while self
            .tok(end)
            .is_some_and(|t| t.kind == TokKind::Comma || t.is(&["and"]))
            && self.tok(end + 1).is_some_and(|t| t.kind == TokKind::Name)
        {
            words.push(self.toks[end + 1].word());
            end += 2;
        }
        self.failure.note(end, "`and`");
        Some((words, end))
    }

    fn number(&mut self, at: usize) -> Option<(Num, usize)> {
        match self.tok(at) {
            Some(t) if t.kind == TokKind::Number => {
                let value = t.text.parse::<u32>().ok().filter(|v| *v <= 1_000_000);
                match value {
                    Some(value) => Some((
                        Num {
                            value,
                            span: t.span,
                        },
                        at + 1,
                    )),
                    None => {
                        // Reported by the parser as a number too large.
                        self.failure.note(at, "a number up to 1000000");
                        None
                    }
                }
            }
            _ => {
                self.failure.note(at, "a number");
                None
            }
        }
    }

    fn slot(&mut self, kind: Kind, at: usize) -> Option<(Slot, usize)> {
        match kind {
            Kind::Number { .. } | Kind::Age => {
                let (n, end) = self.number(at)?;
                Some((Slot::Num(n), end))
            }
            Kind::Resources { .. } | Kind::Symbols => {
                let (words, end) = self.choice(at, "a name")?;
                Some((Slot::Words(words), end))
            }
            Kind::Cards | Kind::Counted => {
                let (words, end) = self.counted(at)?;
                Some((Slot::Words(words), end))
            }
            Kind::Scopes { .. } => {
                let (words, end) = self.scopes(at)?;
                Some((Slot::Words(words), end))
            }
            Kind::Colour | Kind::Name => {
                let end = self.name(at, "a name")?;
                Some((Slot::Words(self.words(at, end)), end))
            }
            Kind::Noun => {
                let mut end = self.name(at, "what is lost")?;
                if self.tok(end).is_some_and(|t| t.kind == TokKind::Name) {
                    end += 1;
                }
                Some((Slot::Words(self.words(at, end)), end))
            }
            Kind::Decks => self.decks(at),
            Kind::Taken => self.taken(at),
            Kind::Per => self.per(at),
            Kind::Cond => self.cond(at),
        }
    }

    /// `the deck ((, | or) deck)* deck|decks`, `deck deck|decks`.
    fn decks(&mut self, at: usize) -> Option<(Slot, usize)> {
        let what = Kind::Decks.noun();
        let deck_word = |t: Option<&Tok<'_>>| t.is_some_and(|t| t.is(&["deck", "decks"]));
        let mut i = at;
        let the = self.tok(i).is_some_and(|t| t.is(&["the"]));
        if the {
            i += 1;
        }
        let first = i;
        if self.tok(i).is_none_or(|t| t.kind != TokKind::Name) || deck_word(self.tok(i)) {
            self.failure.note(i, what);
            return None;
        }
        let mut names = vec![self.toks[first].word()];
        i += 1;
        if the {
            while self
                .tok(i)
                .is_some_and(|t| t.kind == TokKind::Comma || t.is(&["or"]))
                && self
                    .tok(i + 1)
                    .is_some_and(|t| t.kind == TokKind::Name && !deck_word(Some(t)))
            {
                names.push(self.toks[i + 1].word());
                i += 2;
            }
        }
        if !deck_word(self.tok(i)) {
            self.failure.note(i, "`deck`");
            return None;
        }
        Some((Slot::Words(names), i + 1))
    }

    /// `taken ((, | or) taken)*`: `a <colour> card`, or a card's name of
    /// one or more words.
    fn taken(&mut self, at: usize) -> Option<(Slot, usize)> {
        let mut list = Vec::new();
        let mut i = at;
        loop {
            // `a <colour> card`
            if self.tok(i).is_some_and(|t| t.is(&["a", "an"]))
                && self.tok(i + 1).is_some_and(|t| t.kind == TokKind::Name)
                && self.tok(i + 2).is_some_and(|t| t.is(&["card"]))
            {
                list.push(Taken {
                    name: self.toks[i + 1].word(),
                    colour: true,
                });
                i += 3;
            } else {
                let start = i;
                while self
                    .tok(i)
                    .is_some_and(|t| t.kind == TokKind::Name && !t.is(&["or", "card"]))
                {
                    i += 1;
                }
                if i == start {
                    self.failure.note(i, "a card");
                    if list.is_empty() {
                        return None;
                    }
                    // The separator read before belongs to what follows.
                    return Some((Slot::Taken(list), i - 1));
                }
                let words = self.words(start, i);
                let span = Span::new(words[0].span.start, words[words.len() - 1].span.end);
                let text = words
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                list.push(Taken {
                    name: Word { text, span },
                    colour: false,
                });
            }
            let sep = self
                .tok(i)
                .is_some_and(|t| t.kind == TokKind::Comma || t.is(&["or"]));
            if !sep {
                return Some((Slot::Taken(list), i));
            }
            i += 1;
        }
    }

    /// `per [N] [set of | different colour of] COUNTED [in (the city with
    /// the most | SCOPES)]`
    fn per(&mut self, at: usize) -> Option<(Slot, usize)> {
        let pattern = per_pattern();
        let mut inner = Matcher::new(&self.toks[at..]);
        let result = inner.prefix(pattern);
        let shift = |f: &Failure| Failure {
            at: f.at + at,
            expected: f.expected.clone(),
        };
        self.failure.merge(&shift(&inner.failure));
        let (slots, len) = result?;
        let end = at + len;
        let mode = slots.pick("mode");
        let per = Per {
            divisor: slots.num("divisor"),
            sets: mode == Some(0),
            distinct: mode == Some(1),
            counted: slots.words("counted").to_vec(),
            scopes: slots.words("scopes").to_vec(),
            most: slots.pick("where") == Some(0),
            span: self.span_of(at, end),
        };
        Some((Slot::Per(per), end))
    }

    fn cond(&mut self, at: usize) -> Option<(Slot, usize)> {
        let mut best = None;
        for (i, c) in crate::words::CONDITIONS.iter().enumerate() {
            let mut inner = Matcher::new(&self.toks[at..]);
            let result = inner.prefix(c.pattern());
            let f = Failure {
                at: inner.failure.at + at,
                expected: inner.failure.expected.clone(),
            };
            self.failure.merge(&f);
            if let Some((slots, len)) = result {
                best = Some((i, slots, len));
                break;
            }
        }
        let (i, slots, len) = best?;
        let end = at + len;
        let cond = crate::ast::Cond {
            id: crate::words::CondId(i as u8),
            slots,
            span: self.span_of(at, end),
        };
        Some((Slot::Cond(cond), end))
    }
}

fn per_pattern() -> &'static Syntax {
    static PER: OnceLock<Syntax> = OnceLock::new();
    PER.get_or_init(|| {
        Syntax::parse(
            "per [{divisor: number}] [{mode: set of | different colour/colours/color/colors of}] \
             {counted: counted} [in {where: the city with the most | {scopes: scopes}}]",
        )
        .expect("the pattern of `per`")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_their_items() {
        let p = Syntax::parse("take a progress token [from {set_aside: number ..=50} set aside]")
            .unwrap();
        assert_eq!(p.leading(), ["take"]);
        assert_eq!(p.shown(), "take a progress token [from N set aside]");
        assert_eq!(
            p.slots(),
            [(
                "set_aside",
                Some(Kind::Number {
                    min: 0,
                    max: 50,
                    default: 0
                })
            )]
        );
        let p = Syntax::parse("{pile: the discard pile | your hand}").unwrap();
        assert_eq!(p.leading(), ["the", "your"]);
        assert!(Syntax::parse("{x: a}").is_err(), "a pick of one");
        assert!(Syntax::parse("(a | )").is_err());
        assert!(Syntax::parse("a ]").is_err());
        assert!(Syntax::parse("").is_err());
        let p = Syntax::parse("[{from: scopes}] lose/loses").unwrap();
        assert!(p.may_start_with_slot());
        assert_eq!(p.leading(), ["lose", "loses"]);
    }
}
