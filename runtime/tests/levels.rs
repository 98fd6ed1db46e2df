//! Wonder sides whose stages have levels (`level` in `dsl/DSL.md`) in the
//! base family: the shipped game with two boards given levels, as an
//! expansion's board brings them (`tests/expansions/cards/ramparts` plays
//! one in scenarios and soaks): Giza A's three stages all of level 1,
//! built in any order, and Babylon B's of levels 1, 1 and 2. Which stages
//! are open, the moves that name them and their numbers, the card under
//! each, the observation, the table's document and the sheets.

use sevenw_host::{CardId, GameInfo, SideInfo, StageInfo, WonderInfo};
use sevenw_runtime::engine::compose;
use sevenw_runtime::engine::rng::{Rng, derive};
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::{Game, Setup, check_actions};
use sevenw_runtime::games::base::{Action, Base, Move, StageHow, State};
use sevenw_runtime::sheet::Sheets;
use sevenw_runtime::soak::Invariants;
use sevenw_runtime::table::Show;

/// The levels given to a side of the shipped boards, by wonder and side.
fn levels_of(wonder: &str, side: usize) -> Option<&'static [u8]> {
    match (wonder, side) {
        ("Giza", 0) => Some(&[1, 1, 1]),
        ("Babylon", 1) => Some(&[1, 1, 2]),
        _ => None,
    }
}

/// The base game (first edition) with the expansions `with`, Giza A and
/// Babylon B levelled: the game's tables changed, then composed with the
/// expansions as the shipped game is.
fn levelled(with: &[&str]) -> &'static GameInfo {
    let shipped = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, with).unwrap();
    let layers = compose::layers_of(shipped);
    let expansions: Vec<&'static GameInfo> = layers[1..].iter().map(|l| l.info).collect();
    compose::compose(levelled_boards(layers[0].info), &expansions).unwrap()
}

/// `info` with Giza A and Babylon B levelled.
fn levelled_boards(info: &'static GameInfo) -> &'static GameInfo {
    let wonders: Vec<WonderInfo> = (info.wonders.iter())
        .map(|w| {
            let sides: Vec<SideInfo> = (w.sides.iter().enumerate())
                .map(|(s, side)| {
                    let Some(levels) = levels_of(w.name, s) else {
                        return *side;
                    };
                    let stages: Vec<StageInfo> = (side.stages.iter().zip(levels))
                        .map(|(st, &level)| StageInfo { level, ..*st })
                        .collect();
                    assert_eq!(stages.len(), side.stages.len(), "{}", w.name);
                    SideInfo {
                        stages: Box::leak(stages.into_boxed_slice()),
                        ..*side
                    }
                })
                .collect();
            WonderInfo {
                sides: Box::leak(sides.into_boxed_slice()),
                ..*w
            }
        })
        .collect();
    Box::leak(Box::new(GameInfo {
        wonders: Box::leak(wonders.into_boxed_slice()),
        ..*info
    }))
}

/// A game of `base` whose seats have these boards (by name and side).
fn seated(base: &Base, boards: &[(&str, u8)]) -> State {
    let wonders = (boards.iter())
        .map(|&(w, s)| (base.vocab.find_wonder(w).expect("a shipped board"), s))
        .collect();
    let setup = Setup {
        wonders: Some(wonders),
        ..Setup::new(boards.len(), 1)
    };
    base.start(&setup).unwrap()
}

fn card(base: &Base, name: &str) -> CardId {
    base.vocab.find_card(name).expect("a shipped card")
}

/// The open stages of `seat`'s city, by index.
fn open(base: &Base, st: &State, seat: usize) -> Vec<u8> {
    base.open_stages(&st.table.cities[seat])
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_stage_is_open_once_every_stage_of_a_lower_level_is_built() {
    let base = Base::new(levelled(&[])).unwrap();
    let mut st = seated(&base, &[("Giza", 0), ("Babylon", 1), ("Rhodes", 0)]);
    // Giza A: any order; Babylon B: the two of level 1, then the third;
    // Rhodes A (no levels): the next.
    assert_eq!(open(&base, &st, 0), [0, 1, 2]);
    assert_eq!(open(&base, &st, 1), [0, 1]);
    assert_eq!(open(&base, &st, 2), [0]);
    let cities = &mut st.table.cities;
    assert!(
        !base.add_stage_at(cities, 1, 2, false),
        "level 2 before level 1"
    );
    assert!(base.add_stage_at(cities, 1, 1, false));
    assert!(!base.add_stage_at(cities, 1, 1, false), "built already");
    assert!(!base.add_stage_at(cities, 2, 1, false), "Rhodes A in order");
    assert!(base.add_stage_at(cities, 0, 2, false));
    assert_eq!((cities[0].stages, cities[0].built_stages), (1, 0b100));
    assert!(cities[0].has_stage(2) && !cities[0].has_stage(0));
    assert_eq!(open(&base, &st, 0), [0, 1]);
    assert_eq!(open(&base, &st, 1), [0]);
    let cities = &mut st.table.cities;
    assert!(base.add_stage(cities, 1, false), "the first open one");
    assert_eq!(cities[1].built_stages, 0b011);
    assert_eq!(open(&base, &st, 1), [2]);
    let cities = &mut st.table.cities;
    assert!(base.add_stage(cities, 1, false));
    assert!(open(&base, &st, 1).is_empty(), "every stage built");
    assert!(!base.add_stage(&mut st.table.cities, 1, false));
}

/// Out of order, each stage runs its own effects: Giza A's third (7 VP in
/// the first edition) first, then its first (3 VP).
#[test]
fn the_stage_built_runs_its_own_effects() {
    let base = Base::new(levelled(&[])).unwrap();
    let mut st = seated(&base, &[("Giza", 0), ("Babylon", 1), ("Rhodes", 0)]);
    let wonder = |st: &State| {
        let c = &st.table.cities[0];
        let score = base.score_city(&st.table.cities, 0, c, &[]);
        score.points[usize::from(base.categories.wonder.0)]
    };
    assert!(base.add_stage_at(&mut st.table.cities, 0, 2, false));
    let third = wonder(&st);
    assert!(base.add_stage_at(&mut st.table.cities, 0, 0, false));
    assert_eq!((third, wonder(&st)), (7, 10), "7 VP, then 3 more");
}

/// A turn where seat 0 builds stage `stage` with the first card of its
/// hand that it may (paid the first way) and every other seat discards;
/// the card it put under the stage.
fn stage_with_first_card(base: &Base, st: &mut State, stage: u8) -> CardId {
    let mut moves = Vec::new();
    let mut put = None;
    for seat in 0..st.table.cities.len() {
        assert_eq!(base.to_move(st), Some(seat));
        base.legal_moves(st, &mut moves);
        let stage_move =
            |m: &&Move| matches!(m.action, Action::Stage(_, how) if how.stage == stage);
        let mv = if seat == 0 {
            let mv = *(moves.iter().find(stage_move))
                .unwrap_or_else(|| panic!("stage {} is offered: {moves:?}", stage + 1));
            put = Some(mv.card);
            mv
        } else {
            *moves.iter().find(|m| m.action == Action::Discard).unwrap()
        };
        base.apply(st, &mv);
        // A stage paid more than one way: its payment next.
        if base.continues(st) {
            base.legal_moves(st, &mut moves);
            base.apply(st, &moves[0]);
        }
    }
    put.expect("a stage built")
}

#[test]
fn the_card_under_a_stage_is_found_by_its_stage() {
    let base = Base::new(levelled(&[])).unwrap();
    let mut st = seated(&base, &[("Giza", 0), ("Babylon", 1), ("Rhodes", 0)]);
    // Giza A's stages cost stone and wood: its board, Quarry and Stone Pit
    // give 4 stone.
    for name in ["Quarry", "Stone Pit"] {
        base.add_card(&mut st.table.cities, 0, card(&base, name), false);
    }
    let third = stage_with_first_card(&base, &mut st, 2);
    assert_eq!(st.table.card_under_stage(0, 2), Some(third));
    assert_eq!(st.table.card_under_stage(0, 0), None);
    let first = stage_with_first_card(&base, &mut st, 0);
    assert_eq!(st.table.card_under_stage(0, 0), Some(first));
    assert_eq!(st.table.card_under_stage(0, 2), Some(third));
    assert_eq!(st.table.card_under_stage(1, 0), None);
    let c = &st.table.cities[0];
    assert_eq!((c.stages, c.built_stages), (2, 0b101));
    // Told to the others with its stage; the table shows which are built.
    let shown = base.show(&st, Some(1));
    assert_eq!(shown["seats"][0]["stages_built"], serde_json::json!([1, 3]));
    // A sheet names the stages built, and reads them back.
    let names: Vec<String> = ["Ana", "Ben", "Cid"].map(String::from).to_vec();
    let sheet = base.write_sheet(&st, &names);
    assert!(sheet.contains("stages: [1, 3]"), "{sheet}");
    let back = base.read_sheet(&sheet).unwrap();
    let c = &back.state.table.cities[0];
    assert_eq!((c.stages, c.built_stages), (2, 0b101));
}

/// The most stages of a levelled side (`S`, here 3) numbers a stage move's
/// stage: kinds `8 + 2 × O × S` a card (`O` = 1); a side built in order
/// counts its stage up to `S - 1`.
#[test]
fn stage_moves_are_numbered_by_their_stage() {
    let shipped = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
    let shipped = Base::new(shipped).unwrap();
    let base = Base::new(levelled(&[])).unwrap();
    let n = base.info.cards.len() as u32;
    let k = 8 + 2 * 3;
    let payments = shipped.num_actions() - n * 10;
    assert_eq!(base.num_actions(), n * k + payments);
    let free = sevenw_runtime::games::base::trade::Payment::FREE;
    let stage = |stage: u8, join: bool| {
        let how = StageHow { stage, join };
        Move::card_action(0, CardId(5), Action::Stage(free, how), None)
    };
    for (s, join, kind) in [
        (0, false, 8),
        (0, true, 9),
        (1, false, 10),
        (2, true, 13),
        (7, false, 12),
    ] {
        assert_eq!(
            base.encode(&stage(s, join)),
            5 * k + kind,
            "stage {s}, {join}"
        );
    }
    // Without a levelled side, the stage is not numbered.
    assert_eq!(shipped.encode(&stage(2, true)), 5 * 10 + 9);
    assert_eq!(
        shipped.encode(&stage(2, true)),
        shipped.encode(&stage(0, true))
    );
}

/// At every decision of 150 random games at each player count (alone, and
/// with Leaders and Edifice's joins), every legal move has a number of its
/// own that decodes back, the observation is as long as its parts say,
/// every invariant holds, and stages are offered and built out of order.
#[test]
fn levelled_stage_moves_round_trip_and_are_observed() {
    for with in [&[][..], &["leaders", "edifice"]] {
        let base = Base::new(levelled(with)).unwrap();
        let (mut moves, mut choices, mut out_of_order, mut joins) = (Vec::new(), 0, 0, 0);
        for players in 3..=7usize {
            let parts = base.observation_parts(players);
            let len: usize = parts.iter().map(|p| p.len).sum();
            assert_eq!(base.observation_len(players), len);
            // Where the observer's stages built are: one number a stage.
            let at = parts
                .iter()
                .position(|p| p.name == "seat 0 stages built")
                .unwrap();
            let at: usize = parts[..at].iter().map(|p| p.len).sum();
            let mut obs = vec![0.0; len];
            for i in 0..150u64 {
                let setup = Setup::new(players, derive(players as u64, i));
                let mut st = base.start(&setup).unwrap();
                let mut rng = Rng::new(derive(setup.seed, 1));
                while let Some(seat) = base.to_move(&st) {
                    check_actions(&base, &mut st).unwrap_or_else(|e| panic!("{setup:?}: {e}"));
                    base.observe(&base.view(&st, seat), &mut obs);
                    let mine = &st.table.cities[seat];
                    for (i, &x) in obs[at..at + 3].iter().enumerate() {
                        assert_eq!(
                            x == 1.0,
                            mine.has_stage(i as u8),
                            "{setup:?}: {:b}",
                            mine.built_stages
                        );
                    }
                    base.legal_moves(&mut st, &mut moves);
                    let stages = |m: &Move| match m.action {
                        Action::Stage(_, how) => Some(how.stage),
                        _ => None,
                    };
                    let mut offered: Vec<u8> = moves.iter().filter_map(stages).collect();
                    offered.sort_unstable();
                    offered.dedup();
                    choices += usize::from(offered.len() > 1);
                    let city = &st.table.cities[seat];
                    let late = |m: &&Move| matches!(m.action, Action::Stage(_, how) if how.join && how.stage != city.stages);
                    joins += moves.iter().filter(late).count();
                    let mv = moves[rng.below(moves.len())];
                    if stages(&mv).is_some_and(|s| s != city.stages) && !mv.is_payment() {
                        out_of_order += 1;
                    }
                    base.apply(&mut st, &mv);
                    base.invariants(&st)
                        .unwrap_or_else(|e| panic!("{setup:?}: {e}"));
                }
            }
        }
        assert!(
            choices > 20,
            "{with:?}: {choices} decisions offer a choice of stage"
        );
        assert!(
            out_of_order > 50,
            "{with:?}: {out_of_order} stages built out of order"
        );
        // With Edifice, a stage built out of order may join the project.
        assert!(
            with.is_empty() || joins > 0,
            "{with:?}: no such stage joins"
        );
    }
}
