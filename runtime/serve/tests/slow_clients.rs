//! Many slow clients under a low open-file limit: the server keeps to its
//! connection cap, pushing out the clients that wait longest, and an
//! ordinary request is still answered. Without the cap, the slow
//! connections (the server's end and the test's, in one process) would
//! take every descriptor and nothing more would be accepted.
//!
//! Alone in its test binary: it lowers the process's open-file limit.
#![cfg(unix)]

mod common;

use std::time::Duration;

use common::*;
use rustix::process::{Resource, getrlimit, setrlimit};
use tokio::io::AsyncWriteExt;

const LIMIT: u64 = 256;
const CAP: usize = 40;
const SLOW: usize = 150;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ordinary_request_is_answered_while_many_slow_clients_are_attached() {
    let mut limit = getrlimit(Resource::Nofile);
    assert!(
        limit.current.is_none_or(|c| c >= LIMIT),
        "the open-file limit is already under {LIMIT}"
    );
    limit.current = Some(LIMIT);
    setrlimit(Resource::Nofile, limit).unwrap();

    let db = temp_db("slow-clients");
    // A long timeout: here the cap alone keeps the server open.
    let server = start_with(&db, |c| {
        c.max_connections = Some(CAP);
        // One address here: the cap, not the per-client limit, acts.
        c.max_connections_per_client = Some(CAP);
        c.client_timeout = Duration::from_secs(120);
    })
    .await;
    let addr = server.addr();
    let mut slow = Vec::new();
    for i in 0..SLOW {
        let sent = match i % 3 {
            0 => Vec::new(),
            1 => b"GET /api/library HTTP/1.1\r\nHost: t\r\n".to_vec(),
            _ => half_body("{\"game\":"),
        };
        let mut s = tokio::net::TcpStream::connect(addr)
            .await
            .unwrap_or_else(|e| {
                panic!("slow client {i} of {SLOW} cannot connect ({e}): the descriptors ran out")
            });
        s.write_all(&sent).await.unwrap();
        slow.push(s);
    }
    let answer = tokio::time::timeout(Duration::from_secs(30), get(addr, "/api/library"))
        .await
        .expect("no answer with slow clients attached");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.json()["games"].is_array());

    // The server closed all but the cap's worth of them: pushed out
    // without a word, or, when it arrived while the server was answering
    // on every connection at the cap (a half-sent body is answered on
    // until its handler waits for the rest: under load, a moment), told
    // 503. None was served.
    let mut closed = 0;
    for s in &mut slow {
        if let Some(sent) = closed_within(s, Duration::from_millis(100)).await {
            assert!(
                sent.is_empty() || sent.starts_with("HTTP/1.1 503 "),
                "a slow client was answered: {sent}"
            );
            closed += 1;
        }
    }
    assert!(
        closed >= SLOW - CAP,
        "{closed} of {SLOW} slow clients closed (the cap is {CAP})"
    );
    server.stop();
    remove_db(&db);
}
