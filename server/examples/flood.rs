//! Flood benchmark, loopback only: starts the release `draughts-server`
//! (a fresh SQLite file), then from 127.0.0.1 opens `--idle` silent or
//! half-sent TCP connections and `--sockets` idle WebSockets, and measures,
//! from 127.0.0.2, that a new visitor's page and a move in a live game are
//! still served (latency), what became of the flood (answered, refused,
//! closed, and when) and the server's memory (`/proc/PID/status`).
//!
//! ```sh
//! cargo build --release -p draughts-server --bin draughts-server --example flood
//! ulimit -n 16384
//! target/release/examples/flood --idle 2000 --sockets 2000
//! target/release/examples/flood --idle 2000 --sockets 2000 -- --max-connections-per-address 0 --max-websockets-per-address 0
//! ```
//! Arguments after `--` go to the server.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

struct Args {
    server: String,
    idle: usize,
    sockets: usize,
    server_args: Vec<String>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        server: concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../target/release/draughts-server"
        )
        .into(),
        idle: 2000,
        sockets: 2000,
        server_args: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--server" => a.server = value("--server")?,
            "--idle" => a.idle = value("--idle")?.parse().map_err(|_| "--idle N")?,
            "--sockets" => a.sockets = value("--sockets")?.parse().map_err(|_| "--sockets N")?,
            "--" => {
                a.server_args = it.collect();
                break;
            }
            other => {
                return Err(format!(
                    "unknown option {other} (--server, --idle, --sockets, -- server args)"
                ))
            }
        }
    }
    if a.idle > 20_000 || a.sockets > 20_000 {
        return Err("at most 20000 connections of each kind".into());
    }
    Ok(a)
}

async fn connect_from(from: [u8; 4], addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(addr).await
}

fn rss(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_owned() + " kB")
            .unwrap_or_else(|| "?".into())
    };
    format!("VmRSS {} (peak VmHWM {})", field("VmRSS:"), field("VmHWM:"))
}

async fn post(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    secret: Option<&str>,
    body: Value,
) -> Value {
    let mut req = http.post(format!("{base}{path}")).json(&body);
    if let Some(s) = secret {
        req = req.bearer_auth(s);
    }
    req.send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json")
}

/// Median and max of a visitor's page load and of a move, each `n` times.
async fn visitor(http: &reqwest::Client, base: &str, game: &mut Game, n: usize) -> String {
    let mut page = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        let res = http.get(format!("{base}/")).send().await;
        let ok = matches!(&res, Ok(r) if r.status().as_u16() < 500);
        if let Ok(r) = res {
            let _ = r.bytes().await;
        }
        page.push((t.elapsed(), ok));
        let t = Instant::now();
        let ok = game.play(http, base).await;
        moves.push((t.elapsed(), ok));
    }
    let summary = |v: &mut Vec<(Duration, bool)>| {
        let failed = v.iter().filter(|(_, ok)| !ok).count();
        v.sort();
        format!(
            "median {:.1} ms, max {:.1} ms, failed {failed}/{}",
            v[v.len() / 2].0.as_secs_f64() * 1e3,
            v[v.len() - 1].0.as_secs_f64() * 1e3,
            v.len()
        )
    };
    format!(
        "page: {}; move: {}",
        summary(&mut page),
        summary(&mut moves)
    )
}

struct Game {
    room: String,
    secrets: [String; 2],
}

impl Game {
    /// One legal move by the side to play (a new game when this one ended).
    async fn play(&mut self, http: &reqwest::Client, base: &str) -> bool {
        let Ok(res) = http
            .get(format!("{base}/api/rooms/{}", self.room))
            .send()
            .await
        else {
            return false;
        };
        let Ok(v) = res.json::<Value>().await else {
            return false;
        };
        let view = &v["view"];
        if view["state"] != "playing" {
            *self = new_game(http, base).await;
            return true;
        }
        let seat = usize::from(view["turn"] != "first");
        // Which player moves: seat order of the room (swapped by rematches, none here).
        let text = view["legal_moves"][0].as_str().unwrap_or("").to_owned();
        let answer = post(
            http,
            base,
            &format!("/api/rooms/{}/actions", self.room),
            Some(&self.secrets[seat]),
            json!({"type": "move", "text": text}),
        )
        .await;
        answer["seq"].is_number()
    }
}

async fn new_game(http: &reqwest::Client, base: &str) -> Game {
    let a = post(http, base, "/api/players", None, json!({"name": "A"})).await;
    let b = post(http, base, "/api/players", None, json!({"name": "B"})).await;
    let (sa, sb) = (
        a["secret"].as_str().unwrap().to_owned(),
        b["secret"].as_str().unwrap().to_owned(),
    );
    let room = post(
        http,
        base,
        "/api/rooms",
        Some(&sa),
        json!({"mode": "english", "pace": "live"}),
    )
    .await;
    let room = room["room"].as_str().unwrap().to_owned();
    post(
        http,
        base,
        &format!("/api/rooms/{room}/join"),
        Some(&sb),
        json!({}),
    )
    .await;
    Game {
        room,
        secrets: [sa, sb],
    }
}

#[tokio::main]
async fn main() {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("flood: {e}");
            std::process::exit(2);
        }
    };
    let db = std::env::temp_dir().join(format!("draughts-flood-{}.db", std::process::id()));
    let mut child = Command::new(&a.server)
        .args([
            "--listen",
            "127.0.0.1:0",
            "--database",
            db.to_str().unwrap(),
        ])
        .args([
            "--limit-players",
            "0",
            "--limit-rooms",
            "0",
            "--limit-joins",
            "0",
        ])
        .args(&a.server_args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", a.server));
    let pid = child.id();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .trim()
        .rsplit("http://")
        .next()
        .unwrap()
        .parse()
        .expect("address");
    let base = format!("http://{addr}");
    println!("server pid {pid} at {base}, args {:?}", a.server_args);
    let http = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let mut game = new_game(&http, &base).await;
    println!(
        "quiet:     {}; {}",
        visitor(&http, &base, &mut game, 20).await,
        rss(pid)
    );

    // Idle TCP connections from 127.0.0.1: half silent, half with a half-sent request.
    let start = Instant::now();
    let mut idle = Vec::new();
    for i in 0..a.idle {
        let Ok(mut s) = connect_from([127, 0, 0, 1], addr).await else {
            continue;
        };
        if i % 2 == 1 {
            let _ = s
                .write_all(b"GET / HTTP/1.1\r\nHost: flood\r\nX-Slow: ")
                .await;
        }
        idle.push(tokio::spawn(async move {
            // When the server answers and closes (or just closes): the time, and the answer.
            let mut buf = vec![0u8; 512];
            let mut got = Vec::new();
            loop {
                match tokio::time::timeout(Duration::from_secs(120), s.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => break,
                    Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
                    Err(_) => return (None, got),
                }
            }
            (Some(start.elapsed()), got)
        }));
    }
    println!(
        "idle:      {} connections opened in {:.2} s",
        idle.len(),
        start.elapsed().as_secs_f64()
    );

    // Idle WebSockets from 127.0.0.1, over rooms of 50 watchers.
    let ws_start = Instant::now();
    let mut rooms = Vec::new();
    for _ in 0..a.sockets.div_ceil(50) {
        rooms.push(new_game(&http, &base).await.room);
    }
    let mut sockets = Vec::new();
    let mut refused = std::collections::BTreeMap::new();
    for i in 0..a.sockets {
        let room = &rooms[i / 50];
        let Ok(stream) = connect_from([127, 0, 0, 1], addr).await else {
            *refused.entry("connect failed".to_owned()).or_insert(0) += 1;
            continue;
        };
        let url = format!("ws://{addr}/api/rooms/{room}/live");
        match tokio::time::timeout(
            Duration::from_secs(10),
            tokio_tungstenite::client_async(url, stream),
        )
        .await
        {
            Ok(Ok((ws, _))) => sockets.push(ws),
            Ok(Err(tokio_tungstenite::tungstenite::Error::Http(res))) => {
                *refused
                    .entry(format!("HTTP {}", res.status().as_u16()))
                    .or_insert(0) += 1
            }
            Ok(Err(e)) => *refused.entry(format!("{e}")).or_insert(0) += 1,
            Err(_) => *refused.entry("no answer in 10 s".to_owned()).or_insert(0) += 1,
        }
    }
    println!(
        "sockets:   {} open, refused {:?}, in {:.2} s",
        sockets.len(),
        refused,
        ws_start.elapsed().as_secs_f64()
    );
    println!(
        "flooded:   {}; {}",
        visitor(&http, &base, &mut game, 20).await,
        rss(pid)
    );

    // When were the idle connections closed, and with what answer?
    let mut closed = Vec::new();
    let mut answers = std::collections::BTreeMap::new();
    let mut open_after = 0;
    for task in idle {
        let (at, got) = task.await.unwrap();
        let head = String::from_utf8_lossy(&got)
            .lines()
            .next()
            .unwrap_or("")
            .to_owned();
        *answers
            .entry(if head.is_empty() {
                "(closed, no answer)".into()
            } else {
                head
            })
            .or_insert(0) += 1;
        match at {
            Some(at) => closed.push(at),
            None => open_after += 1,
        }
    }
    closed.sort();
    if let (Some(first), Some(last)) = (closed.first(), closed.last()) {
        println!(
            "idle:      {} closed by the server, first at {:.2} s, last at {:.2} s after the flood began; {} still open after 120 s; answers {:?}",
            closed.len(),
            first.as_secs_f64(),
            last.as_secs_f64(),
            open_after,
            answers
        );
    }
    println!(
        "after:     {}; {}; {} sockets held by the client",
        visitor(&http, &base, &mut game, 20).await,
        rss(pid),
        sockets.len()
    );
    let metrics = http
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for line in metrics.lines().filter(|l| {
        !l.starts_with('#')
            && (l.starts_with("draughts_connections")
                || l.starts_with("draughts_websockets")
                || l.starts_with("draughts_accept"))
    }) {
        println!("metrics:   {line}");
    }
    drop(sockets);
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_file(&db);
}
