//! The `draughts` command line. Each subcommand lives in its own module; this
//! file only parses the command line and dispatches.
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

mod analyse;
mod board;
mod common;
mod count;
mod dxp;
mod egdb;
mod external;
mod hub;
mod learn;
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
    /// Play International draughts with another program over DXP (TCP).
    Dxp(dxp::Args),
    /// Play engine levels against each other (the level ladder).
    Match(matches::Args),
    /// Check PDN files: replay every game, one line per game that fails.
    Replay(replay::Args),
    /// Play a game in the terminal.
    Play(play::Args),
    /// Endgame databases: build, probe and verify (any variant).
    Egdb(egdb::Args),
    /// The learned evaluation's pipeline: self-play games, fit, weights.
    Learn(learn::Args),
}

/// A command-line error from clap as one line, `draughts: <message>`: the
/// message and clap's tip, if any, without the usage block (`--help` shows
/// that). Help and version requests are printed as clap prints them.
fn parse_error(e: &clap::Error) -> Option<String> {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return None;
    }
    let text = e.to_string();
    let mut parts: Vec<String> = Vec::new();
    // Clap's text is blocks separated by blank lines: the message (its
    // first block), tips, `Usage: ...` and `For more information ...`.
    for (i, block) in text.split("\n\n").enumerate() {
        let block = block.trim();
        if block.starts_with("Usage:") || block.starts_with("For more information") {
            continue;
        }
        if i == 0 || block.starts_with("tip:") {
            let words: Vec<&str> = block.split_whitespace().collect();
            parts.push(words.join(" "));
        }
    }
    let mut message = parts.join("; ");
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // Clap would print the whole help; one line names what is missing.
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|n| n != "help")
            .collect();
        message = format!("a command is required: {}", names.join(", "));
    }
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let words: Vec<String> = std::env::args().skip(1).collect();
    let path = command_path(&Cli::command(), &words);
    Some(format!("draughts: {message} (see `{path} --help`)"))
}

/// `draughts perft split` for `words` = `perft split -v english ...`: the
/// command line up to the deepest subcommand it names.
fn command_path(root: &clap::Command, words: &[String]) -> String {
    let mut path = vec!["draughts".to_string()];
    let mut at = root;
    for w in words {
        // Other words are flags, their values, or an unknown command.
        if let Some(sub) = at.find_subcommand(w) {
            path.push(sub.get_name().to_string());
            at = sub;
        }
    }
    path.join(" ")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match parse_error(&e) {
            None => e.exit(),
            Some(line) => {
                eprintln!("{line}");
                return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
            }
        },
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Divide(args) => perft::divide(args),
        Command::Moves(args) => moves::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Hub(args) => hub::run(args),
        Command::Match(args) => matches::run(args),
        Command::Dxp(args) => dxp::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Play(args) => play::run(args),
        Command::Egdb(args) => egdb::run(args),
        Command::Learn(args) => learn::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("draughts: {message}");
            ExitCode::from(2)
        }
    }
}
