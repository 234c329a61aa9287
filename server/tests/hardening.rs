//! The server on the open internet: one test per attack or failure (idle
//! and half-sent connections, a flood from one address, WebSocket floods,
//! dead peers, the close handshake, the database going away) and for what
//! the server says about itself (`/healthz`, `/metrics`, request ids, a
//! redacted database URL, a graceful stop on SIGTERM). Each runs on SQLite
//! and, when `DATABASE_URL`/`DRAUGHTS_TEST_POSTGRES` names one, PostgreSQL.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Client;
use draughts_server::{start, Config, Db, NetLimits, RateLimits, Server, SystemClock};
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

/// A generous bound for anything that should happen "soon".
const SOON: Duration = Duration::from_secs(10);

struct Site {
    server: Server,
    client: Client,
}

async fn site_with(url: String, net: NetLimits) -> Site {
    let mut config = Config::new(url);
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.limits = RateLimits::OFF;
    config.net = net;
    let server = start(config, Arc::new(SystemClock))
        .await
        .expect("server starts");
    Site {
        client: Client::new(server.addr()),
        server,
    }
}

macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                super::$name(super::common::sqlite_url()).await
            })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                match super::common::postgres_schema_url().await {
                    Some(url) => super::$name(url).await,
                    None => eprintln!("skipped: no DATABASE_URL / DRAUGHTS_TEST_POSTGRES"),
                }
            })*
        }
    };
}

on_both!(
    idle_and_half_sent_connections_are_closed_within_the_header_timeout,
    the_per_address_connection_cap_answers_and_another_visitor_is_served,
    websocket_caps_per_room_address_and_total_refuse_the_extra_socket,
    a_client_close_gets_a_close_back,
    a_peer_that_stops_answering_pings_is_dropped,
    healthz_is_200_then_503_when_the_database_is_gone,
    metrics_parse_as_prometheus_text_and_count_requests,
    a_database_error_shows_a_request_id_and_no_driver_text,
);

/// A TCP connection to `addr` from the loopback address `from`.
async fn connect_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((from, 0)))
        .expect("bind a loopback address");
    socket.connect(addr).await.expect("connect")
}

/// Reads until the server closes the connection (or `SOON` passes): what it sent.
async fn read_to_close(stream: &mut TcpStream) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let read = tokio::time::timeout(SOON, async {
        let mut buf = [0u8; 1024];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    read.ok().map(|()| got)
}

async fn idle_and_half_sent_connections_are_closed_within_the_header_timeout(url: String) {
    let s = site_with(
        url,
        NetLimits {
            header_timeout: Duration::from_secs(1),
            ..NetLimits::default()
        },
    )
    .await;
    let addr = s.server.addr();
    let began = Instant::now();
    let mut idle = Vec::new();
    let mut half = Vec::new();
    for _ in 0..5 {
        idle.push(TcpStream::connect(addr).await.unwrap());
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET /api/ratings/english HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        half.push(stream);
    }
    for stream in idle.iter_mut().chain(half.iter_mut()) {
        let got = read_to_close(stream)
            .await
            .expect("the server closes a silent connection within the header timeout");
        // Closed without a page: at most an error status.
        let text = String::from_utf8_lossy(&got);
        assert!(got.is_empty() || text.starts_with("HTTP/1.1 4"), "{text}");
    }
    assert!(began.elapsed() < SOON, "{:?}", began.elapsed());
    // A kept-alive connection that goes silent after a request is closed too.
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let got = read_to_close(&mut kept)
        .await
        .expect("an idle kept-alive connection is closed");
    assert!(String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"));
    // The server still serves.
    let (status, _) = s.client.get("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
}

async fn the_per_address_connection_cap_answers_and_another_visitor_is_served(url: String) {
    let s = site_with(
        url,
        NetLimits {
            header_timeout: Duration::from_secs(60),
            max_connections_per_address: 4,
            ..NetLimits::default()
        },
    )
    .await;
    let addr = s.server.addr();
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from([127, 0, 0, 1], addr).await);
    }
    // The accept loop counts them as it accepts them: let it catch up.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = connect_from([127, 0, 0, 1], addr).await;
    let _ = extra.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let got = read_to_close(&mut extra)
        .await
        .expect("an extra connection is answered and closed, not left hanging");
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 429"), "{text:?}");
    assert!(text.contains("too_many_connections"), "{text}");
    // A visitor from another address is served at once.
    let visitor = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .timeout(SOON)
        .build()
        .unwrap();
    let res = visitor
        .get(format!("http://{addr}/healthz"))
        .send()
        .await
        .expect("another address is served");
    assert_eq!(res.status(), StatusCode::OK);
    // Once a held connection closes, the address may connect again.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from([127, 0, 0, 1], addr).await;
    again
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let got = read_to_close(&mut again).await.expect("served and closed");
    assert!(String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"));
}

/// A room of two new players: its id.
async fn room(s: &Site) -> String {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Bo").await;
    s.client.room(&a, &b, "english", "live").await
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A WebSocket on `room` from loopback address `from`: the socket, or the
/// HTTP status it was refused with.
async fn ws_from(from: [u8; 4], addr: SocketAddr, room: &str) -> Result<Ws, u16> {
    let stream = connect_from(from, addr).await;
    let url = format!("ws://{addr}/api/rooms/{room}/live");
    match tokio_tungstenite::client_async(url, stream).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
        Err(e) => panic!("handshake failed: {e}"),
    }
}

/// The next text message as JSON.
async fn next_text(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(SOON, ws.next())
            .await
            .expect("a message soon")
            .expect("open")
            .expect("a message");
        if let Message::Text(text) = msg {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

async fn websocket_caps_per_room_address_and_total_refuse_the_extra_socket(url: String) {
    let s = site_with(
        url,
        NetLimits {
            max_websockets: 4,
            max_websockets_per_address: 3,
            max_websockets_per_room: 2,
            ..NetLimits::default()
        },
    )
    .await;
    let addr = s.server.addr();
    let (a, b, c) = (room(&s).await, room(&s).await, room(&s).await);
    let mut open = Vec::new();
    for _ in 0..2 {
        let mut ws = ws_from([127, 0, 0, 1], addr, &a)
            .await
            .expect("under the caps");
        assert_eq!(next_text(&mut ws).await["view"]["state"], "playing");
        open.push(ws);
    }
    // Room a has its 2.
    assert_eq!(ws_from([127, 0, 0, 1], addr, &a).await.err(), Some(503));
    open.push(
        ws_from([127, 0, 0, 1], addr, &b)
            .await
            .expect("room b is free"),
    );
    // 127.0.0.1 has its 3.
    assert_eq!(ws_from([127, 0, 0, 1], addr, &c).await.err(), Some(429));
    open.push(
        ws_from([127, 0, 0, 2], addr, &b)
            .await
            .expect("another address"),
    );
    // 4 in all.
    assert_eq!(ws_from([127, 0, 0, 3], addr, &c).await.err(), Some(503));
    let (_, metrics) = s.client.get("/metrics", None).await;
    let text = metrics["text"].as_str().unwrap().to_owned();
    assert_eq!(sample(&text, "draughts_websockets_open"), Some(4.0));
    assert_eq!(
        sample(&text, "draughts_websockets_refused_total{cap=\"room\"}"),
        Some(1.0)
    );
    // A socket that closes frees its place.
    let mut first = open.remove(0);
    first.close(None).await.unwrap();
    while let Some(Ok(_)) = tokio::time::timeout(SOON, first.next()).await.unwrap() {}
    let freed = async {
        loop {
            match ws_from([127, 0, 0, 3], addr, &c).await {
                Ok(ws) => return ws,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    };
    tokio::time::timeout(SOON, freed)
        .await
        .expect("a place is freed when a socket closes");
}

async fn a_client_close_gets_a_close_back(url: String) {
    let s = site_with(url, NetLimits::default()).await;
    let r = room(&s).await;
    let mut ws = ws_from([127, 0, 0, 1], s.server.addr(), &r).await.unwrap();
    next_text(&mut ws).await;
    ws.send(Message::Close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "bye".into(),
    })))
    .await
    .unwrap();
    let answer = loop {
        match tokio::time::timeout(SOON, ws.next())
            .await
            .expect("an answer soon")
        {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("no Close back (the client would see 1006): {other:?}"),
        }
    };
    assert_eq!(answer.map(|f| f.code), Some(CloseCode::Normal));
}

async fn a_peer_that_stops_answering_pings_is_dropped(url: String) {
    let s = site_with(
        url,
        NetLimits {
            ping_every: Duration::from_millis(200),
            dead_after: Duration::from_secs(1),
            ..NetLimits::default()
        },
    )
    .await;
    let r = room(&s).await;
    let addr = s.server.addr();
    // This one is read (so its pings are answered: the library pongs).
    let mut alive = ws_from([127, 0, 0, 1], addr, &r).await.unwrap();
    next_text(&mut alive).await;
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = alive.next().await {} });
    // This one is never read again: a phone gone out of range.
    let mut dead = ws_from([127, 0, 0, 1], addr, &r).await.unwrap();
    next_text(&mut dead).await;
    let began = Instant::now();
    let dropped = async {
        loop {
            let (_, m) = s.client.get("/metrics", None).await;
            let text = m["text"].as_str().unwrap().to_owned();
            // Counted dead, then its place freed: wait for both.
            if sample(&text, "draughts_websockets_dead_total") == Some(1.0)
                && sample(&text, "draughts_websockets_open") == Some(1.0)
            {
                return text;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let text = tokio::time::timeout(SOON, dropped)
        .await
        .expect("the silent socket is dropped within the dead-peer timeout");
    assert!(began.elapsed() >= Duration::from_millis(900));
    // The socket that answers pings is still open, well past the timeout.
    assert_eq!(sample(&text, "draughts_websockets_open"), Some(1.0));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, m) = s.client.get("/metrics", None).await;
    let text = m["text"].as_str().unwrap();
    assert_eq!(sample(text, "draughts_websockets_open"), Some(1.0));
    assert_eq!(sample(text, "draughts_websockets_dead_total"), Some(1.0));
    assert!(!reader.is_finished());
    reader.abort();
    drop(dead);
}

async fn close_pool(db: &Db) {
    match db {
        Db::Sqlite(pool) => pool.close().await,
        Db::Postgres(pool) => pool.close().await,
    }
}

async fn healthz_is_200_then_503_when_the_database_is_gone(url: String) {
    let s = site_with(url, NetLimits::default()).await;
    let (status, body) = s.client.get("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"status": "ok", "database": "ok"}));
    close_pool(s.server.db()).await;
    let (status, body) = s.client.get("/healthz", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["database"], "unreachable");
}

/// The value of the sample `name` (with its labels, as written) in an exposition.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

/// Checks the Prometheus text format line by line: every sample is `name{labels} value`
/// with a float value, and is preceded by its family's `# TYPE`.
fn check_exposition(text: &str) -> usize {
    let mut typed: Vec<String> = Vec::new();
    let mut samples = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let mut parts = rest.split(' ');
            let name = parts.next().unwrap();
            let kind = parts.next().unwrap();
            assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
            typed.push(name.to_owned());
            continue;
        }
        if line.starts_with("# HELP ") {
            continue;
        }
        assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
        let (series, value) = line.rsplit_once(' ').expect("name and value");
        value
            .parse::<f64>()
            .unwrap_or_else(|_| panic!("not a number: {line}"));
        let name = series.split('{').next().unwrap();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "{line}"
        );
        if let Some(labels) = series.strip_prefix(name) {
            if !labels.is_empty() {
                assert!(labels.starts_with('{') && labels.ends_with('}'), "{line}");
                for pair in labels[1..labels.len() - 1].split(',') {
                    let (k, v) = pair.split_once('=').expect("label=value");
                    assert!(
                        !k.is_empty() && v.starts_with('"') && v.ends_with('"'),
                        "{line}"
                    );
                }
            }
        }
        let family = typed.last().expect("a sample after its # TYPE");
        assert!(name.starts_with(family.as_str()), "{line} outside {family}");
        samples += 1;
    }
    samples
}

async fn metrics_parse_as_prometheus_text_and_count_requests(url: String) {
    let s = site_with(url, NetLimits::default()).await;
    let r = room(&s).await;
    let res = s
        .client
        .http
        .get(format!("{}/metrics", s.client.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    let before = res.text().await.unwrap();
    assert!(check_exposition(&before) > 20);
    let ok = |t: &str| sample(t, "draughts_http_requests_total{class=\"2xx\"}").unwrap();
    let not_found = |t: &str| sample(t, "draughts_http_requests_total{class=\"4xx\"}").unwrap();
    for _ in 0..3 {
        let (status, _) = s.client.get("/healthz", None).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _) = s.client.get("/api/rooms/nosuchroom", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, after) = s.client.get("/metrics", None).await;
    let after = after["text"].as_str().unwrap();
    check_exposition(after);
    // 3 health checks and the first /metrics.
    assert_eq!(ok(after) - ok(&before), 4.0, "{after}");
    assert_eq!(not_found(after) - not_found(&before), 1.0);
    let count = sample(after, "draughts_http_request_duration_seconds_count").unwrap();
    let inf = sample(
        after,
        "draughts_http_request_duration_seconds_bucket{le=\"+Inf\"}",
    )
    .unwrap();
    assert_eq!(count, inf);
    // 2 players, a room, a join, the first /metrics, 3 health checks, a 404.
    assert!(count >= 9.0);
    assert!(sample(after, "draughts_connections_open").unwrap() >= 1.0);
    assert_eq!(sample(after, "draughts_database_up"), Some(1.0));
    assert_eq!(
        sample(after, "draughts_rooms{state=\"playing\"}"),
        Some(1.0),
        "{r}"
    );
}

async fn a_database_error_shows_a_request_id_and_no_driver_text(url: String) {
    let s = site_with(url, NetLimits::default()).await;
    let player = s.client.player("Ana").await;
    close_pool(s.server.db()).await;
    let res = s
        .client
        .http
        .post(format!("{}/api/rooms", s.client.base))
        .bearer_auth(&player.secret)
        .json(&json!({"mode": "english"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let header = res.headers()["x-request-id"].to_str().unwrap().to_owned();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "database");
    assert_eq!(body["request_id"], header.as_str());
    assert_eq!(header.len(), 16);
    let text = body.to_string().to_lowercase();
    for driver in [
        "pool", "sqlx", "sqlite", "postgres", "select", "closed", "returned",
    ] {
        assert!(!text.contains(driver), "{driver} in {text}");
    }
    // Every answer carries an id, and they differ.
    let (a, b) = (
        s.client
            .http
            .get(format!("{}/healthz", s.client.base))
            .send()
            .await
            .unwrap(),
        s.client
            .http
            .get(format!("{}/healthz", s.client.base))
            .send()
            .await
            .unwrap(),
    );
    assert_ne!(a.headers()["x-request-id"], b.headers()["x-request-id"]);
}

#[tokio::test]
async fn the_database_password_is_redacted_in_a_start_error() {
    let mut config = Config::new("postgres://draughts:hunter2@127.0.0.1:1/draughts");
    config.listen = "127.0.0.1:0".parse().unwrap();
    let e = tokio::time::timeout(
        Duration::from_secs(60),
        start(config, Arc::new(SystemClock)),
    )
    .await
    .expect("fails soon")
    .expect_err("nothing listens on port 1");
    let text = e.to_string();
    assert!(!text.contains("hunter2"), "{text}");
    assert!(
        text.contains("postgres://draughts:***@127.0.0.1:1/draughts"),
        "{text}"
    );
    assert_eq!(
        draughts_server::redact_url("postgres://u:hunter2@h/d"),
        "postgres://u:***@h/d"
    );
}

/// The real binary stops gracefully on SIGTERM (exit status 0), and its
/// log (standard error) never shows the database password.
#[cfg(unix)]
#[test]
fn sigterm_stops_the_binary_gracefully() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};

    let url = common::sqlite_url();
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts-server"))
        .args(["--listen", "127.0.0.1:0", "--database", &url])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn draughts-server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("listening on http://127.0.0.1:"), "{line}");
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let began = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(began.elapsed() < Duration::from_secs(30), "still running");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "{exit:?}");
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.contains("draughts-server started"), "{log}");
    assert!(log.contains("SIGTERM"), "{log}");
    assert!(log.contains("stopped"), "{log}");
}
