//! Python bindings of the `draughts` rules engine: the extension module
//! `draughts_rs._draughts_rs`, re-exported by the `draughts_rs` package.
//!
//! Every value holds the library's one dynamic face (`draughts::dynamic`):
//! a `Board` a `Box<dyn DynPosition>`, a `Game` a `Box<dyn DynGame>`, a
//! `MoveInput` a `Box<dyn DynInput>`, so every built-in variant and every
//! house rule is served by the same code, with no dispatch here.
//!
//! * `convert`: moves, squares, colours, outcomes, errors.
//! * `board`: `Board` (immutable position) and `MoveInput` (click input).
//! * `game`: `Game` (moves, draw rules, outcome) and PDN reading.
//! * `ml`: batch random playouts and batched planes.
//! * `engine`: the computer opponent (`Engine`, levels, scores, search results).
//! * `egdb`: endgame databases (`Egdb`: slices from files or bytes, probes).
//!
//! The bindings translate; every rule is the library's.

mod batch;
mod board;
mod convert;
mod egdb;
mod engine;
mod game;
mod interrupt;
mod ml;
mod svg;

use pyo3::prelude::*;

/// The exceptions. They are defined in Python (`draughts_rs/_errors.py`, so
/// that one can subclass two built-ins, as `EmptyGameError` is also an
/// `IndexError`, and `PdnError` has attributes); every one is a
/// `DraughtsError`. `X::new_err(message)` makes the error of class `X`.
pub(crate) mod errors {
    use pyo3::prelude::*;
    use pyo3::sync::PyOnceLock;
    use pyo3::types::PyType;

    /// The module that defines the classes.
    pub(crate) const MODULE: &str = "draughts_rs._errors";

    macro_rules! exception {
        ($($name:ident)*) => {
            $(
                pub(crate) struct $name;

                impl $name {
                    /// The class.
                    pub(crate) fn class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
                        static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
                        CLASS.import(py, MODULE, stringify!($name))
                    }

                    /// An error of this class with `message`.
                    #[allow(dead_code)] // not every class is raised this way
                    pub(crate) fn new_err(message: impl Into<String>) -> PyErr {
                        let message = message.into();
                        Python::attach(|py| match Self::class(py) {
                            Ok(c) => PyErr::from_type(c.clone(), message),
                            Err(e) => e,
                        })
                    }
                }
            )*

            /// Every class's name, for the module's attributes.
            pub(crate) const NAMES: &[&str] = &[$(stringify!($name)),*];
        };
    }

    exception!(DraughtsError VariantError FenError MoveError SquareError ArgumentError
        EmptyGameError PdnError GameOverError DrawClaimError EngineError EgdbError);
}

/// The names of every built-in variant, in the library's order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    draughts::VariantKind::ALL
        .iter()
        .map(|k| k.name())
        .collect()
}

/// Every name `Board`, `Game` and the other calls taking a variant accept:
/// the built-in variants (`variants()`), then the house rules (the
/// library's `dynamic::names()`).
///
/// >>> import draughts_rs as d
/// >>> modes = d.modes()
/// >>> modes[:len(d.variants())] == d.variants(), "spanish-site" in modes
/// (True, True)
#[pyfunction]
fn modes() -> Vec<&'static str> {
    draughts::dynamic::names().collect()
}

#[pymodule(name = "_draughts_rs")]
fn draughts_rs_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<board::MoveInput>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<convert::PyMove>()?;
    m.add_class::<convert::PyOutcome>()?;
    m.add_class::<convert::PyDrawCount>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<engine::LevelInfo>()?;
    m.add_class::<engine::SearchInfo>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<engine::Played>()?;
    m.add_class::<egdb::PyEgdb>()?;
    m.add_class::<egdb::EgdbProbe>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(modes, m)?)?;
    m.add_function(wrap_pyfunction!(engine::levels, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(game::parse_pdn_tree, m)?)?;
    m.add_function(wrap_pyfunction!(game::write_pdn_tree, m)?)?;
    m.add_function(wrap_pyfunction!(game::replay_lines, m)?)?;
    m.add_function(wrap_pyfunction!(ml::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(ml::planes_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::analyse_many, m)?)?;
    let defs = py.import(errors::MODULE)?;
    for name in errors::NAMES {
        m.add(*name, defs.getattr(*name)?)?;
    }
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
