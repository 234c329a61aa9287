//! The `draughts` command line. Each subcommand lives in its own module; this
//! file only parses the command line and dispatches.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod analyse;
mod board;
mod common;
mod count;
mod hub;
mod matches;
mod moves;
mod perft;
mod play;
mod progress;
mod replay;
mod split;

/// Draughts/checkers on the command line: every variant of the `draughts` library.
#[derive(Parser)]
#[command(name = "draughts", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the move tree (perft) at depths 1..N; with
    /// `split`, `unit` and `merge`, count one tree on many machines.
    Perft(perft::Args),
    /// Perft per root move: each legal move with its count at a depth.
    Divide(perft::DivideArgs),
    /// List the legal moves of a position in the variant's notation.
    Moves(moves::Args),
    /// Search a position: progress, best move, or every move's score.
    Analyse(analyse::Args),
    /// Run the engine over the Hub protocol on standard input/output.
    Hub(hub::Args),
    /// Play engine levels against each other (the level ladder).
    Match(matches::Args),
    /// Check PDN files: replay every game, one line per game that fails.
    Replay(replay::Args),
    /// Play a game in the terminal.
    Play(play::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Divide(args) => perft::divide(args),
        Command::Moves(args) => moves::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Hub(args) => hub::run(args),
        Command::Match(args) => matches::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Play(args) => play::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("draughts: {message}");
            ExitCode::from(2)
        }
    }
}
