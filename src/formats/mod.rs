//! Text and picture formats over the core and the game: FEN, move text
//! (notation), PDN, the DXP protocol's messages and SVG pictures.

#[cfg(feature = "dxp")]
pub mod dxp;
mod fen;
pub mod notation;
pub mod pdn;
#[cfg(feature = "svg")]
pub mod svg;
