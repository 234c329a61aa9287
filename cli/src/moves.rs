//! `draughts moves`: the legal moves of a position, one per line.
use draughts::{AnyGame, AnyPosition, MoveMode, VariantKind};
use std::process::ExitCode;

use crate::common::outln;

/// Arguments of `draughts moves`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant name (english, international, russian, ...).
    #[arg(long, short)]
    variant: VariantKind,
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
    let pos = match &args.fen {
        Some(fen) => {
            AnyPosition::from_fen(args.variant, fen).map_err(|e| format!("bad FEN: {e}"))?
        }
        None => AnyPosition::start(args.variant),
    };
    let mode = if args.routes {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    let list: Vec<String> = if args.short {
        pos.legal_moves_short_text()
    } else {
        pos.divide(0, mode).into_iter().map(|(m, _)| m).collect()
    };
    for m in &list {
        outln!("{m}");
    }
    if list.is_empty() {
        eprintln!("{}", no_moves_line(&pos));
    }
    Ok(ExitCode::SUCCESS)
}

/// The line for a position without legal moves.
fn no_moves_line(pos: &AnyPosition) -> String {
    let side = pos.turn();
    match AnyGame::from_position(*pos).outcome() {
        Some(o) => format!("draughts: {side} has no legal moves: the game is over ({o})"),
        None => format!("draughts: {side} has no legal moves"),
    }
}
