//! The connections, driven one by one with hyper, so that clients too
//! slow to send a request, or sending none, cannot hold the table.
//! `axum::serve` sets no timer (so no header-read timeout) and accepts
//! without limit: under an open-file limit of 256, about 245 idle sockets
//! take every descriptor, and nothing more is accepted until they close.
//!
//! - A connection has the client timeout to send a request's head,
//!   counted from its opening or from the end of the previous answer (an
//!   idle keep-alive connection is closed after it too), and as long
//!   again for the request's body (`body.rs`).
//! - At most `max_connections` are open. At the cap, a new connection
//!   pushes out the one that has waited longest on its client (for a
//!   request's head, or its body): a real client sends its request as
//!   soon as it connects, so it is answered while slow ones are attached.
//!   When the server is answering on every connection (event streams,
//!   requests in hand), the newcomer is told 503 and closed at once.

use std::collections::HashMap;
use std::convert::Infallible;
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

/// One open connection as the server tracks it.
pub(crate) struct Conn {
    state: Mutex<State>,
    /// Told when the connection is pushed out for a newcomer.
    pushed_out: Notify,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting on its client, since then: for a request's head, or its
    /// body (the handler has not begun).
    Waiting(Instant),
    /// The server answers on it.
    Answering,
    /// Pushed out while waiting. A request that comes now is not served:
    /// its task is about to be dropped, and a move dropped half-way would
    /// be stored with nobody told (no event, no bot started).
    PushedOut,
}

impl Conn {
    fn new() -> Self {
        Conn {
            state: Mutex::new(State::Waiting(Instant::now())),
            pushed_out: Notify::new(),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn waiting_since(&self) -> Option<Instant> {
        match *self.state() {
            State::Waiting(since) => Some(since),
            _ => None,
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

    /// Pushes the connection out if it is waiting on its client.
    fn push_out(&self) -> bool {
        let mut state = self.state();
        if !matches!(*state, State::Waiting(_)) {
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
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    next: u64,
    conns: HashMap<u64, Arc<Conn>>,
}

impl Conns {
    /// Takes a new connection in, pushing out the one that has waited
    /// longest on its client if the cap is reached; `None` (refused) if
    /// the server is answering on every connection.
    fn admit(&self) -> Option<(u64, Arc<Conn>)> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        while open.conns.len() >= self.max {
            // A connection may start to be answered between the look and
            // the push: then the next longest waiting.
            let (_, oldest) = (open.conns.iter())
                .filter_map(|(&id, c)| Some((c.waiting_since()?, id)))
                .min()?;
            if open.conns[&oldest].push_out() {
                open.conns.remove(&oldest);
            }
        }
        open.next += 1;
        let id = open.next;
        let conn = Arc::new(Conn::new());
        open.conns.insert(id, conn.clone());
        Some((id, conn))
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
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    max_connections: usize,
    client_timeout: Duration,
) {
    let conns = Arc::new(Conns {
        max: max_connections,
        open: Mutex::new(Open::default()),
    });
    let mut tasks = JoinSet::new();
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
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
        let Some((id, conn)) = conns.admit() else {
            refuse(&stream, max_connections);
            continue;
        };
        let leave = Leave(conns.clone(), id);
        tasks.spawn(connection(
            stream,
            router.clone(),
            conn,
            leave,
            client_timeout,
        ));
    }
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
fn refuse(stream: &TcpStream, max: usize) {
    let body = serde_json::json!({
        "error": format!(
            "the server is answering on all the {max} connections it takes: try again in a moment"
        )
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         cache-control: no-store\r\nretry-after: 5\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
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

    #[test]
    fn at_the_cap_the_longest_waiting_is_pushed_out_and_busy_ones_stay() {
        let conns = Conns {
            max: 3,
            open: Mutex::new(Open::default()),
        };
        let (a, ca) = conns.admit().unwrap();
        let (_, cb) = conns.admit().unwrap();
        let (c, cc) = conns.admit().unwrap();
        // `a` is answered on; `b` waited longer than `c`.
        let answering = Answering::new(ca.clone()).unwrap();
        *cb.state() = State::Waiting(Instant::now() - Duration::from_secs(5));
        let (d, cd) = conns.admit().unwrap();
        let open = |conns: &Conns| {
            let mut ids: Vec<u64> = conns.open.lock().unwrap().conns.keys().copied().collect();
            ids.sort_unstable();
            ids
        };
        assert_eq!(open(&conns), vec![a, c, d], "`b` pushed out");
        // Its request, if one comes now, is not served.
        assert!(Answering::new(cb).is_none());
        // Every one answered on: a newcomer is refused.
        let _c = Answering::new(cc).unwrap();
        let _d = Answering::new(cd).unwrap();
        assert!(conns.admit().is_none());
        // An answer sent: that connection waits on its client again, and
        // makes room.
        drop(answering);
        let (e, _) = conns.admit().unwrap();
        assert_eq!(open(&conns), vec![c, d, e]);
    }
}
