//! The fast counting paths agree with full move generation (issue 21).
//!
//! `count_moves` (popcounts, the single-jump shortcut and the men's table
//! search, which record no paths) and `perft_in` at depth 2 (which plays
//! capture results without building `Move`s) are checked against the full
//! move list of `legal_moves_in`, in both modes, on random positions of every
//! variant of the registry (`VariantKind::ALL`): random legal walks from the
//! start position and random setups dense with pieces and kings, where long
//! captures, mid-capture promotion and the precedence rules come up often;
//! the same with kings crowned back to men (the double-jump count of issue 21
//! applies only when men capture men), and for Frisian, Frysk! and a
//! Frisian with free choice among captures on positions dense with pieces;
//! the same for the variants whose captured pieces leave the board at once
//! and whose men count like the Frisian family's (Turkish, Turkish with free
//! choice among captures, Turkish with men capturing backward and
//! International with captured pieces removed at once), and for the
//! diagonal variants whose men capture backward and count the same way
//! (International, Brazilian, Canadian, Pool, Killer, Antidraughts,
//! Breakthrough, and International with free choice among captures; and
//! Russian's single jumps).

use draughts::{
    perft_in, Antidraughts, Board10x10, Board8x8, Board8x8Orthogonal, Brazilian, Breakthrough,
    Canadian, Frisian, Frysk, International, Killer, MoveMode, Pool, Position, Precedence, Removal,
    Rules, Russian, SquareSet, Turkish, Variant, VariantKind, VariantVisitor,
};
use proptest::prelude::*;

#[path = "common/random.rs"]
mod random;

use random::{build, setup_strategy_with, source_strategy, walk_strategy, Source};

/// Which kings of a random position are turned back into men (where a man may
/// stand), so that men-only captures come up often.
#[derive(Clone, Copy, Debug)]
enum Uncrown {
    None,
    /// The opponent's kings: the side to move captures men only.
    Opponent,
    /// Every king.
    All,
}

fn uncrown<V: Variant>(p: Position<V>, which: Uncrown) -> Position<V> {
    let mut setup = p.to_setup();
    let kings = match which {
        Uncrown::None => return p,
        Uncrown::Opponent => p.kings(p.turn().opponent()),
        Uncrown::All => p.kings(p.turn()) | p.kings(p.turn().opponent()),
    };
    for sq in kings.iter() {
        let mut s = setup;
        s.kings &= !SquareSet::from_square(sq);
        if Position::from_setup(s).is_ok() {
            setup = s;
        }
    }
    Position::from_setup(setup).expect("a valid setup")
}

/// The check for one variant: `Ok` or the first disagreement.
struct Agree<'a>(&'a Source, Uncrown);

impl VariantVisitor for Agree<'_> {
    type Output = Result<(), String>;
    fn visit<V: Variant>(self) -> Result<(), String> {
        let p = uncrown(build::<V>(self.0), self.1);
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
            if let Err(e) = kind.visit(Agree(&src, Uncrown::None)) {
                return Err(TestCaseError::fail(e));
            }
        }
    }

    /// Every variant again with the kings (the opponent's, or all) crowned
    /// back to men: the double-jump count applies only when the men capture
    /// men.
    #[test]
    fn fast_counts_agree_without_kings(
        src in source_strategy(120),
        all in any::<bool>(),
    ) {
        let which = if all { Uncrown::All } else { Uncrown::Opponent };
        for kind in VariantKind::ALL {
            if let Err(e) = kind.visit(Agree(&src, which)) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}

/// Dense random setups (most squares occupied, so that long captures in
/// eight directions come up often) and long random walks.
fn dense_strategy() -> impl Strategy<Value = Source> {
    prop_oneof![setup_strategy_with(96..=255), walk_strategy(200)]
}

/// Frisian with free choice among captures (no precedence rule): the men's
/// count of the Frisian family must then count every complete sequence, not
/// only the longest.
#[derive(Clone, Copy, Debug, Default)]
struct FrisianFreeChoice;

impl Variant for FrisianFreeChoice {
    type Board = Board10x10;
    const NAME: &'static str = "frisian-free-choice";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Frisian::RULES
    };
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]
    /// Frisian and Frysk! (captures in eight directions, the value rule, the
    /// king-move limit) on positions rich in captures, with kings, with the
    /// opponent's kings crowned back to men and with no kings.
    #[test]
    fn frisian_fast_counts_agree_on_capture_rich_positions(
        src in dense_strategy(),
        which in prop_oneof![Just(Uncrown::None), Just(Uncrown::Opponent), Just(Uncrown::All)],
    ) {
        Agree(&src, which).visit::<Frisian>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Frysk>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<FrisianFreeChoice>().map_err(TestCaseError::fail)?;
    }
}

/// Turkish with free choice among captures: every complete sequence counts.
#[derive(Clone, Copy, Debug, Default)]
struct TurkishFreeChoice;

impl Variant for TurkishFreeChoice {
    type Board = Board8x8Orthogonal;
    const NAME: &'static str = "turkish-free-choice";
    const RULES: Rules = Rules {
        precedence: &[],
        ..Turkish::RULES
    };
}

/// Turkish whose men capture backward too (four directions).
#[derive(Clone, Copy, Debug, Default)]
struct TurkishBackward;

impl Variant for TurkishBackward {
    type Board = Board8x8Orthogonal;
    const NAME: &'static str = "turkish-backward";
    const RULES: Rules = Rules {
        men_capture_backward: true,
        ..Turkish::RULES
    };
}

/// International with captured pieces removed at once (a square captured
/// over may be landed on again in the same move).
#[derive(Clone, Copy, Debug, Default)]
struct InternationalImmediate;

impl Variant for InternationalImmediate {
    type Board = Board10x10;
    const NAME: &'static str = "international-immediate";
    const RULES: Rules = Rules {
        removal: Removal::Immediate,
        ..International::RULES
    };
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]
    /// Captured pieces removed at once, men that go on as men on the far
    /// row: the men's count of the Frisian family (bitboards for two jumps,
    /// the walk for a third) on positions rich in captures, with kings, with
    /// the opponent's kings crowned back to men and with no kings.
    #[test]
    fn immediate_removal_fast_counts_agree_on_capture_rich_positions(
        src in dense_strategy(),
        which in prop_oneof![Just(Uncrown::None), Just(Uncrown::Opponent), Just(Uncrown::All)],
    ) {
        Agree(&src, which).visit::<Turkish>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<TurkishFreeChoice>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<TurkishBackward>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<InternationalImmediate>().map_err(TestCaseError::fail)?;
    }
}

/// International with free choice among captures: every complete sequence
/// counts, so the men's count must not keep only the longest.
#[derive(Clone, Copy, Debug, Default)]
struct InternationalFreeChoice;

impl Variant for InternationalFreeChoice {
    type Board = Board10x10;
    const NAME: &'static str = "international-free-choice";
    const RULES: Rules = Rules {
        precedence: &[],
        ..International::RULES
    };
}

/// Russian with a precedence that weighs kings (the most pieces, then the
/// most kings): a man's single jumps no longer all weigh the same.
#[derive(Clone, Copy, Debug, Default)]
struct RussianMostKings;

impl Variant for RussianMostKings {
    type Board = Board8x8;
    const NAME: &'static str = "russian-most-kings";
    const RULES: Rules = Rules {
        precedence: &[Precedence::MostPieces, Precedence::MostKings],
        ..Russian::RULES
    };
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]
    /// Men that capture backward on the diagonals, captured pieces left on
    /// the board until the move ends (so never jumped twice), men that go
    /// on as men on the far row: the men's count of the Frisian family
    /// (bitboards for two jumps, the walk for a third) on positions rich in
    /// captures, with kings, with the opponent's kings crowned back to men
    /// and with no kings. And Russian, whose men crowned mid-capture go on
    /// as kings: only its single jumps are counted with bitboards.
    #[test]
    fn diagonal_backward_fast_counts_agree_on_capture_rich_positions(
        src in dense_strategy(),
        which in prop_oneof![Just(Uncrown::None), Just(Uncrown::Opponent), Just(Uncrown::All)],
    ) {
        Agree(&src, which).visit::<International>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<InternationalFreeChoice>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Brazilian>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Canadian>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Pool>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Killer>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Antidraughts>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Breakthrough>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<Russian>().map_err(TestCaseError::fail)?;
        Agree(&src, which).visit::<RussianMostKings>().map_err(TestCaseError::fail)?;
    }
}
