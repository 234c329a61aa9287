//! Static evaluation, one weight set per variant family.
//!
//! A variant's family is read from its board and rules by [`Family::of`], so a
//! custom variant gets the evaluation of the built-in variants it resembles.
//! Each family has one plain [`Weights`] struct (in hundredths of a man).
//!
//! **Adding a family** (the Frisian family, say): add a [`Family`] variant, a
//! `const` [`Weights`] for it and its arm in [`Family::weights`], and the test
//! that selects it in [`Family::of`] (before the generic board tests, since
//! the rules decide there).

use crate::bitboard::BitSet;
use crate::draws::Material;
use crate::geometry::{Geometry, Layout};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, KingRange, Variant, WinCondition};

/// Families of variants that share an evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    /// 8x8 diagonal board, kings move one square (English, Italian).
    ShortKings8x8,
    /// 8x8 diagonal board, flying kings (Russian, Brazilian, Pool, Spanish, Czech, Thai).
    FlyingKings8x8,
    /// 10x10 board (International).
    Board10x10,
    /// 12x12 board (Canadian).
    Board12x12,
    /// Orthogonal 8x8 board (Turkish).
    Orthogonal,
}

impl Family {
    /// The family of variant `V`, from its board and rules.
    ///
    /// ```
    /// use draughts::engine::Family;
    /// use draughts::{English, International, Russian, Turkish};
    /// assert_eq!(Family::of::<English>(), Family::ShortKings8x8);
    /// assert_eq!(Family::of::<Russian>(), Family::FlyingKings8x8);
    /// assert_eq!(Family::of::<International>(), Family::Board10x10);
    /// assert_eq!(Family::of::<Turkish>(), Family::Orthogonal);
    /// ```
    pub fn of<V: Variant>() -> Family {
        // Rule-based families are tested here first. The Frisian family
        // (`orthogonal_captures`) has no weights of its own yet and gets the
        // board's family: add `Family::Frisian` and its test here.
        if V::Board::LAYOUT == Layout::Orthogonal {
            return Family::Orthogonal;
        }
        match V::Board::WIDTH {
            w if w >= 12 => Family::Board12x12,
            w if w >= 10 => Family::Board10x10,
            _ => match V::RULES.king_range {
                KingRange::Short => Family::ShortKings8x8,
                KingRange::Flying => Family::FlyingKings8x8,
            },
        }
    }

    /// The family's weights.
    pub fn weights(self) -> &'static Weights {
        match self {
            Family::ShortKings8x8 => &SHORT_KINGS_8X8,
            Family::FlyingKings8x8 => &FLYING_KINGS_8X8,
            Family::Board10x10 => &BOARD_10X10,
            Family::Board12x12 => &BOARD_12X12,
            Family::Orthogonal => &ORTHOGONAL,
        }
    }
}

/// Evaluation weights of a family, in hundredths of a man.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// Advancement (tempo): bonus of a man by its row counted from its own
    /// back row (index 0); rows beyond the table get its last entry.
    pub advance: [i32; 12],
    /// A man on one of the central columns.
    pub center: i32,
    /// A king on a central square (away from the edges).
    pub king_center: i32,
    /// A man left on its own back row, while the opponent has no king (the
    /// guard that keeps the opponent from crowning).
    pub back_row: i32,
    /// A man one step from crowning with a free crowning square (runaway).
    pub runaway: i32,
    /// Each free forward step of a man (mobility).
    pub mobility: i32,
    /// Trading down when ahead: `material * trade / (100 * pieces + 400)`
    /// is added, so the same lead counts more with fewer pieces on the board.
    pub trade: i32,
}

/// English, Italian: a king is worth about one and a half men; the back row
/// guard matters a lot (the bridge).
pub const SHORT_KINGS_8X8: Weights = Weights {
    man: 100,
    king: 150,
    advance: [0, 2, 4, 6, 9, 13, 20, 0, 0, 0, 0, 0],
    center: 4,
    king_center: 6,
    back_row: 10,
    runaway: 30,
    mobility: 2,
    trade: 100,
};

/// Flying kings on 8x8: a king is worth about two and a half men.
pub const FLYING_KINGS_8X8: Weights = Weights {
    man: 100,
    king: 250,
    advance: [0, 2, 4, 7, 10, 15, 25, 0, 0, 0, 0, 0],
    center: 4,
    king_center: 4,
    back_row: 8,
    runaway: 50,
    mobility: 2,
    trade: 100,
};

/// International: a king is worth about three men.
pub const BOARD_10X10: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 1, 2, 4, 6, 8, 11, 15, 22, 0, 0, 0],
    center: 3,
    king_center: 4,
    back_row: 5,
    runaway: 60,
    mobility: 1,
    trade: 150,
};

/// Canadian: as International on a larger board.
pub const BOARD_12X12: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 1, 2, 3, 4, 6, 8, 10, 13, 17, 24, 0],
    center: 3,
    king_center: 4,
    back_row: 4,
    runaway: 60,
    mobility: 1,
    trade: 150,
};

/// Turkish: rook-like flying kings are very strong (a Turkish players'
/// guide values a king at five men; 4.5 here); men start on rows 1-2.
pub const ORTHOGONAL: Weights = Weights {
    man: 100,
    king: 450,
    advance: [0, 0, 2, 5, 9, 14, 22, 0, 0, 0, 0, 0],
    center: 3,
    king_center: 3,
    back_row: 0,
    runaway: 60,
    mobility: 1,
    trade: 100,
};

/// Per-square tables of a variant, built once per search.
pub(crate) struct Evaluator<V: Variant> {
    w: Weights,
    /// Positional value of a man on a bit index, per colour.
    man: [[i16; 128]; 2],
    /// Positional value of a king on a bit index.
    king: [i16; 128],
    /// Each colour's back row, and the row before its crowning row.
    back: [Bits<V>; 2],
    crown: [Bits<V>; 2],
    forward: [&'static [usize]; 2],
}

fn row_mask<V: Variant>(row: u8) -> Bits<V> {
    let mut m = Bits::<V>::ZERO;
    for c in 0..V::Board::WIDTH {
        if let Some(sq) = V::Board::square_at(row, c) {
            m |= Bits::<V>::bit(sq.0 as u32);
        }
    }
    m
}

impl<V: Variant> Evaluator<V> {
    pub(crate) fn new() -> Self {
        let w = *Family::of::<V>().weights();
        let (width, height) = (V::Board::WIDTH, V::Board::HEIGHT);
        let mut man = [[0i16; 128]; 2];
        let mut king = [0i16; 128];
        for row in 0..height {
            for col in 0..width {
                let Some(sq) = V::Board::square_at(row, col) else {
                    continue;
                };
                let i = sq.0 as usize;
                let central = |c: u8| {
                    let c = c as i32 * 2 + 1 - width as i32; // distance from the middle, doubled
                    c.abs() <= width as i32 / 2
                };
                for (ci, rel_row) in [(0usize, row), (1, height - 1 - row)] {
                    let adv = w.advance[(rel_row as usize).min(11)];
                    let col_rel = if ci == 0 { col } else { width - 1 - col };
                    let centre = if central(col_rel) { w.center } else { 0 };
                    man[ci][i] = (adv + centre) as i16;
                }
                let edge = row == 0 || row == height - 1 || col == 0 || col == width - 1;
                king[i] = if edge { 0 } else { w.king_center as i16 };
            }
        }
        let forward: [&'static [usize]; 2] = match V::Board::LAYOUT {
            Layout::Diagonal => [&[0, 1], &[2, 3]],
            Layout::Orthogonal => [&[0], &[2]],
        };
        Evaluator {
            w,
            man,
            king,
            back: [row_mask::<V>(0), row_mask::<V>(height - 1)],
            crown: [row_mask::<V>(height - 1), row_mask::<V>(0)],
            forward,
        }
    }

    fn side(&self, pos: &Position<V>, color: Color, empty: Bits<V>, opp_kings: bool) -> i32 {
        let ci = color as usize;
        let own = pos.side(color);
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        let mut s = men.count() as i32 * self.w.man + kings.count() as i32 * self.w.king;
        let mut b = men;
        while !b.is_zero() {
            let i = b.lowest();
            b ^= Bits::<V>::bit(i);
            s += self.man[ci][i as usize] as i32;
        }
        let mut b = kings;
        while !b.is_zero() {
            let i = b.lowest();
            b ^= Bits::<V>::bit(i);
            s += self.king[i as usize] as i32;
        }
        if !opp_kings {
            s += (men & self.back[ci]).count() as i32 * self.w.back_row;
        }
        for &d in self.forward[ci] {
            let steps = V::Board::shift(men, d) & empty;
            s += steps.count() as i32 * self.w.mobility;
            s += (steps & self.crown[ci]).count().min(2) as i32 * self.w.runaway / 2;
        }
        s
    }

    /// The static score from the side to move's view, in hundredths of a man.
    pub(crate) fn evaluate(&self, pos: &Position<V>) -> i32 {
        let empty = V::Board::ALL & !(pos.white | pos.black);
        let (wp, bp) = (pos.white.count(), pos.black.count());
        let (wk, bk) = (
            (pos.white & pos.kings).count(),
            (pos.black & pos.kings).count(),
        );
        if wp == 1
            && bp == 1
            && V::RULES
                .draws
                .counts
                .iter()
                .any(|c| c.material == Material::OnePieceEach && c.limit.count() == 0)
        {
            return 0;
        }
        let white = self.side(pos, Color::White, empty, bk > 0);
        let black = self.side(pos, Color::Black, empty, wk > 0);
        let mut s = white - black;
        // Trading down when ahead: the same lead counts more with fewer pieces.
        let material = (wp - wk) as i32 * self.w.man + wk as i32 * self.w.king
            - (bp - bk) as i32 * self.w.man
            - bk as i32 * self.w.king;
        s += material * self.w.trade / (100 * (wp + bp) as i32 + 400);
        // Flying kings: a lone king holds against a few pieces; such endings
        // are drawn far more often than the material says.
        if V::RULES.king_range == KingRange::Flying {
            let holds = |lone: u32, lone_k: u32, other: u32| {
                lone == 1 && lone_k == 1 && other <= if V::Board::WIDTH >= 10 { 3 } else { 2 }
            };
            if holds(wp, wk, bp) || holds(bp, bk, wp) {
                s /= 8;
            }
        }
        // Antidraughts: losing pieces is the goal (a crude reversal).
        if V::RULES.win == WinCondition::NoMoveWins {
            s = -s;
        }
        match pos.turn {
            Color::White => s,
            Color::Black => -s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International, Turkish};

    #[test]
    fn start_positions_are_balanced() {
        fn check<V: Variant>() {
            let ev = Evaluator::<V>::new();
            let pos = Position::<V>::start();
            let s = ev.evaluate(&pos);
            // Only the side to move differs; its value is the negation.
            let flipped = pos.flipped();
            assert_eq!(ev.evaluate(&flipped), s, "{}", V::NAME);
        }
        check::<English>();
        check::<International>();
        check::<Turkish>();
    }

    #[test]
    fn an_extra_man_is_worth_about_a_man() {
        let pos = Position::<International>::from_fen("W:W31,32,33:B18,19").unwrap();
        let s = Evaluator::<International>::new().evaluate(&pos);
        assert!((60..200).contains(&s), "{s}");
    }
}
