//! The process's counters, shown at `GET /metrics` in the Prometheus text
//! exposition format (version 0.0.4), written by hand.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::net::Refusal;

/// The latency histogram's upper bounds, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

const REFUSALS: [Refusal; 3] = [Refusal::Full, Refusal::Address, Refusal::Room];

fn refusal_index(why: Refusal) -> usize {
    match why {
        Refusal::Full => 0,
        Refusal::Address => 1,
        Refusal::Room => 2,
    }
}

/// The sweep's last round.
#[derive(Debug, Default, Clone, Copy)]
struct Sweep {
    last_ok: Option<Instant>,
    duration: Duration,
    rooms: usize,
    failures: u64,
}

/// Counters and gauges of one server process.
#[derive(Debug)]
pub(crate) struct Metrics {
    started: Instant,
    /// Requests answered, by status class (1xx .. 5xx).
    requests: [AtomicU64; 5],
    /// Cumulative latency buckets (each counts the requests at or under its bound).
    buckets: [AtomicU64; BUCKETS.len()],
    latency_micros: AtomicU64,
    connections_total: AtomicU64,
    connections_refused: [AtomicU64; 3],
    accept_errors: AtomicU64,
    sockets_total: AtomicU64,
    sockets_refused: [AtomicU64; 3],
    sockets_dead: AtomicU64,
    sweep: Mutex<Sweep>,
    /// The last count of rooms by state (None: the database did not answer), and when.
    rooms: tokio::sync::Mutex<Option<(Instant, Option<Rooms>)>>,
}

/// Rooms by state.
pub(crate) type Rooms = Vec<(String, i64)>;

/// How long a count of rooms is shown before it is taken again.
const ROOMS_FRESH: Duration = Duration::from_secs(5);

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            started: Instant::now(),
            requests: Default::default(),
            buckets: Default::default(),
            latency_micros: AtomicU64::new(0),
            connections_total: AtomicU64::new(0),
            connections_refused: Default::default(),
            accept_errors: AtomicU64::new(0),
            sockets_total: AtomicU64::new(0),
            sockets_refused: Default::default(),
            sockets_dead: AtomicU64::new(0),
            sweep: Mutex::default(),
            rooms: tokio::sync::Mutex::default(),
        }
    }
}

impl Metrics {
    /// Counts one answered request.
    pub fn request(&self, status: u16, latency: Duration) {
        let class = usize::from(status / 100).clamp(1, 5) - 1;
        self.requests[class].fetch_add(1, Ordering::Relaxed);
        let seconds = latency.as_secs_f64();
        for (bound, count) in BUCKETS.iter().zip(&self.buckets) {
            if seconds <= *bound {
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        self.latency_micros.fetch_add(micros, Ordering::Relaxed);
    }

    pub fn connection_opened(&self) {
        self.connections_total.fetch_add(1, Ordering::Relaxed);
    }

    pub fn connection_refused(&self, why: Refusal) {
        self.connections_refused[refusal_index(why)].fetch_add(1, Ordering::Relaxed);
    }

    pub fn accept_error(&self) {
        self.accept_errors.fetch_add(1, Ordering::Relaxed);
    }

    pub fn socket_opened(&self) {
        self.sockets_total.fetch_add(1, Ordering::Relaxed);
    }

    pub fn socket_refused(&self, why: Refusal) {
        self.sockets_refused[refusal_index(why)].fetch_add(1, Ordering::Relaxed);
    }

    pub fn socket_dead(&self) {
        self.sockets_dead.fetch_add(1, Ordering::Relaxed);
    }

    /// The rooms by state: `fetch`ed at most every few seconds, however
    /// often `/metrics` is asked (one scrape at a time reaches the database).
    pub async fn rooms<F, Fut>(&self, fetch: F) -> Option<Rooms>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Option<Rooms>>,
    {
        let mut cache = self.rooms.lock().await;
        if let Some((at, rooms)) = &*cache {
            if at.elapsed() < ROOMS_FRESH {
                return rooms.clone();
            }
        }
        let rooms = fetch().await;
        *cache = Some((Instant::now(), rooms.clone()));
        rooms
    }

    /// Records a sweep round: `Ok(rooms brought up to date)` or a failure.
    pub fn swept(&self, result: Result<usize, ()>, took: Duration) {
        let mut sweep = self.sweep.lock().expect("sweep metrics lock");
        match result {
            Ok(rooms) => {
                sweep.last_ok = Some(Instant::now());
                sweep.rooms = rooms;
            }
            Err(()) => sweep.failures += 1,
        }
        sweep.duration = took;
    }

    /// The exposition text; the open connections and sockets (counted by
    /// their caps), `rooms` by state and `database_up` come from the caller.
    pub fn render(
        &self,
        connections_open: usize,
        sockets_open: usize,
        rooms: Option<&[(String, i64)]>,
        database_up: bool,
    ) -> String {
        let mut out = String::with_capacity(4096);
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let help = |out: &mut String, name: &str, kind: &str, text: &str| {
            let _ = writeln!(out, "# HELP {name} {text}\n# TYPE {name} {kind}");
        };
        help(
            &mut out,
            "draughts_http_requests_total",
            "counter",
            "HTTP requests answered, by status class.",
        );
        for (i, count) in self.requests.iter().enumerate() {
            let _ = writeln!(
                out,
                "draughts_http_requests_total{{class=\"{}xx\"}} {}",
                i + 1,
                load(count)
            );
        }
        help(
            &mut out,
            "draughts_http_request_duration_seconds",
            "histogram",
            "Time from a request's headers to its answer.",
        );
        let count: u64 = self.requests.iter().map(load).sum();
        for (bound, bucket) in BUCKETS.iter().zip(&self.buckets) {
            let _ = writeln!(
                out,
                "draughts_http_request_duration_seconds_bucket{{le=\"{bound}\"}} {}",
                load(bucket)
            );
        }
        let _ = writeln!(
            out,
            "draughts_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        let _ = writeln!(
            out,
            "draughts_http_request_duration_seconds_sum {}",
            load(&self.latency_micros) as f64 / 1e6
        );
        let _ = writeln!(out, "draughts_http_request_duration_seconds_count {count}");

        let gauge = |out: &mut String, name: &str, text: &str, value: String| {
            help(out, name, "gauge", text);
            let _ = writeln!(out, "{name} {value}");
        };
        let counter = |out: &mut String, name: &str, text: &str, value: u64| {
            help(out, name, "counter", text);
            let _ = writeln!(out, "{name} {value}");
        };
        gauge(
            &mut out,
            "draughts_connections_open",
            "Open HTTP connections (upgraded WebSockets are counted apart).",
            connections_open.to_string(),
        );
        counter(
            &mut out,
            "draughts_connections_accepted_total",
            "TCP connections accepted and served.",
            load(&self.connections_total),
        );
        help(
            &mut out,
            "draughts_connections_refused_total",
            "counter",
            "TCP connections refused by a cap (total or per address).",
        );
        for why in &REFUSALS[..2] {
            let _ = writeln!(
                out,
                "draughts_connections_refused_total{{cap=\"{}\"}} {}",
                why.label(),
                load(&self.connections_refused[refusal_index(*why)])
            );
        }
        counter(
            &mut out,
            "draughts_accept_errors_total",
            "Failed accepts (such as no file descriptor left).",
            load(&self.accept_errors),
        );
        gauge(
            &mut out,
            "draughts_websockets_open",
            "Open WebSockets.",
            sockets_open.to_string(),
        );
        counter(
            &mut out,
            "draughts_websockets_opened_total",
            "WebSockets opened.",
            load(&self.sockets_total),
        );
        help(
            &mut out,
            "draughts_websockets_refused_total",
            "counter",
            "WebSockets refused by a cap (total, per address, per room).",
        );
        for why in REFUSALS {
            let _ = writeln!(
                out,
                "draughts_websockets_refused_total{{cap=\"{}\"}} {}",
                why.label(),
                load(&self.sockets_refused[refusal_index(why)])
            );
        }
        counter(
            &mut out,
            "draughts_websockets_dead_total",
            "WebSockets dropped because their client stopped answering pings.",
            load(&self.sockets_dead),
        );
        let sweep = *self.sweep.lock().expect("sweep metrics lock");
        let since = sweep
            .last_ok
            .unwrap_or(self.started)
            .elapsed()
            .as_secs_f64();
        gauge(
            &mut out,
            "draughts_sweep_lag_seconds",
            "Seconds since the sweep of due rooms last completed (since start if never).",
            format!("{since:.3}"),
        );
        gauge(
            &mut out,
            "draughts_sweep_duration_seconds",
            "How long the last sweep round took.",
            format!("{:.6}", sweep.duration.as_secs_f64()),
        );
        gauge(
            &mut out,
            "draughts_sweep_rooms",
            "Rooms the last successful sweep brought up to date.",
            sweep.rooms.to_string(),
        );
        counter(
            &mut out,
            "draughts_sweep_failures_total",
            "Sweep rounds that failed (database unreachable).",
            sweep.failures,
        );
        gauge(
            &mut out,
            "draughts_database_up",
            "1 when the database answered the last count of rooms (at most 5 s old), else 0.",
            u8::from(database_up).to_string(),
        );
        if let Some(rooms) = rooms {
            help(
                &mut out,
                "draughts_rooms",
                "gauge",
                "Stored rooms by state.",
            );
            for (state, n) in rooms {
                let state: String = state
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let _ = writeln!(out, "draughts_rooms{{state=\"{state}\"}} {n}");
            }
        }
        gauge(
            &mut out,
            "draughts_uptime_seconds",
            "Seconds since the process started serving.",
            format!("{:.3}", self.started.elapsed().as_secs_f64()),
        );
        out
    }
}
