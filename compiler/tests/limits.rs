//! The vocabulary's limits: a game and all its expansions declare at most
//! 32 colours together (a `sevenw_host::ColourSet` holds 32 bits), and a
//! card may count or name the 32nd as any other; a 33rd is E0302.

use std::path::PathBuf;

use sevenw_compiler::{Code, codegen};

/// The shipped base game's files, with `extra` colours added to its 7
/// and Tavern also counting the last of them.
fn base_with_colours(extra: usize) -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards/base");
    let names: Vec<String> = (0..extra).map(|i| format!("hue{}", letters(i))).collect();
    let last = names.last().cloned().unwrap_or_default();
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let mut text = std::fs::read_to_string(&p).unwrap();
            if name == "game.yaml" {
                let old = "colours: [brown, grey, blue, yellow, green, red, purple]";
                assert!(text.contains(old), "base's colours moved");
                text = text.replace(
                    old,
                    &format!("{}, {}]", &old[..old.len() - 1], names.join(", ")),
                );
            } else if name == "age1.yaml" {
                let old = "effect: gain 5 coins\n";
                assert!(text.contains(old), "Tavern's effect moved");
                text = text.replacen(
                    old,
                    &format!("effect: gain 5 coins; gain 1 coin per {last} card in self\n"),
                    1,
                );
            }
            (name, text)
        })
        .collect();
    files.sort();
    files
}

/// `a`, `b`, … `z`, `ba`, …: a name of letters for `i`.
fn letters(i: usize) -> String {
    let c = char::from(b'a' + (i % 26) as u8);
    if i < 26 {
        c.to_string()
    } else {
        format!("{}{c}", letters(i / 26 - 1))
    }
}

fn check(files: &[(String, String)]) -> sevenw_compiler::Compiled {
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    sevenw_compiler::check_texts("base", &refs)
}

#[test]
fn thirty_two_colours_compile_and_the_last_is_counted() {
    let compiled = check(&base_with_colours(25));
    let rendered = compiled.report.render(&compiled.sources, false);
    assert!(compiled.report.diagnostics.is_empty(), "{rendered}");
    let library = compiled.library.expect("compiled");
    assert_eq!(library.games[0].colours.len(), 32);
    let code = codegen::generate(&library);
    assert!(
        code.contains("HUEY"),
        "the 32nd colour is named in the code"
    );
    // The JSON export names it by its index.
    let tavern = (library.games[0].cards.iter())
        .find(|c| c.name == "Tavern")
        .expect("Tavern");
    let json = serde_json::to_string(&tavern.effects).unwrap();
    assert!(json.contains("[31]"), "{json}");
}

#[test]
fn a_thirty_third_colour_is_refused() {
    let compiled = check(&base_with_colours(26));
    let d = (compiled.report.diagnostics.iter())
        .find(|d| d.code == Code::BadVocabulary)
        .unwrap_or_else(|| panic!("{:?}", compiled.report.diagnostics));
    assert_eq!(d.message, "a game may declare at most 32 colours");
}
