//! `arbitrary` support (feature `arbitrary`), for fuzzing code that takes
//! positions: every generated [`Position`] is valid.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::Bits;
use crate::position::{Position, Setup};
use crate::variant::{Color, Variant};

/// Each playing square gets a man, a king or nothing of either colour; men
/// that would stand on their promotion row become kings, and neither side
/// gets more pieces than it starts with.
impl<'a, V: Variant> Arbitrary<'a> for Position<V> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let max = Position::<V>::start().pieces(Color::White).len();
        let mut setup = Setup::<Bits<V>>::default();
        for sq in Bitboard(V::Board::ALL) {
            let b = Bitboard::from_square(sq);
            let (row, _) = V::Board::coords(sq);
            let cell = u.int_in_range(0u8..=7)?;
            let (side, far) = match cell {
                0..=2 if setup.white.len() < max => (&mut setup.white, V::Board::HEIGHT - 1),
                3..=5 if setup.black.len() < max => (&mut setup.black, 0),
                _ => continue,
            };
            *side |= b;
            if cell % 3 == 2 || row == far {
                setup.kings |= b;
            }
        }
        setup.turn = Some(if bool::arbitrary(u)? {
            Color::Black
        } else {
            Color::White
        });
        Ok(Position::from_setup(setup).expect("a generated setup is valid"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Canadian, English, International, Turkish};

    fn check<V: Variant>() {
        let data: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        let mut u = Unstructured::new(&data);
        for _ in 0..20 {
            let pos = Position::<V>::arbitrary(&mut u).unwrap();
            assert_eq!(Position::<V>::from_fen(&pos.to_fen()).unwrap(), pos);
            let _ = pos.legal_moves();
        }
    }

    #[test]
    fn arbitrary_positions_are_valid() {
        check::<English>();
        check::<International>();
        check::<Canadian>();
        check::<Turkish>();
    }
}
