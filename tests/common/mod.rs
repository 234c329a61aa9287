//! Helpers shared by the integration tests (`mod common;` in each suite).
//! Algebraic move text and the quiet king walk come from the house-rules
//! example, which uses them too.
#![allow(dead_code)]

use draughts::{Game, Move, MoveMode, Position, Square, Variant};

#[path = "../../examples/house_rules/walk.rs"]
mod walk;

#[allow(unused_imports)] // not every test uses every helper either
pub use walk::{alg, quiet_king_walk, walk_until_over};

/// The position of `fen` in `V`; panics on a bad FEN.
pub fn pos<V: Variant>(fen: &str) -> Position<V> {
    Position::<V>::from_fen(fen).unwrap_or_else(|e| panic!("{}: bad FEN {fen}: {e}", V::NAME))
}

/// A game of `V` from the position of `fen`; panics on a bad FEN.
pub fn game_from<V: Variant>(fen: &str) -> Game<V> {
    Game::from_position(pos::<V>(fen))
}

/// The square named `text` in `V`; panics on a bad name.
pub fn sq<V: Variant>(text: &str) -> Square {
    V::parse_square(text).unwrap_or_else(|| panic!("{}: bad square {text}", V::NAME))
}

/// The texts of `items`, sorted.
pub fn sort_texts<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `list` as owned strings, sorted (expected move and square lists).
pub fn sorted(list: &[&str]) -> Vec<String> {
    sort_texts(list)
}

/// Sorted move texts (the variant's own notation), distinct mode.
pub fn texts<V: Variant>(p: &Position<V>) -> Vec<String> {
    sort_texts(p.legal_moves().iter())
}

/// Sorted move texts counting every capture route.
pub fn route_texts<V: Variant>(p: &Position<V>) -> Vec<String> {
    sort_texts(p.legal_moves_in(MoveMode::Routes).iter())
}

/// Sorted algebraic move texts ([`alg`]), distinct mode.
pub fn alg_texts<V: Variant>(p: &Position<V>) -> Vec<String> {
    sort_texts(p.legal_moves().iter().map(alg))
}

/// Sorted texts (the variant's own notation) of the squares captured by a
/// move.
pub fn captured<V: Variant>(m: &Move<V>) -> Vec<String> {
    sort_texts(m.captured().iter().map(V::square_text))
}

/// Sorted algebraic names of the squares captured by a move.
pub fn captured_alg<V: Variant>(m: &Move<V>) -> Vec<String> {
    sort_texts(m.captured().iter().map(V::algebraic_name))
}

/// Every `.pdn` and `.phn` file under `dir`, depth first, in name order.
pub fn pdn_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pdn_files(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("pdn" | "phn")) {
            out.push(p);
        }
    }
}
