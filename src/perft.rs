//! Perft: counting the leaf nodes of the legal-move tree, for testing move
//! generators against each other.
//!
//! Draw rules are ignored; a position without moves before the last ply
//! contributes nothing. At the last ply moves are counted, not played (bulk
//! counting), and quiet moves are counted with popcounts.

use crate::moves::{Move, MoveList, MoveMode};
use crate::position::Position;
use crate::variant::Variant;

/// Perft in distinct mode (RULES.md §1).
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
        _ => match pos.capture_sources() {
            Some((men, king_can)) => {
                let mut list = MoveList::new();
                pos.generate_captures(mode, men, king_can, &mut list);
                list.iter()
                    .map(|m| perft_in(&pos.play(m), depth - 1, mode))
                    .sum()
            }
            None => {
                // Steps are played straight from the bitboards, without Move values.
                let mut nodes = 0;
                pos.for_each_step(|from, to, promotes| {
                    nodes += perft_in(&pos.play_step(from, to, promotes), depth - 1, mode);
                });
                nodes
            }
        },
    }
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
