//! The perft driver behind `perft`, `divide` and `perft unit`: the tree is cut
//! a few plies below the root into work units that threads take one at a
//! time, so counts per root move, threads, a transposition table and a
//! progress bar all come from one loop. Each unit is counted by the library's
//! `perft_in` (or `perft_with_table`), so the counts are the library's.
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use draughts::{perft_in, perft_with_table, MoveMode, PerftTable, Position, Variant};

use crate::progress::Progress;

/// Threads, hash and progress: shared by `perft`, `divide` and `perft unit`.
#[derive(clap::Args, Clone, Copy)]
pub struct CountArgs {
    /// Worker threads.
    #[arg(long, short, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Use a transposition table of this many MiB (shared out between the
    /// threads); entries hold whole positions, so counts stay exact.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub hash: Option<u32>,
    /// Never draw the progress bar (it is drawn on stderr for runs over a
    /// second, and only when stderr is a terminal).
    #[arg(long)]
    no_progress: bool,
}

impl CountArgs {
    /// The driver options.
    pub fn options(&self) -> Options {
        Options {
            threads: self.threads as usize,
            hash_mib: self.hash.map(|m| m as usize),
            progress: !self.no_progress,
        }
    }
}

/// How to count.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB, shared out between the threads.
    pub hash_mib: Option<usize>,
    /// Draw a progress bar on stderr (only if stderr is a terminal).
    pub progress: bool,
}

/// A finished count.
pub struct Count {
    /// Leaf nodes.
    pub nodes: u64,
    /// Leaf nodes below each root move, in legal-move order.
    pub per_root: Vec<u64>,
    /// Wall-clock time.
    pub seconds: f64,
}

/// The plies below the root where the tree is cut: deep enough to give the
/// threads (and the progress bar) a few hundred units, never the whole depth.
fn cut_ply(depth: u32) -> u32 {
    match depth {
        0..=1 => depth,
        2..=6 => 1,
        7..=8 => 2,
        _ => 3,
    }
}

/// Every position `plies` plies below `pos`, in move order (no merging of
/// transpositions: each path is one entry).
fn expand<V: Variant>(pos: &Position<V>, plies: u32, mode: MoveMode, out: &mut Vec<Position<V>>) {
    if plies == 0 {
        out.push(*pos);
        return;
    }
    for m in pos.legal_moves_in(mode) {
        expand(&pos.play(&m), plies - 1, mode, out);
    }
}

/// Perft of `pos` at `depth`, with the count below every root move.
pub fn count<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode, opts: Options) -> Count {
    let start = Instant::now();
    if depth == 0 {
        return Count {
            nodes: 1,
            per_root: Vec::new(),
            seconds: start.elapsed().as_secs_f64(),
        };
    }
    let roots = pos.legal_moves_in(mode);
    let cut = cut_ply(depth);
    // Units grouped by root move: `owner[i]` is the root of unit `i`.
    let mut units = Vec::new();
    let mut owner = Vec::new();
    let mut left = Vec::new();
    for (r, m) in roots.iter().enumerate() {
        let before = units.len();
        expand(&pos.play(m), cut - 1, mode, &mut units);
        owner.resize(units.len(), r);
        left.push(AtomicUsize::new(units.len() - before));
    }
    let remaining = depth - cut;
    let per_root: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let nodes = AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let done_units = AtomicUsize::new(0);
    let done_roots = AtomicUsize::new(0);
    let threads = opts.threads.clamp(1, units.len().max(1));
    let table_mib = opts.hash_mib.map(|m| (m / threads).max(1));
    let bar = if opts.progress {
        Progress::new(depth, roots.len(), units.len())
    } else {
        None
    };
    if threads == 1 && bar.is_none() {
        // Nothing to watch: count on this thread.
        let mut table = table_mib.map(PerftTable::<V>::new);
        let mut per_root = vec![0; roots.len()];
        for (unit, &r) in units.iter().zip(&owner) {
            per_root[r] += match table.as_mut() {
                Some(t) => perft_with_table(unit, remaining, mode, t),
                None => perft_in(unit, remaining, mode),
            };
        }
        return Count {
            nodes: per_root.iter().sum(),
            per_root,
            seconds: start.elapsed().as_secs_f64(),
        };
    }
    let main = std::thread::current();
    let running = AtomicUsize::new(threads);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    // Wakes the progress loop at once when the work is done.
                    struct Wake<'a>(&'a std::thread::Thread, &'a AtomicUsize);
                    impl Drop for Wake<'_> {
                        fn drop(&mut self) {
                            self.1.fetch_sub(1, Ordering::AcqRel);
                            self.0.unpark();
                        }
                    }
                    let _wake = Wake(&main, &running);
                    let mut table = table_mib.map(PerftTable::<V>::new);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(unit) = units.get(i) else { break };
                        let n = match table.as_mut() {
                            Some(t) => perft_with_table(unit, remaining, mode, t),
                            None => perft_in(unit, remaining, mode),
                        };
                        let r = owner[i];
                        per_root[r].fetch_add(n, Ordering::Relaxed);
                        nodes.fetch_add(n, Ordering::Relaxed);
                        done_units.fetch_add(1, Ordering::Relaxed);
                        if left[r].fetch_sub(1, Ordering::AcqRel) == 1 {
                            done_roots.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        if let Some(mut bar) = bar {
            while running.load(Ordering::Acquire) > 0 {
                std::thread::park_timeout(Duration::from_millis(100));
                bar.update(
                    start.elapsed(),
                    done_roots.load(Ordering::Relaxed),
                    done_units.load(Ordering::Relaxed),
                    nodes.load(Ordering::Relaxed),
                );
            }
            bar.clear();
        }
        for w in workers {
            w.join().expect("perft worker panicked");
        }
    });
    Count {
        nodes: nodes.into_inner(),
        per_root: per_root.into_iter().map(AtomicU64::into_inner).collect(),
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Nodes per second, 0 for a run too short to time.
pub fn nps(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{English, International, Russian};

    fn opts(threads: usize, hash_mib: Option<usize>) -> Options {
        Options {
            threads,
            hash_mib,
            progress: false,
        }
    }

    #[test]
    fn counts_equal_the_library_at_every_depth_and_thread_count() {
        let pos = Position::<International>::start();
        for depth in 0..=7 {
            let want = perft_in(&pos, depth, MoveMode::Distinct);
            for threads in [1, 2, 3] {
                let got = count(&pos, depth, MoveMode::Distinct, opts(threads, None));
                assert_eq!(got.nodes, want, "depth {depth} threads {threads}");
                if depth > 0 {
                    assert_eq!(got.per_root.iter().sum::<u64>(), want);
                }
            }
        }
    }

    #[test]
    fn per_root_counts_equal_divide() {
        let pos = Position::<Russian>::start();
        let want: Vec<u64> = draughts::divide(&pos, 8, MoveMode::Routes)
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(
            count(&pos, 8, MoveMode::Routes, opts(2, None)).per_root,
            want
        );
    }

    #[test]
    fn hashed_counts_equal_plain_counts() {
        let pos = Position::<English>::start();
        let want = perft_in(&pos, 9, MoveMode::Distinct);
        assert_eq!(
            count(&pos, 9, MoveMode::Distinct, opts(1, Some(4))).nodes,
            want
        );
        assert_eq!(
            count(&pos, 9, MoveMode::Distinct, opts(2, Some(4))).nodes,
            want
        );
    }

    #[test]
    fn a_position_without_moves_counts_nothing_below_the_root() {
        // White has no piece: no moves, so perft(1..) is 0 and perft(0) is 1.
        let pos = Position::<English>::from_fen("W:W:B1").unwrap();
        assert_eq!(count(&pos, 0, MoveMode::Distinct, opts(1, None)).nodes, 1);
        let c = count(&pos, 3, MoveMode::Distinct, opts(2, None));
        assert_eq!((c.nodes, c.per_root.len()), (0, 0));
    }
}
