//! Endgame databases: the exact game-theoretic value of every position with
//! few pieces, for any [`Variant`] — built ([`build_slice`], [`build_all`]),
//! probed ([`Egdb::lookup`], [`Egdb::probe`]) and checked ([`verify`]).
//! No I/O: a slice is built into bytes, and the caller stores them and hands
//! them back to [`Egdb::insert`].
//!
//! ```
//! use draughts::egdb::{build_all, Value};
//! use draughts::{English, Position};
//!
//! // Every English position with at most 2 pieces, in memory.
//! let db = build_all::<English>(2, 1, |_| {}).unwrap();
//! // A king against a man on its back row: Black to move wins.
//! let pos = Position::<English>::from_fen("B:W30:BK19").unwrap();
//! let answer = db.probe(&pos).unwrap();
//! assert_eq!(answer.entry.value, Value::Win);
//! assert!(!answer.best.is_empty());
//! ```
//!
//! # Slices and dependency order
//!
//! A [`Slice`] is one count of men and kings per side (`white_men`,
//! `white_kings`, `black_men`, `black_kings`). A move leads to the same
//! slice, to a slice with one man fewer and one king more (a promotion), or
//! to a slice with fewer pieces (a capture). [`slices_up_to`] lists the
//! slices in an order where every slice comes after all those it leads to:
//! by total pieces, then by total men. Captures and promotions come from the
//! library's move generator: the rules of every variant (capture
//! precedence, promotion during a capture, ...) are the crate's own.
//!
//! # Values
//!
//! Each position gets a [`Value`] for the side to move — win, draw or loss —
//! and, for a win or a loss, a distance: the number of plies to the end of
//! the game under optimal play, the winner ending it as fast as possible
//! and the loser as late as possible, across slice boundaries (a capture's
//! value comes from the smaller slice with its distance). A position whose
//! game is over on the board ([`Position::outcome`]: the side to move without
//! a legal move loses, or wins in Antidraughts; the first king wins in
//! Breakthrough) has distance 0.
//!
//! The values are the pure game-theoretic ones: no draw rule (repetition,
//! move counts) is applied, and a position that neither side can force to an
//! end is a draw. The distance lets a caller decide whether a win is reached
//! before a count rule would end the game as a draw.
//!
//! Frisian's king-move limit is state of the position
//! ([`KingRun`](crate::KingRun)): its count is part of the index (below), so
//! the values of those variants are exact with the limit applied, and a
//! position is probed with the count it carries.
//!
//! # Index
//!
//! The playing squares are numbered `0..n` in bit order and split into
//! White's back row `F`, Black's back row `L` and the middle `M`. White's men
//! stand on `F ∪ M`, Black's men on `M ∪ L` (a man is never on its
//! promotion row), kings anywhere, no two pieces on one square. Within a
//! slice with `wm, wk, bm, bk` pieces:
//!
//! * the positions are grouped in blocks by `f`, the number of White's men
//!   on `F` (`f = 0, 1, ...`), block after block;
//! * within a block the index is the mixed-radix number of five colex
//!   (combinatorial number system) ranks, most significant first: White's
//!   men on `F` among `F` (`C(|F|, f)` values), White's men on `M` among `M`
//!   (`C(|M|, wm - f)`), Black's men among `M ∪ L` minus White's men
//!   (`C(|M| + |L| - (wm - f), bm)`), White's kings among the squares left
//!   (`C(n - wm - bm, wk)`), Black's kings among those left after them
//!   (`C(n - wm - bm - wk, bk)`); the rank of a set `s_1 < s_2 < ... < s_k`
//!   of positions (counted within its domain) is `Σ C(s_i, i)`;
//! * in a variant with a king-move limit `L` (Frisian: 3), each side with
//!   men and kings has `1 + L * k` count states (`k` its kings): 0 for no
//!   count, `1 + L * r + m - 1` for its king of rank `r` (in square order
//!   among its kings) having made `m` moves; the position's number is
//!   `(arrangement * sW + w) * sB + b` (`sW`, `sB` the states of White and
//!   Black, 1 for a side without men or kings; `w`, `b` their states);
//! * the side to move is part of the key: White to move takes indices
//!   `0..N`, Black to move `N..2N` (`N` the slice's positions per side,
//!   [`Slice::positions`]).
//!
//! The index is dense: every index is one legal arrangement and back.
//!
//! # Format of a slice's bytes
//!
//! A 32-byte header — the magic `DEGB`, the format version (1), a zero
//! byte, the largest distance in the slice (u16, little-endian), the four
//! counts `wm wk bm bk` (one byte each), the length of the variant's name
//! and the name (at most 19 bytes, zero-padded) — then 2 bytes per position
//! (little-endian u16) in index order: `0` is a draw, `0x4000 | d` a win in
//! `d` plies, `0x8000 | d` a loss in `d` plies (`d < 0x4000`).
//!
//! [`compress`] turns these bytes into format version 2, the same codes
//! Huffman-coded in blocks of 256 positions with one code table per side to
//! move (about 2.9 bits a position on Russian's 1- to 5-piece slices, 5.6
//! times smaller); [`Egdb::insert`] reads both forms and answers the same,
//! and [`decompress`] gives the plain bytes back. [`compress`] describes
//! the layout of version 2.

mod build;
mod dynamic;
mod index;
mod pack;
mod probe;
mod verify;

use core::fmt;

pub use build::{build_all, build_slice, build_slice_in_parts, BuildProgress, PART_POSITIONS};
pub use dynamic::{AnyEgdb, AnyProbe, AnyProbeError};
pub use pack::{compress, decompress, is_compressed};
pub use probe::{Egdb, Probe, SharedEgdb};
pub use verify::{verify, verify_on};

use crate::position::Position;
use crate::variant::{Color, Variant};

/// One material balance: how many men and kings each side has.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Slice {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

impl Slice {
    /// The slice a position belongs to.
    pub fn of<V: Variant>(pos: &Position<V>) -> Slice {
        let count = |c: Color, kings: bool| {
            let n = if kings {
                pos.kings(c).len()
            } else {
                pos.men(c).len()
            };
            n.min(255) as u8
        };
        Slice {
            white_men: count(Color::White, false),
            white_kings: count(Color::White, true),
            black_men: count(Color::Black, false),
            black_kings: count(Color::Black, true),
        }
    }

    /// All pieces of the slice.
    pub fn pieces(self) -> u32 {
        self.white_men as u32
            + self.white_kings as u32
            + self.black_men as u32
            + self.black_kings as u32
    }

    /// All men of the slice.
    pub fn men(self) -> u32 {
        self.white_men as u32 + self.black_men as u32
    }

    /// The number of positions of the slice in variant `V` for one side to
    /// move (the slice's table holds twice as many, one per side to move).
    /// Under a king-move limit (Frisian) each arrangement counts once per
    /// state of the counts: none, or one of a side's kings with 1 to 3
    /// moves, for each side with men and kings.
    ///
    /// ```
    /// use draughts::egdb::Slice;
    /// use draughts::{English, Frisian};
    /// // Two kings on 32 squares.
    /// let kk = Slice { white_men: 0, white_kings: 1, black_men: 0, black_kings: 1 };
    /// assert_eq!(kk.positions::<English>(), 32 * 31);
    /// // Frisian: a man (45 squares), a king and a king, White's count in
    /// // 1 + 3 states.
    /// let mkk: Slice = "wm1wk1bm0bk1".parse().unwrap();
    /// assert_eq!(mkk.positions::<Frisian>(), 45 * 49 * 48 * 4);
    /// ```
    pub fn positions<V: Variant>(self) -> u64 {
        if self.too_big() {
            return 0;
        }
        index::Layout::new(&index::Squares::<V>::new(), self).size()
    }

    pub(crate) fn too_big(self) -> bool {
        [
            self.white_men,
            self.white_kings,
            self.black_men,
            self.black_kings,
        ]
        .iter()
        .any(|&k| k as usize > index::MAX_KIND)
    }

    /// The other slices one move can lead to, in the order of
    /// [`slices_up_to`]: those [`build_slice`] reads (with this slice
    /// itself, which it builds). A move by either side captures any number
    /// of the other side's men and kings, and may promote one of its own
    /// men; nothing else changes a slice. The list covers every variant, so
    /// it may hold a slice that a given variant's moves never reach.
    ///
    /// A build that must not hold every smaller slice in memory loads these
    /// before building the slice and drops a slice once no slice left to
    /// build reads it.
    ///
    /// ```
    /// use draughts::egdb::Slice;
    /// let s: Slice = "wm1wk0bm0bk1".parse().unwrap();
    /// let names: Vec<String> = s.reads().iter().map(|r| r.name()).collect();
    /// // White captures the king, or promotes (with or without capturing);
    /// // Black captures the man.
    /// assert_eq!(names, ["wm0wk0bm0bk1", "wm0wk1bm0bk0", "wm1wk0bm0bk0", "wm0wk1bm0bk1"]);
    /// ```
    pub fn reads(self) -> Vec<Slice> {
        // One side's men and kings after the other side's move: any subset
        // count of each kind.
        fn after_capture(men: u8, kings: u8) -> impl Iterator<Item = (u8, u8)> {
            (0..=men).flat_map(move |m| (0..=kings).map(move |k| (m, k)))
        }
        // The mover's men and kings after its move: the same, or one man
        // promoted.
        fn mover(men: u8, kings: u8) -> impl Iterator<Item = (u8, u8)> {
            let promoted = (men > 0).then(|| (men - 1, kings + 1));
            core::iter::once((men, kings)).chain(promoted)
        }
        // White's moves; Black's are White's in the colour-flipped slice.
        let white_moves = |s: Slice| {
            mover(s.white_men, s.white_kings).flat_map(move |(wm, wk)| {
                after_capture(s.black_men, s.black_kings).map(move |(bm, bk)| Slice {
                    white_men: wm,
                    white_kings: wk,
                    black_men: bm,
                    black_kings: bk,
                })
            })
        };
        let flip = |s: Slice| Slice {
            white_men: s.black_men,
            white_kings: s.black_kings,
            black_men: s.white_men,
            black_kings: s.white_kings,
        };
        let mut out: Vec<Slice> = white_moves(self)
            .chain(white_moves(flip(self)).map(flip))
            .collect();
        out.retain(|&r| r != self && r.pieces() > 0);
        // slices_up_to's order: total pieces, total men, then the loops'
        // order (White's men, White's kings).
        out.sort_by_key(|r| (r.pieces(), r.men(), r.white_men, r.white_kings));
        out.dedup();
        out
    }

    /// The slice's name, as in file names: `wm1wk0bm0bk1` for a white man
    /// against a black king.
    pub fn name(self) -> String {
        self.to_string()
    }
}

/// `wm1wk0bm0bk1`: the counts of White's men and kings, then Black's.
impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!(
            "wm{}wk{}bm{}bk{}",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        ))
    }
}

/// Reads a slice's name (`wm1wk0bm0bk1`).
impl core::str::FromStr for Slice {
    type Err = EgdbError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || EgdbError::BadSliceName(s.to_string());
        let mut counts = [0u8; 4];
        let mut rest = s;
        for (i, tag) in ["wm", "wk", "bm", "bk"].iter().enumerate() {
            rest = rest.strip_prefix(tag).ok_or_else(bad)?;
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            counts[i] = rest[..digits].parse().map_err(|_| bad())?;
            rest = &rest[digits..];
        }
        if !rest.is_empty() {
            return Err(bad());
        }
        Ok(Slice {
            white_men: counts[0],
            white_kings: counts[1],
            black_men: counts[2],
            black_kings: counts[3],
        })
    }
}

/// Every slice with 1 to `pieces` pieces in dependency order (a slice comes
/// after every slice its moves lead to): by total pieces, then total men.
///
/// ```
/// use draughts::egdb::slices_up_to;
/// let slices = slices_up_to(2);
/// assert_eq!(slices.len(), 4 + 10);
/// assert!(slices.windows(2).all(|w| w[0].pieces() <= w[1].pieces()));
/// ```
pub fn slices_up_to(pieces: u32) -> Vec<Slice> {
    let mut out = Vec::new();
    for total in 1..=pieces {
        for men in 0..=total {
            for wm in 0..=men {
                let bm = men - wm;
                for wk in 0..=total - men {
                    let bk = total - men - wk;
                    out.push(Slice {
                        white_men: wm as u8,
                        white_kings: wk as u8,
                        black_men: bm as u8,
                        black_kings: bk as u8,
                    });
                }
            }
        }
    }
    out
}

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

/// `win`, `draw` or `loss`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        })
    }
}

/// A stored value: win, draw or loss for the side to move and the plies to
/// the end of the game under optimal play (0 for a draw).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Entry {
    /// Win, draw or loss for the side to move.
    pub value: Value,
    /// Plies to the end of the game (winner shortest, loser longest); 0 for
    /// a draw.
    pub distance: u16,
}

/// The bytes of a slice's header (both formats).
pub(crate) const HEADER: usize = 32;
/// The first bytes of every slice.
pub(crate) const MAGIC: &[u8; 4] = b"DEGB";
/// The format version of plain slices (compressed ones: `pack`'s).
pub(crate) const VERSION: u8 = 1;

pub(crate) const DRAW: u16 = 0;
pub(crate) const WIN: u16 = 0x4000;
pub(crate) const LOSS: u16 = 0x8000;
pub(crate) const UNKNOWN: u16 = 0xFFFF;
pub(crate) const MAX_DISTANCE: u16 = 0x3FFF;

impl Entry {
    pub(crate) fn decode(raw: u16) -> Entry {
        let distance = raw & MAX_DISTANCE;
        let value = match raw & 0xC000 {
            WIN => Value::Win,
            LOSS => Value::Loss,
            _ => Value::Draw,
        };
        Entry { value, distance }
    }
}

/// Why a database could not be built, read or probed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EgdbError {
    /// A slice the position (or one of its successors) needs is not loaded.
    #[error("the endgame database has no slice {0} (build or load it first)")]
    MissingSlice(Slice),
    /// The bytes are not a slice of this format.
    #[error("not an endgame database slice: {0}")]
    BadData(String),
    /// The bytes are a slice of another variant.
    #[error("the slice is for the variant `{found}`, not `{expected}`")]
    WrongVariant {
        /// The variant asked for.
        expected: String,
        /// The variant the bytes were built for.
        found: String,
    },
    /// A slice name that is not of the form `wm1wk0bm0bk1`.
    #[error("`{0}` is not a slice name (expected e.g. wm1wk0bm0bk1)")]
    BadSliceName(String),
    /// A slice with more pieces of one kind than the index supports.
    #[error("slice {0} has more than 8 pieces of one kind")]
    TooBig(Slice),
    /// A stored value does not follow from its successors' values.
    #[error("slice {slice}: the value of {fen} is inconsistent: {reason}")]
    Inconsistent {
        /// The slice.
        slice: Slice,
        /// The position, as FEN.
        fen: String,
        /// What is wrong.
        reason: String,
    },
}
