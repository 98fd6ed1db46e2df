//! A server stopped at once (as if killed) and started again on the same
//! store finds every game where it was, and the games finish.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_finds_every_game_where_it_was() {
    let db = temp_db("restart");
    let server = start(&db).await;
    let addr = server.addr();
    let made = vec![
        create(
            addr,
            json!({"game": "base", "players": 3, "seats": seats(&["person", "greedy", "random"])}),
        )
        .await,
        create(
            addr,
            json!({"game": "duel", "seats": seats(&["random", "person"])}),
        )
        .await,
        create(
            addr,
            json!({"game": "architects", "players": 2, "seats": seats(&["person", "person"])}),
        )
        .await,
    ];
    let mut rng = Rng(99);
    // A few decisions of each.
    for g in &made {
        let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
        for _ in 0..5 {
            let d = wait_for_person(addr, id, host).await;
            let actions = d["actions"].as_array().unwrap();
            let a = &actions[rng.below(actions.len())]["number"];
            let r = post(
                addr,
                &format!("/api/games/{id}/moves?t={host}"),
                &json!({"seat": d["to_move"], "action": a, "played": d["played"]}),
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.body);
        }
    }
    let mut before: Vec<Value> = Vec::new();
    for g in &made {
        let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
        before.push(wait_for_person(addr, id, host).await);
    }
    // A game of bots, stopped while they play (search bots: a second or
    // more for the game).
    let bots = create(
        addr,
        json!({"game": "duel", "seats": seats(&["mcts:1000", "mcts:1000"])}),
    )
    .await;
    let bots_id = bots["id"].as_str().unwrap();
    let mut at_stop = document(addr, bots_id, None).await;
    for _ in 0..500 {
        if at_stop["played"].as_u64().unwrap() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        at_stop = document(addr, bots_id, None).await;
    }
    assert_eq!(
        at_stop["over"],
        json!(false),
        "the bots finished too soon to be stopped"
    );
    server.stop();

    // A stored game its rules can no longer play.
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute(
            "INSERT INTO games (id, created, setup) VALUES ('old', 1, ?1)",
            [json!({"game": "gone", "edition": 1, "with": [], "players": 3, "seed": 1, "sides": "random", "options": [], "seats": [], "host": "h"}).to_string()],
        ).unwrap();
    }

    let server = start(&db).await;
    let addr = server.addr();
    let list = get(addr, "/api/games").await.json();
    assert_eq!(list.as_array().unwrap().len(), 5, "{list}");
    // The bots' game is where the store has it: at least where it was
    // seen (a decision may have been stored since), and not over.
    let resumed = document(addr, bots_id, None).await;
    assert!(
        resumed["played"].as_u64() >= at_stop["played"].as_u64(),
        "{resumed}"
    );
    let old = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!("old"))
        .unwrap();
    assert!(old["error"].as_str().unwrap().contains("gone"), "{old}");
    assert_eq!(get(addr, "/api/games/old").await.status, 409);
    for (g, b) in made.iter().zip(&before) {
        let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
        let now = document(addr, id, Some(host)).await;
        assert_eq!(&now, b, "game {id} is not where it was");
    }
    // Every game finishes, the bots' too.
    for (i, g) in made.iter().enumerate() {
        let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
        let end = play_out(addr, id, host, &mut Rng(i as u64 + 5)).await;
        assert_eq!(end["over"], json!(true));
        assert_eq!(get(addr, &format!("/api/games/{id}/log")).await.status, 200);
    }
    let id = bots_id;
    let mut over = false;
    for _ in 0..5000 {
        if document(addr, id, None).await["over"] == json!(true) {
            over = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(over, "the bots' game did not finish after the restart");
    server.stop();
    remove_db(&db);
}
