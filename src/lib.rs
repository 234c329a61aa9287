//! # draughts
//!
//! A rules engine for draughts (checkers): bitboard move generation, perft and
//! FEN for English, Italian, Spanish, Russian, Brazilian, Pool, Czech, Thai,
//! International, Canadian, Turkish, Frisian, Frysk!, Antidraughts,
//! Breakthrough and Killer draughts. No I/O.
//!
//! * Rules are data: each variant is a zero-sized type implementing [`Variant`],
//!   whose [`Rules`] constant drives a move generator monomorphized per variant.
//!   A house rule is a few lines (see [`variant`]).
//! * A capture sequence is one [`Move`], with its full path and captured set.
//! * [`perft()`], [`perft_in`] and [`divide`] count the move tree in distinct mode
//!   or counting every capture route ([`MoveMode`]).
//! * [`AnyPosition`] and [`VariantKind`] choose the variant at run time;
//!   [`dynamic`] is the one object-safe face (positions, click input, games,
//!   the engine, moves as neutral [`MoveInfo`](dynamic::MoveInfo)) for every
//!   variant, house rules and custom ones included: the Hub engine, the
//!   rooms and the server use it.
//!
//! ```
//! use draughts::{perft, International, Position};
//!
//! let pos = Position::<International>::start();
//! assert_eq!(perft(&pos, 4), 4265);
//!
//! let pos = Position::<International>::from_fen("W:W28:B23,13").unwrap();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].to_string(), "28x19x8");
//! ```
// No unsafe code, except behind the opt-in `pext` feature (two BMI2
// instructions, see `BitSet::gather_to`).
#![cfg_attr(not(feature = "pext"), forbid(unsafe_code))]
#![cfg_attr(feature = "pext", deny(unsafe_code))]
#![warn(missing_docs)]

#[cfg(feature = "dynamic")]
pub mod any;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod core;
#[cfg(feature = "dynamic")]
pub mod dynamic;
#[cfg(feature = "egdb")]
pub mod egdb;
#[cfg(feature = "engine")]
pub mod engine;
pub mod error;
mod formats;
mod modes;
pub mod names;
mod play;
#[cfg(feature = "room")]
pub mod room;
#[cfg(feature = "serde")]
mod serde_impls;

// The layers' modules, at the paths they have always had.
#[cfg(feature = "dynamic")]
pub(crate) use self::core::sort;
pub use self::core::{
    bitboard, draws, geometry, moves, perft, position, squares, variant, zobrist,
};
#[cfg(feature = "dxp")]
pub use formats::dxp;
#[cfg(feature = "svg")]
pub use formats::svg;
pub use formats::{notation, pdn};
pub use modes::{house_rules, mode};
#[cfg(feature = "ballots")]
pub use play::ballots;
pub use play::{game, outcome};

pub use crate::{error::MoveTextError, notation::MoveInput};
#[cfg(feature = "dynamic")]
pub use any::{AnyGame, AnyPosition};
#[cfg(feature = "arbitrary")]
pub use arbitrary_impls::LegalMove;
pub use bitboard::{BitSet, Bitboard, Square};
pub use draws::{
    CountRule, DrawCount, DrawReason, DrawRules, Limit, Material, Resets, Trigger, MAX_COUNTS,
};
pub use error::{FenError, Illegality, MoveError, PositionError, UnknownVariant};
pub use game::{Declaration, DrawMode, Game, GameError};
pub use geometry::{Board10x10, Board12x12, Board8x8, Board8x8Orthogonal, Geometry, Layout};
pub use mode::Mode;
pub use moves::{Jump, Jumps, Move, MoveList, MoveMode};
pub use names::UnknownName;
pub use outcome::{Outcome, WinReason};
pub use perft::{
    divide, perft, perft_hashed, perft_in, perft_parallel, perft_with_table, PerftTable,
};
pub use position::{KingRun, Piece, PieceKind, Position, Setup};
pub use squares::{BitsOf, SquareSet, SquareSetIter};
pub use variant::{
    Antidraughts, Brazilian, Breakthrough, Canadian, Color, Czech, English, Frisian, Frysk,
    GameType, International, Italian, Killer, KingLanding, KingRange, MidCapturePromotion, Pool,
    Precedence, Removal, RouteConvention, Rules, Russian, Spanish, Thai, Turkish, Variant,
    VariantKind, VariantVisitor, WinCondition,
};

/// The rules contract: what every variant's rules are, the house rules, the
/// square numbering and the known traps (the text of `RULES.md`). Doc
/// comments cite its sections as "rules §N".
#[doc = include_str!("../RULES.md")]
pub mod rules {}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(all(
    doctest,
    feature = "egdb",
    feature = "room",
    feature = "dxp",
    feature = "ballots"
))]
pub struct ReadmeDoctests;

/// The examples of `docs/library.md`, compiled and run as doctests.
#[doc = include_str!("../docs/library.md")]
#[cfg(all(
    doctest,
    feature = "egdb",
    feature = "room",
    feature = "dxp",
    feature = "ballots"
))]
pub struct LibraryGuideDoctests;

/// The examples of `docs/engine.md`, compiled and run as doctests.
#[doc = include_str!("../docs/engine.md")]
#[cfg(all(
    doctest,
    feature = "egdb",
    feature = "room",
    feature = "dxp",
    feature = "ballots"
))]
pub struct EngineGuideDoctests;
