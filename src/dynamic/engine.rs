//! The engine's hooks and answers ([`Hooks`], [`Search`], [`Analysis`],
//! [`Played`]) for [`DynGame`](super::DynGame)'s engine calls, with their
//! moves as [`MoveInfo`]: no variant type.

use super::moves::MoveInfo;
use crate::engine::{Analysis, Hooks, Info, Played, Search};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

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

/// Runs `f` with typed hooks that forward each iteration to `hooks.info`,
/// its line as [`MoveInfo`]s.
pub(crate) fn with_hooks<V: Variant, T>(
    pos: &Position<V>,
    hooks: Hooks<'_, MoveInfo>,
    f: impl FnOnce(Hooks<'_, Move<V>>) -> T,
) -> T {
    let Hooks { clock, stop, info } = hooks;
    match info {
        None => f(Hooks {
            clock,
            stop,
            info: None,
        }),
        Some(callback) => {
            let mut forward = |i: &Info<'_, Move<V>>| {
                let pv = line(pos, i.pv);
                callback(&Info {
                    depth: i.depth,
                    seldepth: i.seldepth,
                    score: i.score,
                    nodes: i.nodes,
                    time_ms: i.time_ms,
                    nps: i.nps,
                    pv: &pv,
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
