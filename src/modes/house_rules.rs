//! The seed site's house rules ([rules §5](crate::rules)): the six modes of the web game
//! this crate was made for, and two English rule sets of other seed pages,
//! each a custom [`Variant`](crate::Variant) that copies a built-in preset and changes what
//! differs.
//!
//! They are ordinary custom variants, kept in the library so that every
//! frontend (the example, the tests, the WebAssembly and Python bindings)
//! uses the same definitions. [`NAMES`] lists them and [`visit`] calls code
//! generic over the variant with the type a name stands for.
//!
//! ```
//! use draughts::house_rules::{self, SiteSpanish};
//! use draughts::{Position, Variant, VariantVisitor};
//!
//! // Most pieces only: a king counts as one, ties are free.
//! let pos = Position::<SiteSpanish>::from_fen("W:We4:Bf5,Kd5").unwrap();
//! assert_eq!(pos.legal_moves().len(), 2);
//!
//! // Code generic over the variant, run for a name chosen at run time.
//! struct Name;
//! impl VariantVisitor for Name {
//!     type Output = &'static str;
//!     fn visit<V: Variant>(self) -> &'static str {
//!         V::NAME
//!     }
//! }
//! assert_eq!(house_rules::NAMES.len(), 8);
//! assert_eq!(house_rules::visit("Thai-Site", Name), Some("thai-site"));
//! assert_eq!(house_rules::visit("thai", Name), None, "the official preset is not a house rule");
//! ```

pub use super::site_variants::{
    English40, English50, SiteBrazilian, SiteEnglish, SiteItalian, SiteRussian, SiteSpanish,
    SiteThai, SITE_DRAWS,
};
use crate::core::variant::VariantVisitor;

/// The names ([`Variant::NAME`](crate::Variant::NAME)) of the house-rule variants: the seed site's
/// six modes, then the two English rule sets of the other seed pages (the
/// house rules of the [`Mode`](crate::Mode) registry, in its order).
pub const NAMES: [&str; 8] = crate::modes::mode::HOUSE_RULE_NAMES;

/// Calls `f` with the house-rule variant called `name` (case-insensitive), or
/// returns `None` if no house-rule variant has that name.
pub fn visit<F: VariantVisitor>(name: &str, f: F) -> Option<F::Output> {
    let mode = crate::Mode::named(name)?;
    mode.is_house_rule().then(|| mode.visit(f))
}
