//! Bitboards: sets of squares stored as the bits of a machine word.
//!
//! Every board geometry chooses a raw word type ([`u64`] for the 8x8 and 10x10
//! boards, [`u128`] for the 12x12 board) and lays its playing squares out in that
//! word (see [`crate::geometry`]). [`Bitboard`] wraps such a word and iterates over
//! the [`Square`]s it contains.

use core::fmt;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A square, identified by its bit index in the board's internal layout.
///
/// The index is only meaningful together with a board geometry: convert to and
/// from the numbers and names players use with
/// [`Variant::square`](crate::Variant::square) and
/// [`Variant::square_text`](crate::Variant::square_text).
///
/// ```
/// use draughts::{International, Variant};
/// let sq = International::square(46).unwrap();
/// assert_eq!(International::square_number(sq), 46);
/// ```
///
/// There is no public constructor: squares come from a variant's numbering or
/// names, or from bitboards. To store squares, store their text; `Square` has
/// no serde impl for that reason.
///
/// `Debug` shows the bit index (`Square(bit 12)`): a square alone does not
/// know its variant's numbering. Print `V::square_text(sq)` for players.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub(crate) u8);

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square(bit {})", self.0)
    }
}

impl Square {
    /// The bit index of this square in the internal layout.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
}

/// The raw word behind a bitboard: implemented for [`u64`] and [`u128`].
pub trait BitSet:
    Copy
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Number of bits in the word.
    const BITS: u32;
    /// The set holding only bit `i`.
    fn bit(i: u32) -> Self;
    /// Number of set bits.
    fn count(self) -> u32;
    /// Index of the lowest set bit (undefined for zero).
    fn lowest(self) -> u32;
    /// True when no bit is set.
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// True when [`BitSet::gather_to`] is two machine instructions (`u64`,
    /// with the `pext` feature, built for x86-64 with BMI2), not a loop
    /// over the bits.
    const FAST_GATHER: bool = false;

    /// The bits of `self` under the mask `from`, lowest first, put in the
    /// same order on the bits of `to` (`from` and `to` hold as many bits):
    /// the `k`-th lowest bit of `from` is set in `self` exactly when the
    /// `k`-th lowest bit of `to` is set in the result.
    ///
    /// ```
    /// use draughts::BitSet;
    /// // Bits 1 and 3 of 0b1010 are under the mask 0b1110 (its 1st and 3rd
    /// // bits): they go to the 1st and 3rd bits of 0b111_0000_0000.
    /// assert_eq!(0b1010u64.gather_to(0b1110, 0b111 << 8), 0b101 << 8);
    /// assert_eq!(0b1010u128.gather_to(0b1110, 0b111 << 100), 0b101 << 100);
    /// ```
    #[inline]
    fn gather_to(self, from: Self, to: Self) -> Self {
        let (mut from, mut to) = (from, to);
        let mut out = Self::ZERO;
        while !from.is_zero() && !to.is_zero() {
            let f = Self::bit(from.lowest());
            let t = Self::bit(to.lowest());
            if !(self & f).is_zero() {
                out |= t;
            }
            from ^= f;
            to ^= t;
        }
        out
    }
}

macro_rules! impl_bitset {
    ($t:ident) => {
        impl BitSet for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            impl_bitset!(@gather $t);
        }
    };
    (@gather u64) => {
        #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
        const FAST_GATHER: bool = true;
        #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
        #[inline(always)]
        fn gather_to(self, from: Self, to: Self) -> Self {
            use core::arch::x86_64::{_pdep_u64, _pext_u64};
            // SAFETY: PEXT and PDEP are BMI2 instructions, and this code is
            // compiled only for targets that have BMI2 (`target_feature`).
            // They read no memory.
            #[allow(unsafe_code)]
            unsafe {
                _pdep_u64(_pext_u64(self, from), to)
            }
        }
    };
    (@gather u128) => {};
}
impl_bitset!(u64);
impl_bitset!(u128);

/// A set of squares.
///
/// ```
/// use draughts::{Position, English, Color, Variant};
/// let pos = Position::<English>::start();
/// let white = pos.pieces(Color::White);
/// assert_eq!(white.len(), 12);
/// let numbers: Vec<u8> = white.iter().map(English::square_number).collect();
/// assert!(numbers.contains(&21) && numbers.contains(&32));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard<B: BitSet>(pub B);

impl<B: BitSet> Bitboard<B> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard(B::ZERO);

    /// The set holding one square (empty for a square beyond this word, such
    /// as a 12x12 square asked of an 8x8 board).
    #[inline]
    pub fn from_square(sq: Square) -> Self {
        if (sq.0 as u32) < B::BITS {
            Bitboard(B::bit(sq.0 as u32))
        } else {
            Self::EMPTY
        }
    }
    /// Number of squares in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count() as usize
    }
    /// True when the set holds no square.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.is_zero()
    }
    /// True when the set holds `sq`.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        !(self.0 & Self::from_square(sq).0).is_zero()
    }
    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square(self.0.lowest() as u8))
        }
    }
    /// Iterates over the squares of the set, lowest index first.
    #[inline]
    pub fn iter(self) -> Squares<B> {
        Squares(self.0)
    }
}

impl<B: BitSet> fmt::Debug for Bitboard<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl<B: BitSet> IntoIterator for Bitboard<B> {
    type Item = Square;
    type IntoIter = Squares<B>;
    fn into_iter(self) -> Squares<B> {
        self.iter()
    }
}

impl<B: BitSet> FromIterator<Square> for Bitboard<B> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for s in iter {
            b |= Self::from_square(s);
        }
        b
    }
}

/// Iterator over the squares of a [`Bitboard`].
#[derive(Clone, Debug)]
pub struct Squares<B: BitSet>(B);

impl<B: BitSet> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            let i = self.0.lowest();
            self.0 ^= B::bit(i);
            Some(Square(i as u8))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: BitSet> ExactSizeIterator for Squares<B> {}

macro_rules! bitboard_ops {
    ($tr:ident, $m:ident, $tra:ident, $ma:ident, $op:tt) => {
        impl<B: BitSet> $tr for Bitboard<B> {
            type Output = Self;
            #[inline]
            fn $m(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<B: BitSet> $tra for Bitboard<B> {
            #[inline]
            fn $ma(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitboard_ops!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitboard_ops!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitboard_ops!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

#[cfg(test)]
mod tests {
    use super::BitSet;
    use proptest::prelude::*;

    /// `gather_to` bit by bit, as its documentation says it.
    fn reference(x: u64, from: u64, to: u64) -> u64 {
        let (mut from, mut to, mut out) = (from, to, 0);
        while from != 0 && to != 0 {
            let (f, t) = (from & from.wrapping_neg(), to & to.wrapping_neg());
            if x & f != 0 {
                out |= t;
            }
            from ^= f;
            to ^= t;
        }
        out
    }

    /// `to` cut to as many bits as `from` has (its lowest ones).
    fn same_count(from: u64, to: u64) -> u64 {
        let (mut to, mut out) = (to, 0u64);
        for _ in 0..from.count_ones() {
            if to == 0 {
                break;
            }
            out |= to & to.wrapping_neg();
            to &= to - 1;
        }
        out
    }

    proptest! {
        // The BMI2 path (with the `pext` feature on such a build) and the
        // portable loop give the same answers.
        #[test]
        fn gather_to_moves_the_bits_in_order(x: u64, from: u64, to: u64) {
            let to = same_count(from, to);
            prop_assert_eq!(x.gather_to(from, to), reference(x, from, to));
            prop_assert_eq!(
                u128::from(x).gather_to(u128::from(from), u128::from(to) << 64),
                u128::from(reference(x, from, to)) << 64
            );
        }
    }
}
