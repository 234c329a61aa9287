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

use crate::variant::Variant;
use crate::{Color, Position};

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
    /// Moves left until the next time control (with `time_left_ms`). When
    /// `None` (one period for the whole game), the search assumes a number
    /// from the men still on the board: [`assumed_moves_to_go`].
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
        self.budget_over(tuning::MOVES_TO_GO_START)
    }

    /// [`Limits::budget`] for a position where `assumed` moves to go are
    /// assumed when [`Limits::moves_to_go`] is `None`.
    pub(crate) fn budget_over(&self, assumed: u32) -> Option<TimeBudget> {
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
                adaptive: false,
            });
        }
        if let Some(left) = self.time_left_ms {
            let mtg = self.moves_to_go.unwrap_or(assumed).clamp(1, 100) as u64;
            let reserve = left / 2;
            let alloc = (left / mtg + self.increment_ms * 3 / 4).min(reserve);
            let hard = per_mille(alloc, GAME_TIME_HARD).min(reserve).max(alloc);
            let tc = TimeBudget {
                last_start: per_mille(alloc, GAME_TIME_LAST_START),
                target: alloc,
                hard,
                adaptive: true,
            };
            best = Some(match best {
                Some(b) => TimeBudget {
                    last_start: b.last_start.min(tc.last_start),
                    target: b.target.min(tc.target).min(b.hard),
                    hard: b.hard.min(tc.hard),
                    adaptive: true,
                },
                None => tc,
            });
        }
        best
    }

    /// What a move searched with these limits is planned to take, and the
    /// most it may take, or `None` without a time limit: see
    /// [`MoveBudget`].
    ///
    /// ```
    /// use draughts::engine::Limits;
    /// let game = Limits { time_left_ms: Some(60_000), moves_to_go: Some(30), ..Limits::default() };
    /// let b = game.move_budget().unwrap();
    /// assert_eq!(b.target_ms, 2_000);
    /// assert!(b.target_ms <= b.max_ms && b.max_ms <= 30_000);
    /// assert_eq!(Limits::move_time(500).move_budget().unwrap().max_ms, 500);
    /// assert_eq!(Limits::depth(4).move_budget(), None);
    /// ```
    pub fn move_budget(&self) -> Option<MoveBudget> {
        self.budget().map(MoveBudget::from)
    }

    /// What a search of `position` with these limits plans and allows:
    /// [`Limits::move_budget`], with the moves to go of a game clock
    /// without periods assumed from the position ([`assumed_moves_to_go`]),
    /// as the search itself does.
    ///
    /// ```
    /// use draughts::engine::Limits;
    /// use draughts::{International, Position};
    /// let game = Limits { time_left_ms: Some(60_000), ..Limits::default() };
    /// let start = Position::<International>::start();
    /// // Every man on the board: 30 moves to go assumed, 2 s planned.
    /// assert_eq!(game.move_budget_at(&start).unwrap().target_ms, 2_000);
    /// let ending: Position<International> = "W:W31,32:B19".parse().unwrap();
    /// // Three men of forty: fewer moves to go, more time each.
    /// assert!(game.move_budget_at(&ending).unwrap().target_ms > 4_000);
    /// ```
    pub fn move_budget_at<V: Variant>(&self, position: &Position<V>) -> Option<MoveBudget> {
        self.budget_over(assumed_moves_to_go(position))
            .map(MoveBudget::from)
    }
}

/// The moves to go a game clock without periods ([`Limits::moves_to_go`]
/// `None`) is shared over at `position`: from
/// [`tuning::MOVES_TO_GO_START`] with every man of the start on the board
/// down to [`tuning::MOVES_TO_GO_END`] with none, in proportion to the
/// men left (kings do not count). A game's later moves so get a larger
/// share of what is left than a fixed number would give them, instead of
/// leaving it on the clock at the end. A king ending can still last up to
/// a count rule's limit, which this share does not see: games of more than
/// about 100 moves end with little time left (a known gap).
///
/// ```
/// use draughts::engine::clock::{assumed_moves_to_go, tuning};
/// use draughts::{International, Position};
/// let start = Position::<International>::start();
/// assert_eq!(assumed_moves_to_go(&start), tuning::MOVES_TO_GO_START);
/// let kings: Position<International> = "W:WK31:BK19".parse().unwrap();
/// assert_eq!(assumed_moves_to_go(&kings), tuning::MOVES_TO_GO_END);
/// ```
pub fn assumed_moves_to_go<V: Variant>(position: &Position<V>) -> u32 {
    use tuning::*;
    let start = Position::<V>::start();
    let men_at_start = start.men(Color::White).len() + start.men(Color::Black).len();
    let men = position.men(Color::White).len() + position.men(Color::Black).len();
    let men = men.min(men_at_start) as u32;
    let span = MOVES_TO_GO_START - MOVES_TO_GO_END;
    MOVES_TO_GO_END + span * men / (men_at_start as u32).max(1)
}

impl From<TimeBudget> for MoveBudget {
    fn from(b: TimeBudget) -> MoveBudget {
        MoveBudget {
            target_ms: b.target.min(b.hard),
            max_ms: b.hard,
        }
    }
}

/// The time of one move under [`Limits`] ([`Limits::move_budget`]).
///
/// With a game clock (`time_left_ms`) the move is planned to take
/// `target_ms`: the time left over the moves to go, plus most of the
/// increment. The search then stretches it when its best move changes
/// from one iteration to the next or its score drops, and shrinks it when
/// the best move stays the same iteration after iteration, never past
/// `max_ms` (twice the target, and never more than half the time left); a
/// position with one legal move is answered after the first iteration.
/// With a fixed move time both are the move time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveBudget {
    /// The time the move is planned to take, in milliseconds.
    pub target_ms: u64,
    /// The search is cut here, whatever it is doing, in milliseconds.
    pub max_ms: u64,
}

/// A game's time control: `base_ms` of thinking time for every `moves`
/// moves of one side (0: for the whole game), and `increment_ms` more after
/// each of its moves.
///
/// DXP's game request gives `minutes` for `moves` moves, 0 for the whole
/// game: `TimeControl { base_ms: minutes * 60_000, moves, increment_ms: 0 }`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Thinking time for each period of `moves` moves (or the whole game).
    pub base_ms: u64,
    /// Moves in each period; 0: `base_ms` is for the whole game.
    pub moves: u32,
    /// Time added after each move.
    pub increment_ms: u64,
}

/// One side's clock in a game played under a [`TimeControl`]: the time it
/// has left and the moves it has made, kept by the caller from the real time
/// each of its moves took ([`GameClock::record`]); [`GameClock::limits`]
/// gives the search limits of its next move (the time management of
/// [`Limits`] with `time_left_ms`).
///
/// ```
/// use draughts::engine::{GameClock, TimeControl};
/// let mut clock = GameClock::new(TimeControl { base_ms: 60_000, moves: 0, increment_ms: 0 });
/// let limits = clock.limits();
/// assert_eq!(limits.time_left_ms, Some(60_000));
/// let budget = limits.move_budget().unwrap();
/// clock.record(1_500);
/// assert_eq!(clock.left_ms(), 58_500);
/// assert_eq!(clock.moves_made(), 1);
/// assert!(budget.max_ms < 60_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameClock {
    control: TimeControl,
    left_ms: u64,
    moves_made: u32,
}

impl GameClock {
    /// The clock at the start of a game: the first period's time.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            left_ms: control.base_ms,
            moves_made: 0,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time left, in milliseconds (0 once it has run out).
    pub fn left_ms(&self) -> u64 {
        self.left_ms
    }

    /// The moves this side has made.
    pub fn moves_made(&self) -> u32 {
        self.moves_made
    }

    /// Moves to make before the next period's time is added; `None` when
    /// the time is for the whole game.
    pub fn moves_to_go(&self) -> Option<u32> {
        let period = self.control.moves;
        (period > 0).then(|| period - self.moves_made % period)
    }

    /// The search limits of the next move: the time left, the increment
    /// and the moves to go (`None` for the whole game: the search assumes a number from the position, [`assumed_moves_to_go`]), nothing else.
    ///
    /// ```
    /// use draughts::engine::{GameClock, TimeControl};
    /// let clock = GameClock::new(TimeControl { base_ms: 120_000, moves: 40, increment_ms: 0 });
    /// let l = clock.limits();
    /// assert_eq!((l.time_left_ms, l.moves_to_go), (Some(120_000), Some(40)));
    /// assert_eq!(l.move_budget().unwrap().target_ms, 3_000);
    /// ```
    pub fn limits(&self) -> Limits {
        Limits {
            time_left_ms: Some(self.left_ms),
            increment_ms: self.control.increment_ms,
            moves_to_go: self.moves_to_go(),
            ..Limits::default()
        }
    }

    /// Records one of this side's moves that took `used_ms`: the time is
    /// taken off (down to 0, never below), the increment added, and at the
    /// end of a period of `moves` moves the next period's time added.
    /// Returns the time left.
    pub fn record(&mut self, used_ms: u64) -> u64 {
        self.left_ms = self.left_ms.saturating_sub(used_ms);
        self.left_ms = self.left_ms.saturating_add(self.control.increment_ms);
        self.moves_made = self.moves_made.saturating_add(1);
        // A period just ended: its full count of moves is to go again.
        let period = self.control.moves;
        if period > 0 && self.moves_to_go() == Some(period) {
            self.left_ms = self.left_ms.saturating_add(self.control.base_ms);
        }
        self.left_ms
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
    /// A game clock set the target: the search's [`Stability`] stretches
    /// or shrinks it ([`TimeBudget::adjusted`]), and a position with one
    /// legal move stops after the first iteration ([`TimeBudget::forced`]).
    pub adaptive: bool,
}

impl TimeBudget {
    /// The budget with its target and last start scaled by `factor`
    /// thousandths ([`Stability::factor`]), never past the hard limit (the
    /// last start never past [`tuning::GAME_TIME_LAST_START`] of it).
    /// Unchanged unless [`TimeBudget::adaptive`]: a fixed move time is
    /// used whatever the search finds.
    pub(crate) fn adjusted(&self, factor: u64) -> TimeBudget {
        use tuning::*;
        if !self.adaptive {
            return *self;
        }
        TimeBudget {
            last_start: per_mille(self.last_start, factor)
                .min(per_mille(self.hard, GAME_TIME_LAST_START)),
            target: per_mille(self.target, factor).min(self.hard),
            ..*self
        }
    }

    /// The budget of a position with one legal move: no iteration after
    /// the first (which the search always completes, within the hard limit)
    /// when [`TimeBudget::adaptive`]; unchanged otherwise.
    pub(crate) fn forced(&self) -> TimeBudget {
        if !self.adaptive {
            return *self;
        }
        TimeBudget {
            last_start: 0,
            target: 0,
            ..*self
        }
    }

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

/// What the iterations of a search have shown so far: whether its best
/// move keeps changing, whether its score drops, how long its best move has
/// stayed the same; [`Stability::factor`] turns that into a share of the
/// move's planned time ([`TimeBudget::adjusted`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stability {
    /// The last iteration's best move (its key) and score (centimen).
    last: Option<(u32, i32)>,
    /// Iterations in a row whose best move was the one before's.
    stable: u32,
    /// Changes of the best move, in thousandths, halved every iteration.
    changes: u64,
    /// How far the score fell in the last iteration (centimen, 0: it did not).
    drop: u64,
}

impl Stability {
    /// Records an iteration's best move (`key`) and score.
    pub(crate) fn update(&mut self, key: u32, score: i32) {
        self.changes /= 2;
        self.drop = 0;
        if let Some((last_key, last_score)) = self.last {
            if key == last_key {
                self.stable += 1;
            } else {
                self.stable = 0;
                self.changes += 1000;
            }
            self.drop = u64::try_from(i64::from(last_score) - i64::from(score)).unwrap_or(0);
        }
        self.last = Some((key, score));
    }

    /// The share of the planned time the move gets, in thousandths: more
    /// after a change of the best move (2x at once, then halving back
    /// towards 1x) and after a score drop of
    /// [`tuning::DROP_MIN`] or more (up to [`tuning::DROP_MAX_SHARE`]); less
    /// when the best move has stayed the same for
    /// [`tuning::STABLE_ITERATIONS`] iterations or more and the score holds
    /// ([`tuning::STABLE_SHARE`]). Within [`tuning::FACTOR_MIN`]..=
    /// [`tuning::FACTOR_MAX`].
    pub(crate) fn factor(&self) -> u64 {
        use tuning::*;
        let unstable = 1000 + per_mille(self.changes, CHANGE_WEIGHT);
        let dropped = if self.drop >= DROP_MIN {
            1000 + (DROP_MAX_SHARE - 1000) * self.drop.min(DROP_FULL) / DROP_FULL
        } else {
            1000
        };
        let settled = if self.stable >= STABLE_ITERATIONS && self.drop < DROP_MIN {
            STABLE_SHARE
        } else {
            1000
        };
        let f = per_mille(per_mille(unstable, dropped), settled);
        f.clamp(FACTOR_MIN, FACTOR_MAX)
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
    /// With a game clock: the planned time grows by this share of itself
    /// on a change of the best move (the count of changes halves every
    /// iteration).
    pub const CHANGE_WEIGHT: u64 = 1000;
    /// With a game clock: a score that falls by this many centimen from
    /// one iteration to the next asks for more time...
    pub const DROP_MIN: u64 = 15;
    /// ...up to this share of the planned time...
    pub const DROP_MAX_SHARE: u64 = 1800;
    /// ...reached at a fall of this many centimen.
    pub const DROP_FULL: u64 = 100;
    /// With a game clock: the best move the same for this many iterations
    /// in a row (and the score not falling) is taken as clearly best...
    pub const STABLE_ITERATIONS: u32 = 6;
    /// ...and the move gets this share of its planned time.
    pub const STABLE_SHARE: u64 = 550;
    /// With a game clock for the whole game: the moves to go assumed with
    /// every man of the start on the board...
    pub const MOVES_TO_GO_START: u32 = 30;
    /// ...and with none left (in proportion between:
    /// [`assumed_moves_to_go`](super::assumed_moves_to_go)). Before, 30
    /// whatever the position: 1-minute games against Scan 2.0 ended with
    /// 16 to 18 s of our 60 unused, a quarter of their moves forced (a
    /// single legal move, answered at once) and the others using about
    /// 80% of their plan.
    pub const MOVES_TO_GO_END: u32 = 8;
    /// The least share of the planned time a move gets.
    pub const FACTOR_MIN: u64 = 400;
    /// The most (the hard limit, twice the planned time, bounds it too).
    pub const FACTOR_MAX: u64 = 2500;
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
            adaptive: false,
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

    fn game(left: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            time_left_ms: Some(left),
            increment_ms: inc,
            moves_to_go: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn move_budget_follows_time_left_moves_to_go_and_increment() {
        // 60 s for 30 moves: 2 s planned, at most twice that.
        let b = game(60_000, 0, Some(30)).move_budget().unwrap();
        assert_eq!((b.target_ms, b.max_ms), (2_000, 4_000));
        // No moves to go given: those of a full board assumed.
        let full = game(60_000, 0, Some(MOVES_TO_GO_START)).move_budget();
        assert_eq!(game(60_000, 0, None).move_budget(), full);
        // Three quarters of the increment on top.
        let b = game(60_000, 1_000, Some(30)).move_budget().unwrap();
        assert_eq!(b.target_ms, 2_750);
        // Fewer moves to go, more per move; never over half the time left.
        let b = game(60_000, 0, Some(10)).move_budget().unwrap();
        assert_eq!((b.target_ms, b.max_ms), (6_000, 12_000));
        let b = game(60_000, 0, Some(1)).move_budget().unwrap();
        assert_eq!((b.target_ms, b.max_ms), (30_000, 30_000));
    }

    #[test]
    fn game_clock_counts_the_time_the_moves_and_the_periods() {
        let control = TimeControl {
            base_ms: 120_000,
            moves: 40,
            increment_ms: 0,
        };
        let mut clock = GameClock::new(control);
        assert_eq!(clock.moves_to_go(), Some(40));
        for _ in 0..39 {
            clock.record(1_000);
        }
        assert_eq!((clock.left_ms(), clock.moves_to_go()), (81_000, Some(1)));
        // The 40th move ends the period: the next 40 moves get 2 minutes more.
        assert_eq!(clock.record(1_000), 80_000 + 120_000);
        assert_eq!(clock.moves_to_go(), Some(40));
        assert_eq!(clock.limits().moves_to_go, Some(40));
        // More than is left: the clock stops at 0.
        let mut sudden = GameClock::new(TimeControl {
            base_ms: 5_000,
            moves: 0,
            increment_ms: 100,
        });
        assert_eq!(sudden.moves_to_go(), None);
        assert_eq!(sudden.record(9_000), 100);
        assert_eq!(sudden.limits().time_left_ms, Some(100));
        assert_eq!(sudden.limits().increment_ms, 100);
    }

    /// Plays `moves` moves on `control`, each taking what `used` says of
    /// its budget; the time left after each.
    fn model(
        control: TimeControl,
        moves: u32,
        mut used: impl FnMut(MoveBudget) -> u64,
    ) -> Vec<u64> {
        let mut clock = GameClock::new(control);
        (0..moves)
            .map(|_| {
                let b = clock.limits().move_budget().unwrap();
                assert!(b.target_ms <= b.max_ms);
                assert!(b.max_ms <= clock.left_ms() / 2 + clock.control().increment_ms);
                clock.record(used(b))
            })
            .collect()
    }

    #[test]
    fn a_game_of_n_moves_never_runs_out_of_time_in_the_model() {
        let controls = [
            // DXP's usual: minutes for the whole game.
            TimeControl {
                base_ms: 60_000,
                moves: 0,
                increment_ms: 0,
            },
            TimeControl {
                base_ms: 120_000,
                moves: 40,
                increment_ms: 0,
            },
            TimeControl {
                base_ms: 10_000,
                moves: 0,
                increment_ms: 200,
            },
        ];
        for control in controls {
            // Every move takes the most the search allows (the hard cut,
            // which instability reaches at most): 200 moves and time is
            // still left.
            let worst = model(control, 200, |b| b.max_ms);
            assert!(worst.iter().all(|&left| left > 0), "{control:?}");
            // Moves taking their plan and 5 ms more (the cut's polling, the
            // messages): 120 moves with time left, the first 80 each
            // planned a real share (at least 1/500 of the period's time).
            let mut n = 0;
            let planned = model(control, 120, |b| {
                n += 1;
                assert!(
                    n > 80 || b.target_ms >= control.base_ms / 500,
                    "{control:?}: {b:?}"
                );
                b.target_ms + 5
            });
            assert!(planned.iter().all(|&left| left > 0), "{control:?}");
        }
    }

    #[test]
    fn instability_extends_the_budget_within_the_hard_cap() {
        let b = game(60_000, 0, Some(30)).budget().unwrap();
        assert!(b.adaptive);
        let mut s = Stability::default();
        s.update(1, 10);
        s.update(1, 12);
        assert_eq!(s.factor(), 1000);
        assert_eq!(b.adjusted(s.factor()), b);
        // The best move changes: twice the planned time...
        s.update(2, 14);
        assert_eq!(s.factor(), 1000 + CHANGE_WEIGHT);
        let more = b.adjusted(s.factor());
        assert!(more.target > b.target && more.last_start > b.last_start);
        assert!(more.target <= b.hard && more.hard == b.hard);
        // ...halving back as it stays.
        s.update(2, 14);
        assert_eq!(s.factor(), 1000 + CHANGE_WEIGHT / 2);
        // It keeps changing: capped, and never past the hard cut.
        for i in 0..10 {
            s.update(3 + i, 14);
        }
        assert_eq!(s.factor(), FACTOR_MAX);
        let most = b.adjusted(s.factor());
        assert_eq!(most.target, b.hard);
        assert!(most.last_start < b.hard);
        // A score that falls asks for more too.
        let mut s = Stability::default();
        s.update(1, 30);
        s.update(1, 30 - DROP_MIN as i32 + 1);
        assert_eq!(s.factor(), 1000);
        s.update(1, -200);
        assert_eq!(s.factor(), DROP_MAX_SHARE);
        // A fixed move time is used whatever the search finds.
        let fixed = Limits::move_time(1000).budget().unwrap();
        assert_eq!(fixed.adjusted(FACTOR_MAX), fixed);
        assert_eq!(fixed.adjusted(FACTOR_MIN), fixed);
        assert_eq!(fixed.forced(), fixed);
    }

    #[test]
    fn a_clearly_best_move_stops_early() {
        let b = game(60_000, 0, Some(30)).budget().unwrap();
        let mut s = Stability::default();
        s.update(7, 20);
        for _ in 0..STABLE_ITERATIONS {
            s.update(7, 20);
        }
        assert_eq!(s.factor(), STABLE_SHARE);
        let less = b.adjusted(s.factor());
        assert!(less.target < b.target && less.last_start < b.last_start);
        // Unless its score falls.
        s.update(7, -40);
        assert!(s.factor() > 1000);
    }

    /// An International position with `men` men (White's from square 50
    /// down, Black's from square 1 up, alternately) and a king on each
    /// side that has room for one (20 pieces at most).
    fn with_men(men: u32) -> Position<crate::International> {
        let white: Vec<String> = (0..men.div_ceil(2)).map(|i| (50 - i).to_string()).collect();
        let black: Vec<String> = (0..men / 2).map(|i| (1 + i).to_string()).collect();
        let mut w = white.join(",");
        let mut b = black.join(",");
        for (side, king) in [(&mut w, "K28"), (&mut b, "K23")] {
            if side.split(',').count() >= 20 {
                continue;
            }
            if !side.is_empty() {
                side.push(',');
            }
            side.push_str(king);
        }
        format!("W:W{w}:B{b}").parse().unwrap()
    }

    #[test]
    fn the_moves_to_go_assumed_fall_with_the_men() {
        let start = Position::<crate::International>::start();
        assert_eq!(assumed_moves_to_go(&start), MOVES_TO_GO_START);
        assert_eq!(
            assumed_moves_to_go(&Position::<crate::English>::start()),
            MOVES_TO_GO_START
        );
        assert_eq!(assumed_moves_to_go(&with_men(40)), MOVES_TO_GO_START);
        assert_eq!(assumed_moves_to_go(&with_men(0)), MOVES_TO_GO_END);
        let all: Vec<u32> = (0..=40)
            .map(|m| assumed_moves_to_go(&with_men(m)))
            .collect();
        assert!(all.windows(2).all(|w| w[0] <= w[1]), "{all:?}");
        // Half the men: half-way.
        assert_eq!(all[20], (MOVES_TO_GO_START + MOVES_TO_GO_END) / 2);
        // An explicit number of moves to go is kept whatever the position.
        let limits = game(60_000, 0, Some(30));
        assert_eq!(
            limits.move_budget_at(&with_men(2)),
            limits.move_budget_at(&start)
        );
        // Fewer men, more of the time left for the move.
        let whole = game(60_000, 0, None);
        let few = whole.move_budget_at(&with_men(4)).unwrap();
        let many = whole.move_budget_at(&start).unwrap();
        assert!(few.target_ms > many.target_ms && few.max_ms > many.max_ms);
        assert_eq!(whole.move_budget_at(&start), whole.move_budget());
    }

    /// Plays a whole-game clock of 60 s over `moves` moves in which the
    /// men go from 40 to 0 evenly, each move taking what `used` says of
    /// its budget, with `assumed` deciding the moves to go; the time left
    /// after each move.
    fn thinning_game(
        moves: u32,
        assumed: impl Fn(&Position<crate::International>) -> u32,
        mut used: impl FnMut(MoveBudget) -> u64,
    ) -> Vec<u64> {
        let mut clock = GameClock::new(TimeControl {
            base_ms: 60_000,
            moves: 0,
            increment_ms: 0,
        });
        (0..moves)
            .map(|i| {
                let position = with_men(40 - 40 * i / moves);
                let b = MoveBudget::from(clock.limits().budget_over(assumed(&position)).unwrap());
                assert!(b.max_ms <= clock.left_ms() / 2);
                clock.record(used(b))
            })
            .collect()
    }

    #[test]
    fn a_game_that_thins_out_uses_more_of_its_clock_and_never_runs_out() {
        // Each move its plan: 70 moves (a long International game).
        let planned = |b: MoveBudget| b.target_ms;
        let fixed = thinning_game(70, |_| MOVES_TO_GO_START, planned);
        let by_men = thinning_game(70, assumed_moves_to_go, planned);
        let (fixed_left, by_men_left) = (*fixed.last().unwrap(), *by_men.last().unwrap());
        // A fixed 30 leaves about a tenth of the minute unused; sharing by
        // the men left uses most of that.
        assert!(fixed_left > 5_000, "{fixed_left}");
        assert!(
            by_men_left * 2 < fixed_left,
            "{by_men_left} of {fixed_left}"
        );
        // The middle game (moves 15 to 45) gets more time than before.
        let spent = |left: &[u64]| left[14] - left[44];
        assert!(spent(&by_men) > spent(&fixed));
        // Every move at the hard cut, 200 moves: time is still left.
        let worst = thinning_game(200, assumed_moves_to_go, |b| b.max_ms);
        assert!(worst.iter().all(|&left| left > 0));
    }

    #[test]
    fn a_forced_move_starts_no_iteration_after_the_first() {
        let b = game(60_000, 0, Some(30)).budget().unwrap().forced();
        assert_eq!((b.last_start, b.target), (0, 0));
        assert!(!b.starts_iteration(0, 0, 0));
    }

    /// A clock that advances 1 ms each time it is read: the search's time
    /// is then its count of clock reads, whatever the machine's load.
    fn ticking() -> impl Fn() -> u64 {
        let t = std::cell::Cell::new(0u64);
        move || {
            t.set(t.get() + 1);
            t.get()
        }
    }

    #[test]
    fn a_search_with_one_legal_move_uses_about_no_time() {
        use crate::engine::{Engine, Hooks};
        use crate::{Game, International};
        let mut game = Game::<International>::new();
        game.play_text("32-28").unwrap();
        game.play_text("19-23").unwrap();
        assert_eq!(game.legal_moves().len(), 1);
        let limits = game_limits_for_tests();
        let clock = ticking();
        let r = Engine::with_tt_mib(1).search(&game, &limits, Hooks::with_clock(&clock));
        assert_eq!(r.depth, 1);
        assert!(r.time_ms <= 5, "{} ms", r.time_ms);
        // The same clock and time on a position with a choice: deeper, and
        // within the hard cut.
        let mut open = Game::<International>::new();
        open.play_text("32-28").unwrap();
        let clock = ticking();
        let r = Engine::with_tt_mib(1).search(&open, &limits, Hooks::with_clock(&clock));
        let hard = limits.move_budget().unwrap().max_ms;
        assert!(r.depth > 1 && r.time_ms > 5);
        assert!(r.time_ms <= hard + 1, "{} ms > {hard} ms", r.time_ms);
    }

    fn game_limits_for_tests() -> Limits {
        game(3_000, 0, Some(30))
    }
}
