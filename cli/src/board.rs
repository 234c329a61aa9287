//! Drawing a position as text: Unicode draughts pieces (or ASCII letters) on
//! the board as White sees it (or Black with `flipped`), files and ranks
//! around it, and each empty playing square showing its number in variants
//! whose notation numbers the squares.
use draughts::{Color, Geometry, PieceKind, Position, Variant};

/// How to draw the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// ⛀ ⛁ (White man, king) and ⛂ ⛃ (Black man, king).
    Unicode,
    /// `w W` and `b B`.
    Ascii,
}

/// The board as lines of text.
pub fn draw<V: Variant>(pos: &Position<V>, style: Style, flipped: bool) -> String {
    let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
    let numbered = !V::RULES.game_type.algebraic;
    let files: String = (0..w)
        .map(|c| {
            let c = if flipped { w - 1 - c } else { c };
            format!(" {} ", (b'a' + c) as char)
        })
        .collect();
    let mut out = format!("    {files}\n");
    for r in 0..h {
        let row = if flipped { r } else { h - 1 - r };
        out += &format!("{:>3} ", row + 1);
        for c in 0..w {
            let col = if flipped { w - 1 - c } else { c };
            let cell = match V::algebraic_square(row, col) {
                None => "   ".to_string(),
                Some(sq) => match pos.piece_at(sq) {
                    Some(p) => format!(" {} ", glyph(p.color, p.kind, style)),
                    None if numbered => format!("{:>3}", V::square_number(sq)),
                    None => " . ".to_string(),
                },
            };
            out += &cell;
        }
        // Two spaces before the rank: a square number in the last column
        // (right-aligned in its cell) never runs into it (`20  4`).
        out += &format!("  {}\n", row + 1);
    }
    out += &format!("    {files}\n");
    out
}

/// The character of a piece.
pub fn glyph(color: Color, kind: PieceKind, style: Style) -> char {
    match (style, color, kind) {
        (Style::Unicode, Color::White, PieceKind::Man) => '⛀',
        (Style::Unicode, Color::White, PieceKind::King) => '⛁',
        (Style::Unicode, Color::Black, PieceKind::Man) => '⛂',
        (Style::Unicode, Color::Black, PieceKind::King) => '⛃',
        (Style::Ascii, Color::White, PieceKind::Man) => 'w',
        (Style::Ascii, Color::White, PieceKind::King) => 'W',
        (Style::Ascii, Color::Black, PieceKind::Man) => 'b',
        (Style::Ascii, Color::Black, PieceKind::King) => 'B',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{English, Russian, Turkish};

    #[test]
    fn english_start_shows_pieces_numbers_and_coordinates() {
        let text = draw(&Position::<English>::start(), Style::Ascii, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0].trim(), "a  b  c  d  e  f  g  h");
        // Rank 8 (Black's back row) on top: squares 1-4 hold Black men.
        assert_eq!(lines[1], "  8     b     b     b     b   8");
        // The empty middle rows show their square numbers (13-16 on rank 5).
        assert_eq!(lines[4], "  5  13    14    15    16     5");
        assert_eq!(lines[8], "  1  w     w     w     w      1");
    }

    /// Every rank line of `text`: the rank label at both ends, each at
    /// least two spaces from the squares' text.
    fn assert_labels_stand_apart(text: &str) {
        let lines: Vec<&str> = text.lines().collect();
        for line in &lines[1..lines.len() - 1] {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (first, last) = (words[0], words[words.len() - 1]);
            assert_eq!(first, last, "{line}");
            let left = line.trim_start().strip_prefix(first).unwrap();
            let right = line.strip_suffix(last).unwrap();
            assert!(left.starts_with("  "), "left label touches: {line:?}");
            assert!(right.ends_with("  "), "right label touches: {line:?}");
        }
    }

    #[test]
    fn square_numbers_never_touch_the_rank_labels() {
        use draughts::{Canadian, International};
        // Empty boards show every square's number, the widest case.
        let empty = Position::<International>::from_fen("W:W:B").unwrap();
        for flipped in [false, true] {
            assert_labels_stand_apart(&draw(&empty, Style::Ascii, flipped));
            let pos = Position::<International>::start();
            assert_labels_stand_apart(&draw(&pos, Style::Unicode, flipped));
            let empty = Position::<English>::from_fen("W:W:B").unwrap();
            assert_labels_stand_apart(&draw(&empty, Style::Ascii, flipped));
            let empty = Position::<Canadian>::from_fen("W:W:B").unwrap();
            assert_labels_stand_apart(&draw(&empty, Style::Ascii, flipped));
        }
        // International rank 4 ends with square 35's number.
        let text = draw(&empty, Style::Ascii, false);
        assert_eq!(
            text.lines().nth(7).unwrap(),
            "  4     31    32    33    34    35  4"
        );
    }

    #[test]
    fn flipped_boards_put_black_at_the_bottom() {
        let text = draw(&Position::<English>::start(), Style::Unicode, true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].trim(), "h  g  f  e  d  c  b  a");
        assert!(lines[1].starts_with("  1 ") && lines[1].contains('⛀'));
        assert!(lines[8].starts_with("  8 ") && lines[8].contains('⛂'));
    }

    #[test]
    fn algebraic_and_orthogonal_boards_mark_empty_squares_with_dots() {
        let text = draw(&Position::<Russian>::start(), Style::Ascii, false);
        assert_eq!(
            text.lines().nth(4).unwrap(),
            "  5  .     .     .     .      5"
        );
        let text = draw(&Position::<Turkish>::start(), Style::Ascii, false);
        // Turkish: every square is played; men on ranks 2-3 and 6-7.
        assert_eq!(
            text.lines().nth(2).unwrap(),
            "  7  b  b  b  b  b  b  b  b   7"
        );
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "  8  .  .  .  .  .  .  .  .   8"
        );
    }
}
