//! Direction sets and masks, the predicates that choose a search per
//! variant, and the side to move's pieces that can capture: shared by move
//! generation, counting and the capture search.

use crate::bitboard::{BitSet, Square};
use crate::geometry::{Dir, Geometry, Layout};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, KingRange, MidCapturePromotion, Precedence, Removal, Variant};

/// Direction marker meaning "no previous jump".
pub(super) const NO_DIR: Dir = 8;
/// Longest capture sequence the search supports (more than any board can hold).
pub(super) const MAX_JUMPS: usize = 64;

/// `shift` for a result that is intersected with a set of playing squares
/// (see [`Geometry::shift_unmasked`]).
#[inline(always)]
pub(super) fn shift_in<V: Variant>(b: Bits<V>, d: Dir) -> Bits<V> {
    V::Board::shift_unmasked(b, d)
}

#[inline(always)]
pub(super) fn sq_of<B: BitSet>(b: B) -> Square {
    Square(b.lowest() as u8)
}

/// Directions in which men of `color` step.
#[inline(always)]
pub(super) fn man_step_dirs<V: Variant>(color: Color) -> &'static [Dir] {
    match (V::Board::LAYOUT, color) {
        (Layout::Diagonal, Color::White) => &[0, 1],
        (Layout::Diagonal, Color::Black) => &[2, 3],
        (Layout::Orthogonal, Color::White) => &[0, 1, 3],
        (Layout::Orthogonal, Color::Black) => &[2, 1, 3],
    }
}

/// Directions in which men of `color` capture, as a mask (bit `d` for
/// direction `d`): the step directions, or all four board directions with
/// backward captures; with orthogonal captures also up/down (forward, and
/// backward with backward captures) and sideways.
#[inline(always)]
pub(super) fn man_capture_mask<V: Variant>(color: Color) -> u8 {
    let board = if V::RULES.men_capture_backward {
        ALL_DIRS_MASK
    } else {
        dir_mask(man_step_dirs::<V>(color))
    };
    if !V::RULES.orthogonal_captures {
        board
    } else if V::RULES.men_capture_backward {
        board | ORTHOGONAL_MASK
    } else {
        let forward = match color {
            Color::White => 1 << 4,
            Color::Black => 1 << 6,
        };
        board | forward | (1 << 5) | (1 << 7)
    }
}

/// Directions in which kings capture, as a mask.
#[inline(always)]
pub(super) fn king_capture_mask<V: Variant>() -> u8 {
    if V::RULES.orthogonal_captures {
        ALL_DIRS_MASK | ORTHOGONAL_MASK
    } else {
        ALL_DIRS_MASK
    }
}

/// Number of capture directions: 8 with orthogonal captures, else 4.
#[inline(always)]
pub(super) const fn capture_dir_count<V: Variant>() -> usize {
    if V::RULES.orthogonal_captures {
        8
    } else {
        4
    }
}

pub(super) const ALL_DIRS_MASK: u8 = 0b1111;
/// The orthogonal directions of a diagonal board (4 up, 5 right, 6 down, 7 left).
pub(super) const ORTHOGONAL_MASK: u8 = 0b1111_0000;

/// A set of directions as a mask: bit `d` for direction `d`.
#[inline(always)]
pub(super) fn dir_mask(dirs: &[Dir]) -> u8 {
    dirs.iter().fold(0, |m, &d| m | 1 << d)
}

/// Calls `f(d)` for every direction `d` in `mask`. Unrolled, so that `d` is a
/// constant in each (inlined) call and shifts by `d` need no branch on the
/// direction, even when the mask itself depends on the side to move. The
/// orthogonal directions `4..8` are only looked at when the variant has
/// orthogonal captures, so the other variants pay nothing for them.
#[inline(always)]
pub(super) fn each_dir<V: Variant>(mask: u8, mut f: impl FnMut(Dir)) {
    if mask & 1 != 0 {
        f(0);
    }
    if mask & 2 != 0 {
        f(1);
    }
    if mask & 4 != 0 {
        f(2);
    }
    if mask & 8 != 0 {
        f(3);
    }
    if V::RULES.orthogonal_captures {
        if mask & 16 != 0 {
            f(4);
        }
        if mask & 32 != 0 {
            f(5);
        }
        if mask & 64 != 0 {
            f(6);
        }
        if mask & 128 != 0 {
            f(7);
        }
    }
}

/// True when `f(d)` holds for a diagonal direction `d` (`0..4`), trying them
/// in order. Unrolled like [`each_dir`], so `d` is a constant in each call.
#[inline(always)]
pub(super) fn any_diagonal(mut f: impl FnMut(Dir) -> bool) -> bool {
    f(0) || f(1) || f(2) || f(3)
}

/// True when men's captures are searched with `CaptureGen::man_jumps` (capture.rs)
/// (when the order of the moves does not matter): when men capture in all
/// four board directions (and, in Frisian, the four orthogonal ones too) or
/// on the orthogonal board, where the landings in three or more directions
/// are found at once ([`man_landings`]). Men that capture in the two
/// forward diagonals only are searched faster direction by direction. Left out too: mid-capture
/// crowning with `no_reverse_jump` (no built-in variant has both).
#[inline(always)]
pub(super) const fn man_jumps_pays<V: Variant>() -> bool {
    (V::RULES.men_capture_backward || matches!(V::Board::LAYOUT, Layout::Orthogonal))
        && !(V::RULES.no_reverse_jump
            && matches!(
                V::RULES.promotion,
                MidCapturePromotion::PromotesAndContinues
            ))
}

/// True when [`Position::count`] counts the men's captures with bitboards
/// ([`Position::count_men_first`]), where the men's captures are searched
/// with `CaptureGen::man_jumps` and a man on the far row goes on capturing
/// as a man: the Frisian family (men capture in all eight directions and
/// captured pieces stay on the board until the move ends), the variants
/// whose men capture backward on the diagonals (International, Killer,
/// Antidraughts, Breakthrough, Brazilian, Canadian, Pool), and where
/// captured pieces leave the board at once (Turkish; the count frees their
/// squares at once, see `count.rs`).
///
/// Only the Frisian family in WebAssembly: there perft speed matters less
/// than the package's size, and the count's copies for the other modes cost
/// about 2 KB gzipped each (docs/speed.md).
#[inline(always)]
pub(super) const fn men_count_applies<V: Variant>() -> bool {
    let removal = match V::RULES.removal {
        Removal::EndOfMove => {
            V::RULES.men_capture_backward
                && (V::RULES.orthogonal_captures || !cfg!(target_arch = "wasm32"))
        }
        Removal::Immediate => !cfg!(target_arch = "wasm32"),
    };
    removal
        && man_jumps_pays::<V>()
        && (matches!(V::RULES.promotion, MidCapturePromotion::ContinuesAsMan)
            || crowned_go_on_counts::<V>())
}

/// True where [`men_count_applies`] holds for a man crowned mid-capture
/// that goes on as a king (Russian): only the single jumps are counted
/// with bitboards, when none lands on the far row (from there a king may
/// go on); everything else goes to the full count. Native builds only, as
/// for the other diagonal variants.
#[inline(always)]
pub(super) const fn crowned_go_on_counts<V: Variant>() -> bool {
    matches!(
        V::RULES.promotion,
        MidCapturePromotion::PromotesAndContinues
    ) && matches!(V::RULES.removal, Removal::EndOfMove)
        && !V::RULES.orthogonal_captures
        && !cfg!(target_arch = "wasm32")
}

/// True when a precedence rule makes the longest captures of men the only
/// moves when no kings are captured: the most pieces, or the highest value.
#[inline(always)]
pub(super) const fn longest_only<V: Variant>() -> bool {
    let p = V::RULES.precedence;
    let mut i = 0;
    while i < p.len() {
        if matches!(p[i], Precedence::MostPieces | Precedence::Value { .. }) {
            return true;
        }
        i += 1;
    }
    false
}

/// Where a man of `turn` on bit `sq` lands jumping one of `targets` to a
/// square of `empty` (the piece jumped is half-way: `to = 2 * over - sq` in
/// bits). Where men capture in every direction of the board and
/// [`BitSet::FAST_GATHER`] holds, the pieces next to `sq` that it could
/// jump ([`Geometry::jump_overs`]) are gathered onto their landings
/// ([`Geometry::jump_lands`]) at once; else a shift per capture direction.
/// Neither branches on the board.
#[inline(always)]
pub(super) fn man_landings<V: Variant>(
    turn: Color,
    sq: u32,
    targets: Bits<V>,
    empty: Bits<V>,
) -> Bits<V> {
    if <Bits<V> as BitSet>::FAST_GATHER
        && V::RULES.men_capture_backward
        && matches!(V::Board::LAYOUT, Layout::Diagonal)
    {
        let (overs, lands) = if V::RULES.orthogonal_captures {
            V::Board::all_jumps(sq)
        } else {
            (V::Board::jump_overs(sq), V::Board::jump_lands(sq))
        };
        return targets.gather_to(overs, lands) & empty;
    }
    let from = Bits::<V>::bit(sq);
    let lands = |dirs: u8| {
        let mut lands = Bits::<V>::ZERO;
        each_dir::<V>(dirs, |d| {
            lands |= shift_in::<V>(shift_in::<V>(from, d) & targets, d);
        });
        lands & empty
    };
    // The mask a constant in each call, so that the direction tests fold
    // away (one branch on the side to move when men capture forward only).
    match (V::RULES.men_capture_backward, turn) {
        (true, _) | (false, Color::White) => lands(man_capture_mask::<V>(Color::White)),
        (false, Color::Black) => lands(man_capture_mask::<V>(Color::Black)),
    }
}

impl<V: Variant> Position<V> {
    #[inline(always)]
    pub(super) fn own_opp(&self) -> (Bits<V>, Bits<V>) {
        match self.turn {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    #[inline(always)]
    pub(super) fn promotion_row(&self) -> Bits<V> {
        match self.turn {
            Color::White => V::Board::LAST_ROW,
            Color::Black => V::Board::FIRST_ROW,
        }
    }

    /// The pieces men of the side to move may jump (the opponent's, kings
    /// only where men capture kings) and the empty squares.
    #[inline(always)]
    pub(super) fn man_targets_empty(&self) -> (Bits<V>, Bits<V>) {
        let (own, opp) = self.own_opp();
        let targets = if V::RULES.man_captures_king {
            opp
        } else {
            opp & !self.kings
        };
        (targets, V::Board::ALL & !(own | opp))
    }

    /// `can[e]`: the squares from which a man of the side to move could jump
    /// in direction `e` now; and their union.
    #[inline(always)]
    pub(super) fn jump_starts(&self) -> ([Bits<V>; 8], Bits<V>) {
        let (targets, empty) = self.man_targets_empty();
        let mut can = [Bits::<V>::ZERO; 8];
        let mut can_any = Bits::<V>::ZERO;
        each_dir::<V>(man_capture_mask::<V>(self.turn), |e| {
            can[e] = shift_in::<V>(shift_in::<V>(empty, e ^ 2) & targets, e ^ 2);
            can_any |= can[e];
        });
        (can, can_any)
    }

    /// True when men's captures have different values: a precedence rule
    /// looks at kings, men may capture kings and the opponent has some.
    #[inline(always)]
    pub(super) fn kings_weigh(&self) -> bool {
        let king_rules = V::RULES.precedence.iter().any(|p| {
            matches!(
                p,
                Precedence::MostKings | Precedence::EarliestKing | Precedence::Value { .. }
            )
        });
        let (_, opp) = self.own_opp();
        king_rules && V::RULES.man_captures_king && !(opp & self.kings).is_zero()
    }

    /// The men of the side to move that can start a capture, and whether any
    /// king can.
    // Forced inline natively (perft runs fewer instructions); in WebAssembly,
    // where its 24 modes would each get the copies, the compiler decides.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn capturers(&self) -> (Bits<V>, bool) {
        let (own, opp) = self.own_opp();
        let (man_targets, empty) = self.man_targets_empty();
        let men = own & !self.kings;
        let kings = own & self.kings;
        let mut men_capturing = Bits::<V>::ZERO;
        each_dir::<V>(man_capture_mask::<V>(self.turn), |d| {
            let back = d ^ 2;
            men_capturing |= men & shift_in::<V>(shift_in::<V>(empty, back) & man_targets, back);
        });
        let mut king_can = false;
        if !kings.is_zero() {
            king_can = any_diagonal(|d| {
                let hits = match V::RULES.king_range {
                    KingRange::Short => shift_in::<V>(kings, d) & opp,
                    // The first piece along each king's ray.
                    KingRange::Flying => {
                        shift_in::<V>(kings | V::Board::slide(kings, empty, d), d) & opp
                    }
                };
                !(shift_in::<V>(hits, d) & empty).is_zero()
            });
            if V::RULES.orthogonal_captures && !king_can {
                each_dir::<V>(ORTHOGONAL_MASK, |d| {
                    let hits = match V::RULES.king_range {
                        KingRange::Short => shift_in::<V>(kings, d) & opp,
                        KingRange::Flying => {
                            shift_in::<V>(kings | V::Board::slide(kings, empty, d), d) & opp
                        }
                    };
                    king_can |= !(shift_in::<V>(hits, d) & empty).is_zero();
                });
            }
        }
        (men_capturing, king_can)
    }

    #[inline]
    pub(crate) fn can_capture(&self) -> bool {
        self.capture_sources().is_some()
    }

    /// True when the side to move has a capture; `generate_captures` needs
    /// the capturing men and whether a king can capture.
    // Forced inline natively: left to the compiler, it was once called out
    // of line from `count`, which made perft up to 13% slower (Thai); in
    // WebAssembly the compiler decides, as for `capturers`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    pub(crate) fn capture_sources(&self) -> Option<(Bits<V>, bool)> {
        let (men, king_can) = self.capturers();
        if king_can || !men.is_zero() {
            Some((men, king_can))
        } else {
            None
        }
    }
}
