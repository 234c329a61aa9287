//! Stable names of the small enums: one `snake_case` name per value, the
//! same on every surface (the JS and Python packages, JSON, command lines),
//! written here once instead of derived from `Debug` output, so renaming a
//! Rust variant never changes what a frontend sees.
//!
//! Each enum below gets `ALL` (every value, in declaration order), `name()`
//! and [`FromStr`](core::str::FromStr) that reads the name back (a `-` may
//! stand for each `_`, ASCII case ignored), with an [`UnknownName`] error
//! that lists the names.
//!
//! ```
//! use draughts::{DrawReason, MoveMode, WinReason};
//! assert_eq!(WinReason::NoPieces.name(), "no_pieces");
//! assert_eq!("lone-king-sixteen-moves".parse(), Ok(DrawReason::LoneKingSixteenMoves));
//! assert_eq!(MoveMode::ALL.len(), 2);
//! let err = "sideways".parse::<MoveMode>().unwrap_err();
//! assert_eq!(err.to_string(), "unknown move mode `sideways` (expected one of: distinct, routes)");
//! ```

use crate::draws::{DrawReason, Limit, Trigger};
use crate::game::DrawMode;
use crate::geometry::Layout;
use crate::moves::MoveMode;
use crate::outcome::WinReason;
use crate::position::PieceKind;
use crate::svg::Labels;
use crate::variant::{
    Color, KingLanding, KingRange, MidCapturePromotion, Precedence, Removal, RouteConvention,
    WinCondition,
};

/// A name that is not one of an enum's names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{given}` (expected one of: {})", expected.join(", "))]
pub struct UnknownName {
    /// What was being named (`"move mode"`, `"draw reason"`...).
    pub what: &'static str,
    /// The text given.
    pub given: String,
    /// Every name of that enum.
    pub expected: &'static [&'static str],
}

/// `given` names `name`: equal up to ASCII case, with `-` for `_`.
fn same(name: &str, given: &str) -> bool {
    name.len() == given.len()
        && name
            .bytes()
            .zip(given.bytes())
            .all(|(a, b)| a == b.to_ascii_lowercase() || (a == b'_' && b == b'-'))
}

macro_rules! names {
    ($($ty:ident, $what:literal { $($value:ident => $name:literal,)* })*) => {$(
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$value),*];
            /// Every value's [`name`](Self::name), in the order of [`ALL`](Self::ALL).
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// The stable `snake_case` name (see [the names module](crate::names)).
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$value => $name,)*
                }
            }
        }

        impl core::str::FromStr for $ty {
            type Err = UnknownName;

            /// Reads a [`name`](Self::name) (a `-` for a `_`, any ASCII case).
            fn from_str(s: &str) -> Result<Self, UnknownName> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|v| same(v.name(), s))
                    .ok_or_else(|| UnknownName {
                        what: $what,
                        given: s.to_string(),
                        expected: $ty::NAMES,
                    })
            }
        }
    )*};
}

names! {
    Labels, "board labels" {
        None => "none",
        Squares => "squares",
        Numbers => "numbers",
        Coordinates => "coordinates",
    }
    Color, "colour" {
        White => "white",
        Black => "black",
    }
    PieceKind, "piece kind" {
        Man => "man",
        King => "king",
    }
    MoveMode, "move mode" {
        Distinct => "distinct",
        Routes => "routes",
    }
    DrawMode, "draw mode" {
        Automatic => "automatic",
        AsWritten => "as_written",
        OnClaim => "on_claim",
    }
    Trigger, "draw trigger" {
        Automatic => "automatic",
        Claim => "claim",
    }
    WinReason, "win reason" {
        NoPieces => "no_pieces",
        Blocked => "blocked",
        OutOfMoves => "out_of_moves",
        FirstKing => "first_king",
        Resignation => "resignation",
        Time => "time",
    }
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
    KingRange, "king range" {
        Short => "short",
        Flying => "flying",
    }
    KingLanding, "king landing" {
        Beyond => "beyond",
        DirectlyBehind => "directly_behind",
        HaltBehindKing => "halt_behind_king",
    }
    MidCapturePromotion, "mid-capture promotion" {
        EndsMove => "ends_move",
        ContinuesAsMan => "continues_as_man",
        PromotesAndContinues => "promotes_and_continues",
    }
    Removal, "removal" {
        EndOfMove => "end_of_move",
        Immediate => "immediate",
    }
    RouteConvention, "route convention" {
        MergeStraight => "merge_straight",
        EveryLanding => "every_landing",
    }
    WinCondition, "win condition" {
        NoMoveLoses => "no_move_loses",
        NoMoveWins => "no_move_wins",
        FirstKingWins => "first_king_wins",
    }
    Layout, "layout" {
        Diagonal => "diagonal",
        Orthogonal => "orthogonal",
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reads back to its value, names are distinct, and each is
    /// `snake_case`.
    fn round_trip<T>(all: &[T], name: impl Fn(&T) -> &'static str)
    where
        T: Copy + PartialEq + core::fmt::Debug + core::str::FromStr<Err = UnknownName>,
    {
        for v in all {
            let n = name(v);
            assert_eq!(n.parse::<T>().as_ref(), Ok(v), "{n}");
            assert_eq!(
                n.replace('_', "-").to_uppercase().parse::<T>().as_ref(),
                Ok(v)
            );
            assert!(
                n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{n}"
            );
            assert_eq!(all.iter().filter(|w| name(w) == n).count(), 1, "{n} twice");
        }
        let err = "no such name".parse::<T>().unwrap_err();
        assert_eq!(err.expected.len(), all.len());
    }

    #[test]
    fn every_name_reads_back() {
        round_trip(Color::ALL, |v| v.name());
        round_trip(PieceKind::ALL, |v| v.name());
        round_trip(MoveMode::ALL, |v| v.name());
        round_trip(DrawMode::ALL, |v| v.name());
        round_trip(Trigger::ALL, |v| v.name());
        round_trip(WinReason::ALL, |v| v.name());
        round_trip(DrawReason::ALL, |v| v.name());
        round_trip(KingRange::ALL, |v| v.name());
        round_trip(KingLanding::ALL, |v| v.name());
        round_trip(MidCapturePromotion::ALL, |v| v.name());
        round_trip(Removal::ALL, |v| v.name());
        round_trip(RouteConvention::ALL, |v| v.name());
        round_trip(WinCondition::ALL, |v| v.name());
        round_trip(Layout::ALL, |v| v.name());
    }

    #[test]
    fn names_are_not_prefixes_or_near_misses() {
        assert!("white ".parse::<Color>().is_err());
        assert!("whit".parse::<Color>().is_err());
        assert!("as written".parse::<DrawMode>().is_err());
        assert_eq!("As-Written".parse::<DrawMode>(), Ok(DrawMode::AsWritten));
    }

    #[test]
    fn precedence_and_limit_names() {
        assert_eq!(
            Precedence::Value {
                man: 100,
                king: 199
            }
            .name(),
            "value"
        );
        assert_eq!(Precedence::EarliestKing.name(), "earliest_king");
        assert_eq!(Limit::MovesEach(25).unit_name(), "moves_each");
        assert_eq!(
            Limit::StrongerSideMoves(15).unit_name(),
            "stronger_side_moves"
        );
        assert_eq!(Limit::Plies(4).unit_name(), "plies");
    }
}
