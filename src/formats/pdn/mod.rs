//! PDN: reading and writing game records (Portable Draughts Notation).
//!
//! The library does no I/O: [`parse_pdn`] reads PDN text (`&str`) into
//! [`PdnGame`]s (tags and move text), and [`read_games`] also replays each game
//! with the rules of its variant, reporting an illegal move with the game's
//! index, the move number and the text, then going on with the next game.
//! [`write_pdn`] writes a [`Game`](crate::Game) as PDN.
//!
//! [`parse_pdn_tree`] reads the same text as analysts write it, into
//! [`GameTree`]s: the main line with its variations (nested), each move with
//! its comments and NAGs; a tree is written back with its
//! [`Display`](core::fmt::Display), and a file round-trips (read, write,
//! read gives the same tree).
//!
//! # What the reader accepts
//! * Tag pairs `[Name "value"]` (with `\"` and `\\` escapes and extra spaces),
//!   `GameType` with or without its numbering fields (`20` or
//!   `20,W,10,10,N2,0`; the number selects the variant), `FEN` start positions.
//! * Move numbers (`12.`, `12...`, zero-padded `01.`), moves written as one
//!   capture (`28x19x10`, `28x10`, `c3:e5`, Russian short notation `ed4`) or
//!   split into several jumps by the same side (`57. f4xd2 e1xc3 58. c3xe5`),
//!   spaces after a separator (`47x 9`), move-strength marks (`!?`), NAGs (`$3`).
//! * Comments `{...}` (kept with the move before them) and `%` line comments
//!   (skipped); variations `( ... )`, nested or not, are **skipped** by
//!   [`parse_pdn`]: only the main line is kept and replayed
//!   ([`parse_pdn_tree`] keeps them).
//! * Results `2-0 1-1 0-2 1-0 0-1 1/2-1/2 *` and the colon forms `0:1`,
//!   `1/2:1/2`, `2:0`, `1:1`, `0:2`. A game ends at its result or where the next
//!   game's tags begin.

//!
//! The module's files: `game` ([`PdnGame`], [`PdnMove`]), `error`
//! ([`PdnError`]), `parse` (the lexer and [`parse_pdn`]), `replay` (replaying
//! a record with its variant's rules: [`read_games`], [`replay_as`]),
//! `write` ([`write_pdn`]) and `tree` (games with their variations).

mod error;
mod game;
mod parse;
mod replay;
mod tree;
mod write;

pub use error::{PdnError, PdnErrorKind};
pub use game::{PdnGame, PdnMove};
pub use parse::parse_pdn;
use parse::{Lexer, Token};
pub use replay::{builtin, replay_as, CUSTOM_VARIANT};
#[cfg(feature = "dynamic")]
pub use replay::{read_games, replay};
pub use tree::{parse_pdn_tree, Branch, GameTree, LineError, LinePath, PdnLine, PdnNode};
use write::escape;
pub use write::write_pdn;
