//! Property tests: random legal walks in every mode of the registry
//! (`Mode::ALL`: every built-in variant, then every house rule), so a variant
//! or house rule added there is walked here without a new line.
//!
//! Invariants checked after every move (RULES.md §1):
//! - no square holds pieces of both colours, kings are a subset of the pieces;
//! - no man stands on its own promotion row;
//! - the move list has no duplicate move, and in distinct mode no two moves share
//!   start, end and captured set;
//! - captures are compulsory: if any legal move captures, all do;
//! - every move is legal by `is_legal`, counting agrees with listing, and the FEN
//!   round-trips;
//! - piece counts change exactly by the captured pieces.

use std::collections::HashSet;

use draughts::{Canadian, Color, English, Mode, MoveMode, Position, Variant, VariantVisitor};
use proptest::prelude::*;

fn check_walk<V: Variant>(choices: &[u16]) -> Result<(), TestCaseError> {
    let mut pos = Position::<V>::start();
    for &choice in choices {
        let white = pos.pieces(Color::White);
        let black = pos.pieces(Color::Black);
        prop_assert!((white & black).is_empty(), "overlap in {:?}", pos);
        let kings = pos.kings(Color::White) | pos.kings(Color::Black);
        prop_assert_eq!(kings & (white | black), kings);
        for sq in pos.men(Color::White) {
            prop_assert!(
                <V::Board as draughts::Geometry>::coords(sq).0
                    != <V::Board as draughts::Geometry>::HEIGHT - 1,
                "white man on its promotion row in {:?}",
                pos
            );
        }
        for sq in pos.men(Color::Black) {
            prop_assert!(
                <V::Board as draughts::Geometry>::coords(sq).0 != 0,
                "black man on its promotion row in {:?}",
                pos
            );
        }
        prop_assert_eq!(Position::<V>::from_fen(&pos.to_fen()).unwrap(), pos);

        let moves = pos.legal_moves();
        let routes = pos.legal_moves_in(MoveMode::Routes);
        prop_assert_eq!(moves.len() as u64, pos.count_moves(MoveMode::Distinct));
        prop_assert_eq!(routes.len() as u64, pos.count_moves(MoveMode::Routes));
        prop_assert!(routes.len() >= moves.len());
        let unique: HashSet<_> = routes.iter().collect();
        prop_assert_eq!(unique.len(), routes.len(), "duplicate route in {:?}", pos);
        let keys: HashSet<_> = moves
            .iter()
            .map(|m| (m.from(), m.to(), m.captured()))
            .collect();
        prop_assert_eq!(
            keys.len(),
            moves.len(),
            "duplicate distinct move in {:?}",
            pos
        );
        let distinct_keys: HashSet<_> = routes
            .iter()
            .map(|m| (m.from(), m.to(), m.captured()))
            .collect();
        prop_assert_eq!(
            &distinct_keys,
            &keys,
            "routes and distinct moves disagree in {:?}",
            pos
        );
        if moves.iter().any(|m| m.is_capture()) {
            prop_assert!(
                moves.iter().all(|m| m.is_capture()),
                "capture not compulsory in {:?}",
                pos
            );
        }
        if moves.is_empty() {
            break;
        }
        let mv = &moves[choice as usize % moves.len()];
        prop_assert!(pos.is_legal(mv));
        let next = pos.play(mv);
        prop_assert_eq!(next.turn(), pos.turn().opponent());
        let them = pos.turn().opponent();
        prop_assert_eq!(
            next.pieces(them).len(),
            pos.pieces(them).len() - mv.captured().len()
        );
        prop_assert_eq!(next.pieces(pos.turn()).len(), pos.pieces(pos.turn()).len());
        prop_assert!(next.piece_at(mv.to()).is_some());
        pos = next;
    }
    Ok(())
}

/// One walk in the variant the registry hands over.
struct Walk<'a>(&'a [u16]);

impl VariantVisitor for Walk<'_> {
    type Output = Result<(), TestCaseError>;
    fn visit<V: Variant>(self) -> Self::Output {
        check_walk::<V>(self.0)
    }
}

/// Walks `choices` in each of `modes`; a failure names its mode.
fn walk_modes(modes: impl Iterator<Item = Mode>, choices: &[u16]) -> Result<(), TestCaseError> {
    for mode in modes {
        mode.visit(Walk(choices))
            .map_err(|e| TestCaseError::fail(format!("{mode}: {e}")))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn walk_every_builtin_variant(choices in proptest::collection::vec(any::<u16>(), 0..300)) {
        walk_modes(Mode::ALL.into_iter().filter(|m| !m.is_house_rule()), &choices)?;
    }

    #[test]
    fn walk_every_house_rule(choices in proptest::collection::vec(any::<u16>(), 0..300)) {
        walk_modes(Mode::ALL.into_iter().filter(|m| m.is_house_rule()), &choices)?;
    }
}

/// The walks above reach every mode of the registry: the built-in variants
/// are `VariantKind::ALL` (16 of them, as the crate's description lists) and
/// every house rule of `house_rules::NAMES` is a mode.
#[test]
fn the_walks_cover_the_whole_registry() {
    let builtin: Vec<_> = Mode::ALL
        .into_iter()
        .filter(|m| !m.is_house_rule())
        .collect();
    assert_eq!(builtin.len(), draughts::VariantKind::ALL.len());
    assert_eq!(builtin.len(), 16);
    for name in draughts::house_rules::NAMES {
        let mode: Mode = name.parse().unwrap();
        assert!(mode.is_house_rule(), "{name}");
    }
    assert_eq!(
        Mode::ALL.len(),
        draughts::VariantKind::ALL.len() + draughts::house_rules::NAMES.len()
    );
}

/// A square of another board whose bit index lies beyond this board's word
/// (Canadian b12 is bit 72; an 8x8 board uses a u64) is simply not there:
/// no panic in piece lookup, bitboards or click input.
#[test]
fn foreign_square_beyond_the_word_is_not_on_the_board() {
    let far = Canadian::square(1).unwrap();
    assert!(far.index() >= 64);
    let pos = Position::<English>::start();
    assert_eq!(pos.piece_at(far), None);
    assert!(!pos.pieces(Color::White).contains(far));
    assert!(pos.move_input(&[far]).candidates().is_empty());
}
