//! Breakthrough's race to the crowning row: the first king wins, so a man
//! whose road to the crowning row no opposing piece can bar is close to a
//! win, and of two such men the one that crowns first decides.

use crate::bitboard::BitSet;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, Variant};

/// Bonus of a side's best free runner by its distance (rows) to the
/// crowning row; a runner one step away also gets the runaway weight.
const FREE_PATH: [i32; 12] = [0, 320, 260, 200, 150, 110, 80, 55, 35, 20, 10, 5];

/// The free-path masks of a variant, built once per search.
pub(super) struct Race<V: Variant> {
    /// Squares from which an opposing piece can stop a man on a bit index,
    /// per colour: the forward cone, one column wider on each side, and the
    /// diagonal neighbours one row behind (a backward capture).
    cone: [[Bits<V>; 128]; 2],
    /// Rows from a bit index to the colour's crowning row.
    dist: [[u8; 128]; 2],
}

impl<V: Variant> Race<V> {
    pub(super) fn new() -> Self {
        let (width, height) = (V::Board::WIDTH as i32, V::Board::HEIGHT as i32);
        let mut cone = [[Bits::<V>::ZERO; 128]; 2];
        let mut dist = [[0u8; 128]; 2];
        for row in 0..height {
            for col in 0..width {
                let Some(sq) = V::Board::square_at(row as u8, col as u8) else {
                    continue;
                };
                let i = sq.0 as usize;
                // White goes up the rows, Black down.
                for (ci, dir) in [(0usize, 1i32), (1, -1)] {
                    dist[ci][i] = if dir > 0 { height - 1 - row } else { row } as u8;
                    let mut m = Bits::<V>::ZERO;
                    for r in 0..height {
                        let ahead = (r - row) * dir;
                        if ahead < -1 || ahead == 0 {
                            continue;
                        }
                        for c in 0..width {
                            if (c - col).abs() <= ahead.abs() + 1 {
                                if let Some(s) = V::Board::square_at(r as u8, c as u8) {
                                    m |= Bits::<V>::bit(s.0 as u32);
                                }
                            }
                        }
                    }
                    cone[ci][i] = m;
                }
            }
        }
        Race { cone, dist }
    }

    /// The distance of `color`'s closest man with a free road, if any.
    fn runner(&self, pos: &Position<V>, color: Color) -> Option<u8> {
        let ci = color as usize;
        let opp = pos.side(color.opponent());
        let mut best: Option<u8> = None;
        let mut b = pos.side(color) & !pos.kings;
        while !b.is_zero() {
            let i = b.lowest();
            b ^= Bits::<V>::bit(i);
            if (self.cone[ci][i as usize] & opp).is_zero() {
                let d = self.dist[ci][i as usize];
                if best.is_none_or(|x| d < x) {
                    best = Some(d);
                }
            }
        }
        best
    }

    /// The race's score from White's view: each side's best free runner,
    /// and of two runners only the one that crowns first (the side to move
    /// wins a tie).
    pub(super) fn score(&self, pos: &Position<V>) -> i32 {
        let bonus = |d: Option<u8>| d.map_or(0, |d| FREE_PATH[(d as usize).min(11)]);
        let (w, b) = (
            self.runner(pos, Color::White),
            self.runner(pos, Color::Black),
        );
        match (w, b) {
            (Some(dw), Some(db)) => {
                let white_first = match pos.turn {
                    Color::White => dw <= db,
                    Color::Black => dw < db,
                };
                if white_first {
                    bonus(w)
                } else {
                    -bonus(b)
                }
            }
            _ => bonus(w) - bonus(b),
        }
    }
}
