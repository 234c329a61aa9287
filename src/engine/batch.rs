//! Many positions scored at once, natively in parallel: the evaluation
//! curve of a game database, or a list of positions, without a loop in the
//! caller's language.
//!
//! [`analyse_many`] takes games ([`AnyGame`], any mix of variants). With
//! [`BatchOptions::every_ply`] each game is scored at every position from
//! its start to its current one (an evaluation curve); without it, only at
//! its current position. Work is shared out game by game between
//! [`BatchOptions::threads`] threads, each with its own engine whose table
//! is cleared at the start of every game, so the results do not depend on
//! the number of threads.
//!
//! ```
//! use draughts::engine::{analyse_many, BatchOptions, Limits};
//! use draughts::{AnyGame, VariantKind};
//!
//! let mut game = AnyGame::new(VariantKind::Russian);
//! for mv in ["c3-d4", "f6-g5", "b2-c3"] {
//!     game.play_text(mv).unwrap();
//! }
//! let options = BatchOptions { every_ply: true, threads: 2, ..BatchOptions::new(Limits::depth(4)) };
//! let curve = analyse_many(&[game], &options, |_| true);
//! assert_eq!(curve.len(), 4); // the start and after each of the 3 moves
//! assert_eq!(curve.iter().map(|r| r.ply).collect::<Vec<_>>(), [0, 1, 2, 3]);
//! assert!(curve.iter().all(|r| r.search.depth == 4 && r.search.best.is_some()));
//! ```

use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{AnySearch, Engine, Limits, NoClock};
use crate::any::AnyGame;

/// How [`analyse_many`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchOptions {
    /// The limits of each search. Time limits have no clock here (the
    /// batch runs on [`NoClock`]): give a depth or a node count; a search
    /// with time limits alone gets [`NO_CLOCK_NODES`](super::NO_CLOCK_NODES).
    pub limits: Limits,
    /// Threads (at least one is used).
    pub threads: usize,
    /// Score every position of each game, not only its current one.
    pub every_ply: bool,
    /// Transposition table per thread, in MiB.
    pub tt_mib: usize,
}

impl BatchOptions {
    /// One thread, current positions only, a 4 MiB table.
    pub fn new(limits: Limits) -> BatchOptions {
        BatchOptions {
            limits,
            threads: 1,
            every_ply: false,
            tt_mib: 4,
        }
    }
}

/// The score of one position of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchResult {
    /// The index of its game in the input.
    pub game: usize,
    /// Plies from the game's start to this position.
    pub ply: usize,
    /// The search of it (score for the side to move there).
    pub search: AnySearch,
}

/// Scores the positions of `games`: each game at every ply with
/// [`BatchOptions::every_ply`], else at its current position; results
/// sorted by game, then ply.
///
/// `progress` is called on the calling thread with each result as it
/// arrives; when it returns `false` the batch stops (searches under way
/// finish, no new one starts) and the results so far are returned. A game
/// whose moves cannot be replayed from its start cannot occur: an
/// [`AnyGame`] holds only legal moves.
pub fn analyse_many(
    games: &[AnyGame],
    options: &BatchOptions,
    progress: impl FnMut(&BatchResult) -> bool,
) -> Vec<BatchResult> {
    run_batch(
        games.len(),
        options,
        |i, engine, stop, emit| {
            let game = &games[i];
            let mut send = |ply: usize, g: &AnyGame| {
                let search = g.search(engine, &options.limits, &NoClock, Some(stop));
                emit(BatchResult {
                    game: i,
                    ply,
                    search,
                })
            };
            if !options.every_ply {
                return send(game.ply_count(), game);
            }
            let mut g = AnyGame::from_position(game.start());
            if !send(0, &g) {
                return false;
            }
            for (ply, mv) in game.moves_text().iter().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                g.play_text(mv)
                    .expect("a game's own moves replay from its start");
                if !send(ply + 1, &g) {
                    return false;
                }
            }
            true
        },
        |r| (r.game, r.ply),
        progress,
    )
}

/// The thread pool of a batch, for any kind of game and result (the typed
/// [`analyse_many`] and the dynamic face's
/// [`dynamic::analyse_many`](crate::dynamic::analyse_many)): games
/// `0..count` shared out one at a time between [`BatchOptions::threads`]
/// threads, each with its own engine, cleared before every game.
///
/// `score_game(index, engine, stop, emit)` scores one game, passing each
/// result to `emit` (false: the batch is over, stop) and returns false to
/// end its thread. `progress` sees each result on the calling thread as it
/// arrives; false stops the batch (searches under way finish, no new game
/// starts). The results come back sorted by `key`.
pub(crate) fn run_batch<R: Send>(
    count: usize,
    options: &BatchOptions,
    score_game: impl Fn(usize, &mut Engine, &AtomicBool, &mut dyn FnMut(R) -> bool) -> bool + Sync,
    key: impl Fn(&R) -> (usize, usize),
    mut progress: impl FnMut(&R) -> bool,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let threads = options.threads.clamp(1, count.max(1));
    let mut results = Vec::new();
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<R>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop, score_game) = (&next, &stop, &score_game);
            s.spawn(move || {
                let mut engine = Engine::with_tt_mib(options.tt_mib.max(1));
                let mut emit = |r: R| tx.send(r).is_ok();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    engine.clear();
                    if !score_game(i, &mut engine, stop, &mut emit) {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            let go_on = progress(&r);
            results.push(r);
            if !go_on {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    results.sort_by_key(|r| key(r));
    results
}
