//! The `draughts` command line. Each subcommand lives in its own module; this
//! file only parses the command line and dispatches.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[macro_use]
mod dispatch;
mod analyse;
mod hub;
mod matches;
mod moves;

/// Draughts/checkers on the command line: every variant of the `draughts` library.
#[derive(Parser)]
#[command(name = "draughts", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the legal moves of a position in the variant's notation.
    Moves(moves::Args),
    /// Search a position: progress, best move, or every move's score.
    Analyse(analyse::Args),
    /// Run the engine over the Hub protocol on standard input/output.
    Hub(hub::Args),
    /// Play engine levels against each other (the level ladder).
    Match(matches::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(args) => moves::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Hub(args) => hub::run(args),
        Command::Match(args) => matches::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("draughts: {message}");
            ExitCode::from(2)
        }
    }
}
