//! Python bindings of the `draughts` rules engine: the extension module
//! `draughts_rs._draughts_rs`, re-exported by the `draughts_rs` package.
//!
//! * `dispatch`: from `AnyPosition`/`AnyGame` to generic code on the typed value.
//! * `convert`: moves, squares, colours, outcomes, errors.
//! * `board`: `Board` (immutable position) and `MoveInput` (click input).
//! * `game`: `Game` (moves, draw rules, outcome) and PDN reading.
//! * `ml`: batch random playouts and batched planes.
//! * `engine`: the computer opponent (`Engine`, levels, scores, search results).
//!
//! The bindings translate; every rule is the library's.

#[macro_use]
mod dispatch;
mod board;
mod convert;
mod engine;
mod game;
mod ml;

use pyo3::prelude::*;

/// The exceptions: all are `DraughtsError`, which is a `ValueError`.
pub(crate) mod errors {
    use pyo3::create_exception;
    use pyo3::exceptions::PyValueError;

    create_exception!(
        draughts_rs,
        DraughtsError,
        PyValueError,
        "Base of the errors of draughts_rs (a ValueError)."
    );
    create_exception!(
        draughts_rs,
        VariantError,
        DraughtsError,
        "An unknown variant name."
    );
    create_exception!(
        draughts_rs,
        FenError,
        DraughtsError,
        "A FEN that could not be read."
    );
    create_exception!(
        draughts_rs,
        MoveError,
        DraughtsError,
        "Move text that names no legal move (or several), or a move that is not legal here."
    );
    create_exception!(
        draughts_rs,
        PdnError,
        DraughtsError,
        "A PDN game that could not be read or replayed."
    );
    create_exception!(
        draughts_rs,
        GameOverError,
        DraughtsError,
        "A move or declaration after the game ended."
    );
    create_exception!(
        draughts_rs,
        DrawClaimError,
        DraughtsError,
        "A draw claim where no draw rule applies."
    );
    create_exception!(
        draughts_rs,
        EngineError,
        DraughtsError,
        "A bad engine argument: an unknown level name or a negative search limit."
    );
}

/// The names of every variant, in the library's order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    draughts::VariantKind::ALL
        .iter()
        .map(|k| k.name())
        .collect()
}

#[pymodule(name = "_draughts_rs")]
fn draughts_rs_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<board::MoveInput>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<convert::PyMove>()?;
    m.add_class::<convert::PyOutcome>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<engine::LevelInfo>()?;
    m.add_class::<engine::SearchInfo>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(engine::levels, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(ml::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(ml::planes_batch, m)?)?;
    m.add("DraughtsError", py.get_type::<errors::DraughtsError>())?;
    m.add("VariantError", py.get_type::<errors::VariantError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("PdnError", py.get_type::<errors::PdnError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("DrawClaimError", py.get_type::<errors::DrawClaimError>())?;
    m.add("EngineError", py.get_type::<errors::EngineError>())?;
    Ok(())
}
