//! Resolving move text and clicks against the legal moves, written once for
//! every variant (`Core`).

use super::mv::{landing_sets, subsequence, Mv};
use super::text::{file_of, Spec, Start};
use smallvec::SmallVec;

use crate::core::bitboard::Square;

use crate::core::variant::board_spec::{bit, BoardSpec};
use crate::core::variant::Color;
use crate::error::{Illegality, MoveTextError};

/// What the clicks so far leave of the legal moves.
#[derive(Clone)]
pub(super) struct Clicked {
    pub(super) candidates: SmallVec<[Choice; 8]>,
    pub(super) next: u128,
    pub(super) ends: u128,
    pub(super) captured: u128,
    pub(super) jumped: u128,
    pub(super) chosen: Option<usize>,
}
/// A capture route (or a step) with the squares accepted for its landings.
#[derive(Clone)]
pub(super) struct Route {
    pub(super) mv: Mv,
    pub(super) sets: SmallVec<[u128; 16]>,
    /// Index of the distinct move this route belongs to.
    pub(super) key: usize,
}

/// One route matching some text or clicks.
#[derive(Clone, Copy)]
pub(super) struct Hit {
    pub(super) route: usize,
    /// The squares match the route's own landing squares (not only their
    /// straight-line alternatives).
    pub(super) exact: bool,
    /// The squares are the route's whole path.
    pub(super) full: bool,
}

/// A move chosen by text or clicks: a route, or (never in practice) the
/// distinct move itself.
#[derive(Clone, Copy, Debug)]
pub(super) enum Choice {
    Route(usize),
    Distinct(usize),
}

/// The legal moves of a position as data, prepared for matching text and
/// clicks.
#[derive(Clone)]
pub(super) struct Core {
    pub(super) board: &'static BoardSpec,
    pub(super) distinct: Vec<Mv>,
    pub(super) routes: Vec<Route>,
    pub(super) movable: u128,
}

pub(super) fn same_move(a: &Mv, b: &Mv) -> bool {
    a.from == b.from && a.to() == b.to() && a.captured == b.captured
}

impl Core {
    /// `all` is every route (or the distinct moves when there is no
    /// capture); returns the core and, per route kept, its index in `all`.
    pub(super) fn new(
        board: &'static BoardSpec,
        distinct: Vec<Mv>,
        all: Vec<Mv>,
        turn: Color,
        kings: u128,
    ) -> (Core, Vec<usize>) {
        let mut kept = Vec::with_capacity(all.len());
        let mut routes = Vec::with_capacity(all.len());
        for (i, mv) in all.into_iter().enumerate() {
            let Some(key) = distinct.iter().position(|d| same_move(d, &mv)) else {
                continue;
            };
            kept.push(i);
            routes.push(Route {
                sets: landing_sets(board, turn, kings, &mv),
                mv,
                key,
            });
        }
        let movable = distinct.iter().fold(0, |acc, m| acc | bit(m.from));
        let core = Core {
            board,
            distinct,
            routes,
            movable,
        };
        (core, kept)
    }

    pub(super) fn starts(&self, start: Start, mv: &Mv) -> bool {
        match start {
            Start::Square(sq) => mv.from == sq,
            // Printed collections write king moves this way too (`ec3` for a
            // king on e1); when a man and a king of the file both fit, the
            // text is ambiguous.
            Start::File(col) => file_of(self.board, mv.from) == col,
        }
    }

    /// The routes that start at `start`, end on `end` and land on `mids` in order.
    pub(super) fn hits(&self, start: Start, mids: &[Square], end: Square) -> SmallVec<[Hit; 8]> {
        let mut out = SmallVec::new();
        for (i, r) in self.routes.iter().enumerate() {
            if r.mv.to() != end || !self.starts(start, &r.mv) {
                continue;
            }
            let n = r.mv.path.len();
            if subsequence(&r.sets, mids, n - 1, None).is_none() {
                continue;
            }
            let path = &r.mv.path[..];
            let exact = subsequence(&r.sets, mids, n - 1, Some(path)).is_some();
            let full = n == mids.len() + 1 && path[..n - 1] == *mids;
            out.push(Hit {
                route: i,
                exact,
                full,
            });
        }
        out
    }

    /// The distinct moves the hits belong to, without repetition, in list order.
    pub(super) fn keys(&self, hits: &[Hit]) -> SmallVec<[usize; 8]> {
        let mut keys: SmallVec<[usize; 8]> =
            hits.iter().map(|h| self.routes[h.route].key).collect();
        crate::core::sort::sort(&mut keys);
        keys.dedup();
        keys
    }

    /// The moves named by the hits. Squares that spell out a route's whole
    /// path name that route's move, even when they also fit longer routes
    /// of other moves with the same start and end.
    pub(super) fn named(&self, hits: &[Hit]) -> SmallVec<[usize; 8]> {
        let keys = self.keys(hits);
        if keys.len() > 1 {
            let full: SmallVec<[Hit; 8]> = hits.iter().copied().filter(|h| h.full).collect();
            let full_keys = self.keys(&full);
            if full_keys.len() == 1 {
                return full_keys;
            }
        }
        keys
    }

    /// The move to return for distinct move `key` given the matching routes:
    /// the distinct-mode move itself when its path fits the squares given,
    /// otherwise a route of the same move that does.
    pub(super) fn pick(&self, key: usize, hits: &[Hit]) -> Choice {
        let rep = &self.distinct[key];
        let mine = || hits.iter().filter(|h| self.routes[h.route].key == key);
        let choice = mine()
            .find(|h| h.full)
            .or_else(|| mine().find(|h| h.exact && self.routes[h.route].mv == *rep))
            .or_else(|| mine().find(|h| h.exact))
            .or_else(|| mine().find(|h| self.routes[h.route].mv == *rep))
            .or_else(|| mine().next());
        match choice {
            Some(h) => Choice::Route(h.route),
            None => Choice::Distinct(key),
        }
    }

    pub(super) fn mv(&self, choice: Choice) -> &Mv {
        match choice {
            Choice::Route(i) => &self.routes[i].mv,
            Choice::Distinct(k) => &self.distinct[k],
        }
    }

    /// The move `spec` names; `Ok(None)` when it names no legal move.
    pub(super) fn resolve(&self, spec: &Spec) -> Result<Option<Choice>, MoveTextError> {
        let hits = self.hits(spec.start, &spec.mids, spec.end);
        let keys = self.named(&hits);
        match keys.as_slice() {
            [] => Ok(None),
            [key] => Ok(Some(self.pick(*key, &hits))),
            _ => {
                let mut candidates: Vec<String> = keys
                    .iter()
                    .map(|&k| self.distinct[k].text(self.board))
                    .collect();
                crate::core::sort::sort(&mut candidates);
                Err(MoveTextError::Ambiguous {
                    text: spec.text.clone(),
                    candidates,
                })
            }
        }
    }

    /// The shortest texts of the distinct moves that `keep` accepts, sorted.
    pub(super) fn texts(&self, keep: impl Fn(&Mv) -> bool) -> Vec<String> {
        let mut out: Vec<String> = self
            .distinct
            .iter()
            .filter(|m| keep(m))
            .map(|m| self.shortest(m))
            .collect();
        crate::core::sort::sort(&mut out);
        out.dedup();
        out
    }

    /// Why `spec` names no legal move (cold: for the error only). `turn` is
    /// the side to move, `own` and `opp` its pieces and its opponent's,
    /// `kings` every king; `routes` are the moves the capture rules forbid
    /// here, with the legal captures among them (`Position::forbidden_moves`).
    pub(super) fn why_illegal(
        &self,
        spec: &Spec,
        turn: Color,
        (own, opp): (u128, u128),
        kings: u128,
        routes: Vec<Mv>,
    ) -> Illegality {
        let board = self.board;
        if let Start::Square(sq) = spec.start {
            let square = board.square_text(sq);
            if (own | opp) & bit(sq) == 0 {
                return Illegality::EmptySquare { square };
            }
            if opp & bit(sq) != 0 {
                return Illegality::NotYourPiece {
                    square,
                    owner: turn.opponent(),
                };
            }
        }
        let mut distinct: Vec<Mv> = Vec::with_capacity(routes.len());
        for mv in &routes {
            // The legal moves are not forbidden.
            let known = |d: &Mv| same_move(d, mv);
            if !distinct.iter().any(known) && !self.distinct.iter().any(known) {
                distinct.push(mv.clone());
            }
        }
        let (forbidden, _) = Core::new(board, distinct, routes, turn, kings);
        let captures = || self.texts(Mv::is_capture);
        let named = forbidden.named(&forbidden.hits(spec.start, &spec.mids, spec.end));
        if !named.is_empty() {
            return if named.iter().any(|&k| forbidden.distinct[k].is_capture()) {
                Illegality::CaptureLaw {
                    captures: captures(),
                }
            } else {
                Illegality::CaptureCompulsory {
                    captures: captures(),
                }
            };
        }
        // Captures that land on the end square and jump on from there.
        let passing: Vec<(Square, u128)> = self
            .routes
            .iter()
            .map(|r| &r.mv)
            .filter(|m| {
                self.starts(spec.start, m) && m.path[..m.path.len() - 1].contains(&spec.end)
            })
            .map(|m| (m.from, m.captured))
            .collect();
        if !passing.is_empty() {
            return Illegality::UnfinishedCapture {
                captures: self
                    .texts(|m| passing.iter().any(|&(f, c)| m.from == f && m.captured == c)),
            };
        }
        let moves = self.texts(|m| self.starts(spec.start, m));
        let has_captures = self.distinct.iter().any(Mv::is_capture);
        if has_captures && moves.is_empty() {
            return Illegality::CaptureCompulsory {
                captures: captures(),
            };
        }
        let from = match spec.start {
            Start::Square(sq) => board.square_text(sq),
            Start::File(col) => char::from(b'a' + col).to_string(),
        };
        Illegality::CannotMoveThere { from, moves }
    }

    /// The shortest text naming `mv` (see [`Position::move_text`]).
    pub(super) fn shortest(&self, mv: &Mv) -> String {
        let board = self.board;
        let Some(key) = self.distinct.iter().position(|d| same_move(d, mv)) else {
            return mv.text(board);
        };
        let path = &mv.path[..];
        let inner = &path[..path.len() - 1];
        let start = Start::Square(mv.from);
        let unique = |mids: &[Square]| {
            let hits = self.hits(start, mids, mv.to());
            self.named(&hits).as_slice() == [key]
        };
        let write = |mids: &[Square]| {
            let sep = if mv.is_capture() { 'x' } else { '-' };
            let mut out = board.square_text(mv.from);
            for &sq in mids.iter().chain(core::iter::once(&mv.to())) {
                out.push(sep);
                out.push_str(&board.square_text(sq));
            }
            out
        };
        // Fewest intermediate squares first, earliest squares first; give up
        // on the search (and write the full path) after a fixed budget.
        let mut budget = 4096u32;
        let mut mids: SmallVec<[Square; 16]> = SmallVec::new();
        for k in 0..=inner.len() {
            let mut idx: SmallVec<[usize; 16]> = (0..k).collect();
            loop {
                mids.clear();
                mids.extend(idx.iter().map(|&i| inner[i]));
                if unique(&mids) {
                    return write(&mids);
                }
                budget = budget.saturating_sub(1);
                if budget == 0 {
                    return mv.text(board);
                }
                // Next combination of k indices out of inner.len().
                let n = inner.len();
                let Some(pos) = (0..k).rev().find(|&j| idx[j] < n - k + j) else {
                    break;
                };
                idx[pos] += 1;
                for j in pos + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
            }
        }
        mv.text(board)
    }

    /// The state of click input after `clicks` (see [`MoveInput`]).
    pub(super) fn input(&self, clicks: &[Square]) -> Clicked {
        let mut out = Clicked {
            candidates: SmallVec::new(),
            next: 0,
            ends: 0,
            captured: 0,
            jumped: 0,
            chosen: None,
        };
        match clicks.split_first() {
            None => {
                out.candidates = (0..self.distinct.len()).map(Choice::Distinct).collect();
                out.next = self.movable;
            }
            Some((&first, rest)) => {
                let mut hits: SmallVec<[Hit; 8]> = SmallVec::new();
                let mut at_end: SmallVec<[usize; 8]> = SmallVec::new();
                let mut full: SmallVec<[usize; 8]> = SmallVec::new();
                let mut jumped: Option<u128> = None;
                for (i, r) in self.routes.iter().enumerate() {
                    if r.mv.from != first {
                        continue;
                    }
                    let n = r.mv.path.len();
                    let Some(j) = subsequence(&r.sets, rest, n, None) else {
                        continue;
                    };
                    let done = r.mv.jumped(self.board, j);
                    jumped = Some(jumped.map_or(done, |x| x & done));
                    for set in &r.sets[j..] {
                        out.next |= *set;
                    }
                    let path = &r.mv.path[..];
                    let exact = subsequence(&r.sets, rest, n, Some(path)).is_some();
                    let is_full = path == rest;
                    if is_full {
                        full.push(r.key);
                    }
                    hits.push(Hit {
                        route: i,
                        exact,
                        full: is_full,
                    });
                    if let Some((&last, before)) = rest.split_last() {
                        if last == r.mv.to() && subsequence(&r.sets, before, n - 1, None).is_some()
                        {
                            at_end.push(r.key);
                        }
                    }
                }
                out.jumped = jumped.unwrap_or(0);
                let keys = self.keys(&hits);
                for &k in &keys {
                    out.candidates.push(self.pick(k, &hits));
                }
                for ends in [&mut full, &mut at_end] {
                    crate::core::sort::sort(ends);
                    ends.dedup();
                }
                let chosen = match (full.as_slice(), at_end.as_slice()) {
                    ([k], _) | (_, [k]) => Some(*k),
                    _ => None,
                };
                out.chosen = chosen.and_then(|k| keys.iter().position(|&x| x == k));
            }
        }
        for &c in &out.candidates {
            let mv = self.mv(c);
            out.ends |= bit(mv.to());
            out.captured |= mv.captured;
        }
        out
    }
}
