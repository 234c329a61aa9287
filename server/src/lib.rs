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
mod client;
mod clock;
mod db;
mod egdb;
mod error;
mod hub;
mod limit;
mod live;
mod metrics;
mod names;
mod net;
mod obs;
mod page;
mod player_limit;
mod policy;
mod public;
pub mod rating;
mod secret;
mod service;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::{get, post};
use axum::{Extension, Router};
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use client::{BadCidr, Cidr, TrustedProxies};
pub use clock::{Clock, FakeClock, SystemClock};
pub use db::{Db, GameRow, Ranked};
pub use egdb::{Egdbs, MAX_FEN as MAX_EGDB_FEN};
pub use error::ApiError;
pub use limit::{RateLimits, JOINS_PER_MINUTE, PLAYERS_PER_MINUTE, ROOMS_PER_MINUTE};
pub use names::{display as display_name, MAX_NAME_CHARS};
pub use net::{
    NetLimits, BODY_TIMEOUT_SECS, DEAD_AFTER_SECS, HEADER_TIMEOUT_SECS, MAX_CONNECTIONS,
    MAX_CONNECTIONS_PER_ADDRESS, MAX_REQUESTS_IN_FLIGHT, MAX_WEBSOCKETS,
    MAX_WEBSOCKETS_PER_ADDRESS, MAX_WEBSOCKETS_PER_ROOM, PING_EVERY_SECS, REQUEST_TIMEOUT_SECS,
    SHUTDOWN_GRACE_SECS,
};
pub use obs::{init_logging, redact_url, REQUEST_ID_HEADER};
pub use page::{PageSource, CSP};
pub use policy::Policy;

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
    /// Where the page served at `/` comes from: the copy embedded in the
    /// binary at build time (the default), or a folder read at each request.
    pub web: PageSource,
    /// Reverse proxies whose `X-Forwarded-For` names the client (none by
    /// default: the connection's peer is the client).
    pub trusted_proxies: TrustedProxies,
    /// How often rooms whose deadline has passed are brought up to date.
    pub sweep_every: Duration,
    /// The rate limits per client IP address.
    pub limits: RateLimits,
    /// Per-player limits, rated games per pair, retention ([`Policy::default`]).
    pub policy: Policy,
    /// Timeouts and caps on connections, requests and WebSockets.
    pub net: NetLimits,
    /// The endgame databases `GET /api/egdb/{mode}` answers from (none by
    /// default: every probe is 404).
    pub egdb: Egdbs,
}

impl Config {
    /// The defaults (127.0.0.1:8080, the repository's `web/`, a sweep each
    /// second, [`RateLimits::default`], [`NetLimits::default`]) with the
    /// given database.
    pub fn new(database: impl Into<String>) -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: database.into(),
            web: PageSource::Embedded,
            trusted_proxies: TrustedProxies::default(),
            sweep_every: Duration::from_secs(1),
            limits: RateLimits::default(),
            policy: Policy::default(),
            net: NetLimits::default(),
            egdb: Egdbs::default(),
        }
    }
}

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or migrated.
    #[error("database {url}: {source}")]
    Database {
        /// The database URL, its password replaced by `***` ([`redact_url`]).
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
    shutdown: watch::Sender<bool>,
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

    /// Stops gracefully: no new connection is accepted, open requests are
    /// answered, WebSockets are closed (1001), all within the configured
    /// grace period; then the background tasks stop.
    pub async fn shutdown(mut self) {
        tracing::info!("shutting down");
        let _ = self.shutdown.send(true);
        if let Some(http) = self.tasks.pop() {
            let _ = http.await;
        }
        self.abort();
        tracing::info!("stopped");
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

/// The API, the health and metrics endpoints, and the page; every answer
/// carries the security headers ([`page::security_headers`]).
fn router(app: Arc<App>, net: Arc<net::Net>, web: PageSource, tables: Egdbs) -> Router {
    let api = Router::new()
        .route("/players", post(api::create_player))
        .route("/players/{player}/games", get(api::games))
        .route("/rooms", post(api::create_room))
        .route("/rooms/{room}", get(api::get_room))
        .route("/rooms/{room}/join", post(api::join))
        .route("/rooms/{room}/actions", post(api::act))
        .route("/rooms/{room}/key", post(api::seat_key))
        .route("/rooms/{room}/live", get(live::upgrade))
        .route("/ratings/{mode}", get(api::ratings))
        .route("/egdb/{mode}", get(egdb::probe).with_state(tables))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app.clone());
    Router::new()
        .route("/healthz", get(obs::healthz))
        .route("/metrics", get(obs::metrics))
        .with_state(app)
        .nest("/api", api)
        .fallback(page::serve)
        .with_state(Arc::new(web))
        .layer(middleware::map_response(page::with_security_headers))
        .layer(Extension(net))
}

/// Opens the database (migrating it), binds, and serves in the background.
pub async fn start(config: Config, clock: Arc<dyn Clock>) -> Result<Server, StartError> {
    let database = redact_url(&config.database);
    let db = Db::connect(&config.database)
        .await
        .map_err(|source| StartError::Database {
            url: database.clone(),
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
    let mut limits = config.net;
    if let Some(files) = net::fit_to_open_files(&mut limits) {
        tracing::warn!(
            open_files = files,
            max_connections = limits.max_connections,
            "the open-files limit is lower than the connection cap: the cap is lowered (raise `ulimit -n`)"
        );
    }
    let (shutdown, down) = watch::channel(false);
    let mut net = net::Net::new(limits, down);
    net.trusted = config.trusted_proxies.clone();
    let net = Arc::new(net);
    let app = Arc::new(App {
        db: db.clone(),
        clock,
        hub: hub::Hub::default(),
        limits: limit::Limiters::new(config.limits),
        rooms: Default::default(),
        players: Default::default(),
        write_lock: Default::default(),
        strangers: service::Strangers::new(config.policy),
    });
    let mut tasks = Vec::new();
    if let Db::Postgres(pool) = &db {
        tasks.push(tokio::spawn(live::listen(app.clone(), pool.clone())));
    }
    tasks.push(tokio::spawn(sweep(
        app.clone(),
        net.clone(),
        config.sweep_every,
    )));
    let stack = net::stack(router(app, net.clone(), config.web, config.egdb), &limits);
    tasks.push(tokio::spawn(net::serve(listener, stack, net)));
    tracing::info!(
        %addr,
        database,
        max_connections = limits.max_connections,
        max_websockets = limits.max_websockets,
        "draughts-server started"
    );
    Ok(Server {
        addr,
        db,
        tasks,
        shutdown,
    })
}

/// Every `every`, brings the rooms whose deadline has passed up to date; a
/// failed round (the database away) is tried again at the next tick, and
/// the outage is logged when it starts and when it ends.
async fn sweep(app: Arc<App>, net: Arc<net::Net>, every: Duration) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut forgot = tokio::time::Instant::now();
    let mut down_since: Option<tokio::time::Instant> = None;
    loop {
        tick.tick().await;
        let began = tokio::time::Instant::now();
        match app.sweep().await {
            Ok(rooms) => {
                net.metrics.swept(Ok(rooms), began.elapsed());
                if let Some(since) = down_since.take() {
                    tracing::info!(
                        outage_seconds = since.elapsed().as_secs(),
                        "the database answers again"
                    );
                }
            }
            Err(e) => {
                net.metrics.swept(Err(()), began.elapsed());
                if down_since.is_none() {
                    down_since = Some(began);
                    tracing::error!(
                        kind = e.kind(),
                        cause = e.cause().unwrap_or(""),
                        "sweep failed: the database is unreachable"
                    );
                }
            }
        }
        if forgot.elapsed() >= Duration::from_secs(60) {
            app.limits.forget_idle();
            forgot = tokio::time::Instant::now();
        }
    }
}
