//! Ctrl-C in long calls: code running without the GIL asks a [`Poll`] now
//! and then whether to stop; it looks (briefly taking the GIL to run
//! Python's signal handlers) at most every [`INTERVAL`]. A handler that
//! raises (Ctrl-C: `KeyboardInterrupt`) stops the work, and the exception is
//! raised when the call returns.
//!
//! Perft is counted here by root moves down to small subtrees that the
//! library counts at full speed, polling between them.

use std::time::{Duration, Instant};

use draughts::dynamic::DynPosition;
use draughts::MoveMode;
use pyo3::prelude::*;

/// How often a poll runs Python's signal handlers.
pub(crate) const INTERVAL: Duration = Duration::from_millis(20);

/// The largest perft depth accepted: no deeper count would finish (or fit
/// in 64 bits) anyway.
pub(crate) const MAX_PERFT_DEPTH: i128 = 30;

/// Subtrees of this depth (or less) are counted by the library in one call:
/// a few thousand nodes (a few hundred microseconds at most) on one thread.
const LEAF_DEPTH: u32 = 4;

/// With several threads, subtrees of this depth go to the library's parallel
/// perft: enough work per call to keep the threads busy.
const PARALLEL_LEAF_DEPTH: u32 = 7;

/// Stop-or-go for work done without the GIL.
pub(crate) struct Poll {
    last: Instant,
    failed: Option<PyErr>,
}

impl Poll {
    pub(crate) fn new() -> Poll {
        Poll {
            last: Instant::now(),
            failed: None,
        }
    }

    /// True once the work should stop (a signal handler raised).
    pub(crate) fn stop(&mut self) -> bool {
        if self.failed.is_some() {
            return true;
        }
        if self.last.elapsed() < INTERVAL {
            return false;
        }
        self.last = Instant::now();
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            self.failed = Some(e);
            return true;
        }
        false
    }

    /// The result, or the exception that stopped the work.
    pub(crate) fn finish<T>(self, value: Option<T>) -> PyResult<T> {
        match (self.failed, value) {
            (Some(e), _) => Err(e),
            (None, Some(v)) => Ok(v),
            // Work only stops when a handler raised.
            (None, None) => Err(crate::errors::DraughtsError::new_err(
                "the work stopped without a reason",
            )),
        }
    }
}

/// Perft as the library counts it (the sum over the legal moves of perft
/// below each), polling between subtrees; None once `poll` says stop.
pub(crate) fn perft_polled(
    pos: &dyn DynPosition,
    depth: u32,
    mode: MoveMode,
    threads: usize,
    poll: &mut Poll,
) -> Option<u64> {
    let parallel = threads > 1;
    let leaf = if parallel {
        PARALLEL_LEAF_DEPTH
    } else {
        LEAF_DEPTH
    };
    if depth <= leaf {
        let n = if parallel {
            pos.perft_parallel(depth, mode, threads)
        } else {
            pos.perft(depth, mode)
        };
        return (!poll.stop()).then_some(n);
    }
    let mut total: u64 = 0;
    for next in pos.successors(mode) {
        let n = perft_polled(next.as_ref(), depth - 1, mode, threads, poll)?;
        total = total.wrapping_add(n);
    }
    Some(total)
}
