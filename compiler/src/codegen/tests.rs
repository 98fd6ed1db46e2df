use super::*;

#[test]
fn identifiers_are_always_valid() {
    for (text, want) in [
        ("Lumber Yard", "lumber_yard"),
        ("fn", "fn_"),
        ("self", "self_"),
        ("*/ \"; drop", "drop"),
        ("Éfeso", "feso"),
        ("", "card"),
        ("7 Wonders", "card_7_wonders"),
        ("__", "card"),
    ] {
        assert_eq!(ident(text, "card").to_string(), want, "{text:?}");
    }
}

#[test]
fn lists_spliced_a_chunk_at_a_time_are_laid_out_as_the_whole_file() {
    // More cards than two chunks: card constants, table entries and
    // dispatch arms each cross chunk boundaries.
    let n = 2 * CHUNK + 50;
    let mut yaml = String::from("age: 2\ncards:\n");
    for i in 0..n {
        yaml.push_str(&format!(
            "  - name: Guild {i}\n    colour: purple\n    effect: gain {} vp per blue card in neighbours\n",
            i % 3 + 1
        ));
    }
    let (game, _) = crate::testkit::resolved(&[("guilds.yaml", &yaml)]);
    let lib = crate::lower::lower(&[game.expect("the set resolves")]);
    let out = generate(&lib);
    assert_eq!(out.matches("pub const GUILD_").count(), n);
    assert_eq!(out.matches("        CardInfo {\n").count(), n);
    assert_eq!(out.matches("Source::Card(card::GUILD_").count(), n);
    // Formatting the whole output again changes nothing (the header
    // comment aside, which parsing drops).
    let body = out.split_once("\n\n").map_or(&out[..], |(_, b)| b);
    let whole = prettyplease::unparse(&syn::parse_file(body).expect("the output parses"));
    assert!(whole == body, "splicing changed the layout");
}

#[test]
fn duplicate_identifiers_get_a_number() {
    let ids = unique(&["a b".into(), "a-b".into(), "c".into()], "x", ident);
    let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
    assert_eq!(ids, ["a_b", "a_b_2", "c"]);
}

#[test]
fn docs_drop_control_characters() {
    assert_eq!(doc("a\nb\u{0}c").to_string(), "\" abc\"");
}

/// The text `generate` writes directly (list entries, effect functions
/// from formatted pieces) is what prettyplease gives the same code.
fn direct_is_formatted(lib: &Library) {
    let direct = generate_with(lib, true);
    let formatted = generate_with(lib, false);
    if direct != formatted {
        let line = direct
            .lines()
            .zip(formatted.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let at = |t: &str| {
            t.lines()
                .skip(line.saturating_sub(3))
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
        };
        panic!(
            "line {}: written\n{}\nformatted\n{}",
            line + 1,
            at(&direct),
            at(&formatted)
        );
    }
}

#[test]
fn the_shipped_library_is_written_as_formatted() {
    let cards = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let lib = crate::check(&[cards])
        .library
        .expect("the shipped library checks");
    direct_is_formatted(&lib);
}

#[test]
fn long_names_lists_and_effects_are_written_as_formatted() {
    // Names from one letter to past the margin (constants, arms and
    // signatures then formatted by prettyplease), escapes and non-ASCII
    // text, aliases and costs of every length, effects whose statements
    // break at several depths.
    let clauses = [
        "gain 1 vp",
        "produce wood or clay or glass",
        "gain 2 coins per blue or purple card in left, self and right",
        "at game end: gain 3 vp per brown, blue or purple card in neighbours",
        "once per age: build a card from your hand for free",
        "science gear or tablet",
        "trade wood at 1 from left",
        "gain 1 vp per wonder stage in neighbours and self",
    ];
    let mut yaml = String::from("age: 2\ncards:\n");
    for i in 0..120 {
        let name = match i % 6 {
            0 => format!("G{i}"),
            1 => format!("Guild \\\"{i}\\\" of the Ünïcode Cöast"),
            2 => format!("{} {i}", "Very Long Name ".repeat(i % 9 + 1)),
            3 => format!("Guild {i} \\\\ backslash"),
            4 => format!("{} {i}", "x".repeat(60 + i % 40)),
            _ => format!("Plain Guild {i}"),
        };
        yaml.push_str(&format!("  - name: \"{name}\"\n    colour: purple\n"));
        let aliases: Vec<String> = (0..i % 5)
            .map(|k| format!("\"Alias {} {k}\"", "long ".repeat(i % 7)))
            .collect();
        if !aliases.is_empty() {
            yaml.push_str(&format!("    aliases: [{}]\n", aliases.join(", ")));
        }
        let cost = [
            "",
            "1 coin",
            "wood",
            "2 wood, clay",
            "3 wood, 2 clay, glass, 1 coin",
        ];
        if i % 5 != 0 {
            yaml.push_str(&format!("    cost: {}\n", cost[i % 5]));
        }
        let effect: Vec<&str> = (0..i % 4 + 1)
            .map(|k| clauses[(i * 3 + k * 5) % clauses.len()])
            .collect();
        // Texts on one line or several (an escaped newline), short and
        // past the margin.
        let join = if i % 2 == 0 { "; " } else { ";\\n" };
        yaml.push_str(&format!("    effect: \"{}\"\n", effect.join(join)));
    }
    let (game, report) = crate::testkit::resolved(&[
        ("age1.yaml", crate::testkit::AGE1),
        ("age2.yaml", crate::testkit::AGE2),
        ("guilds.yaml", &yaml),
        ("wonders.yaml", crate::testkit::WONDERS),
    ]);
    assert_eq!(report.errors(), 0, "{:?}", crate::testkit::codes(&report));
    let lib = crate::lower::lower(&[game.expect("the set resolves")]);
    direct_is_formatted(&lib);
}

/// An amount `per age` asks the host the Age; a free build passes the
/// colours it takes, every colour for `a card`.
#[test]
fn per_age_and_the_colours_of_a_free_build_reach_the_host() {
    let yaml = "age: 1\ncards:\n\
        \x20 - {name: Toll, colour: blue, players: [3], effect: gain 2 coins per age}\n\
        \x20 - {name: Quarters, colour: blue, players: [3], effect: \"once per age: build a purple card from your hand for free\"}\n\
        \x20 - {name: Salvage, colour: blue, players: [3], effect: build a card from the discard pile for free}\n";
    let (game, _) = crate::testkit::resolved(&[("c.yaml", yaml)]);
    let out = generate(&crate::lower::lower(&[game.expect("the set resolves")]));
    // Without the layout: no spaces, no trailing commas.
    let flat = out
        .split_whitespace()
        .collect::<String>()
        .replace(",)", ")");
    for want in [
        "letn=2*h.age()asi32;h.gain_coins(n);",
        "h.build_free(Pile::Hand,Limit::OncePerAge,ColourSet(1<<colour::PURPLE.0));",
        "h.build_free(Pile::Discard,Limit::Now,ColourSet::ALL);",
    ] {
        assert!(flat.contains(want), "{want}");
    }
}
