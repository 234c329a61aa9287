//! The typed run-time enums ([`AnyPosition`], [`AnyGame`], [`AnyMoveInput`])
//! as the dynamic face: the typed value inside, behind its trait object.
//! (Here rather than in `any`, so that `any` does not import this module.)

use super::{DynGame, DynInput, DynPosition};
use crate::any::{AnyGame, AnyMoveInput, AnyPosition};
use crate::{with_game, with_input, with_position};

/// ```
/// use draughts::{AnyGame, AnyPosition, VariantKind};
/// let pos = AnyPosition::start(VariantKind::English);
/// assert_eq!(pos.as_dyn().legal_moves().len(), 7);
/// let mut game = AnyGame::new(VariantKind::English);
/// assert_eq!(game.as_dyn_mut().play("11-15").unwrap().text, "11-15");
/// let boxed: Box<dyn draughts::dynamic::DynGame> = game.into();
/// assert_eq!(boxed.moves_text(), ["11-15"]);
/// ```
impl AnyPosition {
    /// The position behind the dynamic face.
    pub fn as_dyn(&self) -> &dyn DynPosition {
        with_position!(self, p => p)
    }

    /// The position, boxed behind the dynamic face.
    pub fn into_dyn(self) -> Box<dyn DynPosition> {
        with_position!(self, p => Box::new(p))
    }
}

impl From<AnyPosition> for Box<dyn DynPosition> {
    fn from(p: AnyPosition) -> Self {
        p.into_dyn()
    }
}

impl AnyGame {
    /// The game behind the dynamic face.
    pub fn as_dyn(&self) -> &dyn DynGame {
        with_game!(self, g => g)
    }

    /// The game behind the dynamic face, mutably.
    pub fn as_dyn_mut(&mut self) -> &mut dyn DynGame {
        with_game!(self, g => g)
    }

    /// The game, boxed behind the dynamic face.
    pub fn into_dyn(self) -> Box<dyn DynGame> {
        with_game!(self, g => Box::new(g))
    }
}

impl From<AnyGame> for Box<dyn DynGame> {
    fn from(g: AnyGame) -> Self {
        g.into_dyn()
    }
}

impl From<AnyMoveInput> for Box<dyn DynInput> {
    /// The click input behind the dynamic face (open: it was made for a position).
    fn from(i: AnyMoveInput) -> Self {
        with_input!(i, i => Box::new(super::position::Input::from_input(i)))
    }
}
