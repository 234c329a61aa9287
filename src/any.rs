//! Choosing a variant at run time: [`AnyPosition`] wraps a position of any
//! built-in variant.

use core::fmt;

use crate::error::FenError;
use crate::moves::MoveMode;
use crate::perft::{divide, perft_in};
use crate::position::Position;
use crate::variant::{
    Brazilian, Canadian, Color, Czech, English, International, Italian, Pool, Russian, Spanish,
    Thai, Turkish, VariantKind,
};

/// A position of a built-in variant chosen at run time.
///
/// ```
/// use draughts::{AnyPosition, MoveMode, VariantKind};
/// let kind: VariantKind = "russian".parse().unwrap();
/// let pos = AnyPosition::start(kind);
/// assert_eq!(pos.perft(3, MoveMode::Distinct), 302);
/// let pos = AnyPosition::from_fen(kind, "W:Wh6:Bg7,c5,d2").unwrap();
/// assert_eq!(pos.legal_moves_text(), vec!["h6xf8xb4xe1".to_string()]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum AnyPosition {
    English(Position<English>),
    Italian(Position<Italian>),
    Spanish(Position<Spanish>),
    Russian(Position<Russian>),
    Brazilian(Position<Brazilian>),
    Pool(Position<Pool>),
    Czech(Position<Czech>),
    Thai(Position<Thai>),
    International(Position<International>),
    Canadian(Position<Canadian>),
    Turkish(Position<Turkish>),
}

macro_rules! each {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            AnyPosition::English($p) => $e,
            AnyPosition::Italian($p) => $e,
            AnyPosition::Spanish($p) => $e,
            AnyPosition::Russian($p) => $e,
            AnyPosition::Brazilian($p) => $e,
            AnyPosition::Pool($p) => $e,
            AnyPosition::Czech($p) => $e,
            AnyPosition::Thai($p) => $e,
            AnyPosition::International($p) => $e,
            AnyPosition::Canadian($p) => $e,
            AnyPosition::Turkish($p) => $e,
        }
    };
}

macro_rules! build {
    ($kind:expr, $f:ident $(, $arg:expr)?) => {
        match $kind {
            VariantKind::English => AnyPosition::English(Position::$f($($arg)?)?),
            VariantKind::Italian => AnyPosition::Italian(Position::$f($($arg)?)?),
            VariantKind::Spanish => AnyPosition::Spanish(Position::$f($($arg)?)?),
            VariantKind::Russian => AnyPosition::Russian(Position::$f($($arg)?)?),
            VariantKind::Brazilian => AnyPosition::Brazilian(Position::$f($($arg)?)?),
            VariantKind::Pool => AnyPosition::Pool(Position::$f($($arg)?)?),
            VariantKind::Czech => AnyPosition::Czech(Position::$f($($arg)?)?),
            VariantKind::Thai => AnyPosition::Thai(Position::$f($($arg)?)?),
            VariantKind::International => AnyPosition::International(Position::$f($($arg)?)?),
            VariantKind::Canadian => AnyPosition::Canadian(Position::$f($($arg)?)?),
            VariantKind::Turkish => AnyPosition::Turkish(Position::$f($($arg)?)?),
        }
    };
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn start(kind: VariantKind) -> AnyPosition {
        match kind {
            VariantKind::English => AnyPosition::English(Position::start()),
            VariantKind::Italian => AnyPosition::Italian(Position::start()),
            VariantKind::Spanish => AnyPosition::Spanish(Position::start()),
            VariantKind::Russian => AnyPosition::Russian(Position::start()),
            VariantKind::Brazilian => AnyPosition::Brazilian(Position::start()),
            VariantKind::Pool => AnyPosition::Pool(Position::start()),
            VariantKind::Czech => AnyPosition::Czech(Position::start()),
            VariantKind::Thai => AnyPosition::Thai(Position::start()),
            VariantKind::International => AnyPosition::International(Position::start()),
            VariantKind::Canadian => AnyPosition::Canadian(Position::start()),
            VariantKind::Turkish => AnyPosition::Turkish(Position::start()),
        }
    }

    /// Reads a FEN for `kind`.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(build!(kind, from_fen, fen))
    }

    /// The variant.
    pub fn kind(&self) -> VariantKind {
        match self {
            AnyPosition::English(_) => VariantKind::English,
            AnyPosition::Italian(_) => VariantKind::Italian,
            AnyPosition::Spanish(_) => VariantKind::Spanish,
            AnyPosition::Russian(_) => VariantKind::Russian,
            AnyPosition::Brazilian(_) => VariantKind::Brazilian,
            AnyPosition::Pool(_) => VariantKind::Pool,
            AnyPosition::Czech(_) => VariantKind::Czech,
            AnyPosition::Thai(_) => VariantKind::Thai,
            AnyPosition::International(_) => VariantKind::International,
            AnyPosition::Canadian(_) => VariantKind::Canadian,
            AnyPosition::Turkish(_) => VariantKind::Turkish,
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// The canonical FEN.
    pub fn to_fen(&self) -> String {
        each!(self, p => p.to_fen())
    }

    /// Perft in the given mode.
    pub fn perft(&self, depth: u32, mode: MoveMode) -> u64 {
        each!(self, p => perft_in(p, depth, mode))
    }

    /// Perft per root move, with each move as full-path text.
    pub fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)> {
        each!(self, p => divide(p, depth, mode).into_iter().map(|(m, n)| (m.to_string(), n)).collect())
    }

    /// The legal moves (distinct mode) as full-path text.
    pub fn legal_moves_text(&self) -> Vec<String> {
        each!(self, p => p.legal_moves().iter().map(ToString::to_string).collect())
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind(), self.to_fen())
    }
}
