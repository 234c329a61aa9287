//! Library values to Python values and back: moves, squares, colours,
//! outcomes, and the library's errors as Python exceptions.

use draughts::dynamic::{self, DynPosition, MoveInfo};
use draughts::{Color, DrawMode, FenError, GameError, MoveMode, MoveTextError, Outcome};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

use crate::errors;

/// A legal move: a step, or a whole capture sequence.
///
/// Squares are the variant's PDN square numbers (1 to `Board.num_squares`)
/// for every variant; `Board.square_name` gives the text the variant writes
/// (`"22"` or `"c3"`). `text` is the full-path text (`"28x19x10"`); a
/// `Board`'s `move_text` gives the shortest unambiguous form.
#[pyclass(module = "draughts_rs", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyMove {
    /// The variant's (or house rule's) name, as the library writes it.
    pub(crate) variant: &'static str,
    /// The start square.
    #[pyo3(get)]
    pub(crate) from_square: u16,
    /// Every landing square in order; the last is `to_square`. A step has one.
    #[pyo3(get)]
    pub(crate) path: Vec<u16>,
    /// The captured pieces' squares, in capture order (as `jumps` takes them).
    #[pyo3(get)]
    pub(crate) captured: Vec<u16>,
    /// True when a man becomes a king by this move.
    #[pyo3(get)]
    pub(crate) promotes: bool,
    /// The jumps of a capture in order: `(from, to, captured)` per jump
    /// (empty for a step), for animating a capture.
    #[pyo3(get)]
    pub(crate) jumps: Vec<(u16, u16, u16)>,
    /// The full-path text, as the variant writes squares.
    #[pyo3(get)]
    pub(crate) text: String,
}

#[pymethods]
impl PyMove {
    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant
    }
    /// The end square.
    #[getter]
    fn to_square(&self) -> u16 {
        *self.path.last().unwrap_or(&self.from_square)
    }
    /// True for a capture.
    #[getter]
    fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
    fn __repr__(&self) -> String {
        format!("Move({})", q(&self.text))
    }
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let m = slf.get();
        let f = py.get_type::<PyMove>().getattr("_restore")?.unbind();
        let args = (
            m.variant,
            m.from_square,
            m.path.clone(),
            m.captured.clone(),
            m.promotes,
            m.jumps.clone(),
            m.text.clone(),
        )
            .into_pyobject(py)?
            .into_any()
            .unbind();
        Ok((f, args))
    }
    #[staticmethod]
    fn _restore(
        variant: &str,
        from_square: u16,
        path: Vec<u16>,
        captured: Vec<u16>,
        promotes: bool,
        jumps: Vec<(u16, u16, u16)>,
        text: String,
    ) -> PyResult<PyMove> {
        Ok(PyMove {
            variant: mode_name(variant)?,
            from_square,
            path,
            captured,
            promotes,
            jumps,
            text,
        })
    }
}

/// A move as given to `push` or `play`: a `Move` or move text.
#[derive(FromPyObject)]
pub(crate) enum MoveArg<'py> {
    Move(PyRef<'py, PyMove>),
    Text(String),
}

/// The number of square `sq` of `pos`'s board.
pub(crate) fn number(pos: &dyn DynPosition, sq: draughts::Square) -> u16 {
    u16::from(pos.square_number(sq))
}

/// The numbers of `squares` of `pos`'s board, in numbering order.
pub(crate) fn numbers(pos: &dyn DynPosition, squares: &[draughts::Square]) -> Vec<u16> {
    let mut v: Vec<u16> = squares.iter().map(|&s| number(pos, s)).collect();
    v.sort_unstable();
    v
}

/// The Python view of a move of `pos`'s variant (any position of it: only
/// the board's numbering is read).
pub(crate) fn py_move(pos: &dyn DynPosition, m: &MoveInfo) -> PyMove {
    let n = |s| number(pos, s);
    PyMove {
        variant: pos.name(),
        from_square: n(m.from),
        path: m.path.iter().map(|&s| n(s)).collect(),
        captured: m.captured.iter().map(|&s| n(s)).collect(),
        promotes: m.promotes,
        jumps: m
            .jumps
            .iter()
            .map(|j| (n(j.from), n(j.to), n(j.captured)))
            .collect(),
        text: m.text.clone(),
    }
}

/// The Python view of several moves.
pub(crate) fn py_moves(pos: &dyn DynPosition, moves: &[MoveInfo]) -> Vec<PyMove> {
    moves.iter().map(|m| py_move(pos, m)).collect()
}

/// The index in `pos.legal_moves_in(mode)` of the legal move equal to `m`
/// (same start, landing squares and captured pieces); None when there is
/// none. `MoveError` for a move of another variant.
pub(crate) fn find_in(
    pos: &dyn DynPosition,
    m: &PyMove,
    mode: MoveMode,
) -> PyResult<Option<usize>> {
    if m.variant != pos.name() {
        return Err(errors::MoveError::new_err(format!(
            "a {} move can't be played in a {} position",
            m.variant,
            pos.name()
        )));
    }
    let sq = |n: &u16| u8::try_from(*n).ok().and_then(|n| pos.square(n));
    // A number that is not a square of this board matches no legal move.
    let (Some(from), Some(path), Some(captured)) = (
        sq(&m.from_square),
        m.path.iter().map(sq).collect::<Option<Vec<_>>>(),
        m.captured.iter().map(sq).collect::<Option<Vec<_>>>(),
    ) else {
        return Ok(None);
    };
    Ok(pos.find_index(mode, from, &path, &captured))
}

/// The index in `pos.legal_moves_in(MoveMode::Routes)` of the legal move
/// (any capture route) equal to `m` (`MoveError` otherwise).
pub(crate) fn find_route(pos: &dyn DynPosition, m: &PyMove) -> PyResult<usize> {
    find_in(pos, m, MoveMode::Routes)?
        .ok_or_else(|| errors::MoveError::new_err(format!("illegal move {}", m.text)))
}

/// The legal move of `pos` (any capture route) equal to `m` (`MoveError` otherwise).
pub(crate) fn find_move(pos: &dyn DynPosition, m: &PyMove) -> PyResult<MoveInfo> {
    let index = find_route(pos, m)?;
    pos.move_at(MoveMode::Routes, index)
        .ok_or_else(|| errors::MoveError::new_err(format!("illegal move {}", m.text)))
}

/// An integer argument of any size (a Python `int`, or anything with
/// `__index__`), so that an out-of-range value gets this package's error
/// rather than an `OverflowError`. `value` is None beyond the `i128` range.
#[derive(Clone, Debug)]
pub(crate) struct Int {
    pub(crate) value: Option<i128>,
    text: String,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int {
                value: Some(v),
                text: v.to_string(),
            }),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Int {
                value: None,
                text: obj.str()?.to_string(),
            }),
            Err(e) => Err(e),
        }
    }
}

impl Int {
    /// A default value.
    pub(crate) fn of(v: i64) -> Int {
        Int {
            value: Some(v.into()),
            text: v.to_string(),
        }
    }

    /// The value if it is in `lo..=hi`, else an `ArgumentError` naming the
    /// argument and the range.
    pub(crate) fn in_range(&self, name: &str, lo: i128, hi: i128) -> PyResult<i128> {
        match self.value {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(errors::ArgumentError::new_err(format!(
                "{name} must be {lo} to {hi}, got {}",
                self.text
            ))),
        }
    }
}

impl core::fmt::Display for Int {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The square numbered `n` on `pos`'s board (`SquareError` otherwise).
pub(crate) fn square(pos: &dyn DynPosition, n: &Int) -> PyResult<draughts::Square> {
    n.value
        .and_then(|v| u8::try_from(v).ok())
        .and_then(|v| pos.square(v))
        .ok_or_else(|| {
            errors::SquareError::new_err(format!(
                "{n} is not a square of {} (squares are 1 to {})",
                pos.name(),
                pos.squares().len()
            ))
        })
}

/// The library's name of the variant or house rule called `name` (ASCII
/// case ignored): one of `draughts::dynamic::names()`, else `VariantError`
/// with the library's message.
pub(crate) fn mode_name(name: &str) -> PyResult<&'static str> {
    let trimmed = name.trim();
    dynamic::names()
        .find(|n| n.eq_ignore_ascii_case(trimmed))
        .ok_or_else(|| errors::VariantError::new_err(unknown(name)))
}

/// The library's message for a name that is neither a variant nor a house rule.
pub(crate) fn unknown(name: &str) -> String {
    dynamic::UnknownMode(name.to_string()).to_string()
}

/// The start position of the variant or house rule called `name`, or the
/// position of `fen`.
pub(crate) fn position(name: &str, fen: Option<&str>) -> PyResult<Box<dyn DynPosition>> {
    match fen {
        None => {
            dynamic::new_position(name).map_err(|e| errors::VariantError::new_err(e.to_string()))
        }
        Some(f) => dynamic::position_from_fen(name, f).map_err(new_game_err),
    }
}

/// A `VariantError` or a `FenError`.
pub(crate) fn new_game_err(e: dynamic::NewGameError) -> PyErr {
    match e {
        dynamic::NewGameError::UnknownMode(u) => errors::VariantError::new_err(u.to_string()),
        dynamic::NewGameError::Fen(f) => fen_err(f),
        // A kind of error added later (the enum is non-exhaustive): a ValueError.
        other => pyo3::exceptions::PyValueError::new_err(other.to_string()),
    }
}

/// The library's stable name (`draughts::names`): `white`, `black`.
pub(crate) fn color_name(c: Color) -> &'static str {
    c.name()
}

pub(crate) fn color(text: &str) -> PyResult<Color> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(errors::ArgumentError::new_err(format!(
            "`{text}` is not a colour (expected \"white\" or \"black\")"
        ))),
    }
}

pub(crate) fn draw_mode(text: &str) -> PyResult<DrawMode> {
    match text {
        "automatic" => Ok(DrawMode::Automatic),
        "on_claim" => Ok(DrawMode::OnClaim),
        "as_written" => Ok(DrawMode::AsWritten),
        _ => Err(errors::ArgumentError::new_err(format!(
            "`{text}` is not a draw mode (expected \"automatic\", \"as_written\" or \"on_claim\")"
        ))),
    }
}

/// The library's stable name (`draughts::names`).
pub(crate) fn draw_mode_name(m: DrawMode) -> &'static str {
    m.name()
}

/// How a game ended: the winner (None for a draw), the reason and the PDN
/// result. Outcomes compare equal and hash by value, and pickle.
#[pyclass(module = "draughts_rs", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    /// `"white"` or `"black"`, or None for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// Why, the library's reason in snake case: for a win e.g. `"no_pieces"`,
    /// `"blocked"`, `"out_of_moves"` (Antidraughts), `"first_king"`
    /// (Breakthrough), `"resignation"`, `"time"`; for a draw e.g.
    /// `"agreement"`, `"repetition"`, `"king_moves"`, `"no_progress"` or an
    /// end-game rule.
    #[pyo3(get)]
    reason: String,
    /// The PDN result from White's side: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    #[pyo3(get)]
    result: &'static str,
    text: String,
}

#[pymethods]
impl PyOutcome {
    /// True for a draw.
    #[getter]
    fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let o = slf.get();
        let f = py.get_type::<PyOutcome>().getattr("_restore")?.unbind();
        let args = (o.winner, o.reason.clone(), o.result, o.text.clone())
            .into_pyobject(py)?
            .into_any()
            .unbind();
        Ok((f, args))
    }
    #[staticmethod]
    fn _restore(
        winner: Option<String>,
        reason: String,
        result: String,
        text: String,
    ) -> PyResult<PyOutcome> {
        let statics = |s: &str| -> PyResult<&'static str> {
            ["white", "black", "1-0", "0-1", "1/2-1/2"]
                .into_iter()
                .find(|x| *x == s)
                .ok_or_else(|| errors::ArgumentError::new_err(format!("bad outcome field `{s}`")))
        };
        Ok(PyOutcome {
            winner: winner.as_deref().map(statics).transpose()?,
            reason,
            result: statics(&result)?,
            text,
        })
    }
    fn __repr__(&self) -> String {
        match self.winner {
            Some(w) => format!("Outcome(winner={}, reason={})", q(w), q(&self.reason)),
            None => format!("Outcome(winner=None, reason={})", q(&self.reason)),
        }
    }
}

pub(crate) fn py_outcome(o: Outcome) -> PyOutcome {
    let (winner, reason) = match o {
        Outcome::Win { winner, reason } => (Some(color_name(winner)), reason.name().to_string()),
        Outcome::Draw { reason } => (None, reason.name().to_string()),
    };
    PyOutcome {
        winner,
        reason,
        result: o.pdn_result(),
        text: o.to_string(),
    }
}

pub(crate) fn fen_err(e: FenError) -> PyErr {
    errors::FenError::new_err(e.to_string())
}

pub(crate) fn text_err(e: MoveTextError) -> PyErr {
    errors::MoveError::new_err(e.to_string())
}

pub(crate) fn game_err(e: GameError) -> PyErr {
    match e {
        GameError::GameOver(_) => errors::GameOverError::new_err(e.to_string()),
        GameError::NoDrawToClaim => errors::DrawClaimError::new_err(e.to_string()),
        GameError::Illegal(_) | GameError::MoveText(_) => errors::MoveError::new_err(e.to_string()),
        #[allow(unreachable_patterns)]
        _ => errors::DraughtsError::new_err(e.to_string()),
    }
}

pub(crate) fn mode(routes: bool) -> MoveMode {
    if routes {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    }
}

/// A string as Python's `repr` writes it (texts here hold no quotes).
pub(crate) fn q(s: &str) -> String {
    format!("'{s}'")
}

/// A running draw count, as a frontend shows it (`str(count)`:
/// `"5-move rule: 3 moves left"`): the rule's reason, what is left, and the
/// plies counted so far.
#[pyclass(module = "draughts_rs", name = "DrawCount", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDrawCount {
    /// The rule's reason, the library's name (`"lone_king_five_moves"`...).
    #[pyo3(get)]
    reason: &'static str,
    /// Moves left in the rule's own unit (plies, moves of the player to
    /// move, or moves of the stronger side).
    #[pyo3(get)]
    moves_left: u16,
    /// Plies until the draw (0: the rule is met now).
    #[pyo3(get)]
    plies_left: u16,
    /// Plies since the count started.
    #[pyo3(get)]
    plies: u16,
    /// True when the draw must be claimed (else it is automatic).
    #[pyo3(get)]
    claimed: bool,
    text: String,
}

#[pymethods]
impl PyDrawCount {
    fn __str__(&self) -> String {
        self.text.clone()
    }
    fn __repr__(&self) -> String {
        format!("DrawCount({}, {})", q(self.reason), q(&self.text))
    }
}

pub(crate) fn py_draw_count(c: draughts::DrawCount) -> PyDrawCount {
    PyDrawCount {
        reason: c.reason.name(),
        moves_left: c.moves_left,
        plies_left: c.plies_left,
        plies: c.plies,
        claimed: c.trigger == draughts::Trigger::Claim,
        text: c.to_string(),
    }
}
