//! `Engine`: the library's computer opponent (levels, limits, search and
//! analysis) searching without holding the GIL, with an optional callback
//! per completed iteration.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use draughts::engine::{Engine, Hooks, Info, Level, LevelSpec, Limits, Score};
use draughts::{AnyGame, Variant, VariantKind};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::Board;
use crate::convert::{py_move, PyMove};
use crate::errors;
use crate::game::Game;

/// A `Game` (its history counts for repetitions and draw counters) or a
/// `Board` (searched as a game starting there).
#[derive(FromPyObject)]
pub(crate) enum Searchable<'py> {
    Game(PyRef<'py, Game>),
    Board(PyRef<'py, Board>),
}

impl Searchable<'_> {
    fn game(&self) -> AnyGame {
        match self {
            Searchable::Game(g) => g.g.clone(),
            Searchable::Board(b) => AnyGame::from_position(b.pos),
        }
    }
}

fn level(name: &str) -> PyResult<Level> {
    name.parse::<Level>()
        .map_err(|e| errors::DraughtsError::new_err(e.to_string()))
}

/// The result of a search.
#[pyclass(module = "draughts_rs", name = "SearchResult", frozen)]
#[derive(Clone)]
pub struct PySearchResult {
    /// The best move (None when there is no legal move).
    #[pyo3(get)]
    best: Option<PyMove>,
    /// The score for the side to move, in men (1.0 = one man).
    #[pyo3(get)]
    score: f64,
    /// Plies to a forced win (> 0) or loss (< 0), or None.
    #[pyo3(get)]
    win_in: Option<i32>,
    /// The score as text: `+0.25`, `win in 7`, `loss in 4`.
    #[pyo3(get)]
    score_text: String,
    /// The principal variation, best move first.
    #[pyo3(get)]
    pv: Vec<PyMove>,
    /// The last completed depth.
    #[pyo3(get)]
    depth: u32,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
    /// Milliseconds the search took.
    #[pyo3(get)]
    time_ms: u64,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best={}, score={}, depth={}, nodes={})",
            self.best
                .as_ref()
                .map_or("None".to_string(), |m| format!("Move('{}')", m.text)),
            self.score_text,
            self.depth,
            self.nodes
        )
    }
}

fn score_parts(s: Score) -> (f64, Option<i32>, String) {
    (s.men(), s.win_in(), s.to_string())
}

/// Why a search ended early: the callback raised.
struct Stopped(Option<PyErr>);

/// Calls the Python callback with a dict per completed iteration; an
/// exception in it (or Ctrl-C) stops the search and is raised afterwards.
fn info_hook<'a, V: Variant>(
    kind: VariantKind,
    callback: &'a Option<Py<PyAny>>,
    stop: &'a AtomicBool,
    failed: &'a Mutex<Stopped>,
) -> impl FnMut(&Info<'_, V>) + 'a {
    move |info: &Info<'_, V>| {
        let Some(cb) = callback else { return };
        Python::attach(|py| {
            let result = (|| -> PyResult<()> {
                py.check_signals()?;
                let d = PyDict::new(py);
                let (men, win_in, text) = score_parts(info.score);
                d.set_item("depth", info.depth)?;
                d.set_item("seldepth", info.seldepth)?;
                d.set_item("score", men)?;
                d.set_item("win_in", win_in)?;
                d.set_item("score_text", text)?;
                d.set_item("nodes", info.nodes)?;
                d.set_item("time_ms", info.time_ms)?;
                d.set_item("nps", info.nps)?;
                let pv: Vec<PyMove> = info.pv.iter().map(|m| py_move(kind, m)).collect();
                d.set_item("pv", pv)?;
                cb.call1(py, (d,))?;
                Ok(())
            })();
            if let Err(e) = result {
                stop.store(true, Ordering::Relaxed);
                failed.lock().expect("not poisoned").0.get_or_insert(e);
            }
        });
    }
}

/// The computer opponent: a search engine for every variant, keeping its
/// transposition table between moves.
///
/// Searches run without holding the GIL. `info`, if given, is called with a
/// dict (`depth`, `seldepth`, `score`, `win_in`, `score_text`, `nodes`,
/// `time_ms`, `nps`, `pv`) after each completed iteration; an exception it
/// raises (or Ctrl-C) stops the search and is raised. `stop()` from another
/// thread ends a running search with the best move found so far.
///
/// >>> import draughts_rs as d
/// >>> e = d.Engine()
/// >>> g = d.Game("english")
/// >>> r = e.search(g, depth=4)
/// >>> r.depth, r.best in g.legal_moves()
/// (4, True)
#[pyclass(module = "draughts_rs", name = "Engine", frozen)]
pub struct PyEngine {
    engine: Mutex<Engine>,
    stop: AtomicBool,
}

#[allow(clippy::too_many_arguments)]
fn limits(
    base: Limits,
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time_ms: Option<u64>,
    time_left_ms: Option<u64>,
    increment_ms: Option<u64>,
    moves_to_go: Option<u32>,
) -> Limits {
    let any = depth.is_some()
        || nodes.is_some()
        || move_time_ms.is_some()
        || time_left_ms.is_some();
    let mut l = if any { Limits::default() } else { base };
    if let Some(d) = depth {
        l.depth = Some(d);
    }
    if let Some(n) = nodes {
        l.nodes = Some(n);
    }
    if let Some(t) = move_time_ms {
        l.move_time_ms = Some(t);
    }
    if let Some(t) = time_left_ms {
        l.time_left_ms = Some(t);
    }
    if let Some(i) = increment_ms {
        l.increment_ms = i;
    }
    if moves_to_go.is_some() {
        l.moves_to_go = moves_to_go;
    }
    l
}

enum Job {
    Play(LevelSpec, u64),
    Search(Limits),
    Analyse(Limits),
}

enum Answer {
    Move(Option<PyMove>),
    Result(PySearchResult),
    Scores(Vec<(PyMove, f64, Option<i32>, String)>),
}

impl PyEngine {
    fn run(
        slf: &Bound<'_, Self>,
        game: AnyGame,
        job: Job,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Answer> {
        let this: Py<PyEngine> = slf.clone().unbind();
        let kind = game.kind();
        let py = slf.py();
        let failed = Mutex::new(Stopped(None));
        let answer = py.detach(|| {
            let me = this.get();
            me.stop.store(false, Ordering::Relaxed);
            let mut engine = me.engine.lock().expect("not poisoned");
            let start = Instant::now();
            let clock = move || start.elapsed().as_millis() as u64;
            with_game!(&game, g => {
                let mut hook = info_hook(kind, &info, &me.stop, &failed);
                let hooks = Hooks {
                    clock: &clock,
                    stop: Some(&me.stop),
                    info: if info.is_some() { Some(&mut hook) } else { None },
                };
                match &job {
                    Job::Play(spec, seed) => {
                        Answer::Move(engine.play(g, spec, *seed, hooks).map(|m| py_move(kind, &m)))
                    }
                    Job::Search(l) => {
                        let r = engine.search(g, l, hooks);
                        let (score, win_in, score_text) = score_parts(r.score);
                        Answer::Result(PySearchResult {
                            best: r.best.map(|m| py_move(kind, &m)),
                            score,
                            win_in,
                            score_text,
                            pv: r.pv.iter().map(|m| py_move(kind, m)).collect(),
                            depth: r.depth,
                            nodes: r.nodes,
                            time_ms: r.time_ms,
                        })
                    }
                    Job::Analyse(l) => Answer::Scores(
                        engine
                            .analyse(g, l, hooks)
                            .moves
                            .iter()
                            .map(|(m, s)| {
                                let (men, w, t) = score_parts(*s);
                                (py_move(kind, m), men, w, t)
                            })
                            .collect(),
                    ),
                }
            })
        });
        if let Some(e) = failed.into_inner().expect("not poisoned").0 {
            return Err(e);
        }
        Ok(answer)
    }
}

#[pymethods]
impl PyEngine {
    /// An engine with a transposition table of about `tt_mib` MiB.
    #[new]
    #[pyo3(signature = (tt_mib = 16))]
    fn new(tt_mib: usize) -> PyEngine {
        PyEngine {
            engine: Mutex::new(Engine::with_tt_mib(tt_mib.clamp(1, 4096))),
            stop: AtomicBool::new(false),
        }
    }

    /// The move `level` (`"very easy"`, `"easy"`, `"medium"`, `"hard"`)
    /// plays in `game` with random seed `seed`, or None when the game is
    /// over. The limits given replace the level's (e.g. `nodes=20000` for
    /// a reproducible `hard`).
    #[pyo3(signature = (game, level = "medium", seed = 0, *, depth = None, nodes = None, move_time_ms = None, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn play(
        slf: &Bound<'_, Self>,
        game: Searchable<'_>,
        level: &str,
        seed: u64,
        depth: Option<u32>,
        nodes: Option<u64>,
        move_time_ms: Option<u64>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Option<PyMove>> {
        let mut spec = self::level(level)?.spec();
        spec.limits = limits(spec.limits, depth, nodes, move_time_ms, None, None, None);
        match Self::run(slf, game.game(), Job::Play(spec, seed), info)? {
            Answer::Move(m) => Ok(m),
            _ => unreachable!("a play job answers with a move"),
        }
    }

    /// Searches `game` (a `Game` or a `Board`) within the limits: `depth`
    /// plies, `nodes`, `move_time_ms`, or a game clock (`time_left_ms`,
    /// `increment_ms`, `moves_to_go`). With no limit, depth 8.
    #[pyo3(signature = (game, *, depth = None, nodes = None, move_time_ms = None, time_left_ms = None, increment_ms = None, moves_to_go = None, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        slf: &Bound<'_, Self>,
        game: Searchable<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        move_time_ms: Option<u64>,
        time_left_ms: Option<u64>,
        increment_ms: Option<u64>,
        moves_to_go: Option<u32>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<PySearchResult> {
        let l = limits(
            Limits::depth(8),
            depth,
            nodes,
            move_time_ms,
            time_left_ms,
            increment_ms,
            moves_to_go,
        );
        match Self::run(slf, game.game(), Job::Search(l), info)? {
            Answer::Result(r) => Ok(r),
            _ => unreachable!("a search job answers with a result"),
        }
    }

    /// Every legal move with its score, best first: a list of
    /// `(move, score in men, win_in, score text)`. Same limits as `search`
    /// (default depth 6).
    #[pyo3(signature = (game, *, depth = None, nodes = None, move_time_ms = None, info = None))]
    #[allow(clippy::type_complexity)]
    fn analyse(
        slf: &Bound<'_, Self>,
        game: Searchable<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        move_time_ms: Option<u64>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Vec<(PyMove, f64, Option<i32>, String)>> {
        let l = limits(Limits::depth(6), depth, nodes, move_time_ms, None, None, None);
        match Self::run(slf, game.game(), Job::Analyse(l), info)? {
            Answer::Scores(s) => Ok(s),
            _ => unreachable!("an analyse job answers with scores"),
        }
    }

    /// Stops a running search (from another thread); it returns the best
    /// move found so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets everything learnt (results become independent of earlier
    /// searches).
    fn clear(&self, py: Python<'_>) {
        py.detach(|| self.engine.lock().expect("not poisoned").clear());
    }

    fn __repr__(&self) -> &'static str {
        "Engine()"
    }
}

/// The level names, weakest first.
#[pyfunction]
pub fn levels() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

/// The move `level` plays in `game` with `seed` (a fresh engine each call:
/// the answer depends only on the game, the level and the seed, and for
/// the time-limited `"hard"` on the clock).
#[pyfunction]
#[pyo3(signature = (game, level = "medium", seed = 0))]
pub fn best_move(
    py: Python<'_>,
    game: Searchable<'_>,
    level: &str,
    seed: u64,
) -> PyResult<Option<PyMove>> {
    let lv = self::level(level)?;
    let g = game.game();
    let kind = g.kind();
    Ok(py.detach(move || {
        let start = Instant::now();
        let clock = move || start.elapsed().as_millis() as u64;
        with_game!(&g, g => draughts::engine::best_move(g, lv, seed, &clock).map(|m| py_move(kind, &m)))
    }))
}
