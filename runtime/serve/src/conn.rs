//! The connections, driven one by one with hyper, so that clients too
//! slow to send a request, or sending none, cannot hold the table.
//! `axum::serve` sets no timer (so no header-read timeout) and accepts
//! without limit: under an open-file limit of 256, about 245 idle sockets
//! take every descriptor, and nothing more is accepted until they close.
//!
//! - A connection has the client timeout to send a request's head,
//!   counted from its opening or from the end of the previous answer (an
//!   idle keep-alive connection is closed after it too), and as long
//!   again for the request's body (`body.rs`). Each is a deadline: hyper
//!   sets the head's once, when it starts to read a head, and the body is
//!   read under one `tokio::time::timeout`, so a byte now and then does
//!   not put either off.
//! - At most `max_connections` are open, and at most
//!   `per_client` from one client (an IPv4 address, or an IPv6
//!   address's /64 network). At either limit a new connection pushes out
//!   the one that has waited longest on its client (for a request's head,
//!   or its body), and failing that the oldest event stream (a page's
//!   `EventSource` opens it again): a real client sends its request as
//!   soon as it connects, so it is answered while slow ones are attached,
//!   and one client opening connections in a loop pushes out only its
//!   own. When the server is answering a request on every connection
//!   concerned, the newcomer is told 503 and closed at once.
//! - An event stream sends a comment every 15 s (a client gone is found
//!   when the write fails) and counts against both limits.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv6Addr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use hyper::body::{Bytes, Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The most connections served at once unless the deployer says: a
/// playtest table has a few dozen people; each connection costs some
/// memory (hyper's buffers, a task), so a very high open-file limit is no
/// reason to take a hundred thousand.
pub const MOST_CONNECTIONS: usize = 4096;

/// The open-file limit the server runs under (the soft one, which the
/// kernel enforces), if any.
pub(crate) fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// How many connections an open-file limit leaves room for: a quarter of
/// the limit, and at least 64 descriptors, are kept for everything else
/// (the store's SQLite files, the listener, the runtime, standard
/// streams, and the connection accepted at the cap only to be refused or
/// to push another out). Without a limit, no bound.
pub(crate) fn room_for_connections(limit: Option<u64>) -> usize {
    match limit {
        None => usize::MAX,
        Some(l) => {
            let kept = (l / 4).max(64);
            usize::try_from(l.saturating_sub(kept))
                .unwrap_or(usize::MAX)
                .max(1)
        }
    }
}

/// The connection cap: `asked` if the limit leaves room for it, else why
/// not; unasked, what the limit leaves room for, at most
/// [`MOST_CONNECTIONS`].
pub(crate) fn connection_cap(asked: Option<usize>, limit: Option<u64>) -> Result<usize, String> {
    let room = room_for_connections(limit);
    match asked {
        None => Ok(room.min(MOST_CONNECTIONS)),
        Some(0) => Err("the server must take at least 1 connection".into()),
        Some(n) if n > room => Err(format!(
            "{n} connections at once need more open files than the limit of {} allows \
             (at most {room} connections): raise it (`ulimit -n`) or take fewer",
            limit.unwrap_or_default()
        )),
        Some(n) => Ok(n),
    }
}

/// The most connections open at once from one client unless the
/// deployer says: a browser opens at most 6 to a server (its event stream
/// among them), so this is several browsers behind one address (a home's
/// or an office's); their idle connections make room for each other.
/// Behind a reverse proxy every connection comes from the proxy: raise it
/// to the cap there, and let the proxy limit each client.
pub const CONNECTIONS_PER_CLIENT: usize = 32;

/// Who a connection is from, as the per-client limit counts them: an IPv4
/// address (an IPv4-mapped IPv6 address is one), or an IPv6 address's /64
/// network, which one subscriber usually holds whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Client(IpAddr);

impl Client {
    pub(crate) fn of(addr: IpAddr) -> Client {
        Client(match addr {
            IpAddr::V4(a) => IpAddr::V4(a),
            IpAddr::V6(a) => match a.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let s = a.segments();
                    IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
                }
            },
        })
    }
}

/// One open connection as the server tracks it.
pub(crate) struct Conn {
    client: Client,
    state: Mutex<State>,
    /// Told when the connection is pushed out for a newcomer.
    pushed_out: Notify,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting on its client, since then: for a request's head, or its
    /// body (the handler has not begun).
    Waiting(Instant),
    /// The server answers a request on it.
    Answering,
    /// An event stream, since then: an answer that lasts, which a newcomer
    /// may push out when no connection waits on its client (the page opens
    /// it again).
    Streaming(Instant),
    /// Pushed out while waiting. A request that comes now is not served:
    /// its task is about to be dropped, and a move dropped half-way would
    /// be stored with nobody told (no event, no bot started).
    PushedOut,
}

impl Conn {
    fn new(client: Client) -> Self {
        Conn {
            client,
            state: Mutex::new(State::Waiting(Instant::now())),
            pushed_out: Notify::new(),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How readily a newcomer pushes it out, the least first: those
    /// waiting on their client before event streams, the oldest of each
    /// first; `None` while a request is answered on it.
    fn pushable(&self) -> Option<(u8, Instant)> {
        match *self.state() {
            State::Waiting(since) => Some((0, since)),
            State::Streaming(since) => Some((1, since)),
            State::Answering | State::PushedOut => None,
        }
    }

    /// Waits on the client again (unless pushed out).
    fn wait(&self) {
        let mut state = self.state();
        if *state != State::PushedOut {
            *state = State::Waiting(Instant::now());
        }
    }

    /// Starts answering; false if pushed out (the request is not served).
    fn answer(&self) -> bool {
        let mut state = self.state();
        if *state == State::PushedOut {
            return false;
        }
        *state = State::Answering;
        true
    }

    /// Pushes the connection out if it is waiting on its client or
    /// streaming events.
    fn push_out(&self) -> bool {
        let mut state = self.state();
        if !matches!(*state, State::Waiting(_) | State::Streaming(_)) {
            return false;
        }
        *state = State::PushedOut;
        self.pushed_out.notify_one();
        true
    }
}

/// While it lives, the server answers on its connection, which a
/// newcomer does not push out: from a request's head to the end of its
/// answer (an event stream's answer lasts as long as the stream).
struct Answering(Arc<Conn>);

impl Answering {
    /// `None` if the connection was pushed out.
    fn new(conn: Arc<Conn>) -> Option<Self> {
        conn.answer().then_some(Answering(conn))
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.wait();
    }
}

/// While it lives, its connection waits on the client for a request's
/// body: a newcomer may push it out, as one that has sent no head.
pub(crate) struct AwaitingBody {
    conn: Arc<Conn>,
    over: bool,
}

impl AwaitingBody {
    /// Marks the connection a request came on (the request's extensions
    /// hold it) as waiting on its client.
    pub(crate) fn new(extensions: &axum::http::Extensions) -> Option<Self> {
        let conn = extensions.get::<Arc<Conn>>()?.clone();
        conn.wait();
        Some(AwaitingBody { conn, over: false })
    }

    /// The body is in: the server answers again; false if the connection
    /// was pushed out meanwhile (the request must not be served).
    pub(crate) fn arrived(mut self) -> bool {
        self.over = true;
        self.conn.answer()
    }
}

impl Drop for AwaitingBody {
    fn drop(&mut self) {
        if !self.over {
            self.conn.answer();
        }
    }
}

/// Marks the connection a request came on (the request's extensions hold
/// it) as an event stream's, from now until its answer ends.
pub(crate) fn streaming(extensions: &axum::http::Extensions) {
    if let Some(conn) = extensions.get::<Arc<Conn>>() {
        let mut state = conn.state();
        if *state == State::Answering {
            *state = State::Streaming(Instant::now());
        }
    }
}

/// An answer's body, keeping its connection marked as answered on until
/// hyper has sent it all (or the connection is gone).
struct Answer {
    body: Body,
    _answering: Option<Answering>,
}

impl hyper::body::Body for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The open connections.
struct Conns {
    max: usize,
    per_client: usize,
    open: Mutex<Open>,
}

/// Why a newcomer is refused: the server answers a request on every
/// connection, or on every one of the newcomer's client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Full {
    All,
    Client,
}

#[derive(Default)]
struct Open {
    next: u64,
    conns: HashMap<u64, Arc<Conn>>,
}

impl Conns {
    /// Takes a new connection from `client` in. At its client's limit,
    /// or at the cap, one of the client's, or any, is pushed out (the one
    /// waiting longest on its client, else the oldest event stream);
    /// refused if a request is answered on every one of them.
    fn admit(&self, client: Client) -> Result<(u64, Arc<Conn>), Full> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            let mine = (open.conns.values()).filter(|c| c.client == client).count();
            let full = if mine >= self.per_client {
                Full::Client
            } else if open.conns.len() >= self.max {
                Full::All
            } else {
                break;
            };
            // A connection may start to be answered between the look and
            // the push: then the next one.
            let (_, out) = (open.conns.iter())
                .filter(|(_, c)| full == Full::All || c.client == client)
                .filter_map(|(&id, c)| Some((c.pushable()?, id)))
                .min()
                .ok_or(full)?;
            if open.conns[&out].push_out() {
                open.conns.remove(&out);
            }
        }
        open.next += 1;
        let id = open.next;
        let conn = Arc::new(Conn::new(client));
        open.conns.insert(id, conn.clone());
        Ok((id, conn))
    }
}

/// Takes a connection out of the open ones when its task ends (or is
/// aborted).
struct Leave(Arc<Conns>, u64);

impl Drop for Leave {
    fn drop(&mut self) {
        (self.0.open.lock().unwrap_or_else(|p| p.into_inner()))
            .conns
            .remove(&self.1);
    }
}

/// Accepts and serves connections until the task is aborted, which ends
/// every connection with it (their tasks are this one's).
pub(crate) async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    let conns = Arc::new(Conns {
        max: limits.max_connections,
        per_client: limits.per_client,
        open: Mutex::new(Open::default()),
    });
    let mut tasks = JoinSet::new();
    loop {
        let (stream, from) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // The client went away before it was accepted.
                Err(e) if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionRefused
                ) => continue,
                // Out of descriptors (another part of the process took
                // them) or memory: the connection waits in the backlog.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
        };
        let (id, conn) = match conns.admit(Client::of(from.ip())) {
            Ok(admitted) => admitted,
            Err(full) => {
                refuse(&stream, full, &limits);
                continue;
            }
        };
        let leave = Leave(conns.clone(), id);
        tasks.spawn(connection(
            stream,
            router.clone(),
            conn,
            leave,
            limits.client_timeout,
        ));
    }
}

/// What the server takes of its clients.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub max_connections: usize,
    pub per_client: usize,
    pub client_timeout: Duration,
}

/// Serves one connection until it closes, times out or is pushed out.
async fn connection(
    stream: TcpStream,
    router: Router,
    conn: Arc<Conn>,
    _leave: Leave,
    client_timeout: Duration,
) {
    let on = conn.clone();
    let service = service_fn(move |mut req: hyper::Request<Incoming>| {
        let answering = Answering::new(on.clone());
        req.extensions_mut().insert(on.clone());
        let router = router.clone();
        async move {
            let Some(answering) = answering else {
                // Pushed out as the head came: the connection is closing.
                let closing = axum::http::Response::builder()
                    .status(axum::http::StatusCode::SERVICE_UNAVAILABLE)
                    .header("connection", "close")
                    .body(Body::empty())
                    .unwrap_or_default();
                return Ok(closing.map(|body| Answer {
                    body,
                    _answering: None,
                }));
            };
            let Ok(res) = router.oneshot(req).await;
            Ok::<_, Infallible>(res.map(|body| Answer {
                body,
                _answering: Some(answering),
            }))
        }
    });
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(client_timeout);
    let serving = http.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        // A client gone, a timeout, a malformed request: nothing to do.
        _ = serving => {}
        () = conn.pushed_out.notified() => {}
    }
}

/// Tells a newcomer the server has no connection to spare, without
/// waiting on it: what the socket takes at once is sent, then it is
/// closed.
fn refuse(stream: &TcpStream, full: Full, limits: &Limits) {
    let _ = stream.try_write(refusal(full, limits).as_bytes());
}

/// The 503 a newcomer is refused with, in the API's error shape.
fn refusal(full: Full, limits: &Limits) -> String {
    let error = match full {
        Full::All => format!(
            "the server is answering on all the {} connections it takes: try again in a moment",
            limits.max_connections
        ),
        Full::Client => format!(
            "the server is answering on all the {} connections it takes from one address: \
             try again in a moment",
            limits.per_client
        ),
    };
    let body = serde_json::json!({ "error": error }).to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         cache-control: no-store\r\nretry-after: 5\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_descriptors_for_the_rest() {
        assert_eq!(room_for_connections(Some(256)), 192);
        assert_eq!(room_for_connections(Some(1024)), 768);
        assert_eq!(room_for_connections(Some(100)), 36);
        assert_eq!(room_for_connections(Some(10)), 1);
        assert_eq!(connection_cap(None, Some(256)), Ok(192));
        assert_eq!(connection_cap(None, Some(1 << 20)), Ok(MOST_CONNECTIONS));
        assert_eq!(connection_cap(None, None), Ok(MOST_CONNECTIONS));
        assert_eq!(connection_cap(Some(10_000), None), Ok(10_000));
        assert_eq!(connection_cap(Some(192), Some(256)), Ok(192));
        let e = connection_cap(Some(193), Some(256)).unwrap_err();
        assert!(
            e.contains("limit of 256") && e.contains("at most 192"),
            "{e}"
        );
        assert!(connection_cap(Some(0), None).is_err());
    }

    fn conns(max: usize, per_client: usize) -> Conns {
        Conns {
            max,
            per_client,
            open: Mutex::new(Open::default()),
        }
    }

    fn open(conns: &Conns) -> Vec<u64> {
        let mut ids: Vec<u64> = conns.open.lock().unwrap().conns.keys().copied().collect();
        ids.sort_unstable();
        ids
    }

    fn client(last: u8) -> Client {
        Client::of(IpAddr::from([192, 0, 2, last]))
    }

    /// `conn` waiting on its client since `secs` ago.
    fn waited(conn: &Conn, secs: u64) {
        *conn.state() = State::Waiting(Instant::now() - Duration::from_secs(secs));
    }

    #[test]
    fn at_the_cap_the_longest_waiting_is_pushed_out_and_busy_ones_stay() {
        let conns = conns(3, 3);
        let a = client(1);
        let (a1, ca) = conns.admit(a).unwrap();
        let (_, cb) = conns.admit(client(2)).unwrap();
        let (c, cc) = conns.admit(client(3)).unwrap();
        // `a1` is answered on; `b` waited longer than `c`.
        let answering = Answering::new(ca.clone()).unwrap();
        waited(&cb, 5);
        let (d, cd) = conns.admit(client(4)).unwrap();
        assert_eq!(open(&conns), vec![a1, c, d], "`b` pushed out");
        // Its request, if one comes now, is not served.
        assert!(Answering::new(cb).is_none());
        // Every one answered on: a newcomer is refused.
        let _c = Answering::new(cc).unwrap();
        let _d = Answering::new(cd).unwrap();
        assert_eq!(conns.admit(client(5)).err(), Some(Full::All));
        // An answer sent: that connection waits on its client again, and
        // makes room.
        drop(answering);
        let (e, _) = conns.admit(client(5)).unwrap();
        assert_eq!(open(&conns), vec![c, d, e]);
    }

    #[test]
    fn an_event_stream_makes_room_only_when_none_waits() {
        let conns = conns(3, 3);
        let mut ids = Vec::new();
        let mut cs = Vec::new();
        for i in 0..3 {
            let (id, c) = conns.admit(client(i)).unwrap();
            ids.push(id);
            cs.push(c);
        }
        // Two event streams, the first the older; one connection waits.
        let extensions = |c: &Arc<Conn>| {
            let mut e = axum::http::Extensions::new();
            e.insert(c.clone());
            e
        };
        let streams: Vec<Answering> = (cs[..2].iter())
            .map(|c| Answering::new(c.clone()).unwrap())
            .collect();
        streaming(&extensions(&cs[0]));
        *cs[0].state() = State::Streaming(Instant::now() - Duration::from_secs(60));
        streaming(&extensions(&cs[1]));
        let (n1, _) = conns.admit(client(7)).unwrap();
        assert_eq!(
            open(&conns),
            vec![ids[0], ids[1], n1],
            "the waiting one first"
        );
        // No connection waits: the oldest stream is pushed out, and the
        // end of its answer does not bring it back.
        let _n1 = Answering::new(conns.open.lock().unwrap().conns[&n1].clone()).unwrap();
        let (n2, _) = conns.admit(client(8)).unwrap();
        assert_eq!(open(&conns), vec![ids[1], n1, n2]);
        drop(streams);
        assert_eq!(*cs[0].state(), State::PushedOut);
        assert!(matches!(*cs[1].state(), State::Waiting(_)));
    }

    #[test]
    fn a_client_at_its_limit_pushes_out_its_own() {
        let conns = conns(10, 2);
        let (a, b) = (client(1), client(2));
        let (_, ca1) = conns.admit(a).unwrap();
        let (b1, cb1) = conns.admit(b).unwrap();
        let (a2, ca2) = conns.admit(a).unwrap();
        // `b1` waited longest, but it is another client's: `a1`, the
        // longer waiting of `a`'s, makes room.
        waited(&cb1, 60);
        waited(&ca1, 5);
        let (a3, _) = conns.admit(a).unwrap();
        assert_eq!(open(&conns), vec![b1, a2, a3]);
        assert_eq!(*ca1.state(), State::PushedOut);
        // Both of `a`'s answered on: the next of `a` is refused, with
        // room left for the others.
        let _a2 = Answering::new(ca2).unwrap();
        let _a3 = Answering::new(conns.open.lock().unwrap().conns[&a3].clone()).unwrap();
        assert_eq!(conns.admit(a).err(), Some(Full::Client));
        assert!(conns.admit(b).is_ok());
        assert_eq!(open(&conns).len(), 4);
    }

    #[test]
    fn a_refusal_says_which_limit_in_the_apis_shape() {
        let limits = Limits {
            max_connections: 192,
            per_client: 32,
            client_timeout: Duration::from_secs(10),
        };
        let body = |full| {
            let answer = refusal(full, &limits);
            assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
            let (head, body) = answer.split_once("\r\n\r\n").unwrap();
            assert!(head.contains(&format!("content-length: {}", body.len())));
            serde_json::from_str::<serde_json::Value>(body).unwrap()
        };
        assert_eq!(
            body(Full::All),
            serde_json::json!({"error": "the server is answering on all the 192 connections it \
                takes: try again in a moment"})
        );
        assert_eq!(
            body(Full::Client),
            serde_json::json!({"error": "the server is answering on all the 32 connections it \
                takes from one address: try again in a moment"})
        );
    }

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let v6 = |s: &str| Client::of(s.parse().unwrap());
        assert_eq!(v6("2001:db8:1:2:aaaa::1"), v6("2001:db8:1:2:bbbb::9"));
        assert_ne!(v6("2001:db8:1:2::1"), v6("2001:db8:1:3::1"));
        assert_eq!(v6("::ffff:192.0.2.1"), client(1));
        assert_ne!(client(1), client(2));
    }
}
