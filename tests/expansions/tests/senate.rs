//! The test expansion Forum (`cards/forum/`): a senate of six chambers
//! with decrees, three face down (`senate:`), at every decision of
//! seeded random games of Duel with it:
//!
//! - a decree lies face down only in a chamber no cube has entered, and
//!   once face up it stays so (duel-expansions-facts.md §2.5);
//! - no seat tells apart states whose face-down decrees are dealt anew
//!   (and they are): what it is shown, its view and its observation
//!   (nobody knows them), the face-up ones kept;
//! - the decree of a controlled chamber is its controller's, and only
//!   theirs (§2.5): a city listens to a decree's triggers only while it
//!   controls its chamber.

mod common;
use common::forum;
use sevenw_host::Source;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Duel, MAX_CHAMBERS, State};

/// The chambers whose decree lies face down, as bits.
fn down(st: &State) -> u8 {
    st.table.decrees_down
}

/// The cities listening to the decree of chamber `c`.
fn holders(st: &State, c: usize) -> Vec<usize> {
    let Some(d) = st.table.decrees[c] else {
        return Vec::new();
    };
    (0..2)
        .filter(|&s| (st.table.cities[s].sources.iter()).any(|&(src, _)| src == Source::Card(d)))
        .collect()
}

#[test]
fn face_down_decrees_stay_hidden_until_a_cube_enters() {
    let d = forum();
    let markets = (d.info.cards.iter())
        .position(|c| c.name == "Edict of Markets")
        .expect("a decree with a trigger");
    let (mut decisions, mut hidden, mut revealed, mut held) = (0, 0, 0, 0);
    let mut dealt_anew = 0;
    for seed in 0..30u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        assert_eq!(
            down(&st).count_ones(),
            3,
            "seed {seed}: chambers 2, 4, 6 face down"
        );
        let mut rng = Rng::new(seed ^ 0x5e4a);
        let mut moves = Vec::new();
        while d.to_move(&st).is_some() {
            let was = down(&st);
            for c in 0..MAX_CHAMBERS {
                let cubes = st.table.senate[c];
                if Duel::decree_down(&st.table, c) {
                    assert_eq!(
                        cubes,
                        [0, 0],
                        "seed {seed}: chamber {c} holds cubes face down"
                    );
                }
                // A listening decree is its controller's and only theirs.
                let d_id = st.table.decrees[c];
                if d_id.is_some_and(|x| usize::from(x.0) == markets) {
                    let want: Vec<usize> =
                        Duel::controller(&st.table.senate, c).into_iter().collect();
                    assert_eq!(holders(&st, c), want, "seed {seed}: chamber {c}");
                    held += usize::from(!want.is_empty());
                }
            }
            hidden += usize::from(was != 0);
            if decisions % 7 == 0 {
                common::seats_cannot_tell(&d, &st, &mut rng, |_, other| {
                    assert_eq!(down(other), was, "a determinization turned a decree");
                    for c in 0..MAX_CHAMBERS {
                        if !Duel::decree_down(&st.table, c) {
                            assert_eq!(other.table.decrees[c], st.table.decrees[c]);
                        }
                    }
                    dealt_anew += usize::from(other.table.decrees != st.table.decrees);
                });
            }
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
            // Face up stays face up.
            assert_eq!(
                down(&st) & !was,
                0,
                "seed {seed}: a decree turned face down"
            );
            revealed += (was & !down(&st)).count_ones();
            decisions += 1;
        }
    }
    assert!(decisions > 1000, "{decisions} decisions");
    assert!(hidden > 500, "face-down decrees at only {hidden} decisions");
    assert!(revealed > 20, "only {revealed} decrees turned face up");
    assert!(
        dealt_anew > 50,
        "face-down decrees dealt anew only {dealt_anew} times"
    );
    assert!(
        held > 20,
        "the trigger decree was held at only {held} decisions"
    );
}

/// Forum's own figures take Duel's place (an expansion's `figures:`): each
/// Age is laid out whole on its larger figure, Agora's structures of 25,
/// 25 and 23 cards (duel-expansions-facts.md §2.3), the tribunes drawn in
/// (5, 5 and 3, §2.2 item 5) among them, the Age's own cards filling the
/// rest.
#[test]
fn the_figures_grow_to_hold_the_tribunes() {
    let d = forum();
    assert_eq!(d.info.layout, 25, "the largest figure");
    let tribune = d.vocab.colour("tribune").unwrap();
    for seed in 0..10u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        let mut seen = 0u8;
        while d.to_move(&st).is_some() {
            let age = st.table.age;
            if age > seen && st.phase == sevenw_runtime::games::duel::Phase::Play {
                seen = age;
                let laid: Vec<_> = st.table.layout.remaining().collect();
                let want = [25, 25, 23][usize::from(age) - 1];
                assert_eq!(laid.len(), want, "seed {seed}, Age {age}");
                let tribunes = (laid.iter())
                    .filter(|c| d.info.cards[usize::from(c.0)].colour == tribune)
                    .count();
                assert_eq!(
                    tribunes,
                    [5, 5, 3][usize::from(age) - 1],
                    "seed {seed}, Age {age}"
                );
            }
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
        assert_eq!(seen, 3, "seed {seed}: every Age laid out");
    }
}

/// The balance report counts a decree for the seats that control its
/// chamber at the end, and lists every decree of the set, as it does
/// wonders and progress tokens.
#[test]
fn the_balance_report_samples_each_decree_for_its_controller() {
    use sevenw_runtime::statistics::{Statistics, Tag};
    let d = forum();
    assert!(d.kinds().contains(&"decree"));
    let mut every = Vec::new();
    d.every_tag(&Setup::seeded(0), &mut every);
    assert_eq!(
        every.iter().filter(|t| t.kind == "decree").count(),
        17,
        "Forum's seventeen edicts"
    );
    let mut counted = 0;
    for seed in 0..20u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        while d.to_move(&st).is_some() {
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
        for seat in 0..2 {
            let mut tags: Vec<Tag> = Vec::new();
            d.played_with(&st, seat, &mut tags);
            let mut got: Vec<&str> = tags
                .iter()
                .filter(|t| t.kind == "decree")
                .map(|t| t.name)
                .collect();
            let mut want: Vec<&str> = (0..6)
                .filter(|&c| st.table.senate[c][seat] > st.table.senate[c][1 - seat])
                .filter_map(|c| st.table.decrees[c])
                .map(|x| d.info.cards[usize::from(x.0)].name)
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "seed {seed}, seat {seat}");
            counted += got.len();
        }
    }
    assert!(counted > 10, "only {counted} decrees held at the end");
}

/// A sheet's `decrees:` and `decrees_under:` (runtime/SHEETS.md): the
/// decrees under a chamber's top one are its controller's too; a decree
/// lies on one chamber only, a card that is not a decree is refused, and
/// a list longer than the senate, or one with Omens' table (no senate).
#[test]
fn a_sheet_lays_decrees_and_those_under_them() {
    use sevenw_runtime::sheet::Sheets;
    let sheet = |set: &str, decrees: &str| {
        format!(
            "game: duel\nexpansions: [{set}]\n{decrees}\nplayers:\n  - {{name: Ana, influence: [0, 1]}}\n  - {{name: Ben}}\n"
        )
    };
    let d = forum();
    let id = |name: &str| {
        let i = d.info.cards.iter().position(|c| c.name == name).unwrap();
        sevenw_host::CardId(i as u16)
    };
    let s = d
        .read_sheet(&sheet(
            "forum",
            "decrees: [~, Edict of Arms]\ndecrees_under: [[], [Edict of Haste]]",
        ))
        .unwrap_or_else(|e| panic!("{e}"));
    let laid: Vec<_> = Duel::decrees_of(&s.state.table, 1).collect();
    assert_eq!(laid, [id("Edict of Arms"), id("Edict of Haste")]);
    // Both are Ana's, who controls the chamber: Edict of Arms' shield,
    // and Edict of Haste's trigger listened to.
    let ana = &s.state.table.cities[0];
    assert_eq!(ana.shields, 1);
    assert!((ana.sources.iter()).any(|&(src, _)| src == Source::Card(id("Edict of Haste"))));
    // Under a chamber with no decree written: on top of it.
    let s = d
        .read_sheet(&sheet("forum", "decrees_under: [[Edict of Haste]]"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.state.table.decrees[0], Some(id("Edict of Haste")));
    let refused = |d: &Duel, set: &str, decrees: &str| match d.read_sheet(&sheet(set, decrees)) {
        Ok(_) => panic!("accepted: {decrees}"),
        Err(e) => e.message,
    };
    for (decrees, want) in [
        (
            "decrees: [Edict of Arms]\ndecrees_under: [[Edict of Arms]]",
            "Edict of Arms lies on one chamber only",
        ),
        (
            "decrees_under: [[], [Tribune of the Plebs]]",
            "Tribune of the Plebs is not a decree of the senate",
        ),
        (
            "decrees_under: [[], [], [], [], [], [], [Edict of Arms]]",
            "the senate has 6 chambers, not 7",
        ),
    ] {
        let got = refused(&d, "forum", decrees);
        assert!(got.contains(want), "{decrees}: {got}");
    }
    let got = refused(
        &common::omens(),
        "omens",
        "decrees_under: [[Edict of Arms]]",
    );
    assert!(got.contains("no senate with decrees is in play"), "{got}");
}
