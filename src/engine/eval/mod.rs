//! Static evaluation, one weight set per variant family.
//!
//! A variant's family is read from its board and rules by [`Family::of`], so a
//! custom variant gets the evaluation of the built-in variants it resembles.
//! Each family has one plain [`Weights`] struct (in hundredths of a man,
//! in [`weights`]); a family whose game is won otherwise than by taking
//! everything adds its own terms (Breakthrough's race to the crowning row,
//! in `race.rs`).
//!
//! **Adding a family**: add a [`Family`] variant, a `const` [`Weights`] for
//! it and its arm in [`Family::weights`], and the test that selects it in
//! [`Family::of`] (before the generic board tests, since the rules decide
//! there); terms of its own go in a file of their own, called from
//! `Evaluator::evaluate`.

use crate::bitboard::BitSet;
use crate::draws::Material;
use crate::geometry::{Geometry, Layout};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, KingLanding, KingRange, Variant, WinCondition};

pub mod learn;
pub mod patterns;
mod race;
pub mod weights;

use patterns::PatternWeights;

use race::Race;
pub use weights::Weights;
use weights::*;

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
    /// Men and kings also capture along rows and columns (Frisian, Frysk!).
    Frisian,
    /// The side without a move wins (Antidraughts).
    Antidraughts,
    /// The first side to crown wins (Breakthrough).
    Breakthrough,
    /// A king that takes a king stops right behind it (Killer).
    Killer,
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
    ///
    /// The rules decide first: the win condition (Antidraughts,
    /// Breakthrough), then orthogonal captures (Frisian, Frysk!), then the
    /// Killer landing rule, whatever the board.
    ///
    /// ```
    /// use draughts::engine::Family;
    /// use draughts::{Antidraughts, Breakthrough, Frisian, Frysk, Killer};
    /// assert_eq!(Family::of::<Frisian>(), Family::Frisian);
    /// assert_eq!(Family::of::<Frysk>(), Family::Frisian);
    /// assert_eq!(Family::of::<Antidraughts>(), Family::Antidraughts);
    /// assert_eq!(Family::of::<Breakthrough>(), Family::Breakthrough);
    /// assert_eq!(Family::of::<Killer>(), Family::Killer);
    /// ```
    pub fn of<V: Variant>() -> Family {
        match V::RULES.win {
            WinCondition::NoMoveWins => return Family::Antidraughts,
            WinCondition::FirstKingWins => return Family::Breakthrough,
            WinCondition::NoMoveLoses => {}
        }
        if V::RULES.orthogonal_captures {
            return Family::Frisian;
        }
        if V::RULES.king_landing == KingLanding::HaltBehindKing {
            return Family::Killer;
        }
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
            Family::Frisian => &FRISIAN,
            Family::Antidraughts => &ANTIDRAUGHTS,
            Family::Breakthrough => &BREAKTHROUGH,
            Family::Killer => &KILLER,
        }
    }
}

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
    /// Breakthrough's race masks (built for that family only).
    race: Option<Box<Race<V>>>,
    /// The squares of the board's left half (columns before the middle).
    left: Bits<V>,
    /// The side the search plays for: only its kings hunt a lone king
    /// (`Weights::lone_king_room` is the hunters' plan; counted for the
    /// lone king too, it made the engine defend worse). The one term that
    /// depends on it: the table kept between searches may hand a search
    /// for the other side a score with or without it, in such endings only.
    hunter: Color,
    /// The learned pattern evaluation, when this thread's searches use it
    /// ([`set_learned`]) and the family has weights (never on WebAssembly,
    /// which carries no weights).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    learned: Option<&'static PatternWeights>,
}

std::thread_local! {
    static LEARNED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Makes the searches this thread starts from now on use the learned
/// pattern evaluation ([`patterns`]) where their family has weights
/// ([`has_learned`]), or the hand-set one (`false`, the default).
///
/// ```
/// use draughts::engine::eval::{learned, set_learned};
/// assert!(!learned());
/// set_learned(true);
/// assert!(learned());
/// set_learned(false);
/// ```
pub fn set_learned(on: bool) {
    LEARNED.with(|c| c.set(on));
}

/// Whether this thread's searches use the learned evaluation ([`set_learned`]).
pub fn learned() -> bool {
    LEARNED.with(|c| c.get())
}

/// The environment variable that names a weights file to use instead of
/// the embedded one (native builds; a file that does not read as weights
/// for the family leaves it without learned weights).
pub const WEIGHTS_ENV: &str = "DRAUGHTS_PATTERN_WEIGHTS";

/// The learned weights the library embeds for `V`'s family, if any (none
/// in WebAssembly builds: the weights stay out of the page's download), or
/// those of the file [`WEIGHTS_ENV`] names.
pub fn learned_weights<V: Variant>() -> Option<&'static PatternWeights> {
    embedded::weights::<V>()
}

/// Whether the library has learned weights for `V`'s family.
///
/// ```
/// use draughts::engine::eval::has_learned;
/// use draughts::Antidraughts;
/// assert!(!has_learned::<Antidraughts>());
/// ```
pub fn has_learned<V: Variant>() -> bool {
    learned_weights::<V>().is_some()
}

mod embedded {
    use super::*;
    use std::sync::OnceLock;

    /// The embedded files, by family.
    #[cfg(not(target_arch = "wasm32"))]
    fn file(family: Family) -> Option<&'static [u8]> {
        match family {
            Family::Board10x10 => Some(include_bytes!("../../../data/eval/international.bin")),
            // Fitted to Russian self-play; the family's other variants
            // (Brazilian, Pool, Spanish, Czech, Thai) share the board.
            Family::FlyingKings8x8 => Some(include_bytes!("../../../data/eval/russian.bin")),
            // Fitted to English self-play; Italian shares the board.
            Family::ShortKings8x8 => Some(include_bytes!("../../../data/eval/english.bin")),
            // Fitted to Frisian self-play; Frysk! shares the board.
            Family::Frisian => Some(include_bytes!("../../../data/eval/frisian.bin")),
            Family::Orthogonal => Some(include_bytes!("../../../data/eval/turkish.bin")),
            _ => None,
        }
    }

    #[cfg(target_arch = "wasm32")]
    fn file(_family: Family) -> Option<&'static [u8]> {
        None
    }

    /// A weights file named by the environment variable
    /// [`WEIGHTS_ENV`](super::WEIGHTS_ENV) (native builds: a developer
    /// trying a fit before embedding it).
    #[cfg(not(target_arch = "wasm32"))]
    fn from_env<V: Variant>() -> Option<Option<PatternWeights>> {
        let path = std::env::var_os(super::WEIGHTS_ENV)?;
        Some(
            std::fs::read(path)
                .ok()
                .and_then(|b| PatternWeights::from_bytes::<V>(&b).ok()),
        )
    }

    // The native signature, so both builds call it alike.
    #[cfg(target_arch = "wasm32")]
    #[allow(clippy::extra_unused_type_parameters)]
    fn from_env<V: Variant>() -> Option<Option<PatternWeights>> {
        None
    }

    /// The parsed weights of `V`'s family (read once per family).
    pub(super) fn weights<V: Variant>() -> Option<&'static PatternWeights> {
        if cfg!(target_arch = "wasm32") {
            // None embedded, none read: the pattern code is left out.
            return None;
        }
        // One cell per family (Killer is the last).
        const FAMILIES: usize = Family::Killer as usize + 1;
        static CELLS: [OnceLock<Option<PatternWeights>>; FAMILIES] =
            [const { OnceLock::new() }; FAMILIES];
        let family = Family::of::<V>();
        CELLS[family as usize]
            .get_or_init(|| {
                from_env::<V>()
                    .unwrap_or_else(|| PatternWeights::from_bytes::<V>(file(family)?).ok())
            })
            .as_ref()
    }
}

/// The board's squares whose (row, column) `keep` accepts.
fn mask<V: Variant>(keep: impl Fn(u8, u8) -> bool) -> Bits<V> {
    let mut m = Bits::<V>::ZERO;
    for row in 0..V::Board::HEIGHT {
        for col in 0..V::Board::WIDTH {
            if let Some(sq) = V::Board::square_at(row, col).filter(|_| keep(row, col)) {
                m |= Bits::<V>::bit(sq.0 as u32);
            }
        }
    }
    m
}

fn row_mask<V: Variant>(row: u8) -> Bits<V> {
    mask::<V>(|r, _| r == row)
}

impl<V: Variant> Evaluator<V> {
    /// The tables of `V`, for a search that plays for `us`.
    pub(crate) fn new(us: Color) -> Self {
        Self::with_weights(us, *Family::of::<V>().weights())
    }

    /// The tables of `V` with weights `w` (the fit tries other weights).
    pub(crate) fn with_weights(us: Color, w: Weights) -> Self {
        let family = Family::of::<V>();
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
            race: (family == Family::Breakthrough).then(|| Box::new(Race::new())),
            left: mask::<V>(|_, col| col < width / 2),
            hunter: us,
            learned: if learned() {
                learned_weights::<V>().filter(|w| *w.layout() == patterns::Layout::of::<V>())
            } else {
                None
            },
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
        if self.w.balance != 0 {
            let left = (men & self.left).count() as i32;
            s -= (2 * left - men.count() as i32).abs() * self.w.balance;
        }
        s
    }

    /// The hunt of a lone king, from White's view: when the side the
    /// search plays for has kings and at least two pieces against a lone
    /// king, each square the lone king can move to that is on no line of
    /// a hunting king (where it could stop without standing in a king's
    /// way; flying moves, the board's four directions) counts
    /// `lone_king_room` for it. The less room it has, the nearer the
    /// hunters are to taking it before a count rule draws.
    /// `counts` are each side's pieces and kings, as `evaluate` has them.
    fn hunt(&self, pos: &Position<V>, empty: Bits<V>, counts: [(u32, u32); 2]) -> i32 {
        let us = self.hunter as usize;
        let ((pieces, kings), (lone_pieces, lone_kings)) = (counts[us], counts[1 - us]);
        if lone_pieces != 1 || lone_kings != 1 || pieces < 2 || kings == 0 {
            return 0;
        }
        let lone = pos.side(self.hunter.opponent());
        let hunters = pos.side(self.hunter) & pos.kings;
        let mut room = Bits::<V>::ZERO;
        let mut covered = Bits::<V>::ZERO;
        for d in 0..4 {
            room |= V::Board::slide(lone, empty, d);
            covered |= V::Board::slide(hunters, empty | lone, d);
        }
        let score = (room & !covered).count() as i32 * self.w.lone_king_room;
        match self.hunter {
            Color::White => -score,
            Color::Black => score,
        }
    }

    /// The static score from the side to move's view, in hundredths of a man.
    pub(crate) fn evaluate(&self, pos: &Position<V>) -> i32 {
        let (s, holds) = self.white_score(pos);
        // WebAssembly builds embed no learned weights: the pattern code is
        // left out of them (its copy per mode would cost the package).
        #[cfg(not(target_arch = "wasm32"))]
        let s = match self.learned {
            Some(l) if holds => l.white_score(pos, s) / 8,
            Some(l) => l.white_score(pos, s),
            None => s,
        };
        #[cfg(target_arch = "wasm32")]
        let _ = holds;
        match pos.turn {
            Color::White => s,
            Color::Black => -s,
        }
    }

    /// The hand-set score for White, and whether the position is a lone
    /// king's hold (the score already divided by 8).
    pub(crate) fn white_score(&self, pos: &Position<V>) -> (i32, bool) {
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
            return (0, false);
        }
        let white = self.side(pos, Color::White, empty, bk > 0);
        let black = self.side(pos, Color::Black, empty, wk > 0);
        let mut s = white - black;
        // Trading down when ahead: the same lead counts more with fewer pieces.
        let material = (wp - wk) as i32 * self.w.man + wk as i32 * self.w.king
            - (bp - bk) as i32 * self.w.man
            - bk as i32 * self.w.king;
        s += material * self.w.trade / (100 * (wp + bp) as i32 + 400);
        // Breakthrough: the race to the crowning row.
        if let Some(race) = &self.race {
            s += race.score(pos);
        }
        // A lone king against the kings of the side the search plays for.
        if self.w.lone_king_room != 0 {
            s += self.hunt(pos, empty, [(wp, wk), (bp, bk)]);
        }
        // Flying kings: a lone king holds against a few pieces; such endings
        // are drawn far more often than the material says. Not in Killer
        // (the king that takes the last king is taken back), nor where the
        // game is not won by material (Antidraughts, Breakthrough).
        if V::RULES.king_range == KingRange::Flying
            && !matches!(
                Family::of::<V>(),
                Family::Killer | Family::Antidraughts | Family::Breakthrough
            )
        {
            let holds = |lone: u32, lone_k: u32, other: u32| {
                lone == 1 && lone_k == 1 && other <= if V::Board::WIDTH >= 10 { 3 } else { 2 }
            };
            if holds(wp, wk, bp) || holds(bp, bk, wp) {
                return (s / 8, true);
            }
        }
        (s, false)
    }
}

#[cfg(test)]
mod fit;
#[cfg(test)]
mod learn_tests;
#[cfg(test)]
mod tests;
