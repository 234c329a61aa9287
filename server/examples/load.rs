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
//! drawn from half to one and a half times it; 0: none). With `--sockets`
//! each player also holds the room's WebSocket open, as a page does, and
//! reconnects when it drops.
//!
//! `--kill-after S` SIGKILLs the server S seconds into the games and starts
//! it again on the same address and database: the games carry on through
//! the outage. A request that got no answer is never sent again blindly:
//! the game reads the room and goes on from what the server stored, as a
//! page does after a reload.
//!
//! It reports moves/s, the move latency (p50, p99, max), errors, and the
//! check of every game against its stored room: moves acknowledged but
//! lost, moves stored that no request sent at that ply (applied twice or
//! invented), and moves stored without an acknowledgement (sent as the
//! server died: allowed, counted for the record); then the server's memory
//! (VmHWM/VmRSS from /proc). It exits 1 when a move was lost or doubled.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Args {
    games: usize,
    database: Option<String>,
    server: std::path::PathBuf,
    server_args: Vec<String>,
    mode: String,
    think: u64,
    max_plies: usize,
    sockets: bool,
    kill_after: Option<u64>,
}

const USAGE: &str = "usage: load [--games N] [--database URL] [--server PATH] [--mode NAME] [--think MS] [--max-plies N] [--sockets] [--kill-after S] [--server-arg ARG]...
  --games N        games played at once (default 1000)
  --database URL   postgres://... (default: a fresh SQLite file in a temporary folder)
  --server PATH    the draughts-server binary (default: the one next to this example)
  --server-arg A   one more argument for the server (repeatable)
  --mode NAME      the rooms' mode (default english)
  --think MS       average pause between moves, in milliseconds (default 0: none)
  --max-plies N    plies after which a game is resigned (default 300)
  --sockets        each player holds the room's WebSocket open
  --kill-after S   SIGKILL the server S seconds into the games, then start it again";

/// How long a game keeps trying through failures before it gives up.
const GIVE_UP: Duration = Duration::from_secs(60);

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
        server_args: Vec::new(),
        mode: "english".into(),
        think: 0,
        max_plies: 300,
        sockets: false,
        kill_after: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        if flag == "--sockets" {
            a.sockets = true;
            continue;
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
            "--server-arg" => a.server_args.push(value()?),
            "--mode" => a.mode = value()?,
            "--think" => a.think = number(value()?)?,
            "--max-plies" => a.max_plies = number(value()?)? as usize,
            "--kill-after" => a.kill_after = Some(number(value()?)?),
            other => return Err(format!("unknown option {other} (--help lists them)")),
        }
    }
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    Ok(Some(a))
}

/// Starts the server on `listen` (port 0: any) and reads its address line.
fn spawn_server(
    a: &Args,
    database: &str,
    listen: &str,
) -> Result<(std::process::Child, String), String> {
    let mut child = Command::new(&a.server)
        .args(["--listen", listen, "--database", database])
        // Thousands of players from one address: no rate limit.
        .args([
            "--limit-players",
            "0",
            "--limit-rooms",
            "0",
            "--limit-joins",
            "0",
            "--limit-actions",
            "0",
            "--open-rooms",
            "0",
        ])
        // Every connection and socket from 127.0.0.1: the per-address caps
        // sized for the load (the totals stay the server's own defaults
        // unless --server-arg says otherwise).
        .args([
            "--max-connections-per-address",
            "1000000",
            "--max-websockets-per-address",
            "1000000",
        ])
        .args(&a.server_args)
        // Warnings only (a log line per request would cost more than the
        // request), unless the caller chose a level.
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", a.server.display()))?;
    let mut line = String::new();
    let stdout = child.stdout.take().ok_or("the server has no stdout")?;
    let mut reader = BufReader::new(stdout);
    reader
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the server's first line: {e}"))?;
    let base = line
        .trim()
        .rsplit(' ')
        .next()
        .filter(|b| b.starts_with("http://"))
        .ok_or_else(|| format!("the server did not start: {line:?}"))?
        .to_owned();
    // Keep draining its stdout so it never blocks on a full pipe.
    std::thread::spawn(move || {
        let mut sink = String::new();
        while reader.read_line(&mut sink).is_ok_and(|n| n > 0) {
            sink.clear();
        }
    });
    Ok((child, base))
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

    /// `post`, tried again while the server answers 503 (over its cap of
    /// requests at once: the set-up sends thousands together) or is away.
    async fn post_patiently(
        &self,
        path: &str,
        secret: Option<&str>,
        body: Value,
    ) -> Option<(u16, Value)> {
        for attempt in 0..100u64 {
            match self.post(path, secret, body.clone()).await {
                Ok((503, _)) | Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10 + 10 * attempt.min(20))).await
                }
                Ok(answer) => return Some(answer),
            }
        }
        None
    }

    /// The room's view as stored, or `None` while the server is away.
    async fn view(&self, room: &str) -> Option<Value> {
        let res = self
            .http
            .get(format!("{}/api/rooms/{room}", self.base))
            .send()
            .await
            .ok()?;
        if res.status().as_u16() != 200 {
            return None;
        }
        let v: Value = res.json().await.ok()?;
        Some(v["view"].clone())
    }
}

/// What one game measured.
#[derive(Default)]
struct Played {
    room: String,
    /// (ply, move) of every move sent, answered or not.
    sent: Vec<(usize, String)>,
    /// (ply, move) of every move the server acknowledged.
    acked: Vec<(usize, String)>,
    latencies: Vec<Duration>,
    errors: usize,
    gave_up: bool,
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

fn moves_of(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// One game's two seats played to the end (or `max_plies`, then a resignation).
async fn play(
    client: Arc<Client>,
    g: usize,
    room: String,
    secrets: Vec<String>,
    mut view: Value,
    think: u64,
    max_plies: usize,
) -> Played {
    let mut played = Played {
        room: room.clone(),
        ..Played::default()
    };
    let mut rng = (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let path = format!("/api/rooms/{room}/actions");
    let mut failing_since: Option<Instant> = None;
    while view["state"] == "playing" {
        let seat = usize::from(view["turn"] != "first");
        let ply = moves_of(&view).len();
        let legal = view["legal_moves"].as_array().cloned().unwrap_or_default();
        let action = if ply >= max_plies || legal.is_empty() {
            json!({"type": "resign"})
        } else {
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
        let text = action["text"].as_str().map(str::to_owned);
        if let Some(t) = &text {
            played.sent.push((ply, t.clone()));
        }
        let t = Instant::now();
        match client
            .post(&path, Some(&secrets[seat]), action.clone())
            .await
        {
            Ok((200, res)) => {
                played.latencies.push(t.elapsed());
                if let Some(t) = text {
                    played.acked.push((ply, t));
                }
                view = res["view"].clone();
                failing_since = None;
            }
            _ => {
                played.errors += 1;
                let since = *failing_since.get_or_insert_with(Instant::now);
                if since.elapsed() > GIVE_UP {
                    played.gave_up = true;
                    break;
                }
                // No blind resend: read what the server stored (the move may
                // have been applied before the answer was lost) and go on.
                tokio::time::sleep(Duration::from_millis(50)).await;
                if let Some(v) = client.view(&room).await {
                    view = v;
                }
            }
        }
    }
    played
}

/// A player's WebSocket on its room, reconnected while `done` is false.
async fn hold_socket(base: String, room: String, done: Arc<AtomicBool>, pushes: Arc<AtomicU64>) {
    use futures_util::StreamExt;
    let url = format!("{}/api/rooms/{room}/live", base.replacen("http", "ws", 1));
    while !done.load(Ordering::Relaxed) {
        if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url.as_str()).await {
            loop {
                tokio::select! {
                    msg = ws.next() => match msg {
                        Some(Ok(_)) => { pushes.fetch_add(1, Ordering::Relaxed); }
                        _ => break,
                    },
                    () = tokio::time::sleep(Duration::from_millis(250)) => {
                        if done.load(Ordering::Relaxed) {
                            let _ = ws.close(None).await;
                            return;
                        }
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
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
    let (child, base) = match spawn_server(&a, &database, "127.0.0.1:0") {
        Ok(started) => started,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let child = Arc::new(Mutex::new(child));
    let pid = || child.lock().map(|c| c.id()).unwrap_or(0);
    let client = Arc::new(Client {
        base: base.clone(),
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(4096)
            .timeout(Duration::from_secs(30))
            .build()
            .expect("an HTTP client"),
    });
    let kind = if database.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    println!(
        "server pid {} on {kind}; setting up {} games ({})",
        pid(),
        a.games,
        a.mode
    );

    // Set-up (not measured): two players and a joined room per game.
    let mut setups = Vec::new();
    for _ in 0..a.games {
        let (client, mode) = (client.clone(), a.mode.clone());
        setups.push(tokio::spawn(async move {
            let mut secrets = Vec::new();
            for _ in 0..2 {
                let (_, p) = client
                    .post_patiently("/api/players", None, json!({}))
                    .await?;
                secrets.push(p["secret"].as_str()?.to_owned());
            }
            let (_, r) = client
                .post_patiently("/api/rooms", Some(&secrets[0]), json!({"mode": mode}))
                .await?;
            let room = r["room"].as_str()?.to_owned();
            let (_, j) = client
                .post_patiently(
                    &format!("/api/rooms/{room}/join"),
                    Some(&secrets[1]),
                    json!({}),
                )
                .await?;
            Some((room, secrets, j["view"].clone()))
        }));
    }
    let mut games = Vec::new();
    for s in setups {
        match s.await {
            Ok(Some(game)) => games.push(game),
            _ => {
                eprintln!("load: a game could not be set up (is the server up?)");
                let _ = child.lock().map(|mut c| c.kill());
                std::process::exit(2);
            }
        }
    }
    let done = Arc::new(AtomicBool::new(false));
    let pushes = Arc::new(AtomicU64::new(0));
    let mut sockets = Vec::new();
    if a.sockets {
        for (room, _, _) in &games {
            for _ in 0..2 {
                sockets.push(tokio::spawn(hold_socket(
                    base.clone(),
                    room.clone(),
                    done.clone(),
                    pushes.clone(),
                )));
            }
        }
        // Let the sockets connect before the games start.
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    println!(
        "set up{}; memory {}",
        if a.sockets {
            format!(", {} sockets", sockets.len())
        } else {
            String::new()
        },
        memory(pid())
    );

    let start = Instant::now();
    let mut tasks = Vec::new();
    for (g, (room, secrets, view)) in games.into_iter().enumerate() {
        tasks.push(tokio::spawn(play(
            client.clone(),
            g,
            room,
            secrets,
            view,
            a.think,
            a.max_plies,
        )));
    }
    let mut killed_at = None;
    if let Some(after) = a.kill_after {
        let listen = base.trim_start_matches("http://").to_owned();
        tokio::time::sleep(Duration::from_secs(after)).await;
        if tasks.iter().all(|t| t.is_finished()) {
            eprintln!("load: every game ended before --kill-after {after}: no kill");
        } else {
            let mem = memory(pid());
            {
                let mut c = child.lock().expect("the server's handle");
                let _ = c.kill(); // SIGKILL
                let _ = c.wait();
            }
            killed_at = Some(start.elapsed());
            println!(
                "SIGKILL at {:.1} s (server memory was {mem}); restarting",
                start.elapsed().as_secs_f64()
            );
            // The port can take a moment to be free again.
            let mut restarted = None;
            for _ in 0..50 {
                match spawn_server(&a, &database, &listen) {
                    Ok((c, _)) => {
                        restarted = Some(c);
                        break;
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
            match restarted {
                Some(c) => {
                    *child.lock().expect("the server's handle") = c;
                    println!(
                        "server back at {:.1} s, pid {}",
                        start.elapsed().as_secs_f64(),
                        pid()
                    );
                }
                None => {
                    eprintln!("load: the server could not be started again");
                    std::process::exit(2);
                }
            }
        }
    }
    let mut all = Vec::new();
    for t in tasks {
        match t.await {
            Ok(p) => all.push(p),
            Err(e) => eprintln!("load: a game's task failed: {e}"),
        }
    }
    let elapsed = start.elapsed();
    let mem = memory(pid());
    done.store(true, Ordering::Relaxed);

    // Every game's moves against the stored room.
    let (mut lost, mut doubled, mut unacked, mut unfinished, mut unread, mut gave_up) =
        (0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    for p in &all {
        gave_up += usize::from(p.gave_up);
        let Some(v) = client.view(&p.room).await else {
            unread += 1;
            continue;
        };
        let stored = moves_of(&v);
        if v["state"] == "playing" {
            unfinished += 1;
        }
        lost += p
            .acked
            .iter()
            .filter(|(ply, m)| stored.get(*ply) != Some(m))
            .count();
        for (ply, m) in stored.iter().enumerate() {
            if !p.sent.iter().any(|(i, s)| *i == ply && s == m) {
                doubled += 1;
            } else if !p.acked.iter().any(|(i, s)| *i == ply && s == m) {
                unacked += 1;
            }
        }
    }
    for s in sockets {
        let _ = tokio::time::timeout(Duration::from_secs(2), s).await;
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
         errors {errors}; unfinished {unfinished}; gave up {gave_up}; unreadable {unread}",
        a.games,
        elapsed.as_secs_f64(),
        actions as f64 / elapsed.as_secs_f64(),
        q(0.50).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    if a.sockets {
        println!("socket pushes received: {}", pushes.load(Ordering::Relaxed));
    }
    println!(
        "check: acknowledged but lost {lost}; stored but never sent at that ply (doubled) {doubled}; \
         stored without an acknowledgement {unacked}{}; server {mem}",
        match killed_at {
            Some(t) => format!(" (SIGKILL at {:.1} s)", t.as_secs_f64()),
            None => String::new(),
        }
    );
    if let Ok(mut c) = child.lock() {
        let _ = c.kill();
        let _ = c.wait();
    }
    if a.database.is_none() {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{database}{suffix}"));
        }
    }
    if lost > 0 || doubled > 0 || unread > 0 {
        std::process::exit(1);
    }
}
