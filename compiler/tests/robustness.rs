//! Bad input gets diagnostics, never a panic: the shipped card files mutated
//! at random (seeded, so failures reproduce) run through every pass, and
//! random text runs through the effect and cost parsers.

use sevenw_compiler::{Report, codegen};
use std::path::PathBuf;

/// xorshift64*: small, seeded, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    " ",
    "\n",
    ":",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    "#",
    "&a",
    "*a",
    "|",
    ">",
    ";",
    ",",
    "0",
    "999999999999",
    "-3",
    "produce",
    "gain",
    "per",
    "in",
    "or",
    "and",
    "at game end:",
    "once per age:",
    "coin",
    "vp",
    "wood",
    "gear",
    "left",
    "brown card",
    "wonder stage",
    "play again",
    "copy a",
    "trade",
    "build a card from",
    "é",
    "\u{0}",
    "\t",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(20)).min(s.len());
                s.drain(at..end);
            }
            1 | 2 => {
                let piece = PIECES[rng.below(PIECES.len())];
                s.splice(at..at, piece.chars());
            }
            _ => {
                // Duplicate a run of lines' worth of text elsewhere.
                let from = rng.below(s.len() + 1);
                let end = (from + rng.below(80)).min(s.len());
                let run: Vec<char> = s[from..end].to_vec();
                let at = at.min(s.len());
                s.splice(at..at, run);
            }
        }
    }
    s.into_iter().collect()
}

fn shipped() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards/base");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Every pass, as `check` runs them, over in-memory files.
fn compile(files: &[(String, String)]) -> Report {
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let compiled = sevenw_compiler::check_texts("base", &refs);
    if let Some(lib) = &compiled.library {
        assert!(!codegen::generate(lib).is_empty());
    }
    // Rendering and JSON must not panic either, whatever the spans.
    let _ = compiled.report.render(&compiled.sources, false);
    let _ = compiled.report.to_json_lines(&compiled.sources);
    compiled.report
}

/// `check_texts` of the folder `base` holding `files`.
fn check_owned(files: &[(String, String)]) -> sevenw_compiler::Compiled {
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    sevenw_compiler::check_texts("base", &refs)
}

/// `check_texts` is `check` of a folder holding those files and nothing
/// else: the same code for the shipped base game, and nothing read from
/// disk even where a folder of that name exists.
#[test]
fn checking_texts_is_checking_a_folder_of_them() {
    let files = shipped();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards/base");
    let from_disk = sevenw_compiler::check(std::slice::from_ref(&dir));
    let in_memory = sevenw_compiler::check_texts("base", &refs);
    assert!(in_memory.report.diagnostics.is_empty());
    let (a, b) = (from_disk.library.unwrap(), in_memory.library.unwrap());
    assert_eq!(codegen::generate(&a), codegen::generate(&b));
    // The card files without game.yaml, given the real folder's path.
    let no_vocab: Vec<(&str, &str)> = refs
        .iter()
        .copied()
        .filter(|(n, _)| *n != "game.yaml")
        .collect();
    let folder = dir.to_string_lossy().into_owned();
    let compiled = sevenw_compiler::check_texts(&folder, &no_vocab);
    let rendered = compiled.report.render(&compiled.sources, false);
    assert!(rendered.contains("has no game.yaml"), "{rendered}");
    assert!(compiled.library.is_none());
}

#[test]
fn the_unmutated_library_is_clean() {
    assert!(compile(&shipped()).diagnostics.is_empty());
}

#[test]
fn mutated_card_files_never_panic() {
    let files = shipped();
    let mut rng = Rng(0x5EED_7A11);
    let mut with_errors = 0;
    for _ in 0..600 {
        let mut files = files.clone();
        let i = rng.below(files.len());
        files[i].1 = mutate(&mut rng, &files[i].1);
        let report = compile(&files);
        if report.has_errors() {
            with_errors += 1;
            // Every error is placed in a file, or is about the set as a whole.
            assert!(
                report
                    .diagnostics
                    .iter()
                    .all(|d| d.loc.is_some() || d.code == sevenw_compiler::Code::NoGame)
            );
        }
    }
    assert!(
        with_errors > 300,
        "the mutations should break most files, broke {with_errors}"
    );
}

#[test]
fn random_effect_text_never_panics() {
    let mut rng = Rng(42);
    for _ in 0..20_000 {
        let mut text = String::new();
        for _ in 0..rng.below(12) {
            text.push_str(PIECES[rng.below(PIECES.len())]);
            text.push(' ');
        }
        let _ = sevenw_dsl::parse_effects(&text);
        let _ = sevenw_dsl::parse_cost(&text);
    }
}

/// A report is bounded whatever the input: a card whose effect holds a
/// 1.5 MiB word, and one whose name is that word, each give at most 16 KiB
/// a diagnostic in text, JSON lines and SARIF (before: 2.2 MB of text), the
/// word cut with `…` and the place still given.
#[test]
fn a_huge_word_gives_a_report_of_bounded_size() {
    let word = "x".repeat(3 * 512 * 1024);
    let mut files = shipped();
    let age1 = files.iter_mut().find(|(n, _)| n == "age1.yaml").unwrap();
    age1.1 = age1
        .1
        .replacen(
            "effect: produce wood",
            &format!("effect: science {word}"),
            1,
        )
        .replacen("name: Lumber Yard", &format!("name: {word}"), 1);
    let compiled = check_owned(&files);
    let n = compiled.report.diagnostics.len();
    assert!(n >= 1, "the word is reported");
    let text = compiled.report.render(&compiled.sources, false);
    let json = compiled.report.to_json_lines(&compiled.sources);
    let sarif = compiled.report.to_sarif(&compiled.sources, "0");
    for (format, out) in [("text", &text), ("json", &json), ("sarif", &sarif)] {
        assert!(
            out.len() <= n * 16 * 1024 + 4096,
            "{format}: {} bytes for {n}",
            out.len()
        );
        assert!(!out.contains(&"x".repeat(100)), "{format} echoes the word");
    }
    assert!(text.contains("xxxx…"), "{text}");
    assert!(text.contains("age1.yaml:"), "{text}");
}

/// Aliases are bounded by what they expand to, not by how many share an
/// anchor: a 3.4 MB card file whose 224 cards each refer to one 15 KB
/// anchored list is read (serde-saphyr's default ratio of 10 aliases per
/// anchor refused it as "too many aliases"), while an alias bomb (nine
/// levels of nine aliases: 9^9 values) is still refused, in words that
/// name the limit reached.
#[test]
fn many_aliases_of_one_anchor_are_read_and_a_bomb_is_not() {
    // 15 KB: 300 names of 50 characters.
    let names: Vec<String> = (0..300)
        .map(|i| format!("Nick{i:05}{}", "n".repeat(41)))
        .collect();
    let mut age1 = format!(
        "age: 1\ncards:\n  - name: Anchor\n    colour: blue\n    players: [3]\n    aliases: &names [{}]\n    effect: gain 1 vp\n",
        names.join(", ")
    );
    for i in 0..224 {
        age1.push_str(&format!(
            "  - name: Card{i}\n    colour: blue\n    players: [3]\n    aliases: *names\n    effect: gain 1 vp\n    # {}\n",
            "x".repeat(15_200)
        ));
    }
    assert!(age1.len() > 3_400_000, "{} bytes", age1.len());
    let mut files = shipped();
    files.retain(|(n, _)| n == "game.yaml" || n == "wonders.yaml");
    files.push(("age1.yaml".into(), age1));
    let compiled = check_owned(&files);
    let text = compiled.report.render(&compiled.sources, false);
    assert!(
        !text.contains("safety limit"),
        "{}",
        &text[..text.len().min(4000)]
    );
    // The aliases were read: each card shares the anchor's names.
    assert!(
        text.contains("Nick00000"),
        "{}",
        &text[..text.len().min(4000)]
    );

    let mut bomb = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (prev, name) in ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
    {
        let refs = vec![format!("*{prev}"); 9].join(", ");
        bomb.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    let mut files = shipped();
    files.retain(|(n, _)| n == "game.yaml");
    files.push(("age1.yaml".into(), bomb));
    let compiled = check_owned(&files);
    let text = compiled.report.render(&compiled.sources, false);
    assert!(text.contains("safety limit"), "{text}");
    assert!(text.contains("once aliases are expanded"), "{text}");
}
