//! Replays PDN files: `cargo run --release --example replay -- [--variant <name>] <file.pdn>...`
//!
//! Prints `<path> games=<n> ok=<n> failed=<n>` per file, then one line per
//! failed game: `  game <index> (line <line>): <reason>`. Games without a
//! GameType tag are played as `--variant`, or else as the variant named by a
//! directory in the path (`.../russian/...`). Exit status 0 when every file
//! could be read, 2 for an unreadable file or bad arguments.

use std::process::ExitCode;

use draughts::pdn::{parse_pdn, replay};
use draughts::VariantKind;

fn main() -> ExitCode {
    let mut default = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--variant" => match args.next().map(|v| v.parse::<VariantKind>()) {
                Some(Ok(k)) => default = Some(k),
                Some(Err(e)) => {
                    eprintln!("replay: {e}");
                    return ExitCode::from(2);
                }
                None => {
                    eprintln!("replay: --variant needs a value");
                    return ExitCode::from(2);
                }
            },
            s if s.starts_with("--") => {
                eprintln!(
                    "replay: unknown option `{s}`; usage: replay [--variant <name>] <file.pdn>..."
                );
                return ExitCode::from(2);
            }
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!("replay: no files; usage: replay [--variant <name>] <file.pdn>...");
        return ExitCode::from(2);
    }
    let mut status = ExitCode::SUCCESS;
    for path in files {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("replay: {path}: {e}");
                status = ExitCode::from(2);
                continue;
            }
        };
        // Latin-1 files: their non-ASCII bytes only occur in tags and comments.
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
        };
        let guess = default.or_else(|| {
            std::path::Path::new(&path)
                .components()
                .filter_map(|c| c.as_os_str().to_str()?.parse::<VariantKind>().ok())
                .next_back()
        });
        let games = parse_pdn(&text);
        let mut failures = Vec::new();
        let mut ok = 0;
        for (i, g) in games.iter().enumerate() {
            let result = match g {
                Ok(g) => replay(g, guess)
                    .map(|_| ())
                    .map_err(|e| format!("game {} (line {}): {e}", i + 1, g.line)),
                Err(e) => Err(e.to_string()),
            };
            match result {
                Ok(()) => ok += 1,
                Err(e) => failures.push(e),
            }
        }
        println!(
            "{path} games={} ok={ok} failed={}",
            games.len(),
            failures.len()
        );
        for f in failures {
            println!("  {f}");
        }
    }
    status
}
