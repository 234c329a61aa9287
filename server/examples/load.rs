//! Load benchmark (not a test): N games played to the end at once over
//! loopback by scripted clients, against a `draughts-server` process this
//! command starts (the release binary next to this example).
//!
//! ```sh
//! cargo build --release -p draughts-server --bin draughts-server --example load
//! target/release/examples/load --games 1000                       # SQLite, a fresh file
//! target/release/examples/load --games 1000 --database postgres://...
//! ```
//!
//! Each game is one task that plays both seats: it sends the move (chosen at
//! random among the view's legal moves), waits for the acknowledgement and
//! sends the next, with `--think` milliseconds between moves (on average,
//! drawn from half to one and a half times it; 0: none). It reports
//! moves/s, the move latency (p50, p99, max), errors, the moves lost or
//! stored twice (every game's acknowledged moves against the stored room)
//! and the server's memory (VmHWM/VmRSS from /proc).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Args {
    games: usize,
    database: Option<String>,
    server: std::path::PathBuf,
    mode: String,
    think: u64,
    max_plies: usize,
}

const USAGE: &str = "usage: load [--games N] [--database URL] [--server PATH] [--mode NAME] [--think MS] [--max-plies N]
  --games N       games played at once (default 1000)
  --database URL  postgres://... (default: a fresh SQLite file in a temporary folder)
  --server PATH   the draughts-server binary (default: the one next to this example)
  --mode NAME     the rooms' mode (default english)
  --think MS      average pause between moves, in milliseconds (default 0: none)
  --max-plies N   plies after which a game is resigned (default 300)";

/// The options, or the one line that says what is wrong with them.
fn args() -> Result<Option<Args>, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let server = exe
        .parent()
        .and_then(|examples| examples.parent())
        .map(|release| release.join("draughts-server"))
        .unwrap_or_else(|| "draughts-server".into());
    let mut a = Args {
        games: 1000,
        database: None,
        server,
        mode: "english".into(),
        think: 0,
        max_plies: 300,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not {v:?}"))
        };
        match flag.as_str() {
            "--games" => a.games = number(value()?)? as usize,
            "--database" => a.database = Some(value()?),
            "--server" => a.server = value()?.into(),
            "--mode" => a.mode = value()?,
            "--think" => a.think = number(value()?)?,
            "--max-plies" => a.max_plies = number(value()?)? as usize,
            other => return Err(format!("unknown option {other} (--help lists them)")),
        }
    }
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    Ok(Some(a))
}

struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    async fn post(
        &self,
        path: &str,
        secret: Option<&str>,
        body: Value,
    ) -> Result<(u16, Value), reqwest::Error> {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(s) = secret {
            req = req.bearer_auth(s);
        }
        let res = req.send().await?;
        let status = res.status().as_u16();
        Ok((status, res.json().await?))
    }
}

/// What one game measured.
#[derive(Default)]
struct Played {
    room: String,
    acked: Vec<String>,
    latencies: Vec<Duration>,
    errors: usize,
}

fn memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(", ")
}

#[tokio::main]
async fn main() {
    let a = match args() {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{USAGE}");
            return;
        }
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let database = a.database.clone().unwrap_or_else(|| {
        let path = std::env::temp_dir().join(format!("draughts-load-{}.db", std::process::id()));
        path.display().to_string()
    });
    let mut child = match Command::new(&a.server)
        .args(["--listen", "127.0.0.1:0", "--database", &database])
        // Thousands of players from one address: no rate limit.
        .args([
            "--limit-players",
            "0",
            "--limit-rooms",
            "0",
            "--limit-joins",
            "0",
        ])
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => {
            eprintln!("load: cannot start {}: {e}", a.server.display());
            std::process::exit(2);
        }
    };
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = line.trim().rsplit(' ').next().unwrap().to_owned();
    let pid = child.id();
    let client = Arc::new(Client {
        base,
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(4096)
            .build()
            .unwrap(),
    });
    let kind = if database.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    println!(
        "server pid {pid} on {kind}; setting up {} games ({})",
        a.games, a.mode
    );

    // Set-up (not measured): two players and a joined room per game.
    let mut setups = Vec::new();
    for _ in 0..a.games {
        let (client, mode) = (client.clone(), a.mode.clone());
        setups.push(tokio::spawn(async move {
            let mut secrets = Vec::new();
            for _ in 0..2 {
                let (_, p) = client.post("/api/players", None, json!({})).await.unwrap();
                secrets.push(p["secret"].as_str().unwrap().to_owned());
            }
            let (_, r) = client
                .post("/api/rooms", Some(&secrets[0]), json!({"mode": mode}))
                .await
                .unwrap();
            let room = r["room"].as_str().unwrap().to_owned();
            let (_, j) = client
                .post(
                    &format!("/api/rooms/{room}/join"),
                    Some(&secrets[1]),
                    json!({}),
                )
                .await
                .unwrap();
            (room, secrets, j["view"].clone())
        }));
    }
    let mut games = Vec::new();
    for s in setups {
        games.push(s.await.unwrap());
    }
    println!("set up; memory {}", memory(pid));

    let start = Instant::now();
    let mut tasks = Vec::new();
    for (g, (room, secrets, view)) in games.into_iter().enumerate() {
        let client = client.clone();
        let (think, max_plies) = (a.think, a.max_plies);
        tasks.push(tokio::spawn(async move {
            let mut played = Played {
                room: room.clone(),
                ..Played::default()
            };
            let mut view = view;
            let mut rng = (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let path = format!("/api/rooms/{room}/actions");
            while view["state"] == "playing" {
                let seat = usize::from(view["turn"] != "first");
                let action = if played.acked.len() >= max_plies {
                    json!({"type": "resign"})
                } else {
                    let legal = view["legal_moves"].as_array().unwrap();
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let m = legal[(rng % legal.len() as u64) as usize].clone();
                    json!({"type": "move", "text": m})
                };
                if think > 0 {
                    // Between half and one and a half times --think, so the
                    // games do not move in step.
                    let jitter = rng % (think + 1);
                    tokio::time::sleep(Duration::from_millis(think / 2 + jitter)).await;
                }
                let t = Instant::now();
                match client
                    .post(&path, Some(&secrets[seat]), action.clone())
                    .await
                {
                    Ok((200, res)) => {
                        played.latencies.push(t.elapsed());
                        if action["type"] == "move" {
                            played
                                .acked
                                .push(action["text"].as_str().unwrap().to_owned());
                        }
                        view = res["view"].clone();
                    }
                    _ => {
                        played.errors += 1;
                        if played.errors > 20 {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
            }
            played
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.push(t.await.unwrap());
    }
    let elapsed = start.elapsed();
    let mem = memory(pid);

    // Every game's acknowledged moves against the stored room.
    let (mut lost, mut doubled, mut unfinished) = (0usize, 0usize, 0usize);
    for p in &all {
        let v: Value = client
            .http
            .get(format!("{}/api/rooms/{}", client.base, p.room))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let stored: Vec<String> = serde_json::from_value(v["view"]["moves"].clone()).unwrap();
        if v["view"]["state"] == "playing" {
            unfinished += 1;
        }
        let common = stored
            .iter()
            .zip(&p.acked)
            .take_while(|(a, b)| a == b)
            .count();
        lost += p.acked.len() - common;
        doubled += stored.len() - common;
    }
    let mut lat: Vec<Duration> = all
        .iter()
        .flat_map(|p| p.latencies.iter().copied())
        .collect();
    lat.sort_unstable();
    let q = |f: f64| {
        lat.get(((lat.len() as f64 * f) as usize).min(lat.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let actions = lat.len();
    let errors: usize = all.iter().map(|p| p.errors).sum();
    println!(
        "{} games on {kind}: {actions} actions in {:.1} s = {:.0} actions/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
         errors {errors}; unfinished {unfinished}; lost {lost}, duplicated {doubled}; server {mem}",
        a.games,
        elapsed.as_secs_f64(),
        actions as f64 / elapsed.as_secs_f64(),
        q(0.50).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    let _ = child.kill();
    let _ = child.wait();
    if a.database.is_none() {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{database}{suffix}"));
        }
    }
}
