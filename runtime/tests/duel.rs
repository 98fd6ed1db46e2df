//! 7 Wonders Duel over the shipped card data: set-up, the rulebook's
//! trading and chain examples, conflict, supremacies, the 7th wonder, fair
//! views, and many seeded random games with invariants.

use sevenw_host::CardId;
use sevenw_runtime::bots::{Bot, GreedyBot, RandomBot};
use sevenw_runtime::engine::city::City;
use sevenw_runtime::engine::vocab::VocabError;
use sevenw_runtime::game::{Game, Observer, Outcome, Player, Setup, SetupError, Sides, play_out};
use sevenw_runtime::games::duel::{
    Action, Choice, Duel, Move, Phase, State, Table, TradeCache, Victory, View, deck_len,
};
use sevenw_runtime::replay::{Log, Recorder, replay};

fn duel() -> Duel {
    Duel::new(sevenw_runtime::game("duel").expect("duel is compiled")).expect("duel rules")
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

fn check_cards(d: &Duel, t: &Table) {
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
        let mut players = [Bot::Greedy(GreedyBot), Bot::Random(RandomBot::new(seed))];
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

fn token(d: &Duel, name: &str) -> u8 {
    d.info
        .progress
        .iter()
        .position(|t| t.name == name)
        .unwrap_or_else(|| panic!("no token {name}")) as u8
}

/// Duel's wonders as a set-up gives them: the first player's 4 first.
fn given(first: &[u8], second: &[u8]) -> Vec<(u8, u8)> {
    first.iter().chain(second).map(|&w| (w, 0)).collect()
}

/// A game with wonders 0–7 given, Age I laid out, seat 0 to act.
fn scenario(d: &Duel) -> State {
    let w: Vec<u8> = (0..8).collect();
    let st = d
        .start(&Setup::seeded(7).with_wonders(given(&w[..4], &w[4..])))
        .unwrap();
    assert_eq!(st.phase, Phase::Play);
    assert_eq!((st.table.age, st.table.current), (1, 0));
    st
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

fn is_build(m: &Move) -> bool {
    matches!(m.action(), Some(Action::Build { .. }))
}

fn is_wonder(m: &Move, w: Option<u8>) -> bool {
    matches!(m.action(), Some(Action::Wonder { wonder, .. }) if w.is_none_or(|w| w == wonder))
}

fn trade_for(d: &Duel, cities: &[City], seat: usize, name: &str) -> u32 {
    let c = d.info.cards[usize::from(card(d, name).0)].cost;
    Duel::trade_cost(&cities[seat], &c, &d.prices(cities, seat), 0) + u32::from(c.coins)
}

#[test]
fn rulebook_trading_examples() {
    // "Comercio": Antoine (seat 0) produces 1 clay and 1 glass with brown
    // and grey cards; Bruno (seat 1) 2 stones.
    let d = duel();
    let mut g = scenario(&d);
    d.give_card(&mut g, 0, card(&d, "Clay Pool"));
    d.give_card(&mut g, 0, card(&d, "Glassworks"));
    d.give_card(&mut g, 1, card(&d, "Shelf Quarry"));
    let cities = &g.table.cities;
    // Bruno's Fortifications (2 stone, clay, papyrus): 3 + 2 = 5.
    assert_eq!(trade_for(&d, cities, 1, "Fortifications"), 5);
    // Antoine's Aqueduct (3 stone): 3 × (2 + 2) = 12.
    assert_eq!(trade_for(&d, cities, 0, "Aqueduct"), 12);
    // Bruno's Caravansery (2 coins, glass, papyrus): 2 + 3 + 2 = 7.
    assert_eq!(trade_for(&d, cities, 1, "Caravansery"), 7);
    // A fixed price of 1 (Stone Reserve) beats 4.
    d.give_card(&mut g, 0, card(&d, "Stone Reserve"));
    assert_eq!(trade_for(&d, &g.table.cities, 0, "Aqueduct"), 3);
    // Choice production (Caravansery) does not raise the opponent's price.
    d.give_card(&mut g, 1, card(&d, "Caravansery"));
    let clay = d.info.resources.iter().position(|r| *r == "clay").unwrap();
    assert_eq!(d.prices(&g.table.cities, 0)[clay], 2);
    assert_eq!(d.prices(&g.table.cities, 1)[clay], 3);
}

#[test]
fn rulebook_chain_examples() {
    // "Construcción gratuita condicionada": Baths → Aqueduct, Palisade →
    // Fortifications, and Urbanism pays 4 coins per chain.
    let d = duel();
    let mut g = scenario(&d);
    d.give_card(&mut g, 0, card(&d, "Baths"));
    assert!(d.chained(&g.table.cities[0], card(&d, "Aqueduct")));
    assert!(!d.chained(&g.table.cities[1], card(&d, "Aqueduct")));
    d.give_card(&mut g, 1, card(&d, "Palisade"));
    assert!(d.chained(&g.table.cities[1], card(&d, "Fortifications")));
    d.give_token(&mut g, 0, token(&d, "Urbanism"));
    let coins = g.table.cities[0].coins;
    assert_eq!(coins, 7 + 6);
    d.lay_out(&mut g, &[card(&d, "Aqueduct")]);
    play(&d, &mut g, |m| m.action() == Some(Action::Chain));
    assert_eq!(g.table.cities[0].coins, coins + 4);
    assert_eq!(g.table.current, 1);
}

#[test]
fn discard_pays_two_plus_yellow() {
    let d = duel();
    let mut g = scenario(&d);
    d.give_card(&mut g, 0, card(&d, "Tavern"));
    d.give_card(&mut g, 0, card(&d, "Clay Reserve"));
    let c = g.table.cities[0].coins;
    d.lay_out(&mut g, &[card(&d, "Aqueduct")]);
    play(&d, &mut g, |m| m.action() == Some(Action::Discard));
    assert_eq!(g.table.cities[0].coins, c + 4);
    assert_eq!(g.table.discard, vec![card(&d, "Aqueduct")]);
}

#[test]
fn economy_receives_the_trade() {
    let d = duel();
    let mut g = scenario(&d);
    d.give_token(&mut g, 1, token(&d, "Economy"));
    d.give_card(&mut g, 1, card(&d, "Shelf Quarry"));
    let before = (g.table.cities[0].coins, g.table.cities[1].coins);
    d.lay_out(&mut g, &[card(&d, "Baths")]);
    play(&d, &mut g, is_build);
    // One stone at 2 + 2 = 4 coins, paid to the opponent.
    assert_eq!(g.table.cities[0].coins, before.0 - 4);
    assert_eq!(g.table.cities[1].coins, before.1 + 4);
}

#[test]
fn conflict_tokens_loot_once_and_the_capital_wins() {
    let d = duel();
    let mut g = scenario(&d);
    g.table.cities[0].shields = 2;
    d.lay_out(
        &mut g,
        &[
            card(&d, "Guard Tower"),
            card(&d, "Stable"),
            card(&d, "Palisade"),
        ],
    );
    g.table.cities[0].coins = 20;
    play(&d, &mut g, |m| m.card() == Some(card(&d, "Guard Tower")));
    assert_eq!(g.table.track.pawn, 3);
    // "Saquea 2": Bruno loses 2.
    assert_eq!(g.table.cities[1].coins, 5);
    g.table.current = 0;
    play(&d, &mut g, |m| {
        m.card() == Some(card(&d, "Palisade")) && m.action() != Some(Action::Discard)
    });
    assert_eq!(g.table.pawn(), 4);
    assert_eq!(g.table.cities[1].coins, 5, "a token loots once");
    assert!(g.table.ended.is_none());
    g.table.cities[0].shields = 8;
    g.table.current = 0;
    play(&d, &mut g, |m| {
        m.card() == Some(card(&d, "Stable")) && m.action() != Some(Action::Discard)
    });
    assert_eq!(g.table.pawn(), 9);
    assert_eq!(g.table.ended, Some((Victory::Military, Some(0))));
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(d.to_move(&g), None);
    // The 6 token looted 5 on the way (Bruno had 5).
    assert_eq!(g.table.cities[1].coins, 0);
    assert_eq!(d.outcome(&g).victory, Victory::Military.name());
    assert_eq!(d.outcome(&g).winners, vec![0]);
}

#[test]
fn strategy_adds_a_shield_to_later_red_cards() {
    let d = duel();
    let mut g = scenario(&d);
    d.give_token(&mut g, 0, token(&d, "Strategy"));
    d.lay_out(&mut g, &[card(&d, "Palisade")]);
    play(&d, &mut g, is_build);
    assert_eq!(g.table.cities[0].shields, 2);
    assert_eq!(g.table.pawn(), 2);
}

#[test]
fn a_pair_of_symbols_takes_a_token_and_six_win() {
    let d = duel();
    let mut g = scenario(&d);
    // Find two green cards sharing a symbol to make a pair.
    let greens: Vec<CardId> = (0..d.info.cards.len())
        .map(|i| CardId(i as u16))
        .filter(|&c| {
            d.info.colours[usize::from(d.info.cards[usize::from(c.0)].colour.0)] == "green"
        })
        .collect();
    // Symbols per green card, as their effects give them.
    let sym = |g: &mut State, c: CardId| {
        let before = g.table.cities[1].science;
        d.give_card(g, 1, c);
        let after = g.table.cities[1].science;
        (0..16).find(|&s| after[s] != before[s])
    };
    let mut by_sym: Vec<(usize, CardId)> = Vec::new();
    let mut probe = scenario(&d);
    for &c in &greens {
        if let Some(s) = sym(&mut probe, c) {
            by_sym.push((s, c));
        }
    }
    by_sym.sort();
    let pair: Vec<CardId> = by_sym
        .windows(2)
        .find(|w| w[0].0 == w[1].0)
        .map(|w| vec![w[0].1, w[1].1])
        .expect("two cards share a symbol");
    d.give_card(&mut g, 0, pair[0]);
    let board = g.table.board_tokens.clone();
    d.lay_out(&mut g, &[pair[1]]);
    g.table.cities[0].coins = 50;
    let mut moves = Vec::new();
    d.legal_moves(&mut g, &mut moves);
    let mv = *moves
        .iter()
        .find(|m| matches!(m.action(), Some(Action::Build { .. } | Action::Chain)))
        .expect("the card can be built");
    d.apply(&mut g, &mv);
    // The pair asks seat 0 for a token of the board.
    assert_eq!(
        g.phase,
        Phase::Choose {
            seat: 0,
            choice: Choice::Token { drawn: false }
        }
    );
    d.legal_moves(&mut g, &mut moves);
    assert_eq!(
        moves,
        board.iter().map(|&k| Move::Token(k)).collect::<Vec<_>>()
    );
    d.apply(&mut g, &moves[1]);
    assert_eq!(g.table.tokens[0], vec![board[1]]);
    assert_eq!(g.table.board_tokens.len(), board.len() - 1);
    assert!(!g.table.board_tokens.contains(&board[1]));
    // Then the turn passes; the layout is empty and the pawn centred: the
    // last to play (seat 0) says who starts Age II.
    assert_eq!(g.phase, Phase::Starter { chooser: 0 });
    assert_eq!(g.table.current, 1);

    // Six different symbols: science supremacy.
    let mut g = scenario(&d);
    let mut distinct: Vec<(usize, CardId)> = by_sym.clone();
    distinct.dedup_by_key(|x| x.0);
    assert!(distinct.len() >= 6);
    for &(_, c) in &distinct[..5] {
        d.give_card(&mut g, 0, c);
    }
    d.lay_out(&mut g, &[distinct[5].1]);
    g.table.cities[0].coins = 50;
    play(&d, &mut g, |m| {
        !matches!(m.action(), Some(Action::Discard | Action::Wonder { .. }))
    });
    assert_eq!(g.table.ended, Some((Victory::Science, Some(0))));
    assert_eq!(d.outcome(&g).victory, "science");
    assert_eq!(d.to_move(&g), None);
}

#[test]
fn the_seventh_wonder_boxes_the_last() {
    let d = duel();
    let mut g = scenario(&d);
    // Three built each, one left each.
    for s in 0..2 {
        let w = std::mem::take(&mut g.table.wonders[s]);
        g.table.built[s] = w[..3].to_vec();
        g.table.wonders[s] = w[3..].to_vec();
    }
    g.table.cities[0].coins = 60;
    d.lay_out(&mut g, &[card(&d, "Baths")]);
    let mv = play(&d, &mut g, |m| is_wonder(m, None));
    assert!(is_wonder(&mv, None));
    assert_eq!(g.table.wonders_built(), 7);
    assert!(g.table.wonders[1].is_empty());
    assert_eq!(g.table.boxed_wonders.len(), 12 - 7);
    assert_eq!(g.table.stage_cards[0], vec![card(&d, "Baths")]);
}

#[test]
fn play_again_theology_and_the_end_of_an_age() {
    let d = duel();
    let sphinx = wonder(&d, "The Sphinx");
    let pyramids = wonder(&d, "The Pyramids");
    let others: Vec<u8> = (0..12).filter(|&w| w != sphinx && w != pyramids).collect();
    let setup = Setup::seeded(3).with_wonders(given(
        &[sphinx, pyramids, others[0], others[1]],
        &others[2..6],
    ));
    let mut g = d.start(&setup).unwrap();
    g.table.cities[0].coins = 100;
    let cards = [
        card(&d, "Baths"),
        card(&d, "Altar"),
        card(&d, "Theater"),
        card(&d, "Tavern"),
    ];
    d.lay_out(&mut g, &cards);
    play(&d, &mut g, |m| is_wonder(m, Some(sphinx)));
    assert_eq!(g.table.current, 0, "the Sphinx plays again");
    play(&d, &mut g, |m| is_wonder(m, Some(pyramids)));
    assert_eq!(g.table.current, 1, "the Pyramids do not");
    // Theology: every later wonder plays again, once.
    g.table.current = 0;
    d.give_token(&mut g, 0, token(&d, "Theology"));
    g.table.cities[0].abilities.extra_turns = 0;
    play(&d, &mut g, |m| is_wonder(m, None));
    assert_eq!(g.table.current, 0, "Theology plays again");
    play(&d, &mut g, |m| is_wonder(m, None));
    // The layout is now empty: the extra turn is lost with the Age.
    assert!(g.table.layout.is_empty());
    assert_eq!(g.table.current, 1);
    assert_eq!(g.table.cities[0].abilities.extra_turns, 0);
    // "Fin de una Era": the player with less military power chooses who
    // starts Age II; with the pawn centred, the last to play (seat 0).
    let chooser = match g.table.pawn() {
        p if p > 0 => 1,
        p if p < 0 => 0,
        _ => 0,
    };
    assert_eq!(g.phase, Phase::Starter { chooser });
    assert_eq!(d.to_move(&g), Some(chooser));
    let mut moves = Vec::new();
    d.legal_moves(&mut g, &mut moves);
    assert_eq!(moves, vec![Move::Start(true), Move::Start(false)]);
    d.apply(&mut g, &Move::Start(false));
    assert_eq!((g.table.age, g.table.current), (2, 1 - chooser));
    assert_eq!(g.phase, Phase::Play);
    assert_eq!(g.table.layout.remaining().count(), 20);
}

#[test]
fn a_wonder_discards_an_opponent_card_and_its_production() {
    let d = duel();
    let circus = wonder(&d, "Circus Maximus");
    let others: Vec<u8> = (0..12).filter(|&w| w != circus).collect();
    let setup = Setup::seeded(3).with_wonders(given(
        &[circus, others[0], others[1], others[2]],
        &others[3..7],
    ));
    let mut g = d.start(&setup).unwrap();
    let (glassworks, press) = (card(&d, "Glassworks"), card(&d, "Press"));
    d.give_card(&mut g, 1, glassworks);
    d.give_card(&mut g, 1, press);
    g.table.cities[0].coins = 100;
    d.lay_out(&mut g, &[card(&d, "Baths")]);
    let mut moves = Vec::new();
    d.legal_moves(&mut g, &mut moves);
    let mv = *moves.iter().find(|m| is_wonder(m, Some(circus))).unwrap();
    d.apply(&mut g, &mv);
    // Seat 0 chooses which grey card of the opponent goes.
    assert!(matches!(
        g.phase,
        Phase::Choose {
            seat: 0,
            choice: Choice::Discard { victim: 1, .. }
        }
    ));
    d.legal_moves(&mut g, &mut moves);
    assert_eq!(moves, vec![Move::Discard(glassworks), Move::Discard(press)]);
    d.apply(&mut g, &moves[0]);
    assert_eq!(g.table.cities[1].cards, vec![press]);
    assert_eq!(g.table.discard, vec![glassworks]);
    assert_eq!(g.table.cities[1].own.units(), 1);
    assert_eq!(g.table.cities[1].sold.units(), 1);
    assert_eq!(g.table.pawn(), 1);
    // The layout is empty: the player behind on the track (seat 1) says
    // who starts Age II.
    assert_eq!(
        (g.phase, g.table.current),
        (Phase::Starter { chooser: 1 }, 1)
    );
}

#[test]
fn civilian_scoring_zones_coins_and_tie_break() {
    let d = duel();
    let mut g = scenario(&d);
    assert_eq!(d.military_vp(0, 0), 0);
    assert_eq!(d.military_vp(2, 0), 2);
    assert_eq!(d.military_vp(-5, 1), 5);
    assert_eq!(d.military_vp(-5, 0), 0);
    assert_eq!(d.military_vp(6, 0), 10);
    g.table.cities[0].coins = 8; // 2 points
    g.table.cities[1].coins = 6; // 2 points
    let s = d.score(&g.table);
    assert_eq!(s[0].total, 2);
    assert_eq!(s[1].total, 2);
    assert_eq!(d.civilian_winners(&s), vec![0, 1]);
    d.give_card(&mut g, 1, card(&d, "Baths")); // 3 civilian points
    g.table.cities[0].coins = 17; // 5 points
    let s = d.score(&g.table);
    assert_eq!((s[0].total, s[1].total), (5, 5));
    assert_eq!(d.civilian_winners(&s), vec![1], "blue points break the tie");
    let out = d.result(&g.table);
    assert_eq!((out.victory, out.winners), ("civilian", vec![1]));
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
        price(d, s, who, Target::Card(card.into())).coins
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
        let p = price(&d, &s, "Bruno", Target::Card("Fortifications".into()));
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
        let p = price(&d, &s, "Antoine", Target::Wonder("The Pyramids".into()));
        assert_eq!(p.coins, Some(6));
        let s = load(&d, TRADE);
        let p = price(&d, &s, "Antoine", Target::Wonder("The Pyramids".into()));
        assert_eq!(p.coins, Some(14));
        // Duel wonders have no stages.
        let seat = seat_of(&s.names, "Antoine").unwrap();
        let e = d
            .price(&s.state, &s.names, seat, &Target::Stage)
            .unwrap_err();
        assert!(e.message.contains("--wonder"), "{e}");
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

fn cat(d: &Duel, t: &Table, seat: usize, c: &str) -> i32 {
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

#[test]
fn every_progress_token_does_what_it_says() {
    let d = duel();
    let fresh = || {
        let mut g = scenario(&d);
        g.table.cities[0].coins = 0;
        g
    };
    let mut g = fresh();
    d.give_token(&mut g, 0, token(&d, "Agriculture"));
    assert_eq!(g.table.cities[0].coins, 6);
    assert_eq!(cat(&d, &g.table, 0, "progress"), 4);
    let mut g = fresh();
    d.give_token(&mut g, 0, token(&d, "Philosophy"));
    assert_eq!(cat(&d, &g.table, 0, "progress"), 7);
    let mut g = fresh();
    d.give_token(&mut g, 0, token(&d, "Law"));
    assert_eq!(
        g.table.cities[0].science.iter().filter(|&&n| n > 0).count(),
        1
    );
    let mut g = fresh();
    d.give_token(&mut g, 0, token(&d, "Urbanism"));
    assert_eq!(g.table.cities[0].coins, 6);
    let mut g = fresh();
    d.give_token(&mut g, 0, token(&d, "Mathematics"));
    d.give_token(&mut g, 0, token(&d, "Law"));
    d.give_token(&mut g, 0, token(&d, "Strategy"));
    assert_eq!(cat(&d, &g.table, 0, "progress"), 9);
    // Masonry: blue cards cost 2 fewer resources; Architecture: wonders.
    let mut g = fresh();
    d.give_card(&mut g, 1, card(&d, "Shelf Quarry"));
    let aqueduct = d.info.cards[usize::from(card(&d, "Aqueduct").0)].cost;
    let price = |g: &State, off: u8| {
        Duel::trade_cost(
            &g.table.cities[0],
            &aqueduct,
            &d.prices(&g.table.cities, 0),
            off,
        )
    };
    assert_eq!(price(&g, 0), 12);
    d.give_token(&mut g, 0, token(&d, "Masonry"));
    let off = Duel::discount_of(
        &g.table.cities[0],
        false,
        d.info.cards[usize::from(card(&d, "Aqueduct").0)].colour,
    );
    assert_eq!(off, 2);
    assert_eq!(price(&g, off), 4);
    assert_eq!(
        Duel::discount_of(&g.table.cities[0], true, sevenw_host::Colour(0)),
        0
    );
    d.give_token(&mut g, 0, token(&d, "Architecture"));
    assert_eq!(
        Duel::discount_of(&g.table.cities[0], true, sevenw_host::Colour(0)),
        2
    );
}

#[test]
fn guilds_count_the_city_with_the_most() {
    let d = duel();
    let mut g = scenario(&d);
    d.give_card(&mut g, 1, card(&d, "Lumber Yard"));
    d.give_card(&mut g, 1, card(&d, "Quarry"));
    d.give_card(&mut g, 1, card(&d, "Glassworks"));
    d.give_card(&mut g, 0, card(&d, "Clay Pool"));
    d.give_card(&mut g, 0, card(&d, "Baths"));
    g.table.cities[0].coins = 0;
    // Shipowners: brown and grey of one city, the opponent's 3.
    d.give_card(&mut g, 0, card(&d, "Shipowners Guild"));
    assert_eq!(g.table.cities[0].coins, 3);
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 3);
    // Magistrates: blue cards, the own city (1) beats the opponent's (0).
    d.give_card(&mut g, 0, card(&d, "Magistrates Guild"));
    assert_eq!(g.table.cities[0].coins, 4);
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 4);
    // Moneylenders: 1 per 3 coins of the richest city.
    g.table.cities[1].coins = 10;
    d.give_card(&mut g, 0, card(&d, "Moneylenders Guild"));
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 4 + 3);
    // Builders: 2 per wonder of the city with the most.
    d.give_wonder(&mut g, 1, wonder(&d, "The Pyramids"));
    d.give_card(&mut g, 0, card(&d, "Builders Guild"));
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 7 + 2);
}

/// A game played by `players` from `setup`, and its log.
fn record(d: &Duel, setup: &Setup, mut players: [Bot; 2]) -> (Outcome, State, Log) {
    let mut st = d.start(setup).unwrap();
    let mut recorder = Recorder {
        decisions: Vec::new(),
    };
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
        let players = [Bot::Greedy(GreedyBot), Bot::Random(RandomBot::new(seed))];
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
    let base = sevenw_runtime::game("base").unwrap();
    assert!(matches!(
        Duel::new(base),
        Err(VocabError::Shape { rules: "Duel", .. })
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
    // A card returned to the box unseen (each card is unique in Duel) takes
    // the place of a face-down one.
    let of_age = |c: CardId| d.info.cards[usize::from(c.0)].age == t.age;
    if let Some(&i) = down.first()
        && let Some(b) = t.boxed.iter().position(|&c| of_age(c))
    {
        let old = l.cards[i];
        std::mem::swap(&mut l.cards[i], &mut t.boxed[b]);
        let k = t.dealt.iter().position(|&c| c == old).expect("laid out");
        t.dealt[k] = l.cards[i];
    }
    t.aside_tokens.reverse();
    let other = 1 - viewer;
    if let Some(&old) = t.stage_cards[other].first()
        && let Some(new) = t.boxed.pop()
    {
        t.stage_cards[other][0] = new;
        t.boxed.insert(0, old);
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
        let mut bot = Bot::Greedy(GreedyBot);
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
    assert_ne!(x.table.boxed, y.table.boxed);
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
    std::mem::swap(&mut l.cards[open], &mut z.table.boxed[0]);
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
        let mut players = [Bot::Greedy(GreedyBot), Bot::Random(RandomBot::new(seed))];
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
