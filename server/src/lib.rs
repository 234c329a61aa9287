//! # draughts-server
//!
//! Play draughts by link: the rooms of [`draughts::room`] behind a JSON
//! HTTP API with live WebSocket updates, stored in an embedded SQLite file
//! (one process) or in PostgreSQL (any number of processes behind a load
//! balancer; a change made through one reaches the sockets of every other
//! by `LISTEN/NOTIFY`). Anonymous players, a Glicko-2 rating per mode, the
//! page's static files. The API is described in `server/README.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), draughts_server::StartError> {
//! use std::sync::Arc;
//! use draughts_server::{start, Config, SystemClock};
//!
//! let server = start(Config::new("draughts.db"), Arc::new(SystemClock)).await?;
//! println!("listening on http://{}", server.addr());
//! server.wait().await;
//! # Ok(()) }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod api;
mod clock;
mod db;
mod error;
mod hub;
mod limit;
mod live;
pub mod rating;
mod secret;
mod service;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::task::JoinHandle;
use tower_http::services::ServeDir;

pub use clock::{Clock, FakeClock, SystemClock};
pub use db::{Db, GameRow, Ranked};
pub use error::ApiError;
pub use limit::{RateLimits, JOINS_PER_MINUTE, PLAYERS_PER_MINUTE, ROOMS_PER_MINUTE};

use service::App;

/// The largest request body accepted, in bytes (larger: 413).
pub const MAX_BODY: usize = 16 * 1024;

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (port 0: any free port, see [`Server::addr`]).
    pub listen: SocketAddr,
    /// `postgres://...`, `sqlite://FILE` or a file path (SQLite).
    pub database: String,
    /// The folder of static files served at `/` (the page).
    pub web: PathBuf,
    /// How often rooms whose deadline has passed are brought up to date.
    pub sweep_every: Duration,
    /// The rate limits per client IP address.
    pub limits: RateLimits,
}

impl Config {
    /// The defaults (127.0.0.1:8080, the repository's `web/`, a sweep each
    /// second, [`RateLimits::default`]) with the given database.
    pub fn new(database: impl Into<String>) -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: database.into(),
            web: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web")),
            sweep_every: Duration::from_secs(1),
            limits: RateLimits::default(),
        }
    }
}

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or migrated.
    #[error("database {url}: {source}")]
    Database {
        /// The database URL.
        url: String,
        /// Why.
        source: sqlx::Error,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    db: Db,
    tasks: Vec<JoinHandle<()>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its database pool.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Runs until the HTTP server stops.
    pub async fn wait(mut self) {
        if let Some(http) = self.tasks.pop() {
            let _ = http.await;
        }
    }

    /// Stops every task at once (as a crash would, for tests).
    pub fn abort(&self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.abort();
    }
}

/// The API and the static files.
fn router(app: Arc<App>, web: PathBuf) -> Router {
    let api = Router::new()
        .route("/players", post(api::create_player))
        .route("/players/{player}/games", get(api::games))
        .route("/rooms", post(api::create_room))
        .route("/rooms/{room}", get(api::get_room))
        .route("/rooms/{room}/join", post(api::join))
        .route("/rooms/{room}/actions", post(api::act))
        .route("/rooms/{room}/key", post(api::seat_key))
        .route("/rooms/{room}/live", get(api::live))
        .route("/ratings/{mode}", get(api::ratings))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app);
    Router::new()
        .nest("/api", api)
        .fallback_service(ServeDir::new(web))
}

/// Opens the database (migrating it), binds, and serves in the background.
pub async fn start(config: Config, clock: Arc<dyn Clock>) -> Result<Server, StartError> {
    let db = Db::connect(&config.database)
        .await
        .map_err(|source| StartError::Database {
            url: config.database.clone(),
            source,
        })?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|source| StartError::Listen {
            addr: config.listen,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| StartError::Listen {
        addr: config.listen,
        source,
    })?;
    let app = Arc::new(App {
        db: db.clone(),
        clock,
        hub: hub::Hub::default(),
        limits: limit::Limiters::new(config.limits),
        rooms: Default::default(),
        players: Default::default(),
        write_lock: Default::default(),
    });
    let mut tasks = Vec::new();
    if let Db::Postgres(pool) = &db {
        tasks.push(tokio::spawn(live::listen(app.clone(), pool.clone())));
    }
    let sweeper = app.clone();
    let every = config.sweep_every;
    tasks.push(tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut forgot = tokio::time::Instant::now();
        loop {
            tick.tick().await;
            // A failed sweep (database away) is tried again at the next tick.
            let _ = sweeper.sweep().await;
            if forgot.elapsed() >= Duration::from_secs(60) {
                sweeper.limits.forget_idle();
                forgot = tokio::time::Instant::now();
            }
        }
    }));
    let service = router(app, config.web);
    tasks.push(tokio::spawn(async move {
        // The peer's address is what the rate limits count by.
        let service = service.into_make_service_with_connect_info::<SocketAddr>();
        let _ = axum::serve(listener, service).await;
    }));
    Ok(Server { addr, db, tasks })
}
