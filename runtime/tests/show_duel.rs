//! Duel's table documents ([`Show`]): what a seat is shown depends only on
//! what it may see (the same for every state it cannot tell apart), no
//! card hidden from it is named, and the face-down cards and the cards
//! under a wonder are shown and told without their names. With Pantheon
//! too: the divinities laid face down on its board, the Mythology decks
//! and the tokens on face-down cards, in what a seat is shown, its view
//! and its observation.

use sevenw_host::CardId;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::env::Observe;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::duel::{Action, Duel, Move, Phase, State};
use sevenw_runtime::table::Show;

fn duel() -> Duel {
    Duel::new(sevenw_cards::game("duel").expect("duel is compiled")).expect("duel rules")
}

fn pantheon() -> Duel {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, &["pantheon"])
        .expect("duel with pantheon is compiled");
    Duel::new(info).expect("duel rules")
}

/// The names `seat` may not read: those of [`Show::secrets`] with no copy
/// of the same name among [`Show::seen`].
fn secret_names(d: &Duel, st: &State, seat: Option<usize>) -> Vec<&'static str> {
    let name = |c: CardId| d.info.cards[usize::from(c.0)].name;
    let seen: std::collections::HashSet<&str> = d.seen(st, seat).into_iter().map(name).collect();
    let mut out: Vec<&'static str> = (d.secrets(st, seat).into_iter())
        .map(name)
        .filter(|n| !seen.contains(n))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every check at one point of a game; returns how many determinizations
/// differed from the state (hidden cards dealt again).
fn check(d: &Duel, st: &State, rng: &mut Rng) -> usize {
    let mut differed = 0;
    let spectator = d.show(st, None);
    // Whoever decides now, in the draft too, as the game says.
    assert_eq!(spectator["to_move"], serde_json::json!(d.to_move(st)));
    for s in 0..2 {
        let doc = d.show(st, Some(s));
        let mut seen = vec![0.0; d.observation_len(2)];
        d.observe(&d.view(st, s), &mut seen);
        for _ in 0..2 {
            let other = d.determinize(st, s, rng);
            differed += usize::from(other != *st);
            assert_eq!(doc, d.show(&other, Some(s)), "seat {s} told states apart");
            assert!(d.view(st, s) == d.view(&other, s), "seat {s}'s view");
            let mut again = vec![0.0; seen.len()];
            d.observe(&d.view(&other, s), &mut again);
            assert_eq!(seen, again, "seat {s}'s observation told states apart");
            assert_eq!(
                spectator,
                d.show(&other, None),
                "a spectator told states apart"
            );
        }
    }
    for seat in [Some(0), Some(1), None] {
        let text = serde_json::to_string(&d.show(st, seat)).unwrap();
        for n in secret_names(d, st, seat) {
            assert!(
                !text.contains(&format!("\"{n}\"")),
                "{seat:?} was shown the hidden card {n}: {text}"
            );
        }
    }
    differed
}

/// [`check`] at every decision of `games` seeded random games; returns
/// how many decisions a seat took a face-down card of a board at, as the
/// opponent laid it, for one it had not seen.
fn check_games(d: &Duel, games: u64) -> usize {
    let (mut points, mut differed, mut boards) = (0, 0, 0);
    for seed in 0..games {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0x5eed);
        let mut moves = Vec::new();
        while d.to_move(&st).is_some() {
            differed += check(d, &st, &mut rng);
            boards += usize::from((0..2).any(|s| {
                let other = d.determinize(&st, s, &mut rng);
                let t = &st.table;
                (0..t.spaces.len())
                    .any(|i| t.down[i] == 2 - s as u8 && other.table.spaces[i] != t.spaces[i])
            }));
            points += 1;
            d.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            d.apply(&mut st, &mv);
        }
        check(d, &st, &mut rng);
    }
    assert!(points > 500, "{points} points checked");
    assert!(
        differed * 2 > points,
        "hidden cards rarely re-dealt: {differed} of {points}"
    );
    boards
}

#[test]
fn documents_depend_only_on_what_the_seat_sees_and_name_no_hidden_card() {
    assert_eq!(check_games(&duel(), 12), 0, "Duel has no board");
}

#[test]
fn with_pantheon_the_divinities_laid_face_down_stay_hidden() {
    let d = pantheon();
    let boards = check_games(&d, 12);
    assert!(
        boards > 50,
        "the opponent's face-down divinities re-dealt at {boards} points"
    );
}

#[test]
fn a_face_down_card_is_a_card_of_its_age_without_a_name() {
    let d = duel();
    let mut st = d.start(&Setup::seeded(3)).unwrap();
    let mut rng = Rng::new(3);
    let mut moves = Vec::new();
    while matches!(st.phase, Phase::Draft { .. }) {
        let doc = d.show(&st, Some(0));
        assert_eq!(doc["phase"], "draft");
        assert!(!doc["draft"].as_array().unwrap().is_empty());
        d.legal_moves(&mut st, &mut moves);
        let mv = moves[rng.below(moves.len())];
        d.apply(&mut st, &mv);
    }
    let doc = d.show(&st, Some(0));
    assert_eq!(doc["age"], 1);
    assert_eq!(doc["phase"], "play");
    assert_eq!(doc["draft"], serde_json::json!([]));
    assert_eq!(doc["layout"]["rows"], serde_json::json!([2, 3, 4, 5, 6]));
    let slots = doc["layout"]["slots"].as_array().unwrap();
    assert_eq!(slots.len(), 20);
    let l = &st.table.layout;
    for (i, slot) in slots.iter().enumerate() {
        if l.up & (1 << i) != 0 {
            assert_eq!(slot["state"], "up");
            assert_eq!(slot["card"]["name"], d.card_name(l.cards[i]));
        } else {
            assert_eq!(slot["state"], "down");
            assert_eq!(slot["age"], 1);
            assert!(slot.get("card").is_none());
            let text = serde_json::to_string(&doc).unwrap();
            assert!(!text.contains(&format!("\"{}\"", d.card_name(l.cards[i]))));
        }
    }
    // The bottom row, face up, is accessible; the top row is not.
    assert_eq!(slots[19]["accessible"], true);
    assert_eq!(slots[0]["accessible"], false);
    assert_eq!(slots[14]["col"], 0);
    assert_eq!(slots[0]["col"], 4);
    assert_eq!(doc["seat"], 0);
    assert_eq!(d.show(&st, None)["seat"], serde_json::Value::Null);
    assert_eq!(d.show(&st, None)["stage_cards"], serde_json::Value::Null);
}

#[test]
fn a_card_under_a_wonder_is_shown_and_told_to_its_owner_only() {
    let d = duel();
    let mut moves = Vec::new();
    let mut found = 0;
    for seed in 0..20u64 {
        let mut st = d.start(&Setup::seeded(seed)).unwrap();
        let mut rng = Rng::new(seed);
        while d.to_move(&st).is_some() {
            d.legal_moves(&mut st, &mut moves);
            let wonder = moves
                .iter()
                .find(|m| matches!(m.action(), Some(Action::Wonder { .. })));
            let mv = *wonder.unwrap_or(&moves[rng.below(moves.len())]);
            let seat = d.to_move(&st).unwrap();
            if let Move::Card {
                card,
                action: Action::Wonder { .. },
                ..
            } = mv
            {
                let name = d.card_name(card);
                assert!(d.describe_in(&st, &mv).contains(name));
                let told = d.told_others(&st, &mv);
                assert!(!told.contains(name), "{told}");
                assert!(told.contains("with a card"), "{told}");
                d.apply(&mut st, &mv);
                let quoted = format!("\"{name}\"");
                let own = serde_json::to_string(&d.show(&st, Some(seat))).unwrap();
                let theirs = serde_json::to_string(&d.show(&st, Some(1 - seat))).unwrap();
                let public = serde_json::to_string(&d.show(&st, None)).unwrap();
                assert!(own.contains(&quoted));
                assert!(!theirs.contains(&quoted));
                assert!(!public.contains(&quoted));
                found += 1;
                continue;
            }
            if let Move::Card {
                card,
                action: Action::Discard,
                ..
            } = mv
            {
                // The discard pile is public: the others read its name.
                assert!(d.told_others(&st, &mv).contains(d.card_name(card)));
            }
            d.apply(&mut st, &mv);
        }
    }
    assert!(found > 20, "{found} wonders built");
}

/// Duel with the shipped expansions `with`.
fn duel_with(with: &[&str]) -> Duel {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "duel", None, with)
        .unwrap_or_else(|e| panic!("duel with {with:?}: {e}"));
    Duel::new(info).expect("duel rules")
}

#[test]
fn with_agora_and_with_both_expansions_hidden_cards_stay_hidden() {
    // Agora's face-down decrees, the conspiracies held and the deck, the
    // senators face down and the cards set aside (duel-expansions-facts.md
    // §2.2, §2.6); with Pantheon too, its divinities laid face down.
    check_games(&duel_with(&["agora"]), 10);
    let boards = check_games(&duel_with(&["pantheon", "agora"]), 10);
    assert!(
        boards > 20,
        "face-down divinities re-dealt at {boards} points"
    );
}

#[test]
fn the_cards_set_aside_are_shown_to_the_player_building_one_alone() {
    // Treason: its player looks at the Age cards set aside
    // (duel-expansions-facts.md §2.7 item 8); the opponent never does.
    use sevenw_runtime::scenario::Scenarios;
    let d = duel_with(&["agora"]);
    let position = "game: duel
expansions: [agora]
age: 2
layout: [Brewery, Stable]
set_aside: [Lumber Yard, Baths, Tavern, Library, Forum, Caravansery]
players:
  - {name: Ana, coins: 2, prepared: [Treason]}
  - {name: Ben, coins: 6}
";
    let mut st = d.read_scenario(position).expect("a position").state;
    let mut moves = Vec::new();
    d.legal_moves(&mut st, &mut moves);
    let trigger = *moves
        .iter()
        .find(|m| d.describe(m).contains("Treason"))
        .expect("Treason can be triggered");
    d.apply(&mut st, &trigger);
    assert_eq!(d.to_move(&st), Some(0));
    let names = [
        "Lumber Yard",
        "Baths",
        "Tavern",
        "Library",
        "Forum",
        "Caravansery",
    ];
    let text = |seat: Option<usize>| serde_json::to_string(&d.show(&st, seat)).unwrap();
    let (ana, ben, spectator) = (text(Some(0)), text(Some(1)), text(None));
    for n in names {
        assert!(ana.contains(n), "Ana is not shown {n}: {ana}");
        assert!(!ben.contains(n), "Ben is shown {n}: {ben}");
        assert!(!spectator.contains(n), "a spectator is shown {n}");
    }
    let mut rng = Rng::new(7);
    check(&d, &st, &mut rng);
    // Ben's determinizations deal the six anew; Ana's keep them.
    let kept = |seat: usize, rng: &mut Rng| d.determinize(&st, seat, rng).table.aside_cards;
    assert_eq!(kept(0, &mut rng), st.table.aside_cards);
    assert!((0..20).any(|_| kept(1, &mut rng) != st.table.aside_cards));
}
