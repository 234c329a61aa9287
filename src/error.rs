//! Error types. Every error says what was wrong and where; a call that returns
//! an error has changed nothing.

use thiserror::Error;

pub use crate::core::variant::UnknownVariant;

/// A set of pieces that is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A bit outside the board's playing squares is set.
    #[error("bit {0} is not a playing square of this board")]
    InvalidSquare(u8),
    /// A square holds a white and a black piece.
    #[error("square {square} holds both a white and a black piece")]
    Overlap {
        /// The square, as the variant writes it.
        square: String,
    },
    /// A king flag on an empty square.
    #[error("square {square} is marked as a king but holds no piece")]
    KingWithoutPiece {
        /// The square, as the variant writes it.
        square: String,
    },
    /// A man on the row where it would have been promoted.
    #[error("a man on square {square} stands on its promotion row")]
    ManOnPromotionRow {
        /// The square, as the variant writes it.
        square: String,
    },
    /// A king-move count ([`KingRun`](crate::KingRun)) that can't arise.
    #[error("king-move count {moves} of {color:?} for the king on {square}: {reason}")]
    BadKingRun {
        /// Whose count.
        color: crate::core::variant::Color,
        /// The king's square, as the variant writes it.
        square: String,
        /// The count.
        moves: u8,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// A FEN string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FenError {
    /// Nothing but whitespace.
    #[error("empty FEN")]
    Empty,
    /// The first field is not `W` or `B`.
    #[error("side to move `{0}` is not W or B")]
    BadSide(String),
    /// A piece field does not start with `W` or `B`.
    #[error("field {field} (`{text}`) does not start with W or B")]
    BadColor {
        /// 1-based index of the `:`-separated field.
        field: usize,
        /// The field's text.
        text: String,
    },
    /// A colour has two piece fields.
    #[error("field {field}: the pieces of {color} are given twice")]
    DuplicateColor {
        /// 1-based index of the field.
        field: usize,
        /// `W` or `B`.
        color: char,
    },
    /// More than three fields.
    #[error("field {field} (`{text}`) is not a piece list; expected side:W...:B...")]
    ExtraField {
        /// 1-based index of the field.
        field: usize,
        /// The field's text.
        text: String,
    },
    /// A token that is not a playing square of the board.
    #[error("field {field}: `{token}` is not a playing square of this board")]
    BadSquare {
        /// 1-based index of the field.
        field: usize,
        /// The offending token.
        token: String,
    },
    /// A malformed range such as `5-3` or `K-4`.
    #[error("field {field}: `{token}` is not a valid square range")]
    BadRange {
        /// 1-based index of the field.
        field: usize,
        /// The offending token.
        token: String,
    },
    /// The same square twice.
    #[error("field {field}: square {square} is listed twice")]
    DuplicateSquare {
        /// 1-based index of the field.
        field: usize,
        /// The square as written.
        square: String,
    },
    /// No `W` or `B` piece field at all.
    #[error("no piece fields: expected side:W...:B...")]
    NoPieceFields,
    /// A square listed for both colours.
    #[error("field {field}: square {square} is also listed for the other colour")]
    OnBothSides {
        /// 1-based index of the field that repeats the square.
        field: usize,
        /// The square, as the variant writes it.
        square: String,
    },
    /// A man on the row where it would have been promoted.
    #[error("field {field}: a man on square {square} stands on its promotion row")]
    ManOnPromotionRow {
        /// 1-based index of the field.
        field: usize,
        /// The square, as the variant writes it.
        square: String,
    },
    /// A king-move field (`+<n><sq>+<n><sq>`, Frisian) that can't be read,
    /// or a count above the variant's limit.
    #[error("field {field}: `{text}` is not a king-move count (expected +<n><square>+<n><square>, Black first, n at most the limit)")]
    BadKingMoves {
        /// 1-based index of the field.
        field: usize,
        /// The offending text.
        text: String,
    },
    /// More pieces of one colour than the variant's start position has.
    #[error("field {field}: {count} pieces for {color}, more than the {max} a side starts with")]
    TooManyPieces {
        /// 1-based index of the field.
        field: usize,
        /// `W` or `B`.
        color: char,
        /// Pieces listed.
        count: usize,
        /// Pieces a side starts with.
        max: usize,
    },
    /// The pieces read do not form a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The move is not among the legal moves.
    #[error("illegal move {0}")]
    Illegal(String),
}

/// Move text that could not be read, or that does not name exactly one legal
/// move (see [`Position::parse_move`](crate::Position::parse_move)).
///
/// Positions are byte offsets into the text as given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveTextError {
    /// Nothing but whitespace and move-strength marks.
    #[error("empty move text")]
    Empty,
    /// A character that is neither part of a square nor a separator
    /// (`-`, `x`, `:`), or two squares without a separator between them.
    #[error("unexpected `{token}` at byte {position} of the move text")]
    Syntax {
        /// Byte offset of the offending text.
        position: usize,
        /// The offending text.
        token: String,
    },
    /// A square was expected here: at the start, after a separator, or after
    /// a lone start square (`28`).
    #[error("a square is missing at byte {position} of the move text")]
    MissingSquare {
        /// Byte offset where the square should be.
        position: usize,
    },
    /// A token that is not a playing square of this board (or, for the short
    /// notation `ed4`, not a file).
    #[error("`{token}` at byte {position} is not a square of this board")]
    BadSquare {
        /// Byte offset of the token.
        position: usize,
        /// The offending token.
        token: String,
    },
    /// Well-formed text that matches no legal move; `reason` says why.
    #[error("no legal move matches `{text}`: {reason}")]
    Illegal {
        /// The move text (without move-strength marks).
        text: String,
        /// Why no legal move matches.
        reason: Illegality,
    },
    /// Well-formed text that matches several different legal moves, e.g. two
    /// captures with the same start and end but different captured pieces.
    #[error("`{text}` is ambiguous: it matches {}", candidates.join(", "))]
    Ambiguous {
        /// The move text (without move-strength marks).
        text: String,
        /// The matching legal moves, in full-path form (`28x19x10`), sorted.
        candidates: Vec<String>,
    },
}

/// Why well-formed move text matches no legal move
/// ([`MoveTextError::Illegal`]). Squares and moves are written as the
/// variant writes them (`32`, `c3`, `28x19`); move lists are in the
/// shortest unambiguous form, sorted.
///
/// ```
/// use draughts::{Illegality, International, MoveTextError, Position};
///
/// // White must capture 28x19 (28x19 with the man on 28 over 23).
/// let pos = Position::<International>::from_fen("W:W28,37:B23").unwrap();
/// let err = pos.parse_move("37-32").unwrap_err();
/// let MoveTextError::Illegal { reason, .. } = &err else { panic!() };
/// assert_eq!(*reason, Illegality::CaptureCompulsory { captures: vec!["28x19".into()] });
/// assert_eq!(err.to_string(),
///     "no legal move matches `37-32`: a capture is compulsory: 28x19");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Illegality {
    /// No piece stands on the start square.
    EmptySquare {
        /// The start square.
        square: String,
    },
    /// The piece on the start square is the opponent's.
    NotYourPiece {
        /// The start square.
        square: String,
        /// The colour of the piece there (the side not to move).
        owner: crate::core::variant::Color,
    },
    /// The text names a move that is not a capture (or a piece without a
    /// capture) while the side to move has a capture, and captures are
    /// compulsory.
    CaptureCompulsory {
        /// The legal captures.
        captures: Vec<String>,
    },
    /// The text names a capture that the variant's capture law forbids: a
    /// longer or more valuable capture (more pieces, more kings, with a
    /// king, ... as the variant says) must be taken instead.
    CaptureLaw {
        /// The legal captures.
        captures: Vec<String>,
    },
    /// The text ends a capture on a square from which the capturing piece
    /// must jump on: a capture is taken to its end.
    UnfinishedCapture {
        /// The legal captures that pass over the text's end square.
        captures: Vec<String>,
    },
    /// The piece cannot move to the text's end square (no legal move of it,
    /// nor a move the capture rules forbid, ends there).
    CannotMoveThere {
        /// The start square (or, for the short notation `ed4`, the file).
        from: String,
        /// The legal moves of the piece (for a file, of the pieces on it);
        /// empty when it has none.
        moves: Vec<String>,
    },
}

impl core::fmt::Display for Illegality {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let list = |v: &[String]| v.join(", ");
        match self {
            Illegality::EmptySquare { square } => write!(f, "there is no piece on {square}"),
            Illegality::NotYourPiece { square, owner } => write!(
                f,
                "the piece on {square} is {owner}'s and {} is to move",
                owner.opponent()
            ),
            Illegality::CaptureCompulsory { captures } => {
                write!(f, "a capture is compulsory: {}", list(captures))
            }
            Illegality::CaptureLaw { captures } => write!(
                f,
                "the capture law requires a longer or more valuable capture: {}",
                list(captures)
            ),
            Illegality::UnfinishedCapture { captures } => write!(
                f,
                "the capture does not end there, it must go on: {}",
                list(captures)
            ),
            Illegality::CannotMoveThere { from, moves } => {
                let file = from.len() == 1 && from.bytes().all(|b| b.is_ascii_lowercase());
                if file {
                    write!(f, "no piece on the {from} file can move there")?;
                } else {
                    write!(f, "the piece on {from} cannot move there")?;
                }
                match (moves.is_empty(), file) {
                    (true, false) => f.write_str(": it has no legal move"),
                    (true, true) => f.write_str(": they have no legal move"),
                    (false, false) => write!(f, "; its legal moves: {}", list(moves)),
                    (false, true) => write!(f, "; their legal moves: {}", list(moves)),
                }
            }
        }
    }
}
