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

    /// The time budget of a search with these limits, if it has a time
    /// limit: see [`TimeBudget`].
    pub(crate) fn budget(&self) -> Option<TimeBudget> {
        use tuning::*;
        let mut best: Option<TimeBudget> = None;
        if let Some(mt) = self.move_time_ms {
            // Time a fixed move time leaves unused is lost: no prediction
            // holds an iteration back (one cut short still gives its first
            // move, the previous best, searched deeper).
            best = Some(TimeBudget {
                last_start: per_mille(mt, MOVE_TIME_LAST_START),
                target: u64::MAX,
                hard: mt,
            });
        }
        if let Some(left) = self.time_left_ms {
            let mtg = self.moves_to_go.unwrap_or(30).clamp(1, 100) as u64;
            let reserve = left / 2;
            let alloc = (left / mtg + self.increment_ms * 3 / 4).min(reserve);
            let hard = per_mille(alloc, GAME_TIME_HARD).min(reserve).max(alloc);
            let tc = TimeBudget {
                last_start: per_mille(alloc, GAME_TIME_LAST_START),
                target: alloc,
                hard,
            };
            best = Some(match best {
                Some(b) => TimeBudget {
                    last_start: b.last_start.min(tc.last_start),
                    target: b.target.min(tc.target).min(b.hard),
                    hard: b.hard.min(tc.hard),
                },
                None => tc,
            });
        }
        best
    }
}

/// `x` times `share` thousandths.
fn per_mille(x: u64, share: u64) -> u64 {
    x.saturating_mul(share) / 1000
}

/// When the iterations of a timed search start and stop, in milliseconds
/// from the search's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimeBudget {
    /// No iteration starts after this.
    pub last_start: u64,
    /// The time the move should take: an iteration starts only when its
    /// first root move is predicted to be searched by then
    /// ([`TimeBudget::starts_iteration`]); no limit (`u64::MAX`) with a
    /// fixed move time alone.
    pub target: u64,
    /// The search is cut here, whatever it is doing.
    pub hard: u64,
}

impl TimeBudget {
    /// Whether the next iteration starts, `elapsed` ms into the search, when
    /// the last finished iteration took `last` ms and the one before it
    /// `previous` ms (0: not measured, too fast for the clock). The next
    /// iteration is predicted to take `last` times the growth seen from
    /// `previous` to `last` (clamped to [`tuning::GROWTH_MIN`]..=
    /// [`tuning::GROWTH_MAX`]; [`tuning::GROWTH_DEFAULT`] until both are
    /// measured), of which its first root move (the previous best, whose
    /// score is what an iteration cut short still gives) takes
    /// [`tuning::FIRST_MOVE_SHARE`]. It starts when that first move is
    /// predicted to end by [`TimeBudget::target`], and never after
    /// [`TimeBudget::last_start`].
    pub(crate) fn starts_iteration(&self, elapsed: u64, last: u64, previous: u64) -> bool {
        use tuning::*;
        if elapsed >= self.last_start {
            return false;
        }
        let growth = if last > 0 && previous > 0 {
            (last.saturating_mul(1000) / previous).clamp(GROWTH_MIN, GROWTH_MAX)
        } else {
            GROWTH_DEFAULT
        };
        let predicted = per_mille(last, growth);
        elapsed.saturating_add(per_mille(predicted, FIRST_MOVE_SHARE)) <= self.target
    }
}

/// The time manager's constants, in thousandths.
///
/// A timed search deepens one iteration at a time; what these decide is
/// whether one more iteration starts: never after the last start; else
/// when the next iteration's first root move (the previous best, whose
/// score an iteration cut short still gives) is predicted to be searched by
/// the move's target time (the fixed move time, or the game clock's
/// allocation). The prediction is the last iteration's time times the
/// growth from the one before it.
/// Before they were named, a search with a fixed move time started no
/// iteration after half of it and so used 60 to 75% of its time.
pub mod tuning {
    /// With a fixed move time: no iteration starts after this share of it;
    /// before it every iteration starts (the time is lost otherwise; 900
    /// with the game clock's prediction before, which used 84% of the time
    /// once late-move reductions grew).
    pub const MOVE_TIME_LAST_START: u64 = 950;
    /// With a game clock: no iteration starts after this share of the
    /// move's allocation (time left over moves to go, plus most of the
    /// increment).
    pub const GAME_TIME_LAST_START: u64 = 700;
    /// With a game clock: the search is cut at this share of the
    /// allocation (at most half the time left).
    pub const GAME_TIME_HARD: u64 = 2000;
    /// The share of an iteration's time its first root move takes, for the
    /// prediction (the previous best is searched with the full window and
    /// the rest mostly refuted with a null window).
    pub const FIRST_MOVE_SHARE: u64 = 500;
    /// The growth of an iteration's time over the previous one until two
    /// iterations have been timed.
    pub const GROWTH_DEFAULT: u64 = 3000;
    /// The least growth assumed (a measured ratio below it is noise).
    pub const GROWTH_MIN: u64 = 1500;
    /// The most growth assumed.
    pub const GROWTH_MAX: u64 = 8000;
}

#[cfg(test)]
mod tests {
    use super::tuning::*;
    use super::*;

    #[test]
    fn move_time_budget_starts_late_and_cuts_at_the_move_time() {
        let b = Limits::move_time(1000).budget().unwrap();
        assert_eq!(b.last_start, MOVE_TIME_LAST_START);
        assert_eq!((b.target, b.hard), (u64::MAX, 1000));
        assert!(b.starts_iteration(MOVE_TIME_LAST_START - 1, 900, 1));
        assert!(!b.starts_iteration(MOVE_TIME_LAST_START, 1, 1));
        assert_eq!(Limits::depth(5).budget(), None);
    }

    #[test]
    fn game_clock_budget_is_the_allocation_within_half_the_time_left() {
        let limits = Limits {
            time_left_ms: Some(60_000),
            moves_to_go: Some(30),
            ..Limits::default()
        };
        let b = limits.budget().unwrap();
        assert_eq!(b.target, 2000);
        assert_eq!(b.last_start, 2000 * GAME_TIME_LAST_START / 1000);
        assert_eq!(b.hard, 2000 * GAME_TIME_HARD / 1000);
        // Short of time: never more than half of what is left.
        let short = Limits {
            time_left_ms: Some(100),
            moves_to_go: Some(1),
            ..Limits::default()
        };
        assert!(short.budget().unwrap().hard <= 50);
        // Both limits: the tighter of each.
        let both = Limits {
            move_time_ms: Some(500),
            ..limits
        };
        let b = both.budget().unwrap();
        assert_eq!((b.target, b.hard), (500, 500));
    }

    #[test]
    fn an_iteration_starts_when_its_first_move_fits() {
        let b = TimeBudget {
            last_start: 900,
            target: 1000,
            hard: 1000,
        };
        // Growth 2 (measured) on 100 ms: the next iteration takes 200 ms,
        // its first move 100 ms: fits from 800 ms, not from 901 ms.
        assert!(b.starts_iteration(800, 100, 50));
        assert!(!b.starts_iteration(901, 1, 1));
        // Growth 8 (the most) on 100 ms: 800 ms, first move 400 ms.
        assert!(b.starts_iteration(600, 100, 1));
        assert!(!b.starts_iteration(601, 100, 1));
        // A measured growth below the least is taken as the least.
        let b = TimeBudget {
            last_start: 1000,
            ..b
        };
        assert!(b.starts_iteration(
            1000 - 100 * GROWTH_MIN / 1000 * FIRST_MOVE_SHARE / 1000,
            100,
            100
        ));
        assert!(!b.starts_iteration(
            1000 - 100 * GROWTH_MIN / 1000 * FIRST_MOVE_SHARE / 1000 + 1,
            100,
            100
        ));
        // Not measured yet: the default growth.
        let first = 100 * GROWTH_DEFAULT / 1000 * FIRST_MOVE_SHARE / 1000;
        assert!(b.starts_iteration(1000 - first, 100, 0));
        assert!(!b.starts_iteration(1000 - first + 1, 100, 0));
        // Iterations too fast for the clock always fit before the last start.
        assert!(b.starts_iteration(999, 0, 0));
        assert!(!b.starts_iteration(1000, 0, 0));
    }
}
