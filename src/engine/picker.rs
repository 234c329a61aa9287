//! Move ordering for the main search: the table move, then captures by
//! size, promotions, the two killers of the ply and the from-to history,
//! picked best first by a selection sort (a cut-off usually comes from one
//! of the first moves, so the rest is never sorted).

use smallvec::SmallVec;

use crate::bitboard::BitSet;

use crate::moves::Move;
use crate::squares::Bits;
use crate::variant::Variant;

/// Order key of the transposition table's move: always first.
pub(super) const TT_MOVE: i32 = 1 << 30;
/// Base order key of a capture (all moves are captures or none is).
pub(super) const CAPTURE: i32 = 1 << 28;
/// Added to a capture's key per captured piece.
pub(super) const PER_CAPTURED: i32 = 64;
/// Added to a capture's key when it promotes.
pub(super) const CAPTURE_PROMOTES: i32 = 32;
/// Order key of a quiet promotion.
pub(super) const PROMOTION: i32 = 1 << 27;
/// Order key of the ply's second killer; the first killer has one more.
pub(super) const KILLER: i32 = 1 << 26;
/// Most a history entry adds to a quiet move's key (stays below [`KILLER`]).
pub(super) const HISTORY_KEY_MAX: i32 = KILLER / 2 - 1;
/// Most a history entry holds.
pub(super) const HISTORY_MAX: i32 = 1 << 24;

/// The from-to history of quiet moves that caused a cut-off.
pub(super) type History = [[i32; 128]; 128];

/// A move picked: its order key, table key and index in the move list.
#[derive(Clone, Copy, Debug)]
pub(super) struct Picked {
    /// The order key (see the constants above).
    pub(super) order: i32,
    /// [`move_key`] of the move.
    pub(super) key: u32,
    /// Index in the move list the picker was made from.
    pub(super) index: usize,
}

impl Picked {
    /// A quiet move ordered by history only (no table move, killer or
    /// promotion): the moves late-move reductions apply to.
    pub(super) fn is_history_move(&self) -> bool {
        self.order < KILLER
    }
}

/// Hands out the moves of a node best first.
pub(super) struct Picker {
    order: SmallVec<[Picked; 48]>,
    next: usize,
}

impl Picker {
    /// Orders `moves` (all captures or all quiet) with the table move, the
    /// ply's killers and the history.
    pub(super) fn new<V: Variant>(
        moves: &[Move<V>],
        tt_move: u32,
        killers: [u32; 2],
        history: &History,
    ) -> Picker {
        let capture = moves.first().is_some_and(Move::is_capture);
        let order = moves
            .iter()
            .enumerate()
            .map(|(index, m)| {
                let key = move_key(m);
                let order = if key == tt_move {
                    TT_MOVE
                } else if capture {
                    CAPTURE
                        + m.captured.count() as i32 * PER_CAPTURED
                        + i32::from(m.promotes) * CAPTURE_PROMOTES
                } else if m.promotes {
                    PROMOTION
                } else if key == killers[0] {
                    KILLER + 1
                } else if key == killers[1] {
                    KILLER
                } else {
                    history[m.from.0 as usize][m.to().0 as usize].min(HISTORY_KEY_MAX)
                };
                Picked { order, key, index }
            })
            .collect();
        Picker { order, next: 0 }
    }

    /// The best move not handed out yet.
    #[inline]
    pub(super) fn next(&mut self) -> Option<Picked> {
        let i = self.next;
        if i >= self.order.len() {
            return None;
        }
        let mut j = i;
        for k in i + 1..self.order.len() {
            if self.order[k].order > self.order[j].order {
                j = k;
            }
        }
        self.order.swap(i, j);
        self.next += 1;
        Some(self.order[i])
    }
}

/// A compact move identity for the table, killers and the PV walk: from,
/// to and a fold of the captured set (distinct-mode moves differ in one of
/// them). Never 0.
#[inline]
pub(crate) fn move_key<V: Variant>(m: &Move<V>) -> u32 {
    let mut h: u32 = 0;
    let mut c = m.captured;
    while !c.is_zero() {
        let i = c.lowest();
        c ^= Bits::<V>::bit(i);
        h = h.wrapping_mul(0x9E37_79B1).wrapping_add(i + 1);
    }
    (1 << 31) | (m.from.0 as u32) | ((m.to().0 as u32) << 7) | ((h & 0xFFFF) << 14)
}
