//! Lists the legal moves of a position: `moves <variant> "<FEN>" [--routes]`.
use draughts::{AnyPosition, MoveMode, VariantKind};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(kind), Some(fen)) = (args.first(), args.get(1)) else {
        eprintln!("usage: moves <variant> \"<FEN>\" [--routes]");
        return ExitCode::from(2);
    };
    let kind: VariantKind = match kind.parse() {
        Ok(k) => k,
        Err(e) => {
            eprintln!("moves: {e}");
            return ExitCode::from(2);
        }
    };
    let pos = match AnyPosition::from_fen(kind, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("moves: bad FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let mode = if args.iter().any(|a| a == "--routes") {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    for (m, _) in pos.divide(0, mode) {
        println!("{m}");
    }
    ExitCode::SUCCESS
}
