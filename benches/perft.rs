//! Benchmarks: start-position perft, move generation in capture-heavy
//! middlegames, and FEN reading and writing.
//!
//! ```text
//! cargo bench --bench perft            # full run, under two minutes
//! cargo bench --bench perft -- --quick # a fast sanity run
//! cargo bench --bench perft -- movegen # one group
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use draughts::{
    perft, perft_in, Canadian, English, International, Italian, MoveMode, Position, Russian,
    Turkish, Variant,
};

/// International middlegame, crowded centre (quiet moves for White).
const INTERNATIONAL_MIDDLE: &str =
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
/// International: two black kings against many men (long king captures).
const INTERNATIONAL_KINGS: &str = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
/// Italian: kings on both sides (quiet moves for White).
const ITALIAN_KINGS: &str = "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4";
/// Russian: flying king for Black among many white men.
const RUSSIAN_KING: &str = "B:W12,17,19,23,25,27,29:B1,3,4,7,8,10,11,K13,14";

fn parse<V: Variant>(fen: &str) -> Position<V> {
    Position::<V>::from_fen(fen).unwrap_or_else(|e| panic!("bench FEN {fen:?}: {e}"))
}

/// Perft from the start position; the node count is checked once before timing.
fn bench_perft_one<V: Variant>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    depth: u32,
    mode: MoveMode,
) {
    let pos = Position::<V>::start();
    let nodes = perft_in(&pos, depth, mode);
    c.throughput(Throughput::Elements(nodes));
    c.bench_function(BenchmarkId::new(name, depth), |b| {
        b.iter(|| perft_in(black_box(&pos), black_box(depth), mode))
    });
}

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    bench_perft_one::<English>(&mut g, "english", 7, MoveMode::Distinct);
    bench_perft_one::<International>(&mut g, "international", 6, MoveMode::Distinct);
    bench_perft_one::<Russian>(&mut g, "russian_distinct", 7, MoveMode::Distinct);
    bench_perft_one::<Russian>(&mut g, "russian_routes", 7, MoveMode::Routes);
    bench_perft_one::<Canadian>(&mut g, "canadian", 5, MoveMode::Distinct);
    bench_perft_one::<Turkish>(&mut g, "turkish", 6, MoveMode::Distinct);
    g.finish();

    // `perft` is the distinct-mode shorthand; keep it exercised too.
    let pos = Position::<English>::start();
    assert_eq!(perft(&pos, 7), perft_in(&pos, 7, MoveMode::Distinct));
}

fn bench_movegen_one<V: Variant>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    fen: &str,
) {
    let pos = parse::<V>(fen);
    assert!(
        !pos.legal_moves().is_empty(),
        "movegen bench {name}: no legal moves in {fen}"
    );
    c.bench_function(name, |b| b.iter(|| black_box(&pos).legal_moves()));
}

fn bench_movegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen");
    g.sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    bench_movegen_one::<International>(&mut g, "international_middle", INTERNATIONAL_MIDDLE);
    bench_movegen_one::<International>(&mut g, "international_kings", INTERNATIONAL_KINGS);
    bench_movegen_one::<Italian>(&mut g, "italian_kings", ITALIAN_KINGS);
    bench_movegen_one::<Russian>(&mut g, "russian_king", RUSSIAN_KING);
    bench_movegen_one::<Russian>(
        &mut g,
        "russian_start",
        &Position::<Russian>::start().to_fen(),
    );
    g.finish();
}

fn bench_fen_one<V: Variant>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    fen: &str,
) {
    let pos = parse::<V>(fen);
    assert_eq!(parse::<V>(&pos.to_fen()), pos, "FEN round trip for {name}");
    c.bench_function(BenchmarkId::new("parse", name), |b| {
        b.iter(|| Position::<V>::from_fen(black_box(fen)))
    });
    c.bench_function(BenchmarkId::new("write", name), |b| {
        b.iter(|| black_box(&pos).to_fen())
    });
}

fn bench_fen(c: &mut Criterion) {
    let mut g = c.benchmark_group("fen");
    g.sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    bench_fen_one::<International>(&mut g, "international_middle", INTERNATIONAL_MIDDLE);
    bench_fen_one::<International>(&mut g, "international_kings", INTERNATIONAL_KINGS);
    bench_fen_one::<Italian>(&mut g, "italian_kings", ITALIAN_KINGS);
    bench_fen_one::<Russian>(&mut g, "russian_king", RUSSIAN_KING);
    bench_fen_one::<Russian>(&mut g, "russian_algebraic", "W:Wh6:Bg7,c5,d2");
    bench_fen_one::<International>(&mut g, "international_start", "W:W31-50:B1-20");
    g.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_fen);
criterion_main!(benches);
