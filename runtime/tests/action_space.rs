//! The fixed action spaces of the base game (both editions, with Leaders
//! and Edifice), 7 Wonders Duel and 7 Wonders Architects
//! (`runtime/FORMATS.md`, "The action space"), over every card set of their
//! families the library ships: at every decision of many seeded games
//! played with uniformly random legal moves, every legal move encodes
//! below `num_actions`, no two alike, and decodes back to itself
//! (`check_actions`); the legal mask marks exactly the legal moves' numbers;
//! at some decisions, every number of the space decodes to a legal move
//! exactly where the mask says so. The numbering depends on the tables
//! only: the sizes of the shipped sets are checked against the formulas.

#[path = "shared/combinations.rs"]
mod combinations;

use std::collections::HashSet;

use sevenw_host::{CardId, GameInfo};
use sevenw_runtime::engine::rng::{Rng, derive};
use sevenw_runtime::game::{Game, Setup, check_actions, legal_mask};
use sevenw_runtime::games::architects::{self, Architects, Deck, Pay, Pick};
use sevenw_runtime::games::base::{self, Base};
use sevenw_runtime::games::duel::{self, Action, Duel};

/// Every compiled card set of `family` (each edition and expansion).
/// The games of `family`, each expansion played with its game (and the
/// expansions it needs).
fn sets(family: &str) -> Vec<&'static GameInfo> {
    let sets: Vec<_> = sevenw_cards::GAMES
        .iter()
        .copied()
        .filter(|g| g.family == family)
        .map(|g| {
            if g.extends.is_empty() {
                return g;
            }
            let with: Vec<&str> = std::iter::once(g.name)
                .chain(g.with.iter().copied())
                .collect();
            sevenw_runtime::select(sevenw_cards::GAMES, g.extends, None, &with)
                .unwrap_or_else(|e| panic!("{} with {}: {e}", g.extends, g.name))
        })
        .collect();
    assert!(!sets.is_empty(), "no card set of family {family}");
    sets
}

/// Plays `games` seeded games of `game` with random legal moves (setups
/// from `setup`), checking the action space at every decision and every
/// number of it at the first `full` decisions of each of the first games.
/// `seen` is shown the legal moves of each decision. Returns the decisions
/// checked.
fn round_trips<G: Game>(
    game: &G,
    games: u64,
    setup: impl Fn(u64) -> Setup,
    seen: impl FnMut(&[G::Move]),
) -> usize {
    round_trips_full(game, games, (3, 40), setup, seen)
}

/// [`round_trips`], every number of the space decoded at the first
/// `full.1` decisions of the first `full.0` games.
fn round_trips_full<G: Game>(
    game: &G,
    games: u64,
    full: (u64, usize),
    setup: impl Fn(u64) -> Setup,
    mut seen: impl FnMut(&[G::Move]),
) -> usize {
    let n = game.num_actions();
    let (mut moves, mut mask) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    for i in 0..games {
        let setup = setup(i);
        let mut state = game.start(&setup).expect("starts");
        let mut rng = Rng::new(derive(setup.seed, 1));
        let mut turn = 0;
        while game.to_move(&state).is_some() {
            check_actions(game, &mut state)
                .unwrap_or_else(|e| panic!("{setup:?}, decision {turn}: {e}"));
            legal_mask(game, &mut state, &mut moves, &mut mask);
            assert_eq!(mask.len(), n as usize);
            let numbers: HashSet<u32> = moves.iter().map(|m| game.encode(m)).collect();
            let marked: HashSet<u32> = (0..n).filter(|&a| mask[a as usize]).collect();
            assert_eq!(numbers, marked, "{setup:?}, decision {turn}");
            assert_eq!(marked.len(), moves.len(), "{setup:?}, decision {turn}");
            seen(&moves);
            assert_eq!(game.decode(&mut state, n), None);
            assert_eq!(game.decode(&mut state, u32::MAX), None);
            if i < full.0 && turn < full.1 {
                for a in 0..n {
                    let back = game.decode(&mut state, a);
                    assert_eq!(back.is_some(), mask[a as usize], "{setup:?}, action {a}");
                    if let Some(mv) = back {
                        assert!(moves.contains(&mv));
                    }
                }
            }
            decisions += 1;
            turn += 1;
            let mv = moves[rng.below(moves.len())];
            game.apply(&mut state, &mv);
        }
        assert!(
            (0..n.min(64)).all(|a| game.decode(&mut state, a).is_none()),
            "a finished game has no legal move"
        );
    }
    decisions
}

#[test]
fn duel_moves_round_trip_through_the_action_space() {
    for info in sets("duel") {
        let duel = Duel::new(info).expect("duel rules");
        // What the numbering folds together was offered: chains, paid
        // builds of a card at two prices, a wonder with several cards.
        let (mut chains, mut prices, mut wonders) = (0, HashSet::new(), 0);
        let decisions = round_trips(&duel, 1000, Setup::seeded, |moves| {
            for m in moves {
                match m.action() {
                    Some(Action::Chain) => chains += 1,
                    Some(Action::Build { coins, trade }) => {
                        prices.insert((m.card(), coins + trade));
                    }
                    Some(Action::Wonder { .. }) => wonders += 1,
                    _ => {}
                }
            }
        });
        assert!(decisions > 50_000, "{}: {decisions} decisions", info.name);
        assert!(
            chains > 0 && wonders > 0,
            "{chains} chains, {wonders} wonders"
        );
        let cards: HashSet<_> = prices.iter().map(|&(c, _)| c).collect();
        assert!(prices.len() > cards.len(), "a card offered at two prices");
    }
}

#[test]
fn duel_numbers_moves_by_card_and_kind_from_its_tables() {
    let info = sevenw_cards::game("duel").unwrap();
    let d = Duel::new(info).unwrap();
    let (c, w, t) = (
        info.cards.len() as u32,
        info.wonders.len() as u32,
        info.progress.len() as u32,
    );
    assert_eq!((c, w, t), (73, 12, 10), "the shipped tables");
    assert_eq!(d.num_actions(), 4 * c + c * w + w + t + 2);
    assert_eq!(d.num_actions(), 1192);
    let card = |slot, card, action| duel::Move::Card {
        slot,
        card: CardId(card),
        action,
    };
    // Not by slot, nor by the price or a chain.
    let built = [
        card(0, 5, Action::Build { coins: 0, trade: 0 }),
        card(19, 5, Action::Build { coins: 2, trade: 3 }),
        card(7, 5, Action::Chain),
    ];
    assert!(built.iter().all(|m| d.encode(m) == 5));
    assert_eq!(d.encode(&card(3, 5, Action::Discard)), c + 5);
    let wonder = |w| Action::Wonder {
        wonder: w,
        coins: 1,
        trade: 4,
    };
    assert_eq!(d.encode(&card(3, 5, wonder(2))), 2 * c + 5 * w + 2);
    let picks = 2 * c + c * w;
    assert_eq!(d.encode(&duel::Move::Pick(11)), picks + 11);
    assert_eq!(d.encode(&duel::Move::Token(0)), picks + w);
    let after = picks + w + t;
    assert_eq!(d.encode(&duel::Move::Discard(CardId(4))), after + 4);
    assert_eq!(d.encode(&duel::Move::Revive(CardId(4))), after + c + 4);
    assert_eq!(d.encode(&duel::Move::Start(true)), after + 2 * c);
    assert_eq!(d.encode(&duel::Move::Start(false)), d.num_actions() - 1);
    // Ids past the tables: past the space, never a legal number.
    for m in [
        card(0, 73, Action::Discard),
        card(0, 1, wonder(12)),
        duel::Move::Pick(12),
        duel::Move::Token(10),
        duel::Move::Revive(CardId(u16::MAX)),
    ] {
        assert_eq!(d.encode(&m), d.num_actions(), "{m:?}");
    }
}

/// Every player count of every Architects set, 1,000 games each.
#[test]
fn architects_moves_round_trip_through_the_action_space() {
    for info in sets("architects") {
        let a = Architects::new(info).expect("architects rules");
        for players in usize::from(info.min_players)..=usize::from(info.max_players) {
            // Stages offered with several payments, and Engineering's.
            let (mut several, mut any) = (0, 0);
            let decisions = round_trips(
                &a,
                1000,
                |i| Setup::new(players, derive(players as u64, i)),
                |moves| {
                    let builds = moves.iter().filter_map(|m| match m {
                        architects::Move::Build { piece, pay } => Some((*piece, pay.any)),
                        _ => None,
                    });
                    let pieces: HashSet<u8> = builds.clone().map(|(p, _)| p).collect();
                    several += usize::from(builds.clone().count() > pieces.len());
                    any += builds.filter(|&(_, any)| any).count();
                },
            );
            assert!(
                several > 0,
                "{} at {players}: one payment a stage",
                info.name
            );
            if players == 2 {
                assert!(any > 0, "no Engineering payment");
            }
            assert!(
                decisions > 20_000,
                "{} at {players}: {decisions} decisions",
                info.name
            );
        }
    }
}

#[test]
fn architects_numbers_payments_by_their_resource_cards() {
    let info = sevenw_cards::game("architects").unwrap();
    let a = Architects::new(info).unwrap();
    let (p, c, k) = (
        u32::from(info.max_players),
        info.cards.len() as u32,
        info.progress.len() as u32,
    );
    // 7 players, 5 stages, 5 resources, 4 the largest count, 3 symbols:
    // (4+5 choose 5) = 126 payments a stage, 3 pairs and 1 set of three.
    assert_eq!((p, info.resources.len(), info.symbols.len()), (7, 5, 3));
    let build = p + 1 + c + k + 1;
    assert_eq!(a.num_actions(), build + 5 * 126 + 3 + 1);
    assert_eq!((c, k, a.num_actions()), (14, 14, 671), "the shipped tables");
    assert_eq!(a.encode(&architects::Move::Take(Deck::Seat(6))), 6);
    assert_eq!(a.encode(&architects::Move::Take(Deck::Central)), p);
    assert_eq!(a.encode(&architects::Move::Keep(CardId(2))), p + 1 + 2);
    assert_eq!(
        a.encode(&architects::Move::Token(Pick::Up(3))),
        p + 1 + c + 3
    );
    assert_eq!(a.encode(&architects::Move::Token(Pick::Pile)), build - 1);
    let pay = |res: [u8; 5], coins, double, any| {
        let mut r = [0; architects::MAX_RES];
        r[..5].copy_from_slice(&res);
        Pay {
            res: r,
            coins,
            double,
            any,
        }
    };
    let stage = |piece, pay| a.encode(&architects::Move::Build { piece, pay });
    // Nothing spent first, four of the last resource last.
    assert_eq!(stage(0, pay([0; 5], 2, false, false)), build);
    assert_eq!(stage(0, pay([0, 0, 0, 0, 1], 0, false, false)), build + 1);
    assert_eq!(stage(0, pay([4, 0, 0, 0, 0], 0, false, false)), build + 125);
    assert_eq!(stage(1, pay([0; 5], 0, false, false)), build + 126);
    // Coins, Economy and Engineering are not part of the number.
    assert_eq!(
        stage(2, pay([1, 1, 0, 0, 0], 1, true, true)),
        stage(2, pay([1, 1, 0, 0, 0], 0, false, false))
    );
    // Past the largest count, past the stages: past the space.
    assert_eq!(
        stage(0, pay([3, 2, 0, 0, 0], 0, false, false)),
        a.num_actions()
    );
    assert_eq!(stage(5, pay([0; 5], 0, false, false)), a.num_actions());
    let science = build + 5 * 126;
    let trade = |symbols, pair| a.encode(&architects::Move::Science { symbols, pair });
    assert_eq!(trade(0b001, true), science);
    assert_eq!(trade(0b100, true), science + 2);
    assert_eq!(trade(0b111, false), science + 3);
    assert_eq!(trade(0b011, true), a.num_actions());
    assert_eq!(trade(0b1000, true), a.num_actions());
}

use combinations::BASE_COMBINATIONS as COMBINATIONS;

/// Every base-family combination the library ships: each edition alone,
/// with Leaders, with Edifice, and with both, each with Cities too (its
/// edition; with Leaders, its leaders).
fn base_sets() -> Vec<(&'static GameInfo, Vec<&'static str>)> {
    let mut out = Vec::new();
    for edition in [None, Some(2)] {
        for with in COMBINATIONS {
            let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", edition, with)
                .expect("a shipped combination");
            out.push((info, with.to_vec()));
        }
    }
    out
}

/// Each combination at every player count, 200 games each (1,000 a
/// combination): card actions and their payment steps round-trip.
#[test]
fn base_moves_round_trip_through_the_action_space() {
    for (info, with) in base_sets() {
        let b = Base::new(info).expect("base rules");
        let (mut payments, mut stages, mut joins) = (0, 0, 0);
        let mut decisions = 0;
        for players in 3..=7usize {
            decisions += round_trips_full(
                &b,
                200,
                (1, 12),
                |i| {
                    let s = Setup::new(players, derive(players as u64, i));
                    if i % 2 == 1 && with.contains(&"leaders") {
                        s.with_option("leaders", "all")
                    } else {
                        s
                    }
                },
                |moves| {
                    for m in moves {
                        match m.action {
                            // The payment step: complete builds and stages.
                            base::Action::Build(_) | base::Action::Stage(..) if m.is_payment() => {
                                payments += 1
                            }
                            base::Action::Stage(_, how) => {
                                stages += 1;
                                joins += usize::from(how.join);
                            }
                            _ => {}
                        }
                    }
                },
            );
        }
        let name = format!("{} {with:?}", info.title);
        assert!(decisions > 50_000, "{name}: {decisions} decisions");
        assert!(
            payments > 1_000 && stages > 1_000,
            "{name}: {payments} payments, {stages} stages"
        );
        if with.contains(&"edifice") {
            assert!(joins > 0, "{name}: no stage joining a project");
        }
    }
}

/// A card's number is its id and kind, the same in every position; a
/// payment's, the coins each neighbour receives; the space's size follows
/// from the tables.
#[test]
fn base_numbers_card_actions_and_payments_from_its_tables() {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
    let b = Base::new(info).unwrap();
    let n = info.cards.len() as u32;
    // No `one of` stage in the first edition alone: kinds 8 + 2.
    let k = 10;
    let card = CardId(5);
    let m = |action| base::Move::new(0, card, action);
    let unpaid = |action| base::Move::card_action(0, card, action, None);
    let free = sevenw_runtime::games::base::trade::Payment::FREE;
    assert_eq!(b.encode(&unpaid(base::Action::Build(free))), 5 * k);
    assert_eq!(b.encode(&m(base::Action::Chain)), 5 * k + 1);
    assert_eq!(b.encode(&m(base::Action::Discard)), 5 * k + 4);
    let join = base::StageHow {
        stage: 0,
        join: true,
    };
    assert_eq!(
        b.encode(&unpaid(base::Action::Stage(free, join))),
        5 * k + 9
    );
    assert_eq!(
        b.encode(&base::Move::new(3, CardId(0), base::Action::Skip)),
        n * k
    );
    // The slot does not count.
    assert_eq!(
        b.encode(&base::Move::new(4, card, base::Action::Discard)),
        b.encode(&m(base::Action::Discard))
    );
    // Payments: bank coins aside, by (left, right).
    let most = b.num_actions() - (n * k + 1);
    let side = (most as f64).sqrt() as u32;
    assert_eq!(side * side, most, "a square of payments");
    let pay = |bank, left, right| {
        m(base::Action::Build(
            sevenw_runtime::games::base::trade::Payment { bank, left, right },
        ))
    };
    assert_eq!(b.encode(&pay(0, 0, 0)), n * k + 1);
    assert_eq!(b.encode(&pay(3, 2, 1)), n * k + 1 + 2 * side + 1);
    assert_eq!(b.encode(&pay(0, 2, 1)), b.encode(&pay(3, 2, 1)));
    // Palace asks 7 resource units: up to 14 coins to one neighbour.
    assert_eq!(side, 15);
    // A card action whose one way to pay is known is still a card action.
    let only = base::Move::card_action(
        0,
        card,
        base::Action::Build(free),
        Some(sevenw_runtime::games::base::trade::Payment {
            bank: 2,
            left: 0,
            right: 0,
        }),
    );
    assert_eq!(b.encode(&only), 5 * k);
    // The sizes README gives.
    assert_eq!(b.num_actions(), 1_006);
    let all =
        sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &["leaders", "edifice"]).unwrap();
    assert_eq!(Base::new(all).unwrap().num_actions(), 1_930);
}

/// Every number of every shipped set's space has words (`Game::action_words`),
/// no two the same; none past the space.
#[test]
fn every_number_has_words_of_its_own() {
    fn check<G: Game>(game: &G, name: &str) {
        let n = game.num_actions();
        let mut seen = std::collections::HashMap::new();
        for a in 0..n {
            let words = game
                .action_words(a)
                .unwrap_or_else(|| panic!("{name}: no words for action {a}"));
            assert!(!words.is_empty(), "{name}: action {a}");
            if let Some(b) = seen.insert(words.clone(), a) {
                panic!("{name}: actions {b} and {a} are both {words:?}");
            }
        }
        assert_eq!(game.action_words(n), None, "{name}: past the space");
        assert_eq!(game.action_words(u32::MAX), None, "{name}");
    }
    for info in sets("duel") {
        check(&Duel::new(info).expect("duel rules"), info.title);
    }
    for info in sets("architects") {
        check(
            &Architects::new(info).expect("architects rules"),
            info.title,
        );
    }
    for (info, with) in base_sets() {
        let name = format!("{} {with:?}", info.title);
        check(&Base::new(info).expect("base rules"), &name);
    }
}

/// A legal move's number has the words of its kind of move: a card action
/// names its card, the payment step says `pay`.
#[test]
fn a_legal_moves_words_name_what_it_does() {
    // Plain Duel: with an expansion, ranges shared by several decisions
    // read as the position asks.
    let info = sevenw_cards::game("duel").expect("plain duel");
    let d = Duel::new(info).expect("duel rules");
    let mut state = d.start(&Setup::seeded(3)).expect("starts");
    let mut moves = Vec::new();
    let mut rng = Rng::new(3);
    while d.to_move(&state).is_some() {
        d.legal_moves(&mut state, &mut moves);
        for m in &moves {
            let words = d.action_words(d.encode(m)).expect("words");
            // The position's words add the coins paid, or a chain.
            let plain = d.describe(m);
            assert!(
                plain.starts_with(&words) || words.starts_with(&plain),
                "{words:?} / {plain:?}"
            );
        }
        let mv = moves[rng.below(moves.len())];
        d.apply(&mut state, &mv);
    }
}
