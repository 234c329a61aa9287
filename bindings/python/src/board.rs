//! `Board`: an immutable, hashable position of any variant; `MoveInput`:
//! step-wise (click) move entry on a board.

use std::hash::{Hash, Hasher};

use draughts::dynamic::{DynInput, DynPosition};
use draughts::{Color, MoveMode, PieceKind};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::convert::{
    color_name, find_move, find_route, mode, number, numbers, py_move, py_moves, q, square,
    text_err, Int, MoveArg, PyMove,
};
use crate::errors;
use crate::interrupt::{perft_polled, Poll, MAX_PERFT_DEPTH};

/// A position of any variant: the pieces and the side to move.
///
/// Boards are immutable values (`play` returns a new one), compare equal
/// when variant, pieces and side to move are equal, hash accordingly and
/// pickle. Squares are PDN square numbers (1 to `num_squares`).
///
/// >>> import draughts_rs as d
/// >>> b = d.Board("international")
/// >>> len(b.legal_moves())
/// 9
/// >>> b.play("32-28").fen
/// 'B:W28,31,33-50:B1-20'
#[pyclass(module = "draughts_rs", name = "Board", frozen, eq, hash)]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: Box<dyn DynPosition>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pos.name() == other.pos.name()
            && self.pos.zobrist() == other.pos.zobrist()
            && self.pos.fen() == other.pos.fen()
    }
}

impl Eq for Board {}

impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pos.name().hash(state);
        self.pos.zobrist().hash(state);
    }
}

impl From<Box<dyn DynPosition>> for Board {
    fn from(pos: Box<dyn DynPosition>) -> Board {
        Board { pos }
    }
}

/// The library's board diagram without its final line break.
pub(crate) fn diagram(text: &str) -> String {
    text.trim_end().to_string()
}

fn piece_char(c: Color, k: PieceKind) -> char {
    match (c, k) {
        (Color::White, PieceKind::Man) => 'w',
        (Color::White, PieceKind::King) => 'W',
        (Color::Black, PieceKind::Man) => 'b',
        (Color::Black, PieceKind::King) => 'B',
    }
}

/// The number of planes of `planes`.
pub(crate) const PLANES: usize = 5;

/// `(height, width, number of squares)` of `p`'s board.
pub(crate) fn dims(p: &dyn DynPosition) -> (usize, usize, usize) {
    let (w, h) = p.board_size();
    (h as usize, w as usize, p.squares().len())
}

/// Planes `[own men, own kings, opponent men, opponent kings, white to
/// move]` ("own" is the side to move; the last plane is all ones when White
/// is to move), each `height x width`, one byte per cell. Row 0 is the far
/// row as White sees it (the top of the diagram) and column 0 file `a`; with
/// `canonical`, the board is seen from the side to move: when Black is to
/// move it is rotated by 180 degrees (the planes of `p.flipped()`, except
/// the last).
pub(crate) fn planes(p: &dyn DynPosition, canonical: bool, out: &mut Vec<u8>) {
    let (w, h) = p.board_size();
    let (w, h) = (w as usize, h as usize);
    let base = out.len();
    out.resize(base + PLANES * w * h, 0);
    if p.turn() == Color::White {
        out[base + 4 * w * h..].fill(1);
    }
    let flipped;
    let p = if canonical && p.turn() == Color::Black {
        flipped = p.flipped();
        flipped.as_ref()
    } else {
        p
    };
    let me = p.turn();
    for color in [Color::White, Color::Black] {
        for sq in p.pieces(color) {
            let Some(pc) = p.piece_at(sq) else { continue };
            let (row, c) = p.square_coords(sq);
            let r = h - 1 - row as usize;
            let plane = match (pc.color == me, pc.kind) {
                (true, PieceKind::Man) => 0,
                (true, PieceKind::King) => 1,
                (false, PieceKind::Man) => 2,
                (false, PieceKind::King) => 3,
            };
            out[base + (plane * h + r) * w + c as usize] = 1;
        }
    }
}

/// The action of a move: `(from - 1) * num_squares + (to - 1)`.
pub(crate) fn action_of(num_squares: usize, m: &PyMove) -> usize {
    (m.from_square as usize - 1) * num_squares + (m.to_square_num() as usize - 1)
}

/// The number of square `n` on the board rotated by 180 degrees (the square
/// `n` is on when the board is seen from Black's side).
fn rotated(p: &dyn DynPosition, n: u16) -> u16 {
    let (w, h) = p.board_size();
    let Some(sq) = u8::try_from(n).ok().and_then(|n| p.square(n)) else {
        return n;
    };
    let (r, c) = p.square_coords(sq);
    let target = (h - 1 - r, w - 1 - c);
    p.squares()
        .into_iter()
        .find(|&s| p.square_coords(s) == target)
        .map_or(n, |s| number(p, s))
}

/// The action of `m` in position `p`: with `canonical` and Black to move,
/// of the move's squares on the rotated board.
fn action_in(p: &dyn DynPosition, m: &PyMove, canonical: bool) -> usize {
    let n = p.squares().len();
    if canonical && p.turn() == Color::Black {
        (rotated(p, m.from_square) as usize - 1) * n + (rotated(p, m.to_square_num()) as usize - 1)
    } else {
        action_of(n, m)
    }
}

impl PyMove {
    pub(crate) fn to_square_num(&self) -> u16 {
        *self.path.last().unwrap_or(&self.from_square)
    }
}

/// A NumPy array from bytes: `numpy.frombuffer(data, uint8).reshape(shape).astype(dtype)`.
pub(crate) fn ndarray<'py>(
    py: Python<'py>,
    data: &[u8],
    shape: Vec<usize>,
    dtype: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy").map_err(|e| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "this function returns NumPy arrays: pip install numpy ({e})"
        ))
    })?;
    let kw = PyDict::new(py);
    kw.set_item("dtype", "uint8")?;
    np.getattr("frombuffer")?
        .call((PyBytes::new(py, data),), Some(&kw))?
        .call_method1("reshape", (shape,))?
        .call_method1("astype", (dtype,))
}

impl Board {
    pub(crate) fn legal(&self, routes: bool) -> Vec<PyMove> {
        py_moves(self.pos.as_ref(), &self.pos.legal_moves_in(mode(routes)))
    }

    fn action_of(&self, m: &PyMove, canonical: bool) -> usize {
        action_in(self.pos.as_ref(), m, canonical)
    }

    fn sq(&self, n: &Int) -> PyResult<draughts::Square> {
        square(self.pos.as_ref(), n)
    }
}

/// A perft depth argument: 0 to `MAX_PERFT_DEPTH`.
fn perft_depth(depth: &Int) -> PyResult<u32> {
    Ok(depth.in_range("depth", 0, MAX_PERFT_DEPTH)? as u32)
}

/// The largest thread count accepted.
pub(crate) const MAX_THREADS: i128 = 256;

/// A thread-count argument: 1 to `MAX_THREADS`.
pub(crate) fn thread_count(threads: &Int) -> PyResult<usize> {
    Ok(threads.in_range("threads", 1, MAX_THREADS)? as usize)
}

#[pymethods]
impl Board {
    /// The start position of `variant`, or the position of `fen`.
    #[new]
    #[pyo3(signature = (variant = "international", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        Ok(Board {
            pos: crate::convert::position(variant, fen)?,
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.name()
    }

    /// The canonical FEN.
    #[getter]
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.pos.turn())
    }

    /// Number of playing squares (squares are numbered 1 to this).
    #[getter]
    fn num_squares(&self) -> usize {
        dims(self.pos.as_ref()).2
    }

    /// Board width in squares.
    #[getter]
    fn width(&self) -> usize {
        dims(self.pos.as_ref()).1
    }

    /// Board height in squares.
    #[getter]
    fn height(&self) -> usize {
        dims(self.pos.as_ref()).0
    }

    /// The legal moves. A capture sequence is one move. With `routes=True`,
    /// every capture route is its own move; otherwise routes with the same
    /// start, end and captured pieces are one.
    #[pyo3(signature = (routes = false))]
    fn legal_moves(&self, routes: bool) -> Vec<PyMove> {
        self.legal(routes)
    }

    /// The number of legal moves (see `legal_moves`).
    #[pyo3(signature = (routes = false))]
    fn count_moves(&self, routes: bool) -> u64 {
        self.pos.count_moves(mode(routes))
    }

    /// True when the side to move must capture.
    fn has_captures(&self) -> bool {
        self.pos.has_captures()
    }

    /// True when the side to move has no legal move (and so has lost).
    fn is_game_over(&self) -> bool {
        self.pos.is_game_over()
    }

    /// The board after `move` (a `Move` or move text such as `"32-28"`,
    /// `"28x10"`, `"c3-d4"`). Raises `MoveError` if it is not legal here.
    #[pyo3(name = "play", signature = (r#move))]
    fn play_(&self, r#move: MoveArg<'_>) -> PyResult<Board> {
        let pos = match r#move {
            MoveArg::Text(t) => self.pos.play(&t).map_err(text_err)?,
            MoveArg::Move(m) => {
                let index = find_route(self.pos.as_ref(), &m)?;
                self.pos
                    .play_nth(MoveMode::Routes, index)
                    .ok_or_else(|| errors::MoveError::new_err(format!("illegal move {}", m.text)))?
            }
        };
        Ok(Board { pos })
    }

    /// The legal move named by `text` (any form: full path, `from-to`,
    /// `fromxto`, algebraic, Russian short `ed4`). Raises `MoveError`.
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        let m = self.pos.parse_move(text).map_err(text_err)?;
        Ok(py_move(self.pos.as_ref(), &m))
    }

    /// The shortest unambiguous text of a legal move (`"28x10"` for
    /// `28x19x10` when no other capture matches it).
    fn move_text(&self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        Ok(find_move(self.pos.as_ref(), &r#move)?.short_text)
    }

    /// The piece on `square`: `"w"`/`"b"` for a man, `"W"`/`"B"` for a king,
    /// None for an empty square. Raises `SquareError` for a number that is
    /// not a square of the board.
    fn piece_at(&self, square: Int) -> PyResult<Option<String>> {
        let sq = self.sq(&square)?;
        Ok(self
            .pos
            .piece_at(sq)
            .map(|pc| piece_char(pc.color, pc.kind).to_string()))
    }

    /// The squares of `color`'s pieces (`kind`: None for all, `"man"` or
    /// `"king"`), in numbering order.
    #[pyo3(signature = (color, kind = None))]
    fn pieces(&self, color: &str, kind: Option<&str>) -> PyResult<Vec<u16>> {
        let c = crate::convert::color(color)?;
        let p = self.pos.as_ref();
        let squares = match kind {
            None => p.pieces(c),
            Some("man") => {
                let kings = p.kings(c);
                p.pieces(c)
                    .into_iter()
                    .filter(|s| !kings.contains(s))
                    .collect()
            }
            Some("king") => p.kings(c),
            Some(other) => {
                return Err(errors::ArgumentError::new_err(format!(
                    "`{other}` is not a piece kind (expected \"man\" or \"king\")"
                )))
            }
        };
        Ok(numbers(p, &squares))
    }

    /// The square as the variant writes it (`"22"`, or `"c3"` in variants
    /// with algebraic notation).
    fn square_name(&self, square: Int) -> PyResult<String> {
        Ok(self.pos.square_text(self.sq(&square)?))
    }

    /// The number of the square named `text` (a number or `"c3"`).
    fn parse_square(&self, text: &str) -> PyResult<u16> {
        self.pos
            .parse_square(text)
            .map(|s| number(self.pos.as_ref(), s))
            .ok_or_else(|| {
                errors::SquareError::new_err(format!(
                    "`{text}` is not a square of {}",
                    self.pos.name()
                ))
            })
    }

    /// Perft: the number of move sequences of length `depth` (0 to 30;
    /// captures are one move each; `routes=True` counts every capture route).
    /// Runs without holding the GIL; `threads` (1 to 256) above 1 splits the
    /// work over threads. Ctrl-C (any exception from a signal handler) stops
    /// it within a fraction of a second and is raised. `ArgumentError` for a
    /// depth or thread count out of range.
    #[pyo3(signature = (depth, routes = false, threads = Int::of(1)), text_signature = "(self, depth, routes=False, threads=1)")]
    fn perft(&self, py: Python<'_>, depth: Int, routes: bool, threads: Int) -> PyResult<u64> {
        let depth = perft_depth(&depth)?;
        let threads = thread_count(&threads)?;
        let pos = self.pos.as_ref();
        py.detach(move || {
            let mut poll = Poll::new();
            let n = perft_polled(pos, depth, mode(routes), threads, &mut poll);
            poll.finish(n)
        })
    }

    /// Perft per root move: `{full-path move text: count}` (depth 0 and 1
    /// both give 1 per move). Like `perft`, stops on Ctrl-C.
    #[pyo3(signature = (depth, routes = false))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: Int,
        routes: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth = perft_depth(&depth)?.max(1);
        let pos = self.pos.as_ref();
        let rows = py.detach(move || {
            let mut poll = Poll::new();
            let mode = mode(routes);
            let rows = pos
                .legal_moves_in(mode)
                .into_iter()
                .map(|m| {
                    let next = pos.play(&m.text).ok()?;
                    Some((
                        m.text,
                        perft_polled(next.as_ref(), depth - 1, mode, 1, &mut poll)?,
                    ))
                })
                .collect::<Option<Vec<_>>>();
            poll.finish(rows)
        })?;
        let d = PyDict::new(py);
        for (m, n) in rows {
            d.set_item(m, n)?;
        }
        Ok(d)
    }

    /// The text diagram with the square numbers of a numbered variant on its
    /// empty squares (the library's `dynamic::numbered_diagram`); `str(board)`
    /// for an algebraic one.
    ///
    /// >>> import draughts_rs as d
    /// >>> "31" in d.Board("english", "B:W32:B1").numbered_diagram()
    /// True
    fn numbered_diagram(&self) -> String {
        diagram(&self.pos.numbered_diagram())
    }

    /// The same position seen from the other side: the board rotated by 180
    /// degrees, the colours swapped and the other side to move (the
    /// library's `Position::flipped`). Every variant treats both colours
    /// alike, so the flipped board has as many legal moves and the same perft.
    fn flipped(&self) -> Board {
        Board {
            pos: self.pos.flipped(),
        }
    }

    /// Step-wise move input starting with `clicks` (square numbers).
    /// Raises `SquareError` for a number that is not a square, `MoveError`
    /// when the clicks fit no legal move.
    #[pyo3(signature = (clicks = Vec::new()))]
    fn move_input(&self, clicks: Vec<Int>) -> PyResult<MoveInput> {
        let mut input = MoveInput {
            input: self.pos.input(),
            pos: self.pos.clone(),
        };
        for c in clicks {
            if !input.click(&c)? {
                return Err(errors::MoveError::new_err(format!(
                    "square {c} can't be clicked after {:?}",
                    input.clicks()
                )));
            }
        }
        Ok(input)
    }

    /// The board as NumPy planes, shape `(5, height, width)`: own men, own
    /// kings, opponent men, opponent kings ("own" = the side to move), then
    /// a plane of ones when White is to move (zeros when Black is). Row 0 is
    /// the far row as White sees it, column 0 file `a`; with
    /// `canonical=True` the board is seen from the side to move (rotated by
    /// 180 degrees when Black is to move), so "own" men always move up.
    /// Needs NumPy.
    #[pyo3(signature = (dtype = None, canonical = false))]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        canonical: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut buf = Vec::new();
        planes(self.pos.as_ref(), canonical, &mut buf);
        let (h, w, _) = dims(self.pos.as_ref());
        let dtype = dtype.unwrap_or_else(|| "float32".into_pyobject(py).unwrap().into_any());
        ndarray(py, &buf, vec![PLANES, h, w], &dtype)
    }

    /// Number of actions: `num_squares ** 2`.
    #[getter]
    fn num_actions(&self) -> usize {
        let n = self.pos.squares().len();
        n * n
    }

    /// The action of a move: `(from_square - 1) * num_squares + (to_square - 1)`;
    /// with `canonical=True` and Black to move, of the squares the move's
    /// squares are on when the board is rotated by 180 degrees (as
    /// `planes(canonical=True)` shows it).
    #[pyo3(signature = (r#move, canonical = false))]
    fn action(&self, r#move: PyRef<'_, PyMove>, canonical: bool) -> PyResult<usize> {
        if r#move.variant != self.pos.name() {
            return Err(crate::errors::MoveError::new_err(format!(
                "a {} move has no action in a {} position",
                r#move.variant,
                self.pos.name()
            )));
        }
        Ok(self.action_of(&r#move, canonical))
    }

    /// The legal moves whose action (see `action`) is `action` (several
    /// when captures share start and end square), in `legal_moves()` order.
    /// `ArgumentError` for an action that is not 0 to `num_actions - 1`.
    #[pyo3(signature = (action, canonical = false))]
    fn moves_for_action(&self, action: Int, canonical: bool) -> PyResult<Vec<PyMove>> {
        let a = action.in_range("action", 0, self.num_actions() as i128 - 1)? as usize;
        Ok(self
            .legal(false)
            .into_iter()
            .filter(|m| self.action_of(m, canonical) == a)
            .collect())
    }

    /// The legal-move mask: shape `(num_actions,)`, true where some legal
    /// move has that action (see `action`). Needs NumPy.
    #[pyo3(signature = (dtype = None, canonical = false))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        canonical: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = self.pos.squares().len();
        let mut buf = vec![0u8; n * n];
        for m in self.legal(false) {
            buf[self.action_of(&m, canonical)] = 1;
        }
        let dtype = dtype.unwrap_or_else(|| "bool".into_pyobject(py).unwrap().into_any());
        ndarray(py, &buf, vec![n * n], &dtype)
    }

    /// The board as an SVG picture (a `str`; the library's
    /// `Position::to_svg`), in the game page's colours. `flipped`: Black's
    /// side at the bottom; `labels`: `"squares"` (each square's name, the
    /// default), `"numbers"`, `"coordinates"` (files and ranks on the edges)
    /// or `"none"`; `highlight`: squares to tint; `last_move`: the last
    /// move's squares (start, then landings); `arrows`: lists of squares,
    /// each drawn as an arrow from the first through the others; `captured`:
    /// pieces to mark as captured; `move`: a legal move of this board (a
    /// `Move` or its text) drawn as an arrow along its path with its captured
    /// pieces marked; `size`: the width in pixels (16 to 100000). Squares are
    /// PDN numbers. Raises `SquareError`, `MoveError` or `ArgumentError`.
    ///
    /// >>> import draughts_rs as d
    /// >>> svg = d.Board("english").svg(move="11-15", flipped=True)
    /// >>> svg.startswith("<svg") and svg.count('class="piece ') == 24
    /// True
    #[pyo3(
        signature = (*, flipped = false, labels = "squares".to_string(), highlight = Vec::new(), last_move = Vec::new(), arrows = Vec::new(), captured = Vec::new(), r#move = None, size = Int::of(400)),
        text_signature = "(self, *, flipped=False, labels='squares', highlight=(), last_move=(), arrows=(), captured=(), move=None, size=400)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        flipped: bool,
        labels: String,
        highlight: Vec<Int>,
        last_move: Vec<Int>,
        arrows: Vec<Vec<Int>>,
        captured: Vec<Int>,
        r#move: Option<MoveArg<'_>>,
        size: Int,
    ) -> PyResult<String> {
        let args = crate::svg::SvgArgs {
            flipped,
            labels,
            highlight,
            last_move,
            arrows,
            captured,
            mark: r#move,
            size,
        };
        let options = crate::svg::options(self.pos.as_ref(), &args)?;
        Ok(self.pos.to_svg(&options))
    }

    /// The picture Jupyter shows for a board: `svg()` with its defaults.
    fn _repr_svg_(&self) -> String {
        self.pos.to_svg(&draughts::svg::SvgOptions::new())
    }

    fn __str__(&self) -> String {
        diagram(&self.pos.diagram())
    }

    fn __repr__(&self) -> String {
        format!("Board({}, {})", q(self.variant()), q(&self.fen()))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
        let b = slf.get();
        Ok((
            slf.py().get_type::<Board>().into_any().unbind(),
            (b.variant(), b.fen()),
        ))
    }

    /// The library's 64-bit Zobrist hash of the position (pieces and side
    /// to move; the same for equal boards of one variant).
    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }
}

/// Step-wise move input for click-driven frontends.
///
/// Click the piece to move, then landing squares in order (usually just the
/// end square). After each click the input knows which legal moves remain,
/// which squares may be clicked next and whether one move is chosen.
/// A refused click (`click` returns False) changes nothing.
#[pyclass(module = "draughts_rs", name = "MoveInput")]
pub struct MoveInput {
    /// The library's click input.
    input: Box<dyn DynInput>,
    /// Its position, for the squares' numbers.
    pos: Box<dyn DynPosition>,
}

impl MoveInput {
    fn click(&mut self, n: &Int) -> PyResult<bool> {
        let sq = square(self.pos.as_ref(), n)?;
        Ok(self.input.click(sq))
    }

    fn clicks(&self) -> Vec<u16> {
        let p = self.pos.as_ref();
        self.input.clicks().iter().map(|&s| number(p, s)).collect()
    }

    fn list(&self, squares: Vec<draughts::Square>) -> Vec<u16> {
        numbers(self.pos.as_ref(), &squares)
    }
}

#[pymethods]
impl MoveInput {
    /// Clicks `square`: True if some legal move is still possible with it;
    /// otherwise False and nothing changes. `SquareError` for a number that
    /// is not a square of the board.
    #[pyo3(name = "click")]
    fn click_(&mut self, square: Int) -> PyResult<bool> {
        self.click(&square)
    }

    /// Takes back the last click and returns it (None if there was none).
    fn undo(&mut self) -> Option<u16> {
        self.input.undo().map(|s| number(self.pos.as_ref(), s))
    }

    /// Removes every click.
    fn clear(&mut self) {
        self.input.clear()
    }

    /// The board the input is for.
    #[getter]
    fn board(&self) -> Board {
        Board {
            pos: self.pos.clone(),
        }
    }

    /// The squares clicked so far.
    #[getter(clicks)]
    fn get_clicks(&self) -> Vec<u16> {
        self.clicks()
    }

    /// The pieces that can move at all.
    #[getter]
    fn movable(&self) -> Vec<u16> {
        self.list(self.input.movable())
    }

    /// The squares that may be clicked next.
    #[getter]
    fn next_squares(&self) -> Vec<u16> {
        self.list(self.input.next_squares())
    }

    /// The end squares of the remaining candidates.
    #[getter]
    fn destinations(&self) -> Vec<u16> {
        self.list(self.input.destinations())
    }

    /// The pieces captured by at least one remaining candidate.
    #[getter]
    fn captured(&self) -> Vec<u16> {
        self.list(self.input.captured())
    }

    /// The pieces jumped by the clicks so far (to mark them step by step).
    #[getter]
    fn jumped(&self) -> Vec<u16> {
        self.list(self.input.jumped())
    }

    /// The legal moves still possible with the clicks so far.
    #[getter]
    fn candidates(&self) -> Vec<PyMove> {
        py_moves(self.pos.as_ref(), &self.input.candidates())
    }

    /// True when the clicks have chosen one move.
    #[getter]
    fn is_complete(&self) -> bool {
        self.input.is_complete()
    }

    /// The chosen move, once complete.
    #[getter]
    fn chosen(&self) -> Option<PyMove> {
        self.input.chosen().map(|m| py_move(self.pos.as_ref(), &m))
    }

    fn __repr__(&self) -> String {
        format!(
            "MoveInput({}, {}, clicks={:?})",
            q(self.pos.name()),
            q(&self.pos.fen()),
            self.clicks()
        )
    }
}
