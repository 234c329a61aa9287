//! Many positions scored at once, natively in parallel: the evaluation
//! curve of a game database, or a list of positions, without a loop in the
//! caller's language.
//!
//! [`analyse_many`] takes games on the run-time face (`Box<dyn DynGame>`,
//! [`AnyGame`](crate::AnyGame), any mix of variants and house rules). With
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
//!     game.play(mv).unwrap();
//! }
//! let options = BatchOptions { every_ply: true, threads: 2, ..BatchOptions::new(Limits::depth(4)) };
//! let curve = analyse_many(&[game], &options, |_| true);
//! assert_eq!(curve.len(), 4); // the start and after each of the 3 moves
//! assert_eq!(curve.iter().map(|r| r.ply).collect::<Vec<_>>(), [0, 1, 2, 3]);
//! assert!(curve.iter().all(|r| r.search.depth == 4 && r.search.best.is_some()));
//! ```

use core::ops::Deref;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{Engine, Hooks, Limits, NoClock, Search};
use crate::dynamic::{DynGame, MoveInfo};

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
    pub search: Search<MoveInfo>,
}

/// Scores the positions of `games` (any mix of variants and house rules,
/// as `Box<dyn DynGame>`, [`AnyGame`](crate::AnyGame) or `&dyn DynGame`):
/// each game at every ply with [`BatchOptions::every_ply`], else at its
/// current position; results sorted by game, then ply. With `every_ply`,
/// each game is replayed from its start position in the automatic draw mode.
///
/// `progress` is called on the calling thread with each result as it
/// arrives; when it returns `false` the batch stops (searches under way
/// finish, no new one starts) and the results so far are returned.
///
/// ```
/// use draughts::dynamic::new_game;
/// use draughts::engine::{analyse_many, BatchOptions, Limits};
///
/// let mut site = new_game("spanish-site").unwrap();
/// let first = site.legal_moves().remove(0);
/// site.play(&first).unwrap();
/// let games = [site, new_game("english").unwrap()];
/// let options = BatchOptions { every_ply: true, threads: 2, ..BatchOptions::new(Limits::depth(3)) };
/// let results = analyse_many(&games, &options, |_| true);
/// let rows: Vec<(usize, usize)> = results.iter().map(|r| (r.game, r.ply)).collect();
/// assert_eq!(rows, [(0, 0), (0, 1), (1, 0)]);
/// assert!(results.iter().all(|r| r.search.depth == 3 && r.search.best.is_some()));
/// ```
pub fn analyse_many<G>(
    games: &[G],
    options: &BatchOptions,
    progress: impl FnMut(&BatchResult) -> bool,
) -> Vec<BatchResult>
where
    G: Deref<Target = dyn DynGame> + Sync,
{
    run_batch(
        games.len(),
        options,
        |i, engine, stop, emit| {
            let game: &dyn DynGame = &*games[i];
            let mut send = |ply: usize, g: &dyn DynGame| {
                let hooks = Hooks {
                    clock: &NoClock,
                    stop: Some(stop),
                    info: None,
                };
                let search = g.engine_search(engine, &options.limits, hooks);
                emit(BatchResult {
                    game: i,
                    ply,
                    search,
                })
            };
            if !options.every_ply {
                return send(game.ply_count(), game);
            }
            let mut g = game.start_position().to_game();
            if !send(0, g.as_ref()) {
                return false;
            }
            for (ply, mv) in game.moves().iter().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if g.play(mv).is_err() {
                    // A game's own moves replay from its start; should one not, the
                    // positions after it are left out rather than scored wrongly.
                    break;
                }
                if !send(ply + 1, g.as_ref()) {
                    return false;
                }
            }
            true
        },
        |r| (r.game, r.ply),
        progress,
    )
}

/// The thread pool of a batch ([`analyse_many`]'s, and the endgame
/// databases' or any other caller's in the crate): games
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::new_game;
    use crate::{AnyGame, Game, Russian, VariantKind};

    #[test]
    fn the_same_searches_as_the_typed_engine() {
        // Each result is the typed engine's own search of that position,
        // by one engine cleared at the start of the game and kept from ply
        // to ply (as the batch does; its table carries over between the
        // game's plies).
        let moves = ["c3-d4", "f6-g5", "b2-c3"];
        let mut any = AnyGame::new(VariantKind::Russian);
        let mut curve = Vec::new();
        for mv in moves {
            any.play(mv).unwrap();
        }
        let options = BatchOptions {
            every_ply: true,
            ..BatchOptions::new(Limits::depth(5))
        };
        let mut replay = Game::<Russian>::new();
        let mut engine = Engine::with_tt_mib(options.tt_mib.max(1));
        for ply in 0..=moves.len() {
            let r = engine.search(&replay, &Limits::depth(5), Hooks::default());
            curve.push((r.best.map(|m| m.to_string()), r.score, r.nodes));
            if ply < moves.len() {
                replay.play_text(moves[ply]).unwrap();
            }
        }
        let batch = analyse_many(&[any.clone()], &options, |_| true);
        let got: Vec<_> = batch
            .iter()
            .map(|r| {
                (
                    r.search.best.as_ref().map(|m| m.text.clone()),
                    r.search.score,
                    r.search.nodes,
                )
            })
            .collect();
        assert_eq!(got, curve);
        let last = analyse_many(&[any], &BatchOptions::new(Limits::depth(5)), |_| true);
        assert_eq!(last.len(), 1);
        assert_eq!((last[0].game, last[0].ply), (0, 3));
        // A game scored at its last position only: one search, fresh table.
        let fresh = Engine::with_tt_mib(options.tt_mib.max(1)).search(
            &replay,
            &Limits::depth(5),
            Hooks::default(),
        );
        assert_eq!(
            (last[0].search.score, last[0].search.nodes),
            (fresh.score, fresh.nodes)
        );
    }

    #[test]
    fn progress_false_stops_the_batch() {
        // The worker does not wait for the calling thread, so it may finish
        // a few more searches before it sees the stop; searches long enough
        // that it cannot finish all of them first, even on a loaded machine
        // (tens of milliseconds each, natively).
        let games: Vec<Box<dyn DynGame>> =
            (0..32).map(|_| new_game("thai-site").unwrap()).collect();
        let r = analyse_many(&games, &BatchOptions::new(Limits::depth(10)), |_| false);
        assert!(
            !r.is_empty() && r.len() < games.len() / 2,
            "{} results",
            r.len()
        );
    }
}
