//! Rules as data: the [`Variant`] trait, its [`Rules`], and the built-in variants.
//!
//! Each built-in variant is a zero-sized type whose [`Variant::RULES`] constant
//! holds every rule parameter of the variant. Move generation reads those
//! constants, so every variant compiles to its own specialised generator.
//!
//! A house rule is a new zero-sized type that copies a built-in rule set and
//! changes what differs:
//!
//! ```
//! use draughts::{Board8x8, Position, Precedence, Rules, Spanish, Variant};
//!
//! /// Spanish draughts as one web site plays it: the most pieces must be
//! /// captured, but a king counts as one piece and ties are free.
//! #[derive(Clone, Copy, Debug, Default)]
//! struct SiteSpanish;
//!
//! impl Variant for SiteSpanish {
//!     type Board = Board8x8;
//!     const NAME: &'static str = "spanish-site";
//!     const RULES: Rules = Rules { precedence: &[Precedence::MostPieces], ..Spanish::RULES };
//! }
//!
//! let pos = Position::<SiteSpanish>::start();
//! assert_eq!(pos.legal_moves().len(), 7);
//! ```
//!
//! The module's files: `color` ([`Color`]), `rules` ([`Rules`] and its
//! parts), `traits` ([`Variant`], [`VariantVisitor`]), `builtin` (the 16
//! built-in variants), `registry` ([`VariantKind`], the dispatch macros,
//! [`UnknownVariant`]), `numbering` (square number tables) and `board_spec`
//! (a variant's board and numbering as data, for cold code).

pub(crate) mod board_spec;
mod builtin;
mod color;
mod numbering;
mod registry;
mod rules;
mod traits;

pub use builtin::{
    Antidraughts, Brazilian, Breakthrough, Canadian, Czech, English, Frisian, Frysk, International,
    Italian, Killer, Pool, Russian, Spanish, Thai, Turkish,
};
pub use color::Color;
pub(crate) use numbering::{Numbering, Tables, NONE};
pub use registry::{UnknownVariant, VariantKind};
pub(crate) use rules::RulesCheck;
pub use rules::{
    GameType, KingLanding, KingRange, MidCapturePromotion, Precedence, Removal, RouteConvention,
    Rules, WinCondition,
};
pub use traits::{Variant, VariantVisitor};
