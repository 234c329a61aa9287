//! Zobrist hashing of positions.
//!
//! A position's hash is the XOR of one 64-bit key per piece (by colour, kind
//! and square), a key for Black to move and, in variants with a king-move
//! limit, a key per side for its [`KingRun`](crate::KingRun) (its king's
//! square and its count). The keys are fixed (generated at
//! compile time), so hashes are stable across runs and builds. A
//! [`Game`](crate::Game) updates its hash incrementally on every move and undo.

use crate::core::bitboard::{BitSet, Square};
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::squares::Bits;
use crate::core::variant::{Color, Variant};

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

/// Keys of a side's king run: by colour and square, and by colour and count.
const RUN_KEYS: ([[u64; 128]; 2], [[u64; 16]; 2]) = {
    let mut squares = [[0u64; 128]; 2];
    let mut counts = [[0u64; 16]; 2];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 128 {
            squares[c][i] = splitmix64(&mut state);
            i += 1;
        }
        let mut n = 0;
        while n < 16 {
            counts[c][n] = splitmix64(&mut state);
            n += 1;
        }
        c += 1;
    }
    (squares, counts)
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
    /// The part of the hash that comes from the king-move limit's state.
    #[inline]
    fn runs_key(&self) -> u64 {
        let mut h = 0;
        if V::RULES.king_move_limit.is_some() {
            for (c, run) in self.runs.iter().enumerate() {
                if let Some(r) = run {
                    h ^= RUN_KEYS.0[c][r.king.index() as usize]
                        ^ RUN_KEYS.1[c][(r.moves & 15) as usize];
                }
            }
        }
        h
    }

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
        h ^ self.runs_key()
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
        if V::RULES.king_move_limit.is_some() {
            h ^= self.runs_key() ^ self.play(mv).runs_key();
        }
        h
    }
}
