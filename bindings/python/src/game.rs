//! `Game`: a mutable game (start position, moves, draw rules, outcome) with
//! PDN in and out.

use draughts::dynamic::{self, DynGame, PdnReadError};
use draughts::pdn::{parse_pdn, LineError, PdnError, PdnErrorKind};
use draughts::{Color, Declaration, MoveMode};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::{diagram, Board};
use crate::convert::{
    color, color_name, draw_mode, draw_mode_name, find_in, find_move, game_err, mode_name,
    new_game_err, py_move, py_moves, py_outcome, q, Int, MoveArg, PyMove, PyOutcome,
};
use crate::errors;

/// An outcome the rules did not give: declared, or a claimed draw. Kept so
/// that a pickled game comes back the same.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ended {
    Agreement,
    Resignation(Color),
    Time(Color),
    Claim,
}

/// A game of any variant or house rule: the start position, the moves played, the draw
/// rules and the outcome.
///
/// `push` plays a move (a `Move` or move text), `pop` takes it back. Once
/// the game is over (by the rules, a declaration or a claimed draw) no move
/// is accepted. A call that raises changes nothing.
///
/// >>> import draughts_rs as d
/// >>> g = d.Game("english")
/// >>> g.push("11-15")
/// Move('11-15')
/// >>> [str(m) for m in g.moves]
/// ['11-15']
/// >>> g.pop()
/// Move('11-15')
#[pyclass(module = "draughts_rs", name = "Game")]
#[derive(Clone)]
pub struct Game {
    pub(crate) g: Box<dyn DynGame>,
    ended: Option<Ended>,
    tags: Vec<(String, String)>,
}

impl Game {
    pub(crate) fn from_dyn(g: Box<dyn DynGame>, tags: Vec<(String, String)>) -> Game {
        Game {
            g,
            ended: None,
            tags,
        }
    }

    fn declare(&mut self, d: Declaration, e: Ended) -> PyResult<PyOutcome> {
        let o = self.g.declare(d).map_err(game_err)?;
        self.ended = Some(e);
        Ok(py_outcome(o))
    }

    fn moves_text(&self) -> Vec<String> {
        self.g.moves().into_iter().map(|m| m.text).collect()
    }

    fn start_fen(&self) -> String {
        self.g.start_fen()
    }

    fn state(&self) -> (&'static str, String) {
        let mode = draw_mode_name(self.g.draw_mode());
        let ended = match self.ended {
            None => String::new(),
            Some(Ended::Agreement) => "agreement".into(),
            Some(Ended::Claim) => "claim".into(),
            Some(Ended::Resignation(c)) => format!("resignation:{}", color_name(c)),
            Some(Ended::Time(c)) => format!("time:{}", color_name(c)),
        };
        (mode, ended)
    }
}

#[pymethods]
impl Game {
    /// A game of `variant` (a variant of `variants()` or a house rule of
    /// `modes()`) from its start position or from `fen`.
    /// `draw_mode`: `"automatic"` (a draw by rule ends the game),
    /// `"on_claim"` (it only makes `claim_draw` available) or `"as_written"`
    /// (each rule as its federation writes it: automatic or claimed).
    #[new]
    #[pyo3(signature = (variant = "international", fen = None, draw_mode = "automatic"))]
    fn new(variant: &str, fen: Option<&str>, draw_mode: &str) -> PyResult<Game> {
        let name = mode_name(variant)?;
        let mode = crate::convert::draw_mode(draw_mode)?;
        let mut g = match fen {
            None => dynamic::new_game(name)
                .map_err(|e| crate::errors::VariantError::new_err(e.to_string()))?,
            Some(f) => dynamic::game_from_fen(name, f).map_err(new_game_err)?,
        };
        g.set_draw_mode(mode);
        Ok(Game::from_dyn(g, Vec::new()))
    }

    /// A game starting from `board`.
    #[staticmethod]
    #[pyo3(signature = (board, draw_mode = "automatic"))]
    fn from_board(board: &Board, draw_mode: &str) -> PyResult<Game> {
        let mode = crate::convert::draw_mode(draw_mode)?;
        let mut g = board.pos.to_game();
        g.set_draw_mode(mode);
        Ok(Game::from_dyn(g, Vec::new()))
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.g.name()
    }

    /// The current position.
    #[getter]
    fn board(&self) -> Board {
        Board {
            pos: self.g.position(),
        }
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Board {
        Board {
            pos: self.g.start_position(),
        }
    }

    /// The FEN of the current position.
    #[getter]
    fn fen(&self) -> String {
        self.g.fen()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.g.turn())
    }

    /// The moves played so far.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        py_moves(self.g.position().as_ref(), &self.g.moves())
    }

    /// The positions so far, the start first and the current one last.
    #[getter]
    fn boards(&self) -> Vec<Board> {
        self.g.positions().into_iter().map(Board::from).collect()
    }

    fn __len__(&self) -> usize {
        self.g.ply_count()
    }

    /// The legal moves (none once the game is over); `routes=True` lists
    /// every capture route.
    #[pyo3(signature = (routes = false))]
    fn legal_moves(&self, routes: bool) -> Vec<PyMove> {
        if self.g.outcome().is_some() {
            return Vec::new();
        }
        self.board().legal(routes)
    }

    /// Plays `move` (a `Move` or move text) and returns it as a `Move`.
    /// Raises `MoveError` if it is not legal, `GameOverError` once the game
    /// is over; either way nothing changes.
    fn push(&mut self, r#move: MoveArg<'_>) -> PyResult<PyMove> {
        if let Some(o) = self.g.outcome() {
            return Err(game_err(draughts::GameError::GameOver(o)));
        }
        let pos = self.g.position();
        let pos = pos.as_ref();
        let played = match r#move {
            MoveArg::Text(t) => self.g.play(&t).map_err(game_err)?,
            // A move of `legal_moves()` is played by its place there, without
            // text; another capture route by its full path.
            MoveArg::Move(m) => match find_in(pos, &m, MoveMode::Distinct)? {
                Some(index) => {
                    let found = pos.move_at(MoveMode::Distinct, index).ok_or_else(|| {
                        errors::MoveError::new_err(format!("illegal move {}", m.text))
                    })?;
                    self.g.play_nth(index).map_err(game_err)?;
                    found
                }
                None => {
                    let route = find_move(pos, &m)?;
                    self.g.play(&route.text).map_err(game_err)?
                }
            },
        };
        Ok(py_move(pos, &played))
    }

    /// Takes back the last move and returns it (clearing any outcome).
    /// Raises `EmptyGameError` (also an `IndexError`) when no move has been
    /// played.
    fn pop(&mut self) -> PyResult<PyMove> {
        let m = self
            .g
            .undo()
            .map(|m| py_move(self.g.position().as_ref(), &m));
        match m {
            Some(m) => {
                self.ended = None;
                Ok(m)
            }
            None => Err(errors::EmptyGameError::new_err(
                "pop from a game without moves",
            )),
        }
    }

    /// The outcome, once the game is over (None while it goes on).
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.g.outcome().map(py_outcome)
    }

    /// True once the game is over.
    fn is_over(&self) -> bool {
        self.g.outcome().is_some()
    }

    /// `"automatic"`, `"as_written"` or `"on_claim"`; setting it
    /// re-evaluates the position.
    #[getter(draw_mode)]
    fn get_draw_mode(&self) -> &'static str {
        draw_mode_name(self.g.draw_mode())
    }

    #[setter(draw_mode)]
    fn set_draw_mode(&mut self, mode: &str) -> PyResult<()> {
        let mode = draw_mode(mode)?;
        self.g.set_draw_mode(mode);
        Ok(())
    }

    /// The draw rule that applies now and may be claimed (e.g.
    /// `"repetition"`), or None.
    fn claimable_draw(&self) -> Option<String> {
        self.g.claimable_draw().map(|r| r.name().to_string())
    }

    /// Ends the game as a draw by the rule that applies now. Raises
    /// `DrawClaimError` if none applies, `GameOverError` if it is over.
    fn claim_draw(&mut self) -> PyResult<PyOutcome> {
        let o = self.g.claim_draw().map_err(game_err)?;
        self.ended = Some(Ended::Claim);
        Ok(py_outcome(o))
    }

    /// `color` (default: the side to move) resigns.
    #[pyo3(signature = (color = None))]
    fn resign(&mut self, color: Option<&str>) -> PyResult<PyOutcome> {
        let c = self.color_or_turn(color)?;
        self.declare(Declaration::Resignation(c), Ended::Resignation(c))
    }

    /// `color` (default: the side to move) loses on time.
    #[pyo3(signature = (color = None))]
    fn lose_on_time(&mut self, color: Option<&str>) -> PyResult<PyOutcome> {
        let c = self.color_or_turn(color)?;
        self.declare(Declaration::TimeForfeit(c), Ended::Time(c))
    }

    /// Both players agree to a draw.
    fn agree_draw(&mut self) -> PyResult<PyOutcome> {
        self.declare(Declaration::DrawByAgreement, Ended::Agreement)
    }

    /// How many times the current position has occurred since the last
    /// irreversible move (this one included).
    fn repetitions(&self) -> usize {
        self.g.repetitions()
    }

    /// Consecutive plies in which only kings moved and nothing was captured.
    fn quiet_king_plies(&self) -> usize {
        self.g.quiet_king_plies()
    }

    /// The running draw counts of the variant's rules, each with its text
    /// (`str(c)`: `"5-move rule: 5 moves left"`).
    ///
    /// >>> import draughts_rs as d
    /// >>> g = d.Game("russian", "W:WKc1:BKf8")
    /// >>> [str(c) for c in g.draw_counts() if c.reason == "small_ending"]
    /// ['5-move rule: 5 moves left']
    fn draw_counts(&self) -> Vec<crate::convert::PyDrawCount> {
        self.g
            .draw_counts()
            .into_iter()
            .map(crate::convert::py_draw_count)
            .collect()
    }

    /// The PDN tags read with the game (or set), in order.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.tags.clone()
    }

    #[setter]
    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        self.tags = tags;
    }

    /// The value of tag `name` (case-insensitive), or None.
    fn tag(&self, name: &str) -> Option<String> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    }

    /// The game as PDN text. `tags` (name, value pairs, or a dict) come
    /// first, then this game's own tags; `GameType`, `FEN` and `Result` are
    /// written from the game itself.
    #[pyo3(signature = (tags = None))]
    fn to_pdn(&self, tags: Option<Bound<'_, PyAny>>) -> PyResult<String> {
        let mut all: Vec<(String, String)> = match tags {
            None => Vec::new(),
            Some(t) => {
                if let Ok(d) = t.cast::<pyo3::types::PyDict>() {
                    d.iter()
                        .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
                        .collect::<PyResult<_>>()?
                } else {
                    t.extract()?
                }
            }
        };
        for (n, v) in &self.tags {
            if !all.iter().any(|(m, _)| m.eq_ignore_ascii_case(n)) {
                all.push((n.clone(), v.clone()));
            }
        }
        let own = ["GameType", "FEN", "Result"];
        let pairs: Vec<(&str, &str)> = all
            .iter()
            .filter(|(n, _)| !own.iter().any(|o| o.eq_ignore_ascii_case(n)))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        Ok(self.g.to_pdn(&pairs))
    }

    /// A copy that changes independently.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Games are equal when variant, start, moves, draw mode and outcome are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Game>() {
            Ok(o) => {
                let o = o.borrow();
                self.g.name() == o.g.name()
                    && self.start_fen() == o.start_fen()
                    && self.moves_text() == o.moves_text()
                    && self.g.outcome() == o.g.outcome()
                    && self.state() == o.state()
            }
            Err(_) => false,
        }
    }

    /// The current position as an SVG picture: `Board.svg()`'s arguments,
    /// with the game's last move tinted unless `last_move` is given.
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
        let options = crate::svg::options(self.g.position().as_ref(), &args)?;
        Ok(self.g.to_svg(&options))
    }

    /// The picture Jupyter shows for a game: its position with the last
    /// move tinted.
    fn _repr_svg_(&self) -> String {
        self.g.to_svg(&draughts::svg::SvgOptions::new())
    }

    fn __str__(&self) -> String {
        let board = diagram(&self.g.diagram());
        let status = match self.g.outcome() {
            Some(o) => format!("game over: {o}"),
            None => match self.g.ply_count() {
                1 => "1 move played".to_string(),
                n => format!("{n} moves played"),
            },
        };
        format!("{board}\n{status}")
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({}, {}, moves={}, outcome={})",
            q(self.variant()),
            q(&self.start_fen()),
            self.__len__(),
            self.g
                .outcome()
                .map_or("None".to_string(), |o| q(&o.to_string()))
        )
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__(
        slf: &Bound<'_, Self>,
    ) -> PyResult<(
        Py<PyAny>,
        (
            &'static str,
            String,
            Vec<String>,
            &'static str,
            String,
            Vec<(String, String)>,
        ),
    )> {
        let g = slf.borrow();
        let (mode, ended) = g.state();
        Ok((
            slf.py().get_type::<Game>().getattr("_restore")?.unbind(),
            (
                g.variant(),
                g.start_fen(),
                g.moves_text(),
                mode,
                ended,
                g.tags.clone(),
            ),
        ))
    }

    #[staticmethod]
    fn _restore(
        variant: &str,
        fen: &str,
        moves: Vec<String>,
        mode: &str,
        ended: &str,
        tags: Vec<(String, String)>,
    ) -> PyResult<Game> {
        let mut game = Game::new(variant, Some(fen), "on_claim")?;
        for m in moves {
            game.g.play(&m).map_err(game_err)?;
        }
        let mode = draw_mode(mode)?;
        game.g.set_draw_mode(mode);
        match ended.split_once(':') {
            _ if ended.is_empty() => {}
            None if ended == "claim" => {
                game.claim_draw()?;
            }
            None if ended == "agreement" => {
                game.agree_draw()?;
            }
            Some(("resignation", c)) => {
                game.resign(Some(c))?;
            }
            Some(("time", c)) => {
                game.lose_on_time(Some(c))?;
            }
            _ => {
                return Err(errors::ArgumentError::new_err(format!(
                    "bad game state `{ended}`"
                )))
            }
        }
        game.tags = tags;
        Ok(game)
    }

    // The computer opponent lives in engine.rs (when the library has it).
}

impl Game {
    fn color_or_turn(&self, c: Option<&str>) -> PyResult<Color> {
        match c {
            None => Ok(self.g.turn()),
            Some(c) => color(c),
        }
    }
}

/// The attributes of a PDN error about one move: its number, side, text and
/// what was wrong.
fn move_parts(
    kw: &Bound<'_, PyDict>,
    number: u32,
    side: Color,
    text: &str,
    detail: &str,
) -> PyResult<()> {
    kw.set_item("move_number", number)?;
    kw.set_item("side", side.name())?;
    kw.set_item("move_text", text)?;
    kw.set_item("detail", detail)
}

/// The `PdnError` instance for `e` (`start_line`: where the game starts,
/// when known): the library's message and its parts as attributes.
fn pdn_error<'py>(
    py: Python<'py>,
    e: &PdnError,
    start_line: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let kw = pdn_error_parts(py, &e.kind, start_line)?;
    kw.set_item("game", e.game)?;
    errors::PdnError::class(py)?.call((e.to_string(),), Some(&kw))
}

/// The attributes of a `PdnError` for `kind` (`start_line`: where the game
/// starts, when known), but `game`.
fn pdn_error_parts<'py>(
    py: Python<'py>,
    kind: &PdnErrorKind,
    start_line: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let kw = PyDict::new(py);
    kw.set_item("line", start_line)?;
    match kind {
        PdnErrorKind::Syntax { line, message } => {
            kw.set_item("line", line)?;
            kw.set_item("detail", message)?;
        }
        PdnErrorKind::UnsupportedGameType(t) => {
            kw.set_item("detail", t)?;
        }
        PdnErrorKind::NoVariant => {}
        PdnErrorKind::CustomVariant(v) => {
            kw.set_item("detail", v)?;
        }
        PdnErrorKind::VariantMismatch { record, expected } => {
            kw.set_item("record", record)?;
            kw.set_item("expected", expected)?;
            kw.set_item("detail", kind.to_string())?;
        }
        PdnErrorKind::Fen(f) => {
            kw.set_item("detail", f.to_string())?;
        }
        PdnErrorKind::Move {
            number,
            side,
            text,
            reason,
            ..
        } => {
            move_parts(&kw, *number, *side, text, &reason.to_string())?;
        }
        PdnErrorKind::UnfinishedCapture {
            number, side, text, ..
        } => {
            move_parts(&kw, *number, *side, text, "the capture is not finished")?;
        }
        PdnErrorKind::AfterEnd {
            number,
            side,
            text,
            reason,
            ..
        } => {
            move_parts(&kw, *number, *side, text, &reason.to_string())?;
        }
        #[allow(unreachable_patterns)]
        _ => {
            kw.set_item("detail", kind.to_string())?;
        }
    };
    // The library's stable name of the kind (`PdnErrorKind::name`).
    kw.set_item("kind", kind.name())?;
    Ok(kw)
}

/// Reads every game of a PDN text as a game tree, the way analysts write
/// PDN: a dict with `tags` (a list of `(name, value)`), `main` (the main
/// line: a dict of `comments` before its first move and `moves`), `result`
/// (or None) and `line` (where the game starts). Each move is a dict:
/// `number` (the move number written right before it, or None),
/// `ellipsis` (written `12...`), `text`, `nags` (`$3` is 3; the strength
/// marks `! ? !! ?? !? ?!` are 1 to 6), `comments` and `variations` (lines
/// in its place). Raises `PdnError` for the first game with a syntax error.
///
/// >>> import draughts_rs as d
/// >>> t = d.parse_pdn_tree("1. 32-28 19-23 (18-23 {also good}) *")[0]
/// >>> t["main"]["moves"][1]["variations"][0]["moves"][0]["comments"]
/// ['also good']
/// >>> d.write_pdn_tree(t)
/// '1. 32-28 19-23 (18-23 {also good}) *\n'
#[pyfunction]
pub fn parse_pdn_tree(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyDict>>> {
    let mut out = Vec::new();
    for g in draughts::pdn::parse_pdn_tree(text) {
        match g {
            Ok(t) => out.push(crate::svg::tree_dict(py, &t)?.unbind()),
            Err(e) => return Err(PyErr::from_value(pdn_error(py, &e, None)?)),
        }
    }
    Ok(out)
}

/// Writes a game tree (a dict as `parse_pdn_tree` returns it; missing keys
/// are empty) as PDN text; reading it back gives the same tree. Raises
/// `ArgumentError` for a value of the wrong type.
#[pyfunction]
pub fn write_pdn_tree(tree: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(crate::svg::tree_of(tree)?.to_pdn())
}

/// Why one line of a tree did not replay: the library's reason, or Ctrl-C.
enum LineFail {
    Read(PdnReadError),
    Interrupted(PyErr),
}

/// Replays every line of a game tree (a dict as `parse_pdn_tree` returns
/// it; missing keys are empty): the main line, then each variation from the
/// position before the move it replaces, in the order they are written,
/// depth first (the library's `GameTree::replay_lines`). Returns one
/// `Game` per line, in `"on_claim"` draw mode as `read_pdn` gives them.
///
/// `variant` is as for `read_pdn`: the variant of a tree without a
/// `GameType` tag, or a house rule to play it as. Raises `PdnError` for the
/// first line that does not replay: its message starts with the line's
/// path (`variation 2 at 2. (inside variation 1 at 1...)`, or `the main
/// line`) and its `path` attribute gives it as data, outermost first: one
/// dict per variation, `move_index` (the index in its parent line's
/// `moves` of the move it replaces), `variation` (its index among that
/// move's `variations`), `number` and `reply` (the move number and whether
/// it is the second mover's, `12...`, as the text numbers it); `[]` for the
/// main line. `VariantError` for an unknown `variant`, `ArgumentError` for
/// a tree of the wrong shape. Ctrl-C is noticed between lines.
///
/// >>> import draughts_rs as d
/// >>> t = d.parse_pdn_tree("1. 32-28 19-23 (1... 18-23 2. 38-32) *")[0]
/// >>> [[m.text for m in g.moves] for g in d.replay_lines(t, "international")]
/// [['32-28', '19-23'], ['32-28', '18-23', '38-32']]
#[pyfunction]
#[pyo3(signature = (tree, variant = None))]
pub fn replay_lines(
    py: Python<'_>,
    tree: &Bound<'_, PyAny>,
    variant: Option<&str>,
) -> PyResult<Vec<Py<Game>>> {
    let tree = crate::svg::tree_of(tree)?;
    let default = variant.map(mode_name).transpose()?;
    let games = tree.replay_lines_with(|g| {
        py.check_signals().map_err(LineFail::Interrupted)?;
        dynamic::replay_pdn(g, default).map_err(LineFail::Read)
    });
    match games {
        Ok(games) => games
            .into_iter()
            .map(|g| Py::new(py, Game::from_dyn(g, tree.tags.clone())))
            .collect(),
        Err(LineError {
            error: LineFail::Interrupted(e),
            ..
        }) => Err(e),
        Err(LineError {
            path,
            error: LineFail::Read(PdnReadError::Pdn(e)),
        }) => {
            let kw = pdn_error_parts(py, &e.kind, Some(tree.line))?;
            let steps = path
                .branches
                .iter()
                .map(|b| {
                    let step = PyDict::new(py);
                    step.set_item("move_index", b.move_index)?;
                    step.set_item("variation", b.variation)?;
                    step.set_item("number", b.number)?;
                    step.set_item("reply", b.reply)?;
                    Ok(step)
                })
                .collect::<PyResult<Vec<_>>>()?;
            kw.set_item("path", steps)?;
            let message = format!("{path}: {}", e.kind);
            Err(PyErr::from_value(
                errors::PdnError::class(py)?.call((message,), Some(&kw))?,
            ))
        }
        // The name was checked above; every line is a game.
        Err(LineError {
            error: LineFail::Read(other),
            ..
        }) => Err(errors::VariantError::new_err(other.to_string())),
    }
}

/// Reads every game of a PDN text.
///
/// Games without a `GameType` tag are played as `variant` (an error if
/// None). When `variant` is a house rule (`modes()`), every game is played
/// as that house rule, and a game whose `GameType` is another variant's is
/// a bad game; a game whose `CustomVariant` tag names a house rule (as
/// `Game.to_pdn` writes a house-rule game) is played as that house rule. Each game is replayed with its variant's rules in `"on_claim"`
/// draw mode (records go on after unclaimed draws). A bad game (its message
/// gives the game's index, the move number, the text and the reason):
/// `errors="raise"` raises `PdnError` for the first one, `"skip"` leaves bad
/// games out, `"return"` puts a `PdnError` instance in the bad game's place.
/// `PdnError` has the parts of the message as attributes (`game`, `kind`,
/// `line`, `move_number`, `move_text`, `detail`). Ctrl-C is noticed between
/// games. `ArgumentError` for another `errors` value.
#[pyfunction]
#[pyo3(signature = (text, variant = None, errors = "raise"))]
pub fn read_pdn(
    py: Python<'_>,
    text: &str,
    variant: Option<&str>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    if !matches!(errors, "raise" | "skip" | "return") {
        return Err(errors::ArgumentError::new_err(format!(
            "errors=`{errors}`: expected \"raise\", \"skip\" or \"return\""
        )));
    }
    let default = variant.map(mode_name).transpose()?;
    let mut out = Vec::new();
    for (i, g) in parse_pdn(text).into_iter().enumerate() {
        py.check_signals()?;
        let mut start_line = None;
        let r = match g {
            Err(e) => Err(e),
            Ok(g) => {
                start_line = Some(g.line);
                match dynamic::replay_pdn(&g, default) {
                    Ok(game) => Ok(Game::from_dyn(game, g.tags.clone())),
                    Err(PdnReadError::Pdn(e)) => Err(PdnError {
                        game: i + 1,
                        kind: e.kind,
                    }),
                    // The name was checked above; a game was read.
                    Err(other) => return Err(errors::VariantError::new_err(other.to_string())),
                }
            }
        };
        match r {
            Ok(g) => out.push(Py::new(py, g)?.into_any()),
            Err(e) => match errors {
                "raise" => return Err(PyErr::from_value(pdn_error(py, &e, start_line)?)),
                "return" => out.push(pdn_error(py, &e, start_line)?.unbind()),
                _ => {}
            },
        }
    }
    Ok(out)
}
