//! The self-consistency check of a slice.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::variant::Variant;

use super::build::{on_threads, terminal_code};
use super::probe::{Egdb, Table};
use super::{EgdbError, Slice, DRAW, LOSS, MAX_DISTANCE, UNKNOWN, WIN};

/// Checks that every value stored in `slice` follows from its successors'
/// values (which must all be loaded in `db`): a position whose game is over
/// holds that result at distance 0; a win in `d` has a move to a loss in
/// `d - 1` and none to a shorter loss; a loss in `d` has only moves to
/// wins, the longest in `d - 1`; a draw has no move to a loss and some move
/// to a draw. A database that passes is exact: the checks hold of one
/// labelling only, the game-theoretic one. The slice is shared among the
/// machine's cores; an error names the first inconsistent position in
/// index order.
///
/// ```
/// use draughts::egdb::{build_all, slices_up_to, verify};
/// use draughts::Russian;
/// let db = build_all::<Russian>(2, 1, |_| {}).unwrap();
/// for slice in slices_up_to(2) {
///     verify(&db, slice).unwrap();
/// }
/// ```
pub fn verify<V: Variant>(db: &Egdb<'_, V>, slice: Slice) -> Result<(), EgdbError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    verify_on(db, slice, threads)
}

/// [`verify`] on `threads` threads (1 or 0: the calling thread only, which
/// is what WebAssembly without threads can run), with the same result
/// whatever the number.
///
/// ```
/// use draughts::egdb::{build_all, slices_up_to, verify_on};
/// use draughts::English;
/// let db = build_all::<English>(2, 1, |_| {}).unwrap();
/// for slice in slices_up_to(2) {
///     verify_on(&db, slice, 2).unwrap();
/// }
/// ```
pub fn verify_on<V: Variant>(
    db: &Egdb<'_, V>,
    slice: Slice,
    threads: usize,
) -> Result<(), EgdbError> {
    let table = db
        .tables
        .get(&slice)
        .ok_or(EgdbError::MissingSlice(slice))?;
    let total = 2 * table.layout.size();
    const CHUNK: u64 = 1 << 14;
    if threads <= 1 || total <= CHUNK {
        return verify_range(db, slice, table, 0, total);
    }
    // Chunks shared by the threads; the error reported is the first in
    // index order, as a single thread would find it.
    let cursor = AtomicU64::new(0);
    let first_bad = AtomicU64::new(u64::MAX);
    let errors: Vec<(u64, EgdbError)> = on_threads(threads, || loop {
        let start = cursor.fetch_add(CHUNK, Relaxed);
        if start >= total || start > first_bad.load(Relaxed) {
            return None;
        }
        let end = (start + CHUNK).min(total);
        if let Err(e) = verify_range(db, slice, table, start, end) {
            first_bad.fetch_min(start, Relaxed);
            return Some((start, e));
        }
    })
    .into_iter()
    .flatten()
    .collect();
    match errors.into_iter().min_by_key(|(start, _)| *start) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// [`verify`] over the indices `start..end` of the slice.
fn verify_range<V: Variant>(
    db: &Egdb<'_, V>,
    slice: Slice,
    table: &Table<'_>,
    start: u64,
    end: u64,
) -> Result<(), EgdbError> {
    let sq = &db.squares;
    for i in start..end {
        let pos = table.layout.position(sq, i);
        let stored = table.raw(i);
        let fail = |reason: String| EgdbError::Inconsistent {
            slice,
            fen: pos.to_fen(),
            reason,
        };
        if stored == UNKNOWN || (stored & 0xC000) == 0xC000 {
            return Err(fail(format!("the code {stored:#06x} is not a value")));
        }
        if let Some(code) = terminal_code(&pos) {
            if stored != code {
                return Err(fail(format!(
                    "the game is over ({code:#06x}) but {stored:#06x} is stored"
                )));
            }
            continue;
        }
        let (value, d) = (stored & 0xC000, stored & MAX_DISTANCE);
        if value == DRAW && d != 0 {
            return Err(fail("a draw with a distance".into()));
        }
        let mut shortest_loss: Option<u16> = None;
        let mut all_won = true;
        let mut longest_win = 0u16;
        let mut any_draw = false;
        for mv in pos.legal_moves() {
            let code = db.raw(&pos.play(&mv))?;
            let k = code & MAX_DISTANCE;
            match code & 0xC000 {
                LOSS => {
                    shortest_loss = Some(shortest_loss.map_or(k, |s| s.min(k)));
                    all_won = false;
                }
                WIN => longest_win = longest_win.max(k),
                _ => {
                    all_won = false;
                    any_draw = true;
                }
            }
        }
        let ok = match value {
            WIN => shortest_loss.is_some_and(|s| s + 1 == d),
            LOSS => all_won && longest_win + 1 == d,
            _ => shortest_loss.is_none() && any_draw,
        };
        if !ok {
            return Err(fail(format!(
                "stored {stored:#06x}; successors: shortest loss {shortest_loss:?}, all won {all_won}, longest win {longest_win}, a draw {any_draw}"
            )));
        }
    }
    Ok(())
}
