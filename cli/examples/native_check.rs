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
//!   with `error: <message>`;
//! * `selfplay <variant> <fen or -> <level> <seed> <nodes or -> <plies>` →
//!   the moves one engine (16 MiB table) plays against itself at the level
//!   (with `nodes`: the level's time limit replaced by that node budget),
//!   space-separated;
//! * `search <variant> <fen or -> <depth or -> <nodes or ->` → the best move,
//!   the score's text, the depth, the nodes and the principal variation,
//!   tab-separated, of a fresh engine's search;
//! * `draw <variant> <fen or -> <white|black>` → `accept` or `decline`: a
//!   fresh engine's answer to a draw offered by that side.
//!
//! Run: `cargo run --release -p draughts-cli --example native_check`.

use std::io::{self, BufRead, Write};

use draughts::engine::{Engine, Hooks, Level, Limits};
use draughts::{
    house_rules, Color, Game, MoveMode, Position, Variant, VariantKind, VariantVisitor,
};

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

fn start<V: Variant>(fen: Option<&str>) -> Result<Game<V>, String> {
    Ok(Game::from_position(match fen {
        None => Position::<V>::start(),
        Some(f) => Position::<V>::from_fen(f).map_err(|e| e.to_string())?,
    }))
}

struct SelfPlay<'a> {
    fen: Option<&'a str>,
    level: Level,
    seed: u64,
    nodes: Option<u64>,
    plies: usize,
}

impl VariantVisitor for SelfPlay<'_> {
    type Output = Result<String, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let mut game = start::<V>(self.fen)?;
        let spec = match self.nodes {
            Some(n) => self.level.spec().with_nodes(n),
            None => self.level.spec(),
        };
        let mut engine = Engine::with_tt_mib(16);
        let mut out = Vec::new();
        for _ in 0..self.plies {
            let Some(mv) = engine.play(&game, &spec, self.seed, Hooks::default()) else {
                break;
            };
            out.push(mv.to_string());
            game.play(&mv).map_err(|e| e.to_string())?;
        }
        Ok(out.join(" "))
    }
}

struct Search<'a> {
    fen: Option<&'a str>,
    limits: Limits,
}

impl VariantVisitor for Search<'_> {
    type Output = Result<String, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let game = start::<V>(self.fen)?;
        let r = Engine::with_tt_mib(16).search(&game, &self.limits, Hooks::default());
        let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
        Ok(format!(
            "{}\t{}\t{}\t{}\t{}",
            r.best.map_or("-".to_string(), |m| m.to_string()),
            r.score,
            r.depth,
            r.nodes,
            pv.join(" ")
        ))
    }
}

struct Draw<'a> {
    fen: Option<&'a str>,
    by: Color,
}

impl VariantVisitor for Draw<'_> {
    type Output = Result<String, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let game = start::<V>(self.fen)?;
        let yes = Engine::with_tt_mib(16).accepts_draw(&game, self.by, Hooks::default());
        Ok(if yes { "accept" } else { "decline" }.to_string())
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
        ["selfplay", variant, f, level, seed, nodes, plies] => {
            let level = level.parse::<Level>().map_err(|e| e.to_string())?;
            let seed = seed.parse().map_err(|_| format!("bad seed {seed}"))?;
            let nodes = number(nodes)?;
            let plies = plies.parse().map_err(|_| format!("bad plies {plies}"))?;
            let f = SelfPlay {
                fen: fen(f),
                level,
                seed,
                nodes,
                plies,
            };
            with_variant(variant, f)?
        }
        ["search", variant, f, depth, nodes] => {
            let limits = Limits {
                depth: number(depth)?.map(|d| d as u32),
                nodes: number(nodes)?,
                ..Limits::default()
            };
            with_variant(
                variant,
                Search {
                    fen: fen(f),
                    limits,
                },
            )?
        }
        ["draw", variant, f, by] => {
            let by = match *by {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return Err(format!("bad colour {by}")),
            };
            with_variant(variant, Draw { fen: fen(f), by })?
        }
        _ => Err(format!("bad request: {line}")),
    }
}

/// A number, or `None` for `-`.
fn number(text: &str) -> Result<Option<u64>, String> {
    if text == "-" {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| format!("bad number {text}"))
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
