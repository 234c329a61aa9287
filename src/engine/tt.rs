//! The transposition table, keyed by the position's Zobrist hash.

use super::score::WIN_BOUND;

/// Kind of bound a stored score is.
pub(crate) const EXACT: u8 = 0;
pub(crate) const LOWER: u8 = 1;
pub(crate) const UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) mv: u32,
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: u8,
    age: u8,
}

/// A fixed-size table of search results; one entry per slot, replaced when
/// the new result is deeper or the old one is from an earlier search.
pub(crate) struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table of about `mib` MiB (rounded down to a power of two entries; at least 1024).
    pub(crate) fn new(mib: usize) -> Tt {
        let want = (mib.max(1) << 20) / core::mem::size_of::<Entry>();
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        Tt {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            age: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: i32) -> Option<Entry> {
        let e = self.entries[(key as usize) & self.mask];
        if e.key == key {
            let mut e = e;
            e.score = from_tt(e.score, ply);
            Some(e)
        } else {
            None
        }
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: u32, score: i32, depth: i32, bound: u8, ply: i32) {
        let slot = &mut self.entries[(key as usize) & self.mask];
        if slot.key != key && slot.age == self.age && slot.depth as i32 > depth + 2 {
            return;
        }
        let mv = if mv == 0 && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Entry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: depth.clamp(-1, i16::MAX as i32) as i16,
            bound,
            age: self.age,
        };
    }
}

/// Win scores are stored relative to the node, read back relative to the root.
fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}
