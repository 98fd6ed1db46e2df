//! Every refusal: the right status, a JSON error a person understands, and
//! the game unchanged.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

async fn expect(r: Resp, status: u16, words: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    let e = r.error();
    assert!(
        e.to_lowercase().contains(&words.to_lowercase()),
        "`{e}` does not say `{words}`"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_leave_the_game_unchanged() {
    let db = temp_db("errors");
    let server = start(&db).await;
    let addr = server.addr();
    let g = create(
        addr,
        json!({"game": "duel", "seed": 3, "seats": seats(&["person", "person"])}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let host = g["host"].as_str().unwrap().to_string();
    let tokens: Vec<String> = (0..2)
        .map(|i| g["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    assert_ne!(tokens[0], tokens[1]);
    assert_eq!(
        g["seats"][0]["link"],
        json!(format!("/play/{id}?t={}", tokens[0]))
    );
    assert_eq!(g["spectate"], json!(format!("/play/{id}")));

    let mut events = Events::open(addr, &format!("/api/games/{id}/events?t={}", tokens[0])).await;
    assert!(
        events.until("\"played\":0", Duration::from_secs(10)).await,
        "{}",
        events.raw
    );

    let docs = |addr| {
        let (id, tokens) = (id.clone(), tokens.clone());
        async move {
            let mut out = Vec::new();
            for t in &tokens {
                out.push(document(addr, &id, Some(t)).await);
            }
            out.push(document(addr, &id, None).await);
            out
        }
    };
    let before = docs(addr).await;
    let mover = before[0]["to_move"].as_u64().unwrap() as usize;
    let other = 1 - mover;
    assert_eq!(
        before[other]["actions"],
        json!([]),
        "actions only for the seat to move"
    );
    assert!(!before[mover]["actions"].as_array().unwrap().is_empty());
    assert_eq!(before[2]["seat"], Value::Null);
    assert_eq!(before[2]["actions"], json!([]));
    let legal = before[mover]["actions"][0]["number"].clone();
    let moves = |t: &str| format!("/api/games/{id}/moves?t={t}");

    // A move for another seat.
    expect(
        post(
            addr,
            &moves(&tokens[other]),
            &json!({"seat": mover, "action": legal, "played": 0}),
        )
        .await,
        403,
        "not yours",
    )
    .await;
    // Not your turn: said in the API's numbering, with the page's names,
    // and the seat to move for programs.
    let r = post(
        addr,
        &moves(&tokens[other]),
        &json!({"seat": other, "action": legal, "played": 0}),
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({
            "error": format!(
                "seat {mover} (`Player {}`) is to move, not seat {other} (`Player {}`): reload \
                 the game",
                mover + 1,
                other + 1
            ),
            "played": 0,
            "to_move": mover,
        })
    );
    // A move for a decision to come.
    let r = post(
        addr,
        &moves(&tokens[mover]),
        &json!({"seat": mover, "action": legal, "played": 3}),
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({
            "error": "this move is for a position the game has not reached: it says 3 \
                      decisions have been played, but none has; reload the game and choose again",
            "played": 0,
        })
    );
    // Not legal.
    expect(
        post(
            addr,
            &moves(&tokens[mover]),
            &json!({"seat": mover, "action": 4_000_000, "played": 0}),
        )
        .await,
        422,
        "not one of the legal",
    )
    .await;
    // No such seat.
    expect(
        post(
            addr,
            &moves(&tokens[mover]),
            &json!({"seat": 7, "action": legal, "played": 0}),
        )
        .await,
        422,
        "there is no seat 7: this game's seats are numbered from 0 (`Player 1`, the first) to \
         1 (`Player 2`, the last)",
    )
    .await;
    // Malformed bodies.
    for body in [
        &b"{"[..],
        b"[]",
        b"{\"seat\": \"one\", \"action\": 1, \"played\": 0}",
        b"{\"seat\": 0, \"action\": -1, \"played\": 0}",
        b"{\"seat\": 0, \"action\": 1, \"played\": 0, \"x\": 1}",
        b"\xff\xfe",
    ] {
        let r = request(addr, "POST", &moves(&tokens[mover]), &[], Some(body)).await;
        expect(r, 422, "JSON").await;
    }
    // Too long.
    let long = format!(
        "{{\"seat\": 0, \"action\": 1, \"played\": 0, \"pad\": \"{}\"}}",
        "x".repeat(20_000)
    );
    let r = request(
        addr,
        "POST",
        &moves(&tokens[mover]),
        &[],
        Some(long.as_bytes()),
    )
    .await;
    expect(r, 413, "too long").await;
    // A spectator, an unknown token (query or header).
    expect(
        post(
            addr,
            &format!("/api/games/{id}/moves"),
            &json!({"seat": mover, "action": legal, "played": 0}),
        )
        .await,
        403,
        "spectator",
    )
    .await;
    expect(
        post(
            addr,
            &moves("0123456789abcdef0123456789abcdef"),
            &json!({"seat": mover, "action": legal, "played": 0}),
        )
        .await,
        403,
        "token",
    )
    .await;
    expect(
        get(addr, &format!("/api/games/{id}?t=nope")).await,
        403,
        "token",
    )
    .await;
    expect(
        request(
            addr,
            "GET",
            &format!("/api/games/{id}"),
            &[("Authorization", "Bearer nope")],
            None,
        )
        .await,
        403,
        "token",
    )
    .await;
    expect(
        get(addr, &format!("/api/games/{id}/events?t=nope")).await,
        403,
        "token",
    )
    .await;
    // The host may not choose a seat that is not a person's, nor a word.
    expect(
        get(addr, &format!("/api/games/{id}?t={host}&seat=5")).await,
        400,
        "there is no seat 5: this game's seats are numbered from 0",
    )
    .await;
    expect(
        get(addr, &format!("/api/games/{id}?t={host}&seat=x")).await,
        400,
        "`seat` must be a seat's number, counted from 0 (0 for the first seat, 1 for the \
         second, …), not `x`",
    )
    .await;
    // Unknown games.
    for path in [
        "/api/games/nosuch",
        "/api/games/nosuch/log",
        "/api/games/nosuch/cards",
        "/api/games/nosuch/events",
    ] {
        expect(get(addr, path).await, 404, "no game").await;
    }
    expect(
        post(
            addr,
            "/api/games/nosuch/moves",
            &json!({"seat": 0, "action": 0, "played": 0}),
        )
        .await,
        404,
        "no game",
    )
    .await;
    expect(get(addr, "/api/nothing").await, 404, "nothing").await;
    // The log before the end.
    expect(
        get(addr, &format!("/api/games/{id}/log")).await,
        409,
        "over",
    )
    .await;

    let after = docs(addr).await;
    assert_eq!(before, after, "a refused move changed the game");

    // A good move, through the header this time; the events stream says so.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        &[("Authorization", &format!("Bearer {}", tokens[mover]))],
        Some(
            json!({"seat": mover, "action": legal, "played": 0})
                .to_string()
                .as_bytes(),
        ),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["played"], json!(1));
    assert!(
        events.until("\"played\":1", Duration::from_secs(10)).await,
        "{}",
        events.raw
    );
    assert!(events.raw.contains("event: update"));
    // The same move again is stale now: the game has moved on.
    let r = post(
        addr,
        &moves(&tokens[mover]),
        &json!({"seat": mover, "action": legal, "played": 0}),
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({
            "error": "the game has moved on since this move was chosen: it was chosen at the \
                      start, and 1 has been played now; reload the game and choose again",
            "played": 1,
        })
    );

    // The host acts for the person to move, not for a bot.
    let b = create(
        addr,
        json!({"game": "duel", "seats": seats(&["person", "random"])}),
    )
    .await;
    let bid = b["id"].as_str().unwrap();
    let bhost = b["host"].as_str().unwrap();
    let d = wait_for_person(addr, bid, bhost).await;
    expect(
        post(
            addr,
            &format!("/api/games/{bid}/moves?t={bhost}"),
            &json!({"seat": 1, "action": 0, "played": d["played"]}),
        )
        .await,
        403,
        "seat 1 (`Bot 2 (random)`) is played by a bot",
    )
    .await;
    expect(
        get(addr, &format!("/api/games/{bid}?t={bhost}&seat=1")).await,
        400,
        "seat 1 (`Bot 2 (random)`) is played by a bot: the host looks at a person's seat",
    )
    .await;
    server.stop();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_set_up_only_as_the_rules_allow() {
    let db = temp_db("setup");
    let server = start(&db).await;
    let addr = server.addr();
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"game": "chess", "seats": seats(&["person", "person"])}),
            "unknown game",
        ),
        (
            json!({"game": "base", "with": ["armada"], "seats": seats(&["person"; 3])}),
            "unknown expansion `armada` of `base` (expansions: ",
        ),
        (
            json!({"game": "base", "with": ["armada"], "seats": seats(&["person"; 3])}),
            "leaders",
        ),
        (
            json!({"game": "leaders", "seats": seats(&["person"; 3])}),
            "expansion of",
        ),
        (
            json!({"game": "base", "with": ["leaders", " Leaders "], "seats": seats(&["person"; 3])}),
            "`with` names the expansion `Leaders` twice: name each once",
        ),
        (
            json!({"game": "base", "seats": seats(&["person", "person"])}),
            "3 to 7 players",
        ),
        (
            json!({"game": "base", "players": 4, "seats": seats(&["person"; 3])}),
            "3 seats for 4 players",
        ),
        (
            json!({"game": "base", "seats": seats(&["person"; 17])}),
            "1 to 16 seats",
        ),
        (json!({"game": "base", "seats": []}), "1 to 16 seats"),
        (
            json!({"game": "base", "seats": seats(&["person", "person", "chimp"])}),
            "the 3rd seat (`seats[2]`): unknown kind `chimp` (person, or a bot: ",
        ),
        (
            json!({"game": "base", "seats": seats(&["person", "person", "mcts:999999"])}),
            "playouts",
        ),
        (
            json!({"game": "architects", "seats": seats(&["person", "learned", "random", "random", "random", "random", "random"])}),
            "no learned weights play 7 Wonders Architects, 7 players",
        ),
        (
            json!({"game": "base", "sides": "C", "seats": seats(&["person"; 3])}),
            "not A, B or random",
        ),
        (
            json!({"game": "base", "options": {"nosuch": "1"}, "seats": seats(&["person"; 3])}),
            "nosuch",
        ),
        (
            json!({"game": "base", "seats": [{"kind": "person", "name": "x".repeat(41)}, {"kind": "person"}, {"kind": "person"}]}),
            "40 characters",
        ),
        (
            json!({"game": "base", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "ann"}, {"kind": "person"}]}),
            "two seats",
        ),
        (
            json!({"game": "base", "seats": [{"kind": "person", "name": "a\u{7}"}, {"kind": "person"}, {"kind": "person"}]}),
            "control",
        ),
        (
            json!({"game": "base", "players": -1, "seats": seats(&["person"; 3])}),
            "JSON",
        ),
        (json!({"seats": seats(&["person"; 3])}), "JSON"),
        (
            json!({"game": "base", "colour": "red", "seats": seats(&["person"; 3])}),
            "JSON",
        ),
    ];
    for (body, words) in cases {
        let r = post(addr, "/api/games", &body).await;
        assert_eq!(r.status, 422, "{body}: {}", r.body);
        let e = r.error();
        assert!(
            e.to_lowercase().contains(&words.to_lowercase()),
            "{body}: `{e}` does not say `{words}`"
        );
    }
    assert_eq!(
        get(addr, "/api/games").await.json(),
        json!([]),
        "a refused set-up made a game"
    );
    // The documents and pages.
    let api = get(addr, "/api/openapi.json").await.json();
    assert!(api["openapi"].as_str().unwrap().starts_with("3.0"));
    for p in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/events",
        "/api/games/{id}/log",
        "/api/games/{id}/cards",
        "/api/library",
    ] {
        assert!(api["paths"].get(p).is_some(), "{p} undocumented");
    }
    for p in [
        "/",
        "/play/abc",
        "/static/app.css",
        "/static/table.js",
        "/static/lobby.js",
    ] {
        let r = get(addr, p).await;
        assert_eq!(r.status, 200, "{p}");
    }
    let g = create(
        addr,
        json!({"game": "duel", "seats": seats(&["person", "greedy"])}),
    )
    .await;
    let cards = get(
        addr,
        &format!("/api/games/{}/cards", g["id"].as_str().unwrap()),
    )
    .await
    .json();
    assert!(cards["cards"].as_array().unwrap().len() > 20);
    assert!(cards["wonders"][0]["sides"][0]["stages"][0]["cost"].is_string());
    server.stop();
    remove_db(&db);
}

/// Words of Rust's types that serde's own messages carry.
const RUST: &[&str] = &[
    "usize",
    "u8",
    "u32",
    "u64",
    "i64",
    "f64",
    "struct",
    "Req",
    "sequence",
    "a map",
    "unit value",
    "Option",
    "String",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_body_is_said_by_its_field_in_words() {
    let db = temp_db("words");
    let server = start(&db).await;
    let addr = server.addr();
    let creates: Vec<(Value, &str)> = vec![
        (
            json!({"game": "base", "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": 3}]}),
            "`seats[2].kind` must be text such as \"person\" or \"greedy\", not 3",
        ),
        (
            json!({"game": "base", "seats": [{"kind": "person"}, {"name": "Ann"}, {"kind": "person"}]}),
            "`seats[1].kind` is missing: it must be text such as \"person\"",
        ),
        (
            json!({"game": "base", "seats": [{"kind": "person", "team": 1}, {"kind": "person"}, {"kind": "person"}]}),
            "there is no field `team` in `seats[0]` (it takes `kind` or `name`)",
        ),
        (
            json!({"game": "base", "seats": {"kind": "person"}}),
            "`seats` must be a list of seats",
        ),
        (
            json!({"game": "base", "seats": ["person", "person", "person"]}),
            "`seats[0]` must be a seat: an object such as {\"kind\": \"person\"",
        ),
        (
            json!({"game": "base", "players": -1, "seats": seats(&["person"; 3])}),
            "`players` must be a number of players such as 4, not -1",
        ),
        (
            json!({"game": "base", "edition": 300, "seats": seats(&["person"; 3])}),
            "`edition` must be an edition's number such as 1 or 2, not 300",
        ),
        (
            json!({"game": "base", "seed": 1.5, "seats": seats(&["person"; 3])}),
            "`seed` must be a whole number from 0 to 18446744073709551615, not 1.5",
        ),
        (
            json!({"game": "base", "with": "leaders", "seats": seats(&["person"; 3])}),
            "`with` must be a list of expansions' names, as /api/library lists them, not \"leaders\"",
        ),
        (
            json!({"game": "base", "options": {"turns": 3}, "seats": seats(&["person"; 3])}),
            "`options.turns` must be text, not 3",
        ),
        (
            json!({"game": null, "seats": seats(&["person"; 3])}),
            "`game` must be text: a game's name, as /api/library lists them, not null",
        ),
        (json!({"seats": seats(&["person"; 3])}), "`game` is missing"),
        (
            json!({"game": "base", "colour": "red", "seats": seats(&["person"; 3])}),
            "there is no field `colour` (the request takes one of `game`, `edition`",
        ),
        (
            json!([
                "duel",
                null,
                [],
                null,
                null,
                null,
                {},
                seats(&["person", "person"])
            ]),
            "the body must be an object such as {\"game\": \"NAME\", \"seats\": [",
        ),
    ];
    let mut said = Vec::new();
    for (body, words) in creates {
        let r = post(addr, "/api/games", &body).await;
        assert_eq!(r.status, 422, "{body}: {}", r.body);
        said.push((body.to_string(), r.error(), words));
    }
    let g = create(
        addr,
        json!({"game": "duel", "seats": seats(&["person", "person"])}),
    )
    .await;
    let moves = format!(
        "/api/games/{}/moves?t={}",
        g["id"].as_str().unwrap(),
        g["host"].as_str().unwrap()
    );
    for (body, words) in [
        (
            r#"{"seat": "one", "action": 1, "played": 0}"#,
            "`seat` must be a seat's number, counted from 0 (0 for the first seat, 1 for the \
             second, …), not \"one\"",
        ),
        (
            r#"{"seat": 0, "action": -1, "played": 0}"#,
            "`action` must be an action's number, one the game's document offers, not -1",
        ),
        (
            r#"{"seat": 0, "action": 1}"#,
            "`played` is missing: it must be the number of decisions played",
        ),
        (r#"{"seat": 0, "seat": 0}"#, "`seat` is given twice"),
        (
            r#"{"seat": 0, "action": 1, "played": 0"#,
            "the request's JSON is cut short",
        ),
        (
            r#"{"seat": 0, "action": 1, "played": 0} 1"#,
            "the request is not JSON",
        ),
    ] {
        let r = request(addr, "POST", &moves, &[], Some(body.as_bytes())).await;
        assert_eq!(r.status, 422, "{body}: {}", r.body);
        said.push((body.to_string(), r.error(), words));
    }
    for (body, e, words) in said {
        assert!(e.contains(words), "{body}: `{e}` does not say `{words}`");
        for rust in RUST {
            assert!(!e.contains(rust), "{body}: `{e}` says `{rust}`");
        }
    }
    server.stop();
    remove_db(&db);
}
