//! A client that sends nothing, or sends its request slowly, is closed
//! after the client timeout (1 s here), however it trickles its bytes; an
//! event stream, whose answer lasts, is not; at the connection cap, a
//! newcomer pushes out the oldest event stream when no connection waits
//! on its client; a client at its own limit pushes out only its own
//! connections, and the table answers others while one address holds
//! hundreds of slow connections.

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
    // A head sent a byte every 200 ms: 100 bytes would take 20 s; the
    // deadline is not put off by each byte.
    let (mut trickled_head, mut head_writer) =
        slow_client(addr, b"GET /api/library HTTP/1.1\r\nX-Pad: ")
            .await
            .into_split();
    let head_dribble = tokio::spawn(async move {
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if head_writer.write_all(b"x").await.is_err() {
                return;
            }
        }
    });
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

    for (what, sent) in [
        ("idle", closed_within(&mut idle, BOUND).await),
        ("half a head", closed_within(&mut half_head, BOUND).await),
        (
            "a trickled head",
            closed_within(&mut trickled_head, BOUND).await,
        ),
    ] {
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
    head_dribble.abort();

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
async fn at_the_cap_a_newcomer_takes_the_place_of_the_oldest_event_stream() {
    let db = temp_db("cap");
    let server = start_with(&db, |c| c.max_connections = Some(3)).await;
    let addr = server.addr();
    assert_eq!(server.max_connections(), 3);
    assert_eq!(server.max_connections_per_client(), 3, "at most the cap");
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
    // Every connection is an event stream: none waits on its client, so
    // the oldest stream makes room (a page opens it again), and the
    // newcomer is served.
    let mut newcomer = slow_client(
        addr,
        b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .await;
    let sent = closed_within(&mut newcomer, BOUND)
        .await
        .expect("a newcomer at the cap not answered");
    assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
    let oldest = streams.remove(0);
    let mut oldest = oldest.into_stream();
    assert!(
        closed_within(&mut oldest, BOUND).await.is_some(),
        "the oldest stream was not closed"
    );
    // The others still hear of a move.
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

/// Whether `s` is still open: nothing to read within a moment, and no end.
async fn still_open(s: &mut tokio::net::TcpStream) -> bool {
    closed_within(s, Duration::from_millis(100)).await.is_none()
}

/// One address holds hundreds of slow connections (an idle one, half a
/// head or half a body each; the timeout is long, so the limits alone act
/// here): the server keeps only its limit of them, the newest, and
/// another client's event stream and requests go on as ever.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_with_300_slow_connections_holds_only_its_share() {
    const PER_CLIENT: usize = 20;
    const SLOW: usize = 300;
    let db = temp_db("per-client");
    let server = start_with(&db, |c| {
        c.max_connections = Some(100);
        c.max_connections_per_client = Some(PER_CLIENT);
        c.client_timeout = Duration::from_secs(120);
    })
    .await;
    let addr = server.addr();
    assert_eq!(server.max_connections_per_client(), PER_CLIENT);
    let g = create(
        addr,
        json!({"game": "duel", "seed": 5, "seats": seats(&["person", "person"])}),
    )
    .await;
    let (id, host) = (g["id"].as_str().unwrap(), g["host"].as_str().unwrap());
    // Another client's live page (127.0.0.1).
    let mut events = Events::open(addr, &format!("/api/games/{id}/events")).await;
    assert!(events.until("\"played\":0", BOUND).await, "{}", events.raw);

    let mut slow = Vec::new();
    for i in 0..SLOW {
        let sent = match i % 3 {
            0 => Vec::new(),
            1 => b"GET /api/library HTTP/1.1\r\nHost: t\r\n".to_vec(),
            _ => half_body("{\"game\":"),
        };
        slow.push(slow_client_from([127, 0, 0, 2], addr, &sent).await);
    }
    // The table answers the other client at once (the bound is generous:
    // it is usually a millisecond).
    let asked = std::time::Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(2), get(addr, "/api/library"))
        .await
        .expect("no answer in 2 s with 300 slow connections held");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(asked.elapsed() < Duration::from_secs(2));
    let d = document(addr, id, Some(host)).await;
    let r = post(
        addr,
        &format!("/api/games/{id}/moves?t={host}"),
        &json!({"seat": d["to_move"], "action": d["actions"][0]["number"], "played": 0}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(events.until("\"played\":1", BOUND).await, "{}", events.raw);

    // Of the slow ones, the server kept the newest (the last one pushed
    // out may be closing still: give it a moment) and closed the rest
    // without serving them.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut open = Vec::new();
    for (i, s) in slow.iter_mut().enumerate() {
        match closed_within(s, Duration::from_millis(20)).await {
            None => open.push(i),
            Some(sent) => assert!(
                sent.is_empty() || sent.starts_with("HTTP/1.1 503 "),
                "slow connection {i} was answered: {sent}"
            ),
        }
    }
    assert!(
        open.len() <= PER_CLIENT,
        "{} slow connections of one address open, over its limit of {PER_CLIENT}: {open:?}",
        open.len()
    );
    assert!(
        open.iter().all(|&i| i >= SLOW / 2),
        "an old slow connection outlived many newer ones: {open:?}"
    );
    server.stop();
    remove_db(&db);
}

/// At its limit a client's newcomer pushes out its own connection that has
/// waited longest, never another client's.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_its_limit_makes_room_among_its_own() {
    let db = temp_db("own");
    let server = start_with(&db, |c| c.max_connections_per_client = Some(2)).await;
    let addr = server.addr();
    let mut other = slow_client_from([127, 0, 0, 3], addr, b"").await;
    let mut first = slow_client_from([127, 0, 0, 2], addr, b"").await;
    let mut second = slow_client_from([127, 0, 0, 2], addr, b"").await;
    // Accepted in order: the server has both before the third comes.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut third = slow_client_from(
        [127, 0, 0, 2],
        addr,
        b"GET /api/games HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .await;
    let sent = closed_within(&mut third, BOUND)
        .await
        .expect("the newcomer not answered");
    assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
    assert_eq!(
        closed_within(&mut first, BOUND).await.as_deref(),
        Some(""),
        "the client's longest waiting connection not pushed out"
    );
    assert!(still_open(&mut second).await);
    assert!(
        still_open(&mut other).await,
        "another client's connection closed"
    );
    server.stop();
    remove_db(&db);
}
