//! `analyse_many`: many games or positions scored natively in parallel
//! (the library's `engine::analyse_many`), returned as NumPy arrays.

use draughts::dynamic;
use draughts::engine::{analyse_many as batch, BatchOptions, Limits};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::board::thread_count;
use crate::convert::{mode_name, new_game_err, Int};
use crate::engine::{opt_count, searchable};
use crate::errors::ArgumentError;
use crate::interrupt::Poll;

/// Scores many positions at once, natively, on `threads` threads: each
/// item is a `Game` (its current position, with its history), a `Board`,
/// or a FEN string of `variant` (a variant or a house rule). With `every_ply=True` each game is scored
/// at every position from its start (an evaluation curve).
///
/// Give `depth` or `nodes` (default: depth 6). Results do not depend on
/// `threads`. Ctrl-C stops the batch and is raised.
///
/// Returns a dict of NumPy arrays, one entry per position scored, sorted by
/// item then ply: `item` and `ply` (int64), `score` (float64, in men for
/// the side to move; +inf/-inf for a forced win/loss), `win_in` (int64:
/// plies to the end when decisive, positive when the side to move wins,
/// else 0), `depth` and `nodes` (int64); and `best`, a list of the best
/// moves' text (None where the game is over).
#[pyfunction]
#[pyo3(signature = (items, *, variant = None, depth = None, nodes = None, threads = Int::of(1), every_ply = false))]
pub fn analyse_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    variant: Option<&str>,
    depth: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    threads: Int,
    every_ply: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = thread_count(&threads)?;
    let depth = opt_count("depth", depth)?;
    let nodes = opt_count("nodes", nodes)?;
    let limits = Limits {
        depth: Some(
            depth
                .unwrap_or(if nodes.is_some() { 100 } else { 6 })
                .min(100) as u32,
        ),
        nodes,
        ..Limits::default()
    };
    let k = variant.map(mode_name).transpose()?;
    let mut games = Vec::new();
    for (i, item) in items.try_iter()?.enumerate() {
        let item = item?;
        if item.is_instance_of::<PyString>() {
            let fen: String = item.extract()?;
            let Some(k) = k else {
                return Err(ArgumentError::new_err(format!(
                    "item {i} is a FEN string: analyse_many needs variant= for FEN strings"
                )));
            };
            games.push(dynamic::game_from_fen(k, &fen).map_err(new_game_err)?);
        } else {
            games.push(searchable(&item)?);
        }
    }
    let options = BatchOptions {
        limits,
        threads,
        every_ply,
        tt_mib: 4,
    };
    let results = py.detach(move || {
        let mut poll = Poll::new();
        let results = batch(&games, &options, |_| !poll.stop());
        poll.finish(Some(results))
    })?;
    let np = py.import("numpy").map_err(|e| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "analyse_many returns NumPy arrays: pip install numpy ({e})"
        ))
    })?;
    let column = |values: Vec<i64>| np.call_method1("array", (values, "int64"));
    let out = PyDict::new(py);
    out.set_item(
        "item",
        column(results.iter().map(|r| r.game as i64).collect())?,
    )?;
    out.set_item(
        "ply",
        column(results.iter().map(|r| r.ply as i64).collect())?,
    )?;
    let score: Vec<f64> = results
        .iter()
        .map(|r| match r.search.score.win_in() {
            Some(_) if r.search.score.centimen() > 0 => f64::INFINITY,
            Some(_) => f64::NEG_INFINITY,
            None => r.search.score.men(),
        })
        .collect();
    out.set_item("score", np.call_method1("array", (score, "float64"))?)?;
    out.set_item(
        "win_in",
        column(
            results
                .iter()
                .map(|r| r.search.score.win_in().unwrap_or(0) as i64)
                .collect(),
        )?,
    )?;
    out.set_item(
        "depth",
        column(results.iter().map(|r| r.search.depth as i64).collect())?,
    )?;
    out.set_item(
        "nodes",
        column(results.iter().map(|r| r.search.nodes as i64).collect())?,
    )?;
    let best = PyList::new(
        py,
        results
            .iter()
            .map(|r| r.search.best.as_ref().map(|m| m.text.clone())),
    )?;
    out.set_item("best", best)?;
    Ok(out)
}
