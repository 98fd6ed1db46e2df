//! The diagnostics of the card compiler, pinned on small fixture games.
//!
//! Every folder of `fixtures/diag/` is a tiny game (its `game:` equals the
//! folder's name) holding exactly the problem(s) its name says. The folder's
//! name starts with the code it is about (`e0102-unknown-resource`), or with
//! `ok-` (no diagnostic at all) or `many-` (several codes at once).
//!
//! Each fixture is checked three ways: the exact set of codes it gives, the
//! rule that a library is produced if and only if there is no error, and an
//! insta snapshot of the rendered report (no colour) so that messages,
//! labels, help and caret positions are reviewed when they change.
//!
//! Paths are given relative to this crate (cargo runs integration tests with
//! the crate's folder as working directory), so snapshots show stable paths.

use sevenw_compiler::{Code, Compiled, Severity, check};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const DIR: &str = "fixtures/diag";

fn compile(path: impl Into<PathBuf>) -> Compiled {
    check(&[path.into()])
}

fn codes(c: &Compiled) -> BTreeSet<&'static str> {
    c.report
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// The code a fixture folder is named after (`e0102-…` → E0102).
fn fixture_code(name: &str) -> Option<Code> {
    Code::parse(name.split('-').next()?)
}

/// Checks what every fixture promises: exactly `expected` codes, its own code
/// among them, a library iff no error, and the rendered report as snapshotted.
fn check_fixture(name: &str, expected: &[&str]) {
    let c = compile(Path::new(DIR).join(name));
    let rendered = c.report.render(&c.sources, false);
    let got = codes(&c);
    let want: BTreeSet<&str> = expected.iter().copied().collect();
    assert_eq!(
        got, want,
        "{name}: unexpected set of codes; report:\n{rendered}"
    );
    match fixture_code(name) {
        Some(code) => assert!(
            got.contains(code.as_str()),
            "{name}: the fixture's own code {code} is missing; report:\n{rendered}"
        ),
        None if name.starts_with("ok-") => assert!(
            c.report.diagnostics.is_empty(),
            "{name}: a clean fixture gave diagnostics:\n{rendered}"
        ),
        None => assert!(name.starts_with("many-"), "{name}: unexpected folder name"),
    }
    let errors = c
        .report
        .diagnostics
        .iter()
        .any(|d| d.severity() == Severity::Error);
    assert_eq!(errors, c.report.has_errors());
    assert_eq!(
        c.library.is_some(),
        !errors,
        "{name}: a library must be produced exactly when there is no error"
    );
    insta::assert_snapshot!(name, rendered);
}

/// One test per fixture, and the table of all of them.
macro_rules! fixtures {
    ($($test:ident: $dir:literal => [$($code:literal),* $(,)?];)*) => {
        const FIXTURES: &[(&str, &[&str])] = &[$(($dir, &[$($code),*])),*];
        $(
            #[test]
            fn $test() {
                check_fixture($dir, &[$($code),*]);
            }
        )*
    };
}

// Where a set holds more than the fixture's own code, the comment says why.
fixtures! {
    ok_minimal: "ok-minimal" => [];
    // A game of decks (Architects' shape) with every part right.
    ok_decks: "ok-decks" => [];
    // An expansion played with another (`extends:` naming it) uses its colour.
    ok_played_with: "ok-played-with" => [];
    // Schemes in play: their cards happen at once when revealed, and a set
    // played with theirs uses their words.
    ok_schemes: "ok-schemes" => [];
    // Military tokens in play: one card of no Age per square, each
    // happening at once when the pawn reaches it.
    ok_military: "ok-military" => [];
    // Two expansions declare one kind of token alike: they share it.
    ok_shared_token: "ok-shared-token" => [];
    // Two editions of an expansion with the same names and a card of the
    // same name, and a set played with either.
    ok_editions_of_an_expansion: "ok-editions-of-an-expansion" => [];

    e0001_colon_in_value: "e0001-colon-in-value" => ["E0001"];
    e0001_tab_indent: "e0001-tab-indent" => ["E0001"];
    e0001_unclosed_bracket: "e0001-unclosed-bracket" => ["E0001"];
    e0001_unclosed_quote: "e0001-unclosed-quote" => ["E0001"];
    e0001_indented_too_far: "e0001-indented-too-far" => ["E0001"];
    e0001_indented_too_little: "e0001-indented-too-little" => ["E0001"];
    // A raw ESC in a name: shown escaped, placed on the character.
    e0001_control_character: "e0001-control-character" => ["E0001"];

    // The other E0002 cases (size, alias bomb, nesting) are generated below.
    e0002_not_utf8: "e0002-not-utf8" => ["E0002"];
    // 256 wonders: the 256th is one past what the runtime numbers with 8 bits.
    e0002_too_many_wonders: "e0002-too-many-wonders" => ["E0002"];

    e0003_unknown_field_colr: "e0003-unknown-field-colr" => ["E0003"];
    // An expansion is played by its game's family, so names none.
    e0003_family_in_expansion: "e0003-family-in-expansion" => ["E0003"];
    // The misspelt `efect` leaves the card without effect (W0001).
    e0003_unknown_field_efect: "e0003-unknown-field-efect" => ["E0003", "W0001"];
    e0003_unknown_field_game_yaml: "e0003-unknown-field-game-yaml" => ["E0003"];
    e0003_unknown_field_wonder: "e0003-unknown-field-wonder" => ["E0003"];

    e0004_missing_age: "e0004-missing-age" => ["E0004"];
    e0004_missing_name: "e0004-missing-name" => ["E0004"];
    // A card without `players` is never dealt, so the deck is one short.
    e0004_missing_players: "e0004-missing-players" => ["E0004", "E0204"];
    e0004_missing_stage_cost: "e0004-missing-stage-cost" => ["E0004"];
    e0004_missing_vocabulary_field: "e0004-missing-vocabulary-field" => ["E0004"];
    // A game that names no family: the help lists the families known.
    e0004_missing_family: "e0004-missing-family" => ["E0004"];
    e0004_missing_decks: "e0004-missing-decks" => ["E0004"];
    // The schemes' only file is left out: their deck is not called empty.
    e0004_schemes_left_out: "e0004-schemes-left-out" => ["E0004"];
    // The military tokens' only file is left out: their squares are not
    // called empty.
    e0004_military_left_out: "e0004-military-left-out" => ["E0004"];

    e0005_age_not_a_number: "e0005-age-not-a-number" => ["E0005"];
    e0005_card_not_a_mapping: "e0005-card-not-a-mapping" => ["E0005"];
    // The effect that is not text is dropped, so the card has none (W0001).
    e0005_effect_list: "e0005-effect-list" => ["E0005", "W0001"];
    e0005_players_scalar: "e0005-players-scalar" => ["E0005"];

    e0006_age_out_of_range: "e0006-age-out-of-range" => ["E0006"];
    // Senate words naming chambers the senate lacks, or backwards.
    e0006_senate_chambers: "e0006-senate-chambers" => ["E0006", "E0006"];
    e0006_cost_and_production: "e0006-cost-and-production" => ["E0006"];
    e0006_game_name_mismatch: "e0006-game-name-mismatch" => ["E0006"];
    e0006_guild_with_players: "e0006-guild-with-players" => ["E0006"];
    // A copy for 8 players is never dealt in a 3-player game.
    e0006_player_count_out_of_range: "e0006-player-count-out-of-range" => ["E0006", "E0204"];
    e0006_vocabulary_values: "e0006-vocabulary-values" => ["E0006"];
    e0006_players_in_decks_game: "e0006-players-in-decks-game" => ["E0006"];
    e0006_decks_in_ages_game: "e0006-decks-in-ages-game" => ["E0006"];
    e0006_counted_card_cost: "e0006-counted-card-cost" => ["E0006"];
    // A scheme with player counts, another with a cost.
    e0006_scheme_cost: "e0006-scheme-cost" => ["E0006", "E0006"];
    // A military token with player counts, another with a cost.
    e0006_military_cost: "e0006-military-cost" => ["E0006", "E0006"];
    // Squares of military tokens off the track, named twice or nearer the
    // centre than the one before, none at all, and more than 8.
    e0006_military_squares: "e0006-military-squares" => ["E0006"];
    e0006_unknown_family: "e0006-unknown-family" => ["E0006"];

    e0101_block_scalar: "e0101-block-scalar" => ["E0101"];
    e0101_cost: "e0101-cost" => ["E0101"];
    e0101_cost_number_only: "e0101-cost-number-only" => ["E0101"];
    e0101_double_quoted: "e0101-double-quoted" => ["E0101"];
    e0101_empty_effect: "e0101-empty-effect" => ["E0101"];
    e0101_escaped_scalar: "e0101-escaped-scalar" => ["E0101"];
    e0101_folded_scalar: "e0101-folded-scalar" => ["E0101"];
    e0101_plain_scalar: "e0101-plain-scalar" => ["E0101"];
    e0101_single_quoted: "e0101-single-quoted" => ["E0101"];
    e0101_wonder_stage: "e0101-wonder-stage" => ["E0101"];

    e0102_unknown_colour: "e0102-unknown-colour" => ["E0102"];
    e0102_unknown_cost_resource: "e0102-unknown-cost-resource" => ["E0102"];
    e0102_unknown_counter: "e0102-unknown-counter" => ["E0102"];
    e0102_unknown_resource: "e0102-unknown-resource" => ["E0102"];
    e0102_unknown_scope: "e0102-unknown-scope" => ["E0102"];
    e0102_unknown_symbol: "e0102-unknown-symbol" => ["E0102"];
    e0102_unknown_trigger_colour: "e0102-unknown-trigger-colour" => ["E0102"];
    e0102_unknown_unit: "e0102-unknown-unit" => ["E0102"];
    e0102_unknown_deck: "e0102-unknown-deck" => ["E0102"];
    // An expansion's `when you take` names a card of the game it extends.
    e0102_expansion_taken_card: "e0102-expansion-taken-card" => ["E0102"];
    e0102_unknown_taken_card: "e0102-unknown-taken-card" => ["E0102"];
    // `"\e[31m…"` decodes to an ESC: the message shows it escaped.
    e0102_control_characters: "e0102-control-characters" => ["E0102"];

    e0103_no_suggestion: "e0103-no-suggestion" => ["E0103"];
    e0103_duel_words: "e0103-duel-words" => ["E0103"];
    // `at game end gain 2 vp` (no `:`) reads as an unknown effect `at`.
    e0101_trigger_without_colon: "e0101-trigger-without-colon" => ["E0101"];
    // `when you build a card: …` (the colour left out) is no trigger: the
    // help shows how each trigger is written.
    e0101_unknown_trigger: "e0101-unknown-trigger" => ["E0101"];
    e0103_unknown_effect_word: "e0103-unknown-effect-word" => ["E0103"];
    e0103_no_such_effect: "e0103-no-such-effect" => ["E0103"];

    e0104_counter_not_allowed: "e0104-counter-not-allowed" => ["E0104"];
    e0104_play_again: "e0104-play-again" => ["E0104"];
    e0104_trigger_not_allowed: "e0104-trigger-not-allowed" => ["E0104"];

    e0105_colour_is_resource: "e0105-colour-is-resource" => ["E0105"];
    e0105_copy_not_card: "e0105-copy-not-card" => ["E0105"];
    e0105_cost_symbol: "e0105-cost-symbol" => ["E0105"];
    e0105_gain_resource: "e0105-gain-resource" => ["E0105"];
    e0105_once_per_age_not_ability: "e0105-once-per-age-not-ability" => ["E0105"];
    // Only shields are counted anew at each conflict (cities-facts.md §9.1).
    e0105_ongoing_not_shields: "e0105-ongoing-not-shields" => ["E0105"];
    // A free build from the hand at once, from the discard pile once per
    // Age: abilities no rules play.
    e0105_free_builds_no_rules_play: "e0105-free-builds-no-rules-play" => ["E0105"];
    e0105_produce_symbol: "e0105-produce-symbol" => ["E0105"];
    e0105_scope_is_colour: "e0105-scope-is-colour" => ["E0105"];
    // `copy stage` copies from one other city: two cities, or the city
    // itself, are refused (`one of` for either neighbour is clean); and
    // it is copied as its source is built, or as its owner builds.
    e0105_copy_stage_several_cities: "e0105-copy-stage-several-cities" => ["E0105"];
    e0105_copy_stage_at_end_of_age: "e0105-copy-stage-at-end-of-age" => ["E0105"];
    // A card taken from the city into itself (`take a brown card from
    // self`) is refused; from the opponent it is clean; the base family
    // plays no `take built` (E0306).
    e0105_take_built_from_self: "e0105-take-built-from-self" => ["E0105", "E0306"];

    e0201_duplicate_across_files: "e0201-duplicate-across-files" => ["E0201"];
    e0201_duplicate_card: "e0201-duplicate-card" => ["E0201"];
    e0202_chain_to_missing_card: "e0202-chain-to-missing-card" => ["E0202"];
    // An expansion's card chains to a card of the game it extends
    // (`Library`), and a misspelt one gets a suggestion from the game's.
    e0202_expansion_chain: "e0202-expansion-chain" => ["E0202"];
    e0203_chain_backwards: "e0203-chain-backwards" => ["E0203"];
    // A chain to a card of the game, of an earlier Age.
    e0203_expansion_chain_backwards: "e0203-expansion-chain-backwards" => ["E0203"];
    e0204_age_without_cards: "e0204-age-without-cards" => ["E0204"];
    e0204_deck_size: "e0204-deck-size" => ["E0204"];
    // Schemes of a colour no card of no Age has (an Age card of it is none).
    e0204_no_schemes: "e0204-no-schemes" => ["E0204"];
    // Fewer military token cards than squares, and more.
    e0204_military_count: "e0204-military-count" => ["E0204"];
    e0205_too_few_guilds: "e0205-too-few-guilds" => ["E0205"];
    e0206_side_without_stages: "e0206-side-without-stages" => ["E0206"];
    e0206_stage_without_effect: "e0206-stage-without-effect" => ["E0206"];
    e0206_wonder_without_sides: "e0206-wonder-without-sides" => ["E0206"];
    e0206_stage_levels: "e0206-stage-levels" => ["E0206"];
    e0207_duplicate_side: "e0207-duplicate-side" => ["E0207"];
    e0207_duplicate_wonder: "e0207-duplicate-wonder" => ["E0207"];
    e0209_deck_count: "e0209-deck-count" => ["E0209"];
    e0210_piece_costs: "e0210-piece-costs" => ["E0210"];
    e0210_no_pieces: "e0210-no-pieces" => ["E0210"];

    e0301_folder_without_game_yaml: "e0301-folder-without-game-yaml" => ["E0301"];
    e0301_not_a_game_folder: "e0301-not-a-game-folder" => ["E0301"];

    e0302_duplicate_name: "e0302-duplicate-name" => ["E0302"];
    e0302_invalid_name: "e0302-invalid-name" => ["E0302"];
    e0302_scopes_and_colours: "e0302-scopes-and-colours" => ["E0302"];
    e0302_unknown_trigger_and_counter: "e0302-unknown-trigger-and-counter" => ["E0302"];
    e0302_unknown_word: "e0302-unknown-word" => ["E0302"];
    e0208_draft_card: "e0208-draft-card" => ["E0208"];
    e0303_unknown_game: "e0303-unknown-game" => ["E0303"];
    // `with:` names an expansion that is not there (a typo of `guild`).
    e0303_with_unknown_expansion: "e0303-with-unknown-expansion" => ["E0303"];
    // Two expansions each played with the other.
    e0303_expansions_in_a_circle: "e0303-expansions-in-a-circle" => ["E0303"];
    // A colour of another expansion, which this one is not played with.
    e0102_colour_of_an_expansion_not_played_with: "e0102-colour-of-an-expansion-not-played-with" => ["E0102"];
    e0304_name_in_both: "e0304-name-in-both" => ["E0304"];
    e0304_card_in_both: "e0304-card-in-both" => ["E0304"];
    e0304_card_in_both_editions: "e0304-card-in-both-editions" => ["E0304"];
    // Two expansions declare one kind of token otherwise: not shared.
    e0304_token_declared_otherwise: "e0304-token-declared-otherwise" => ["E0304"];
    e0305_editions_differ: "e0305-editions-differ" => ["E0305"];
    // Two editions of an expansion declare one kind of token otherwise.
    e0305_expansion_token_differs: "e0305-expansion-token-differs" => ["E0305"];
    // An expansion of two editions, one of which says no `edition:`.
    e0307_edition_without_number: "e0307-edition-without-number" => ["E0307"];
    // Played with an expansion none of whose editions plays where it does.
    e0307_played_with_no_edition: "e0307-played-with-no-edition" => ["E0307"];
    // The second edition names another family than the first.
    // Its lists are the base game's: the Duel rules play none of them (E0306).
    e0305_edition_family: "e0305-edition-family" => ["E0305", "E0306"];
    // Figures drawn wrong: cards on one another, a character that is no
    // card, a figure not of the layout's size, more figures than Ages.
    e0302_figures: "e0302-figures" => ["E0302", "E0302", "E0302", "E0302"];
    // Figures in a game dealt in hands.
    e0302_figures_in_hands: "e0302-figures-in-hands" => ["E0302"];
    // A laid-out game of the Duel family with no figure.
    e0004_missing_figures: "e0004-missing-figures" => ["E0004"];
    // Tokens laid on figures wrongly: fewer tokens than slots, a slot the
    // figure lacks (row, card), a slot twice, a kind misspelt, an Age
    // twice, an Age the game lacks.
    e0302_figure_tokens: "e0302-figure-tokens" => ["E0302", "E0302", "E0302", "E0302", "E0302", "E0302", "E0006"];
    // An expansion's own guild rule with too few cards to draw.
    e0205_expansion_guilds_too_few: "e0205-expansion-guilds-too-few" => ["E0205"];
    // A kind of token chaining to a card its set lacks (a typo).
    e0202_token_chain_unknown_card: "e0202-token-chain-unknown-card" => ["E0202"];
    // A kind of token chaining in an Architects expansion.
    e0306_token_chains_in_architects: "e0306-token-chains-in-architects" => ["E0306"];
    // Tokens on figures in an expansion of a game dealt in hands.
    e0306_figure_tokens_in_base: "e0306-figure-tokens-in-base" => ["E0306"];
    // Boards declared wrongly: no space, a price past 99, an open Age the
    // game lacks and one named twice, a fill's Age the game lacks, its
    // colour misspelt, an Age filled twice, a board nothing fills.
    e0302_boards: "e0302-boards" => ["E0302", "E0006", "E0006", "E0302", "E0006", "E0302", "E0302", "E0302"];
    // The schemes' colour misspelt, or a board's.
    e0302_schemes_colour: "e0302-schemes-colour" => ["E0302", "E0302"];
    // The military tokens' colour misspelt, or the schemes'.
    e0302_military_colour: "e0302-military-colour" => ["E0302", "E0302"];
    // A board's cards with `players` and a cost, and one of a kind of
    // token's `places` with `players`; a fill and a `places` of a colour
    // of no card of no Age.
    e0006_board_cards: "e0006-board-cards" => ["E0204", "E0006", "E0006"];
    // Words taking cards of the supply name colours no board fills with
    // and no kind of token places: one error per colour.
    e0204_take_from_supply: "e0204-take-from-supply" => ["E0204", "E0204"];
    // A kind of token's `places`: no card drawn, a colour and a board
    // misspelt.
    e0302_token_places: "e0302-token-places" => ["E0006", "E0302"];
    // Kinds of token's `board_discount`: 0 and 21 coins, a set with no
    // board, a fifth kind in one set, a kind of a base-family expansion.
    e0302_token_board_discount: "e0302-token-board-discount" => ["E0006", "E0302", "E0306"];
    // Kinds of token's `as_coins`: coins held apart also taken instead of
    // coins, or held below zero, or both; a kind of a base-family
    // expansion; a Duel expansion's hoard, silent.
    e0302_token_as_coins: "e0302-token-as-coins" => ["E0302", "E0306"];
    // A board, and a kind of token laying cards on it, in an expansion of
    // a game dealt in hands.
    e0306_boards_in_base: "e0306-boards-in-base" => ["E0306"];
    // A free-build rule of a hand's first card in Duel (colours only).
    e0306_free_first_card_in_duel: "e0306-free-first-card-in-duel" => ["E0306"];
    // A cost per card of a colour held, in a family that never asks it.
    e0306_cost_per_card_in_base: "e0306-cost-per-card-in-base" => ["E0306"];
    // A trigger on any player's build, in a family that tells only the
    // builder's city.
    e0306_any_builder_in_base: "e0306-any-builder-in-base" => ["E0306"];
    // A card waiting for the draft, which takes only wonders.
    e0306_drafted_card: "e0306-drafted-card" => ["E0306"];
    // A draw of schemes keeping more than it draws.
    e0006_keep_more_schemes: "e0006-keep-more-schemes" => ["E0006"];
    // Senate words played where no senate is declared.
    e0306_senate_words_without_senate: "e0306-senate-words-without-senate" => ["E0306", "E0306"];
    // Scheme words played where no schemes are declared.
    e0306_scheme_words_without_schemes: "e0306-scheme-words-without-schemes" => ["E0306", "E0306", "E0306"];
    // Schemes whose effects would last while held, be scored at the end or
    // wait for a trigger: revealed once, a scheme is never held.
    e0306_scheme_once: "e0306-scheme-once" => ["E0306", "E0306", "E0306", "E0306"];
    // Schemes in an expansion of a base-family game.
    e0306_schemes_in_base: "e0306-schemes-in-base" => ["E0306"];
    // Military tokens whose effects would last while held, be scored at the
    // end or wait for a trigger: carried out once, a token is never held.
    e0306_military_once: "e0306-military-once" => ["E0306"];
    // Military tokens in an expansion of a base-family game.
    e0306_military_in_base: "e0306-military-in-base" => ["E0306"];
    // Military tokens in an expansion of a game with no conflict track.
    e0306_military_without_conflict: "e0306-military-without-conflict" => ["E0306"];
    // A Duel expansion listing the base game's words, trigger and counter.
    e0306_base_word_in_duel_expansion: "e0306-base-word-in-duel-expansion" => ["E0306"];
    // A Duel expansion listing `copy stage`, the base family's.
    e0306_copy_stage_in_duel: "e0306-copy-stage-in-duel" => ["E0306"];
    // A card worth 2 coins in a game of the Architects family.
    e0306_architects_card_two_coins: "e0306-architects-card-two-coins" => ["E0306"];
    // `one of` on a board: asked of no player; in Architects, on a card
    // (its copies are spent) and on a token of two copies.
    e0306_one_of_on_a_board: "e0306-one-of-on-a-board" => ["E0306"];
    e0306_one_of_in_architects: "e0306-one-of-in-architects" => ["E0306", "E0306"];
    // A card taking tokens of a kind not declared (a typo of `debt`).
    e0102_unknown_kind_of_token: "e0102-unknown-kind-of-token" => ["E0102"];
    // Kinds of token scored by Age: one number per Age, never below zero.
    e0302_token_kinds: "e0302-token-kinds" => ["E0302", "E0302", "E0302"];
    // A project rule's debt naming no kind of token.
    e0302_project_debt_not_a_kind: "e0302-project-debt-not-a-kind" => ["E0302"];
    // A card losing tokens of a kind not declared.
    e0105_lose_unknown_token: "e0105-lose-unknown-token" => ["E0105"];
    // Effects on other cities at the end of the game, which scoring
    // would never carry out.
    e0105_game_end_on_others: "e0105-game-end-on-others" => ["E0105", "E0105"];
    // A kind of token sitting out battles the Duel rules never fight.
    e0306_sits_out_in_duel: "e0306-sits-out-in-duel" => ["E0306"];
    e0306_by_choice_in_duel: "e0306-by-choice-in-duel" => ["E0306"];
    // A free build of a colour, a form the base family plays (`per age`
    // beside it is Duel's too).
    e0306_forms_in_duel_expansion: "e0306-forms-in-duel-expansion" => ["E0306"];
    // Architects cards are taken, never bought: a cost in coins or tokens.
    e0306_card_cost_in_architects: "e0306-card-cost-in-architects" => ["E0306", "E0306"];
    // A project joined with coins: resources or tokens in its cost; and a
    // cost in tokens of no kind declared.
    e0306_project_cost_in_resources: "e0306-project-cost-in-resources" => ["E0306", "E0306", "E0102"];
    // An Architects expansion drawing cards into an Age's deck.
    e0306_draws_in_architects_expansion: "e0306-draws-in-architects-expansion" => ["E0306"];
    // A card an expansion's draw rule draws, given player counts.
    e0006_drawn_card_with_players: "e0006-drawn-card-with-players" => ["E0006"];
    // Larger hands than the game's decks and the expansion's cards deal.
    e0204_hands_too_large: "e0204-hands-too-large" => ["E0204"];
    // An expansion's draw rule with too few cards to draw at the most players.
    e0204_draw_too_few: "e0204-draw-too-few" => ["E0204"];
    // A draw of two colours of no Age, one pool for the game: too few.
    e0204_draw_pool_too_few: "e0204-draw-pool-too-few" => ["E0204"];
    // Cards of no Age drawn into the Ages and made the schemes' deck, or
    // laid by a board; a guild rule of two colours.
    e0302_draws_dealt_twice: "e0302-draws-dealt-twice" => ["E0302", "E0302", "E0302"];
    // Tokens laid on the game's figures, and another expansion laying the
    // Ages out its own way, with no set played with both to say where
    // they lie then.
    e0302_tokens_without_figures: "e0302-tokens-without-figures" => ["E0302"];
    // The colour under a stage counted outside a stage's effect (a card, a
    // board), or counting anything but cards; resource symbols counted on
    // anything but cards, of no resource, of a science symbol
    // (cities-facts.md §10.2).
    e0105_stage_colour_outside_a_stage: "e0105-stage-colour-outside-a-stage" => ["E0105", "E0105", "E0105"];
    e0105_resources_not_on_cards: "e0105-resources-not-on-cards" => ["E0105", "E0105", "E0105"];
    // The colour under a stage, in a game of the Duel family.
    e0306_stage_colour_in_duel: "e0306-stage-colour-in-duel" => ["E0306"];
    // Shields counted anew at each conflict in a game of the Duel family.
    e0306_shields_at_each_conflict_in_duel: "e0306-shields-at-each-conflict-in-duel" => ["E0306"];
    // A stage's `level` in a game of the Duel family.
    e0306_level_in_duel: "e0306-level-in-duel" => ["E0306"];
    e0104_expansion_word: "e0104-expansion-word" => ["E0104", "E0102"];

    w0001_card_without_effect: "w0001-card-without-effect" => ["W0001"];
    w0002_alias_clash: "w0002-alias-clash" => ["W0002"];
    w0003_guild_outside_guild_age: "w0003-guild-outside-guild-age" => ["W0003"];

    // Every card is still read despite its own problems, so the set-wide
    // checks (deck sizes, chains to missing cards) run too.
    many_problems: "many-problems" => [
        "E0003", "E0101", "E0102", "E0103", "E0105", "E0201", "E0202", "E0203", "E0204",
        "E0206", "W0001",
    ];
    // Altar's colour is unknown; its chain, its player counts and the Age 1
    // deck it belongs to are checked all the same.
    // A senate of too many chambers, a chamber worth too much, no cube,
    // a category misspelt.
    many_senate: "many-senate" => ["E0302", "E0006", "E0006", "E0302"];
    // Decrees: one whose coins would come once, one with a cost, fewer
    // than the chambers.
    many_decrees: "many-decrees" => ["E0306", "E0006", "E0204"];
    many_unknown_colour: "many-unknown-colour" => ["E0006", "E0102", "E0202", "E0204"];
    // age2.yaml does not parse; Age 1's deck, the chain to a name age2.yaml
    // never mentions and the wonders are checked all the same.
    many_yaml_error: "many-yaml-error" => ["E0001", "E0102", "E0202", "E0204"];
}

/// The fixture folders on disk.
fn fixture_dirs() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(DIR)
        .expect("fixtures/diag exists")
        .map(|e| e.expect("a readable entry"))
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn every_fixture_folder_has_a_test() {
    let listed: BTreeSet<&str> = FIXTURES.iter().map(|(n, _)| *n).collect();
    assert_eq!(listed.len(), FIXTURES.len(), "a fixture is listed twice");
    let on_disk: BTreeSet<String> = fixture_dirs().into_iter().collect();
    let on_disk: BTreeSet<&str> = on_disk.iter().map(String::as_str).collect();
    assert_eq!(
        on_disk, listed,
        "the folders of fixtures/diag and the `fixtures!` table differ"
    );
    for name in on_disk {
        assert!(
            fixture_code(name).is_some() || name.starts_with("ok-") || name.starts_with("many-"),
            "{name}: a fixture folder starts with its code, `ok-` or `many-`"
        );
    }
}

#[test]
fn every_code_has_a_fixture() {
    let covered: BTreeSet<Code> = fixture_dirs()
        .iter()
        .filter_map(|n| fixture_code(n))
        .collect();
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| !covered.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

/// Byte offset → `line:col` (1-based, columns in characters).
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, text[start..offset].chars().count() + 1)
}

/// No control character from a file reaches the rendered report: the
/// fixtures with ESC, BEL and CSI in their files render without them.
#[test]
fn control_characters_never_reach_the_terminal() {
    for fixture in ["e0001-control-character", "e0102-control-characters"] {
        let c = compile(Path::new(DIR).join(fixture));
        // The ESC is in the file (raw) or in the message (decoded from `\e`).
        let text: String = c
            .report
            .diagnostics
            .iter()
            .flat_map(|d| {
                d.loc
                    .map(|l| c.sources.get(l.file).text.clone())
                    .into_iter()
                    .chain([d.message.clone()])
            })
            .collect();
        assert!(
            text.contains('\u{1b}'),
            "{fixture}: an ESC reaches the report"
        );
        for colour in [false, true] {
            let out = c.report.render(&c.sources, colour);
            let raw: Vec<char> = out
                .chars()
                .filter(|ch| (ch.is_control() && *ch != '\n') && !(colour && *ch == '\u{1b}'))
                .collect();
            assert!(raw.is_empty(), "{fixture}: {raw:?} in\n{out}");
            assert!(out.contains('␛'), "{fixture}: ESC is shown as ␛:\n{out}");
        }
    }
}

/// The primary span of each listed diagnostic covers exactly the offending
/// token in the YAML file, whatever the scalar style.
#[test]
fn carets_land_on_the_offending_token() {
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str, &str)] = &[
        // fixture, code, file:line:col, text under the caret
        // YAML mistakes: the cause, not where the parser stopped.
        ("e0001-tab-indent", "E0001", "age1.yaml:4:1", "\t"),
        ("e0001-unclosed-bracket", "E0001", "age1.yaml:5:14", "["),
        ("e0001-unclosed-quote", "E0001", "age1.yaml:7:11", "\""),
        ("e0001-indented-too-far", "E0001", "age1.yaml:9:5", "  "),
        ("e0001-indented-too-little", "E0001", "age1.yaml:15:4", "cost"),
        ("e0001-colon-in-value", "E0001", "age1.yaml:10:24", ":"),
        ("e0101-plain-scalar", "E0101", "age1.yaml:11:18", "two"),
        ("e0101-double-quoted", "E0101", "age1.yaml:11:38", ","),
        ("e0101-single-quoted", "E0101", "age1.yaml:11:24", ";"),
        ("e0101-block-scalar", "E0101", "age1.yaml:13:41", "right"),
        ("e0101-folded-scalar", "E0101", "age1.yaml:13:7", "form"),
        ("e0101-cost", "E0101", "age1.yaml:10:18", ";"),
        ("e0101-cost-number-only", "E0101", "age1.yaml:10:19", ""),
        ("e0101-empty-effect", "E0101", "age1.yaml:11:25", ""),
        ("e0101-wonder-stage", "E0101", "wonders.yaml:8:34", ""),
        // A decoded scalar (escapes) cannot map positions: the whole scalar.
        ("e0101-escaped-scalar", "E0101", "age1.yaml:11:13", "\"gain 2 vp;\\n gain coins\""),
        ("e0102-unknown-resource", "E0102", "age1.yaml:11:21", "wod"),
        ("e0102-unknown-scope", "E0102", "age1.yaml:11:49", "slef"),
        ("e0102-unknown-cost-resource", "E0102", "age1.yaml:10:13", "stoen"),
        ("e0102-unknown-trigger-colour", "E0102", "age1.yaml:11:31", "gren"),
        ("e0103-unknown-effect-word", "E0103", "age1.yaml:6:13", "prodce"),
        ("e0105-produce-symbol", "E0105", "age1.yaml:6:21", "gear"),
        ("e0105-gain-resource", "E0105", "age1.yaml:11:20", "wood"),
        ("e0003-unknown-field-efect", "E0003", "age1.yaml:6:5", "efect"),
        ("e0202-chain-to-missing-card", "E0202", "age1.yaml:12:14", "Tempel"),
        ("e0302-unknown-word", "E0302", "game.yaml:27:52", "play agian"),
    ];
    for (fixture, code, at, token) in cases {
        let c = compile(Path::new(DIR).join(fixture));
        let d = c
            .report
            .diagnostics
            .iter()
            .find(|d| d.code.as_str() == *code)
            .unwrap_or_else(|| panic!("{fixture}: no {code}"));
        let loc = d
            .loc
            .unwrap_or_else(|| panic!("{fixture}: {code} has no place"));
        let file = c.sources.get(loc.file);
        let (line, col) = line_col(&file.text, loc.start);
        let name = file.path.file_name().unwrap().to_string_lossy();
        assert_eq!(
            format!("{name}:{line}:{col}"),
            *at,
            "{fixture}: {code} is misplaced"
        );
        assert_eq!(
            &file.text[loc.start..loc.end],
            *token,
            "{fixture}: {code} spans the wrong text"
        );
    }
}

/// Did-you-mean suggestions where a near name exists.
#[test]
fn suggestions_name_the_nearest_word() {
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str)] = &[
        ("e0003-unknown-field-efect", "E0003", "did you mean `effect`?"),
        ("e0003-unknown-field-game-yaml", "E0003", "did you mean `guilds`?"),
        ("e0102-unknown-resource", "E0102", "did you mean `wood`?"),
        ("e0102-unknown-colour", "E0102", "did you mean `blue`?"),
        ("e0102-unknown-scope", "E0102", "did you mean `self`?"),
        ("e0102-unknown-symbol", "E0102", "did you mean `compass`?"),
        ("e0102-unknown-unit", "E0102", "did you mean `coins`?"),
        ("e0103-unknown-effect-word", "E0103", "did you mean `produce`? (as in `produce wood or clay`)"),
        // The game's own words: Duel's, not the base game's.
        ("e0103-duel-words", "E0103", "did you mean `discard`? (as in `discard a grey card from opponent`)"),
        ("e0103-duel-words", "E0103", "did you mean `take`? (as in `take a progress token from 3 set aside`)"),
        ("e0103-duel-words", "E0103", "did you mean `receive`? (as in `receive the coins opponent pays for trading`)"),
        ("e0103-duel-words", "E0103", "did you mean `pay`? (as in `pay 2 fewer resources for wonders`)"),
        ("e0202-chain-to-missing-card", "E0202", "did you mean `Temple`?"),
        ("e0302-unknown-word", "E0302", "did you mean `play again`?"),
    ];
    for (fixture, code, help) in cases {
        let c = compile(Path::new(DIR).join(fixture));
        assert!(
            c.report
                .diagnostics
                .iter()
                .any(|d| d.code.as_str() == *code && d.help.as_deref() == Some(*help)),
            "{fixture}: no {code} with help {help:?}:\n{}",
            c.report.render(&c.sources, false)
        );
    }
}

/// All problems of all files come in one run, ordered by file and position.
#[test]
fn many_problems_are_reported_together_in_order() {
    let c = compile(Path::new(DIR).join("many-problems"));
    let places: Vec<(String, usize)> = c
        .report
        .diagnostics
        .iter()
        .map(|d| {
            let loc = d.loc.expect("every problem of this fixture has a place");
            let path = c.sources.get(loc.file).path.display().to_string();
            (path, loc.start)
        })
        .collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(
        places, sorted,
        "diagnostics are not in file and position order"
    );
    let files: BTreeSet<&str> = places.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        [
            "fixtures/diag/many-problems/age1.yaml",
            "fixtures/diag/many-problems/age2.yaml",
            "fixtures/diag/many-problems/game.yaml",
            "fixtures/diag/many-problems/wonders.yaml",
        ]
    );
    assert_eq!(c.report.errors(), 12);
    assert_eq!(c.report.warnings(), 1);
    assert!(c.library.is_none());
}

fn json_lines(c: &Compiled) -> Vec<serde_json::Value> {
    c.report
        .to_json_lines(&c.sources)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn json_lines_give_code_severity_file_line_column_and_span() {
    let c = compile(Path::new(DIR).join("e0102-unknown-resource"));
    let lines = json_lines(&c);
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    let file = "fixtures/diag/e0102-unknown-resource/age1.yaml";
    let text = std::fs::read_to_string(file).unwrap();
    let start = text.find("wod or clay").unwrap();
    assert_eq!(v["code"], "E0102");
    assert_eq!(v["severity"], "error");
    assert_eq!(v["message"], "unknown resource `wod`");
    assert_eq!(v["file"], file);
    assert_eq!(v["line"], 11);
    assert_eq!(v["column"], 21);
    assert_eq!(v["span"]["start"], start);
    assert_eq!(v["span"]["end"], start + 3);
    assert_eq!(v["help"], "did you mean `wood`?");
    assert_eq!(
        v["label"],
        "not a resource of the game `e0102-unknown-resource`"
    );
}

#[test]
fn json_lines_agree_with_the_report() {
    for fixture in [
        "many-problems",
        "e0301-not-a-game-folder",
        "w0002-alias-clash",
    ] {
        let c = compile(Path::new(DIR).join(fixture));
        let lines = json_lines(&c);
        assert_eq!(lines.len(), c.report.diagnostics.len(), "{fixture}");
        for (v, d) in lines.iter().zip(&c.report.diagnostics) {
            assert_eq!(v["code"], d.code.as_str(), "{fixture}");
            let severity = if d.code.as_str().starts_with('W') {
                "warning"
            } else {
                "error"
            };
            assert_eq!(v["severity"], severity, "{fixture}: {}", d.code);
            assert_eq!(v["message"], d.message.as_str());
            match d.loc {
                None => {
                    for key in ["file", "line", "column", "span"] {
                        assert!(v[key].is_null(), "{fixture}: {key} without a place");
                    }
                }
                Some(loc) => {
                    let file = c.sources.get(loc.file);
                    let (line, col) = line_col(&file.text, loc.start);
                    assert_eq!(v["file"], file.path.display().to_string());
                    assert_eq!(v["line"], line, "{fixture}: {}", d.code);
                    assert_eq!(v["column"], col, "{fixture}: {}", d.code);
                    assert_eq!(v["span"]["start"], loc.start);
                    assert_eq!(v["span"]["end"], loc.end);
                }
            }
        }
    }
}

#[test]
fn a_missing_path_is_not_a_game() {
    let c = compile(Path::new(DIR).join("no-such-folder"));
    assert_eq!(codes(&c), BTreeSet::from(["E0301"]));
    assert!(c.report.diagnostics[0].loc.is_none());
    assert!(c.library.is_none());
    insta::assert_snapshot!("e0301-missing-path", c.report.render(&c.sources, false));
}

// ------------------------------------------------------------- hostile input
//
// Inputs that must be refused with E0002 and must not crash the compiler.
// They are written at test time into a fresh folder of the system's temp
// folder (the large one would be a 4 MiB file in the repository).

/// A temp folder holding one game folder named `name`: the `ok-minimal`
/// template plus `extra` files.
struct TempGame {
    root: PathBuf,
    dir: PathBuf,
}

impl TempGame {
    fn new(name: &str, extra: &[(&str, Vec<u8>)]) -> TempGame {
        let root =
            std::env::temp_dir().join(format!("sevenw-tests-diag-{}-{name}", std::process::id()));
        let dir = root.join(name);
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&dir).unwrap();
        let template = Path::new(DIR).join("ok-minimal");
        for f in ["game.yaml", "age1.yaml", "wonders.yaml"] {
            let text = std::fs::read_to_string(template.join(f)).unwrap();
            let text = text.replace("game: ok-minimal", &format!("game: {name}"));
            std::fs::write(dir.join(f), text).unwrap();
        }
        for (f, bytes) in extra {
            std::fs::write(dir.join(f), bytes).unwrap();
        }
        TempGame { root, dir }
    }

    /// Checks the game; the rendered report with the temp folder as `$TMP`.
    fn check(&self) -> (Compiled, String) {
        let c = compile(&self.dir);
        let rendered = c
            .report
            .render(&c.sources, false)
            .replace(&self.root.display().to_string(), "$TMP");
        (c, rendered)
    }
}

impl Drop for TempGame {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn assert_refused(name: &str, file: &str, bytes: Vec<u8>) {
    let game = TempGame::new(name, &[(file, bytes)]);
    let (c, rendered) = game.check();
    assert_eq!(
        codes(&c),
        BTreeSet::from(["E0002"]),
        "{name}: report:\n{rendered}"
    );
    assert_eq!(c.report.diagnostics.len(), 1, "{name}:\n{rendered}");
    assert!(c.library.is_none());
    insta::assert_snapshot!(name, rendered);
}

#[test]
fn e0002_file_over_4_mib() {
    let max = sevenw_compiler::yaml::MAX_FILE_BYTES;
    let line = b"# padding padding padding padding padding padding padding padding\n";
    let mut bytes = b"age: 1\ncards: []\n".to_vec();
    while bytes.len() <= max {
        bytes.extend_from_slice(line);
    }
    bytes.truncate(max + 1);
    assert_eq!(bytes.len(), 4 * 1024 * 1024 + 1);
    assert_refused("e0002-file-over-4-mib", "huge.yaml", bytes);
}

#[test]
fn e0002_alias_bomb() {
    // Nine to the seventh (4.8 million) nodes once the aliases are expanded.
    let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for i in 1..7 {
        let p = i - 1;
        text.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    text.push_str("bomb: [*a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6]\n");
    assert_refused("e0002-alias-bomb", "bomb.yaml", text.into_bytes());
}

#[test]
fn e0002_aliases_of_a_long_value() {
    // A card file of about 1.2 MB whose 9,800 effects are aliases of one
    // 5,000-byte text: about 49 MB of text once expanded.
    let mut text = format!(
        "age: 1\nlong: &long \"{}\"\ncards:\n",
        "gain 1 coin; ".repeat(385)
    );
    for i in 0..9_800 {
        text.push_str(&format!(
            "  - {{name: C{i}, colour: brown, effect: *long}}\n"
        ));
    }
    assert!(text.len() < sevenw_compiler::yaml::MAX_FILE_BYTES);
    assert_refused(
        "e0002-aliases-of-a-long-value",
        "long.yaml",
        text.into_bytes(),
    );
}

#[test]
fn e0002_deep_nesting() {
    // Well-formed YAML, nested far deeper than the limit.
    let depth = sevenw_compiler::yaml::MAX_DEPTH * 2;
    let text = format!(
        "age: 1\ncards: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert_refused("e0002-deep-nesting", "deep.yaml", text.into_bytes());
}

/// Every code the runtime gives a document's mistake is one `sevenc
/// explain` explains, and every document code it explains is one the
/// runtime gives.
#[test]
fn every_document_code_is_explained() {
    use sevenw_compiler::diag::DocCode;
    use sevenw_runtime::doc::code;
    for c in code::ALL {
        assert!(
            Code::parse(c).is_some() || DocCode::parse(c).is_some(),
            "{c} is given by the runtime and not explained"
        );
    }
    for c in DocCode::ALL {
        assert!(code::ALL.contains(&c.as_str()), "{c} is not the runtime's");
    }
}

/// The examples of the document codes are true: the wrong one is refused
/// with its code, the right one read (a sheet scored, a scenario passed).
#[test]
fn the_document_codes_examples_are_refused_then_read() {
    use sevenw_compiler::diag::DocCode;
    use sevenw_runtime::doc::{DocError, select_of};
    use sevenw_runtime::games::{Library, test};
    let lib = Library::shipped(sevenw_cards::GAMES);
    // A sheet's mistakes, or a scenario's when it has `steps:` or checks
    // nothing (a scenario is what S0004's example is).
    let read = |c: DocCode, text: &str| -> Result<(), DocError> {
        if c == DocCode::Document || text.contains("steps:") {
            let run = test(&lib, text);
            assert!(run.failures.is_empty(), "{c}: {:?}", run.failures);
            return run.error.map_or(Ok(()), Err);
        }
        let info = select_of(sevenw_cards::GAMES, text, "sheet")?;
        let rules = lib.rules(info).expect("shipped rules");
        rules.sheets().expect("sheets").score(text).map(|_| ())
    };
    for &c in DocCode::ALL {
        // A log's example is a part of a log (`…`), not read alone.
        if c == DocCode::Log {
            continue;
        }
        let (wrong, right) = c.example();
        let e = read(c, &wrong).expect_err(&wrong);
        assert_eq!(e.code, c.as_str(), "{c}: {e}\n{wrong}");
        assert!(e.more.is_empty(), "{c}: one mistake: {e:?}");
        if let Err(e) = read(c, &right) {
            panic!("{c}: the right example is refused: {e}\n{right}");
        }
    }
}

/// A kind of token two expansions declare alike is one kind: each names
/// both sets, so its rules apply when either is played.
#[test]
fn a_kind_declared_alike_names_both_sets() {
    let c = compile(Path::new(DIR).join("ok-shared-token"));
    let library = c.library.expect("a clean fixture");
    for name in ["harbours", "quays"] {
        let game = library.games.iter().find(|g| g.name == name).unwrap();
        let truce = game.tokens.iter().find(|t| t.name == "truce").unwrap();
        assert_eq!(truce.sets, ["harbours", "quays"], "in {name}");
        assert!(truce.sits_out);
    }
}
