//! The rules core: bit sets and board geometry, variants and their rules
//! (draw rules included), positions, moves, move generation, Zobrist keys
//! and perft. Everything else is built on it; it depends on nothing outside
//! it but the crate's error types and enum names.

pub mod bitboard;
pub mod draws;
pub mod geometry;
pub(crate) mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub(crate) mod sort;
pub mod squares;
pub mod variant;
pub mod zobrist;
