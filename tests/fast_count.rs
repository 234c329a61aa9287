//! The fast counting paths agree with full move generation (issue 21).
//!
//! `count_moves` (popcounts, the single-jump shortcut and the men's table
//! search, which record no paths) and `perft_in` at depth 2 (which plays
//! capture results without building `Move`s) are checked against the full
//! move list of `legal_moves_in`, in both modes, on random positions of every
//! variant of the registry (`VariantKind::ALL`): random legal walks from the
//! start position and random setups dense with pieces and kings, where long
//! captures, mid-capture promotion and the precedence rules come up often.

use draughts::{
    perft_in, Bitboard, Color, Geometry, MoveMode, Position, Setup, Square, SquareSet, Variant,
    VariantKind, VariantVisitor,
};
use proptest::prelude::*;

type Bits<V> = <<V as Variant>::Board as Geometry>::Bits;

/// Where a random position comes from.
#[derive(Clone, Debug)]
enum Source {
    /// A random legal walk from the start position (each choice picks one
    /// move, in routes mode when `routes`).
    Walk { choices: Vec<u16>, routes: bool },
    /// A random setup: square `i` (counted from `offset`) is occupied when
    /// `cells[i] < density`; the cell also picks colour and kind.
    Setup {
        cells: Vec<u8>,
        offset: u8,
        density: u8,
        black: bool,
    },
}

fn source() -> impl Strategy<Value = Source> {
    prop_oneof![
        (
            proptest::collection::vec(any::<u16>(), 0..120),
            any::<bool>()
        )
            .prop_map(|(choices, routes)| Source::Walk { choices, routes }),
        (
            proptest::collection::vec(any::<u8>(), 72),
            any::<u8>(),
            1u8..=255,
            any::<bool>()
        )
            .prop_map(|(cells, offset, density, black)| Source::Setup {
                cells,
                offset,
                density,
                black,
            }),
    ]
}

/// The position `src` describes.
fn build<V: Variant>(src: &Source) -> Position<V> {
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
        } => {
            // Each side gets at most its start count of pieces; a man on its
            // promotion row is crowned.
            let max = Position::<V>::start().pieces(Color::White).len();
            let squares: Vec<Square> = Bitboard::<Bits<V>>(V::Board::ALL).iter().collect();
            let n = squares.len();
            let mut setup = Setup::<V>::default();
            for i in 0..n {
                let cell = cells.get(i).copied().unwrap_or(u8::MAX);
                if cell >= *density {
                    continue;
                }
                let sq = squares[(i + *offset as usize) % n];
                let kind = cell.wrapping_mul(167).rotate_left(3) % 6;
                let row = V::Board::coords(sq).0;
                let (side, far) = if kind % 2 == 0 {
                    (&mut setup.white, V::Board::HEIGHT - 1)
                } else {
                    (&mut setup.black, 0)
                };
                if side.len() >= max {
                    continue;
                }
                let b = SquareSet::from_square(sq);
                *side |= b;
                if kind >= 4 || row == far {
                    setup.kings |= b;
                }
            }
            setup.turn = Some(if *black { Color::Black } else { Color::White });
            Position::from_setup(setup).expect("a valid random setup")
        }
    }
}

/// The check for one variant: `Ok` or the first disagreement.
struct Agree<'a>(&'a Source);

impl VariantVisitor for Agree<'_> {
    type Output = Result<(), String>;
    fn visit<V: Variant>(self) -> Result<(), String> {
        let p = build::<V>(self.0);
        for mode in [MoveMode::Distinct, MoveMode::Routes] {
            let moves = p.legal_moves_in(mode);
            let counted = p.count_moves(mode);
            if counted != moves.len() as u64 {
                return Err(format!(
                    "{} {mode:?} {}: count_moves {counted}, legal moves {}",
                    V::NAME,
                    p.to_fen(),
                    moves.len()
                ));
            }
            let by_list: u64 = moves
                .iter()
                .map(|m| p.play(m).legal_moves_in(mode).len() as u64)
                .sum();
            let by_perft = perft_in(&p, 2, mode);
            if by_perft != by_list {
                return Err(format!(
                    "{} {mode:?} {}: perft(2) {by_perft}, from the move lists {by_list}",
                    V::NAME,
                    p.to_fen()
                ));
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
    /// Every variant of the registry, on the same random source.
    #[test]
    fn fast_counts_agree_with_move_generation(src in source()) {
        for kind in VariantKind::ALL {
            if let Err(e) = kind.visit(Agree(&src)) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}
