//! What went wrong with one game of a PDN text.

use crate::core::variant::Color;
use crate::error::{FenError, MoveTextError};
use crate::play::game::GameError;

/// What went wrong with one game of a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// Malformed PDN.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A `GameType` this crate does not play (e.g. 40, Frisian).
    #[error("unsupported GameType `{0}`")]
    UnsupportedGameType(String),
    /// No `GameType` tag and no default variant.
    #[error("no GameType tag and no default variant")]
    NoVariant,
    /// The record's `CustomVariant` tag says it follows house rules, not the
    /// official rules of its `GameType`.
    #[error("the record is of the custom variant `{0}`: replay it with pdn::replay_as and that variant's type")]
    CustomVariant(String),
    /// The record is of another variant than the one asked for.
    #[error("the record is of variant {record}, not {expected}")]
    VariantMismatch {
        /// What the record's tags say.
        record: String,
        /// The variant asked for.
        expected: String,
    },
    /// A bad `[FEN]` tag.
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A move that could not be read or played.
    #[error("move {number}{} `{text}` ({side}): {reason}", dots(*reply))]
    Move {
        /// The move number as written (0 if none was written).
        number: u32,
        /// The side whose move it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The move text.
        text: String,
        /// Why it failed.
        reason: MoveTextError,
    },
    /// A capture split into jumps whose last jump is missing.
    #[error("move {number}{} `{text}` ({side}): the capture is not finished", dots(*reply))]
    UnfinishedCapture {
        /// The move number as written.
        number: u32,
        /// The side whose capture it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The jumps read so far.
        text: String,
    },
    /// A move after the game had ended by the rules.
    #[error("move {number}{} `{text}` ({side}): {reason}", dots(*reply))]
    AfterEnd {
        /// The move number as written.
        number: u32,
        /// The side whose move it is.
        side: Color,
        /// The second move of its number (the second mover's: `1...` in PDN).
        reply: bool,
        /// The move text.
        text: String,
        /// The game error.
        reason: GameError,
    },
}

impl PdnErrorKind {
    /// The kind's stable name, for bindings and logs: `syntax`,
    /// `unsupported_game_type`, `no_variant`, `custom_variant`,
    /// `variant_mismatch`, `fen`, `move`, `unfinished_capture`, `after_end`.
    ///
    /// ```
    /// use draughts::pdn::{parse_pdn, PdnErrorKind};
    /// let err = parse_pdn("[Event \"x\"]\n1. 11-15 {open").remove(0).unwrap_err();
    /// assert_eq!(err.kind.name(), "syntax");
    /// assert_eq!(err.kind.line(), Some(2));
    /// assert_eq!(PdnErrorKind::NoVariant.name(), "no_variant");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            PdnErrorKind::Syntax { .. } => "syntax",
            PdnErrorKind::UnsupportedGameType(_) => "unsupported_game_type",
            PdnErrorKind::NoVariant => "no_variant",
            PdnErrorKind::CustomVariant(_) => "custom_variant",
            PdnErrorKind::VariantMismatch { .. } => "variant_mismatch",
            PdnErrorKind::Fen(_) => "fen",
            PdnErrorKind::Move { .. } => "move",
            PdnErrorKind::UnfinishedCapture { .. } => "unfinished_capture",
            PdnErrorKind::AfterEnd { .. } => "after_end",
        }
    }

    /// The 1-based line of the text where it went wrong, when the reader
    /// knows it (a syntax error); `None` for the others.
    pub const fn line(&self) -> Option<usize> {
        match self {
            PdnErrorKind::Syntax { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// `...` after the move number of the second mover's move, as PDN writes it.
fn dots(reply: bool) -> &'static str {
    if reply {
        "..."
    } else {
        ""
    }
}

/// An error in one game of a PDN text, with the game's 1-based index.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}: {kind}")]
pub struct PdnError {
    /// 1-based index of the game in the text.
    pub game: usize,
    /// What went wrong.
    pub kind: PdnErrorKind,
}
