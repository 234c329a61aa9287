//! What the server says about itself: structured logs (`tracing`), a
//! request id on every answer, `GET /healthz` and `GET /metrics`.

use std::convert::Infallible;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use axum::response::IntoResponse;
use axum::{Extension, Json};
use serde_json::json;
use tower::ServiceExt;
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

use crate::net::{self, Net, Stack};
use crate::service::App;

/// The header every answer carries its request id in.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

tokio::task_local! {
    /// The id of the request being handled (error answers show it).
    static REQUEST_ID: Arc<str>;
}

/// The id of the request this task is handling, if it handles one.
pub(crate) fn request_id() -> Option<Arc<str>> {
    REQUEST_ID.try_with(Arc::clone).ok()
}

/// A new request id: 16 hex digits, unique in this process and unlikely to
/// repeat across processes (a random start).
fn new_request_id() -> Arc<str> {
    static BASE: OnceLock<u64> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let base = *BASE.get_or_init(|| {
        let mut bytes = [0u8; 8];
        // Without OS randomness the ids are still unique in this process.
        let _ = getrandom::fill(&mut bytes);
        u64::from_le_bytes(bytes)
    });
    // An odd multiplier is a bijection: distinct counters, distinct ids.
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(
        "{:016x}",
        base.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    )
    .into()
}

/// The room id in an `/api/rooms/{room}...` path.
fn room_of(path: &str) -> Option<&str> {
    path.strip_prefix("/api/rooms/")?
        .split('/')
        .next()
        .filter(|id| !id.is_empty())
}

/// Sets up logging to standard error: a `RUST_LOG`-style filter (default
/// `info`), as text or as one JSON object a line. Call once, at start;
/// a second call does nothing.
pub fn init_logging(json: bool) {
    let filter = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.trim().is_empty() => EnvFilter::try_new(&spec).unwrap_or_else(|e| {
            eprintln!("draughts-server: RUST_LOG={spec:?} is not a log filter ({e}): using info");
            EnvFilter::new("info")
        }),
        _ => EnvFilter::new("info"),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .try_init()
    } else {
        builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init()
    };
}

/// A database URL with its password (in the user part, or a `password=`
/// parameter) replaced by `***`, fit for logs and error messages.
///
/// ```
/// use draughts_server::redact_url;
///
/// assert_eq!(
///     redact_url("postgres://draughts:s3cret@db:5432/draughts"),
///     "postgres://draughts:***@db:5432/draughts"
/// );
/// assert_eq!(redact_url("postgres://db/x?user=a&password=s3cret"), "postgres://db/x?user=a&password=***");
/// assert_eq!(redact_url("sqlite://draughts.db"), "sqlite://draughts.db");
/// ```
pub fn redact_url(url: &str) -> String {
    let (head, rest) = match url.find("://") {
        Some(i) => url.split_at(i + 3),
        None => ("", url),
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let authority = match authority.rfind('@') {
        Some(at) => {
            let (user_info, host) = authority.split_at(at);
            match user_info.find(':') {
                Some(colon) => format!("{}:***{host}", &user_info[..colon]),
                None => authority.to_owned(),
            }
        }
        None => authority.to_owned(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let (query, fragment) = match query.split_once('#') {
                Some((q, f)) => (q, Some(f)),
                None => (query, None),
            };
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _))
                        if key.eq_ignore_ascii_case("password")
                            || key.eq_ignore_ascii_case("pass")
                            || key.eq_ignore_ascii_case("sslpassword") =>
                    {
                        format!("{key}=***")
                    }
                    _ => pair.to_owned(),
                })
                .collect();
            let mut t = format!("{path}?{}", query.join("&"));
            if let Some(f) = fragment {
                t.push('#');
                t.push_str(f);
            }
            t
        }
        None => tail.to_owned(),
    };
    format!("{head}{authority}{tail}")
}

/// Handles one request through the stack: gives it an id (in the log's
/// span, in error answers and in the `x-request-id` header), counts it and
/// logs its line (method, path, room, status, latency).
pub(crate) async fn handle(
    net: Arc<Net>,
    stack: Stack,
    req: Request<Body>,
) -> Result<Response<Body>, Infallible> {
    let id = new_request_id();
    let started = Instant::now();
    let peer = net::peer(&req).map(|p| p.ip());
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let span = tracing::info_span!(
        "request",
        id = %id,
        method = %method,
        path = %path,
        room = tracing::field::Empty,
        peer = tracing::field::Empty,
    );
    if let Some(room) = room_of(&path) {
        span.record("room", room);
    }
    if let Some(peer) = peer {
        span.record("peer", tracing::field::display(peer));
    }
    let answer = REQUEST_ID
        .scope(id.clone(), stack.oneshot(req).instrument(span.clone()))
        .await;
    let Ok(mut response) = answer;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    let latency = started.elapsed();
    let status = response.status().as_u16();
    net.metrics.request(status, latency);
    let latency_ms = latency.as_secs_f64() * 1e3;
    span.in_scope(|| {
        if status >= 500 {
            tracing::warn!(status, latency_ms, "request");
        } else {
            tracing::info!(status, latency_ms, "request");
        }
    });
    Ok(response)
}

/// How long `/healthz` and `/metrics` wait for the database.
const DB_WAIT: Duration = Duration::from_secs(2);

/// `GET /healthz`: 200 when the process serves and the database answers,
/// else 503 (the cause is logged, not shown).
pub(crate) async fn healthz(State(app): State<Arc<App>>) -> Response<Body> {
    match tokio::time::timeout(DB_WAIT, app.db.ping()).await {
        Ok(Ok(())) => (
            StatusCode::OK,
            Json(json!({"status": "ok", "database": "ok"})),
        )
            .into_response(),
        failed => {
            let cause = match failed {
                Ok(Err(e)) => e.to_string(),
                _ => format!("no answer within {} s", DB_WAIT.as_secs()),
            };
            tracing::warn!(cause, "health check: the database is unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({"status": "unavailable", "database": "unreachable"})),
            )
                .into_response()
        }
    }
}

/// `GET /metrics`: the Prometheus text exposition of this process.
pub(crate) async fn metrics(
    State(app): State<Arc<App>>,
    Extension(net): Extension<Arc<Net>>,
) -> Response<Body> {
    let rooms = net
        .metrics
        .rooms(|| async {
            tokio::time::timeout(DB_WAIT, app.db.rooms_by_state())
                .await
                .ok()
                .and_then(Result::ok)
        })
        .await;
    let text = net.metrics.render(
        net.connections.open(),
        net.sockets.open(),
        rooms.as_deref(),
        rooms.is_some(),
    );
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_ids_are_read_from_room_paths_only() {
        assert_eq!(room_of("/api/rooms/abc/actions"), Some("abc"));
        assert_eq!(room_of("/api/rooms/abc"), Some("abc"));
        assert_eq!(room_of("/api/rooms"), None);
        assert_eq!(room_of("/api/rooms/"), None);
        assert_eq!(room_of("/index.html"), None);
    }

    #[test]
    fn request_ids_differ() {
        let a = new_request_id();
        let b = new_request_id();
        assert_ne!(a, b);
        assert_eq!(a.len(), 16);
    }

    #[test]
    fn passwords_are_redacted_wherever_they_sit() {
        assert_eq!(
            redact_url("postgresql://u:p%40ss@h/db?sslmode=require"),
            "postgresql://u:***@h/db?sslmode=require"
        );
        // An '@' in the password: the last '@' ends the user part.
        assert_eq!(redact_url("postgres://u:a@b@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(
            redact_url("postgres://h/db?Password=x#f"),
            "postgres://h/db?Password=***#f"
        );
        assert_eq!(redact_url("draughts.db"), "draughts.db");
    }
}
