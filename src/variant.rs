//! Rules as data: the [`Variant`] trait, its [`Rules`], and the built-in variants.
//!
//! Each built-in variant is a zero-sized type whose [`Variant::RULES`] constant
//! holds every rule parameter of the variant. Move generation reads those
//! constants, so every variant compiles to its own specialised generator.
//!
//! A house rule is a new zero-sized type that copies a built-in rule set and
//! changes what differs:
//!
//! ```
//! use draughts::{Board8x8, Position, Precedence, Rules, Spanish, Variant};
//!
//! /// Spanish draughts as one web site plays it: the most pieces must be
//! /// captured, but a king counts as one piece and ties are free.
//! #[derive(Clone, Copy, Debug, Default)]
//! struct SiteSpanish;
//!
//! impl Variant for SiteSpanish {
//!     type Board = Board8x8;
//!     const NAME: &'static str = "spanish-site";
//!     const RULES: Rules = Rules { precedence: &[Precedence::MostPieces], ..Spanish::RULES };
//! }
//!
//! let pos = Position::<SiteSpanish>::start();
//! assert_eq!(pos.legal_moves().len(), 7);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Square;
use crate::draws::{CountRule, DrawReason, DrawRules, Limit, Material, Trigger};
use crate::error::UnknownVariant;
use crate::geometry::{
    bit_of, coords_of, Board10x10, Board12x12, Board8x8, Board8x8Orthogonal, Geometry, Layout,
};

/// One of the two players. White's men start on rows 0.. and move up.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// The player whose men start on row 0 (the bottom of the board from White's view).
    White,
    /// The player whose men start on the last row.
    Black,
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// `'W'` or `'B'`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

/// `White` or `Black`; width and alignment apply.
///
/// ```
/// use draughts::Color;
/// assert_eq!(format!("{:>7}|", Color::White), "  White|");
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// How far a king moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum KingRange {
    /// One step (English, Italian). A short king lands directly behind the
    /// piece it jumps, so [`Rules::king_landing`] does not apply to it.
    Short,
    /// Any distance along a free line ("flying king").
    Flying,
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

/// When captured pieces leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Removal {
    /// At the end of the move: captured pieces block and can't be jumped twice.
    EndOfMove,
    /// As each piece is jumped: later jumps may cross its square (Thai, Turkish).
    Immediate,
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

/// A set of rules on a board. Built-in variants are zero-sized types; see the
/// [module documentation](self) for writing your own.
pub trait Variant: Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// The board geometry.
    type Board: Geometry;
    /// A short lower-case name.
    const NAME: &'static str;
    /// The rule parameters.
    const RULES: Rules;

    /// The square with PDN number `number` in this variant's numbering.
    ///
    /// Variants with algebraic notation (Russian, Brazilian, Czech) number their
    /// squares as English draughts does (1 = b8 ... 32 = g1 from White's view).
    ///
    /// ```
    /// use draughts::{English, Variant};
    /// let sq = English::square(29).unwrap();
    /// assert_eq!(English::square_text(sq), "29");
    /// assert!(English::square(33).is_none());
    /// ```
    fn square(number: u8) -> Option<Square> {
        Face::of::<Self>().square(number)
    }

    /// The PDN number of a square (see [`Variant::square`]).
    fn square_number(sq: Square) -> u8 {
        Face::of::<Self>().square_number(sq)
    }

    /// The square named `text`: a number, or an algebraic name such as `c3`
    /// (files from White's left, ranks from White's side).
    ///
    /// ```
    /// use draughts::{Russian, Variant};
    /// assert_eq!(Russian::parse_square("c3"), Russian::square(22));
    /// assert_eq!(Russian::parse_square("a2"), None, "a2 is a light square");
    /// ```
    fn parse_square(text: &str) -> Option<Square> {
        Face::of::<Self>().parse_square(text)
    }

    /// The square at physical `(row, col)` from White's view, if it is played on.
    fn algebraic_square(row: u8, col: u8) -> Option<Square> {
        Face::of::<Self>().algebraic_square(row, col)
    }

    /// `(row, column)` of a square on the board as seen from White's side:
    /// row 0 is White's back row, column 0 White's left (the `a` file). The
    /// inverse of [`Variant::algebraic_square`]; a frontend draws the board
    /// with it.
    ///
    /// ```
    /// use draughts::{English, Spanish, Variant};
    /// assert_eq!(English::square_coords(English::square(29).unwrap()), (0, 0)); // a1
    /// assert_eq!(Spanish::square_coords(Spanish::square(1).unwrap()), (0, 7)); // h1
    /// ```
    fn square_coords(sq: Square) -> (u8, u8) {
        Face::of::<Self>().square_coords(sq)
    }

    /// The algebraic name of a square (`a1` is White's bottom-left corner).
    fn algebraic_name(sq: Square) -> String {
        Face::of::<Self>().algebraic_name(sq)
    }

    /// The square as this variant writes it: its number, or its algebraic name
    /// for variants with algebraic notation.
    fn square_text(sq: Square) -> String {
        Face::of::<Self>().square_text(sq)
    }
}

pub(crate) const NONE: u8 = u8::MAX;

/// Number <-> square tables for a numbering.
pub(crate) struct Numbering {
    pub(crate) to_bit: [u8; 129],
    pub(crate) to_number: [u8; 128],
}

impl Numbering {
    /// Numbers the playing squares row by row, starting at `corner` (seen from
    /// White: 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right) of the
    /// physical board; `invert` mirrors the physical board onto the layout.
    const fn build(layout: Layout, width: u8, height: u8, corner: u8, invert: bool) -> Numbering {
        let mut to_bit = [NONE; 129];
        let mut to_number = [0u8; 128];
        let mut n: usize = 1;
        let mut i = 0;
        while i < height {
            let row = if corner >= 2 { height - 1 - i } else { i };
            let mut j = 0;
            while j < width {
                let col = if corner.is_multiple_of(2) {
                    j
                } else {
                    width - 1 - j
                };
                let internal_col = if invert { width - 1 - col } else { col };
                if let Some(b) = bit_of(layout, width, row, internal_col) {
                    to_bit[n] = b;
                    to_number[b as usize] = n as u8;
                    n += 1;
                }
                j += 1;
            }
            i += 1;
        }
        Numbering { to_bit, to_number }
    }
}

pub(crate) struct Tables<V>(core::marker::PhantomData<V>);

impl<V: Variant> Tables<V> {
    pub(crate) const NUMERIC: Numbering = {
        let gt = V::RULES.game_type;
        // Algebraic variants take numeric input as English numbering: square 1
        // in the top-left corner from White's view.
        let corner = if gt.algebraic {
            2
        } else if matches!(gt.start, Color::Black) {
            gt.corner ^ 3
        } else {
            gt.corner
        };
        Numbering::build(
            V::Board::LAYOUT,
            V::Board::WIDTH,
            V::Board::HEIGHT,
            corner,
            gt.invert,
        )
    };
}

const NO_DRAWS: DrawRules = DrawRules::REPETITION_ONLY;

const fn game_type(
    number: u8,
    start: Color,
    algebraic: bool,
    corner: u8,
    invert: bool,
) -> GameType {
    GameType {
        number,
        start,
        algebraic,
        corner,
        invert,
    }
}

/// Base rule set shared by the 8x8 variants below (Russian-like, flying kings).
const BASE: Rules = Rules {
    first_mover: Color::White,
    start_rows: 3,
    start_row_offset: 0,
    men_capture_backward: true,
    king_range: KingRange::Flying,
    king_landing: KingLanding::Beyond,
    removal: Removal::EndOfMove,
    promotion: MidCapturePromotion::ContinuesAsMan,
    man_captures_king: true,
    no_reverse_jump: false,
    precedence: &[],
    orthogonal_captures: false,
    king_move_limit: None,
    win: WinCondition::NoMoveLoses,
    routes: RouteConvention::MergeStraight,
    draws: NO_DRAWS,
    game_type: game_type(25, Color::White, true, 0, false),
};

macro_rules! builtin {
    ($(#[$doc:meta])* $name:ident, $board:ty, $text:literal, $rules:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name;
        impl Variant for $name {
            type Board = $board;
            const NAME: &'static str = $text;
            const RULES: Rules = $rules;
        }
    };
}

builtin!(
    /// English draughts / American checkers (WCDF rules): short kings, men capture
    /// forward only, free choice among captures, Black moves first.
    English, Board8x8, "english",
    Rules {
        first_mover: Color::Black,
        men_capture_backward: false,
        king_range: KingRange::Short,
        king_landing: KingLanding::DirectlyBehind,
        promotion: MidCapturePromotion::EndsMove,
        // WCDF: claims by threefold repetition or 40 moves each without
        // capture or man move.
        draws: DrawRules::ENGLISH,
        game_type: game_type(21, Color::Black, false, 1, false),
        ..BASE
    }
);

builtin!(
    /// Italian draughts (FID rules): short kings, men may not capture kings, and the
    /// precedence chain most pieces > with a king > most kings > kings first.
    Italian, Board8x8, "italian",
    Rules {
        men_capture_backward: false,
        king_range: KingRange::Short,
        king_landing: KingLanding::DirectlyBehind,
        promotion: MidCapturePromotion::EndsMove,
        man_captures_king: false,
        precedence: &[
            Precedence::MostPieces,
            Precedence::WithKing,
            Precedence::MostKings,
            Precedence::EarliestKing,
        ],
        // Fourfold repetition, per dctl's reading of the FID rules.
        draws: DrawRules::ITALIAN,
        game_type: game_type(22, Color::White, false, 2, true),
        ..BASE
    }
);

builtin!(
    /// Spanish draughts: flying kings, men capture forward only, most pieces then
    /// most kings must be captured. Mirrored board, White on squares 1-12.
    Spanish, Board8x8, "spanish",
    Rules {
        men_capture_backward: false,
        promotion: MidCapturePromotion::EndsMove,
        precedence: &[Precedence::MostPieces, Precedence::MostKings],
        game_type: game_type(24, Color::White, false, 1, true),
        ..BASE
    }
);

builtin!(
    /// Russian draughts (shashki, FMJD-64 rules): flying kings, men capture
    /// backward, free choice, a man reaching the far row mid-capture becomes a
    /// king and continues as one.
    Russian, Board8x8, "russian",
    Rules {
        promotion: MidCapturePromotion::PromotesAndContinues,
        draws: DrawRules::RUSSIAN,
        ..BASE
    }
);

builtin!(
    /// Brazilian draughts: International rules on the 8x8 board.
    Brazilian, Board8x8, "brazilian",
    Rules {
        precedence: &[Precedence::MostPieces],
        // CBD: 20 moves each of king moves without capture or man move.
        draws: DrawRules::BRAZILIAN,
        game_type: game_type(26, Color::White, true, 0, false),
        ..BASE
    }
);

builtin!(
    /// American pool checkers: flying kings, men capture backward, free choice,
    /// Black moves first.
    Pool, Board8x8, "pool",
    Rules {
        first_mover: Color::Black,
        // APCA: three kings against one must win within 13 moves.
        draws: DrawRules::POOL,
        game_type: game_type(23, Color::Black, false, 1, false),
        ..BASE
    }
);

builtin!(
    /// Czech draughts: flying kings, men capture forward only, a capture with a
    /// king takes precedence over a capture with a man.
    Czech, Board8x8, "czech",
    Rules {
        men_capture_backward: false,
        promotion: MidCapturePromotion::EndsMove,
        precedence: &[Precedence::WithKing],
        // Claimed threefold repetition; 15 moves without capture or man move.
        draws: DrawRules::CZECH,
        game_type: game_type(29, Color::White, true, 0, false),
        ..BASE
    }
);

builtin!(
    /// Thai draughts (Mak-ruk): 8 men each on two rows, flying kings that land
    /// directly behind each captured piece, pieces removed as they are captured.
    Thai, Board8x8, "thai",
    Rules {
        first_mover: Color::Black,
        start_rows: 2,
        men_capture_backward: false,
        king_landing: KingLanding::DirectlyBehind,
        removal: Removal::Immediate,
        promotion: MidCapturePromotion::EndsMove,
        game_type: game_type(31, Color::Black, false, 2, false),
        ..BASE
    }
);

builtin!(
    /// International draughts (FMJD rules) on the 10x10 board.
    International, Board10x10, "international",
    Rules {
        start_rows: 4,
        precedence: &[Precedence::MostPieces],
        // FMJD: 25 moves each of king-only moves without capture, and the
        // 16-move and 5-move lone-king rules.
        draws: DrawRules::FMJD,
        game_type: game_type(20, Color::White, false, 2, false),
        ..BASE
    }
);

builtin!(
    /// Canadian draughts: International rules on the 12x12 board.
    Canadian, Board12x12, "canadian",
    Rules {
        start_rows: 5,
        precedence: &[Precedence::MostPieces],
        // International (FMJD) draw rules.
        draws: DrawRules::CANADIAN,
        game_type: game_type(27, Color::White, false, 2, false),
        ..BASE
    }
);

builtin!(
    /// Turkish draughts (Dama) on the orthogonal 8x8 board: men step forward or
    /// sideways and capture the same ways, kings move and capture like rooks,
    /// captured pieces are removed at once, no 180° turn between two jumps, and
    /// the most pieces must be captured. A man reaching the last row during a
    /// capture continues capturing as a man (sideways along that row) and is
    /// promoted when the move ends ([rules §2](crate::rules), Turkish row: "continues as
    /// man, promotes at end"; some sources crown it at once and let it go on
    /// as a king). Men never move backward, so such a capture always ends on
    /// the last row; the choice decides whether the rest of it is a man's
    /// capture or a king's.
    Turkish, Board8x8Orthogonal, "turkish",
    Rules {
        start_rows: 2,
        start_row_offset: 1,
        men_capture_backward: false,
        removal: Removal::Immediate,
        no_reverse_jump: true,
        precedence: &[Precedence::MostPieces],
        // The only published Turkish perft (kish) counts every landing square.
        routes: RouteConvention::EveryLanding,
        // Turkish: one piece against one piece is a draw.
        draws: DrawRules::TURKISH,
        game_type: game_type(30, Color::White, true, 0, false),
        ..BASE
    }
);

const INTERNATIONAL: Rules = International::RULES;

/// Frisian captures as lidraughts and dctl implement them: value first (a
/// man 100, a king 199), then a capture with a king.
const FRISIAN_PRECEDENCE: &[Precedence] = &[
    Precedence::Value {
        man: 100,
        king: 199,
    },
    Precedence::WithKing,
];

/// Frisian draws as lidraughts applies them (`Frisian.maxDrawingMoves` and
/// `updatePositionHashes`; [rules §6](crate::rules)): no repetition rule; with only kings
/// on the board, one king each is drawn after 2 moves each and two kings
/// against one after 7 moves each, counted from the capture or promotion
/// that made the material (lidraughts restarts its count on both).
const FRISIAN_DRAWS: DrawRules = DrawRules {
    repetition: None,
    repetition_trigger: Trigger::Automatic,
    counts: &[
        CountRule::endgame(
            DrawReason::OneKingEach,
            Material::LoneKing {
                min_pieces: 1,
                max_pieces: 1,
                min_kings: 1,
                max_men: 0,
                on_main_road: false,
            },
            Limit::MovesEach(2),
        ),
        CountRule::endgame(
            DrawReason::TwoKingsAgainstOne,
            Material::LoneKing {
                min_pieces: 2,
                max_pieces: 2,
                min_kings: 2,
                max_men: 0,
                on_main_road: false,
            },
            Limit::MovesEach(7),
        ),
    ],
};

builtin!(
    /// Frisian draughts (10x10): men and kings capture diagonally and along
    /// rows and columns, the capture of the highest value is compulsory (a
    /// king worth more than a man and less than two men; at equal value a
    /// king captures), and while a side has men the same king may make at
    /// most three non-capturing moves in a row. Readings of lidraughts
    /// (`modules/draughts/src/main/variant/Frisian.scala`) and dctl
    /// (`include/dctl/core/rules/frisian.hpp`), which agree.
    Frisian, Board10x10, "frisian",
    Rules {
        precedence: FRISIAN_PRECEDENCE,
        orthogonal_captures: true,
        king_move_limit: Some(3),
        draws: FRISIAN_DRAWS,
        game_type: game_type(40, Color::White, false, 2, false),
        ..INTERNATIONAL
    }
);

builtin!(
    /// Frysk! (lidraughts): Frisian rules with five men each on the back row.
    /// lidraughts writes it as PDN GameType 97.
    Frysk, Board10x10, "frysk",
    Rules {
        start_rows: 1,
        game_type: game_type(97, Color::White, false, 2, false),
        ..Frisian::RULES
    }
);

builtin!(
    /// Antidraughts (lidraughts; Scan's "losing"): International moves, and
    /// the side that cannot move (no pieces or all blocked) wins. lidraughts
    /// writes it as PDN GameType 98 and keeps only the repetition rule.
    Antidraughts, Board10x10, "antidraughts",
    Rules {
        win: WinCondition::NoMoveWins,
        draws: NO_DRAWS,
        game_type: game_type(98, Color::White, false, 2, false),
        ..INTERNATIONAL
    }
);

builtin!(
    /// Breakthrough (lidraughts; Scan's "bt"): International moves, and the
    /// first side to make a king wins. lidraughts writes it as PDN GameType
    /// 96 and keeps only the repetition rule.
    Breakthrough, Board10x10, "breakthrough",
    Rules {
        win: WinCondition::FirstKingWins,
        draws: NO_DRAWS,
        game_type: game_type(96, Color::White, false, 2, false),
        ..INTERNATIONAL
    }
);

builtin!(
    /// Killer draughts (dctl, Scan): International rules, except that a king
    /// whose capture ends by jumping a king stops directly behind that king.
    /// There is no GameType of its own: PDN files carry GameType 20 and a
    /// `Variant` tag.
    Killer, Board10x10, "killer",
    Rules {
        king_landing: KingLanding::HaltBehindKing,
        ..INTERNATIONAL
    }
);

/// The registry of the built-in variants: each is listed here once, and
/// everything that chooses among them at run time is generated from this
/// list — [`VariantKind`] (its values, `ALL`, `name`, `rules`, `visit`), the
/// run-time types [`AnyPosition`](crate::AnyPosition),
/// [`AnyGame`](crate::AnyGame) and [`AnyMoveInput`](crate::AnyMoveInput) with
/// their conversions, and the dispatch macros [`with_variant!`](crate::with_variant),
/// [`with_position!`](crate::with_position), [`with_game!`](crate::with_game)
/// and [`with_input!`](crate::with_input), which the command line, the
/// bindings and the fuzz targets use instead of lists of their own.
///
/// Adding a 17th built-in variant is one name in this list plus its type,
/// defined with its `Rules` by `variant!` above (its `NAME`, board and
/// rules); nothing else in the crate or its members names the variants.
///
/// The macro calls the exported macro `$callback` with `[args]` and the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __builtin_variants {
    ($callback:ident [$($args:tt)*]) => {
        $crate::$callback! {
            [$($args)*]
            English Italian Spanish Russian Brazilian Pool Czech Thai International Canadian
            Turkish Frisian Frysk Antidraughts Breakthrough Killer
        }
    };
}

/// Calls `$body` with `$V` the variant type of the [`VariantKind`] `$kind`:
/// the one dispatch from a run-time kind to monomorphized code, for every
/// built-in variant.
///
/// ```
/// use draughts::{perft, with_variant, Position, VariantKind};
/// let kind: VariantKind = "russian".parse().unwrap();
/// let nodes = with_variant!(kind, V => perft(&Position::<V>::start(), 3));
/// assert_eq!(nodes, 302);
/// ```
#[macro_export]
macro_rules! with_variant {
    ($kind:expr, $V:ident => $body:expr) => {
        $crate::__builtin_variants!(__with_variant_arms [($kind) $V ($body)])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_variant_arms {
    ([($kind:expr) $V:ident ($body:expr)] $($v:ident)*) => {
        match $kind {
            $($crate::VariantKind::$v => {
                type $V = $crate::$v;
                $body
            })*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __variant_kind {
    ([] $($v:ident)*) => {
        /// The built-in variants, for choosing one at run time (one value per
        /// name of the registry, in its order).
        ///
        /// ```
        /// use draughts::VariantKind;
        /// let kind: VariantKind = "international".parse().unwrap();
        /// assert_eq!(kind, VariantKind::International);
        /// assert_eq!(kind.to_string(), "international");
        /// assert!("checkers9".parse::<VariantKind>().is_err());
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
        pub enum VariantKind {
            $(
                #[doc = concat!("[`", stringify!($v), "`]")]
                $v,
            )*
        }

        impl VariantKind {
            /// All built-in variants.
            pub const ALL: [VariantKind; [$(stringify!($v)),*].len()] = [$(VariantKind::$v),*];

            /// The lower-case name, as accepted by [`FromStr`].
            pub const fn name(self) -> &'static str {
                match self {
                    $(VariantKind::$v => $v::NAME,)*
                }
            }

            /// The rule set of the variant.
            pub const fn rules(self) -> Rules {
                match self {
                    $(VariantKind::$v => $v::RULES,)*
                }
            }

            /// Calls `f` with the variant's type.
            pub fn visit<F: VariantVisitor>(self, f: F) -> F::Output {
                match self {
                    $(VariantKind::$v => f.visit::<$v>(),)*
                }
            }
        }
    };
}

__builtin_variants!(__variant_kind []);

impl VariantKind {
    /// The variant with PDN GameType number `number`, if built in (20 is
    /// International; Killer shares it and is named by a `Variant` tag).
    pub fn from_game_type(number: u8) -> Option<VariantKind> {
        VariantKind::ALL
            .into_iter()
            .find(|k| k.rules().game_type.number == number)
    }
}

/// Code generic over the variant, for calling with a variant chosen at run
/// time ([`VariantKind::visit`], [`house_rules::visit`](crate::house_rules::visit)).
///
/// ```
/// use draughts::{perft, Position, Variant, VariantKind, VariantVisitor};
/// struct Perft(u32);
/// impl VariantVisitor for Perft {
///     type Output = u64;
///     fn visit<V: Variant>(self) -> u64 {
///         perft(&Position::<V>::start(), self.0)
///     }
/// }
/// assert_eq!(VariantKind::Russian.visit(Perft(3)), 302);
/// ```
pub trait VariantVisitor {
    /// What the call returns.
    type Output;
    /// The code, run with the variant `V`.
    fn visit<V: Variant>(self) -> Self::Output;
}

/// The lower-case name; width and alignment apply (`{:>13}`).
impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for VariantKind {
    type Err = UnknownVariant;
    /// A variant name, case-insensitive; lidraughts' display name `Frysk!`
    /// is accepted for `frysk`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim();
        let name = name.strip_suffix('!').unwrap_or(name);
        VariantKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

// The board and numbering as data (`Face`): what the square methods of
// `Variant` read, and what the cold code of `crate::face` is written over.

/// What cold code needs of a variant: its board, numbering and the few rules
/// that move text and FEN read.
pub(crate) struct Face {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) layout: Layout,
    /// Algebraic square names (`c3`) rather than numbers.
    pub(crate) algebraic: bool,
    /// The board is mirrored onto the internal layout (Italian, Spanish).
    pub(crate) invert: bool,
    /// Captures along rows and columns on a diagonal board (Frisian).
    pub(crate) orthogonal_captures: bool,
    /// A flying king that may stop anywhere beyond a captured piece.
    pub(crate) flying_beyond: bool,
    /// A man reaching the far row mid-capture continues as a king (Russian).
    pub(crate) promotes_and_continues: bool,
    pub(crate) king_move_limit: Option<u8>,
    /// Who moves first in the start position.
    pub(crate) first_mover: Color,
    /// Every playing square.
    pub(crate) all: u128,
    /// Row 0 and the last row.
    pub(crate) first_row: u128,
    pub(crate) last_row: u128,
    pub(crate) numbering: &'static Numbering,
}

/// The playing squares of row `row`.
const fn row_mask(layout: Layout, width: u8, row: u8) -> u128 {
    let mut mask = 0u128;
    let mut col = 0;
    while col < width {
        if let Some(b) = bit_of(layout, width, row, col) {
            mask |= 1 << b;
        }
        col += 1;
    }
    mask
}

/// Every playing square of the board.
const fn all_mask(layout: Layout, width: u8, height: u8) -> u128 {
    let mut mask = 0u128;
    let mut row = 0;
    while row < height {
        mask |= row_mask(layout, width, row);
        row += 1;
    }
    mask
}

struct FaceOf<V>(core::marker::PhantomData<V>);

impl<V: Variant> FaceOf<V> {
    const FACE: Face = {
        let r = &V::RULES;
        let (w, h, layout) = (V::Board::WIDTH, V::Board::HEIGHT, V::Board::LAYOUT);
        Face {
            width: w,
            height: h,
            layout,
            algebraic: r.game_type.algebraic,
            invert: r.game_type.invert,
            orthogonal_captures: r.orthogonal_captures,
            flying_beyond: matches!(r.king_range, KingRange::Flying)
                && !matches!(r.king_landing, KingLanding::DirectlyBehind),
            promotes_and_continues: matches!(
                r.promotion,
                MidCapturePromotion::PromotesAndContinues
            ),
            king_move_limit: r.king_move_limit,
            first_mover: r.first_mover,
            all: all_mask(layout, w, h),
            first_row: row_mask(layout, w, 0),
            last_row: row_mask(layout, w, h - 1),
            numbering: &Tables::<V>::NUMERIC,
        }
    };
}

impl Face {
    /// The face of variant `V`.
    #[inline]
    pub(crate) fn of<V: Variant>() -> &'static Face {
        &FaceOf::<V>::FACE
    }

    /// See [`Variant::square`].
    pub(crate) fn square(&self, number: u8) -> Option<Square> {
        match self.numbering.to_bit.get(number as usize) {
            Some(&b) if b != NONE => Some(Square(b)),
            _ => None,
        }
    }

    /// See [`Variant::square_number`].
    pub(crate) fn square_number(&self, sq: Square) -> u8 {
        self.numbering.to_number[sq.0 as usize]
    }

    /// The square at internal `(row, col)`, if it is a playing square
    /// ([`Geometry::square_at`]).
    pub(crate) fn square_at(&self, row: u8, col: u8) -> Option<Square> {
        if row >= self.height || col >= self.width {
            return None;
        }
        bit_of(self.layout, self.width, row, col).map(Square)
    }

    /// Internal `(row, col)` of a square ([`Geometry::coords`]).
    pub(crate) fn coords(&self, sq: Square) -> (u8, u8) {
        coords_of(self.layout, self.width, sq.0)
    }

    /// See [`Variant::parse_square`].
    pub(crate) fn parse_square(&self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        match bytes.first()? {
            b'0'..=b'9' => {
                if bytes.len() > 3 || !bytes.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                self.square(text.parse().ok()?)
            }
            f @ b'a'..=b'z' => {
                let col = f - b'a';
                let rank = &text[1..];
                if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let row: u8 = rank.parse().ok()?;
                if row == 0 {
                    return None;
                }
                self.algebraic_square(row - 1, col)
            }
            _ => None,
        }
    }

    /// See [`Variant::algebraic_square`].
    pub(crate) fn algebraic_square(&self, row: u8, col: u8) -> Option<Square> {
        let (w, h) = (self.width, self.height);
        if row >= h || col >= w {
            return None;
        }
        let col = if self.invert { w - 1 - col } else { col };
        self.square_at(row, col)
    }

    /// See [`Variant::square_coords`].
    pub(crate) fn square_coords(&self, sq: Square) -> (u8, u8) {
        let (row, col) = self.coords(sq);
        let col = if self.invert {
            self.width - 1 - col
        } else {
            col
        };
        (row, col)
    }

    /// See [`Variant::algebraic_name`].
    pub(crate) fn algebraic_name(&self, sq: Square) -> String {
        let (row, col) = self.square_coords(sq);
        format!("{}{}", (b'a' + col) as char, row + 1)
    }

    /// See [`Variant::square_text`].
    pub(crate) fn square_text(&self, sq: Square) -> String {
        if self.algebraic {
            self.algebraic_name(sq)
        } else {
            self.square_number(sq).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_of<V: Variant>(n: u8) -> String {
        V::algebraic_name(V::square(n).unwrap())
    }

    #[test]
    fn numbering_matches_rules_md() {
        // RULES.md §2 numbering table.
        assert_eq!(name_of::<International>(1), "b10");
        assert_eq!(name_of::<International>(46), "a1");
        assert_eq!(name_of::<International>(50), "i1");
        assert_eq!(name_of::<English>(1), "b8");
        assert_eq!(name_of::<English>(4), "h8");
        assert_eq!(name_of::<English>(29), "a1");
        assert_eq!(name_of::<English>(32), "g1");
        assert_eq!(name_of::<Italian>(1), "a8");
        assert_eq!(name_of::<Italian>(32), "h1");
        assert_eq!(name_of::<Spanish>(1), "h1");
        assert_eq!(name_of::<Canadian>(1), "b12");
        assert_eq!(name_of::<Canadian>(72), "k1");
        assert_eq!(name_of::<Russian>(1), "b8");
        assert_eq!(name_of::<Russian>(32), "g1");
        for n in 1..=32 {
            let sq = English::square(n).unwrap();
            assert_eq!(English::square_number(sq), n);
            assert_eq!(
                English::parse_square(&English::algebraic_name(sq)),
                Some(sq)
            );
            let sq = Italian::square(n).unwrap();
            assert_eq!(
                Italian::parse_square(&Italian::algebraic_name(sq)),
                Some(sq)
            );
        }
        assert!(International::square(0).is_none());
        assert!(International::square(51).is_none());
    }
}
