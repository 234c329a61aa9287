//! Choosing a variant at run time: [`AnyPosition`] wraps a position of any
//! built-in variant.

use core::fmt;

use crate::draws::DrawCount;
use crate::error::{FenError, MoveTextError};
use crate::game::{Declaration, DrawMode, DrawReason, Game, GameError, Outcome};
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

    /// Perft on `threads` threads (see [`perft_parallel`](crate::perft_parallel)).
    pub fn perft_parallel(&self, depth: u32, mode: MoveMode, threads: usize) -> u64 {
        each!(self, p => crate::perft::perft_parallel(p, depth, mode, threads))
    }

    /// Perft with a transposition table of about `mib` MiB (see
    /// [`perft_hashed`](crate::perft_hashed)).
    pub fn perft_hashed(&self, depth: u32, mode: MoveMode, mib: usize) -> u64 {
        each!(self, p => crate::perft::perft_hashed(p, depth, mode, mib))
    }

    /// Perft per root move, with each move as full-path text.
    pub fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)> {
        each!(self, p => divide(p, depth, mode).into_iter().map(|(m, n)| (m.to_string(), n)).collect())
    }

    /// The legal moves (distinct mode) as full-path text.
    pub fn legal_moves_text(&self) -> Vec<String> {
        each!(self, p => p.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// The legal moves (distinct mode) in the shortest unambiguous notation.
    pub fn legal_moves_short_text(&self) -> Vec<String> {
        each!(self, p => p.legal_moves().iter().map(|m| p.move_text(m)).collect())
    }

    /// The legal move named by `text`, as full-path text.
    ///
    /// ```
    /// use draughts::{AnyPosition, VariantKind};
    /// let pos = AnyPosition::from_fen(VariantKind::International, "W:W28:B23,13").unwrap();
    /// assert_eq!(pos.parse_move("28x8").unwrap(), "28x19x8");
    /// assert_eq!(pos.play_text("28x8").unwrap().to_fen(), "B:W8:B");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<String, MoveTextError> {
        each!(self, p => p.parse_move(text).map(|m| m.to_string()))
    }

    /// The position after the move named by `text`.
    pub fn play_text(&self, text: &str) -> Result<AnyPosition, MoveTextError> {
        Ok(match self {
            AnyPosition::English(p) => AnyPosition::English(p.play(&p.parse_move(text)?)),
            AnyPosition::Italian(p) => AnyPosition::Italian(p.play(&p.parse_move(text)?)),
            AnyPosition::Spanish(p) => AnyPosition::Spanish(p.play(&p.parse_move(text)?)),
            AnyPosition::Russian(p) => AnyPosition::Russian(p.play(&p.parse_move(text)?)),
            AnyPosition::Brazilian(p) => AnyPosition::Brazilian(p.play(&p.parse_move(text)?)),
            AnyPosition::Pool(p) => AnyPosition::Pool(p.play(&p.parse_move(text)?)),
            AnyPosition::Czech(p) => AnyPosition::Czech(p.play(&p.parse_move(text)?)),
            AnyPosition::Thai(p) => AnyPosition::Thai(p.play(&p.parse_move(text)?)),
            AnyPosition::International(p) => {
                AnyPosition::International(p.play(&p.parse_move(text)?))
            }
            AnyPosition::Canadian(p) => AnyPosition::Canadian(p.play(&p.parse_move(text)?)),
            AnyPosition::Turkish(p) => AnyPosition::Turkish(p.play(&p.parse_move(text)?)),
        })
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind(), self.to_fen())
    }
}

/// A game of a built-in variant chosen at run time, with moves as text.
///
/// ```
/// use draughts::{AnyGame, VariantKind};
/// let mut game = AnyGame::new(VariantKind::English);
/// game.play_text("11-15").unwrap();
/// assert_eq!(game.moves_text(), ["11-15"]);
/// assert!(game.play_text("11-15").is_err());
/// assert_eq!(game.undo().as_deref(), Some("11-15"));
/// ```
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum AnyGame {
    English(Game<English>),
    Italian(Game<Italian>),
    Spanish(Game<Spanish>),
    Russian(Game<Russian>),
    Brazilian(Game<Brazilian>),
    Pool(Game<Pool>),
    Czech(Game<Czech>),
    Thai(Game<Thai>),
    International(Game<International>),
    Canadian(Game<Canadian>),
    Turkish(Game<Turkish>),
}

macro_rules! each_game {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            AnyGame::English($g) => $e,
            AnyGame::Italian($g) => $e,
            AnyGame::Spanish($g) => $e,
            AnyGame::Russian($g) => $e,
            AnyGame::Brazilian($g) => $e,
            AnyGame::Pool($g) => $e,
            AnyGame::Czech($g) => $e,
            AnyGame::Thai($g) => $e,
            AnyGame::International($g) => $e,
            AnyGame::Canadian($g) => $e,
            AnyGame::Turkish($g) => $e,
        }
    };
}

impl AnyGame {
    /// A game of `kind` from a position.
    pub fn from_position(pos: AnyPosition) -> AnyGame {
        match pos {
            AnyPosition::English(p) => AnyGame::English(Game::from_position(p)),
            AnyPosition::Italian(p) => AnyGame::Italian(Game::from_position(p)),
            AnyPosition::Spanish(p) => AnyGame::Spanish(Game::from_position(p)),
            AnyPosition::Russian(p) => AnyGame::Russian(Game::from_position(p)),
            AnyPosition::Brazilian(p) => AnyGame::Brazilian(Game::from_position(p)),
            AnyPosition::Pool(p) => AnyGame::Pool(Game::from_position(p)),
            AnyPosition::Czech(p) => AnyGame::Czech(Game::from_position(p)),
            AnyPosition::Thai(p) => AnyGame::Thai(Game::from_position(p)),
            AnyPosition::International(p) => AnyGame::International(Game::from_position(p)),
            AnyPosition::Canadian(p) => AnyGame::Canadian(Game::from_position(p)),
            AnyPosition::Turkish(p) => AnyGame::Turkish(Game::from_position(p)),
        }
    }

    /// A game of `kind` from its start position.
    pub fn new(kind: VariantKind) -> AnyGame {
        Self::from_position(AnyPosition::start(kind))
    }

    /// A game of `kind` from a FEN position.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyGame, FenError> {
        Ok(Self::from_position(AnyPosition::from_fen(kind, fen)?))
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        match self {
            AnyGame::English(g) => AnyPosition::English(*g.position()),
            AnyGame::Italian(g) => AnyPosition::Italian(*g.position()),
            AnyGame::Spanish(g) => AnyPosition::Spanish(*g.position()),
            AnyGame::Russian(g) => AnyPosition::Russian(*g.position()),
            AnyGame::Brazilian(g) => AnyPosition::Brazilian(*g.position()),
            AnyGame::Pool(g) => AnyPosition::Pool(*g.position()),
            AnyGame::Czech(g) => AnyPosition::Czech(*g.position()),
            AnyGame::Thai(g) => AnyPosition::Thai(*g.position()),
            AnyGame::International(g) => AnyPosition::International(*g.position()),
            AnyGame::Canadian(g) => AnyPosition::Canadian(*g.position()),
            AnyGame::Turkish(g) => AnyPosition::Turkish(*g.position()),
        }
    }

    /// The variant.
    pub fn kind(&self) -> VariantKind {
        self.position().kind()
    }

    /// Plays the move named by `text` (any form
    /// [`Position::parse_move`](crate::Position::parse_move) reads) and
    /// returns its full-path text.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        each_game!(self, g => g.play_text(text).map(|m| m.to_string()))
    }

    /// Takes back the last move and returns its text.
    pub fn undo(&mut self) -> Option<String> {
        each_game!(self, g => g.undo().map(|m| m.to_string()))
    }

    /// The legal moves as full-path text (all routes).
    pub fn legal_moves_text(&self) -> Vec<String> {
        each_game!(self, g => if g.outcome().is_some() {
            Vec::new()
        } else {
            g.position().legal_moves_in(MoveMode::Routes).iter().map(ToString::to_string).collect()
        })
    }

    /// The moves played, as full-path text.
    pub fn moves_text(&self) -> Vec<String> {
        each_game!(self, g => g.moves().iter().map(ToString::to_string).collect())
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }

    /// Records an outcome declared by the frontend.
    pub fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError> {
        each_game!(self, g => g.declare(declaration))
    }

    /// The Zobrist hash of the current position.
    pub fn hash(&self) -> u64 {
        each_game!(self, g => g.hash())
    }

    /// The running draw counts ([`Game::draw_counts`]).
    ///
    /// ```
    /// use draughts::{AnyGame, DrawReason, VariantKind};
    /// let game = AnyGame::from_fen(VariantKind::Russian, "W:WKc1:BKf8").unwrap();
    /// let counts = game.draw_counts();
    /// assert!(counts.iter().any(|c| c.reason == DrawReason::SmallEnding && c.moves_left == 5));
    /// ```
    pub fn draw_counts(&self) -> Vec<DrawCount> {
        each_game!(self, g => g.draw_counts().collect())
    }

    /// Sets whether draws by rule end the game or must be claimed.
    pub fn set_draw_mode(&mut self, mode: DrawMode) {
        each_game!(self, g => g.set_draw_mode(mode))
    }

    /// The draw rule that may be claimed now ([`Game::claimable_draw`]).
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        each_game!(self, g => g.claimable_draw())
    }

    /// Ends the game as a draw by the rule that applies now.
    pub fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        each_game!(self, g => g.claim_draw())
    }
}
