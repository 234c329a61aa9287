//! Tactics: positions with a known winning shot (`tests/data/tactics.tsv`,
//! built by `examples/tactics_extract.rs` from problem collections and real
//! games; the Turkish ones are generated, see there), given to `hard` with a
//! node budget instead of its second.
//!
//! The share solved is printed (`cargo test --release --test engine_tactics
//! -- --nocapture`) and must not fall below the floor set from the
//! measurement, per variant.
use draughts::engine::{Engine, Hooks, Level};
use draughts::{English, Game, International, Position, Russian, Turkish, Variant};

/// Node budget per position.
const NODES: u64 = 1_000_000;

/// (solved, total, unsolved sources) for the rows of variant `V`.
fn solve<V: Variant>(rows: &[Vec<&str>]) -> (usize, usize, Vec<String>) {
    let mut engine = Engine::with_tt_mib(32);
    let spec = Level::Hard.spec().with_nodes(NODES);
    let (mut solved, mut total, mut missed) = (0, 0, Vec::new());
    for row in rows.iter().filter(|r| r[0] == V::NAME) {
        let pos = Position::<V>::from_fen(row[1]).unwrap_or_else(|e| panic!("{}: {e}", row[1]));
        let solution = pos
            .parse_move(row[2])
            .unwrap_or_else(|e| panic!("{}: {e}", row[2]));
        engine.clear();
        let mv = engine
            .play(&Game::from_position(pos), &spec, 0, Hooks::default())
            .expect("a position with a move");
        total += 1;
        if mv == solution {
            solved += 1;
        } else {
            missed.push(format!(
                "{} ({}: played {mv}, shot {solution})",
                row[3], row[1]
            ));
        }
    }
    (solved, total, missed)
}

#[test]
fn hard_finds_the_shots() {
    let text = include_str!("data/tactics.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let results = [
        ("english", solve::<English>(&rows), 0.6),
        ("international", solve::<International>(&rows), 0.5),
        ("russian", solve::<Russian>(&rows), 0.6),
        ("turkish", solve::<Turkish>(&rows), 0.6),
    ];
    let mut failed = Vec::new();
    for (name, (solved, total, missed), floor) in &results {
        println!("{name}: {solved}/{total} solved with {NODES} nodes each");
        for m in missed {
            println!("  missed: {m}");
        }
        assert!(*total > 0, "{name}: no positions");
        if (*solved as f64) < floor * *total as f64 {
            failed.push(format!("{name}: {solved}/{total} below {floor}"));
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}
