//! [`SquareSet`]: a set of squares of one variant's board, iterated in the
//! variant's numbering order.
//!
//! Positions, moves and click input hand out their squares as a
//! `SquareSet<V>`. It knows its variant, so it iterates and prints in the
//! order and notation players use; the raw bit word (internal layout) is
//! [`SquareSet::bits`] for code that works on bitboards directly.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::core::bitboard::{BitSet, Bitboard, Square};
use crate::core::geometry::{Geometry, Layout};
use crate::core::variant::{Tables, Variant};

/// The bit set of a variant's board (the crate-internal short name of
/// [`BitsOf`]).
pub(crate) type Bits<V> = BitsOf<V>;

/// The unit step from `a` towards `b` in internal coordinates, if `b` lies on
/// a line along which pieces of this board move or capture. With orthogonal
/// captures on a diagonal board (Frisian), rows and columns are such lines
/// too; their step is two squares, from playing square to playing square.
pub(crate) fn direction<V: Variant>(a: Square, b: Square) -> Option<(i8, i8)> {
    let (r1, c1) = V::Board::coords(a);
    let (r2, c2) = V::Board::coords(b);
    let (dr, dc) = (r2 as i8 - r1 as i8, c2 as i8 - c1 as i8);
    match V::Board::LAYOUT {
        Layout::Diagonal if dr != 0 && dr.abs() == dc.abs() => Some((dr.signum(), dc.signum())),
        Layout::Diagonal if V::RULES.orthogonal_captures && (dr == 0) != (dc == 0) => {
            Some((2 * dr.signum(), 2 * dc.signum()))
        }
        Layout::Diagonal => None,
        Layout::Orthogonal => ((dr == 0) != (dc == 0)).then_some((dr.signum(), dc.signum())),
    }
}

/// The squares strictly between `a` and `b` on a line (empty if not on one).
pub(crate) fn between<V: Variant>(a: Square, b: Square) -> Bits<V> {
    let mut out = Bits::<V>::ZERO;
    let Some((sr, sc)) = direction::<V>(a, b) else {
        return out;
    };
    let (mut r, mut c) = V::Board::coords(a);
    loop {
        r = (r as i8 + sr) as u8;
        c = (c as i8 + sc) as u8;
        match V::Board::square_at(r, c) {
            Some(sq) if sq != b => out |= Bits::<V>::bit(sq.0 as u32),
            _ => return out,
        }
    }
}

/// The raw bitboard word of variant `V`'s board ([`u64`] or [`u128`]).
pub type BitsOf<V> = <<V as Variant>::Board as Geometry>::Bits;

/// A set of squares of variant `V`'s board.
///
/// Iteration ([`SquareSet::iter`], `for sq in set`) and `Debug` follow the
/// variant's numbering: ascending PDN square number ([`Variant::square_number`];
/// algebraic variants number their squares as English draughts does, 1 = b8 ...
/// 32 = g1). `Debug` writes the squares as the variant does (`{28, 32}` or
/// `{c3, e3}`).
///
/// ```
/// use draughts::{Color, International, Position, SquareSet, Variant};
/// let pos = Position::<International>::from_fen("W:W32,28,50:B1").unwrap();
/// let white: SquareSet<International> = pos.pieces(Color::White);
/// let numbers: Vec<u8> = white.iter().map(International::square_number).collect();
/// assert_eq!(numbers, [28, 32, 50]);
/// assert_eq!(format!("{white:?}"), "{28, 32, 50}");
/// assert!(white.contains(International::square(50).unwrap()));
/// ```
pub struct SquareSet<V: Variant> {
    bits: BitsOf<V>,
    _v: PhantomData<V>,
}

impl<V: Variant> SquareSet<V> {
    /// The empty set.
    pub const EMPTY: Self = SquareSet {
        bits: <BitsOf<V> as BitSet>::ZERO,
        _v: PhantomData,
    };

    /// The set of the raw bits `bits` (internal layout), restricted to the
    /// board's playing squares.
    #[inline]
    pub fn from_bits(bits: BitsOf<V>) -> Self {
        SquareSet {
            bits: bits & V::Board::ALL,
            _v: PhantomData,
        }
    }

    /// Every playing square of the board.
    #[inline]
    pub fn all() -> Self {
        Self::from_bits(V::Board::ALL)
    }

    /// The set holding one square (empty for a square that is not a playing
    /// square of this board).
    #[inline]
    pub fn from_square(sq: Square) -> Self {
        Self::from_bits(Bitboard::<BitsOf<V>>::from_square(sq).0)
    }

    /// The raw bits (internal layout).
    #[inline]
    pub fn bits(self) -> BitsOf<V> {
        self.bits
    }

    /// The same set as a variant-independent [`Bitboard`] (iterates in bit order).
    #[inline]
    pub fn bitboard(self) -> Bitboard<BitsOf<V>> {
        Bitboard(self.bits)
    }

    /// Number of squares in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.bits.count() as usize
    }

    /// True when the set holds no square.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.bits.is_zero()
    }

    /// True when the set holds `sq`.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        Bitboard(self.bits).contains(sq)
    }

    /// The square with the lowest number, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// Iterates over the squares in numbering order (ascending square number).
    #[inline]
    pub fn iter(self) -> SquareSetIter<V> {
        SquareSetIter {
            bits: self.bits,
            number: 1,
            _v: PhantomData,
        }
    }

    /// The squares as the variant writes them, in numbering order.
    ///
    /// ```
    /// use draughts::{Color, Position, Russian};
    /// let pos = Position::<Russian>::start();
    /// // Russian squares are numbered as in English draughts: 1 = b8 ... 32 = g1.
    /// assert_eq!(pos.pieces(Color::White).texts()[..3], ["a3", "c3", "e3"][..]);
    /// ```
    pub fn texts(self) -> Vec<String> {
        self.iter().map(V::square_text).collect()
    }

    /// The squares' numbers, ascending.
    pub fn numbers(self) -> Vec<u8> {
        self.iter().map(V::square_number).collect()
    }
}

impl<V: Variant> Clone for SquareSet<V> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Variant> Copy for SquareSet<V> {}
impl<V: Variant> PartialEq for SquareSet<V> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.bits == o.bits
    }
}
impl<V: Variant> Eq for SquareSet<V> {}
impl<V: Variant> core::hash::Hash for SquareSet<V> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.bits.hash(h);
    }
}
impl<V: Variant> Default for SquareSet<V> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<V: Variant> fmt::Debug for SquareSet<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Text(String);
        impl fmt::Debug for Text {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
        f.debug_set()
            .entries(self.iter().map(|s| Text(V::square_text(s))))
            .finish()
    }
}

impl<V: Variant> From<SquareSet<V>> for Bitboard<BitsOf<V>> {
    fn from(s: SquareSet<V>) -> Self {
        Bitboard(s.bits)
    }
}

impl<V: Variant> From<Bitboard<BitsOf<V>>> for SquareSet<V> {
    fn from(b: Bitboard<BitsOf<V>>) -> Self {
        SquareSet::from_bits(b.0)
    }
}

impl<V: Variant> IntoIterator for SquareSet<V> {
    type Item = Square;
    type IntoIter = SquareSetIter<V>;
    #[inline]
    fn into_iter(self) -> SquareSetIter<V> {
        self.iter()
    }
}

impl<V: Variant> FromIterator<Square> for SquareSet<V> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for sq in iter {
            s |= Self::from_square(sq);
        }
        s
    }
}

/// Iterator over a [`SquareSet`] in numbering order.
pub struct SquareSetIter<V: Variant> {
    bits: BitsOf<V>,
    /// The next square number to look at.
    number: usize,
    _v: PhantomData<V>,
}

impl<V: Variant> Clone for SquareSetIter<V> {
    fn clone(&self) -> Self {
        SquareSetIter {
            bits: self.bits,
            number: self.number,
            _v: PhantomData,
        }
    }
}

impl<V: Variant> fmt::Debug for SquareSetIter<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SquareSetIter")
            .field(&SquareSet::<V>::from_bits(self.bits))
            .finish()
    }
}

impl<V: Variant> Iterator for SquareSetIter<V> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let to_bit = &Tables::<V>::NUMERIC.to_bit;
        while !self.bits.is_zero() {
            let b = *to_bit.get(self.number)?;
            self.number += 1;
            let bit = <BitsOf<V> as BitSet>::bit(b as u32);
            if !(self.bits & bit).is_zero() {
                self.bits ^= bit;
                return Some(Square(b));
            }
        }
        None
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count() as usize;
        (n, Some(n))
    }
}

impl<V: Variant> ExactSizeIterator for SquareSetIter<V> {}

macro_rules! set_ops {
    ($tr:ident, $m:ident, $tra:ident, $ma:ident, $op:tt) => {
        impl<V: Variant> $tr for SquareSet<V> {
            type Output = Self;
            #[inline]
            fn $m(self, rhs: Self) -> Self {
                SquareSet { bits: self.bits $op rhs.bits, _v: PhantomData }
            }
        }
        impl<V: Variant> $tra for SquareSet<V> {
            #[inline]
            fn $ma(&mut self, rhs: Self) {
                self.bits = self.bits $op rhs.bits;
            }
        }
    };
}
set_ops!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_ops!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_ops!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The complement: every other playing square of the board.
impl<V: Variant> Not for SquareSet<V> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Self::from_bits(!self.bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, English, International, Italian, Position, Russian, Spanish, Turkish};

    fn ascending<V: Variant>() {
        let all = SquareSet::<V>::all();
        let numbers = all.numbers();
        assert_eq!(numbers.len(), V::Board::SQUARES as usize);
        assert!(numbers.windows(2).all(|w| w[0] + 1 == w[1]), "{numbers:?}");
        assert_eq!(numbers[0], 1);
        let white = Position::<V>::start().pieces(Color::White);
        let n = white.numbers();
        assert!(n.windows(2).all(|w| w[0] < w[1]), "{n:?}");
        assert_eq!(white.iter().len(), white.len());
    }

    #[test]
    fn iterates_in_numbering_order() {
        ascending::<English>();
        ascending::<Italian>();
        ascending::<Spanish>();
        ascending::<Russian>();
        ascending::<International>();
        ascending::<Turkish>();
    }
}
