//! `draughts-server`: play draughts by link (see `server/README.md`).

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use draughts_server::{
    init_logging, start, Config, NetLimits, RateLimits, SystemClock, BODY_TIMEOUT_SECS,
    DEAD_AFTER_SECS, HEADER_TIMEOUT_SECS, JOINS_PER_MINUTE, MAX_CONNECTIONS,
    MAX_CONNECTIONS_PER_ADDRESS, MAX_REQUESTS_IN_FLIGHT, MAX_WEBSOCKETS,
    MAX_WEBSOCKETS_PER_ADDRESS, MAX_WEBSOCKETS_PER_ROOM, PING_EVERY_SECS, PLAYERS_PER_MINUTE,
    REQUEST_TIMEOUT_SECS, ROOMS_PER_MINUTE, SHUTDOWN_GRACE_SECS,
};

/// A duration given in seconds on the command line.
#[derive(Debug, Clone, Copy)]
struct Secs(Duration);

impl Secs {
    const fn of(seconds: u64) -> Secs {
        Secs(Duration::from_secs(seconds))
    }
}

impl std::fmt::Display for Secs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.as_secs_f64())
    }
}

/// A positive number of seconds (fractions allowed), at most a day.
fn seconds(text: &str) -> Result<Secs, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if s.is_finite() && s > 0.0 && s <= 86_400.0 {
        Ok(Secs(Duration::from_secs_f64(s)))
    } else {
        Err(format!(
            "{text} is not a number of seconds between 0 and 86400"
        ))
    }
}

/// Serves the draughts page and its play-by-link API.
#[derive(Parser)]
#[command(name = "draughts-server", version)]
struct Args {
    /// The address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: a SQLite file (path or sqlite://FILE, created if
    /// missing) or postgres://user:password@host/name. Default:
    /// draughts.db in $XDG_DATA_HOME/draughts-server (~/.local/share/...).
    #[arg(long, env = "DRAUGHTS_DATABASE")]
    database: Option<String>,
    /// Serve the page from this folder (its public files, read at each
    /// request) instead of the copy embedded in the binary.
    #[arg(long)]
    web: Option<PathBuf>,
    /// Endgame databases for GET /api/egdb/{mode}?fen=: a folder with one
    /// subfolder per mode (DIR/russian/*.egdb, as `draughts egdb build
    /// --out DIR/russian` writes them), read at start.
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// A reverse proxy (address or block, e.g. 127.0.0.1/32; repeatable)
    /// whose X-Forwarded-For names the client. Without one, the
    /// connection's peer is the client and the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "CIDR")]
    trusted_proxies: Vec<draughts_server::Cidr>,
    /// New players a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = PLAYERS_PER_MINUTE)]
    limit_players: u32,
    /// New rooms a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = ROOMS_PER_MINUTE)]
    limit_rooms: u32,
    /// Seats taken (joins) a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = JOINS_PER_MINUTE)]
    limit_joins: u32,
    /// Actions (moves, offers, rematch requests...) a minute by one player (0: no limit).
    #[arg(long, default_value_t = draughts_server::Policy::default().actions_per_minute)]
    limit_actions: u32,
    /// Rated games a day between the same two players.
    #[arg(long, default_value_t = draughts_server::Policy::default().rated_games_per_pair)]
    rated_per_pair: u32,
    /// Seconds a finished room is kept for a rematch, then deleted.
    #[arg(long, default_value_t = draughts_server::Policy::default().rematch_window)]
    rematch_window: u64,
    /// Rooms waiting or in play one player may sit in (0: no bound).
    #[arg(long, default_value_t = draughts_server::Policy::default().open_rooms_per_player)]
    open_rooms: u32,
    /// Seconds a client has to send a request's headers; also how long an
    /// idle kept-alive connection is kept.
    #[arg(long, env = "DRAUGHTS_HEADER_TIMEOUT", value_parser = seconds, default_value_t = Secs::of(HEADER_TIMEOUT_SECS))]
    header_timeout: Secs,
    /// Seconds a client has to send a request's body (then 408).
    #[arg(long, env = "DRAUGHTS_BODY_TIMEOUT", value_parser = seconds, default_value_t = Secs::of(BODY_TIMEOUT_SECS))]
    body_timeout: Secs,
    /// Seconds a request may take in all (then 408).
    #[arg(long, env = "DRAUGHTS_REQUEST_TIMEOUT", value_parser = seconds, default_value_t = Secs::of(REQUEST_TIMEOUT_SECS))]
    request_timeout: Secs,
    /// Open HTTP connections in total, WebSockets apart (0: no cap but the open-files limit).
    #[arg(long, env = "DRAUGHTS_MAX_CONNECTIONS", default_value_t = MAX_CONNECTIONS)]
    max_connections: usize,
    /// Open connections from one client address, an IPv6 /64 counting as one (0: no cap).
    #[arg(long, env = "DRAUGHTS_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = MAX_CONNECTIONS_PER_ADDRESS)]
    max_connections_per_address: usize,
    /// Requests handled at once; more are answered 503 at once (0: no cap).
    #[arg(long, env = "DRAUGHTS_MAX_REQUESTS", default_value_t = MAX_REQUESTS_IN_FLIGHT)]
    max_requests: usize,
    /// Open WebSockets in total (0: no cap).
    #[arg(long, env = "DRAUGHTS_MAX_WEBSOCKETS", default_value_t = MAX_WEBSOCKETS)]
    max_websockets: usize,
    /// Open WebSockets from one client address (0: no cap).
    #[arg(long, env = "DRAUGHTS_MAX_WEBSOCKETS_PER_ADDRESS", default_value_t = MAX_WEBSOCKETS_PER_ADDRESS)]
    max_websockets_per_address: usize,
    /// Open WebSockets on one room (0: no cap).
    #[arg(long, env = "DRAUGHTS_MAX_WEBSOCKETS_PER_ROOM", default_value_t = MAX_WEBSOCKETS_PER_ROOM)]
    max_websockets_per_room: usize,
    /// Seconds between the server's pings on each WebSocket.
    #[arg(long, env = "DRAUGHTS_PING_EVERY", value_parser = seconds, default_value_t = Secs::of(PING_EVERY_SECS))]
    ping_every: Secs,
    /// Seconds without a frame from a WebSocket's client before it is dropped.
    #[arg(long, env = "DRAUGHTS_DEAD_AFTER", value_parser = seconds, default_value_t = Secs::of(DEAD_AFTER_SECS))]
    dead_after: Secs,
    /// Seconds given to open requests and sockets at shutdown (SIGTERM, SIGINT).
    #[arg(long, env = "DRAUGHTS_SHUTDOWN_GRACE", value_parser = seconds, default_value_t = Secs::of(SHUTDOWN_GRACE_SECS))]
    shutdown_grace: Secs,
    /// Logs as one JSON object a line (standard error); the filter is RUST_LOG (default info).
    #[arg(long, env = "DRAUGHTS_LOG_JSON")]
    log_json: bool,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    init_logging(args.log_json);
    let database = match args.database {
        Some(database) => database,
        None => match default_database() {
            Ok(path) => path,
            Err(e) => {
                eprintln!("draughts-server: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let mut config = Config::new(database);
    config.trusted_proxies = draughts_server::TrustedProxies(args.trusted_proxies);
    config.listen = args.listen;
    config.limits = RateLimits {
        players_per_minute: args.limit_players,
        rooms_per_minute: args.limit_rooms,
        joins_per_minute: args.limit_joins,
    };
    config.policy = draughts_server::Policy {
        actions_per_minute: args.limit_actions,
        rated_games_per_pair: args.rated_per_pair,
        rematch_window: args.rematch_window,
        open_rooms_per_player: args.open_rooms,
        ..config.policy
    };
    config.net = NetLimits {
        header_timeout: args.header_timeout.0,
        body_timeout: args.body_timeout.0,
        request_timeout: args.request_timeout.0,
        max_connections: args.max_connections,
        max_connections_per_address: args.max_connections_per_address,
        max_requests_in_flight: args.max_requests,
        max_websockets: args.max_websockets,
        max_websockets_per_address: args.max_websockets_per_address,
        max_websockets_per_room: args.max_websockets_per_room,
        ping_every: args.ping_every.0,
        dead_after: args.dead_after.0,
        shutdown_grace: args.shutdown_grace.0,
    };
    if let Some(web) = args.web {
        config.web = draughts_server::PageSource::Dir(web);
    }
    if let Some(dir) = &args.egdb {
        match draughts_server::Egdbs::load(dir) {
            Ok(tables) => {
                for (mode, slices, pieces) in tables.modes() {
                    tracing::info!(mode, slices, pieces, "endgame database loaded");
                }
                config.egdb = tables;
            }
            Err(e) => {
                eprintln!("draughts-server: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if !config.web.has("pkg/draughts_bg.wasm").await {
        tracing::warn!(
            web = ?config.web,
            "no pkg/draughts_bg.wasm: the page needs the wasm package \
             (bash bindings/wasm/build.sh builds it, then build the server again); \
             the API works without it"
        );
    }
    let server = match start(config, Arc::new(SystemClock)).await {
        Ok(server) => server,
        Err(e) => {
            tracing::error!(error = %e, "draughts-server did not start");
            eprintln!("draughts-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The first line is the address (tests and scripts read it).
    println!("draughts-server listening on http://{}", server.addr());
    let _ = std::io::stdout().flush();
    // SIGTERM (service managers, containers) as SIGINT (Ctrl-C): a graceful stop.
    let signal = stop_signal().await;
    tracing::info!(signal, "stop signal");
    server.shutdown().await;
    ExitCode::SUCCESS
}

/// Waits for SIGINT or, on Unix, SIGTERM: its name.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "SIGINT"
    }
}

/// The database file when none is named: `draughts.db` in the user's data
/// folder (`$XDG_DATA_HOME/draughts-server`, else
/// `~/.local/share/draughts-server`), never the working directory (a
/// checkout's, where it could be committed or served).
fn default_database() -> Result<String, String> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })
        .ok_or("no --database, and neither XDG_DATA_HOME nor HOME is set to find a data folder")?;
    let dir = base.join("draughts-server");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir.join("draughts.db").display().to_string())
}
