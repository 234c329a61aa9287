//! Property tests (proptest) of the rules core, over every mode of the
//! registry (`Mode::ALL`: every built-in variant and every house rule).
//! Positions come from random legal walks from the start position and from
//! random valid setups (each colour at most its start count of
//! pieces, no man on its promotion row, kings anywhere).
//!
//! Properties, each one test whose every case runs in every mode (case
//! counts in the `proptest!` configs below):
//! 1. `fen_round_trip` (1024 walks + 1024 setups cases): `from_fen(to_fen(p)) == p`;
//! 2. `play_effect` (512 cases): playing a move swaps the side to move,
//!    removes exactly the captured (opponent) pieces, moves the piece from
//!    `from()` to `to()` and changes nothing else;
//! 3. `colour_flip` (256 cases): the 180°-rotated, colour-swapped position
//!    has the same perft counts (depths 1..=3, both modes) and the rotated
//!    legal moves, and flipping twice is the identity;
//! 4. `move_list` (512 cases): no duplicate moves, every listed move is
//!    accepted by `is_legal` and `try_play`;
//! 5. `no_other_move_is_legal` (512 cases): random candidate moves
//!    (moves of other positions, moves of perturbed copies of the position,
//!    routes with a landing square dropped or added, stale moves) are legal iff they are in the routes list, and `try_play`
//!    of an illegal one fails without touching the position;
//! 6. `turkish_mirror` (512): the left-right mirror of a Turkish position has the
//!    same perft counts and the mirrored legal moves.

use std::collections::{BTreeSet, HashSet};

use draughts::{
    perft_in, Bitboard, Color, Geometry, Layout, Mode, Move, MoveList, MoveMode, Piece, PieceKind,
    Position, Setup, Square, SquareSet, Turkish, Variant, WinCondition,
};
use proptest::prelude::*;

type Bits<V> = <<V as Variant>::Board as Geometry>::Bits;

const MODES: [MoveMode; 2] = [MoveMode::Distinct, MoveMode::Routes];

// ---------------------------------------------------------------------------
// Position generation
// ---------------------------------------------------------------------------

#[path = "common/random.rs"]
mod random;

use random::{build, setup_strategy, source_strategy, walk_strategy, Source};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// `sq` moved by the 180° rotation `(r, c) -> (H-1-r, W-1-c)`.
fn rotate<V: Variant>(sq: Square) -> Square {
    let (r, c) = V::Board::coords(sq);
    V::Board::square_at(V::Board::HEIGHT - 1 - r, V::Board::WIDTH - 1 - c)
        .expect("the 180° rotation maps playing squares onto playing squares")
}

/// `sq` moved by the left-right mirror `(r, c) -> (r, W-1-c)` (orthogonal
/// boards only).
fn mirror<V: Variant>(sq: Square) -> Square {
    let (r, c) = V::Board::coords(sq);
    V::Board::square_at(r, V::Board::WIDTH - 1 - c)
        .expect("the mirror maps playing squares onto playing squares")
}

/// A move as plain data with its squares mapped by `f`: start, landing
/// squares, captured squares (sorted) and promotion.
type MoveKey = (Square, Vec<Square>, Vec<Square>, bool);

fn move_key<V: Variant>(m: &Move<V>, f: impl Fn(Square) -> Square) -> MoveKey {
    let mut captured: Vec<Square> = m.captured().iter().map(&f).collect();
    captured.sort();
    (
        f(m.from()),
        m.path().iter().copied().map(&f).collect(),
        captured,
        m.promotes(),
    )
}

/// The (from, to, captured) triple of a move, mapped by `f`.
fn short_key<V: Variant>(
    m: &Move<V>,
    f: impl Fn(Square) -> Square,
) -> (Square, Square, Vec<Square>) {
    let (from, path, captured, _) = move_key(m, f);
    (
        from,
        *path.last().expect("a move lands somewhere"),
        captured,
    )
}

/// The position with every square mapped by `f` (colours and side to move
/// kept).
fn map_position<V: Variant>(p: &Position<V>, f: impl Fn(Square) -> Square) -> Position<V> {
    let map = |b: SquareSet<V>| -> SquareSet<V> { b.iter().map(&f).collect() };
    let setup = Setup {
        white: map(p.pieces(Color::White)),
        black: map(p.pieces(Color::Black)),
        kings: map(p.kings(Color::White) | p.kings(Color::Black)),
        turn: Some(p.turn()),
        king_runs: [Color::White, Color::Black].map(|c| {
            p.king_run(c).map(|r| draughts::KingRun {
                king: f(r.king),
                ..r
            })
        }),
    };
    Position::from_setup(setup).expect("a mapped position is valid")
}

// ---------------------------------------------------------------------------
// Property 1: FEN round trip
// ---------------------------------------------------------------------------

/// Property 1: `from_fen(to_fen(p)) == p`, the FEN text is stable
/// (`to_fen(from_fen(s)) == s`), and the setup round trip is the identity.
fn fen_round_trip<V: Variant>(src: &Source) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let fen = p.to_fen();
    let back = Position::<V>::from_fen(&fen);
    prop_assert_eq!(back.as_ref(), Ok(&p), "{}: {}", V::NAME, fen);
    prop_assert_eq!(back.unwrap().to_fen(), fen);
    prop_assert_eq!(Position::<V>::from_setup(p.to_setup()), Ok(p));
    Ok(())
}

// ---------------------------------------------------------------------------
// Property 2: the effect of playing a move
// ---------------------------------------------------------------------------

/// Property 2: for every legal move (every route) of the position, the next
/// position has the other side to move; the captured squares held opponent
/// pieces and are now empty; the piece that stood on `from()` stands on
/// `to()`, of the same colour, a king iff it was a king or `promotes()`; every
/// other square is unchanged; and the result is a valid position.
fn play_effect<V: Variant>(src: &Source) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let us = p.turn();
    for m in p.legal_moves_in(MoveMode::Routes) {
        let next = p.play(&m);
        let ctx = format!("{}: {} after {m} in {}", V::NAME, next.to_fen(), p.to_fen());
        prop_assert_eq!(next.turn(), us.opponent(), "{}", ctx);

        let mover = p.piece_at(m.from());
        prop_assert_eq!(mover.map(|pc| pc.color), Some(us), "{}", ctx);
        let was_king = mover.map(|pc| pc.kind) == Some(PieceKind::King);
        prop_assert!(!(was_king && m.promotes()), "a king promotes: {}", ctx);
        prop_assert_eq!(
            m.captured() & p.pieces(us.opponent()),
            m.captured(),
            "captures a non-opponent square: {}",
            ctx
        );
        prop_assert_eq!(m.is_capture(), !m.captured().is_empty());
        let target = p.piece_at(m.to());
        prop_assert!(
            target.is_none() || m.to() == m.from() || m.captured().contains(m.to()),
            "lands on an occupied square: {}",
            ctx
        );

        let moved = Piece {
            color: us,
            kind: if was_king || m.promotes() {
                PieceKind::King
            } else {
                PieceKind::Man
            },
        };
        for sq in Bitboard::<Bits<V>>(V::Board::ALL) {
            let want = if sq == m.to() {
                Some(moved)
            } else if sq == m.from() || m.captured().contains(sq) {
                None
            } else {
                p.piece_at(sq)
            };
            prop_assert_eq!(
                next.piece_at(sq),
                want,
                "square {}: {}",
                V::square_text(sq),
                ctx
            );
        }
        prop_assert_eq!(
            next.pieces(us.opponent()).len() + m.captured().len(),
            p.pieces(us.opponent()).len()
        );
        prop_assert_eq!(next.pieces(us).len(), p.pieces(us).len());
        prop_assert_eq!(Position::<V>::from_setup(next.to_setup()), Ok(next));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Property 3: colour flip
// ---------------------------------------------------------------------------

/// Property 3: `p.flipped()` (board rotated 180°, colours and side to move
/// swapped) has the same perft counts at depths 1..=3 in both modes; its
/// legal moves are `p`'s moves rotated (as (from, to, captured) sets in
/// distinct mode, with full paths and promotion in routes mode); and
/// `p.flipped().flipped() == p`.
fn colour_flip<V: Variant>(src: &Source) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let f = p.flipped();
    let ctx = format!("{}: {} flipped {}", V::NAME, p.to_fen(), f.to_fen());
    prop_assert_eq!(f.flipped(), p, "{}", ctx);
    prop_assert_eq!(f.turn(), p.turn().opponent());
    prop_assert_eq!(
        f.pieces(Color::White).len(),
        p.pieces(Color::Black).len(),
        "{}",
        ctx
    );
    for sq in Bitboard::<Bits<V>>(V::Board::ALL) {
        let want = p.piece_at(sq).map(|pc| Piece {
            color: pc.color.opponent(),
            kind: pc.kind,
        });
        prop_assert_eq!(f.piece_at(rotate::<V>(sq)), want, "{}", ctx);
    }

    let rotated: BTreeSet<_> = p
        .legal_moves()
        .iter()
        .map(|m| short_key(m, rotate::<V>))
        .collect();
    let got: BTreeSet<_> = f
        .legal_moves()
        .iter()
        .map(|m| short_key(m, |s| s))
        .collect();
    prop_assert_eq!(got, rotated, "distinct moves: {}", ctx);

    let rotated: BTreeSet<_> = p
        .legal_moves_in(MoveMode::Routes)
        .iter()
        .map(|m| move_key(m, rotate::<V>))
        .collect();
    let got: BTreeSet<_> = f
        .legal_moves_in(MoveMode::Routes)
        .iter()
        .map(|m| move_key(m, |s| s))
        .collect();
    prop_assert_eq!(got, rotated, "routes: {}", ctx);

    for mode in MODES {
        for depth in 1..=3 {
            prop_assert_eq!(
                perft_in(&f, depth, mode),
                perft_in(&p, depth, mode),
                "perft {} {:?}: {}",
                depth,
                mode,
                ctx
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Property 4: the move list
// ---------------------------------------------------------------------------

/// Property 4: the routes list has no two equal moves, the distinct list no
/// two moves with equal (from, to, captured); every move of either list is
/// accepted by `is_legal` and by `try_play` (which then equals `play`); the
/// counts agree with the lists.
fn move_list<V: Variant>(src: &Source) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let ctx = format!("{}: {}", V::NAME, p.to_fen());
    let routes = p.legal_moves_in(MoveMode::Routes);
    let distinct = p.legal_moves();

    let unique: HashSet<MoveKey> = routes.iter().map(|m| move_key(m, |s| s)).collect();
    prop_assert_eq!(unique.len(), routes.len(), "duplicate route: {}", ctx);
    let unique: HashSet<_> = distinct.iter().map(|m| short_key(m, |s| s)).collect();
    prop_assert_eq!(unique.len(), distinct.len(), "duplicate move: {}", ctx);
    // Distinct mode lists one route per (from, to, captured) of routes mode.
    let route_keys: HashSet<_> = routes.iter().map(|m| short_key(m, |s| s)).collect();
    prop_assert_eq!(unique, route_keys, "{}", ctx);

    prop_assert_eq!(routes.len() as u64, p.count_moves(MoveMode::Routes));
    prop_assert_eq!(distinct.len() as u64, p.count_moves(MoveMode::Distinct));
    // Over on the board: no move, or (Breakthrough) a king made.
    let king_made = V::RULES.win == WinCondition::FirstKingWins
        && !(p.kings(Color::White).is_empty() && p.kings(Color::Black).is_empty());
    prop_assert_eq!(
        p.is_game_over(),
        distinct.is_empty() || king_made,
        "{}",
        ctx
    );
    prop_assert_eq!(p.is_game_over(), p.outcome().is_some(), "{}", ctx);

    for m in routes.iter().chain(distinct.iter()) {
        prop_assert!(p.is_legal(m), "{} not legal: {}", m, ctx);
        prop_assert_eq!(p.try_play(m), Ok(p.play(m)), "{}: {}", m, ctx);
    }
    // Captures are compulsory: all moves capture or none does.
    prop_assert!(
        routes.iter().all(|m| m.is_capture()) || routes.iter().all(|m| !m.is_capture()),
        "{}",
        ctx
    );
    prop_assert_eq!(
        p.has_captures(),
        routes.first().is_some_and(|m| m.is_capture())
    );
    Ok(())
}

// ---------------------------------------------------------------------------
// Property 5: no other move is legal
// ---------------------------------------------------------------------------

/// Copies of `p` changed a little, whose moves are near misses for `p`: the
/// other side to move; one piece removed; one man crowned or one king
/// demoted; one piece added; and the positions after each legal move (stale
/// moves). `pick` chooses the squares.
fn perturbations<V: Variant>(p: &Position<V>, pick: &[u8]) -> Vec<Position<V>> {
    let mut out = Vec::new();
    let base = p.to_setup();
    let max = Position::<V>::start().pieces(Color::White).len();
    let all: Vec<Square> = Bitboard::<Bits<V>>(V::Board::ALL).iter().collect();
    let occupied: Vec<Square> = (p.pieces(Color::White) | p.pieces(Color::Black))
        .iter()
        .collect();
    push_setup(
        &mut out,
        Setup {
            turn: Some(p.turn().opponent()),
            ..base
        },
    );
    for (i, &b) in pick.iter().enumerate() {
        let b = b as usize;
        match i % 3 {
            // Remove a piece.
            0 if !occupied.is_empty() => {
                let sq = SquareSet::from_square(occupied[b % occupied.len()]);
                push_setup(
                    &mut out,
                    Setup {
                        white: base.white ^ (base.white & sq),
                        black: base.black ^ (base.black & sq),
                        kings: base.kings ^ (base.kings & sq),
                        ..base
                    },
                );
            }
            // Toggle man / king (a man on its promotion row is rejected).
            1 if !occupied.is_empty() => {
                let sq = SquareSet::from_square(occupied[b % occupied.len()]);
                push_setup(
                    &mut out,
                    Setup {
                        kings: base.kings ^ sq,
                        ..base
                    },
                );
            }
            // Add a piece on an empty square.
            _ => {
                let sq = all[b % all.len()];
                if p.piece_at(sq).is_some() {
                    continue;
                }
                let bb = SquareSet::from_square(sq);
                let mut s = base;
                let side = if b & 1 == 0 {
                    &mut s.white
                } else {
                    &mut s.black
                };
                if side.len() < max {
                    *side |= bb;
                    if b & 2 != 0 {
                        s.kings |= bb;
                    }
                    push_setup(&mut out, s);
                }
            }
        }
    }
    for m in p.legal_moves().iter().take(8) {
        out.push(p.play(m));
    }
    // Targeted edits of a few routes: without the piece(s) jumped last, the
    // route is cut short (a landing square dropped); with an opponent piece
    // next to its end square, it may go on (a landing square added).
    let them = p.turn().opponent();
    for m in p.legal_moves_in(MoveMode::Routes).iter().take(4) {
        let path = m.path();
        let last_from = if path.len() >= 2 {
            path[path.len() - 2]
        } else {
            m.from()
        };
        let jumped_last = between::<V>(last_from, m.to()) & m.captured();
        if !jumped_last.is_empty() {
            let mut s = base;
            s.white = s.white ^ (s.white & jumped_last);
            s.black = s.black ^ (s.black & jumped_last);
            s.kings = s.kings ^ (s.kings & jumped_last);
            push_setup(&mut out, s);
        }
        for sq in neighbours::<V>(m.to()) {
            if p.piece_at(sq).is_some() || p.pieces(them).len() >= max {
                continue;
            }
            let bb = SquareSet::from_square(sq);
            let mut s = base;
            match them {
                Color::White => s.white |= bb,
                Color::Black => s.black |= bb,
            }
            push_setup(&mut out, s);
            s.kings |= bb;
            push_setup(&mut out, s);
        }
    }
    out
}

/// Adds the position of `s` to `out` if `s` is valid.
fn push_setup<V: Variant>(out: &mut Vec<Position<V>>, s: Setup<V>) {
    if let Ok(q) = Position::<V>::from_setup(s) {
        out.push(q);
    }
}

/// The line directions of the board, as (row, column) steps.
fn directions<V: Variant>() -> [(i8, i8); 4] {
    match V::Board::LAYOUT {
        Layout::Diagonal => [(1, -1), (1, 1), (-1, 1), (-1, -1)],
        Layout::Orthogonal => [(1, 0), (0, 1), (-1, 0), (0, -1)],
    }
}

/// The square `k` steps from `sq` in direction `d`, if on the board.
fn step<V: Variant>(sq: Square, (dr, dc): (i8, i8), k: i8) -> Option<Square> {
    let (r, c) = V::Board::coords(sq);
    let (r, c) = (r as i8 + k * dr, c as i8 + k * dc);
    if r < 0 || c < 0 {
        return None;
    }
    V::Board::square_at(r as u8, c as u8)
}

/// The playing squares adjacent to `sq` along the board's lines.
fn neighbours<V: Variant>(sq: Square) -> Vec<Square> {
    directions::<V>()
        .into_iter()
        .filter_map(|d| step::<V>(sq, d, 1))
        .collect()
}

/// The squares strictly between `a` and `b` when they share a line (else none).
fn between<V: Variant>(a: Square, b: Square) -> SquareSet<V> {
    let mut out = SquareSet::EMPTY;
    for d in directions::<V>() {
        let mut k = 1;
        while let Some(sq) = step::<V>(a, d, k) {
            if sq == b {
                return out;
            }
            out |= SquareSet::from_square(sq);
            k += 1;
        }
        out = SquareSet::EMPTY;
    }
    out
}

/// Property 5: every candidate move (legal moves of an unrelated random
/// position of the same variant, and of perturbed copies of the position) is
/// accepted by `is_legal` iff it is in `legal_moves_in(Routes)`; `try_play`
/// of an accepted move equals `play`, and of a rejected one returns `Err`
/// and leaves the position unchanged.
fn no_other_move_is_legal<V: Variant>(
    src: &Source,
    other: &Source,
    pick: &[u8],
) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let before = p;
    let routes = p.legal_moves_in(MoveMode::Routes);
    let mut candidates: MoveList<V> = MoveList::new();
    let o = build::<V>(other);
    candidates.extend(o.legal_moves_in(MoveMode::Routes));
    candidates.extend(o.flipped().legal_moves_in(MoveMode::Routes));
    for q in perturbations(&p, pick) {
        candidates.extend(q.legal_moves_in(MoveMode::Routes));
        candidates.extend(q.legal_moves());
    }
    for m in &candidates {
        let listed = routes.iter().any(|r| r == m);
        let ctx = format!("{}: {} in {}", V::NAME, m, p.to_fen());
        prop_assert_eq!(p.is_legal(m), listed, "{}", ctx);
        match p.try_play(m) {
            Ok(next) => {
                prop_assert!(listed, "try_play accepts an unlisted move: {}", ctx);
                prop_assert_eq!(next, p.play(m), "{}", ctx);
            }
            Err(e) => {
                prop_assert!(!listed, "try_play rejects a listed move: {} ({})", ctx, e);
            }
        }
        prop_assert_eq!(p, before, "{}", ctx);
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Property 6: mirror symmetry
// ---------------------------------------------------------------------------

/// Property 6: on the orthogonal Turkish board the rules are left-right
/// symmetric (men move forward and sideways, kings along ranks and files), so
/// the mirror image `(r, c) -> (r, W-1-c)` of a position (same colours, same
/// side to move) has the mirrored legal moves and the same perft counts at
/// depths 1..=3 in both modes.
///
/// On the diagonal boards the left-right mirror is no symmetry of the board:
/// the playing squares are those with `r + c` even and `W - 1` is odd, so the
/// mirror maps every playing square onto a non-playing one (and so does the
/// top-bottom mirror, `H - 1` being odd). Their symmetry is the 180° rotation
/// with colours swapped, checked for every variant by property 3.
fn mirror_symmetry<V: Variant>(src: &Source) -> Result<(), TestCaseError> {
    let p = build::<V>(src);
    let m = map_position(&p, mirror::<V>);
    let ctx = format!("{}: {} mirrored {}", V::NAME, p.to_fen(), m.to_fen());
    prop_assert_eq!(map_position(&m, mirror::<V>), p, "{}", ctx);

    let mirrored: BTreeSet<_> = p
        .legal_moves_in(MoveMode::Routes)
        .iter()
        .map(|mv| move_key(mv, mirror::<V>))
        .collect();
    let got: BTreeSet<_> = m
        .legal_moves_in(MoveMode::Routes)
        .iter()
        .map(|mv| move_key(mv, |s| s))
        .collect();
    prop_assert_eq!(got, mirrored, "routes: {}", ctx);

    for mode in MODES {
        for depth in 1..=3 {
            prop_assert_eq!(
                perft_in(&m, depth, mode),
                perft_in(&p, depth, mode),
                "perft {} {:?}: {}",
                depth,
                mode,
                ctx
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The tests: one per property, each case in every mode of the registry
// ---------------------------------------------------------------------------

/// Runs `$f::<V>(args)` in every mode of the registry (`Mode::ALL`: every
/// built-in variant, then every house rule), so a variant or house rule added
/// there is tested here without a new line; a failure names its mode.
macro_rules! in_every_mode {
    ($f:ident($($arg:expr),*)) => {
        for mode in Mode::ALL {
            draughts::with_mode!(mode, V => $f::<V>($($arg),*))
                .map_err(|e| TestCaseError::fail(format!("{mode}: {e}")))?;
        }
    };
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Property 1 (FEN round trip) on random walks: 1024 cases, each in every mode.
    #[test]
    fn fen_round_trip_walks(src in walk_strategy(150)) {
        in_every_mode!(fen_round_trip(&src));
    }

    /// Property 1 (FEN round trip) on random setups: 1024 cases, each in every mode.
    #[test]
    fn fen_round_trip_setups(src in setup_strategy()) {
        in_every_mode!(fen_round_trip(&src));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Property 2 (effect of a move): 512 cases, each in every mode.
    #[test]
    fn play_effect_every_mode(src in source_strategy(120)) {
        in_every_mode!(play_effect(&src));
    }

    /// Property 4 (the move list): 512 cases, each in every mode.
    #[test]
    fn move_list_every_mode(src in source_strategy(120)) {
        in_every_mode!(move_list(&src));
    }

    /// Property 5 (no other move is legal): 512 cases, each in every mode.
    #[test]
    fn no_other_move_is_legal_every_mode(
        src in source_strategy(120),
        other in source_strategy(120),
        pick in proptest::collection::vec(any::<u8>(), 0..12),
    ) {
        in_every_mode!(no_other_move_is_legal(&src, &other, &pick));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Property 3 (colour flip): 256 cases, each in every mode.
    #[test]
    fn colour_flip_every_mode(src in source_strategy(120)) {
        in_every_mode!(colour_flip(&src));
    }
}

/// The tests above cover the whole registry: every built-in variant and
/// every house rule is a mode (16 built-in variants, as the crate's
/// description lists them).
#[test]
fn every_mode_is_the_whole_registry() {
    assert_eq!(
        Mode::ALL.iter().filter(|m| !m.is_house_rule()).count(),
        draughts::VariantKind::ALL.len()
    );
    assert_eq!(draughts::VariantKind::ALL.len(), 16);
    assert_eq!(
        Mode::ALL.iter().filter(|m| m.is_house_rule()).count(),
        draughts::house_rules::NAMES.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
    /// Property 6 (mirror symmetry, Turkish only): 512 cases.
    #[test]
    fn turkish_mirror(src in source_strategy(120)) {
        mirror_symmetry::<Turkish>(&src)?;
    }
}
