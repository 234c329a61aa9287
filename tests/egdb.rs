//! Endgame databases (`draughts::egdb`): position counts against OEIS,
//! English king against king against the published figures, the
//! self-consistency check over every variant, a second solver written
//! independently of the index and the rounds, and playouts along the best
//! moves.
//!
//! The heavier runs (4 pieces) are `#[ignore]`d: `cargo test --release
//! --test full_suite -- --ignored egdb::`.

use std::collections::HashMap;
use std::time::Instant;

use draughts::egdb::{
    build_all, build_slice, build_slice_in_parts, slices_up_to, verify, Egdb, EgdbError, Slice,
    Value,
};
use draughts::{
    Antidraughts, Brazilian, Breakthrough, Canadian, Color, Czech, English, Frisian, Frysk,
    International, Italian, Killer, KingRun, Outcome, Pool, Position, Russian, Setup, Spanish,
    SquareSet, Thai, Turkish, Variant,
};

/// Positions per piece count (side to move not counted).
fn positions_with<V: Variant>(pieces: u32) -> u64 {
    slices_up_to(pieces)
        .into_iter()
        .filter(|s| s.pieces() == pieces)
        .map(|s| s.positions::<V>())
        .sum()
}

/// OEIS A055213: English checkers positions with n pieces (men never on their
/// promotion row, the side to move not counted).
#[test]
fn english_position_counts_are_oeis_a055213() {
    assert_eq!(positions_with::<English>(1), 120);
    assert_eq!(positions_with::<English>(2), 6_972);
    assert_eq!(positions_with::<English>(3), 261_224);
    assert_eq!(positions_with::<English>(4), 7_092_774);
}

/// OEIS A055213 at 5 and 6 pieces: the sizes the 5- and 6-piece builds
/// cover.
#[test]
fn english_position_counts_are_oeis_a055213_5_and_6_pieces() {
    assert_eq!(positions_with::<English>(5), 148_688_232);
    assert_eq!(positions_with::<English>(6), 2_503_611_964);
}

/// Every index is one distinct legal position and back: rank(unrank(i)) = i,
/// checked on the positions' FEN (a position can be parsed back) and
/// through the lookups of a built database (every position is found).
#[test]
fn index_is_a_bijection_onto_legal_positions() {
    let db = build_all::<Russian>(2, 1, |_| {}).unwrap();
    let mut seen = std::collections::HashSet::new();
    for pos in every_position::<Russian>(2) {
        assert!(seen.insert(pos), "{pos:?} twice");
        db.lookup(&pos).unwrap();
    }
    let stored: u64 = slices_up_to(2)
        .iter()
        .map(|s| 2 * s.positions::<Russian>())
        .sum();
    assert_eq!(seen.len() as u64, stored);
}

/// English king against king: 992 positions with White to move (32 squares
/// for White's king, 31 for Black's): 230 wins, 654 draws, 108 losses, the
/// published figures; the longest win takes 11 plies. The brief's source
/// gives 32 positions at 11 plies; the database has 34, and a plain
/// depth-limited minimax (`longest_king_wins_agree_with_minimax`) confirms
/// all 34, including the pair W:WK4:BK29 and W:WK29:BK4 (the two kings in
/// the single corners, an orbit of 2 under the board's symmetries where the
/// others come in 4s).
#[test]
fn english_king_against_king_is_the_published_figures() {
    let db = build_all::<English>(2, 1, |_| {}).unwrap();
    let kk = Slice {
        white_men: 0,
        white_kings: 1,
        black_men: 0,
        black_kings: 1,
    };
    let (mut win, mut draw, mut loss) = (0, 0, 0);
    let mut longest = 0;
    let mut at_longest = 0;
    let mut total = 0;
    for pos in every_position::<English>(2) {
        if Slice::of(&pos) != kk || pos.turn() != Color::White {
            continue;
        }
        total += 1;
        let e = db.lookup(&pos).unwrap();
        match e.value {
            Value::Win => {
                win += 1;
                if e.distance > longest {
                    longest = e.distance;
                    at_longest = 0;
                }
                if e.distance == longest {
                    at_longest += 1;
                }
            }
            Value::Draw => draw += 1,
            Value::Loss => loss += 1,
        }
    }
    assert_eq!(total, 992);
    assert_eq!((win, draw, loss), (230, 654, 108));
    assert_eq!((longest, at_longest), (11, 34));
}

/// Can the side to move force a win within `plies` plies? (Plain minimax.)
fn wins_within<V: Variant>(pos: &Position<V>, plies: u16) -> bool {
    plies > 0
        && pos
            .legal_moves()
            .iter()
            .any(|m| loses_within(&pos.play(m), plies - 1))
}

/// Must the side to move lose within `plies` plies?
fn loses_within<V: Variant>(pos: &Position<V>, plies: u16) -> bool {
    let moves = pos.legal_moves();
    moves.is_empty() || (plies > 0 && moves.iter().all(|m| wins_within(&pos.play(m), plies - 1)))
}

/// The English king-against-king wins of 11 plies: a plain minimax finds a
/// forced win in 11 plies and none in 9, for each of them.
#[test]
fn longest_king_wins_agree_with_minimax() {
    let db = build_all::<English>(2, 1, |_| {}).unwrap();
    let mut n = 0;
    for a in 1..=32u8 {
        for b in (1..=32u8).filter(|&b| b != a) {
            let pos = Position::<English>::from_fen(&format!("W:WK{a}:BK{b}")).unwrap();
            let e = db.lookup(&pos).unwrap();
            if e.value == Value::Win && e.distance == 11 {
                assert!(wins_within(&pos, 11), "{}", pos.to_fen());
                assert!(!wins_within(&pos, 9), "{}", pos.to_fen());
                n += 1;
            }
        }
    }
    assert_eq!(n, 34);
}

/// Every position of the slices with 1 to `pieces` pieces, both sides to
/// move, enumerated through `Setup` (independently of the index).
fn every_position<V: Variant>(pieces: u32) -> Vec<Position<V>> {
    let squares: Vec<_> = SquareSet::<V>::all().iter().collect();
    let mut out = Vec::new();
    // Each square: empty, white man, white king, black man, black king.
    fn rec<V: Variant>(
        squares: &[draughts::Square],
        at: usize,
        left: u32,
        setup: Setup<V>,
        placed: u32,
        out: &mut Vec<Position<V>>,
    ) {
        if at == squares.len() {
            if placed == 0 {
                return;
            }
            for turn in [Color::White, Color::Black] {
                let s = Setup {
                    turn: Some(turn),
                    ..setup
                };
                if let Ok(p) = Position::from_setup(s) {
                    out.push(p);
                }
            }
            return;
        }
        rec(squares, at + 1, left, setup, placed, out);
        if left == 0 {
            return;
        }
        let one = SquareSet::<V>::from_square(squares[at]);
        for (white, king) in [(true, false), (true, true), (false, false), (false, true)] {
            let mut s = setup;
            let side = if white { &mut s.white } else { &mut s.black };
            *side = SquareSet::from_bits(side.bits() | one.bits());
            if king {
                s.kings = SquareSet::from_bits(s.kings.bits() | one.bits());
            }
            rec(squares, at + 1, left - 1, s, placed + 1, out);
        }
    }
    rec(&squares, 0, pieces, Setup::default(), 0, &mut out);
    out
}

/// A second solver, sharing nothing with the database but the rules: the
/// positions reachable from `start` in a hash map, then sweeps of
/// min/max updates (a move to a lost position wins one ply after the
/// fastest such loss; a position whose moves all reach won positions loses
/// one ply after the slowest) until nothing changes. What stays unknown is a
/// draw. Returns (value for the side to move, distance). The positions keep
/// their king-move counts (Frisian's limit) from move to move.
fn naive_solve<V: Variant>(start: &[Position<V>]) -> HashMap<Position<V>, (Value, u16)> {
    let mut succ: HashMap<Position<V>, Vec<Position<V>>> = HashMap::new();
    let mut stack: Vec<Position<V>> = start.to_vec();
    while let Some(p) = stack.pop() {
        if succ.contains_key(&p) {
            continue;
        }
        let next: Vec<Position<V>> = if p.outcome().is_some() {
            Vec::new()
        } else {
            p.legal_moves().iter().map(|m| p.play(m)).collect()
        };
        stack.extend(next.iter().copied());
        succ.insert(p, next);
    }
    let mut val: HashMap<Position<V>, Option<(Value, u16)>> = HashMap::new();
    for p in succ.keys() {
        let v = p.outcome().map(|o| match o {
            Outcome::Win { winner, .. } if winner == p.turn() => (Value::Win, 0),
            _ => (Value::Loss, 0),
        });
        val.insert(*p, v);
    }
    loop {
        let mut changed = false;
        for (p, next) in &succ {
            if next.is_empty() {
                continue;
            }
            let mut best_loss: Option<u16> = None;
            let mut all_won = true;
            let mut longest = 0;
            for n in next {
                match val[n] {
                    Some((Value::Loss, d)) => {
                        best_loss = Some(best_loss.map_or(d, |b| b.min(d)));
                        all_won = false;
                    }
                    Some((Value::Win, d)) => longest = longest.max(d),
                    _ => all_won = false,
                }
            }
            let new = match best_loss {
                Some(d) => Some((Value::Win, d + 1)),
                None if all_won => Some((Value::Loss, longest + 1)),
                None => None,
            };
            if val[p] != new {
                val.insert(*p, new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    val.into_iter()
        .map(|(p, v)| (p, v.unwrap_or((Value::Draw, 0))))
        .collect()
}

/// The database and the second solver agree on every position with at
/// most `pieces` pieces.
/// With `start`, only from the positions of that slice (and all they lead
/// to).
fn agrees_with_naive_solver<V: Variant>(pieces: u32, start: Option<&str>) {
    let db = build_all::<V>(pieces, 2, |_| {}).unwrap();
    let mut all: Vec<Position<V>> = every_position::<V>(pieces)
        .into_iter()
        .flat_map(with_counts)
        .collect();
    if let Some(s) = start {
        let slice: Slice = s.parse().unwrap();
        all.retain(|p| Slice::of(p) == slice);
    }
    let naive = naive_solve(&all);
    if start.is_none() {
        assert_eq!(naive.len(), all.len(), "{}: closed under moves", V::NAME);
    }
    let mut decided = 0;
    for (pos, (value, distance)) in &naive {
        let e = db.lookup(pos).unwrap();
        assert_eq!(
            (e.value, e.distance),
            (*value, *distance),
            "{} {}",
            V::NAME,
            pos.to_fen()
        );
        decided += (*value != Value::Draw) as u32;
    }
    assert!(decided > 0, "{}: some positions are decided", V::NAME);
}

#[test]
fn database_agrees_with_naive_solver_english_3() {
    agrees_with_naive_solver::<English>(3, Some("wm1wk1bm0bk1"));
}

#[test]
fn database_agrees_with_naive_solver_russian_3() {
    agrees_with_naive_solver::<Russian>(3, Some("wm1wk0bm0bk2"));
}

#[test]
fn database_agrees_with_naive_solver_antidraughts_3() {
    agrees_with_naive_solver::<Antidraughts>(3, Some("wm1wk1bm1bk0"));
}

#[test]
fn database_agrees_with_naive_solver_breakthrough_3() {
    agrees_with_naive_solver::<Breakthrough>(3, Some("wm2wk0bm1bk0"));
}

#[test]
fn database_agrees_with_naive_solver_turkish_2() {
    agrees_with_naive_solver::<Turkish>(2, None);
}

#[test]
fn database_agrees_with_naive_solver_italian_3() {
    agrees_with_naive_solver::<Italian>(3, Some("wm1wk1bm0bk1"));
}

#[test]
fn database_agrees_with_naive_solver_international_2() {
    agrees_with_naive_solver::<International>(2, None);
}

#[test]
fn database_agrees_with_naive_solver_frisian_2() {
    agrees_with_naive_solver::<Frisian>(2, None);
}

/// Frisian's king-move limit is in the index: from every position of a
/// man and a king against a king (each count state) with the man on
/// squares 11-20 (two and three steps from its promotion row), the tables
/// agree with the solver that applies the limit on every position reached,
/// counts and all; and the count matters there (some positions change
/// value with it).
#[test]
fn frisian_tables_apply_the_king_move_limit() {
    king_move_limit_agrees::<Frisian>("wm1wk1bm0bk1", 11..=20);
}

/// The same from every position of the slice (the man anywhere). Minutes
/// long: run by the heavy command (.ci/heavy.sh).
#[test]
#[ignore]
fn frisian_tables_apply_the_king_move_limit_everywhere() {
    king_move_limit_agrees::<Frisian>("wm1wk1bm0bk1", 1..=50);
}

/// The slice and every slice it leads to, built alone (not the whole
/// piece count).
pub(crate) fn build_with_reads<V: Variant>(slice: Slice) -> Egdb<'static, V> {
    let mut needed = vec![slice];
    let mut k = 0;
    while k < needed.len() {
        for r in needed[k].reads() {
            if !needed.contains(&r) {
                needed.push(r);
            }
        }
        k += 1;
    }
    let mut db = Egdb::<V>::new();
    for s in slices_up_to(slice.pieces()) {
        if needed.contains(&s) {
            db.insert(build_slice(s, &db, 2).unwrap()).unwrap();
        }
    }
    db
}

fn king_move_limit_agrees<V: Variant>(slice: &str, man_on: core::ops::RangeInclusive<u8>) {
    let slice: Slice = slice.parse().unwrap();
    let db = build_with_reads::<V>(slice);
    // Every position of the slice with every count it may carry.
    let all: Vec<Position<V>> = every_position::<V>(slice.pieces())
        .into_iter()
        .filter(|p| Slice::of(p) == slice)
        .flat_map(with_counts)
        .collect();
    assert_eq!(
        all.len() as u64,
        2 * slice.positions::<V>(),
        "{slice}: one position per index"
    );
    let start: Vec<Position<V>> = all
        .into_iter()
        .filter(|p| {
            p.men(Color::White)
                .into_iter()
                .all(|sq| man_on.contains(&V::square_number(sq)))
        })
        .collect();
    let limited = naive_solve(&start);
    for (pos, want) in &limited {
        let e = db.lookup(pos).unwrap();
        assert_eq!((e.value, e.distance), *want, "{}", pos.to_fen());
    }
    // The count matters: some position's value changes with it.
    let changes = start
        .iter()
        .filter(|p| p.king_run(Color::White).is_some())
        .filter(|p| {
            let mut s = p.to_setup();
            s.king_runs = [None; 2];
            limited[p] != limited[&Position::from_setup(s).unwrap()]
        })
        .count();
    assert!(changes > 0, "{slice}: the count changes no value");
}

/// `pos` with every king-move count it may carry: none, or one of a side's
/// kings with 1 to the limit's moves, for each side with men and kings
/// (only `pos` in a variant without the limit).
fn with_counts<V: Variant>(pos: Position<V>) -> Vec<Position<V>> {
    let counts = |color: Color| {
        let mut out = vec![None];
        let Some(limit) = V::RULES.king_move_limit else {
            return out;
        };
        if pos.men(color).is_empty() {
            return out;
        }
        for king in pos.kings(color) {
            out.extend((1..=limit).map(|moves| Some(KingRun { king, moves })));
        }
        out
    };
    let mut out = Vec::new();
    for w in counts(Color::White) {
        for b in counts(Color::Black) {
            let mut s = pos.to_setup();
            s.king_runs = [w, b];
            out.push(Position::from_setup(s).unwrap());
        }
    }
    out
}

/// Builds every slice up to `pieces` and verifies each; returns the seconds.
fn build_and_verify<V: Variant>(pieces: u32) -> f64 {
    let start = Instant::now();
    let db = build_all::<V>(pieces, 2, |_| {}).unwrap();
    for slice in slices_up_to(pieces) {
        verify(&db, slice).unwrap_or_else(|e| panic!("{}: {e}", V::NAME));
    }
    start.elapsed().as_secs_f64()
}

macro_rules! verify_all {
    ($pieces:expr, $($v:ty),*) => {{
        $(
            let s = build_and_verify::<$v>($pieces);
            eprintln!("{:>13} {} pieces: built and verified in {s:.1} s", <$v>::NAME, $pieces);
        )*
    }};
}

/// The self-consistency check passes on every slice of every variant up to
/// 3 pieces on the diagonal 8x8 boards and 2 pieces on the others
/// (Turkish's 64 squares take 30 s at 3 pieces: in the ignored test below).
#[test]
fn verify_passes_for_every_variant() {
    verify_all!(
        3,
        English,
        Russian,
        Brazilian,
        Italian,
        Spanish,
        Czech,
        Thai,
        Pool,
        Antidraughts,
        Breakthrough
    );
    verify_all!(2, Turkish, International, Canadian, Frisian, Frysk, Killer);
}

/// 3 pieces on Turkish and the 10x10 and 12x12 boards.
#[test]
#[ignore]
fn verify_passes_for_large_boards_3_pieces() {
    verify_all!(3, Turkish, International, Canadian, Frisian, Frysk, Killer);
}

/// 4 pieces on every variant (long: see docs/egdb.md for the times).
#[test]
#[ignore]
fn verify_passes_for_every_variant_4_pieces() {
    verify_all!(
        4,
        English,
        Russian,
        Brazilian,
        Italian,
        Spanish,
        Czech,
        Thai,
        Pool,
        Turkish,
        Antidraughts,
        Breakthrough,
        International,
        Canadian,
        Frisian,
        Frysk,
        Killer
    );
}

/// A small deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// From random decided positions, both sides following the database's best
/// moves: the game ends after exactly the promised number of plies, won by
/// the side the database named.
fn playouts<V: Variant>(pieces: u32, games: usize) {
    let db = build_all::<V>(pieces, 2, |_| {}).unwrap();
    let all: Vec<Position<V>> = every_position::<V>(pieces)
        .into_iter()
        .filter(|p| db.lookup(p).unwrap().value != Value::Draw)
        .collect();
    let mut rng = Lcg(7);
    for _ in 0..games {
        let start = all[rng.next() as usize % all.len()];
        let e = db.lookup(&start).unwrap();
        let winner = if e.value == Value::Win {
            start.turn()
        } else {
            start.turn().opponent()
        };
        let mut pos = start;
        let mut plies = 0;
        while pos.outcome().is_none() {
            let p = db.probe(&pos).unwrap();
            assert!(!p.best.is_empty(), "{}", pos.to_fen());
            pos = pos.play(&p.best[rng.next() as usize % p.best.len()]);
            plies += 1;
            assert!(
                plies <= e.distance,
                "{} longer than promised",
                start.to_fen()
            );
        }
        assert_eq!(plies, e.distance, "{}", start.to_fen());
        match pos.outcome() {
            Some(Outcome::Win { winner: w, .. }) => assert_eq!(w, winner, "{}", start.to_fen()),
            other => panic!("{}: {other:?}", start.to_fen()),
        }
    }
}

#[test]
fn playouts_reach_the_promised_result_english() {
    playouts::<English>(3, 300);
}

#[test]
fn playouts_reach_the_promised_result_international() {
    playouts::<International>(2, 200);
}

#[test]
fn playouts_reach_the_promised_result_antidraughts() {
    playouts::<Antidraughts>(3, 200);
}

/// Each slice built from a database holding only the slices of
/// `Slice::reads` gives the same bytes as the build that holds every
/// smaller slice; and every slice it reads comes earlier in
/// `slices_up_to` (so a build in that order can load them first).
fn reads_are_all_a_build_needs<V: Variant>(pieces: u32) {
    let full = build_all::<V>(pieces, 1, |_| {}).unwrap();
    let order = slices_up_to(pieces);
    for (k, &slice) in order.iter().enumerate() {
        let reads = slice.reads();
        let mut db = Egdb::<V>::new();
        for r in &reads {
            let at = order.iter().position(|s| s == r).unwrap();
            assert!(at < k, "{}: {r} comes after it", V::NAME);
            db.insert(full.bytes(*r).unwrap().to_vec()).unwrap();
        }
        let bytes = draughts::egdb::build_slice(slice, &db, 1).unwrap();
        assert_eq!(
            bytes,
            full.bytes(slice).unwrap(),
            "{}: {slice} from its reads",
            V::NAME
        );
    }
}

#[test]
fn slice_reads_suffice_to_build_english_russian_frisian_turkish() {
    reads_are_all_a_build_needs::<English>(3);
    reads_are_all_a_build_needs::<Russian>(3);
    reads_are_all_a_build_needs::<Frisian>(2);
    reads_are_all_a_build_needs::<Turkish>(2);
    reads_are_all_a_build_needs::<Antidraughts>(3);
}

/// Leaving out one slice of `reads` makes the build fail for some slice:
/// the list is not padded with slices a build never needs (checked on
/// English's 3-piece slices with a man, where each kind of read occurs).
#[test]
fn slice_reads_are_needed() {
    let full = build_all::<English>(3, 1, |_| {}).unwrap();
    let slice: Slice = "wm1wk0bm1bk1".parse().unwrap();
    let reads = slice.reads();
    // White's man promotes, or captures the man or the king (promoting or
    // not); Black's man promotes; Black captures White's man. Every read
    // where both sides keep a piece is looked up; a side left without
    // pieces has lost, which needs no table.
    assert_eq!(reads.len(), 10);
    let mut needed = 0;
    for skip in &reads {
        let mut db = Egdb::<English>::new();
        for r in reads.iter().filter(|r| *r != skip) {
            db.insert(full.bytes(*r).unwrap().to_vec()).unwrap();
        }
        let both = skip.white_men + skip.white_kings > 0 && skip.black_men + skip.black_kings > 0;
        let result = draughts::egdb::build_slice(slice, &db, 1);
        if both {
            assert_eq!(result, Err(EgdbError::MissingSlice(*skip)), "{skip}");
            needed += 1;
        }
    }
    assert_eq!(needed, 6);
}

/// A position whose slice is not loaded names the slice; so does a probe
/// whose successors need a missing slice.
#[test]
fn missing_slice_is_named() {
    let db = build_all::<English>(1, 1, |_| {}).unwrap();
    let pos = Position::<English>::from_fen("W:WK1:BK32").unwrap();
    let err = db.lookup(&pos).unwrap_err();
    assert_eq!(
        err,
        EgdbError::MissingSlice(Slice {
            white_men: 0,
            white_kings: 1,
            black_men: 0,
            black_kings: 1
        })
    );
    assert!(err.to_string().contains("wm0wk1bm0bk1"));
}

/// Bytes of another variant, truncated or foreign bytes are refused and the
/// database is unchanged.
#[test]
fn bad_bytes_are_refused() {
    let english = build_all::<English>(1, 1, |_| {}).unwrap();
    let slice: Slice = "wm0wk1bm0bk0".parse().unwrap();
    let bytes = english.bytes(slice).unwrap().to_vec();
    let mut db = Egdb::<Russian>::new();
    assert!(matches!(
        db.insert(bytes.clone()),
        Err(EgdbError::WrongVariant { .. })
    ));
    let mut db = Egdb::<English>::new();
    assert!(matches!(
        db.insert(&bytes[..bytes.len() - 1]),
        Err(EgdbError::BadData(_))
    ));
    assert!(matches!(
        db.insert(&b"hello"[..]),
        Err(EgdbError::BadData(_))
    ));
    assert_eq!(db.slices().count(), 0);
    assert_eq!(db.insert(&bytes[..]).unwrap(), slice);
    assert!("wm1wk0bm".parse::<Slice>().is_err());
}

/// Breaking one stored value is caught by verify.
#[test]
fn verify_catches_a_corrupted_value() {
    let db = build_all::<English>(2, 1, |_| {}).unwrap();
    let slice: Slice = "wm0wk1bm0bk1".parse().unwrap();
    let mut bytes = db.bytes(slice).unwrap().to_vec();
    // The first position's code, turned into a loss in 1.
    bytes[32] = 1;
    bytes[33] = 0x80;
    let mut broken = Egdb::<English>::new();
    for s in slices_up_to(2) {
        broken.insert(db.bytes(s).unwrap().to_vec()).unwrap();
    }
    broken.insert(bytes).unwrap();
    assert!(matches!(
        verify(&broken, slice),
        Err(EgdbError::Inconsistent { .. })
    ));
}

#[allow(dead_code)]
fn unused_variants() {
    let _ = (
        Brazilian, Canadian, Czech, Frisian, Frysk, Killer, Pool, Spanish, Thai,
    );
}

/// Every slice compressed and read back: the same bytes, and a database of
/// the compressed slices answers every position as the plain one (and, when
/// `check`, passes verify).
fn compressed_answers_as_plain<V: Variant>(pieces: u32, check: bool) -> (usize, usize) {
    use draughts::egdb::{compress, decompress};
    let plain = build_all::<V>(pieces, 2, |_| {}).unwrap();
    let mut packed = Egdb::<V>::new();
    let (mut plain_bytes, mut packed_bytes) = (0, 0);
    for slice in slices_up_to(pieces) {
        let bytes = plain.bytes(slice).unwrap();
        let small = compress(bytes).unwrap();
        assert_eq!(decompress(&small).unwrap(), bytes, "{} {slice}", V::NAME);
        assert_eq!(decompress(bytes).unwrap(), bytes);
        plain_bytes += bytes.len();
        packed_bytes += small.len();
        assert_eq!(packed.insert(small).unwrap(), slice);
    }
    for pos in every_position::<V>(pieces) {
        assert_eq!(
            packed.get(&pos),
            plain.get(&pos),
            "{} {}",
            V::NAME,
            pos.to_fen()
        );
    }
    for slice in slices_up_to(pieces).into_iter().filter(|_| check) {
        verify(&packed, slice).unwrap();
    }
    (plain_bytes, packed_bytes)
}

/// Every position of a slice, both sides to move.
fn every_position_of<V: Variant>(slice: Slice) -> Vec<Position<V>> {
    every_position::<V>(slice.pieces())
        .into_iter()
        .filter(|p| Slice::of(p) == slice)
        .collect()
}

#[test]
fn compressed_slices_answer_as_plain_ones() {
    let (a, b) = compressed_answers_as_plain::<English>(3, true);
    assert!(b * 3 < a, "English 1-3: {a} bytes plain, {b} compressed");
    compressed_answers_as_plain::<Russian>(3, false);
    compressed_answers_as_plain::<Antidraughts>(2, false);
    compressed_answers_as_plain::<Turkish>(2, false);
    compressed_answers_as_plain::<International>(2, false);
    compressed_answers_as_plain::<Frisian>(2, false);
}

/// Damaged compressed bytes: every truncation and many single-byte changes
/// are refused or read without a panic, and a refused insert changes
/// nothing.
#[test]
fn damaged_compressed_slices_never_panic() {
    use draughts::egdb::{compress, decompress};
    let plain = build_all::<English>(2, 1, |_| {}).unwrap();
    let slice: Slice = "wm1wk0bm0bk1".parse().unwrap();
    let small = compress(plain.bytes(slice).unwrap()).unwrap();
    let probes = every_position_of::<English>(slice);
    let mut db = Egdb::<English>::new();
    for cut in 0..small.len() {
        assert!(db.insert(&small[..cut]).is_err(), "cut at {cut}");
        assert!(decompress(&small[..cut]).is_err());
    }
    assert_eq!(db.slices().count(), 0);
    let mut rng = Lcg(7);
    for _ in 0..2000 {
        let mut bytes = small.clone();
        let at = rng.next() as usize % bytes.len();
        bytes[at] ^= 1 << (rng.next() % 8);
        let _ = decompress(&bytes);
        let mut db = Egdb::<English>::new();
        if db.insert(bytes).is_ok() {
            for pos in &probes {
                let _ = db.get(pos);
            }
        }
    }
    // A plain slice is not compressed twice; a compressed one is no plain one.
    assert!(compress(&small).is_err());
}

/// Building in parts (the positions with the men on given squares, the
/// most advanced men first, kings' moves inside a part, men's steps looked
/// up in the parts before) gives the same bytes as building the slice
/// whole: for every slice with men, with the smallest parts (one placement
/// of the men each) and with parts of a few thousand positions, on one and
/// two threads. Turkish men step sideways: its slices are built whole.
fn parts_agree<V: Variant>(pieces: u32) {
    let full = build_all::<V>(pieces, 1, |_| {}).unwrap();
    for slice in slices_up_to(pieces) {
        if slice.white_men + slice.black_men == 0 {
            continue;
        }
        let whole = full.bytes(slice).unwrap();
        for (part, threads) in [(1, 1), (5000, 2)] {
            let parts = build_slice_in_parts(slice, &full, threads, part).unwrap();
            assert!(
                parts == whole,
                "{} {slice}: parts of {part} positions differ",
                V::NAME
            );
        }
    }
}

#[test]
fn slices_built_in_parts_are_the_same_bytes() {
    parts_agree::<English>(3);
    parts_agree::<Russian>(3);
    parts_agree::<Italian>(3);
    parts_agree::<Brazilian>(3);
    parts_agree::<International>(3);
    // With the king-move counts in the parts.
    parts_agree::<Frisian>(3);
    parts_agree::<Turkish>(2);
    // A 4-piece slice of each kind of man placement.
    let full = build_all::<Russian>(4, 2, |_| {}).unwrap();
    for name in ["wm2wk0bm2bk0", "wm1wk1bm1bk1", "wm3wk0bm0bk1"] {
        let slice: Slice = name.parse().unwrap();
        let parts = build_slice_in_parts(slice, &full, 2, 20_000).unwrap();
        assert!(parts == full.bytes(slice).unwrap(), "Russian {slice}");
    }
}
