//! 7 Wonders Duel over the shipped card data: set-up, the rulebook's
//! trading and chain examples, conflict, supremacies, the 7th wonder, and
//! many seeded random games with invariants.

use sevenw_host::CardId;
use sevenw_runtime::duel::{
    Ask, Duel, DuelAction, DuelGame, DuelMove, DuelObserver, DuelPlayer, DuelSetup, DuelTable,
    DuelView, Victory,
};
use sevenw_runtime::player::{GreedyBot, RandomBot};
use sevenw_runtime::state::City;

fn duel() -> Duel {
    Duel::new(sevenw_runtime::game("duel").expect("duel is compiled")).expect("duel rules")
}

fn card(d: &Duel, name: &str) -> CardId {
    d.vocab
        .find_card(name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

/// Checks invariants after every move.
#[derive(Default)]
struct Checker {
    moves: usize,
}

fn check_cards(d: &Duel, t: &DuelTable) {
    let mut placed: Vec<CardId> = t.discard.clone();
    for c in &t.cities {
        assert!(c.coins >= 0, "negative coins");
        placed.extend_from_slice(&c.cards);
        placed.extend_from_slice(&c.stage_cards);
        assert_eq!(c.stage_cards.len(), usize::from(c.stages));
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
    // Wonders: each in exactly one place.
    let mut w: Vec<u8> = t.boxed_wonders.clone();
    for s in 0..2 {
        w.extend_from_slice(&t.wonders[s]);
        w.extend_from_slice(&t.built[s]);
    }
    w.sort_unstable();
    assert_eq!(w, (0..d.info.wonders.len() as u8).collect::<Vec<_>>());
    assert!(t.wonders_built() <= 7);
    // Tokens likewise (those the Great Library returned are gone).
    let held = t.tokens[0].len() + t.tokens[1].len();
    assert!(held + t.board_tokens.len() + t.aside_tokens.len() <= d.info.progress.len());
    assert!(t.pawn.unsigned_abs() <= u32::from(d.conflict.capital));
}

impl DuelObserver for Checker {
    fn moved(&mut self, d: &Duel, t: &DuelTable, _seat: usize, _mv: &DuelMove) {
        self.moves += 1;
        check_cards(d, t);
    }
}

fn random_game(d: &Duel, seed: u64, check: bool) -> (sevenw_runtime::duel::DuelOutcome, DuelTable) {
    let mut g = DuelGame::new(d, &DuelSetup::new(seed)).expect("setup");
    let mut a = RandomBot::new(seed ^ 0xa);
    let mut b = RandomBot::new(seed ^ 0xb);
    let mut obs = Checker::default();
    let out = if check {
        g.play(&mut [&mut a, &mut b], &mut obs)
    } else {
        g.play(
            &mut [&mut a, &mut b],
            &mut sevenw_runtime::duel::NoDuelObserver,
        )
    };
    (out, g.table)
}

#[test]
fn many_random_games_keep_the_invariants() {
    let d = duel();
    let mut wins = [0usize; 3];
    for seed in 0..10_000u64 {
        let (out, t) = random_game(&d, seed, seed < 500);
        check_cards(&d, &t);
        assert!(!out.winners.is_empty());
        match out.victory {
            Victory::Civilian => {
                wins[0] += 1;
                assert_eq!(t.age, 3);
                assert!(t.layout.is_empty());
            }
            Victory::Military => {
                wins[1] += 1;
                assert_eq!(t.pawn.unsigned_abs(), u32::from(d.conflict.capital));
            }
            Victory::Science => wins[2] += 1,
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
        let mut g = DuelGame::new(&d, &DuelSetup::new(seed)).unwrap();
        let mut a = GreedyBot::new();
        let mut b = RandomBot::new(seed);
        let out = g.play(&mut [&mut a, &mut b], &mut Checker::default());
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

/// Takes option `pick` of every choice; moves are played by the test.
struct Pick(usize, Vec<String>);
impl DuelPlayer for Pick {
    fn choose_move(&mut self, _v: &DuelView<'_>, _m: &[DuelMove]) -> usize {
        0
    }
    fn choose(&mut self, _v: &DuelView<'_>, ask: Ask<'_>) -> usize {
        self.1.push(format!("{ask:?}"));
        self.0
    }
}

/// A game with the given wonders, seat 0 to act, no cards laid out.
fn scenario(d: &Duel) -> DuelGame<'_> {
    let mut setup = DuelSetup::new(7);
    let w: Vec<u8> = (0..8).collect();
    setup.wonders = Some([w[..4].to_vec(), w[4..].to_vec()]);
    let mut g = DuelGame::new(d, &setup).unwrap();
    g.table.age = 1;
    g
}

/// Plays the first legal move matching `pred` for the player to act.
fn play(g: &mut DuelGame<'_>, pred: impl Fn(&DuelMove) -> bool) -> DuelMove {
    let mv = *g
        .legal_moves()
        .iter()
        .find(|m| pred(m))
        .expect("no such legal move");
    let (mut a, mut b) = (Pick(0, vec![]), Pick(0, vec![]));
    g.apply(&mut [&mut a, &mut b], &mv);
    mv
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
    g.give_card(0, card(&d, "Clay Pool"));
    g.give_card(0, card(&d, "Glassworks"));
    g.give_card(1, card(&d, "Shelf Quarry"));
    let cities = &g.table.cities;
    // Bruno's Fortifications (2 stone, clay, papyrus): 3 + 2 = 5.
    assert_eq!(trade_for(&d, cities, 1, "Fortifications"), 5);
    // Antoine's Aqueduct (3 stone): 3 × (2 + 2) = 12.
    assert_eq!(trade_for(&d, cities, 0, "Aqueduct"), 12);
    // Bruno's Caravansery (2 coins, glass, papyrus): 2 + 3 + 2 = 7.
    assert_eq!(trade_for(&d, cities, 1, "Caravansery"), 7);
    // A fixed price of 1 (Stone Reserve) beats 4.
    g.give_card(0, card(&d, "Stone Reserve"));
    assert_eq!(trade_for(&d, &g.table.cities, 0, "Aqueduct"), 3);
    // Choice production (Caravansery) does not raise the opponent's price.
    g.give_card(1, card(&d, "Caravansery"));
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
    g.give_card(0, card(&d, "Baths"));
    assert!(d.chained(&g.table.cities[0], card(&d, "Aqueduct")));
    assert!(!d.chained(&g.table.cities[1], card(&d, "Aqueduct")));
    g.give_card(1, card(&d, "Palisade"));
    assert!(d.chained(&g.table.cities[1], card(&d, "Fortifications")));
    g.give_token(0, token(&d, "Urbanism"));
    let coins = g.table.cities[0].coins;
    assert_eq!(coins, 7 + 6);
    g.lay_out(&[card(&d, "Aqueduct")]);
    play(&mut g, |m| m.action == DuelAction::Chain);
    assert_eq!(g.table.cities[0].coins, coins + 4);
    assert_eq!(g.table.current, 1);
}

#[test]
fn discard_pays_two_plus_yellow() {
    let d = duel();
    let mut g = scenario(&d);
    g.give_card(0, card(&d, "Tavern"));
    g.give_card(0, card(&d, "Clay Reserve"));
    let c = g.table.cities[0].coins;
    g.lay_out(&[card(&d, "Aqueduct")]);
    play(&mut g, |m| m.action == DuelAction::Discard);
    assert_eq!(g.table.cities[0].coins, c + 4);
    assert_eq!(g.table.discard, vec![card(&d, "Aqueduct")]);
}

#[test]
fn economy_receives_the_trade() {
    let d = duel();
    let mut g = scenario(&d);
    g.give_token(1, token(&d, "Economy"));
    g.give_card(1, card(&d, "Shelf Quarry"));
    let before = (g.table.cities[0].coins, g.table.cities[1].coins);
    g.lay_out(&[card(&d, "Baths")]);
    play(&mut g, |m| matches!(m.action, DuelAction::Build { .. }));
    // One stone at 2 + 2 = 4 coins, paid to the opponent.
    assert_eq!(g.table.cities[0].coins, before.0 - 4);
    assert_eq!(g.table.cities[1].coins, before.1 + 4);
}

#[test]
fn conflict_tokens_loot_once_and_the_capital_wins() {
    let d = duel();
    let mut g = scenario(&d);
    g.table.cities[0].shields = 2;
    g.lay_out(&[
        card(&d, "Guard Tower"),
        card(&d, "Stable"),
        card(&d, "Palisade"),
    ]);
    g.table.cities[0].coins = 20;
    play(&mut g, |m| m.card == card(&d, "Guard Tower"));
    assert_eq!(g.table.pawn, 3);
    // "Saquea 2": Bruno loses 2.
    assert_eq!(g.table.cities[1].coins, 5);
    g.table.current = 0;
    play(&mut g, |m| {
        m.card == card(&d, "Palisade") && m.action != DuelAction::Discard
    });
    assert_eq!(g.table.pawn, 4);
    assert_eq!(g.table.cities[1].coins, 5, "a token loots once");
    assert!(g.table.ended.is_none());
    g.table.cities[0].shields = 8;
    g.table.current = 0;
    play(&mut g, |m| {
        m.card == card(&d, "Stable") && m.action != DuelAction::Discard
    });
    assert_eq!(g.table.pawn, 9);
    assert_eq!(g.table.ended, Some((Victory::Military, Some(0))));
    // The 6 token looted 5 on the way (Bruno had 5).
    assert_eq!(g.table.cities[1].coins, 0);
    assert_eq!(g.outcome().victory, Victory::Military);
    assert_eq!(g.outcome().winners, vec![0]);
}

#[test]
fn strategy_adds_a_shield_to_later_red_cards() {
    let d = duel();
    let mut g = scenario(&d);
    g.give_token(0, token(&d, "Strategy"));
    g.lay_out(&[card(&d, "Palisade")]);
    play(&mut g, |m| matches!(m.action, DuelAction::Build { .. }));
    assert_eq!(g.table.cities[0].shields, 2);
    assert_eq!(g.table.pawn, 2);
}

#[test]
fn a_pair_of_symbols_takes_a_token_and_six_win() {
    let d = duel();
    let mut g = scenario(&d);
    // Workshop and Apothecary are Age I greens; find an Age II card with a
    // symbol already held to make a pair.
    let greens: Vec<CardId> = (0..d.info.cards.len())
        .map(|i| CardId(i as u16))
        .filter(|&c| {
            d.info.colours[usize::from(d.info.cards[usize::from(c.0)].colour.0)] == "green"
        })
        .collect();
    // Symbols per green card, as their effects give them.
    let sym = |g: &mut DuelGame<'_>, c: CardId| {
        let before = g.table.cities[1].science;
        g.give_card(1, c);
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
    g.give_card(0, pair[0]);
    let board = g.table.board_tokens.len();
    g.lay_out(&[pair[1]]);
    g.table.cities[0].coins = 50;
    play(&mut g, |m| {
        !matches!(m.action, DuelAction::Discard | DuelAction::Wonder { .. })
    });
    assert_eq!(g.table.tokens[0].len(), 1);
    assert_eq!(g.table.board_tokens.len(), board - 1);

    // Six different symbols: science supremacy.
    let mut g = scenario(&d);
    let mut distinct: Vec<(usize, CardId)> = by_sym.clone();
    distinct.dedup_by_key(|x| x.0);
    assert!(distinct.len() >= 6);
    for &(_, c) in &distinct[..5] {
        g.give_card(0, c);
    }
    g.lay_out(&[distinct[5].1]);
    g.table.cities[0].coins = 50;
    play(&mut g, |m| {
        !matches!(m.action, DuelAction::Discard | DuelAction::Wonder { .. })
    });
    assert_eq!(g.table.ended, Some((Victory::Science, Some(0))));
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
    g.lay_out(&[card(&d, "Baths")]);
    let mv = play(&mut g, |m| matches!(m.action, DuelAction::Wonder { .. }));
    assert!(matches!(mv.action, DuelAction::Wonder { .. }));
    assert_eq!(g.table.wonders_built(), 7);
    assert!(g.table.wonders[1].is_empty());
    assert_eq!(g.table.boxed_wonders.len(), 12 - 7);
    assert_eq!(g.table.cities[0].stage_cards, vec![card(&d, "Baths")]);
}

#[test]
fn play_again_theology_and_the_end_of_an_age() {
    let d = duel();
    let sphinx = wonder(&d, "The Sphinx");
    let pyramids = wonder(&d, "The Pyramids");
    let mut setup = DuelSetup::new(3);
    let others: Vec<u8> = (0..12).filter(|&w| w != sphinx && w != pyramids).collect();
    setup.wonders = Some([
        vec![sphinx, pyramids, others[0], others[1]],
        others[2..6].to_vec(),
    ]);
    let mut g = DuelGame::new(&d, &setup).unwrap();
    g.table.cities[0].coins = 100;
    let cards = [
        card(&d, "Baths"),
        card(&d, "Altar"),
        card(&d, "Theater"),
        card(&d, "Tavern"),
    ];
    g.lay_out(&cards);
    play(
        &mut g,
        |m| matches!(m.action, DuelAction::Wonder { wonder, .. } if wonder == sphinx),
    );
    assert_eq!(g.table.current, 0, "the Sphinx plays again");
    play(
        &mut g,
        |m| matches!(m.action, DuelAction::Wonder { wonder, .. } if wonder == pyramids),
    );
    assert_eq!(g.table.current, 1, "the Pyramids do not");
    // Theology: every later wonder plays again, once.
    g.table.current = 0;
    g.give_token(0, token(&d, "Theology"));
    g.table.cities[0].abilities.extra_turns = 0;
    play(&mut g, |m| matches!(m.action, DuelAction::Wonder { .. }));
    assert_eq!(g.table.current, 0, "Theology plays again");
    play(&mut g, |m| matches!(m.action, DuelAction::Wonder { .. }));
    // The layout is now empty: the extra turn is lost with the Age.
    assert!(g.table.layout.is_empty());
    assert_eq!(g.table.current, 1);
    assert_eq!(g.table.cities[0].abilities.extra_turns, 0);
}

#[test]
fn a_wonder_discards_an_opponent_card_and_its_production() {
    let d = duel();
    let circus = wonder(&d, "Circus Maximus");
    let mut setup = DuelSetup::new(3);
    let others: Vec<u8> = (0..12).filter(|&w| w != circus).collect();
    setup.wonders = Some([
        vec![circus, others[0], others[1], others[2]],
        others[3..7].to_vec(),
    ]);
    let mut g = DuelGame::new(&d, &setup).unwrap();
    g.give_card(1, card(&d, "Glassworks"));
    g.give_card(1, card(&d, "Press"));
    g.table.cities[0].coins = 100;
    g.lay_out(&[card(&d, "Baths")]);
    play(&mut g, |m| matches!(m.action, DuelAction::Wonder { .. }));
    // Pick(0) discards the first grey card: Glassworks.
    assert_eq!(g.table.cities[1].cards, vec![card(&d, "Press")]);
    assert_eq!(g.table.discard, vec![card(&d, "Glassworks")]);
    assert_eq!(g.table.cities[1].own.units(), 1);
    assert_eq!(g.table.cities[1].sold.units(), 1);
    assert_eq!(g.table.pawn, 1);
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
    g.give_card(1, card(&d, "Baths")); // 3 civilian points
    g.table.cities[0].coins = 17; // 5 points
    let s = d.score(&g.table);
    assert_eq!((s[0].total, s[1].total), (5, 5));
    assert_eq!(d.civilian_winners(&s), vec![1], "blue points break the tie");
}

#[test]
fn the_wonder_draft_deals_four_each() {
    let d = duel();
    let mut g = DuelGame::new(&d, &DuelSetup::new(11)).unwrap();
    let mut a = Pick(1, vec![]);
    let mut b = Pick(0, vec![]);
    g.play(&mut [&mut a, &mut b], &mut Checker::default());
    // Pick order 1-2-1 then 2-1-2: seat 0 chooses among 4, then (round 2)
    // among 3 and 2; seat 1 among 3 and 2, then among 4 in round 2.
    let options = |log: &[String]| -> Vec<usize> {
        log.iter()
            .filter(|s| s.starts_with("Wonder"))
            .map(|s| s.matches(',').count() + 1)
            .collect()
    };
    assert_eq!(options(&a.1), vec![4, 3, 2]);
    assert_eq!(options(&b.1), vec![3, 2, 4]);
}

#[test]
fn cached_trade_costs_match_fresh_ones() {
    use sevenw_runtime::duel::TradeCache;
    let d = duel();
    for seed in 0..200u64 {
        let mut setup = DuelSetup::new(seed);
        let w: Vec<u8> = (0..8).map(|i| ((i + seed) % 12) as u8).collect();
        setup.wonders = Some([w[..4].to_vec(), w[4..].to_vec()]);
        let mut g = DuelGame::new(&d, &setup).unwrap();
        let mut rng = RandomBot::new(seed);
        let mut cache = TradeCache::default();
        let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
        'game: for age in 1..=3 {
            g.start_age(age);
            while !g.table.layout.is_empty() {
                let mut cached = Vec::new();
                d.moves_cached(&g.table, &mut cache, &mut cached);
                let fresh = g.legal_moves();
                assert_eq!(cached, fresh, "seed {seed}");
                let view = DuelView {
                    duel: &d,
                    table: &g.table,
                    seat: g.table.current,
                };
                let i = rng.choose_move(&view, &fresh);
                g.apply(&mut [&mut a, &mut b], &fresh[i]);
                if g.table.ended.is_some() {
                    break 'game;
                }
            }
        }
    }
}

mod sheets {
    use sevenw_runtime::duel::Victory;
    use sevenw_runtime::duel_sheet;
    use sevenw_runtime::sheet::Target;

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

    fn load(text: &str) -> duel_sheet::DuelSheet {
        let info = duel_sheet::duel_game(text, sevenw_runtime::cards::GAMES).expect("a duel sheet");
        duel_sheet::load(text, info).unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(text: &str) -> (u64, String) {
        let info = duel_sheet::duel_game(text, sevenw_runtime::cards::GAMES).expect("a duel sheet");
        match duel_sheet::load(text, info) {
            Ok(_) => panic!("accepted"),
            Err(e) => (e.line, e.message),
        }
    }

    fn coins(s: &duel_sheet::DuelSheet, who: &str, card: &str) -> Option<u32> {
        s.price(who, &Target::Card(card.into()), None)
            .unwrap()
            .coins
    }

    #[test]
    fn rulebook_trading_examples_as_sheets() {
        let s = load(TRADE);
        assert_eq!(coins(&s, "Bruno", "Fortifications"), Some(5));
        assert_eq!(coins(&s, "antoine", "Aqueduct"), Some(12));
        assert_eq!(coins(&s, "Bruno", "Caravansery"), Some(7));
        // Chains are free.
        let s = load(&TRADE.replace("[Shelf Quarry]", "[Shelf Quarry, Palisade]"));
        let p = s
            .price("Bruno", &Target::Card("Fortifications".into()), None)
            .unwrap();
        assert!(p.chain && p.buildable && p.coins == Some(0));
        // Architecture: 2 fewer resources for wonders, the dearest ones.
        let s = load(&TRADE.replace(
            "coins: 20\n    cards: [Clay",
            "coins: 20\n    progress: [Architecture]\n    cards: [Clay",
        ));
        // The Pyramids: 3 stone (4 each against Bruno's quarry) + papyrus (2): 14 - 8.
        let p = s
            .price("Antoine", &Target::Stage, Some("The Pyramids"))
            .unwrap();
        assert_eq!(p.coins, Some(6));
        let s = load(TRADE);
        let p = s
            .price("Antoine", &Target::Stage, Some("The Pyramids"))
            .unwrap();
        assert_eq!(p.coins, Some(14));
    }

    #[test]
    fn scores_and_victories() {
        let s = load(
            "game: duel\nconflict: -4\nplayers:\n  - name: A\n    coins: 8\n    cards: [Baths]\n    wonders: [The Pyramids]\n    progress: [Philosophy]\n  - name: B\n    coins: 9\n    wonders: [The Colossus]\n",
        );
        let r = s.score();
        assert_eq!(r.victory, Victory::Civilian);
        let p = &r.report.players;
        let get = |i: usize, c: &str| p[i].points.iter().find(|(k, _)| *k == c).unwrap().1;
        assert_eq!(get(0, "treasury"), 2);
        assert_eq!(get(0, "wonders"), 9);
        assert_eq!(get(0, "civilian"), 3);
        assert_eq!(get(0, "progress"), 7);
        assert_eq!(get(1, "military"), 5);
        assert_eq!(get(1, "wonders"), 3);
        assert_eq!(p[0].total, 21);
        assert_eq!(r.report.winners, vec!["A"]);
        let json = r.to_json();
        assert!(json.contains("\"victory\": \"civilian\""), "{json}");
        let s = load("game: duel\nconflict: 9\nplayers:\n  - name: A\n  - name: B\n");
        assert_eq!(s.score().victory, Victory::Military);
        assert_eq!(s.score().report.winners, vec!["A"]);
    }

    #[test]
    fn mistakes_have_places() {
        let (l, m) = err(&TRADE.replace("Glassworks", "Glasworks"));
        assert_eq!(l, 5);
        assert!(m.contains("did you mean `Glassworks`"), "{m}");
        let (l, m) = err(&TRADE.replace("[Shelf Quarry]", "[Clay Pool]"));
        assert_eq!(l, 8);
        assert!(m.contains("already Antoine's"), "{m}");
        let (_, m) = err("game: duel\nconflict: 10\nplayers:\n  - name: A\n  - name: B\n");
        assert!(m.contains("between -9 and 9"), "{m}");
        let (_, m) = err("game: duel\nplayers:\n  - name: A\n");
        assert!(m.contains("is for 2"), "{m}");
        let (_, m) =
            err("game: duel\nplayers:\n  - name: A\n    progress: [Alchemy]\n  - name: B\n");
        assert!(m.contains("unknown progress token"), "{m}");
    }
}

/// A game where seat 0 may build `name`, with 100 coins, one card laid out
/// and the opponent holding the given cards.
fn with_wonder<'d>(d: &'d Duel, name: &str, opp: &[&str]) -> (DuelGame<'d>, u8) {
    let w = wonder(d, name);
    let others: Vec<u8> = (0..12).filter(|&x| x != w).collect();
    let mut setup = DuelSetup::new(1);
    setup.wonders = Some([
        vec![w, others[0], others[1], others[2]],
        others[3..7].to_vec(),
    ]);
    let mut g = DuelGame::new(d, &setup).unwrap();
    for c in opp {
        g.give_card(1, card(d, c));
    }
    g.table.cities[0].coins = 100;
    g.lay_out(&[card(d, "Baths"), card(d, "Altar")]);
    (g, w)
}

fn build_wonder(g: &mut DuelGame<'_>, w: u8) {
    play(
        g,
        |m| matches!(m.action, DuelAction::Wonder { wonder, .. } if wonder == w),
    );
}

fn cat(d: &Duel, t: &DuelTable, seat: usize, c: &str) -> i32 {
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
        build_wonder(&mut g, w);
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
                assert_eq!(t.board_tokens.len(), 5);
            }
            "The Mausoleum" => {
                assert_eq!(t.cities[0].cards, vec![card(&d, "Stable")]);
                assert!(t.discard.is_empty());
                assert_eq!(t.pawn, 1);
            }
            _ => {}
        }
    }
    // The Statue of Zeus discards a brown card of the opponent.
    let (mut g, w) = with_wonder(&d, "The Statue of Zeus", &["Quarry", "Press"]);
    build_wonder(&mut g, w);
    assert_eq!(g.table.cities[1].cards, vec![card(&d, "Press")]);
    assert_eq!(g.table.discard, vec![card(&d, "Quarry")]);
    // With nothing to discard, nothing happens.
    let (mut g, w) = with_wonder(&d, "Circus Maximus", &["Quarry"]);
    build_wonder(&mut g, w);
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
    g.give_token(0, token(&d, "Agriculture"));
    assert_eq!(g.table.cities[0].coins, 6);
    assert_eq!(cat(&d, &g.table, 0, "progress"), 4);
    let mut g = fresh();
    g.give_token(0, token(&d, "Philosophy"));
    assert_eq!(cat(&d, &g.table, 0, "progress"), 7);
    let mut g = fresh();
    g.give_token(0, token(&d, "Law"));
    assert_eq!(
        g.table.cities[0].science.iter().filter(|&&n| n > 0).count(),
        1
    );
    let mut g = fresh();
    g.give_token(0, token(&d, "Urbanism"));
    assert_eq!(g.table.cities[0].coins, 6);
    let mut g = fresh();
    g.give_token(0, token(&d, "Mathematics"));
    g.give_token(0, token(&d, "Law"));
    g.give_token(0, token(&d, "Strategy"));
    assert_eq!(cat(&d, &g.table, 0, "progress"), 9);
    // Masonry: blue cards cost 2 fewer resources; Architecture: wonders.
    let mut g = fresh();
    g.give_card(1, card(&d, "Shelf Quarry"));
    let aqueduct = d.info.cards[usize::from(card(&d, "Aqueduct").0)].cost;
    let price = |g: &DuelGame<'_>, off: u8| {
        Duel::trade_cost(
            &g.table.cities[0],
            &aqueduct,
            &d.prices(&g.table.cities, 0),
            off,
        )
    };
    assert_eq!(price(&g, 0), 12);
    g.give_token(0, token(&d, "Masonry"));
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
    g.give_token(0, token(&d, "Architecture"));
    assert_eq!(
        Duel::discount_of(&g.table.cities[0], true, sevenw_host::Colour(0)),
        2
    );
}

#[test]
fn guilds_count_the_city_with_the_most() {
    let d = duel();
    let mut g = scenario(&d);
    g.give_card(1, card(&d, "Lumber Yard"));
    g.give_card(1, card(&d, "Quarry"));
    g.give_card(1, card(&d, "Glassworks"));
    g.give_card(0, card(&d, "Clay Pool"));
    g.give_card(0, card(&d, "Baths"));
    g.table.cities[0].coins = 0;
    // Shipowners: brown and grey of one city, the opponent's 3.
    g.give_card(0, card(&d, "Shipowners Guild"));
    assert_eq!(g.table.cities[0].coins, 3);
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 3);
    // Magistrates: blue cards, the own city (1) beats the opponent's (0).
    g.give_card(0, card(&d, "Magistrates Guild"));
    assert_eq!(g.table.cities[0].coins, 4);
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 4);
    // Moneylenders: 1 per 3 coins of the richest city.
    g.table.cities[1].coins = 10;
    g.give_card(0, card(&d, "Moneylenders Guild"));
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 4 + 3);
    // Builders: 2 per wonder of the city with the most.
    g.give_wonder(1, wonder(&d, "The Pyramids"));
    g.give_card(0, card(&d, "Builders Guild"));
    assert_eq!(cat(&d, &g.table, 0, "guilds"), 7 + 2);
}

#[test]
fn replay_logs_round_trip_and_catch_changes() {
    use sevenw_runtime::duel::NoDuelObserver;
    use sevenw_runtime::duel_replay::{self, DuelReplay};
    let d = duel();
    for seed in 0..30u64 {
        let mut a = GreedyBot::new();
        let mut b = RandomBot::new(seed);
        let (out, table, log) = duel_replay::record(
            &d,
            &DuelSetup::new(seed),
            [&mut a, &mut b],
            &mut NoDuelObserver,
        )
        .unwrap();
        let text = log.to_text();
        let parsed = DuelReplay::parse(&text).unwrap();
        assert_eq!(parsed.to_text(), text);
        let (again, t2) = duel_replay::replay(&d, &parsed, &mut NoDuelObserver).unwrap();
        assert_eq!(again, out);
        assert_eq!(t2, table);
    }
    let mut a = RandomBot::new(1);
    let mut b = RandomBot::new(2);
    let (_, _, log) = duel_replay::record(
        &d,
        &DuelSetup::new(5),
        [&mut a, &mut b],
        &mut NoDuelObserver,
    )
    .unwrap();
    let mut bad = log.clone();
    bad.scores[0] += 1;
    assert!(duel_replay::replay(&d, &bad, &mut NoDuelObserver).is_err());
    let mut bad = log.clone();
    bad.entries.pop();
    assert!(duel_replay::replay(&d, &bad, &mut NoDuelObserver).is_err());
    assert!(DuelReplay::parse("sevenw duel replay 1\ngame duel\n").is_err());
}

#[test]
fn duel_rules_need_a_duel_shaped_game() {
    use sevenw_runtime::duel::DuelError;
    let base = sevenw_runtime::game("base").unwrap();
    assert!(matches!(
        Duel::new(base),
        Err(DuelError::Vocab(_) | DuelError::NotDuel(_))
    ));
    // Fixed wonders must be 4 distinct ones each.
    let d = duel();
    let mut setup = DuelSetup::new(1);
    setup.wonders = Some([vec![0, 1, 2, 3], vec![3, 4, 5, 6]]);
    assert!(matches!(
        DuelGame::new(&d, &setup),
        Err(DuelError::BadWonders)
    ));
    // The shipped set: every Age lays out exactly 20 cards.
    for age in 1..=3 {
        assert_eq!(sevenw_runtime::duel::deck_len(d.info, age), 20);
    }
}
