//! `draughts replay`: plays every game of PDN files through the rules.
//!
//! Prints `<path> games=<n> ok=<n> failed=<n>` per file and one line per game
//! that fails, `<path>: game <index> (line <line>): <reason>`. Exit status 1
//! when any game fails, 2 when a file cannot be read.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::common::outln;

use draughts::pdn::{parse_pdn, replay};
use draughts::VariantKind;

/// Arguments of `draughts replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The variant of games without a GameType tag (default: a directory
    /// of the path named after a variant, as in `games/russian/x.pdn`).
    #[arg(long, short)]
    variant: Option<VariantKind>,
    /// Print only the failing games, not the per-file summary.
    #[arg(long, short)]
    quiet: bool,
    /// PDN files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// The outcome of replaying one file.
#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    /// Games read.
    pub games: usize,
    /// One line per failed game: `game <index> (line <line>): <reason>`.
    pub failures: Vec<String>,
}

/// Replays the games of one PDN text.
pub fn replay_text(text: &str, default: Option<VariantKind>) -> Report {
    let games = parse_pdn(text);
    let failures = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| match g {
            Ok(g) => replay(g, default)
                .err()
                .map(|e| format!("game {} (line {}): {e}", i + 1, g.line)),
            Err(e) => Some(e.to_string()),
        })
        .collect();
    Report {
        games: games.len(),
        failures,
    }
}

/// Reads a file as UTF-8, or as Latin-1 when it is not (old PDN files).
fn read(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    })
}

/// Runs `replay`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    // Read every file first: an unreadable one is bad input (status 2).
    let texts: Vec<String> = args
        .files
        .iter()
        .map(|p| read(p))
        .collect::<Result<_, _>>()?;
    let mut failed = false;
    for (path, text) in args.files.iter().zip(&texts) {
        let guess = args.variant.or_else(|| {
            path.components()
                .filter_map(|c| c.as_os_str().to_str()?.parse::<VariantKind>().ok())
                .next_back()
        });
        let report = replay_text(text, guess);
        let path = path.display();
        if !args.quiet {
            outln!(
                "{path} games={} ok={} failed={}",
                report.games,
                report.games - report.failures.len(),
                report.failures.len()
            );
        }
        for f in &report.failures {
            outln!("{path}: {f}");
        }
        failed |= !report.failures.is_empty();
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_game_is_reported_with_its_index_line_and_reason() {
        let text = "[GameType \"21\"]\n1. 11-15 23-19 *\n\n[GameType \"21\"]\n1. 11-15 11-15 *\n";
        let r = replay_text(text, None);
        assert_eq!(r.games, 2);
        assert_eq!(r.failures.len(), 1);
        // The line is the library's `PdnGame::line` (which, for a game after
        // the first, is where the previous game ended).
        assert!(
            r.failures[0].starts_with("game 2 (line ")
                && r.failures[0]
                    .contains("): move 1... `11-15` (White): no legal move matches `11-15`"),
            "{}",
            r.failures[0]
        );
    }

    #[test]
    fn games_without_a_game_type_need_a_variant() {
        let text = "1. 32-28 19-23 *";
        assert_eq!(
            replay_text(text, Some(VariantKind::International)).failures,
            Vec::<String>::new()
        );
        let r = replay_text(text, None);
        assert!(
            r.failures[0].contains("no GameType tag"),
            "{:?}",
            r.failures
        );
    }
}
