//! 7 Wonders Architects over the shipped card data: set-up, payments,
//! battles, fair views, the greedy bot, and 10,000 seeded random games at
//! every player count with invariants. The rules themselves are tested by
//! the scenarios of `cards/architects/tests/`.

use sevenw_host::CardId;
use sevenw_runtime::bots::{Bot, GreedyBot, RandomBot};
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Observer, Outcome, Player, Setup, play_until};
use sevenw_runtime::games::architects::{Architects, Deck, Move, Pay, Phase, Position, State};

fn arch() -> Architects {
    Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules")
}

fn card(a: &Architects, name: &str) -> CardId {
    a.vocab
        .find_card(name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

fn wonder(a: &Architects, name: &str) -> u8 {
    a.vocab
        .find_wonder(name)
        .unwrap_or_else(|| panic!("no wonder {name}"))
}

/// "235 cartas", "15 fichas de Progreso".
const CARDS: usize = 235;
const TOKENS: usize = 15;

/// What holds at every point of every game.
fn check(a: &Architects, t: &Position) {
    assert_eq!(t.card_count(), CARDS, "cards lost or duplicated");
    let tokens = t.face_up.len() + t.pile.len() + t.tokens.iter().map(Vec::len).sum::<usize>();
    assert_eq!(tokens, TOKENS, "progress tokens lost or duplicated");
    assert!(t.face_up.len() <= 3);
    assert!(t.war <= t.conflict);
    assert_eq!(t.conflict, a.conflict_tokens(t.seats()));
    assert!(t.cat.is_none_or(|c| c < t.seats()));
    for (s, c) in t.cities.iter().enumerate() {
        assert_eq!(t.built[s].count_ones(), u32::from(c.stages));
        assert_eq!(usize::from(c.progress), t.tokens[s].len());
        assert!(c.coins >= 0);
        // What a city holds is what its cards give: coins are coin cards,
        // symbols are green cards.
        let coins = c.cards.iter().filter(|&&x| a.kind(x).coins > 0).count();
        assert_eq!(coins as i32, c.coins, "coins are the coin cards held");
        for r in 0..a.info.resources.len() {
            let n = c
                .cards
                .iter()
                .filter(|&&x| a.kind(x).res == Some(r as u8))
                .count();
            assert_eq!(
                usize::from(c.own.fixed[r]),
                n,
                "resources are the grey cards held"
            );
        }
        let greens = c
            .cards
            .iter()
            .filter(|&&x| a.kind(x).symbol.is_some())
            .count();
        assert_eq!(
            c.science.iter().map(|&n| usize::from(n)).sum::<usize>(),
            greens
        );
        // Every stage built is one whose lower levels are built.
        let stages = a.stages(t.wonders[s]);
        for p in 0..stages.len() {
            if t.built[s] & (1 << p) != 0 {
                for q in 0..stages.len() {
                    if stages[q].level < stages[p].level {
                        assert!(t.built[s] & (1 << q) != 0, "stage {p} before {q}");
                    }
                }
            }
        }
    }
}

/// Checks the invariants after every decision.
#[derive(Default)]
struct Checker {
    moves: usize,
}

impl Observer<Architects> for Checker {
    fn applied(&mut self, a: &Architects, st: &State, _seat: usize, _mv: &Move) {
        self.moves += 1;
        check(a, &st.table);
    }
}

/// A game of random bots; `None` if it has not ended after 2,000 decisions.
fn random_game(a: &Architects, n: usize, seed: u64, check_each: bool) -> Option<(Outcome, State)> {
    let mut st = a.start(&Setup::new(n, seed)).expect("setup");
    let mut players: Vec<RandomBot> = (0..n)
        .map(|s| RandomBot::new(seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    let mut decisions = 0;
    let over = if check_each {
        play_until(a, &mut st, &mut players, &mut Checker::default(), |_| {
            decisions += 1;
            decisions > 2000
        })
    } else {
        play_until(a, &mut st, &mut players, &mut (), |_| {
            decisions += 1;
            decisions > 2000
        })
    }
    .expect("a legal move at every decision");
    over.then(|| (a.outcome(&st), st))
}

#[test]
fn ten_thousand_random_games_at_every_player_count_keep_the_invariants() {
    let a = arch();
    let counts: Vec<usize> = (2..=7).collect();
    std::thread::scope(|scope| {
        let runs: Vec<_> = counts
            .iter()
            .map(|&n| {
                let a = &a;
                scope.spawn(move || {
                    let (mut finished, mut emptied) = (0, 0);
                    for seed in 0..10_000u64 {
                        let (out, st) = random_game(a, n, seed, seed < 100)
                            .unwrap_or_else(|| panic!("{n} players, seed {seed}: no end"));
                        let t = &st.table;
                        check(a, t);
                        assert_eq!(st.phase, Phase::Over);
                        assert!(!out.winners.is_empty());
                        assert_eq!(out.scores.len(), n);
                        // The game ends with a wonder finished, or (not in
                        // the rulebook) with every deck empty.
                        if (0..n).any(|s| a.finished(t, s)) {
                            finished += 1;
                        } else {
                            assert!(t.decks_empty(), "{n} players, seed {seed}");
                            emptied += 1;
                        }
                        // The same seed and decisions give the same game.
                        if seed % 500 == 0 {
                            let (out2, st2) = random_game(a, n, seed, false).expect("ends");
                            assert_eq!(out, out2);
                            assert_eq!(st, st2);
                        }
                    }
                    (n, finished, emptied)
                })
            })
            .collect();
        for r in runs {
            let (n, finished, emptied) = r.join().expect("no panic");
            assert_eq!(finished + emptied, 10_000, "{n} players");
            assert!(finished > 9_000, "{n} players: {finished} wonders finished");
        }
    });
}

#[test]
fn set_up_for_every_player_count() {
    let a = arch();
    for n in 2..=7 {
        let st = a.start(&Setup::new(n, 3)).unwrap();
        let t = &st.table;
        check(&a, t);
        // "Para cada jugador": its wonder's 25 cards; the central 60; the
        // other wonders' decks stay in the box. 3 tokens face up, 12 in the
        // pile. Conflict tokens: 2-3 → 3, 4 → 4, 5 → 5, 6-7 → 6.
        assert!(t.decks.iter().all(|d| d.len() == 25));
        assert_eq!(t.central.len(), 60);
        assert_eq!(t.boxed.len(), 25 * (7 - n));
        assert_eq!((t.face_up.len(), t.pile.len()), (3, 12));
        assert_eq!(t.conflict, [3, 3, 4, 5, 6, 6][n - 2]);
        assert_eq!((t.war, t.cat, t.current), (0, None, 0));
        assert_eq!(st.phase, Phase::Take);
        let mut w = t.wonders.clone();
        w.sort_unstable();
        w.dedup();
        assert_eq!(w.len(), n, "a wonder each");
        // The first seat takes from its left (its own deck), its right
        // neighbour's deck (the last seat's), or the central deck.
        let mut moves = Vec::new();
        let mut st = st;
        a.legal_moves(&mut st, &mut moves);
        assert_eq!(
            moves,
            [
                Move::Take(Deck::Seat(0)),
                Move::Take(Deck::Seat((n - 1) as u8)),
                Move::Take(Deck::Central)
            ]
        );
    }
    assert!(a.start(&Setup::new(1, 1)).is_err());
    assert!(a.start(&Setup::new(8, 1)).is_err());
    let chosen = Setup::new(2, 1).with_wonders(vec![(wonder(&a, "Giza"), 0), (0, 0)]);
    let st = a.start(&chosen).unwrap();
    assert_eq!(st.table.wonders, [wonder(&a, "Giza"), 0]);
    let twice = Setup::new(2, 1).with_wonders(vec![(0, 0), (0, 0)]);
    assert!(a.start(&twice).is_err());
}

/// A table with seat 0 holding `cards` (conjured), ready to act.
fn holding(a: &Architects, wonder_name: &str, cards: &[&str]) -> Position {
    let ids: Vec<CardId> = cards.iter().map(|name| card(a, name)).collect();
    holding_ids(a, wonder(a, wonder_name), &ids)
}

/// [`holding`], by wonder and card index.
fn holding_ids(a: &Architects, w: u8, cards: &[CardId]) -> Position {
    let other = u8::from(w == 0);
    let mut st = a
        .start(&Setup::new(2, 9).with_wonders(vec![(w, 0), (other, 0)]))
        .unwrap();
    let t = &mut st.table;
    t.current = 0;
    for &c in cards {
        t.cities[0].place(&a.vocab, c);
        let s = sevenw_host::Source::Card(c);
        let host = sevenw_runtime::engine::host::CityHost::new;
        let mut h = host(&a.vocab, &mut t.cities[0], &[], 0, true);
        a.vocab.effects(s, sevenw_host::Event::Built, &mut h);
    }
    t.cities[0].abilities.pending.clear();
    t.clone()
}

fn pays(a: &Architects, t: &Position, piece: usize) -> Vec<Pay> {
    let mut out = Vec::new();
    a.payments(t, 0, piece, &mut out);
    out
}

/// "Construcción de una Etapa": coins stand for any missing resource,
/// in identical and different stages alike; resource cards go first.
#[test]
fn payments_count_resources_and_coins() {
    let a = arch();
    let wood = a.info.resources.iter().position(|&r| r == "wood").unwrap();
    let stone = a.info.resources.iter().position(|&r| r == "stone").unwrap();
    // Giza: 2 different (level 1) first.
    let t = holding(&a, "Giza", &["Wood", "Coin"]);
    let p = pays(&a, &t, 0);
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].res[wood], p[0].coins), (1, 1));
    // Two of the same resource are not 2 different…
    let t = holding(&a, "Giza", &["Wood", "Wood"]);
    assert!(pays(&a, &t, 0).is_empty());
    // …but coins alone are.
    let t = holding(&a, "Giza", &["Coin", "Coin"]);
    assert_eq!(pays(&a, &t, 0)[0].coins, 2);
    // A choice of which two different resources.
    let t = holding(&a, "Giza", &["Wood", "Stone", "Glass"]);
    assert_eq!(pays(&a, &t, 0).len(), 3);
    // 3 identical (Giza's level 4) with 2 wood and a coin: the stage is not
    // available before the ones below it.
    let mut t = holding(&a, "Giza", &["Wood", "Wood", "Coin", "Stone"]);
    assert!(pays(&a, &t, 3).is_empty() || !a.available(&t, 0, 3));
    assert!(!a.available(&t, 0, 3));
    t.built[0] = 0b0111;
    t.cities[0].stages = 3;
    assert!(a.available(&t, 0, 3));
    let p = pays(&a, &t, 3);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!((p[0].res[wood], p[0].res[stone], p[0].coins), (2, 0, 1));
}

/// Economy ("1 de tus cartas vale 2 Monedas") and Engineering ("puedes
/// usar cualquier recurso"), each once per turn.
#[test]
fn economy_and_engineering() {
    let a = arch();
    let economy = a.vocab.find_token("Economy").unwrap();
    let engineering = a.vocab.find_token("Engineering").unwrap();
    // 2 different with one coin: only with Economy.
    let mut t = holding(&a, "Giza", &["Coin"]);
    assert!(pays(&a, &t, 0).is_empty());
    a.give_token(&mut t, 0, economy);
    let p = pays(&a, &t, 0);
    assert_eq!(p.len(), 1);
    assert!(p[0].double && p[0].coins == 1);
    t.used_coin = 1;
    assert!(pays(&a, &t, 0).is_empty(), "once per turn");
    // 2 different with two woods: only with Engineering.
    let mut t = holding(&a, "Giza", &["Wood", "Wood"]);
    assert!(pays(&a, &t, 0).is_empty());
    a.give_token(&mut t, 0, engineering);
    let p = pays(&a, &t, 0);
    assert_eq!(p.len(), 1);
    assert!(p[0].any);
    t.used_any = 1;
    assert!(pays(&a, &t, 0).is_empty(), "once per turn");
    // With a payment that keeps the rule, Engineering is not spent on it.
    let mut t = holding(&a, "Giza", &["Wood", "Stone"]);
    a.give_token(&mut t, 0, engineering);
    let p = pays(&a, &t, 0);
    assert!(p.iter().any(|p| !p.any));
    assert!(
        p.iter()
            .filter(|p| p.any)
            .all(|p| p.res.iter().any(|&n| n > 1))
    );
}

/// The due actions skip a stage on quick bounds (the units and coins held,
/// the kinds held, the most of one kind) before searching its payments:
/// over every wonder and thousands of random purses, stages built or not,
/// Economy and Engineering held or used, they offer exactly the payments
/// of every available stage, in the search's order, each once.
#[test]
fn due_stages_are_every_payable_stage_with_every_payment() {
    let a = arch();
    let economy = a.vocab.find_token("Economy").unwrap();
    let engineering = a.vocab.find_token("Engineering").unwrap();
    let goods: Vec<CardId> = (0..a.info.cards.len() as u16)
        .map(CardId)
        .filter(|&c| a.kind(c).res.is_some() || a.kind(c).coins > 0)
        .collect();
    let mut rng = Rng::new(15);
    let (mut searched, mut offered) = (0, 0);
    for w in 0..a.info.wonders.len() as u8 {
        let stages = a.stages(w).len();
        for _ in 0..600 {
            let n = rng.below(9);
            let cards: Vec<CardId> = (0..n).map(|_| goods[rng.below(goods.len())]).collect();
            let mut t = holding_ids(&a, w, &cards);
            t.built[0] = rng.below(1 << stages) as u16;
            t.cities[0].stages = t.built[0].count_ones() as u8;
            if rng.below(3) == 0 {
                a.give_token(&mut t, 0, economy);
            }
            if rng.below(3) == 0 {
                a.give_token(&mut t, 0, engineering);
            }
            t.used_coin = u8::from(rng.below(4) == 0);
            t.used_any = u8::from(rng.below(4) == 0);
            t.cities[0].abilities.pending.clear();
            let mut due = Vec::new();
            a.actions(&t, &mut due);
            for piece in 0..stages {
                let got: Vec<Pay> = due
                    .iter()
                    .filter_map(|m| match *m {
                        Move::Build { piece: p, pay } if usize::from(p) == piece => Some(pay),
                        _ => None,
                    })
                    .collect();
                let want = if a.available(&t, 0, piece) {
                    searched += 1;
                    pays(&a, &t, piece)
                } else {
                    Vec::new()
                };
                offered += usize::from(!want.is_empty());
                for (i, pay) in want.iter().enumerate() {
                    assert!(!want[..i].contains(pay), "{pay:?} twice: {want:?}");
                }
                assert_eq!(got, want, "wonder {w}, piece {piece}, holding {cards:?}");
            }
        }
    }
    // The purses reach both sides of the bounds.
    assert!(
        offered > 500 && searched > offered + 500,
        "{offered} of {searched}"
    );
}

#[test]
fn two_player_battle_table() {
    // "Partidas de 2 jugadores" and BGA's worked examples: 1 v 0 → 1,
    // 2 v 0 → 2, 2 v 1 → 2, 3 v 2 → 1, 4 v 2 → 2; ties and fewer → 0.
    for (a, b, want) in [
        (1, 0, 1),
        (2, 0, 2),
        (2, 1, 2),
        (3, 2, 1),
        (4, 2, 2),
        (2, 2, 0),
        (0, 3, 0),
    ] {
        assert_eq!(Architects::battle_tokens(a, b, true), want, "{a} v {b}");
    }
    // With more players, one token per neighbour beaten, whatever the margin.
    assert_eq!(Architects::battle_tokens(5, 0, false), 1);
    assert_eq!(Architects::battle_tokens(1, 1, false), 0);
}

/// A state that differs from `x` only in what `viewer` cannot see: the
/// cards under each deck's top, the central deck (but the card the cat let
/// the viewer see), the token pile, the box.
fn hidden_changed(x: &State, viewer: usize) -> State {
    let mut y = x.clone();
    let t = &mut y.table;
    for d in &mut t.decks {
        let n = d.len();
        if n > 2 {
            d[..n - 1].rotate_left(1);
        }
    }
    let keep_top = t.peek.is_some() && viewer == t.current;
    let n = t.central.len();
    let upto = if keep_top { n.saturating_sub(1) } else { n };
    if upto > 1 {
        t.central[..upto].rotate_left(1);
    }
    t.pile.rotate_left(1);
    t.boxed.reverse();
    y
}

fn sees_alike(a: &Architects, x: &mut State, y: &mut State, viewer: usize) {
    assert_eq!(a.view(x, viewer), a.view(y, viewer));
    if a.to_move(x) == Some(viewer) {
        let (mut mx, mut my) = (Vec::new(), Vec::new());
        a.legal_moves(x, &mut mx);
        a.legal_moves(y, &mut my);
        assert_eq!(mx, my);
        let mut bot = GreedyBot::<Architects>::new();
        let ix = bot.choose(a, &a.view(x, viewer), &mx);
        let iy = bot.choose(a, &a.view(y, viewer), &my);
        assert_eq!(ix, iy, "the greedy bot saw a hidden card");
    }
}

#[test]
fn views_hide_the_decks_but_their_tops_and_the_face_down_tokens() {
    let a = arch();
    for n in [2, 3, 5] {
        for seed in 0..30u64 {
            let mut x = a.start(&Setup::new(n, seed)).unwrap();
            let mut players: Vec<RandomBot> =
                (0..n).map(|s| RandomBot::new(seed + s as u64)).collect();
            let mut k = 0;
            play_until(&a, &mut x, &mut players, &mut (), |_| {
                k += 1;
                k > 5 + seed as usize * 3
            })
            .unwrap();
            if a.is_over(&x) {
                continue;
            }
            for viewer in 0..n {
                let mut y = hidden_changed(&x, viewer);
                assert_ne!(x.table, y.table, "nothing hidden was changed");
                sees_alike(&a, &mut x, &mut y, viewer);
            }
        }
    }
}

#[test]
fn the_cat_lets_its_holder_see_the_central_card_on_its_turn_only() {
    let a = arch();
    let mut x = a.start(&Setup::new(3, 4)).unwrap();
    // Seat 0 holds the cat from the start of its turn.
    x.table.cat = Some(0);
    x.table.peek = Some((*x.table.central.last().unwrap(), x.table.central.len()));
    let mut y = x.clone();
    let n = y.table.central.len();
    y.table.central.swap(n - 1, 0);
    assert_ne!(y.table.central.last(), x.table.central.last());
    y.table.peek = Some((*y.table.central.last().unwrap(), n));
    // Seat 0 sees the two central cards differ; the others do not.
    assert_ne!(a.view(&x, 0), a.view(&y, 0));
    assert_eq!(a.view(&x, 0).central_top(), x.table.central.last().copied());
    for viewer in 1..3 {
        assert_eq!(a.view(&x, viewer), a.view(&y, viewer));
        assert_eq!(a.view(&x, viewer).central_top(), None);
    }
    // Once the card is taken, the look is over.
    let mut z = x.clone();
    a.apply(&mut z, &Move::Take(Deck::Central));
    assert_eq!(a.view(&z, 0).central_top(), None);
}

#[test]
fn greedy_beats_random_mostly() {
    let a = arch();
    for n in [2usize, 4] {
        let mut won = 0;
        let games = 30u64;
        for seed in 0..games {
            let mut st = a.start(&Setup::new(n, seed)).unwrap();
            let mut players: Vec<Bot<Architects>> = (0..n)
                .map(|s| {
                    if s == 0 {
                        Bot::greedy()
                    } else {
                        Bot::Random(RandomBot::new(seed * 7 + s as u64))
                    }
                })
                .collect();
            let mut k = 0;
            let over = play_until(&a, &mut st, &mut players, &mut Checker::default(), |_| {
                k += 1;
                k > 3000
            })
            .unwrap();
            assert!(over);
            if a.outcome(&st).winners.contains(&0) {
                won += 1;
            }
        }
        // A random seat wins 1 in n.
        assert!(
            won as f64 > games as f64 * 1.5 / n as f64,
            "{n} players: greedy won {won} of {games}"
        );
    }
}

#[test]
fn the_cards_looked_at_are_seen_by_the_one_looking_only() {
    use sevenw_runtime::scenario::Scenarios;
    let a = arch();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../cards/architects/tests/halicarnassus.yaml"),
    )
    .unwrap();
    let mut x = a.read_scenario(&text).unwrap().state;
    a.apply(&mut x, &Move::Take(Deck::Seat(0)));
    a.apply(&mut x, &Move::Take(Deck::Seat(0)));
    assert_eq!(x.phase, Phase::Keep);
    assert_eq!(x.table.looking.len(), 5);
    // Another state: one card looked at swapped with one under Ben's top.
    let mut y = x.clone();
    let ben = &mut y.table.decks[1];
    let under = ben.len() - 2;
    std::mem::swap(&mut y.table.looking[0], &mut ben[under]);
    assert_ne!(x.table.looking, y.table.looking);
    // Ben sees the two alike; Ana, who looks, does not.
    assert_eq!(a.view(&x, 1), a.view(&y, 1));
    assert_ne!(a.view(&x, 0), a.view(&y, 0));
    assert_eq!(a.view(&x, 0).looking(), &x.table.looking[..]);
    assert!(a.view(&x, 1).looking().is_empty());
}
