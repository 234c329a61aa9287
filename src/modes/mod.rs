//! Every rule set the library plays by name: the [`Mode`](crate::Mode)
//! registry (built-in variants, then house rules) and the seed site's
//! house rules.

pub mod house_rules;
pub mod mode;
mod site_variants;
