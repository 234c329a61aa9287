//! The fast counting paths agree with full move generation (issue 21).
//!
//! `count_moves` (popcounts, the single-jump shortcut and the men's table
//! search, which record no paths) and `perft_in` at depth 2 (which plays
//! capture results without building `Move`s) are checked against the full
//! move list of `legal_moves_in`, in both modes, on random positions of every
//! variant of the registry (`VariantKind::ALL`): random legal walks from the
//! start position and random setups dense with pieces and kings, where long
//! captures, mid-capture promotion and the precedence rules come up often.

use draughts::{perft_in, MoveMode, Variant, VariantKind, VariantVisitor};
use proptest::prelude::*;

#[path = "common/random.rs"]
mod random;

use random::{build, source_strategy, Source};

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
    fn fast_counts_agree_with_move_generation(src in source_strategy(120)) {
        for kind in VariantKind::ALL {
            if let Err(e) = kind.visit(Agree(&src)) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}
