//! `draughts analyse`: search a position and print the search's progress,
//! the best move, and (with `--all`) the score of every legal move.
use draughts::engine::{self, Engine, Hooks, Info, Level, Limits, NoClock};
use draughts::{Game, Mode, Move, Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `draughts analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant or house-rule mode (english, international, russian,
    /// spanish-site, ...).
    #[arg(long, short)]
    variant: Mode,
    /// Position in FEN; the variant's start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from that position first (space-separated move text).
    #[arg(long, default_value = "")]
    moves: String,
    /// Plies the `medium` level plays (from the position and moves) before
    /// the analysis, to reach a middle game (seeded by `--seed`).
    #[arg(long, default_value_t = 0)]
    plies: usize,
    /// Seed for `--plies`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Maximum depth in plies.
    #[arg(long, short)]
    depth: Option<u32>,
    /// Maximum number of nodes.
    #[arg(long, short)]
    nodes: Option<u64>,
    /// Time in milliseconds (1000 when no limit is given).
    #[arg(long, short)]
    time: Option<u64>,
    /// Print the score of every legal move (each searched with a full window).
    #[arg(long)]
    all: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt: usize,
    /// Endgame database: a directory of the variant's slice files
    /// (`draughts egdb build`), read at start.
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
}

fn analyse<V: Variant>(args: &Args) -> Result<(), String> {
    let start = match &args.fen {
        Some(fen) => Position::<V>::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::start(),
    };
    let mut game = Game::from_position(start);
    for text in args.moves.split_whitespace() {
        game.play_text(text)
            .map_err(|e| format!("move {text}: {e}"))?;
    }
    for _ in 0..args.plies {
        match engine::best_move(&game, Level::Medium, args.seed, &NoClock) {
            Some(m) => game.play(&m).map_err(|e| e.to_string())?,
            None => break,
        }
    }
    if args.plies > 0 {
        println!("position {}", game.position().to_fen());
    }
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        move_time_ms: args.time,
        ..Limits::default()
    };
    if limits == Limits::default() {
        limits.move_time_ms = Some(1000);
    }
    let epoch = Instant::now();
    let clock = move || epoch.elapsed().as_millis() as u64;
    let mut engine = Engine::with_tt_mib(args.tt);
    engine.set_egdb(crate::egdb::load_option::<V>(args.egdb.as_deref())?);
    let mut print = |i: &Info<'_, Move<V>>| {
        let pv: Vec<String> = i.pv.iter().map(ToString::to_string).collect();
        println!(
            "depth {:>2} seldepth {:>2} score {:>8} nodes {:>10} time {:>6} ms nps {:>9} pv {}",
            i.depth,
            i.seldepth,
            i.score.to_string(),
            i.nodes,
            i.time_ms,
            i.nps,
            pv.join(" ")
        );
    };
    let hooks = Hooks {
        clock: &clock,
        stop: None,
        info: Some(&mut print),
    };
    if args.all {
        let a = engine.analyse(&game, &limits, hooks);
        println!("depth {} nodes {}", a.depth, a.nodes);
        for (m, s) in a.moves {
            println!("{:<24} {s}", m.to_string());
        }
    } else {
        let r = engine.search(&game, &limits, hooks);
        match r.best {
            Some(m) => println!(
                "best {m} score {} depth {} nodes {} time {} ms",
                r.score, r.depth, r.nodes, r.time_ms
            ),
            None => println!("no legal move"),
        }
    }
    Ok(())
}

/// Runs the analysis; an error is one line for `main` to print.
pub fn run(args: Args) -> Result<ExitCode, String> {
    crate::common::with_variant!(args.variant, analyse(&args))?;
    Ok(ExitCode::SUCCESS)
}
