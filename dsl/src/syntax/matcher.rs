//! The matcher: a phrase of effect text, as the grammar's tokens, read
//! against a [`Syntax`] with the semantics of a PEG (see the parent
//! module), keeping what fills each slot and, when no syntax reads the
//! phrase, the furthest place reached and what was expected there.

use std::sync::OnceLock;

use super::{Item, Kind, Syntax};
use crate::ast::{Num, Per, Slot, Slots, Span, Taken, Word};

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
    /// Whether a slot was read before the place reached, by one of the
    /// syntaxes that reached it: the phrase is then a word of the
    /// language written wrong, not a word the language lacks.
    pub slotted: bool,
}

impl Failure {
    pub fn note(&mut self, at: usize, what: &str) {
        self.note_after(at, what, false);
    }

    fn note_after(&mut self, at: usize, what: &str, slotted: bool) {
        if at > self.at {
            self.at = at;
            self.expected.clear();
            self.slotted = false;
        }
        if at == self.at {
            self.slotted |= slotted;
            if !self.expected.iter().any(|e| e == what) {
                self.expected.push(what.to_string());
            }
        }
    }

    /// The failures of a slot's own reading (`per …`, a condition).
    fn merge(&mut self, other: &Failure) {
        for e in &other.expected {
            self.note_after(other.at, e, true);
        }
        if other.expected.is_empty() && other.at > self.at {
            self.at = other.at;
            self.expected.clear();
            self.slotted = true;
        }
    }
}

/// Reads phrases of one text against patterns.
pub struct Matcher<'t, 's> {
    toks: &'t [Tok<'s>],
    slots: Vec<(&'static str, Slot, Span)>,
    pub failure: Failure,
    /// Whether the pattern being read has read words that are not what
    /// its slot holds: its failures from there on are not noted.
    unnoted: bool,
}

impl<'t, 's> Matcher<'t, 's> {
    pub fn new(toks: &'t [Tok<'s>]) -> Self {
        Matcher {
            toks,
            slots: Vec::new(),
            failure: Failure::default(),
            unnoted: false,
        }
    }

    /// The slots of `pattern` if it reads the whole phrase.
    pub fn whole(&mut self, pattern: &Syntax) -> Option<Slots> {
        self.slots.clear();
        self.unnoted = false;
        let end = self.seq(&pattern.items, 0)?;
        if end < self.toks.len() {
            if end == 0 {
                self.note(end, "an effect");
            } else {
                self.note(end, "`;`");
                self.note(end, "the end of the text");
            }
            return None;
        }
        Some(Slots(std::mem::take(&mut self.slots)))
    }

    /// The slots of `pattern` and where it ends, if it reads a beginning of
    /// the phrase.
    pub fn prefix(&mut self, pattern: &Syntax) -> Option<(Slots, usize)> {
        self.slots.clear();
        self.unnoted = false;
        let end = self.seq(&pattern.items, 0)?;
        Some((Slots(std::mem::take(&mut self.slots)), end))
    }

    fn note(&mut self, at: usize, what: &str) {
        if self.unnoted {
            return;
        }
        let slotted = !self.slots.is_empty();
        self.failure.note_after(at, what, slotted);
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
                    self.note(at, &format!("`{}`", spellings[0]));
                    None
                }
            },
            Item::Comma => match self.tok(at) {
                Some(t) if t.kind == TokKind::Comma => Some(at + 1),
                _ => {
                    self.note(at, "`,`");
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
                self.note(at, what);
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
            self.note(end + 1, what);
        }
        self.note(end, "`or`");
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
            self.note(at, "what to count");
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
            // `victory token of age 2`: an Age's number after `of age`.
            if self.tok(end).is_some_and(|t| t.kind == TokKind::Number)
                && end >= at + 2
                && self.toks[end - 2].is(&["of"])
                && self.toks[end - 1].is(&["age", "ages"])
            {
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
            self.note(end, "what to count");
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
                self.note(at, "a scope");
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
        self.note(end, "`and`");
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
                        self.note(at, "a number up to 1000000");
                        None
                    }
                }
            }
            _ => {
                self.note(at, "a number");
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
            Kind::Counted => {
                let (words, end) = self.counted(at)?;
                Some((Slot::Words(words), end))
            }
            // Cards end in `card` or `cards` (`brown or grey cards`). Words
            // that do not are read on, for the resolver to say what they
            // are (`copy a wonder stage`); but should the phrase then fail,
            // it is a word the language lacks (`take a diplomacy token`),
            // not one written wrong: nothing after them is noted.
            Kind::Cards => {
                let before = self.failure.clone();
                let (mut words, mut end) = self.counted(at)?;
                // They end at the first `card` (`a green card of opponent`).
                let is_card = |w: &Word| {
                    w.text.eq_ignore_ascii_case("card") || w.text.eq_ignore_ascii_case("cards")
                };
                if let Some(i) = words.iter().position(is_card)
                    && i + 1 < words.len()
                    && let Some(t) = (at..end).find(|&t| self.toks[t].span == words[i].span)
                {
                    words.truncate(i + 1);
                    end = t + 1;
                }
                let card = words.last().is_some_and(|w| {
                    w.text.eq_ignore_ascii_case("card") || w.text.eq_ignore_ascii_case("cards")
                });
                if !card {
                    self.failure = before;
                    self.note(at, "`card`");
                    self.unnoted = true;
                }
                Some((Slot::Words(words), end))
            }
            Kind::Scopes { .. } | Kind::Others | Kind::Seat => {
                let (words, end) = self.scopes(at)?;
                Some((Slot::Words(words), end))
            }
            Kind::Colour | Kind::Name => {
                let end = self.name(at, "a name")?;
                Some((Slot::Words(self.words(at, end)), end))
            }
            Kind::Noun => {
                // `victory token`, `coins` (not `coins per`).
                let mut end = self.name(at, "what is lost")?;
                if self
                    .tok(end)
                    .is_some_and(|t| t.kind == TokKind::Name && !keyword(t))
                {
                    end += 1;
                }
                Some((Slot::Words(self.words(at, end)), end))
            }
            Kind::Decks => self.decks(at),
            Kind::Taken => self.taken(at),
            Kind::Per => self.per(at),
            Kind::Cond => self.cond(at),
            Kind::Tokens => {
                // `debt token`, `debt tokens`: a kind's name, then `token`.
                let end = self.name(at, "a kind of token")?;
                if !self.tok(end).is_some_and(|t| t.is(&["token", "tokens"])) {
                    self.note(end, "`token` or `tokens`");
                    return None;
                }
                Some((Slot::Words(self.words(at, end + 1)), end + 1))
            }
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
            self.note(i, what);
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
            self.note(i, "`deck`");
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
                    self.note(i, "a card");
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
            slotted: true,
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
                slotted: true,
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
