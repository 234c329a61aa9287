//! From the run-time enums [`AnyPosition`](draughts::AnyPosition) and
//! [`AnyGame`](draughts::AnyGame) to generic code on the typed value inside.
//!
//! No list of variants here: the macros below are the library's registry
//! dispatch ([`draughts::with_position!`], [`draughts::with_game!`]), and
//! every list (names, `variants()`) comes from
//! [`VariantKind::ALL`](draughts::VariantKind::ALL).

/// Thin names over the library's registry dispatch (no list of variants
/// here):
/// * `with_pos!(any_pos, p => expr)`: `expr` with `p` the typed position;
/// * `map_pos!(any_pos, p => result)`: `result` is a `Result<Position<V>, E>`,
///   rewrapped as `Result<AnyPosition, E>`;
/// * `with_game!(any_game, g => expr)`: `expr` with `g` the typed game;
/// * `game_pos!(any_game, g => position)`: a typed position from the game,
///   rewrapped as an `AnyPosition`.
macro_rules! with_pos {
    ($any:expr, $p:ident => $e:expr) => {
        draughts::with_position!($any, $p => $e)
    };
}
macro_rules! map_pos {
    ($any:expr, $p:ident => $e:expr) => {
        draughts::with_position!($any, $p => ($e).map(draughts::AnyPosition::from))
    };
}
macro_rules! with_game {
    ($any:expr, $g:ident => $e:expr) => {
        draughts::with_game!($any, $g => $e)
    };
}
macro_rules! game_pos {
    ($any:expr, $g:ident => $e:expr) => {
        draughts::with_game!($any, $g => draughts::AnyPosition::from($e))
    };
}
