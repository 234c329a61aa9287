//! A learned pattern evaluation: the board is covered by overlapping
//! regions of playing squares (on a diagonal board, each 4 x 4 block of
//! squares whose corner row and column are even, eight playing squares;
//! on an orthogonal board, every row and every file), and each region's
//! state (every square empty, White's man or Black's man: a base-3 number)
//! has a weight learned from games ([`super::learn`]). Kings are left out
//! of the patterns (a king's square reads as empty) and counted by dense
//! terms: the hand-set evaluation's score, the difference in men, in
//! kings, and the side to move. Each weight has a middle-game and an
//! endgame value, blended by the pieces on the board.
//!
//! The weights are data ([`PatternWeights`]): a file of `data/eval/`,
//! embedded in native builds of the library and used by searches that ask
//! for it ([`super::set_learned`]).

use crate::bitboard::BitSet;
use crate::geometry::{Geometry, Layout as BoardLayout};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Color, Variant};

/// The dense terms: the hand-set evaluation's score (in men), the
/// difference in men, in kings, and the side to move (+1 White, -1 Black).
pub const DENSE: usize = 4;

/// The most regions a board has (12 x 12: 25).
const MAX_REGIONS: usize = 32;

/// Where the regions lie on a board: for each bit index, the regions that
/// hold it with the square's power of 3 in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The regions.
    regions: u16,
    /// Squares per region.
    squares: u8,
    /// Per bit index, up to four (region, power of 3); region `u16::MAX`
    /// ends the list.
    slots: Vec<[(u16, u16); 4]>,
    /// Pieces in the start position (the blend's full middle game).
    start_pieces: u32,
}

/// The features of one position (for the fit).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The index of each region's state among all weights of a phase.
    pub patterns: Vec<u32>,
    /// The dense terms ([`DENSE`]).
    pub dense: [f32; DENSE],
    /// The middle game's share of the blend, 0 to 1.
    pub mid: f32,
}

impl Layout {
    /// The regions of `V`'s board.
    ///
    /// ```
    /// use draughts::engine::eval::patterns::Layout;
    /// use draughts::{English, International, Turkish};
    /// assert_eq!(Layout::of::<International>().regions(), 16);
    /// assert_eq!(Layout::of::<English>().regions(), 9);
    /// assert_eq!(Layout::of::<International>().states(), 6561);
    /// // Turkish: its 8 rows and 8 files.
    /// assert_eq!(Layout::of::<Turkish>().regions(), 16);
    /// ```
    pub fn of<V: Variant>() -> Layout {
        let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
        // (width, height, column step, row step) of each kind of region.
        let shapes: &[(u8, u8, u8, u8)] = match V::Board::LAYOUT {
            BoardLayout::Diagonal => &[(4, 4, 2, 2)],
            // Rows and files: men step forward and sideways and everything
            // captures along them. (4 x 2 blocks fitted about as well,
            // held-out loss 0.5268 against 0.5260, but played 57.0%
            // against `hard` where these play 69.8%.)
            BoardLayout::Orthogonal => &[(w, 1, 1, 1), (1, h, 1, 1)],
        };
        let mut slots = vec![[(u16::MAX, 0u16); 4]; 128];
        let mut region = 0u16;
        let mut squares = 0u8;
        for &(bw, bh, sw, sh) in shapes {
            let mut r0 = 0;
            while r0 + bh <= h {
                let mut c0 = 0;
                while c0 + bw <= w {
                    let mut k = 0u8;
                    for r in r0..r0 + bh {
                        for c in c0..c0 + bw {
                            if let Some(sq) = V::Board::square_at(r, c) {
                                let slot = &mut slots[sq.0 as usize];
                                if let Some(free) = slot.iter_mut().find(|s| s.0 == u16::MAX) {
                                    *free = (region, 3u16.pow(k as u32));
                                }
                                k += 1;
                            }
                        }
                    }
                    squares = squares.max(k);
                    region += 1;
                    c0 += sw;
                }
                r0 += sh;
            }
        }
        let start = Position::<V>::start();
        Layout {
            regions: region,
            squares,
            slots,
            start_pieces: (start.white | start.black).count().max(1),
        }
    }

    /// The number of regions.
    pub fn regions(&self) -> usize {
        self.regions as usize
    }

    /// The states of a region (3 to the power of its squares).
    pub fn states(&self) -> usize {
        3usize.pow(self.squares as u32)
    }

    /// The pattern weights of a phase: regions times states.
    pub fn weights_len(&self) -> usize {
        self.regions() * self.states()
    }

    /// Each region's state index (within its region).
    #[inline]
    fn indices<V: Variant>(&self, pos: &Position<V>, out: &mut [u16; MAX_REGIONS]) {
        for (men, digit) in [
            (pos.white & !pos.kings, 1u16),
            (pos.black & !pos.kings, 2u16),
        ] {
            let mut b = men;
            while !b.is_zero() {
                let i = b.lowest();
                b ^= Bits::<V>::bit(i);
                for &(r, p) in &self.slots[i as usize] {
                    if r == u16::MAX {
                        break;
                    }
                    out[r as usize] += p * digit;
                }
            }
        }
    }

    /// The middle game's share: the pieces on the board over the start's.
    fn mid<V: Variant>(&self, pos: &Position<V>) -> u32 {
        (pos.white | pos.black).count().min(self.start_pieces)
    }

    /// The features of `pos`, with `hand` the hand-set evaluation (its
    /// score is one of the dense terms).
    pub(crate) fn features<V: Variant>(
        &self,
        pos: &Position<V>,
        hand: &super::Evaluator<V>,
    ) -> Features {
        let mut idx = [0u16; MAX_REGIONS];
        self.indices(pos, &mut idx);
        let states = self.states() as u32;
        Features {
            patterns: (0..self.regions as u32)
                .map(|r| r * states + u32::from(idx[r as usize]))
                .collect(),
            dense: dense(pos, hand.white_score(pos).0).map(|x| x as f32),
            mid: self.mid(pos) as f32 / self.start_pieces as f32,
        }
    }
}

/// The dense terms of `pos` (the hand-set score in men as a float).
fn dense<V: Variant>(pos: &Position<V>, hand: i32) -> [f64; DENSE] {
    let wk = (pos.white & pos.kings).count() as f64;
    let bk = (pos.black & pos.kings).count() as f64;
    let wm = (pos.white & !pos.kings).count() as f64;
    let bm = (pos.black & !pos.kings).count() as f64;
    [
        f64::from(hand) / 100.0,
        wm - bm,
        wk - bk,
        if pos.turn == Color::White { 1.0 } else { -1.0 },
    ]
}

/// One phase's weights (middle game or endgame), in hundredths of a man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The hand-set score's multiplier in 1/1024, then the dense terms'
    /// weights (see [`DENSE`]).
    pub dense: [i16; DENSE],
    /// The pattern weights, region by region.
    pub patterns: Vec<i16>,
}

impl Phase {
    /// A phase from fitted logistic weights (`p`: the dense terms then
    /// the patterns), scaled so that `unit` logistic units are a man of
    /// the hand-set score.
    pub(crate) fn from_logistic(p: &[f32], nd: usize, unit: f32) -> Phase {
        let unit = if unit.abs() < 1e-3 { 1e-3 } else { unit };
        let cm = |x: f32| (x * 100.0 / unit).round().clamp(-32000.0, 32000.0) as i16;
        let mut dense = [0i16; DENSE];
        dense[0] = (p[0] * 1024.0 / unit).round().clamp(-32000.0, 32000.0) as i16;
        for (out, &x) in dense.iter_mut().zip(&p[..nd]).skip(1) {
            *out = cm(x);
        }
        Phase {
            dense,
            patterns: p[nd..].iter().map(|&x| cm(x)).collect(),
        }
    }

    #[inline]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn score(
        &self,
        d: [i32; DENSE],
        hand: i32,
        idx: &[u16; MAX_REGIONS],
        regions: usize,
        states: usize,
    ) -> i32 {
        let mut s = hand * i32::from(self.dense[0]) / 1024;
        for (&x, &w) in d.iter().zip(&self.dense).skip(1) {
            s += x * i32::from(w);
        }
        for (r, &i) in idx.iter().take(regions).enumerate() {
            s += i32::from(self.patterns[r * states + i as usize]);
        }
        s
    }
}

/// A learned pattern evaluation: the layout and the weights of both phases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternWeights {
    layout: Layout,
    mid: Phase,
    end: Phase,
    /// The header lines of the file (commit, command, losses).
    header: Vec<String>,
}

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("weights file: {0}")]
pub struct WeightsFileError(pub String);

const MAGIC: &str = "draughts pattern weights 1";

impl PatternWeights {
    /// Weights of a layout.
    pub fn new(layout: Layout, mid: Phase, end: Phase) -> PatternWeights {
        PatternWeights {
            layout,
            mid,
            end,
            header: Vec::new(),
        }
    }

    /// The layout the weights are for.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The header lines of the file (what made it).
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// Sets the header lines written with the weights (one line each).
    pub fn set_header(&mut self, lines: Vec<String>) {
        self.header = lines
            .into_iter()
            .map(|l| l.replace(['\n', '\r'], " "))
            .collect();
    }

    /// The middle game's and the endgame's weights.
    pub fn phases(&self) -> (&Phase, &Phase) {
        (&self.mid, &self.end)
    }

    /// The file: a text header (`MAGIC`, the layout's regions and states,
    /// the header lines, `end`), then the middle game's and the endgame's
    /// dense weights and patterns as little-endian `i16`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = format!(
            "{MAGIC}\nregions {} states {} dense {DENSE}\n",
            self.layout.regions(),
            self.layout.states()
        );
        for l in &self.header {
            out.push_str("# ");
            out.push_str(l);
            out.push('\n');
        }
        out.push_str("end\n");
        let mut bytes = out.into_bytes();
        for ph in [&self.mid, &self.end] {
            for x in ph.dense.iter().chain(&ph.patterns) {
                bytes.extend_from_slice(&x.to_le_bytes());
            }
        }
        bytes
    }

    /// Reads a file of [`PatternWeights::to_bytes`] for `V`'s board.
    ///
    /// ```
    /// use draughts::engine::eval::patterns::PatternWeights;
    /// use draughts::International;
    /// assert!(PatternWeights::from_bytes::<International>(b"not weights").is_err());
    /// ```
    pub fn from_bytes<V: Variant>(bytes: &[u8]) -> Result<PatternWeights, WeightsFileError> {
        let err = |m: &str| WeightsFileError(m.to_string());
        let layout = Layout::of::<V>();
        let mut rest = bytes;
        let mut line = || -> Result<String, WeightsFileError> {
            let n = rest
                .iter()
                .position(|&b| b == b'\n')
                .ok_or_else(|| err("the header does not end"))?;
            let l = String::from_utf8_lossy(&rest[..n]).into_owned();
            rest = &rest[n + 1..];
            Ok(l)
        };
        if line()? != MAGIC {
            return Err(err("not a pattern weights file"));
        }
        let shape = format!(
            "regions {} states {} dense {DENSE}",
            layout.regions(),
            layout.states()
        );
        if line()? != shape {
            return Err(err("made for another board"));
        }
        let mut header = Vec::new();
        loop {
            let l = line()?;
            if l == "end" {
                break;
            }
            header.push(l.strip_prefix("# ").unwrap_or(&l).to_string());
        }
        let n = DENSE + layout.weights_len();
        if rest.len() != 4 * n {
            return Err(err("the weights have the wrong size"));
        }
        let values: Vec<i16> = rest
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let phase = |v: &[i16]| Phase {
            dense: [v[0], v[1], v[2], v[3]],
            patterns: v[DENSE..].to_vec(),
        };
        Ok(PatternWeights {
            mid: phase(&values[..n]),
            end: phase(&values[n..]),
            layout,
            header,
        })
    }

    /// The score of `pos` for White, in hundredths of a man, given the
    /// hand-set evaluation's score `hand` for White.
    #[inline]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) fn white_score<V: Variant>(&self, pos: &Position<V>, hand: i32) -> i32 {
        let mut idx = [0u16; MAX_REGIONS];
        self.layout.indices(pos, &mut idx);
        let wk = (pos.white & pos.kings).count() as i32;
        let bk = (pos.black & pos.kings).count() as i32;
        let wm = (pos.white & !pos.kings).count() as i32;
        let bm = (pos.black & !pos.kings).count() as i32;
        let d = [
            0,
            wm - bm,
            wk - bk,
            if pos.turn == Color::White { 1 } else { -1 },
        ];
        let (regions, states) = (self.layout.regions(), self.layout.states());
        let mid = self.mid.score(d, hand, &idx, regions, states);
        let end = self.end.score(d, hand, &idx, regions, states);
        let full = self.layout.start_pieces as i32;
        let m = self.layout.mid(pos) as i32;
        (mid * m + end * (full - m)) / full
    }
}
