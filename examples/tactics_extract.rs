//! Builds `tests/data/tactics.tsv`, the tactics positions that the engine
//! test `tests/engine_tactics.rs` gives to `hard`.
//!
//! Two kinds of source, both game records (the PDN collections described in
//! the project's games README; pass their directory as the argument):
//! * problem collections whose records start from a `[FEN]` with the
//!   solution as the main line: the position and the first move;
//! * real games: every "shot" played in them, a quiet move that gives a
//!   piece (the opponent must capture), answered by a capture of two or
//!   more pieces, and that wins material once the exchanges are over.
//!
//! * Turkish has no such collection among the records (one 19-ply game), so
//!   its positions are *generated*: positions after seeded random openings
//!   where a depth-8 analysis finds a quiet sacrifice (the opponent must
//!   capture) that is the only move winning at least 1.2 men more than every
//!   other move (and at least a man in all). They test the search against itself at a greater
//!   depth, not against published solutions, and are labelled so.
//!
//! ```text
//! cargo run --release --example tactics_extract -- /path/to/games > tests/data/tactics.tsv
//! ```
use draughts::engine::{Engine, Hooks, Limits};
use draughts::pdn::{parse_pdn, replay_as};
use draughts::{Color, English, Game, International, Position, Russian, Turkish, Variant};

fn material<V: Variant>(pos: &Position<V>, side: Color) -> i32 {
    let value = |c: Color| pos.men(c).len() as i32 * 2 + pos.kings(c).len() as i32 * 5;
    value(side) - value(side.opponent())
}

/// The first shot of a game: (ply index, gain in half-men).
fn shot<V: Variant>(game: &Game<V>) -> Option<usize> {
    let (pos, moves) = (game.positions(), game.moves());
    for i in 0..moves.len().saturating_sub(3) {
        let p = &pos[i];
        if p.has_captures() || moves[i].is_capture() || p.legal_moves().len() < 2 {
            continue;
        }
        if !pos[i + 1].has_captures() || moves[i + 2].captured().len() < 2 {
            continue;
        }
        // Material once the position is quiet again (at most 8 plies on).
        let side = p.turn();
        let quiet = (i + 3..pos.len().min(i + 9)).find(|&j| !pos[j].has_captures())?;
        if material(&pos[quiet], side) - material(p, side) >= 2 {
            return Some(i);
        }
    }
    None
}

fn from_games<V: Variant>(dir: &str, file: &str, max: usize) {
    let text = std::fs::read(format!("{dir}/{file}")).expect("a games file");
    let text = String::from_utf8_lossy(&text);
    let mut n = 0;
    for (k, g) in parse_pdn(&text).into_iter().enumerate() {
        let Ok(g) = g else { continue };
        if g.tag("FEN").is_some() {
            continue;
        }
        let Ok(game) = replay_as::<V>(&g) else {
            continue;
        };
        if let Some(i) = shot(&game) {
            let who = format!(
                "{} - {}, {}",
                g.tag("White").unwrap_or("?"),
                g.tag("Black").unwrap_or("?"),
                g.tag("Event").unwrap_or("?")
            );
            println!(
                "{}\t{}\t{}\tgame {} of {file} ({}), ply {}",
                V::NAME,
                game.positions()[i].to_fen(),
                game.moves()[i],
                k + 1,
                who.replace('\t', " "),
                i + 1
            );
            n += 1;
            if n == max {
                break;
            }
        }
    }
}

fn problems<V: Variant>(dir: &str, file: &str, max: usize) {
    let text = std::fs::read(format!("{dir}/{file}")).expect("a problems file");
    let text = String::from_utf8_lossy(&text);
    let mut n = 0;
    for (k, g) in parse_pdn(&text).into_iter().enumerate() {
        let Ok(g) = g else { continue };
        if g.tag("FEN").is_none() {
            continue;
        }
        let Ok(game) = replay_as::<V>(&g) else {
            continue;
        };
        let Some(first) = game.moves().first() else {
            continue;
        };
        println!(
            "{}\t{}\t{}\tproblem {} of {file} ({})",
            V::NAME,
            game.start().to_fen(),
            first,
            k + 1,
            g.tag("Event").unwrap_or("?").trim().replace('\t', " ")
        );
        n += 1;
        if n == max {
            break;
        }
    }
}

fn generated<V: Variant>(max: usize) {
    let mut engine = Engine::with_tt_mib(16);
    let mut n = 0;
    for seed in 1..3000u64 {
        let mut game = Game::<V>::new();
        let mut r = seed;
        let plies = 10 + (seed % 50) as usize;
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[((r >> 33) % moves.len() as u64) as usize].clone();
            game.play(&m).unwrap();
        }
        let pos = *game.position();
        if game.outcome().is_some() || pos.has_captures() {
            continue;
        }
        let alone = Game::from_position(pos);
        let a = engine.analyse(&alone, &Limits::depth(8), Hooks::default());
        let [(best, s1), (_, s2), ..] = &a.moves[..] else {
            continue;
        };
        if best.is_capture() || !pos.play(best).has_captures() {
            continue;
        }
        if s1.centimen() >= 100 && s1.centimen() - s2.centimen() >= 120 {
            println!(
                "{}\t{}\t{}\tgenerated: seed {seed}, {plies} random plies, depth-8 analysis {} vs next best {}",
                V::NAME,
                pos.to_fen(),
                best,
                s1,
                s2
            );
            n += 1;
            if n == max {
                break;
            }
        }
    }
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/work/shared/games".into());
    println!("variant\tfen\tsolution\tsource");
    problems::<English>(&dir, "english/wiegerw_pdn/Tricks_traps_and_shots.pdn", 20);
    from_games::<English>(&dir, "english/eygilbert_CheckerBoard/tinsley.pdn", 15);
    problems::<International>(&dir, "international/wiegerw_pdn/Cat.B1.pdn", 15);
    from_games::<International>(&dir, "international/mig0_Games-Checkers/wk2003.pdn", 20);
    from_games::<Russian>(&dir, "russian/mig0_Games-Checkers/abatsiev.pdn", 20);
    generated::<Turkish>(12);
}
