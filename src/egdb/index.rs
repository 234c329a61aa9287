//! The index of a slice: binomial ranking of each kind of piece (see the
//! [module documentation](super) for the scheme).

use core::marker::PhantomData;

use crate::bitboard::{BitSet, Bitboard, Square};
use crate::geometry::Geometry;
use crate::position::{KingRun, Position};
use crate::squares::Bits;
use crate::variant::{Color, Variant};

use super::Slice;

/// The most pieces of one kind (white men, white kings, ...) a slice may
/// hold: the binomial table's width.
pub(crate) const MAX_KIND: usize = 8;

/// The board's playing squares numbered densely `0..n` in bit order, split
/// into White's back row `F`, the middle `M` and Black's back row `L`, with
/// the binomial coefficients the ranking needs.
#[derive(Clone, Debug)]
pub(crate) struct Squares<V: Variant> {
    pub(crate) n: u32,
    first: u128,
    middle: u128,
    last: u128,
    all: u128,
    bit_to_dense: [u8; 128],
    dense_to_bit: [u8; 128],
    binom: Vec<[u64; MAX_KIND + 1]>,
    _v: PhantomData<V>,
}

impl<V: Variant> Squares<V> {
    pub(crate) fn new() -> Self {
        let mut bit_to_dense = [u8::MAX; 128];
        let mut dense_to_bit = [u8::MAX; 128];
        let (mut first, mut last) = (0u128, 0u128);
        let mut n = 0u32;
        for sq in Bitboard(V::Board::ALL) {
            bit_to_dense[sq.0 as usize] = n as u8;
            dense_to_bit[n as usize] = sq.0;
            let b = <Bits<V> as BitSet>::bit(sq.0 as u32);
            if !(V::Board::FIRST_ROW & b).is_zero() {
                first |= 1 << n;
            }
            if !(V::Board::LAST_ROW & b).is_zero() {
                last |= 1 << n;
            }
            n += 1;
        }
        let all = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let mut binom = vec![[0u64; MAX_KIND + 1]; n as usize + 1];
        for (i, row) in binom.iter_mut().enumerate() {
            row[0] = 1;
            for k in 1..=MAX_KIND.min(i) {
                // C(i, k) = C(i, k-1) * (i - k + 1) / k, exact in u128.
                row[k] = (row[k - 1] as u128 * (i - k + 1) as u128 / k as u128) as u64;
            }
        }
        Squares {
            n,
            first,
            middle: all & !first & !last,
            last,
            all,
            bit_to_dense,
            dense_to_bit,
            binom,
            _v: PhantomData,
        }
    }

    #[inline]
    pub(crate) fn c(&self, n: u32, k: u32) -> u64 {
        if k > n || k as usize > MAX_KIND {
            0
        } else {
            self.binom[n as usize][k as usize]
        }
    }

    /// The dense set of the board bits `b`.
    #[inline]
    fn dense(&self, b: Bits<V>) -> u128 {
        let mut out = 0u128;
        for sq in Bitboard(b) {
            out |= 1u128 << self.bit_to_dense[sq.0 as usize];
        }
        out
    }

    /// The board bits of the dense set `d`.
    #[inline]
    fn bits(&self, mut d: u128) -> Bits<V> {
        let mut out = <Bits<V> as BitSet>::ZERO;
        while d != 0 {
            let i = d.trailing_zeros();
            d &= d - 1;
            out |= <Bits<V> as BitSet>::bit(self.dense_to_bit[i as usize] as u32);
        }
        out
    }

    /// Colex rank of `subset` among the subsets of its size of `domain`.
    #[inline]
    fn rank(&self, subset: u128, domain: u128) -> u64 {
        let mut r = 0;
        let mut s = subset;
        let mut i = 1;
        while s != 0 {
            let sq = s.trailing_zeros();
            s &= s - 1;
            let below = if sq == 0 { 0 } else { (1u128 << sq) - 1 };
            let p = (domain & below).count_ones();
            r += self.c(p, i);
            i += 1;
        }
        r
    }

    /// The subset of `k` squares of `domain` whose colex rank is `r`.
    #[inline]
    fn unrank(&self, mut r: u64, k: u32, domain: u128) -> u128 {
        let mut out = 0u128;
        // Each square is the highest `p` below the last one with
        // `C(p, i) <= r`, found by bisection (C(p, i) grows with p).
        let mut below = domain.count_ones();
        for i in (1..=k).rev() {
            let p = if i == 1 {
                r as u32
            } else {
                let (mut lo, mut hi) = (i - 1, below - 1);
                while lo < hi {
                    let mid = (lo + hi).div_ceil(2);
                    if self.c(mid, i) <= r {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                lo
            };
            r -= self.c(p, i);
            out |= 1u128 << nth_bit(domain, p);
            below = p;
        }
        out
    }
}

/// The index of the `p`-th set bit of `mask` (from 0).
#[inline]
fn nth_bit(mask: u128, p: u32) -> u32 {
    let low = mask as u64;
    let n = low.count_ones();
    if p < n {
        nth_bit64(low, p)
    } else {
        64 + nth_bit64((mask >> 64) as u64, p - n)
    }
}

/// The index of the `p`-th set bit of `mask`, a byte at a time.
#[inline]
fn nth_bit64(mut mask: u64, mut p: u32) -> u32 {
    let mut at = 0;
    loop {
        let n = (mask as u8).count_ones();
        if p < n {
            break;
        }
        p -= n;
        mask >>= 8;
        at += 8;
    }
    let mut byte = mask as u8;
    for _ in 0..p {
        byte &= byte - 1;
    }
    at + byte.trailing_zeros()
}

/// The index of one slice: block offsets by the number of White's men on
/// White's back row, and the states of the king-move limit's count.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) slice: Slice,
    /// `offsets[f]`: the first arrangement of the block with `f` white men on
    /// White's back row; the last entry is the number of arrangements.
    offsets: Vec<u64>,
    /// The variant's king-move limit (0: none).
    limit: u64,
    /// The states of each side's count (`[white, black]`): 1 (no count)
    /// unless the variant has a king-move limit and the side has men and
    /// kings, then `1 + limit * kings` (no count, or one of its kings with
    /// `1..=limit` moves).
    states: [u64; 2],
    /// The positions (per side to move) with the men on the same squares:
    /// the kings' arrangements times the count states.
    men_block: u64,
}

impl Layout {
    pub(crate) fn new<V: Variant>(sq: &Squares<V>, slice: Slice) -> Layout {
        let Slice {
            white_men: wm,
            white_kings: wk,
            black_men: bm,
            black_kings: bk,
        } = slice;
        let (wm, wk, bm, bk) = (wm as u32, wk as u32, bm as u32, bk as u32);
        let nf = sq.first.count_ones();
        let nm = sq.middle.count_ones();
        let nl = sq.last.count_ones();
        let mut offsets = vec![0u64];
        let mut total = 0u64;
        for f in 0..=wm {
            let men = wm + bm;
            let size = if wm - f > nm || men > sq.n || men + wk + bk > sq.n {
                0
            } else {
                sq.c(nf, f)
                    * sq.c(nm, wm - f)
                    * sq.c(nm + nl - (wm - f), bm)
                    * sq.c(sq.n - men, wk)
                    * sq.c(sq.n - men - wk, bk)
            };
            total += size;
            offsets.push(total);
        }
        let limit = V::RULES.king_move_limit.unwrap_or(0) as u64;
        let states = |men: u32, kings: u32| {
            if limit > 0 && men > 0 && kings > 0 {
                1 + limit * kings as u64
            } else {
                1
            }
        };
        let rest = sq.n.saturating_sub(wm + bm);
        let states = [states(wm, wk), states(bm, bk)];
        Layout {
            slice,
            offsets,
            limit,
            states,
            men_block: sq.c(rest, wk) * sq.c(rest.saturating_sub(wk), bk) * states[0] * states[1],
        }
    }

    /// Positions per side to move: arrangements times count states.
    pub(crate) fn size(&self) -> u64 {
        self.arrangements() * self.states[0] * self.states[1]
    }

    /// The positions (per side to move) that have their men on the same
    /// squares: the index numbers them `b * men_block()..(b + 1) *
    /// men_block()` for the `b`-th placement of the men (White to move;
    /// plus [`Layout::size`] for Black to move). A king's step stays in
    /// its block; a man's step leads to another.
    pub(crate) fn men_block(&self) -> u64 {
        self.men_block
    }

    /// Arrangements of the pieces (per side to move).
    fn arrangements(&self) -> u64 {
        *self.offsets.last().unwrap()
    }

    /// The state of `color`'s count in `pos`: 0 for none, else
    /// `1 + limit * r + moves - 1` for the king of rank `r` among its
    /// side's kings (in square order).
    fn run_state<V: Variant>(&self, pos: &Position<V>, color: Color) -> u64 {
        let Some(run) = pos.runs[color as usize].filter(|_| self.states[color as usize] > 1) else {
            return 0;
        };
        let kings = pos.side(color) & pos.kings;
        let rank = Bitboard(kings)
            .into_iter()
            .take_while(|sq| *sq != run.king)
            .count() as u64;
        let moves = (run.moves as u64).clamp(1, self.limit);
        1 + self.limit * rank + moves - 1
    }

    /// The count of `color` whose state is `state` ([`Layout::run_state`]),
    /// its kings standing on `kings`.
    fn run_of<V: Variant>(&self, state: u64, kings: Bits<V>) -> Option<KingRun> {
        let s = state.checked_sub(1)?;
        let rank = (s / self.limit) as usize;
        let king: Square = Bitboard(kings).into_iter().nth(rank)?;
        Some(KingRun {
            king,
            moves: (s % self.limit + 1) as u8,
        })
    }

    /// The index of `pos` (which must be of this slice): White to move in
    /// `0..size`, Black to move in `size..2 * size`.
    pub(crate) fn index<V: Variant>(&self, sq: &Squares<V>, pos: &Position<V>) -> u64 {
        let men = !pos.kings;
        let wmen = sq.dense(pos.white & men);
        let bmen = sq.dense(pos.black & men);
        let wk = sq.dense(pos.white & pos.kings);
        let bk = sq.dense(pos.black & pos.kings);
        let s = self.slice;
        let f = (wmen & sq.first).count_ones();
        let nm = sq.middle.count_ones();
        let wmid = s.white_men as u32 - f;
        let bdom = (sq.middle | sq.last) & !wmen;
        let rest = sq.all & !wmen & !bmen;
        let mut i = sq.rank(wmen & sq.first, sq.first);
        i = i * sq.c(nm, wmid) + sq.rank(wmen & sq.middle, sq.middle);
        i = i * sq.c(bdom.count_ones(), s.black_men as u32) + sq.rank(bmen, bdom);
        i = i * sq.c(rest.count_ones(), s.white_kings as u32) + sq.rank(wk, rest);
        let rest2 = rest & !wk;
        i = i * sq.c(rest2.count_ones(), s.black_kings as u32) + sq.rank(bk, rest2);
        let arrangement = self.offsets[f as usize] + i;
        let base = (arrangement * self.states[0] + self.run_state(pos, Color::White))
            * self.states[1]
            + self.run_state(pos, Color::Black);
        match pos.turn {
            Color::White => base,
            Color::Black => base + self.size(),
        }
    }

    /// The position with index `index` (the inverse of [`Layout::index`]).
    pub(crate) fn position<V: Variant>(&self, sq: &Squares<V>, index: u64) -> Position<V> {
        let size = self.size();
        let (turn, mut i) = if index < size {
            (Color::White, index)
        } else {
            (Color::Black, index - size)
        };
        let (mut white_state, mut black_state) = (0, 0);
        if self.states != [1, 1] {
            black_state = i % self.states[1];
            i /= self.states[1];
            white_state = i % self.states[0];
            i /= self.states[0];
        }
        let s = self.slice;
        let mut f = 0usize;
        while self.offsets[f + 1] <= i {
            f += 1;
        }
        i -= self.offsets[f];
        let f = f as u32;
        let (wm, wk, bm, bk) = (
            s.white_men as u32,
            s.white_kings as u32,
            s.black_men as u32,
            s.black_kings as u32,
        );
        let nm = sq.middle.count_ones();
        let nl = sq.last.count_ones();
        let bdom_n = nm + nl - (wm - f);
        let rest_n = sq.n - wm - bm;
        let c_bk = sq.c(rest_n - wk, bk);
        let c_wk = sq.c(rest_n, wk);
        let c_bm = sq.c(bdom_n, bm);
        let c_mid = sq.c(nm, wm - f);
        let r_bk = i % c_bk;
        i /= c_bk;
        let r_wk = i % c_wk;
        i /= c_wk;
        let r_bm = i % c_bm;
        i /= c_bm;
        let r_mid = i % c_mid;
        let r_first = i / c_mid;
        let wmen = sq.unrank(r_first, f, sq.first) | sq.unrank(r_mid, wm - f, sq.middle);
        let bdom = (sq.middle | sq.last) & !wmen;
        let bmen = sq.unrank(r_bm, bm, bdom);
        let rest = sq.all & !wmen & !bmen;
        let wkings = sq.unrank(r_wk, wk, rest);
        let bkings = sq.unrank(r_bk, bk, rest & !wkings);
        let (wkings, bkings) = (sq.bits(wkings), sq.bits(bkings));
        Position {
            white: sq.bits(wmen) | wkings,
            black: sq.bits(bmen) | bkings,
            kings: wkings | bkings,
            turn,
            runs: [
                self.run_of::<V>(white_state, wkings),
                self.run_of::<V>(black_state, bkings),
            ],
            _v: PhantomData,
        }
    }
}
