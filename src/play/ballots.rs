//! Opening ballots: lists of openings that matches start from, one per line,
//! so that engines (or players) are compared over varied, fixed openings.
//!
//! A ballot file has one opening a line: a move list (`9-13 21-17 5-9`, in
//! the variant's move text) or a FEN (a line with a `:`). `#` starts a
//! comment; blank lines are skipped. Two ballots come with the library, as
//! data files of the repository (`data/ballots/`):
//!
//! * [`english_three_move`]: the 156 three-move ballots of English/American
//!   tournaments (the ACF's 174 three-move openings without its 18 barred
//!   ones);
//! * [`international_two_move`]: the 81 two-move openings of International
//!   draughts (every first move of White with every reply).
//!
//! ```
//! use draughts::ballots;
//! use draughts::VariantKind;
//! let three = ballots::english_three_move();
//! assert_eq!(three.len(), 156);
//! assert_eq!(three[0].to_string(), "9-13 21-17 5-9");
//! let game = three[0].game(VariantKind::English).unwrap();
//! assert_eq!(game.ply_count(), 3);
//! ```

use core::fmt;

use crate::any::AnyGame;
use crate::core::position::Position;
use crate::core::variant::{Variant, VariantKind};
use crate::play::game::Game;

const ENGLISH_THREE_MOVE: &str = include_str!("../../data/ballots/english-three-move.txt");
const INTERNATIONAL_TWO_MOVE: &str = include_str!("../../data/ballots/international-two-move.txt");

/// One opening of a ballot: moves from the start position, or a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Moves played from the variant's start position, in its move text.
    Moves(Vec<String>),
    /// A position in FEN.
    Fen(String),
}

/// An opening that does not apply to a variant: its line in the ballot and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("opening {opening:?}: {message}")]
pub struct OpeningError {
    /// The opening as written.
    pub opening: String,
    /// What is wrong (an illegal move, a bad FEN).
    pub message: String,
}

impl Opening {
    /// The game of `kind` this opening starts: the moves played from the
    /// start position, or a game from the FEN; an [`AnyGame`], so the
    /// run-time face ([`DynGame`](crate::dynamic::DynGame)).
    ///
    /// ```
    /// use draughts::ballots::Opening;
    /// use draughts::VariantKind;
    /// let o = Opening::Moves(vec!["32-28".into(), "18-23".into()]);
    /// assert_eq!(o.game(VariantKind::International).unwrap().ply_count(), 2);
    /// assert!(o.game(VariantKind::English).is_err());
    /// ```
    pub fn game(&self, kind: VariantKind) -> Result<AnyGame, OpeningError> {
        let err = |message: String| OpeningError {
            opening: self.to_string(),
            message,
        };
        match self {
            Opening::Fen(fen) => AnyGame::from_fen(kind, fen).map_err(|e| err(e.to_string())),
            Opening::Moves(moves) => {
                let mut game = AnyGame::new(kind);
                for m in moves {
                    game.play(m).map_err(|e| err(e.to_string()))?;
                }
                Ok(game)
            }
        }
    }
}

impl Opening {
    /// The game of `V` this opening starts (as [`Opening::game`], for a
    /// variant known at compile time).
    ///
    /// ```
    /// use draughts::ballots::english_three_move;
    /// use draughts::English;
    /// // ACF 4 (the third line: ACF 3 is barred).
    /// let game = english_three_move()[2].typed::<English>().unwrap();
    /// assert_eq!(game.moves()[2].to_string(), "13x22");
    /// ```
    pub fn typed<V: Variant>(&self) -> Result<Game<V>, OpeningError> {
        let err = |message: String| OpeningError {
            opening: self.to_string(),
            message,
        };
        match self {
            Opening::Fen(fen) => Position::<V>::from_fen(fen)
                .map(Game::from_position)
                .map_err(|e| err(e.to_string())),
            Opening::Moves(moves) => {
                let mut game = Game::<V>::new();
                for m in moves {
                    game.play_text(m).map_err(|e| err(e.to_string()))?;
                }
                Ok(game)
            }
        }
    }
}

/// The opening as a ballot line: the moves separated by spaces, or the FEN.
impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opening::Moves(m) => f.pad(&m.join(" ")),
            Opening::Fen(fen) => f.pad(fen),
        }
    }
}

/// The openings of a ballot file's text (see the module docs): one per
/// line that is not blank or a comment.
///
/// ```
/// use draughts::ballots::{parse, Opening};
/// let b = parse("# two openings\n11-15 23-19 8-11  # ACF 126\n\nW:W21,22:B1,2\n");
/// assert_eq!(b.len(), 2);
/// assert_eq!(b[1], Opening::Fen("W:W21,22:B1,2".into()));
/// ```
pub fn parse(text: &str) -> Vec<Opening> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            if line.contains(':') {
                Opening::Fen(line.to_string())
            } else {
                Opening::Moves(line.split_whitespace().map(str::to_string).collect())
            }
        })
        .collect()
}

/// The 156 three-move ballots of English/American checkers tournaments, in
/// the ACF's order (`data/ballots/english-three-move.txt`).
pub fn english_three_move() -> Vec<Opening> {
    parse(ENGLISH_THREE_MOVE)
}

/// The 81 two-move openings of International draughts
/// (`data/ballots/international-two-move.txt`).
pub fn international_two_move() -> Vec<Opening> {
    parse(INTERNATIONAL_TWO_MOVE)
}
