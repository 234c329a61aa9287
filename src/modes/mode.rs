//! Modes: every rule set the library plays by name, the 16 built-in
//! variants ([`VariantKind`]) and then the seed site's house rules
//! ([`house_rules`](crate::house_rules)), in one registry. Every surface (the
//! command line, the server, the WebAssembly and Python packages) accepts
//! exactly these names.
//!
//! ```
//! use draughts::{perft, with_mode, Mode, Position, VariantKind};
//! assert_eq!(Mode::ALL.len(), 24);
//! let mode: Mode = "spanish-site".parse().unwrap();
//! assert!(mode.is_house_rule());
//! assert_eq!(mode.kind(), None);
//! assert_eq!(Mode::from(VariantKind::Russian).kind(), Some(VariantKind::Russian));
//! // Code generic over the variant, for a mode chosen at run time.
//! let nodes = with_mode!(mode, V => perft(&Position::<V>::start(), 3));
//! assert_eq!(nodes, 302);
//! ```

use core::fmt;
#[cfg(feature = "dynamic")]
use core::str::FromStr;

use crate::core::variant::*;
#[cfg(feature = "dynamic")]
use crate::dynamic::UnknownMode;
use crate::modes::site_variants::{
    English40, English50, SiteBrazilian, SiteEnglish, SiteItalian, SiteRussian, SiteSpanish,
    SiteThai,
};

/// The registry of modes: calls `$callback!` with `[args]`, the built-in
/// variants (`crate::NAME`) in brackets and the house rules
/// (`crate::house_rules::NAME`) in brackets. Adding a house rule is its
/// type in `house_rules` plus its name here.
#[doc(hidden)]
#[macro_export]
macro_rules! __modes {
    ($callback:ident [$($args:tt)*]) => {
        $crate::__builtin_variants! { __modes_with_builtins [$callback [$($args)*]] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __modes_with_builtins {
    ([$callback:ident [$($args:tt)*]] $($v:ident)*) => {
        $crate::$callback! {
            [$($args)*] [$($v)*]
            [SiteSpanish SiteBrazilian SiteEnglish SiteRussian SiteItalian SiteThai English50 English40]
        }
    };
}

/// Calls `$body` with `$V` the variant type of the [`Mode`] `$mode`: the one
/// dispatch from a run-time mode to monomorphized code, as
/// [`with_variant!`](crate::with_variant) is for the built-in variants.
///
/// ```
/// use draughts::{with_mode, Mode, Position, Variant};
/// let mode: Mode = "thai-site".parse().unwrap();
/// let name = with_mode!(mode, V => V::NAME);
/// assert_eq!(name, "thai-site");
/// ```
#[macro_export]
macro_rules! with_mode {
    ($mode:expr, $V:ident => $body:expr) => {
        $crate::__modes!(__with_mode_arms [($mode) $V ($body)])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_mode_arms {
    ([($mode:expr) $V:ident ($body:expr)] [$($v:ident)*] [$($h:ident)*]) => {
        match $mode {
            $($crate::Mode::$v => {
                type $V = $crate::$v;
                $body
            })*
            $($crate::Mode::$h => {
                type $V = $crate::house_rules::$h;
                $body
            })*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __mode_enum {
    ([] [$($v:ident)*] [$($h:ident)*]) => {
        /// A mode: a built-in variant or a house rule, for choosing one at
        /// run time by name (one value per name of the registry, in its
        /// order: the built-in variants, then the house rules).
        ///
        /// ```
        /// use draughts::Mode;
        /// let mode: Mode = "Russian-Site".parse().unwrap();
        /// assert_eq!(mode, Mode::SiteRussian);
        /// assert_eq!(mode.to_string(), "russian-site");
        /// assert!("chess".parse::<Mode>().is_err());
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum Mode {
            $(
                #[doc = concat!("The built-in variant [`", stringify!($v), "`](crate::", stringify!($v), ").")]
                $v,
            )*
            $(
                #[doc = concat!("The house rule [`", stringify!($h), "`](crate::house_rules::", stringify!($h), ").")]
                $h,
            )*
        }

        impl Mode {
            /// Every mode, in registry order.
            pub const ALL: [Mode; [$(stringify!($v),)* $(stringify!($h)),*].len()] =
                [$(Mode::$v,)* $(Mode::$h),*];

            /// The name ([`Variant::NAME`]), as [`FromStr`] accepts it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Mode::$v => $v::NAME,)*
                    $(Mode::$h => $h::NAME,)*
                }
            }

            /// The mode's rules.
            pub const fn rules(self) -> Rules {
                match self {
                    $(Mode::$v => $v::RULES,)*
                    $(Mode::$h => $h::RULES,)*
                }
            }

            /// The built-in variant this mode is, or `None` for a house rule.
            pub const fn kind(self) -> Option<VariantKind> {
                match self {
                    $(Mode::$v => Some(VariantKind::$v),)*
                    $(Mode::$h => None,)*
                }
            }

            /// Calls `f` with the mode's variant type.
            pub fn visit<F: VariantVisitor>(self, f: F) -> F::Output {
                match self {
                    $(Mode::$v => f.visit::<$v>(),)*
                    $(Mode::$h => f.visit::<$h>(),)*
                }
            }
        }

        impl From<VariantKind> for Mode {
            fn from(kind: VariantKind) -> Mode {
                match kind {
                    $(VariantKind::$v => Mode::$v,)*
                }
            }
        }

        /// The house rules' names, in registry order.
        pub(crate) const HOUSE_RULE_NAMES: [&str; [$(stringify!($h)),*].len()] = [$($h::NAME),*];
    };
}

__modes!(__mode_enum []);

impl Mode {
    /// Whether this is one of the seed site's house rules rather than a
    /// built-in variant.
    pub const fn is_house_rule(self) -> bool {
        self.kind().is_none()
    }
}

/// The name; width and alignment apply (`{:>13}`).
impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl Mode {
    /// The mode called `name` (what [`FromStr`] reads): ASCII case ignored,
    /// and lidraughts' display name `Frysk!` for `frysk`.
    pub(crate) fn named(name: &str) -> Option<Mode> {
        let name = name.trim();
        let name = name.strip_suffix('!').unwrap_or(name);
        Mode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

// Its error type is the run-time face's (`dynamic::UnknownMode`), so the
// impl comes with that feature; without it, `house_rules::visit` reads names.
#[cfg(feature = "dynamic")]
impl FromStr for Mode {
    type Err = UnknownMode;
    /// A mode's name, ASCII case ignored; lidraughts' display name `Frysk!`
    /// is accepted for `frysk`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Mode::named(s).ok_or_else(|| UnknownMode(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "dynamic")]
    fn every_name_parses_back_to_its_mode() {
        for mode in Mode::ALL {
            assert_eq!(mode.name().parse::<Mode>().unwrap(), mode);
            assert_eq!(mode.name().to_uppercase().parse::<Mode>().unwrap(), mode);
            assert_eq!(with_mode!(mode, V => V::NAME), mode.name());
        }
        let mut names: Vec<_> = Mode::ALL.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Mode::ALL.len(), "names are unique");
    }

    #[test]
    fn built_in_variants_come_first_in_their_order() {
        for (i, kind) in VariantKind::ALL.into_iter().enumerate() {
            assert_eq!(Mode::ALL[i], Mode::from(kind));
            assert_eq!(Mode::ALL[i].kind(), Some(kind));
            assert_eq!(Mode::ALL[i].name(), kind.name());
        }
        let house = &Mode::ALL[VariantKind::ALL.len()..];
        assert!(house.iter().all(|m| m.is_house_rule()));
        let names: Vec<_> = house.iter().map(|m| m.name()).collect();
        assert_eq!(names, HOUSE_RULE_NAMES);
    }

    #[test]
    #[cfg(feature = "dynamic")]
    fn frysk_is_read_with_its_exclamation_mark() {
        assert_eq!("Frysk!".parse::<Mode>().unwrap(), Mode::Frysk);
        let err = "checkers9".parse::<Mode>().unwrap_err();
        assert_eq!(err.0, "checkers9");
    }

    /// The lookup by name that `FromStr` and `house_rules::visit` share,
    /// present without the run-time face too.
    #[test]
    fn named_finds_modes_by_name_in_any_case() {
        for mode in Mode::ALL {
            assert_eq!(Mode::named(mode.name()), Some(mode));
            assert_eq!(Mode::named(&mode.name().to_uppercase()), Some(mode));
        }
        assert_eq!(Mode::named(" Frysk! "), Some(Mode::Frysk));
        assert_eq!(Mode::named("checkers9"), None);
        assert_eq!(Mode::named("spanish-sit"), None);
    }
}
