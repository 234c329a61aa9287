//! `draughts moves`: the legal moves of a position, one per line.
use draughts::{AnyPosition, MoveMode, VariantKind};
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

/// Prints the moves; an error is one line for `main` to print.
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
    if args.short {
        for m in pos.legal_moves_short_text() {
            outln!("{m}");
        }
    } else {
        for (m, _) in pos.divide(0, mode) {
            outln!("{m}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
