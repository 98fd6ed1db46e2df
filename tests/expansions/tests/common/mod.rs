//! What the in-process tests of the test expansions share.

use sevenw_runtime::games::duel::Duel;

/// Duel's rules with Omens (`cards/omens/`) in play.
pub fn omens() -> Duel {
    let info = sevenw_runtime::select(
        sevenw_test_expansions::cards::GAMES,
        "duel",
        None,
        &["omens"],
    )
    .expect("duel with omens");
    Duel::new(info).expect("duel rules")
}
