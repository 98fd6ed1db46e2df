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
use sevenw_runtime::table::Table;

/// Whether `text` names `name` (as a whole word).
fn names(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(name).any(|(i, _)| {
        !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next())
    })
}

fn check(what: &str, text: &str, secrets: &[&str]) {
    for s in secrets {
        assert!(
            !names(text, s),
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
    let mut shadow = rules.table(&setup).unwrap();
    // The families show their views once they do.
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| shadow.secret_names(None))).is_err()
    {
        eprintln!("skipped: {game} does not show its views yet");
        return;
    }
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
        check("the spectator's document", &r.body, &spectator);
        let mut docs: Vec<Value> = Vec::new();
        for (s, t) in tokens.iter().enumerate() {
            let r = get(addr, &format!("/api/games/{id}?t={t}")).await;
            assert_eq!(r.status, 200, "{}", r.body);
            check(&format!("seat {s}'s document"), &r.body, &secrets[s]);
            docs.push(r.json());
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
        check("an error", &r.body, &secrets[other]);
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_response_names_a_hidden_card() {
    tokio::join!(
        hidden_information("base", &["leaders", "edifice"], 3, 21),
        hidden_information("duel", &[], 2, 22),
        hidden_information("architects", &[], 3, 23),
    );
}
