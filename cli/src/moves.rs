//! `draughts moves`: the legal moves of a position, one per line.
use draughts::dynamic::{self, DynPosition};
use draughts::{Mode, MoveMode};
use std::process::ExitCode;

use crate::common::outln;

/// Arguments of `draughts moves`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant or mode name (english, international, russian, spanish-site, ...).
    #[arg(long, short)]
    variant: Mode,
    /// Position in FEN; the variant's start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// List every capture route instead of distinct moves.
    #[arg(long, conflicts_with = "short")]
    routes: bool,
    /// Write each move in the shortest unambiguous notation (`28x8` rather
    /// than the full path `28x19x8`).
    #[arg(long)]
    short: bool,
}

/// Prints the moves; an error is one line for `main` to print. A position
/// without moves prints nothing on stdout (scripts read one move a line) and
/// says so on stderr, with the game's result when that ends the game.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let name = args.variant.name();
    let pos = match &args.fen {
        Some(fen) => dynamic::position_from_fen(name, fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => dynamic::new_position(name).map_err(|e| e.to_string())?,
    };
    let mode = if args.routes {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    let list: Vec<String> = if args.short {
        pos.legal_moves()
            .into_iter()
            .map(|m| m.short_text)
            .collect()
    } else {
        pos.divide(0, mode).into_iter().map(|(m, _)| m).collect()
    };
    for m in &list {
        outln!("{m}");
    }
    if list.is_empty() {
        eprintln!("{}", no_moves_line(&*pos));
    }
    Ok(ExitCode::SUCCESS)
}

/// The line for a position without legal moves.
fn no_moves_line(pos: &dyn DynPosition) -> String {
    let side = pos.turn();
    match pos.outcome() {
        Some(o) => format!("draughts: {side} has no legal moves: the game is over ({o})"),
        None => format!("draughts: {side} has no legal moves"),
    }
}
