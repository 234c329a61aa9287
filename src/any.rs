//! Holders of a built-in variant's value chosen at run time:
//! [`AnyPosition`] and [`AnyGame`] keep the typed [`Position<V>`] or
//! [`Game<V>`] without a box (an enum over the 16 built-in variants) and
//! hand out the run-time face: they dereference to
//! [`dyn DynPosition`](DynPosition) and [`dyn DynGame`](DynGame), so every
//! method of the face is theirs, and [`with_position!`](crate::with_position) / [`with_game!`](crate::with_game)
//! run generic code on the typed value inside.
//!
//! ```
//! use draughts::{AnyGame, AnyPosition, MoveMode, VariantKind};
//! let kind: VariantKind = "russian".parse().unwrap();
//! let pos = AnyPosition::start(kind);
//! assert_eq!(pos.perft(3, MoveMode::Distinct), 302); // DynPosition::perft
//! let pos = AnyPosition::from_fen(kind, "W:Wh6:Bg7,c5,d2").unwrap();
//! assert_eq!(pos.legal_moves()[0].text, "h6xf8xb4xe1");
//! let mut game = AnyGame::from_position(pos);
//! let mv = game.play("h6xe1").unwrap(); // DynGame::play
//! assert_eq!(game.position().square_texts(&mv.captured), ["g7", "c5", "d2"]);
//! ```

use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::dynamic::{DynGame, DynPosition};
use crate::error::FenError;
use crate::game::Game;
use crate::position::Position;
use crate::variant::VariantKind;

crate::__builtin_variants!(__any_enum [
    /// A position of a built-in variant chosen at run time: a `Copy` holder
    /// of the typed [`Position<V>`] that dereferences to
    /// [`dyn DynPosition`](DynPosition), the run-time face (FEN, moves as
    /// [`MoveInfo`](crate::dynamic::MoveInfo), perft, SVG, squares...).
    /// Serializes (feature `serde`) as its variant and FEN; `Display` writes
    /// `variant:FEN` (`{:#}` the diagram). Where a `&dyn DynPosition` is
    /// wanted, pass `&*pos`.
    ///
    /// ```
    /// use draughts::{AnyPosition, MoveMode, VariantKind};
    /// let pos = AnyPosition::start(VariantKind::English);
    /// assert_eq!(pos.legal_moves().len(), 7);
    /// assert_eq!(pos.to_string(), "english:B:W21-32:B1-12");
    /// let next = pos.play("11-15").unwrap(); // a Box<dyn DynPosition>
    /// assert_eq!(next.turn(), draughts::Color::White);
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    AnyPosition Position
]);

/// Runs generic code on the typed [`Position`] inside an [`AnyPosition`]:
/// `with_position!(any, p => expr)` expands to a match with one arm per
/// built-in variant, binding `p` to the `Position<V>` (by reference when
/// `any` is a reference). `expr` is compiled once per variant, so it may call
/// generic functions; every arm must give the same type.
///
/// ```
/// use draughts::{with_position, AnyPosition, Position, Variant, VariantKind};
///
/// fn summary<V: Variant>(pos: &Position<V>) -> String {
///     format!("{}: {} moves", V::NAME, pos.legal_moves().len())
/// }
///
/// let any = AnyPosition::start(VariantKind::Russian);
/// assert_eq!(with_position!(&any, p => summary(p)), "russian: 7 moves");
/// // A new AnyPosition of the same variant, through `From<Position<V>>`:
/// let next: AnyPosition = with_position!(&any, p => p.play(&p.legal_moves()[0]).into());
/// assert_eq!(next.kind(), VariantKind::Russian);
/// ```
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        $crate::__builtin_variants!(__any_match [AnyPosition ($any) $p ($body)])
    };
}

/// Runs generic code on the typed [`Game`] inside an [`AnyGame`], as
/// [`with_position!`](crate::with_position) does for positions (`g` is `&mut Game<V>` when `any`
/// is `&mut AnyGame`).
///
/// ```
/// use draughts::{with_game, AnyGame, VariantKind};
/// let mut any = AnyGame::new(VariantKind::English);
/// let played = with_game!(&mut any, g => {
///     let mv = g.legal_moves()[0].clone();
///     g.play(&mv).map(|()| mv.to_string())
/// });
/// assert_eq!(played.unwrap(), "9-14");
/// assert_eq!(any.ply_count(), 1);
/// ```
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::__builtin_variants!(__any_match [AnyGame ($any) $g ($body)])
    };
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn start(kind: VariantKind) -> AnyPosition {
        crate::with_variant!(kind, V => Position::<V>::start().into())
    }

    /// Reads a FEN for `kind`.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(crate::with_variant!(kind, V => Position::<V>::from_fen(fen)?.into()))
    }
}

impl Deref for AnyPosition {
    type Target = dyn DynPosition;
    fn deref(&self) -> &(dyn DynPosition + 'static) {
        with_position!(self, p => p)
    }
}

impl From<AnyPosition> for Box<dyn DynPosition> {
    fn from(p: AnyPosition) -> Self {
        with_position!(p, p => Box::new(p))
    }
}

/// `variant:FEN`; `{:#}` is the board diagram.
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.diagram())
        } else {
            f.pad(&format!("{}:{}", self.kind(), self.fen()))
        }
    }
}

crate::__builtin_variants!(__any_enum [
    /// A game of a built-in variant chosen at run time: a holder of the
    /// typed [`Game<V>`] that dereferences to [`dyn DynGame`](DynGame), the
    /// run-time face (play and undo with [`MoveInfo`](crate::dynamic::MoveInfo),
    /// outcome, draws, PDN, SVG, the engine), without a box;
    /// [`with_game!`](crate::with_game) runs generic code on the game inside.
    /// A house rule or custom variant has no `AnyGame`: hold its
    /// `Box<dyn DynGame>` ([`dynamic::new_game`](crate::dynamic::new_game)).
    /// Where a `&dyn DynGame` is wanted, pass `&*game`.
    ///
    /// ```
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::English);
    /// game.play("11-15").unwrap();
    /// assert_eq!(game.moves()[0].text, "11-15");
    /// assert_eq!(game.ply_count(), 1);
    /// assert!(game.play("11-15").is_err());
    /// assert_eq!(game.undo().map(|m| m.text).as_deref(), Some("11-15"));
    /// let boxed: Box<dyn draughts::dynamic::DynGame> = game.into();
    /// assert_eq!(boxed.ply_count(), 0);
    /// ```
    #[derive(Clone, Debug)]
    AnyGame Game
]);

impl AnyGame {
    /// A game of `kind` from its start position.
    pub fn new(kind: VariantKind) -> AnyGame {
        crate::with_variant!(kind, V => Game::<V>::new().into())
    }

    /// A game from a position (of the position's variant).
    pub fn from_position(pos: AnyPosition) -> AnyGame {
        with_position!(pos, p => Game::from_position(p).into())
    }

    /// A game of `kind` from a FEN position.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyGame, FenError> {
        Ok(Self::from_position(AnyPosition::from_fen(kind, fen)?))
    }
}

impl Deref for AnyGame {
    type Target = dyn DynGame;
    fn deref(&self) -> &(dyn DynGame + 'static) {
        with_game!(self, g => g)
    }
}

impl DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn DynGame + 'static) {
        with_game!(self, g => g)
    }
}

impl From<AnyGame> for Box<dyn DynGame> {
    fn from(g: AnyGame) -> Self {
        with_game!(g, g => Box::new(g))
    }
}

/// One run-time enum over the registry's variants (`$name`, each holding an
/// `$inner<V>`), with `From<$inner<V>>` for each and `kind()`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_enum {
    ([$(#[$meta:meta])* $name:ident $inner:ident] $($v:ident)*) => {
        $(#[$meta])*
        pub enum $name {
            $(
                #[doc = concat!("A ", stringify!($v), " value.")]
                $v($inner<$crate::$v>),
            )*
        }

        $(
            impl From<$inner<$crate::$v>> for $name {
                fn from(x: $inner<$crate::$v>) -> $name {
                    $name::$v(x)
                }
            }
        )*

        impl $name {
            /// The built-in variant of the value.
            pub fn kind(&self) -> $crate::VariantKind {
                match self {
                    $($name::$v(_) => $crate::VariantKind::$v,)*
                }
            }
        }
    };
}

/// The match behind `with_position!` and `with_game!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_match {
    ([$enum:ident ($any:expr) $x:ident ($body:expr)] $($v:ident)*) => {
        match $any {
            $($crate::$enum::$v($x) => $body,)*
        }
    };
}
