//! Perft from a variant's start position, nothing else: the program that
//! `scripts/callgrind_table.sh` runs under valgrind to measure instructions
//! per leaf (docs/speed.md). Prints the leaf count.
//!
//! ```text
//! cargo run --release --example perft_leaves -- frisian 7
//! cargo run --release --example perft_leaves -- turkish 6 routes
//! ```
use draughts::{AnyPosition, MoveMode, VariantKind};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_leaves <variant> <depth> [routes]";
    let [variant, depth, rest @ ..] = args.as_slice() else {
        return Err(usage.to_string());
    };
    let kind: VariantKind = variant.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("not a depth: {depth:?} ({usage})"))?;
    let mode = match rest {
        [] => MoveMode::Distinct,
        [r] if r == "routes" => MoveMode::Routes,
        _ => return Err(usage.to_string()),
    };
    println!("{}", AnyPosition::start(kind).perft(depth, mode));
    Ok(())
}
