//! The server's defences on the open internet: the accept loop (hyper's
//! HTTP/1 connection with a header-read timeout that also closes idle
//! kept-alive connections), a cap on open connections in total and per
//! client address, the tower layers of every request (a request timeout, a
//! body-read timeout, a bound on requests in flight answered with 503), the
//! caps on WebSockets, and graceful shutdown.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::error_handling::HandleErrorLayer;
use axum::extract::ConnectInfo;
use axum::http::{Request, Response, StatusCode};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::util::BoxCloneSyncService;
use tower::ServiceBuilder;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

use crate::client::TrustedProxies;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::obs;

/// Default: seconds a client has to send a request's headers; also how long
/// a kept-alive connection may wait idle for its next request.
pub const HEADER_TIMEOUT_SECS: u64 = 10;
/// Default: seconds a client has to send a request's body.
pub const BODY_TIMEOUT_SECS: u64 = 10;
/// Default: seconds a request may take in all (then 408).
pub const REQUEST_TIMEOUT_SECS: u64 = 30;
/// Default: open HTTP connections in total (a connection upgraded to a
/// WebSocket counts against [`MAX_WEBSOCKETS`] instead).
pub const MAX_CONNECTIONS: usize = 4096;
/// Default: open connections from one client address (IPv6: one /64).
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 128;
/// Default: requests being handled at once (more get 503 at once).
pub const MAX_REQUESTS_IN_FLIGHT: usize = 512;
/// Default: open WebSockets in total.
pub const MAX_WEBSOCKETS: usize = 2048;
/// Default: open WebSockets from one client address (IPv6: one /64).
pub const MAX_WEBSOCKETS_PER_ADDRESS: usize = 64;
/// Default: open WebSockets on one room.
pub const MAX_WEBSOCKETS_PER_ROOM: usize = 64;
/// Default: seconds between the server's pings on a WebSocket.
pub const PING_EVERY_SECS: u64 = 20;
/// Default: seconds without a frame from a WebSocket's client before it is dropped.
pub const DEAD_AFTER_SECS: u64 = 60;
/// Default: seconds given to open requests and sockets to end at shutdown.
pub const SHUTDOWN_GRACE_SECS: u64 = 10;

/// How long clients may take and how many connections and sockets they may
/// hold. A count of 0 lifts that cap. Per-address caps key an IPv4 address
/// by itself and an IPv6 address by its /64 (one household or server).
///
/// ```
/// use std::time::Duration;
/// use draughts_server::{Config, NetLimits, MAX_WEBSOCKETS_PER_ROOM};
///
/// let mut config = Config::new("draughts.db");
/// config.net = NetLimits {
///     header_timeout: Duration::from_secs(5),
///     max_connections_per_address: 32,
///     ..NetLimits::default()
/// };
/// assert_eq!(config.net.max_websockets_per_room, MAX_WEBSOCKETS_PER_ROOM);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetLimits {
    /// Time to send a request's headers, and to start the next request on a
    /// kept-alive connection: past it the connection is closed.
    pub header_timeout: Duration,
    /// Time to send a request's body (past it: 408).
    pub body_timeout: Duration,
    /// Time a request may take in all (past it: 408).
    pub request_timeout: Duration,
    /// Open HTTP connections in total; past it a new one is answered 503 and
    /// closed. A connection upgraded to a WebSocket leaves this count for
    /// the WebSocket caps.
    pub max_connections: usize,
    /// Open connections from one address; past it a new one is answered 429 and closed.
    pub max_connections_per_address: usize,
    /// Requests handled at once; past it a request is answered 503 at once.
    pub max_requests_in_flight: usize,
    /// Open WebSockets in total (past it: 503 `too_many_sockets`).
    pub max_websockets: usize,
    /// Open WebSockets from one address (past it: 429 `too_many_sockets`).
    pub max_websockets_per_address: usize,
    /// Open WebSockets on one room (past it: 503 `too_many_sockets`).
    pub max_websockets_per_room: usize,
    /// How often the server pings each WebSocket.
    pub ping_every: Duration,
    /// A WebSocket whose client sent nothing (not even a pong) for this long is dropped.
    pub dead_after: Duration,
    /// At shutdown, how long open requests and sockets are given to end.
    pub shutdown_grace: Duration,
}

impl Default for NetLimits {
    /// The `*_SECS` and `MAX_*` constants of this crate.
    fn default() -> Self {
        NetLimits {
            header_timeout: Duration::from_secs(HEADER_TIMEOUT_SECS),
            body_timeout: Duration::from_secs(BODY_TIMEOUT_SECS),
            request_timeout: Duration::from_secs(REQUEST_TIMEOUT_SECS),
            max_connections: MAX_CONNECTIONS,
            max_connections_per_address: MAX_CONNECTIONS_PER_ADDRESS,
            max_requests_in_flight: MAX_REQUESTS_IN_FLIGHT,
            max_websockets: MAX_WEBSOCKETS,
            max_websockets_per_address: MAX_WEBSOCKETS_PER_ADDRESS,
            max_websockets_per_room: MAX_WEBSOCKETS_PER_ROOM,
            ping_every: Duration::from_secs(PING_EVERY_SECS),
            dead_after: Duration::from_secs(DEAD_AFTER_SECS),
            shutdown_grace: Duration::from_secs(SHUTDOWN_GRACE_SECS),
        }
    }
}

/// A cap: 0 is none.
fn over(count: usize, cap: usize) -> bool {
    cap != 0 && count >= cap
}

/// What per-address caps count by: an IPv4 address, or an IPv6 /64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum AddrKey {
    V4(Ipv4Addr),
    V6(u64),
}

impl AddrKey {
    pub fn of(ip: IpAddr) -> AddrKey {
        match ip {
            IpAddr::V4(v4) => AddrKey::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddrKey::V4(v4),
                // The first 64 bits: the network a household or server gets.
                None => AddrKey::V6((u128::from(v6) >> 64) as u64),
            },
        }
    }
}

#[derive(Debug, Default)]
struct Table {
    total: usize,
    by_addr: HashMap<AddrKey, usize>,
    by_room: HashMap<String, usize>,
}

fn decrement<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            map.remove(key);
        }
    }
}

/// Why a connection or a WebSocket was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The total cap (503).
    Full,
    /// The cap of the client's address (429).
    Address,
    /// The cap of the room (503).
    Room,
}

impl Refusal {
    pub fn status(self) -> StatusCode {
        match self {
            Refusal::Address => StatusCode::TOO_MANY_REQUESTS,
            Refusal::Full | Refusal::Room => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Refusal::Full => "total",
            Refusal::Address => "address",
            Refusal::Room => "room",
        }
    }
}

/// Open connections (or sockets) in total, per address and per room.
#[derive(Debug, Default)]
pub(crate) struct Slots {
    table: Mutex<Table>,
}

/// One counted connection or socket: counted down when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    slots: Arc<Slots>,
    key: AddrKey,
    room: Option<String>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut t = self.slots.table.lock().expect("slots lock");
        t.total -= 1;
        decrement(&mut t.by_addr, &self.key);
        if let Some(room) = &self.room {
            decrement(&mut t.by_room, room);
        }
    }
}

impl Slots {
    /// Takes a slot for `ip` (and `room`), or says which cap is full.
    pub fn take(
        self: &Arc<Self>,
        ip: IpAddr,
        room: Option<(&str, usize)>,
        max_total: usize,
        max_per_addr: usize,
    ) -> Result<Slot, Refusal> {
        let key = AddrKey::of(ip);
        let mut t = self.table.lock().expect("slots lock");
        if over(t.total, max_total) {
            return Err(Refusal::Full);
        }
        if over(t.by_addr.get(&key).copied().unwrap_or(0), max_per_addr) {
            return Err(Refusal::Address);
        }
        if let Some((room, cap)) = room {
            if over(t.by_room.get(room).copied().unwrap_or(0), cap) {
                return Err(Refusal::Room);
            }
            *t.by_room.entry(room.to_owned()).or_insert(0) += 1;
        }
        t.total += 1;
        *t.by_addr.entry(key).or_insert(0) += 1;
        Ok(Slot {
            slots: self.clone(),
            key,
            room: room.map(|(r, _)| r.to_owned()),
        })
    }

    /// How many are open.
    pub fn open(&self) -> usize {
        self.table.lock().expect("slots lock").total
    }
}

/// What the accept loop, the request layers and the WebSockets share.
#[derive(Debug)]
pub(crate) struct Net {
    pub limits: NetLimits,
    pub metrics: Metrics,
    pub connections: Arc<Slots>,
    pub sockets: Arc<Slots>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// The reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted: TrustedProxies,
}

impl Net {
    pub fn new(limits: NetLimits, shutdown: watch::Receiver<bool>) -> Self {
        Net {
            limits,
            metrics: Metrics::default(),
            connections: Arc::default(),
            sockets: Arc::default(),
            shutdown,
            trusted: TrustedProxies::default(),
        }
    }

    /// Takes a WebSocket slot for room `room` from `ip`, or the error to answer.
    pub fn admit_socket(&self, room: &str, ip: IpAddr) -> Result<Slot, ApiError> {
        let l = &self.limits;
        self.sockets
            .take(
                ip,
                Some((room, l.max_websockets_per_room)),
                l.max_websockets,
                l.max_websockets_per_address,
            )
            .map_err(|why| {
                self.metrics.socket_refused(why);
                tracing::info!(room, refused = why.label(), "websocket refused");
                let message = match why {
                    Refusal::Full => {
                        "the server has as many live connections as it can hold: try again later"
                    }
                    Refusal::Address => "too many live connections from your address: close some",
                    Refusal::Room => {
                        "this room has as many watchers as it can hold: try again later"
                    }
                };
                ApiError::new(why.status(), "too_many_sockets", message)
            })
    }
}

/// The whole request stack around the router: the request timeout (408),
/// the body-read timeout (408), and the bound on requests in flight (past
/// it: 503 `overloaded` at once, never a queue).
pub(crate) type Stack = BoxCloneSyncService<Request<Body>, Response<Body>, Infallible>;

pub(crate) fn stack(router: Router, limits: &NetLimits) -> Stack {
    let in_flight = match limits.max_requests_in_flight {
        0 => tokio::sync::Semaphore::MAX_PERMITS,
        n => n,
    };
    let service = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "overloaded",
                "the server is handling as many requests as it can: try again",
            )
        }))
        .load_shed()
        .concurrency_limit(in_flight)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .layer(RequestBodyTimeoutLayer::new(limits.body_timeout))
        .service(router);
    BoxCloneSyncService::new(service)
}

/// A refused connection is answered at once and closed: a short HTTP answer
/// (503 or 429), so that a browser shows something rather than waiting.
async fn refuse(mut stream: TcpStream, why: Refusal) {
    let body = match why {
        Refusal::Address => {
            r#"{"error":"too_many_connections","message":"too many open connections from your address"}"#
        }
        _ => {
            r#"{"error":"too_many_connections","message":"the server has as many connections as it can hold: try again later"}"#
        }
    };
    let status = why.status();
    let head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    let answer = async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await?;
        // Read what the client sent (briefly) so that closing does not reset
        // the connection before it reads the answer.
        let mut sink = [0u8; 2048];
        for _ in 0..4 {
            stream.readable().await?;
            match stream.try_read(&mut sink) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
        Ok::<_, std::io::Error>(())
    };
    let _ = tokio::time::timeout(Duration::from_millis(500), answer).await;
}

/// Waits until `shutdown` says the server stops.
pub(crate) async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    // An error: the sender is gone, which is a stop too.
    let _ = shutdown.wait_for(|down| *down).await;
}

/// Whether an accept error concerns one connection only (go on at once).
fn per_connection(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset | Interrupted
    )
}

/// At most this many refusals are being answered at once; past it a
/// refused connection is closed without an answer.
const REFUSING: usize = 256;

/// Accepts connections until shutdown, each served by hyper's HTTP/1 with
/// upgrades (WebSockets); then lets open connections finish their requests
/// (within the grace period).
pub(crate) async fn serve(listener: TcpListener, stack: Stack, net: Arc<Net>) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(net.limits.header_timeout)
        .keep_alive(true)
        .max_buf_size(64 * 1024);
    let refusing = Arc::new(AtomicUsize::new(0));
    let mut shutdown = net.shutdown.clone();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopping(&mut shutdown) => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) if per_connection(&e) => continue,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to close.
                tracing::error!(error = %e, "cannot accept a connection");
                net.metrics.accept_error();
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let l = &net.limits;
        // A trusted proxy carries many clients: only the total caps it.
        let per_address = if net.trusted.trusts(peer.ip()) {
            0
        } else {
            l.max_connections_per_address
        };
        let slot = match net
            .connections
            .take(peer.ip(), None, l.max_connections, per_address)
        {
            Ok(slot) => slot,
            Err(why) => {
                net.metrics.connection_refused(why);
                tracing::debug!(peer = %peer.ip(), refused = why.label(), "connection refused");
                if refusing.fetch_add(1, Ordering::Relaxed) < REFUSING {
                    let refusing = refusing.clone();
                    tokio::spawn(async move {
                        refuse(stream, why).await;
                        refusing.fetch_sub(1, Ordering::Relaxed);
                    });
                } else {
                    refusing.fetch_sub(1, Ordering::Relaxed);
                }
                continue;
            }
        };
        net.metrics.connection_opened();
        let _ = stream.set_nodelay(true);
        let service = {
            let stack = stack.clone();
            let net = net.clone();
            hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                let mut req = req.map(Body::new);
                // The client: the peer, or whom a trusted proxy names.
                let client = SocketAddr::new(net.trusted.client(peer, req.headers()), peer.port());
                req.extensions_mut().insert(ConnectInfo(client));
                obs::handle(net.clone(), stack.clone(), req)
            })
        };
        let conn = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut shutdown = net.shutdown.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let mut conn = std::pin::pin!(conn);
            let result = tokio::select! {
                result = conn.as_mut() => result,
                () = stopping(&mut shutdown) => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(peer = %peer.ip(), error = %e, "connection closed");
            }
        });
    }
    drop(listener);
    // Let open requests and sockets end (they were told to), within the grace period.
    let deadline = tokio::time::Instant::now() + net.limits.shutdown_grace;
    while net.connections.open() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The soft limit on open files of this process, where the system says
/// (Linux: `/proc/self/limits`).
pub(crate) fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Lowers `limits.max_connections` and `limits.max_websockets` (each an
/// open file) to what the open-files limit allows, keeping 64 descriptors
/// for the database, files and refusals, so that the caps, not the system,
/// refuse the extra connections. Returns the limit when it lowered a cap.
pub(crate) fn fit_to_open_files(limits: &mut NetLimits) -> Option<usize> {
    let files = open_files_limit()?;
    let room = files.saturating_sub(64).max(32);
    let cap = |n: usize| if n == 0 { usize::MAX / 4 } else { n };
    let (connections, sockets) = (cap(limits.max_connections), cap(limits.max_websockets));
    if connections + sockets <= room {
        return None;
    }
    let sockets = sockets.min(room / 2);
    limits.max_websockets = sockets;
    limits.max_connections = connections.min(room - sockets);
    Some(files)
}

/// The peer address of a request (set by the accept loop).
pub(crate) fn peer(req: &Request<Body>) -> Option<SocketAddr> {
    req.extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| *addr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_addresses_count_by_their_64_prefix() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddrKey::of(a), AddrKey::of(b));
        assert_ne!(AddrKey::of(a), AddrKey::of(c));
        // A v4-mapped address is its IPv4 address.
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(AddrKey::of(mapped), AddrKey::of(v4));
    }

    #[test]
    fn slots_refuse_past_each_cap_and_free_on_drop() {
        let slots = Arc::new(Slots::default());
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        let a2: IpAddr = "2001:db8::2".parse().unwrap();
        let b: IpAddr = "192.0.2.1".parse().unwrap();
        let one = slots.take(a, Some(("r", 2)), 4, 2).unwrap();
        let _two = slots.take(a2, Some(("s", 2)), 4, 2).unwrap();
        // The same /64: its cap of 2 is reached.
        assert_eq!(
            slots.take(a, Some(("t", 2)), 4, 2).unwrap_err(),
            Refusal::Address
        );
        let _three = slots.take(b, Some(("r", 2)), 4, 2).unwrap();
        // Room r has its 2.
        assert_eq!(
            slots.take(b, Some(("r", 2)), 4, 2).unwrap_err(),
            Refusal::Room
        );
        let _four = slots.take(b, Some(("u", 2)), 4, 2).unwrap();
        assert_eq!(slots.take(b, None, 4, 0).unwrap_err(), Refusal::Full);
        drop(one);
        assert_eq!(slots.open(), 3);
        slots.take(a, Some(("r", 2)), 4, 2).unwrap();
        // 0: no cap.
        let many: Vec<_> = (0..50)
            .map(|_| slots.take(b, None, 0, 0).unwrap())
            .collect();
        assert_eq!(slots.open(), 53);
        drop(many);
        assert_eq!(slots.open(), 3);
    }
}
