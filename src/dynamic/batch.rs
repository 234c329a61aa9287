//! [`analyse_many`]: many games of any variant or house rule scored in
//! parallel through the dynamic face, as [`engine::analyse_many`] scores
//! [`AnyGame`](crate::AnyGame)s.
//!
//! [`engine::analyse_many`]: crate::engine::analyse_many

use core::sync::atomic::Ordering;

use super::engine::{DynHooks, DynSearch};
use super::game::DynGame;
use crate::engine::batch::run_batch;
use crate::engine::{BatchOptions, NoClock};

/// The score of one position of a batch ([`BatchResult`](crate::engine::BatchResult)
/// with the search as [`DynSearch`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DynBatchResult {
    /// The index of its game in the input.
    pub game: usize,
    /// Plies from the game's start to this position.
    pub ply: usize,
    /// The search of it (score for the side to move there).
    pub search: DynSearch,
}

/// Scores the positions of `games` (any mix of variants and house rules):
/// each game at every ply with [`BatchOptions::every_ply`], else at its
/// current position; results sorted by game, then ply. The same searches as
/// [`engine::analyse_many`](crate::engine::analyse_many): one engine per
/// thread, its table cleared at the start of every game, so the results do
/// not depend on [`BatchOptions::threads`]; with `every_ply`, each game is
/// replayed from its start position in the automatic draw mode.
///
/// `progress` is called on the calling thread with each result as it
/// arrives; when it returns `false` the batch stops (searches under way
/// finish, no new one starts) and the results so far are returned.
///
/// ```
/// use draughts::dynamic::{analyse_many, new_game};
/// use draughts::engine::{BatchOptions, Limits};
///
/// let mut site = new_game("spanish-site").unwrap();
/// let first = site.legal_moves_text().remove(0);
/// site.play_text(&first).unwrap();
/// let games = [site, new_game("english").unwrap()];
/// let options = BatchOptions { every_ply: true, threads: 2, ..BatchOptions::new(Limits::depth(3)) };
/// let results = analyse_many(&games, &options, |_| true);
/// let rows: Vec<(usize, usize)> = results.iter().map(|r| (r.game, r.ply)).collect();
/// assert_eq!(rows, [(0, 0), (0, 1), (1, 0)]);
/// assert!(results.iter().all(|r| r.search.depth == 3 && r.search.best.is_some()));
/// ```
pub fn analyse_many(
    games: &[Box<dyn DynGame>],
    options: &BatchOptions,
    progress: impl FnMut(&DynBatchResult) -> bool,
) -> Vec<DynBatchResult> {
    run_batch(
        games.len(),
        options,
        |i, engine, stop, emit| {
            let game = games[i].as_ref();
            let mut send = |ply: usize, g: &dyn DynGame| {
                let hooks = DynHooks {
                    clock: &NoClock,
                    stop: Some(stop),
                    info: None,
                };
                let search = g.engine_search(engine, &options.limits, hooks);
                emit(DynBatchResult {
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
            for (ply, mv) in game.moves_text().iter().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if g.play_text(mv).is_err() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::{AnyGame, VariantKind};

    #[test]
    fn the_same_searches_as_the_typed_batch() {
        let mut typed = AnyGame::new(VariantKind::Russian);
        for mv in ["c3-d4", "f6-g5", "b2-c3"] {
            typed.play_text(mv).unwrap();
        }
        let boxed: Vec<Box<dyn DynGame>> = vec![typed.clone().into_dyn()];
        for every_ply in [false, true] {
            let options = BatchOptions {
                every_ply,
                ..BatchOptions::new(Limits::depth(5))
            };
            let a = crate::engine::analyse_many(&[typed.clone()], &options, |_| true);
            let b = analyse_many(&boxed, &options, |_| true);
            assert_eq!(a.len(), b.len());
            for (a, b) in a.iter().zip(&b) {
                assert_eq!((a.game, a.ply), (b.game, b.ply));
                assert_eq!(
                    a.search.best,
                    b.search.best.as_ref().map(|m| m.text.clone())
                );
                assert_eq!(
                    (a.search.score, a.search.depth, a.search.nodes),
                    (b.search.score, b.search.depth, b.search.nodes)
                );
            }
        }
    }

    #[test]
    fn progress_false_stops_the_batch() {
        // The worker does not wait for the calling thread, so it may finish
        // a few more searches before it sees the stop; searches long enough
        // that it cannot finish all of them first, even on a loaded machine
        // (tens of milliseconds each, natively).
        let games: Vec<Box<dyn DynGame>> = (0..32)
            .map(|_| super::super::new_game("thai-site").unwrap())
            .collect();
        let r = analyse_many(&games, &BatchOptions::new(Limits::depth(10)), |_| false);
        assert!(
            !r.is_empty() && r.len() < games.len() / 2,
            "{} results",
            r.len()
        );
    }
}
