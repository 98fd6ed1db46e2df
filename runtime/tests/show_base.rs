//! The base family at a table ([`Show`]): the document a seat is shown
//! depends only on what it may see (the same for every state it cannot
//! tell from the real one), names no card hidden from it, and holds its own
//! hand but not the others'; the others read a card discarded or put under
//! a stage face down, and a turn's moves only once it is carried out.

use sevenw_host::CardId;
use sevenw_runtime::bots::Bots;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::base::{Action, Base, Move, Phase, State};
use sevenw_runtime::table::{Live, Show, Table};

fn composed(edition: u8, with: &[&str]) -> Base {
    let info = sevenw_runtime::select(sevenw_cards::GAMES, "base", Some(edition), with)
        .expect("the card sets are compiled and fit together");
    Base::new(info).expect("the base rules play them")
}

/// The names of `secrets` with no card of the same name in `seen`.
fn secret_names(b: &Base, st: &State, seat: Option<usize>) -> Vec<&'static str> {
    let name = |c: CardId| b.info.cards[usize::from(c.0)].name;
    let seen: Vec<&str> = b.seen(st, seat).into_iter().map(name).collect();
    let mut out: Vec<&'static str> = (b.secrets(st, seat).into_iter())
        .map(name)
        .filter(|n| !seen.contains(n))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Checks one decision: for every seat, its document is the same for a
/// state re-dealt from its own view; the spectator's is the same for a
/// state re-dealt from any seat's; no document names a secret.
fn check_position(b: &Base, st: &State, rng: &mut Rng) {
    let n = b.seats(st);
    let spectator = b.show(st, None);
    for s in 0..n {
        let doc = b.show(st, Some(s));
        let d = b.determinize(st, s, rng);
        assert_eq!(
            doc,
            b.show(&d, Some(s)),
            "seat {s}'s document changed with what it cannot see"
        );
        assert_eq!(
            spectator,
            b.show(&d, None),
            "the spectator's document changed with what seat {s} cannot see"
        );
        let text = doc.to_string();
        for name in secret_names(b, st, Some(s)) {
            assert!(
                !text.contains(&format!("\"{name}\"")),
                "seat {s} is shown {name}, hidden from it: {text}"
            );
        }
    }
    let text = spectator.to_string();
    for name in secret_names(b, st, None) {
        assert!(
            !text.contains(&format!("\"{name}\"")),
            "a spectator is shown {name}, hidden: {text}"
        );
    }
}

/// Seeded games of random moves, every decision checked.
fn fair_games(b: &Base, counts: &[usize], seeds: u64) {
    let mut moves: Vec<Move> = Vec::new();
    for &n in counts {
        for seed in 0..seeds {
            let mut st = b.start(&Setup::new(n, seed * 31 + n as u64)).unwrap();
            let mut rng = Rng::new(seed ^ 0x5eed);
            let mut decisions = 0;
            while b.to_move(&st).is_some() {
                check_position(b, &st, &mut rng);
                b.legal_moves(&mut st, &mut moves);
                let mv = moves[rng.below(moves.len())];
                b.apply(&mut st, &mv);
                decisions += 1;
                assert!(decisions < 10_000, "the game ends");
            }
            check_position(b, &st, &mut rng);
        }
    }
}

#[test]
fn fair_first_edition() {
    fair_games(&composed(1, &[]), &[3, 5, 7], 1);
}

#[test]
fn fair_second_edition() {
    fair_games(&composed(2, &[]), &[4, 6], 1);
}

#[test]
fn fair_with_leaders() {
    fair_games(&composed(1, &["leaders"]), &[3, 7], 1);
    fair_games(&composed(2, &["leaders"]), &[4], 1);
}

#[test]
fn fair_with_edifice() {
    fair_games(&composed(1, &["edifice"]), &[5], 1);
    fair_games(&composed(2, &["edifice"]), &[3, 7], 1);
}

#[test]
fn fair_with_leaders_and_edifice() {
    fair_games(&composed(1, &["leaders", "edifice"]), &[4], 1);
    fair_games(&composed(2, &["leaders", "edifice"]), &[3, 6], 1);
}

#[test]
fn fair_with_cities() {
    fair_games(&composed(1, &["cities", "leaders"]), &[3, 7], 1);
    fair_games(&composed(2, &["cities", "leaders", "edifice"]), &[5], 1);
}

fn names(doc: &serde_json::Value) -> Vec<&str> {
    doc.as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect()
}

#[test]
fn a_seat_is_shown_its_hand_and_only_counts_of_the_others() {
    let b = composed(1, &[]);
    let st = b.start(&Setup::new(3, 7)).unwrap();
    let doc = b.show(&st, Some(1));
    assert_eq!(doc["seat"], 1);
    assert_eq!(doc["age"], 1);
    assert_eq!(doc["phase"]["kind"], "turn");
    let hand = names(&doc["you"]["hand"]);
    let own: Vec<&str> = (st.table.hands[1].iter())
        .map(|c| b.info.cards[usize::from(c.0)].name)
        .collect();
    assert_eq!(hand, own);
    assert_eq!(hand.len(), 7);
    let card = &doc["you"]["hand"][0];
    assert_eq!(card["id"], st.table.hands[1][0].0);
    assert_eq!(card["age"], 1);
    assert!(card["colour"].is_string());
    let text = doc.to_string();
    for s in [0, 2] {
        assert_eq!(doc["seats"][s]["hand_count"], 7);
        assert!(doc["seats"][s].get("hand").is_none());
        for c in &st.table.hands[s] {
            let name = b.info.cards[usize::from(c.0)].name;
            if !own.contains(&name) {
                assert!(!text.contains(&format!("\"{name}\"")), "{name} shown");
            }
        }
    }
    assert_eq!(doc["seats"].as_array().unwrap().len(), 3);
    assert!(doc["seats"][0]["wonder"].is_string());
    assert_eq!(doc["seats"][0]["coins"], 3);
    // A spectator sees no hand at all.
    let spectator = b.show(&st, None);
    assert!(spectator["you"].is_null());
    assert!(spectator["seat"].is_null());
    assert_eq!(spectator["seats"], doc["seats"]);
}

/// At a table: a card discarded is told face down to the others, and only
/// once the turn is carried out.
#[test]
fn the_others_read_a_discard_face_down_once_the_turn_is_over() {
    let b = composed(1, &[]);
    let setup = Setup::new(3, 11);
    let mut live = Live::start(&b, Bots::new(), &setup).unwrap();
    let hand0 = live.state().table.hands[0].clone();
    let discard = |live: &Live<'_, Base>, seat: usize| {
        let mut st = live.state().clone();
        let mut moves = Vec::new();
        b.legal_moves(&mut st, &mut moves);
        let mv = moves
            .iter()
            .find(|m| m.action == Action::Discard)
            .copied()
            .unwrap();
        (seat, b.encode(&mv), mv)
    };
    let (_, a, mv) = discard(&live, 0);
    live.play(0, a).unwrap();
    assert!(b.hiding(live.state()));
    assert_eq!(live.history(Some(0)).len(), 1);
    assert!(
        live.history(Some(1)).is_empty(),
        "seat 0's choice is hidden"
    );
    assert!(live.history(None).is_empty());
    for seat in 1..3 {
        let (_, a, _) = discard(&live, seat);
        live.play(seat, a).unwrap();
    }
    assert!(!b.hiding(live.state()));
    let own = &live.history(Some(0))[0];
    assert_eq!(own.text, format!("discard {}", b.card_name(mv.card)));
    assert!(hand0.contains(&mv.card));
    let others = live.history(Some(1));
    assert_eq!(others.len(), 3);
    assert_eq!(others[0].seat, 0);
    assert_eq!(others[0].text, "discard a card");
    assert!(
        live.history(None)
            .iter()
            .all(|l| l.text == "discard a card")
    );
}

#[test]
fn the_others_read_a_stage_without_its_card_and_a_build_with_it() {
    let b = composed(1, &[]);
    let mut st = b.start(&Setup::new(3, 5)).unwrap();
    let mut moves = Vec::new();
    b.legal_moves(&mut st, &mut moves);
    for mv in &moves {
        let told = b.told_others(&st, mv);
        let name = b.card_name(mv.card);
        match mv.action {
            Action::Stage(..) => {
                assert!(told.starts_with("wonder stage 1"), "{told}");
                assert!(!told.contains(name), "{told}");
            }
            Action::Discard => assert_eq!(told, "discard a card"),
            _ => assert_eq!(told, b.describe_in(&st, mv)),
        }
    }
}

#[test]
fn the_draft_is_told_face_down_and_a_recruit_face_up() {
    let b = composed(2, &["leaders"]);
    let mut st = b.start(&Setup::new(3, 9)).unwrap();
    assert_eq!(st.phase, Phase::Draft);
    let doc = b.show(&st, Some(0));
    assert_eq!(doc["phase"]["kind"], "draft");
    assert_eq!(doc["age"], 0);
    assert_eq!(names(&doc["you"]["draft"]).len(), 4);
    assert_eq!(doc["seats"][1]["draft_count"], 4);
    let mut moves = Vec::new();
    let mut rng = Rng::new(3);
    b.legal_moves(&mut st, &mut moves);
    assert_eq!(b.told_others(&st, &moves[0]), "keep a card of the draft");
    // Play up to the recruitment: a recruit names its leader.
    while !(st.phase == Phase::Turn && st.table.recruiting) {
        b.legal_moves(&mut st, &mut moves);
        let mv = moves[rng.below(moves.len())];
        b.apply(&mut st, &mv);
    }
    let doc = b.show(&st, Some(0));
    assert_eq!(doc["phase"]["kind"], "recruitment");
    assert_eq!(names(&doc["you"]["side"]).len(), 4);
    assert_eq!(doc["seats"][2]["side_count"], 4);
    b.legal_moves(&mut st, &mut moves);
    let recruit = moves.iter().find(|m| matches!(m.action, Action::Build(_)));
    if let Some(mv) = recruit {
        let told = b.told_others(&st, mv);
        assert!(told.starts_with("recruit "), "{told}");
        assert!(told.contains(b.card_name(mv.card)), "{told}");
    }
}

/// A seat's document shows the kinds of token its city holds when the
/// card sets declare any (public, as coins are), and has no such field
/// otherwise.
#[test]
fn declared_tokens_are_shown_when_declared() {
    let base = sevenw_runtime::select(sevenw_cards::GAMES, "base", None, &[]).unwrap();
    let plain = Base::new(base).unwrap();
    let three = Setup {
        players: Some(3),
        ..Setup::seeded(1)
    };
    let st = plain.start(&three).unwrap();
    let doc = plain.show(&st, Some(0));
    assert!(doc["seats"][1].get("declared_tokens").is_none(), "{doc}");
    let debt = sevenw_host::TokenInfo {
        instead_of_coins: true,
        sets: &["test"],
        ..sevenw_host::TokenInfo::plain("debt", &[-1])
    };
    // Favour tokens are not public: only their holder sees how many.
    let favour = sevenw_host::TokenInfo {
        name: "favour",
        instead_of_coins: false,
        public: false,
        ..debt
    };
    let info: &'static sevenw_host::GameInfo = Box::leak(Box::new(sevenw_host::GameInfo {
        tokens: Box::leak(Box::new([debt, favour])),
        ..*base
    }));
    let b = Base::new(info).unwrap();
    let mut st = b.start(&three).unwrap();
    st.table.cities[1].tokens[0][0] = 2;
    st.table.cities[1].tokens[1][0] = 4;
    for seat in [Some(0), Some(1), None] {
        let doc = b.show(&st, seat);
        let tokens = &doc["seats"][1]["declared_tokens"];
        assert_eq!(tokens["debt"], 2, "{doc}");
        assert_eq!(doc["seats"][0]["declared_tokens"]["debt"], 0, "{doc}");
        let favour = if seat == Some(1) {
            serde_json::json!(4)
        } else {
            serde_json::Value::Null
        };
        assert_eq!(tokens["favour"], favour, "{seat:?}: {doc}");
    }
}
