//! Perft against published counts (tests/data/reference.tsv, copied from the
//! project's reference table: variant, mode, FEN or `initial`, depth, nodes, source).
//!
//! Rows with at most 20 million nodes run in `cargo test --release`; the rest
//! run with `cargo test --release -- --ignored`. CI runs a rotating share of
//! the large rows (`reference_perft_large_share`, `DRAUGHTS_PERFT_SHARE=i/k`:
//! the large rows up to `SHARE_CAP` nodes whose position among them is `i`
//! modulo `k`; the larger rows run only with `--ignored`).

use draughts::{perft_hashed, with_position, AnyPosition, MoveMode, VariantKind};

const LIMIT: u64 = 20_000_000;
/// The largest row a share includes (80 of the 98 large rows are below it).
const SHARE_CAP: u64 = 2_000_000_000;

struct Row {
    line: usize,
    variant: String,
    mode: MoveMode,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    let text = include_str!("data/reference.tsv");
    text.lines()
        .enumerate()
        .skip(1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert!(f.len() >= 5, "line {}: {l}", i + 1);
            Row {
                line: i + 1,
                variant: f[0].to_string(),
                mode: match f[1] {
                    "distinct" => MoveMode::Distinct,
                    "routes" => MoveMode::Routes,
                    m => panic!("line {}: unknown mode {m}", i + 1),
                },
                fen: f[2].to_string(),
                depth: f[3].parse().unwrap(),
                nodes: f[4].parse().unwrap(),
            }
        })
        .collect()
}

/// How a row is counted.
#[derive(Clone, Copy)]
enum Counting {
    Plain,
    Parallel(usize),
    Hashed(usize),
}

/// Runs every supported row selected by `pick`; returns the number run.
fn run(pick: impl Fn(&Row) -> bool) -> usize {
    run_with(pick, Counting::Plain)
}

fn run_with(pick: impl Fn(&Row) -> bool, counting: Counting) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for row in rows().iter().filter(|r| pick(r)) {
        let kind: VariantKind = row
            .variant
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        let pos = if row.fen == "initial" {
            AnyPosition::start(kind)
        } else {
            AnyPosition::from_fen(kind, &row.fen)
                .unwrap_or_else(|e| panic!("line {}: bad FEN {}: {e}", row.line, row.fen))
        };
        let got = match counting {
            Counting::Plain => pos.perft(row.depth, row.mode),
            Counting::Parallel(threads) => pos.perft_parallel(row.depth, row.mode, threads),
            Counting::Hashed(mib) => {
                with_position!(&pos, p => perft_hashed(p, row.depth, row.mode, mib))
            }
        };
        count += 1;
        if got != row.nodes {
            failures.push(format!(
                "line {}: {} {:?} {} depth {}: expected {}, got {}",
                row.line, row.variant, row.mode, row.fen, row.depth, row.nodes, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    count
}

#[test]
fn reference_perft_up_to_20_million() {
    let n = run(|r| r.nodes <= LIMIT);
    assert!(n > 200, "only {n} rows ran");
}

/// Parallel perft (3 threads) and hash-table perft (a deliberately small
/// table, so that entries are overwritten and slots collide) give the
/// published counts.
#[test]
fn parallel_and_hashed_perft_match_reference() {
    assert!(run_with(|r| r.nodes <= 2_000_000, Counting::Parallel(3)) > 150);
    assert!(run_with(|r| r.nodes <= 2_000_000, Counting::Hashed(1)) > 150);
}

#[test]
#[ignore = "large counts; run with --ignored in release mode"]
fn reference_perft_large() {
    run(|r| r.nodes > LIMIT);
}

#[test]
fn reference_table_variants_are_known() {
    let unknown: std::collections::BTreeSet<String> = rows()
        .iter()
        .filter(|r| r.variant.parse::<VariantKind>().is_err())
        .map(|r| r.variant.clone())
        .collect();
    assert!(unknown.is_empty(), "unsupported variants: {unknown:?}");
}

/// `i/k` from `DRAUGHTS_PERFT_SHARE` (CI sets it from the day of the year, so
/// every large row runs within `k` days); unset, no share is selected.
fn share() -> Option<(usize, usize)> {
    let text = std::env::var("DRAUGHTS_PERFT_SHARE").ok()?;
    let (i, k) = text
        .split_once('/')
        .and_then(|(i, k)| Some((i.parse().ok()?, k.parse().ok()?)))
        .filter(|&(i, k): &(usize, usize)| k > 0 && i < k)
        .unwrap_or_else(|| panic!("DRAUGHTS_PERFT_SHARE={text}: expected i/k with i < k"));
    Some((i, k))
}

/// The large rows up to `SHARE_CAP` whose index among them is `i` modulo `k`,
/// each against its published count.
#[test]
#[ignore = "large counts; CI runs it with DRAUGHTS_PERFT_SHARE=i/k"]
fn reference_perft_large_share() {
    let Some((i, k)) = share() else {
        // `cargo test --release -- --ignored` without a share: every large
        // row is counted by `reference_perft_large` in the same run.
        println!("DRAUGHTS_PERFT_SHARE unset: no share (reference_perft_large counts every row)");
        return;
    };
    let large: Vec<usize> = rows()
        .iter()
        .filter(|r| r.nodes > LIMIT && r.nodes <= SHARE_CAP)
        .map(|r| r.line)
        .collect();
    let chosen: Vec<usize> = large.iter().copied().skip(i).step_by(k).collect();
    assert!(!chosen.is_empty(), "share {i}/{k} selects no row");
    let n = run(|r| chosen.contains(&r.line));
    assert_eq!(n, chosen.len());
    println!(
        "share {i}/{k}: rows {chosen:?} of {} large rows",
        large.len()
    );
}

/// Antidraughts and Breakthrough only change how a game is won, so their
/// perft is International's on every International row (up to 2 million
/// nodes), in both modes; Killer's is the same from the start position,
/// where no king can capture a king within the table's depths.
#[test]
fn international_rule_variants_have_international_perft() {
    let mut checked = 0;
    for row in rows()
        .iter()
        .filter(|r| r.variant == "international" && r.nodes <= 2_000_000)
    {
        let mut kinds = vec![VariantKind::Antidraughts, VariantKind::Breakthrough];
        if row.fen == "initial" {
            kinds.push(VariantKind::Killer);
        }
        for kind in kinds {
            let pos = if row.fen == "initial" {
                AnyPosition::start(kind)
            } else {
                AnyPosition::from_fen(kind, &row.fen).unwrap()
            };
            assert_eq!(
                pos.perft(row.depth, row.mode),
                row.nodes,
                "{kind} line {}: {} depth {}",
                row.line,
                row.fen,
                row.depth
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} rows checked");
}

/// Killer differs from International where a king's capture ends on a king:
/// dctl's Random178 position (Black kings on 17 and 24 among White men and a
/// White king on 31) has the same counts to depth 3 and fewer from depth 4
/// (5,165 Killer against 5,432 International, both in the table), because a
/// king that takes a king last must stop directly behind it.
#[test]
fn killer_differs_from_international_where_a_king_takes_a_king() {
    let fen = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    let killer = AnyPosition::from_fen(VariantKind::Killer, fen).unwrap();
    let international = AnyPosition::from_fen(VariantKind::International, fen).unwrap();
    for depth in 1..=3 {
        assert_eq!(
            killer.perft(depth, MoveMode::Distinct),
            international.perft(depth, MoveMode::Distinct)
        );
    }
    assert_eq!(killer.perft(4, MoveMode::Distinct), 5165);
    assert_eq!(international.perft(4, MoveMode::Distinct), 5432);
}
