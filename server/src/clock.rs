//! The server's clock, injected so that tests set the time to the second.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use draughts::room::Time;

/// A source of the current time in Unix seconds (the library's [`Time`]).
pub trait Clock: Send + Sync + 'static {
    /// The current time.
    fn now(&self) -> Time;
}

/// The operating system's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Time {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
}

/// A clock that only moves when told to (tests). Clones share one time.
///
/// ```
/// use draughts_server::{Clock, FakeClock};
///
/// let clock = FakeClock::new(1_000);
/// clock.advance(172_800);
/// assert_eq!(clock.now(), 173_800);
/// ```
#[derive(Debug, Clone)]
pub struct FakeClock(Arc<AtomicU64>);

impl FakeClock {
    /// A clock stopped at `now`.
    pub fn new(now: Time) -> Self {
        FakeClock(Arc::new(AtomicU64::new(now)))
    }

    /// Sets the time.
    pub fn set(&self, now: Time) {
        self.0.store(now, Ordering::SeqCst);
    }

    /// Moves the time on by `seconds`.
    pub fn advance(&self, seconds: u64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Time {
        self.0.load(Ordering::SeqCst)
    }
}
