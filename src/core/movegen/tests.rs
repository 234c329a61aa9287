//! The positions perft plays without `Position::play`: `play_capture` and
//! `play_step` must give exactly what `play` gives, king-move counts
//! included, and the packed capture results must give back their parts.

use super::count::Capture;
use crate::bitboard::{BitSet, Square};
use crate::moves::MoveMode;
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::{Frisian, Frysk, International, Russian, Thai, Turkish, Variant};

/// Plays `games` games of up to `plies` plies from the start, choosing
/// moves with a fixed pseudo-random sequence, and checks every legal move
/// of every position reached: each capture with `play_capture`, each step
/// with `play_step`, against `play`. Returns how many captures and steps
/// were checked, and how many of the positions had king-move counts.
fn check_plays<V: Variant>(games: u64, plies: usize) -> (u64, u64, u64) {
    let (mut captures, mut steps, mut counted) = (0, 0, 0);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..games {
        let mut pos = Position::<V>::start();
        for _ in 0..plies {
            let moves = pos.legal_moves_in(MoveMode::Distinct);
            if moves.is_empty() {
                break;
            }
            if pos.runs.iter().any(Option::is_some) {
                counted += 1;
            }
            for m in moves.iter() {
                let played = pos.play(m);
                if m.captured.is_zero() {
                    let from = Bits::<V>::bit(u32::from(m.from.0));
                    let to = Bits::<V>::bit(u32::from(m.to().0));
                    let king = !(pos.kings & from).is_zero();
                    assert_eq!(pos.play_step(from, to, m.promotes, king), played);
                    steps += 1;
                } else {
                    assert_eq!(
                        pos.play_capture(m.from, m.to(), m.captured, m.promotes),
                        played
                    );
                    captures += 1;
                }
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let i = (seed >> 33) as usize % moves.len();
            pos = pos.play(&moves[i]);
        }
    }
    (captures, steps, counted)
}

#[test]
fn play_capture_and_play_step_equal_play_in_frisian_with_king_counts() {
    let (captures, steps, counted) = check_plays::<Frisian>(40, 200);
    assert!(captures > 1000 && steps > 1000, "{captures} {steps}");
    // Games long enough for kings and their move counts.
    assert!(counted > 0, "no position with a king-move count");
}

#[test]
fn play_capture_and_play_step_equal_play_in_other_families() {
    let (c, s, _) = check_plays::<Frysk>(20, 200);
    assert!(c > 100 && s > 100, "frysk {c} {s}");
    let (c, s, _) = check_plays::<International>(20, 150);
    assert!(c > 100 && s > 100, "international {c} {s}");
    let (c, s, _) = check_plays::<Russian>(20, 150);
    assert!(c > 100 && s > 100, "russian {c} {s}");
    let (c, s, _) = check_plays::<Turkish>(20, 150);
    assert!(c > 100 && s > 100, "turkish {c} {s}");
    let (c, s, _) = check_plays::<Thai>(20, 150);
    assert!(c > 100 && s > 100, "thai {c} {s}");
}

#[test]
fn packed_capture_gives_back_its_parts() {
    for (from, to, promotes) in [
        (0u8, 49u8, false),
        (49, 0, true),
        (12, 12, true),
        (63, 7, false),
    ] {
        let captured = Bits::<International>::bit(20) | Bits::<International>::bit(31);
        let c = Capture::<International>::new(Square(from), Square(to), captured, promotes);
        assert_eq!(c.from(), Square(from));
        assert_eq!(c.to(), Square(to));
        assert_eq!(c.promotes(), promotes);
        assert_eq!(c.captured, captured);
    }
}
