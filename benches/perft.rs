//! Criterion benchmarks (issue 6): perft, legal-move generation, move
//! counting, applying moves and FEN, for every built-in variant family.
//!
//! ```text
//! cargo bench --bench perft                  # everything, about three minutes
//! cargo bench --bench perft -- --quick       # a fast sanity run
//! cargo bench --bench perft -- movegen/      # one group
//! cargo bench --bench perft -- /international/  # one variant
//! ```
//!
//! Bench names are `<group>/<variant>/<position>[/...]`:
//!
//! | group | what one iteration does |
//! |---|---|
//! | `perft/<v>/start/d<N>` | `perft_in(start, N, Distinct)` (`.../routes`: `Routes` mode) |
//! | `movegen/<v>/<pos>` | `pos.legal_moves()` |
//! | `count_moves/<v>/<pos>` | `pos.count_moves(MoveMode::Distinct)` |
//! | `play/<v>/<pos>` | `pos.play(&m)` for every legal move `m` |
//! | `game/<v>/<pos>` | `Game::play(&m)` then `Game::undo()` for every legal move `m` |
//! | `fen/parse/<v>/<pos>`, `fen/write/<v>/<pos>` | `Position::from_fen`, `Position::to_fen` |
//!
//! Positions are `start`, `middle` (a quiet middle game), `king_endgame`
//! (only kings) and `king_captures` (a king with a long capture), plus
//! Italian `mixed_kings` (kings and men, from the reference table). Before
//! anything is timed each position is checked: perft counts against
//! tests/data/reference.tsv wherever the table has them, and the legal-move
//! count of every named position against the count recorded below, so a bench
//! never silently measures a wrong tree. The perft benches also check the
//! count on every iteration.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use draughts::{
    perft, perft_in, Brazilian, Canadian, Czech, English, Frisian, Game, International, Italian,
    Killer, MoveMode, Pool, Position, Russian, Spanish, Thai, Turkish, Variant,
};

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// The key of the start position, as in the reference table.
const START: &str = "initial";

// ---------------------------------------------------------------------------
// Reference table
// ---------------------------------------------------------------------------

/// One row of tests/data/reference.tsv.
struct RefRow {
    variant: &'static str,
    mode: MoveMode,
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

fn reference() -> &'static [RefRow] {
    static ROWS: OnceLock<Vec<RefRow>> = OnceLock::new();
    ROWS.get_or_init(|| {
        include_str!("../tests/data/reference.tsv")
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&'static str> = l.split('\t').collect();
                assert!(f.len() >= 5, "reference.tsv: short row {l:?}");
                RefRow {
                    variant: f[0],
                    mode: match f[1] {
                        "distinct" => MoveMode::Distinct,
                        "routes" => MoveMode::Routes,
                        m => panic!("reference.tsv: unknown mode {m:?}"),
                    },
                    fen: f[2],
                    depth: f[3].parse().expect("reference.tsv: depth"),
                    nodes: f[4].parse().expect("reference.tsv: nodes"),
                }
            })
            .collect()
    })
}

/// The published perft count for a variant, mode, position key and depth.
fn reference_nodes(variant: &str, mode: MoveMode, key: &str, depth: u32) -> Option<u64> {
    reference()
        .iter()
        .find(|r| r.variant == variant && r.mode == mode && r.fen == key && r.depth == depth)
        .map(|r| r.nodes)
}

/// Checks `pos` against every reference row for it with at most `limit`
/// nodes; returns how many rows were checked.
fn check_reference<V: Variant>(key: &str, pos: &Position<V>, limit: u64) -> usize {
    let mut checked = 0;
    for r in reference()
        .iter()
        .filter(|r| r.variant == V::NAME && r.fen == key && r.nodes <= limit)
    {
        let got = perft_in(pos, r.depth, r.mode);
        assert_eq!(
            got,
            r.nodes,
            "{} {:?} {key} perft({}) against reference.tsv",
            V::NAME,
            r.mode,
            r.depth
        );
        checked += 1;
    }
    checked
}

fn position<V: Variant>(key: &str) -> Position<V> {
    if key == START {
        Position::start()
    } else {
        Position::from_fen(key).unwrap_or_else(|e| panic!("{} bench FEN {key:?}: {e}", V::NAME))
    }
}

// ---------------------------------------------------------------------------
// Perft from the start position
// ---------------------------------------------------------------------------

/// Perft from the start position at a fixed depth. The count is taken from
/// the reference table, or from `own` where the table has no row (and then
/// must be given); it is asserted before timing and on every iteration.
fn bench_perft_start<V: Variant>(g: &mut Group<'_>, depth: u32, mode: MoveMode, own: Option<u64>) {
    let expected = reference_nodes(V::NAME, mode, START, depth)
        .or(own)
        .unwrap_or_else(|| panic!("no reference count for {} {mode:?} d{depth}", V::NAME));
    let pos = Position::<V>::start();
    assert_eq!(
        perft_in(&pos, depth, mode),
        expected,
        "{} {mode:?} start perft({depth})",
        V::NAME
    );
    let suffix = match mode {
        MoveMode::Distinct => "",
        MoveMode::Routes => "/routes",
    };
    g.throughput(Throughput::Elements(expected));
    g.bench_function(format!("{}/start/d{depth}{suffix}", V::NAME), |b| {
        b.iter(|| {
            let n = perft_in(black_box(&pos), black_box(depth), mode);
            assert_eq!(n, expected);
            n
        })
    });
}

fn bench_perft(c: &mut Criterion) {
    // Depths give roughly 2-15 ms per iteration on the development machine
    // (`cargo run --release -p draughts-cli -- perft --variant <v> --depth <N>`).
    let mut g = c.benchmark_group("perft");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(400))
        .measurement_time(Duration::from_millis(1500));
    use MoveMode::{Distinct, Routes};
    bench_perft_start::<English>(&mut g, 8, Distinct, None);
    bench_perft_start::<Italian>(&mut g, 8, Distinct, None);
    bench_perft_start::<Spanish>(&mut g, 8, Distinct, None);
    bench_perft_start::<Russian>(&mut g, 8, Distinct, None);
    bench_perft_start::<Brazilian>(&mut g, 8, Distinct, None);
    bench_perft_start::<Pool>(&mut g, 8, Distinct, None);
    bench_perft_start::<Czech>(&mut g, 8, Distinct, None);
    bench_perft_start::<Thai>(&mut g, 7, Distinct, None);
    bench_perft_start::<International>(&mut g, 7, Distinct, None);
    bench_perft_start::<Canadian>(&mut g, 6, Distinct, None);
    // The table has Turkish in routes mode only. Routes and distinct counts
    // first differ at depth 7 (10,782,382 routes against 10,782,308 distinct),
    // so the depth-6 routes count is also the distinct count.
    let turkish_d6 = reference_nodes(Turkish::NAME, Routes, START, 6);
    bench_perft_start::<Turkish>(&mut g, 6, Distinct, turkish_d6);
    bench_perft_start::<Turkish>(&mut g, 6, Routes, None);
    // An 8x8 flying-king variant in routes mode.
    bench_perft_start::<Russian>(&mut g, 8, Routes, None);
    // Frisian: eight capture directions and value precedence (the table
    // has both modes); Killer from the start is International's tree.
    bench_perft_start::<Frisian>(&mut g, 7, Distinct, None);
    bench_perft_start::<Frisian>(&mut g, 7, Routes, None);
    let international_d7 = reference_nodes(International::NAME, Distinct, START, 7);
    bench_perft_start::<Killer>(&mut g, 7, Distinct, international_d7);
    g.finish();

    // `perft` is the distinct-mode shorthand; keep it exercised too.
    let pos = Position::<English>::start();
    assert_eq!(perft(&pos, 6), perft_in(&pos, 6, Distinct));
}

// ---------------------------------------------------------------------------
// Named positions
// ---------------------------------------------------------------------------

/// A named bench position: its FEN (or [`START`]) and its number of legal
/// moves in distinct mode.
struct Named {
    name: &'static str,
    fen: &'static str,
    moves: u64,
}

const fn named(name: &'static str, fen: &'static str, moves: u64) -> Named {
    Named { name, fen, moves }
}

// Middle games are either from the reference table or reached from the start
// by legal moves (a seeded random walk that avoided giving captures). Move
// counts of positions outside the table were counted by the engine when the
// bench was written (the king endgames also by hand); table positions are
// further checked against their published perft counts.

const ENGLISH: &[Named] = &[
    named("start", START, 7),
    named(
        "middle",
        "B:W12,14,18,21-23,25-29,32:B1,3,5-9,11,13,15,19,20",
        6,
    ),
    named("king_endgame", "W:WK5,K10,K28:BK1,K19,K32", 6),
    // 1x10x19x26x17x10x3x12: seven men, crossing square 10 twice.
    named("king_captures", "W:WK1:B6-9,11,14,15,22,23", 2),
];

const ITALIAN: &[Named] = &[
    named("start", START, 7),
    // Ed Gilbert's Position1 (reference.tsv).
    named(
        "middle",
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        5,
    ),
    named("king_endgame", "W:WK5,K10,K28:BK1,K19,K32", 8),
    // Seven men, eight routes.
    named("king_captures", "W:WK11:B5-7,10,13-15,22,23", 2),
    // Ed Gilbert's Position3 (reference.tsv): kings and men on both sides,
    // where men may not capture kings.
    named(
        "mixed_kings",
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        13,
    ),
];

const RUSSIAN: &[Named] = &[
    named("start", START, 7),
    named(
        "middle",
        "W:Wa1,e1,b2,d2,f2,c3,e3,g3,d4,h4,c5:Ba5,e5,g5,b6,f6,h6,a7,c7,e7,g7,f8",
        5,
    ),
    named("king_endgame", "W:WKa1,Kc1,Ke1:BKd8", 21),
    named(
        "king_captures",
        "B:W12,17,19,23,25,27,29:B1,3,4,7,8,10,11,K13,14",
        2,
    ),
];

const BRAZILIAN: &[Named] = &[
    named("start", START, 7),
    named(
        "middle",
        "W:Wa1,e1,b2,d2,f2,c3,e3,g3,d4,h4,c5:Ba5,e5,g5,b6,f6,h6,a7,c7,e7,g7,f8",
        5,
    ),
    named("king_endgame", "W:WKa1,Kc1,Kg1:BKb8,Kh8", 20),
    // a1xc3xe1xh4xd8xb6xe3xh6xf8xa3: nine men.
    named("king_captures", "W:WKa1:Bb2,d2,g3,b4,d4,f4,f6,c7,g7", 1),
];

const THAI: &[Named] = &[
    named("start", START, 7),
    named("middle", "B:W4-7,10,14-16:B13,21-24,26,27,30", 9),
    named("king_endgame", "W:WKb2,Kd2:BKg7,Kh8", 16),
    named("king_captures", "W:WKb2:Bc3,e5,e7,b6,b4", 2),
];

const INTERNATIONAL: &[Named] = &[
    named("start", START, 9),
    // Woldouby, AllKings and Random178 (reference.tsv).
    named(
        "middle",
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        6,
    ),
    named(
        "king_endgame",
        "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:\
         BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
        17,
    ),
    // Fourteen men, 178 routes.
    named(
        "king_captures",
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        14,
    ),
];

const CANADIAN: &[Named] = &[
    named("start", START, 11),
    named(
        "middle",
        "W:W37,38,40,42-50,52,54,55,57,59-72:B1-9,11-18,20-25,27,29,31,33,34,36,39",
        12,
    ),
    named("king_endgame", "W:WK62,K67,K71:BK2,K7,K11", 35),
    // Sixteen men in one capture.
    named(
        "king_captures",
        "W:WK47:B8,14,15,17,23,25,26,35-38,45,48,51,62,63",
        8,
    ),
];

const TURKISH: &[Named] = &[
    named("start", START, 8),
    named(
        "middle",
        "W:Wa2,b2,c2,e2,g2,a3,b3,c3,d3,e3,f3,g3,h3,e4,f4,g4:\
         Ba5,b5,d5,g5,b6,c6,d6,e6,f6,g6,a7,c7,d7,f7,g7,h7",
        14,
    ),
    named("king_endgame", "W:WKa1,Kd4:BKh8,Ke6", 28),
    named("king_captures", "W:WKc1:Bc3,e5,g4,b3", 1),
];

const FRISIAN: &[Named] = &[
    named("start", START, 9),
    // Two kings each, nothing to capture.
    named("king_endgame", "W:WK50,K49:BK6,K2", 17),
    // The Black king takes five pieces (two kings, three men) along
    // diagonals, rows and columns: 17 distinct moves.
    named("king_captures", "B:W14,K20,25,K27,40:BK31", 17),
];

/// Parses and checks a named position: its move count, its reference perft
/// counts (up to a million nodes), and what its name promises.
fn checked<V: Variant>(n: &Named) -> Position<V> {
    let pos = position::<V>(n.fen);
    let what = format!("{}/{} ({})", V::NAME, n.name, n.fen);
    let moves = pos.legal_moves();
    assert_eq!(moves.len() as u64, n.moves, "{what}: legal moves");
    assert_eq!(
        pos.count_moves(MoveMode::Distinct),
        n.moves,
        "{what}: count"
    );
    assert_eq!(
        pos.count_moves(MoveMode::Routes),
        pos.legal_moves_in(MoveMode::Routes).len() as u64,
        "{what}: routes count"
    );
    check_reference(n.fen, &pos, 1_000_000);
    let all = pos.pieces(draughts::Color::White).len() + pos.pieces(draughts::Color::Black).len();
    let kings = pos.kings(draughts::Color::White).len() + pos.kings(draughts::Color::Black).len();
    match n.name {
        "start" => assert_eq!(pos, Position::<V>::start(), "{what}"),
        "king_endgame" => assert_eq!(kings, all, "{what}: only kings"),
        "king_captures" => {
            let own_kings = pos.kings(pos.turn());
            assert!(
                moves.iter().all(|m| m.is_capture()),
                "{what}: captures only"
            );
            assert!(
                moves
                    .iter()
                    .any(|m| own_kings.contains(m.from()) && m.captured().len() >= 3),
                "{what}: a king captures three or more"
            );
        }
        _ => {}
    }
    pos
}

/// Runs `$bench::<V>(group, POSITIONS)` for each family's named positions.
macro_rules! each_family {
    ($bench:ident, $g:expr) => {
        $bench::<English>($g, ENGLISH);
        $bench::<Italian>($g, ITALIAN);
        $bench::<Russian>($g, RUSSIAN);
        $bench::<Brazilian>($g, BRAZILIAN);
        $bench::<Thai>($g, THAI);
        $bench::<International>($g, INTERNATIONAL);
        $bench::<Canadian>($g, CANADIAN);
        $bench::<Turkish>($g, TURKISH);
        $bench::<Frisian>($g, FRISIAN);
    };
}

fn quick_group<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.sample_size(30)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    g
}

fn movegen_named<V: Variant>(g: &mut Group<'_>, positions: &[Named]) {
    for n in positions {
        let pos = checked::<V>(n);
        g.bench_function(format!("{}/{}", V::NAME, n.name), |b| {
            b.iter(|| black_box(&pos).legal_moves())
        });
    }
}

fn count_named<V: Variant>(g: &mut Group<'_>, positions: &[Named]) {
    for n in positions {
        let pos = checked::<V>(n);
        g.bench_function(format!("{}/{}", V::NAME, n.name), |b| {
            b.iter(|| black_box(&pos).count_moves(MoveMode::Distinct))
        });
    }
}

fn bench_movegen(c: &mut Criterion) {
    let mut g = quick_group(c, "movegen");
    each_family!(movegen_named, &mut g);
    g.finish();
}

fn bench_count(c: &mut Criterion) {
    let mut g = quick_group(c, "count_moves");
    each_family!(count_named, &mut g);
    g.finish();
}

// ---------------------------------------------------------------------------
// Applying moves
// ---------------------------------------------------------------------------

/// The named position `name` of a family.
fn find<'a>(positions: &'a [Named], name: &str) -> &'a Named {
    positions
        .iter()
        .find(|n| n.name == name)
        .unwrap_or_else(|| panic!("no bench position {name}"))
}

/// How moves are applied in the `play` and `game` groups.
#[derive(Clone, Copy)]
enum Apply {
    /// `Position::play`, which returns the next position.
    Position,
    /// `Game::play` followed by `Game::undo`.
    Game,
}

/// Applies every legal move of each named position, one move after the other
/// from the same position; the throughput is in moves.
fn apply_named<V: Variant>(g: &mut Group<'_>, apply: Apply, positions: &[Named], names: &[&str]) {
    for &name in names {
        let n = find(positions, name);
        let pos = checked::<V>(n);
        let moves = pos.legal_moves();
        let id = format!("{}/{}", V::NAME, n.name);
        g.throughput(Throughput::Elements(moves.len() as u64));
        match apply {
            Apply::Position => {
                g.bench_function(&id, |b| {
                    b.iter(|| {
                        for m in &moves {
                            black_box(black_box(&pos).play(m));
                        }
                    })
                });
            }
            Apply::Game => {
                let mut game = Game::<V>::from_position(pos);
                assert_eq!(game.outcome(), None, "{id}: game over at the start");
                g.bench_function(&id, |b| {
                    b.iter(|| {
                        for m in &moves {
                            black_box(&mut game).play(m).expect("a legal move");
                            black_box(game.undo());
                        }
                    })
                });
                assert_eq!(game.position(), &pos, "{id}: undo restores the position");
                assert!(game.moves().is_empty(), "{id}: undo empties the game");
            }
        }
    }
}

fn bench_apply(c: &mut Criterion) {
    for (group, apply) in [("play", Apply::Position), ("game", Apply::Game)] {
        let mut g = quick_group(c, group);
        apply_named::<English>(&mut g, apply, ENGLISH, &["middle"]);
        apply_named::<Russian>(&mut g, apply, RUSSIAN, &["middle", "king_captures"]);
        apply_named::<International>(
            &mut g,
            apply,
            INTERNATIONAL,
            &["start", "middle", "king_captures"],
        );
        apply_named::<Canadian>(&mut g, apply, CANADIAN, &["king_captures"]);
        apply_named::<Turkish>(&mut g, apply, TURKISH, &["middle"]);
        g.finish();
    }
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

/// Parsing and writing the FEN of each named position (for the start
/// position, the FEN the engine writes for it).
fn fen_named<V: Variant>(g: &mut Group<'_>, positions: &[Named], names: &[&str]) {
    for &name in names {
        let n = find(positions, name);
        let pos = checked::<V>(n);
        let text = if n.fen == START {
            pos.to_fen()
        } else {
            n.fen.to_string()
        };
        assert_eq!(
            position::<V>(&pos.to_fen()),
            pos,
            "{}/{name}: FEN round trip",
            V::NAME
        );
        g.bench_function(format!("parse/{}/{name}", V::NAME), |b| {
            b.iter(|| Position::<V>::from_fen(black_box(&text)))
        });
        g.bench_function(format!("write/{}/{name}", V::NAME), |b| {
            b.iter(|| black_box(&pos).to_fen())
        });
    }
}

fn bench_fen(c: &mut Criterion) {
    let mut g = quick_group(c, "fen");
    let both = ["start", "middle"];
    fen_named::<English>(&mut g, ENGLISH, &both);
    fen_named::<Italian>(&mut g, ITALIAN, &both);
    fen_named::<Russian>(&mut g, RUSSIAN, &both);
    fen_named::<Brazilian>(&mut g, BRAZILIAN, &both);
    fen_named::<Thai>(&mut g, THAI, &both);
    fen_named::<International>(&mut g, INTERNATIONAL, &["start", "middle", "king_endgame"]);
    fen_named::<Canadian>(&mut g, CANADIAN, &both);
    fen_named::<Turkish>(&mut g, TURKISH, &both);
    // The other numbered and algebraic boards: start positions only.
    let start = [named("start", START, 7)];
    fen_named::<Spanish>(&mut g, &start, &["start"]);
    fen_named::<Pool>(&mut g, &start, &["start"]);
    fen_named::<Czech>(&mut g, &start, &["start"]);
    g.finish();
}

criterion_group! {
    name = benches;
    // Fewer bootstrap resamples than the default 100,000: the analysis of ~130
    // benches would otherwise take a large share of the run.
    config = Criterion::default().nresamples(10_000);
    targets = bench_perft, bench_movegen, bench_count, bench_apply, bench_fen
}
criterion_main!(benches);
