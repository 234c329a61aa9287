//! `draughts-server`: play draughts by link (see `server/README.md`).

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use draughts_server::{
    start, Config, RateLimits, SystemClock, JOINS_PER_MINUTE, PLAYERS_PER_MINUTE, ROOMS_PER_MINUTE,
};

/// Serves the draughts page and its play-by-link API.
#[derive(Parser)]
#[command(name = "draughts-server", version)]
struct Args {
    /// The address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: a SQLite file (path or sqlite://FILE, created if
    /// missing) or postgres://user:password@host/name.
    #[arg(long, default_value = "draughts.db", env = "DRAUGHTS_DATABASE")]
    database: String,
    /// The folder of the page's static files.
    #[arg(long)]
    web: Option<PathBuf>,
    /// New players a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = PLAYERS_PER_MINUTE)]
    limit_players: u32,
    /// New rooms a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = ROOMS_PER_MINUTE)]
    limit_rooms: u32,
    /// Seats taken (joins) a minute from one client IP address (0: no limit).
    #[arg(long, default_value_t = JOINS_PER_MINUTE)]
    limit_joins: u32,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let mut config = Config::new(args.database);
    config.listen = args.listen;
    config.limits = RateLimits {
        players_per_minute: args.limit_players,
        rooms_per_minute: args.limit_rooms,
        joins_per_minute: args.limit_joins,
    };
    if let Some(web) = args.web {
        config.web = web;
    }
    if !config.web.join("pkg/draughts_bg.wasm").is_file() {
        eprintln!(
            "draughts-server: {} has no pkg/draughts_bg.wasm: the page needs the wasm package \
             (bash bindings/wasm/build.sh builds it); the API works without it",
            config.web.display()
        );
    }
    let server = match start(config, Arc::new(SystemClock)).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("draughts-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The first line is the address (tests and scripts read it).
    println!("draughts-server listening on http://{}", server.addr());
    let _ = std::io::stdout().flush();
    tokio::select! {
        () = server.wait() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    ExitCode::SUCCESS
}
