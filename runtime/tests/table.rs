//! Games at a table (`sevenw_runtime::table`), for every game and
//! expansion: what each seat is shown and may read names no card hidden
//! from it, moves of the wrong seat, stale or unknown are refused with the
//! game unchanged, a stored game (set-up and action numbers) resumes where
//! it was, and the log of a finished game replays.

use sevenw_runtime::bots::BotKind;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::Setup;
use sevenw_runtime::games::{AnyGame, rules_for};
use sevenw_runtime::replay::Log;
use sevenw_runtime::table::{Refused, Table};

/// A game to try: its name, edition, expansions and player counts.
type Variant = (
    &'static str,
    Option<u8>,
    &'static [&'static str],
    Vec<usize>,
);

/// Every game to try.
fn variants() -> Vec<Variant> {
    vec![
        ("base", None, &[], vec![3, 7]),
        ("base", Some(2), &[], vec![4]),
        ("base", None, &["leaders", "edifice"], vec![4]),
        ("base", Some(2), &["leaders"], vec![5]),
        ("duel", None, &[], vec![2]),
        ("architects", None, &[], vec![2, 5]),
    ]
}

fn rules(game: &str, edition: Option<u8>, with: &[&str]) -> Box<dyn AnyGame> {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, game, edition, with)
        .unwrap_or_else(|e| panic!("{game}: {}", e.message));
    rules_for(info).unwrap()
}

fn setup(game: &str, players: usize, seed: u64) -> Setup {
    if game == "duel" {
        Setup::seeded(seed)
    } else {
        Setup::new(players, seed)
    }
}

/// What `seat` is told now that it was not before, as one text: its view,
/// the history lines it reads for the first time (`read` counts those
/// already read), the actions it is offered. A seat's own moves are left
/// out (it knows what it discarded), and so are builds: a card built is
/// put in a city in the open, even when the same move ends an Age whose
/// Edifice penalty discards it face down before the line is told.
fn told(t: &dyn Table, seat: Option<usize>, read: &mut usize) -> String {
    let mut s = t.view(seat).to_string();
    let history = t.history(seat);
    let others = (history.iter().skip(*read))
        .filter(|l| Some(l.seat) != seat && !l.text.starts_with("build "));
    for l in others {
        s.push_str(&l.text);
        s.push('\n');
    }
    *read = history.len();
    if seat.is_some() && seat == t.to_move() {
        for a in t.actions() {
            s.push_str(&a.text);
            s.push('\n');
        }
    }
    s
}

/// Plays a game to its end with random choices, checking at every
/// decision that nothing any seat (or a spectator) is told names a card
/// hidden from it.
fn play_checked<'g>(g: &'g dyn AnyGame, setup: &Setup, rng: &mut Rng) -> Box<dyn Table + 'g> {
    let mut t = g.tables().expect("a table").start(setup).unwrap();
    let seats = t.seats();
    let mut read = vec![0; seats + 1];
    while let Some(seat) = t.to_move() {
        for (i, who) in (0..seats).map(Some).chain([None]).enumerate() {
            let text = told(t.as_ref(), who, &mut read[i]);
            for name in t.secret_names(who) {
                // A longer name holding this one ("Siege Workshop" and
                // "Workshop", "The Hanging Gardens" and "Gardens") is
                // another card, wonder, side or token.
                let info = t.info();
                let names = (info.cards.iter().map(|c| c.name))
                    .chain(info.wonders.iter().map(|w| w.name))
                    .chain(
                        info.wonders
                            .iter()
                            .flat_map(|w| w.sides.iter().map(|s| s.name)),
                    )
                    .chain(info.progress.iter().map(|p| p.name));
                let mut rest = text.clone();
                for longer in names {
                    if longer != name && longer.contains(name) {
                        rest = rest.replace(longer, "");
                    }
                }
                assert!(
                    !rest.contains(name),
                    "{}: seat {who:?} is told of `{name}`, hidden from it, after {} decisions:\n{text}",
                    g.info().title,
                    t.played()
                );
            }
        }
        let actions = t.actions();
        assert!(!actions.is_empty());
        let a = actions[rng.below(actions.len())].number;
        t.play(seat, a).unwrap();
    }
    t
}

#[test]
fn nothing_hidden_is_shown_or_told() {
    let mut rng = Rng::new(5);
    for (game, edition, with, counts) in variants() {
        let g = rules(game, edition, with);
        for &n in &counts {
            let t = play_checked(g.as_ref(), &setup(game, n, 40 + n as u64), &mut rng);
            assert!(t.to_move().is_none());
            let names: Vec<String> = (1..=t.seats()).map(|s| format!("P{s}")).collect();
            let score = t.score(&names).expect("a finished game has a score");
            assert_eq!(score.players.len(), t.seats());
            // The finished game's log replays to the same end.
            let log = Log::parse(&t.log().to_text()).unwrap();
            g.replay(&log)
                .unwrap_or_else(|e| panic!("{game} {with:?} {n}: the table's log: {e}"));
        }
    }
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let g = rules("base", None, &[]);
    let mut t = g
        .tables()
        .expect("a table")
        .start(&Setup::new(3, 9))
        .unwrap();
    let seat = t.to_move().unwrap();
    let before = (t.played(), t.view(Some(seat)), t.actions());
    let other = (seat + 1) % 3;
    let legal = t.actions()[0].number;
    assert_eq!(
        t.play(other, legal),
        Err(Refused::NotYourTurn { to_move: seat })
    );
    let unknown = (0..u32::MAX)
        .find(|a| !t.actions().iter().any(|x| x.number == *a))
        .unwrap();
    assert_eq!(
        t.play(seat, unknown),
        Err(Refused::NotLegal { action: unknown })
    );
    assert_eq!(before, (t.played(), t.view(Some(seat)), t.actions()));
    // The refusals say what to do in words.
    assert!(
        Refused::NotYourTurn { to_move: 1 }
            .to_string()
            .contains("seat 2")
    );
}

#[test]
fn a_stored_game_resumes_where_it_was() {
    for (game, edition, with, counts) in variants() {
        let g = rules(game, edition, with);
        let s = setup(game, counts[0], 77);
        let mut t = g.tables().expect("a table").start(&s).unwrap();
        // Half a game by the greedy bot, asked as a server asks it.
        for i in 0..40 {
            let Some(seat) = t.to_move() else { break };
            let a = t.fork().bot(BotKind::Greedy, i).unwrap().unwrap();
            t.play(seat, a).unwrap();
        }
        let back = g
            .tables()
            .expect("a table")
            .resume(&s, t.decisions())
            .unwrap();
        assert_eq!(back.played(), t.played());
        assert_eq!(back.to_move(), t.to_move());
        for seat in (0..t.seats()).map(Some).chain([None]) {
            assert_eq!(back.view(seat), t.view(seat), "{game} {with:?}");
            assert_eq!(back.history(seat), t.history(seat), "{game} {with:?}");
        }
        assert_eq!(back.actions(), t.actions());
        // A decision that cannot be played is named.
        let mut bad = t.decisions().to_vec();
        bad.push(u32::MAX);
        let err = g
            .tables()
            .expect("a table")
            .resume(&s, &bad)
            .err()
            .expect("an illegal decision");
        assert!(
            err.contains(&format!("decision {}", bad.len())),
            "{game}: {err}"
        );
    }
}

#[test]
fn every_shipped_game_sits_at_a_table() {
    for info in sevenw_cards::GAMES.iter().filter(|i| i.extends.is_empty()) {
        let g = rules_for(info).unwrap();
        let players = (info.max_players > 2).then_some(usize::from(info.min_players));
        let s = Setup {
            players,
            seed: 1,
            ..Setup::default()
        };
        assert!(
            g.tables().expect("a table").start(&s).is_ok(),
            "{}",
            info.name
        );
    }
}
