//! Board pictures (`Board.svg`, `Game.svg`, `_repr_svg_`) and PDN game
//! trees (`parse_pdn_tree`, `write_pdn_tree`): the library's, with squares
//! as PDN numbers and trees as plain dicts and lists.

use draughts::dynamic::DynPosition;
use draughts::pdn::{GameTree, PdnLine, PdnNode};
use draughts::svg::{Labels, SvgOptions};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{find_move, square, Int, MoveArg};
use crate::errors;

/// The arguments of `svg()`, as Python gave them.
pub(crate) struct SvgArgs<'py> {
    pub flipped: bool,
    pub labels: String,
    pub highlight: Vec<Int>,
    pub last_move: Vec<Int>,
    pub arrows: Vec<Vec<Int>>,
    pub captured: Vec<Int>,
    pub mark: Option<MoveArg<'py>>,
    pub size: Int,
}

/// The library's options, squares read on `pos`'s board, the move to mark in `pos`.
pub(crate) fn options(pos: &dyn DynPosition, a: &SvgArgs<'_>) -> PyResult<SvgOptions> {
    let squares = |list: &[Int]| -> PyResult<Vec<draughts::Square>> {
        list.iter().map(|n| square(pos, n)).collect()
    };
    let labels: Labels = a
        .labels
        .parse()
        .map_err(|e: draughts::UnknownName| errors::ArgumentError::new_err(e.to_string()))?;
    let size = a
        .size
        .value
        .and_then(|v| u32::try_from(v).ok())
        .filter(|&v| (16..=100_000).contains(&v))
        .ok_or_else(|| {
            errors::ArgumentError::new_err(format!("size {} is not 16 to 100000 pixels", a.size))
        })?;
    let mut out = SvgOptions::new()
        .flipped(a.flipped)
        .labels(labels)
        .highlight(squares(&a.highlight)?)
        .captured(squares(&a.captured)?)
        .size(size);
    if !a.last_move.is_empty() {
        out = out.last_move(squares(&a.last_move)?);
    }
    for arrow in &a.arrows {
        out = out.arrow(squares(arrow)?);
    }
    match &a.mark {
        None => {}
        Some(MoveArg::Text(t)) => {
            let mv = pos.parse_move(t).map_err(crate::convert::text_err)?;
            out = out.mark_move_info(&mv);
        }
        Some(MoveArg::Move(m)) => {
            let mv = find_move(pos, m)?;
            out = out.mark_move_info(&mv);
        }
    }
    Ok(out)
}

fn line_dict<'py>(py: Python<'py>, line: &PdnLine) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("comments", &line.comments)?;
    let moves = PyList::empty(py);
    for n in &line.moves {
        let m = PyDict::new(py);
        m.set_item("number", n.number)?;
        m.set_item("ellipsis", n.ellipsis)?;
        m.set_item("text", &n.text)?;
        m.set_item("nags", &n.nags)?;
        m.set_item("comments", &n.comments)?;
        let vars = PyList::empty(py);
        for v in &n.variations {
            vars.append(line_dict(py, v)?)?;
        }
        m.set_item("variations", vars)?;
        moves.append(m)?;
    }
    d.set_item("moves", moves)?;
    Ok(d)
}

/// A game tree as a dict: `tags` (a list of `(name, value)`), `main` (a
/// line: `comments`, `moves`), `result`, `line`; each move a dict with
/// `number`, `ellipsis`, `text`, `nags`, `comments`, `variations` (lines).
pub(crate) fn tree_dict<'py>(py: Python<'py>, t: &GameTree) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("tags", &t.tags)?;
    d.set_item("main", line_dict(py, &t.main)?)?;
    d.set_item("result", &t.result)?;
    d.set_item("line", t.line)?;
    Ok(d)
}

fn bad(what: &str, e: PyErr) -> PyErr {
    errors::ArgumentError::new_err(format!("PDN tree: {what}: {e}"))
}

/// An optional key of a tree dict: its value, or the default when absent.
fn get<'py, T: for<'a> FromPyObject<'a, 'py>>(
    d: &Bound<'py, PyDict>,
    key: &str,
    default: T,
) -> PyResult<T> {
    match d.get_item(key)? {
        None => Ok(default),
        Some(v) => v.extract::<T>().map_err(|e| bad(key, e.into())),
    }
}

fn line_of(d: &Bound<'_, PyAny>) -> PyResult<PdnLine> {
    let d = d.cast::<PyDict>().map_err(|e| bad("a line", e.into()))?;
    let mut moves = Vec::new();
    if let Some(list) = d.get_item("moves")? {
        for m in list.try_iter()? {
            let m = m?;
            let m = m.cast::<PyDict>().map_err(|e| bad("a move", e.into()))?;
            let text = m
                .get_item("text")?
                .ok_or_else(|| errors::ArgumentError::new_err("PDN tree: a move has no `text`"))?
                .extract::<String>()
                .map_err(|e| bad("text", e))?;
            let mut variations = Vec::new();
            if let Some(vs) = m.get_item("variations")? {
                for v in vs.try_iter()? {
                    variations.push(line_of(&v?)?);
                }
            }
            moves.push(PdnNode {
                number: get(m, "number", None)?,
                ellipsis: get(m, "ellipsis", false)?,
                text,
                nags: get(m, "nags", Vec::new())?,
                comments: get(m, "comments", Vec::new())?,
                variations,
            });
        }
    }
    Ok(PdnLine {
        comments: get(d, "comments", Vec::new())?,
        moves,
    })
}

/// The tree of a dict as `tree_dict` makes it (missing keys: their defaults).
pub(crate) fn tree_of(d: &Bound<'_, PyAny>) -> PyResult<GameTree> {
    let dict = d.cast::<PyDict>().map_err(|e| bad("the tree", e.into()))?;
    let main = match dict.get_item("main")? {
        Some(m) => line_of(&m)?,
        None => PdnLine::default(),
    };
    Ok(GameTree {
        tags: get(dict, "tags", Vec::new())?,
        main,
        result: get(dict, "result", None)?,
        line: get(dict, "line", 0)?,
    })
}
