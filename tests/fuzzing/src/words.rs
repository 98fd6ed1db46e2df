//! The fuzzer's vocabulary, derived from the word table: an effect is a
//! word (or trigger, or condition) of `sevenw_dsl::words` written by
//! walking its syntax, each choice (an optional part, an alternative, a
//! slot's value) taken from the fuzzer's bytes, and each slot filled with
//! a name of the mini game's vocabulary of its kind. A word added to the
//! table is fuzzed without an edit here (the tests below check that every
//! word of the table is written and reads back as itself).

use sevenw_dsl::syntax::{Item, Kind, Syntax};
use sevenw_dsl::{CONDITIONS, Event, Shape, TRIGGERS, TriggerId, WORDS, WordId};

pub const RES: &[&str] = &["wood", "clay", "glass", "raw", "fine"];
pub const COLOURS: &[&str] = &["brown", "blue", "yellow", "red", "purple"];
pub const SYMBOLS: &[&str] = &["gear", "tablet"];
pub const UNITS: &[&str] = &["coins", "vp", "shields", "coin"];
pub const SCOPES: &[&str] = &[
    "self",
    "left",
    "right",
    "neighbours",
    "left and right",
    "neighbours and self",
];
const COUNTED: &[&str] = &[
    "red cards",
    "brown or blue card",
    "wonder stages",
    "defeat tokens",
    "victory tokens",
    "coins",
    "card",
    "wood on brown cards",
    "wood or clay on brown or yellow cards",
    "cards of this stage's colour",
];
const LOST: &[&str] = &["coins", "defeat tokens", "victory token", "favour tokens"];
const DECKS: &[&str] = &["the left or right deck", "any deck", "the central deck"];
const TAKEN: &[&str] = &["a red card", "Hall", "Market or a blue card"];

/// The family whose words the mini game lists (`GAME`'s `family:`).
pub const FAMILY: &str = "base";

/// The words the mini game allows: every word its family plays.
pub fn game_words() -> Vec<&'static str> {
    WORDS
        .iter()
        .filter(|w| w.played_by(FAMILY))
        .map(|w| w.name)
        .collect()
}

/// The triggers the mini game allows: every trigger its family plays.
pub fn game_triggers() -> Vec<&'static str> {
    TRIGGERS
        .iter()
        .filter(|t| t.families.contains(&FAMILY))
        .map(|t| t.name)
        .collect()
}

pub fn pick<'a>(list: &[&'a str], i: u8) -> &'a str {
    list[usize::from(i) % list.len()]
}

/// The choices a phrase is written with, taken in turn (0 when spent).
pub struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes, at: 0 }
    }

    fn next(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
}

/// The word a clause writes, by the fuzzer's byte: most often one the mini
/// game allows, one in sixteen any word of the table (the paths of a word
/// a game does not allow).
pub fn word_of(byte: u8, any: u8) -> WordId {
    let allowed: Vec<WordId> = WordId::all()
        .filter(|w| w.def().played_by(FAMILY) && w.def().shape != Shape::OneOf)
        .collect();
    if any % 16 == 0 {
        WordId(byte % WORDS.len() as u8)
    } else {
        allowed[usize::from(byte) % allowed.len()]
    }
}

/// Writes `word` with `choices` into `out`.
pub fn write_word(word: WordId, choices: &mut Choices<'_>, out: &mut String) {
    if word.def().shape == Shape::OneOf {
        // Two options of a plain gain each: the choice's own paths.
        let a = choices.next() % 8;
        let b = choices.next() % 8;
        out.push_str(&format!(
            "one of (gain {a} coins) or (gain 1 shield; gain {b} vp)"
        ));
        return;
    }
    write(&word.syntax().items, choices, out);
}

/// A trigger the mini game allows, and whether the word written after it
/// may take it (`once per age` limits a free build only; at the end of the
/// game only what scores is carried out: points and coins, science, copies;
/// a stage is copied as something is built).
pub fn write_trigger(byte: u8, word: WordId, choices: &mut Choices<'_>, out: &mut String) {
    let scores = matches!(
        word.def().name,
        "gain" | "science" | "copy" | "science rule"
    );
    let allowed: Vec<TriggerId> = TriggerId::all()
        .filter(|t| t.def().families.contains(&FAMILY))
        .filter(|t| (t.def().event == Event::OncePerAge) == (word.def().shape == Shape::BuildFree))
        .filter(|t| t.def().event != Event::GameEnd || scores)
        // A stage is copied as its source is built, or as its owner builds.
        .filter(|t| {
            word.def().name != "copy stage"
                || matches!(
                    t.def().event,
                    Event::Built | Event::BuiltStage | Event::BuiltColour | Event::BuiltChain
                )
        })
        .collect();
    if allowed.is_empty() || word.def().shape == Shape::OneOf {
        return;
    }
    let t = allowed[usize::from(byte) % allowed.len()];
    write(&t.syntax().items, choices, out);
    out.push_str(": ");
}

fn write(items: &[Item], c: &mut Choices<'_>, out: &mut String) {
    for item in items {
        match item {
            Item::Lit(spellings) => {
                let s = spellings[usize::from(c.next()) % spellings.len()];
                word(out, s);
            }
            Item::Comma => out.push(','),
            Item::Opt(inner) => {
                if c.next() % 2 == 0 {
                    write(inner, c, out);
                }
            }
            Item::Alt(alts) | Item::Pick(_, alts) => {
                let alt = &alts[usize::from(c.next()) % alts.len()];
                write(alt, c, out);
            }
            Item::Slot(_, kind) => slot(*kind, c, out),
        }
    }
}

fn word(out: &mut String, w: &str) {
    if !out.is_empty() && !out.ends_with(' ') && !out.ends_with('(') {
        out.push(' ');
    }
    out.push_str(w);
}

fn slot(kind: Kind, c: &mut Choices<'_>, out: &mut String) {
    match kind {
        Kind::Number { min, max, .. } => {
            let span = max.saturating_sub(min).min(11) + 1;
            let n = min + u32::from(c.next()) % span;
            word(out, &n.to_string());
        }
        Kind::Age => word(out, &(1 + c.next() % 2).to_string()),
        Kind::Resources { .. } => {
            let n = 1 + c.next() % 3;
            let list: Vec<&str> = (0..n).map(|_| pick(&RES[..3], c.next())).collect();
            word(out, &list.join(" or "));
        }
        Kind::Symbols => {
            let n = 1 + c.next() % 2;
            let list: Vec<&str> = (0..n).map(|_| pick(SYMBOLS, c.next())).collect();
            word(out, &list.join(" or "));
        }
        Kind::Cards => {
            let colour = pick(COLOURS, c.next());
            word(out, &format!("{colour} card"));
        }
        Kind::Counted => word(out, pick(COUNTED, c.next())),
        Kind::Scopes { .. } => word(out, pick(SCOPES, c.next())),
        // Mostly other cities; sometimes this one too (refused).
        Kind::Others => word(
            out,
            pick(&["neighbours", "left", "opponent", "self"], c.next()),
        ),
        // Mostly one city; sometimes more, or this one (refused).
        Kind::Seat => word(
            out,
            pick(&["left", "right", "left", "neighbours", "self"], c.next()),
        ),
        Kind::Colour => word(out, pick(COLOURS, c.next())),
        Kind::Name => word(out, pick(UNITS, c.next())),
        Kind::Noun => word(out, pick(LOST, c.next())),
        Kind::Decks => word(out, pick(DECKS, c.next())),
        Kind::Taken => word(out, pick(TAKEN, c.next())),
        Kind::Per => {
            word(out, "per");
            if c.next() % 4 == 0 {
                word(out, &(2 + c.next() % 3).to_string());
            }
            word(out, pick(COUNTED, c.next()));
            word(out, "in");
            word(out, pick(SCOPES, c.next()));
        }
        Kind::Tokens => word(
            out,
            pick(&["debt tokens", "debt token", "favour tokens"], c.next()),
        ),
        Kind::Cond => {
            let cond = &CONDITIONS[usize::from(c.next()) % CONDITIONS.len()];
            let syntax = Syntax::parse(cond.syntax).expect("the table's conditions read");
            write(&syntax.items, c, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of the table, written from many streams of choices,
    /// reads back as itself: a word added to the table is fuzzed.
    #[test]
    fn every_word_of_the_table_is_written_and_reads_as_itself() {
        for id in WordId::all() {
            let mut parsed = 0;
            for seed in 0..64u8 {
                let bytes: Vec<u8> = (0..48u8)
                    .map(|i| seed.wrapping_mul(31).wrapping_add(i.wrapping_mul(seed | 1)))
                    .collect();
                let mut text = String::new();
                write_word(id, &mut Choices::new(&bytes), &mut text);
                let e = sevenw_dsl::parse_effects(&text)
                    .unwrap_or_else(|e| panic!("{}: `{text}`: {}", id.def().name, e.message));
                assert_eq!(e.clauses[0].action.kind.word(), id.def().name, "`{text}`");
                parsed += 1;
            }
            assert_eq!(parsed, 64);
        }
    }

    #[test]
    fn every_trigger_of_the_table_is_written_and_reads_as_itself() {
        for t in TriggerId::all() {
            let mut text = String::new();
            write(
                &t.syntax().items,
                &mut Choices::new(&[1, 2, 3, 4]),
                &mut text,
            );
            text.push_str(": gain 1 vp");
            let e = sevenw_dsl::parse_effects(&text).unwrap_or_else(|e| panic!("`{text}`: {e:?}"));
            assert_eq!(
                e.clauses[0].trigger.as_ref().map(|x| x.word()),
                Some(t.def().name),
                "`{text}`"
            );
        }
    }

    #[test]
    fn the_mini_game_allows_every_word_and_trigger_of_its_family() {
        let game = crate::card_set::game_yaml();
        for w in game_words() {
            assert!(game.contains(w), "{w}");
        }
        for t in game_triggers() {
            assert!(game.contains(t), "{t}");
        }
    }
}
