//! Board geometries and their bit layouts.
//!
//! Coordinates are `(row, column)` from White's side: row 0 is the row nearest
//! White (White's back row), column 0 is White's left. The squares of a diagonal
//! board are the squares with `row + column` even (the bottom-left corner is a
//! playing square); boards whose bottom-left corner is light (Italian, Spanish)
//! are the mirror image and are mapped onto this layout by their numbering (see
//! [`crate::variant::GameType`]).
//!
//! # Diagonal layout
//! A diagonal board with `W` columns has `N = W / 2` squares per row. Square
//! `(r, c)` lives at bit `r * N + (r + 1) / 2 + c / 2`: rows are packed with one
//! unused "ghost" bit after every odd row. With that padding each diagonal
//! direction is a single shift (`+N`, `+N+1`, `-N`, `-N-1`) and a step off the
//! left or right edge lands on a ghost bit, which the playing-square mask removes.
//! 8x8 uses 35 bits of a `u64`, 10x10 uses 54, 12x12 uses 77 bits of a `u128`.
//!
//! # Orthogonal layout
//! The 8x8 orthogonal board (Turkish draughts) uses all 64 bits of a `u64`,
//! square `(r, c)` at bit `8 * r + c`; sideways shifts are masked by file.

use crate::core::bitboard::{BitSet, Square};

/// A direction index `0..8`. Directions `d` and `d ^ 2` are opposite.
///
/// Diagonal boards: 0 = up-left, 1 = up-right, 2 = down-right, 3 = down-left
/// (the directions pieces move in), and 4 = up, 5 = right, 6 = down, 7 = left
/// along columns and rows: the orthogonal neighbour of a playing square is
/// the playing square two rows or two columns away (Frisian captures).
/// Orthogonal boards: 0 = up, 1 = right, 2 = down, 3 = left; directions
/// `4..8` don't exist there (shifts give the empty set).
/// "Up" is away from White.
pub type Dir = usize;

/// How the playing squares of a board are arranged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Pieces move along diagonals; half of the squares are used.
    Diagonal,
    /// Pieces move along rows and columns; every square is used.
    Orthogonal,
}

crate::names::names! {
    Layout, "layout" {
        Diagonal => "diagonal",
        Orthogonal => "orthogonal",
    }
}

/// A board: its size, its layout and the bit operations on it.
///
/// Implemented by [`Board8x8`], [`Board10x10`], [`Board12x12`] and
/// [`Board8x8Orthogonal`].
pub trait Geometry: Copy + Default + core::fmt::Debug + Send + Sync + 'static {
    /// The machine word holding one bit per square.
    type Bits: BitSet;
    /// Number of columns.
    const WIDTH: u8;
    /// Number of rows.
    const HEIGHT: u8;
    /// Diagonal or orthogonal movement.
    const LAYOUT: Layout;
    /// Number of playing squares.
    const SQUARES: u8;
    /// Mask of all playing squares.
    const ALL: Self::Bits;
    /// Mask of row 0 (White's back row, Black's promotion row).
    const FIRST_ROW: Self::Bits;
    /// Mask of the last row (Black's back row, White's promotion row).
    const LAST_ROW: Self::Bits;

    /// Moves every square of `b` one step in direction `dir`, dropping squares
    /// that leave the board.
    fn shift(b: Self::Bits, dir: Dir) -> Self::Bits;

    /// [`shift`](Self::shift) without clearing the bits that are not playing
    /// squares: `shift_unmasked(b, dir) & s == shift(b, dir) & s` for every set
    /// `s` of playing squares. Move generation uses it where the result is
    /// intersected with such a set anyway, which saves the mask.
    #[inline(always)]
    fn shift_unmasked(b: Self::Bits, dir: Dir) -> Self::Bits {
        Self::shift(b, dir)
    }

    /// Every square reachable from a square of `from` by moving in direction
    /// `dir` over squares of `empty` only (a flying king's moves along that
    /// direction); the squares of `from` and the first blocked square are not
    /// included.
    #[inline(always)]
    fn slide(from: Self::Bits, empty: Self::Bits, dir: Dir) -> Self::Bits {
        let mut out = Self::shift(from, dir) & empty;
        let mut p = out;
        while !p.is_zero() {
            p = Self::shift(p, dir) & empty;
            out |= p;
        }
        out
    }

    /// The first square of `occ` (a set of playing squares) met going from
    /// the single square `from` in direction `dir`, or the empty set: the
    /// piece a flying king on `from` would reach first.
    #[inline(always)]
    fn first_on_ray(from: Self::Bits, occ: Self::Bits, dir: Dir) -> Self::Bits {
        Self::shift(from | Self::slide(from, Self::ALL & !occ, dir), dir) & occ
    }

    /// The squares next to bit `sq` in the four board directions (`0..4`)
    /// that have a square beyond them on the board: the pieces a short-range
    /// piece on `sq` could jump. A jump over `o` from `sq` lands on bit
    /// `2 * o - sq` (every direction is a constant offset in the layout).
    ///
    /// ```
    /// use draughts::{Board8x8, Geometry};
    /// let bit = |row, col| Board8x8::square_at(row, col).unwrap().index() as u32;
    /// // From the corner a1 only the jump over b2 (to c3) stays on the board.
    /// assert_eq!(Board8x8::jump_overs(bit(0, 0)), 1 << bit(1, 1));
    /// assert_eq!(2 * bit(1, 1) - bit(0, 0), bit(2, 2));
    /// ```
    #[inline(always)]
    fn jump_overs(sq: u32) -> Self::Bits {
        let mut m = <Self::Bits as BitSet>::ZERO;
        for d in 0..4 {
            let o = Self::shift(<Self::Bits as BitSet>::bit(sq), d);
            if !Self::shift(o, d).is_zero() {
                m |= o;
            }
        }
        m
    }

    /// [`Geometry::jump_overs`] along the orthogonal directions `4..8` of a
    /// diagonal board (orthogonal captures); empty on other boards.
    ///
    /// ```
    /// use draughts::{Board10x10, Geometry};
    /// let bit = |row, col| Board10x10::square_at(row, col).unwrap().index() as u32;
    /// // From a1 a Frisian man jumps over a3 (to a5) or over c1 (to e1).
    /// assert_eq!(
    ///     Board10x10::orthogonal_jump_overs(bit(0, 0)),
    ///     1 << bit(2, 0) | 1 << bit(0, 2)
    /// );
    /// ```
    #[inline(always)]
    fn orthogonal_jump_overs(sq: u32) -> Self::Bits {
        let _ = sq;
        <Self::Bits as BitSet>::ZERO
    }

    /// The landing squares of the jumps over [`Geometry::jump_overs`]`(sq)`:
    /// bit `2 * o - sq` for each of them. As the four directions are four
    /// constant offsets, the `k`-th lowest bit of the one is the piece
    /// jumped to land on the `k`-th lowest bit of the other.
    ///
    /// ```
    /// use draughts::{BitSet, Board8x8, Geometry};
    /// let bit = |row, col| Board8x8::square_at(row, col).unwrap().index() as u32;
    /// // From c3 the jumps go to a1, e1, a5 and e5.
    /// let lands = [bit(0, 0), bit(0, 4), bit(4, 0), bit(4, 4)];
    /// assert_eq!(Board8x8::jump_lands(bit(2, 2)), lands.iter().map(|&b| 1u64 << b).sum());
    /// // Only the jump over b4 (to a5): its over is the second lowest.
    /// let over = 1u64 << bit(3, 1);
    /// let c3 = bit(2, 2);
    /// assert_eq!(over.gather_to(Board8x8::jump_overs(c3), Board8x8::jump_lands(c3)), 1 << bit(4, 0));
    /// ```
    #[inline(always)]
    fn jump_lands(sq: u32) -> Self::Bits {
        let mut m = <Self::Bits as BitSet>::ZERO;
        for d in 0..4 {
            m |= Self::shift(Self::shift(<Self::Bits as BitSet>::bit(sq), d), d);
        }
        m
    }

    /// [`Geometry::jump_lands`] of [`Geometry::orthogonal_jump_overs`].
    #[inline(always)]
    fn orthogonal_jump_lands(sq: u32) -> Self::Bits {
        let _ = sq;
        <Self::Bits as BitSet>::ZERO
    }

    /// The jumps from `sq` in every direction of the board, diagonal and
    /// orthogonal: ([`Geometry::jump_overs`] `|`
    /// [`Geometry::orthogonal_jump_overs`], [`Geometry::jump_lands`] `|`
    /// [`Geometry::orthogonal_jump_lands`]), from one table where the
    /// board has one.
    ///
    /// ```
    /// use draughts::{Board10x10, Geometry};
    /// let sq = Board10x10::square_at(4, 4).unwrap().index() as u32;
    /// let (overs, lands) = Board10x10::all_jumps(sq);
    /// assert_eq!(overs, Board10x10::jump_overs(sq) | Board10x10::orthogonal_jump_overs(sq));
    /// assert_eq!(lands, Board10x10::jump_lands(sq) | Board10x10::orthogonal_jump_lands(sq));
    /// assert_eq!((overs.count_ones(), lands.count_ones()), (8, 8));
    /// ```
    #[inline(always)]
    fn all_jumps(sq: u32) -> (Self::Bits, Self::Bits) {
        (
            Self::jump_overs(sq) | Self::orthogonal_jump_overs(sq),
            Self::jump_lands(sq) | Self::orthogonal_jump_lands(sq),
        )
    }

    /// The square at `(row, col)` (White's view), if it is a playing square.
    fn square_at(row: u8, col: u8) -> Option<Square> {
        if row >= Self::HEIGHT || col >= Self::WIDTH {
            return None;
        }
        bit_of(Self::LAYOUT, Self::WIDTH, row, col).map(Square)
    }

    /// The `(row, col)` coordinates of a square (White's view).
    fn coords(sq: Square) -> (u8, u8) {
        coords_of(Self::LAYOUT, Self::WIDTH, sq.0)
    }

    /// True when `sq` is one of this board's playing squares.
    fn is_valid(sq: Square) -> bool {
        (sq.0 as u32) < <Self::Bits as BitSet>::BITS
            && !(Self::ALL & <Self::Bits as BitSet>::bit(sq.0 as u32)).is_zero()
    }
}

/// Bit index of `(row, col)`, or `None` for a square that is not played on.
pub(crate) const fn bit_of(layout: Layout, width: u8, row: u8, col: u8) -> Option<u8> {
    match layout {
        Layout::Diagonal => {
            if !(row + col).is_multiple_of(2) {
                None
            } else {
                let n = width / 2;
                Some(row * n + row.div_ceil(2) + col / 2)
            }
        }
        Layout::Orthogonal => Some(row * width + col),
    }
}

/// Inverse of [`bit_of`] for a valid bit index.
pub(crate) const fn coords_of(layout: Layout, width: u8, bit: u8) -> (u8, u8) {
    match layout {
        Layout::Diagonal => {
            let n = width / 2;
            let pair = bit / (2 * n + 1);
            let rem = bit % (2 * n + 1);
            if rem < n {
                (2 * pair, 2 * rem)
            } else {
                let k = rem - n - 1;
                (2 * pair + 1, 2 * k + 1)
            }
        }
        Layout::Orthogonal => (bit / width, bit % width),
    }
}

/// The ray table of a board, as a constant expression: entry `[b][d]` holds
/// every square from bit `b` to the edge in direction `d` (zero for bits that
/// are not playing squares). Expanded inside the board's `impl`, whose
/// `const fn step(b, d)` is its shift.
macro_rules! rays_table {
    ($bits:ty, $all:expr) => {
        rays_table!($bits, $all, 0)
    };
    ($bits:ty, $all:expr, $first_dir:expr) => {{
        let mut t = [[0; 4]; <$bits>::BITS as usize];
        let all: $bits = $all;
        let mut i = 0;
        while i < <$bits>::BITS as usize {
            if (all >> i) & 1 != 0 {
                let mut d = 0;
                while d < 4 {
                    let mut p = Self::step(1 << i, d + $first_dir);
                    while p != 0 {
                        t[i][d] |= p;
                        p = Self::step(p, d + $first_dir);
                    }
                    d += 1;
                }
            }
            i += 1;
        }
        t
    }};
}

macro_rules! diagonal_board {
    ($(#[$doc:meta])* $name:ident, $bits:ty, $w:expr, $h:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $name {
            const fn row_mask(first: u8, last: u8) -> $bits {
                let mut m: $bits = 0;
                let mut r = first;
                while r <= last {
                    let mut c = 0;
                    while c < $w {
                        if let Some(b) = bit_of(Layout::Diagonal, $w, r, c) {
                            m |= 1 << b;
                        }
                        c += 1;
                    }
                    r += 1;
                }
                m
            }

            /// The squares of the leftmost (columns 0 and 1) and rightmost
            /// (the last two columns) square of each row: an orthogonal step
            /// left or right from them leaves the board.
            const fn edge_mask(right: bool) -> $bits {
                let mut m: $bits = 0;
                let mut r = 0;
                while r < $h {
                    let mut c = 0;
                    while c < $w {
                        let edge = if right { c + 2 >= $w } else { c < 2 };
                        if edge {
                            if let Some(b) = bit_of(Layout::Diagonal, $w, r, c) {
                                m |= 1 << b;
                            }
                        }
                        c += 1;
                    }
                    r += 1;
                }
                m
            }
            const LEFT_EDGE: $bits = Self::edge_mask(false);
            const RIGHT_EDGE: $bits = Self::edge_mask(true);

            /// One step in direction `dir` without the playing-square mask: a
            /// diagonal step off the left or right edge lands on a ghost bit
            /// and one off the top on a bit above the board, neither a playing
            /// square. An orthogonal step is two rows (`2N + 1` bits) or one
            /// bit along the row; sideways steps from the edge squares would
            /// wrap onto the next row, so those squares are masked first.
            #[inline(always)]
            const fn step_unmasked(b: $bits, dir: Dir) -> $bits {
                const N: u32 = $w / 2;
                match dir {
                    0 => b << N,
                    1 => b << (N + 1),
                    2 => b >> N,
                    3 => b >> (N + 1),
                    4 => b << (2 * N + 1),
                    5 => (b & !Self::RIGHT_EDGE) << 1,
                    6 => b >> (2 * N + 1),
                    _ => (b & !Self::LEFT_EDGE) >> 1,
                }
            }

            /// `shift` as a `const fn`, for building [`Self::RAYS`].
            #[inline(always)]
            const fn step(b: $bits, dir: Dir) -> $bits {
                Self::step_unmasked(b, dir) & <Self as Geometry>::ALL
            }

            /// Per square: [`Geometry::jump_overs`], then
            /// [`Geometry::orthogonal_jump_overs`] (`LANDS`: false), or the
            /// landings of those jumps ([`Geometry::jump_lands`],
            /// [`Geometry::orthogonal_jump_lands`]). Two tables, so that the
            /// overs' stays as compact as before.
            const fn jump_table<const LANDS: bool>() -> [[$bits; 2]; <$bits>::BITS as usize] {
                let mut t = [[0; 2]; <$bits>::BITS as usize];
                let all: $bits = Self::row_mask(0, $h - 1);
                let mut i = 0;
                while i < <$bits>::BITS as usize {
                    if (all >> i) & 1 != 0 {
                        let mut d = 0;
                        while d < 8 {
                            let o = Self::step(1 << i, d);
                            let land = Self::step(o, d);
                            if o != 0 && land != 0 {
                                t[i][d / 4] |= if LANDS { land } else { o };
                            }
                            d += 1;
                        }
                    }
                    i += 1;
                }
                t
            }
            const JUMP_OVERS: [[$bits; 2]; <$bits>::BITS as usize] = Self::jump_table::<false>();
            const JUMP_LANDS: [[$bits; 2]; <$bits>::BITS as usize] = Self::jump_table::<true>();
            /// Per square: the overs, then the landings, in all eight
            /// directions (one cache line for a Frisian man's jumps).
            const ALL_JUMPS: [[$bits; 2]; <$bits>::BITS as usize] = {
                let mut t = [[0; 2]; <$bits>::BITS as usize];
                let mut i = 0;
                while i < <$bits>::BITS as usize {
                    t[i][0] = Self::JUMP_OVERS[i][0] | Self::JUMP_OVERS[i][1];
                    t[i][1] = Self::JUMP_LANDS[i][0] | Self::JUMP_LANDS[i][1];
                    i += 1;
                }
                t
            };
            /// `RAYS[b][d]`: every square from bit `b` to the edge in direction `d`.
            const RAYS: [[$bits; 4]; <$bits>::BITS as usize] =
                rays_table!($bits, Self::row_mask(0, $h - 1));
            /// `ORTHOGONAL_RAYS[b][d - 4]`: the same for the orthogonal
            /// directions `4..8` (a separate table, so that the diagonal one
            /// stays as compact as before).
            const ORTHOGONAL_RAYS: [[$bits; 4]; <$bits>::BITS as usize] =
                rays_table!($bits, Self::row_mask(0, $h - 1), 4);
        }

        impl Geometry for $name {
            type Bits = $bits;
            const WIDTH: u8 = $w;
            const HEIGHT: u8 = $h;
            const LAYOUT: Layout = Layout::Diagonal;
            const SQUARES: u8 = $w * $h / 2;
            const ALL: $bits = Self::row_mask(0, $h - 1);
            const FIRST_ROW: $bits = Self::row_mask(0, 0);
            const LAST_ROW: $bits = Self::row_mask($h - 1, $h - 1);

            #[inline(always)]
            fn shift(b: $bits, dir: Dir) -> $bits {
                Self::step(b, dir)
            }

            #[inline(always)]
            fn shift_unmasked(b: $bits, dir: Dir) -> $bits {
                Self::step_unmasked(b, dir)
            }

            /// A table lookup: the ray's squares in `occ`, then the nearest of
            /// them (the lowest bit going up the board, the highest going down).
            #[inline(always)]
            fn first_on_ray(from: $bits, occ: $bits, dir: Dir) -> $bits {
                let i = from.trailing_zeros() as usize;
                let r = if dir < 4 {
                    Self::RAYS[i][dir]
                } else {
                    Self::ORTHOGONAL_RAYS[i][dir - 4]
                } & occ;
                // Up and right (0, 1, 4, 5) go to higher bits.
                if dir % 4 < 2 {
                    r & r.wrapping_neg()
                } else if r == 0 {
                    0
                } else {
                    1 << (<$bits>::BITS - 1 - r.leading_zeros())
                }
            }

            /// Kogge-Stone fill: the rays of all of `from` at once, doubling
            /// the distance each round instead of stepping square by square.
            /// A jump of 2 or 4 steps only lands on a square whose whole way
            /// back is in the propagator `pro` (empty playing squares), so it
            /// can't wrap through a ghost square or off the board.
            #[inline(always)]
            fn jump_overs(sq: u32) -> $bits {
                Self::JUMP_OVERS[sq as usize][0]
            }

            #[inline(always)]
            fn orthogonal_jump_overs(sq: u32) -> $bits {
                Self::JUMP_OVERS[sq as usize][1]
            }

            #[inline(always)]
            fn jump_lands(sq: u32) -> $bits {
                Self::JUMP_LANDS[sq as usize][0]
            }

            #[inline(always)]
            fn orthogonal_jump_lands(sq: u32) -> $bits {
                Self::JUMP_LANDS[sq as usize][1]
            }

            #[inline(always)]
            fn all_jumps(sq: u32) -> ($bits, $bits) {
                let [overs, lands] = Self::ALL_JUMPS[sq as usize];
                (overs, lands)
            }

            #[inline(always)]
            fn slide(from: $bits, empty: $bits, dir: Dir) -> $bits {
                if dir >= 4 {
                    // Orthogonal directions (only captures look along them):
                    // square by square.
                    let mut out = Self::step(from, dir) & empty;
                    let mut p = out;
                    while p != 0 {
                        p = Self::step(p, dir) & empty;
                        out |= p;
                    }
                    return out;
                }
                const N: u32 = $w / 2;
                let s = if dir % 2 == 0 { N } else { N + 1 };
                let sh = |x: $bits, k: u32| if dir < 2 { x << (s * k) } else { x >> (s * k) };
                let mut pro = empty & Self::ALL;
                let mut gen = from;
                gen |= pro & sh(gen, 1);
                pro &= sh(pro, 1);
                gen |= pro & sh(gen, 2);
                pro &= sh(pro, 2);
                gen |= pro & sh(gen, 4);
                if $h > 8 {
                    pro &= sh(pro, 4);
                    gen |= pro & sh(gen, 8);
                }
                gen & !from
            }
        }
    };
}

diagonal_board!(
    /// The 8x8 diagonal board (32 playing squares).
    Board8x8, u64, 8, 8
);
diagonal_board!(
    /// The 10x10 diagonal board (50 playing squares).
    Board10x10, u64, 10, 10
);
diagonal_board!(
    /// The 12x12 diagonal board (72 playing squares, stored in a `u128`).
    Board12x12, u128, 12, 12
);

/// The 8x8 orthogonal board of Turkish draughts (all 64 squares).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Board8x8Orthogonal;

impl Board8x8Orthogonal {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = Self::FILE_A << 7;

    /// `shift` as a `const fn`, for building [`Self::RAYS`].
    const fn step(b: u64, dir: Dir) -> u64 {
        match dir {
            0 => b << 8,
            1 => (b << 1) & !Self::FILE_A,
            2 => b >> 8,
            3 => (b >> 1) & !Self::FILE_H,
            // Directions 4..8 exist on diagonal boards only.
            _ => 0,
        }
    }

    /// `RAYS[b][d]`: every square from bit `b` to the edge in direction `d`.
    const RAYS: [[u64; 4]; 64] = rays_table!(u64, u64::MAX);

    /// Per square: [`Geometry::jump_overs`].
    const JUMP_OVERS: [u64; 64] = {
        let mut t = [0; 64];
        let mut i = 0;
        while i < 64 {
            let mut d = 0;
            while d < 4 {
                let o = Self::step(1 << i, d);
                if o != 0 && Self::step(o, d) != 0 {
                    t[i] |= o;
                }
                d += 1;
            }
            i += 1;
        }
        t
    };
}

impl Geometry for Board8x8Orthogonal {
    type Bits = u64;
    const WIDTH: u8 = 8;
    const HEIGHT: u8 = 8;
    const LAYOUT: Layout = Layout::Orthogonal;
    const SQUARES: u8 = 64;
    const ALL: u64 = u64::MAX;
    const FIRST_ROW: u64 = 0xff;
    const LAST_ROW: u64 = 0xff << 56;

    #[inline(always)]
    fn shift(b: u64, dir: Dir) -> u64 {
        Self::step(b, dir)
    }

    /// A table lookup, as on the diagonal boards: up and right go to higher
    /// bits, so the nearest piece is the lowest bit of the ray's pieces.
    #[inline(always)]
    fn jump_overs(sq: u32) -> u64 {
        Self::JUMP_OVERS[sq as usize]
    }

    #[inline(always)]
    fn first_on_ray(from: u64, occ: u64, dir: Dir) -> u64 {
        if dir >= 4 {
            return 0;
        }
        let r = Self::RAYS[from.trailing_zeros() as usize][dir] & occ;
        if dir < 2 {
            r & r.wrapping_neg()
        } else if r == 0 {
            0
        } else {
            1 << (63 - r.leading_zeros())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_layout<G: Geometry>() {
        let mut count = 0;
        for r in 0..G::HEIGHT {
            for c in 0..G::WIDTH {
                if let Some(sq) = G::square_at(r, c) {
                    count += 1;
                    assert!(G::is_valid(sq));
                    assert_eq!(G::coords(sq), (r, c));
                }
            }
        }
        assert_eq!(count, G::SQUARES as u32);
        assert_eq!(G::ALL.count(), G::SQUARES as u32);
    }

    /// Every direction shift must agree with coordinate arithmetic, including at the edges.
    fn check_shifts<G: Geometry, const D: usize>(deltas: [(i8, i8); D]) {
        for r in 0..G::HEIGHT {
            for c in 0..G::WIDTH {
                let Some(sq) = G::square_at(r, c) else {
                    continue;
                };
                for (d, (dr, dc)) in deltas.iter().enumerate() {
                    let got = G::shift(<G::Bits as BitSet>::bit(sq.0 as u32), d);
                    let (nr, nc) = (r as i8 + dr, c as i8 + dc);
                    let want = if nr < 0 || nc < 0 || nr >= G::HEIGHT as i8 || nc >= G::WIDTH as i8
                    {
                        <G::Bits as BitSet>::ZERO
                    } else {
                        <G::Bits as BitSet>::bit(G::square_at(nr as u8, nc as u8).unwrap().0 as u32)
                    };
                    assert_eq!(got, want, "square ({r},{c}) dir {d}");
                    let raw = G::shift_unmasked(<G::Bits as BitSet>::bit(sq.0 as u32), d);
                    assert_eq!(raw & G::ALL, want, "unmasked: square ({r},{c}) dir {d}");
                }
            }
        }
    }

    /// `slide` (Kogge-Stone on the diagonal boards) agrees with stepping.
    fn check_slide<G: Geometry>() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            let mut rnd = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let mut from = <G::Bits as BitSet>::ZERO;
            let mut empty = <G::Bits as BitSet>::ZERO;
            for r in 0..G::HEIGHT {
                for c in 0..G::WIDTH {
                    let Some(sq) = G::square_at(r, c) else {
                        continue;
                    };
                    let b = <G::Bits as BitSet>::bit(sq.0 as u32);
                    match rnd() % 8 {
                        0 => from |= b,
                        1..=5 => empty |= b,
                        _ => {}
                    }
                }
            }
            let dirs = if G::LAYOUT == Layout::Diagonal { 8 } else { 4 };
            for d in 0..dirs {
                let mut want = <G::Bits as BitSet>::ZERO;
                let mut p = G::shift(from, d) & empty;
                while !p.is_zero() {
                    want |= p;
                    p = G::shift(p, d) & empty;
                }
                assert_eq!(G::slide(from, empty, d), want, "dir {d}");
                // The first piece along each ray of each square of `from`.
                let occ = G::ALL & !empty;
                let mut f = from;
                while !f.is_zero() {
                    let one = <G::Bits as BitSet>::bit(f.lowest());
                    f &= !one;
                    let mut p = G::shift(one, d);
                    while !p.is_zero() && (p & occ).is_zero() {
                        p = G::shift(p, d);
                    }
                    assert_eq!(G::first_on_ray(one, occ, d), p, "first_on_ray dir {d}");
                }
            }
        }
    }

    /// `jump_overs` (and its orthogonal half) holds exactly the neighbours
    /// with a square beyond them, and the landing square is `2 * over - sq`.
    fn check_jump_overs<G: Geometry>(dirs: usize) {
        for r in 0..G::HEIGHT {
            for c in 0..G::WIDTH {
                let Some(sq) = G::square_at(r, c) else {
                    continue;
                };
                let s = sq.0 as u32;
                let mut want = [<G::Bits as BitSet>::ZERO; 4];
                let mut jumps = Vec::new();
                for d in 0..dirs {
                    let o = G::shift(<G::Bits as BitSet>::bit(s), d);
                    let land = G::shift(o, d);
                    if !land.is_zero() {
                        assert_eq!(2 * o.lowest(), land.lowest() + s, "({r},{c}) dir {d}");
                        want[d / 4] |= o;
                        want[2 + d / 4] |= land;
                        jumps.push((o, land));
                    }
                }
                assert_eq!(G::jump_overs(s), want[0], "({r},{c})");
                assert_eq!(G::orthogonal_jump_overs(s), want[1], "({r},{c})");
                assert_eq!(G::jump_lands(s), want[2], "({r},{c})");
                assert_eq!(G::orthogonal_jump_lands(s), want[3], "({r},{c})");
                // Gathered from the overs to the landings, every piece
                // jumped (each alone, and all of them at once) gives its
                // own landing, in all directions together.
                let overs = want[0] | want[1];
                let lands = want[2] | want[3];
                for &(o, land) in &jumps {
                    assert_eq!(o.gather_to(overs, lands), land, "({r},{c})");
                }
                assert_eq!(overs.gather_to(overs, lands), lands, "({r},{c})");
            }
        }
    }

    #[test]
    fn jump_overs_agree_with_steps() {
        check_jump_overs::<Board8x8>(8);
        check_jump_overs::<Board10x10>(8);
        check_jump_overs::<Board12x12>(8);
        check_jump_overs::<Board8x8Orthogonal>(4);
    }

    #[test]
    fn slides_agree_with_steps() {
        check_slide::<Board8x8>();
        check_slide::<Board10x10>();
        check_slide::<Board12x12>();
        check_slide::<Board8x8Orthogonal>();
    }

    #[test]
    fn layouts_are_consistent() {
        let diag = [
            (1, -1),
            (1, 1),
            (-1, 1),
            (-1, -1),
            (2, 0),
            (0, 2),
            (-2, 0),
            (0, -2),
        ];
        check_layout::<Board8x8>();
        check_layout::<Board10x10>();
        check_layout::<Board12x12>();
        check_layout::<Board8x8Orthogonal>();
        check_shifts::<Board8x8, 8>(diag);
        check_shifts::<Board10x10, 8>(diag);
        check_shifts::<Board12x12, 8>(diag);
        check_shifts::<Board8x8Orthogonal, 4>([(1, 0), (0, 1), (-1, 0), (0, -1)]);
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(Layout::ALL, |v| v.name());
    }
}
