//! The compressed form of a slice (format version 2): the stored codes
//! Huffman-coded, in blocks that can be read one at a time.
//!
//! A slice's 2-byte codes take few distinct values (draws, and wins and
//! losses at a few dozen distances), most of them rare, and their spread
//! differs with the side to move: the order-0 entropy of Russian's 1- to
//! 5-piece slices, one code table per side to move, is 2.4 bits a position.

use super::{EgdbError, HEADER, MAGIC, MAX_DISTANCE, UNKNOWN, VERSION};

/// Version byte of compressed slices.
pub(crate) const PACKED_VERSION: u8 = 2;
/// Positions per block of the compressor ([`compress`]).
pub(crate) const BLOCK: u32 = 256;
/// The longest Huffman code a compressed slice may use.
pub(crate) const MAX_LEN: u8 = 15;
/// The longest code the compressor aims for (the decoding table has `2^L`
/// entries); more distinct codes than fit raise it.
const TARGET_LEN: u8 = 12;

fn bad(m: impl Into<String>) -> EgdbError {
    EgdbError::BadData(m.into())
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// A code is a value the tables can hold: a draw, or a win or loss at a
/// distance.
fn is_value(code: u16) -> bool {
    code != UNKNOWN && code & 0xC000 != 0xC000 && (code & 0xC000 != 0 || code & MAX_DISTANCE == 0)
}

/// Huffman code lengths of `freq` (all positive), none longer than `limit`
/// (which must allow `freq.len()` codes): the plain Huffman lengths, with
/// the rarest frequencies raised until the longest fits.
fn code_lengths(freq: &[u64], limit: u8) -> Vec<u8> {
    if freq.len() == 1 {
        return vec![1];
    }
    let total: u64 = freq.iter().sum();
    let mut floor = 0u64;
    let mut shift = u64::from(limit);
    loop {
        let f: Vec<u64> = freq.iter().map(|&x| x.max(floor)).collect();
        let lens = huffman(&f);
        if lens.iter().all(|&l| l <= limit) {
            return lens;
        }
        shift = shift.saturating_sub(1);
        floor = (total >> shift).max(floor + 1);
    }
}

/// Plain Huffman code lengths (two or more symbols).
fn huffman(freq: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = freq.len();
    // Nodes 0..n are the leaves; each merge adds one with a parent link.
    let mut parent: Vec<usize> = vec![usize::MAX; n];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = freq
        .iter()
        .enumerate()
        .map(|(i, &f)| Reverse((f, i)))
        .collect();
    while heap.len() > 1 {
        let Reverse((fa, a)) = heap.pop().expect("two nodes");
        let Reverse((fb, b)) = heap.pop().expect("two nodes");
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((fa + fb, node)));
    }
    (0..n)
        .map(|leaf| {
            let (mut depth, mut at) = (0u8, leaf);
            while parent[at] != usize::MAX {
                at = parent[at];
                depth = depth.saturating_add(1);
            }
            depth
        })
        .collect()
}

/// Canonical codes for lengths sorted ascending: the code of each, as
/// written (bit-reversed, to be read least significant bit first).
fn canonical(lens: &[u8]) -> Vec<u32> {
    let mut code = 0u32;
    let mut prev = lens.first().copied().unwrap_or(0);
    lens.iter()
        .enumerate()
        .map(|(i, &l)| {
            if i > 0 {
                code = (code + 1) << (l - prev);
            }
            prev = l;
            code.reverse_bits() >> (32 - l as u32)
        })
        .collect()
}

/// One part's code: its codes in canonical order with their lengths, and
/// each code's written bits by value.
struct Code {
    order: Vec<(u8, u16)>,
    bits: Vec<(u32, u8)>,
}

/// The codes stored in `bytes` (little-endian, two bytes each).
fn codes_of(bytes: &[u8]) -> impl Iterator<Item = u16> + '_ {
    bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
}

/// The Huffman code of a part's codes (all of them values).
fn code_for(codes: impl Iterator<Item = u16>) -> Code {
    let mut freq = vec![0u64; 1 << 16];
    for c in codes {
        freq[c as usize] += 1;
    }
    let mut symbols: Vec<u16> = (0..=u16::MAX).filter(|&c| freq[c as usize] > 0).collect();
    if symbols.is_empty() {
        symbols.push(0);
        freq[0] = 1;
    }
    let need = (usize::BITS - (symbols.len() - 1).leading_zeros()) as u8;
    let limit = TARGET_LEN.max(need + 1).min(MAX_LEN);
    let f: Vec<u64> = symbols.iter().map(|&s| freq[s as usize]).collect();
    let lens = code_lengths(&f, limit);
    let mut order: Vec<(u8, u16)> = lens.into_iter().zip(symbols).collect();
    order.sort_unstable();
    let sorted: Vec<u8> = order.iter().map(|&(l, _)| l).collect();
    let mut bits = vec![(0u32, 0u8); 1 << 16];
    for (&(l, s), w) in order.iter().zip(canonical(&sorted)) {
        bits[s as usize] = (w, l);
    }
    Code { order, bits }
}

/// The compressed form (version 2) of a slice's bytes of version 1, as
/// [`build_slice`](super::build_slice) makes them. [`Egdb::insert`](super::Egdb::insert)
/// reads both forms and answers the same. Compressed, Russian's slices
/// up to 5 pieces take 111 MB instead of 624 MB; a look-up decodes part of
/// a block where the plain form reads two bytes (about 0.7 µs against 0.3
/// µs a random position, measured on a loaded 2-core machine).
///
/// ```
/// use draughts::egdb::{build_all, compress, decompress, Egdb, Slice};
/// use draughts::{English, Position};
/// let built = build_all::<English>(3, 1, |_| {}).unwrap();
/// let slice: Slice = "wm0wk2bm0bk1".parse().unwrap();
/// let plain = built.bytes(slice).unwrap();
/// let packed = compress(plain).unwrap();
/// assert!(packed.len() * 3 < plain.len());
/// assert_eq!(decompress(&packed).unwrap(), plain);
/// // A database of the compressed bytes answers as the plain one.
/// let mut db = Egdb::<English>::new();
/// db.insert(packed).unwrap();
/// let pos = Position::<English>::from_fen("W:WK1,K2:BK32").unwrap();
/// assert_eq!(db.lookup(&pos).unwrap(), built.lookup(&pos).unwrap());
/// ```
///
/// # Format
///
/// Version 2 keeps the header of version 1 (with 2 as the version) and
/// stores after it, all integers little-endian:
///
/// * `u32` positions per block `B`, `u8` the number of parts `P` (2: White
///   to move, then Black), three zero bytes;
/// * for each part: `u64` its positions `n`, `u16` its distinct codes `S`,
///   `u8` its longest code length `L` (at most 15), a zero byte, the `S`
///   codes (`u16` each) in canonical order — by code length, then by value
///   — and their `S` lengths (`u8` each, 1 to `L`);
/// * the byte offsets into the stream (`u64` each) of every block, part
///   after part (`⌈n / B⌉` blocks a part, block `k` of a part holding its
///   positions `kB .. (k+1)B`), then the stream's length;
/// * the stream: each block starts on a byte, its codes one after another,
///   each written least significant bit first as the bit-reversed canonical
///   Huffman code of its part.
///
/// Reading one position decodes its block up to it: at most `B - 1` codes
/// skipped with one table look-up each (`2^L` entries per part).
pub fn compress(plain: &[u8]) -> Result<Vec<u8>, EgdbError> {
    if plain.len() <= HEADER || plain[4] != VERSION || !(plain.len() - HEADER).is_multiple_of(4) {
        return Err(bad("not an uncompressed slice (format version 1)"));
    }
    // The codes are read where they stand (a slice's bytes can be most of
    // the memory there is).
    let body = &plain[HEADER..];
    if let Some(c) = codes_of(body).find(|&c| !is_value(c)) {
        return Err(bad(format!("the code {c:#06x} is not a value")));
    }
    // The two parts: White to move, Black to move.
    let parts: Vec<&[u8]> = body.chunks(body.len() / 2).collect();
    let tables: Vec<Code> = parts.iter().map(|p| code_for(codes_of(p))).collect();

    let mut out = plain[..HEADER].to_vec();
    out[4] = PACKED_VERSION;
    out.extend_from_slice(&BLOCK.to_le_bytes());
    out.extend_from_slice(&[parts.len() as u8, 0, 0, 0]);
    for (part, code) in parts.iter().zip(&tables) {
        out.extend_from_slice(&(part.len() as u64 / 2).to_le_bytes());
        out.extend_from_slice(&(code.order.len() as u16).to_le_bytes());
        out.extend_from_slice(&[code.order.last().map_or(1, |&(l, _)| l), 0]);
        out.extend(code.order.iter().flat_map(|&(_, s)| s.to_le_bytes()));
        out.extend(code.order.iter().map(|&(l, _)| l));
    }
    // The offsets go before the stream, which is written in place after
    // them.
    let blocks: usize = parts
        .iter()
        .map(|p| p.len().div_ceil(2 * BLOCK as usize))
        .sum();
    let table_at = out.len();
    out.resize(table_at + 8 * (blocks + 1), 0);
    let stream_at = out.len();
    let mut offsets: Vec<u64> = Vec::with_capacity(blocks + 1);
    for (part, code) in parts.iter().zip(&tables) {
        for block in part.chunks(2 * BLOCK as usize) {
            offsets.push((out.len() - stream_at) as u64);
            let (mut acc, mut bits) = (0u64, 0u32);
            for c in codes_of(block) {
                let (w, l) = code.bits[c as usize];
                acc |= u64::from(w) << bits;
                bits += u32::from(l);
                while bits >= 8 {
                    out.push(acc as u8);
                    acc >>= 8;
                    bits -= 8;
                }
            }
            if bits > 0 {
                out.push(acc as u8);
            }
        }
    }
    offsets.push((out.len() - stream_at) as u64);
    for (k, o) in offsets.iter().enumerate() {
        out[table_at + 8 * k..table_at + 8 * k + 8].copy_from_slice(&o.to_le_bytes());
    }
    Ok(out)
}

/// True when `bytes` say they are a compressed slice (format version 2):
/// what [`compress`] makes and [`decompress`] reads. Only the header is
/// looked at; [`Egdb::insert`](super::Egdb::insert) checks the rest.
///
/// ```
/// use draughts::egdb::{build_all, compress, is_compressed, Slice};
/// use draughts::English;
/// let built = build_all::<English>(2, 1, |_| {}).unwrap();
/// let plain = built.bytes("wm0wk1bm0bk1".parse::<Slice>().unwrap()).unwrap();
/// assert!(!is_compressed(plain));
/// assert!(is_compressed(&compress(plain).unwrap()));
/// ```
pub fn is_compressed(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(MAGIC) && bytes[4] == PACKED_VERSION
}

/// The plain form (version 1) of a compressed slice's bytes: the inverse
/// of [`compress`]. Bytes already plain are handed back as they are.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, EgdbError> {
    if bytes.len() >= HEADER && bytes[4] == VERSION {
        return Ok(bytes.to_vec());
    }
    let packed = Packed::read(bytes, None)?;
    let total: u64 = packed.parts.iter().map(|p| p.positions).sum();
    let mut out = Vec::with_capacity(HEADER + 2 * total as usize);
    out.extend_from_slice(&bytes[..HEADER]);
    out[4] = VERSION;
    for part in &packed.parts {
        let blocks = part.positions.div_ceil(u64::from(packed.block));
        for k in 0..blocks {
            let n = (part.positions - k * u64::from(packed.block)).min(u64::from(packed.block));
            let mut r = packed.reader(bytes, part.first_block + k);
            for _ in 0..n {
                out.extend_from_slice(&part.symbols[r.next(part) as usize].to_le_bytes());
            }
        }
    }
    Ok(out)
}

/// One part's decoding tables.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    /// The part's first index in the slice.
    first: u64,
    /// Its positions.
    positions: u64,
    /// Its first block among all.
    first_block: u64,
    /// The codes, in canonical order.
    symbols: Vec<u16>,
    /// `2^len` entries: (symbol, code length) for each next `len` bits.
    table: Vec<(u16, u8)>,
    /// Bits of a table index.
    len: u8,
}

/// A compressed slice's decoding tables, read and checked once.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    /// Positions per block.
    block: u32,
    parts: Vec<Part>,
    /// Where the offsets start.
    offsets_at: usize,
    /// Where the stream starts.
    stream_at: usize,
}

/// A reader of one block's bits.
pub(crate) struct Reader<'b> {
    stream: &'b [u8],
    at: usize,
    acc: u64,
    bits: u32,
}

impl Reader<'_> {
    /// The next symbol's index (bits past the block's end read as 0).
    #[inline]
    fn next(&mut self, p: &Part) -> u16 {
        if self.bits < u32::from(MAX_LEN) {
            if let Some(w) = self.stream.get(self.at..self.at + 8) {
                // Eight bytes at once; the whole bytes that fit are kept.
                let word = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                self.acc |= word << self.bits;
                let took = (63 - self.bits) / 8;
                self.at += took as usize;
                self.bits += 8 * took;
            } else {
                while self.bits <= 56 {
                    let byte = self.stream.get(self.at).copied().unwrap_or(0);
                    self.acc |= u64::from(byte) << self.bits;
                    self.at += 1;
                    self.bits += 8;
                }
            }
        }
        let (sym, len) = p.table[(self.acc & ((1u64 << p.len) - 1)) as usize];
        self.acc >>= len;
        self.bits -= u32::from(len);
        sym
    }
}

impl Packed {
    /// Reads the tables of a compressed slice (that should hold `total`
    /// positions, when given); anything inconsistent is
    /// [`EgdbError::BadData`].
    pub(crate) fn read(bytes: &[u8], total: Option<u64>) -> Result<Packed, EgdbError> {
        let short = || bad("the compressed slice is cut short");
        if bytes.len() < HEADER + 8 || bytes[4] != PACKED_VERSION {
            return Err(bad("not a compressed slice (format version 2)"));
        }
        let block = u32_at(bytes, HEADER);
        if block == 0 || block > 1 << 20 {
            return Err(bad(format!("{block} positions a block")));
        }
        let count = bytes[HEADER + 4];
        if !(1..=4).contains(&count) {
            return Err(bad(format!("{count} parts")));
        }
        let mut at = HEADER + 8;
        let mut parts = Vec::new();
        let (mut first, mut first_block) = (0u64, 0u64);
        for _ in 0..count {
            if at + 12 > bytes.len() {
                return Err(short());
            }
            let positions = u64_at(bytes, at);
            let n = u16_at(bytes, at + 8) as usize;
            let len = bytes[at + 10];
            at += 12;
            if n == 0 || len == 0 || len > MAX_LEN {
                return Err(bad("no codes, or codes longer than 15 bits"));
            }
            if at + 3 * n > bytes.len() {
                return Err(short());
            }
            let symbols: Vec<u16> = (0..n).map(|k| u16_at(bytes, at + 2 * k)).collect();
            if let Some(s) = symbols.iter().find(|&&s| !is_value(s)) {
                return Err(bad(format!("the code {s:#06x} is not a value")));
            }
            let lens = &bytes[at + 2 * n..at + 3 * n];
            at += 3 * n;
            if lens.iter().any(|&l| l == 0 || l > len) || lens.windows(2).any(|w| w[0] > w[1]) {
                return Err(bad("code lengths out of order"));
            }
            // Kraft's inequality: the lengths are those of a prefix code.
            let kraft: u64 = lens.iter().map(|&l| 1u64 << (MAX_LEN - l)).sum();
            if kraft > 1 << MAX_LEN {
                return Err(bad("the code lengths are not a prefix code"));
            }
            // The decoding table: every index whose low `l` bits are a code.
            let mut table = vec![(0u16, len); 1 << len];
            for (k, (&c, &l)) in canonical(lens).iter().zip(lens).enumerate() {
                let mut i = c as usize;
                while i < table.len() {
                    table[i] = (k as u16, l);
                    i += 1 << l;
                }
            }
            let blocks = positions.div_ceil(u64::from(block));
            parts.push(Part {
                first,
                positions,
                first_block,
                symbols,
                table,
                len,
            });
            first = first.checked_add(positions).ok_or_else(short)?;
            first_block += blocks;
        }
        if total.is_some_and(|t| t != first) {
            return Err(bad(format!(
                "the compressed slice holds {first} positions, not {}",
                total.unwrap_or(0)
            )));
        }
        let offsets_at = at;
        let stream_at = first_block
            .checked_add(1)
            .and_then(|b| b.checked_mul(8))
            .and_then(|b| b.checked_add(offsets_at as u64))
            .filter(|&s| s <= bytes.len() as u64)
            .ok_or_else(short)? as usize;
        // Offsets: from 0, never decreasing, the last the stream's length.
        let stream_len = (bytes.len() - stream_at) as u64;
        let mut prev = 0u64;
        for k in 0..=first_block as usize {
            let o = u64_at(bytes, offsets_at + 8 * k);
            if (k == 0 && o != 0) || o < prev || o > stream_len {
                return Err(bad("block offsets out of order"));
            }
            prev = o;
        }
        if prev != stream_len {
            return Err(bad(
                "the compressed slice's length does not match its offsets",
            ));
        }
        // Every code takes a bit at least.
        if first > 8 * stream_len {
            return Err(bad("the compressed slice's stream is too short"));
        }
        Ok(Packed {
            block,
            parts,
            offsets_at,
            stream_at,
        })
    }

    fn reader<'b>(&self, bytes: &'b [u8], block: u64) -> Reader<'b> {
        let at = self.offsets_at + 8 * block as usize;
        let (from, to) = (u64_at(bytes, at) as usize, u64_at(bytes, at + 8) as usize);
        Reader {
            stream: &bytes[self.stream_at + from..self.stream_at + to],
            at: 0,
            acc: 0,
            bits: 0,
        }
    }

    /// The code stored at `index` (an index the slice holds).
    #[inline]
    pub(crate) fn raw(&self, bytes: &[u8], index: u64) -> u16 {
        let part = match self.parts.iter().rposition(|p| p.first <= index) {
            Some(k) => &self.parts[k],
            None => &self.parts[0],
        };
        let within = index - part.first;
        let block = u64::from(self.block);
        let mut r = self.reader(bytes, part.first_block + within / block);
        for _ in 0..within % block {
            r.next(part);
        }
        part.symbols[r.next(part) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_limited_and_prefix_free() {
        // Fibonacci frequencies make the deepest plain Huffman tree.
        let mut f = vec![1u64, 1];
        while f.len() < 40 {
            let k = f.len();
            f.push(f[k - 1] + f[k - 2]);
        }
        assert!(huffman(&f).iter().any(|&l| l > 12));
        let lens = code_lengths(&f, 12);
        assert!(lens.iter().all(|&l| (1..=12).contains(&l)));
        let kraft: f64 = lens.iter().map(|&l| 0.5f64.powi(l as i32)).sum();
        assert!(kraft <= 1.0);
    }
}
