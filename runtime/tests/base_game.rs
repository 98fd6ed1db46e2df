//! The shipped base game, through `GAMES`: decks, many seeded random games
//! with invariants, greedy bots, seeds and fair views. How the cards play —
//! trading, chains, every wonder power, every guild, science, military,
//! tie-breaks — is tested by the scenarios in `cards/base/tests/`.

mod common;

use common::{Checker, check_cards};
use sevenw_host::CardId;
use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Game, Setup, Sides, play_out};
use sevenw_runtime::games::base::{Base, Move, Phase, State, Status, deck_size};

fn base() -> Base {
    let info = sevenw_cards::game("base").expect("the base game is compiled");
    Base::new(info).expect("the base game has the base categories")
}

#[test]
fn decks_deal_seven_per_player_and_age() {
    let b = base();
    assert_eq!(b.info.wonders.len(), 7);
    for n in 3..=7 {
        for age in 1..=3 {
            assert_eq!(deck_size(b.info, age, n), 7 * n, "{n} players, Age {age}");
        }
        // `start` deals Age I.
        let mut g = b.start(&Setup::new(n, 3)).unwrap();
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        b.start_age(&mut g, 2);
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        b.start_age(&mut g, 3);
        assert!(g.table.hands.iter().all(|h| h.len() == 7));
        assert_eq!(g.table.dealt.len(), 21 * n);
        let purple = b.info.colours.iter().position(|c| *c == "purple").unwrap() as u8;
        let guilds = g
            .table
            .dealt
            .iter()
            .filter(|&&c| b.info.cards[c.0 as usize].colour.0 == purple)
            .count();
        assert_eq!(guilds, n + 2);
        assert_eq!(g.table.boxed.len(), 10 - (n + 2));
    }
}

/// The base rules over an edition of the base game, with these expansions.
fn composed(edition: u8, with: &[&str]) -> Base {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", Some(edition), with)
        .expect("the card sets are compiled and fit together");
    Base::new(info).expect("the base rules play them")
}

/// 10,000 seeded random games (2,000 for each player count) of `b`: every
/// game ends after Age III, no coin goes negative, every card is in one
/// place at the end of each Age, every decision is accounted for, and a
/// game played again from its seed is the same game.
fn ten_thousand_games(b: &Base, expert: bool) {
    let leaders = b.draft.is_some();
    // Cards a hand holds (Cities: 8), all but the last played each Age.
    let hand = usize::from(b.info.hand_size);
    let turns = 3 * (hand - 1);
    let (mut games, mut payments) = (0, 0);
    let mut wins = vec![0u32; b.info.wonders.len()];
    for n in 3..=7usize {
        for seed in 0..2000u64 {
            let mut setup = Setup::new(n, seed * 7 + n as u64);
            if expert {
                setup = setup.with_option("leaders", "all");
            }
            let mut g = b.start(&setup).unwrap();
            let mut check = Checker::with_cards();
            let mut bots = table(&vec![BotKind::Random; n], seed);
            let out = play_out(b, &mut g, &mut bots, &mut check).unwrap();
            assert_eq!(
                check.ages_ended,
                vec![1, 2, 3],
                "the game ends after Age III"
            );
            assert_eq!(g.phase, Phase::Over);
            assert!(check.min_coins >= 0);
            // One decision per seat and turn; with Leaders, per pick of
            // the draft (the last card is kept without one) and per
            // recruitment; and one per last card, free build and choice.
            let (picks, recruits) = match b.draft {
                Some(d) => ((usize::from(d.deal) - 1) * n, 3 * n),
                None => (0, 0),
            };
            assert_eq!(check.picks, picks);
            assert_eq!(
                check.moves,
                turns * n + picks + recruits + check.last_cards + check.free_builds + check.choices,
            );
            check_cards(b, &g.table);
            check_projects(b, &g.table);
            let drafted = if leaders { 4 * n } else { 0 };
            assert!(g.table.dealt.len() >= 3 * hand * n + drafted);
            assert_eq!(
                g.turns_played as usize,
                turns + if leaders { 3 + 3 } else { 0 }
            );
            for s in &out.scores {
                assert_eq!(s.total, s.points.iter().sum::<i32>());
            }
            assert_eq!(out.victory, "points");
            for &w in &out.winners {
                wins[g.table.cities[w].wonder as usize] += 1;
            }
            if seed % 50 == 0 {
                // Same seed and bots: the same game.
                let mut again = b.start(&setup).unwrap();
                let mut bots = table(&vec![BotKind::Random; n], seed);
                let out2 = play_out(b, &mut again, &mut bots, &mut ()).unwrap();
                assert_eq!(out, out2);
                assert_eq!(g.table, again.table);
                assert_eq!(g, again);
            }
            games += 1;
            payments += check.payments;
        }
    }
    assert_eq!(games, 10_000);
    // Decisions in two steps: some card actions leave a choice of payment
    // (a few in every game on average).
    assert!(
        payments > games,
        "{payments} payment steps in {games} games"
    );
    assert!(
        wins.iter().all(|&w| w > 0),
        "every wonder wins sometimes: {wins:?}"
    );
}

/// Edifice: one project per Age, each completed or failed by the end; its
/// pawns conserved (on the card, held, or taken from the box); debt tokens
/// only of failed projects' Ages.
fn check_projects(b: &Base, t: &sevenw_runtime::games::base::Position) {
    let Some(rule) = b.info.projects else {
        assert!(t.projects.is_empty());
        return;
    };
    assert_eq!(t.projects.len(), 3, "one project per Age");
    let n = t.cities.len() as u8;
    for (i, p) in t.projects.iter().enumerate() {
        assert_eq!(p.age as usize, i + 1);
        assert_eq!(b.info.cards[p.card.0 as usize].colour, rule.colour);
        assert_eq!(b.info.cards[p.card.0 as usize].age, p.age);
        assert_eq!(p.pawns, rule.pawns_for(n));
        assert_ne!(p.status, Status::Open, "every Age's project is settled");
        let held = t.seats.iter().filter(|c| c.has_pawn(p.age)).count() as u8;
        assert_eq!(p.left + held, p.pawns + p.from_box, "pawns are conserved");
        assert_eq!(p.status == Status::Completed, p.left == 0);
    }
    // A debt token (the kind the rule names, by Age) only of a failed
    // project's Age, one at most: one penalty per project.
    let debt = usize::from(rule.debt);
    for c in &t.cities {
        for (p, &n) in t.projects.iter().zip(&c.tokens[debt]) {
            assert!(
                n == 0 || (n == 1 && p.status == Status::Failed),
                "{n} of {p:?}"
            );
        }
    }
}

#[test]
fn ten_thousand_random_games_with_edifice() {
    ten_thousand_games(&composed(1, &["edifice"]), false);
}

#[test]
fn ten_thousand_random_games_of_the_second_edition_with_leaders_and_edifice() {
    ten_thousand_games(&composed(2, &["leaders", "edifice"]), false);
}

#[test]
fn ten_thousand_random_games_with_cities_and_its_leaders() {
    ten_thousand_games(&composed(1, &["cities", "leaders"]), false);
}

#[test]
fn ten_thousand_random_games_of_the_second_edition_with_cities_and_edifice() {
    ten_thousand_games(&composed(2, &["cities", "edifice"]), false);
}

#[test]
fn ten_thousand_random_games_keep_the_invariants() {
    ten_thousand_games(&base(), false);
}

#[test]
fn ten_thousand_random_games_of_the_second_edition() {
    ten_thousand_games(&composed(2, &[]), false);
}

#[test]
fn ten_thousand_random_games_with_leaders() {
    ten_thousand_games(&composed(1, &["leaders"]), false);
}

#[test]
fn ten_thousand_random_games_of_the_second_edition_with_every_leader() {
    ten_thousand_games(&composed(2, &["leaders"]), true);
}

#[test]
fn greedy_bots_play_full_games_and_beat_random_ones() {
    let b = base();
    let mut greedy = 0i64;
    let mut random = 0i64;
    for seed in 0..40 {
        for n in [3, 6] {
            let mut g = b.start(&Setup::new(n, seed)).unwrap();
            let kinds: Vec<BotKind> = (0..n)
                .map(|s| {
                    if s % 2 == 0 {
                        BotKind::Greedy
                    } else {
                        BotKind::Random
                    }
                })
                .collect();
            let mut bots = table(&kinds, seed);
            let mut check = Checker::with_cards();
            let out = play_out(&b, &mut g, &mut bots, &mut check).unwrap();
            assert_eq!(check.ages_ended, vec![1, 2, 3]);
            check_cards(&b, &g.table);
            for (s, sc) in out.scores.iter().enumerate() {
                if s % 2 == 0 {
                    greedy += i64::from(sc.total);
                } else {
                    random += i64::from(sc.total);
                }
            }
        }
    }
    assert!(greedy > random * 3 / 2, "greedy {greedy} random {random}");
}

#[test]
fn seeds_give_different_deals_and_sides_follow_the_policy() {
    let b = base();
    let t = |seed, sides| {
        let setup = Setup {
            players: Some(5),
            seed,
            sides,
            wonders: None,
            ..Setup::default()
        };
        // `start` deals Age I.
        let g = b.start(&setup).unwrap();
        assert_eq!(g.table.age, 1);
        g.table
    };
    assert_ne!(t(1, Sides::Random).hands, t(2, Sides::Random).hands);
    assert_eq!(t(1, Sides::Random), t(1, Sides::Random));
    assert!(t(3, Sides::A).cities.iter().all(|c| c.side == 0));
    assert!(t(3, Sides::B).cities.iter().all(|c| c.side == 1));
    let mut ws: Vec<u8> = t(4, Sides::A).cities.iter().map(|c| c.wonder).collect();
    ws.sort();
    ws.dedup();
    assert_eq!(ws.len(), 5, "five different wonders");
}

// Fair views: a seat's view shows what the seat may see and nothing else.

/// In the record of dealt cards, `out` (one copy) is replaced by `into`.
fn redeal(dealt: &mut [CardId], out: CardId, into: CardId) {
    let i = dealt.iter().position(|&c| c == out).expect("a dealt card");
    dealt[i] = into;
}

/// `x` with what `viewer` cannot see changed, the rest as it is: the
/// hands of two seats still to choose swapped, a boxed guild dealt into
/// another seat's hand instead of one of its cards, a discarded card (face
/// down) changed for a boxed one, and a card under another seat's wonder
/// changed for a discarded one.
fn hidden_changed(x: &State, viewer: usize) -> State {
    let mut y = x.clone();
    let t = &mut y.table;
    let n = t.cities.len();
    // In a turn, seats before the viewer have chosen from their hands
    // already: only later seats' hands change.
    let later: Vec<usize> = match x.phase {
        Phase::Turn => (viewer + 1..n).collect(),
        _ => (0..n).filter(|&s| s != viewer).collect(),
    };
    if let [s1, s2, ..] = later[..] {
        t.hands.swap(s1, s2);
    }
    // Cards to box are taken among those dealt once (a boxed card is one
    // never dealt).
    let once = |dealt: &[CardId], c: CardId| dealt.iter().filter(|&&d| d == c).count() == 1;
    if let Some(&s) = later.last()
        && !t.boxed.is_empty()
        && let Some(k) = t.hands[s].iter().rposition(|&c| once(&t.dealt, c))
    {
        let (old, new) = (t.hands[s][k], t.boxed[0]);
        t.hands[s][k] = new;
        t.boxed[0] = old;
        redeal(&mut t.dealt, old, new);
    }
    let sees_discard = x.phase == Phase::FreeBuild(viewer);
    if !sees_discard
        && t.boxed.len() > 1
        && let Some(k) = t.discard.iter().position(|&c| once(&t.dealt, c))
    {
        let last = t.boxed.len() - 1;
        let (old, new) = (t.discard[k], t.boxed[last]);
        t.discard[k] = new;
        t.boxed[last] = old;
        redeal(&mut t.dealt, old, new);
    }
    if !sees_discard
        && let Some(s) = (0..n).find(|&s| s != viewer && !t.stage_cards[s].is_empty())
        && let Some(k) = t.discard.iter().position(|&c| c != t.stage_cards[s][0])
    {
        std::mem::swap(&mut t.stage_cards[s][0], &mut t.discard[k]);
    }
    y
}

/// `viewer` sees `x` and `y` alike; when it is to move, it has the same
/// moves and the greedy bot picks the same one.
fn sees_alike(b: &Base, x: &mut State, y: &mut State, viewer: usize) {
    assert_eq!(b.view(x, viewer), b.view(y, viewer));
    if b.to_move(x) == Some(viewer) {
        assert_eq!(b.to_move(y), Some(viewer));
        let (mut mx, mut my) = (Vec::new(), Vec::new());
        b.legal_moves(x, &mut mx);
        b.legal_moves(y, &mut my);
        assert_eq!(mx, my);
        let mut bot = sevenw_runtime::bots::GreedyBot::<Base>::new();
        let ix = sevenw_runtime::game::Player::choose(&mut bot, b, &b.view(x, viewer), &mx);
        let iy = sevenw_runtime::game::Player::choose(&mut bot, b, &b.view(y, viewer), &my);
        assert_eq!(ix, iy, "the greedy bot saw a hidden card");
    }
}

#[test]
fn views_hide_other_hands_the_decks_and_face_down_cards() {
    let b = base();
    // At the deal: other hands swapped, and a state of another seed (the
    // Ages still to deal come out differently) with the same table.
    let mut x = b.start(&Setup::new(4, 21)).unwrap();
    let mut y = b.start(&Setup::new(4, 22)).unwrap();
    y.table = x.table.clone();
    y.table.hands.swap(1, 2);
    y.phase = x.phase;
    assert_ne!(x.table, y.table);
    for viewer in [0, 3] {
        sees_alike(&b, &mut x, &mut y, viewer);
    }
    // The seats whose hands changed see it.
    for viewer in [1, 2] {
        assert_ne!(b.view(&x, viewer), b.view(&y, viewer));
    }
    // The decks still to deal do differ.
    let (mut x2, mut y2) = (x.clone(), y.clone());
    b.start_age(&mut x2, 2);
    b.start_age(&mut y2, 2);
    assert_ne!(x2.table.hands[0], y2.table.hands[0]);

    // Another seat's choice this turn is not seen until the turn is
    // carried out.
    let mut moves = Vec::new();
    b.legal_moves(&mut x, &mut moves);
    let other = moves
        .iter()
        .position(|m| m.card != moves[0].card)
        .expect("a hand of different cards");
    let (mut c0, mut c1) = (x.clone(), x.clone());
    b.apply(&mut c0, &moves[0]);
    b.apply(&mut c1, &moves[other]);
    assert_ne!(c0, c1);
    for viewer in [1, 2, 3] {
        sees_alike(&b, &mut c0, &mut c1, viewer);
    }

    // What is visible makes a difference: a city's coins, one's own hand.
    let mut z = x.clone();
    z.table.cities[2].coins += 1;
    for viewer in 0..4 {
        assert_ne!(b.view(&x, viewer), b.view(&z, viewer));
    }
    let mut z = x.clone();
    z.table.hands.swap(0, 3);
    assert_ne!(b.view(&x, 0), b.view(&z, 0));
    assert_eq!(b.view(&x, 1), b.view(&z, 1));
}

/// Checks every decision of a game against states differing in hidden cards.
struct Fairness {
    checked: usize,
    differed: usize,
}

impl sevenw_runtime::game::Observer<Base> for Fairness {
    fn decided(&mut self, b: &Base, state: &State, seat: usize, _i: usize, _m: &[Move]) {
        let mut x = state.clone();
        let mut y = hidden_changed(state, seat);
        self.checked += 1;
        if x.table != y.table {
            self.differed += 1;
            check_cards(b, &y.table);
        }
        sees_alike(b, &mut x, &mut y, seat);
    }
}

#[test]
fn bots_decide_from_what_their_seat_sees() {
    let b = base();
    for (n, seed) in [(3, 5u64), (5, 6), (7, 7)] {
        let mut g = b.start(&Setup::new(n, seed)).unwrap();
        let mut bots = table(&vec![BotKind::Random; n], seed);
        let mut fair = Fairness {
            checked: 0,
            differed: 0,
        };
        play_out(&b, &mut g, &mut bots, &mut fair).unwrap();
        assert!(fair.checked >= 18 * n);
        // Most positions had something hidden to change (the last seat of
        // a turn in Ages I and II has only the face-down piles).
        assert!(
            fair.differed * 2 > fair.checked,
            "{} of {}",
            fair.differed,
            fair.checked
        );
    }
}

#[test]
fn views_hide_other_players_leaders() {
    let b = composed(2, &["leaders"]);
    // The draft: another seat's hand differs, the viewer sees nothing of it.
    let mut x = b.start(&Setup::new(4, 9)).unwrap();
    assert_eq!(x.phase, Phase::Draft);
    assert!(x.table.drafting.iter().all(|h| h.len() == 4));
    let mut y = x.clone();
    y.table.drafting.swap(2, 3);
    for viewer in [0, 1] {
        sees_alike(&b, &mut x, &mut y, viewer);
    }
    assert_ne!(
        b.view(&x, 2),
        b.view(&y, 2),
        "a seat sees its own draft hand"
    );
    // After the draft: the leaders kept face down by others are hidden.
    let mut players = table(&[BotKind::Random; 4], 9);
    sevenw_runtime::game::play_until(&b, &mut x, &mut players, &mut (), |s| {
        s.phase != Phase::Draft
    })
    .unwrap();
    assert!(x.table.recruiting);
    assert!(x.table.side.iter().all(|h| h.len() == 4));
    let mut y = x.clone();
    y.table.side.swap(1, 2);
    sees_alike(&b, &mut x, &mut y, 0);
    sees_alike(&b, &mut x, &mut y, 3);
    assert_ne!(b.view(&x, 1), b.view(&y, 1));
}

#[test]
fn the_draft_deals_four_normal_leaders_and_passes_right() {
    // "A. Fase de selección": 4 leaders to each, one kept, the rest passed
    // to the right neighbour (seat p's hand goes to seat p - 1).
    let b = composed(1, &["leaders"]);
    let mut g = b.start(&Setup::new(3, 4)).unwrap();
    let hands = g.table.drafting.clone();
    assert!(hands.iter().all(|h| h.len() == 4));
    let expert = |c: &CardId| b.info.cards[c.0 as usize].expert;
    assert!(
        hands.iter().flatten().all(|c| !expert(c)),
        "normal leaders only unless all are asked for"
    );
    for _ in 0..3 {
        let mut moves = Vec::new();
        b.legal_moves(&mut g, &mut moves);
        let first = moves[0];
        b.apply(&mut g, &first);
    }
    for seat in 0..3 {
        assert_eq!(g.table.side[seat], [hands[seat][0]]);
        let left = (seat + 1) % 3;
        assert_eq!(
            g.table.drafting[seat],
            hands[left][1..],
            "from the left, passed right"
        );
    }
    // With every leader, expert ones are dealt too (in some game).
    let some_expert = (0..20).any(|seed| {
        let g = b
            .start(&Setup::new(7, seed).with_option("leaders", "all"))
            .unwrap();
        g.table.drafting.iter().flatten().any(expert)
    });
    assert!(some_expert);
    // 6 starting coins ("Preparación").
    assert!(g.table.cities.iter().all(|c| c.coins == 6));
}

#[test]
fn second_edition_decks_deal_seven_per_player_and_age() {
    let b = composed(2, &[]);
    for n in 3..=7 {
        for age in 1..=3 {
            assert_eq!(deck_size(b.info, age, n), 7 * n, "{n} players, Age {age}");
        }
    }
    assert_eq!(b.info.cards.len(), 80);
}

/// Cities' choice of how to pay a loss (coins, debt tokens, or both) is
/// told in words that name only what is paid and taken: `pay 1 coin`,
/// `take 2 debt tokens`, `pay 1 coin and take 1 debt token`, never "take 0
/// debt tokens" (the history of the playtest table reads these words).
#[test]
fn a_choice_of_debt_names_only_what_is_paid_and_taken() {
    use sevenw_runtime::games::base::Choice;
    let b = composed(1, &["cities"]);
    let (mut seen, mut halves) = (0, [false; 3]);
    let mut buf = Vec::new();
    for seed in 0..200u64 {
        let mut g = b.start(&Setup::new(4, seed)).unwrap();
        let mut rng = sevenw_runtime::engine::rng::Rng::new(seed);
        while g.phase != Phase::Over {
            b.legal_moves(&mut g, &mut buf);
            if matches!(g.phase, Phase::Choose(_, Choice::Debt(_))) {
                for mv in &buf {
                    let words = b.describe_in(&g, mv);
                    seen += 1;
                    assert!(!words.contains(" 0 "), "{words}");
                    let pays = words.starts_with("pay ");
                    let takes = words.contains("take ") && words.ends_with("debt token")
                        || words.ends_with("debt tokens");
                    assert!(pays || takes, "{words}");
                    halves[usize::from(pays) + 2 * usize::from(takes) - 1] = true;
                }
            }
            let mv = buf[rng.below(buf.len())];
            b.apply(&mut g, &mv);
        }
    }
    assert!(seen > 0, "no choice of debt in 200 games");
    assert_eq!(halves, [true; 3], "pay alone, take alone, and both");
}
