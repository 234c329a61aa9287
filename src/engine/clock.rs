//! Time for the search, supplied by the caller, and the search limits.
//!
//! The library never reads the system time (`std::time::Instant` does not
//! exist on `wasm32-unknown-unknown`): the caller hands in a [`Clock`], which
//! is any `Fn() -> u64` returning milliseconds from a fixed origin.
//!
//! ```
//! use draughts::engine::{Clock, NoClock};
//! let fixed = || 42u64;
//! assert_eq!(fixed.now_ms(), 42);
//! assert_eq!(NoClock.now_ms(), 0);
//! ```

/// A source of time in milliseconds (from any fixed origin).
///
/// Implemented for every `Fn() -> u64`; on native targets pass
/// `|| start.elapsed().as_millis() as u64` with a `std::time::Instant`, in the
/// browser a closure over `performance.now()`.
pub trait Clock {
    /// Milliseconds since the clock's origin; must not go backwards.
    fn now_ms(&self) -> u64;

    /// Whether this clock advances (true for every closure). A search whose
    /// only limits are times, on a clock that does not advance ([`NoClock`]),
    /// is given [`NO_CLOCK_NODES`] nodes instead, so that it always ends.
    fn advances(&self) -> bool {
        true
    }
}

/// The node budget of a search limited only by time on a clock that does not
/// advance ([`Clock::advances`]), or by nothing at all without a stop flag
/// ([`Limits::node_budget`]): about what `hard`'s second gives natively
/// (1 to 3 million nodes per second on the development machine).
pub const NO_CLOCK_NODES: u64 = 1_000_000;

impl<F: Fn() -> u64> Clock for F {
    #[inline]
    fn now_ms(&self) -> u64 {
        self()
    }
}

/// A clock that never advances: time limits never expire, so only depth,
/// node and stop-flag limits end a search; a search with time limits alone
/// gets [`NO_CLOCK_NODES`] nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    #[inline]
    fn now_ms(&self) -> u64 {
        0
    }

    fn advances(&self) -> bool {
        false
    }
}

/// When a search stops. Every field is optional; the search ends at the first
/// limit reached (or when the caller's stop flag is set). With no limit at
/// all the search runs until the stop flag is set or the depth reaches
/// [`MAX_DEPTH`](crate::engine::MAX_DEPTH); without a stop flag it gets
/// [`NO_CLOCK_NODES`] instead, and so does a time limit on a clock that does
/// not advance ([`Limits::node_budget`]): every search ends.
///
/// ```
/// use draughts::engine::Limits;
/// let l = Limits::depth(6);
/// assert_eq!(l.depth, Some(6));
/// let l = Limits { nodes: Some(10_000), ..Limits::default() };
/// assert_eq!(l.depth, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Maximum nominal depth in plies (captures are always searched beyond it).
    pub depth: Option<u32>,
    /// Maximum number of nodes; the search never visits more.
    pub nodes: Option<u64>,
    /// Time for this move in milliseconds.
    pub move_time_ms: Option<u64>,
    /// Time left on the mover's clock in milliseconds (game time control).
    pub time_left_ms: Option<u64>,
    /// Increment per move in milliseconds (with `time_left_ms`).
    pub increment_ms: u64,
    /// Moves left until the next time control (with `time_left_ms`); 30 assumed.
    pub moves_to_go: Option<u32>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// A fixed-node search (reproducible whatever the machine load).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
    /// A fixed time per move.
    pub fn move_time(ms: u64) -> Limits {
        Limits {
            move_time_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// The most nodes a search with these limits visits on `clock`: the
    /// node limit if there is one; otherwise [`NO_CLOCK_NODES`] when a time
    /// limit is set on a clock that does not advance (the time never runs
    /// out, whatever the depth limit), or when nothing limits the search
    /// and it cannot be `stoppable` (no stop flag); otherwise no bound
    /// (`u64::MAX`).
    ///
    /// ```
    /// use draughts::engine::{Limits, NoClock, NO_CLOCK_NODES};
    /// let timed = Limits { depth: Some(40), ..Limits::move_time(1000) };
    /// assert_eq!(timed.node_budget(&NoClock, false), NO_CLOCK_NODES);
    /// assert_eq!(timed.node_budget(&|| 0u64, false), u64::MAX);
    /// assert_eq!(Limits::nodes(500).node_budget(&NoClock, false), 500);
    /// assert_eq!(Limits::depth(6).node_budget(&NoClock, false), u64::MAX);
    /// assert_eq!(Limits::default().node_budget(&NoClock, false), NO_CLOCK_NODES);
    /// assert_eq!(Limits::default().node_budget(&NoClock, true), u64::MAX);
    /// ```
    pub fn node_budget(&self, clock: &dyn Clock, stoppable: bool) -> u64 {
        let timed = self.move_time_ms.is_some() || self.time_left_ms.is_some();
        match self.nodes {
            Some(n) => n,
            None if timed && !clock.advances() => NO_CLOCK_NODES,
            None if !timed && self.depth.is_none() && !stoppable => NO_CLOCK_NODES,
            None => u64::MAX,
        }
    }

    /// Soft and hard time budgets in ms: no new iteration starts after the
    /// soft one, the search is cut at the hard one.
    pub(crate) fn budget(&self) -> Option<(u64, u64)> {
        let mut best: Option<(u64, u64)> = None;
        if let Some(mt) = self.move_time_ms {
            best = Some((mt / 2, mt));
        }
        if let Some(left) = self.time_left_ms {
            let mtg = self.moves_to_go.unwrap_or(30).clamp(1, 100) as u64;
            let reserve = left / 2;
            let alloc = (left / mtg + self.increment_ms * 3 / 4).min(reserve);
            let hard = (alloc * 2).min(reserve).max(alloc);
            let tc = (alloc * 6 / 10, hard);
            best = Some(match best {
                Some((s, h)) => (s.min(tc.0), h.min(tc.1)),
                None => tc,
            });
        }
        best
    }
}
