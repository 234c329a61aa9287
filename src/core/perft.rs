//! Perft: counting the leaf nodes of the legal-move tree, for testing move
//! generators against each other.
//!
//! Draw rules are ignored; a position without moves before the last ply
//! contributes nothing. At the last ply moves are counted, not played (bulk
//! counting), and quiet moves are counted with popcounts. One ply above, in a
//! position without kings or captures, the steps after which the opponent
//! has no capture either are not played: their counts are summed with
//! popcounts too, a direction at a time.

use crate::core::movegen::Captures;
use crate::core::moves::{Move, MoveList, MoveMode};
use crate::core::position::Position;
use crate::core::squares::Bits;
use crate::core::variant::Variant;

/// Perft in distinct mode ([rules §1](crate::rules)).
///
/// ```
/// use draughts::{perft, English, Position};
/// assert_eq!(perft(&Position::<English>::start(), 4), 1469);
/// ```
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    perft_in(pos, depth, MoveMode::Distinct)
}

/// Perft in the given mode: [`MoveMode::Routes`] counts every capture route.
///
/// ```
/// use draughts::{perft_in, International, MoveMode, Position};
/// let pos = Position::<International>::start();
/// assert_eq!(perft_in(&pos, 3, MoveMode::Routes), 658);
/// ```
pub fn perft_in<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count(mode),
        _ => perft_from_2(pos, depth, mode),
    }
}

/// Perft at `depth >= 2`. Children at depth 1 are counted in place rather
/// than through a call per child, and captures, which need a large frame for
/// their move list, are handled out of line.
fn perft_from_2<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode) -> u64 {
    match pos.capture_sources() {
        Some((men, king_can)) => perft_captures(pos, depth, mode, men, king_can),
        // The last two plies counted together; not in WebAssembly, where
        // the package's size counts more than this speed.
        None if depth == 2 && !cfg!(target_arch = "wasm32") => pos.count_step_children(mode),
        None => {
            // Steps are played straight from the bitboards, without Move values.
            let mut nodes = 0;
            pos.for_each_step(|from, to, promotes, king| {
                let child = pos.play_step(from, to, promotes, king);
                // (Depth 2 reaches this loop only in WebAssembly.)
                nodes += if cfg!(target_arch = "wasm32") && depth == 2 {
                    child.count(mode)
                } else {
                    perft_from_2(&child, depth - 1, mode)
                };
            });
            nodes
        }
    }
}

/// The captures part of [`perft_from_2`].
#[inline(never)]
fn perft_captures<V: Variant>(
    pos: &Position<V>,
    depth: u32,
    mode: MoveMode,
    men: Bits<V>,
    king_can: bool,
) -> u64 {
    // Only the resulting positions are needed: no paths are built.
    let mut caps = Captures::<V>(Default::default());
    pos.capture_results(mode, men, king_can, &mut caps);
    caps.0
        .iter()
        .map(|&c| {
            let child = pos.play_capture(c.from(), c.to(), c.captured, c.promotes());
            if depth == 2 {
                child.count(mode)
            } else {
                perft_from_2(&child, depth - 1, mode)
            }
        })
        .sum()
}

/// Perft per root move: each legal move with the leaf count below it.
///
/// ```
/// use draughts::{divide, English, MoveMode, Position};
/// let pos = Position::<English>::start();
/// let counts = divide(&pos, 3, MoveMode::Distinct);
/// assert_eq!(counts.len(), 7);
/// assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 302);
/// ```
pub fn divide<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode) -> Vec<(Move<V>, u64)> {
    pos.legal_moves_in(mode)
        .into_iter()
        .map(|m| {
            let n = if depth == 0 {
                1
            } else {
                perft_in(&pos.play(&m), depth - 1, mode)
            };
            (m, n)
        })
        .collect()
}

/// Perft split across `threads` threads, with the same result as [`perft_in`].
///
/// The positions two plies below the root are shared out between the threads
/// one at a time, so the work stays balanced when some subtrees are much
/// larger than others. `threads <= 1` (or a depth below 3) runs on the
/// calling thread, and so does every call on WebAssembly without threads
/// (`wasm32` without the `atomics` target feature, such as
/// `wasm32-unknown-unknown`), where no thread can be started.
///
/// ```
/// use draughts::{perft_in, perft_parallel, International, MoveMode, Position};
/// let pos = Position::<International>::start();
/// assert_eq!(perft_parallel(&pos, 5, MoveMode::Distinct, 2), perft_in(&pos, 5, MoveMode::Distinct));
/// ```
pub fn perft_parallel<V: Variant>(
    pos: &Position<V>,
    depth: u32,
    mode: MoveMode,
    threads: usize,
) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft_in(pos, depth, mode);
    }
    perft_threads(pos, depth, mode, threads)
}

/// [`perft_parallel`]'s threads.
#[cfg(not(all(target_arch = "wasm32", not(target_feature = "atomics"))))]
fn perft_threads<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode, threads: usize) -> u64 {
    use core::sync::atomic::{AtomicUsize, Ordering};
    let mut work = Vec::new();
    for m in pos.legal_moves_in(mode) {
        let child = pos.play(&m);
        for g in child.legal_moves_in(mode) {
            work.push(child.play(&g));
        }
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut nodes = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = work.get(i) else { break nodes };
                        nodes += perft_in(p, depth - 2, mode);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker panicked"))
            .sum()
    })
}

/// [`perft_parallel`] where no thread can be started (`std::thread::spawn`
/// fails on WebAssembly without the `atomics` feature): the calling thread.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
fn perft_threads<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode, _: usize) -> u64 {
    perft_in(pos, depth, mode)
}

/// A perft transposition table: subtree counts keyed by the full position
/// and depth, so that a hash collision can never change a count.
pub struct PerftTable<V: Variant> {
    entries: Vec<Option<(Position<V>, u32, u64)>>,
}

impl<V: Variant> PerftTable<V> {
    /// A table using about `mib` MiB (at least one entry).
    pub fn new(mib: usize) -> Self {
        let size = core::mem::size_of::<Option<(Position<V>, u32, u64)>>();
        let n = (mib << 20) / size;
        PerftTable {
            entries: vec![None; n.max(1)],
        }
    }

    fn slot(&self, pos: &Position<V>) -> usize {
        (pos.zobrist() % self.entries.len() as u64) as usize
    }
}

/// Perft with a transposition table of about `mib` MiB: the same counts as
/// [`perft_in`], faster for deep runs where positions recur. Entries store the
/// whole position, so only an exact match is ever reused.
///
/// ```
/// use draughts::{perft_hashed, perft_in, English, MoveMode, Position};
/// let pos = Position::<English>::start();
/// assert_eq!(perft_hashed(&pos, 8, MoveMode::Distinct, 4), perft_in(&pos, 8, MoveMode::Distinct));
/// ```
pub fn perft_hashed<V: Variant>(pos: &Position<V>, depth: u32, mode: MoveMode, mib: usize) -> u64 {
    let mut table = PerftTable::new(mib);
    perft_with_table(pos, depth, mode, &mut table)
}

/// Perft using (and filling) `table`; a table must only be used with one mode.
pub fn perft_with_table<V: Variant>(
    pos: &Position<V>,
    depth: u32,
    mode: MoveMode,
    table: &mut PerftTable<V>,
) -> u64 {
    if depth <= 2 {
        return perft_in(pos, depth, mode);
    }
    let slot = table.slot(pos);
    if let Some((p, d, n)) = &table.entries[slot] {
        if *d == depth && p == pos {
            return *n;
        }
    }
    let mut list = MoveList::new();
    pos.generate(mode, &mut list);
    let nodes = list
        .iter()
        .map(|m| perft_with_table(&pos.play(m), depth - 1, mode, table))
        .sum();
    table.entries[slot] = Some((*pos, depth, nodes));
    nodes
}
