//! Whole games through HTTP: person seats driven by the test, bots by the
//! server; the final score, and the replay log plays again.

mod common;

use common::*;
use serde_json::json;
use sevenw_runtime::replay::Log;

async fn finish_and_replay(
    addr: std::net::SocketAddr,
    created: &serde_json::Value,
    game: &str,
    with: &[&str],
    seed: u64,
) {
    let id = created["id"].as_str().unwrap();
    let host = created["host"].as_str().unwrap();
    // Before the end the log would name hidden cards.
    let early = get(addr, &format!("/api/games/{id}/log")).await;
    assert_eq!(early.status, 409, "{}", early.body);
    let mut rng = Rng(seed);
    let end = play_out(addr, id, host, &mut rng).await;
    assert_eq!(end["over"], json!(true));
    assert_eq!(end["log_ready"], json!(true));
    let score = &end["score"];
    let players = score["players"].as_array().unwrap();
    assert_eq!(players.len(), created["seats"].as_array().unwrap().len());
    assert!(!score["winners"].as_array().unwrap().is_empty(), "{score}");
    for p in players {
        assert!(p["total"].is_number(), "{p}");
    }
    // A spectator reads the end too.
    let spectator = document(addr, id, None).await;
    assert_eq!(spectator["score"], end["score"]);
    let log = get(addr, &format!("/api/games/{id}/log")).await;
    assert_eq!(log.status, 200, "{}", log.body);
    assert!(log.headers.to_ascii_lowercase().contains("text/plain"));
    let parsed = Log::parse(&log.body).unwrap();
    // `sevenw replay` takes it.
    let path = temp_db(&format!("log-{game}")).with_file_name("game.log");
    std::fs::write(&path, &log.body).unwrap();
    let replayed = sevenw_cli::run(&library(), ["sevenw", "replay", path.to_str().unwrap()]);
    assert_eq!(replayed, std::process::ExitCode::SUCCESS);
    remove_db(&path);
    let g = rules(game, with);
    g.replay(&parsed)
        .unwrap_or_else(|e| panic!("the log does not replay: {e}\n{}", log.body));
    // The list shows it over.
    let list = get(addr, "/api/games").await.json();
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .unwrap();
    assert_eq!(listed["over"], json!(true));
    assert_eq!(listed["played"], end["played"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_every_game_with_people_and_bots() {
    let db = temp_db("games");
    let server = start(&db).await;
    let addr = server.addr();

    let lib = get(addr, "/api/library").await.json();
    let names: Vec<&str> = lib["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for n in ["base", "duel", "architects"] {
        assert!(names.contains(&n), "{lib}");
    }

    let base = create(addr, json!({
        "game": "base", "with": ["leaders", "edifice"], "players": 4, "seed": 11,
        "seats": [{"kind": "person", "name": "Ada"}, {"kind": "random"}, {"kind": "person"}, {"kind": "greedy"}],
    })).await;
    assert_eq!(base["seats"][0]["name"], json!("Ada"));
    assert!(base["seats"][0]["token"].as_str().unwrap().len() == 32);
    assert!(base["seats"][1].get("token").is_none());
    // The host sees the person seat it asks for, and acts only for the
    // person seat to move.
    {
        let (id, host) = (base["id"].as_str().unwrap(), base["host"].as_str().unwrap());
        let d = wait_for_person(addr, id, host).await;
        let mover = d["to_move"].as_u64().unwrap();
        assert_eq!(d["seat"], json!(mover));
        assert_eq!(d["persons"], json!([0, 2]));
        let other = if mover == 0 { 2 } else { 0 };
        let r = get(addr, &format!("/api/games/{id}?t={host}&seat={other}"))
            .await
            .json();
        assert_eq!(r["seat"], json!(other));
        assert_eq!(
            r["actions"],
            json!([]),
            "actions of another seat than the one shown"
        );
        assert_eq!(
            get(addr, &format!("/api/games/{id}?t={host}&seat=1"))
                .await
                .status,
            400
        );
    }
    let duel = create(
        addr,
        json!({
            "game": "duel", "seed": 5, "seats": [{"kind": "person"}, {"kind": "mcts:8"}],
        }),
    )
    .await;
    let architects = create(addr, json!({
        "game": "architects", "players": 3, "seed": 7, "seats": seats(&["random", "person", "greedy"]),
    })).await;
    // The three are played at once.
    tokio::join!(
        finish_and_replay(addr, &base, "base", &["leaders", "edifice"], 1),
        finish_and_replay(addr, &duel, "duel", &[], 2),
        finish_and_replay(addr, &architects, "architects", &[], 3),
    );

    // A game of bots alone plays itself out.
    let bots = create(
        addr,
        json!({"game": "architects", "players": 2, "seats": seats(&["random", "random"])}),
    )
    .await;
    let id = bots["id"].as_str().unwrap();
    let mut over = false;
    for _ in 0..5000 {
        if document(addr, id, None).await["over"] == json!(true) {
            over = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert!(over, "the bots did not finish");
    server.stop();
    remove_db(&db);
}
