//! The connections, driven one by one with hyper, so that a client too
//! slow to send a request, or sending none, does not keep its connection
//! (and its file descriptor) open for ever: `axum::serve` sets no timer,
//! so it has no header-read timeout.
//!
//! A connection has the client timeout to send a request's head, counted
//! from its opening or from the end of the previous answer (an idle
//! keep-alive connection is closed after it too), and as long again for
//! the request's body (`body.rs`).

use std::convert::Infallible;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tower::ServiceExt;

/// Accepts and serves connections until the task is aborted, which ends
/// every connection with it (their tasks are this one's).
pub(crate) async fn serve(listener: TcpListener, router: Router, client_timeout: Duration) {
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
                // Out of descriptors or memory: the connection waits in
                // the backlog.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
        };
        tasks.spawn(connection(stream, router.clone(), client_timeout));
    }
}

/// Serves one connection until it closes or times out.
async fn connection(stream: TcpStream, router: Router, client_timeout: Duration) {
    let service = service_fn(move |req: hyper::Request<Incoming>| {
        let router = router.clone();
        async move {
            let Ok(res) = router.oneshot(req).await;
            Ok::<_, Infallible>(res)
        }
    });
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(client_timeout);
    // A client gone, a timeout, a malformed request: nothing to do.
    let _ = http.serve_connection(TokioIo::new(stream), service).await;
}
