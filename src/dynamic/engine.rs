//! The engine's hooks as neutral data, for [`DynGame`](super::DynGame)'s
//! engine calls, and its answers ([`Search`], [`Analysis`], [`Played`])
//! with their moves as [`MoveInfo`]: no variant type.

use core::sync::atomic::AtomicBool;

use super::moves::MoveInfo;
use crate::engine::{Analysis, Clock, Hooks, Info, NoClock, Played, Score, Search};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

/// What a search run through the dynamic face may call back: the clock, a
/// stop flag another thread can set, and a callback per completed
/// iteration ([`Hooks`] without the variant type).
pub struct DynHooks<'a> {
    /// The time source.
    pub clock: &'a dyn Clock,
    /// Set it to `true` to stop the search; the best move found so far is returned.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each completed iteration.
    pub info: Option<&'a mut dyn FnMut(&DynInfo)>,
}

impl Default for DynHooks<'_> {
    fn default() -> Self {
        DynHooks {
            clock: &NoClock,
            stop: None,
            info: None,
        }
    }
}

impl<'a> DynHooks<'a> {
    /// Hooks with a clock only.
    pub fn with_clock(clock: &'a dyn Clock) -> Self {
        DynHooks {
            clock,
            stop: None,
            info: None,
        }
    }
}

/// Progress of a search after one iteration ([`Info`] with the line as
/// [`MoveInfo`]s).
#[derive(Clone, Debug, PartialEq)]
pub struct DynInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation, best move first.
    pub pv: Vec<MoveInfo>,
}

/// A line of moves from `pos`, each with its text in the position it is
/// played from.
pub(crate) fn line<V: Variant>(pos: &Position<V>, moves: &[Move<V>]) -> Vec<MoveInfo> {
    let mut at = *pos;
    moves
        .iter()
        .map(|m| {
            let info = MoveInfo::new(&at, m);
            at = at.play(m);
            info
        })
        .collect()
}

/// Runs `f` with typed hooks that forward each iteration to `hooks.info`.
pub(crate) fn with_hooks<V: Variant, T>(
    pos: &Position<V>,
    hooks: DynHooks<'_>,
    f: impl FnOnce(Hooks<'_, V>) -> T,
) -> T {
    let DynHooks { clock, stop, info } = hooks;
    match info {
        None => f(Hooks {
            clock,
            stop,
            info: None,
        }),
        Some(callback) => {
            let mut forward = |i: &Info<'_, V>| {
                callback(&DynInfo {
                    depth: i.depth,
                    seldepth: i.seldepth,
                    score: i.score,
                    nodes: i.nodes,
                    time_ms: i.time_ms,
                    nps: i.nps,
                    pv: line(pos, i.pv),
                })
            };
            f(Hooks {
                clock,
                stop,
                info: Some(&mut forward),
            })
        }
    }
}

/// A level's move as the run-time face gives it: moves as [`MoveInfo`].
pub(crate) fn played<V: Variant>(pos: &Position<V>, p: Played<Move<V>>) -> Played<MoveInfo> {
    Played {
        mv: MoveInfo::new(pos, &p.mv),
        score: p.score,
        depth: p.depth,
        pv: line(pos, &p.pv),
        nodes: p.nodes,
    }
}

/// A search as the run-time face gives it: moves as [`MoveInfo`].
pub(crate) fn search<V: Variant>(pos: &Position<V>, r: Search<Move<V>>) -> Search<MoveInfo> {
    Search {
        best: r.best.as_ref().map(|m| MoveInfo::new(pos, m)),
        score: r.score,
        pv: line(pos, &r.pv),
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        time_ms: r.time_ms,
    }
}

/// An analysis as the run-time face gives it: moves as [`MoveInfo`].
pub(crate) fn analysis<V: Variant>(pos: &Position<V>, a: Analysis<Move<V>>) -> Analysis<MoveInfo> {
    Analysis {
        moves: a
            .moves
            .iter()
            .map(|(m, s)| (MoveInfo::new(pos, m), *s))
            .collect(),
        depth: a.depth,
        nodes: a.nodes,
    }
}
