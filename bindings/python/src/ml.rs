//! For machine learning: batch random playouts (without the GIL, on
//! several threads) and planes for a batch of boards.

use draughts::{AnyPosition, Color, Game, Outcome, Position, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::{dims, ndarray, planes, Board};
use crate::convert::{fen_err, kind};

/// SplitMix64: a small, fast, seedable generator (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Totals of a batch of playouts.
#[derive(Default, Clone, Copy)]
struct Totals {
    white: u64,
    black: u64,
    draws: u64,
    unfinished: u64,
    plies: u64,
}

fn playout<V: Variant>(start: &Position<V>, seed: u64, max_plies: usize, t: &mut Totals) {
    let mut rng = Rng(seed);
    let mut game = Game::from_position(*start);
    let mut plies = 0;
    while plies < max_plies && game.outcome().is_none() {
        let moves = game.legal_moves();
        let mv = &moves[rng.below(moves.len())];
        game.play(mv).expect("a legal move plays");
        plies += 1;
    }
    t.plies += plies as u64;
    match game.outcome() {
        None => t.unfinished += 1,
        Some(Outcome::Draw { .. }) => t.draws += 1,
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => t.white += 1,
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => t.black += 1,
    }
}

fn playouts<V: Variant>(
    start: &Position<V>,
    games: u64,
    seed: u64,
    max_plies: usize,
    threads: usize,
) -> Totals {
    let threads = threads.clamp(1, 256) as u64;
    let chunk = games.div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                s.spawn(move || {
                    let mut t = Totals::default();
                    for g in (i * chunk)..((i + 1) * chunk).min(games) {
                        playout(
                            start,
                            seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ g,
                            max_plies,
                            &mut t,
                        );
                    }
                    t
                })
            })
            .collect();
        handles.into_iter().fold(Totals::default(), |a, h| {
            let t = h.join().expect("a playout thread does not panic");
            Totals {
                white: a.white + t.white,
                black: a.black + t.black,
                draws: a.draws + t.draws,
                unfinished: a.unfinished + t.unfinished,
                plies: a.plies + t.plies,
            }
        })
    })
}

/// Plays `games` games of uniformly random legal moves from the start
/// position (or `fen`) with the variant's draw rules (automatic draws), each
/// stopped after `max_plies` plies, on `threads` threads without holding the
/// GIL. Game `i` uses its own generator seeded from `seed` and `i`, so the
/// totals do not depend on `threads`.
///
/// Returns `{"white": wins, "black": wins, "draws": n, "unfinished": n,
/// "plies": total plies played}`.
#[pyfunction]
#[pyo3(signature = (variant = "international", games = 100, fen = None, seed = 0, max_plies = 400, threads = 1))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    fen: Option<&str>,
    seed: u64,
    max_plies: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let k = kind(variant)?;
    let start = match fen {
        None => AnyPosition::start(k),
        Some(f) => AnyPosition::from_fen(k, f).map_err(fen_err)?,
    };
    let t = py.detach(move || with_pos!(&start, p => playouts(p, games, seed, max_plies, threads)));
    let d = PyDict::new(py);
    d.set_item("white", t.white)?;
    d.set_item("black", t.black)?;
    d.set_item("draws", t.draws)?;
    d.set_item("unfinished", t.unfinished)?;
    d.set_item("plies", t.plies)?;
    Ok(d)
}

/// Planes of several boards of one variant as one NumPy array of shape
/// `(len(boards), 4, height, width)` (see `Board.planes`).
#[pyfunction]
#[pyo3(signature = (boards, dtype = None))]
pub fn planes_batch<'py>(
    py: Python<'py>,
    boards: Vec<PyRef<'py, Board>>,
    dtype: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(first) = boards.first() else {
        return Err(PyValueError::new_err(
            "planes_batch needs at least one board",
        ));
    };
    let k = first.pos.kind();
    let mut buf = Vec::new();
    for b in &boards {
        if b.pos.kind() != k {
            return Err(PyValueError::new_err(format!(
                "planes_batch needs boards of one variant: {} and {}",
                k,
                b.pos.kind()
            )));
        }
        with_pos!(&b.pos, p => planes(p, &mut buf));
    }
    let (h, w, _) = dims(k);
    let dtype = dtype.unwrap_or_else(|| "float32".into_pyobject(py).unwrap().into_any());
    ndarray(py, &buf, vec![boards.len(), 4, h, w], &dtype)
}
