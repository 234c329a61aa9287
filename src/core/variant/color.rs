//! The two players.

use core::fmt;

/// One of the two players. White's men start on rows 0.. and move up.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// The player whose men start on row 0 (the bottom of the board from White's view).
    White,
    /// The player whose men start on the last row.
    Black,
}

crate::names::names! {
    Color, "colour" {
        White => "white",
        Black => "black",
    }
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// `'W'` or `'B'`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

/// `White` or `Black`; width and alignment apply.
///
/// ```
/// use draughts::Color;
/// assert_eq!(format!("{:>7}|", Color::White), "  White|");
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(Color::ALL, |v| v.name());
    }

    #[test]
    fn colour_names_are_not_prefixes_or_near_misses() {
        assert!("white ".parse::<Color>().is_err());
        assert!("whit".parse::<Color>().is_err());
    }
}
