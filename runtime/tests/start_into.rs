//! A game started into a used state (`Game::start_into`, as `sevenw sim`
//! reuses one state for game after game) is the game `start` deals, and
//! plays the same: whatever the used state held (more seats, fewer, a game
//! played to its end, a set-up refused) is gone.

use sevenw_runtime::bots::{BotKind, Bots, Judge, table};
use sevenw_runtime::game::{Game, Setup, play_out};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::Base;
use sevenw_runtime::games::duel::Duel;

fn base(with: &[&str], edition: Option<u8>) -> Base {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", edition, with).unwrap();
    Base::new(info).unwrap()
}

/// Starts each of `setups` in turn into the state the one before was
/// played out in, and checks it against a fresh start: the same state at
/// the start, then the same game played by the same random bots.
fn check<G: Judge + 'static>(g: &G, setups: &[Setup])
where
    G::State: PartialEq,
{
    let mut used: Option<G::State> = None;
    for (i, setup) in setups.iter().enumerate() {
        let mut fresh = g.start(setup).unwrap();
        let mut into = match used.take() {
            Some(mut state) => {
                g.start_into(setup, &mut state).unwrap();
                state
            }
            None => g.start(setup).unwrap(),
        };
        assert!(into == fresh, "set-up {i}: start_into differs from start");
        let seats = vec![BotKind::Random; g.seats(&fresh)];
        let a = play_out(g, &mut fresh, &mut table(&seats, 9), &mut ()).unwrap();
        let b = play_out(g, &mut into, &mut table(&seats, 9), &mut ()).unwrap();
        assert_eq!(a, b, "set-up {i}: another game");
        assert!(into == fresh, "set-up {i}: another final state");
        used = Some(into);
    }
}

/// Seat counts going down and up again, so that a state with more seats
/// and one with fewer are both reused.
fn counts(seeds: u64) -> Vec<Setup> {
    [7, 3, 5, 4, 7, 6]
        .into_iter()
        .zip(seeds..)
        .map(|(n, seed)| Setup::new(n, seed))
        .collect()
}

#[test]
fn base_games_start_into_a_used_state() {
    check(&base(&[], None), &counts(1));
    check(&base(&[], Some(2)), &counts(20));
}

#[test]
fn expansions_start_into_a_used_state() {
    // The Leaders' draft, Edifice's projects and both.
    check(&base(&["leaders"], None), &counts(40));
    check(&base(&["edifice"], Some(2)), &counts(60));
    check(&base(&["leaders", "edifice"], None), &counts(80));
}

#[test]
fn duel_starts_into_a_used_state() {
    let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let chosen = |seed| Setup::seeded(seed).with_wonders((0..8).map(|w| (w, 0)).collect());
    check(
        &g,
        &[Setup::seeded(1), chosen(2), Setup::seeded(3), chosen(4)],
    );
}

#[test]
fn architects_starts_into_a_used_state() {
    let g = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
    check(&g, &counts(100));
}

/// Plays each of `setups` in turn with greedy bots kept from the game
/// before (as `sevenw sim` seats a chunk's bots again:
/// `Bots::table_into`), and again with fresh ones: the same games, the
/// bots' scratch carrying nothing from one game to the next.
fn greedy_kept<G: Judge + 'static>(g: &G, setups: &[Setup]) {
    let bots = Bots::<G>::new().with_greedy();
    let mut kept = Vec::new();
    for (i, setup) in setups.iter().enumerate() {
        let mut kinds = vec![BotKind::Greedy; g.seats(&g.start(setup).unwrap())];
        kinds[0] = BotKind::Random;
        bots.table_into(g, &kinds, setup.seed, &mut kept).unwrap();
        let a = play_out(g, &mut g.start(setup).unwrap(), &mut kept, &mut ()).unwrap();
        let mut fresh = table(&kinds, setup.seed);
        let b = play_out(g, &mut g.start(setup).unwrap(), &mut fresh, &mut ()).unwrap();
        assert_eq!(a, b, "set-up {i}: kept greedy bots decided otherwise");
    }
}

#[test]
fn greedy_bots_kept_from_game_to_game_decide_as_fresh_ones() {
    greedy_kept(&base(&["leaders", "edifice"], None), &counts(7)[..3]);
    let duel = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    greedy_kept(&duel, &[1, 2, 3].map(Setup::seeded));
    let architects = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
    greedy_kept(&architects, &counts(9)[..3]);
}

#[test]
fn a_refused_set_up_leaves_a_state_to_start_into_again() {
    let g = base(&[], None);
    let mut state = g.start(&Setup::new(4, 1)).unwrap();
    assert!(g.start_into(&Setup::new(9, 2), &mut state).is_err());
    g.start_into(&Setup::new(3, 3), &mut state).unwrap();
    assert!(state == g.start(&Setup::new(3, 3)).unwrap());
}
