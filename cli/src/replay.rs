//! `draughts replay`: plays every game of PDN files through the rules.
//!
//! Every line of a game is played: the main line and each variation (nested
//! ones too), from the position before the move it replaces; `--main-line`
//! plays the main line only. Prints `<path> games=<n> ok=<n> failed=<n>` per
//! file and one line per game that fails,
//! `<path>: game <index> (line <line>): <reason>`, the reason of a variation
//! starting with its path (`variation 2 at 12... (inside variation 1 at
//! 9.): move 13 ...`). Exit status 1 when any game fails, 2 when a file
//! cannot be read.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::common::outln;

use draughts::pdn::{parse_pdn, parse_pdn_tree, replay};
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
    /// Play the main line of each game only, not its variations.
    #[arg(long)]
    main_line: bool,
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

/// Replays the games of one PDN text: every line of each game (the main
/// line, then its variations, depth first), or only the main line.
pub fn replay_text(text: &str, default: Option<VariantKind>, main_line: bool) -> Report {
    if main_line {
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
        return Report {
            games: games.len(),
            failures,
        };
    }
    let trees = parse_pdn_tree(text);
    let failures = trees
        .iter()
        .enumerate()
        .filter_map(|(i, t)| match t {
            // The main line's error as `--main-line` words it; a
            // variation's after its path.
            Ok(t) => t.replay_lines(default).err().map(|e| {
                let why = if e.path.is_main_line() {
                    e.error.to_string()
                } else {
                    e.to_string()
                };
                format!("game {} (line {}): {why}", i + 1, t.line)
            }),
            Err(e) => Some(e.to_string()),
        })
        .collect();
    Report {
        games: trees.len(),
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
        let report = replay_text(text, guess, args.main_line);
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
        let r = replay_text(text, None, false);
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
            replay_text(text, Some(VariantKind::International), false).failures,
            Vec::<String>::new()
        );
        let r = replay_text(text, None, false);
        assert!(
            r.failures[0].contains("no GameType tag"),
            "{:?}",
            r.failures
        );
    }

    #[test]
    fn a_bad_variation_fails_its_game_unless_only_the_main_line_is_played() {
        let text = "[GameType \"20\"]\n1. 32-28 19-23 (1... 18-24) 2. 28x19 14x23 *\n";
        let r = replay_text(text, None, false);
        assert_eq!(r.games, 1);
        assert!(
            r.failures.len() == 1
                && r.failures[0]
                    .starts_with("game 1 (line 1): variation 1 at 1...: move 1... `18-24`"),
            "{:?}",
            r.failures
        );
        assert_eq!(replay_text(text, None, true).failures, Vec::<String>::new());
    }

    #[test]
    fn a_syntax_error_of_the_tree_is_a_failed_game() {
        // A variation before any move: the tree reader refuses it.
        let r = replay_text("[GameType \"20\"]\n(1. 33-29) 1. 32-28 *\n", None, false);
        assert_eq!(r.games, 1);
        assert!(
            r.failures[0].contains("a variation `(` before any move"),
            "{:?}",
            r.failures
        );
    }
}
