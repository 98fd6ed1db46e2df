//! Completion: what may be written at a place of a card file or game.yaml,
//! from the game's vocabulary and cards.

use super::text::{dsl_before, field_at, file_age};
use lsp_types::{CompletionItem, CompletionItemKind, Documentation};
use sevenw_compiler::describe::roman;
use sevenw_compiler::resolve::Game;
use sevenw_compiler::vocab::{CounterKind, Unit, Vocab};
use sevenw_dsl::{TRIGGER_NAMES, WORD_NAMES, WORDS};
use std::path::Path;

/// The completions at byte `off` of `text` (the file `path`), for the game
/// `game` as last resolved.
pub fn items(text: &str, off: usize, game: Option<&Game>, path: &Path) -> Vec<CompletionItem> {
    let Some(field) = field_at(text, off) else {
        return Vec::new();
    };
    let game_yaml = path.file_name().is_some_and(|n| n == "game.yaml");
    if game_yaml {
        let words: &[&str] = match field.key {
            "words" => WORD_NAMES,
            "triggers" => TRIGGER_NAMES,
            "counters" => CounterKind::NOUNS,
            _ => &[],
        };
        return words
            .iter()
            .map(|w| item(w, CompletionItemKind::KEYWORD, field.key))
            .collect();
    }
    let Some(g) = game else {
        return Vec::new();
    };
    let v = &g.vocab;
    match field.key {
        "colour" => names(&v.colours, "colour"),
        "chains" => chain_targets(g, file_age(text)),
        "cost" => {
            let mut out = names(&resources(v), "resource");
            out.push(item("coin", CompletionItemKind::UNIT, "coins"));
            out.push(item("free", CompletionItemKind::KEYWORD, "no cost"));
            out
        }
        "effect" => effect(v, dsl_before(field.before)),
        _ => Vec::new(),
    }
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

fn names<S: AsRef<str>>(list: &[S], what: &str) -> Vec<CompletionItem> {
    list.iter()
        .map(|n| item(n.as_ref(), CompletionItemKind::ENUM_MEMBER, what))
        .collect()
}

fn resources(v: &Vocab) -> Vec<String> {
    v.resources
        .iter()
        .cloned()
        .chain(v.classes.iter().map(|(n, _)| n.clone()))
        .collect()
}

/// Card names of an Age later than `age` (all, when the file has no age).
fn chain_targets(g: &Game, age: Option<i64>) -> Vec<CompletionItem> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for c in &g.cards {
        let name = c.name.value.trim();
        if age.is_some_and(|a| c.age.value <= a) || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let colour = c
            .colour
            .map_or("", |i| g.vocab.colours[i as usize].as_str());
        out.push(item(
            name,
            CompletionItemKind::REFERENCE,
            &format!("Age {} {colour} card", roman(c.age.value)),
        ));
    }
    // An expansion's cards may chain to those of the game it extends.
    for c in &g.extended {
        let name = c.name.value.trim();
        if age.is_some_and(|a| c.age.value <= a) || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let colour = c.colour.as_deref().unwrap_or("");
        out.push(item(
            name,
            CompletionItemKind::REFERENCE,
            &format!("Age {} {colour} card of `{}`", roman(c.age.value), c.game),
        ));
    }
    out
}

/// What may follow `before`, the effect text up to the cursor.
fn effect(v: &Vocab, before: &str) -> Vec<CompletionItem> {
    let clause = before.rsplit(';').next().unwrap_or("");
    let has_trigger = clause.contains(':');
    let clause = clause.rsplit(':').next().unwrap_or("");
    let words: Vec<String> = clause
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    // The word being typed is the client's to filter: look at those before it.
    let typing = !clause.ends_with(|c: char| c.is_whitespace() || c == ',');
    let done = &words[..words.len() - usize::from(typing && !words.is_empty())];
    let first = done.first().map(String::as_str);
    let symbols = || names(&v.symbols, "science symbol");
    let scopes = || {
        v.scopes
            .iter()
            .map(|(n, _)| item(n, CompletionItemKind::ENUM_MEMBER, "scope"))
            .collect::<Vec<_>>()
    };
    let counted = || {
        let mut out = names(&v.colours, "colour");
        out.extend(v.counters.iter().filter_map(|k| {
            CounterKind::ALL
                .iter()
                .find(|(_, c)| c == k)
                .map(|(w, _)| item(w, CompletionItemKind::ENUM_MEMBER, "counted thing"))
        }));
        out
    };
    match done.last().map(String::as_str) {
        None => start_of_clause(v, !has_trigger),
        Some("produce" | "trade") => names(&resources(v), "resource"),
        Some("science") => symbols(),
        Some("or") => match first {
            Some("science") => symbols(),
            Some("produce" | "trade") => names(&resources(v), "resource"),
            _ => counted(),
        },
        Some("in") => {
            let mut out = scopes();
            out.push(item(
                "the city with the most",
                CompletionItemKind::KEYWORD,
                "the one city with the most",
            ));
            out
        }
        Some("from" | "and") => scopes(),
        Some("per" | "a" | "an") => counted(),
        Some(n) if n.parse::<u32>().is_ok() => match first {
            Some("gain") if done.len() == 2 => Unit::WORDS
                .iter()
                .map(|u| item(u, CompletionItemKind::UNIT, "unit"))
                .collect(),
            Some("produce") => names(&resources(v), "resource"),
            _ => counted(),
        },
        _ => Vec::new(),
    }
}

/// The words an effect of this game starts with, with an example each, and
/// its triggers (when the clause has none yet).
fn start_of_clause(v: &Vocab, triggers: bool) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    for w in WORDS.iter().filter(|w| v.allows_word(w.name)) {
        let Some(k) = w.leading() else { continue };
        if out.iter().any(|i| i.label == k) {
            continue;
        }
        out.push(CompletionItem {
            documentation: Some(Documentation::String(format!(
                "{}: `{}`",
                w.meaning, w.example
            ))),
            ..item(k, CompletionItemKind::KEYWORD, w.example)
        });
    }
    if triggers {
        for t in &v.triggers {
            let label = if t == "when you build a card" {
                "when you build a <colour> card:".to_string()
            } else {
                format!("{t}:")
            };
            out.push(item(&label, CompletionItemKind::EVENT, "trigger"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{AGE1, AGE2, WONDERS, resolved};

    fn labels(text: &str, at: &str, game: &Game) -> Vec<String> {
        let off = text.find(at).unwrap() + at.len();
        items(text, off, Some(game), Path::new("t/a1.yaml"))
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn completions_follow_the_place_and_the_game() {
        let (g, _) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
        let g = g.unwrap();
        let text = "age: 1\ncards:\n  - name: X\n    colour: b\n    cost: 2 \n    effect: gain 1 coin per \n    chains: [";
        assert_eq!(labels(text, "colour: b", &g), ["brown", "blue", "purple"]);
        // Chains lead to later Ages: the Age II cards.
        assert_eq!(
            labels(text, "chains: [", &g),
            [
                "Hall", "Forum", "Masons", "Sages", "Builders", "Copyists", "Traders"
            ]
        );
        assert_eq!(
            labels(text, "cost: 2 ", &g),
            [
                "wood",
                "clay",
                "glass",
                "raw",
                "manufactured",
                "coin",
                "free"
            ]
        );
        assert_eq!(
            labels(text, "per ", &g),
            ["brown", "blue", "purple", "card", "wonder stage"]
        );
        let effect = |before: &str| -> Vec<String> {
            effect(&g.vocab, before)
                .into_iter()
                .map(|i| i.label)
                .collect()
        };
        assert_eq!(
            effect(""),
            [
                "produce",
                "gain",
                "science",
                "trade",
                "build",
                "copy",
                "at game end:",
                "when built:",
                "once per age:"
            ]
        );
        assert_eq!(
            effect("at game end: "),
            ["produce", "gain", "science", "trade", "build", "copy"]
        );
        assert_eq!(
            effect("gain 2 vp; produce "),
            ["wood", "clay", "glass", "raw", "manufactured"]
        );
        assert_eq!(effect("science gear or "), ["gear", "tablet"]);
        assert_eq!(effect("gain 3 "), ["coins", "vp", "shields"]);
        assert_eq!(
            effect("trade raw at 1 from "),
            ["self", "left", "right", "neighbours"]
        );
        assert_eq!(
            effect("gain 1 vp per card in le"),
            [
                "self",
                "left",
                "right",
                "neighbours",
                "the city with the most"
            ]
        );
    }

    /// Completion at every place of every shipped and fixture file (the
    /// YAML broken or not) answers without panicking.
    #[test]
    fn completion_anywhere_never_panics() {
        let (g, _) = resolved(&[("a1.yaml", AGE1), ("a2.yaml", AGE2), ("w.yaml", WONDERS)]);
        let g = g.unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut dirs = vec![root.join("cards/base"), root.join("cards/duel")];
        for e in std::fs::read_dir(root.join("tests/fixtures/diag")).unwrap() {
            dirs.push(e.unwrap().path());
        }
        let mut places = 0;
        for dir in dirs {
            for e in std::fs::read_dir(&dir).unwrap() {
                let path = e.unwrap().path();
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue; // not UTF-8
                };
                for (off, _) in text.char_indices().chain([(text.len(), ' ')]) {
                    let _ = items(&text, off, Some(&g), &path);
                    places += 1;
                }
            }
        }
        assert!(places > 100_000, "{places}");
    }
}
