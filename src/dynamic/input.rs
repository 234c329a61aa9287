//! [`DynInput`]: click input of any variant behind a trait object.

use core::fmt;

use super::moves::MoveInfo;
use super::position::DynPosition;
use crate::bitboard::Square;
use crate::notation::MoveInput;
use crate::position::Position;
use crate::squares::SquareSet;
use crate::variant::Variant;

/// Click input ([`MoveInput`]) for a position of some variant, behind a
/// trait object: a frontend clicks squares, shows the pieces that can
/// move, the squares that may come next and the pieces jumped so far, and
/// plays the move once the clicks choose one. Lists of squares are in
/// numbering order.
///
/// Input made by [`DynGame::input`](super::DynGame::input) for a game that
/// is over is closed: nothing is movable and every click is refused.
///
/// ```
/// use draughts::dynamic::{self, DynGame};
///
/// let mut game = dynamic::game_from_fen("international", "W:WK1,46:B23,32,33,44").unwrap();
/// let pos = game.position();
/// let sq = |n| pos.square(n).unwrap();
/// let mut input = game.input();
/// assert_eq!(input.movable(), [sq(1)]);
/// assert!(input.click(sq(1)));
/// assert!(input.click(sq(40)));
/// assert_eq!(input.jumped(), [sq(23)]); // taken by the click on 40
/// assert!(input.click(sq(27)));
/// assert_eq!(input.chosen().unwrap().text, "1x40x49x27");
/// assert_eq!(game.play_input(input.as_ref()).unwrap().text, "1x40x49x27");
/// ```
pub trait DynInput: fmt::Debug + Send + Sync {
    /// Adds a click if some legal move is still possible with it; otherwise
    /// changes nothing and returns false ([`MoveInput::click`]).
    fn click(&mut self, sq: Square) -> bool;
    /// Removes the last click and returns it.
    fn undo(&mut self) -> Option<Square>;
    /// Removes every click.
    fn clear(&mut self);
    /// The squares clicked so far, in click order.
    fn clicks(&self) -> Vec<Square>;
    /// The pieces that can move ([`MoveInput::movable`]).
    fn movable(&self) -> Vec<Square>;
    /// The squares that may be clicked next ([`MoveInput::next_squares`]).
    fn next_squares(&self) -> Vec<Square>;
    /// The end squares of the candidates ([`MoveInput::destinations`]).
    fn destinations(&self) -> Vec<Square>;
    /// The pieces captured by at least one candidate ([`MoveInput::captured`]).
    fn captured(&self) -> Vec<Square>;
    /// The pieces jumped by the clicks so far ([`MoveInput::jumped`]).
    fn jumped(&self) -> Vec<Square>;
    /// The moves still possible with the clicks so far.
    fn candidates(&self) -> Vec<MoveInfo>;
    /// True when the clicks have chosen one move.
    fn is_complete(&self) -> bool;
    /// The chosen move, once complete.
    fn chosen(&self) -> Option<MoveInfo>;
    /// The position the input is for.
    fn position(&self) -> Box<dyn DynPosition>;
    /// False when the input is closed (made for a game that is over).
    fn is_open(&self) -> bool;
    /// A copy, boxed (what `Clone` for `Box<dyn DynInput>` calls).
    fn boxed_clone(&self) -> Box<dyn DynInput>;
}

/// The library's [`MoveInput`]; `open` is false for a finished game.
#[derive(Clone, Debug)]
pub(crate) struct Input<V: Variant> {
    input: MoveInput<V>,
    open: bool,
}

impl<V: Variant> Input<V> {
    pub(crate) fn new(pos: &Position<V>, open: bool) -> Self {
        Input {
            input: MoveInput::new(pos),
            open,
        }
    }

    pub(crate) fn from_input(input: MoveInput<V>) -> Self {
        Input { input, open: true }
    }

    fn list(&self, set: SquareSet<V>) -> Vec<Square> {
        if self.open {
            set.iter().collect()
        } else {
            Vec::new()
        }
    }
}

impl<V: Variant> DynInput for Input<V> {
    fn click(&mut self, sq: Square) -> bool {
        self.open && self.input.click(sq)
    }
    fn undo(&mut self) -> Option<Square> {
        self.input.undo()
    }
    fn clear(&mut self) {
        self.input.clear()
    }
    fn clicks(&self) -> Vec<Square> {
        self.input.clicks().to_vec()
    }
    fn movable(&self) -> Vec<Square> {
        self.list(self.input.movable())
    }
    fn next_squares(&self) -> Vec<Square> {
        self.list(self.input.next_squares())
    }
    fn destinations(&self) -> Vec<Square> {
        self.list(self.input.destinations())
    }
    fn captured(&self) -> Vec<Square> {
        self.list(self.input.captured())
    }
    fn jumped(&self) -> Vec<Square> {
        self.input.jumped().iter().collect()
    }
    fn candidates(&self) -> Vec<MoveInfo> {
        if !self.open {
            return Vec::new();
        }
        let pos = self.input.position();
        self.input
            .candidates()
            .iter()
            .map(|m| MoveInfo::new(pos, m))
            .collect()
    }
    fn is_complete(&self) -> bool {
        self.open && self.input.is_complete()
    }
    fn chosen(&self) -> Option<MoveInfo> {
        let pos = self.input.position();
        self.input
            .chosen()
            .filter(|_| self.open)
            .map(|m| MoveInfo::new(pos, m))
    }
    fn position(&self) -> Box<dyn DynPosition> {
        Box::new(*self.input.position())
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn boxed_clone(&self) -> Box<dyn DynInput> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn DynInput> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}
