//! Architects' table documents ([`Show`]): what a seat is shown depends
//! only on what it may see (the same for every state it cannot tell
//! apart), no card hidden from it is named, and the central card the cat
//! shows is shown to its holder only.

use sevenw_host::CardId;
use sevenw_runtime::engine::rng::Rng;
use sevenw_runtime::game::{Game, Setup};
use sevenw_runtime::games::architects::{Architects, Phase, State, peek_seen};
use sevenw_runtime::table::Show;

fn arch() -> Architects {
    Architects::new(sevenw_cards::game("architects").expect("compiled")).expect("rules")
}

/// The names `seat` may not read: those of [`Show::secrets`] with no copy
/// of the same name among [`Show::seen`].
fn secret_names(a: &Architects, st: &State, seat: Option<usize>) -> Vec<&'static str> {
    let name = |c: CardId| a.info.cards[usize::from(c.0)].name;
    let seen: std::collections::HashSet<&str> = a.seen(st, seat).into_iter().map(name).collect();
    let mut out: Vec<&'static str> = (a.secrets(st, seat).into_iter())
        .map(name)
        .filter(|n| !seen.contains(n))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every check at one point of a game, for the seat to move, seat `other`
/// and a spectator (every seat's in turn: keeps the 7-player games
/// quick); returns (determinizations that differed from the state, secret
/// names checked).
fn check(a: &Architects, st: &State, other: usize, rng: &mut Rng) -> (usize, usize) {
    let n = a.seats(st);
    let seats = [st.table.current, other % n];
    let (mut differed, mut names) = (0, 0);
    let spectator = a.show(st, None);
    for s in seats {
        let doc = a.show(st, Some(s));
        let other = a.determinize(st, s, rng);
        differed += usize::from(other != *st);
        assert_eq!(doc, a.show(&other, Some(s)), "seat {s} told states apart");
        assert_eq!(
            spectator,
            a.show(&other, None),
            "a spectator told states apart"
        );
    }
    for seat in seats.map(Some).into_iter().chain([None]) {
        let text = serde_json::to_string(&a.show(st, seat)).unwrap();
        for name in secret_names(a, st, seat) {
            names += 1;
            assert!(
                !text.contains(&format!("\"{name}\"")),
                "{seat:?} was shown the hidden card {name}: {text}"
            );
        }
    }
    (differed, names)
}

#[test]
fn documents_depend_only_on_what_the_seat_sees_and_name_no_hidden_card() {
    let a = arch();
    let (mut points, mut differed, mut names) = (0, 0, 0);
    for n in 2..=7 {
        for seed in 0..2u64 {
            let mut st = a.start(&Setup::new(n, seed)).unwrap();
            let mut rng = Rng::new(seed ^ 0x5eed);
            let mut moves = Vec::new();
            while a.to_move(&st).is_some() {
                let (d, k) = check(&a, &st, points, &mut rng);
                differed += d;
                names += k;
                points += 1;
                a.legal_moves(&mut st, &mut moves);
                let mv = moves[rng.below(moves.len())];
                a.apply(&mut st, &mv);
            }
            check(&a, &st, points, &mut rng);
        }
    }
    assert!(points > 500, "{points} points checked");
    assert!(
        differed > points,
        "hidden cards rarely re-dealt: {differed}"
    );
    assert!(names > 0, "no secret name was ever checked");
}

#[test]
fn the_central_top_is_shown_to_the_seat_the_cat_showed_it_only() {
    let a = arch();
    let mut moves = Vec::new();
    let mut found = 0;
    for seed in 0..40u64 {
        let n = 2 + (seed % 6) as usize;
        let mut st = a.start(&Setup::new(n, seed)).unwrap();
        let mut rng = Rng::new(seed);
        while a.to_move(&st).is_some() {
            if let Some(c) = peek_seen(&st.table, st.table.current) {
                let current = st.table.current;
                let name = a.card_name(c);
                for s in 0..n {
                    let doc = a.show(&st, Some(s));
                    let top = &doc["central"]["top"];
                    if s == current {
                        assert_eq!(top["name"], name);
                        assert_eq!(top["id"], c.0);
                    } else {
                        assert!(top.is_null());
                    }
                    assert_eq!(doc["central"]["size"], st.table.central.len());
                }
                assert!(a.show(&st, None)["central"]["top"].is_null());
                found += 1;
            }
            a.legal_moves(&mut st, &mut moves);
            let mv = moves[rng.below(moves.len())];
            a.apply(&mut st, &mv);
        }
    }
    assert!(found > 5, "the cat showed the central card {found} times");
}

#[test]
fn a_document_shows_the_wonders_decks_and_cities() {
    let a = arch();
    let mut st = a.start(&Setup::new(4, 7)).unwrap();
    let mut rng = Rng::new(7);
    let mut moves = Vec::new();
    for _ in 0..30 {
        if a.to_move(&st).is_none() {
            break;
        }
        a.legal_moves(&mut st, &mut moves);
        let mv = moves[rng.below(moves.len())];
        a.apply(&mut st, &mv);
    }
    let t = &st.table;
    let doc = a.show(&st, Some(1));
    assert_eq!(doc["seat"], 1);
    assert_eq!(doc["current"], t.current);
    let seats = doc["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    for (s, seat) in seats.iter().enumerate() {
        assert_eq!(seat["wonder"]["name"], a.wonder_name(t.wonders[s]));
        assert_eq!(seat["wonder"]["stages_built"], t.built[s].count_ones());
        assert_eq!(seat["wonder"]["stages"], a.stages(t.wonders[s]).len());
        assert_eq!(seat["deck"]["size"], t.decks[s].len());
        match t.decks[s].last() {
            Some(&c) => assert_eq!(seat["deck"]["top"]["name"], a.card_name(c)),
            None => assert!(seat["deck"]["top"].is_null()),
        }
        let shown: usize = (seat["cards"].as_array().unwrap().iter())
            .map(|g| g["cards"].as_array().unwrap().len())
            .sum();
        assert_eq!(shown, t.cities[s].cards.len());
        assert_eq!(seat["cat"], t.cat == Some(s));
    }
    assert_eq!(doc["progress"]["pile"], t.pile.len());
    assert_eq!(doc["conflict"]["tokens"], t.conflict);
    assert_eq!(doc["conflict"]["war"], t.war);
    assert!(a.show(&st, None)["seat"].is_null());
    assert!(!matches!(st.phase, Phase::Over));
}
