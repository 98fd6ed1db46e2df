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
