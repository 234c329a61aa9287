//! Storage benchmark (not a test): one room, many rematches. Two players
//! play N short games in one room (two moves each, then a resignation, then
//! a rematch), then the example reports what the room costs: the size of
//! its stored record, the latency of a move, and the first read of the room
//! by a process that has never seen it (a cold read: the room is decoded
//! from its record).
//!
//! ```sh
//! cargo build --release -p draughts-server --example rematches
//! target/release/examples/rematches 1000
//! ```
//!
//! It runs the server in this process on a fresh SQLite file, without rate
//! limits. The same program, without the `Policy` lines, measured the
//! server before the room's record kept only its current game.

use std::sync::Arc;
use std::time::{Duration, Instant};

use draughts_server::{start, Config, Db, Policy, RateLimits, SystemClock};
use serde_json::{json, Value};
use sqlx::Row;

struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    async fn post(&self, path: &str, secret: Option<&str>, body: Value) -> Value {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(secret) = secret {
            req = req.bearer_auth(secret);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        let v: Value = res.json().await.expect("JSON");
        assert!(status.is_success(), "{path}: {status} {v}");
        v
    }

    async fn get(&self, path: &str) -> Value {
        let res = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("request");
        assert!(res.status().is_success());
        res.json().await.expect("JSON")
    }
}

fn config(url: &str) -> Config {
    let mut config = Config::new(url);
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.limits = RateLimits::OFF;
    // Two players play thousands of actions a minute here.
    config.policy = Policy {
        actions_per_minute: 0,
        ..Policy::default()
    };
    config
}

/// Plays one game of two moves each and a resignation; returns each move's latency.
async fn game(c: &Client, room: &str, secrets: &[String; 2], first: usize) -> Vec<Duration> {
    let mut times = Vec::new();
    let mut v = c.get(&format!("/api/rooms/{room}")).await["view"].clone();
    for ply in 0..4 {
        let who = &secrets[(first + ply) % 2];
        let text = v["legal_moves"][0]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let t = Instant::now();
        let res = c
            .post(
                &format!("/api/rooms/{room}/actions"),
                Some(who),
                json!({"type": "move", "text": text}),
            )
            .await;
        times.push(t.elapsed());
        v = res["view"].clone();
    }
    let path = format!("/api/rooms/{room}/actions");
    c.post(&path, Some(&secrets[first]), json!({"type": "resign"}))
        .await;
    times
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[tokio::main]
async fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("usage: rematches [GAMES]"))
        .unwrap_or(1000);
    let dir = std::env::temp_dir().join("draughts-rematches");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("r{}.db", std::process::id()));
    let url = format!("sqlite://{}", file.display());
    let server = start(config(&url), Arc::new(SystemClock)).await.unwrap();
    let c = Client {
        base: format!("http://{}", server.addr()),
        http: reqwest::Client::new(),
    };
    let mut secrets = Vec::new();
    for name in ["Ana", "Beto"] {
        let p = c.post("/api/players", None, json!({"name": name})).await;
        secrets.push(p["secret"].as_str().unwrap().to_owned());
    }
    let secrets: [String; 2] = secrets.try_into().unwrap();
    let created = c
        .post("/api/rooms", Some(&secrets[0]), json!({"mode": "english"}))
        .await;
    let room = created["room"].as_str().unwrap().to_owned();
    c.post(
        &format!("/api/rooms/{room}/join"),
        Some(&secrets[1]),
        json!({}),
    )
    .await;
    let started = Instant::now();
    let mut early = Vec::new();
    let mut late = Vec::new();
    for g in 0..n {
        // The seat that moves first alternates: seat first in odd games.
        let times = game(&c, &room, &secrets, g % 2).await;
        if g < 20 {
            early.extend(times);
        } else if g + 20 >= n {
            late.extend(times);
        }
        if g + 1 < n {
            for s in &secrets {
                c.post(
                    &format!("/api/rooms/{room}/actions"),
                    Some(s),
                    json!({"type": "rematch"}),
                )
                .await;
            }
        }
    }
    let elapsed = started.elapsed();
    let bytes: i64 = match server.db() {
        Db::Sqlite(pool) => sqlx::query("SELECT length(record) FROM rooms WHERE id = $1")
            .bind(&room)
            .fetch_one(pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap(),
        Db::Postgres(_) => unreachable!("SQLite"),
    };
    // A second process on the same file has never decoded the room.
    let cold = start(config(&url), Arc::new(SystemClock)).await.unwrap();
    let c2 = Client {
        base: format!("http://{}", cold.addr()),
        http: reqwest::Client::new(),
    };
    let t = Instant::now();
    let v = c2.get(&format!("/api/rooms/{room}")).await;
    let cold_read = t.elapsed();
    let t = Instant::now();
    c2.get(&format!("/api/rooms/{room}")).await;
    let warm_read = t.elapsed();
    println!(
        "games played:            {n} in {:.1} s",
        elapsed.as_secs_f64()
    );
    println!("game number now:         {}", v["view"]["game_number"]);
    println!("stored room record:      {bytes} bytes");
    println!(
        "move latency, games 1-20 (median): {:.2} ms",
        median(early).as_secs_f64() * 1e3
    );
    if !late.is_empty() {
        println!(
            "move latency, last 20 games (median): {:.2} ms",
            median(late).as_secs_f64() * 1e3
        );
    }
    println!(
        "cold read of the room:   {:.2} ms",
        cold_read.as_secs_f64() * 1e3
    );
    println!(
        "warm read of the room:   {:.2} ms",
        warm_read.as_secs_f64() * 1e3
    );
    drop(cold);
    drop(server);
    let _ = std::fs::remove_file(&file);
}
