//! [`AnyEgdb`]: an endgame database of a mode chosen at run time, with
//! positions in as FEN and moves out as text — what the Python and JS
//! bindings and the server call.

use core::fmt;

use crate::mode::Mode;
use crate::position::Position;
use crate::variant::Variant;

use super::{Egdb, EgdbError, Entry, SharedEgdb, Slice, Value};

/// The answer of [`AnyEgdb::probe`]: the value for the side to move, the
/// plies to the end and the best moves as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyProbe {
    /// Win, draw or loss for the side to move.
    pub value: Value,
    /// Plies to the end of the game under optimal play (0 for a draw).
    pub distance: u16,
    /// The moves that keep the value (the fastest wins, the slowest
    /// losses, the drawing moves), each in full-path text (`32x21x12` for a
    /// capture); empty when the game is over.
    pub best: Vec<String>,
}

/// Why [`AnyEgdb::probe`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyProbeError {
    /// The FEN could not be read as a position of the database's mode.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// The database could not answer (a slice is missing, ...).
    #[error(transparent)]
    Egdb(#[from] EgdbError),
}

/// The typed database behind [`AnyEgdb`].
trait DynEgdb: Send + Sync {
    fn insert(&mut self, bytes: Vec<u8>) -> Result<Slice, EgdbError>;
    fn lookup(&self, fen: &str) -> Result<Entry, AnyProbeError>;
    fn probe(&self, fen: &str) -> Result<AnyProbe, AnyProbeError>;
    fn slices(&self) -> Vec<Slice>;
    fn max_pieces(&self) -> u32;
    fn bytes(&self, slice: Slice) -> Option<&[u8]>;
    fn shared(&self) -> SharedEgdb;
}

fn position<V: Variant>(fen: &str) -> Result<Position<V>, AnyProbeError> {
    Position::<V>::from_fen(fen).map_err(|e| AnyProbeError::Fen(e.to_string()))
}

impl<V: Variant> DynEgdb for Egdb<'static, V> {
    fn insert(&mut self, bytes: Vec<u8>) -> Result<Slice, EgdbError> {
        Egdb::insert(self, bytes)
    }
    fn lookup(&self, fen: &str) -> Result<Entry, AnyProbeError> {
        Ok(Egdb::lookup(self, &position::<V>(fen)?)?)
    }
    fn probe(&self, fen: &str) -> Result<AnyProbe, AnyProbeError> {
        let p = Egdb::probe(self, &position::<V>(fen)?)?;
        Ok(AnyProbe {
            value: p.entry.value,
            distance: p.entry.distance,
            best: p.best.iter().map(ToString::to_string).collect(),
        })
    }
    fn slices(&self) -> Vec<Slice> {
        let mut s: Vec<Slice> = Egdb::slices(self).collect();
        s.sort_by_key(|s| (s.pieces(), s.men(), *s));
        s
    }
    fn max_pieces(&self) -> u32 {
        Egdb::max_pieces(self)
    }
    fn bytes(&self, slice: Slice) -> Option<&[u8]> {
        Egdb::bytes(self, slice)
    }
    fn shared(&self) -> SharedEgdb {
        SharedEgdb::new(self.clone())
    }
}

/// An endgame database of a [`Mode`] chosen at run time: slices go in as
/// bytes ([`AnyEgdb::insert`]), positions as FEN, best moves come out as
/// text. The typed [`Egdb`] does the work.
///
/// ```
/// use draughts::egdb::{build_all, AnyEgdb, Value};
/// use draughts::{English, Mode};
///
/// let built = build_all::<English>(2, 1, |_| {}).unwrap();
/// let mut db = AnyEgdb::new(Mode::English);
/// for slice in built.slices() {
///     db.insert(built.bytes(slice).unwrap().to_vec()).unwrap();
/// }
/// assert_eq!(db.max_pieces(), 2);
/// let p = db.probe("B:W30:BK19").unwrap();
/// assert_eq!((p.value, p.best.is_empty()), (Value::Win, false));
/// // Three pieces: the slice is missing, and the error names it.
/// let e = db.probe("W:WK1,K2:BK32").unwrap_err();
/// assert!(e.to_string().contains("wm0wk2bm0bk1"));
/// assert!(db.probe("not a fen").unwrap_err().to_string().starts_with("bad FEN"));
/// ```
pub struct AnyEgdb {
    mode: Mode,
    inner: Box<dyn DynEgdb>,
}

impl fmt::Debug for AnyEgdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyEgdb")
            .field("mode", &self.mode)
            .field("slices", &self.inner.slices().len())
            .finish()
    }
}

impl AnyEgdb {
    /// An empty database of `mode`.
    pub fn new(mode: Mode) -> AnyEgdb {
        AnyEgdb {
            mode,
            inner: crate::with_mode!(mode, V => Box::new(Egdb::<'static, V>::new()) as Box<dyn DynEgdb>),
        }
    }

    /// Builds every slice of `mode` with 1 to `pieces` pieces in memory
    /// ([`build_all`](super::build_all)) on `threads` threads: seconds up to
    /// 3 pieces on 8x8, minutes for 4.
    ///
    /// ```
    /// use draughts::egdb::AnyEgdb;
    /// use draughts::Mode;
    /// let db = AnyEgdb::build(Mode::Russian, 2, 1).unwrap();
    /// assert_eq!(db.slices().len(), 14);
    /// ```
    pub fn build(mode: Mode, pieces: u32, threads: usize) -> Result<AnyEgdb, EgdbError> {
        Ok(AnyEgdb {
            mode,
            inner: crate::with_mode!(mode, V => Box::new(super::build_all::<V>(pieces, threads, |_| {})?) as Box<dyn DynEgdb>),
        })
    }

    /// The database's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Adds a slice from its bytes and says which it is ([`Egdb::insert`]):
    /// bytes of another variant or not of the format are refused, and
    /// nothing changes then.
    pub fn insert(&mut self, bytes: Vec<u8>) -> Result<Slice, EgdbError> {
        self.inner.insert(bytes)
    }

    /// The value and distance of the position `fen` ([`Egdb::lookup`]).
    pub fn lookup(&self, fen: &str) -> Result<Entry, AnyProbeError> {
        self.inner.lookup(fen)
    }

    /// The value, distance and best moves of the position `fen`
    /// ([`Egdb::probe`]; the slices of its successors are needed too).
    pub fn probe(&self, fen: &str) -> Result<AnyProbe, AnyProbeError> {
        self.inner.probe(fen)
    }

    /// The loaded slices, by pieces then men.
    pub fn slices(&self) -> Vec<Slice> {
        self.inner.slices()
    }

    /// The most pieces of a loaded slice (0 when empty).
    pub fn max_pieces(&self) -> u32 {
        self.inner.max_pieces()
    }

    /// The bytes of a loaded slice.
    pub fn bytes(&self, slice: Slice) -> Option<&[u8]> {
        self.inner.bytes(slice)
    }

    /// A copy of the database for engines ([`Engine::set_egdb`](crate::engine::Engine::set_egdb)).
    pub fn shared(&self) -> SharedEgdb {
        self.inner.shared()
    }
}
