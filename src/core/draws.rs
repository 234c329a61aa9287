//! Draw rules as data: what each federation counts, from when, what restarts
//! the count, and whether the draw ends the game or must be claimed.
//!
//! A variant's [`DrawRules`] hold a repetition rule and a list of
//! [`CountRule`]s. A count rule names the material in which it runs
//! ([`Material`]), its [`Limit`] (plies, moves of each player, or moves of the
//! stronger side), the events that restart it ([`Resets`]), its [`Trigger`]
//! (automatic or claimed) and the [`DrawReason`] a game reports. A
//! [`Game`](crate::Game) keeps one counter per rule and answers "how many
//! moves are left" through [`Game::draw_counts`](crate::Game::draw_counts).
//!
//! # How a count runs
//! * The count **starts** (at 0 plies) in the first position in which its
//!   material holds: the start position, or the position after the move that
//!   produced the material (a capture, a promotion, a lone king stepping onto
//!   the main road...). "From the moment the material arose" in the federation
//!   texts.
//! * Each later ply after which the material still holds adds one, unless the
//!   ply is one of the rule's [`Resets`]: then the count starts again at 0.
//! * When the material no longer holds, the count stops; it starts afresh if
//!   the material comes back.
//! * The draw is declared on the ply that completes the limit, after the
//!   check for a win (a side without legal moves loses first).
//!
//! The king-move rules are the count with [`Material::Any`] that restarts on
//! every capture and every man move: the plies it counts are exactly the
//! plies in which a king moved without capturing.
//!
//! # The built-in rules and their sources
//! Each preset constant below documents its federation text and how it is
//! read; docs/rules.md has the same table. Where no federation
//! text could be found the preset keeps repetition only and says so.

use core::fmt;

/// The most count rules a variant may have (a [`Game`](crate::Game) keeps
/// this many counters per ply; extra rules are ignored).
pub const MAX_COUNTS: usize = 8;

/// Whether a draw by rule ends the game by itself or must be claimed by the
/// player to move. [`DrawMode::AsWritten`](crate::DrawMode::AsWritten) follows
/// this; the other draw modes override it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Trigger {
    /// The game is drawn on the ply the rule is met ("the game is declared a
    /// draw").
    Automatic,
    /// The rule only entitles the player to claim a draw ("a player can
    /// demonstrate to the referee...", "and draw is claimed").
    Claim,
}

crate::names::names! {
    Trigger, "draw trigger" {
        Automatic => "automatic",
        Claim => "claim",
    }
}

/// How long a count runs before the draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Limit {
    /// This many plies (single moves of either player): the seed site's
    /// "20 king moves".
    Plies(u16),
    /// This many moves of each player, i.e. twice as many plies: "25
    /// successive moves of each player" (FMJD).
    MovesEach(u16),
    /// This many moves of the stronger side (the side that is not the lone
    /// king of a [`Material::LoneKing`] rule): "with his 15th move, counted
    /// from the moment the material arose, he does not capture the king".
    /// The draw comes on the stronger side's n-th move, one ply earlier than
    /// [`Limit::MovesEach`] when the stronger side moved first. For material
    /// without a lone king it reads as [`Limit::MovesEach`].
    StrongerSideMoves(u16),
}

impl Limit {
    /// The stable name of the limit's unit: `plies`, `moves_each` or
    /// `stronger_side_moves` (the number is [`Limit::count`]).
    pub const fn unit_name(self) -> &'static str {
        match self {
            Limit::Plies(_) => "plies",
            Limit::MovesEach(_) => "moves_each",
            Limit::StrongerSideMoves(_) => "stronger_side_moves",
        }
    }
}

impl Limit {
    /// The number the federation text names.
    pub const fn count(self) -> u16 {
        match self {
            Limit::Plies(n) | Limit::MovesEach(n) | Limit::StrongerSideMoves(n) => n,
        }
    }
}

/// The events that restart a running count at 0.
///
/// A change of material that leaves the rule's [`Material`] (for instance a
/// capture that turns "three pieces against a lone king" into "two pieces")
/// stops the count whatever these say; these are the events after which the
/// material still qualifies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Resets {
    /// A capture (by either side).
    pub capture: bool,
    /// Any move of a man, a promotion included.
    pub man_move: bool,
    /// A promotion (a man ending its move as a king).
    pub promotion: bool,
}

impl Resets {
    /// Captures and man moves: "without moving a man and without capture".
    pub const PROGRESS: Resets = Resets {
        capture: true,
        man_move: true,
        promotion: true,
    };
    /// Captures and promotions: "the balance of pieces has not changed (no
    /// capture, no man became a king)"; also "from the moment the material
    /// arose" (a capture or a promotion makes new material).
    pub const BALANCE: Resets = Resets {
        capture: true,
        man_move: false,
        promotion: true,
    };
    /// Nothing but leaving the material.
    pub const NONE: Resets = Resets {
        capture: false,
        man_move: false,
        promotion: false,
    };
}

/// The material (and, for the main-road rule, placement) in which a count runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Material {
    /// Any position: the count runs all game and only its resets restart it.
    Any,
    /// One side has a single piece, a king; the other side has between
    /// `min_pieces` and `max_pieces` pieces, of which at least `min_kings` are
    /// kings and at most `max_men` are men.
    LoneKing {
        /// Fewest pieces of the stronger side.
        min_pieces: u8,
        /// Most pieces of the stronger side.
        max_pieces: u8,
        /// Fewest kings of the stronger side.
        min_kings: u8,
        /// Most men of the stronger side.
        max_men: u8,
        /// The lone king must stand on the main road (the long diagonal from
        /// the bottom-left corner, a1–h8 on 8x8).
        on_main_road: bool,
    },
    /// Both sides have at least one king, and the board holds between
    /// `min_total` and `max_total` pieces in all.
    KingsBothSides {
        /// Fewest pieces on the board.
        min_total: u8,
        /// Most pieces on the board.
        max_total: u8,
    },
    /// Each side has exactly one piece, king or man.
    OnePieceEach,
}

/// One count rule: a named draw after a number of moves in some material.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct CountRule {
    /// The reason a drawn game reports.
    pub reason: DrawReason,
    /// Where the count runs.
    pub material: Material,
    /// How long it runs.
    pub limit: Limit,
    /// What restarts it.
    pub resets: Resets,
    /// Automatic or claimed.
    pub trigger: Trigger,
    /// The draw is not declared while the side to move has a capture (the
    /// Turkish "one piece each" draw: a piece that can take the last enemy
    /// piece wins instead).
    pub unless_capture: bool,
}

impl CountRule {
    /// A king-move rule: `limit` of plies in which only kings moved and
    /// nothing was captured (automatic).
    pub const fn king_moves(limit: Limit) -> CountRule {
        CountRule {
            reason: DrawReason::KingMoves,
            material: Material::Any,
            limit,
            resets: Resets::PROGRESS,
            trigger: Trigger::Automatic,
            unless_capture: false,
        }
    }

    /// The same count reported as a no-progress rule (no capture and no man
    /// move), as the English rules name it.
    pub const fn no_progress(limit: Limit) -> CountRule {
        CountRule {
            reason: DrawReason::NoProgress,
            ..CountRule::king_moves(limit)
        }
    }

    /// A material rule that counts from when `material` arose and restarts on
    /// captures and promotions ([`Resets::BALANCE`]); automatic.
    pub const fn endgame(reason: DrawReason, material: Material, limit: Limit) -> CountRule {
        CountRule {
            reason,
            material,
            limit,
            resets: Resets::BALANCE,
            trigger: Trigger::Automatic,
            unless_capture: false,
        }
    }

    /// This rule with another trigger.
    pub const fn with_trigger(self, trigger: Trigger) -> CountRule {
        CountRule { trigger, ..self }
    }

    /// This rule with other resets.
    pub const fn with_resets(self, resets: Resets) -> CountRule {
        CountRule { resets, ..self }
    }
}

/// Draw-rule parameters of a variant (applied by a [`Game`](crate::Game),
/// never by perft).
///
/// ```
/// use draughts::{CountRule, DrawReason, DrawRules, Limit, Material, Trigger};
/// // Frisian (RULES.md §6): one king each drawn after two more moves each,
/// // two kings against one after seven moves each; no repetition rule.
/// const FRISIAN: DrawRules = DrawRules {
///     repetition: None,
///     repetition_trigger: Trigger::Automatic,
///     counts: &[
///         CountRule::endgame(
///             DrawReason::LoneKingFiveMoves, // the Frisian helper names its own reasons
///             Material::LoneKing { min_pieces: 1, max_pieces: 1, min_kings: 1, max_men: 0, on_main_road: false },
///             Limit::MovesEach(2),
///         ),
///         CountRule::endgame(
///             DrawReason::LoneKingFiveMoves,
///             Material::LoneKing { min_pieces: 2, max_pieces: 2, min_kings: 2, max_men: 0, on_main_road: false },
///             Limit::MovesEach(7),
///         ),
///     ],
/// };
/// assert_eq!(FRISIAN.counts[1].limit.count(), 7);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct DrawRules {
    /// The same position (placement and side to move) for the k-th time,
    /// counted since the last irreversible move (a capture or a man's move
    /// to another row: [`Position::is_irreversible`](crate::Position::is_irreversible)),
    /// is a draw.
    pub repetition: Option<u8>,
    /// Whether the repetition draw is automatic or claimed.
    pub repetition_trigger: Trigger,
    /// The count rules, checked in this order (the first one met is the
    /// reason reported). At most [`MAX_COUNTS`] are used.
    pub counts: &'static [CountRule],
}

const fn lone_king(min: u8, max: u8, min_kings: u8, max_men: u8, road: bool) -> Material {
    Material::LoneKing {
        min_pieces: min,
        max_pieces: max,
        min_kings,
        max_men,
        on_main_road: road,
    }
}

/// FMJD article 6.4: a lone king against three pieces, at least one a king.
const FMJD_16: CountRule = CountRule::endgame(
    DrawReason::LoneKingSixteenMoves,
    lone_king(3, 3, 1, 2, false),
    Limit::MovesEach(16),
);
/// FMJD article 6.5: a lone king against one or two pieces with a king.
const FMJD_5: CountRule = CountRule::endgame(
    DrawReason::LoneKingFiveMoves,
    lone_king(1, 2, 1, 1, false),
    Limit::MovesEach(5),
);

impl DrawRules {
    /// Threefold repetition and nothing else.
    pub const REPETITION_ONLY: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[],
    };

    /// International draughts, FMJD rules (Annex 1, article 6; the English
    /// text is the authoritative one):
    /// * 6.2 the same position for the third time, the same player to move:
    ///   drawn (automatic);
    /// * 6.3 25 successive moves of each player (50 plies) in which only
    ///   kings moved, no man moved and nothing was captured: drawn;
    /// * 6.4 three pieces, at least one a king, against a lone king: drawn
    ///   after both players have played 16 moves (32 plies) from when that
    ///   material arose;
    /// * 6.5 one or two pieces with a king against a lone king: drawn after
    ///   5 moves each (10 plies).
    ///
    /// The 16- and 5-move counts run from when the material arose and are
    /// not restarted by a man move (pydraughts 0.6.7 restarts them; the
    /// text counts from the material): a capture or a promotion makes new
    /// material and restarts them.
    pub const FMJD: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[FMJD_5, FMJD_16, CountRule::king_moves(Limit::MovesEach(25))],
    };

    /// Russian draughts (FMJD-64 rules, article 7.2; the Russian draughts
    /// federation's rules as published with the draughts-64 rules):
    /// * the same position for the third time with the same side to move;
    /// * 15 moves each (30 plies) in which only kings moved, without man
    ///   moves and captures;
    /// * three kings against a lone king: drawn if the stronger side, with
    ///   its 15th move counted from when that material arose, has not
    ///   captured the king (read literally: exactly three kings and no men;
    ///   more material is covered by the piece-count rule);
    /// * kings on both sides and the balance of pieces unchanged (no
    ///   capture, no promotion): 2 or 3 pieces on the board — 5 moves each;
    ///   4 or 5 pieces — 30 moves each; 6 or 7 pieces — 60 moves each
    ///   ("moves" of each player, as in the 15-move rule);
    /// * three pieces (at least one a king) against a lone king standing on
    ///   the main road a1–h8: drawn on the 5th move (of each player; the
    ///   count restarts when the king comes back to the road).
    pub const RUSSIAN: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[
            CountRule::endgame(
                DrawReason::MainRoad,
                lone_king(3, 3, 1, 2, true),
                Limit::MovesEach(5),
            ),
            CountRule::endgame(
                DrawReason::SmallEnding,
                Material::KingsBothSides {
                    min_total: 2,
                    max_total: 3,
                },
                Limit::MovesEach(5),
            ),
            CountRule::endgame(
                DrawReason::ThreeKingsAgainstOne,
                lone_king(3, 3, 3, 0, false),
                Limit::StrongerSideMoves(15),
            ),
            CountRule::king_moves(Limit::MovesEach(15)),
            CountRule::endgame(
                DrawReason::PieceCount,
                Material::KingsBothSides {
                    min_total: 4,
                    max_total: 5,
                },
                Limit::MovesEach(30),
            ),
            CountRule::endgame(
                DrawReason::PieceCount,
                Material::KingsBothSides {
                    min_total: 6,
                    max_total: 7,
                },
                Limit::MovesEach(60),
            ),
        ],
    };

    /// Brazilian draughts, Confederação Brasileira de Damas rules (item 16,
    /// "Empate"): "after 20 successive king moves (*lances*), without capture
    /// or man (*pedra*) displacement, the game is declared drawn" on 64
    /// squares, beside "25 lances" on 100 squares, which is the FMJD's "25
    /// moves of each player": so 20 moves each (40 plies). Threefold
    /// repetition. The CBD text found has no lone-king rules;
    /// [`DrawRules::BRAZILIAN_FMJD`] adds the FMJD ones.
    pub const BRAZILIAN: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[CountRule::king_moves(Limit::MovesEach(20))],
    };

    /// Brazilian with the FMJD lone-king rules (16 and 5 moves each) beside
    /// the CBD's 20-move rule, for events played "under FMJD and CBD rules".
    pub const BRAZILIAN_FMJD: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[FMJD_5, FMJD_16, CountRule::king_moves(Limit::MovesEach(20))],
    };

    /// English draughts (WCDF rules): a draw is claimed by demonstrating that
    /// the next move repeats a position for the third time, or that neither
    /// player advanced a man or removed a piece in their own previous 40
    /// moves (80 plies). Both are claims.
    pub const ENGLISH: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Claim,
        counts: &[CountRule::no_progress(Limit::MovesEach(40)).with_trigger(Trigger::Claim)],
    };

    /// Czech draughts (Czech draughts federation; FMJD's "Brief rules of
    /// Czech draughts"): "Draw can be reached by an agreement of players or
    /// when the same position is repeated three times and draw is claimed or
    /// if no jump or move by a piece \[man\] is done within 15 moves":
    /// repetition is claimed; 15 moves each (30 plies) without capture or
    /// man move is automatic ("moves" read as moves of each player, as in
    /// the Russian rules the Czech ones follow).
    pub const CZECH: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Claim,
        counts: &[CountRule::king_moves(Limit::MovesEach(15))],
    };

    /// American pool checkers (APCA playing rules as cited by the published
    /// summaries): a player with three kings against a lone king must win
    /// within 13 moves, "even if the fourteenth move is a capture": drawn
    /// after the stronger side's 13th move from when that material arose
    /// (three or more kings, no men). Threefold repetition.
    pub const POOL: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[CountRule::endgame(
            DrawReason::ThreeKingsAgainstOne,
            lone_king(3, 12, 3, 0, false),
            Limit::StrongerSideMoves(13),
        )],
    };

    /// Canadian draughts: International (FMJD) rules on 12x12, draws
    /// included (25-move king rule, 16- and 5-move lone-king rules,
    /// threefold repetition).
    pub const CANADIAN: DrawRules = DrawRules::FMJD;

    /// Italian draughts: fourfold repetition, per dctl's reading of the FID
    /// rules; no move-count rule (none found in the FID regulations' text).
    pub const ITALIAN: DrawRules = DrawRules {
        repetition: Some(4),
        repetition_trigger: Trigger::Automatic,
        counts: &[],
    };

    /// Turkish draughts: "when each player has one piece left, even if one
    /// of them is a king, the game is drawn" (Türk daması rules, as taught by
    /// the Turkish draughts academies): drawn at once, unless the side to
    /// move can capture (then the game is not endless: it wins). Threefold
    /// repetition kept.
    pub const TURKISH: DrawRules = DrawRules {
        repetition: Some(3),
        repetition_trigger: Trigger::Automatic,
        counts: &[CountRule {
            unless_capture: true,
            ..CountRule::endgame(
                DrawReason::OnePieceEach,
                Material::OnePieceEach,
                Limit::Plies(0),
            )
        }],
    };
}

/// A running count, as a frontend shows it ("5-move rule: 3 moves left").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawCount {
    /// The rule's reason (its name).
    pub reason: DrawReason,
    /// The rule's limit.
    pub limit: Limit,
    /// Automatic or claimed.
    pub trigger: Trigger,
    /// Plies since the count started.
    pub plies: u16,
    /// Plies until the draw (0: the rule is met now).
    pub plies_left: u16,
    /// Moves left in the rule's own unit: plies for [`Limit::Plies`], moves
    /// of the player to move for [`Limit::MovesEach`], moves of the
    /// stronger side for [`Limit::StrongerSideMoves`].
    pub moves_left: u16,
}

/// The count in words, as a frontend shows it: the rule by its limit and
/// what is left, in the rule's unit.
///
/// ```
/// use draughts::{DrawReason, Game, International, Position};
/// let pos = Position::<International>::from_fen("W:WK46,K50:BK3").unwrap();
/// let mut game = Game::from_position(pos);
/// game.play_text("46-41").unwrap();
/// let five = game.draw_counts().find(|c| c.reason == DrawReason::LoneKingFiveMoves).unwrap();
/// assert_eq!(five.to_string(), "5-move rule: 5 moves left");
/// ```
impl fmt::Display for DrawCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.limit.count();
        let rule = match self.limit {
            Limit::Plies(0) => return f.pad(&format!("{}: drawn now", self.reason)),
            Limit::Plies(_) => format!("{n}-ply rule"),
            Limit::MovesEach(_) | Limit::StrongerSideMoves(_) => format!("{n}-move rule"),
        };
        if self.plies_left == 0 {
            return f.pad(&format!("{rule}: drawn now"));
        }
        let left = self.moves_left;
        let unit = match (self.limit, left) {
            (Limit::Plies(_), 1) => "ply",
            (Limit::Plies(_), _) => "plies",
            (Limit::MovesEach(_), 1) => "move",
            (Limit::MovesEach(_), _) => "moves",
            (Limit::StrongerSideMoves(_), 1) => "move of the stronger side",
            (Limit::StrongerSideMoves(_), _) => "moves of the stronger side",
        };
        f.pad(&format!("{rule}: {left} {unit} left"))
    }
}

/// Material facts of a position that the count rules read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MaterialFacts {
    /// (pieces, kings) for White and Black.
    pub white: (u8, u8),
    pub black: (u8, u8),
    /// The lone king's side (if a side has one king and nothing else) is on
    /// the main road: (white lone king on road, black lone king on road).
    pub white_on_road: bool,
    pub black_on_road: bool,
    /// Side to move is White.
    pub white_to_move: bool,
}

impl Material {
    /// The most pieces on the board (both sides) with which the material
    /// can hold: a cheap test that skips the rest.
    pub(crate) const fn max_total(self) -> usize {
        match self {
            Material::Any => usize::MAX,
            Material::OnePieceEach => 2,
            Material::KingsBothSides { max_total, .. } => max_total as usize,
            Material::LoneKing { max_pieces, .. } => max_pieces as usize + 1,
        }
    }

    /// Whether the material holds, and for a lone-king rule whether White is
    /// the stronger side (`Some(true)`), Black (`Some(false)`), or neither
    /// applies (`None` for the other materials).
    pub(crate) fn holds(self, f: &MaterialFacts) -> Option<Option<bool>> {
        match self {
            Material::Any => Some(None),
            Material::OnePieceEach => (f.white.0 == 1 && f.black.0 == 1).then_some(None),
            Material::KingsBothSides {
                min_total,
                max_total,
            } => {
                let total = f.white.0 + f.black.0;
                (f.white.1 >= 1 && f.black.1 >= 1 && (min_total..=max_total).contains(&total))
                    .then_some(None)
            }
            Material::LoneKing {
                min_pieces,
                max_pieces,
                min_kings,
                max_men,
                on_main_road,
            } => {
                let strong_ok = |(p, k): (u8, u8)| {
                    (min_pieces..=max_pieces).contains(&p) && k >= min_kings && p - k <= max_men
                };
                let lone = |(p, k): (u8, u8)| p == 1 && k == 1;
                if lone(f.black) && strong_ok(f.white) && (!on_main_road || f.black_on_road) {
                    Some(Some(true))
                } else if lone(f.white) && strong_ok(f.black) && (!on_main_road || f.white_on_road)
                {
                    Some(Some(false))
                } else {
                    None
                }
            }
        }
    }
}

impl CountRule {
    /// Plies left until the draw after `plies` plies of a running count, with
    /// `strong_is_white` from [`Material::holds`], and moves left in the
    /// rule's unit.
    pub(crate) fn left(
        self,
        plies: u16,
        strong_is_white: Option<bool>,
        white_to_move: bool,
    ) -> (u16, u16) {
        match (self.limit, strong_is_white) {
            (Limit::Plies(n), _) => {
                let l = n.saturating_sub(plies);
                (l, l)
            }
            (Limit::StrongerSideMoves(n), Some(strong_white)) => {
                // The last ply was made by the side not to move; plies
                // alternate backwards from it.
                let strong_moved_last = strong_white != white_to_move;
                let made = if strong_moved_last {
                    plies.div_ceil(2)
                } else {
                    plies / 2
                };
                let r = n.saturating_sub(made);
                let strong_next = !strong_moved_last;
                let plies_left = if r == 0 {
                    0
                } else if strong_next {
                    2 * r - 1
                } else {
                    2 * r
                };
                (plies_left, r)
            }
            (Limit::MovesEach(n), _) | (Limit::StrongerSideMoves(n), None) => {
                let l = (2 * n).saturating_sub(plies);
                (l, l.div_ceil(2))
            }
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawReason {
    /// The players agreed (declared by the frontend).
    Agreement,
    /// The same position occurred the variant's number of times.
    Repetition,
    /// The king-move limit: only kings moved, nothing captured (FMJD 25
    /// moves each, Russian and Czech 15, Brazilian 20).
    KingMoves,
    /// The no-progress limit: no capture and no man move (English, 40 moves
    /// each).
    NoProgress,
    /// FMJD (International, Canadian): lone king against three pieces
    /// including a king, 16 moves each.
    LoneKingSixteenMoves,
    /// FMJD (International, Canadian): lone king against one or two pieces
    /// including a king, 5 moves each.
    LoneKingFiveMoves,
    /// Three kings against a lone king: Russian, the stronger side's 15th
    /// move; Pool, its 13th.
    ThreeKingsAgainstOne,
    /// Russian: 4-5 or 6-7 pieces with kings on both sides, balance unchanged.
    PieceCount,
    /// Turkish: one piece against one piece.
    OnePieceEach,
    /// Russian: 2 or 3 pieces with kings on both sides, balance unchanged for
    /// 5 moves each.
    SmallEnding,
    /// Russian: three pieces against a lone king on the main road (a1–h8),
    /// drawn on the 5th move.
    MainRoad,
    /// Frisian: one king each, 2 moves each.
    OneKingEach,
    /// Frisian: two kings against one, 7 moves each.
    TwoKingsAgainstOne,
}

crate::names::names! {
    DrawReason, "draw reason" {
        Agreement => "agreement",
        Repetition => "repetition",
        KingMoves => "king_moves",
        NoProgress => "no_progress",
        LoneKingSixteenMoves => "lone_king_sixteen_moves",
        LoneKingFiveMoves => "lone_king_five_moves",
        ThreeKingsAgainstOne => "three_kings_against_one",
        PieceCount => "piece_count",
        OnePieceEach => "one_piece_each",
        SmallEnding => "small_ending",
        MainRoad => "main_road",
        OneKingEach => "one_king_each",
        TwoKingsAgainstOne => "two_kings_against_one",
    }
}

/// The reason in words: `agreed by the players`, `the same position occurred
/// again`... One arm per reason.
impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            DrawReason::Agreement => "agreed by the players",
            DrawReason::Repetition => "the same position was repeated",
            DrawReason::KingMoves => "only kings moved, without captures, up to the move limit",
            DrawReason::NoProgress => "no capture and no man move up to the move limit",
            DrawReason::LoneKingSixteenMoves => {
                "a lone king held out against three pieces with a king for 16 moves"
            }
            DrawReason::LoneKingFiveMoves => {
                "a lone king held out against one or two pieces with a king for 5 moves"
            }
            DrawReason::ThreeKingsAgainstOne => {
                "three or more kings did not win against a lone king in 15 moves"
            }
            DrawReason::PieceCount => "the balance of pieces did not change up to the move limit",
            DrawReason::OnePieceEach => "one piece against one piece",
            DrawReason::SmallEnding => {
                "two or three pieces with kings on both sides, balance unchanged for 5 moves"
            }
            DrawReason::MainRoad => {
                "three pieces did not win against a lone king on the main road in 5 moves"
            }
            DrawReason::OneKingEach => "one king each for 2 moves",
            DrawReason::TwoKingsAgainstOne => "two kings against one for 7 moves",
        })
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(Trigger::ALL, |v| v.name());
        crate::names::check_names(DrawReason::ALL, |v| v.name());
    }

    #[test]
    fn limit_unit_names() {
        assert_eq!(Limit::MovesEach(25).unit_name(), "moves_each");
        assert_eq!(
            Limit::StrongerSideMoves(15).unit_name(),
            "stronger_side_moves"
        );
        assert_eq!(Limit::Plies(4).unit_name(), "plies");
    }
}
