//! Zobrist hashing of positions.
//!
//! A position's hash is the XOR of one 64-bit key per piece (by colour, kind
//! and square) and a key for Black to move. The keys are fixed (generated at
//! compile time), so hashes are stable across runs and builds. A
//! [`Game`](crate::Game) updates its hash incrementally on every move and undo.

use crate::bitboard::{BitSet, Square};
use crate::moves::{Bits, Move};
use crate::position::Position;
use crate::variant::{Color, Variant};

/// Keys for (white man, white king, black man, black king) x bit index.
const KEYS: [[u64; 128]; 4] = {
    let mut keys = [[0u64; 128]; 4];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut p = 0;
    while p < 4 {
        let mut i = 0;
        while i < 128 {
            keys[p][i] = splitmix64(&mut state);
            i += 1;
        }
        p += 1;
    }
    keys
};

/// The key XORed in when Black is to move.
const BLACK_TO_MOVE: u64 = 0xF1E2_D3C4_B5A6_9788;

const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn key(color: Color, king: bool, sq: Square) -> u64 {
    KEYS[(color as usize) * 2 + king as usize][sq.index() as usize]
}

impl<V: Variant> Position<V> {
    /// The Zobrist hash of the position, computed from scratch.
    ///
    /// ```
    /// use draughts::{English, Position};
    /// let pos = Position::<English>::start();
    /// let next = pos.play(&pos.legal_moves()[0]);
    /// assert_ne!(pos.zobrist(), next.zobrist());
    /// assert_eq!(pos.zobrist(), Position::<English>::start().zobrist());
    /// ```
    pub fn zobrist(&self) -> u64 {
        let mut h = if self.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for sq in self.pieces(color) {
                h ^= key(color, self.kings(color).contains(sq), sq);
            }
        }
        h
    }

    /// The hash of `self.play(mv)`, given `hash == self.zobrist()`, updated
    /// incrementally from the move.
    pub fn zobrist_after(&self, hash: u64, mv: &Move<V>) -> u64 {
        let me = self.turn;
        let was_king = !(self.kings & Bits::<V>::bit(mv.from().index() as u32)).is_zero();
        let mut h = hash ^ BLACK_TO_MOVE;
        h ^= key(me, was_king, mv.from());
        h ^= key(me, was_king || mv.promotes(), mv.to());
        for sq in mv.captured() {
            h ^= key(me.opponent(), self.kings(me.opponent()).contains(sq), sq);
        }
        h
    }
}
