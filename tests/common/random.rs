//! Random positions for the property tests (`tests/properties.rs`,
//! `tests/fast_count.rs`): random legal walks from the start position and
//! random setups dense with pieces and kings, for any variant.
#![allow(dead_code)]

use draughts::{Bitboard, Color, Geometry, MoveMode, Position, Setup, Square, SquareSet, Variant};
use proptest::prelude::*;

type Bits<V> = <<V as Variant>::Board as Geometry>::Bits;

/// Where a random position comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// A random legal walk from the start position: each choice picks one move
    /// (in routes mode when `routes`); the walk stops early at a lost position.
    Walk { choices: Vec<u16>, routes: bool },
    /// A random setup: `cells[i]` decides the `i`-th playing square counted
    /// from `offset` (so that the piece caps do not always favour the low
    /// rows); a square is occupied when its cell is below `density`.
    Setup {
        cells: Vec<u8>,
        offset: u8,
        density: u8,
        black: bool,
    },
}

pub fn walk_strategy(max_len: usize) -> impl Strategy<Value = Source> {
    (
        proptest::collection::vec(any::<u16>(), 0..max_len),
        any::<bool>(),
    )
        .prop_map(|(choices, routes)| Source::Walk { choices, routes })
}

pub fn setup_strategy() -> impl Strategy<Value = Source> {
    setup_strategy_with(1..=255)
}

/// Set-ups whose density (the share of occupied cells, out of 256) is drawn
/// from `density`: a high floor gives positions rich in captures.
pub fn setup_strategy_with(density: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = Source> {
    (
        proptest::collection::vec(any::<u8>(), 72),
        any::<u8>(),
        density,
        any::<bool>(),
    )
        .prop_map(|(cells, offset, density, black)| Source::Setup {
            cells,
            offset,
            density,
            black,
        })
}

pub fn source_strategy(max_len: usize) -> impl Strategy<Value = Source> {
    prop_oneof![walk_strategy(max_len), setup_strategy()]
}

/// The position a [`Source`] describes.
pub fn build<V: Variant>(src: &Source) -> Position<V> {
    match src {
        Source::Walk { choices, routes } => {
            let mode = if *routes {
                MoveMode::Routes
            } else {
                MoveMode::Distinct
            };
            let mut p = Position::<V>::start();
            for &c in choices {
                let moves = p.legal_moves_in(mode);
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[c as usize % moves.len()]);
            }
            p
        }
        Source::Setup {
            cells,
            offset,
            density,
            black,
        } => random_setup::<V>(cells, *offset, *density, *black),
    }
}

/// A random valid position. Each occupied square gets a white or black man or
/// king; a man that would stand on its promotion row is crowned; a colour
/// that already has its start count of pieces gets no more.
pub fn random_setup<V: Variant>(cells: &[u8], offset: u8, density: u8, black: bool) -> Position<V> {
    let max = Position::<V>::start().pieces(Color::White).len();
    let squares: Vec<Square> = Bitboard::<Bits<V>>(V::Board::ALL).iter().collect();
    let n = squares.len();
    let mut setup = Setup::<V>::default();
    for i in 0..n {
        let sq = squares[(i + offset as usize) % n];
        let cell = cells.get(i).copied().unwrap_or(0);
        // Occupancy from the cell, kind and colour from a scrambled copy of it.
        if cell >= density {
            continue;
        }
        let kind = cell.wrapping_mul(167).rotate_left(3) % 6;
        let b = SquareSet::from_square(sq);
        let row = V::Board::coords(sq).0;
        let (side, far) = if kind % 2 == 0 {
            (&mut setup.white, V::Board::HEIGHT - 1)
        } else {
            (&mut setup.black, 0)
        };
        if side.len() >= max {
            continue;
        }
        *side |= b;
        if kind >= 4 || row == far {
            setup.kings |= b;
        }
    }
    setup.turn = Some(if black { Color::Black } else { Color::White });
    Position::from_setup(setup).expect("a valid random setup")
}
