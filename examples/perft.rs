//! Perft from the command line.
//!
//! ```text
//! cargo run --release --example perft -- --variant <name> --depth <N> [--fen "<FEN>"] [--routes] [--divide] [--only] [--threads <N>] [--hash <MiB>]
//! ```
//!
//! Prints `d=<depth> nodes=<count> time=<seconds> nps=<nodes per second>` for
//! each depth 1..N (only N with `--only`). `--divide` first prints
//! `<move> <count>` for every root move at depth N. Errors go to stderr as one
//! line, with exit status 2. `--threads N` splits the tree across N threads;
//! `--hash MiB` uses a transposition table (single thread); both give the
//! same counts as plain perft.

use std::process::ExitCode;
use std::time::Instant;

use draughts::{AnyPosition, MoveMode, VariantKind};

struct Args {
    kind: VariantKind,
    depth: u32,
    fen: Option<String>,
    mode: MoveMode,
    divide: bool,
    only: bool,
    threads: usize,
    hash: Option<usize>,
}

const USAGE: &str =
    "usage: perft --variant <name> --depth <N> [--fen \"<FEN>\"] [--routes] [--divide] [--only]";

fn parse_args() -> Result<Args, String> {
    let mut kind = None;
    let mut depth = None;
    let mut fen = None;
    let mut mode = MoveMode::Distinct;
    let mut divide = false;
    let mut only = false;
    let mut threads = 1;
    let mut hash = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--variant" => {
                kind = Some(
                    value("--variant")?
                        .parse::<VariantKind>()
                        .map_err(|e| e.to_string())?,
                )
            }
            "--depth" => {
                let v = value("--depth")?;
                depth = Some(
                    v.parse::<u32>()
                        .map_err(|_| format!("--depth: `{v}` is not a number"))?,
                );
            }
            "--fen" => fen = Some(value("--fen")?),
            "--routes" => mode = MoveMode::Routes,
            "--divide" => divide = true,
            "--only" => only = true,
            "--threads" => {
                let v = value("--threads")?;
                threads = v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("--threads: `{v}` is not a positive number"))?;
            }
            "--hash" => {
                let v = value("--hash")?;
                hash = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| format!("--hash: `{v}` is not a positive number of MiB"))?,
                );
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`; {USAGE}")),
        }
    }
    let kind = kind.ok_or_else(|| format!("--variant is required; {USAGE}"))?;
    let depth = depth.ok_or_else(|| format!("--depth is required; {USAGE}"))?;
    Ok(Args {
        kind,
        depth,
        fen,
        mode,
        divide,
        only,
        threads,
        hash,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let pos = match &args.fen {
        None => AnyPosition::start(args.kind),
        Some(fen) if fen == "initial" || fen == "start" => AnyPosition::start(args.kind),
        Some(fen) => match AnyPosition::from_fen(args.kind, fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("perft: bad FEN `{fen}`: {e}");
                return ExitCode::from(2);
            }
        },
    };
    if args.divide {
        for (mv, n) in pos.divide(args.depth, args.mode) {
            println!("{mv} {n}");
        }
    }
    let first = if args.only { args.depth.max(1) } else { 1 };
    for d in first..=args.depth {
        let t = Instant::now();
        let nodes = match args.hash {
            Some(mib) => pos.perft_hashed(d, args.mode, mib),
            None => pos.perft_parallel(d, args.mode, args.threads),
        };
        let secs = t.elapsed().as_secs_f64();
        let nps = if secs > 0.0 {
            (nodes as f64 / secs) as u64
        } else {
            0
        };
        println!("d={d} nodes={nodes} time={secs:.3} nps={nps}");
    }
    ExitCode::SUCCESS
}
