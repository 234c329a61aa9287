//! Building slices: a forward fixpoint resolved in rounds by distance.

use std::time::Instant;

use crate::outcome::Outcome;
use crate::position::Position;
use crate::variant::Variant;

use super::index::Layout;
use super::probe::{header, Egdb};
use super::{slices_up_to, EgdbError, Slice, DRAW, LOSS, MAX_DISTANCE, UNKNOWN, WIN};

/// What [`build_all`] reports after each slice.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The slice just built.
    pub slice: Slice,
    /// Slices built so far (this one included).
    pub done: usize,
    /// Slices to build in all.
    pub total: usize,
    /// Positions of the slice (both sides to move).
    pub positions: u64,
    /// Seconds the slice took.
    pub seconds: f64,
}

/// The code of a position whose game is over on the board, for the side to
/// move, or `None`.
#[inline]
pub(crate) fn terminal_code<V: Variant>(pos: &Position<V>) -> Option<u16> {
    match pos.outcome()? {
        Outcome::Win { winner, .. } if winner == pos.turn() => Some(WIN),
        Outcome::Win { .. } => Some(LOSS),
        Outcome::Draw { .. } => Some(DRAW),
    }
}

/// Builds one slice of variant `V` and returns its bytes (the format in the
/// [module documentation](super)). `db` must hold every slice the slice's
/// captures and promotions lead to (all earlier slices of
/// [`slices_up_to`]); a missing one is [`EgdbError::MissingSlice`].
/// `threads` (at least 1) share each round's work.
///
/// The algorithm is a forward fixpoint in rounds: round 0 marks the
/// positions whose game is over; round `d` marks as won in `d` plies the
/// positions with a move to a position lost in `d - 1`, and as lost in `d`
/// the positions all of whose moves lead to positions won, the longest in
/// `d - 1`. Positions left when nothing can change any more are draws.
pub fn build_slice<V: Variant>(
    slice: Slice,
    db: &Egdb<'_, V>,
    threads: usize,
) -> Result<Vec<u8>, EgdbError> {
    if slice.too_big() {
        return Err(EgdbError::TooBig(slice));
    }
    let sq = &db.squares;
    let layout = Layout::new(sq, slice);
    let total = 2 * layout.size();
    let threads = threads.max(1);
    let mut values = vec![UNKNOWN; total as usize];
    let mut open: Vec<u64> = Vec::new();
    for (i, v) in values.iter_mut().enumerate() {
        let pos = layout.position(sq, i as u64);
        match terminal_code(&pos) {
            Some(code) => *v = code,
            None => open.push(i as u64),
        }
    }
    // The largest distance among the other slices the moves reach: until
    // past it, a round without change does not end the fixpoint.
    let mut horizon: u16 = 0;
    let mut d: u16 = 1;
    while !open.is_empty() && d <= MAX_DISTANCE {
        let snapshot = &values;
        let layout = &layout;
        let chunk = open.len().div_ceil(threads).max(1);
        let results: Vec<RoundResult> = std::thread::scope(|s| {
            let handles: Vec<_> = open
                .chunks(chunk)
                .map(|part| s.spawn(move || round(part, d, layout, snapshot, db)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut changed = false;
        for r in results {
            let (updates, far) = r?;
            horizon = horizon.max(far);
            for (i, code) in updates {
                values[i as usize] = code;
                changed = true;
            }
        }
        if changed {
            open.retain(|&i| values[i as usize] == UNKNOWN);
        } else if d > horizon.saturating_add(1) {
            break;
        }
        d += 1;
    }
    let mut max_distance = 0;
    for v in values.iter_mut() {
        if *v == UNKNOWN {
            *v = DRAW;
        }
        max_distance = max_distance.max(*v & MAX_DISTANCE);
    }
    let mut out = header::<V>(slice, max_distance);
    out.reserve(2 * values.len());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok(out)
}

/// The positions one round resolved (index, code) and the largest distance
/// it met in other slices.
type RoundResult = Result<(Vec<(u64, u16)>, u16), EgdbError>;

/// One round over the open positions `part`: the positions resolved at
/// distance `d`, and the largest distance met in other slices.
fn round<V: Variant>(
    part: &[u64],
    d: u16,
    layout: &Layout,
    values: &[u16],
    db: &Egdb<'_, V>,
) -> RoundResult {
    let sq = &db.squares;
    let mut updates = Vec::new();
    let mut far = 0u16;
    for &i in part {
        let pos = layout.position(sq, i);
        let mut won = false;
        let mut all_won = true;
        let mut longest = 0u16;
        for mv in pos.legal_moves() {
            let next = pos.play(&mv);
            let code = if mv.is_capture() || mv.promotes() {
                let s = Slice::of(&next);
                if s == layout.slice {
                    values[layout.index(sq, &next) as usize]
                } else {
                    let c = db.raw(&next)?;
                    far = far.max(c & MAX_DISTANCE);
                    c
                }
            } else {
                values[layout.index(sq, &next) as usize]
            };
            match code & 0xC000 {
                LOSS if code != UNKNOWN => {
                    if code & MAX_DISTANCE == d - 1 {
                        won = true;
                        break;
                    }
                    all_won = false;
                }
                WIN => longest = longest.max(code & MAX_DISTANCE),
                _ => all_won = false,
            }
        }
        if won {
            updates.push((i, WIN | d));
        } else if all_won && longest + 1 == d {
            updates.push((i, LOSS | d));
        }
    }
    Ok((updates, far))
}

/// Builds every slice of variant `V` with 1 to `pieces` pieces, in
/// dependency order, calling `progress` after each, and returns them as a
/// database (each slice's bytes: [`Egdb::bytes`]).
pub fn build_all<V: Variant>(
    pieces: u32,
    threads: usize,
    mut progress: impl FnMut(BuildProgress),
) -> Result<Egdb<'static, V>, EgdbError> {
    let mut db = Egdb::<V>::new();
    let slices = slices_up_to(pieces);
    let total = slices.len();
    for (k, slice) in slices.into_iter().enumerate() {
        let start = Instant::now();
        let bytes = build_slice(slice, &db, threads)?;
        db.insert(bytes)?;
        progress(BuildProgress {
            slice,
            done: k + 1,
            total,
            positions: 2 * slice.positions::<V>(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    Ok(db)
}
