//! What the in-process tests of the test expansions share (each test
//! binary uses a part of it).
#![allow(dead_code)]

use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::Game;
use sevenw_runtime::games::duel::{Duel, State};
use sevenw_runtime::table::Show;

/// Duel's rules with Omens (`cards/omens/`) in play.
pub fn omens() -> Duel {
    duel_with("omens")
}

/// Duel's rules with Forum (`cards/forum/`, a senate with decrees) in
/// play.
pub fn forum() -> Duel {
    duel_with("forum")
}

/// Duel's rules with the test expansion `name` in play.
fn duel_with(name: &str) -> Duel {
    let info = sevenw_runtime::select(sevenw_test_expansions::cards::GAMES, "duel", None, &[name])
        .unwrap_or_else(|e| panic!("duel with {name}: {e}"));
    Duel::new(info).expect("duel rules")
}

/// What each seat is shown, its view and its observation are those of a
/// state dealt anew for it (a determinization): it cannot tell the two
/// apart. `also` checks more of each such state, given the seat.
pub fn seats_cannot_tell(d: &Duel, st: &State, rng: &mut Rng, mut also: impl FnMut(usize, &State)) {
    let len = d.observation_len(2);
    for seat in 0..2 {
        let doc = d.show(st, Some(seat));
        let mut seen = vec![0.0; len];
        d.observe(&d.view(st, seat), &mut seen);
        let other = d.determinize(st, seat, rng);
        assert_eq!(
            doc,
            d.show(&other, Some(seat)),
            "seat {seat} told states apart"
        );
        assert!(d.view(st, seat) == d.view(&other, seat));
        let mut again = vec![0.0; len];
        d.observe(&d.view(&other, seat), &mut again);
        assert_eq!(seen, again, "seat {seat}'s observation told states apart");
        also(seat, &other);
    }
}
