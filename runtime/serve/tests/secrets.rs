//! Hidden information over HTTP: at every decision of whole games of every
//! game, played by people alone through their own links, no response to a
//! seat (its document, its move's answer, its errors, its events) names a
//! card it may not see; nor any to a spectator. The cards each may not
//! see are asked of a shadow table in the test, set up and played alike.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};
use sevenw_runtime::game::{Setup, Sides};

/// Whether `text` names `name` (as a whole word).
fn names(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(i, _)| {
        !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next())
    })
}

/// Whether `text` names the card `name` and not merely a longer name of
/// the game holding it (the card Circus in the wonder Circus Maximus).
fn check_one(text: &str, name: &str, longer: &[&str]) -> bool {
    let mut t = text.to_string();
    for l in longer
        .iter()
        .filter(|l| l.len() > name.len() && l.contains(name))
    {
        t = t.replace(l, "");
    }
    names(&t, name)
}

/// Checks a response to one reader: it names no card the reader may not
/// see, its history aside, which must be the reader's history as the
/// rules tell it (`history`): which words of a move reach whom is the
/// family's to say (`Show::told_others`, `Show::hiding`, tested with each
/// family); a line may name a card every seat saw played that has since
/// gone where they cannot see it (a card lost to the discard pile), and a
/// seat reads its own moves in its own words.
fn check(what: &str, text: &str, secrets: &[&str], longer: &[&str], history: &Value) {
    let owned;
    let mut text = text;
    if let Ok(mut v) = serde_json::from_str::<Value>(text)
        && v.get("history").is_some()
    {
        assert_eq!(&v["history"], history, "{what}: not the reader's history");
        v["history"] = Value::Null;
        // The game's title names games, not cards: Pantheon is both an
        // expansion of Duel and one of its cards.
        v["title"] = Value::Null;
        owned = v.to_string();
        text = &owned;
    }
    for s in secrets {
        assert!(
            !check_one(text, s, longer),
            "{what} names the hidden card `{s}`:\n{text}"
        );
    }
}

async fn hidden_information(game: &str, with: &[&str], players: usize, seed: u64) {
    let rules = rules(game, with);
    let one_count = {
        let lib = library();
        let info = sevenw_runtime::select(lib.games, game, None, with).unwrap();
        info.min_players == info.max_players
    };
    let setup = Setup {
        players: (!one_count).then_some(players),
        seed,
        sides: Sides::Random,
        wonders: None,
        options: Vec::new(),
    };
    let mut shadow = rules.tables().expect("a table").start(&setup).unwrap();
    let info = rules.info();
    let longer: Vec<&str> = (info.cards.iter().map(|c| c.name))
        .chain(info.wonders.iter().map(|w| w.name))
        .chain(info.progress.iter().map(|p| p.name))
        .collect();
    let db = temp_db(&format!("secrets-{game}"));
    let server = start(&db).await;
    let addr = server.addr();
    let g = create(
        addr,
        json!({"game": game, "with": with, "players": players, "seed": seed,
        "seats": seats(&vec!["person"; players])}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..players)
        .map(|i| g["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    let mut streams = Vec::new();
    for t in &tokens {
        streams.push(Events::open(addr, &format!("/api/games/{id}/events?t={t}")).await);
    }
    let mut rng = Rng(seed | 1);
    loop {
        let secrets: Vec<Vec<&str>> = (0..players).map(|s| shadow.secret_names(Some(s))).collect();
        let spectator = shadow.secret_names(None);
        let r = get(addr, &format!("/api/games/{id}")).await;
        check(
            "the spectator's document",
            &r.body,
            &spectator,
            &longer,
            &json!(shadow.history(None)),
        );
        let mut docs: Vec<Value> = Vec::new();
        for (s, t) in tokens.iter().enumerate() {
            let r = get(addr, &format!("/api/games/{id}?t={t}")).await;
            assert_eq!(r.status, 200, "{}", r.body);
            check(
                &format!("seat {s}'s document"),
                &r.body,
                &secrets[s],
                &longer,
                &json!(shadow.history(Some(s))),
            );
            docs.push(r.json());
        }
        // An action says which card it is on by its id (`about.card`),
        // which the cards route names: never a card its seat may not see.
        for (s, d) in docs.iter().enumerate() {
            for a in d["actions"].as_array().unwrap() {
                let Some(c) = a["about"]["card"].as_u64() else {
                    continue;
                };
                let name = info.cards[c as usize].name;
                assert!(
                    !secrets[s].contains(&name),
                    "seat {s}'s action {a} is on the hidden card `{name}`"
                );
            }
        }
        assert_eq!(docs[0]["played"], json!(shadow.played()));
        let Some(mover) = shadow.to_move() else { break };
        let actions = docs[mover]["actions"].as_array().unwrap().clone();
        assert_eq!(actions.len(), shadow.actions().len());
        let a = actions[rng.below(actions.len())]["number"]
            .as_u64()
            .unwrap() as u32;
        // A seat that is not to move, moving: its error names nothing hidden.
        let other = (mover + 1) % players;
        let r = post(
            addr,
            &format!("/api/games/{id}/moves?t={}", tokens[other]),
            &json!({"seat": other, "action": a, "played": shadow.played()}),
        )
        .await;
        assert_eq!(r.status, 409, "{}", r.body);
        check("an error", &r.body, &secrets[other], &longer, &Value::Null);
        let r = post(
            addr,
            &format!("/api/games/{id}/moves?t={}", tokens[mover]),
            &json!({"seat": mover, "action": a, "played": shadow.played()}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        shadow.play(mover, a).unwrap();
        check(
            &format!("seat {mover}'s move's answer"),
            &r.body,
            &shadow.secret_names(Some(mover)),
            &longer,
            &json!(shadow.history(Some(mover))),
        );
    }
    for (s, mut e) in streams.into_iter().enumerate() {
        let last = format!("\"played\":{}", shadow.played());
        assert!(
            e.until(&last, Duration::from_secs(10)).await,
            "seat {s}'s events: {}",
            e.raw
        );
        for line in e.raw.lines().filter(|l| l.starts_with("data:")) {
            let v: Value = serde_json::from_str(line["data:".len()..].trim()).unwrap();
            let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["over", "played"], "{line}");
        }
    }
    server.stop();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_response_names_a_hidden_card() {
    tokio::join!(
        hidden_information("base", &["leaders", "edifice"], 3, 21),
        hidden_information("duel", &[], 2, 22),
        hidden_information("duel", &["pantheon"], 2, 24),
        hidden_information("duel", &["agora"], 2, 26),
        hidden_information("duel", &["pantheon", "agora"], 2, 25),
        hidden_information("architects", &[], 3, 23),
    );
}
