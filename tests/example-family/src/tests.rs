//! The rules of the `market` family, on Bazaar.

use super::*;

use sevenw_runtime::bots::{BotKind, table};
use sevenw_runtime::game::{Illegal, play_out, try_apply};
use sevenw_runtime::games::rules_in;
use sevenw_runtime::soak::{Checks, play_checked_with};

fn bazaar() -> Market {
    let info = sevenw_runtime::find_game(GAMES, "bazaar").expect("compiled by build.rs");
    Market::new(info).expect("the market rules play Bazaar")
}

fn card(g: &Market, name: &str) -> CardId {
    g.vocab().find_card(name).expect("a card of Bazaar")
}

/// A state of `n` players whose row is the first cards of `next` and whose
/// deck draws the others next (the rest of the deck below them, shuffled
/// by `seed`), for tests that need a known market.
fn with_row(g: &Market, n: usize, seed: u64, next: &[&str]) -> State {
    let mut s = g.start(&Setup::new(n, seed)).unwrap();
    let mut all: Vec<CardId> = s.deck.drain(..).chain(s.row.drain(..)).collect();
    let mut top = Vec::new();
    for (i, name) in next.iter().enumerate() {
        let c = card(g, name);
        let at = all.iter().position(|&x| x == c).expect("dealt");
        let c = all.remove(at);
        if i < ROW { s.row.push(c) } else { top.push(c) }
    }
    top.reverse();
    all.extend(top);
    s.deck = all;
    g.invariants(&s).unwrap();
    s
}

#[test]
fn the_card_set_names_this_family_and_the_family_loads_it() {
    let info = sevenw_runtime::find_game(GAMES, "bazaar").unwrap();
    assert_eq!(info.family, NAME);
    let rules = rules_in(&[FAMILY], info).expect("found by its family");
    assert_eq!(rules.info().name, "bazaar");
    assert_eq!(rules.victories(), &[POINTS]);
    // The shipped families do not play it, and say why.
    let e = rules_in(sevenw_runtime::games::SHIPPED, info)
        .err()
        .unwrap();
    assert!(e.contains("family `market`"), "{e}");
}

#[test]
fn the_deck_holds_five_cards_per_player() {
    let g = bazaar();
    for n in 2..=4 {
        let s = g.start(&Setup::new(n, 7)).unwrap();
        assert_eq!(g.dealt(n).len(), 5 * n);
        assert_eq!(s.row.len(), ROW);
        assert_eq!(s.deck_len(), 5 * n - ROW);
        assert!(s.cities.iter().all(|c| c.coins == 3 && c.cards.is_empty()));
        assert_eq!(g.to_move(&s), Some(0));
    }
}

#[test]
fn set_ups_out_of_the_rules_are_refused_as_options() {
    let g = bazaar();
    let option = |setup: Setup| match g.start(&setup) {
        Err(SetupError::Option { option, .. }) => option,
        other => panic!("{other:?}"),
    };
    assert_eq!(option(Setup::new(5, 1)), "players");
    assert_eq!(option(Setup::new(1, 1)), "players");
    assert_eq!(option(Setup::seeded(1)), "players");
    assert_eq!(
        option(Setup::new(3, 1).with_wonders(vec![(0, 0)])),
        "wonders"
    );
    assert_eq!(option(Setup::new(3, 1).with_sides(Sides::B)), "sides");
}

#[test]
fn every_game_ends_after_one_turn_per_card_each_seat_taking_its_share() {
    let g = bazaar();
    for n in 2..=4 {
        for seed in 0..20 {
            let bots = [
                BotKind::Random,
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Greedy,
            ];
            let mut players = table(&bots[..n], seed);
            let checked = play_checked_with(
                &g,
                &Setup::new(n, seed),
                &mut players,
                Checks::new().with_invariants(),
            )
            .unwrap_or_else(|v| panic!("{v}"));
            assert_eq!(checked.decisions, 5 * n);
            let s = &checked.state;
            assert!(g.is_over(s));
            assert_eq!(s.turn as usize, 5 * n);
            assert!(s.row.is_empty() && s.deck_len() == 0);
            // Every card went somewhere: built or sold.
            let built: usize = (0..n).map(|seat| g.built(s, seat).len()).sum();
            assert_eq!(built + s.discard.len(), 5 * n);
            let o = &checked.outcome;
            assert_eq!(o.scores.len(), n);
            assert!(!o.winners.is_empty());
            let best = o.scores.iter().map(|s| s.total).max().unwrap();
            assert!(o.winners.iter().all(|&w| o.scores[w].total == best));
        }
    }
}

#[test]
fn coins_are_never_negative_and_a_buy_is_always_affordable() {
    let g = bazaar();
    let mut moves = Vec::new();
    for seed in 0..50 {
        let mut s = g.start(&Setup::new(3, seed)).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(seat) = g.to_move(&s) {
            g.legal_moves(&mut s, &mut moves);
            assert!(!moves.is_empty());
            // Selling any card of the row is always possible.
            assert!(moves.iter().filter(|m| matches!(m, Move::Sell(_))).count() >= 1);
            for m in &moves {
                if let Move::Buy(c) = m {
                    assert!(g.coins_of(*c) <= s.cities[seat].coins);
                }
            }
            let mv = moves[rng.below(moves.len())];
            g.apply(&mut s, &mv);
            assert!(s.cities.iter().all(|c| c.coins >= 0), "seed {seed}");
        }
    }
}

#[test]
fn a_card_beyond_the_city_is_not_for_sale_but_can_be_sold() {
    let g = bazaar();
    let mut s = with_row(&g, 2, 3, &["Palace", "Caravan", "Statue", "Stall"]);
    let mut moves = Vec::new();
    g.legal_moves(&mut s, &mut moves);
    let (palace, caravan, statue, stall) = (
        card(&g, "Palace"),
        card(&g, "Caravan"),
        card(&g, "Statue"),
        card(&g, "Stall"),
    );
    // 3 coins and nothing produced: only the free Stall can be bought.
    assert_eq!(
        moves,
        vec![
            Move::Buy(stall),
            Move::Sell(palace),
            Move::Sell(caravan),
            Move::Sell(statue),
            Move::Sell(stall),
        ]
    );
    assert_eq!(
        try_apply(&g, &mut s, 0, &Move::Buy(palace)),
        Err(Illegal::NotLegal)
    );
    assert_eq!(
        try_apply(&g, &mut s, 1, &Move::Sell(palace)),
        Err(Illegal::NotYourTurn { to_move: 0 })
    );
    // Selling pays 2 coins, discards the card and refills the row.
    try_apply(&g, &mut s, 0, &Move::Sell(palace)).unwrap();
    assert_eq!(s.cities[0].coins, 5);
    assert_eq!(s.discard, vec![palace]);
    assert_eq!(s.row.len(), ROW);
    assert_eq!(&s.row[..3], &[caravan, statue, stall]);
    assert_eq!(g.to_move(&s), Some(1));
    g.invariants(&s).unwrap();
}

#[test]
fn cards_act_through_their_generated_effects() {
    let g = bazaar();
    let mut s = with_row(
        &g,
        2,
        5,
        &[
            "Lumber Camp",
            "Caravan",
            "Tavern",
            "Quarry",
            "Fountain",
            "Stall",
        ],
    );
    let id = |n: &str| card(&g, n);
    // Player 1 builds a workshop: it produces wood, so Caravan (cost: wood)
    // becomes affordable to it and not to player 2.
    g.apply(&mut s, &Move::Buy(id("Lumber Camp")));
    assert_eq!(s.cities[0].own.fixed[0], 1, "wood produced");
    assert_eq!(s.cities[0].coins, 3, "a free card");
    g.apply(&mut s, &Move::Buy(id("Tavern")));
    assert_eq!(s.cities[1].coins, 2);
    assert!(g.affordable(&s.cities[0], id("Caravan")));
    assert!(!g.affordable(&s.cities[1], id("Caravan")));
    // Caravan: 2 coins per brown card of the city, when built.
    g.apply(&mut s, &Move::Buy(id("Caravan")));
    assert_eq!(s.cities[0].coins, 3 + 2);
    // Tavern listens to blue cards built by its owner: Fountain costs 2
    // and gives 2 back.
    assert_eq!(s.row[..3], [id("Quarry"), id("Fountain"), id("Stall")]);
    g.apply(&mut s, &Move::Buy(id("Fountain")));
    assert_eq!(s.cities[1].coins, 2, "2 paid, 2 given back by Tavern");
    // Fountain's 2 VP count at game end, in the civic category; coins 1 VP
    // per 3 in the treasury.
    let score = g.score_city(&s.cities, 1, &s.cities[1]);
    let civic = usize::from(g.vocab().category("civic").unwrap().0);
    assert_eq!(score.points[civic], 2);
    assert_eq!(score.points[g.treasury], 0);
    assert_eq!(score.total, 2);
    assert_eq!(g.score_city(&s.cities, 0, &s.cities[0]).total, 5 / 3);
    g.invariants(&s).unwrap();
}

#[test]
fn guilds_count_at_game_end() {
    let g = bazaar();
    let mut s = g.start(&Setup::new(4, 1)).unwrap();
    let id = |n: &str| card(&g, n);
    // Built outside the turns, as a city is put together in a test.
    s.cities[2].coins = 10;
    for name in ["Lumber Camp", "Quarry", "Builders' Guild"] {
        g.buy(&mut s.cities, 2, id(name));
    }
    for name in ["Fountain", "Statue"] {
        s.cities[0].coins += 10;
        g.buy(&mut s.cities, 0, id(name));
    }
    s.cities[1].coins = 6;
    g.buy(&mut s.cities, 1, id("Gossips' Guild"));
    let guild = usize::from(g.vocab().category("guild").unwrap().0);
    // Builders' Guild: 2 VP per brown card of its own city.
    let builders = g.score_city(&s.cities, 2, &s.cities[2]);
    assert_eq!(builders.points[guild], 4);
    // Gossips' Guild: 1 VP per blue card of the other cities.
    let gossips = g.score_city(&s.cities, 1, &s.cities[1]);
    assert_eq!(gossips.points[guild], 2);
    assert_eq!(gossips.coins, 4);
    assert_eq!(gossips.total, 2 + 1);
}

#[test]
fn the_view_hides_the_order_of_the_deck_and_nothing_else() {
    let g = bazaar();
    let mut s = g.start(&Setup::new(3, 11)).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut s, &mut moves);
    g.apply(&mut s, &moves[moves.len() - 1]);
    let mut other = s.clone();
    other.deck.reverse();
    assert_ne!(s.deck, other.deck);
    for seat in 0..3 {
        assert_eq!(g.view(&s, seat), g.view(&other, seat));
        // A sample for the seat is the same for the same random stream,
        // whichever order the real deck is in, and keeps all it sees.
        let a = g.determinize(&s, seat, &mut Rng::new(9));
        let b = g.determinize(&other, seat, &mut Rng::new(9));
        assert_eq!(a.deck, b.deck);
        assert_eq!(g.view(&a, seat), g.view(&s, seat));
        let mut sorted = a.deck.clone();
        sorted.sort_unstable();
        let mut real = s.deck.clone();
        real.sort_unstable();
        assert_eq!(sorted, real, "the same cards, dealt again");
    }
    // What the view shows does differ with the row.
    let mut shown = s.clone();
    shown.row.swap(0, 1);
    assert_ne!(g.view(&s, 0), g.view(&shown, 0));
}

#[test]
fn the_same_seed_and_bots_give_the_same_game() {
    let g = bazaar();
    let play = |seed| {
        let mut s = g.start(&Setup::new(4, seed)).unwrap();
        let mut players = table(&[BotKind::Random; 4], seed);
        let o = play_out(&g, &mut s, &mut players, &mut ()).unwrap();
        (o, s.discard.clone())
    };
    assert_eq!(play(3), play(3));
    assert_ne!(play(3).1, play(4).1);
}

#[test]
fn the_greedy_bot_beats_the_random_one() {
    let g = bazaar();
    let mut greedy_wins = 0;
    let games = 200;
    for seed in 0..games {
        let mut s = g.start(&Setup::new(2, seed)).unwrap();
        // The seats alternate, so that the first player's edge cancels out.
        let (greedy, bots) = if seed % 2 == 0 {
            (0, [BotKind::Greedy, BotKind::Random])
        } else {
            (1, [BotKind::Random, BotKind::Greedy])
        };
        let mut players = table(&bots, seed);
        let o = play_out(&g, &mut s, &mut players, &mut ()).unwrap();
        if o.winners == [greedy] {
            greedy_wins += 1;
        }
    }
    assert!(
        greedy_wins > games * 6 / 10,
        "greedy won {greedy_wins} of {games}"
    );
}

/// Rules that judge no moves have no greedy bot, and say so as a usage
/// mistake of `--bots`; the other bots play.
#[test]
fn without_a_judgement_there_is_no_greedy_bot() {
    let rules = Rules::new(bazaar());
    let greedy = [BotKind::Greedy, BotKind::Random];
    let no = |e: SetupError| match e {
        SetupError::Option { option, message } => {
            assert_eq!(option, "bots");
            assert_eq!(
                message,
                "Bazaar has no greedy bot: its rules judge no moves (bots: random, mcts, mcts-classic)"
            );
        }
        other => panic!("not a usage mistake: {other:?}"),
    };
    no(rules.check_bots(&greedy).unwrap_err());
    no(rules.play(&Setup::new(2, 4), &greedy).unwrap_err());
    rules
        .play(&Setup::new(2, 4), &[BotKind::Random, BotKind::Mcts(8)])
        .unwrap();
    let opts = sevenw_runtime::sim::SimOptions {
        setup: Setup::new(2, 4),
        bots: greedy.to_vec(),
        games: 2,
        threads: 1,
        check: false,
    };
    match rules.runs().sim(&opts, &|_| {}) {
        Err(sevenw_runtime::sim::SimError::Setup(e)) => no(e),
        other => panic!("{other:?}"),
    }
    match rules.runs().balance(&opts, &|_| {}) {
        Err(sevenw_runtime::sim::SimError::Setup(e)) => no(e),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_story_tells_every_move_and_the_market() {
    let g = bazaar();
    let rules = Rules::new(g).with_greedy().with_story();
    let played = rules
        .play(&Setup::new(2, 4), &[BotKind::Greedy, BotKind::Random])
        .unwrap();
    assert!(
        played
            .text
            .starts_with("Bazaar: 2 players, seed 4, bots greedy,random\n")
    );
    assert!(played.text.contains("The market: "));
    let moves = played
        .text
        .lines()
        .filter(|l| l.contains(" buys ") || l.contains(" sells "))
        .count();
    assert_eq!(moves, 10);
    assert!(played.text.contains("Final scores"));
    // The log plays back to the same story.
    assert_eq!(
        rules
            .replay(&played.log)
            .unwrap()
            .lines()
            .skip(1)
            .collect::<Vec<_>>(),
        played.text.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn the_invariants_catch_a_broken_state() {
    let g = bazaar();
    let s = g.start(&Setup::new(2, 8)).unwrap();
    let broken = |f: &dyn Fn(&mut State)| {
        let mut t = s.clone();
        f(&mut t);
        g.invariants(&t).unwrap_err().invariant
    };
    assert_eq!(broken(&|t| t.discard.push(t.row[0])), "cards in one place");
    assert_eq!(broken(&|t| t.cities[1].coins = -1), "coins never negative");
    assert_eq!(
        broken(&|t| {
            let c = t.row.pop().unwrap();
            t.deck.insert(0, c);
        }),
        "the row is refilled"
    );
    assert_eq!(broken(&|t| t.turn = 3), "one card a turn");
}

#[test]
fn without_its_story_the_family_still_plays_in_plain_words() {
    // `Rules::new` alone: every move in `Game::describe`'s words.
    let rules = Rules::new(bazaar());
    let played = rules
        .play(&Setup::new(2, 4), &[BotKind::Random; 2])
        .unwrap();
    let moves: Vec<&str> = played
        .text
        .lines()
        .filter(|l| l.starts_with("player "))
        .filter(|l| l.contains(": buy ") || l.contains(": sell "))
        .collect();
    assert_eq!(moves.len(), 10, "{}", played.text);
    assert!(moves[0].starts_with("player 1: "));
    assert!(moves[1].starts_with("player 2: "));
    assert!(played.text.contains("Final scores"));
    assert_eq!(
        rules
            .replay(&played.log)
            .unwrap()
            .lines()
            .skip(1)
            .collect::<Vec<_>>(),
        played.text.lines().skip(1).collect::<Vec<_>>()
    );
}

/// The action space: every legal move of every decision of many random
/// games numbered below `num_actions`, distinct, decoded back (directly,
/// not by the default scan); the mask is the legal moves; numbers no legal
/// move has decode to nothing.
#[test]
fn every_legal_move_round_trips_through_the_action_space() {
    use sevenw_runtime::game::{check_actions, legal_mask};
    let g = bazaar();
    let cards = g.info().cards.len() as u32;
    assert_eq!(g.num_actions(), 2 * cards);
    let mut rng = Rng::new(11);
    let (mut moves, mut mask) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    for seed in 0..300 {
        let n = 2 + (seed as usize) % 3;
        let mut s = g.start(&Setup::new(n, seed)).unwrap();
        while g.to_move(&s).is_some() {
            check_actions(&g, &mut s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            legal_mask(&g, &mut s, &mut moves, &mut mask);
            assert_eq!(mask.len() as u32, g.num_actions());
            for (a, &legal) in mask.iter().enumerate() {
                let back = g.decode(&mut s, a as u32);
                assert_eq!(back.is_some(), legal, "seed {seed}, action {a}");
                if let Some(mv) = back {
                    assert!(moves.contains(&mv));
                    assert_eq!(g.encode(&mv), a as u32);
                }
            }
            assert_eq!(mask.iter().filter(|&&m| m).count(), moves.len());
            assert_eq!(g.decode(&mut s, g.num_actions()), None);
            assert_eq!(g.decode(&mut s, u32::MAX), None);
            decisions += 1;
            let mv = moves[rng.below(moves.len())];
            g.apply(&mut s, &mv);
        }
        // Over: nothing decodes.
        assert!((0..g.num_actions()).all(|a| g.decode(&mut s, a).is_none()));
    }
    assert!(decisions > 3000, "{decisions} decisions");
    // The same card bought and sold has two numbers, fixed by its id.
    let c = CardId(1);
    assert_eq!(g.encode(&Move::Buy(c)), 1);
    assert_eq!(g.encode(&Move::Sell(c)), cards + 1);
    assert_eq!(g.encode(&Move::Buy(CardId(u16::MAX))), g.num_actions());
}
