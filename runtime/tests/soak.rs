//! Soak mode (`sevenw sim --check`, `sevenw_runtime::soak`): games of
//! every variant played with every invariant checked after every move, and
//! the checks shown to catch a corrupted state, a sheet that scores
//! differently and a log that does not replay.

#[path = "shared/combinations.rs"]
mod combinations;

use sevenw_runtime::bots::{BotKind, Judge, RandomBot, table};
use sevenw_runtime::game::{Game, Player, Setup, play_until};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::replay::{Log, Recorder};
use sevenw_runtime::sheet::Sheets;
use sevenw_runtime::sim::{SimOptions, Statistics, simulate};
use sevenw_runtime::soak::{Checks, Invariants, check_replay, check_sheet, play_checked, play_on};

fn base(edition: u8, with: &[&str]) -> Base {
    let info =
        sevenw_runtime::select(sevenw_cards::GAMES, "base", Some(edition), with).expect("compiled");
    Base::new(info).expect("rules")
}

/// `games` checked games of `g` at `players` with random bots (and one
/// greedy seat, so that the greedy judgement is exercised too).
fn soak<G: Statistics + Judge + Invariants + Sheets + 'static>(
    g: &G,
    players: Option<usize>,
    games: u64,
) {
    let n = players.unwrap_or(2);
    let mut bots = vec![BotKind::Random; n];
    bots[0] = BotKind::Greedy;
    let opts = SimOptions {
        setup: Setup {
            players,
            seed: 14,
            ..Setup::default()
        },
        bots,
        games,
        threads: 2,
        check: true,
    };
    match simulate(g, &opts, &|_| {}) {
        Ok(stats) => assert_eq!(stats.games, games),
        Err(e) => panic!("{} ({players:?} players): {e}", g.info().title),
    }
}

#[test]
fn every_base_variant_keeps_every_invariant() {
    for edition in [1, 2] {
        let variants = combinations::BASE_COMBINATIONS;
        for with in variants {
            let b = base(edition, with);
            for players in 3..=7 {
                soak(&b, Some(players), 40);
            }
        }
    }
}

#[test]
fn duel_keeps_every_invariant() {
    let d = Duel::new(sevenw_cards::game("duel").expect("compiled")).expect("rules");
    soak(&d, None, 300);
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, &["pantheon"]);
    let d = Duel::new(info.expect("compiled")).expect("rules");
    soak(&d, None, 300);
}

#[test]
fn architects_keeps_every_invariant_at_every_player_count() {
    let a = Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
    for players in 2..=7 {
        soak(&a, Some(players), 50);
    }
}

/// Plays `moves` decisions of a random 4-player base game.
fn midgame(b: &Base, moves: usize) -> sevenw_runtime::games::base::State {
    let mut st = b.start(&Setup::new(4, 5)).expect("setup");
    let mut bots = table(&[BotKind::Random; 4], 5);
    let mut n = 0;
    play_until(b, &mut st, &mut bots, &mut (), |_| {
        n += 1;
        n > moves
    })
    .expect("plays");
    st
}

/// The base game's invariants, for [`play_on`].
fn invariants() -> Option<sevenw_runtime::soak::InvariantCheck<Base>> {
    Checks::new().with_invariants().invariants
}

fn randoms(n: usize) -> Vec<RandomBot> {
    (0..n).map(|s| RandomBot::new(s as u64)).collect()
}

#[test]
fn a_card_in_two_places_is_caught_at_the_next_move() {
    let b = base(1, &[]);
    let mut st = midgame(&b, 30);
    assert!(b.invariants(&st).is_ok());
    // A card of seat 1's hand copied into seat 0's city.
    let card = st.table.hands[1][0];
    b.add_card(&mut st.table.cities, 0, card, false);
    let (moves, broken) =
        play_on(&b, invariants(), &mut st, &mut randoms(4), 30, &mut ()).expect_err("caught");
    assert_eq!(moves, 30, "caught before any further move");
    assert_eq!(broken.invariant, "cards in one place");
    assert!(
        broken.detail.contains(b.card_name(card)),
        "{}",
        broken.detail
    );
    let v = broken.at(5, Some(moves));
    assert!(
        v.to_string()
            .starts_with("seed 5, after move 30: invariant `cards in one place` broken: "),
        "{v}"
    );
}

#[test]
fn a_name_built_twice_and_a_card_both_dealt_and_boxed_are_caught() {
    let b = base(1, &[]);
    let st = midgame(&b, 30);
    // Seat 0's first card built a second time (pushed past `add_card`,
    // which would refuse nothing but keep the lists apart).
    let mut twice = st.clone();
    let card = twice.table.cities[0].cards[0];
    twice.table.cities[0].cards.push(card);
    let broken = b.invariants(&twice).expect_err("caught");
    assert_eq!(broken.invariant, "one card of a name per city");
    assert!(broken.detail.contains("seat 0"), "{}", broken.detail);
    assert!(
        broken.detail.contains(b.card_name(card)),
        "{}",
        broken.detail
    );
    // A card dealt (in seat 2's hand) also put back in the box, where its
    // single copy cannot be as well.
    let mut boxed = st.clone();
    let card = boxed.table.hands[2][0];
    boxed.table.boxed.push(card);
    let broken = b.invariants(&boxed).expect_err("caught");
    assert_eq!(broken.invariant, "cards in one place");
    assert!(
        broken.detail.contains("both boxed and dealt"),
        "{}",
        broken.detail
    );
}

#[test]
fn negative_coins_are_caught() {
    let b = base(1, &[]);
    let mut st = midgame(&b, 10);
    st.table.cities[2].coins = -1;
    let broken = b.invariants(&st).expect_err("caught");
    assert_eq!(broken.invariant, "coins never negative");
    assert!(broken.detail.contains("seat 2"));
}

#[test]
fn a_pawn_off_its_track_is_caught() {
    let d = Duel::new(sevenw_cards::game("duel").expect("compiled")).expect("rules");
    let mut st = d.start(&Setup::seeded(3)).expect("setup");
    assert!(d.invariants(&st).is_ok());
    st.table.track.pawn = i32::from(d.conflict.capital) + 1;
    let broken = d.invariants(&st).expect_err("caught");
    assert_eq!(broken.invariant, "conflict pawn on its track");
}

#[test]
fn an_architects_card_lost_is_caught() {
    let a = Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules");
    let mut st = a.start(&Setup::new(3, 8)).expect("setup");
    st.table.central.pop();
    let broken = a.invariants(&st).expect_err("caught");
    assert_eq!(broken.invariant, "cards in one place");
}

#[test]
fn a_sheet_that_scores_otherwise_and_a_log_that_does_not_replay_are_caught() {
    let b = base(1, &[]);
    let setup = Setup::new(3, 77);
    let mut bots = randoms(3);
    let done = play_checked(&b, &setup, &mut bots).expect("a sound game");
    assert!(check_sheet(&b, &done.state, &done.outcome).is_ok());
    // The game claims a point more than its cities are worth.
    let mut out = done.outcome.clone();
    out.scores[1].total += 1;
    let broken = check_sheet(&b, &done.state, &out).expect_err("caught");
    assert_eq!(
        broken.invariant,
        "the final cities score the same as a sheet"
    );
    assert!(broken.detail.contains("seat 1"), "{}", broken.detail);
    // The same decisions recorded, but the log's last one changed.
    let mut st = b.start(&setup).expect("setup");
    let mut rec = Recorder::new();
    play_on(&b, invariants(), &mut st, &mut randoms(3), 0, &mut rec).expect("sound");
    let mut log = Log::new(&b, &setup);
    log.finish(rec, &done.outcome);
    assert!(check_replay(&b, &log, &done.outcome).is_ok());
    let last = log.decisions.last_mut().expect("decisions");
    last.what = "build the Colossus".into();
    let broken = check_replay(&b, &log, &done.outcome).expect_err("caught");
    assert_eq!(broken.invariant, "the replay reproduces the game");
}

/// A player always choosing the first move, to make games the same
/// whatever the bots' streams.
struct First;

impl<G: Game> Player<G> for First {
    fn choose(&mut self, _g: &G, _v: &G::View<'_>, _m: &[G::Move]) -> usize {
        0
    }
}

#[test]
fn checked_and_unchecked_games_agree() {
    let b = base(2, &["leaders"]);
    let setup = Setup::new(5, 21);
    let done = play_checked(&b, &setup, &mut [First, First, First, First, First]).expect("sound");
    let mut st = b.start(&setup).expect("setup");
    let out = sevenw_runtime::game::play_out(
        &b,
        &mut st,
        &mut [First, First, First, First, First],
        &mut (),
    )
    .expect("plays");
    assert_eq!(out, done.outcome);
}
