//! A whole card set, built structurally from the fuzzer's bytes (most
//! inputs a valid set in the vocabulary of `tests/fixtures/gen/mini`), run
//! through the passes of `sevenc check` (load to validate, lowering, the
//! report rendered), held in memory (`sevenw_compiler::check_texts`: no
//! folder is written), and, when it has no error, code generation (whose
//! output must parse as Rust: `codegen::generate` says it always does).

use std::fmt::Write as _;

use arbitrary::{Arbitrary, Unstructured};
use sevenw_dsl::WordId;

use crate::words::{self, COLOURS, RES, pick};

/// The mini game's `game.yaml`: its `words:` and `triggers:` every word
/// and trigger of the table its family plays (`crate::words`).
pub fn game_yaml() -> String {
    format!(
        "game: mini
title: Mini
family: {family}
players: [3, 3]
ages: 2
start_coins: 2
hand_size: 2
resources:
  raw: [wood, clay]
  fine: [glass]
science: [gear, tablet]
colours: [brown, blue, yellow, red, purple]
categories: [civic, trade, guild, wonder]
vp_category:
  blue: civic
  yellow: trade
  purple: guild
  wonder: wonder
tradable: [brown, board]
scopes:
  self: 0
  left: 1
  right: -1
  neighbours: [left, right]
counters: [card, wonder stage, defeat token, victory token, coin]
words: [{words}]
triggers: [{triggers}]
guilds: {{ colour: purple, age: 2, extra: 0 }}
tokens:
  debt: {{ points: -1, category: trade, instead_of_coins: true }}
  favour: {{ points: [1, 2], category: civic, public: false }}
",
        family = words::FAMILY,
        words = words::game_words().join(", "),
        triggers = words::game_triggers().join(", "),
    )
}

/// One action of the language: a word of the table, written by its
/// syntax with the fuzzer's choices.
#[derive(Arbitrary, Debug)]
struct Action {
    word: u8,
    any: u8,
    choices: Vec<u8>,
}

impl Action {
    fn id(&self) -> WordId {
        words::word_of(self.word, self.any)
    }

    fn write(&self, out: &mut String) {
        words::write_word(self.id(), &mut words::Choices::new(&self.choices), out);
    }
}

#[derive(Arbitrary, Debug)]
struct Clause {
    trigger: Option<u8>,
    action: Action,
}

fn effects(clauses: &[Clause]) -> String {
    if clauses.is_empty() {
        return "gain 1 vp".to_string();
    }
    let mut s = String::new();
    for (i, c) in clauses.iter().take(4).enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        if let Some(t) = c.trigger {
            let mut choices = words::Choices::new(&c.action.choices);
            words::write_trigger(t, c.action.id(), &mut choices, &mut s);
        }
        c.action.write(&mut s);
    }
    s
}

#[derive(Arbitrary, Debug)]
struct Cost {
    coins: Option<u8>,
    res: Vec<(u8, u8)>,
    /// Tokens of a declared kind paid (`2 favour tokens`).
    tokens: Option<u8>,
}

fn cost(c: &Cost) -> String {
    let mut parts: Vec<String> = c
        .res
        .iter()
        .take(3)
        .map(|&(k, r)| match k % 3 {
            0 => pick(&RES[..3], r).to_string(),
            k => format!("{} {}", k + 1, pick(&RES[..3], r)),
        })
        .collect();
    if let Some(k) = c.coins {
        parts.push(format!("{} coin", 1 + k % 4));
    }
    if let Some(t) = c.tokens {
        let kind = pick(&["debt", "favour"], t / 2);
        parts.push(format!("{} {kind} tokens", 1 + t % 2));
    }
    parts.join(", ")
}

#[derive(Arbitrary, Debug)]
struct Card {
    name: u8,
    colour: u8,
    /// Two copies (players [3, 3]) or one.
    two: bool,
    cost: Option<Cost>,
    effect: Vec<Clause>,
    chains: Vec<u8>,
}

#[derive(Arbitrary, Debug)]
struct Stage {
    cost: Cost,
    effect: Vec<Clause>,
}

#[derive(Arbitrary, Debug)]
struct Side {
    effect: Vec<Clause>,
    stages: Vec<Stage>,
}

#[derive(Arbitrary, Debug)]
struct Wonder {
    name: u8,
    a: Side,
    b: Option<Side>,
}

/// The card set: two Ages dealt to 3 players, guilds, wonders, and a few
/// deliberate slips.
#[derive(Arbitrary, Debug)]
struct Set {
    age1: Vec<Card>,
    age2: Vec<Card>,
    guilds: Vec<Card>,
    wonders: Vec<Wonder>,
    /// One in eight sets leaves the deck sizes to chance (E0204).
    exact: u8,
    /// Any text in place of the first card's effect, one set in eight:
    /// the error paths.
    slip: (u8, String),
    /// A long effect anchored once in the guilds' file and aliased by
    /// many cards' effects (last, so that inputs written before it was
    /// added read as they did).
    alias: Option<Alias>,
}

/// An anchor on a long effect text (`effect: &long "…"`) and cards whose
/// effect is `*long`: the text is parsed, checked and generated once per
/// alias, and past 8 MiB in all the file is refused (E0002).
#[derive(Arbitrary, Debug)]
struct Alias {
    /// In one set in eight: long texts are slow to check and generate.
    on: u8,
    /// The text's length: 1 to 128 KB of the first guild's effect,
    /// repeated.
    kb: u8,
    /// The cards that alias it: 1 to 256 (more than 64 of 128 KB pass
    /// the limit).
    refs: u8,
}

impl Alias {
    /// `guilds` (a file written by `cards`) with its first effect anchored,
    /// made long, and aliased by the cards appended.
    fn apply(&self, guilds: &mut String) {
        if self.on % 8 != 0 {
            return;
        }
        let Some(at) = guilds.find("    effect: ") else {
            return;
        };
        let end = guilds[at..].find('\n').map_or(guilds.len(), |e| at + e);
        let unit = serde_like_unquote(&guilds[at + "    effect: ".len()..end])
            .unwrap_or_else(|| "gain 1 vp".to_string());
        let want = (usize::from(self.kb % 128) + 1) * 1024;
        let mut long = unit.clone();
        while long.len() < want {
            long.push_str("; ");
            long.push_str(&unit);
        }
        guilds.replace_range(at..end, &format!("    effect: &long {long:?}"));
        for i in 0..=usize::from(self.refs) {
            let _ = writeln!(
                guilds,
                "  - name: \"Echo {i}\"\n    colour: purple\n    effect: *long"
            );
        }
    }
}

fn name(i: u8) -> String {
    const WORDS: &[&str] = &[
        "Hall", "Market", "Camp", "Forum", "Bath", "Tower", "Yard", "Guild",
    ];
    format!("{} {}", pick(WORDS, i), i / 8)
}

/// Writes a file's cards: `need` copies dealt exactly when given (cards
/// of one copy added if the list runs short), at least `min` cards.
#[allow(clippy::too_many_arguments)]
fn cards(
    out: &mut String,
    list: &[Card],
    need: Option<usize>,
    min: usize,
    colour: Option<&str>,
    guild: bool,
    prefix: &str,
    later: &[String],
) {
    let mut dealt = 0;
    out.push_str("cards:\n");
    let filler = Card {
        name: 0,
        colour: 1,
        two: false,
        cost: None,
        effect: Vec::new(),
        chains: Vec::new(),
    };
    let fill = need.unwrap_or(0).max(min);
    let padded = list
        .iter()
        .take(12)
        .chain(std::iter::repeat_n(&filler, fill));
    for (i, c) in padded.enumerate() {
        if need.is_some_and(|n| dealt >= n) && i >= min
            || need.is_none() && i >= min.max(list.len().min(12))
        {
            break;
        }
        let copies = if guild {
            0
        } else {
            let want = if c.two { 2 } else { 1 };
            match need {
                Some(n) if dealt >= n => break,
                Some(n) => want.min(n - dealt),
                None => want,
            }
        };
        dealt += copies;
        let colour = colour.unwrap_or_else(|| pick(&COLOURS[..4], c.colour));
        let _ = writeln!(
            out,
            "  - name: {:?}\n    colour: {colour}",
            format!("{prefix}{} {i}", name(c.name))
        );
        if !guild {
            let players = vec!["3"; copies];
            let _ = writeln!(out, "    players: [{}]", players.join(", "));
        }
        if let Some(k) = &c.cost {
            let k = cost(k);
            if !k.is_empty() {
                let _ = writeln!(out, "    cost: {k:?}");
            }
        }
        let _ = writeln!(out, "    effect: {:?}", effects(&c.effect));
        if !c.chains.is_empty() && !later.is_empty() {
            let chains: Vec<String> = c
                .chains
                .iter()
                .take(2)
                .map(|&k| format!("{:?}", later[usize::from(k) % later.len()]))
                .collect();
            let _ = writeln!(out, "    chains: [{}]", chains.join(", "));
        }
    }
}

fn side(out: &mut String, label: &str, s: &Side) {
    let _ = writeln!(out, "      {label}:");
    if !s.effect.is_empty() {
        let _ = writeln!(out, "        effect: {:?}", effects(&s.effect));
    }
    out.push_str("        stages:\n");
    if s.stages.is_empty() {
        out.push_str("          - cost: wood\n            effect: gain 3 vp\n");
    }
    for st in s.stages.iter().take(4) {
        let c = cost(&st.cost);
        let c = if c.is_empty() { "wood".to_string() } else { c };
        let _ = writeln!(
            out,
            "          - cost: {c:?}\n            effect: {:?}",
            effects(&st.effect)
        );
    }
}

impl Set {
    /// The set's files: `(file name, text)`.
    fn files(&self) -> Vec<(&'static str, String)> {
        let need = (self.exact % 8 != 0).then_some(6);
        let mut age2 = String::from("age: 2\n");
        cards(
            &mut age2,
            &self.age2,
            need.map(|n| n - 3),
            0,
            None,
            false,
            "B ",
            &[],
        );
        let later: Vec<String> = age2
            .lines()
            .filter_map(|l| l.strip_prefix("  - name: "))
            .filter_map(serde_like_unquote)
            .collect();
        let mut age1 = String::from("age: 1\n");
        cards(&mut age1, &self.age1, need, 0, None, false, "A ", &later);
        if let (0, t) = (self.slip.0 % 8, &self.slip.1) {
            // Kept on one line of a quoted YAML scalar.
            let t: String = t.chars().take(60).filter(|c| !c.is_control()).collect();
            if let Some(at) = age1.find("    effect: ") {
                let end = age1[at..].find('\n').map_or(age1.len(), |e| at + e);
                age1.replace_range(at..end, &format!("    effect: {t:?}"));
            }
        }
        let mut guilds = String::from("age: 2\n");
        cards(
            &mut guilds,
            &self.guilds,
            None,
            3,
            Some("purple"),
            true,
            "G ",
            &[],
        );
        if let Some(alias) = &self.alias {
            alias.apply(&mut guilds);
        }
        let mut wonders = String::from("wonders:\n");
        let plain = Wonder {
            name: 0,
            a: Side {
                effect: Vec::new(),
                stages: Vec::new(),
            },
            b: None,
        };
        let listed = self.wonders.iter().take(5);
        let padded = listed.chain(std::iter::repeat_n(
            &plain,
            3usize.saturating_sub(self.wonders.len()),
        ));
        for (i, w) in padded.enumerate() {
            let _ = writeln!(
                wonders,
                "  - name: {:?}\n    sides:",
                format!("Wonder {} {i}", w.name)
            );
            side(&mut wonders, "A", &w.a);
            if let Some(b) = &w.b {
                side(&mut wonders, "B", b);
            }
        }
        vec![
            ("game.yaml", game_yaml()),
            ("age1.yaml", age1),
            ("age2.yaml", age2),
            ("guilds.yaml", guilds),
            ("wonders.yaml", wonders),
        ]
    }
}

/// A name written by `{:?}` read back (the names written hold no escapes).
fn serde_like_unquote(s: &str) -> Option<String> {
    s.strip_prefix('"')?.strip_suffix('"').map(str::to_string)
}

/// The target.
pub fn card_set(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(set) = Set::arbitrary(&mut u) else {
        return;
    };
    let _ = check_and_gen(&set.files());
}

/// Runs check on `files` (held in memory, as a folder `mini` holding them
/// would be checked), rendering and, if the set has no error, generation:
/// the generated code, or the report.
pub fn check_and_gen(files: &[(&str, String)]) -> Result<String, String> {
    let texts: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let compiled = sevenw_compiler::check_texts("mini", &texts);
    let rendered = compiled.report.render(&compiled.sources, false);
    compiled
        .library
        .map(|lib| sevenw_compiler::codegen::generate(&lib))
        .ok_or(rendered)
}

/// The files of one input, for the corpus and for reading a crash.
pub fn files_of(data: &[u8]) -> Option<Vec<(&'static str, String)>> {
    Set::arbitrary(&mut Unstructured::new(data))
        .ok()
        .map(|s| s.files())
}
