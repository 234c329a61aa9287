//! Building slices: retrograde analysis by distance.
//!
//! One pass over the slice reads every position's moves once: the moves
//! that leave the slice (captures, promotions) are looked up in the smaller
//! slices, the moves that stay (non-capturing, non-promoting steps) are
//! counted. Then the values spread backwards, distance by distance, from
//! each newly decided position to its predecessors in the slice (found by
//! taking a step back, "unmoving"), never visiting a position again that
//! nothing changed for.

use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering::Relaxed};

use crate::bitboard::{BitSet, Bitboard, Square};
use crate::geometry::Geometry;
use crate::outcome::Outcome;
use crate::position::{KingRun, Position};
use crate::squares::Bits;
use crate::variant::{Color, Variant};

use super::index::Layout;
use super::probe::{header, Egdb};
use super::{slices_up_to, EgdbError, Slice, DRAW, HEADER, LOSS, MAX_DISTANCE, UNKNOWN, WIN};

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

/// In `longest`: the position has a move to a draw or a loss, so it can
/// never be lost.
const CANNOT_LOSE: u16 = 0x8000;

/// Positions handed to a worker at a time.
const CHUNK: usize = 1 << 12;

/// The positions [`build_slice`] solves at a time: a larger slice is
/// built part by part ([`build_slice_in_parts`]).
pub const PART_POSITIONS: u64 = 1 << 28;

/// Builds one slice of variant `V` and returns its bytes (the format in the
/// [module documentation](super)). `db` must hold every slice the slice's
/// captures and promotions lead to (all earlier slices of
/// [`slices_up_to`]); a missing one is [`EgdbError::MissingSlice`].
/// `threads` (at least 1) share the work. A slice of more than
/// [`PART_POSITIONS`] positions is built part by part, as
/// [`build_slice_in_parts`] does, to the same bytes.
///
/// The algorithm is retrograde analysis by distance. A first pass over the
/// slice gives each position whose game is over its result at distance 0;
/// for every other position it looks up the moves that leave the slice
/// (captures, promotions) in `db` and counts the moves that stay. A
/// position with a move to a loss in `k` outside the slice may win in
/// `k + 1`; one whose moves all leave the slice to wins, the longest in
/// `k`, loses in `k + 1`. Then, for `d = 0, 1, ...`, each position decided
/// at distance `d` hands its value to its predecessors in the slice (the
/// positions one step back): after a loss in `d` an undecided predecessor
/// wins in `d + 1`; after a win in `d` a predecessor has one undecided move
/// fewer, and when none is left and no move reaches a draw or a loss it
/// loses one ply after its longest win. Positions left undecided are draws.
/// The values are those of the forward definition — a win in `d` has a
/// move to a loss in `d - 1` and none shorter, a loss in `d` only moves to
/// wins, the longest in `d - 1` — which [`verify`](super::verify) checks.
pub fn build_slice<V: Variant>(
    slice: Slice,
    db: &Egdb<'_, V>,
    threads: usize,
) -> Result<Vec<u8>, EgdbError> {
    build_slice_in_parts(slice, db, threads, PART_POSITIONS)
}

/// Builds one slice as [`build_slice`] does, solving at most about `part`
/// positions at a time (at least the positions with the men on one set of
/// squares), so that a slice too large for its working arrays (6 bytes a
/// position, and the lists of positions to visit) can still be built: the
/// bytes are the same, and the memory is 2 bytes a position for the result
/// plus the working arrays of one part.
///
/// A part holds the positions whose men stand on given squares: the moves
/// of kings stay in the part, and a man's step leads to a position whose
/// men are one row further on, in a part solved before, so its value is
/// looked up like a capture's. The parts go from the men's most advanced
/// placements to the least. A variant whose men also step sideways
/// (Turkish) has no such order; its slices are built whole.
///
/// ```
/// use draughts::egdb::{build_all, build_slice, build_slice_in_parts, Slice};
/// use draughts::Russian;
/// let db = build_all::<Russian>(3, 1, |_| {}).unwrap();
/// let slice: Slice = "wm2wk0bm1bk0".parse().unwrap();
/// // Parts as small as they go: the positions with the men on one set of
/// // squares each.
/// let parts = build_slice_in_parts(slice, &db, 1, 1).unwrap();
/// assert_eq!(parts, db.bytes(slice).unwrap());
/// assert_eq!(parts, build_slice(slice, &db, 1).unwrap());
/// ```
pub fn build_slice_in_parts<V: Variant>(
    slice: Slice,
    db: &Egdb<'_, V>,
    threads: usize,
    part: u64,
) -> Result<Vec<u8>, EgdbError> {
    if slice.too_big() {
        return Err(EgdbError::TooBig(slice));
    }
    let threads = threads.max(1);
    let sq = &db.squares;
    let layout = Layout::new(sq, slice);
    let back = ManSteps::<V>::new();
    let size = layout.size();
    let block = layout.men_block();
    if 2 * size <= part.max(1) || !back.forward_only || block == 0 || block == size {
        let whole = Part {
            blocks: vec![0],
            block: size,
            size,
        };
        let (values, _) = State::new(&layout, &back, whole, None).solve(db, threads)?;
        let mut max_distance = 0;
        let codes: Vec<u16> = values
            .into_iter()
            .map(|v| final_code(v.into_inner(), &mut max_distance))
            .collect();
        let mut out = header::<V>(slice, max_distance);
        out.reserve(2 * codes.len());
        for code in codes {
            out.extend_from_slice(&code.to_le_bytes());
        }
        return Ok(out);
    }

    // The placements of the men, the most advanced first.
    let mut order: Vec<(u32, u64)> = (0..size / block)
        .map(|b| (back.level(&layout.position(sq, b * block)), b))
        .collect();
    order.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let per_part = (part / (2 * block)).max(1) as usize;
    let mut out = header::<V>(slice, 0);
    out.resize(HEADER + 4 * size as usize, 0xFF);
    let mut max_distance = 0;
    let mut start = 0;
    while start < order.len() {
        let level = order[start].0;
        let mut end = start + 1;
        while end < order.len() && order[end].0 == level && end - start < per_part {
            end += 1;
        }
        let part = Part {
            blocks: order[start..end].iter().map(|&(_, b)| b).collect(),
            block,
            size,
        };
        let (values, part) =
            State::new(&layout, &back, part, Some(&out[HEADER..])).solve(db, threads)?;
        for (i, v) in values.into_iter().enumerate() {
            let code = final_code(v.into_inner(), &mut max_distance);
            let at = HEADER + 2 * part.global(i) as usize;
            out[at..at + 2].copy_from_slice(&code.to_le_bytes());
        }
        start = end;
    }
    out[..HEADER].copy_from_slice(&header::<V>(slice, max_distance));
    Ok(out)
}

/// The stored code of a solved position (undecided: a draw), raising
/// `max_distance` to its distance.
fn final_code(code: u16, max_distance: &mut u16) -> u16 {
    match code {
        UNKNOWN => DRAW,
        code => {
            *max_distance = (*max_distance).max(code & MAX_DISTANCE);
            code
        }
    }
}

/// The positions one solve covers: the blocks `blocks` of `block`
/// positions (per side to move) of a slice of `size` positions per side;
/// in the part, White to move first, then Black, block after block.
struct Part {
    blocks: Vec<u64>,
    block: u64,
    size: u64,
}

impl Part {
    /// The positions of the part.
    fn len(&self) -> usize {
        2 * self.blocks.len() * self.block as usize
    }

    /// Whether the part is the whole slice (its numbers are the slice's).
    #[inline]
    fn whole(&self) -> bool {
        self.block == self.size
    }

    /// The slice's index of the part's position `i`.
    #[inline]
    fn global(&self, i: usize) -> u64 {
        if self.whole() {
            return i as u64;
        }
        let half = self.blocks.len() as u64 * self.block;
        let i = i as u64;
        let (side, r) = (i / half, i % half);
        side * self.size + self.blocks[(r / self.block) as usize] * self.block + r % self.block
    }

    /// The part's number of the slice's position `g`, which has its men
    /// where the part's position `near` has them.
    #[inline]
    fn local(&self, g: u64, near: usize) -> usize {
        if self.whole() {
            return g as usize;
        }
        let half = self.blocks.len() as u64 * self.block;
        let k = (near as u64 % half) / self.block;
        let (side, r) = (g / self.size, g % self.size);
        (side * half + k * self.block + r % self.block) as usize
    }
}

/// Runs `work` on `threads` threads and gathers what each returns; with one
/// thread, on the calling thread, without starting any (so a one-thread
/// build runs where no thread can be started, as in WebAssembly).
pub(super) fn on_threads<T: Send>(threads: usize, work: impl Fn() -> T + Sync) -> Vec<T> {
    if threads <= 1 {
        return vec![work()];
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(&work)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("egdb build worker panicked"))
            .collect()
    })
}

/// Appends the lists of `more` to those of `into`, distance by distance.
fn merge(into: &mut Vec<Vec<u64>>, more: Vec<Vec<u64>>) {
    if into.len() < more.len() {
        into.resize_with(more.len(), Vec::new);
    }
    for (d, mut list) in more.into_iter().enumerate() {
        into[d].append(&mut list);
    }
}

/// Pushes `i` on the list of distance `d`.
fn push_at(lists: &mut Vec<Vec<u64>>, d: u16, i: u64) {
    let d = d as usize;
    if lists.len() <= d {
        lists.resize_with(d + 1, Vec::new);
    }
    lists[d].push(i);
}

/// What one worker's part of the first pass found.
#[derive(Default)]
struct Seeds {
    candidates: Vec<Vec<u64>>,
    decided: Vec<Vec<u64>>,
}

/// The squares a man of each colour steps to a square from: `from[c][b]` is
/// the set of squares from which a man of colour `c` reaches `b` by a
/// non-promoting step on an empty board (the library's own steps, so
/// Turkish men's sideways steps are there).
struct ManSteps<V: Variant> {
    from: [Vec<Bits<V>>; 2],
    /// `rows[c][b]`: the rows a man of colour `c` on square `b` has
    /// advanced from its own back row.
    rows: [Vec<u8>; 2],
    /// Whether every step of a man takes it one row forward.
    forward_only: bool,
}

impl<V: Variant> ManSteps<V> {
    fn new() -> Self {
        let mut from = [
            vec![Bits::<V>::ZERO; Bits::<V>::BITS as usize],
            vec![Bits::<V>::ZERO; Bits::<V>::BITS as usize],
        ];
        for color in [Color::White, Color::Black] {
            // A man never stands on its promotion row.
            let far = match color {
                Color::White => V::Board::LAST_ROW,
                Color::Black => V::Board::FIRST_ROW,
            };
            let mut squares = V::Board::ALL & !far;
            while !squares.is_zero() {
                let a = Bits::<V>::bit(squares.lowest());
                squares ^= a;
                let alone = Position::<V> {
                    white: if color == Color::White {
                        a
                    } else {
                        Bits::<V>::ZERO
                    },
                    black: if color == Color::Black {
                        a
                    } else {
                        Bits::<V>::ZERO
                    },
                    kings: Bits::<V>::ZERO,
                    turn: color,
                    runs: [None; 2],
                    _v: core::marker::PhantomData,
                };
                alone.for_each_step(|f, to, promotes, _| {
                    if !promotes {
                        from[color as usize][to.lowest() as usize] |= f;
                    }
                });
            }
        }
        let mut rows = [
            vec![0u8; Bits::<V>::BITS as usize],
            vec![0u8; Bits::<V>::BITS as usize],
        ];
        for sq in Bitboard(V::Board::ALL) {
            let (row, _) = V::Board::coords(sq);
            rows[0][sq.0 as usize] = row;
            rows[1][sq.0 as usize] = V::Board::HEIGHT - 1 - row;
        }
        // White's men go up the rows (White's view), Black's down: the
        // rows count forward when every step adds one.
        let mut forward_only = true;
        for c in 0..2 {
            for (to, froms) in from[c].iter().enumerate() {
                for f in Bitboard(*froms) {
                    forward_only &= rows[c][to] == rows[c][f.0 as usize] + 1;
                }
            }
        }
        ManSteps {
            from,
            rows,
            forward_only,
        }
    }

    /// The rows all the men of `pos` have advanced: a man's step adds one.
    fn level(&self, pos: &Position<V>) -> u32 {
        let men = !pos.kings;
        let mut level = 0;
        for (c, side) in [pos.white & men, pos.black & men].into_iter().enumerate() {
            for sq in Bitboard(side) {
                level += u32::from(self.rows[c][sq.0 as usize]);
            }
        }
        level
    }
}

/// The working state of one part's build, shared by the workers.
struct State<'a, V: Variant> {
    layout: &'a Layout,
    back: &'a ManSteps<V>,
    part: Part,
    /// When the slice is built in parts: its codes so far (little-endian,
    /// two bytes each), where a man's step is looked up.
    done: Option<&'a [u8]>,
    /// The code of each position, `UNKNOWN` while undecided.
    values: Vec<AtomicU16>,
    /// The moves in the part not yet known to reach a win.
    counts: Vec<AtomicU16>,
    /// The longest win among the moves that leave the part, with
    /// `CANNOT_LOSE` when a move reaches a draw or a loss.
    longest: Vec<AtomicU16>,
}

impl<'a, V: Variant> State<'a, V> {
    fn new(layout: &'a Layout, back: &'a ManSteps<V>, part: Part, done: Option<&'a [u8]>) -> Self {
        let n = part.len();
        State {
            layout,
            back,
            part,
            done,
            values: (0..n).map(|_| AtomicU16::new(UNKNOWN)).collect(),
            counts: (0..n).map(|_| AtomicU16::new(0)).collect(),
            longest: (0..n).map(|_| AtomicU16::new(0)).collect(),
        }
    }

    /// Solves the part: its codes, `UNKNOWN` for the draws, in the part's
    /// order.
    fn solve(self, db: &Egdb<'_, V>, threads: usize) -> Result<(Vec<AtomicU16>, Part), EgdbError> {
        let total = self.part.len();
        let state = &self;
        // The first pass.
        let next_chunk = AtomicUsize::new(0);
        let seeds: Vec<Result<Seeds, EgdbError>> = on_threads(threads, || {
            let mut seeds = Seeds::default();
            loop {
                let start = next_chunk.fetch_add(CHUNK, Relaxed);
                if start >= total {
                    break;
                }
                for i in start..(start + CHUNK).min(total) {
                    state.first_look(i, db, &mut seeds)?;
                }
            }
            Ok(seeds)
        });
        // candidates[d]: positions that win in d unless they win sooner;
        // decided[d]: positions already holding their value at distance d.
        let mut candidates: Vec<Vec<u64>> = Vec::new();
        let mut decided: Vec<Vec<u64>> = Vec::new();
        for s in seeds {
            let s = s?;
            merge(&mut candidates, s.candidates);
            merge(&mut decided, s.decided);
        }

        // The values spread back, distance by distance.
        let mut frontier: Vec<u64> = Vec::new();
        let mut d: usize = 0;
        while d <= MAX_DISTANCE as usize {
            if let Some(list) = decided.get_mut(d) {
                frontier.append(list);
            }
            if let Some(list) = candidates.get_mut(d) {
                for i in std::mem::take(list) {
                    let won = WIN | d as u16;
                    if state.values[i as usize]
                        .compare_exchange(UNKNOWN, won, Relaxed, Relaxed)
                        .is_ok()
                    {
                        frontier.push(i);
                    }
                }
            }
            if frontier.is_empty() && d >= candidates.len() && d >= decided.len() {
                break;
            }
            if d == MAX_DISTANCE as usize {
                break;
            }
            let cursor = AtomicUsize::new(0);
            let current = &frontier;
            let spread: Vec<(Vec<u64>, Vec<Vec<u64>>)> = on_threads(threads, || {
                let mut next = Vec::new();
                let mut later = Vec::new();
                loop {
                    let start = cursor.fetch_add(CHUNK, Relaxed);
                    if start >= current.len() {
                        break;
                    }
                    let end = (start + CHUNK).min(current.len());
                    for &i in &current[start..end] {
                        state.spread(i, d as u16, db, &mut next, &mut later);
                    }
                }
                (next, later)
            });
            frontier.clear();
            for (next, later) in spread {
                frontier.extend(next);
                merge(&mut decided, later);
            }
            d += 1;
        }
        Ok((self.values, self.part))
    }

    /// The first look at position `i`.
    fn first_look(&self, i: usize, db: &Egdb<'_, V>, seeds: &mut Seeds) -> Result<(), EgdbError> {
        let pos = self.layout.position(&db.squares, self.part.global(i));
        if let Some(code) = terminal_code(&pos) {
            self.values[i].store(code, Relaxed);
            self.longest[i].store(CANNOT_LOSE, Relaxed);
            if code != DRAW {
                push_at(&mut seeds.decided, 0, i as u64);
            }
            return Ok(());
        }
        let mut inside = 0u16;
        let mut shortest_loss: Option<u16> = None;
        let mut longest_win = 0u16;
        let mut draw = false;
        let mut see = |code: u16| match code & 0xC000 {
            LOSS if code != UNKNOWN => {
                let k = code & MAX_DISTANCE;
                shortest_loss = Some(shortest_loss.map_or(k, |s| s.min(k)));
            }
            WIN => longest_win = longest_win.max(code & MAX_DISTANCE),
            _ => draw = true,
        };
        if pos.can_capture() {
            // Every capture takes a piece: it leaves the slice.
            for mv in pos.legal_moves() {
                see(db.raw(&pos.play(&mv))?);
            }
        } else {
            let mut missing = None;
            pos.for_each_step(|from, to, promotes, king| {
                if promotes {
                    match db.raw(&pos.play_step(from, to, promotes, king)) {
                        Ok(code) => see(code),
                        Err(e) => missing = Some(e),
                    }
                } else if let (Some(done), false) = (self.done, king) {
                    // A man's step: to a part solved before.
                    let next = pos.play_step(from, to, false, false);
                    let at = 2 * self.layout.index(&db.squares, &next) as usize;
                    see(u16::from_le_bytes([done[at], done[at + 1]]));
                } else {
                    inside += 1;
                }
            });
            if let Some(e) = missing {
                return Err(e);
            }
        }
        self.counts[i].store(inside, Relaxed);
        let cannot_lose = draw || shortest_loss.is_some();
        self.longest[i].store(
            longest_win | if cannot_lose { CANNOT_LOSE } else { 0 },
            Relaxed,
        );
        if let Some(k) = shortest_loss {
            if k < MAX_DISTANCE {
                push_at(&mut seeds.candidates, k + 1, i as u64);
            }
        } else if !draw && inside == 0 && longest_win < MAX_DISTANCE {
            // Every move leaves the slice to a win.
            let d = longest_win + 1;
            self.values[i].store(LOSS | d, Relaxed);
            push_at(&mut seeds.decided, d, i as u64);
        }
        Ok(())
    }

    /// Hands the value of position `i`, decided at distance `d`, to its
    /// predecessors in the slice: those decided at `d + 1` go to `next`,
    /// losses decided later to `later` (by distance).
    fn spread(
        &self,
        i: u64,
        d: u16,
        db: &Egdb<'_, V>,
        next: &mut Vec<u64>,
        later: &mut Vec<Vec<u64>>,
    ) {
        let sq = &db.squares;
        let code = self.values[i as usize].load(Relaxed);
        let lost = code & 0xC000 == LOSS;
        let pos = self.layout.position(sq, self.part.global(i as usize));
        self.predecessors(&pos, |p| {
            // A step is legal only when the mover has no capture.
            if p.can_capture() {
                return;
            }
            let j = self.part.local(self.layout.index(sq, &p), i as usize);
            if lost {
                if self.values[j]
                    .compare_exchange(UNKNOWN, WIN | (d + 1), Relaxed, Relaxed)
                    .is_ok()
                {
                    next.push(j as u64);
                }
                return;
            }
            let longest = self.longest[j].load(Relaxed);
            if longest & CANNOT_LOSE != 0 {
                return;
            }
            if self.counts[j].fetch_sub(1, Relaxed) == 1 {
                // Its last move in the slice reached a win in `d`.
                let loss = longest.max(d) + 1;
                self.values[j].store(LOSS | loss, Relaxed);
                if loss == d + 1 {
                    next.push(j as u64);
                } else {
                    push_at(later, loss, j as u64);
                }
            }
        });
    }

    /// Calls `f` with every position of the part that reaches `pos` by a
    /// non-capturing, non-promoting step of the side that is not to move
    /// (whether that side must capture there instead is for `f` to check),
    /// with its king-move counts. Built in parts, only kings step back.
    ///
    /// Under a king-move limit (Frisian), while the mover has men, a quiet
    /// king step leaves the mover's count on that king: only the king of
    /// `pos`'s count can be stepped back. Its count before was one fewer
    /// or, after a first move, none or that of any other of its kings
    /// (`1..=limit` moves). A man's step leaves no count, and before it the
    /// count was any. The count of the side to move does not change.
    fn predecessors(&self, pos: &Position<V>, mut f: impl FnMut(Position<V>)) {
        let mover = pos.turn.opponent();
        let me = mover as usize;
        let mut before = *pos;
        before.turn = mover;
        before.runs = [None; 2];
        let empty = V::Board::ALL & !(pos.white | pos.black);
        let shift = |p: &mut Position<V>, ab: Bits<V>, king: bool| {
            match mover {
                Color::White => p.white ^= ab,
                Color::Black => p.black ^= ab,
            }
            if king {
                p.kings ^= ab;
            }
        };
        // The limit binds the mover only while it has men.
        let men = before.side(mover) & !pos.kings;
        let limit = V::RULES.king_move_limit.filter(|_| !men.is_zero());
        let run = pos.runs[me];
        // `p` with the mover's count `r`, and with each count it could have
        // had that no king `moved` (its square in `p`) makes: none or any
        // other king's, 1..=limit moves.
        let mut emit = |mut p: Position<V>, r: Option<KingRun>, any_other: Option<Bits<V>>| {
            p.runs[pos.turn as usize] = pos.runs[pos.turn as usize];
            p.runs[me] = r;
            f(p);
            if let (Some(moved), Some(limit)) = (any_other, limit) {
                let mut kings = p.side(mover) & p.kings & !moved;
                while !kings.is_zero() {
                    let k = kings.lowest();
                    kings ^= Bits::<V>::bit(k);
                    for moves in 1..=limit {
                        p.runs[me] = Some(KingRun {
                            king: Square(k as u8),
                            moves,
                        });
                        f(p);
                    }
                }
            }
        };
        // A king steps back along the lines it steps forward on: its steps
        // from where it stands now.
        before.for_each_step(|b, a, _, king| {
            if !king {
                return;
            }
            let mut p = before;
            shift(&mut p, a | b, true);
            match (limit, run) {
                (None, _) => emit(p, None, None),
                // Under the limit the king that moved holds the count.
                (Some(_), None) => {}
                (Some(_), Some(r)) if Bits::<V>::bit(r.king.0 as u32) != b => {}
                (Some(_), Some(r)) if r.moves > 1 => {
                    let king = Square(a.lowest() as u8);
                    let moves = r.moves - 1;
                    emit(p, Some(KingRun { king, moves }), None);
                }
                (Some(_), Some(_)) => emit(p, None, Some(a)),
            }
        });
        if limit.is_some() && run.is_some() || self.done.is_some() {
            // A man's step would have cleared the count; or, built in
            // parts, it comes from another part (which looks this one up).
            return;
        }
        let mut men = men;
        while !men.is_zero() {
            let at = men.lowest();
            let b = Bits::<V>::bit(at);
            men ^= b;
            let mut from = self.back.from[me][at as usize] & empty;
            while !from.is_zero() {
                let a = Bits::<V>::bit(from.lowest());
                from ^= a;
                let mut p = before;
                shift(&mut p, a | b, false);
                emit(p, None, Some(Bits::<V>::ZERO));
            }
        }
    }
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
        let bytes = build_slice(slice, &db, threads)?;
        db.insert(bytes)?;
        progress(BuildProgress {
            slice,
            done: k + 1,
            total,
            positions: 2 * slice.positions::<V>(),
        });
    }
    Ok(db)
}
