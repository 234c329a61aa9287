//! A variant's board and numbering as data, for cold code written once.
//!
//! Move text, FEN, click input and PDN replay are not hot paths. Written
//! generically they would be compiled once per variant (kilobytes each in
//! the WebAssembly package, which serves two dozen modes); written over a
//! [`BoardSpec`] they are one function each. A thin generic shim reads the spec
//! with [`BoardSpec::of`] (a constant per variant) and converts bit sets with
//! [`wide`] and [`narrow`]. Every bit set here is a `u128`, wide enough for
//! every board (12x12 uses 77 bits).

use crate::core::bitboard::{BitSet, Square};
use crate::core::geometry::{bit_of, coords_of, Geometry, Layout};
use crate::core::squares::Bits;

use super::{Color, KingLanding, KingRange, MidCapturePromotion, Numbering, Tables, Variant, NONE};

/// What cold code needs of a variant: its board, numbering and the few rules
/// that move text and FEN read.
pub(crate) struct BoardSpec {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) layout: Layout,
    /// Algebraic square names (`c3`) rather than numbers.
    pub(crate) algebraic: bool,
    /// The board is mirrored onto the internal layout (Italian, Spanish).
    pub(crate) invert: bool,
    /// Captures along rows and columns on a diagonal board (Frisian).
    pub(crate) orthogonal_captures: bool,
    /// A flying king that may stop anywhere beyond a captured piece.
    pub(crate) flying_beyond: bool,
    /// A man reaching the far row mid-capture continues as a king (Russian).
    pub(crate) promotes_and_continues: bool,
    pub(crate) king_move_limit: Option<u8>,
    /// Who moves first in the start position.
    pub(crate) first_mover: Color,
    /// Every playing square.
    pub(crate) all: u128,
    /// Row 0 and the last row.
    pub(crate) first_row: u128,
    pub(crate) last_row: u128,
    pub(crate) numbering: &'static Numbering,
}

/// The playing squares of row `row`.
const fn row_mask(layout: Layout, width: u8, row: u8) -> u128 {
    let mut mask = 0u128;
    let mut col = 0;
    while col < width {
        if let Some(b) = bit_of(layout, width, row, col) {
            mask |= 1 << b;
        }
        col += 1;
    }
    mask
}

/// Every playing square of the board.
const fn all_mask(layout: Layout, width: u8, height: u8) -> u128 {
    let mut mask = 0u128;
    let mut row = 0;
    while row < height {
        mask |= row_mask(layout, width, row);
        row += 1;
    }
    mask
}

struct BoardSpecOf<V>(core::marker::PhantomData<V>);

impl<V: Variant> BoardSpecOf<V> {
    const FACE: BoardSpec = {
        let r = &V::RULES;
        let (w, h, layout) = (V::Board::WIDTH, V::Board::HEIGHT, V::Board::LAYOUT);
        BoardSpec {
            width: w,
            height: h,
            layout,
            algebraic: r.game_type.algebraic,
            invert: r.game_type.invert,
            orthogonal_captures: r.orthogonal_captures,
            flying_beyond: matches!(r.king_range, KingRange::Flying)
                && !matches!(r.king_landing, KingLanding::DirectlyBehind),
            promotes_and_continues: matches!(
                r.promotion,
                MidCapturePromotion::PromotesAndContinues
            ),
            king_move_limit: r.king_move_limit,
            first_mover: r.first_mover,
            all: all_mask(layout, w, h),
            first_row: row_mask(layout, w, 0),
            last_row: row_mask(layout, w, h - 1),
            numbering: &Tables::<V>::NUMERIC,
        }
    };
}

impl BoardSpec {
    /// The spec of variant `V`.
    #[inline]
    pub(crate) fn of<V: Variant>() -> &'static BoardSpec {
        &BoardSpecOf::<V>::FACE
    }

    /// See [`Variant::square`].
    pub(crate) fn square(&self, number: u8) -> Option<Square> {
        match self.numbering.to_bit.get(number as usize) {
            Some(&b) if b != NONE => Some(Square(b)),
            _ => None,
        }
    }

    /// See [`Variant::square_number`].
    pub(crate) fn square_number(&self, sq: Square) -> u8 {
        self.numbering.to_number[sq.0 as usize]
    }

    /// The square at internal `(row, col)`, if it is a playing square
    /// ([`Geometry::square_at`]).
    pub(crate) fn square_at(&self, row: u8, col: u8) -> Option<Square> {
        if row >= self.height || col >= self.width {
            return None;
        }
        bit_of(self.layout, self.width, row, col).map(Square)
    }

    /// Internal `(row, col)` of a square ([`Geometry::coords`]).
    pub(crate) fn coords(&self, sq: Square) -> (u8, u8) {
        coords_of(self.layout, self.width, sq.0)
    }

    /// See [`Variant::parse_square`].
    pub(crate) fn parse_square(&self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        match bytes.first()? {
            b'0'..=b'9' => {
                if bytes.len() > 3 || !bytes.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                self.square(text.parse().ok()?)
            }
            f @ b'a'..=b'z' => {
                let col = f - b'a';
                let rank = &text[1..];
                if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let row: u8 = rank.parse().ok()?;
                if row == 0 {
                    return None;
                }
                self.algebraic_square(row - 1, col)
            }
            _ => None,
        }
    }

    /// See [`Variant::algebraic_square`].
    pub(crate) fn algebraic_square(&self, row: u8, col: u8) -> Option<Square> {
        let (w, h) = (self.width, self.height);
        if row >= h || col >= w {
            return None;
        }
        let col = if self.invert { w - 1 - col } else { col };
        self.square_at(row, col)
    }

    /// See [`Variant::square_coords`].
    pub(crate) fn square_coords(&self, sq: Square) -> (u8, u8) {
        let (row, col) = self.coords(sq);
        let col = if self.invert {
            self.width - 1 - col
        } else {
            col
        };
        (row, col)
    }

    /// See [`Variant::algebraic_name`].
    pub(crate) fn algebraic_name(&self, sq: Square) -> String {
        let (row, col) = self.square_coords(sq);
        format!("{}{}", (b'a' + col) as char, row + 1)
    }

    /// See [`Variant::square_text`].
    pub(crate) fn square_text(&self, sq: Square) -> String {
        if self.algebraic {
            self.algebraic_name(sq)
        } else {
            self.square_number(sq).to_string()
        }
    }
}

/// A bit set of `V`'s board as a `u128`.
#[inline]
pub(crate) fn wide<V: Variant>(bits: Bits<V>) -> u128 {
    let (mut b, mut out) = (bits, 0u128);
    while !b.is_zero() {
        let i = b.lowest();
        out |= 1 << i;
        b ^= Bits::<V>::bit(i);
    }
    out
}

/// A `u128` bit set as `V`'s word (bits beyond the word are dropped).
#[inline]
pub(crate) fn narrow<V: Variant>(bits: u128) -> Bits<V> {
    let (mut b, mut out) = (bits, Bits::<V>::ZERO);
    while b != 0 {
        let i = b.trailing_zeros();
        if i < <Bits<V> as BitSet>::BITS {
            out |= Bits::<V>::bit(i);
        }
        b &= b - 1;
    }
    out
}

/// The single-bit set of `sq`; empty for a square beyond every board.
#[inline]
pub(crate) fn bit(sq: Square) -> u128 {
    1u128.checked_shl(sq.0 as u32).unwrap_or(0)
}

/// The squares of `set`, lowest bit first.
pub(crate) fn squares(set: u128) -> impl Iterator<Item = Square> {
    let mut b = set;
    core::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros();
            b &= b - 1;
            Square(i as u8)
        })
    })
}

impl BoardSpec {
    /// The full-path text of a move (`Move`'s `Display`).
    pub(crate) fn path_text(&self, from: Square, path: &[Square], capture: bool) -> String {
        let mut text = self.square_text(from);
        let sep = if capture { 'x' } else { '-' };
        for &sq in path {
            text.push(sep);
            text.push_str(&self.square_text(sq));
        }
        text
    }

    /// The unit step from `a` towards `b` in internal coordinates
    /// (`squares::direction`).
    pub(crate) fn direction(&self, a: Square, b: Square) -> Option<(i8, i8)> {
        let (r1, c1) = self.coords(a);
        let (r2, c2) = self.coords(b);
        let (dr, dc) = (r2 as i8 - r1 as i8, c2 as i8 - c1 as i8);
        match self.layout {
            Layout::Diagonal if dr != 0 && dr.abs() == dc.abs() => Some((dr.signum(), dc.signum())),
            Layout::Diagonal if self.orthogonal_captures && (dr == 0) != (dc == 0) => {
                Some((2 * dr.signum(), 2 * dc.signum()))
            }
            Layout::Diagonal => None,
            Layout::Orthogonal => ((dr == 0) != (dc == 0)).then_some((dr.signum(), dc.signum())),
        }
    }

    /// The squares strictly between `a` and `b` on a line (`squares::between`).
    pub(crate) fn between(&self, a: Square, b: Square) -> u128 {
        let mut out = 0;
        let Some((sr, sc)) = self.direction(a, b) else {
            return out;
        };
        let (mut r, mut c) = self.coords(a);
        loop {
            r = (r as i8 + sr) as u8;
            c = (c as i8 + sc) as u8;
            match self.square_at(r, c) {
                Some(sq) if sq != b => out |= bit(sq),
                _ => return out,
            }
        }
    }

    /// The squares of `set` in numbering order ([`SquareSet`]'s order).
    ///
    /// [`SquareSet`]: crate::SquareSet
    #[cfg_attr(not(feature = "dynamic"), allow(dead_code))] // used by the run-time face
    pub(crate) fn in_order(&self, set: u128) -> impl Iterator<Item = Square> + '_ {
        let mut left = set;
        self.numbering.to_bit[1..]
            .iter()
            .take_while(|&&b| b != NONE)
            .filter_map(move |&b| {
                let hit = left != 0 && left & (1 << b) != 0;
                left &= !(1u128 << b);
                hit.then_some(Square(b))
            })
    }

    /// The row a man of `color` promotes on.
    pub(crate) fn far_row(&self, color: Color) -> u128 {
        match color {
            Color::White => self.last_row,
            Color::Black => self.first_row,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geometry::Geometry;
    use crate::core::variant::VariantVisitor;

    /// The spec's masks are the board's own constants, and its numbering
    /// that of the variant's table.
    struct Agrees;
    impl VariantVisitor for Agrees {
        type Output = ();
        fn visit<V: Variant>(self) {
            let spec = BoardSpec::of::<V>();
            assert_eq!(spec.all, wide::<V>(V::Board::ALL), "{}", V::NAME);
            assert_eq!(
                spec.first_row,
                wide::<V>(V::Board::FIRST_ROW),
                "{}",
                V::NAME
            );
            assert_eq!(spec.last_row, wide::<V>(V::Board::LAST_ROW), "{}", V::NAME);
            assert_eq!(narrow::<V>(spec.all), V::Board::ALL, "{}", V::NAME);
            let squares: Vec<Square> = squares(spec.all).collect();
            assert_eq!(squares.len(), V::Board::SQUARES as usize, "{}", V::NAME);
            for sq in squares {
                assert_eq!(spec.coords(sq), V::Board::coords(sq), "{}", V::NAME);
                let (row, col) = spec.coords(sq);
                assert_eq!(spec.square_at(row, col), Some(sq), "{}", V::NAME);
                assert_eq!(spec.square(spec.square_number(sq)), Some(sq), "{}", V::NAME);
            }
        }
    }

    #[test]
    fn board_spec_agrees_with_every_board() {
        for kind in crate::VariantKind::ALL {
            kind.visit(Agrees);
        }
        for name in crate::modes::house_rules::NAMES {
            crate::modes::house_rules::visit(name, Agrees);
        }
    }

    #[test]
    fn in_order_follows_the_numbering() {
        let spec = BoardSpec::of::<crate::International>();
        let set = bit(spec.square(50).unwrap())
            | bit(spec.square(1).unwrap())
            | bit(spec.square(28).unwrap());
        let numbers: Vec<u8> = spec.in_order(set).map(|s| spec.square_number(s)).collect();
        assert_eq!(numbers, [1, 28, 50]);
    }
}
