//! Every rule parameter of a variant: [`Rules`] and the enums it is made of.

use crate::core::draws::DrawRules;
use crate::core::geometry::Geometry;

use super::{Color, Variant};

/// How far a king moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum KingRange {
    /// One step (English, Italian). A short king lands directly behind the
    /// piece it jumps, so [`Rules::king_landing`] does not apply to it.
    Short,
    /// Any distance along a free line ("flying king").
    Flying,
}

crate::names::names! {
    KingRange, "king range" {
        Short => "short",
        Flying => "flying",
    }
}

/// Where a flying king may land after jumping a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum KingLanding {
    /// On any empty square beyond the captured piece, along the same line.
    Beyond,
    /// Only on the square directly behind the captured piece (Thai).
    DirectlyBehind,
    /// As [`Beyond`](Self::Beyond), except that a capture whose last jump
    /// takes a king ends on the square directly behind that king (Killer
    /// draughts; dctl's `is_halt_behind_king`). Landing squares in the middle
    /// of the sequence stay free.
    HaltBehindKing,
}

crate::names::names! {
    KingLanding, "king landing" {
        Beyond => "beyond",
        DirectlyBehind => "directly_behind",
        HaltBehindKing => "halt_behind_king",
    }
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Removal {
    /// At the end of the move: captured pieces block and can't be jumped twice.
    EndOfMove,
    /// As each piece is jumped: later jumps may cross its square (Thai, Turkish).
    Immediate,
}

crate::names::names! {
    Removal, "removal" {
        EndOfMove => "end_of_move",
        Immediate => "immediate",
    }
}

/// What happens to a man that reaches the far row in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MidCapturePromotion {
    /// The move ends there and the man is promoted (English, Italian, Spanish, Czech, Thai).
    EndsMove,
    /// It keeps capturing as a man and is promoted only if the move ends on the far row
    /// (International, Brazilian, Canadian, Pool, Turkish).
    ContinuesAsMan,
    /// It is promoted at once and keeps capturing as a king (Russian).
    PromotesAndContinues,
}

crate::names::names! {
    MidCapturePromotion, "mid-capture promotion" {
        EndsMove => "ends_move",
        ContinuesAsMan => "continues_as_man",
        PromotesAndContinues => "promotes_and_continues",
    }
}

/// One criterion of a capture-precedence rule. Criteria are applied in order;
/// among the capture moves, only those that are best by the first criterion
/// survive, then by the second, and so on. Remaining ties are free choice.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Precedence {
    /// Capture the most pieces (a king counts as one).
    MostPieces,
    /// Capture the most kings.
    MostKings,
    /// Capture with a king rather than with a man.
    WithKing,
    /// Capture kings as early in the sequence as possible (Italian).
    EarliestKing,
    /// Capture the highest value, counting `man` per man and `king` per king
    /// (Frisian: a man 100, a king 199, so that a king is worth more than a
    /// man and less than two, and at equal `men + 2 * kings` fewer kings
    /// win — lidraughts' `captureValue` and dctl's `frisian::precedence`).
    Value {
        /// The value of a captured man.
        man: u8,
        /// The value of a captured king.
        king: u8,
    },
}

impl Precedence {
    /// The stable name of the rule: `most_pieces`, `most_kings`, `with_king`,
    /// `earliest_king` or `value` (the values themselves are
    /// [`Precedence::Value`]'s fields).
    pub const fn name(self) -> &'static str {
        match self {
            Precedence::MostPieces => "most_pieces",
            Precedence::MostKings => "most_kings",
            Precedence::WithKing => "with_king",
            Precedence::EarliestKing => "earliest_king",
            Precedence::Value { .. } => "value",
        }
    }
}

/// How a game is won (read by [`Game`](crate::Game); perft ignores it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinCondition {
    /// The side to move without a legal move (no pieces, or all blocked)
    /// loses: every official variant.
    NoMoveLoses,
    /// The side to move without a legal move wins (Antidraughts; Scan's
    /// "losing" variant).
    NoMoveWins,
    /// The first side to have a king wins; a side without a legal move loses
    /// (Breakthrough; Scan's "bt").
    FirstKingWins,
}

crate::names::names! {
    WinCondition, "win condition" {
        NoMoveLoses => "no_move_loses",
        NoMoveWins => "no_move_wins",
        FirstKingWins => "first_king_wins",
    }
}

/// How [`MoveMode::Routes`](crate::MoveMode::Routes) counts a flying king's
/// capture that goes on in a straight line: after jumping piece A, the king may
/// stop on any of the empty squares before piece B and jump B from there.
///
/// The published perft tables disagree on whether those are different routes:
/// dctl's tables for the diagonal variants count them once, kish's table for
/// Turkish counts one route per landing square. Distinct-mode counts are the
/// same under both conventions; only routes mode reads this parameter.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RouteConvention {
    /// A straight continuation is one route, whatever square the king passes
    /// (dctl's convention).
    MergeStraight,
    /// Every sequence of landing squares is its own route (kish's convention).
    EveryLanding,
}

crate::names::names! {
    RouteConvention, "route convention" {
        MergeStraight => "merge_straight",
        EveryLanding => "every_landing",
    }
}

/// How squares are numbered or named: the PDN `GameType` tag.
///
/// `corner` is where square 1 (or a1) lies, seen from the side that starts the
/// numbering (`start`): 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right.
/// `invert` is true when the bottom-left corner is not a playing square (the
/// Italian and Spanish boards); such boards are mirrored onto the internal layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct GameType {
    /// The PDN GameType number (20 International, 21 English, ...).
    pub number: u8,
    /// The colour from whose side `corner` is seen.
    pub start: Color,
    /// True for algebraic square names (a1..h8), false for numbers.
    pub algebraic: bool,
    /// Corner of square 1 seen from `start`'s side.
    pub corner: u8,
    /// The bottom-left square is not a playing square.
    pub invert: bool,
}

/// Every rule parameter of a variant ([rules §2 and §3](crate::rules)).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Rules {
    /// Who moves first in the start position.
    pub first_mover: Color,
    /// Number of rows of men each side starts with.
    pub start_rows: u8,
    /// Rows left empty behind each side's men at the start (1 in Turkish).
    pub start_row_offset: u8,
    /// Men may capture backward.
    pub men_capture_backward: bool,
    /// How far kings move.
    pub king_range: KingRange,
    /// Where a flying king may land after a jump.
    pub king_landing: KingLanding,
    /// When captured pieces are removed.
    pub removal: Removal,
    /// A man reaching the far row during a capture.
    pub promotion: MidCapturePromotion,
    /// A man may capture a king (false in Italian).
    pub man_captures_king: bool,
    /// A piece may not reverse its direction between two jumps (Turkish).
    pub no_reverse_jump: bool,
    /// Capture precedence, highest criterion first; empty for free choice.
    pub precedence: &'static [Precedence],
    /// Men and kings also capture along rows and columns (diagonal boards
    /// only; Frisian). The orthogonal neighbour of a playing square is the
    /// playing square two columns or two rows away, so a man jumps from
    /// `(r, c)` over `(r, c + 2)` to `(r, c + 4)`; a flying king captures at
    /// a distance along the line. Men capture orthogonally forward and
    /// sideways, and backward too when `men_capture_backward`. Non-capturing
    /// moves stay diagonal.
    pub orthogonal_captures: bool,
    /// The king-move limit (Frisian: 3): while its side still has men, the
    /// same king may not make more than this many non-capturing moves in a
    /// row. The count is rule state of the position ([`KingRun`](crate::KingRun)):
    /// in FEN, the Zobrist hash and equality.
    pub king_move_limit: Option<u8>,
    /// How a game is won.
    pub win: WinCondition,
    /// How routes mode counts straight continuations of a flying king.
    pub routes: RouteConvention,
    /// Draw rules.
    pub draws: DrawRules,
    /// Square numbering (PDN GameType).
    pub game_type: GameType,
}

/// Why a [`Rules`] value can't be played on a board: see [`Rules::check`].
const fn rules_problem(rules: &Rules, width: u8, height: u8) -> Option<&'static str> {
    let d = &rules.draws;
    if rules.start_rows == 0 {
        Some("Rules::start_rows must be at least 1")
    } else if 2 * (rules.start_rows as u16 + rules.start_row_offset as u16) > height as u16 {
        Some("Rules::start_rows + start_row_offset do not fit on the board: each side needs its own rows, so twice their sum must be at most the board's height")
    } else if rules.game_type.corner > 3 {
        Some("Rules::game_type.corner must be 0, 1, 2 or 3")
    } else if width == 0 || height == 0 {
        Some("the board has no squares")
    } else if matches!(d.repetition, Some(0 | 1)) {
        Some("DrawRules::repetition must be at least 2 (the start position would be a draw)")
    } else {
        None
    }
}

/// Compile-time check of a variant's rules against its board: evaluating
/// `RulesCheck::<V>::OK` fails the build with the problem's text.
pub(crate) struct RulesCheck<V>(core::marker::PhantomData<V>);

impl<V: Variant> RulesCheck<V> {
    pub(crate) const OK: () = match rules_problem(&V::RULES, V::Board::WIDTH, V::Board::HEIGHT) {
        None => (),
        Some(problem) => panic!("{}", problem),
    };
}

impl Rules {
    /// Checks the rules against a board of `width` x `height` squares: `Err`
    /// with the problem for combinations that can't be played (start rows
    /// that overlap, a numbering corner that doesn't exist, a draw rule that
    /// would end the game before it starts).
    ///
    /// Every variant's rules are checked when the program is built: using a
    /// position of a variant with impossible rules is a compile error.
    ///
    /// ```
    /// use draughts::{Russian, Rules, Variant};
    /// assert!(Russian::RULES.check(8, 8).is_ok());
    /// let five_rows = Rules { start_rows: 5, ..Russian::RULES };
    /// assert!(five_rows.check(8, 8).unwrap_err().contains("start_rows"));
    /// assert!(five_rows.check(12, 12).is_ok());
    /// ```
    ///
    /// ```compile_fail
    /// use draughts::{Board8x8, Position, Rules, Russian, Variant};
    /// #[derive(Clone, Copy, Debug, Default)]
    /// struct FiveRows;
    /// impl Variant for FiveRows {
    ///     type Board = Board8x8;
    ///     const NAME: &'static str = "five-rows";
    ///     const RULES: Rules = Rules { start_rows: 5, ..Russian::RULES };
    /// }
    /// // error: both sides would start on the same squares.
    /// let pos = Position::<FiveRows>::start();
    /// ```
    pub const fn check(&self, width: u8, height: u8) -> Result<(), &'static str> {
        match rules_problem(self, width, height) {
            None => Ok(()),
            Some(p) => Err(p),
        }
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(KingRange::ALL, |v| v.name());
        crate::names::check_names(KingLanding::ALL, |v| v.name());
        crate::names::check_names(MidCapturePromotion::ALL, |v| v.name());
        crate::names::check_names(Removal::ALL, |v| v.name());
        crate::names::check_names(RouteConvention::ALL, |v| v.name());
        crate::names::check_names(WinCondition::ALL, |v| v.name());
    }

    #[test]
    fn precedence_names() {
        assert_eq!(
            Precedence::Value {
                man: 100,
                king: 199
            }
            .name(),
            "value"
        );
        assert_eq!(Precedence::EarliestKing.name(), "earliest_king");
    }
}
