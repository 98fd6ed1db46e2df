//! A client that sends nothing, or sends its request slowly, is closed
//! after the client timeout (1 s here); an event stream, whose answer
//! lasts, is not; at the connection cap, a newcomer is told 503 when the
//! server is answering on every connection.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;
use tokio::io::AsyncWriteExt;

/// Far above the 1 s timeout: only a server that never closes fails.
const BOUND: Duration = Duration::from_secs(15);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_and_slow_clients_are_closed_after_the_client_timeout() {
    let db = temp_db("timeouts");
    let server = start_with(&db, |c| c.client_timeout = Duration::from_secs(1)).await;
    let addr = server.addr();

    let mut idle = slow_client(addr, b"").await;
    let mut half_head = slow_client(addr, b"GET /api/library HTTP/1.1\r\nHost: t\r\n").await;
    let mut half = slow_client(addr, &half_body("{\"game\":")).await;
    // A body sent a byte every 200 ms: each read is quick, the whole is
    // not (100 bytes would take 20 s).
    let (mut trickle, mut writer) = slow_client(addr, &half_body("")).await.into_split();
    let dribble = tokio::spawn(async move {
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if writer.write_all(b" ").await.is_err() {
                return;
            }
        }
    });
    // A keep-alive connection, idle after its answer.
    let mut kept = slow_client(addr, b"GET /api/games HTTP/1.1\r\nHost: t\r\n\r\n").await;

    for (what, s) in [("idle", &mut idle), ("half a head", &mut half_head)] {
        let sent = closed_within(s, BOUND).await;
        assert_eq!(
            sent.as_deref(),
            Some(""),
            "{what}: not closed (or answered) within {BOUND:?}"
        );
    }
    for (what, sent) in [
        ("half a body", closed_within(&mut half, BOUND).await),
        ("a trickle", closed_within(&mut trickle, BOUND).await),
    ] {
        let sent = sent.unwrap_or_else(|| panic!("{what}: not closed within {BOUND:?}"));
        assert!(sent.starts_with("HTTP/1.1 408"), "{what}: {sent}");
        assert!(
            sent.contains(r#"{"error":"the request's body did not arrive within 1 s"}"#),
            "{what}: {sent}"
        );
    }
    let sent = closed_within(&mut kept, BOUND)
        .await
        .expect("an idle keep-alive connection not closed");
    assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
    dribble.abort();

    // The server answers as ever.
    assert_eq!(get(addr, "/api/library").await.status, 200);
    server.stop();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_outlives_the_client_timeout() {
    let db = temp_db("stream");
    let server = start_with(&db, |c| c.client_timeout = Duration::from_secs(1)).await;
    let addr = server.addr();
    let g = create(
        addr,
        json!({"game": "duel", "seed": 5, "seats": seats(&["person", "person"])}),
    )
    .await;
    let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
    let mut events = Events::open(addr, &format!("/api/games/{id}/events")).await;
    assert!(events.until("\"played\":0", BOUND).await, "{}", events.raw);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let d = document(addr, id, Some(host)).await;
    let r = post(
        addr,
        &format!("/api/games/{id}/moves?t={host}"),
        &json!({"seat": d["to_move"], "action": d["actions"][0]["number"], "played": 0}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        events.until("\"played\":1", BOUND).await,
        "the stream was cut: {}",
        events.raw
    );
    server.stop();
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_cap_busy_connections_stay_and_a_newcomer_is_told_503() {
    let db = temp_db("cap");
    let server = start_with(&db, |c| c.max_connections = Some(3)).await;
    let addr = server.addr();
    assert_eq!(server.max_connections(), 3);
    let g = create(
        addr,
        json!({"game": "duel", "seed": 5, "seats": seats(&["person", "person"])}),
    )
    .await;
    let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
    let mut streams = Vec::new();
    for _ in 0..3 {
        let mut e = Events::open(addr, &format!("/api/games/{id}/events")).await;
        assert!(e.until("\"played\":0", BOUND).await, "{}", e.raw);
        streams.push(e);
    }
    // Every connection is an event stream being answered: none is pushed
    // out, the newcomer is refused at once.
    let mut newcomer = slow_client(addr, b"").await;
    let sent = closed_within(&mut newcomer, BOUND)
        .await
        .expect("a newcomer over the cap not refused");
    assert!(sent.starts_with("HTTP/1.1 503"), "{sent}");
    let body = &sent[sent.find("\r\n\r\n").unwrap() + 4..];
    let error = serde_json::from_str::<serde_json::Value>(body).unwrap()["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(error.contains("all the 3 connections"), "{error}");
    // One stream closed: its place is free again, and the others still
    // hear of a move.
    drop(streams.pop());
    let mut freed = false;
    for _ in 0..100 {
        let mut s = slow_client(
            addr,
            b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        )
        .await;
        let sent = closed_within(&mut s, BOUND).await.unwrap_or_default();
        if sent.starts_with("HTTP/1.1 200") {
            freed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed, "the closed stream's place was not freed");
    let d = document(addr, id, Some(host)).await;
    let r = post(
        addr,
        &format!("/api/games/{id}/moves?t={host}"),
        &json!({"seat": d["to_move"], "action": d["actions"][0]["number"], "played": 0}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    for e in &mut streams {
        assert!(e.until("\"played\":1", BOUND).await, "{}", e.raw);
    }
    server.stop();
    remove_db(&db);
}
