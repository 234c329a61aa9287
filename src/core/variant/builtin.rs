//! The 16 built-in variants: each a zero-sized type with its [`Rules`].

use crate::core::draws::{CountRule, DrawReason, DrawRules, Limit, Material, Trigger};
use crate::core::geometry::{Board10x10, Board12x12, Board8x8, Board8x8Orthogonal};

use super::{
    Color, GameType, KingLanding, KingRange, MidCapturePromotion, Precedence, Removal,
    RouteConvention, Rules, Variant, WinCondition,
};

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
