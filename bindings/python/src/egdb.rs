//! `Egdb`: endgame databases (the library's `draughts::egdb`) loaded from a
//! directory of slice files or from bytes, probed with a `Board`.

use std::path::PathBuf;

use draughts::egdb::{AnyEgdb, AnyProbeError, Value};
use draughts::Mode;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::board::Board;
use crate::convert::{mode_name, unknown, PyMove};
use crate::errors;

fn value_name(v: Value) -> &'static str {
    match v {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    }
}

fn probe_err(e: AnyProbeError) -> PyErr {
    match e {
        AnyProbeError::Fen(m) => errors::FenError::new_err(m),
        AnyProbeError::Egdb(e) => errors::EgdbError::new_err(e.to_string()),
    }
}

/// An endgame database of one variant: slices built by `draughts egdb build`
/// (one `<slice>.egdb` file each), loaded with `load_dir` or `insert`, and
/// probed with `probe` (value, distance in plies, best moves) or `lookup`.
///
/// Values are for the side to move: ``"win"``, ``"draw"`` or ``"loss"``,
/// with the plies to the end of the game under optimal play (0 for a draw);
/// no draw rule (repetition, move counts) is applied. Errors are
/// ``EgdbError`` (a slice missing, bytes not a slice of the variant),
/// ``VariantError`` (an unknown variant, a board of another variant) and
/// ``OSError`` (a file that cannot be read); a refused call changes nothing.
///
/// >>> import draughts_rs as d
/// >>> db = d.Egdb("russian")
/// >>> len(db), db.max_pieces
/// (0, 0)
#[pyclass(module = "draughts_rs", name = "Egdb")]
pub struct PyEgdb {
    db: AnyEgdb,
}

/// What `Egdb.probe` found: `value` (``"win"``, ``"draw"``, ``"loss"`` for
/// the side to move), `distance` (plies to the end, 0 for a draw) and
/// `best`, the moves that keep the value (the fastest wins, the slowest
/// losses, the drawing moves; empty when the game is over).
#[pyclass(module = "draughts_rs", name = "EgdbProbe", frozen, get_all)]
#[derive(Clone)]
pub struct EgdbProbe {
    /// ``"win"``, ``"draw"`` or ``"loss"`` for the side to move.
    value: String,
    /// Plies to the end of the game (0 for a draw).
    distance: u16,
    /// The moves that keep the value.
    best: Vec<PyMove>,
}

#[pymethods]
impl EgdbProbe {
    fn __repr__(&self) -> String {
        let best: Vec<&str> = self.best.iter().map(|m| m.text.as_str()).collect();
        format!(
            "EgdbProbe(value='{}', distance={}, best=[{}])",
            self.value,
            self.distance,
            best.iter()
                .map(|t| format!("'{t}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

impl PyEgdb {
    /// The board's FEN, refused when it is of another variant.
    fn fen_of(&self, board: &Board) -> PyResult<String> {
        let name = board.pos.name();
        if name != self.db.mode().name() {
            return Err(errors::VariantError::new_err(format!(
                "the board is {name}, the database {}",
                self.db.mode().name()
            )));
        }
        Ok(board.pos.fen())
    }
}

#[pymethods]
impl PyEgdb {
    /// An empty database of `variant` (any name `modes()` lists).
    #[new]
    fn new(variant: &str) -> PyResult<PyEgdb> {
        let name = mode_name(variant)?;
        let mode: Mode = name
            .parse()
            .map_err(|_| errors::VariantError::new_err(unknown(variant)))?;
        Ok(PyEgdb {
            db: AnyEgdb::new(mode),
        })
    }

    /// Builds every slice of `variant` with 1 to `pieces` pieces (1 to 4)
    /// in memory on `threads` threads: seconds up to 3 pieces on 8x8,
    /// minutes for 4 (`draughts egdb build` stores larger sets as files).
    #[staticmethod]
    #[pyo3(signature = (variant, pieces, threads = 1))]
    fn build(py: Python<'_>, variant: &str, pieces: i64, threads: i64) -> PyResult<PyEgdb> {
        let name = mode_name(variant)?;
        let mode: Mode = name
            .parse()
            .map_err(|_| errors::VariantError::new_err(unknown(variant)))?;
        if !(1..=4).contains(&pieces) {
            return Err(errors::ArgumentError::new_err(format!(
                "pieces must be 1 to 4, not {pieces}"
            )));
        }
        if !(1..=256).contains(&threads) {
            return Err(errors::ArgumentError::new_err(format!(
                "threads must be 1 to 256, not {threads}"
            )));
        }
        let db = py
            .detach(|| AnyEgdb::build(mode, pieces as u32, threads as usize))
            .map_err(|e| errors::EgdbError::new_err(e.to_string()))?;
        Ok(PyEgdb { db })
    }

    /// The bytes of a loaded slice, by name (what `insert` takes and a
    /// slice file holds).
    fn slice_bytes<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyBytes>> {
        let slice: draughts::egdb::Slice =
            name.parse().map_err(|e: draughts::egdb::EgdbError| {
                errors::ArgumentError::new_err(e.to_string())
            })?;
        let bytes = self.db.bytes(slice).ok_or_else(|| {
            errors::EgdbError::new_err(format!("the database has no slice {slice}"))
        })?;
        Ok(PyBytes::new(py, bytes))
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.db.mode().name()
    }

    /// The loaded slices' names (``"wm1wk0bm0bk1"``: White's men and kings,
    /// then Black's), by pieces.
    #[getter]
    fn slices(&self) -> Vec<String> {
        self.db.slices().iter().map(ToString::to_string).collect()
    }

    /// The most pieces of a loaded slice (0 when empty).
    #[getter]
    fn max_pieces(&self) -> u32 {
        self.db.max_pieces()
    }

    fn __len__(&self) -> usize {
        self.db.slices().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Egdb('{}', slices={}, max_pieces={})",
            self.db.mode().name(),
            self.db.slices().len(),
            self.db.max_pieces()
        )
    }

    /// Adds one slice from its bytes (a file's contents) and returns its
    /// name. Bytes that are not a slice of this variant raise `EgdbError`.
    fn insert(&mut self, data: Vec<u8>) -> PyResult<String> {
        self.db
            .insert(data)
            .map(|s| s.to_string())
            .map_err(|e| errors::EgdbError::new_err(e.to_string()))
    }

    /// Loads every ``*.egdb`` file of the directory `path` and returns the
    /// slices' names. All or nothing: a file that cannot be read (OSError)
    /// or is not a slice of this variant (EgdbError) leaves the database as
    /// it was; a directory without a slice file is an EgdbError.
    fn load_dir(&mut self, py: Python<'_>, path: PathBuf) -> PyResult<Vec<String>> {
        let mode = self.db.mode();
        let files = py.detach(|| -> Result<Vec<Vec<u8>>, PyErr> {
            let mut paths: Vec<PathBuf> = std::fs::read_dir(&path)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "egdb"))
                .collect();
            paths.sort();
            if paths.is_empty() {
                return Err(errors::EgdbError::new_err(format!(
                    "{}: no slice file (*.egdb)",
                    path.display()
                )));
            }
            let mut scratch = AnyEgdb::new(mode);
            let mut files = Vec::with_capacity(paths.len());
            for p in paths {
                let bytes = std::fs::read(&p)?;
                scratch
                    .insert(bytes.clone())
                    .map_err(|e| errors::EgdbError::new_err(format!("{}: {e}", p.display())))?;
                files.push(bytes);
            }
            Ok(files)
        })?;
        let mut names = Vec::with_capacity(files.len());
        for bytes in files {
            let slice = self
                .db
                .insert(bytes)
                .map_err(|e| errors::EgdbError::new_err(e.to_string()))?;
            names.push(slice.to_string());
        }
        Ok(names)
    }

    /// ``(value, distance)`` of `board` for the side to move.
    fn lookup(&self, board: &Board) -> PyResult<(&'static str, u16)> {
        let e = self.db.lookup(&self.fen_of(board)?).map_err(probe_err)?;
        Ok((value_name(e.value), e.distance))
    }

    /// The value of `board` for the side to move, the plies to the end and
    /// the best moves (the slices of the board's successors are needed
    /// too).
    fn probe(&self, board: &Board) -> PyResult<EgdbProbe> {
        let p = self.db.probe(&self.fen_of(board)?).map_err(probe_err)?;
        let legal = board.legal(false);
        let best = p
            .best
            .iter()
            .filter_map(|t| legal.iter().find(|m| &m.text == t).cloned())
            .collect();
        Ok(EgdbProbe {
            value: value_name(p.value).to_string(),
            distance: p.distance,
            best,
        })
    }
}
