//! The [`Variant`] trait (a set of rules on a board) and [`VariantVisitor`]
//! (code generic over the variant, called with a variant chosen at run time).

use core::fmt;

use crate::core::bitboard::Square;
use crate::core::geometry::Geometry;

use super::board_spec::BoardSpec;
use super::Rules;

/// A set of rules on a board. Built-in variants are zero-sized types; see the
/// [module documentation](crate::variant) for writing your own.
pub trait Variant: Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// The board geometry.
    type Board: Geometry;
    /// A short lower-case name.
    const NAME: &'static str;
    /// The rule parameters.
    const RULES: Rules;

    /// The square with PDN number `number` in this variant's numbering.
    ///
    /// Variants with algebraic notation (Russian, Brazilian, Czech) number their
    /// squares as English draughts does (1 = b8 ... 32 = g1 from White's view).
    ///
    /// ```
    /// use draughts::{English, Variant};
    /// let sq = English::square(29).unwrap();
    /// assert_eq!(English::square_text(sq), "29");
    /// assert!(English::square(33).is_none());
    /// ```
    fn square(number: u8) -> Option<Square> {
        BoardSpec::of::<Self>().square(number)
    }

    /// The PDN number of a square (see [`Variant::square`]).
    fn square_number(sq: Square) -> u8 {
        BoardSpec::of::<Self>().square_number(sq)
    }

    /// The square named `text`: a number, or an algebraic name such as `c3`
    /// (files from White's left, ranks from White's side).
    ///
    /// ```
    /// use draughts::{Russian, Variant};
    /// assert_eq!(Russian::parse_square("c3"), Russian::square(22));
    /// assert_eq!(Russian::parse_square("a2"), None, "a2 is a light square");
    /// ```
    fn parse_square(text: &str) -> Option<Square> {
        BoardSpec::of::<Self>().parse_square(text)
    }

    /// The square at physical `(row, col)` from White's view, if it is played on.
    fn algebraic_square(row: u8, col: u8) -> Option<Square> {
        BoardSpec::of::<Self>().algebraic_square(row, col)
    }

    /// `(row, column)` of a square on the board as seen from White's side:
    /// row 0 is White's back row, column 0 White's left (the `a` file). The
    /// inverse of [`Variant::algebraic_square`]; a frontend draws the board
    /// with it.
    ///
    /// ```
    /// use draughts::{English, Spanish, Variant};
    /// assert_eq!(English::square_coords(English::square(29).unwrap()), (0, 0)); // a1
    /// assert_eq!(Spanish::square_coords(Spanish::square(1).unwrap()), (0, 7)); // h1
    /// ```
    fn square_coords(sq: Square) -> (u8, u8) {
        BoardSpec::of::<Self>().square_coords(sq)
    }

    /// The algebraic name of a square (`a1` is White's bottom-left corner).
    fn algebraic_name(sq: Square) -> String {
        BoardSpec::of::<Self>().algebraic_name(sq)
    }

    /// The square as this variant writes it: its number, or its algebraic name
    /// for variants with algebraic notation.
    fn square_text(sq: Square) -> String {
        BoardSpec::of::<Self>().square_text(sq)
    }
}

/// Code generic over the variant, for calling with a variant chosen at run
/// time ([`VariantKind::visit`](crate::VariantKind::visit), [`house_rules::visit`](crate::house_rules::visit)).
///
/// ```
/// use draughts::{perft, Position, Variant, VariantKind, VariantVisitor};
/// struct Perft(u32);
/// impl VariantVisitor for Perft {
///     type Output = u64;
///     fn visit<V: Variant>(self) -> u64 {
///         perft(&Position::<V>::start(), self.0)
///     }
/// }
/// assert_eq!(VariantKind::Russian.visit(Perft(3)), 302);
/// ```
pub trait VariantVisitor {
    /// What the call returns.
    type Output;
    /// The code, run with the variant `V`.
    fn visit<V: Variant>(self) -> Self::Output;
}
