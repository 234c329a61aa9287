//! Move lists: [`Position::generate`], steps, the [`Sink`] that builds
//! moves, and the moves the capture rules forbid.

use core::marker::PhantomData;

use smallvec::SmallVec;

use super::capture::Sink;
use super::shared::{man_step_dirs, shift_in, sq_of};
use crate::bitboard::{BitSet, Square};
use crate::geometry::{Geometry, Layout};
use crate::moves::{Move, MoveList, MoveMode, Path};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, KingRange, Variant};

/// Orthogonal captures need the orthogonal directions of a diagonal board.
struct Checks<V>(PhantomData<V>);
impl<V: Variant> Checks<V> {
    const ORTHOGONAL_NEEDS_DIAGONAL: () = assert!(
        !V::RULES.orthogonal_captures || matches!(V::Board::LAYOUT, Layout::Diagonal),
        "Rules::orthogonal_captures needs a diagonal board"
    );
}

impl<V: Variant> Position<V> {
    /// Fills `list` with the legal moves.
    pub(crate) fn generate(&self, mode: MoveMode, list: &mut MoveList<V>) {
        #[allow(clippy::let_unit_value)]
        let () = Checks::<V>::ORTHOGONAL_NEEDS_DIAGONAL;
        list.clear();
        match self.capture_sources() {
            Some((men, king_can)) => self.generate_captures(mode, men, king_can, list),
            None => self.generate_steps(list),
        }
    }

    /// Calls `f(from, to, promotes, king)` (single-bit boards; `king`: the
    /// piece stepping is a king) for every step of a position without
    /// captures.
    #[inline(always)]
    pub(crate) fn for_each_step(&self, mut f: impl FnMut(Bits<V>, Bits<V>, bool, bool)) {
        let (own, opp) = self.own_opp();
        let empty = V::Board::ALL & !(own | opp);
        let own_men = own & !self.kings;
        let far = self.promotion_row();
        for &d in man_step_dirs::<V>(self.turn) {
            // Steps are diagonal (or along the lines of an orthogonal board):
            // `& 3` tells the compiler, which drops the shifts of 4..8.
            let d = d & 3;
            let mut targets = shift_in::<V>(own_men, d) & empty;
            while !targets.is_zero() {
                let to = Bits::<V>::bit(targets.lowest());
                targets ^= to;
                f(shift_in::<V>(to, d ^ 2), to, !(to & far).is_zero(), false);
            }
        }
        let mut kings = own & self.kings;
        if V::RULES.king_move_limit.is_some() && !kings.is_zero() {
            kings &= !self.limited_king();
        }
        while !kings.is_zero() {
            let k = Bits::<V>::bit(kings.lowest());
            kings ^= k;
            for d in 0..4 {
                let d = d & 3;
                let mut p = shift_in::<V>(k, d) & empty;
                while !p.is_zero() {
                    f(k, p, false, true);
                    if V::RULES.king_range == KingRange::Short {
                        break;
                    }
                    p = shift_in::<V>(p, d) & empty;
                }
            }
        }
    }

    fn generate_steps(&self, list: &mut MoveList<V>) {
        self.for_each_step(|from, to, promotes, _| {
            list.push(Move {
                from: sq_of(from),
                path: Path::from_elem(sq_of(to), 1),
                captured: Bits::<V>::ZERO,
                promotes,
                _v: PhantomData,
            })
        });
    }

    /// Plays a step given as single-bit boards (no capture); `king`: the
    /// piece stepping is a king (as [`Position::for_each_step`] says, so that
    /// a man's step needs no look at the kings).
    #[inline(always)]
    pub(crate) fn play_step(&self, from: Bits<V>, to: Bits<V>, promotes: bool, king: bool) -> Self {
        let mut next = *self;
        let ft = from | to;
        match self.turn {
            Color::White => next.white ^= ft,
            Color::Black => next.black ^= ft,
        }
        if promotes {
            next.kings |= to;
        } else if king {
            next.kings ^= ft;
        }
        next.turn = self.turn.opponent();
        if V::RULES.king_move_limit.is_some() {
            if king {
                self.update_runs(&mut next, from, to, Bits::<V>::ZERO);
            } else {
                // A man's step clears the mover's count (`update_runs`).
                next.runs[self.turn as usize] = None;
            }
        }
        next
    }
}

impl<V: Variant> Sink<V> for MoveList<V> {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn contains(&self, from: Square, to: Square, captured: Bits<V>) -> bool {
        self.iter()
            .any(|m| m.from == from && m.captured == captured && m.to() == to)
    }
    #[inline]
    fn push(&mut self, from: Square, path: &[Square], captured: Bits<V>, promotes: bool) {
        self.0.push(Move {
            from,
            path: SmallVec::from_slice(path),
            captured,
            promotes,
            _v: PhantomData,
        });
    }
}

impl<V: Variant> Position<V> {
    /// The moves the capture rules forbid here (cold: for the reason in a
    /// move-text error): when the side to move has a capture, its steps
    /// (captures are compulsory) and every complete capture sequence
    /// whatever the precedence rule (the legal captures among them, in
    /// `mode`); nothing when it has no capture.
    pub(crate) fn forbidden_moves(&self, mode: MoveMode) -> MoveList<V> {
        let mut list = MoveList::new();
        let Some((men, king_can)) = self.capture_sources() else {
            return list;
        };
        self.generate_steps(&mut list);
        let mut captures = MoveList::new();
        self.search_captures(mode, men, king_can, &mut captures, true);
        list.0.extend(captures.0);
        list
    }
}
