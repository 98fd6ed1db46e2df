//! 7 Wonders Duel over the shipped card data: set-up, every wonder, the
//! draft, trade caches, sheets, replay logs, fair views, and many seeded
//! random games with invariants. How the cards play — the rulebook's trading
//! and chain examples, conflict, supremacies, the 7th wonder, play again,
//! progress tokens, guilds — is tested by the scenarios in
//! `cards/duel/tests/`.

use sevenw_host::{CardId, ConflictInfo, GameInfo};
use sevenw_runtime::bots::{Bot, RandomBot};
use sevenw_runtime::engine::vocab::VocabError;
use sevenw_runtime::game::{Game, Observer, Outcome, Player, Setup, SetupError, Sides, play_out};
use sevenw_runtime::games::duel::{
    Action, Choice, Duel, Move, Phase, Position, State, TradeCache, Victory, View, deck_len,
};
use sevenw_runtime::replay::{Log, Recorder, replay};

fn duel() -> Duel {
    Duel::new(sevenw_cards::game("duel").expect("duel is compiled")).expect("duel rules")
}

fn card(d: &Duel, name: &str) -> CardId {
    d.vocab
        .find_card(name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

/// Checks invariants after every decision.
#[derive(Default)]
struct Checker {
    moves: usize,
}

fn check_cards(d: &Duel, t: &Position) {
    let mut placed: Vec<CardId> = t.discard.clone();
    for (s, c) in t.cities.iter().enumerate() {
        assert!(c.coins >= 0, "negative coins");
        placed.extend_from_slice(&c.cards);
        placed.extend_from_slice(&t.stage_cards[s]);
        assert_eq!(t.stage_cards[s].len(), usize::from(c.stages));
        assert_eq!(t.built[s].len(), usize::from(c.stages));
    }
    placed.extend(t.layout.remaining());
    let mut dealt = t.dealt.clone();
    dealt.sort_unstable();
    placed.sort_unstable();
    assert_eq!(dealt, placed, "cards lost or duplicated");
    let mut all = dealt.clone();
    all.extend_from_slice(&t.boxed);
    all.sort_unstable();
    let before = all.len();
    all.dedup();
    assert_eq!(before, all.len(), "a card in two places");
    // Wonders: each in exactly one place (the draft's included).
    let mut w: Vec<u8> = t.boxed_wonders.clone();
    w.extend_from_slice(&t.draft);
    w.extend_from_slice(&t.draft_deck);
    for s in 0..2 {
        w.extend_from_slice(&t.wonders[s]);
        w.extend_from_slice(&t.built[s]);
    }
    w.sort_unstable();
    assert_eq!(w, (0..d.info.wonders.len() as u8).collect::<Vec<_>>());
    assert!(t.wonders_built() <= 7);
    // Tokens: none in two places (those the Great Library returned are gone).
    let mut tokens: Vec<u8> = t.tokens[0].clone();
    tokens.extend_from_slice(&t.tokens[1]);
    tokens.extend_from_slice(&t.board_tokens);
    tokens.extend_from_slice(&t.aside_tokens);
    tokens.extend_from_slice(&t.drawn_tokens);
    tokens.sort_unstable();
    let held = tokens.len();
    tokens.dedup();
    assert_eq!(held, tokens.len(), "a token in two places");
    assert!(held <= d.info.progress.len());
    assert!(t.pawn().unsigned_abs() <= u32::from(d.conflict.capital));
}

impl Observer<Duel> for Checker {
    fn applied(&mut self, d: &Duel, st: &State, _seat: usize, _mv: &Move) {
        self.moves += 1;
        check_cards(d, &st.table);
    }
}

fn random_game(d: &Duel, seed: u64, check: bool) -> (Outcome, State) {
    let mut st = d.start(&Setup::seeded(seed)).expect("setup");
    let mut players = [RandomBot::new(seed ^ 0xa), RandomBot::new(seed ^ 0xb)];
    let out = if check {
        play_out(d, &mut st, &mut players, &mut Checker::default())
    } else {
        play_out(d, &mut st, &mut players, &mut ())
    }
    .expect("a legal move at every decision");
    (out, st)
}

#[test]
fn many_random_games_keep_the_invariants() {
    let d = duel();
    let nsym = d.info.symbols.len();
    let mut wins = [0usize; 3];
    for seed in 0..10_000u64 {
        let (out, st) = random_game(&d, seed, seed < 500);
        let t = &st.table;
        check_cards(&d, t);
        assert_eq!(st.phase, Phase::Over);
        assert!(!out.winners.is_empty());
        match out.victory {
            "civilian" => {
                wins[0] += 1;
                assert_eq!(t.age, 3);
                assert!(t.layout.is_empty());
                assert_eq!(t.ended, None);
            }
            "military" => {
                wins[1] += 1;
                assert_eq!(t.pawn().unsigned_abs(), u32::from(d.conflict.capital));
                assert_eq!(t.ended, Some((Victory::Military, Some(out.winners[0]))));
            }
            "science" => {
                wins[2] += 1;
                let w = out.winners[0];
                let distinct = t.cities[w].science[..nsym]
                    .iter()
                    .filter(|&&n| n > 0)
                    .count();
                assert!(distinct >= 6, "{distinct} symbols");
                assert_eq!(t.ended, Some((Victory::Science, Some(w))));
            }
            other => panic!("no such victory: {other}"),
        }
    }
    assert!(wins.iter().all(|&w| w > 0), "{wins:?}");
}

#[test]
fn same_seed_same_game() {
    let d = duel();
    for seed in [1u64, 42, 9999] {
        let (o1, t1) = random_game(&d, seed, false);
        let (o2, t2) = random_game(&d, seed, false);
        assert_eq!(o1, o2);
        assert_eq!(t1, t2);
    }
}

#[test]
fn greedy_beats_random_mostly() {
    let d = duel();
    let mut won = 0;
    for seed in 0..40u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut players = [Bot::greedy(), Bot::Random(RandomBot::new(seed))];
        let out = play_out(&d, &mut st, &mut players, &mut Checker::default()).unwrap();
        if out.winners == vec![0] {
            won += 1;
        }
    }
    assert!(won >= 28, "greedy won {won} of 40");
}

fn wonder(d: &Duel, name: &str) -> u8 {
    d.vocab
        .find_wonder(name)
        .unwrap_or_else(|| panic!("no wonder {name}"))
}

/// Duel's wonders as a set-up gives them: the first player's 4 first.
fn given(first: &[u8], second: &[u8]) -> Vec<(u8, u8)> {
    first.iter().chain(second).map(|&w| (w, 0)).collect()
}

/// Plays the first legal move matching `pred` for the player to act, then
/// answers every choice it sets off with the first option.
fn play(d: &Duel, st: &mut State, pred: impl Fn(&Move) -> bool) -> Move {
    assert_eq!(st.phase, Phase::Play);
    let mut moves = Vec::new();
    d.legal_moves(st, &mut moves);
    let mv = *moves.iter().find(|m| pred(m)).expect("no such legal move");
    d.apply(st, &mv);
    while let Phase::Choose { .. } = st.phase {
        d.legal_moves(st, &mut moves);
        let first = *moves.first().expect("a choice has options");
        d.apply(st, &first);
    }
    mv
}

fn is_wonder(m: &Move, w: Option<u8>) -> bool {
    matches!(m.action(), Some(Action::Wonder { wonder, .. }) if w.is_none_or(|w| w == wonder))
}

/// Takes option `k` of every choice but a card (option 0), and notes how
/// many wonders each draft pick offered.
struct Pick {
    k: usize,
    drafts: Vec<usize>,
}

impl Player<Duel> for Pick {
    fn choose(&mut self, _d: &Duel, view: &View<'_>, moves: &[Move]) -> usize {
        match view.phase() {
            Phase::Draft { .. } => {
                assert!(moves.iter().all(|m| matches!(m, Move::Pick(_))));
                assert_eq!(moves.len(), view.draft().len());
                self.drafts.push(moves.len());
                self.k
            }
            Phase::Play => 0,
            _ => self.k,
        }
    }
}

#[test]
fn the_wonder_draft_deals_four_each() {
    let d = duel();
    let mut g = d.start(&Setup::seeded(11)).unwrap();
    assert!(matches!(g.phase, Phase::Draft { round: 0, pick: 0 }));
    assert_eq!(d.to_move(&g), Some(0));
    let mut players = [
        Pick {
            k: 1,
            drafts: vec![],
        },
        Pick {
            k: 0,
            drafts: vec![],
        },
    ];
    play_out(&d, &mut g, &mut players, &mut Checker::default()).unwrap();
    // Pick order 1-2-1 then 2-1-2 (the last wonder of a round goes without
    // asking): seat 0 chooses among 4, then (round 2) among 3 and 2; seat 1
    // among 3 and 2, then among 4 in round 2.
    assert_eq!(players[0].drafts, vec![4, 3, 2]);
    assert_eq!(players[1].drafts, vec![3, 2, 4]);
    for s in 0..2 {
        assert_eq!(g.table.wonders[s].len() + g.table.built[s].len(), 4);
    }
}

#[test]
fn cached_trade_costs_match_fresh_ones() {
    let d = duel();
    for seed in 0..200u64 {
        let w: Vec<(u8, u8)> = (0..8).map(|i| (((i + seed) % 12) as u8, 0)).collect();
        let mut g = d.start(&Setup::seeded(seed).with_wonders(w)).unwrap();
        let mut rng = RandomBot::new(seed);
        let mut cache = TradeCache::default();
        let (mut cached, mut fresh, mut legal) = (Vec::new(), Vec::new(), Vec::new());
        let mut plays = 0;
        while let Some(seat) = d.to_move(&g) {
            d.legal_moves(&mut g, &mut legal);
            if g.phase == Phase::Play {
                d.moves_cached(&g.table, &mut cache, &mut cached);
                d.moves(&g.table, &mut fresh);
                assert_eq!(cached, fresh, "seed {seed}");
                assert_eq!(legal, fresh, "seed {seed}: the state's own cache");
                plays += 1;
            }
            let i = rng.choose(&d, &d.view(&g, seat), &legal);
            d.apply(&mut g, &legal[i]);
        }
        assert!(plays > 0);
    }
}

mod sheets {
    use sevenw_runtime::game::Game;
    use sevenw_runtime::games::duel::{Duel, Victory};
    use sevenw_runtime::sheet::{ScoreReport, Sheet, Sheets, Target, seat_of};

    const TRADE: &str = "\
game: duel
players:
  - name: Antoine
    coins: 20
    cards: [Clay Pool, Glassworks]
  - name: Bruno
    coins: 20
    cards: [Shelf Quarry]
";

    fn load(d: &Duel, text: &str) -> Sheet<Duel> {
        d.read_sheet(text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(text: &str) -> (u64, String) {
        match super::duel().read_sheet(text) {
            Ok(_) => panic!("accepted"),
            Err(e) => (e.line, e.message),
        }
    }

    fn price(d: &Duel, s: &Sheet<Duel>, who: &str, target: Target) -> sevenw_runtime::sheet::Price {
        let seat = seat_of(&s.names, who).unwrap();
        d.price(&s.state, &s.names, seat, &target).unwrap()
    }

    fn coins(d: &Duel, s: &Sheet<Duel>, who: &str, card: &str) -> Option<u32> {
        price(d, s, who, Target::named("card", card.into())).coins
    }

    #[test]
    fn rulebook_trading_examples_as_sheets() {
        let d = super::duel();
        let s = load(&d, TRADE);
        assert_eq!(coins(&d, &s, "Bruno", "Fortifications"), Some(5));
        assert_eq!(coins(&d, &s, "antoine", "Aqueduct"), Some(12));
        assert_eq!(coins(&d, &s, "Bruno", "Caravansery"), Some(7));
        // Chains are free.
        let s = load(
            &d,
            &TRADE.replace("[Shelf Quarry]", "[Shelf Quarry, Palisade]"),
        );
        let p = price(
            &d,
            &s,
            "Bruno",
            Target::named("card", "Fortifications".into()),
        );
        assert!(p.chain && p.buildable && p.coins == Some(0));
        // Architecture: 2 fewer resources for wonders, the dearest ones.
        let s = load(
            &d,
            &TRADE.replace(
                "coins: 20\n    cards: [Clay",
                "coins: 20\n    progress: [Architecture]\n    cards: [Clay",
            ),
        );
        // The Pyramids: 3 stone (4 each against Bruno's quarry) + papyrus (2): 14 - 8.
        let p = price(
            &d,
            &s,
            "Antoine",
            Target::named("wonder", "The Pyramids".into()),
        );
        assert_eq!(p.coins, Some(6));
        let s = load(&d, TRADE);
        let p = price(
            &d,
            &s,
            "Antoine",
            Target::named("wonder", "The Pyramids".into()),
        );
        assert_eq!(p.coins, Some(14));
        // Duel wonders have no stages: the game says what it prices.
        let seat = seat_of(&s.names, "Antoine").unwrap();
        let e = d
            .price(&s.state, &s.names, seat, &Target::of("stage"))
            .unwrap_err();
        assert!(
            e.message
                .contains("prices no `stage` (it prices card=NAME, wonder=NAME)"),
            "{e}"
        );
    }

    #[test]
    fn scores_and_victories() {
        let d = super::duel();
        let s = load(
            &d,
            "game: duel\nconflict: -4\nplayers:\n  - name: A\n    coins: 8\n    cards: [Baths]\n    wonders: [The Pyramids]\n    progress: [Philosophy]\n  - name: B\n    coins: 9\n    wonders: [The Colossus]\n",
        );
        let r = ScoreReport::new(&d, &d.outcome(&s.state), &s.names);
        assert_eq!(r.victory, Victory::Civilian.name());
        let p = &r.players;
        let get = |i: usize, c: &str| p[i].points.iter().find(|(k, _)| *k == c).unwrap().1;
        assert_eq!(get(0, "treasury"), 2);
        assert_eq!(get(0, "wonders"), 9);
        assert_eq!(get(0, "civilian"), 3);
        assert_eq!(get(0, "progress"), 7);
        assert_eq!(get(1, "military"), 5);
        assert_eq!(get(1, "wonders"), 3);
        assert_eq!(p[0].total, 21);
        assert_eq!(r.winners, vec!["A"]);
        let json = r.to_json();
        assert!(json.contains("\"victory\": \"civilian\""), "{json}");
        let s = load(
            &d,
            "game: duel\nconflict: 9\nplayers:\n  - name: A\n  - name: B\n",
        );
        let r = ScoreReport::new(&d, &d.outcome(&s.state), &s.names);
        assert_eq!(r.victory, Victory::Military.name());
        assert_eq!(r.winners, vec!["A"]);
        assert!(
            r.to_text().contains("A wins (military victory)"),
            "{}",
            r.to_text()
        );
    }

    #[test]
    fn mistakes_have_places() {
        let (l, m) = err(&TRADE.replace("Glassworks", "Glasworks"));
        assert_eq!(l, 5);
        assert!(m.contains("did you mean `Glassworks`"), "{m}");
        let (l, m) = err(&TRADE.replace("[Shelf Quarry]", "[Clay Pool]"));
        assert_eq!(l, 8);
        assert!(m.contains("already Antoine's"), "{m}");
        let (l, m) = err("game: duel\nconflict: 10\nplayers:\n  - name: A\n  - name: B\n");
        assert_eq!(l, 2);
        assert!(m.contains("from -9 to 9, not 10"), "{m}");
        let (l, m) = err("game: duel\nplayers:\n  - name: A\n");
        assert_eq!(l, 3);
        assert!(m.contains("is for 2"), "{m}");
        let (l, m) =
            err("game: duel\nplayers:\n  - name: A\n    progress: [Alchemy]\n  - name: B\n");
        assert_eq!(l, 4);
        assert!(m.contains("unknown progress token"), "{m}");
    }
}

/// A game where seat 0 may build `name`, with 100 coins, two cards laid
/// out and the opponent holding the given cards.
fn with_wonder(d: &Duel, name: &str, opp: &[&str]) -> (State, u8) {
    let w = wonder(d, name);
    let others: Vec<u8> = (0..12).filter(|&x| x != w).collect();
    let setup =
        Setup::seeded(1).with_wonders(given(&[w, others[0], others[1], others[2]], &others[3..7]));
    let mut g = d.start(&setup).unwrap();
    for c in opp {
        d.give_card(&mut g, 1, card(d, c));
    }
    g.table.cities[0].coins = 100;
    d.lay_out(&mut g, &[card(d, "Baths"), card(d, "Altar")]);
    (g, w)
}

fn build_wonder(d: &Duel, g: &mut State, w: u8) {
    play(d, g, |m| is_wonder(m, Some(w)));
}

fn cat(d: &Duel, t: &Position, seat: usize, c: &str) -> i32 {
    let i = d.info.categories.iter().position(|k| *k == c).unwrap();
    d.score(t)[seat].points[i]
}

#[test]
fn every_wonder_does_what_its_card_says() {
    let d = duel();
    // (wonder, VP, coins gained, opponent coins lost, shields, plays again)
    let plain = [
        ("The Appian Way", 3, 3, 3, 0, true),
        ("Circus Maximus", 3, 0, 0, 1, false),
        ("The Colossus", 3, 0, 0, 2, false),
        ("The Great Lighthouse", 4, 0, 0, 0, false),
        ("The Hanging Gardens", 3, 6, 0, 0, true),
        ("Piraeus", 2, 0, 0, 0, true),
        ("The Pyramids", 9, 0, 0, 0, false),
        ("The Sphinx", 6, 0, 0, 0, true),
        ("The Statue of Zeus", 3, 0, 0, 1, false),
        ("The Temple of Artemis", 0, 12, 0, 0, true),
        ("The Great Library", 4, 0, 0, 0, false),
        // The Mausoleum builds the discarded Stable: its shield.
        ("The Mausoleum", 2, 0, 0, 1, false),
    ];
    for (name, vp, gain, loss, shields, again) in plain {
        let (mut g, w) = with_wonder(&d, name, &[]);
        let cost = d.wonder_cost(w).unwrap();
        let trade = Duel::trade_cost(&g.table.cities[0], cost, &d.prices(&g.table.cities, 0), 0);
        g.table.discard.push(card(&d, "Stable"));
        g.table.dealt.push(card(&d, "Stable"));
        let opp = g.table.cities[1].coins;
        build_wonder(&d, &mut g, w);
        let t = &g.table;
        assert_eq!(cat(&d, t, 0, "wonders"), vp, "{name}");
        assert_eq!(
            t.cities[0].coins,
            100 - i32::from(cost.coins) - trade as i32 + gain,
            "{name}"
        );
        assert_eq!(t.cities[1].coins, opp - loss, "{name}");
        assert_eq!(t.cities[0].shields, shields, "{name}");
        assert_eq!(t.current == 0, again, "{name}");
        assert_eq!(t.cities[0].stages, 1);
        assert_eq!(g.phase, Phase::Play, "{name}");
        match name {
            "The Great Lighthouse" | "Piraeus" => {
                assert_eq!(t.cities[0].own.choices.len(), 1, "{name}");
                assert!(
                    t.cities[0].sold.choices.is_empty(),
                    "{name} is not for sale"
                );
            }
            "The Great Library" => {
                // One of 3 drawn from the 5 set aside; the other 2 leave the game.
                assert_eq!(t.tokens[0].len(), 1);
                assert_eq!(t.aside_tokens.len(), 2);
                assert!(t.drawn_tokens.is_empty());
                assert_eq!(t.board_tokens.len(), 5);
            }
            "The Mausoleum" => {
                assert_eq!(t.cities[0].cards, vec![card(&d, "Stable")]);
                assert!(t.discard.is_empty());
                assert_eq!(t.pawn(), 1);
            }
            _ => {}
        }
    }
    // The Great Library offers the 3 drawn tokens to its builder.
    let (mut g, w) = with_wonder(&d, "The Great Library", &[]);
    let aside = g.table.aside_tokens.clone();
    let mut moves = Vec::new();
    d.legal_moves(&mut g, &mut moves);
    let mv = *moves.iter().find(|m| is_wonder(m, Some(w))).unwrap();
    d.apply(&mut g, &mv);
    assert_eq!(
        g.phase,
        Phase::Choose {
            seat: 0,
            choice: Choice::Token { drawn: true }
        }
    );
    d.legal_moves(&mut g, &mut moves);
    assert_eq!(moves.len(), 3);
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, Move::Token(k) if aside.contains(k)))
    );
    // The opponent does not see which.
    assert_eq!(d.view(&g, 1).drawn_tokens(), &[] as &[u8]);
    assert_eq!(d.view(&g, 0).drawn_tokens().len(), 3);
    // The Statue of Zeus discards a brown card of the opponent.
    let (mut g, w) = with_wonder(&d, "The Statue of Zeus", &["Quarry", "Press"]);
    build_wonder(&d, &mut g, w);
    assert_eq!(g.table.cities[1].cards, vec![card(&d, "Press")]);
    assert_eq!(g.table.discard, vec![card(&d, "Quarry")]);
    // With nothing to discard, nothing happens.
    let (mut g, w) = with_wonder(&d, "Circus Maximus", &["Quarry"]);
    build_wonder(&d, &mut g, w);
    assert_eq!(g.table.cities[1].cards, vec![card(&d, "Quarry")]);
}

/// A game played by `players` from `setup`, and its log.
fn record(d: &Duel, setup: &Setup, mut players: [Bot<Duel>; 2]) -> (Outcome, State, Log) {
    let mut st = d.start(setup).unwrap();
    let mut recorder = Recorder::new();
    let out = play_out(d, &mut st, &mut players, &mut recorder).unwrap();
    let mut log = Log::new(d, setup);
    log.finish(recorder, &out);
    (out, st, log)
}

#[test]
fn replay_logs_round_trip_and_catch_changes() {
    let d = duel();
    for seed in 0..30u64 {
        let setup = Setup::seeded(seed);
        let players = [Bot::greedy(), Bot::Random(RandomBot::new(seed))];
        let (out, table, log) = record(&d, &setup, players);
        let text = log.to_text();
        assert!(!text.contains("\nplayers "), "Duel has one player count");
        let parsed = Log::parse(&text).unwrap();
        assert_eq!(parsed.to_text(), text);
        let (again, t2) = replay(&d, &parsed, &mut ()).unwrap();
        assert_eq!(again, out);
        assert_eq!(t2, table);
    }
    let players = [
        Bot::Random(RandomBot::new(1)),
        Bot::Random(RandomBot::new(2)),
    ];
    let (_, _, log) = record(&d, &Setup::seeded(5), players);
    let mut bad = log.clone();
    bad.ending.as_mut().unwrap().scores[0] += 1;
    assert!(replay(&d, &bad, &mut ()).is_err());
    let mut bad = log.clone();
    bad.decisions.pop();
    assert!(replay(&d, &bad, &mut ()).is_err());
    let e = Log::parse("sevenw duel replay 1\ngame duel\n").unwrap_err();
    assert!(e.message.contains("older log format"), "{e}");
}

#[test]
fn duel_rules_need_a_duel_shaped_game() {
    let base = sevenw_cards::game("base").unwrap();
    assert!(matches!(
        Duel::new(base),
        Err(VocabError::Shape { rules: "Duel", .. })
    ));
    // A token on the centre square, which a GameInfo made by hand may
    // hold (the compiler refuses it), is refused too.
    let info = sevenw_cards::game("duel").unwrap();
    let track = info.conflict.unwrap();
    let centred: &'static GameInfo = Box::leak(Box::new(GameInfo {
        conflict: Some(ConflictInfo {
            tokens: &[(0, 2)],
            ..track
        }),
        ..*info
    }));
    assert!(matches!(
        Duel::new(centred),
        Err(VocabError::Shape { rules: "Duel", why }) if why.contains("centre")
    ));
    let d = duel();
    let option = |setup: &Setup| match d.start(setup) {
        Err(SetupError::Option { option, message }) => (option, message),
        other => panic!("not refused as an option: {:?}", other.map(|_| ())),
    };
    // Fixed wonders must be 8 distinct ones, 4 each.
    let (o, m) = option(&Setup::seeded(1).with_wonders(given(&[0, 1, 2, 3], &[3, 4, 5, 6])));
    assert_eq!(o, "wonders");
    assert!(m.contains("twice"), "{m}");
    let (o, m) = option(&Setup::seeded(1).with_wonders(given(&[0, 1, 2, 3], &[4, 5, 6])));
    assert_eq!(o, "wonders");
    assert!(m.contains("7 wonders given"), "{m}");
    let (o, _) = option(&Setup::seeded(1).with_wonders(given(&[0, 1, 2, 3], &[4, 5, 6, 99])));
    assert_eq!(o, "wonders");
    // Two players, one side.
    let (o, m) = option(&Setup::new(3, 1));
    assert_eq!(o, "players");
    assert!(m.contains("for 2 players, not 3"), "{m}");
    assert!(d.start(&Setup::new(2, 1)).is_ok());
    let (o, _) = option(&Setup::seeded(1).with_sides(Sides::B));
    assert_eq!(o, "sides");
    // The shipped set: every Age lays out exactly 20 cards.
    for age in 1..=3 {
        assert_eq!(deck_len(d.info, age), 20);
    }
}

// Fair views: a seat's view shows what the seat may see and nothing else.

/// `x` with what `viewer` cannot see changed, the rest as it is: the
/// face-down cards of the layout in another order and one of them swapped
/// for a card of the Age set aside, the tokens set aside in another order,
/// a card under the opponent's wonders swapped for a card set aside, and
/// the wonders the draft has not revealed in another order.
fn hidden_changed(d: &Duel, x: &State, viewer: usize) -> State {
    let mut y = x.clone();
    let t = &mut y.table;
    let l = &mut t.layout;
    let down: Vec<usize> = (0..usize::from(l.shape.len))
        .filter(|&i| l.present & (1 << i) != 0 && l.up & (1 << i) == 0)
        .collect();
    let mut cards: Vec<CardId> = down.iter().map(|&i| l.cards[i]).collect();
    if !cards.is_empty() {
        cards.rotate_left(1);
    }
    for (&i, &c) in down.iter().zip(&cards) {
        l.cards[i] = c;
    }
    // A card set aside unseen (each card is unique in Duel) takes the
    // place of a face-down one.
    let of_age = |c: CardId| d.info.cards[usize::from(c.0)].age == t.age;
    if let Some(&i) = down.first()
        && let Some(b) = t.aside_cards.iter().position(|&c| of_age(c))
    {
        let old = l.cards[i];
        std::mem::swap(&mut l.cards[i], &mut t.aside_cards[b]);
        let k = t.dealt.iter().position(|&c| c == old).expect("laid out");
        t.dealt[k] = l.cards[i];
    }
    t.aside_tokens.reverse();
    let other = 1 - viewer;
    if let Some(&old) = t.stage_cards[other].first()
        && let Some(new) = t.aside_cards.pop()
    {
        t.stage_cards[other][0] = new;
        t.aside_cards.insert(0, old);
        let k = t.dealt.iter().position(|&c| c == old).expect("laid out");
        t.dealt[k] = new;
    }
    t.draft_deck.reverse();
    y
}

/// `viewer` sees `x` and `y` alike; when it is to decide, it has the same
/// moves and the greedy bot takes the same one.
fn sees_alike(d: &Duel, x: &mut State, y: &mut State, viewer: usize) {
    assert_eq!(d.view(x, viewer), d.view(y, viewer));
    if d.to_move(x) == Some(viewer) {
        assert_eq!(d.to_move(y), Some(viewer));
        let (mut mx, mut my) = (Vec::new(), Vec::new());
        d.legal_moves(x, &mut mx);
        d.legal_moves(y, &mut my);
        assert_eq!(mx, my);
        let mut bot = Bot::greedy();
        let ix = bot.choose(d, &d.view(x, viewer), &mx);
        let iy = bot.choose(d, &d.view(y, viewer), &my);
        assert_eq!(ix, iy, "the greedy bot saw a hidden card");
    }
}

#[test]
fn views_hide_face_down_cards_and_what_is_set_aside() {
    let d = duel();
    // The draft: the wonders still to reveal.
    let mut x = d.start(&Setup::seeded(5)).unwrap();
    let mut y = x.clone();
    y.table.draft_deck.reverse();
    assert_ne!(x.table, y.table);
    for viewer in 0..2 {
        sees_alike(&d, &mut x, &mut y, viewer);
    }
    // Age I laid out, and a state of another seed (the Ages still to lay
    // out come out differently) with the same table but for hidden cards.
    let w: Vec<u8> = (0..8).collect();
    let wonders = given(&w[..4], &w[4..]);
    let mut x = d
        .start(&Setup::seeded(5).with_wonders(wonders.clone()))
        .unwrap();
    let mut y = d.start(&Setup::seeded(6).with_wonders(wonders)).unwrap();
    y.table = hidden_changed(&d, &x, 0).table;
    y.phase = x.phase;
    assert_ne!(x.table.layout, y.table.layout);
    assert_ne!(x.table.aside_cards, y.table.aside_cards);
    assert_ne!(x.table.aside_tokens, y.table.aside_tokens);
    check_cards(&d, &y.table);
    for viewer in 0..2 {
        sees_alike(&d, &mut x, &mut y, viewer);
    }
    let (mut x2, mut y2) = (x.clone(), y.clone());
    d.start_age(&mut x2, 2);
    d.start_age(&mut y2, 2);
    assert_ne!(x2.table.layout, y2.table.layout);

    // What is visible makes a difference: coins, a face-up card.
    let mut z = x.clone();
    z.table.cities[1].coins += 1;
    for viewer in 0..2 {
        assert_ne!(d.view(&x, viewer), d.view(&z, viewer));
    }
    let mut z = x.clone();
    let l = &mut z.table.layout;
    let open = l.open.trailing_zeros() as usize;
    std::mem::swap(&mut l.cards[open], &mut z.table.aside_cards[0]);
    for viewer in 0..2 {
        assert_ne!(d.view(&x, viewer), d.view(&z, viewer));
    }
}

/// Checks every decision of a game against states differing in what each
/// seat cannot see.
struct Fairness<'d> {
    duel: &'d Duel,
    checked: usize,
    differed: usize,
}

impl Observer<Duel> for Fairness<'_> {
    fn decided(&mut self, _d: &Duel, state: &State, _seat: usize, _i: usize, _m: &[Move]) {
        for viewer in 0..2 {
            let mut x = state.clone();
            let mut y = hidden_changed(self.duel, state, viewer);
            self.checked += 1;
            if x.table != y.table {
                self.differed += 1;
                check_cards(self.duel, &y.table);
            }
            sees_alike(self.duel, &mut x, &mut y, viewer);
        }
    }
}

#[test]
fn bots_decide_from_what_their_seat_sees() {
    let d = duel();
    for seed in 0..6u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut players = [Bot::greedy(), Bot::Random(RandomBot::new(seed))];
        if seed % 2 == 1 {
            players.swap(0, 1);
        }
        let mut fair = Fairness {
            duel: &d,
            checked: 0,
            differed: 0,
        };
        play_out(&d, &mut st, &mut players, &mut fair).unwrap();
        assert!(fair.checked > 20);
        assert!(
            fair.differed * 2 > fair.checked,
            "{} of {}",
            fair.differed,
            fair.checked
        );
    }
}

/// The shipped figures (`figures:` in cards/duel/game.yaml) are the
/// rulebook's ("Colocación de las cartas según la Era", its last page):
/// rows of 2-3-4-5-6, 6-5-4-3-2 and 2-3-4-2-4-3-2 from the top, alternately
/// face up and face down from a face-up top row; the middle pair of Age III
/// under the outer pairs of the row above; the bottom row open at the
/// start (6, 2 and 2 cards).
#[test]
fn the_shipped_figures_are_the_rulebooks() {
    use sevenw_runtime::games::duel::Shape;
    let info = sevenw_cards::game("duel").unwrap();
    let rows_of = |slots: &[sevenw_host::FigureSlot]| {
        let mut rows: Vec<(usize, bool)> = Vec::new();
        for s in slots {
            match rows.get_mut(usize::from(s.row)) {
                Some((n, up)) => {
                    *n += 1;
                    assert_eq!(*up, s.face_up, "a row is all face up or all face down");
                }
                None => rows.push((1, s.face_up)),
            }
        }
        rows
    };
    let want: [&[usize]; 3] = [&[2, 3, 4, 5, 6], &[6, 5, 4, 3, 2], &[2, 3, 4, 2, 4, 3, 2]];
    let open_at_start = [6, 2, 2];
    assert_eq!(info.figures.len(), 3);
    for (age, figure) in info.figures.iter().enumerate() {
        let rows = rows_of(figure);
        let counts: Vec<usize> = rows.iter().map(|r| r.0).collect();
        assert_eq!(counts, want[age], "Age {}", age + 1);
        for (r, (_, up)) in rows.iter().enumerate() {
            assert_eq!(*up, r % 2 == 0, "Age {} row {}", age + 1, r + 1);
        }
        // Open: no card of the row below lies on it.
        let shape = Shape::new(figure);
        let open = (0..usize::from(shape.len))
            .filter(|&i| shape.cover[i] & shape.all() == 0)
            .count();
        assert_eq!(open, open_at_start[age], "Age {}", age + 1);
    }
    // Age III: the middle pair (slots 9, 10) under the outer pairs above.
    let s = Shape::new(info.figures[2]);
    assert_eq!(
        [s.cover[5], s.cover[6], s.cover[7], s.cover[8]],
        [1 << 9, 1 << 9, 1 << 10, 1 << 10]
    );
}
