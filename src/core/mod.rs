//! The rules core: boards, variants, positions, moves, move generation and
//! perft.

pub(crate) mod movegen;
pub mod variant;
