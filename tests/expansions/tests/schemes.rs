//! The test expansion Forum's plots (`schemes:`, as Agora's
//! Conspiracies, duel-expansions-facts.md §2.6), at every decision of
//! seeded random games of Duel with it:
//!
//! - no seat tells apart states whose hidden schemes are dealt anew (and
//!   they are): the other player's schemes and those they drew, with the
//!   deck; its own, those revealed and the cards tucked stay;
//! - plots are drawn, kept, prepared and triggered in those games, at
//!   most one triggered a turn, a prepared one only.

mod common;
use common::forum;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Move, Phase};

#[test]
fn held_schemes_stay_hidden_from_the_other_seat() {
    let d = forum();
    let (mut decisions, mut held, mut dealt_anew) = (0, 0, 0);
    let (mut triggered, mut prepared, mut kept) = (0, 0, 0);
    for seed in 0..80u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0x5c4e);
        let mut moves = Vec::new();
        while d.to_move(&st).is_some() {
            let s = &st.table.schemes;
            let any = !s.held[0].is_empty() || !s.held[1].is_empty() || !s.drawn.is_empty();
            held += usize::from(any);
            if any && decisions % 3 == 0 {
                let before = st.table.schemes.clone();
                common::seats_cannot_tell(&d, &st, &mut rng, |seat, other| {
                    let o = &other.table.schemes;
                    assert_eq!(o.held[seat], before.held[seat], "its own schemes stay");
                    assert_eq!(o.revealed, before.revealed);
                    assert_eq!(o.tucked, before.tucked);
                    let flags = |h: &[(sevenw_host::CardId, bool)]| -> Vec<bool> {
                        h.iter().map(|x| x.1).collect()
                    };
                    let them = 1 - seat;
                    assert_eq!(flags(&o.held[them]), flags(&before.held[them]));
                    dealt_anew += usize::from(o.held[them] != before.held[them]);
                });
            }
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            let mover = d.to_move(&st).unwrap();
            let was = st.table.schemes.clone();
            let playing = matches!(st.phase, Phase::Play);
            d.apply(&mut st, &mv);
            let now = &st.table.schemes;
            match mv {
                Move::Scheme(c) if playing => {
                    // Only a prepared scheme is triggered at a turn's start.
                    assert!(was.held[mover].contains(&(c, true)), "seed {seed}");
                    assert_eq!(was.trigger, 0, "seed {seed}: two triggers in a turn");
                    triggered += 1;
                }
                Move::Card {
                    action: sevenw_runtime::games::duel::Action::Prepare,
                    ..
                } => {
                    assert_eq!(now.tucked[mover].len(), was.tucked[mover].len() + 1);
                    prepared += 1;
                }
                _ => {}
            }
            kept += now.held[mover].len().saturating_sub(was.held[mover].len());
            decisions += 1;
        }
    }
    assert!(decisions > 5000, "{decisions} decisions");
    assert!(held > 500, "schemes held at only {held} decisions");
    assert!(
        dealt_anew > 30,
        "hidden schemes dealt anew only {dealt_anew} times"
    );
    assert!(kept > 25, "only {kept} schemes kept");
    assert!(prepared > 20, "only {prepared} schemes prepared");
    assert!(triggered > 15, "only {triggered} schemes triggered");
}

/// Every legal move of Duel with Forum has a number of the action space
/// of its own at its decision, which decodes back to it and reads as
/// words: the plots' range (a card tucked, a plot triggered, kept or
/// prepared, one put back, none triggered) among them.
#[test]
fn scheme_moves_round_trip_through_the_action_space() {
    let d = forum();
    let n = d.num_actions();
    let mut schemes = 0;
    for seed in 0..60u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0xac7);
        let mut moves = Vec::new();
        while d.to_move(&st).is_some() {
            sevenw_runtime::game::check_actions(&d, &mut st)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            d.legal_moves(&mut st, &mut moves);
            for mv in &moves {
                let scheme = matches!(mv, Move::Scheme(_) | Move::Return { .. } | Move::NoScheme)
                    || mv.action() == Some(sevenw_runtime::games::duel::Action::Prepare);
                if scheme {
                    let a = d.encode(mv);
                    assert!(a < n, "{mv:?} numbered {a} of {n}");
                    assert!(d.action_words(a).is_some(), "{mv:?}");
                    schemes += 1;
                }
            }
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
    }
    assert!(schemes > 100, "only {schemes} moves of the plots offered");
}

/// The greedy bot's move at a scenario's position (no steps).
fn greedy_move(d: &sevenw_runtime::games::duel::Duel, position: &str) -> Move {
    use sevenw_runtime::bots::Bot;
    use sevenw_runtime::game::Player;
    use sevenw_runtime::scenario::Scenarios;
    let mut st = d.read_scenario(position).expect("a position").state;
    let mut moves = Vec::new();
    d.legal_moves(&mut st, &mut moves);
    let seat = d.to_move(&st).expect("a seat to move");
    let mut bot = Bot::greedy();
    moves[bot.choose(d, &d.view(&st, seat), &moves)]
}

/// The greedy bot triggers a prepared plot that raises its lead before
/// taking its card (its shields win the pawn two squares), and tucks a
/// card under an unprepared one only when its card would gain less.
#[test]
fn the_greedy_bot_triggers_and_prepares_plots() {
    let d = forum();
    let position = "game: duel
expansions: [forum]
age: 2
layout: [Library, Stable, Brewery]
players:
  - {name: Ana, coins: 6, prepared: [Plot of the Legion]}
  - {name: Ben, coins: 6}
";
    let mv = greedy_move(&d, position);
    assert!(
        matches!(mv, Move::Scheme(_)),
        "the Legion's plot first, not {}",
        d.describe_move(&mv)
    );
    // Unprepared, the plot waits: a card is worth a turn, and the plot's
    // shields are worth tucking a card the player cannot afford anyway.
    let poor = position
        .replace("coins: 6, prepared", "coins: 0, schemes")
        .replace("Library, Stable, Brewery", "Palace, Senate");
    let mv = greedy_move(&d, &poor);
    assert_eq!(
        mv.action(),
        Some(sevenw_runtime::games::duel::Action::Prepare),
        "{}",
        d.describe_move(&mv)
    );
}

/// A wonder's `when drafted` effects run for the player who takes it in
/// the draft, before the draft goes on, as Agora's Curia Julia conspires
/// and Knossos places a cube when chosen (duel-expansions-facts.md
/// §2.10): Forum's Curia draws two plots and keeps one, its Labyrinth
/// places a cube; picked last of a round (given, not chosen), the same.
#[test]
fn a_wonder_taken_in_the_draft_runs_its_drafted_effects() {
    let d = forum();
    let id = |name: &str| {
        (d.info.wonders.iter())
            .position(|w| w.name == name)
            .expect("a Forum wonder") as u8
    };
    let (curia, labyrinth) = (id("The Curia"), id("The Labyrinth"));
    let cubes = |st: &sevenw_runtime::games::duel::State, seat: usize| -> u32 {
        st.table.senate.iter().map(|c| u32::from(c[seat])).sum()
    };
    let (mut plotted, mut placed) = (0, 0);
    for seed in 0..120u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0xd4af);
        let mut moves = Vec::new();
        while matches!(st.phase, Phase::Draft { .. }) || st.table.resume.is_some() {
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
        // The draft is over and every effect it set off is done.
        assert!(st.table.drafted_effects.is_empty() && st.table.resume.is_none());
        for seat in 0..2 {
            let took = |w| st.table.wonders[seat].contains(&w);
            if took(curia) {
                assert_eq!(
                    st.table.schemes.held[seat].len(),
                    1,
                    "seed {seed}: one plot kept"
                );
                plotted += 1;
            } else {
                assert!(st.table.schemes.held[seat].is_empty(), "seed {seed}");
            }
            let want = u32::from(took(labyrinth));
            assert_eq!(cubes(&st, seat), want, "seed {seed}: seat {seat}'s cubes");
            placed += want;
        }
        assert!(matches!(st.phase, Phase::Play), "seed {seed}: Age I begins");
    }
    assert!(
        plotted > 20 && placed > 20,
        "{plotted} Curias, {placed} Labyrinths drafted"
    );
}
