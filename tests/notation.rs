//! Move text (reading, writing, step-wise input) and FEN reading/writing.
//!
//! Properties, over random legal walks and random positions of every built-in
//! variant:
//! - for every legal move `m`: `parse_move(move_text(m))` and
//!   `parse_move(m.to_string())` give back `m` (same start, end and captured
//!   pieces), and so does the full path of every capture route;
//! - `move_text` is `from-to` / `fromxto` unless another legal move has the
//!   same start and end (RULES.md §4: never assume equal captured sets);
//! - clicking a move's start and end (or its full path) in [`MoveInput`]
//!   chooses it whenever the squares identify it;
//! - `from_fen(to_fen(p)) == p`, also after harmless reformatting;
//! - the parsers never panic, on random text and on mutated valid text.

use crate::common;

use common::{pos, sq};
use draughts::with_variant;
use draughts::{
    Brazilian, Canadian, Color, Czech, English, FenError, Geometry, International, Italian, Move,
    MoveInput, MoveMode, MoveTextError, Pool, Position, Russian, Setup, Spanish, Square, SquareSet,
    Thai, Turkish, Variant, VariantKind,
};
use proptest::prelude::*;

/// What makes two moves the same move (RULES.md §1).
fn key<V: Variant>(m: &Move<V>) -> (Square, Square, SquareSet<V>) {
    (m.from(), m.to(), m.captured())
}

/// The legal move with this full path.
fn find<V: Variant>(p: &Position<V>, full: &str) -> Move<V> {
    p.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == full)
        .unwrap_or_else(|| panic!("{}: no move {full} in {p:?}", V::NAME))
}

/// Number of squares written in move text.
fn squares_in(text: &str) -> usize {
    text.split(['-', 'x']).count()
}

/// Checks every text property for every legal move of `p`.
fn check_position<V: Variant>(p: &Position<V>) -> Result<(), TestCaseError> {
    let moves = p.legal_moves();
    for m in &moves {
        let text = p.move_text(m);
        let back = p.parse_move(&text);
        prop_assert!(back.is_ok(), "{:?}: {} written {text:?}: {:?}", p, m, back);
        prop_assert_eq!(
            key(&back.unwrap()),
            key(m),
            "{:?}: {} written {}",
            p,
            m,
            text
        );

        let full = m.to_string();
        let back = p.parse_move(&full);
        prop_assert_eq!(back.as_ref(), Ok(m), "{:?}: full path {}", p, full);

        let twins = moves
            .iter()
            .filter(|o| o.from() == m.from() && o.to() == m.to())
            .count();
        if twins == 1 {
            prop_assert_eq!(squares_in(&text), 2, "{:?}: {} written {}", p, m, text);
        } else {
            // A whole path is read literally, so a single jump stays `fromxto`.
            prop_assert!(
                squares_in(&text) > 2 || m.path().len() == 1,
                "{:?}: {} written {}",
                p,
                m,
                text
            );
        }
        prop_assert!(squares_in(&text) <= m.path().len() + 1);
        let sep = if m.is_capture() { 'x' } else { '-' };
        prop_assert!(
            text.chars().all(|c| c.is_ascii_alphanumeric() || c == sep),
            "{}",
            text
        );

        // Clicking the start and end chooses the move unless it has twins;
        // clicking the full path always does.
        let input = p.move_input(&[m.from(), m.to()]);
        prop_assert!(input.candidates().iter().any(|c| key(c) == key(m)));
        if twins == 1 {
            prop_assert!(input.is_complete(), "{:?}: clicking {}", p, m);
            prop_assert_eq!(key(input.chosen().unwrap()), key(m));
        }
        let mut clicks = vec![m.from()];
        clicks.extend_from_slice(m.path());
        let input = p.move_input(&clicks);
        prop_assert!(input.is_complete(), "{:?}: clicking the path of {}", p, m);
        prop_assert_eq!(input.chosen(), Some(m));
        prop_assert!(input.movable().contains(m.from()));
    }

    // Every capture route reads back as its own move.
    for r in p.legal_moves_in(MoveMode::Routes) {
        let back = p.parse_move(&r.to_string());
        prop_assert!(back.is_ok(), "{:?}: route {}: {:?}", p, r, back);
        let back = back.unwrap();
        prop_assert_eq!(key(&back), key(&r), "{:?}: route {}", p, r);
        prop_assert_eq!(back.path(), r.path(), "{:?}: route {}", p, r);
        prop_assert!(p.is_legal(&back));
    }

    // The input before any click.
    let input = MoveInput::new(p);
    prop_assert_eq!(input.candidates().len(), moves.len());
    prop_assert_eq!(input.next_squares(), input.movable());
    prop_assert!(!input.is_complete());
    let captured = moves
        .iter()
        .fold(SquareSet::<V>::EMPTY, |a, m| a | m.captured());
    prop_assert_eq!(input.captured(), captured);
    Ok(())
}

/// FEN round trip, also with harmless reformatting.
fn check_fen<V: Variant>(p: &Position<V>) -> Result<(), TestCaseError> {
    let fen = p.to_fen();
    let back = Position::<V>::from_fen(&fen);
    prop_assert_eq!(back.as_ref(), Ok(p), "{}", fen);
    prop_assert_eq!(back.unwrap().to_fen(), fen.clone());
    let spaced = fen.replace(':', " : ").replace(',', ", ");
    for variant in [
        format!("{fen}."),
        format!("  {spaced} .\n"),
        format!("[FEN \"{fen}\"]"),
        format!("{fen}:H0:F1"),
    ] {
        let back = Position::<V>::from_fen(&variant);
        prop_assert_eq!(back.as_ref(), Ok(p), "{:?}", variant);
    }
    Ok(())
}

/// A random walk from the start position.
fn walk<V: Variant>(choices: &[u16]) -> Result<(), TestCaseError> {
    let mut p = Position::<V>::start();
    for &c in choices {
        check_position(&p)?;
        check_fen(&p)?;
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(&moves[c as usize % moves.len()]);
    }
    Ok(())
}

/// A random position: each byte decides one square (white or black man or
/// king, or empty); a man on its promotion row becomes a king. Neither side
/// gets more pieces than it starts with (FEN rejects more).
fn random_position<V: Variant>(cells: &[u8], black_to_move: bool) -> Position<V> {
    let mut setup = Setup::<V>::default();
    let height = V::Board::HEIGHT;
    let max = Position::<V>::start().pieces(Color::White).len();
    for n in 1..=V::Board::SQUARES {
        let Some(s) = V::square(n) else { continue };
        let b = SquareSet::from_square(s);
        let row = V::Board::coords(s).0;
        let mut cell = cells.get(n as usize - 1).copied().unwrap_or(255) % 16;
        if (cell <= 2 && setup.white.len() >= max)
            || ((3..=5).contains(&cell) && setup.black.len() >= max)
        {
            cell = 15;
        }
        match cell {
            0 | 1 => {
                setup.white |= b;
                if row == height - 1 {
                    setup.kings |= b;
                }
            }
            2 => {
                setup.white |= b;
                setup.kings |= b;
            }
            3 | 4 => {
                setup.black |= b;
                if row == 0 {
                    setup.kings |= b;
                }
            }
            5 => {
                setup.black |= b;
                setup.kings |= b;
            }
            _ => {}
        }
    }
    setup.turn = Some(if black_to_move {
        Color::Black
    } else {
        Color::White
    });
    Position::from_setup(setup).expect("a valid random setup")
}

fn random<V: Variant>(cells: &[u8], black: bool) -> Result<(), TestCaseError> {
    let p = random_position::<V>(cells, black);
    check_position(&p)?;
    check_fen(&p)
}

/// Applies edits to a text: (operation, index, character).
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(op, i, c) in edits {
        let at = if chars.is_empty() {
            0
        } else {
            i % (chars.len() + 1)
        };
        match op % 3 {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Whatever the parsers are fed, they return a value; what they accept is
/// consistent.
fn no_panic<V: Variant>(text: &str, p: &Position<V>) -> Result<(), TestCaseError> {
    if let Ok(q) = Position::<V>::from_fen(text) {
        prop_assert_eq!(Position::<V>::from_fen(&q.to_fen()), Ok(q), "{:?}", text);
    }
    match p.parse_move(text) {
        Ok(m) => {
            prop_assert!(p.is_legal(&m), "{:?} gave {}", text, m);
            prop_assert_eq!(key(&p.parse_move(&m.to_string()).unwrap()), key(&m));
        }
        Err(e) => {
            // The error message renders.
            prop_assert!(!e.to_string().is_empty());
        }
    }
    let clicks: Vec<Square> = text
        .split(['-', 'x', ':'])
        .filter_map(V::parse_square)
        .collect();
    let input = p.move_input(&clicks);
    if let Some(m) = input.chosen() {
        prop_assert!(p.is_legal(m));
    }
    Ok(())
}

fn mutated<V: Variant>(
    cells: &[u8],
    choice: usize,
    edits: &[(u8, usize, char)],
) -> Result<(), TestCaseError> {
    let p = random_position::<V>(cells, choice % 2 == 1);
    no_panic(&mutate(&p.to_fen(), edits), &p)?;
    let start = Position::<V>::start();
    let moves = start.legal_moves();
    let m = &moves[choice % moves.len()];
    no_panic(&mutate(&m.to_string(), edits), &start)?;
    no_panic(&mutate(&start.move_text(m), edits), &start)?;
    let moves = p.legal_moves();
    if !moves.is_empty() {
        let m = &moves[choice % moves.len()];
        no_panic(&mutate(&m.to_string(), edits), &p)?;
    }
    Ok(())
}

fn garbage<V: Variant>(text: &str) -> Result<(), TestCaseError> {
    no_panic(text, &Position::<V>::start())?;
    // A crowded position with kings, likely to have captures.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let cells: Vec<u8> = (0..72)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 8) as u8
        })
        .collect();
    no_panic(text, &random_position::<V>(&cells, false))
}

const EDIT_CHARS: &[char] = &[
    '0', '1', '5', '9', 'a', 'h', 'K', 'W', 'B', 'x', '-', ':', ',', '.', ' ', '!', '?', '"', '[',
    'é',
];

const ALPHABET: &str = "[0-9a-lA-LxX:;,.\\- KkWwBbHF\"\\[\\]!?×–]{0,40}";

// Each property runs on every variant of the registry (`VariantKind::ALL`),
// so a variant added there is covered here without a new line.
mod walks {
    use super::*;
    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        #[test]
        fn every_variant(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
            for kind in VariantKind::ALL {
                with_variant!(kind, V => walk::<V>(&choices))?;
            }
        }
    }
}

mod random_positions {
    use super::*;
    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
        #[test]
        fn every_variant(cells in proptest::collection::vec(any::<u8>(), 72), black in any::<bool>()) {
            for kind in VariantKind::ALL {
                with_variant!(kind, V => random::<V>(&cells, black))?;
            }
        }
    }
}

mod never_panic {
    use super::*;
    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
        #[test]
        fn every_variant(
            any_text in "\\PC{0,40}",
            text in ALPHABET,
            cells in proptest::collection::vec(any::<u8>(), 72),
            choice in any::<usize>(),
            edits in proptest::collection::vec((any::<u8>(), any::<usize>(), proptest::sample::select(EDIT_CHARS)), 1..6),
        ) {
            for kind in VariantKind::ALL {
                with_variant!(kind, V => {
                    garbage::<V>(&any_text)?;
                    garbage::<V>(&text)?;
                    mutated::<V>(&cells, choice, &edits)
                })?;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Ambiguous captures (RULES.md §4).

/// A king with two captures that end on the same square but take different
/// pieces: move text lists an intermediate square, and each text reads back
/// to its own move.
#[test]
fn ambiguous_king_capture_international() {
    let p = pos::<International>("W:WK1:B23,32,33,44");
    let a = find(&p, "1x29x38x27");
    let b = find(&p, "1x40x49x27");
    assert_ne!(a.captured(), b.captured());
    assert_eq!(p.move_text(&a), "1x29x27");
    assert_eq!(p.move_text(&b), "1x40x27");
    assert_eq!(p.parse_move("1x29x27").unwrap(), a);
    assert_eq!(p.parse_move("1x40x27").unwrap(), b);
    assert_eq!(p.parse_move("1x38x27").unwrap(), a);
    assert_eq!(p.parse_move("1x49x27").unwrap(), b);
    assert_eq!(p.parse_move(&a.to_string()).unwrap(), a);
    assert_eq!(p.parse_move(&b.to_string()).unwrap(), b);
    assert_eq!(
        p.parse_move("1x27"),
        Err(MoveTextError::Ambiguous {
            text: "1x27".into(),
            candidates: vec!["1x29x38x27".into(), "1x40x49x27".into()],
        })
    );
    check_position(&p).unwrap();
}

/// Positions (found by a random search) where two legal captures share start
/// and end squares, for every variant: all text properties hold, and some
/// move needs an intermediate square.
#[test]
fn ambiguous_positions_every_variant() {
    fn check<V: Variant>(fen: &str) {
        let p = pos::<V>(fen);
        let moves = p.legal_moves();
        let twins = moves.iter().enumerate().any(|(i, a)| {
            moves[i + 1..]
                .iter()
                .any(|b| a.from() == b.from() && a.to() == b.to() && a.captured() != b.captured())
        });
        assert!(twins, "{}: {fen} has no ambiguous capture", V::NAME);
        assert!(
            moves.iter().any(|m| squares_in(&p.move_text(m)) > 2),
            "{}: {fen}",
            V::NAME
        );
        check_position(&p).unwrap();
    }
    check::<English>("W:W30:B18,17,16,28,25,26");
    check::<English>("W:WK14:B8,26,17,18,25,19");
    check::<Italian>("W:W23:B19,12,13,20,25,11");
    check::<Spanish>("W:W2:B13,12,5,14,27,6");
    check::<Spanish>("W:WK26:B13,14,22,11,16");
    check::<Russian>("W:Wb6:Bb4,f2,c7,e7,e3");
    check::<Russian>("W:WKb8:Bg5,c7,b4,b6,e7,b2");
    check::<Brazilian>("W:WKc5:Bd6,f6,b6,g7,d2");
    check::<Pool>("W:W6:B18,10,17,20,25,9");
    check::<Pool>("W:WK1:B16,6,17,9,7,25");
    check::<Czech>("W:Wc1:Bd4,b4,g5,h2,b2,d2");
    check::<Czech>("W:WKb8:Bg5,c7,b4,b6,e7,b2");
    check::<Thai>("W:W6:B18,10,17,20,25,9");
    check::<Thai>("W:WK23:B25,16,6,7,26");
    check::<International>("W:WK43:B7,30,17,6,32");
    check::<Canadian>("W:WK3:B35,6,14,32,17,36");
    check::<Turkish>("W:Wh4:Be6,g4,g6,a2,h5,f5");
    check::<Turkish>("W:WKh1:Bc6,h2,e7,a3,b8");
}

/// Men that capture forward only (English): two routes from 22 to 6.
#[test]
fn ambiguous_man_capture_english() {
    let p = pos::<English>("W:W22:B17,9,18,10");
    let a = find(&p, "22x13x6");
    let b = find(&p, "22x15x6");
    assert_eq!(p.move_text(&a), "22x13x6");
    assert_eq!(p.move_text(&b), "22x15x6");
    assert!(matches!(
        p.parse_move("22x6"),
        Err(MoveTextError::Ambiguous { ref candidates, .. }) if candidates.len() == 2
    ));
    assert_eq!(p.parse_move("22-15-6").unwrap(), b);
    check_position(&p).unwrap();
}

/// Thai and Turkish (immediate removal): ambiguous ends too.
#[test]
fn ambiguous_captures_thai_and_turkish() {
    let p = pos::<Thai>("W:WK19:B9,16,25,26");
    let a = find(&p, "19x30x21");
    let b = find(&p, "19x12x30x21");
    assert_ne!(a.captured(), b.captured());
    assert_eq!(p.move_text(&a), "19x30x21");
    assert_eq!(p.move_text(&b), "19x12x21");
    assert_eq!(p.parse_move("19-12-21").unwrap(), b);
    check_position(&p).unwrap();

    let p = pos::<Turkish>("W:WK24:B47,53,40,10");
    let a = find(&p, "h6xh3xb3xb8");
    let b = find(&p, "h6xh2xb2xb8");
    assert_eq!(p.move_text(&a), "h6xh3xb8");
    assert_eq!(p.move_text(&b), "h6xh2xb8");
    assert_eq!(p.parse_move("h6:b2:b8").unwrap(), b);
    assert!(matches!(
        p.parse_move("h6xb8"),
        Err(MoveTextError::Ambiguous { .. })
    ));
    check_position(&p).unwrap();
}

/// A flying king that jumps two pieces in a straight line may stop on any
/// square between them; the text may name any of those squares.
#[test]
fn straight_double_jump_any_stop() {
    // a1 = 46, c3 = 37, d4 = 32, e5 = 28, f6 = 23, g7 = 19.
    let p = pos::<International>("W:WK46:B37,23");
    let m = find(&p, "46x32x19");
    assert_eq!(p.move_text(&m), "46x19");
    assert_eq!(p.parse_move("46x28x19").unwrap(), m);
    assert_eq!(p.parse_move("46x32x19").unwrap(), m);
    assert!(matches!(
        p.parse_move("46x23x19"),
        Err(MoveTextError::Illegal { .. })
    ));
    let input = p.move_input(&[sq::<International>("46"), sq::<International>("28")]);
    assert_eq!(input.candidates().len(), 4); // ends 19, 14, 10 and 5
    let input = p.move_input(&[
        sq::<International>("46"),
        sq::<International>("28"),
        sq::<International>("19"),
    ]);
    assert_eq!(input.chosen(), Some(&m));
}

/// A move that is not legal in the position is written in full.
#[test]
fn move_text_of_foreign_move_is_full_path() {
    let p = pos::<International>("W:W28:B23,13");
    let m = p.legal_moves()[0].clone();
    let other = Position::<International>::start();
    assert_eq!(other.move_text(&m), "28x19x8");
    assert_eq!(p.move_text(&m), "28x8");
}

// ---------------------------------------------------------------------------
// Accepted syntax.

#[test]
fn parse_numeric_step() {
    let p = Position::<International>::start();
    let m = p.parse_move("32-28").unwrap();
    assert_eq!(m.to_string(), "32-28");
    assert_eq!(p.move_text(&m), "32-28");
    // Any separator; spaces around separators; zero padding.
    for t in [
        "32x28",
        "32:28",
        "32 - 28",
        "032-028",
        "  32-28  ",
        "32×28",
        "32–28",
    ] {
        assert_eq!(p.parse_move(t).unwrap(), m, "{t}");
    }
}

#[test]
fn parse_numeric_capture_full_and_partial_path() {
    let p = pos::<International>("W:W35:B30,19,8");
    let m = find(&p, "35x24x13x2");
    for t in [
        "35x2",
        "35x24x2",
        "35x13x2",
        "35x24x13x2",
        "35-24-13-2",
        "35:2",
    ] {
        assert_eq!(p.parse_move(t).unwrap(), m, "{t}");
    }
    assert_eq!(p.move_text(&m), "35x2");
    // Intermediate squares out of order, or not on the path.
    assert!(matches!(
        p.parse_move("35x13x24x2"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("35x29x2"),
        Err(MoveTextError::Illegal { .. })
    ));
}

#[test]
fn parse_algebraic() {
    let p = Position::<Russian>::start();
    let m = p.parse_move("c3-d4").unwrap();
    assert_eq!(m.to_string(), "c3-d4");
    assert_eq!(p.move_text(&m), "c3-d4");
    for t in ["C3-D4", "c3:d4", "c3xd4", "c3 - d4", "c3-d4?!"] {
        assert_eq!(p.parse_move(t).unwrap(), m, "{t}");
    }
    // Numeric input in English numbering for algebraic variants: c3 = 22, d4 = 18.
    assert_eq!(p.parse_move("22-18").unwrap(), m);

    let p = pos::<Russian>("W:Wc3:Bd4");
    let m = p.parse_move("c3:e5").unwrap();
    assert_eq!(m.to_string(), "c3xe5");
    assert_eq!(p.parse_move("c3xe5").unwrap(), m);
    assert_eq!(p.parse_move("c3-e5").unwrap(), m);
    assert_eq!(p.move_text(&m), "c3xe5");

    // §4 trap: a man must finish its capture.
    let p = pos::<Russian>("W:Wh6:Bg7,c5,d2");
    let m = p.parse_move("h6:e1").unwrap();
    assert_eq!(m.to_string(), "h6xf8xb4xe1");
    assert_eq!(p.move_text(&m), "h6xe1");
    assert!(matches!(
        p.parse_move("h6:f8"),
        Err(MoveTextError::Illegal { .. })
    ));
}

#[test]
fn parse_thai_dash_captures() {
    let p = pos::<Thai>("W:WK19:B9,16,25,26");
    let m = find(&p, "19x30x12");
    assert_eq!(p.parse_move("19-30-12").unwrap(), m);
    assert_eq!(p.parse_move("19-12").unwrap(), m);
}

#[test]
fn parse_strength_marks() {
    let p = Position::<English>::start();
    let m = p.parse_move("11-15").unwrap();
    for t in [
        "11-15!", "11-15?", "11-15!!", "11-15??", "11-15!?", "11-15?!", "11-15 !",
    ] {
        assert_eq!(p.parse_move(t).unwrap(), m, "{t}");
    }
    assert!(matches!(
        p.parse_move("11-15!x"),
        Err(MoveTextError::Syntax { position: 5, ref token }) if token == "!"
    ));
}

#[test]
fn parse_russian_short_notation() {
    let p = Position::<Russian>::start();
    // White's men on the c file: only c3 can move; to d4 or b4.
    assert_eq!(p.parse_move("cd4").unwrap().to_string(), "c3-d4");
    assert_eq!(p.parse_move("cb4").unwrap().to_string(), "c3-b4");
    assert_eq!(p.parse_move("c-d4").unwrap().to_string(), "c3-d4");
    assert_eq!(p.parse_move("ed4").unwrap().to_string(), "e3-d4");
    assert_eq!(p.parse_move("gh4!").unwrap().to_string(), "g3-h4");
    // The file says which man.
    let p = pos::<Russian>("W:Wc1,e1:Bh8");
    assert_eq!(p.parse_move("cd2").unwrap().to_string(), "c1-d2");
    assert_eq!(p.parse_move("ed2").unwrap().to_string(), "e1-d2");
    // Captures: c:e5.
    let p = pos::<Russian>("W:Wc3:Bd4");
    assert_eq!(p.parse_move("c:e5").unwrap().to_string(), "c3xe5");
    assert_eq!(p.parse_move("ce5").unwrap().to_string(), "c3xe5");
    // Kings too (`27... ec3` in printed games is a king on e1); a man and a
    // king of the same file that both reach the square make it ambiguous.
    let p = pos::<Russian>("W:WKc3:Bh8");
    assert_eq!(p.parse_move("cd4").unwrap().to_string(), "c3-d4");
    let p = pos::<Russian>("W:Wh6,Kh8:Ba3");
    assert!(matches!(
        p.parse_move("hg7"),
        Err(MoveTextError::Ambiguous { ref candidates, .. }) if candidates.len() == 2
    ));
    // Only for algebraic variants.
    let p = Position::<English>::start();
    assert!(matches!(
        p.parse_move("ed4"),
        Err(MoveTextError::BadSquare { position: 0, .. })
    ));
}

/// Two men on one file whose captures end on the same square: c1 takes d2,
/// c5 takes d4 backward (Russian men capture backward); both land on e3.
#[test]
fn short_notation_ambiguous() {
    let p = pos::<Russian>("W:Wc1,c5:Bd2,d4");
    assert_eq!(
        p.parse_move("ce3"),
        Err(MoveTextError::Ambiguous {
            text: "ce3".into(),
            candidates: vec!["c1xe3".into(), "c5xe3".into()],
        })
    );
    assert_eq!(p.parse_move("c1:e3").unwrap().to_string(), "c1xe3");
    for m in p.legal_moves() {
        assert_eq!(p.move_text(&m), m.to_string());
        assert_eq!(key(&p.parse_move(&p.move_text(&m)).unwrap()), key(&m));
    }
}

#[test]
fn parse_whitespace_and_case() {
    let p = pos::<Russian>("W:Wc3:Bd4");
    assert_eq!(p.parse_move(" C3 : E5 ").unwrap().to_string(), "c3xe5");
}

// ---------------------------------------------------------------------------
// Errors.

#[test]
fn error_empty() {
    let p = Position::<English>::start();
    assert_eq!(p.parse_move(""), Err(MoveTextError::Empty));
    assert_eq!(p.parse_move("   "), Err(MoveTextError::Empty));
    assert_eq!(p.parse_move("!?"), Err(MoveTextError::Empty));
}

#[test]
fn error_syntax() {
    let p = Position::<English>::start();
    assert_eq!(
        p.parse_move("11 15"),
        Err(MoveTextError::Syntax {
            position: 3,
            token: "15".into()
        })
    );
    assert_eq!(
        p.parse_move("11/15"),
        Err(MoveTextError::Syntax {
            position: 2,
            token: "/".into()
        })
    );
    assert_eq!(
        p.parse_move("11-15#"),
        Err(MoveTextError::Syntax {
            position: 5,
            token: "#".into()
        })
    );
    assert!(matches!(
        p.parse_move("1. 11-15"),
        Err(MoveTextError::Syntax { position: 1, .. })
    ));
}

#[test]
fn error_missing_square() {
    let p = Position::<English>::start();
    assert_eq!(
        p.parse_move("11-"),
        Err(MoveTextError::MissingSquare { position: 3 })
    );
    assert_eq!(
        p.parse_move("-15"),
        Err(MoveTextError::MissingSquare { position: 0 })
    );
    assert_eq!(
        p.parse_move("11--15"),
        Err(MoveTextError::MissingSquare { position: 3 })
    );
    assert_eq!(
        p.parse_move("11"),
        Err(MoveTextError::MissingSquare { position: 2 })
    );
    let p = Position::<Russian>::start();
    assert_eq!(
        p.parse_move("c"),
        Err(MoveTextError::MissingSquare { position: 1 })
    );
}

#[test]
fn error_bad_square() {
    let p = Position::<English>::start();
    assert_eq!(
        p.parse_move("11-99"),
        Err(MoveTextError::BadSquare {
            position: 3,
            token: "99".into()
        })
    );
    assert_eq!(
        p.parse_move("0-15"),
        Err(MoveTextError::BadSquare {
            position: 0,
            token: "0".into()
        })
    );
    let p = Position::<Russian>::start();
    // a2 is a light square; i3 is off the board.
    assert_eq!(
        p.parse_move("a1-a2"),
        Err(MoveTextError::BadSquare {
            position: 3,
            token: "a2".into()
        })
    );
    assert_eq!(
        p.parse_move("b1-a2"),
        Err(MoveTextError::BadSquare {
            position: 0,
            token: "b1".into()
        })
    );
    assert_eq!(
        p.parse_move("i3-h4"),
        Err(MoveTextError::BadSquare {
            position: 0,
            token: "i3".into()
        })
    );
    assert_eq!(
        p.parse_move("ci4"),
        Err(MoveTextError::BadSquare {
            position: 1,
            token: "i4".into()
        })
    );
    assert_eq!(
        p.parse_move("zd4"),
        Err(MoveTextError::BadSquare {
            position: 0,
            token: "z".into()
        })
    );
}

#[test]
fn error_illegal() {
    let p = Position::<English>::start();
    assert_eq!(
        p.parse_move("22-18"),
        Err(MoveTextError::Illegal {
            text: "22-18".into(),
            reason: draughts::Illegality::NotYourPiece {
                square: "22".into(),
                owner: draughts::Color::White
            }
        }),
        "White's move, but Black is to move"
    );
    let p = pos::<International>("W:W28:B23,13");
    assert!(matches!(
        p.parse_move("32-28"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("28x19"),
        Err(MoveTextError::Illegal { .. }),
    ));
    let e = p.parse_move("28-22!").unwrap_err();
    assert_eq!(
        e.to_string(),
        "no legal move matches `28-22`: a capture is compulsory: 28x8"
    );
}

#[test]
fn error_ambiguous_lists_candidates() {
    let p = pos::<International>("W:WK1:B23,32,33,44");
    let e = p.parse_move("1x16?").unwrap_err();
    assert_eq!(
        e,
        MoveTextError::Ambiguous {
            text: "1x16".into(),
            candidates: vec!["1x29x38x16".into(), "1x40x49x16".into()]
        }
    );
    assert_eq!(
        e.to_string(),
        "`1x16` is ambiguous: it matches 1x29x38x16, 1x40x49x16"
    );
}

// ---------------------------------------------------------------------------
// Step-wise input.

#[test]
fn input_steps() {
    let p = Position::<English>::start();
    let s = |n: u8| English::square(n).unwrap();
    let mut input = MoveInput::new(&p);
    assert_eq!(input.movable().len(), 4); // 9, 10, 11, 12
    assert_eq!(input.candidates().len(), 7);
    assert!(input.captured().is_empty());
    assert!(!input.click(s(22)), "a white man, Black to move");
    assert!(!input.click(s(1)), "a black man without a move");
    assert!(input.click(s(11)));
    assert_eq!(input.candidates().len(), 2);
    assert_eq!(input.next_squares(), [s(15), s(16)].into_iter().collect());
    assert_eq!(input.destinations(), input.next_squares());
    assert!(!input.is_complete());
    assert!(!input.click(s(14)));
    assert!(input.click(s(15)));
    assert!(input.is_complete());
    assert_eq!(input.chosen().unwrap().to_string(), "11-15");
    assert_eq!(input.clicks(), &[s(11), s(15)]);
    assert_eq!(input.undo(), Some(s(15)));
    assert!(!input.is_complete());
    input.clear();
    assert!(input.clicks().is_empty());
    assert_eq!(input.candidates().len(), 7);
    assert_eq!(input.position(), &p);
}

#[test]
fn input_captures_highlight() {
    let p = pos::<International>("W:W35:B30,19,8");
    let s = |n: u8| International::square(n).unwrap();
    let mut input = MoveInput::new(&p);
    assert_eq!(input.movable().iter().collect::<Vec<_>>(), vec![s(35)]);
    assert_eq!(input.captured().len(), 3);
    assert!(input.click(s(35)));
    assert!(input.next_squares().contains(s(24)));
    assert!(input.next_squares().contains(s(2)));
    assert!(input.click(s(24)));
    assert!(!input.is_complete());
    assert!(!input.click(s(35)));
    assert!(input.click(s(13)));
    assert!(input.click(s(2)));
    assert!(input.is_complete());
    assert_eq!(input.chosen().unwrap().to_string(), "35x24x13x2");
    // Clicks that fit no move give no candidates.
    let input = p.move_input(&[s(35), s(40)]);
    assert!(input.candidates().is_empty());
    assert!(input.next_squares().is_empty());
    assert!(!input.is_complete());
    let input = p.move_input(&[s(1)]);
    assert!(input.candidates().is_empty());
}

#[test]
fn input_ambiguous_end_needs_intermediate() {
    let p = pos::<International>("W:WK1:B23,32,33,44");
    let s = |n: u8| International::square(n).unwrap();
    let input = p.move_input(&[s(1), s(27)]);
    assert_eq!(input.candidates().len(), 2);
    assert!(!input.is_complete());
    assert!(input.next_squares().is_empty());
    let input = p.move_input(&[s(1), s(38), s(27)]);
    assert_eq!(input.chosen().unwrap().to_string(), "1x29x38x27");
    assert_eq!(input.captured().len(), 3);
}

// ---------------------------------------------------------------------------
// FEN.

#[test]
fn fen_tolerant_input() {
    let p = Position::<International>::start();
    for fen in [
        "W:W31-50:B1-20",
        "W:W31-50:B1-20.",
        " W : W31-50 : B1-20 . ",
        "W:B1-20:W31-50",
        "[FEN \"W:W31-50:B1-20\"]",
        "[FEN \"W:W31-50:B01-20.\"]",
        "W:W31-50:B01,02,03,04,05,6-20",
        "W:W31-50:B0001-0020",
        "W:W31-50:B1-20:H0:F1",
        "w:w31-50:b1-20",
    ] {
        assert_eq!(Position::<International>::from_fen(fen), Ok(p), "{fen}");
    }
    let p = pos::<English>("W:W05,31:B1");
    assert_eq!(p.to_fen(), "W:W5,31:B1");
    let p = pos::<Russian>("W:WC3,Ke1:BH8");
    assert_eq!(p.to_fen(), "W:WKe1,c3:Bh8");
}

#[test]
fn fen_errors_name_field_and_square() {
    assert_eq!(
        Position::<International>::from_fen("W:W31-50:B1-20,51"),
        Err(FenError::BadSquare {
            field: 3,
            token: "51".into()
        })
    );
    assert_eq!(
        Position::<International>::from_fen("W:W31-55:B1"),
        Err(FenError::BadRange {
            field: 2,
            token: "31-55".into()
        })
    );
    assert_eq!(
        Position::<International>::from_fen("W:W31,0031:B1"),
        Err(FenError::DuplicateSquare {
            field: 2,
            square: "0031".into()
        })
    );
    assert!(matches!(
        Position::<English>::from_fen("W:W21:B1:H"),
        Err(FenError::ExtraField { field: 4, .. })
    ));
    assert_eq!(
        Position::<Russian>::from_fen("W:Wc3:Bc3"),
        Err(FenError::OnBothSides {
            field: 3,
            square: "c3".into()
        })
    );
    assert_eq!(
        Position::<English>::from_fen("W:W5-17:B30"),
        Err(FenError::TooManyPieces {
            field: 2,
            color: 'W',
            count: 13,
            max: 12
        })
    );
    assert_eq!(
        Position::<English>::from_fen("W"),
        Err(FenError::NoPieceFields)
    );
    assert!(matches!(
        Position::<English>::from_fen("W:W1:B5"),
        Err(FenError::ManOnPromotionRow { field: 2, ref square }) if square == "1"
    ));
    assert_eq!(
        Position::<English>::from_fen("[FEN \"\"]"),
        Err(FenError::Empty)
    );
}

#[test]
fn fen_writing_is_canonical() {
    let p = pos::<International>(" B : W50,49,48,K10 : B1,2,3,5 .");
    assert_eq!(p.to_fen(), "B:WK10,48-50:B1-3,5");
    let p = pos::<Russian>("W:Wh2,a1,Kb8:Bd8,c7");
    assert_eq!(p.to_fen(), "W:Wa1,h2,Kb8:Bc7,d8");
}
