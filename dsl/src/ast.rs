//! The syntax tree of effect and cost text. Every node keeps the byte span of
//! its text, relative to the start of the text that was parsed; the compiler
//! adds the offset of the YAML scalar to reach the file.

use crate::words::{CondId, TriggerId, WordDef, WordId};

/// A byte range in the parsed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
    /// The same range moved `by` bytes to the right.
    pub fn shift(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }
}

/// A name as written (the resolver compares it without regard to case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub span: Span,
}

/// A whole number as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num {
    pub value: u32,
    pub span: Span,
}

/// The text of an `effect` field: one or more clauses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Effects {
    pub clauses: Vec<Clause>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    pub trigger: Option<Trigger>,
    pub action: Action,
    pub span: Span,
}

/// A trigger of the table ([`crate::words::TRIGGERS`]) with what fills its
/// slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    pub id: TriggerId,
    pub slots: Slots,
    pub span: Span,
}

impl Trigger {
    /// The trigger's name in a game's `triggers:` list.
    pub fn word(&self) -> &'static str {
        self.id.def().name
    }
}

/// A card a `when you take …` trigger waits for: a card by name, or any
/// card of a colour (`a green card`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    pub name: Word,
    /// `a <colour> card`: `name` is the colour.
    pub colour: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub kind: ActionKind,
    pub span: Span,
    /// The span of the action's leading word(s), for diagnostics about the word itself.
    pub word_span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    /// A word of the table ([`crate::words::WORDS`]) with what fills its
    /// slots.
    Word { id: WordId, slots: Slots },
    /// `one of (CLAUSES) or (CLAUSES) …`: one option, chosen when built.
    OneOf { options: Vec<Vec<Clause>> },
    /// A leading word the language does not know.
    Unknown { word: Word },
}

impl ActionKind {
    /// The action's name in a game's `words:` list.
    pub fn word(&self) -> &str {
        match self {
            ActionKind::Word { id, .. } => id.def().name,
            ActionKind::OneOf { .. } => "one of",
            ActionKind::Unknown { word } => &word.text,
        }
    }

    /// The table's entry of the word, unless it is unknown.
    pub fn def(&self) -> Option<&'static WordDef> {
        match self {
            ActionKind::Word { id, .. } => Some(id.def()),
            ActionKind::OneOf { .. } => WordDef::of("one of"),
            ActionKind::Unknown { .. } => None,
        }
    }

    /// The slots of a word of the table (none for the others).
    pub fn slots(&self) -> &Slots {
        static NONE: Slots = Slots(Vec::new());
        match self {
            ActionKind::Word { slots, .. } => slots,
            _ => &NONE,
        }
    }
}

/// What fills the slots of a syntax, by the slots' names, in the order
/// written. A slot of an optional part not written is absent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Slots(pub Vec<(&'static str, Slot, Span)>);

/// What fills one slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    Num(Num),
    /// The names of a list (`wood or clay`: `wood`, `clay`), of counted
    /// words (`brown or grey cards`: `brown`, `grey`, `cards`), of scopes,
    /// of decks, or one name.
    Words(Vec<Word>),
    /// Which alternative of a pick was written, from 0.
    Pick(u8),
    Per(Per),
    Cond(Cond),
    Taken(Vec<Taken>),
}

impl Slots {
    fn get(&self, name: &str) -> Option<&Slot> {
        self.0
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, s, _)| s)
    }

    /// Whether the slot was written.
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Where the slot's text is.
    pub fn span(&self, name: &str) -> Option<Span> {
        self.0
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, _, s)| *s)
    }

    pub fn num(&self, name: &str) -> Option<Num> {
        match self.get(name) {
            Some(Slot::Num(n)) => Some(*n),
            _ => None,
        }
    }

    /// The names of the slot (none when it is absent).
    pub fn words(&self, name: &str) -> &[Word] {
        match self.get(name) {
            Some(Slot::Words(w)) => w,
            _ => &[],
        }
    }

    pub fn pick(&self, name: &str) -> Option<u8> {
        match self.get(name) {
            Some(Slot::Pick(i)) => Some(*i),
            _ => None,
        }
    }

    pub fn per(&self, name: &str) -> Option<&Per> {
        match self.get(name) {
            Some(Slot::Per(p)) => Some(p),
            _ => None,
        }
    }

    pub fn cond(&self, name: &str) -> Option<&Cond> {
        match self.get(name) {
            Some(Slot::Cond(c)) => Some(c),
            _ => None,
        }
    }

    pub fn taken(&self, name: &str) -> &[Taken] {
        match self.get(name) {
            Some(Slot::Taken(t)) => t,
            _ => &[],
        }
    }
}

/// `if …` after a gain: a condition of the table
/// ([`crate::words::CONDITIONS`]) with what fills its slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cond {
    pub id: CondId,
    pub slots: Slots,
    pub span: Span,
}

/// `per [N] COUNTED [in SCOPES | in the city with the most]`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Per {
    /// `per 3 coins`: whole sets of N.
    pub divisor: Option<Num>,
    /// `per set of blue, red and green cards`: complete sets of one of each.
    pub sets: bool,
    /// `per different colour of brown, grey or blue cards`: the colours
    /// among them held at least once.
    pub distinct: bool,
    pub counted: Vec<Word>,
    pub scopes: Vec<Word>,
    /// `in the city with the most`
    pub most: bool,
    pub span: Span,
}

/// The text of a `cost` field.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cost {
    pub items: Vec<CostItem>,
    /// `3 different`, `2 identical`: resources counted, not named (then
    /// `items` is empty).
    pub pattern: Option<Pattern>,
}

/// `N different` or `N identical` resources (7 Wonders Architects' wonder
/// stages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern {
    pub count: Num,
    pub identical: bool,
    pub span: Span,
}

/// `[N] NAME [token|tokens] [per age]` in a cost: a resource, coins, or
/// tokens of a kind the game declares (`2 favour tokens`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostItem {
    pub amount: Option<Num>,
    pub name: Word,
    /// `token`/`tokens` after the name: tokens of the kind `name`.
    pub token: Option<Span>,
    /// `1 coin per age`: that many for each Age number.
    pub per_age: Option<Span>,
    /// `1 coin per senator card`: that many for each card of the colours
    /// named (`per politician or conspirator card`) in the city; empty
    /// when the price is not per card.
    pub per_card: Vec<Word>,
    pub span: Span,
}
