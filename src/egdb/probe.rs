//! Reading slices and probing positions.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

use super::index::{Layout, Squares};
use super::pack::{Packed, PACKED_VERSION};
use super::{EgdbError, Entry, Slice, Value, HEADER, MAGIC, UNKNOWN, VERSION};

pub(crate) const NAME_BYTES: usize = 19;

/// One loaded slice.
#[derive(Clone, Debug)]
pub(crate) struct Table<'a> {
    pub(crate) layout: Layout,
    pub(crate) data: Cow<'a, [u8]>,
    pub(crate) max_distance: u16,
    /// The decoding tables of a compressed slice (format version 2).
    pub(crate) packed: Option<Packed>,
}

impl Table<'_> {
    #[inline]
    pub(crate) fn raw(&self, index: u64) -> u16 {
        if let Some(p) = &self.packed {
            return p.raw(&self.data, index);
        }
        let at = HEADER + 2 * index as usize;
        u16::from_le_bytes([self.data[at], self.data[at + 1]])
    }
}

/// The variant's name as the header stores it.
pub(crate) fn header_name<V: Variant>() -> &'static [u8] {
    let name = V::NAME.as_bytes();
    &name[..name.len().min(NAME_BYTES)]
}

/// The header of a slice's bytes.
pub(crate) fn header<V: Variant>(slice: Slice, max_distance: u16) -> Vec<u8> {
    let mut h = Vec::with_capacity(HEADER);
    h.extend_from_slice(MAGIC);
    h.push(VERSION);
    h.push(0);
    h.extend_from_slice(&max_distance.to_le_bytes());
    h.extend_from_slice(&[
        slice.white_men,
        slice.white_kings,
        slice.black_men,
        slice.black_kings,
    ]);
    let name = header_name::<V>();
    h.push(name.len() as u8);
    h.extend_from_slice(name);
    h.resize(HEADER, 0);
    h
}

/// The hasher of the slices' map: a slice is four small numbers, looked up
/// for every move a build or a search reads (SipHash took 4% of a build).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct SliceHasher(u64);

impl Hasher for SliceHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u8(b);
        }
    }

    #[inline]
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0 << 8) | u64::from(b);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // MurmurHash3's finaliser: every bit of the result, high (the map's
        // tags) and low (its buckets), depends on every byte.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// A set of slices of variant `V`, read from the bytes [`build_slice`](super::build_slice)
/// made: looks up and probes positions.
#[derive(Clone, Debug)]
pub struct Egdb<'a, V: Variant> {
    pub(crate) squares: Squares<V>,
    pub(crate) tables: HashMap<Slice, Table<'a>, BuildHasherDefault<SliceHasher>>,
}

impl<V: Variant> Default for Egdb<'_, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// The answer of [`Egdb::probe`]: the position's value and the moves that
/// keep it.
#[derive(Clone, Debug)]
pub struct Probe<V: Variant> {
    /// The value and distance for the side to move.
    pub entry: Entry,
    /// The best moves: for a win those that win fastest, for a loss those
    /// that lose slowest, for a draw those that keep the draw. Empty when
    /// the game is over.
    pub best: Vec<Move<V>>,
}

impl<'a, V: Variant> Egdb<'a, V> {
    /// An empty database.
    pub fn new() -> Self {
        Egdb {
            squares: Squares::new(),
            tables: HashMap::default(),
        }
    }

    /// Adds one slice from its bytes (borrowed or owned), plain or
    /// [compressed](super::compress), and returns which slice it is; a slice
    /// already present is replaced. Bytes of another variant, or not of
    /// this format, are refused and nothing changes.
    pub fn insert(&mut self, bytes: impl Into<Cow<'a, [u8]>>) -> Result<Slice, EgdbError> {
        let data: Cow<'a, [u8]> = bytes.into();
        let bad = |m: &str| EgdbError::BadData(m.to_string());
        if data.len() < HEADER || &data[..4] != MAGIC {
            return Err(bad("the header is missing"));
        }
        if data[4] != VERSION && data[4] != PACKED_VERSION {
            return Err(bad(&format!(
                "format version {} (expected {VERSION}, or {PACKED_VERSION} compressed)",
                data[4]
            )));
        }
        let name_len = (data[12] as usize).min(NAME_BYTES);
        let name = &data[13..13 + name_len];
        if name != header_name::<V>() {
            return Err(EgdbError::WrongVariant {
                expected: V::NAME.to_string(),
                found: String::from_utf8_lossy(name).into_owned(),
            });
        }
        let slice = Slice {
            white_men: data[8],
            white_kings: data[9],
            black_men: data[10],
            black_kings: data[11],
        };
        if slice.too_big() {
            return Err(EgdbError::TooBig(slice));
        }
        let layout = Layout::new(&self.squares, slice);
        let packed = if data[4] == PACKED_VERSION {
            Some(Packed::read(&data, Some(2 * layout.size()))?)
        } else {
            let expected = HEADER as u64 + 4 * layout.size();
            if data.len() as u64 != expected {
                return Err(bad(&format!(
                    "slice {slice} should be {expected} bytes, not {}",
                    data.len()
                )));
            }
            None
        };
        let max_distance = u16::from_le_bytes([data[6], data[7]]);
        self.tables.insert(
            slice,
            Table {
                layout,
                data,
                max_distance,
                packed,
            },
        );
        Ok(slice)
    }

    /// Drops a loaded slice and hands back its bytes (`None` when it was
    /// not loaded): a long build frees the slices no later slice reads
    /// ([`Slice::reads`]).
    ///
    /// ```
    /// use draughts::egdb::{build_all, Slice};
    /// use draughts::English;
    /// let mut db = build_all::<English>(2, 1, |_| {}).unwrap();
    /// let kk: Slice = "wm0wk1bm0bk1".parse().unwrap();
    /// let bytes = db.remove(kk).unwrap();
    /// assert!(!db.contains(kk));
    /// assert_eq!(db.insert(bytes).unwrap(), kk);
    /// ```
    pub fn remove(&mut self, slice: Slice) -> Option<Cow<'a, [u8]>> {
        self.tables.remove(&slice).map(|t| t.data)
    }

    /// True when the slice is loaded.
    pub fn contains(&self, slice: Slice) -> bool {
        self.tables.contains_key(&slice)
    }

    /// The loaded slices, in no particular order.
    pub fn slices(&self) -> impl Iterator<Item = Slice> + '_ {
        self.tables.keys().copied()
    }

    /// The largest distance stored in a loaded slice.
    pub fn max_distance(&self, slice: Slice) -> Option<u16> {
        self.tables.get(&slice).map(|t| t.max_distance)
    }

    /// The bytes of a loaded slice.
    pub fn bytes(&self, slice: Slice) -> Option<&[u8]> {
        self.tables.get(&slice).map(|t| &*t.data)
    }

    /// The stored code of a position, or the missing slice.
    #[inline]
    pub(crate) fn raw(&self, pos: &Position<V>) -> Result<u16, EgdbError> {
        let slice = Slice::of(pos);
        let t = self
            .tables
            .get(&slice)
            .ok_or(EgdbError::MissingSlice(slice))?;
        Ok(t.raw(t.layout.index(&self.squares, pos)))
    }

    /// The value of a position for the side to move, with its distance.
    /// A position with a capture to make is answered like any other; a
    /// position whose slice is not loaded is [`EgdbError::MissingSlice`].
    ///
    /// ```
    /// use draughts::egdb::{build_all, Value};
    /// use draughts::{English, Position};
    /// let db = build_all::<English>(2, 1, |_| {}).unwrap();
    /// let pos = Position::<English>::from_fen("W:WK1:BK32").unwrap();
    /// assert_eq!(db.lookup(&pos).unwrap().value, Value::Draw);
    /// let three = Position::<English>::from_fen("W:WK1,K2:BK32").unwrap();
    /// assert!(db.lookup(&three).unwrap_err().to_string().contains("wm0wk2bm0bk1"));
    /// ```
    pub fn lookup(&self, pos: &Position<V>) -> Result<Entry, EgdbError> {
        let raw = self.raw(pos)?;
        if raw == UNKNOWN {
            return Err(EgdbError::BadData("an unresolved value is stored".into()));
        }
        Ok(Entry::decode(raw))
    }

    /// The value of a position and its best moves: every legal move whose
    /// successor keeps the value at the right distance (the fastest wins,
    /// the slowest losses, the drawing moves). Needs the slices of the
    /// position and of all its successors.
    pub fn probe(&self, pos: &Position<V>) -> Result<Probe<V>, EgdbError> {
        let entry = self.lookup(pos)?;
        let mut best = Vec::new();
        if entry.value != Value::Draw && entry.distance == 0 {
            // The game is over on the board.
            return Ok(Probe { entry, best });
        }
        for mv in pos.legal_moves() {
            let next = self.lookup(&pos.play(&mv))?;
            let keeps = match entry.value {
                Value::Win => next.value == Value::Loss && next.distance + 1 == entry.distance,
                Value::Loss => next.value == Value::Win && next.distance + 1 == entry.distance,
                Value::Draw => next.value == Value::Draw,
            };
            if keeps {
                best.push(mv);
            }
        }
        Ok(Probe { entry, best })
    }
}

impl<V: Variant> Egdb<'_, V> {
    /// The most pieces of a loaded slice (0 when nothing is loaded): a
    /// position with more pieces is never in the database.
    ///
    /// ```
    /// use draughts::egdb::{build_all, Egdb};
    /// use draughts::English;
    /// assert_eq!(Egdb::<English>::new().max_pieces(), 0);
    /// assert_eq!(build_all::<English>(2, 1, |_| {}).unwrap().max_pieces(), 2);
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.tables.keys().map(|s| s.pieces()).max().unwrap_or(0)
    }

    /// The value of `pos` when its slice is loaded, `None` otherwise: the
    /// search's quick question (no error is made for a missing slice).
    ///
    /// ```
    /// use draughts::egdb::{build_all, Value};
    /// use draughts::{English, Position};
    /// let db = build_all::<English>(2, 1, |_| {}).unwrap();
    /// let two = Position::<English>::from_fen("W:WK1:BK32").unwrap();
    /// assert_eq!(db.get(&two).unwrap().value, Value::Draw);
    /// let three = Position::<English>::from_fen("W:WK1,K2:BK32").unwrap();
    /// assert!(db.get(&three).is_none());
    /// ```
    #[inline]
    pub fn get(&self, pos: &Position<V>) -> Option<Entry> {
        let slice = Slice::of(pos);
        let t = self.tables.get(&slice)?;
        let raw = t.raw(t.layout.index(&self.squares, pos));
        (raw != UNKNOWN).then(|| Entry::decode(raw))
    }
}

/// A loaded database of any variant behind a shared pointer, as an engine
/// or a server keeps it (cheap to clone, shared between threads). It
/// remembers its variant: [`SharedEgdb::get`] with another variant is `None`.
///
/// ```
/// use draughts::egdb::{build_all, SharedEgdb};
/// use draughts::{English, Russian};
/// let shared = SharedEgdb::new(build_all::<English>(2, 1, |_| {}).unwrap());
/// assert_eq!(shared.variant(), "english");
/// assert_eq!(shared.max_pieces(), 2);
/// assert!(shared.get::<English>().is_some());
/// assert!(shared.get::<Russian>().is_none());
/// ```
#[derive(Clone)]
pub struct SharedEgdb {
    db: std::sync::Arc<dyn core::any::Any + Send + Sync>,
    variant: &'static str,
    max_pieces: u32,
    slices: usize,
}

impl core::fmt::Debug for SharedEgdb {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SharedEgdb")
            .field("variant", &self.variant)
            .field("max_pieces", &self.max_pieces)
            .field("slices", &self.slices)
            .finish()
    }
}

impl SharedEgdb {
    /// Shares a database (its bytes owned, or borrowed for `'static`, e.g.
    /// leaked or memory-mapped for the life of the program).
    pub fn new<V: Variant>(db: Egdb<'static, V>) -> SharedEgdb {
        SharedEgdb {
            variant: V::NAME,
            max_pieces: db.max_pieces(),
            slices: db.tables.len(),
            db: std::sync::Arc::new(db),
        }
    }

    /// The database when it is of variant `V`.
    pub fn get<V: Variant>(&self) -> Option<&Egdb<'static, V>> {
        self.db.downcast_ref::<Egdb<'static, V>>()
    }

    /// The shared pointer to the database when it is of variant `V`.
    pub fn arc<V: Variant>(&self) -> Option<std::sync::Arc<Egdb<'static, V>>> {
        std::sync::Arc::clone(&self.db)
            .downcast::<Egdb<'static, V>>()
            .ok()
    }

    /// The name of the database's variant ([`Variant::NAME`]).
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// The most pieces of a loaded slice ([`Egdb::max_pieces`]).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The number of loaded slices.
    pub fn slices(&self) -> usize {
        self.slices
    }
}
