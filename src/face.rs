//! A variant's board and numbering as data, for cold code written once.
//!
//! Move text, FEN, click input and PDN replay are not hot paths. Written
//! generically they would be compiled once per variant (kilobytes each in
//! the WebAssembly package, which serves two dozen modes); written over a
//! [`Face`] they are one function each. A thin generic shim reads the face
//! with [`Face::of`] (a constant per variant) and converts bit sets with
//! [`wide`] and [`narrow`]. Every bit set here is a `u128`, wide enough for
//! every board (12x12 uses 77 bits).

use crate::bitboard::{BitSet, Square};
use crate::geometry::Layout;
use crate::squares::Bits;
pub(crate) use crate::variant::Face;
use crate::variant::{Color, Variant, NONE};

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

impl Face {
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
    use crate::geometry::Geometry;
    use crate::variant::VariantVisitor;

    /// The face's masks are the board's own constants, and its numbering
    /// that of the variant's table.
    struct Agrees;
    impl VariantVisitor for Agrees {
        type Output = ();
        fn visit<V: Variant>(self) {
            let face = Face::of::<V>();
            assert_eq!(face.all, wide::<V>(V::Board::ALL), "{}", V::NAME);
            assert_eq!(
                face.first_row,
                wide::<V>(V::Board::FIRST_ROW),
                "{}",
                V::NAME
            );
            assert_eq!(face.last_row, wide::<V>(V::Board::LAST_ROW), "{}", V::NAME);
            assert_eq!(narrow::<V>(face.all), V::Board::ALL, "{}", V::NAME);
            let squares: Vec<Square> = squares(face.all).collect();
            assert_eq!(squares.len(), V::Board::SQUARES as usize, "{}", V::NAME);
            for sq in squares {
                assert_eq!(face.coords(sq), V::Board::coords(sq), "{}", V::NAME);
                let (row, col) = face.coords(sq);
                assert_eq!(face.square_at(row, col), Some(sq), "{}", V::NAME);
                assert_eq!(face.square(face.square_number(sq)), Some(sq), "{}", V::NAME);
            }
        }
    }

    #[test]
    fn face_agrees_with_every_board() {
        for kind in crate::VariantKind::ALL {
            kind.visit(Agrees);
        }
        for name in crate::house_rules::NAMES {
            crate::house_rules::visit(name, Agrees);
        }
    }

    #[test]
    fn in_order_follows_the_numbering() {
        let face = Face::of::<crate::International>();
        let set = bit(face.square(50).unwrap())
            | bit(face.square(1).unwrap())
            | bit(face.square(28).unwrap());
        let numbers: Vec<u8> = face.in_order(set).map(|s| face.square_number(s)).collect();
        assert_eq!(numbers, [1, 28, 50]);
    }
}
