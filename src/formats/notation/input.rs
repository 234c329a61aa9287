//! Step-wise move input for click-based frontends: [`MoveInput`].

use super::matcher::Matcher;
use super::matching::Clicked;
use crate::core::bitboard::Square;
use crate::core::moves::{Move, MoveList};
use crate::core::position::Position;
use crate::core::squares::SquareSet;
use crate::core::variant::board_spec::{bit, narrow};
use crate::core::variant::Variant;

/// Step-wise move input for click-based frontends.
///
/// The player clicks the piece to move, then landing squares of its move in
/// order: any of them, usually just the end square. After each click the
/// input knows which legal moves are still possible, which squares may be
/// clicked next, and whether one move has been chosen.
///
/// * A move is still possible when it starts on the first click and the
///   later clicks are landing squares of it, in order (a flying king's stop
///   between two pieces it jumps in a straight line may be any square between
///   them). Moves are distinct-mode moves, one per start, end and captured set.
/// * The input is complete when the clicks spell out the whole path of one
///   move, or when exactly one of the possible moves ends on the last click.
/// * If the end square clicked is shared by several captures (same start and
///   end, different captured pieces), no move is complete and nothing can be
///   clicked next: undo the click and click an intermediate square first.
///
/// ```
/// use draughts::{International, Position, Variant};
/// let sq = |n| International::square(n).unwrap();
///
/// // The white king on 1 can capture 23, 33, 32 or 23, 44, 32, both ending on
/// // 27, 21 or 16. The man on 46 has no move: captures are compulsory.
/// let pos = Position::<International>::from_fen("W:WK1,46:B23,32,33,44").unwrap();
/// let mut input = pos.move_input(&[]);
/// assert_eq!(input.movable().iter().collect::<Vec<_>>(), vec![sq(1)]);
/// assert_eq!(input.captured().len(), 4); // every piece some capture takes
///
/// assert!(!input.click(sq(46)), "46 has no move: the click is refused");
/// assert!(input.click(sq(1)));
/// assert_eq!(input.destinations().len(), 3);
/// assert!(input.next_squares().contains(sq(40)));
/// assert!(input.click(sq(27)));
/// assert!(!input.is_complete(), "27 does not say which pieces are taken");
/// assert_eq!(input.candidates().len(), 2);
/// assert!(input.next_squares().is_empty());
///
/// input.undo();
/// assert!(input.click(sq(40))); // where the king lands after the first jump
/// assert_eq!(input.candidates().len(), 3);
/// assert_eq!(input.captured().len(), 3);
/// assert!(input.click(sq(27)));
/// assert!(input.is_complete());
/// assert_eq!(input.chosen().unwrap().to_string(), "1x40x49x27");
/// ```
pub struct MoveInput<V: Variant> {
    pub(super) matcher: Matcher<V>,
    pub(super) clicks: Vec<Square>,
    pub(super) state: Clicked,
    pub(super) candidates: MoveList<V>,
}

impl<V: Variant> Clone for MoveInput<V> {
    fn clone(&self) -> Self {
        MoveInput {
            matcher: self.matcher.clone(),
            clicks: self.clicks.clone(),
            state: self.state.clone(),
            candidates: self.candidates.clone(),
        }
    }
}

impl<V: Variant> core::fmt::Debug for MoveInput<V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MoveInput")
            .field("position", &self.matcher.pos)
            .field("clicks", &self.clicks)
            .field("candidates", &self.candidates)
            .field("complete", &self.is_complete())
            .finish()
    }
}

impl<V: Variant> MoveInput<V> {
    /// Input for `pos` with nothing clicked yet.
    pub fn new(pos: &Position<V>) -> Self {
        Self::with_clicks(pos, &[])
    }

    /// Input for `pos` with `clicks` clicked: the start square, then landing
    /// squares in order. Clicks that fit no legal move give an input with no
    /// candidates.
    pub fn with_clicks(pos: &Position<V>, clicks: &[Square]) -> Self {
        let matcher = Matcher::new(pos);
        let state = matcher.core.input(clicks);
        let mut input = MoveInput {
            matcher,
            clicks: clicks.to_vec(),
            state,
            candidates: MoveList::new(),
        };
        input.take_candidates();
        input
    }

    /// The position the input is for.
    pub fn position(&self) -> &Position<V> {
        &self.matcher.pos
    }

    /// Adds a click if some legal move is still possible with it and returns
    /// true; otherwise changes nothing and returns false.
    pub fn click(&mut self, sq: Square) -> bool {
        let allowed = if self.clicks.is_empty() {
            self.matcher.core.movable
        } else {
            self.state.next
        };
        if allowed & bit(sq) == 0 {
            return false;
        }
        self.clicks.push(sq);
        self.update();
        true
    }

    /// Removes the last click and returns it.
    pub fn undo(&mut self) -> Option<Square> {
        let last = self.clicks.pop();
        self.update();
        last
    }

    /// Removes every click.
    pub fn clear(&mut self) {
        self.clicks.clear();
        self.update();
    }

    /// The squares clicked so far.
    pub fn clicks(&self) -> &[Square] {
        &self.clicks
    }

    /// The legal moves (distinct mode) still possible with the clicks so far;
    /// all legal moves before the first click.
    pub fn candidates(&self) -> &[Move<V>] {
        &self.candidates
    }

    /// The pieces that can move at all (for a capture: the pieces that can
    /// capture), whatever has been clicked.
    pub fn movable(&self) -> SquareSet<V> {
        set::<V>(self.matcher.core.movable)
    }

    /// The squares that may be clicked next: the movable pieces before the
    /// first click, later every landing square still ahead on some candidate.
    pub fn next_squares(&self) -> SquareSet<V> {
        set::<V>(self.state.next)
    }

    /// The end squares of the candidates.
    pub fn destinations(&self) -> SquareSet<V> {
        set::<V>(self.state.ends)
    }

    /// The pieces jumped by the clicks so far: those that every candidate
    /// captures on its way to the last square clicked. A frontend marks them
    /// as the player clicks through a capture (see also [`Move::jumps`]).
    ///
    /// ```
    /// use draughts::{International, Position, Variant};
    /// let sq = |n| International::square(n).unwrap();
    /// let pos = Position::<International>::from_fen("W:W47:B42,32,22,31").unwrap();
    /// let mut input = pos.move_input(&[sq(47)]);
    /// assert!(input.jumped().is_empty());
    /// assert!(input.click(sq(38)));
    /// assert_eq!(input.jumped().numbers(), [42]);
    /// assert!(input.click(sq(27)));
    /// assert_eq!(input.jumped().numbers(), [32, 42]);
    /// assert_eq!(input.captured().numbers(), [22, 31, 32, 42]);
    /// ```
    pub fn jumped(&self) -> SquareSet<V> {
        set::<V>(self.state.jumped)
    }

    /// The pieces captured by at least one candidate: the union over every
    /// move still possible, including pieces not yet jumped (see
    /// [`MoveInput::jumped`]).
    pub fn captured(&self) -> SquareSet<V> {
        set::<V>(self.state.captured)
    }

    /// True when the clicks have chosen one move ([`MoveInput::chosen`]).
    pub fn is_complete(&self) -> bool {
        self.state.chosen.is_some()
    }

    /// The move chosen by the clicks, once complete.
    pub fn chosen(&self) -> Option<&Move<V>> {
        self.state.chosen.map(|i| &self.candidates[i])
    }

    pub(super) fn update(&mut self) {
        self.state = self.matcher.core.input(&self.clicks);
        self.take_candidates();
    }

    pub(super) fn take_candidates(&mut self) {
        let m = &self.matcher;
        self.candidates.clear();
        self.candidates
            .extend(self.state.candidates.iter().map(|&c| m.take(c)));
    }
}

pub(super) fn set<V: Variant>(bits: u128) -> SquareSet<V> {
    SquareSet::from_bits(narrow::<V>(bits))
}
