//! One dynamic face for every game: [`DynGame`], an object-safe trait that
//! every [`Game<V>`] implements — the 16 built-in variants, the house rules
//! of [`house_rules`] and any custom [`Variant`] — so that code which chooses
//! the variant at run time (a play-by-link [`Room`](crate::room::Room), a
//! server, a binding) holds a `Box<dyn DynGame>` and speaks text: move
//! text in, move text out, FEN, the outcome with its reason.
//!
//! [`new_game`] builds one by name from the registry of built-in variants
//! and the house-rule list (no list of names is written here),
//! [`game_from_fen`] one from a position, and [`names`] lists every name
//! they accept.
//!
//! ```
//! use draughts::dynamic::{self, DynGame};
//! use draughts::Color;
//!
//! let mut game = dynamic::new_game("english").unwrap();
//! assert_eq!(game.name(), "english");
//! assert_eq!(game.turn(), Color::Black);
//! assert_eq!(game.legal_moves_text().len(), 7);
//! assert_eq!(game.play_text("11-15").unwrap(), "11-15");
//! assert_eq!(game.moves_text(), ["11-15"]);
//! assert!(game.play_text("11-15").is_err(), "a refused move changes nothing");
//! assert_eq!(game.ply_count(), 1);
//!
//! // A house rule is built by the same call; it knows its official family.
//! let site = dynamic::new_game("Spanish-Site").unwrap();
//! assert_eq!(site.name(), "spanish-site");
//! assert_eq!(site.family().name(), "spanish");
//! assert!(dynamic::new_game("checkers9").is_err());
//! ```
//!
//! A custom variant needs no registration: box its game.
//!
//! ```
//! use draughts::dynamic::DynGame;
//! use draughts::{English, Game, Rules, Variant};
//! use draughts::geometry::Board8x8;
//!
//! #[derive(Clone, Copy, Debug, Default)]
//! struct Flying;
//! impl Variant for Flying {
//!     type Board = Board8x8;
//!     const NAME: &'static str = "english-flying";
//!     const RULES: Rules = Rules { king_range: draughts::KingRange::Flying, ..English::RULES };
//! }
//! let game: Box<dyn DynGame> = Box::new(Game::<Flying>::new());
//! assert_eq!(game.name(), "english-flying");
//! assert_eq!(game.family().name(), "english");
//! assert_eq!(game.fresh().fen(), game.start_fen());
//! ```

use core::fmt;

use crate::draws::DrawCount;
use crate::error::FenError;
use crate::game::{Declaration, DrawMode, Game, GameError};
use crate::house_rules;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::variant::{Color, Rules, Variant, VariantKind, VariantVisitor};

/// A game of some variant, behind a trait object: everything a run-time
/// frontend needs of a [`Game`], with moves as text. Implemented for every
/// `Game<V>`; build one with [`new_game`] or `Box::new(Game::<V>::new())`.
///
/// Every method that can fail changes nothing when it fails, as on [`Game`].
pub trait DynGame: fmt::Debug + Send + Sync {
    /// The variant's name ([`Variant::NAME`]): `"english"`, `"spanish-site"`...
    fn name(&self) -> &'static str;

    /// The variant's rule set.
    fn rules(&self) -> Rules;

    /// The built-in variant this one belongs to: itself if it is built in,
    /// else the built-in variant with the same PDN GameType number (a house
    /// rule or custom variant copied from a preset names its preset's; the
    /// first in registry order when several share it, so International for
    /// 20), else International. For grouping, e.g. ratings by family.
    fn family(&self) -> VariantKind;

    /// A new game of the same variant from its start position.
    fn fresh(&self) -> Box<dyn DynGame>;

    /// A copy of this game, boxed (what `Clone` for `Box<dyn DynGame>` calls).
    fn boxed_clone(&self) -> Box<dyn DynGame>;

    /// The current position in FEN.
    fn fen(&self) -> String;

    /// The start position in FEN.
    fn start_fen(&self) -> String;

    /// The current position as a text diagram ([`Position::diagram`](crate::Position::diagram)).
    fn diagram(&self) -> String;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The legal moves as full-path text (`28x19x10`); none once the game is over.
    fn legal_moves_text(&self) -> Vec<String>;

    /// The legal moves in the shortest unambiguous notation.
    fn legal_moves_short_text(&self) -> Vec<String>;

    /// Plays the move named by `text` (any form
    /// [`Position::parse_move`](crate::Position::parse_move) reads) and returns
    /// its full-path text.
    fn play_text(&mut self, text: &str) -> Result<String, GameError>;

    /// Takes back the last move and returns its full-path text.
    fn undo(&mut self) -> Option<String>;

    /// The moves played, as full-path text.
    fn moves_text(&self) -> Vec<String>;

    /// The number of moves played (plies).
    fn ply_count(&self) -> usize;

    /// The outcome, once the game is over ([`Outcome`]'s `Display` is its
    /// text, [`WinReason::name`](crate::WinReason::name) and
    /// [`DrawReason::name`](crate::DrawReason::name) its reason's name).
    fn outcome(&self) -> Option<Outcome>;

    /// Records an outcome declared by the players (agreement, resignation,
    /// loss on time).
    fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError>;

    /// Sets whether draws by rule end the game or must be claimed.
    fn set_draw_mode(&mut self, mode: DrawMode);

    /// The running draw counts ([`Game::draw_counts`]), each with its text.
    fn draw_counts(&self) -> Vec<DrawCount>;
}

impl<V: Variant> DynGame for Game<V> {
    fn name(&self) -> &'static str {
        V::NAME
    }

    fn rules(&self) -> Rules {
        V::RULES
    }

    fn family(&self) -> VariantKind {
        VariantKind::ALL
            .into_iter()
            .find(|k| k.name() == V::NAME)
            .or_else(|| VariantKind::from_game_type(V::RULES.game_type.number))
            .unwrap_or(VariantKind::International)
    }

    fn fresh(&self) -> Box<dyn DynGame> {
        Box::new(Game::<V>::new())
    }

    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        self.position().to_fen()
    }

    fn start_fen(&self) -> String {
        self.start().to_fen()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn turn(&self) -> Color {
        self.position().turn()
    }

    fn legal_moves_text(&self) -> Vec<String> {
        self.legal_moves_slice()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn legal_moves_short_text(&self) -> Vec<String> {
        let pos = self.position();
        self.legal_moves_slice()
            .iter()
            .map(|m| pos.move_text(m))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        Game::play_text(self, text).map(|m| m.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        Game::undo(self).map(|m| m.to_string())
    }

    fn moves_text(&self) -> Vec<String> {
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn ply_count(&self) -> usize {
        Game::ply_count(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError> {
        Game::declare(self, declaration)
    }

    fn set_draw_mode(&mut self, mode: DrawMode) {
        Game::set_draw_mode(self, mode)
    }

    fn draw_counts(&self) -> Vec<DrawCount> {
        Game::draw_counts(self).collect()
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// A name that is neither a built-in variant nor a house rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant or mode `{0}` (expected one of: {names})", names = names().collect::<Vec<_>>().join(", "))]
pub struct UnknownMode(pub String);

struct NewGame;
impl VariantVisitor for NewGame {
    type Output = Box<dyn DynGame>;
    fn visit<V: Variant>(self) -> Box<dyn DynGame> {
        Box::new(Game::<V>::new())
    }
}

/// A new game, at its start position, of the built-in variant or house rule
/// called `name` (ASCII case ignored, as [`VariantKind`]'s `FromStr` and
/// [`house_rules::visit`] read names).
///
/// ```
/// use draughts::dynamic::new_game;
/// let game = new_game("thai-site").unwrap();
/// assert_eq!(game.name(), "thai-site");
/// let err = new_game("chess").unwrap_err();
/// assert!(err.to_string().starts_with("unknown variant or mode `chess` (expected one of: english, "));
/// ```
pub fn new_game(name: &str) -> Result<Box<dyn DynGame>, UnknownMode> {
    if let Ok(kind) = name.parse::<VariantKind>() {
        return Ok(kind.visit(NewGame));
    }
    house_rules::visit(name, NewGame).ok_or_else(|| UnknownMode(name.to_string()))
}

/// Every name [`new_game`] accepts: the built-in variants in registry order,
/// then the house rules ([`house_rules::NAMES`]).
///
/// ```
/// assert_eq!(draughts::dynamic::names().count(), 24);
/// ```
pub fn names() -> impl Iterator<Item = &'static str> {
    VariantKind::ALL
        .into_iter()
        .map(VariantKind::name)
        .chain(house_rules::NAMES)
}

/// Why [`game_from_fen`] could not build a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// The name is neither a built-in variant nor a house rule.
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// The FEN is not a position of that variant.
    #[error(transparent)]
    Fen(#[from] FenError),
}

struct FromFen<'a>(&'a str);
impl VariantVisitor for FromFen<'_> {
    type Output = Result<Box<dyn DynGame>, FenError>;
    fn visit<V: Variant>(self) -> Self::Output {
        let start = Position::<V>::from_fen(self.0)?;
        Ok(Box::new(Game::<V>::from_position(start)))
    }
}

/// A new game of the built-in variant or house rule called `name`, from the
/// position `fen` (read as [`Position::from_fen`] reads it).
///
/// ```
/// use draughts::dynamic::{game_from_fen, NewGameError};
/// let game = game_from_fen("russian-site", "W:WKc1:BKf8").unwrap();
/// assert_eq!(game.fen(), "W:WKc1:BKf8");
/// assert!(matches!(game_from_fen("russian", "W:W99"), Err(NewGameError::Fen(_))));
/// assert!(matches!(game_from_fen("chess", "W:W1"), Err(NewGameError::UnknownMode(_))));
/// ```
pub fn game_from_fen(name: &str, fen: &str) -> Result<Box<dyn DynGame>, NewGameError> {
    let game = if let Ok(kind) = name.parse::<VariantKind>() {
        kind.visit(FromFen(fen))
    } else {
        house_rules::visit(name, FromFen(fen)).ok_or_else(|| UnknownMode(name.to_string()))?
    };
    Ok(game?)
}
