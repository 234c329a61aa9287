//! The move-text methods of [`Position`].

use super::input::MoveInput;
use super::matcher::Matcher;
use super::mv::Mv;
use super::text::read_text;

use crate::core::bitboard::Square;
use crate::core::moves::Move;
use crate::core::position::Position;

use crate::core::variant::board_spec::BoardSpec;
use crate::core::variant::Variant;
use crate::error::MoveTextError;

impl<V: Variant> Position<V> {
    /// Reads move text and returns the legal move it names.
    ///
    /// Accepted:
    /// * squares as numbers in the variant's numbering (`32-28`, zero padding
    ///   allowed) or algebraic names (`c3-d4`, either case);
    /// * `-`, `x` or `:` between squares, for steps and captures alike
    ///   (Russian and Czech files write captures `c3:e5`, Thai files `-`);
    /// * the start and end square with any of the intermediate landing squares
    ///   in order (`28x10`, `28x19x10`); a flying king's stop between two
    ///   pieces it jumps in a straight line may be any square between them;
    /// * trailing move-strength marks (`!`, `?`, `!!`, `?!`, ...), ignored;
    /// * for algebraic variants, the short notation of printed collections:
    ///   `ed4` (or `e-d4`, `e:d4`) is the move of a piece (man or king) on the
    ///   e file to d4.
    ///
    /// The text is matched against the legal moves (distinct mode). The move
    /// returned is the one [`Position::legal_moves`] lists, unless the squares
    /// given fit only another route of the same move (same start, end and
    /// captured pieces); then that route is returned. Squares that spell out
    /// the whole path of a route name that route's move, even if they could
    /// also be a partial path of another move.
    ///
    /// # Errors
    /// [`MoveTextError::Empty`], [`MoveTextError::Syntax`],
    /// [`MoveTextError::MissingSquare`] and [`MoveTextError::BadSquare`] for
    /// malformed text (with the byte offset of the problem);
    /// [`MoveTextError::Illegal`] when no legal move matches;
    /// [`MoveTextError::Ambiguous`] when several legal moves match, for
    /// instance two captures with equal start and end squares but different
    /// captured pieces (write an intermediate square to choose).
    ///
    /// ```
    /// use draughts::{English, MoveTextError, Position, Russian};
    ///
    /// let pos = Position::<English>::start();
    /// let mv = pos.parse_move("11-15").unwrap();
    /// assert_eq!(mv.to_string(), "11-15");
    /// assert_eq!(pos.parse_move("11-15!?").unwrap(), mv);
    /// assert!(matches!(pos.parse_move("11-18"), Err(MoveTextError::Illegal { .. })));
    /// assert!(matches!(pos.parse_move("11-"), Err(MoveTextError::MissingSquare { position: 3 })));
    /// assert!(matches!(pos.parse_move("11-99"), Err(MoveTextError::BadSquare { position: 3, .. })));
    ///
    /// let pos = Position::<Russian>::start();
    /// assert_eq!(pos.parse_move("c3-d4").unwrap(), pos.parse_move("cd4").unwrap());
    /// let pos = Position::<Russian>::from_fen("W:Wh6:Bg7,c5,d2").unwrap();
    /// assert_eq!(pos.parse_move("h6:e1").unwrap().to_string(), "h6xf8xb4xe1");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move<V>, MoveTextError> {
        let spec = read_text(BoardSpec::of::<V>(), text)?;
        let m = Matcher::new(self);
        match m.core.resolve(&spec)? {
            Some(c) => Ok(m.take(c)),
            None => Err(MoveTextError::Illegal {
                reason: m.why_illegal(&spec),
                text: spec.text,
            }),
        }
    }

    /// Writes `mv` in the shortest unambiguous form (PDN 3.0): `from-to` for
    /// a step, `fromxto` for a capture, with intermediate landing squares
    /// added only when another legal move (distinct mode) would otherwise
    /// match the text; as few as needed, the earliest first.
    ///
    /// Text that spells out a move's whole path names that move (see
    /// [`Position::parse_move`]), so a single jump is written `fromxto` even
    /// when a longer capture from the same square ends on the same square.
    /// [`Position::parse_move`] reads the text back to the same move (same
    /// start, end and captured pieces). A move that is not legal here is
    /// written in full-path form, as `mv.to_string()` does.
    ///
    /// ```
    /// use draughts::{International, Position};
    /// let pos = Position::<International>::from_fen("W:W28:B23,13").unwrap();
    /// let mv = &pos.legal_moves()[0];
    /// assert_eq!(mv.to_string(), "28x19x8");
    /// assert_eq!(pos.move_text(mv), "28x8");
    /// assert_eq!(pos.parse_move("28x8").unwrap(), *mv);
    /// ```
    pub fn move_text(&self, mv: &Move<V>) -> String {
        Matcher::new(self).core.shortest(&Mv::of(mv))
    }

    /// Starts step-wise input with the squares clicked so far (see
    /// [`MoveInput`]).
    pub fn move_input(&self, clicks: &[Square]) -> MoveInput<V> {
        MoveInput::with_clicks(self, clicks)
    }
}
