//! `Engine`: the library's computer opponent (its four levels, search limits,
//! search and analysis) for a `Game` or a `Board`, searching without holding
//! the GIL; `Score`, `SearchResult`, `SearchInfo` and `LevelInfo` are its
//! values.
//!
//! Everything here translates: the levels, the search, the draw awareness
//! and the choice among near-best moves are the library's
//! (`draughts::engine`). The binding supplies the clock
//! (`std::time::Instant`), a stop flag another thread can set, and a
//! progress hook that calls back into Python.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use draughts::dynamic::{DynGame, DynPosition, MoveInfo};
use draughts::engine::{self as eng, Hooks, Info, Level, LevelSpec, Limits, Score};
use draughts::Color;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::board::Board;
use crate::convert::{color, py_move, py_moves, q, PyMove};
use crate::errors::EngineError;
use crate::game::Game;

/// A search score for the side to move: hundredths of a man, or a forced
/// win or loss in a number of plies. Scores order from the worst (a quick
/// loss) to the best (a quick win); `float(score)` is `men`.
///
/// >>> import draughts_rs as d
/// >>> r = d.Engine().search(d.Board("international", "W:W28:B23,13"), depth=3)
/// >>> r.score.win_in, str(r.score)
/// (1, 'win in 1')
#[pyclass(module = "draughts_rs", name = "Score", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyScore(Score);

#[pymethods]
impl PyScore {
    /// The score in men (1.0 = one man); a forced result is about +-300.
    #[getter]
    fn men(&self) -> f64 {
        self.0.men()
    }
    /// The score in hundredths of a man (a forced result: +-30000 minus the plies).
    #[getter]
    fn centimen(&self) -> i32 {
        self.0.centimen()
    }
    /// Plies to a forced win (> 0) or loss (< 0); None when not forced.
    #[getter]
    fn win_in(&self) -> Option<i32> {
        self.0.win_in()
    }
    /// True for a forced win or loss.
    #[getter]
    fn is_decisive(&self) -> bool {
        self.0.is_decisive()
    }
    fn __float__(&self) -> f64 {
        self.0.men()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Score({})", q(&self.0.to_string()))
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (i32, Option<i32>))> {
        let f = slf.py().get_type::<PyScore>().getattr("_restore")?.unbind();
        let s = slf.get().0;
        Ok((f, (s.centimen(), s.win_in())))
    }
    #[staticmethod]
    fn _restore(centimen: i32, win_in: Option<i32>) -> PyScore {
        PyScore(match win_in {
            Some(n) if n >= 0 => Score::win_in_plies(n as u32),
            Some(n) => -Score::win_in_plies(n.unsigned_abs()),
            None => Score::from_centimen(centimen),
        })
    }
}

/// One of the four levels, as the library defines it.
#[pyclass(module = "draughts_rs", name = "LevelInfo", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LevelInfo {
    /// `"very easy"`, `"easy"`, `"medium"` or `"hard"`.
    #[pyo3(get)]
    name: &'static str,
    /// Nominal search depth in plies, or None.
    #[pyo3(get)]
    depth: Option<u32>,
    /// Node budget, or None.
    #[pyo3(get)]
    nodes: Option<u64>,
    /// Time per move in milliseconds, or None.
    #[pyo3(get)]
    time_ms: Option<u64>,
    /// The level plays a random move among those within this many hundredths
    /// of a man of the best (0: always the best move).
    #[pyo3(get)]
    margin_centimen: i32,
    /// Per mille of its moves that are a uniformly random legal move.
    #[pyo3(get)]
    blunder_permille: u32,
}

#[pymethods]
impl LevelInfo {
    fn __repr__(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        format!(
            "LevelInfo(name={}, depth={}, nodes={}, time_ms={}, margin_centimen={}, blunder_permille={})",
            q(self.name),
            opt(self.depth.map(u64::from)),
            opt(self.nodes),
            opt(self.time_ms),
            self.margin_centimen,
            self.blunder_permille
        )
    }
}

fn level_info(level: Level) -> LevelInfo {
    let s = level.spec();
    LevelInfo {
        name: level.name(),
        depth: s.limits.depth,
        nodes: s.limits.nodes,
        time_ms: s.limits.move_time_ms,
        margin_centimen: s.margin,
        blunder_permille: s.blunder_permille,
    }
}

/// The four levels, weakest first: their search limits and how they err.
///
/// >>> import draughts_rs as d
/// >>> [l.name for l in d.levels()]
/// ['very easy', 'easy', 'medium', 'hard']
#[pyfunction]
pub fn levels() -> Vec<LevelInfo> {
    Level::ALL.into_iter().map(level_info).collect()
}

/// Progress of a search, given to the callback after each completed iteration.
#[pyclass(module = "draughts_rs", name = "SearchInfo", frozen)]
pub struct SearchInfo {
    /// Nominal depth of the iteration.
    #[pyo3(get)]
    depth: u32,
    /// Deepest ply reached (captures included).
    #[pyo3(get)]
    seldepth: u32,
    /// Score of the best move for the side to move.
    #[pyo3(get)]
    score: PyScore,
    /// Nodes searched so far.
    #[pyo3(get)]
    nodes: u64,
    /// Milliseconds since the search started.
    #[pyo3(get)]
    time_ms: u64,
    /// Nodes per second (0 before a millisecond has passed).
    #[pyo3(get)]
    nps: u64,
    /// The principal variation, best move first.
    #[pyo3(get)]
    pv: Vec<PyMove>,
}

#[pymethods]
impl SearchInfo {
    fn __repr__(&self) -> String {
        let pv: Vec<&str> = self.pv.iter().map(|m| m.text.as_str()).collect();
        format!(
            "SearchInfo(depth={}, score={}, nodes={}, time_ms={}, pv={})",
            self.depth,
            q(&self.score.0.to_string()),
            self.nodes,
            self.time_ms,
            q(&pv.join(" "))
        )
    }
}

/// What a search found: the best move, its score, the principal variation,
/// the depth reached and the nodes and time spent.
#[pyclass(module = "draughts_rs", name = "SearchResult", frozen)]
pub struct SearchResult {
    /// The best move; None when there is no legal move (the game is over).
    #[pyo3(get)]
    best: Option<PyMove>,
    /// Its score for the side to move.
    #[pyo3(get)]
    score: PyScore,
    /// The principal variation, best move first.
    #[pyo3(get)]
    pv: Vec<PyMove>,
    /// The last completed nominal depth (0 if even depth 1 was cut short).
    #[pyo3(get)]
    depth: u32,
    /// Deepest ply reached.
    #[pyo3(get)]
    seldepth: u32,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
    /// Milliseconds the search took.
    #[pyo3(get)]
    time_ms: u64,
}

#[pymethods]
impl SearchResult {
    /// `score.win_in`: plies to a forced win (> 0) or loss (< 0), or None.
    #[getter]
    fn win_in(&self) -> Option<i32> {
        self.score.0.win_in()
    }
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best={}, score={}, depth={}, nodes={}, time_ms={})",
            self.best
                .as_ref()
                .map_or("None".to_string(), |m| format!("Move({})", q(&m.text))),
            q(&self.score.0.to_string()),
            self.depth,
            self.nodes,
            self.time_ms
        )
    }
}

/// The move a level played with what the search found (`Engine.play_scored`):
/// its score (None when no search chose it: the only legal move, or the
/// level's random move), the depth, the principal variation (the move
/// first) and the nodes.
#[pyclass(module = "draughts_rs", name = "Played", frozen)]
pub struct Played {
    /// The move played.
    #[pyo3(get, name = "move")]
    mv: PyMove,
    /// Its score for the side to move, or None when no search chose it.
    #[pyo3(get)]
    score: Option<PyScore>,
    /// The last completed depth (0 when no search chose the move).
    #[pyo3(get)]
    depth: u32,
    /// The principal variation, the move first.
    #[pyo3(get)]
    pv: Vec<PyMove>,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl Played {
    fn __repr__(&self) -> String {
        format!(
            "Played(move={}, score={}, depth={}, nodes={})",
            format_args!("Move({})", q(&self.mv.text)),
            self.score
                .as_ref()
                .map_or("None".to_string(), |s| q(&s.0.to_string())),
            self.depth,
            self.nodes
        )
    }
}

/// A non-negative integer argument (`EngineError` otherwise; `TypeError`
/// for a value that is not an integer).
fn count(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    if !v.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an integer, not {}",
            v.get_type().name()?
        )));
    }
    v.extract::<u64>().map_err(|_| {
        EngineError::new_err(format!("{name} must be a non-negative integer, got {v}"))
    })
}

pub(crate) fn opt_count(name: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    v.filter(|v| !v.is_none())
        .map(|v| count(name, v))
        .transpose()
}

fn parse_level(name: &str) -> PyResult<Level> {
    name.parse::<Level>()
        .map_err(|e| EngineError::new_err(e.to_string()))
}

/// The limits of one call: those given, else `base` (the level's).
#[allow(clippy::too_many_arguments)]
fn limits(
    base: Limits,
    depth: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    time_ms: Option<&Bound<'_, PyAny>>,
    time_left_ms: Option<&Bound<'_, PyAny>>,
    increment_ms: Option<&Bound<'_, PyAny>>,
    moves_to_go: Option<&Bound<'_, PyAny>>,
    infinite: bool,
) -> PyResult<Limits> {
    let l = Limits {
        depth: opt_count("depth", depth)?.map(|d| d.min(u32::MAX as u64) as u32),
        nodes: opt_count("nodes", nodes)?,
        move_time_ms: opt_count("time_ms", time_ms)?,
        time_left_ms: opt_count("time_left_ms", time_left_ms)?,
        increment_ms: opt_count("increment_ms", increment_ms)?.unwrap_or(0),
        moves_to_go: opt_count("moves_to_go", moves_to_go)?.map(|m| m.min(u32::MAX as u64) as u32),
    };
    if l.time_left_ms.is_none() && (l.increment_ms != 0 || l.moves_to_go.is_some()) {
        return Err(EngineError::new_err(
            "increment_ms and moves_to_go go with time_left_ms",
        ));
    }
    let given = l != Limits::default();
    if infinite {
        return if given {
            Err(EngineError::new_err("infinite=True takes no other limit"))
        } else {
            Ok(Limits::default())
        };
    }
    Ok(if given { l } else { base })
}

/// A `Game` (its history counts: repetitions, draw counters) or a `Board`
/// (searched as a game starting there), copied for the search.
pub(crate) fn searchable(v: &Bound<'_, PyAny>) -> PyResult<Box<dyn DynGame>> {
    if let Ok(g) = v.cast::<Game>() {
        return Ok(g.try_borrow()?.g.clone());
    }
    if let Ok(b) = v.cast::<Board>() {
        return Ok(b.get().pos.to_game());
    }
    Err(PyTypeError::new_err(format!(
        "expected a Game or a Board, not {}",
        v.get_type().name()?
    )))
}

enum Job {
    PlayScored(LevelSpec, u64),
    Search(Limits),
    Analyse(Limits),
    AcceptsDraw(Color),
}

enum Answer {
    Played(Option<Played>),
    Result(SearchResult),
    Scores(Vec<(PyMove, PyScore)>),
    Draw(bool),
}

/// The progress hook: calls `callback` (if any) with a `SearchInfo`, and
/// checks for Ctrl-C; an exception from either sets the stop flag and is
/// kept in `failed` to be raised when the search returns.
fn progress<'a>(
    pos: &'a dyn DynPosition,
    callback: Option<&'a Py<PyAny>>,
    stop: &'a AtomicBool,
    failed: &'a mut Option<PyErr>,
) -> impl FnMut(&Info<'_, MoveInfo>) + 'a {
    move |info: &Info<'_, MoveInfo>| {
        if failed.is_some() {
            return;
        }
        Python::attach(|py| {
            let r = py.check_signals().and_then(|()| match callback {
                None => Ok(()),
                Some(cb) => {
                    let info = SearchInfo {
                        depth: info.depth,
                        seldepth: info.seldepth,
                        score: PyScore(info.score),
                        nodes: info.nodes,
                        time_ms: info.time_ms,
                        nps: info.nps,
                        pv: py_moves(pos, info.pv),
                    };
                    cb.call1(py, (info,)).map(drop)
                }
            });
            if let Err(e) = r {
                stop.store(true, Ordering::Relaxed);
                *failed = Some(e);
            }
        });
    }
}

/// Settings that can change between searches.
#[derive(Clone, Copy)]
struct Settings {
    level: Level,
    seed: u64,
}

/// The computer opponent: the library's search engine for every variant,
/// keeping its transposition table and move-ordering history between moves.
///
/// `level` is one of `levels()` (`"very easy"`, `"easy"`, `"medium"`,
/// `"hard"`; also `"normal"` for medium), `seed` makes the levels' random
/// choices reproducible (the same seed in the same game gives the same
/// moves; `"hard"` is time-limited, give it `nodes=` to make it
/// reproducible), `tt_mib` is the table size in MiB (1 to 16384).
///
/// Searches run without holding the GIL; one engine runs one search at a
/// time (a second call waits). `callback`, if given, is called with a
/// `SearchInfo` after each completed iteration; an exception it raises (or
/// Ctrl-C, noticed between iterations) stops the search and is raised.
/// `stop()` from another thread ends the running search, which returns the
/// best move found so far.
///
/// >>> import draughts_rs as d
/// >>> e = d.Engine("medium", seed=1)
/// >>> g = d.Game("english")
/// >>> e.play(g) in g.legal_moves()
/// True
/// >>> r = e.search(g, depth=4)
/// >>> r.depth, r.pv[0] == r.best
/// (4, True)
#[pyclass(module = "draughts_rs", name = "Engine", frozen)]
pub struct PyEngine {
    engine: Mutex<eng::Engine>,
    stop: AtomicBool,
    searching: AtomicBool,
    settings: Mutex<Settings>,
    tt_mib: usize,
}

/// Largest table accepted, in MiB.
const MAX_TT_MIB: u64 = 16384;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl PyEngine {
    fn settings(&self) -> Settings {
        *lock(&self.settings)
    }

    fn run(
        slf: &Bound<'_, Self>,
        game: Box<dyn DynGame>,
        job: Job,
        callback: Option<Py<PyAny>>,
    ) -> PyResult<Answer> {
        if let Some(cb) = &callback {
            if !cb.bind(slf.py()).is_callable() {
                return Err(PyTypeError::new_err("callback must be callable"));
            }
        }
        let me: &PyEngine = slf.get();
        let pos = game.position();
        let pos = pos.as_ref();
        let mut failed: Option<PyErr> = None;
        let answer = slf.py().detach(|| {
            let mut engine = lock(&me.engine);
            // Cleared once this search owns the engine: a stop() for the search
            // that ran while this one waited is not lost, and a stale stop()
            // does not end this one.
            me.stop.store(false, Ordering::Relaxed);
            me.searching.store(true, Ordering::Relaxed);
            let epoch = Instant::now();
            let clock = move || epoch.elapsed().as_millis() as u64;
            let mut hook = progress(pos, callback.as_ref(), &me.stop, &mut failed);
            let hooks = Hooks {
                clock: &clock,
                stop: Some(&me.stop),
                info: Some(&mut hook),
            };
            let engine = &mut *engine;
            let answer = match job {
                Job::PlayScored(spec, seed) => Answer::Played(
                    game.engine_play(engine, &spec, seed, hooks)
                        .map(|p| Played {
                            mv: py_move(pos, &p.mv),
                            score: p.score.map(PyScore),
                            depth: p.depth,
                            pv: py_moves(pos, &p.pv),
                            nodes: p.nodes,
                        }),
                ),
                Job::Search(l) => {
                    let r = game.engine_search(engine, &l, hooks);
                    Answer::Result(SearchResult {
                        best: r.best.map(|m| py_move(pos, &m)),
                        score: PyScore(r.score),
                        pv: py_moves(pos, &r.pv),
                        depth: r.depth,
                        seldepth: r.seldepth,
                        nodes: r.nodes,
                        time_ms: r.time_ms,
                    })
                }
                Job::AcceptsDraw(by) => Answer::Draw(game.engine_accepts_draw(engine, by, hooks)),
                Job::Analyse(l) => Answer::Scores(
                    game.engine_analyse(engine, &l, hooks)
                        .moves
                        .iter()
                        .map(|(m, s)| (py_move(pos, m), PyScore(*s)))
                        .collect(),
                ),
            };
            me.searching.store(false, Ordering::Relaxed);
            answer
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(answer),
        }
    }
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (level = "medium", seed = None, tt_mib = None), text_signature = "(level='medium', seed=1, tt_mib=16)")]
    fn new(
        level: &str,
        seed: Option<&Bound<'_, PyAny>>,
        tt_mib: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEngine> {
        let level = parse_level(level)?;
        let seed = opt_count("seed", seed)?.unwrap_or(1);
        let tt_mib = opt_count("tt_mib", tt_mib)?.unwrap_or(16);
        if !(1..=MAX_TT_MIB).contains(&tt_mib) {
            return Err(EngineError::new_err(format!(
                "tt_mib must be from 1 to {MAX_TT_MIB}, got {tt_mib}"
            )));
        }
        Ok(PyEngine {
            engine: Mutex::new(eng::Engine::with_tt_mib(tt_mib as usize)),
            stop: AtomicBool::new(false),
            searching: AtomicBool::new(false),
            settings: Mutex::new(Settings { level, seed }),
            tt_mib: tt_mib as usize,
        })
    }

    /// The level's name (set it to any name `Engine` takes).
    #[getter]
    fn get_level(&self) -> &'static str {
        self.settings().level.name()
    }
    #[setter]
    fn set_level(&self, name: &str) -> PyResult<()> {
        let level = parse_level(name)?;
        lock(&self.settings).level = level;
        Ok(())
    }
    /// The seed of the level's random choices.
    #[getter]
    fn get_seed(&self) -> u64 {
        self.settings().seed
    }
    #[setter]
    fn set_seed(&self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        let seed = count("seed", seed)?;
        lock(&self.settings).seed = seed;
        Ok(())
    }
    /// The transposition table's size in MiB, as asked for.
    #[getter]
    fn tt_mib(&self) -> usize {
        self.tt_mib
    }
    /// True while a search of this engine runs (in any thread).
    #[getter]
    fn searching(&self) -> bool {
        self.searching.load(Ordering::Relaxed)
    }
    /// The level's definition (`LevelInfo`).
    #[getter]
    fn level_info(&self) -> LevelInfo {
        level_info(self.settings().level)
    }

    /// The move the engine's level plays in `game` (a `Game` or a `Board`),
    /// or None when the game is over. Limits given replace the level's
    /// (`nodes=20000` makes `"hard"` reproducible); the level's way of
    /// erring stays.
    #[pyo3(signature = (game, *, depth = None, nodes = None, time_ms = None, time_left_ms = None, increment_ms = None, moves_to_go = None, callback = None))]
    #[allow(clippy::too_many_arguments)]
    fn play(
        slf: &Bound<'_, Self>,
        game: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time_ms: Option<&Bound<'_, PyAny>>,
        time_left_ms: Option<&Bound<'_, PyAny>>,
        increment_ms: Option<&Bound<'_, PyAny>>,
        moves_to_go: Option<&Bound<'_, PyAny>>,
        callback: Option<Py<PyAny>>,
    ) -> PyResult<Option<PyMove>> {
        // The level's move is the one its scored play gives.
        let played = Self::play_scored(
            slf,
            game,
            depth,
            nodes,
            time_ms,
            time_left_ms,
            increment_ms,
            moves_to_go,
            callback,
        )?;
        Ok(played.map(|p| p.mv))
    }

    /// The move `play` plays, with what the search found: a `Played` with
    /// the move, its score (None when no search chose it), the depth, the
    /// principal variation and the nodes, so a frontend shows the
    /// computer's evaluation without searching twice. None once the game
    /// is over. Same arguments as `play`.
    ///
    /// >>> import draughts_rs as d
    /// >>> p = d.Engine("hard", seed=1).play_scored(d.Game("russian"), nodes=3000)
    /// >>> p.pv[0] == p.move, p.score is not None, p.depth >= 1
    /// (True, True, True)
    #[pyo3(signature = (game, *, depth = None, nodes = None, time_ms = None, time_left_ms = None, increment_ms = None, moves_to_go = None, callback = None))]
    #[allow(clippy::too_many_arguments)]
    fn play_scored(
        slf: &Bound<'_, Self>,
        game: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time_ms: Option<&Bound<'_, PyAny>>,
        time_left_ms: Option<&Bound<'_, PyAny>>,
        increment_ms: Option<&Bound<'_, PyAny>>,
        moves_to_go: Option<&Bound<'_, PyAny>>,
        callback: Option<Py<PyAny>>,
    ) -> PyResult<Option<Played>> {
        let s = slf.get().settings();
        let mut spec = s.level.spec();
        spec.limits = limits(
            spec.limits,
            depth,
            nodes,
            time_ms,
            time_left_ms,
            increment_ms,
            moves_to_go,
            false,
        )?;
        let g = searchable(game)?;
        match Self::run(slf, g, Job::PlayScored(spec, s.seed), callback)? {
            Answer::Played(p) => Ok(p),
            _ => unreachable!("a scored play job answers with a played move"),
        }
    }

    /// Searches `game` (a `Game`, whose history counts for repetitions and
    /// the draw counters, or a `Board`) and returns a `SearchResult`.
    ///
    /// Limits: `depth` (plies), `nodes`, `time_ms` (for this move), or a
    /// game clock (`time_left_ms`, with `increment_ms` and `moves_to_go`);
    /// the first reached ends the search. With none, the level's limits;
    /// `infinite=True` searches until `stop()` (or depth 100).
    #[pyo3(signature = (game, *, depth = None, nodes = None, time_ms = None, time_left_ms = None, increment_ms = None, moves_to_go = None, infinite = false, callback = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        slf: &Bound<'_, Self>,
        game: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time_ms: Option<&Bound<'_, PyAny>>,
        time_left_ms: Option<&Bound<'_, PyAny>>,
        increment_ms: Option<&Bound<'_, PyAny>>,
        moves_to_go: Option<&Bound<'_, PyAny>>,
        infinite: bool,
        callback: Option<Py<PyAny>>,
    ) -> PyResult<SearchResult> {
        let base = slf.get().settings().level.spec().limits;
        let l = limits(
            base,
            depth,
            nodes,
            time_ms,
            time_left_ms,
            increment_ms,
            moves_to_go,
            infinite,
        )?;
        let g = searchable(game)?;
        match Self::run(slf, g, Job::Search(l), callback)? {
            Answer::Result(r) => Ok(r),
            _ => unreachable!("a search job answers with a result"),
        }
    }

    /// Every legal move with its score, best first: a list of
    /// `(Move, Score)`, each move searched with a full window to the same
    /// depth (slower than `search`). Same limits as `search`.
    #[pyo3(signature = (game, *, depth = None, nodes = None, time_ms = None, time_left_ms = None, increment_ms = None, moves_to_go = None, infinite = false, callback = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        slf: &Bound<'_, Self>,
        game: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time_ms: Option<&Bound<'_, PyAny>>,
        time_left_ms: Option<&Bound<'_, PyAny>>,
        increment_ms: Option<&Bound<'_, PyAny>>,
        moves_to_go: Option<&Bound<'_, PyAny>>,
        infinite: bool,
        callback: Option<Py<PyAny>>,
    ) -> PyResult<Vec<(PyMove, PyScore)>> {
        let base = slf.get().settings().level.spec().limits;
        let l = limits(
            base,
            depth,
            nodes,
            time_ms,
            time_left_ms,
            increment_ms,
            moves_to_go,
            infinite,
        )?;
        let g = searchable(game)?;
        match Self::run(slf, g, Job::Analyse(l), callback)? {
            Answer::Scores(s) => Ok(s),
            _ => unreachable!("an analyse job answers with scores"),
        }
    }

    /// Whether the engine, as the opponent of `offered_by` (`"white"` or
    /// `"black"`; default: the side to move in `game`), accepts the draw
    /// that side offers: yes when a short search (50,000 nodes, the
    /// library's `DRAW_OFFER_NODES`) finds the offering side at least level.
    /// Always False once the game is over.
    #[pyo3(signature = (game, offered_by = None))]
    fn accepts_draw(
        slf: &Bound<'_, Self>,
        game: &Bound<'_, PyAny>,
        offered_by: Option<&str>,
    ) -> PyResult<bool> {
        let g = searchable(game)?;
        let by = match offered_by {
            Some(text) => color(text)?,
            None => g.turn(),
        };
        match Self::run(slf, g, Job::AcceptsDraw(by), None)? {
            Answer::Draw(yes) => Ok(yes),
            _ => unreachable!("a draw job answers yes or no"),
        }
    }

    /// Stops the running search (call it from another thread); it returns
    /// the best move found so far. No effect when no search is running.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets everything learnt (for a new game: results no longer depend
    /// on earlier searches). Waits for a running search to end.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| lock(&self.engine).clear());
    }

    fn __repr__(&self) -> String {
        let s = self.settings();
        format!(
            "Engine(level={}, seed={}, tt_mib={})",
            q(s.level.name()),
            s.seed,
            self.tt_mib
        )
    }
}
