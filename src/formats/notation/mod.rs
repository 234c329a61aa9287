//! Move text: reading and writing moves as players write them, and step-wise
//! move input for click-based frontends.
//!
//! * [`Position::parse_move`](crate::Position::parse_move) reads numeric (`32-28`, `28x19`, `28x19x10`) and
//!   algebraic (`c3-d4`, `c3:e5`, `c3xe5`) move text, with any subset of the
//!   intermediate landing squares, and the Russian short notation (`ed4`).
//! * [`Position::move_text`](crate::Position::move_text) writes the shortest unambiguous text (PDN 3.0):
//!   `from-to` or `fromxto`, with intermediate squares only where two legal
//!   moves would otherwise read the same. The full path is `mv.to_string()`.
//! * [`MoveInput`] follows a player clicking a piece and then its landing
//!   squares.
//!
//! Text is always resolved against the legal moves of the position, never by
//! geometry alone: two captures with the same start and end may capture
//! different pieces, and then the text must say which ([rules §4](crate::rules)).
//!
//! ```
//! use draughts::{International, MoveTextError, Position};
//!
//! // The white king on 1 jumps 23 and lands on 29 or on 40; from 29 it takes
//! // 33 and 32, from 40 it takes 44 and 32. Both captures can end on 27.
//! let pos = Position::<International>::from_fen("W:WK1:B23,32,33,44").unwrap();
//! assert!(matches!(pos.parse_move("1x27"), Err(MoveTextError::Ambiguous { .. })));
//! let left = pos.parse_move("1x29x27").unwrap();
//! assert_eq!(left.to_string(), "1x29x38x27");
//! assert_eq!(pos.move_text(&left), "1x29x27");
//! let right = pos.parse_move("1-40-27").unwrap(); // `-` between captures, as in Thai files
//! assert_ne!(left.captured(), right.captured());
//! assert_eq!(pos.move_text(&right), "1x40x27");
//! // The error lists the candidates in full-path form.
//! assert_eq!(pos.parse_move("1x16").unwrap_err().to_string(),
//!            "`1x16` is ambiguous: it matches 1x29x38x16, 1x40x49x16");
//! ```

//!
//! The module's files: `text` (reading move text into a `Spec`),
//! `mv` (legal moves as plain data), `matching` (resolving text and clicks
//! against the legal moves, once for every variant), `matcher` (its generic
//! shim), `position` (the [`Position`](crate::Position) methods) and `input` ([`MoveInput`]).

// Everything but the generic shims (`Matcher`, `MoveInput`) is written once
// for every variant: move text and click input are not hot paths, and a copy
// per variant would be kilobytes each in the WebAssembly package. The moves
// are read as plain data (`Mv`) and the board as a `BoardSpec`.

mod input;
mod matcher;
mod matching;
mod mv;
mod position;
mod text;

pub use input::MoveInput;
pub(crate) use mv::Mv;
