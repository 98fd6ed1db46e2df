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
//! | `{name: …}` | a flag: a pick of one alternative (`{per_age: per age/ages}`), kept when written |
//!
//! The kinds of slot are [`Kind`]'s: `number` (with an optional range,
//! `number 1..=20`, and a value when absent, `number = 1`), `age`,
//! `resources`, `symbols`, `cards`, `counted`, `scopes`, `seat`, `colour`,
//! `name`, `noun`, `decks`, `taken`, `per` and `cond`. Each reads a shape of the
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
    /// Other cities by the game's scopes: `opponent`, `left and right`.
    /// Read as scopes are (so that `self` reaches the compiler, which says
    /// why the acting city cannot be one).
    Others,
    /// One other city, by a scope of the game naming one: `left`. Read as
    /// scopes are (so that `left and right` or `neighbours` reaches the
    /// compiler, which says why it names more than one).
    Seat,
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
    /// A kind of token the game declares (`tokens:`): `debt tokens`.
    Tokens,
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
            Kind::Others => "a scope of other cities",
            Kind::Seat => "a scope of one city",
            Kind::Colour => "a colour",
            Kind::Name | Kind::Noun => "a name",
            Kind::Decks => "a deck (`the left, right or central deck`, `any deck`)",
            Kind::Taken => "a card",
            Kind::Per => "`per`",
            Kind::Cond => "`if`",
            Kind::Tokens => "a kind of token the game declares",
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
            Kind::Scopes { .. } | Kind::Others => "<scopes>",
            Kind::Seat => "<scope>",
            Kind::Colour => "<colour>",
            Kind::Name => "<name>",
            Kind::Noun => "<what>",
            Kind::Decks => "<deck> deck",
            Kind::Taken => "<card> or <card>",
            Kind::Per => "per <counted> [in <scopes>]",
            Kind::Cond => "if <condition>",
            Kind::Tokens => "<kind> tokens",
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
            Item::Pick(_, alts) if alts.len() == 1 => show(&alts[0]),
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

    /// Alternatives up to `end` (consumed); a pick may have one (a flag).
    fn alts(&mut self, end: char) -> Result<Vec<Vec<Item>>, SyntaxDefError> {
        let mut alts = vec![self.seq(&['|', end])?];
        loop {
            self.skip_space();
            if self.text[self.pos..].starts_with('|') {
                self.pos += 1;
                alts.push(self.seq(&['|', end])?);
            } else {
                self.expect(end)?;
                if alts.len() < 2 && end != '}' {
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
            "others" => Kind::Others,
            "seat" => Kind::Seat,
            "colour" => Kind::Colour,
            "name" => Kind::Name,
            "noun" => Kind::Noun,
            "decks" => Kind::Decks,
            "taken" => Kind::Taken,
            "per" => Kind::Per,
            "cond" => Kind::Cond,
            "tokens" => Kind::Tokens,
            _ => return Ok(None),
        };
        // A kind is alone in its slot: `{n: number 1..=5}`, not a pick.
        match after(self) {
            Some('}') => Ok(Some(kind)),
            _ => Ok(None),
        }
    }
}

mod matcher;

pub use matcher::{Failure, Matcher, Tok, TokKind};

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
        let flag = Syntax::parse("gain [{per_age: per age/ages}]").unwrap();
        assert_eq!(flag.shown(), "gain [per age/ages]", "a flag: a pick of one");
        assert_eq!(flag.slots(), [("per_age", None)]);
        assert!(Syntax::parse("(a)").is_err(), "a choice of one");
        assert!(Syntax::parse("(a | )").is_err());
        assert!(Syntax::parse("a ]").is_err());
        assert!(Syntax::parse("").is_err());
        let p = Syntax::parse("[{from: scopes}] lose/loses").unwrap();
        assert!(p.may_start_with_slot());
        assert_eq!(p.leading(), ["lose", "loses"]);
    }
}
