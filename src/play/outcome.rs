//! The end of a game by the board: who has won, by every win condition of
//! the variant's [`Rules::win`](crate::Rules) — the loser without pieces or
//! without a legal move; in Antidraughts the side to move without a move
//! wins; in Breakthrough the first side with a king wins.
//!
//! One crate-internal function, `board_win`, is the one place where that is decided:
//! [`Position::outcome`], [`Game`](crate::Game) (which adds the draw rules
//! and the players' declarations), [`AnyPosition`](crate::AnyPosition) and
//! the engine's search all ask it.

use core::fmt;

use crate::core::draws::DrawReason;
use crate::core::moves::MoveMode;
use crate::core::position::Position;
use crate::core::variant::{Color, Variant, WinCondition};

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal move.
    Blocked,
    /// Antidraughts: the winner, to move, has no pieces or no legal move.
    OutOfMoves,
    /// Breakthrough: the winner made a king first.
    FirstKing,
    /// The loser resigned (declared by the frontend).
    Resignation,
    /// The loser ran out of time (declared by the frontend).
    Time,
}

crate::names::names! {
    WinReason, "win reason" {
        NoPieces => "no_pieces",
        Blocked => "blocked",
        OutOfMoves => "out_of_moves",
        FirstKing => "first_king",
        Resignation => "resignation",
        Time => "time",
    }
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The PDN result text from White's side: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pdn_result(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// In words: `White wins: Black has no pieces left`, `Draw: the same position
/// was repeated`... The reason is the [`WinReason`] or
/// [`DrawReason`] text. Width and alignment apply.
///
/// ```
/// use draughts::{Color, DrawReason, Outcome, WinReason};
/// let win = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
/// assert_eq!(win.to_string(), "Black wins: White resigned");
/// let draw = Outcome::Draw { reason: DrawReason::Agreement };
/// assert_eq!(draw.to_string(), "Draw: agreed by the players");
/// assert_eq!(format!("[{:<6.4}]", draw), "[Draw  ]");
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Outcome::Win { winner, reason } => {
                format!("{winner} wins: {}", reason.describe(*winner))
            }
            Outcome::Draw { reason } => format!("Draw: {reason}"),
        };
        f.pad(&text)
    }
}

impl Outcome {
    /// The reason in words, for the PDN `Termination` tag: `Black resigned`,
    /// `the same position was repeated`...
    pub fn termination(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => reason.describe(*winner),
            Outcome::Draw { reason } => reason.to_string(),
        }
    }
}

impl WinReason {
    /// The reason in words, naming the players: `White cannot move`,
    /// `Black resigned`, `White made the first king`...
    ///
    /// ```
    /// use draughts::{Color, WinReason};
    /// assert_eq!(WinReason::Blocked.describe(Color::Black), "White cannot move");
    /// ```
    pub fn describe(self, winner: Color) -> String {
        self.phrase(&winner.to_string(), &winner.opponent().to_string())
    }

    /// One arm per reason: the text with the winner's and the loser's names.
    fn phrase(self, winner: &str, loser: &str) -> String {
        match self {
            WinReason::NoPieces => format!("{loser} has no pieces left"),
            WinReason::Blocked => format!("{loser} cannot move"),
            WinReason::OutOfMoves => format!("{winner} has no pieces or no move left"),
            WinReason::FirstKing => format!("{winner} made the first king"),
            WinReason::Resignation => format!("{loser} resigned"),
            WinReason::Time => format!("{loser} ran out of time"),
        }
    }
}

/// The reason in words, with "the winner" and "the loser" for the players
/// (`the loser cannot move`); see [`WinReason::describe`].
impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.phrase("the winner", "the loser"))
    }
}

/// The win the board alone gives (no draw rules, nothing declared), by the
/// variant's win rule; `stuck` answers whether the side to move has no legal
/// move, and is asked only when the answer matters (a caller that has
/// generated the moves passes what it knows).
///
/// Breakthrough is read first: the side that just moved, if it has a king
/// (in play, only it can have made one), then the side to move (a set-up
/// position).
#[inline]
pub(crate) fn board_win<V: Variant>(
    pos: &Position<V>,
    stuck: impl FnOnce() -> bool,
) -> Option<Outcome> {
    if V::RULES.win == WinCondition::FirstKingWins {
        let mover = pos.turn().opponent();
        for side in [mover, mover.opponent()] {
            if !pos.kings(side).is_empty() {
                return Some(Outcome::Win {
                    winner: side,
                    reason: WinReason::FirstKing,
                });
            }
        }
    }
    if !stuck() {
        return None;
    }
    let to_move = pos.turn();
    Some(if V::RULES.win == WinCondition::NoMoveWins {
        Outcome::Win {
            winner: to_move,
            reason: WinReason::OutOfMoves,
        }
    } else if pos.pieces(to_move).is_empty() {
        Outcome::Win {
            winner: to_move.opponent(),
            reason: WinReason::NoPieces,
        }
    } else {
        Outcome::Win {
            winner: to_move.opponent(),
            reason: WinReason::Blocked,
        }
    })
}

impl<V: Variant> Position<V> {
    /// The win this position gives by the variant's win rule, if it is over
    /// on the board: no pieces or no legal move for the side to move (a loss,
    /// or in Antidraughts a win), or in Breakthrough a king on the board.
    /// Draw rules need the game's history: [`Game::outcome`](crate::Game::outcome)
    /// adds them.
    ///
    /// ```
    /// use draughts::{Breakthrough, Color, International, Antidraughts, Outcome, Position, WinReason};
    /// assert_eq!(Position::<International>::start().outcome(), None);
    /// // White's man on 46 can neither step (41) nor jump (37 behind 41 is taken).
    /// let blocked = Position::<International>::from_fen("W:W46:B41,37").unwrap();
    /// assert_eq!(blocked.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Blocked }));
    /// let none = Position::<International>::from_fen("W:W:B1").unwrap();
    /// assert_eq!(none.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoPieces }));
    /// // Antidraughts: the side to move without a move has won.
    /// let anti = Position::<Antidraughts>::from_fen("W:W:B1").unwrap();
    /// assert_eq!(anti.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::OutOfMoves }));
    /// // Breakthrough: a king on the board has won, moves or not.
    /// let bt = Position::<Breakthrough>::from_fen("W:W31:BK46").unwrap();
    /// assert_eq!(bt.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::FirstKing }));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        board_win(self, || self.count(MoveMode::Distinct) == 0)
    }

    /// True when the game is over on the board: [`outcome`](Self::outcome)
    /// is a win (the side to move without a legal move, whoever that makes
    /// the winner; a king in Breakthrough).
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(WinReason::ALL, |v| v.name());
    }
}
