//! A run cut into parts played apart and merged (`parts`, what the Python
//! package's Ray tasks do) gives the sums and the reports of the run
//! played at once, whatever the parts and their order; parts that leave
//! games out, count one twice or belong to another run are refused.

use sevenw_runtime::balance::Report;
use sevenw_runtime::bots::BotKind;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, rules_for};
use sevenw_runtime::sim::{SimOptions, SimReport, plan};

fn rules(name: &str) -> Box<dyn AnyGame> {
    rules_for(sevenw_cards::game(name).unwrap()).unwrap()
}

fn opts(players: usize, games: u64, bots: Vec<BotKind>) -> SimOptions {
    SimOptions {
        setup: Setup {
            players: Some(players),
            seed: 23,
            ..Setup::default()
        },
        bots,
        games,
        threads: 1,
        check: false,
    }
}

/// The parts of `opts`'s run cut at `cuts`.
fn cut(g: &dyn AnyGame, opts: &SimOptions, cuts: &[u64], balance: bool) -> Vec<String> {
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(opts.games);
    bounds
        .windows(2)
        .map(|w| {
            if balance {
                g.runs().balance_part(opts, w[0]..w[1], &|_| {}).unwrap()
            } else {
                g.runs().sim_part(opts, w[0]..w[1], &|_| {}).unwrap()
            }
        })
        .collect()
}

#[test]
fn sim_parts_merged_are_the_run_played_at_once() {
    for (name, players, bots) in [
        ("duel", 2, vec![BotKind::Random, BotKind::Greedy]),
        ("base", 4, vec![BotKind::Random; 4]),
        ("architects", 3, vec![BotKind::Greedy; 3]),
    ] {
        let g = rules(name);
        let o = opts(players, 150, bots);
        let whole = g.runs().sim(&o, &|_| {}).unwrap();
        let report = |s: &sevenw_runtime::sim::Stats| {
            SimReport::new(g.info(), g.victories(), &o, s, 1.0).to_json()
        };
        for cuts in [&[][..], &[1], &[64, 65, 149], &[10, 20, 100]] {
            let mut parts = cut(&*g, &o, cuts, false);
            // Merged in any order.
            parts.reverse();
            let merged = g.runs().sim_merge(&o, &parts).unwrap();
            assert_eq!(merged, whole, "{name} cut at {cuts:?}");
            assert_eq!(report(&merged), report(&whole), "{name}");
        }
        // One part over every game is the run's sums, byte for byte, on
        // any number of threads.
        let two = SimOptions {
            threads: 2,
            ..o.clone()
        };
        assert_eq!(
            g.runs().sim_part(&o, 0..150, &|_| {}).unwrap(),
            g.runs().sim_part(&two, 0..150, &|_| {}).unwrap()
        );
    }
}

#[test]
fn balance_parts_merged_are_the_run_played_at_once() {
    for (name, players) in [("duel", 2), ("base", 3), ("architects", 4)] {
        let g = rules(name);
        let o = opts(players, 60, vec![BotKind::Random; players]);
        let whole = g.runs().balance(&o, &|_| {}).unwrap();
        let merged = g
            .runs()
            .balance_merge(&o, &cut(&*g, &o, &[7, 8, 33], true))
            .unwrap();
        assert_eq!(merged, whole, "{name}");
        let json =
            |t| serde_json::to_string(&Report::new(g.info(), g.victories(), &o, t, 1.0)).unwrap();
        assert_eq!(json(&merged), json(&whole), "{name}");
    }
}

#[test]
fn parts_that_miss_or_repeat_games_or_come_from_another_run_are_refused() {
    let g = rules("duel");
    let o = opts(2, 40, vec![BotKind::Random; 2]);
    let parts = cut(&*g, &o, &[10, 30], false);
    let missing = g
        .runs()
        .sim_merge(&o, &[parts[0].clone(), parts[2].clone()]);
    assert_eq!(missing.unwrap_err().0, "games 10 to 29 are in no part");
    let last = g.runs().sim_merge(&o, &parts[..2]);
    assert_eq!(last.unwrap_err().0, "games 30 to 39 are in no part");
    // A retried task whose first attempt also came back: counted once or
    // refused, never twice.
    let twice = g.runs().sim_merge(
        &o,
        &[
            parts[0].clone(),
            parts[1].clone(),
            parts[1].clone(),
            parts[2].clone(),
        ],
    );
    assert_eq!(twice.unwrap_err().0, "games 10 to 29 are in two parts");
    let other = opts(2, 40, vec![BotKind::Greedy; 2]);
    let e = g.runs().sim_merge(&other, &parts).unwrap_err().0;
    assert!(e.starts_with("part 1: of another run"), "{e}");
    let e = g.runs().balance_merge(&o, &parts).unwrap_err().0;
    assert!(
        e.contains("a sim part of version 1, not a balance part"),
        "{e}"
    );
    let e = g.runs().sim_merge(&o, &["{".to_string()]).unwrap_err().0;
    assert!(e.starts_with("part 1: not a sim part"), "{e}");
}

#[test]
fn the_plan_covers_every_game_once() {
    for games in [0, 1, 40, 64, 65, 1000, 100_000] {
        let p = plan(games);
        let mut next = 0;
        for r in &p {
            assert_eq!(r.start, next);
            assert!(r.end > r.start);
            next = r.end;
        }
        assert_eq!(next, games);
    }
}
