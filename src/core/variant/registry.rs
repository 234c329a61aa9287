//! The registry of the built-in variants: [`VariantKind`], the dispatch
//! macros generated from one list, and [`UnknownVariant`].

use core::fmt;
use core::str::FromStr;

use super::builtin::*;
use super::{Rules, Variant, VariantVisitor};

/// A variant name that is not one of the built-in variants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (expected one of: {names})", names = variant_names())]
pub struct UnknownVariant(pub String);

fn variant_names() -> String {
    let names: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// The registry of the built-in variants: each is listed here once, and
/// everything that chooses among them at run time is generated from this
/// list — [`VariantKind`] (its values, `ALL`, `name`, `rules`, `visit`), the
/// run-time holders [`AnyPosition`](crate::AnyPosition) and
/// [`AnyGame`](crate::AnyGame) with their conversions, and the dispatch macros
/// [`with_variant!`](crate::with_variant), [`with_position!`](crate::with_position)
/// and [`with_game!`](crate::with_game), which the command line, the
/// bindings and the fuzz targets use instead of lists of their own.
///
/// Adding a 17th built-in variant is one name in this list plus its type,
/// defined with its `Rules` by `variant!` above (its `NAME`, board and
/// rules); nothing else in the crate or its members names the variants.
///
/// The macro calls the exported macro `$callback` with `[args]` and the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __builtin_variants {
    ($callback:ident [$($args:tt)*]) => {
        $crate::$callback! {
            [$($args)*]
            English Italian Spanish Russian Brazilian Pool Czech Thai International Canadian
            Turkish Frisian Frysk Antidraughts Breakthrough Killer
        }
    };
}

/// Calls `$body` with `$V` the variant type of the [`VariantKind`] `$kind`:
/// the one dispatch from a run-time kind to monomorphized code, for every
/// built-in variant.
///
/// ```
/// use draughts::{perft, with_variant, Position, VariantKind};
/// let kind: VariantKind = "russian".parse().unwrap();
/// let nodes = with_variant!(kind, V => perft(&Position::<V>::start(), 3));
/// assert_eq!(nodes, 302);
/// ```
#[macro_export]
macro_rules! with_variant {
    ($kind:expr, $V:ident => $body:expr) => {
        $crate::__builtin_variants!(__with_variant_arms [($kind) $V ($body)])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_variant_arms {
    ([($kind:expr) $V:ident ($body:expr)] $($v:ident)*) => {
        match $kind {
            $($crate::VariantKind::$v => {
                type $V = $crate::$v;
                $body
            })*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __variant_kind {
    ([] $($v:ident)*) => {
        /// The built-in variants, for choosing one at run time (one value per
        /// name of the registry, in its order).
        ///
        /// ```
        /// use draughts::VariantKind;
        /// let kind: VariantKind = "international".parse().unwrap();
        /// assert_eq!(kind, VariantKind::International);
        /// assert_eq!(kind.to_string(), "international");
        /// assert!("checkers9".parse::<VariantKind>().is_err());
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
        pub enum VariantKind {
            $(
                #[doc = concat!("[`", stringify!($v), "`]")]
                $v,
            )*
        }

        impl VariantKind {
            /// All built-in variants.
            pub const ALL: [VariantKind; [$(stringify!($v)),*].len()] = [$(VariantKind::$v),*];

            /// The lower-case name, as accepted by [`FromStr`].
            pub const fn name(self) -> &'static str {
                match self {
                    $(VariantKind::$v => $v::NAME,)*
                }
            }

            /// The rule set of the variant.
            pub const fn rules(self) -> Rules {
                match self {
                    $(VariantKind::$v => $v::RULES,)*
                }
            }

            /// Calls `f` with the variant's type.
            pub fn visit<F: VariantVisitor>(self, f: F) -> F::Output {
                match self {
                    $(VariantKind::$v => f.visit::<$v>(),)*
                }
            }
        }
    };
}

__builtin_variants!(__variant_kind []);

impl VariantKind {
    /// The variant with PDN GameType number `number`, if built in (20 is
    /// International; Killer shares it and is named by a `Variant` tag).
    pub fn from_game_type(number: u8) -> Option<VariantKind> {
        VariantKind::ALL
            .into_iter()
            .find(|k| k.rules().game_type.number == number)
    }
}

/// The lower-case name; width and alignment apply (`{:>13}`).
impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for VariantKind {
    type Err = UnknownVariant;
    /// A variant name, case-insensitive; lidraughts' display name `Frysk!`
    /// is accepted for `frysk`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim();
        let name = name.strip_suffix('!').unwrap_or(name);
        VariantKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}
