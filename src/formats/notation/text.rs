//! Reading move text: separators, tokens, and the squares a text names.

use smallvec::SmallVec;

use crate::core::bitboard::Square;

use crate::core::variant::board_spec::BoardSpec;

use crate::error::MoveTextError;

/// Where move text says a move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// A square.
    Square(Square),
    /// A piece on this file (algebraic column, 0 = `a`): the short notation `ed4`.
    File(u8),
}

/// Move text after reading, before it is matched against the legal moves.
#[derive(Debug)]
pub(super) struct Spec {
    pub(super) start: Start,
    /// Intermediate landing squares, in order.
    pub(super) mids: SmallVec<[Square; 16]>,
    pub(super) end: Square,
    /// The text without surrounding whitespace and move-strength marks.
    pub(super) text: String,
}

/// True for the characters accepted between two squares.
pub(super) fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':' | '×' | '–' | '—')
}

/// True for the characters a square token is made of.
pub(super) fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() && c != 'x' && c != 'X'
}

/// A square token as `parse_square` wants it: lower case, leading zeros of a
/// number removed.
pub(super) fn normalize(token: &str) -> String {
    let lower = token.to_ascii_lowercase();
    if lower.bytes().all(|b| b.is_ascii_digit()) {
        let trimmed = lower.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    } else {
        lower
    }
}

/// The algebraic column (0 = `a`) of a square.
pub(super) fn file_of(board: &BoardSpec, sq: Square) -> u8 {
    board.algebraic_name(sq).as_bytes()[0] - b'a'
}

/// Reads move text into squares; does not look at the position.
pub(super) fn read_text(board: &BoardSpec, text: &str) -> Result<Spec, MoveTextError> {
    let body = text.trim_end_matches(|c: char| c.is_whitespace() || c == '!' || c == '?');
    let first = body.len() - body.trim_start().len();
    if first == body.len() {
        return Err(MoveTextError::Empty);
    }
    let mut tokens: SmallVec<[(usize, &str); 16]> = SmallVec::new();
    let mut expect_square = true;
    let mut i = first;
    while let Some(c) = body[i..].chars().next() {
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if is_separator(c) {
            if expect_square {
                return Err(MoveTextError::MissingSquare { position: i });
            }
            expect_square = true;
            i += c.len_utf8();
        } else if is_token_char(c) {
            let len = body[i..]
                .find(|c: char| !is_token_char(c))
                .unwrap_or(body.len() - i);
            let token = &body[i..i + len];
            if !expect_square {
                return Err(MoveTextError::Syntax {
                    position: i,
                    token: token.to_string(),
                });
            }
            tokens.push((i, token));
            expect_square = false;
            i += len;
        } else {
            return Err(MoveTextError::Syntax {
                position: i,
                token: c.to_string(),
            });
        }
    }
    if expect_square {
        return Err(MoveTextError::MissingSquare { position: i });
    }

    let algebraic = board.algebraic;
    let bad = |position: usize, token: &str| MoveTextError::BadSquare {
        position,
        token: token.to_string(),
    };
    let square = |position: usize, token: &str| {
        board
            .parse_square(&normalize(token))
            .ok_or_else(|| bad(position, token))
    };
    let file = |position: usize, token: &str| {
        let col = token.as_bytes()[0].to_ascii_lowercase().wrapping_sub(b'a');
        if col < board.width {
            Ok(col)
        } else {
            Err(bad(position, &token[..1]))
        }
    };
    let mut squares: SmallVec<[Square; 16]> = SmallVec::new();
    let (p0, t0) = tokens[0];
    let letters = t0.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let start = if algebraic && t0.len() == 1 && letters == 1 {
        // `e-d4`, `e:d4`, `exd4`: the short notation with a separator.
        Start::File(file(p0, t0)?)
    } else if let Some(sq) = board.parse_square(&normalize(t0)) {
        Start::Square(sq)
    } else if algebraic && letters == 2 && t0.len() >= 3 {
        // `ed4`: a piece on the e file moves to d4.
        let col = file(p0, t0)?;
        squares.push(square(p0 + 1, &t0[1..])?);
        Start::File(col)
    } else {
        return Err(bad(p0, t0));
    };
    for &(p, t) in &tokens[1..] {
        squares.push(square(p, t)?);
    }
    let Some(end) = squares.pop() else {
        return Err(MoveTextError::MissingSquare {
            position: body.len(),
        });
    };
    Ok(Spec {
        start,
        mids: squares,
        end,
        text: body[first..].to_string(),
    })
}
