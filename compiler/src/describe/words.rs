//! The words of the table in plain words: a call's `describe` template
//! filled with its arguments, and a trigger's.
//!
//! A template's `{slot}` is the slot's value as its kind reads (a
//! number, `white card`, `wood or clay`, `left and right`, an Age in
//! Roman numerals); `{slot:s}` cards in the plural, `{slot:n}` cards in
//! the plural unless the number slot `n` is 1; `{slot|one|many}` a
//! number with its noun (`2 coins`); `[A|B]` is `A` when every slot `A`
//! names was written, `B` (or nothing) otherwise.

use super::{counted, names, or, plural, roman, seats};
use crate::ir::{Arg, Call};
use crate::resolve::Trigger;
use crate::vocab::{CounterKind, Vocab};

/// A call in words, from its word's template.
pub(super) fn described(v: &Vocab, call: &Call, written: &[&str]) -> String {
    fill(v, call, written, call.def().describe)
}

/// A trigger in words, before its effect: `Each time you build a red card: `.
pub(super) fn trigger(v: &Vocab, t: &Trigger) -> String {
    let name = match t {
        Trigger::Default => return String::new(),
        Trigger::WhenBuilt => "when built",
        Trigger::GameEnd => "at game end",
        Trigger::AgeEnd => "at end of age",
        Trigger::OncePerAge => "once per age",
        Trigger::BuildChain => "when you build by a chain",
        Trigger::BuildStage => "when you build a wonder stage",
        Trigger::BuildColour(_) => "when you build a card",
        Trigger::AnyBuildColour(_) => "when any player builds a card",
        Trigger::AnyBuildStage => "when any player builds a wonder",
        Trigger::Discard => "when you discard a card",
        Trigger::Drafted => "when drafted",
        Trigger::GainVictory => "when you gain a victory token",
        Trigger::BankCoins => "when you take coins from the bank",
        Trigger::Bought => "when you buy from a neighbour",
        Trigger::TakeCard { .. } => "when you take a card",
    };
    let template = sevenw_dsl::TriggerDef::of(name).map_or("", |d| d.describe);
    match t {
        Trigger::BuildColour(c) | Trigger::AnyBuildColour(c) => {
            template.replace("{colour}", &v.colours[*c as usize])
        }
        Trigger::TakeCard { cards, colours } => {
            let mut what: Vec<String> = names(&v.colours, *colours)
                .into_iter()
                .map(|c| format!("a {c} card"))
                .collect();
            match cards.len() {
                0 => {}
                1 => what.insert(0, "the card it names".to_string()),
                n => what.insert(0, format!("one of the {n} cards it names")),
            }
            template.replace("{cards}", &super::or(&what))
        }
        _ => template.to_string(),
    }
}

fn fill(v: &Vocab, call: &Call, written: &[&str], template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(i) = rest.find(['{', '[']) {
        out.push_str(&rest[..i]);
        let open = rest.as_bytes()[i];
        let close = if open == b'{' { '}' } else { ']' };
        let Some(j) = rest[i..].find(close) else {
            out.push_str(&rest[i..]);
            return out;
        };
        let inner = &rest[i + 1..i + j];
        if open == b'{' {
            out.push_str(&slot(v, call, inner));
        } else {
            let (a, b) = inner.split_once('|').unwrap_or((inner, ""));
            let chosen = if slots_in(a).iter().all(|s| written.contains(s)) {
                a
            } else {
                b
            };
            out.push_str(&fill(v, call, written, chosen));
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}

/// The slots a part of a template names.
fn slots_in(text: &str) -> Vec<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|p| p.split('}').next())
        .map(|p| p.split([':', '|']).next().unwrap_or(p))
        .collect()
}

fn num(call: &Call, name: &str) -> Option<u32> {
    match call.arg(name) {
        Some(Arg::Num(n)) => Some(*n),
        _ => None,
    }
}

/// `{name}`, `{name:s}`, `{name:n}`, `{name|one|many}`.
fn slot(v: &Vocab, call: &Call, spec: &str) -> String {
    let mut parts = spec.split('|');
    let head = parts.next().unwrap_or("");
    let (name, modifier) = head.split_once(':').unwrap_or((head, ""));
    let nouns: Vec<&str> = parts.collect();
    let kind = (call.word.syntax().slots().iter())
        .find(|(n, _)| *n == name)
        .and_then(|(_, k)| *k);
    let is_age = kind == Some(sevenw_dsl::syntax::Kind::Age);
    let is_token = kind == Some(sevenw_dsl::syntax::Kind::Tokens);
    match call.arg(name) {
        Some(Arg::Num(n)) if is_token => v.tokens.get(*n as usize).map_or_else(
            || format!("tokens of kind {n}"),
            |t| format!("{} tokens", t.name),
        ),
        Some(Arg::Num(n)) => match nouns.as_slice() {
            [one, many] => plural(i64::from(*n), one, many),
            _ if is_age => roman(i64::from(*n)),
            _ => n.to_string(),
        },
        Some(Arg::Colours(m)) => {
            let card = counted(v, CounterKind::Cards, *m);
            let many = match modifier {
                "s" => true,
                "" => false,
                by => num(call, by) != Some(1),
            };
            if many { format!("{card}s") } else { card }
        }
        Some(Arg::Resources(m)) => or(&names(&v.resources, u32::from(*m))),
        Some(Arg::Symbols(m)) => {
            let list = names(&v.symbols, u32::from(*m));
            if list.len() == 1 {
                format!("the science symbol {}", list[0])
            } else {
                format!("one science symbol of {}, chosen at game end", or(&list))
            }
        }
        Some(Arg::Seats(s)) => seats(v, s),
        Some(Arg::Seat(s)) => seats(v, &[*s]),
        // A noun phrase: `any deck`, `the left or central deck`.
        Some(Arg::Decks(d)) => {
            if d & 8 != 0 {
                "any deck".to_string()
            } else {
                let from: Vec<String> = crate::resolve::DECK_WORDS
                    .iter()
                    .filter(|(w, b)| *w != "any" && d & b != 0)
                    .map(|(w, _)| w.to_string())
                    .collect();
                format!("the {} deck", or(&from))
            }
        }
        Some(Arg::Counted(c)) => {
            let thing = counted_thing(v, c);
            let many = match modifier {
                "s" => true,
                "" => false,
                by => num(call, by) != Some(1),
            };
            if many {
                super::plural_of(&thing)
            } else {
                thing
            }
        }
        None => {
            debug_assert!(false, "a template names a slot its word lacks: {spec}");
            String::new()
        }
    }
}

/// What an IR count counts, in words: `red card`, `wonder stage`.
fn counted_thing(v: &Vocab, c: &crate::ir::Counted) -> String {
    use crate::ir::Counted;
    let kind = match c {
        Counted::Cards(m) | Counted::Colours(m) | Counted::ColourSets(m) => {
            return counted(v, CounterKind::Cards, *m);
        }
        Counted::Token(t) => {
            return format!("progress token of kind {t}");
        }
        Counted::Tokens(t) => {
            return v.tokens.get(usize::from(*t)).map_or_else(
                || format!("token of kind {t}"),
                |k| format!("{} token", k.name),
            );
        }
        Counted::WonderStages => CounterKind::WonderStages,
        Counted::DefeatTokens => CounterKind::DefeatTokens,
        Counted::VictoryTokens => CounterKind::VictoryTokens,
        Counted::VictoryTokensOfAge(age) => return format!("victory token of Age {age}"),
        Counted::Resources { resources, colours } => {
            return super::symbols_on(v, *resources, *colours);
        }
        Counted::StageColour(_) => return super::STAGE_COLOUR.to_string(),
        Counted::Coins => CounterKind::Coins,
        Counted::ProgressTokens => CounterKind::ProgressTokens,
        Counted::PairedVictoryPoints => CounterKind::PairedVictoryPoints,
        Counted::FinishedWonders => CounterKind::FinishedWonders,
        Counted::Cats => CounterKind::Cats,
    };
    counted(v, kind, 0)
}
