//! What exists once at a table is refused at its line when a sheet gives
//! it to two cities: a leader (base game with Leaders), a wonder (every
//! game), a progress token (Duel; Architects counts its copies).

mod common;

use common::{RUNTIME, scratch, sevenw, text};

/// The example sheet `name`, edited, scored: its error output.
fn refused(name: &str, edit: impl Fn(&str) -> String) -> String {
    let example = std::fs::read_to_string(format!("{RUNTIME}/sheets/{name}")).unwrap();
    let edited = edit(&example);
    assert_ne!(edited, example, "the edit changes {name}");
    let path = scratch(&format!("twice-{name}"), &edited);
    let out = sevenw(&["score", &path.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    text(&out.stderr)
}

#[test]
fn a_leader_sits_in_one_city() {
    // Ana recruited Caesar; Ben cannot hold him too, in hand or entombed.
    let e = refused("leaders.yaml", |s| {
        s.replace(
            "    leader_hand: [Amytis]",
            "    leader_hand: [Amytis, Caesar]",
        )
    });
    assert!(e.contains("Caesar is Ana's already"), "{e}");
    assert!(e.contains("each leader exists once"), "{e}");
    assert!(e.contains("twice-leaders.yaml:24:27]"), "{e}");
    let e = refused("leaders.yaml", |s| {
        s.replace("    entombed: [Hiram]", "    entombed: [Hiram, Caesar]")
    });
    assert!(e.contains("Caesar is Ana's already"), "{e}");
}

#[test]
fn a_wonder_and_a_token_sit_in_one_city_in_duel() {
    let e = refused("duel.yaml", |s| {
        s.replace(
            "    wonders: [The Colossus]",
            "    wonders: [The Colossus, The Pyramids]",
        )
    });
    assert!(e.contains("The Pyramids is already Antoine's"), "{e}");
    let e = refused("duel.yaml", |s| {
        s.replace(
            "    wonders: [The Colossus]",
            "    wonders: [The Colossus]\n    progress: [Philosophy]",
        )
    });
    assert!(e.contains("Philosophy is already Antoine's"), "{e}");
}

#[test]
fn a_wonder_and_tokens_beyond_their_copies_in_architects() {
    let e = refused("architects.yaml", |s| {
        s.replace("    wonder: Rhodes", "    wonder: Giza")
    });
    assert!(e.contains("Giza is given twice"), "{e}");
    let e = refused("architects.yaml", |s| {
        s.replace(
            "    progress: [Culture, Decor]",
            "    progress: [Culture, Decor, Education]",
        )
    });
    assert!(e.contains("the game has 1 copy of Education"), "{e}");
}

#[test]
fn a_wonder_sits_in_one_city_in_the_base_game() {
    let e = refused("example.yaml", |s| {
        s.replacen("    wonder: Giza", "    wonder: Babylon", 1)
    });
    assert!(e.contains("Babylon is already Ana's wonder"), "{e}");
}
