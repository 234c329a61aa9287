//! What the server's integration tests share: a database per test (a fresh
//! SQLite file, or a fresh schema of the PostgreSQL that `DATABASE_URL` or
//! `DRAUGHTS_TEST_POSTGRES` names) and a small JSON client.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use reqwest::StatusCode;
use serde_json::{json, Value};

/// The PostgreSQL URL tests run against, if any. With CI=true there must be one.
pub fn postgres_url() -> Option<String> {
    let url = std::env::var("DRAUGHTS_TEST_POSTGRES")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("CI=true but neither DRAUGHTS_TEST_POSTGRES nor DATABASE_URL names a PostgreSQL");
    }
    url
}

fn unique() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst),
        t % 1_000_000_000
    )
}

/// A fresh SQLite database file (its URL).
pub fn sqlite_url() -> String {
    let dir: PathBuf = std::env::temp_dir().join("draughts-server-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("t{}.db", unique()));
    format!("sqlite://{}", path.display())
}

/// A fresh schema in the test PostgreSQL (its URL, with `search_path` set),
/// or None when there is none.
pub async fn postgres_schema_url() -> Option<String> {
    let base = postgres_url()?;
    let schema = format!("t_{}", unique());
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&base)
        .await
        .expect("connect to the test PostgreSQL");
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&pool)
        .await
        .expect("create a test schema");
    pool.close().await;
    let sep = if base.contains('?') { '&' } else { '?' };
    Some(format!("{base}{sep}options=-c%20search_path%3D{schema}"))
}

/// A JSON client of one server.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
}

/// A player: id and secret.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub secret: String,
}

impl Client {
    pub fn new(addr: std::net::SocketAddr) -> Self {
        Client {
            base: format!("http://{addr}"),
            http: reqwest::Client::new(),
        }
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        secret: Option<&str>,
        body: Option<String>,
    ) -> (StatusCode, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(secret) = secret {
            req = req.bearer_auth(secret);
        }
        if let Some(body) = body {
            req = req.header("content-type", "application/json").body(body);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        let text = res.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "text": text }));
        (status, value)
    }

    pub async fn get(&self, path: &str, secret: Option<&str>) -> (StatusCode, Value) {
        self.send(reqwest::Method::GET, path, secret, None).await
    }

    pub async fn post(&self, path: &str, secret: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.send(reqwest::Method::POST, path, secret, Some(body.to_string()))
            .await
    }

    pub async fn player(&self, name: &str) -> Player {
        let (status, v) = self
            .post("/api/players", None, json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        Player {
            id: v["player"].as_str().unwrap().to_owned(),
            secret: v["secret"].as_str().unwrap().to_owned(),
        }
    }

    /// A room in `mode` by `creator`, joined by `joiner`: its id.
    pub async fn room(&self, creator: &Player, joiner: &Player, mode: &str, pace: &str) -> String {
        let (status, v) = self
            .post(
                "/api/rooms",
                Some(&creator.secret),
                json!({ "mode": mode, "pace": pace }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let room = v["room"].as_str().unwrap().to_owned();
        let (status, v) = self
            .post(
                &format!("/api/rooms/{room}/join"),
                Some(&joiner.secret),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["view"]["state"], "playing");
        room
    }

    pub async fn act(&self, room: &str, who: &Player, action: Value) -> (StatusCode, Value) {
        self.post(
            &format!("/api/rooms/{room}/actions"),
            Some(&who.secret),
            action,
        )
        .await
    }

    pub async fn view(&self, room: &str) -> Value {
        let (status, v) = self.get(&format!("/api/rooms/{room}"), None).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        v
    }
}

/// `{"type":"move","text":...}`
pub fn mv(text: &str) -> Value {
    json!({ "type": "move", "text": text })
}

/// A client WebSocket.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON text message (within 10 s).
pub async fn next_json(ws: &mut Ws) -> Value {
    use futures_util::StreamExt;
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message within 10 s")
            .expect("socket open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = msg {
            return serde_json::from_str(&text).unwrap();
        }
    }
}
