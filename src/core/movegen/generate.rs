//! Move lists: [`Position::generate`], steps, the [`Sink`] that builds
//! moves, and the moves the capture rules forbid.

use core::marker::PhantomData;

use smallvec::SmallVec;

use super::capture::Sink;
use super::shared::{man_step_dirs, shift_in, sq_of};
use crate::bitboard::{BitSet, Square};
use crate::geometry::{Geometry, Layout};
use crate::moves::{Move, MoveList, MoveMode, Path};
use crate::position::{KingRun, Position};
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
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(crate) fn play_step(&self, from: Bits<V>, to: Bits<V>, promotes: bool, king: bool) -> Self {
        let ft = from | to;
        let kings = if promotes {
            self.kings | to
        } else if king {
            self.kings ^ ft
        } else {
            self.kings
        };
        // Built field by field (see `Position::play_capture`).
        let (own, opp) = self.own_opp();
        let mut next = self.with_sides(own ^ ft, opp, kings);
        if V::RULES.king_move_limit.is_some() {
            if king {
                self.update_runs(&mut next, from, to, Bits::<V>::ZERO);
            } else {
                // A man's step clears the mover's count (`update_runs`).
                next.runs = self.runs_without(self.turn);
            }
        }
        next
    }

    /// The position after the capture of the piece on `from` to `to` that
    /// takes `captured` (not empty), with the other side to move: what
    /// [`Position::play_parts`] gives for a capture, for perft. Every field
    /// is worked out as a value and the position built from them: writing
    /// into a copy of `self` (one side or one king-move count chosen by the
    /// side to move, a store at a computed place) and then returning the
    /// copy made the processor wait for the copy's small stores to reach
    /// the cache before it could read the whole position back (a failed
    /// store-to-load forward; `play_parts` spent over half its time there in
    /// Frisian perft).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(crate) fn play_capture(
        &self,
        from: Square,
        to: Square,
        captured: Bits<V>,
        promotes: bool,
    ) -> Self {
        let from = Bits::<V>::bit(from.0 as u32);
        let to = Bits::<V>::bit(to.0 as u32);
        let (own, opp) = self.own_opp();
        let own = (own & !from) | to;
        let opp = opp & !captured;
        let mut kings = self.kings & !captured;
        if !(kings & from).is_zero() || promotes {
            kings = (kings & !from) | to;
        }
        let mut next = self.with_sides(own, opp, kings);
        if V::RULES.king_move_limit.is_some() {
            // A capture clears the mover's count (`update_runs`); the
            // opponent's ends when it loses its last man or that king.
            let them = self.turn.opponent();
            next.runs = self.runs_without(self.turn);
            if let Some(r) = self.runs[them as usize] {
                if (opp & !kings).is_zero()
                    || !(captured & Bits::<V>::bit(r.king.0 as u32)).is_zero()
                {
                    next.runs = [None, None];
                }
            }
        }
        next
    }

    /// The position with the side to move's pieces `own`, the opponent's
    /// `opp`, the kings `kings`, the king-move counts of `self` and the
    /// opponent to move, built from values.
    #[inline(always)]
    fn with_sides(&self, own: Bits<V>, opp: Bits<V>, kings: Bits<V>) -> Self {
        let (white, black) = match self.turn {
            Color::White => (own, opp),
            Color::Black => (opp, own),
        };
        Position {
            white,
            black,
            kings,
            turn: self.turn.opponent(),
            runs: self.runs,
            _v: PhantomData,
        }
    }

    /// The king-move counts with `color`'s cleared, as a value.
    #[inline(always)]
    fn runs_without(&self, color: Color) -> [Option<KingRun>; 2] {
        match color {
            Color::White => [None, self.runs[1]],
            Color::Black => [self.runs[0], None],
        }
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
