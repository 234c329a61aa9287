//! `draughts perft` and `draughts divide`: leaf counts of the legal-move tree.
//!
//! Each depth prints `d=<depth> nodes=<count> time=<seconds> nps=<nodes/s>`
//! (scripts read these lines); `divide` first prints `<move> <count>` per root
//! move. `--json` prints one JSON document instead. The `split`, `unit` and
//! `merge` subcommands of `perft` count one tree on many machines (see
//! [`crate::split`]).
use std::process::ExitCode;

use draughts::{Mode, MoveMode, Variant};

use crate::common::{
    check_depth, mode_name, outln, parse_depth, position, with_variant, PositionArgs,
};
use crate::count::{self, nps, CountArgs};
use crate::split;

/// Arguments of `draughts perft`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<split::Command>,
    #[command(flatten)]
    run: RunArgs,
}

/// The counting options of `perft` and `divide`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Variant: english, italian, spanish, russian, brazilian, pool, czech,
    /// thai, international, canadian, turkish, frisian, frysk, antidraughts,
    /// breakthrough, killer; or a house rule: spanish-site, brazilian-site,
    /// english-site, russian-site, italian-site, thai-site, english-50,
    /// english-40.
    #[arg(long, short, required = true)]
    variant: Option<Mode>,
    /// Start from this FEN (`W:W31-50:B1-20`) instead of the start position;
    /// `start` names the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Count every capture route instead of distinct moves.
    #[arg(long)]
    routes: bool,
    /// Depth: `N` counts depths 1 to N, `A..B` depths A to B (inclusive).
    #[arg(long, short, value_parser = parse_depths, required = true)]
    depth: Option<Depths>,
    /// Count depth N only (the last depth of `--depth`).
    #[arg(long)]
    only: bool,
    #[command(flatten)]
    counting: CountArgs,
    /// Print one JSON document instead of text lines.
    #[arg(long)]
    json: bool,
}

/// Arguments of `draughts divide`.
#[derive(clap::Args)]
pub struct DivideArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth below the root (0 counts the root alone: no root moves, 1 node).
    #[arg(long, short, value_parser = parse_depth)]
    depth: u32,
    #[command(flatten)]
    counting: CountArgs,
    /// Print one JSON document instead of text lines.
    #[arg(long)]
    json: bool,
}

/// An inclusive range of depths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depths {
    first: u32,
    last: u32,
}

/// Reads `N` (1..=N) or `A..B` (A..=B).
fn parse_depths(text: &str) -> Result<Depths, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` is not a depth"))
    };
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        None => (1.min(number(text)?), number(text)?),
    };
    if first > last {
        return Err(format!("empty depth range `{text}`"));
    }
    check_depth(last).map_err(|e| e.to_string())?;
    Ok(Depths { first, last })
}

/// Runs `perft` or one of its subcommands.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(command) = args.command {
        return split::run(command);
    }
    let run = args.run;
    // Required by clap unless a subcommand is given.
    let (Some(variant), Some(depth)) = (run.variant, run.depth) else {
        return Err("perft needs --variant and --depth (see --help)".into());
    };
    let mode = if run.routes {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    with_variant!(variant, perft_depths(run.fen.as_deref(), mode, depth, &run))
}

fn perft_depths<V: Variant>(
    fen: Option<&str>,
    mode: MoveMode,
    depth: Depths,
    args: &RunArgs,
) -> Result<ExitCode, String> {
    let pos = position::<V>(fen)?;
    let first = if args.only { depth.last } else { depth.first };
    let mut rows = Vec::new();
    for d in first..=depth.last {
        let c = count::count(&pos, d, mode, args.counting.options());
        let nps = nps(c.nodes, c.seconds);
        if args.json {
            rows.push(serde_json::json!({
                "depth": d, "nodes": c.nodes, "seconds": c.seconds, "nps": nps,
            }));
        } else {
            outln!("d={d} nodes={} time={:.3} nps={nps}", c.nodes, c.seconds);
        }
    }
    if args.json {
        let doc = serde_json::json!({
            "variant": V::NAME,
            "fen": pos.to_fen(),
            "mode": mode_name(mode),
            "threads": args.counting.threads,
            "hash_mib": args.counting.hash,
            "perft": rows,
        });
        outln!("{doc}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `divide`.
pub fn divide(args: DivideArgs) -> Result<ExitCode, String> {
    let p = &args.position;
    with_variant!(p.variant, divide_at(p.fen.as_deref(), p.mode(), &args))
}

fn divide_at<V: Variant>(
    fen: Option<&str>,
    mode: MoveMode,
    args: &DivideArgs,
) -> Result<ExitCode, String> {
    let pos = position::<V>(fen)?;
    // Depth 0 is the root alone: perft(0) = 1 and no move is played below
    // it, so there is nothing to divide.
    let moves = if args.depth == 0 {
        Vec::new()
    } else {
        pos.legal_moves_in(mode).to_vec()
    };
    let c = count::count(&pos, args.depth, mode, args.counting.options());
    let counts = c.per_root;
    let nodes = c.nodes;
    let nps = nps(nodes, c.seconds);
    if args.json {
        let list: Vec<_> = moves
            .iter()
            .zip(&counts)
            .map(|(m, n)| serde_json::json!({ "move": m.to_string(), "nodes": n }))
            .collect();
        let doc = serde_json::json!({
            "variant": V::NAME,
            "fen": pos.to_fen(),
            "mode": mode_name(mode),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": c.seconds,
            "nps": nps,
            "moves": list,
        });
        outln!("{doc}");
    } else {
        for (m, n) in moves.iter().zip(&counts) {
            outln!("{m} {n}");
        }
        outln!(
            "d={} nodes={nodes} time={:.3} nps={nps}",
            args.depth,
            c.seconds
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_one_to_n_or_a_range() {
        assert_eq!(parse_depths("7"), Ok(Depths { first: 1, last: 7 }));
        assert_eq!(parse_depths("0"), Ok(Depths { first: 0, last: 0 }));
        assert_eq!(parse_depths("5..8"), Ok(Depths { first: 5, last: 8 }));
        assert_eq!(parse_depths("5..=8"), Ok(Depths { first: 5, last: 8 }));
        assert!(parse_depths("8..5").is_err());
        assert!(parse_depths("x").is_err());
        assert!(parse_depths("-1").is_err());
        assert!(parse_depths("64").is_ok());
        assert_eq!(
            parse_depths("65"),
            Err(crate::common::DepthTooDeep { depth: 65 }.to_string())
        );
    }
}
