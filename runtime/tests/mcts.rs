//! The search bot decides from its information set only: determinization
//! keeps what the seat sees and deals again what it does not, so that two
//! states differing only in hidden things give the same samples, and the
//! bot the same decision, for the same seed.

use sevenw_runtime::bots::{BotKind, Judge, table};
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::weighted_pick;
use sevenw_runtime::game::{Game, InfoSet, Player, Setup, play_out};
use sevenw_runtime::games::architects::Architects;
use sevenw_runtime::games::base::{Base, Phase};
use sevenw_runtime::games::duel::Duel;
use sevenw_runtime::mcts::{MctsBot, PLAYOUT_WEIGHT};

fn base(with: &[&str], edition: Option<u8>) -> Base {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", edition, with).unwrap();
    Base::new(info).unwrap()
}

/// Plays `game` at random, and at every `every`-th decision checks the
/// determinizations of the seat to move: its view and its moves are kept;
/// determinizing again a sample (a state differing only in what the seat
/// cannot see, the random stream included) gives the same sample as
/// determinizing the real state; the bot decides the same on both; and a
/// sample plays to its end.
fn check_fair<G: Judge + 'static>(g: &G, setup: &Setup, every: usize)
where
    G::State: PartialEq,
{
    let mut s = g.start(setup).unwrap();
    let mut play = Rng::new(setup.seed ^ 0x5eed);
    let mut moves = Vec::new();
    let mut ply = 0;
    let mut reused: Option<G::State> = None;
    while let Some(seat) = g.to_move(&s) {
        g.legal_moves(&mut s, &mut moves);
        if ply % every == 0 {
            for k in 0..2u64 {
                let mut d = g.determinize(&s, seat, &mut Rng::new(100 + k));
                assert_eq!(g.view(&d, seat), g.view(&s, seat), "ply {ply}");
                assert_eq!(g.to_move(&d), Some(seat));
                let mut dm = Vec::new();
                g.legal_moves(&mut d, &mut dm);
                assert_eq!(dm, moves, "ply {ply}: the seat's moves are kept");
                let again = g.determinize(&d, seat, &mut Rng::new(7));
                let first = g.determinize(&s, seat, &mut Rng::new(7));
                assert!(
                    again == first,
                    "ply {ply}: a sample depends on hidden things"
                );
                // Sampled into a used state (one of an earlier ply, as a
                // search bot reuses one), the same sample.
                match reused.as_mut() {
                    Some(into) => {
                        g.determinize_into(&s, seat, &mut Rng::new(7), into);
                        assert!(*into == first, "ply {ply}: determinize_into differs");
                    }
                    None => reused = Some(first.clone()),
                }
                let mut a = MctsBot::new(11, 24);
                let mut b = MctsBot::new(11, 24);
                let real = a.decide(g, &InfoSet::new(g, &s, seat), &moves);
                let other = b.decide(g, &InfoSet::new(g, &d, seat), &moves);
                assert_eq!(
                    real, other,
                    "ply {ply}: the decision depends on hidden things"
                );
                let mut tail = d.clone();
                let mut bots = table(&vec![BotKind::Random; g.seats(&d)], k);
                play_out(g, &mut tail, &mut bots, &mut ()).unwrap();
            }
        }
        let mv = moves[play.below(moves.len())];
        g.apply(&mut s, &mv);
        ply += 1;
    }
}

#[test]
fn base_samples_depend_only_on_the_view() {
    check_fair(&base(&[], None), &Setup::new(4, 1), 9);
    check_fair(&base(&[], Some(2)), &Setup::new(3, 2), 11);
}

#[test]
fn expansions_samples_depend_only_on_the_view() {
    check_fair(&base(&["leaders"], None), &Setup::new(4, 3), 9);
    check_fair(&base(&["edifice"], None), &Setup::new(5, 4), 13);
    // Cities: a loss paid by choice, diplomacy; its leaders.
    check_fair(&base(&["cities", "leaders"], None), &Setup::new(4, 5), 9);
    check_fair(&base(&["cities"], Some(2)), &Setup::new(6, 6), 11);
}

#[test]
fn duel_samples_depend_only_on_the_view() {
    let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    check_fair(&g, &Setup::seeded(5), 4);
}

#[test]
fn architects_samples_depend_only_on_the_view() {
    let g = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
    check_fair(&g, &Setup::new(4, 6), 7);
}

#[test]
fn the_bot_ignores_other_hands() {
    // Two positions differing only in the hands of seats 1 and 2 (a card
    // swapped between them, and one swapped with the discard pile): seat
    // 0 sees the same, samples the same and decides the same.
    let g = base(&[], None);
    let mut s = g.start(&Setup::new(4, 8)).unwrap();
    let mut bots = table(&[BotKind::Random; 4], 8);
    // Two turns, so the discard pile may hold something.
    sevenw_runtime::game::play_until(&g, &mut s, &mut bots, &mut (), |st| {
        st.turns_played >= 2 && st.phase == Phase::Turn
    })
    .unwrap();
    let mut t = s.clone();
    let a = t.table.hands[1][0];
    let b = t.table.hands[2][1];
    t.table.hands[1][0] = b;
    t.table.hands[2][1] = a;
    if let Some(x) = t.table.discard.first().copied()
        && g.info().cards[usize::from(x.0)].age == t.table.age
    {
        t.table.discard[0] = t.table.hands[3][0];
        t.table.hands[3][0] = x;
    }
    assert_ne!(s.table.hands, t.table.hands);
    let seat = g.to_move(&s).unwrap();
    assert_eq!(seat, 0);
    assert_eq!(g.view(&s, 0), g.view(&t, 0));
    assert!(g.determinize(&s, 0, &mut Rng::new(3)) == g.determinize(&t, 0, &mut Rng::new(3)));
    let mut moves = Vec::new();
    g.legal_moves(&mut s, &mut moves);
    let pick = |st| MctsBot::new(4, 200).decide(&g, &InfoSet::new(&g, st, 0), &moves);
    assert_eq!(pick(&s), pick(&t));
    // Seat 1 does see its own hand: its samples differ.
    assert!(g.determinize(&s, 1, &mut Rng::new(3)) != g.determinize(&t, 1, &mut Rng::new(3)));
}

#[test]
fn the_bot_is_seeded_and_plays_whole_games() {
    let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let run = || {
        let mut s = g.start(&Setup::seeded(9)).unwrap();
        let mut bots = table(&[BotKind::Mcts(16), BotKind::Greedy], 9);
        play_out(&g, &mut s, &mut bots, &mut ()).unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn playouts_build_more_often_than_they_discard() {
    // A Duel turn after the wonder draft: every card of the layout may be
    // discarded, some built. The search bot's playouts draw a build or a
    // wonder stage PLAYOUT_WEIGHT times as often as a discard; the
    // classic bot's uniformly.
    use sevenw_runtime::games::duel::{Action, Move};
    let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let mut s = g.start(&Setup::seeded(3)).unwrap();
    let mut bots = table(&[BotKind::Random; 2], 3);
    sevenw_runtime::game::play_until(&g, &mut s, &mut bots, &mut (), |st| {
        st.phase == sevenw_runtime::games::duel::Phase::Play
    })
    .unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut s, &mut moves);
    let discard = |m: &Move| {
        matches!(
            m,
            Move::Card {
                action: Action::Discard,
                ..
            }
        )
    };
    let discards = moves.iter().filter(|m| discard(m)).count() as f64;
    let others = moves.len() as f64 - discards;
    assert!(discards > 0.0 && others > 0.0, "{moves:?}");
    let mut rng = Rng::new(1);
    let draws = 40_000;
    let drawn = (0..draws)
        .filter(|_| discard(&moves[weighted_pick(&g, &moves, &mut rng)]))
        .count() as f64;
    let expected = discards / (discards + others * f64::from(PLAYOUT_WEIGHT));
    let share = drawn / f64::from(draws);
    assert!(
        (share - expected).abs() < 0.02,
        "discards drawn {share:.3}, expected {expected:.3}"
    );
    assert!(share < discards / moves.len() as f64 - 0.05);
}

#[test]
fn the_classic_bot_is_seeded_and_differs_from_the_search_bot() {
    let g = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let run = |kind| {
        let mut s = g.start(&Setup::seeded(9)).unwrap();
        let mut bots = table(&[kind, BotKind::Greedy], 9);
        play_out(&g, &mut s, &mut bots, &mut ()).unwrap()
    };
    assert_eq!(run(BotKind::Classic(16)), run(BotKind::Classic(16)));
    assert_ne!(run(BotKind::Classic(16)), run(BotKind::Mcts(16)));
}

/// Plays `game` at random and, at every position, draws playout moves
/// from copies of it: each is a legal move, or (a card action paid at
/// once) one of the complete moves `complete` lists, and plays.
fn check_playout_moves<G: Game>(
    g: &G,
    setup: &Setup,
    complete: impl Fn(&G, &mut G::State, &mut Vec<G::Move>),
) {
    let mut s = g.start(setup).unwrap();
    let mut play = Rng::new(setup.seed);
    let (mut moves, mut all, mut buf) = (Vec::new(), Vec::new(), Vec::new());
    let mut drawn = 0;
    while g.to_move(&s).is_some() {
        g.legal_moves(&mut s, &mut moves);
        complete(g, &mut s, &mut all);
        for k in 0..4 {
            let mut copy = s.clone();
            let mv = g
                .playout_move(&mut copy, &mut Rng::new(k), &mut buf)
                .expect("a move while someone is to move");
            assert!(
                moves.contains(&mv) || all.contains(&mv),
                "{mv:?} is not legal in {moves:?}"
            );
            g.apply(&mut copy, &mv);
            drawn += 1;
        }
        let mv = moves[play.below(moves.len())];
        g.apply(&mut s, &mv);
    }
    assert!(drawn > 40, "{drawn} draws");
}

#[test]
fn playout_moves_are_legal() {
    let complete = |g: &Base, s: &mut _, out: &mut Vec<_>| g.complete_moves(s, out);
    for seed in 0..6 {
        check_playout_moves(
            &base(&[], None),
            &Setup::new(3 + seed as usize % 5, seed),
            complete,
        );
        check_playout_moves(
            &base(&["leaders", "edifice"], None),
            &Setup::new(4, seed),
            complete,
        );
        check_playout_moves(&base(&[], Some(2)), &Setup::new(7, seed), complete);
        check_playout_moves(
            &base(&["cities", "leaders"], Some(2)),
            &Setup::new(5, seed),
            complete,
        );
    }
    let duel = Duel::new(sevenw_cards::game("duel").unwrap()).unwrap();
    let arch = Architects::new(sevenw_cards::game("architects").unwrap()).unwrap();
    for seed in 0..10 {
        check_playout_moves(&duel, &Setup::seeded(seed), |_, _, out| out.clear());
        check_playout_moves(&arch, &Setup::new(4, seed), |_, _, out| out.clear());
    }
}
