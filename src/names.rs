//! Stable names of the small enums: one `snake_case` name per value, the
//! same on every surface (the JS and Python packages, JSON, command lines),
//! written here once instead of derived from `Debug` output, so renaming a
//! Rust variant never changes what a frontend sees.
//!
//! Each enum below gets `ALL` (every value, in declaration order), `name()`
//! and [`FromStr`](core::str::FromStr) that reads the name back (a `-` may
//! stand for each `_`, ASCII case ignored), with an [`UnknownName`] error
//! that lists the names.
//!
//! ```
//! use draughts::{DrawReason, MoveMode, WinReason};
//! assert_eq!(WinReason::NoPieces.name(), "no_pieces");
//! assert_eq!("lone-king-sixteen-moves".parse(), Ok(DrawReason::LoneKingSixteenMoves));
//! assert_eq!(MoveMode::ALL.len(), 2);
//! let err = "sideways".parse::<MoveMode>().unwrap_err();
//! assert_eq!(err.to_string(), "unknown move mode `sideways` (expected one of: distinct, routes)");
//! ```

/// A name that is not one of an enum's names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{given}` (expected one of: {})", expected.join(", "))]
pub struct UnknownName {
    /// What was being named (`"move mode"`, `"draw reason"`...).
    pub what: &'static str,
    /// The text given.
    pub given: String,
    /// Every name of that enum.
    pub expected: &'static [&'static str],
}

/// `given` names `name`: equal up to ASCII case, with `-` for `_`.
pub(crate) fn same(name: &str, given: &str) -> bool {
    name.len() == given.len()
        && name
            .bytes()
            .zip(given.bytes())
            .all(|(a, b)| a == b.to_ascii_lowercase() || (a == b'_' && b == b'-'))
}

/// Gives each listed enum `ALL`, `NAMES`, `name()` and `FromStr` (see the
/// module documentation); invoked where each enum is defined.
macro_rules! names {
    ($($ty:ident, $what:literal { $($value:ident => $name:literal,)* })*) => {$(
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$value),*];
            /// Every value's [`name`](Self::name), in the order of [`ALL`](Self::ALL).
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// The stable `snake_case` name (see [the names module](crate::names)).
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$value => $name,)*
                }
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;

            /// Reads a [`name`](Self::name) (a `-` for a `_`, any ASCII case).
            fn from_str(s: &str) -> Result<Self, $crate::names::UnknownName> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|v| $crate::names::same(v.name(), s))
                    .ok_or_else(|| $crate::names::UnknownName {
                        what: $what,
                        given: s.to_string(),
                        expected: $ty::NAMES,
                    })
            }
        }
    )*};
}
pub(crate) use names;

/// Test helper: every name of `all` reads back to its value (in any ASCII
/// case, with `-` for `_`), names are distinct `snake_case`, and an unknown
/// name's error lists them all.
#[cfg(test)]
pub(crate) fn check_names<T>(all: &[T], name: impl Fn(&T) -> &'static str)
where
    T: Copy + PartialEq + core::fmt::Debug + core::str::FromStr<Err = UnknownName>,
{
    for v in all {
        let n = name(v);
        assert_eq!(n.parse::<T>().as_ref(), Ok(v), "{n}");
        assert_eq!(
            n.replace('_', "-").to_uppercase().parse::<T>().as_ref(),
            Ok(v)
        );
        assert!(
            n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{n}"
        );
        assert_eq!(all.iter().filter(|w| name(w) == n).count(), 1, "{n} twice");
    }
    let err = "no such name".parse::<T>().unwrap_err();
    assert_eq!(err.expected.len(), all.len());
}
