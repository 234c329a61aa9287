//! Moves: a step or a whole capture sequence, with its full path.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use crate::core::bitboard::{BitSet, Square};
use crate::core::squares::{between, Bits, SquareSet};
use crate::core::variant::Variant;

/// Landing squares of a move; inline for up to 16 jumps, spilling to the heap
/// beyond. Not public: [`Move::path`] hands out a slice.
pub(crate) type Path = SmallVec<[Square; 16]>;

/// A list of moves, as [`Position::legal_moves`](crate::Position::legal_moves)
/// returns it: inline for up to 32 moves (no allocation), spilling to the heap
/// beyond.
///
/// It dereferences to a slice (`len`, `iter`, indexing, `sort_by`, ...) and
/// iterates by value; its storage is not part of the API.
///
/// ```
/// use draughts::{English, MoveList, Position};
/// let moves: MoveList<English> = Position::start().legal_moves();
/// assert_eq!(moves.len(), 7);
/// assert_eq!(moves[0].to_string(), "9-14");
/// let texts: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts.len(), 7);
/// ```
pub struct MoveList<V: Variant>(pub(crate) SmallVec<[Move<V>; 32]>);

impl<V: Variant> MoveList<V> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList(SmallVec::new())
    }
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move<V>) {
        self.0.push(mv);
    }
    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }
    /// Keeps the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move<V>) -> bool) {
        self.0.retain(|m| keep(m));
    }
    /// The moves as a `Vec`.
    pub fn into_vec(self) -> Vec<Move<V>> {
        self.0.into_vec()
    }
}

impl<V: Variant> Default for MoveList<V> {
    fn default() -> Self {
        Self::new()
    }
}
impl<V: Variant> Clone for MoveList<V> {
    fn clone(&self) -> Self {
        MoveList(self.0.clone())
    }
}
impl<V: Variant> PartialEq for MoveList<V> {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<V: Variant> Eq for MoveList<V> {}
impl<V: Variant> fmt::Debug for MoveList<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
impl<V: Variant> Deref for MoveList<V> {
    type Target = [Move<V>];
    #[inline]
    fn deref(&self) -> &[Move<V>] {
        &self.0
    }
}
impl<V: Variant> DerefMut for MoveList<V> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move<V>] {
        &mut self.0
    }
}
impl<V: Variant> AsRef<[Move<V>]> for MoveList<V> {
    fn as_ref(&self) -> &[Move<V>] {
        &self.0
    }
}
impl<V: Variant> From<MoveList<V>> for Vec<Move<V>> {
    fn from(l: MoveList<V>) -> Self {
        l.into_vec()
    }
}
impl<V: Variant> FromIterator<Move<V>> for MoveList<V> {
    fn from_iter<I: IntoIterator<Item = Move<V>>>(iter: I) -> Self {
        MoveList(iter.into_iter().collect())
    }
}
impl<V: Variant> Extend<Move<V>> for MoveList<V> {
    fn extend<I: IntoIterator<Item = Move<V>>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}
impl<V: Variant> IntoIterator for MoveList<V> {
    type Item = Move<V>;
    type IntoIter = MoveListIntoIter<V>;
    fn into_iter(self) -> MoveListIntoIter<V> {
        MoveListIntoIter(self.0.into_iter())
    }
}
impl<'a, V: Variant> IntoIterator for &'a MoveList<V> {
    type Item = &'a Move<V>;
    type IntoIter = core::slice::Iter<'a, Move<V>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The by-value iterator of a [`MoveList`].
pub struct MoveListIntoIter<V: Variant>(smallvec::IntoIter<[Move<V>; 32]>);

impl<V: Variant> Iterator for MoveListIntoIter<V> {
    type Item = Move<V>;
    #[inline]
    fn next(&mut self) -> Option<Move<V>> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}
impl<V: Variant> DoubleEndedIterator for MoveListIntoIter<V> {
    fn next_back(&mut self) -> Option<Move<V>> {
        self.0.next_back()
    }
}
impl<V: Variant> ExactSizeIterator for MoveListIntoIter<V> {}
impl<V: Variant> fmt::Debug for MoveListIntoIter<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.as_slice()).finish()
    }
}

/// One jump of a capture: from a square, over a piece, to a landing square.
/// See [`Move::jumps`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Jump {
    /// Where the jump starts (the move's start, or the previous landing square).
    pub from: Square,
    /// The landing square.
    pub to: Square,
    /// The piece jumped.
    pub captured: Square,
}

/// The jumps of a capture in order ([`Move::jumps`]).
pub struct Jumps<'a, V: Variant> {
    mv: &'a Move<V>,
    index: usize,
    prev: Square,
    left: Bits<V>,
}

impl<V: Variant> Iterator for Jumps<'_, V> {
    type Item = Jump;
    fn next(&mut self) -> Option<Jump> {
        if self.left.is_zero() {
            return None;
        }
        let to = *self.mv.path.get(self.index)?;
        let hit = between::<V>(self.prev, to) & self.left;
        if hit.count() != 1 {
            // Not a jump over one captured piece: only a move that is not
            // legal (made up by hand or deserialized) gets here.
            self.left = Bits::<V>::ZERO;
            return None;
        }
        self.left ^= hit;
        let jump = Jump {
            from: self.prev,
            to,
            captured: Square(hit.lowest() as u8),
        };
        self.prev = to;
        self.index += 1;
        Some(jump)
    }
}

impl<V: Variant> fmt::Debug for Jumps<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Jumps").field(self.mv).finish()
    }
}

/// Whether capture routes that reach the same result count as one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveMode {
    /// Captures with equal start, end and captured set are one move ([rules §1](crate::rules)).
    #[default]
    Distinct,
    /// Every capture route is a separate move.
    Routes,
}

crate::names::names! {
    MoveMode, "move mode" {
        Distinct => "distinct",
        Routes => "routes",
    }
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
    pub fn captured(&self) -> SquareSet<V> {
        SquareSet::from_bits(self.captured)
    }
    /// The jumps of a capture in order: for each landing square, where the
    /// jump started and the piece it jumped. Empty for a step. A frontend
    /// animates a capture with it.
    ///
    /// ```
    /// use draughts::{International, Position, Variant};
    /// let pos = Position::<International>::from_fen("W:W28:B23,13").unwrap();
    /// let mv = &pos.legal_moves()[0];
    /// let legs: Vec<(u8, u8, u8)> = mv
    ///     .jumps()
    ///     .map(|j| {
    ///         let n = International::square_number;
    ///         (n(j.from), n(j.captured), n(j.to))
    ///     })
    ///     .collect();
    /// assert_eq!(legs, [(28, 23, 19), (19, 13, 8)]);
    /// ```
    pub fn jumps(&self) -> Jumps<'_, V> {
        Jumps {
            mv: self,
            index: 0,
            prev: self.from,
            left: self.captured,
        }
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
/// (every landing square), with squares as the variant writes them. Width
/// and alignment apply (`{:>10}`).
impl<V: Variant> fmt::Display for Move<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = V::square_text(self.from);
        let sep = if self.is_capture() { 'x' } else { '-' };
        for &sq in &self.path {
            text.push(sep);
            text.push_str(&V::square_text(sq));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(MoveMode::ALL, |v| v.name());
    }
}
