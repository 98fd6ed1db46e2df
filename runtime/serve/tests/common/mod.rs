//! A server in the test's process on 127.0.0.1 (port 0) over a temporary
//! store, and a small HTTP/1.1 client on plain sockets.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};
use sevenw_runtime::games::{AnyGame, Library};
use sevenw_serve::{Config, Running};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub fn library() -> Library<'static> {
    Library::shipped(sevenw_cards::GAMES)
}

/// A fresh store path under the system's temporary folder.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sevenw-serve-test-{}-{name}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("tables.sqlite")
}

/// Removes a store made by [`temp_db`], with its folder.
pub fn remove_db(db: &std::path::Path) {
    if let Some(dir) = db.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

pub async fn start(db: &std::path::Path) -> Running {
    start_with(db, |_| {}).await
}

/// A server as [`start`] makes it, its configuration `adjust`ed first.
pub async fn start_with(db: &std::path::Path, adjust: impl FnOnce(&mut Config)) -> Running {
    let mut config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: db.to_path_buf(),
        bot_threads: Some(2),
        ..Config::default()
    };
    adjust(&mut config);
    sevenw_serve::start(&library(), &config).await.unwrap()
}

#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    /// The JSON error body of a 4xx answer.
    pub fn error(&self) -> String {
        let v = self.json();
        v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {}", self.body))
            .to_string()
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = body.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&body[..i])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap().trim(), 16).ok())
            .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = i + 2;
        let end = (start + size).min(body.len());
        out.extend_from_slice(&body[start..end]);
        body = &body[(end + 2).min(body.len())..];
    }
    out
}

/// One request on its own connection.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> Resp {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    let mut all = req.into_bytes();
    if let Some(b) = body {
        all.extend_from_slice(b);
    }
    // The server may answer (413) before reading everything.
    let _ = s.write_all(&all).await;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 65536];
    loop {
        match tokio::time::timeout(Duration::from_secs(60), s.read(&mut chunk)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => buf.extend_from_slice(&chunk[..n]),
            Err(_) => panic!("no answer to {method} {path} in 60 s"),
        }
    }
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer to {method} {path}: {buf:?}"));
    let head = String::from_utf8_lossy(&buf[..split]).to_string();
    let raw = &buf[split + 4..];
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked { dechunk(raw) } else { raw.to_vec() };
    Resp {
        status,
        headers: head,
        body: String::from_utf8(body).unwrap(),
    }
}

pub async fn get(addr: SocketAddr, path: &str) -> Resp {
    request(addr, "GET", path, &[], None).await
}

pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Resp {
    request(
        addr,
        "POST",
        path,
        &[],
        Some(serde_json::to_string(body).unwrap().as_bytes()),
    )
    .await
}

/// A server-sent events stream, read raw.
pub struct Events {
    s: TcpStream,
    pub raw: String,
}

impl Events {
    pub async fn open(addr: SocketAddr, path: &str) -> Events {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let req =
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        Events {
            s,
            raw: String::new(),
        }
    }

    /// The connection itself.
    pub fn into_stream(self) -> TcpStream {
        self.s
    }

    /// Reads until the text holds `needle` (or `wait` passes); whether it does.
    pub async fn until(&mut self, needle: &str, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        let mut chunk = [0u8; 8192];
        while !self.raw.contains(needle) {
            match tokio::time::timeout_at(deadline, self.s.read(&mut chunk)).await {
                Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return false,
                Ok(Ok(n)) => self.raw.push_str(&String::from_utf8_lossy(&chunk[..n])),
            }
        }
        true
    }
}

/// A small random stream for the tests' choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Creates a game; the 201 answer.
pub async fn create(addr: SocketAddr, body: Value) -> Value {
    let r = post(addr, "/api/games", &body).await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

pub fn seats(kinds: &[&str]) -> Value {
    Value::Array(kinds.iter().map(|k| json!({"kind": k})).collect())
}

/// The document of a game for `token` (a spectator's without).
pub async fn document(addr: SocketAddr, id: &str, token: Option<&str>) -> Value {
    let path = match token {
        Some(t) => format!("/api/games/{id}?t={t}"),
        None => format!("/api/games/{id}"),
    };
    let r = get(addr, &path).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Waits until a game's document (as `token` sees it) has a person to
/// move (its actions offered to `token`) or is over.
pub async fn wait_for_person(addr: SocketAddr, id: &str, token: &str) -> Value {
    for _ in 0..20_000 {
        let d = document(addr, id, Some(token)).await;
        if d["over"] == json!(true) || !d["actions"].as_array().unwrap().is_empty() {
            return d;
        }
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    panic!("the bots did not finish their turns");
}

/// Plays a game through its host token to the end (random legal actions
/// for the person seats); the final document.
pub async fn play_out(addr: SocketAddr, id: &str, host: &str, rng: &mut Rng) -> Value {
    loop {
        let d = wait_for_person(addr, id, host).await;
        if d["over"] == json!(true) {
            return d;
        }
        let actions = d["actions"].as_array().unwrap();
        let a = actions[rng.below(actions.len())]["number"].clone();
        let r = post(
            addr,
            &format!("/api/games/{id}/moves?t={host}"),
            &json!({"seat": d["to_move"], "action": a, "played": d["played"]}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

/// The rules of a game by name, for shadow tables.
pub fn rules(game: &str, with: &[&str]) -> Box<dyn AnyGame> {
    let lib = library();
    let info = sevenw_runtime::select(lib.games, game, None, with).unwrap();
    lib.rules(info).unwrap()
}

/// A connection left as a slow or silent client leaves it.
pub async fn slow_client(addr: SocketAddr, sent: &[u8]) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(sent).await.unwrap();
    s
}

/// A connection as [`slow_client`] leaves it, from the local address
/// `from` (on Linux every 127.x.y.z is this machine's: a client of its
/// own, as the server counts them).
pub async fn slow_client_from(from: [u8; 4], addr: SocketAddr, sent: &[u8]) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    s.write_all(sent).await.unwrap();
    s
}

/// A request's head, its body to come (it never does): `Content-Length`
/// announces 100 bytes, `start` is sent.
pub fn half_body(start: &str) -> Vec<u8> {
    format!(
        "POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{start}"
    )
    .into_bytes()
}

/// What the server sent on `s` until it closed it (end of stream, or a
/// reset), or `None` if it had not closed it after `wait`.
pub async fn closed_within(s: &mut (impl AsyncReadExt + Unpin), wait: Duration) -> Option<String> {
    let deadline = tokio::time::Instant::now() + wait;
    let mut got = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match tokio::time::timeout_at(deadline, s.read(&mut chunk)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&got).into_owned()),
            Ok(Ok(n)) => got.extend_from_slice(&chunk[..n]),
        }
    }
}
