//! The native side of the package's Node tests: the same questions answered
//! by the Rust library directly, to compare with the wasm build.
//!
//! Reads lines from standard input, one request each (tab-separated), and
//! prints one answer line per request:
//! * `perft <variant> <fen or -> <depth> <distinct|routes>` → the count;
//! * `fen <variant> <fen>` → the canonical FEN, or `error: <message>`;
//! * `game <variant> <fen or -> <move> <move> ...` → after each move the FEN,
//!   then the outcome (`-` while the game goes on), as
//!   `<fen1> <fen2> ... | <outcome>`; a move the game rejects ends the line
//!   with `error: <message>`.
//!
//! Run: `cargo run --release -p draughts-wasm --example native_check`.

use std::io::{self, BufRead, Write};

use draughts::{house_rules, Game, MoveMode, Position, Variant, VariantKind, VariantVisitor};

struct Perft<'a> {
    fen: Option<&'a str>,
    depth: u32,
    mode: MoveMode,
}

impl VariantVisitor for Perft<'_> {
    type Output = Result<u64, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let pos = match self.fen {
            None => Position::<V>::start(),
            Some(f) => Position::<V>::from_fen(f).map_err(|e| e.to_string())?,
        };
        Ok(draughts::perft_in(&pos, self.depth, self.mode))
    }
}

struct Fen<'a>(&'a str);

impl VariantVisitor for Fen<'_> {
    type Output = Result<String, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        Position::<V>::from_fen(self.0)
            .map(|p| p.to_fen())
            .map_err(|e| e.to_string())
    }
}

struct Replay<'a> {
    fen: Option<&'a str>,
    moves: &'a [&'a str],
}

impl VariantVisitor for Replay<'_> {
    type Output = Result<String, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let start = match self.fen {
            None => Position::<V>::start(),
            Some(f) => Position::<V>::from_fen(f).map_err(|e| e.to_string())?,
        };
        let mut game = Game::from_position(start);
        let mut out = Vec::new();
        for text in self.moves {
            match game.play_text(text) {
                Ok(_) => out.push(game.position().to_fen()),
                Err(e) => {
                    out.push(format!("error: {e}"));
                    return Ok(out.join("\t"));
                }
            }
        }
        let outcome = game.outcome().map_or("-".to_string(), |o| o.to_string());
        Ok(format!("{}\t|\t{outcome}", out.join("\t")))
    }
}

fn with_variant<F: VariantVisitor>(name: &str, f: F) -> Result<F::Output, String> {
    match name.parse::<VariantKind>() {
        Ok(kind) => Ok(kind.visit(f)),
        Err(e) => house_rules::visit(name, f).ok_or_else(|| e.to_string()),
    }
}

fn answer(line: &str) -> Result<String, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    fn fen(f: &str) -> Option<&str> {
        (f != "-").then_some(f)
    }
    match fields.as_slice() {
        ["perft", variant, f, depth, mode] => {
            let mode = match *mode {
                "routes" => MoveMode::Routes,
                _ => MoveMode::Distinct,
            };
            let depth = depth.parse().map_err(|_| format!("bad depth {depth}"))?;
            let f = Perft {
                fen: fen(f),
                depth,
                mode,
            };
            with_variant(variant, f)?.map(|n| n.to_string())
        }
        ["fen", variant, f] => with_variant(variant, Fen(f))?,
        ["game", variant, f, moves @ ..] => with_variant(variant, Replay { fen: fen(f), moves })?,
        _ => Err(format!("bad request: {line}")),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("standard input");
        if line.trim().is_empty() {
            continue;
        }
        let reply = answer(&line).unwrap_or_else(|e| format!("error: {e}"));
        writeln!(out, "{reply}").expect("standard output");
    }
}
