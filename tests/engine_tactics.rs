//! Tactics: positions with a known winning shot (`tests/data/tactics.tsv`,
//! built by `examples/tactics_extract.rs` from problem collections and real
//! games; the Turkish ones are generated, see there), given to `hard` with a
//! node budget instead of its second.
//!
//! Each (variant, source) group is reported apart and has its own floor, set
//! just under the share measured (docs/engine.md, "Tactics"): published problems
//! (`problem ...` rows), shots from real games (`game ...` rows), and the
//! Turkish rows, which the engine's own depth-8 analysis produced
//! (`generated: ...`): those only show that `hard` still agrees with a deeper
//! search of its own, a regression check, not evidence of strength.
//!
//! A heavy test (about 45 s on 2 cores): `#[ignore]`d, so the quick
//! `cargo test --release` leaves it out; `bash .ci/heavy.sh` (run by CI)
//! runs it. `cargo test --release --test full_suite -- --ignored
//! engine_tactics:: --nocapture` prints the shares and every missed shot.
use draughts::engine::{Engine, Hooks, Level};
use draughts::{English, Game, International, Position, Russian, Turkish, Variant};

/// Node budget per position.
const NODES: u64 = 1_000_000;

/// The kind of source a row comes from: the first word of its source column.
fn source_kind(source: &str) -> &str {
    source
        .split([' ', ':'])
        .next()
        .filter(|k| ["problem", "game", "generated"].contains(k))
        .unwrap_or_else(|| panic!("unknown tactics source {source:?}"))
}

/// (solved, total, missed shots) for the rows of variant `V` from `kind`.
fn solve<V: Variant>(rows: &[Vec<&str>], kind: &str) -> (usize, usize, Vec<String>) {
    let mut engine = Engine::with_tt_mib(32);
    let spec = Level::Hard.spec().with_nodes(NODES);
    let (mut solved, mut total, mut missed) = (0, 0, Vec::new());
    for row in rows
        .iter()
        .filter(|r| r[0] == V::NAME && source_kind(r[3]) == kind)
    {
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
#[ignore = "heavy (about 45 s): .ci/heavy.sh runs it"]
fn hard_finds_the_shots() {
    let text = include_str!("data/tactics.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    // Every row belongs to exactly one group below.
    for r in &rows {
        source_kind(r[3]);
    }
    // (variant, source, result, floor): each floor just under the share
    // measured at the commit docs/engine.md names.
    let results = [
        ("english", "problem", solve::<English>(&rows, "problem"), 16),
        ("english", "game", solve::<English>(&rows, "game"), 13),
        (
            "international",
            "problem",
            solve::<International>(&rows, "problem"),
            14,
        ),
        (
            "international",
            "game",
            solve::<International>(&rows, "game"),
            18,
        ),
        ("russian", "game", solve::<Russian>(&rows, "game"), 17),
        (
            "turkish",
            "generated",
            solve::<Turkish>(&rows, "generated"),
            11,
        ),
    ];
    assert_eq!(
        results.iter().map(|r| r.2 .1).sum::<usize>(),
        rows.len(),
        "rows outside the groups"
    );
    let mut failed = Vec::new();
    for (name, kind, (solved, total, missed), floor) in &results {
        println!("{name} {kind}: {solved}/{total} solved with {NODES} nodes each (floor {floor})");
        for m in missed {
            println!("  missed: {m}");
        }
        assert!(*total > 0, "{name} {kind}: no positions");
        if solved < floor {
            failed.push(format!("{name} {kind}: {solved}/{total} below {floor}"));
        }
    }
    assert!(failed.is_empty(), "{failed:?}");
}
