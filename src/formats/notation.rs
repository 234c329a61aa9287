//! Move text: reading and writing moves as players write them, and step-wise
//! move input for click-based frontends.
//!
//! * [`Position::parse_move`] reads numeric (`32-28`, `28x19`, `28x19x10`) and
//!   algebraic (`c3-d4`, `c3:e5`, `c3xe5`) move text, with any subset of the
//!   intermediate landing squares, and the Russian short notation (`ed4`).
//! * [`Position::move_text`] writes the shortest unambiguous text (PDN 3.0):
//!   `from-to` or `fromxto`, with intermediate squares only where two legal
//!   moves would otherwise read the same. The full path is `mv.to_string()`.
//! * [`MoveInput`] follows a player clicking a piece and then its landing
//!   squares.
//!
//! Text is always resolved against the legal moves of the position, never by
//! geometry alone: two captures with the same start and end may capture
//! different pieces, and then the text must say which ([rules §4](crate::rules)).
//!
//! ```
//! use draughts::{International, MoveTextError, Position};
//!
//! // The white king on 1 jumps 23 and lands on 29 or on 40; from 29 it takes
//! // 33 and 32, from 40 it takes 44 and 32. Both captures can end on 27.
//! let pos = Position::<International>::from_fen("W:WK1:B23,32,33,44").unwrap();
//! assert!(matches!(pos.parse_move("1x27"), Err(MoveTextError::Ambiguous { .. })));
//! let left = pos.parse_move("1x29x27").unwrap();
//! assert_eq!(left.to_string(), "1x29x38x27");
//! assert_eq!(pos.move_text(&left), "1x29x27");
//! let right = pos.parse_move("1-40-27").unwrap(); // `-` between captures, as in Thai files
//! assert_ne!(left.captured(), right.captured());
//! assert_eq!(pos.move_text(&right), "1x40x27");
//! // The error lists the candidates in full-path form.
//! assert_eq!(pos.parse_move("1x16").unwrap_err().to_string(),
//!            "`1x16` is ambiguous: it matches 1x29x38x16, 1x40x49x16");
//! ```

use smallvec::SmallVec;

use crate::core::bitboard::Square;
use crate::core::moves::{Move, MoveList, MoveMode, Path};
use crate::core::position::Position;
use crate::core::squares::SquareSet;
use crate::core::variant::board_spec::{bit, narrow, wide, BoardSpec};
use crate::core::variant::{Color, Variant};
use crate::error::{Illegality, MoveTextError};

// Everything below up to `Matcher` is written once for every variant: move
// text and click input are not hot paths, and a copy per variant would be
// kilobytes each in the WebAssembly package. The moves are read as plain
// data (`Mv`) and the board as a `BoardSpec`; `Matcher` and `MoveInput` are the
// thin generic shims.

/// Where move text says a move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// A square.
    Square(Square),
    /// A piece on this file (algebraic column, 0 = `a`): the short notation `ed4`.
    File(u8),
}

/// Move text after reading, before it is matched against the legal moves.
#[derive(Debug)]
struct Spec {
    start: Start,
    /// Intermediate landing squares, in order.
    mids: SmallVec<[Square; 16]>,
    end: Square,
    /// The text without surrounding whitespace and move-strength marks.
    text: String,
}

/// True for the characters accepted between two squares.
fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':' | '×' | '–' | '—')
}

/// True for the characters a square token is made of.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() && c != 'x' && c != 'X'
}

/// A square token as `parse_square` wants it: lower case, leading zeros of a
/// number removed.
fn normalize(token: &str) -> String {
    let lower = token.to_ascii_lowercase();
    if lower.bytes().all(|b| b.is_ascii_digit()) {
        let trimmed = lower.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    } else {
        lower
    }
}

/// The algebraic column (0 = `a`) of a square.
fn file_of(board: &BoardSpec, sq: Square) -> u8 {
    board.algebraic_name(sq).as_bytes()[0] - b'a'
}

/// Reads move text into squares; does not look at the position.
fn read_text(board: &BoardSpec, text: &str) -> Result<Spec, MoveTextError> {
    let body = text.trim_end_matches(|c: char| c.is_whitespace() || c == '!' || c == '?');
    let first = body.len() - body.trim_start().len();
    if first == body.len() {
        return Err(MoveTextError::Empty);
    }
    let mut tokens: SmallVec<[(usize, &str); 16]> = SmallVec::new();
    let mut expect_square = true;
    let mut i = first;
    while let Some(c) = body[i..].chars().next() {
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if is_separator(c) {
            if expect_square {
                return Err(MoveTextError::MissingSquare { position: i });
            }
            expect_square = true;
            i += c.len_utf8();
        } else if is_token_char(c) {
            let len = body[i..]
                .find(|c: char| !is_token_char(c))
                .unwrap_or(body.len() - i);
            let token = &body[i..i + len];
            if !expect_square {
                return Err(MoveTextError::Syntax {
                    position: i,
                    token: token.to_string(),
                });
            }
            tokens.push((i, token));
            expect_square = false;
            i += len;
        } else {
            return Err(MoveTextError::Syntax {
                position: i,
                token: c.to_string(),
            });
        }
    }
    if expect_square {
        return Err(MoveTextError::MissingSquare { position: i });
    }

    let algebraic = board.algebraic;
    let bad = |position: usize, token: &str| MoveTextError::BadSquare {
        position,
        token: token.to_string(),
    };
    let square = |position: usize, token: &str| {
        board
            .parse_square(&normalize(token))
            .ok_or_else(|| bad(position, token))
    };
    let file = |position: usize, token: &str| {
        let col = token.as_bytes()[0].to_ascii_lowercase().wrapping_sub(b'a');
        if col < board.width {
            Ok(col)
        } else {
            Err(bad(position, &token[..1]))
        }
    };
    let mut squares: SmallVec<[Square; 16]> = SmallVec::new();
    let (p0, t0) = tokens[0];
    let letters = t0.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let start = if algebraic && t0.len() == 1 && letters == 1 {
        // `e-d4`, `e:d4`, `exd4`: the short notation with a separator.
        Start::File(file(p0, t0)?)
    } else if let Some(sq) = board.parse_square(&normalize(t0)) {
        Start::Square(sq)
    } else if algebraic && letters == 2 && t0.len() >= 3 {
        // `ed4`: a piece on the e file moves to d4.
        let col = file(p0, t0)?;
        squares.push(square(p0 + 1, &t0[1..])?);
        Start::File(col)
    } else {
        return Err(bad(p0, t0));
    };
    for &(p, t) in &tokens[1..] {
        squares.push(square(p, t)?);
    }
    let Some(end) = squares.pop() else {
        return Err(MoveTextError::MissingSquare {
            position: body.len(),
        });
    };
    Ok(Spec {
        start,
        mids: squares,
        end,
        text: body[first..].to_string(),
    })
}

/// A move as plain data: what [`Move`] holds, its captured set as a `u128`.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Mv {
    pub(crate) from: Square,
    pub(crate) path: Path,
    pub(crate) captured: u128,
    pub(crate) promotes: bool,
}

impl Mv {
    pub(crate) fn of<V: Variant>(m: &Move<V>) -> Mv {
        Mv {
            from: m.from,
            path: m.path.clone(),
            captured: wide::<V>(m.captured),
            promotes: m.promotes,
        }
    }

    /// The move of variant `V` this data was read from.
    pub(crate) fn to_move<V: Variant>(&self) -> Move<V> {
        Move {
            from: self.from,
            path: self.path.clone(),
            captured: narrow::<V>(self.captured),
            promotes: self.promotes,
            _v: core::marker::PhantomData,
        }
    }

    pub(crate) fn to(&self) -> Square {
        *self
            .path
            .last()
            .expect("a move has at least one landing square")
    }

    pub(crate) fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The full-path text (`Move`'s `Display`).
    pub(crate) fn text(&self, board: &BoardSpec) -> String {
        board.path_text(self.from, &self.path, self.is_capture())
    }

    /// The pieces jumped by the first `n` jumps ([`Move::jumps`]).
    fn jumped(&self, board: &BoardSpec, n: usize) -> u128 {
        let (mut left, mut prev, mut done) = (self.captured, self.from, 0u128);
        for &to in self.path.iter().take(n) {
            if left == 0 {
                break;
            }
            let hit = board.between(prev, to) & left;
            if hit.count_ones() != 1 {
                break;
            }
            left ^= hit;
            done |= hit;
            prev = to;
        }
        done
    }
}

/// One jump of a capture route.
struct Jump {
    /// The piece jumped.
    captured: Square,
    /// Unit step of the jump, in internal coordinates.
    dir: (i8, i8),
    /// The jumping piece was a king.
    by_king: bool,
}

/// For each landing square of a capture route, the squares on which the
/// player may say the piece landed.
///
/// Usually that is the landing square itself. A flying king that jumps two
/// pieces in a straight line may stop on any square between them before the
/// second jump; routes mode lists such a double jump once (with the first
/// landing square), so every square between the two pieces is accepted there.
fn landing_sets(board: &BoardSpec, turn: Color, kings: u128, mv: &Mv) -> SmallVec<[u128; 16]> {
    let path = &mv.path[..];
    let mut sets: SmallVec<[u128; 16]> = path.iter().map(|&s| bit(s)).collect();
    if path.len() < 2 || !mv.is_capture() || !board.flying_beyond {
        return sets;
    }
    let far = board.far_row(turn);
    let captured = mv.captured;
    let mut king = kings & bit(mv.from) != 0;
    let mut removed = 0u128;
    let mut prev = mv.from;
    let mut jumps: SmallVec<[Jump; 16]> = SmallVec::new();
    for &land in path {
        let Some(dir) = board.direction(prev, land) else {
            return sets;
        };
        let hit = board.between(prev, land) & captured & !removed;
        if hit.count_ones() != 1 {
            return sets;
        }
        jumps.push(Jump {
            captured: Square(hit.trailing_zeros() as u8),
            dir,
            by_king: king,
        });
        removed |= hit;
        if board.promotes_and_continues && far & bit(land) != 0 {
            king = true;
        }
        prev = land;
    }
    for i in 0..path.len() - 1 {
        let (a, b) = (&jumps[i], &jumps[i + 1]);
        if a.by_king && a.dir == b.dir {
            sets[i] |= board.between(a.captured, b.captured);
        }
    }
    sets
}

/// Matches `clicks` in order against the landing sets `sets[..limit]`, each
/// click at a later landing than the one before. Returns the index after the
/// last matched landing (the earliest possible), or `None`.
fn subsequence(
    sets: &[u128],
    clicks: &[Square],
    limit: usize,
    exact: Option<&[Square]>,
) -> Option<usize> {
    let mut i = 0;
    for &sq in clicks {
        loop {
            if i >= limit {
                return None;
            }
            let ok = match exact {
                Some(path) => path[i] == sq,
                None => sets[i] & bit(sq) != 0,
            };
            i += 1;
            if ok {
                break;
            }
        }
    }
    Some(i)
}

/// A capture route (or a step) with the squares accepted for its landings.
#[derive(Clone)]
struct Route {
    mv: Mv,
    sets: SmallVec<[u128; 16]>,
    /// Index of the distinct move this route belongs to.
    key: usize,
}

/// One route matching some text or clicks.
#[derive(Clone, Copy)]
struct Hit {
    route: usize,
    /// The squares match the route's own landing squares (not only their
    /// straight-line alternatives).
    exact: bool,
    /// The squares are the route's whole path.
    full: bool,
}

/// A move chosen by text or clicks: a route, or (never in practice) the
/// distinct move itself.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Route(usize),
    Distinct(usize),
}

/// The legal moves of a position as data, prepared for matching text and
/// clicks.
#[derive(Clone)]
struct Core {
    board: &'static BoardSpec,
    distinct: Vec<Mv>,
    routes: Vec<Route>,
    movable: u128,
}

fn same_move(a: &Mv, b: &Mv) -> bool {
    a.from == b.from && a.to() == b.to() && a.captured == b.captured
}

impl Core {
    /// `all` is every route (or the distinct moves when there is no
    /// capture); returns the core and, per route kept, its index in `all`.
    fn new(
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

    fn starts(&self, start: Start, mv: &Mv) -> bool {
        match start {
            Start::Square(sq) => mv.from == sq,
            // Printed collections write king moves this way too (`ec3` for a
            // king on e1); when a man and a king of the file both fit, the
            // text is ambiguous.
            Start::File(col) => file_of(self.board, mv.from) == col,
        }
    }

    /// The routes that start at `start`, end on `end` and land on `mids` in order.
    fn hits(&self, start: Start, mids: &[Square], end: Square) -> SmallVec<[Hit; 8]> {
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
    fn keys(&self, hits: &[Hit]) -> SmallVec<[usize; 8]> {
        let mut keys: SmallVec<[usize; 8]> =
            hits.iter().map(|h| self.routes[h.route].key).collect();
        crate::core::sort::sort(&mut keys);
        keys.dedup();
        keys
    }

    /// The moves named by the hits. Squares that spell out a route's whole
    /// path name that route's move, even when they also fit longer routes
    /// of other moves with the same start and end.
    fn named(&self, hits: &[Hit]) -> SmallVec<[usize; 8]> {
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
    fn pick(&self, key: usize, hits: &[Hit]) -> Choice {
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

    fn mv(&self, choice: Choice) -> &Mv {
        match choice {
            Choice::Route(i) => &self.routes[i].mv,
            Choice::Distinct(k) => &self.distinct[k],
        }
    }

    /// The move `spec` names; `Ok(None)` when it names no legal move.
    fn resolve(&self, spec: &Spec) -> Result<Option<Choice>, MoveTextError> {
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
    fn texts(&self, keep: impl Fn(&Mv) -> bool) -> Vec<String> {
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
    fn why_illegal(
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
    fn shortest(&self, mv: &Mv) -> String {
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
    fn input(&self, clicks: &[Square]) -> Clicked {
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

/// What the clicks so far leave of the legal moves.
#[derive(Clone)]
struct Clicked {
    candidates: SmallVec<[Choice; 8]>,
    next: u128,
    ends: u128,
    captured: u128,
    jumped: u128,
    chosen: Option<usize>,
}

/// The legal moves of a position, prepared for matching text and clicks:
/// the data for [`Core`] and the moves it indexes.
struct Matcher<V: Variant> {
    core: Core,
    pos: Position<V>,
    distinct: MoveList<V>,
    /// The routes [`Core`] kept, in its order.
    routes: MoveList<V>,
}

impl<V: Variant> Clone for Matcher<V> {
    fn clone(&self) -> Self {
        Matcher {
            core: self.core.clone(),
            pos: self.pos,
            distinct: self.distinct.clone(),
            routes: self.routes.clone(),
        }
    }
}

impl<V: Variant> Matcher<V> {
    fn new(pos: &Position<V>) -> Self {
        let distinct = pos.legal_moves();
        let all = if distinct.iter().any(Move::is_capture) {
            pos.legal_moves_in(MoveMode::Routes)
        } else {
            distinct.clone()
        };
        let data = |list: &MoveList<V>| list.iter().map(Mv::of).collect::<Vec<_>>();
        let (core, kept) = Core::new(
            BoardSpec::of::<V>(),
            data(&distinct),
            data(&all),
            pos.turn(),
            wide::<V>(pos.kings),
        );
        let routes = kept.into_iter().map(|i| all[i].clone()).collect();
        Matcher {
            core,
            pos: *pos,
            distinct,
            routes,
        }
    }

    /// Why `spec` names no legal move ([`Core::why_illegal`]): the generic
    /// part, kept small (a copy per variant in the WebAssembly package).
    #[cold]
    fn why_illegal(&self, spec: &Spec) -> Illegality {
        let pos = &self.pos;
        let routes = pos.forbidden_moves(MoveMode::Routes);
        let (own, opp) = match pos.turn() {
            Color::White => (pos.white, pos.black),
            Color::Black => (pos.black, pos.white),
        };
        self.core.why_illegal(
            spec,
            pos.turn(),
            (wide::<V>(own), wide::<V>(opp)),
            wide::<V>(pos.kings),
            routes.iter().map(Mv::of).collect(),
        )
    }

    fn take(&self, choice: Choice) -> Move<V> {
        match choice {
            Choice::Route(i) => self.routes[i].clone(),
            Choice::Distinct(k) => self.distinct[k].clone(),
        }
    }
}

impl<V: Variant> Position<V> {
    /// Reads move text and returns the legal move it names.
    ///
    /// Accepted:
    /// * squares as numbers in the variant's numbering (`32-28`, zero padding
    ///   allowed) or algebraic names (`c3-d4`, either case);
    /// * `-`, `x` or `:` between squares, for steps and captures alike
    ///   (Russian and Czech files write captures `c3:e5`, Thai files `-`);
    /// * the start and end square with any of the intermediate landing squares
    ///   in order (`28x10`, `28x19x10`); a flying king's stop between two
    ///   pieces it jumps in a straight line may be any square between them;
    /// * trailing move-strength marks (`!`, `?`, `!!`, `?!`, ...), ignored;
    /// * for algebraic variants, the short notation of printed collections:
    ///   `ed4` (or `e-d4`, `e:d4`) is the move of a piece (man or king) on the
    ///   e file to d4.
    ///
    /// The text is matched against the legal moves (distinct mode). The move
    /// returned is the one [`Position::legal_moves`] lists, unless the squares
    /// given fit only another route of the same move (same start, end and
    /// captured pieces); then that route is returned. Squares that spell out
    /// the whole path of a route name that route's move, even if they could
    /// also be a partial path of another move.
    ///
    /// # Errors
    /// [`MoveTextError::Empty`], [`MoveTextError::Syntax`],
    /// [`MoveTextError::MissingSquare`] and [`MoveTextError::BadSquare`] for
    /// malformed text (with the byte offset of the problem);
    /// [`MoveTextError::Illegal`] when no legal move matches;
    /// [`MoveTextError::Ambiguous`] when several legal moves match, for
    /// instance two captures with equal start and end squares but different
    /// captured pieces (write an intermediate square to choose).
    ///
    /// ```
    /// use draughts::{English, MoveTextError, Position, Russian};
    ///
    /// let pos = Position::<English>::start();
    /// let mv = pos.parse_move("11-15").unwrap();
    /// assert_eq!(mv.to_string(), "11-15");
    /// assert_eq!(pos.parse_move("11-15!?").unwrap(), mv);
    /// assert!(matches!(pos.parse_move("11-18"), Err(MoveTextError::Illegal { .. })));
    /// assert!(matches!(pos.parse_move("11-"), Err(MoveTextError::MissingSquare { position: 3 })));
    /// assert!(matches!(pos.parse_move("11-99"), Err(MoveTextError::BadSquare { position: 3, .. })));
    ///
    /// let pos = Position::<Russian>::start();
    /// assert_eq!(pos.parse_move("c3-d4").unwrap(), pos.parse_move("cd4").unwrap());
    /// let pos = Position::<Russian>::from_fen("W:Wh6:Bg7,c5,d2").unwrap();
    /// assert_eq!(pos.parse_move("h6:e1").unwrap().to_string(), "h6xf8xb4xe1");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move<V>, MoveTextError> {
        let spec = read_text(BoardSpec::of::<V>(), text)?;
        let m = Matcher::new(self);
        match m.core.resolve(&spec)? {
            Some(c) => Ok(m.take(c)),
            None => Err(MoveTextError::Illegal {
                reason: m.why_illegal(&spec),
                text: spec.text,
            }),
        }
    }

    /// Writes `mv` in the shortest unambiguous form (PDN 3.0): `from-to` for
    /// a step, `fromxto` for a capture, with intermediate landing squares
    /// added only when another legal move (distinct mode) would otherwise
    /// match the text; as few as needed, the earliest first.
    ///
    /// Text that spells out a move's whole path names that move (see
    /// [`Position::parse_move`]), so a single jump is written `fromxto` even
    /// when a longer capture from the same square ends on the same square.
    /// [`Position::parse_move`] reads the text back to the same move (same
    /// start, end and captured pieces). A move that is not legal here is
    /// written in full-path form, as `mv.to_string()` does.
    ///
    /// ```
    /// use draughts::{International, Position};
    /// let pos = Position::<International>::from_fen("W:W28:B23,13").unwrap();
    /// let mv = &pos.legal_moves()[0];
    /// assert_eq!(mv.to_string(), "28x19x8");
    /// assert_eq!(pos.move_text(mv), "28x8");
    /// assert_eq!(pos.parse_move("28x8").unwrap(), *mv);
    /// ```
    pub fn move_text(&self, mv: &Move<V>) -> String {
        Matcher::new(self).core.shortest(&Mv::of(mv))
    }

    /// Starts step-wise input with the squares clicked so far (see
    /// [`MoveInput`]).
    pub fn move_input(&self, clicks: &[Square]) -> MoveInput<V> {
        MoveInput::with_clicks(self, clicks)
    }
}

/// Step-wise move input for click-based frontends.
///
/// The player clicks the piece to move, then landing squares of its move in
/// order: any of them, usually just the end square. After each click the
/// input knows which legal moves are still possible, which squares may be
/// clicked next, and whether one move has been chosen.
///
/// * A move is still possible when it starts on the first click and the
///   later clicks are landing squares of it, in order (a flying king's stop
///   between two pieces it jumps in a straight line may be any square between
///   them). Moves are distinct-mode moves, one per start, end and captured set.
/// * The input is complete when the clicks spell out the whole path of one
///   move, or when exactly one of the possible moves ends on the last click.
/// * If the end square clicked is shared by several captures (same start and
///   end, different captured pieces), no move is complete and nothing can be
///   clicked next: undo the click and click an intermediate square first.
///
/// ```
/// use draughts::{International, Position, Variant};
/// let sq = |n| International::square(n).unwrap();
///
/// // The white king on 1 can capture 23, 33, 32 or 23, 44, 32, both ending on
/// // 27, 21 or 16. The man on 46 has no move: captures are compulsory.
/// let pos = Position::<International>::from_fen("W:WK1,46:B23,32,33,44").unwrap();
/// let mut input = pos.move_input(&[]);
/// assert_eq!(input.movable().iter().collect::<Vec<_>>(), vec![sq(1)]);
/// assert_eq!(input.captured().len(), 4); // every piece some capture takes
///
/// assert!(!input.click(sq(46)), "46 has no move: the click is refused");
/// assert!(input.click(sq(1)));
/// assert_eq!(input.destinations().len(), 3);
/// assert!(input.next_squares().contains(sq(40)));
/// assert!(input.click(sq(27)));
/// assert!(!input.is_complete(), "27 does not say which pieces are taken");
/// assert_eq!(input.candidates().len(), 2);
/// assert!(input.next_squares().is_empty());
///
/// input.undo();
/// assert!(input.click(sq(40))); // where the king lands after the first jump
/// assert_eq!(input.candidates().len(), 3);
/// assert_eq!(input.captured().len(), 3);
/// assert!(input.click(sq(27)));
/// assert!(input.is_complete());
/// assert_eq!(input.chosen().unwrap().to_string(), "1x40x49x27");
/// ```
pub struct MoveInput<V: Variant> {
    matcher: Matcher<V>,
    clicks: Vec<Square>,
    state: Clicked,
    candidates: MoveList<V>,
}

impl<V: Variant> Clone for MoveInput<V> {
    fn clone(&self) -> Self {
        MoveInput {
            matcher: self.matcher.clone(),
            clicks: self.clicks.clone(),
            state: self.state.clone(),
            candidates: self.candidates.clone(),
        }
    }
}

impl<V: Variant> core::fmt::Debug for MoveInput<V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MoveInput")
            .field("position", &self.matcher.pos)
            .field("clicks", &self.clicks)
            .field("candidates", &self.candidates)
            .field("complete", &self.is_complete())
            .finish()
    }
}

impl<V: Variant> MoveInput<V> {
    /// Input for `pos` with nothing clicked yet.
    pub fn new(pos: &Position<V>) -> Self {
        Self::with_clicks(pos, &[])
    }

    /// Input for `pos` with `clicks` clicked: the start square, then landing
    /// squares in order. Clicks that fit no legal move give an input with no
    /// candidates.
    pub fn with_clicks(pos: &Position<V>, clicks: &[Square]) -> Self {
        let matcher = Matcher::new(pos);
        let state = matcher.core.input(clicks);
        let mut input = MoveInput {
            matcher,
            clicks: clicks.to_vec(),
            state,
            candidates: MoveList::new(),
        };
        input.take_candidates();
        input
    }

    /// The position the input is for.
    pub fn position(&self) -> &Position<V> {
        &self.matcher.pos
    }

    /// Adds a click if some legal move is still possible with it and returns
    /// true; otherwise changes nothing and returns false.
    pub fn click(&mut self, sq: Square) -> bool {
        let allowed = if self.clicks.is_empty() {
            self.matcher.core.movable
        } else {
            self.state.next
        };
        if allowed & bit(sq) == 0 {
            return false;
        }
        self.clicks.push(sq);
        self.update();
        true
    }

    /// Removes the last click and returns it.
    pub fn undo(&mut self) -> Option<Square> {
        let last = self.clicks.pop();
        self.update();
        last
    }

    /// Removes every click.
    pub fn clear(&mut self) {
        self.clicks.clear();
        self.update();
    }

    /// The squares clicked so far.
    pub fn clicks(&self) -> &[Square] {
        &self.clicks
    }

    /// The legal moves (distinct mode) still possible with the clicks so far;
    /// all legal moves before the first click.
    pub fn candidates(&self) -> &[Move<V>] {
        &self.candidates
    }

    /// The pieces that can move at all (for a capture: the pieces that can
    /// capture), whatever has been clicked.
    pub fn movable(&self) -> SquareSet<V> {
        set::<V>(self.matcher.core.movable)
    }

    /// The squares that may be clicked next: the movable pieces before the
    /// first click, later every landing square still ahead on some candidate.
    pub fn next_squares(&self) -> SquareSet<V> {
        set::<V>(self.state.next)
    }

    /// The end squares of the candidates.
    pub fn destinations(&self) -> SquareSet<V> {
        set::<V>(self.state.ends)
    }

    /// The pieces jumped by the clicks so far: those that every candidate
    /// captures on its way to the last square clicked. A frontend marks them
    /// as the player clicks through a capture (see also [`Move::jumps`]).
    ///
    /// ```
    /// use draughts::{International, Position, Variant};
    /// let sq = |n| International::square(n).unwrap();
    /// let pos = Position::<International>::from_fen("W:W47:B42,32,22,31").unwrap();
    /// let mut input = pos.move_input(&[sq(47)]);
    /// assert!(input.jumped().is_empty());
    /// assert!(input.click(sq(38)));
    /// assert_eq!(input.jumped().numbers(), [42]);
    /// assert!(input.click(sq(27)));
    /// assert_eq!(input.jumped().numbers(), [32, 42]);
    /// assert_eq!(input.captured().numbers(), [22, 31, 32, 42]);
    /// ```
    pub fn jumped(&self) -> SquareSet<V> {
        set::<V>(self.state.jumped)
    }

    /// The pieces captured by at least one candidate: the union over every
    /// move still possible, including pieces not yet jumped (see
    /// [`MoveInput::jumped`]).
    pub fn captured(&self) -> SquareSet<V> {
        set::<V>(self.state.captured)
    }

    /// True when the clicks have chosen one move ([`MoveInput::chosen`]).
    pub fn is_complete(&self) -> bool {
        self.state.chosen.is_some()
    }

    /// The move chosen by the clicks, once complete.
    pub fn chosen(&self) -> Option<&Move<V>> {
        self.state.chosen.map(|i| &self.candidates[i])
    }

    fn update(&mut self) {
        self.state = self.matcher.core.input(&self.clicks);
        self.take_candidates();
    }

    fn take_candidates(&mut self) {
        let m = &self.matcher;
        self.candidates.clear();
        self.candidates
            .extend(self.state.candidates.iter().map(|&c| m.take(c)));
    }
}

fn set<V: Variant>(bits: u128) -> SquareSet<V> {
    SquareSet::from_bits(narrow::<V>(bits))
}
