//! The run-time face: one object-safe API for every game whose variant is
//! chosen at run time. [`DynGame`] is implemented by every [`Game<V>`] — the
//! 16 built-in variants, the house rules of [`house_rules`] and any custom
//! [`Variant`] — so that code which chooses the variant at run time (a
//! play-by-link [`Room`](crate::room::Room), a server, a binding, the
//! command line) holds a `Box<dyn DynGame>` (or an
//! [`AnyGame`](crate::AnyGame), which hands out the same face without a
//! box) and speaks neutral data: move text or a [`MoveInfo`] in, a
//! [`MoveInfo`] out, FEN, the outcome with its reason.
//!
//! [`new_game`] builds one by name from the registry of built-in variants
//! and the house-rule list (no list of names is written here),
//! [`game_from_fen`] one from a position, [`game_from_pdn`] one from a PDN
//! record, and [`names`] lists every name they accept.
//!
//! The face has four parts, all object-safe and all speaking neutral data
//! (no variant type, no binding's type), so that the CLI, the server, the
//! Python and wasm packages are thin conversions over it:
//!
//! * [`DynPosition`]: FEN, diagram, flipped, legal moves, perft, SVG, the
//!   board's square names ([`new_position`], [`position_from_fen`]);
//! * [`MoveInfo`]: a move's texts, from, to, path, captured squares and
//!   jumps in capture order, promotion;
//! * [`DynInput`]: click input with the pieces jumped so far;
//! * [`DynGame`]: play ([`MoveArg`]: text or a [`MoveInfo`]) and undo,
//!   outcome, declarations, draw counts, PDN, SVG, and the engine
//!   ([`DynGame::engine_play`], [`DynGame::engine_search`],
//!   [`DynGame::engine_accepts_draw`]), its hooks and answers the engine's
//!   own types with moves as [`MoveInfo`] ([`Hooks<MoveInfo>`](crate::engine::Hooks),
//!   [`Search<MoveInfo>`](crate::engine::Search)...); many games at once
//!   with [`engine::analyse_many`](crate::engine::analyse_many).
//!
//! [`AnyPosition`](crate::AnyPosition) and [`AnyGame`](crate::AnyGame) hold
//! a built-in variant's typed value without a box and hand out this face
//! (they dereference to `dyn DynPosition` / `dyn DynGame`); PDN
//! ([`pdn::read_games`](crate::pdn::read_games), [`replay_pdn`]), the
//! opening ballots and serde give and take it.
//!
//! ```
//! use draughts::dynamic::{self, DynGame};
//! use draughts::Color;
//!
//! let mut game = dynamic::new_game("english").unwrap();
//! assert_eq!(game.name(), "english");
//! assert_eq!(game.turn(), Color::Black);
//! assert_eq!(game.legal_moves().len(), 7);
//! assert_eq!(game.play("11-15").unwrap().text, "11-15");
//! assert_eq!(game.moves()[0].text, "11-15");
//! assert!(game.play("11-15").is_err(), "a refused move changes nothing");
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

mod engine;
mod game;
mod moves;
mod position;

pub use game::DynGame;
pub use moves::{MoveArg, MoveInfo};
pub use position::{numbered_diagram, DynInput, DynPosition};

use crate::error::FenError;
use crate::game::Game;
use crate::house_rules;
use crate::mode::Mode;
use crate::pdn::{parse_pdn, replay_as, PdnError, PdnErrorKind};
use crate::position::Position;
use crate::variant::{Variant, VariantKind, VariantVisitor};

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
    visit_name(name, NewGame)
}

/// Every name [`new_game`] accepts: the built-in variants in registry order,
/// then the house rules ([`house_rules::NAMES`]).
///
/// ```
/// assert_eq!(draughts::dynamic::names().count(), 24);
/// ```
pub fn names() -> impl Iterator<Item = &'static str> {
    Mode::ALL.into_iter().map(Mode::name)
}

/// Why [`game_from_fen`] could not build a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    Ok(visit_name(name, FromFen(fen))??)
}

struct StartPosition;
impl VariantVisitor for StartPosition {
    type Output = Box<dyn DynPosition>;
    fn visit<V: Variant>(self) -> Self::Output {
        Box::new(Position::<V>::start())
    }
}

struct PositionFromFen<'a>(&'a str);
impl VariantVisitor for PositionFromFen<'_> {
    type Output = Result<Box<dyn DynPosition>, FenError>;
    fn visit<V: Variant>(self) -> Self::Output {
        Ok(Box::new(Position::<V>::from_fen(self.0)?))
    }
}

/// The start position of the built-in variant or house rule called `name`.
///
/// ```
/// let pos = draughts::dynamic::new_position("english").unwrap();
/// assert_eq!(pos.legal_moves().len(), 7);
/// assert!(draughts::dynamic::new_position("chess").is_err());
/// ```
pub fn new_position(name: &str) -> Result<Box<dyn DynPosition>, UnknownMode> {
    visit_name(name, StartPosition)
}

/// A position of the built-in variant or house rule called `name`, read
/// from `fen` (as [`Position::from_fen`] reads it).
///
/// ```
/// use draughts::dynamic::position_from_fen;
/// let pos = position_from_fen("russian", "W:Wh6:Bg7,c5,d2").unwrap();
/// assert_eq!(pos.legal_moves()[0].text, "h6xf8xb4xe1");
/// ```
pub fn position_from_fen(name: &str, fen: &str) -> Result<Box<dyn DynPosition>, NewGameError> {
    Ok(visit_name(name, PositionFromFen(fen))??)
}

/// Runs `visitor` on the built-in variant or house rule called `name`.
fn visit_name<T: VariantVisitor>(name: &str, visitor: T) -> Result<T::Output, UnknownMode> {
    Ok(name.parse::<Mode>()?.visit(visitor))
}

/// Why [`game_from_pdn`] could not read a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnReadError {
    /// The name is neither a built-in variant nor a house rule.
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// The text holds no game.
    #[error("the PDN text holds no game")]
    Empty,
    /// The first game is malformed, of another variant, or has an illegal
    /// move: the error's [`kind`](PdnError::kind) says which (and the line,
    /// for a syntax error).
    #[error(transparent)]
    Pdn(#[from] PdnError),
}

struct FromPdn<'a>(&'a crate::pdn::PdnGame);
impl VariantVisitor for FromPdn<'_> {
    type Output = Result<Box<dyn DynGame>, PdnErrorKind>;
    fn visit<V: Variant>(self) -> Self::Output {
        Ok(Box::new(replay_as::<V>(self.0)?))
    }
}

/// The first game of the PDN text `text`, replayed as the built-in variant
/// or house rule called `name` ([`replay_as`]: a `GameType` or
/// `CustomVariant` tag naming another variant is an error).
///
/// ```
/// use draughts::dynamic::{game_from_pdn, PdnReadError};
/// use draughts::pdn::PdnErrorKind;
/// # fn texts(m: Vec<draughts::dynamic::MoveInfo>) -> Vec<String> { m.into_iter().map(|m| m.text).collect() }
/// let game = game_from_pdn("english", "[GameType \"21\"]\n1. 11-15 23-19 *").unwrap();
/// assert_eq!(texts(game.moves()), ["11-15", "23-19"]);
/// let err = game_from_pdn("international", "[GameType \"21\"]\n1. 11-15 *").unwrap_err();
/// assert!(matches!(err, PdnReadError::Pdn(e) if matches!(e.kind, PdnErrorKind::VariantMismatch { .. })));
/// ```
pub fn game_from_pdn(name: &str, text: &str) -> Result<Box<dyn DynGame>, PdnReadError> {
    let first = parse_pdn(text)
        .into_iter()
        .next()
        .ok_or(PdnReadError::Empty)??;
    visit_name(name, FromPdn(&first))?.map_err(|kind| PdnReadError::Pdn(PdnError { game: 1, kind }))
}

/// One game read by [`parse_pdn`], replayed
/// through the dynamic face, as the first of these that applies:
///
/// * `default` names a house rule: as that house rule (the record must be
///   of it: [`replay_as`]);
/// * the record's `CustomVariant` tag names a house rule (as
///   [`write_pdn`](crate::pdn::write_pdn) writes a house-rule game): as that
///   house rule;
/// * else as [`pdn::replay`](crate::pdn::replay) reads it: the variant of
///   its `GameType` tag, or the built-in variant `default` for a record
///   without one.
///
/// The game is in [`DrawMode::OnClaim`](crate::DrawMode::OnClaim), as
/// [`replay_as`] returns it. A [`PdnReadError::Pdn`] is numbered game 1:
/// the caller, who knows where the game was in its text, renumbers it.
///
/// ```
/// use draughts::dynamic::{new_game, replay_pdn, PdnReadError};
/// use draughts::pdn::parse_pdn;
///
/// let mut site = new_game("spanish-site").unwrap();
/// let first = site.legal_moves().remove(0);
/// let record = parse_pdn(&format!("1. {} *", first.text)).remove(0).unwrap();
/// assert_eq!(replay_pdn(&record, Some("spanish-site")).unwrap().name(), "spanish-site");
/// assert_eq!(replay_pdn(&record, Some("spanish")).unwrap().name(), "spanish");
/// assert!(matches!(replay_pdn(&record, None), Err(PdnReadError::Pdn(_))));
/// assert!(matches!(replay_pdn(&record, Some("chess")), Err(PdnReadError::UnknownMode(_))));
///
/// // A house-rule game's own PDN names it: it reads back without a default.
/// site.play(&first).unwrap();
/// let record = parse_pdn(&site.to_pdn(&[])).remove(0).unwrap();
/// let back = replay_pdn(&record, None).unwrap();
/// assert_eq!((back.name(), back.moves()), ("spanish-site", site.moves()));
/// ```
pub fn replay_pdn(
    game: &crate::pdn::PdnGame,
    default: Option<&str>,
) -> Result<Box<dyn DynGame>, PdnReadError> {
    let pdn = |kind| PdnReadError::Pdn(PdnError { game: 1, kind });
    let kind = match default {
        None => None,
        Some(name) => match name.parse::<VariantKind>() {
            Ok(kind) => Some(kind),
            Err(_) => return visit_name(name, FromPdn(game))?.map_err(pdn),
        },
    };
    if let Some(named) = game.tag(crate::pdn::CUSTOM_VARIANT) {
        if let Some(replayed) = house_rules::visit(named, FromPdn(game)) {
            return replayed.map_err(pdn);
        }
    }
    let kind = game.variant(kind).map_err(pdn)?;
    kind.visit(FromPdn(game)).map_err(pdn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Hooks, Info, Level, Limits};
    use crate::Color;

    #[test]
    fn boards_know_their_layout_and_size() {
        use crate::geometry::Layout;
        let turkish = new_position("turkish").unwrap();
        assert_eq!(turkish.layout(), Layout::Orthogonal);
        assert_eq!(turkish.squares().len(), 64);
        let english = new_position("english").unwrap();
        assert_eq!(english.layout(), Layout::Diagonal);
        assert_eq!(
            (english.board_size(), english.squares().len()),
            ((8, 8), 32)
        );
        assert!(!english.is_game_over());
        assert!(position_from_fen("english", "W:W:B5")
            .unwrap()
            .is_game_over());
    }

    #[test]
    fn input_of_a_finished_game_is_closed() {
        // White has no pieces: Black has won, nothing may be clicked.
        let game = game_from_fen("english", "W:W:B5").unwrap();
        assert!(game.outcome().is_some());
        let mut input = game.input();
        assert!(!input.is_open());
        assert!(input.movable().is_empty() && input.candidates().is_empty());
        let sq = game.position().square(5).unwrap();
        assert!(!input.click(sq));
        assert!(input.clicks().is_empty());
    }

    #[test]
    fn refused_click_input_changes_nothing() {
        let mut game = new_game("english").unwrap();
        let pos = game.position();
        let mut input = game.input();
        assert!(input.click(pos.square(11).unwrap()));
        // Incomplete: 11 has two moves.
        assert!(game.play_input(input.as_ref()).is_err());
        assert_eq!(game.ply_count(), 0);
        assert!(input.click(pos.square(15).unwrap()));
        // The input of another game's position.
        let mut other = new_game("english").unwrap();
        other.play("9-13").unwrap();
        assert!(other.play_input(input.as_ref()).is_err());
        assert_eq!(other.ply_count(), 1);
        assert_eq!(game.play_input(input.as_ref()).unwrap().text, "11-15");
    }

    #[test]
    fn a_search_reports_each_iteration_with_its_line() {
        let game = new_game("international").unwrap();
        let mut depths = Vec::new();
        let mut first_moves = Vec::new();
        let mut on_info = |i: &Info<'_, MoveInfo>| {
            depths.push(i.depth);
            first_moves.push(i.pv[0].text.clone());
        };
        let hooks = Hooks {
            info: Some(&mut on_info),
            ..Hooks::default()
        };
        let r = game.engine_search(&mut Engine::with_tt_mib(1), &Limits::depth(3), hooks);
        assert_eq!(depths, [1, 2, 3]);
        assert_eq!(r.best.as_ref().map(|m| &m.text), first_moves.last());
        // The line is playable move by move from the game's position.
        let mut at = game.position();
        for m in &r.pv {
            assert!(at.legal_moves().contains(m));
            at = at.play(m).unwrap();
        }
    }

    #[test]
    fn the_engine_plays_a_house_rule_by_name() {
        let mut game = new_game("russian-site").unwrap();
        let spec = Level::Hard.spec().with_nodes(2000);
        let p = game
            .engine_play(&mut Engine::with_tt_mib(1), &spec, 1, Hooks::default())
            .unwrap();
        assert!(game.legal_moves().contains(&p.mv));
        assert_eq!(game.play(&p.mv).unwrap(), p.mv);
        assert_eq!(game.turn(), Color::Black);
    }

    #[test]
    fn a_pdn_of_another_variant_or_none_is_refused() {
        assert_eq!(
            game_from_pdn("english", "").unwrap_err(),
            PdnReadError::Empty
        );
        assert!(matches!(
            game_from_pdn("chess", "1. 11-15 *"),
            Err(PdnReadError::UnknownMode(_))
        ));
        let first = new_game("spanish-site").unwrap().legal_moves().remove(0);
        let house = game_from_pdn("spanish-site", &format!("1. {} *", first.text)).unwrap();
        assert_eq!(house.name(), "spanish-site");
        assert_eq!(house.moves(), [first]);
    }
}
