//! The real binary: killed with SIGKILL in the middle of many games and
//! restarted on the same database (nothing acknowledged lost, nothing twice),
//! and two processes sharing one PostgreSQL (a move made through one reaches
//! a WebSocket connected to the other).

mod common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{mv, Client};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A running `draughts-server` process, killed when dropped.
struct Process {
    child: Child,
    addr: SocketAddr,
}

impl Process {
    fn spawn(database: &str) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_draughts-server"))
            .args(["--listen", "127.0.0.1:0", "--database", database])
            // Many players from one address: no rate limit here (api.rs tests them).
            .args([
                "--limit-players",
                "0",
                "--limit-rooms",
                "0",
                "--limit-joins",
                "0",
            ])
            .stdout(Stdio::piped())
            // Warnings and errors only: not a line per request.
            .env("RUST_LOG", "warn")
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn draughts-server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the first line");
        let addr = line
            .trim()
            .rsplit("http://")
            .next()
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Process { child, addr }
    }

    /// SIGKILL, and wait for the process to be gone.
    fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("wait");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_loses_no_acknowledged_move_on_sqlite() {
    sigkill(&common::sqlite_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_loses_no_acknowledged_move_on_postgres() {
    match common::postgres_schema_url().await {
        Some(url) => sigkill(&url).await,
        None => eprintln!("skipped: no DATABASE_URL / DRAUGHTS_TEST_POSTGRES"),
    }
}

/// What one scripted game saw: the moves the server acknowledged, and the
/// one in flight when the server died (it may or may not have committed).
#[derive(Default)]
struct Seen {
    acked: Vec<String>,
    in_flight: Option<String>,
}

async fn sigkill(database: &str) {
    const GAMES: usize = 12;
    const KILL_AFTER: usize = 240;
    let mut server = Process::spawn(database);
    let client = Client::new(server.addr);
    let mut rooms = Vec::new();
    for g in 0..GAMES {
        let a = client.player(&format!("a{g}")).await;
        let b = client.player(&format!("b{g}")).await;
        let room = client.room(&a, &b, "english", "correspondence").await;
        // Read before any game starts: the kill may come before a slow
        // task's first request.
        let view = client.view(&room).await["view"].clone();
        rooms.push((room, [a, b], view));
    }
    let total = Arc::new(AtomicUsize::new(0));
    let dead = Arc::new(AtomicBool::new(false));
    let mut games = Vec::new();
    for (g, (room, seats, view)) in rooms.iter().cloned().enumerate() {
        let (client, total, dead) = (client.clone(), total.clone(), dead.clone());
        games.push(tokio::spawn(async move {
            let mut seen = Seen::default();
            let mut view = view;
            let mut pick = g;
            while view["state"] == "playing" && !dead.load(Ordering::SeqCst) {
                let legal = view["legal_moves"].as_array().unwrap();
                pick = pick.wrapping_mul(31).wrapping_add(7);
                let m = legal[pick % legal.len()].as_str().unwrap().to_owned();
                let who = if view["turn"] == "first" {
                    &seats[0]
                } else {
                    &seats[1]
                };
                seen.in_flight = Some(m.clone());
                let res = client
                    .http
                    .post(format!("{}/api/rooms/{room}/actions", client.base))
                    .bearer_auth(&who.secret)
                    .json(&mv(&m))
                    .send()
                    .await;
                let Ok(res) = res else { break };
                if res.status() != StatusCode::OK {
                    break;
                }
                let Ok(body) = res.json::<Value>().await else {
                    break;
                };
                seen.in_flight = None;
                seen.acked.push(m);
                total.fetch_add(1, Ordering::SeqCst);
                view = body["view"].clone();
            }
            (room, seen)
        }));
    }
    while total.load(Ordering::SeqCst) < KILL_AFTER && games.iter().any(|g| !g.is_finished()) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill();
    dead.store(true, Ordering::SeqCst);
    let mut seen_all = Vec::new();
    for game in games {
        seen_all.push(game.await.unwrap());
    }
    assert!(total.load(Ordering::SeqCst) >= KILL_AFTER);

    let server = Process::spawn(database);
    let client = Client::new(server.addr);
    let mut extra = 0;
    for ((room, seen), (_, seats, _)) in seen_all.iter().zip(&rooms) {
        let r = client.view(room).await;
        let stored: Vec<String> = serde_json::from_value(r["view"]["moves"].clone()).unwrap();
        assert!(
            stored.len() >= seen.acked.len() && stored[..seen.acked.len()] == seen.acked[..],
            "room {room}: acknowledged {:?}, stored {stored:?}",
            seen.acked
        );
        // Beyond them, at most the one move whose answer the kill cut off.
        match &stored[seen.acked.len()..] {
            [] => {}
            [m] => {
                assert_eq!(Some(m), seen.in_flight.as_ref(), "room {room}");
                extra += 1;
            }
            more => panic!("room {room}: unacknowledged moves stored: {more:?}"),
        }
        // seq counts the writes: created, joined, and each stored move once.
        assert_eq!(r["seq"], json!(2 + stored.len()), "room {room}");
        // The room plays on after the restart.
        let v = &r["view"];
        if v["state"] == "playing" {
            let who = if v["turn"] == "first" {
                &seats[0]
            } else {
                &seats[1]
            };
            let m = v["legal_moves"][0].as_str().unwrap();
            let (status, res) = client.act(room, who, mv(m)).await;
            assert_eq!(status, StatusCode::OK, "{res}");
        }
    }
    eprintln!(
        "{} acknowledged moves before SIGKILL, all stored once; {extra} in-flight moves were committed",
        total.load(Ordering::SeqCst)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_postgres_and_push_each_others_moves() {
    let Some(url) = common::postgres_schema_url().await else {
        eprintln!("skipped: no DATABASE_URL / DRAUGHTS_TEST_POSTGRES");
        return;
    };
    let one = Process::spawn(&url);
    let two = Process::spawn(&url);
    let c1 = Client::new(one.addr);
    let c2 = Client::new(two.addr);
    let a = c1.player("Ana").await;
    let b = c2.player("Beto").await;
    let (status, res) = c1
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let room = res["room"].as_str().unwrap().to_owned();
    // A spectator on process two.
    let url2 = format!("ws://{}/api/rooms/{room}/live", two.addr);
    let mut ws = tokio_tungstenite::connect_async(url2).await.unwrap().0;
    assert_eq!(common::next_json(&mut ws).await["view"]["state"], "waiting");
    // Joined through process one (by a player made on process two).
    let (status, _) = c1
        .post(
            &format!("/api/rooms/{room}/join"),
            Some(&b.secret),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let joined = common::next_json(&mut ws).await;
    assert_eq!(joined["view"]["state"], "playing");
    let m1 = joined["view"]["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _) = c1.act(&room, &a, mv(&m1)).await;
    assert_eq!(status, StatusCode::OK);
    let moved = common::next_json(&mut ws).await;
    assert_eq!(moved["view"]["moves"], json!([m1]));
    // And the reply through process two, seen by process one.
    let m2 = moved["view"]["legal_moves"][0].as_str().unwrap().to_owned();
    let (status, _) = c2.act(&room, &b, mv(&m2)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        common::next_json(&mut ws).await["view"]["moves"],
        json!([m1, m2])
    );
    assert_eq!(c1.view(&room).await["view"]["moves"], json!([m1, m2]));
    // The same move sent to both processes at once is applied once.
    let m3 = c1.view(&room).await["view"]["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let (r1, r2) = tokio::join!(c1.act(&room, &a, mv(&m3)), c2.act(&room, &a, mv(&m3)));
    let oks = [r1.0, r2.0]
        .iter()
        .filter(|s| **s == StatusCode::OK)
        .count();
    assert_eq!(oks, 1, "{r1:?} {r2:?}");
    assert_eq!(c2.view(&room).await["view"]["moves"], json!([m1, m2, m3]));
}
