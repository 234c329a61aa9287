//! Random games: the first byte chooses the variant (`byte % 11`, an index into
//! `VariantKind::ALL`) and the move mode (distinct below 128, routes from 128);
//! each later byte chooses a legal move by index (`byte % count`). Up to 200
//! moves are played. Every move played must be `is_legal`, the move count must
//! agree with the list, and every position must round-trip through its FEN.
#![no_main]

use draughts::{
    Brazilian, Canadian, Czech, English, International, Italian, MoveMode, Pool, Position, Russian,
    Spanish, Thai, Turkish, Variant, VariantKind,
};
use libfuzzer_sys::fuzz_target;

const MAX_PLIES: usize = 200;

fn check_fen<V: Variant>(pos: &Position<V>) {
    let fen = pos.to_fen();
    let back = Position::<V>::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{}: written FEN {fen:?} rejected: {e}", V::NAME));
    assert_eq!(&back, pos, "{}: FEN {fen:?} does not round-trip", V::NAME);
}

fn run<V: Variant>(mode: MoveMode, choices: &[u8]) {
    let mut pos = Position::<V>::start();
    check_fen(&pos);
    for &choice in choices.iter().take(MAX_PLIES) {
        let moves = pos.legal_moves_in(mode);
        assert_eq!(
            pos.count_moves(mode),
            moves.len() as u64,
            "{}: count_moves disagrees with legal_moves_in at {}",
            V::NAME,
            pos.to_fen()
        );
        assert_eq!(pos.is_game_over(), moves.is_empty());
        if moves.is_empty() {
            return;
        }
        let mv = &moves[choice as usize % moves.len()];
        assert!(
            pos.is_legal(mv),
            "{}: generated move {mv} is not legal at {}",
            V::NAME,
            pos.to_fen()
        );
        pos = pos.play(mv);
        check_fen(&pos);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let kind = VariantKind::ALL[first as usize % VariantKind::ALL.len()];
    let mode = if first >= 128 {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    match kind {
        VariantKind::English => run::<English>(mode, choices),
        VariantKind::Italian => run::<Italian>(mode, choices),
        VariantKind::Spanish => run::<Spanish>(mode, choices),
        VariantKind::Russian => run::<Russian>(mode, choices),
        VariantKind::Brazilian => run::<Brazilian>(mode, choices),
        VariantKind::Pool => run::<Pool>(mode, choices),
        VariantKind::Czech => run::<Czech>(mode, choices),
        VariantKind::Thai => run::<Thai>(mode, choices),
        VariantKind::International => run::<International>(mode, choices),
        VariantKind::Canadian => run::<Canadian>(mode, choices),
        VariantKind::Turkish => run::<Turkish>(mode, choices),
    }
});
