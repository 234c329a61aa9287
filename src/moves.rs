//! Moves: a step or a whole capture sequence, with its full path.

use core::fmt;
use core::marker::PhantomData;

use smallvec::SmallVec;

use crate::bitboard::{Bitboard, Square};
use crate::geometry::Geometry;
use crate::variant::Variant;

/// The raw bitboard word of a variant's board.
pub(crate) type Bits<V> = <<V as Variant>::Board as Geometry>::Bits;

/// Landing squares of a move; inline for up to 16 jumps, spilling to the heap beyond.
pub type Path = SmallVec<[Square; 16]>;

/// A legal-move list: inline for up to 32 moves, spilling to the heap beyond.
pub type MoveList<V> = SmallVec<[Move<V>; 32]>;

/// Whether capture routes that reach the same result count as one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveMode {
    /// Captures with equal start, end and captured set are one move (RULES.md §1).
    #[default]
    Distinct,
    /// Every capture route is a separate move.
    Routes,
}

/// A move: a step of one piece, or a complete capture sequence.
///
/// A move stores its start square, every landing square (its path; the last one
/// is the end square), the set of captured pieces and whether the moving man is
/// promoted. Two moves are equal when all of these are equal.
///
/// ```
/// use draughts::{English, Position};
/// let pos = Position::<English>::start();
/// let m = pos.legal_moves().into_iter().find(|m| m.to_string() == "11-15").unwrap();
/// assert!(!m.is_capture());
/// assert_eq!(m.path().len(), 1);
/// let next = pos.play(&m);
/// assert_eq!(next.turn(), draughts::Color::White);
/// ```
pub struct Move<V: Variant> {
    pub(crate) from: Square,
    pub(crate) path: Path,
    pub(crate) captured: Bits<V>,
    pub(crate) promotes: bool,
    pub(crate) _v: PhantomData<V>,
}

impl<V: Variant> Move<V> {
    /// The start square.
    #[inline]
    pub fn from(&self) -> Square {
        self.from
    }
    /// The end square.
    #[inline]
    pub fn to(&self) -> Square {
        *self
            .path
            .last()
            .expect("a move has at least one landing square")
    }
    /// The landing squares in order; the last is [`Move::to`]. A step has one.
    #[inline]
    pub fn path(&self) -> &[Square] {
        &self.path
    }
    /// The captured pieces.
    #[inline]
    pub fn captured(&self) -> Bitboard<Bits<V>> {
        Bitboard(self.captured)
    }
    /// True for a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured != Bits::<V>::default()
    }
    /// True when a man becomes a king by this move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }
}

impl<V: Variant> Clone for Move<V> {
    fn clone(&self) -> Self {
        Move {
            from: self.from,
            path: self.path.clone(),
            captured: self.captured,
            promotes: self.promotes,
            _v: PhantomData,
        }
    }
}

impl<V: Variant> PartialEq for Move<V> {
    fn eq(&self, o: &Self) -> bool {
        self.from == o.from
            && self.path == o.path
            && self.captured == o.captured
            && self.promotes == o.promotes
    }
}
impl<V: Variant> Eq for Move<V> {}

impl<V: Variant> core::hash::Hash for Move<V> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.from.hash(h);
        self.path.hash(h);
        self.captured.hash(h);
    }
}

impl<V: Variant> fmt::Debug for Move<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// The full-path text of the move: `32-28` for a step, `28x19x10` for a capture
/// (every landing square), with squares as the variant writes them.
impl<V: Variant> fmt::Display for Move<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&V::square_text(self.from))?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for &sq in &self.path {
            write!(f, "{sep}{}", V::square_text(sq))?;
        }
        Ok(())
    }
}
