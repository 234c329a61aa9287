//! For machine learning: batch random playouts (without the GIL, on
//! several threads) and planes for a batch of boards.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use draughts::dynamic::{DynGame, DynPosition};
use draughts::{Color, Outcome};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::{dims, ndarray, planes, thread_count, Board, PLANES};
use crate::convert::Int;
use crate::errors;
use crate::interrupt::{Poll, INTERVAL};

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

/// One playout; false (and nothing counted) when `stop` was set.
fn playout(
    start: &dyn DynPosition,
    seed: u64,
    max_plies: u64,
    stop: &AtomicBool,
    t: &mut Totals,
) -> bool {
    let mut rng = Rng(seed);
    let mut game: Box<dyn DynGame> = start.to_game();
    let mut plies = 0;
    while plies < max_plies && game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        let n = game.legal_count();
        if n == 0 || game.play_nth(rng.below(n)).is_err() {
            // A game without an outcome has a legal move, and a legal move
            // plays: neither happens, and the game then counts as unfinished.
            break;
        }
        plies += 1;
    }
    t.plies += plies;
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
    true
}

/// The playouts on `threads` threads; the calling thread polls for Ctrl-C
/// meanwhile (None when a signal handler raised).
fn playouts(
    start: &dyn DynPosition,
    games: u64,
    seed: u64,
    max_plies: u64,
    threads: usize,
    poll: &mut Poll,
) -> Option<Totals> {
    let threads = threads as u64;
    let chunk = games.div_ceil(threads);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Totals>();
    std::thread::scope(|s| {
        for i in 0..threads {
            let (tx, stop) = (tx.clone(), &stop);
            s.spawn(move || {
                let mut t = Totals::default();
                for g in (i * chunk)..((i + 1) * chunk).min(games) {
                    let seed = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ g;
                    if !playout(start, seed, max_plies, stop, &mut t) {
                        break;
                    }
                }
                // The receiver outlives the scope: sending cannot fail.
                let _ = tx.send(t);
            });
        }
        drop(tx);
        let mut total = Totals::default();
        let mut done = 0;
        while done < threads {
            match rx.recv_timeout(INTERVAL) {
                Ok(t) => {
                    done += 1;
                    total = Totals {
                        white: total.white + t.white,
                        black: total.black + t.black,
                        draws: total.draws + t.draws,
                        unfinished: total.unfinished + t.unfinished,
                        plies: total.plies + t.plies,
                    };
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if poll.stop() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                // Every worker has sent or ended (a panicking worker makes
                // the scope panic when it ends).
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        (!stop.load(Ordering::Relaxed)).then_some(total)
    })
}

/// Plays `games` games of uniformly random legal moves from the start
/// position (or `fen`) with the variant's draw rules (automatic draws), each
/// stopped after `max_plies` plies, on `threads` threads without holding the
/// GIL. Game `i` uses its own generator seeded from `seed` and `i`, so the
/// totals do not depend on `threads` (1 to 256). Ctrl-C stops the games and
/// is raised. `ArgumentError` for a negative count or seed, or a thread
/// count out of range.
///
/// Returns `{"white": wins, "black": wins, "draws": n, "unfinished": n,
/// "plies": total plies played}`.
#[pyfunction]
#[pyo3(
    signature = (variant = "international", games = Int::of(100), fen = None, seed = Int::of(0), max_plies = Int::of(400), threads = Int::of(1)),
    text_signature = "(variant='international', games=100, fen=None, seed=0, max_plies=400, threads=1)"
)]
pub fn random_playouts<'py>(
    py: Python<'py>,
    variant: &str,
    games: Int,
    fen: Option<&str>,
    seed: Int,
    max_plies: Int,
    threads: Int,
) -> PyResult<Bound<'py, PyDict>> {
    let games = games.in_range("games", 0, u64::MAX as i128)? as u64;
    let seed = seed.in_range("seed", 0, u64::MAX as i128)? as u64;
    let max_plies = max_plies.in_range("max_plies", 0, u64::MAX as i128)? as u64;
    let threads = thread_count(&threads)?;
    let start = crate::convert::position(variant, fen)?;
    let start = start.as_ref();
    let t = py.detach(move || {
        let mut poll = Poll::new();
        let t = playouts(start, games, seed, max_plies, threads, &mut poll);
        poll.finish(t)
    })?;
    let d = PyDict::new(py);
    d.set_item("white", t.white)?;
    d.set_item("black", t.black)?;
    d.set_item("draws", t.draws)?;
    d.set_item("unfinished", t.unfinished)?;
    d.set_item("plies", t.plies)?;
    Ok(d)
}

/// Planes of several boards of one variant as one NumPy array of shape
/// `(len(boards), 5, height, width)` (see `Board.planes`). `ArgumentError`
/// for no boards or boards of several variants.
#[pyfunction]
#[pyo3(signature = (boards, dtype = None, canonical = false))]
pub fn planes_batch<'py>(
    py: Python<'py>,
    boards: Vec<PyRef<'py, Board>>,
    dtype: Option<Bound<'py, PyAny>>,
    canonical: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(first) = boards.first() else {
        return Err(errors::ArgumentError::new_err(
            "planes_batch needs at least one board",
        ));
    };
    let k = first.pos.name();
    let mut buf = Vec::new();
    for b in &boards {
        if b.pos.name() != k {
            return Err(errors::ArgumentError::new_err(format!(
                "planes_batch needs boards of one variant: {} and {}",
                k,
                b.pos.name()
            )));
        }
        planes(b.pos.as_ref(), canonical, &mut buf);
    }
    let (h, w, _) = dims(first.pos.as_ref());
    let dtype = dtype.unwrap_or_else(|| "float32".into_pyobject(py).unwrap().into_any());
    ndarray(py, &buf, vec![boards.len(), PLANES, h, w], &dtype)
}
