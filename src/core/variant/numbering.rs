//! Number <-> square tables: how a variant numbers its playing squares.

use crate::core::geometry::{bit_of, Geometry, Layout};

use super::{Color, Variant};

pub(crate) const NONE: u8 = u8::MAX;

/// Number <-> square tables for a numbering.
pub(crate) struct Numbering {
    pub(crate) to_bit: [u8; 129],
    pub(crate) to_number: [u8; 128],
}

impl Numbering {
    /// Numbers the playing squares row by row, starting at `corner` (seen from
    /// White: 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right) of the
    /// physical board; `invert` mirrors the physical board onto the layout.
    const fn build(layout: Layout, width: u8, height: u8, corner: u8, invert: bool) -> Numbering {
        let mut to_bit = [NONE; 129];
        let mut to_number = [0u8; 128];
        let mut n: usize = 1;
        let mut i = 0;
        while i < height {
            let row = if corner >= 2 { height - 1 - i } else { i };
            let mut j = 0;
            while j < width {
                let col = if corner.is_multiple_of(2) {
                    j
                } else {
                    width - 1 - j
                };
                let internal_col = if invert { width - 1 - col } else { col };
                if let Some(b) = bit_of(layout, width, row, internal_col) {
                    to_bit[n] = b;
                    to_number[b as usize] = n as u8;
                    n += 1;
                }
                j += 1;
            }
            i += 1;
        }
        Numbering { to_bit, to_number }
    }
}

pub(crate) struct Tables<V>(core::marker::PhantomData<V>);

impl<V: Variant> Tables<V> {
    pub(crate) const NUMERIC: Numbering = {
        let gt = V::RULES.game_type;
        // Algebraic variants take numeric input as English numbering: square 1
        // in the top-left corner from White's view.
        let corner = if gt.algebraic {
            2
        } else if matches!(gt.start, Color::Black) {
            gt.corner ^ 3
        } else {
            gt.corner
        };
        Numbering::build(
            V::Board::LAYOUT,
            V::Board::WIDTH,
            V::Board::HEIGHT,
            corner,
            gt.invert,
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::{Canadian, English, International, Italian, Russian, Spanish};

    fn name_of<V: Variant>(n: u8) -> String {
        V::algebraic_name(V::square(n).unwrap())
    }

    #[test]
    fn numbering_matches_rules_md() {
        // RULES.md §2 numbering table.
        assert_eq!(name_of::<International>(1), "b10");
        assert_eq!(name_of::<International>(46), "a1");
        assert_eq!(name_of::<International>(50), "i1");
        assert_eq!(name_of::<English>(1), "b8");
        assert_eq!(name_of::<English>(4), "h8");
        assert_eq!(name_of::<English>(29), "a1");
        assert_eq!(name_of::<English>(32), "g1");
        assert_eq!(name_of::<Italian>(1), "a8");
        assert_eq!(name_of::<Italian>(32), "h1");
        assert_eq!(name_of::<Spanish>(1), "h1");
        assert_eq!(name_of::<Canadian>(1), "b12");
        assert_eq!(name_of::<Canadian>(72), "k1");
        assert_eq!(name_of::<Russian>(1), "b8");
        assert_eq!(name_of::<Russian>(32), "g1");
        for n in 1..=32 {
            let sq = English::square(n).unwrap();
            assert_eq!(English::square_number(sq), n);
            assert_eq!(
                English::parse_square(&English::algebraic_name(sq)),
                Some(sq)
            );
            let sq = Italian::square(n).unwrap();
            assert_eq!(
                Italian::parse_square(&Italian::algebraic_name(sq)),
                Some(sq)
            );
        }
        assert!(International::square(0).is_none());
        assert!(International::square(51).is_none());
    }
}
