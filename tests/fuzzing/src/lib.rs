//! The bodies of the fuzz targets of `fuzz/` (cargo-fuzz, its own
//! workspace), here so that stable `cargo test` replays every regression
//! input of `tests/fuzz-regressions/<target>/` through the same code
//! (`tests/tests/fuzz_regressions.rs`).
//!
//! Each function takes the fuzzer's bytes and panics only on a defect: a
//! panic of the compiler or the runtime, a broken invariant, generated code
//! that does not parse. Errors reported to the user are fine.

pub mod card_set;
pub mod play;
pub mod words;

use sevenw_cards::GAMES;

/// A target's body: the fuzzer's bytes in, a panic only on a defect.
pub type Body = fn(&[u8]);

/// The targets, by name: what `fuzz/fuzz_targets/<name>.rs` calls.
pub const TARGETS: &[(&str, Body)] = &[
    ("dsl", dsl),
    ("card_set", card_set::card_set),
    ("sheet", sheet),
    ("replay", replay),
    ("play", play::play),
];

/// The DSL's parsers: any text is parsed or refused with a span inside it.
pub fn dsl(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for r in [
        sevenw_dsl::parse_effects(text).map(|_| ()),
        sevenw_dsl::parse_cost(text).map(|_| ()),
    ] {
        if let Err(e) = r {
            let span = e.span;
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "span {span:?} outside a text of {} bytes",
                text.len()
            );
        }
    }
}

/// A city sheet of any game: scored, and priced for its first player in
/// every way a price is asked.
pub fn sheet(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(info) = sevenw_runtime::doc::select_of(GAMES, text, "sheet") else {
        return;
    };
    let Ok(rules) = sevenw_runtime::games::rules_for(info) else {
        return;
    };
    let Some(g) = rules.sheets() else {
        return;
    };
    let Ok(report) = g.score(text) else {
        return;
    };
    let _ = report;
    use sevenw_runtime::sheet::Target;
    let first_card = info.cards.first().map_or("", |c| c.name).to_string();
    let first_wonder = info.wonders.first().map_or("", |w| w.name).to_string();
    for target in [
        Target::named("card", first_card.clone()),
        Target::of("stage"),
        Target::of("join"),
        Target::named("wonder", first_wonder),
        Target::named("leader", first_card),
    ] {
        if g.refuse(&target).is_none() {
            for player in ["P1", "Ana", "x"] {
                let _ = g.price(text, player, &target);
            }
        }
    }
}

/// A replay log: parsed, its game selected, played back.
pub fn replay(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(log) = sevenw_runtime::replay::Log::parse(text) else {
        return;
    };
    let Ok(info) = log.select(GAMES) else {
        return;
    };
    let Ok(g) = sevenw_runtime::games::rules_for(info) else {
        return;
    };
    let _ = g.replay(&log);
}
