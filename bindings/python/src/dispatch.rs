//! From the run-time enums [`AnyPosition`](draughts::AnyPosition) and
//! [`AnyGame`](draughts::AnyGame) to generic code on the typed value inside.
//!
//! The one list of variants in the bindings is the argument of `dispatch!`
//! below; every other list (names, `variants()`) comes from
//! [`VariantKind::ALL`](draughts::VariantKind::ALL).

/// Defines, for the listed variants:
/// * `with_pos!(any_pos, p => expr)`: `expr` with `p` the typed position;
/// * `map_pos!(any_pos, p => result)`: `result` is a `Result<Position<V>, E>`,
///   rewrapped as `Result<AnyPosition, E>`;
/// * `with_game!(any_game, g => expr)`: `expr` with `g` the typed game;
/// * `game_pos!(any_game, g => position)`: a typed position from the game,
///   rewrapped as an `AnyPosition`.
macro_rules! dispatch {
    ($d:tt $($v:ident)*) => {
        macro_rules! with_pos {
            ($d any:expr, $d p:ident => $d e:expr) => {
                match $d any { $(draughts::AnyPosition::$v($d p) => $d e,)* }
            };
        }
        macro_rules! map_pos {
            ($d any:expr, $d p:ident => $d e:expr) => {
                match $d any { $(draughts::AnyPosition::$v($d p) => ($d e).map(draughts::AnyPosition::$v),)* }
            };
        }
        macro_rules! with_game {
            ($d any:expr, $d g:ident => $d e:expr) => {
                match $d any { $(draughts::AnyGame::$v($d g) => $d e,)* }
            };
        }
        macro_rules! game_pos {
            ($d any:expr, $d g:ident => $d e:expr) => {
                match $d any { $(draughts::AnyGame::$v($d g) => draughts::AnyPosition::$v($d e),)* }
            };
        }
    };
}

dispatch!($ English Italian Spanish Russian Brazilian Pool Czech Thai International Canadian Turkish
    Frisian Frysk Antidraughts Breakthrough Killer);
