//! `arbitrary` support (feature `arbitrary`), for fuzzing code that takes
//! positions or moves: every generated [`Position`] is valid, and every
//! [`LegalMove`] is a legal move of its position.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::core::bitboard::Bitboard;
use crate::core::geometry::Geometry;
use crate::core::moves::{Move, MoveMode};
use crate::core::position::{Position, Setup};
use crate::core::variant::{Color, Variant};

/// Each playing square gets a man, a king or nothing of either colour; men
/// that would stand on their promotion row become kings, and neither side
/// gets more pieces than it starts with.
impl<'a, V: Variant> Arbitrary<'a> for Position<V> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let max = Position::<V>::start().pieces(Color::White).len();
        let mut setup = Setup::<V>::default();
        for sq in Bitboard(V::Board::ALL) {
            let b = crate::SquareSet::from_square(sq);
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

/// A position with at least one legal move, and one of its legal moves: an
/// [`Arbitrary`] source of moves for fuzzing code that plays or writes them.
///
/// A [`Move`] means nothing without the position it is played in, so the two
/// come together. `mv` is one of `position.legal_moves_in(MoveMode::Routes)`
/// (any capture route, not only the one [`Position::legal_moves`] lists), so
/// `position.is_legal(&mv)` holds and `position.play(&mv)` is safe.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use draughts::{International, LegalMove};
///
/// let bytes = [7u8; 64];
/// let mut u = Unstructured::new(&bytes);
/// let LegalMove { position, mv } = LegalMove::<International>::arbitrary(&mut u).unwrap();
/// assert!(position.is_legal(&mv));
/// let _next = position.play(&mv);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LegalMove<V: Variant> {
    /// The position the move is played in; it has at least one legal move.
    pub position: Position<V>,
    /// A legal move of `position`.
    pub mv: Move<V>,
}

/// How many arbitrary positions [`LegalMove`] tries before it falls back to
/// the start position.
const LEGAL_MOVE_ATTEMPTS: usize = 4;

/// Reads an arbitrary [`Position`] and, if its side to move has a legal move,
/// picks one of its moves (routes mode); a position without moves is dropped
/// and another one read, up to four times or until the bytes run out. Then
/// the variant's start position is used (it always has moves). The result
/// depends only on the bytes.
impl<'a, V: Variant> Arbitrary<'a> for LegalMove<V> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        for _ in 0..LEGAL_MOVE_ATTEMPTS {
            if u.is_empty() {
                break;
            }
            let position = Position::<V>::arbitrary(u)?;
            let moves = position.legal_moves_in(MoveMode::Routes);
            if !moves.is_empty() {
                let mv = u.choose(&moves)?.clone();
                return Ok(LegalMove { position, mv });
            }
        }
        let position = Position::<V>::start();
        let moves = position.legal_moves_in(MoveMode::Routes);
        let mv = u.choose(&moves)?.clone();
        Ok(LegalMove { position, mv })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Canadian, English, Frisian, International, Killer, Russian, Turkish};

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
        check::<Frisian>();
    }

    fn check_moves<V: Variant>() {
        let data: Vec<u8> = (0..8192u32)
            .map(|i| (i.wrapping_mul(2246822519) >> 11) as u8)
            .collect();
        let mut u = Unstructured::new(&data);
        let mut from_bytes = 0;
        while !u.is_empty() {
            let LegalMove { position, mv } = LegalMove::<V>::arbitrary(&mut u).unwrap();
            assert!(position.is_legal(&mv), "{}: {mv} at {position:?}", V::NAME);
            let _ = position.play(&mv);
            if position != Position::<V>::start() {
                from_bytes += 1;
            }
        }
        assert!(from_bytes > 0, "{}: only start positions", V::NAME);
        // Without bytes: still a legal move.
        let LegalMove { position, mv } =
            LegalMove::<V>::arbitrary(&mut Unstructured::new(&[])).unwrap();
        assert!(position.is_legal(&mv));
    }

    #[test]
    fn arbitrary_moves_are_legal() {
        check_moves::<English>();
        check_moves::<Russian>();
        check_moves::<International>();
        check_moves::<Canadian>();
        check_moves::<Turkish>();
        check_moves::<Frisian>();
        check_moves::<Killer>();
    }
}
