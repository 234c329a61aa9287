//! The bodies of the fuzz targets, as plain functions of the input bytes.
//!
//! Each target in this directory `#[path]`-includes this file and calls one
//! function from its `fuzz_target!`; `tests/fuzz_smoke.rs` in the root crate
//! includes the same file and runs every body over pseudo-random inputs and
//! the seed corpora on stable Rust inside `cargo test`. A body returns
//! normally for any input; a failed check panics (libFuzzer reports a crash).
//!
//! [`structured`] needs the `arbitrary` feature of `draughts` and is compiled
//! only with the `arbitrary` feature of the including crate (the fuzz crate
//! enables it by default; the root crate's tests with `--features arbitrary`).
#![allow(dead_code)]

use draughts::pdn::{parse_pdn, read_games};
use draughts::{
    AnyPosition, Bitboard, Color, Geometry, Move, MoveMode, PieceKind, Position, Removal,
    SquareSet, Variant, VariantKind,
};

/// Calls `$f::<V>(args...)` for the variant type of a [`VariantKind`]
/// (the library's registry dispatch).
macro_rules! with_variant {
    ($kind:expr, $f:ident ( $($arg:expr),* $(,)? )) => {
        draughts::with_variant!($kind, V => $f::<V>($($arg),*))
    };
}

/// The variant a byte picks: `byte % 16`, an index into `VariantKind::ALL`.
fn variant_of(byte: u8) -> VariantKind {
    VariantKind::ALL[byte as usize % VariantKind::ALL.len()]
}

/// `a` without the squares of `b`.
fn minus<V: Variant>(a: SquareSet<V>, b: SquareSet<V>) -> SquareSet<V> {
    a ^ (a & b)
}

/// `pos` reads back from its FEN.
fn check_fen<V: Variant>(pos: &Position<V>) {
    let fen = pos.to_fen();
    let back = Position::<V>::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{}: written FEN {fen:?} rejected: {e}", V::NAME));
    assert_eq!(&back, pos, "{}: FEN {fen:?} does not round-trip", V::NAME);
}

// ---------------------------------------------------------------------------
// fen

/// `fen`: the input, if valid UTF-8, is read as a FEN for every built-in
/// variant. Reading never panics; an accepted FEN's written form reads back
/// to an equal position and is canonical (writing it again gives the same).
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for kind in VariantKind::ALL {
        let Ok(pos) = AnyPosition::from_fen(kind, text) else {
            continue;
        };
        assert_eq!(pos.kind(), kind);
        let fen = pos.fen();
        let again = AnyPosition::from_fen(kind, &fen).unwrap_or_else(|e| {
            panic!("{kind}: written FEN {fen:?} (from {text:?}) rejected: {e}")
        });
        assert_eq!(
            again, pos,
            "{kind}: FEN {fen:?} (from {text:?}) does not round-trip"
        );
        assert_eq!(again.fen(), fen, "{kind}: FEN {fen:?} is not canonical");
    }
}

// ---------------------------------------------------------------------------
// play

/// Most plies `play` plays.
pub const PLAY_MAX_PLIES: usize = 200;

/// `play`: the first byte picks the variant (`byte % 16`) and the move mode
/// (distinct below 128, routes from 128); each later byte picks a legal move
/// by index (`byte % count`) from the start position, for up to 200 moves.
/// Every move played must be `is_legal`, `count_moves` must agree with the
/// list, and every position must round-trip through its FEN.
pub fn play(data: &[u8]) {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let mode = if first >= 128 {
        MoveMode::Routes
    } else {
        MoveMode::Distinct
    };
    with_variant!(variant_of(first), play_in(mode, choices))
}

fn play_in<V: Variant>(mode: MoveMode, choices: &[u8]) {
    let mut pos = Position::<V>::start();
    check_fen(&pos);
    for &choice in choices.iter().take(PLAY_MAX_PLIES) {
        let moves = pos.legal_moves_in(mode);
        assert_eq!(
            pos.count_moves(mode),
            moves.len() as u64,
            "{}: count_moves disagrees with legal_moves_in at {}",
            V::NAME,
            pos.to_fen()
        );
        check_game_over(&pos, moves.is_empty());
        if moves.is_empty() {
            return;
        }
        let mv = &moves[choice as usize % moves.len()];
        assert!(
            pos.is_legal(mv),
            "{}: generated move {mv} is not legal at {}",
            V::NAME,
            pos.to_fen()
        );
        pos = pos.play(mv);
        check_fen(&pos);
    }
}

// ---------------------------------------------------------------------------
// pdn

/// `pdn`: the first byte picks the default variant (`byte % 12`: an index
/// into `VariantKind::ALL`, or no default for 11); the rest, read as UTF-8
/// (lossily), goes to `read_games`. Reading never panics, every error's game
/// index is its 1-based position, `read_games` gives one result per game of
/// `parse_pdn`, and an accepted game has the variant its `GameType` tag or
/// the default names.
pub fn pdn(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let default = VariantKind::ALL
        .get(first as usize % (VariantKind::ALL.len() + 1))
        .copied();
    let text = String::from_utf8_lossy(rest);
    let games = read_games(&text, default);
    let parsed = parse_pdn(&text);
    assert_eq!(
        games.len(),
        parsed.len(),
        "read_games and parse_pdn disagree on the game count"
    );
    for (i, (game, record)) in games.iter().zip(&parsed).enumerate() {
        match (game, record) {
            (Err(e), _) => {
                assert!(
                    (1..=games.len()).contains(&e.game),
                    "error game index {} out of 1..={}",
                    e.game,
                    games.len()
                );
                assert_eq!(e.game, i + 1, "error at position {i}: {e}");
            }
            (Ok(g), Ok(record)) => {
                assert_eq!(Ok(g.name()), record.variant(default).map(|k| k.name()));
                assert!(g.ply_count() <= record.moves.len());
            }
            (Ok(_), Err(e)) => panic!("read_games accepted a game parse_pdn rejected: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// movetext

/// `movetext`: move text read against a position chosen by the input.
///
/// * byte 0: the variant (`(byte & 63) % 16`) and two flags: with bit 7 set, the
///   text up to the first newline is read as a FEN of that variant and used
///   instead of the start position when it is accepted (the text after the
///   newline is then the move text); with bit 6 set, a selector byte follows
///   the plies (below);
/// * byte 1: `n`, the number of plies to play first;
/// * the next `n` bytes: each picks a legal move by index (`byte % count`);
/// * with bit 6 of byte 0, one selector byte: it picks a *target* move, one
///   of the position's routes-mode moves (`byte % count`);
/// * the rest, read as UTF-8 (lossily): the text given to `parse_move`. If
///   there is a target move, the control characters `\x01`..`\x04` in the
///   text stand for its start square, its end square, its next landing
///   square (the first, then the second, ...) and the first character of its
///   start square (the file, in algebraic notation), written as the variant
///   writes squares; so the fuzzer can build texts such as `\x01x\x03x\x02`
///   or `\x04\x02` that name real moves of a position it cannot see.
///
/// `parse_move` never panics. When it gives a move, the move is `is_legal`,
/// is one of `legal_moves()` (same start, end and captured pieces), and both
/// its full-path text (`to_string`) and its shortest text (`move_text`) read
/// back to a move with the same start, end and captured pieces. Every legal
/// move of the position also reads back from its `move_text` and `to_string`,
/// and the full-path text of every routes-mode move reads back to that very
/// route (equal moves).
pub fn movetext(data: &[u8]) {
    let [first, plies, rest @ ..] = data else {
        return;
    };
    let n = (*plies as usize).min(rest.len());
    let (choices, mut rest) = rest.split_at(n);
    let mut selector = None;
    if first & 0x40 != 0 {
        let Some((&s, after)) = rest.split_first() else {
            return;
        };
        selector = Some(s);
        rest = after;
    }
    let text = String::from_utf8_lossy(rest);
    with_variant!(
        variant_of(first & 0x3f),
        movetext_in(*first >= 128, choices, selector, &text)
    )
}

/// `text` with the placeholders `\x01`..`\x04` replaced (see [`movetext`]).
fn expand_placeholders<V: Variant>(text: &str, mv: &Move<V>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut next = 0;
    for c in text.chars() {
        match c {
            '\x01' => out.push_str(&V::square_text(mv.from())),
            '\x02' => out.push_str(&V::square_text(mv.to())),
            '\x03' => {
                let path = mv.path();
                out.push_str(&V::square_text(path[next % path.len()]));
                next += 1;
            }
            '\x04' => out.extend(V::square_text(mv.from()).chars().next()),
            c => out.push(c),
        }
    }
    out
}

fn same_move<V: Variant>(a: &Move<V>, b: &Move<V>) -> bool {
    a.from() == b.from() && a.to() == b.to() && a.captured() == b.captured()
}

/// `text` names `mv` (same start, end and captured pieces) at `pos`.
fn check_reads_back<V: Variant>(pos: &Position<V>, mv: &Move<V>, text: &str, what: &str) {
    match pos.parse_move(text) {
        Ok(back) => assert!(
            same_move(&back, mv),
            "{}: {what} {text:?} of {mv} reads as {back} at {}",
            V::NAME,
            pos.to_fen()
        ),
        Err(e) => panic!(
            "{}: {what} {text:?} of {mv} rejected at {}: {e}",
            V::NAME,
            pos.to_fen()
        ),
    }
}

fn movetext_in<V: Variant>(fen_first: bool, choices: &[u8], selector: Option<u8>, text: &str) {
    let mut pos = Position::<V>::start();
    let mut text = text;
    if fen_first {
        if let Some((fen, after)) = text.split_once('\n') {
            if let Ok(p) = Position::<V>::from_fen(fen) {
                pos = p;
                text = after;
            }
        }
    }
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[choice as usize % moves.len()]);
    }
    let moves = pos.legal_moves();
    for mv in &moves {
        check_reads_back(&pos, mv, &pos.move_text(mv), "shortest text");
        check_reads_back(&pos, mv, &mv.to_string(), "full text");
    }
    let routes = pos.legal_moves_in(MoveMode::Routes);
    for route in &routes {
        let full = route.to_string();
        match pos.parse_move(&full) {
            Ok(back) => assert!(
                back == *route,
                "{}: full path {full:?} of a route reads as {back} at {}",
                V::NAME,
                pos.to_fen()
            ),
            Err(e) => panic!(
                "{}: full path {full:?} of a route rejected at {}: {e}",
                V::NAME,
                pos.to_fen()
            ),
        }
    }
    let expanded;
    if let (Some(s), false) = (selector, routes.is_empty()) {
        expanded = expand_placeholders(text, &routes[s as usize % routes.len()]);
        text = &expanded;
    }
    match pos.parse_move(text) {
        Ok(mv) => {
            assert!(
                pos.is_legal(&mv),
                "{}: {text:?} read as {mv}, not legal at {}",
                V::NAME,
                pos.to_fen()
            );
            assert!(
                moves.iter().any(|m| same_move(m, &mv)),
                "{}: {text:?} read as {mv}, not in legal_moves at {}",
                V::NAME,
                pos.to_fen()
            );
            check_reads_back(&pos, &mv, &mv.to_string(), "full text");
            check_reads_back(&pos, &mv, &pos.move_text(&mv), "shortest text");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

// ---------------------------------------------------------------------------
// structured

/// Most plies `structured` plays.
pub const STRUCTURED_MAX_PLIES: usize = 300;

/// `structured`: an arbitrary valid position, then a game from it.
///
/// Byte 0 picks the variant (`byte % 16`); the rest is an
/// `arbitrary::Unstructured`: a `Position<V>` (feature `arbitrary`), a bool
/// for the move mode (routes when true), then one index per ply choosing a
/// legal move, until the bytes run out, the side to move has no move, or 300
/// plies. Before the first ply and after each, the position is checked (see
/// `check_position`); each move is checked against the position before and
/// after it (see `check_move`).
#[cfg(feature = "arbitrary")]
pub fn structured(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    with_variant!(variant_of(first), structured_in(rest))
}

#[cfg(feature = "arbitrary")]
fn structured_in<V: Variant>(data: &[u8]) {
    use arbitrary::{Arbitrary, Unstructured};

    let mut u = Unstructured::new(data);
    let Ok(mut pos) = Position::<V>::arbitrary(&mut u) else {
        return;
    };
    let mode = match bool::arbitrary(&mut u) {
        Ok(true) => MoveMode::Routes,
        _ => MoveMode::Distinct,
    };
    let mut moves = check_position(&pos, mode);
    for _ in 0..STRUCTURED_MAX_PLIES {
        if moves.is_empty() || u.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        let mv = &moves[i];
        let next = pos.play(mv);
        check_move(&pos, mv, &next);
        moves = check_position(&next, mode);
        pos = next;
    }
}

/// The game is over on the board exactly when the side to move has no move
/// (`no_moves`) or, in Breakthrough, a king has been made; `outcome` agrees.
fn check_game_over<V: Variant>(pos: &Position<V>, no_moves: bool) {
    let king_made = V::RULES.win == draughts::WinCondition::FirstKingWins
        && !(pos.kings(Color::White) | pos.kings(Color::Black)).is_empty();
    let fen = || pos.to_fen();
    assert_eq!(
        pos.is_game_over(),
        no_moves || king_made,
        "{}: {}",
        V::NAME,
        fen()
    );
    assert_eq!(
        pos.is_game_over(),
        pos.outcome().is_some(),
        "{}: {}",
        V::NAME,
        fen()
    );
}

/// Checks a position and returns its legal moves in `mode`:
/// * the sides do not overlap, every king is a piece, no man stands on its
///   promotion row, and `from_setup(to_setup())` gives the position back;
/// * the FEN round-trips and is canonical;
/// * `count_moves` equals the length of the move list, in both modes, and
///   `is_game_over` says whether it is empty (or, in Breakthrough, a king
///   has been made) and agrees with `outcome`;
/// * the distinct-mode list has no duplicates (same start, end and captured
///   pieces) and each of its moves is one of the routes-mode moves; when the side to move has a capture, every move captures;
/// * the colour-flipped position has as many moves in both modes.
pub fn check_position<V: Variant>(pos: &Position<V>, mode: MoveMode) -> draughts::MoveList<V> {
    let fen = pos.to_fen();
    let name = V::NAME;
    let (white, black) = (pos.pieces(Color::White), pos.pieces(Color::Black));
    assert!((white & black).is_empty(), "{name}: sides overlap at {fen}");
    let setup = pos.to_setup();
    assert!(
        minus(setup.kings, white | black).is_empty(),
        "{name}: a king without a piece at {fen}"
    );
    let all = Bitboard(<V::Board as Geometry>::ALL);
    assert!(
        draughts::BitSet::is_zero((white | black).bits() & !all.0),
        "{name}: a piece off the board at {fen}"
    );
    let last = SquareSet::from_bits(<V::Board as Geometry>::LAST_ROW);
    let first = SquareSet::from_bits(<V::Board as Geometry>::FIRST_ROW);
    assert!(
        (pos.men(Color::White) & last).is_empty() && (pos.men(Color::Black) & first).is_empty(),
        "{name}: a man on its promotion row at {fen}"
    );
    assert_eq!(
        Position::<V>::from_setup(setup).as_ref(),
        Ok(pos),
        "{name}: from_setup(to_setup()) at {fen}"
    );
    check_fen(pos);
    let again = Position::<V>::from_fen(&fen).unwrap().to_fen();
    assert_eq!(again, fen, "{name}: FEN {fen:?} is not canonical");

    let distinct = pos.legal_moves();
    let routes = pos.legal_moves_in(MoveMode::Routes);
    assert_eq!(
        pos.count_moves(MoveMode::Distinct),
        distinct.len() as u64,
        "{name}: count_moves(Distinct) at {fen}"
    );
    assert_eq!(
        pos.count_moves(MoveMode::Routes),
        routes.len() as u64,
        "{name}: count_moves(Routes) at {fen}"
    );
    check_game_over(pos, distinct.is_empty());
    assert_eq!(distinct.is_empty(), routes.is_empty(), "{name}: {fen}");
    for (i, mv) in distinct.iter().enumerate() {
        assert!(
            !distinct[..i].iter().any(|m| same_move(m, mv)),
            "{name}: {mv} listed twice at {fen}"
        );
        assert!(
            routes.iter().any(|m| m == mv),
            "{name}: {mv} is not a routes-mode move at {fen}"
        );
    }
    if pos.has_captures() {
        assert!(
            routes.iter().all(|m| m.is_capture()),
            "{name}: a non-capture although a capture is possible at {fen}"
        );
    } else {
        assert!(
            !routes.iter().any(|m| m.is_capture()),
            "{name}: a capture although has_captures is false at {fen}"
        );
    }
    let flipped = pos.flipped();
    for m in [MoveMode::Distinct, MoveMode::Routes] {
        assert_eq!(
            flipped.count_moves(m),
            pos.count_moves(m),
            "{name}: the flipped position of {fen} has another count ({m:?})"
        );
    }
    match mode {
        MoveMode::Distinct => distinct,
        MoveMode::Routes => routes,
    }
}

/// Checks a move played from `pos` to `next`: it `is_legal`; the side to
/// move alternates; the moving piece was the mover's; it ends on an empty
/// square (or its start square, or, with immediate removal, a square it
/// captured on); the captured pieces were the opponent's and are gone (and
/// nothing else of the opponent's); the mover's pieces are the same but for
/// the moved one; the moved piece is a king after the move exactly when it
/// was one or the move promotes; the other kings stay.
pub fn check_move<V: Variant>(pos: &Position<V>, mv: &Move<V>, next: &Position<V>) {
    let fen = pos.to_fen();
    let name = V::NAME;
    let (me, them) = (pos.turn(), pos.turn().opponent());
    assert!(pos.is_legal(mv), "{name}: {mv} not is_legal at {fen}");
    assert_eq!(next.turn(), them, "{name}: {mv} at {fen}: turn");
    let from = SquareSet::from_square(mv.from());
    let to = SquareSet::from_square(mv.to());
    assert!(
        !(pos.pieces(me) & from).is_empty(),
        "{name}: {mv} at {fen} moves no piece of the side to move"
    );
    let captured = mv.captured();
    // The end square is empty, or the start square (a king's capture may
    // come back), or, where captured pieces leave the board as they are
    // jumped (Thai, Turkish), the square of a piece captured earlier.
    let mut blocking = minus(pos.pieces(me) | pos.pieces(them), from);
    if V::RULES.removal == Removal::Immediate {
        blocking = minus(blocking, captured);
    }
    assert!(
        (blocking & to).is_empty(),
        "{name}: {mv} at {fen} ends on an occupied square"
    );
    assert_eq!(
        captured & pos.pieces(them),
        captured,
        "{name}: {mv} at {fen} captures squares without an opponent's piece"
    );
    assert_eq!(
        next.pieces(them),
        minus(pos.pieces(them), captured),
        "{name}: {mv} at {fen}: the captured pieces are not removed exactly"
    );
    assert_eq!(
        next.kings(them),
        minus(pos.kings(them), captured),
        "{name}: {mv} at {fen}: the opponent's kings"
    );
    assert_eq!(
        next.pieces(me),
        minus(pos.pieces(me), from) | to,
        "{name}: {mv} at {fen}: the mover's pieces"
    );
    let was_king = !(pos.kings(me) & from).is_empty();
    let kind = next.piece_at(mv.to()).map(|p| p.kind);
    let want = if was_king || mv.promotes() {
        PieceKind::King
    } else {
        PieceKind::Man
    };
    assert_eq!(kind, Some(want), "{name}: {mv} at {fen}: the moved piece");
    assert_eq!(
        minus(next.kings(me), to),
        minus(pos.kings(me), from),
        "{name}: {mv} at {fen}: the mover's other kings"
    );
    assert_eq!(
        pos.pieces(me).len() + pos.pieces(them).len() - captured.len(),
        next.pieces(me).len() + next.pieces(them).len(),
        "{name}: {mv} at {fen}: piece count"
    );
}
