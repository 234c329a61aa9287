//! `draughts learn`: the learned pattern evaluation's pipeline (a
//! developer tool; see docs/learning.md).
//!
//! * `selfplay`: games of the engine against itself from a ballot, their
//!   quiet positions appended to a sample file (resumable: the games the
//!   file holds are not played again).
//! * `fit`: a logistic fit of the pattern weights to a sample file, the
//!   loss on training and held-out positions per epoch, and the weights
//!   file with the commit and command that made it.
use std::collections::HashSet;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use draughts::ballots;
use draughts::engine::eval::learn::{
    fit, games_in, read_samples, self_play, FitOptions, SelfPlayOptions,
};
use draughts::engine::eval::{learned_weights, set_learned};
use draughts::engine::{Engine, Hooks, Limits, NoClock};
use draughts::{Game, Mode, Variant};

use crate::common::outln;

/// Arguments of `draughts learn`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Self-play games from a ballot; their quiet positions are appended
    /// to a sample file.
    Selfplay(SelfPlayArgs),
    /// Fit the pattern weights to a sample file and write the weights file.
    Fit(FitArgs),
    /// Nodes per second and time to a depth, with the hand-set and the
    /// learned evaluation, over a ballot's openings.
    Bench(BenchArgs),
}

/// Arguments of `draughts learn bench`.
#[derive(clap::Args)]
struct BenchArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: String,
    /// Ballot file of the positions (one FEN or move list a line).
    #[arg(long)]
    ballots: String,
    /// Positions: the ballot's first N openings.
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// The depth each search goes to.
    #[arg(long, default_value_t = 10)]
    depth: u32,
}

/// Arguments of `draughts learn selfplay`.
#[derive(clap::Args)]
struct SelfPlayArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: String,
    /// Games to play (numbered from 0; those the file holds are skipped).
    #[arg(long, short, default_value_t = 1000)]
    games: u32,
    /// Threads.
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
    /// Seed of the games' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Node budget per move.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Plies after the opening played at random among near-best moves.
    #[arg(long, default_value_t = 16)]
    random_plies: u32,
    /// Margin of those choices, in hundredths of a man.
    #[arg(long, default_value_t = 25)]
    margin: i32,
    /// Plies after which a game ends as a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Search with the learned evaluation (the embedded weights, or those
    /// of the file `DRAUGHTS_PATTERN_WEIGHTS` names) instead of the
    /// hand-set one.
    #[arg(long)]
    learned: bool,
    /// Ballot file of the openings (one FEN or move list a line).
    #[arg(long)]
    ballots: String,
    /// The sample file (appended to).
    #[arg(long)]
    out: String,
}

/// Arguments of `draughts learn fit`.
#[derive(clap::Args)]
struct FitArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: String,
    /// Sample files (from `learn selfplay`).
    #[arg(long = "in", required = true)]
    inputs: Vec<String>,
    /// The weights file to write.
    #[arg(long)]
    out: String,
    /// Epochs.
    #[arg(long, default_value_t = 12)]
    epochs: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.002)]
    rate: f32,
    /// The share of the target from the game's result (the rest from the
    /// search's score).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Hundredths of a man per logistic unit of the search's scores.
    #[arg(long, default_value_t = 150.0)]
    score_scale: f32,
    /// Hold out every game whose number is 0 modulo this.
    #[arg(long, default_value_t = 10)]
    holdout: u32,
    /// L2 weight decay of the pattern weights (larger: smaller weights,
    /// less fitting to the training games' accidents).
    #[arg(long, default_value_t = 1e-6)]
    decay: f32,
}

/// Runs `draughts learn`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    match args.command {
        Command::Selfplay(a) => {
            let mode: Mode = a.variant.parse().map_err(|e| format!("{e}"))?;
            crate::common::with_variant!(mode, selfplay(&a))
        }
        Command::Fit(a) => {
            let mode: Mode = a.variant.parse().map_err(|e| format!("{e}"))?;
            crate::common::with_variant!(mode, fit_file(&a))
        }
        Command::Bench(a) => {
            let mode: Mode = a.variant.parse().map_err(|e| format!("{e}"))?;
            crate::common::with_variant!(mode, bench(&a))
        }
    }
}

/// The openings of a ballot file as games of `V`.
fn openings<V: Variant>(path: &str) -> Result<Vec<Game<V>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("ballot file {path}: {e}"))?;
    let openings: Vec<Game<V>> = ballots::parse(&text)
        .iter()
        .map(|o| {
            o.typed::<V>()
                .map_err(|e| format!("ballot file {path}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    if openings.is_empty() {
        return Err(format!("ballot file {path}: no opening"));
    }
    Ok(openings)
}

fn bench<V: Variant>(a: &BenchArgs) -> Result<ExitCode, String> {
    let Some(weights) = learned_weights::<V>() else {
        return Err(format!("no learned weights for {}", V::NAME));
    };
    for line in weights.header() {
        eprintln!("weights: {line}");
    }
    let games: Vec<Game<V>> = openings::<V>(&a.ballots)?
        .into_iter()
        .take(a.positions.max(1))
        .collect();
    // [hand, learned]: nodes, seconds.
    let mut total = [(0u64, 0f64); 2];
    for g in &games {
        // Alternated, so that a change in the machine's load falls on both.
        for (k, on) in [(0usize, false), (1, true)] {
            set_learned(on);
            let mut engine = Engine::new();
            let started = Instant::now();
            let r = engine.search(g, &Limits::depth(a.depth), Hooks::with_clock(&NoClock));
            total[k].0 += r.nodes;
            total[k].1 += started.elapsed().as_secs_f64();
        }
    }
    set_learned(false);
    outln!(
        "| evaluation | positions | depth | nodes | seconds | nodes/s | time to depth (mean s) |"
    );
    outln!("|---|---|---|---|---|---|---|");
    for (name, (nodes, secs)) in ["hand-set", "learned"].iter().zip(total) {
        outln!(
            "| {name} | {} | {} | {nodes} | {secs:.2} | {:.0} | {:.3} |",
            games.len(),
            a.depth,
            nodes as f64 / secs.max(1e-9),
            secs / games.len() as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn selfplay<V: Variant>(a: &SelfPlayArgs) -> Result<ExitCode, String> {
    if a.learned && learned_weights::<V>().is_none() {
        return Err(format!("--learned: no learned weights for {}", V::NAME));
    }
    let openings = openings::<V>(&a.ballots)?;
    let done: HashSet<u32> = match std::fs::read_to_string(&a.out) {
        Ok(t) => games_in(&t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => HashSet::new(),
        Err(e) => return Err(format!("{}: {e}", a.out)),
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
        .map_err(|e| format!("{}: {e}", a.out))?;
    let file = Mutex::new(file);
    let opts = SelfPlayOptions {
        games: a.games,
        threads: a.threads,
        seed: a.seed,
        nodes: a.nodes,
        random_plies: a.random_plies,
        margin: a.margin,
        max_plies: a.max_plies,
        learned: a.learned,
    };
    let todo = (0..a.games).filter(|g| !done.contains(g)).count();
    eprintln!(
        "{} games in {} already; {todo} to play on {} threads",
        done.len(),
        a.out,
        a.threads
    );
    let started = Instant::now();
    let count = AtomicU32::new(0);
    let failed = Mutex::new(None);
    let sink = |_: u32, lines: &str| {
        if let Ok(mut f) = file.lock() {
            if let Err(e) = f.write_all(lines.as_bytes()).and_then(|()| f.flush()) {
                *failed.lock().expect("the error slot") = Some(e.to_string());
            }
        }
        let n = count.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(20) || n as usize == todo {
            let s = started.elapsed().as_secs_f64();
            eprintln!(
                "{n}/{todo} games, {:.1} s, {:.2} games/s",
                s,
                f64::from(n) / s.max(1e-9)
            );
        }
    };
    let played = self_play(&openings, &opts, &done, &sink);
    if let Some(e) = failed.into_inner().ok().flatten() {
        return Err(format!("{}: {e}", a.out));
    }
    outln!(
        "{played} games played in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn fit_file<V: Variant>(a: &FitArgs) -> Result<ExitCode, String> {
    let mut samples = Vec::new();
    for path in &a.inputs {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let (s, bad) = read_samples::<V>(&text);
        eprintln!("{path}: {} positions, {bad} lines skipped", s.len());
        samples.extend(s);
    }
    if samples.is_empty() {
        return Err("no positions to fit".into());
    }
    let games: HashSet<u32> = samples.iter().map(|s| s.game).collect();
    let opts = FitOptions {
        epochs: a.epochs,
        rate: a.rate,
        lambda: a.lambda,
        score_scale: a.score_scale,
        holdout: a.holdout,
        decay: a.decay,
    };
    let started = Instant::now();
    let (mut weights, losses) = fit(&samples, &opts, &mut |e| {
        outln!(
            "epoch {:2}: loss train {:.5} held-out {:.5} ({:.0} s)",
            e.epoch,
            e.train,
            e.held_out,
            started.elapsed().as_secs_f64()
        );
    });
    let best = losses
        .iter()
        .min_by(|x, y| x.held_out.total_cmp(&y.held_out))
        .copied();
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut header = vec![
        format!("variant {}", V::NAME),
        format!("commit {commit}"),
        format!("command draughts {}", command.join(" ")),
        format!(
            "data {} positions of {} games (each also colour-flipped)",
            samples.len(),
            games.len()
        ),
    ];
    if let Some(b) = best {
        header.push(format!(
            "kept epoch {} of {}: loss train {:.5} held-out {:.5}",
            b.epoch,
            losses.len(),
            b.train,
            b.held_out
        ));
    }
    weights.set_header(header);
    std::fs::write(&a.out, weights.to_bytes()).map_err(|e| format!("{}: {e}", a.out))?;
    outln!("wrote {}", a.out);
    Ok(ExitCode::SUCCESS)
}
