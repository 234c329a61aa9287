//! FEN (PDN 3.0 style): `W:W31-50:B1-20`.
//!
//! The first field is the side to move; then one field per colour, in either
//! order, each a comma-separated list of squares with a `K` prefix for kings and
//! `a-b` ranges of numbers. Squares are numbers in the variant's numbering or
//! algebraic names (`c3`). Whitespace, a trailing `.` and a `[FEN "..."]`
//! wrapper are accepted on input, and so are zero-padded numbers (`W:W05,31`),
//! upper-case algebraic names and move-counter fields after the piece fields
//! (`:H0:F1`, as some programs write them; ignored). Variants with a
//! king-move limit (Frisian) read and write lidraughts' last field
//! `+<n><sq>+<n><sq>`: Black's count and the square of its king, then White's
//! (`:+0+228`: White's king on 28 has made two moves in a row); the field is
//! written only when a count is not zero. Errors name the field
//! (1-based, the side to move being field 1) and the offending token or square.
//! The written FEN is canonical, and reading it gives the same position.

use crate::core::bitboard::Square;
use crate::core::position::{KingRun, Position, Setup};
use crate::core::squares::SquareSet;
use crate::core::variant::board_spec::{bit, narrow, squares, wide, BoardSpec};
use crate::core::variant::{Color, Variant};
use crate::error::FenError;

impl<V: Variant> Position<V> {
    /// Reads a position from FEN.
    ///
    /// ```
    /// use draughts::{FenError, Position, Russian};
    /// let pos = Position::<Russian>::from_fen("W:Wh6:Bg7,c5,d2").unwrap();
    /// assert_eq!(pos.to_fen(), "W:Wh6:Bd2,c5,g7");
    /// assert!(matches!(
    ///     Position::<Russian>::from_fen("W:Wh6:Bg7,x5"),
    ///     Err(FenError::BadSquare { field: 3, .. })
    /// ));
    ///
    /// use draughts::International;
    /// let a = Position::<International>::from_fen("W:W31-50:B1-20").unwrap();
    /// let b = Position::<International>::from_fen("[FEN \"W:W31-50:B01-20.\"]").unwrap();
    /// let c = Position::<International>::from_fen(" W : W31-50 : B1-20 :H0:F1 ").unwrap();
    /// assert!(a == b && b == c);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        let start = Position::<V>::start();
        let max = [Color::White, Color::Black].map(|c| start.pieces(c).len());
        let f = read_fen(BoardSpec::of::<V>(), fen, max)?;
        let setup = Setup {
            white: SquareSet::from_bits(narrow::<V>(f.white)),
            black: SquareSet::from_bits(narrow::<V>(f.black)),
            kings: SquareSet::from_bits(narrow::<V>(f.kings)),
            turn: Some(f.turn),
            king_runs: f.king_runs,
        };
        Ok(Position::from_setup(setup)?)
    }

    /// Writes the canonical FEN: side to move, White's field, Black's field;
    /// numbers ascending with runs of three or more men as ranges (numeric
    /// variants), or algebraic names rank by rank (algebraic variants).
    pub fn to_fen(&self) -> String {
        write_fen(
            BoardSpec::of::<V>(),
            self.turn,
            [wide::<V>(self.white), wide::<V>(self.black)],
            wide::<V>(self.kings),
            &self.runs,
        )
    }
}

/// A position read from FEN, its squares as `u128` sets.
struct Fen {
    turn: Color,
    white: u128,
    black: u128,
    kings: u128,
    king_runs: [Option<KingRun>; 2],
}

/// Reads FEN on the board of `spec`; `max` is the number of pieces each side
/// (`[white, black]`) has at the start.
fn read_fen(spec: &BoardSpec, fen: &str, max: [usize; 2]) -> Result<Fen, FenError> {
    let text: String = unwrap_tag(fen)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let text = text.strip_suffix('.').unwrap_or(&text);
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side = fields.next().unwrap_or_default();
    let turn = match side {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        _ => return Err(FenError::BadSide(side.to_string())),
    };
    let mut sides: [Option<(u128, u128)>; 2] = [None, None];
    let mut fields_of = [0usize; 2];
    let mut runs: Option<(usize, ParsedRuns)> = None;
    for (i, field) in fields.enumerate() {
        let index = i + 2;
        if is_counter(field) {
            continue;
        }
        if field.starts_with('+') {
            if spec.king_move_limit.is_none() || runs.is_some() {
                return Err(FenError::ExtraField {
                    field: index,
                    text: field.to_string(),
                });
            }
            runs = Some((index, parse_runs(spec, field, index)?));
            continue;
        }
        let mut chars = field.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ if i >= 2 => {
                return Err(FenError::ExtraField {
                    field: index,
                    text: field.to_string(),
                })
            }
            _ => {
                return Err(FenError::BadColor {
                    field: index,
                    text: field.to_string(),
                })
            }
        };
        let slot = &mut sides[color as usize];
        if slot.is_some() {
            return Err(FenError::DuplicateColor {
                field: index,
                color: color.letter(),
            });
        }
        *slot = Some(parse_list(spec, chars.as_str(), index)?);
        fields_of[color as usize] = index;
    }
    if sides.iter().all(Option::is_none) {
        return Err(FenError::NoPieceFields);
    }
    let (white, white_kings) = sides[0].unwrap_or_default();
    let (black, black_kings) = sides[1].unwrap_or_default();
    let field_of = |c: Color| fields_of[c as usize];
    if let Some(sq) = squares(white & black).next() {
        return Err(FenError::OnBothSides {
            field: field_of(Color::White).max(field_of(Color::Black)),
            square: spec.square_text(sq),
        });
    }
    for (color, pieces, kings, far) in [
        (Color::White, white, white_kings, spec.last_row),
        (Color::Black, black, black_kings, spec.first_row),
    ] {
        if let Some(sq) = squares(pieces & !kings & far).next() {
            return Err(FenError::ManOnPromotionRow {
                field: field_of(color),
                square: spec.square_text(sq),
            });
        }
        let (count, max) = (pieces.count_ones() as usize, max[color as usize]);
        if count > max {
            return Err(FenError::TooManyPieces {
                field: field_of(color),
                color: color.letter(),
                count,
                max,
            });
        }
    }
    let mut king_runs = [None; 2];
    if let Some((field, parsed)) = runs {
        for (color, pieces, kings) in [
            (Color::White, white, white_kings),
            (Color::Black, black, black_kings),
        ] {
            let Some((moves, king)) = parsed[color as usize] else {
                continue;
            };
            let limit = spec.king_move_limit.unwrap_or(0);
            if moves > limit {
                return Err(FenError::BadKingMoves {
                    field,
                    text: format!("{moves}"),
                });
            }
            // lidraughts keeps the square of a king that has since
            // been captured, or a count for a side whose men are gone;
            // such a count can't limit any move, and reads as none.
            if kings & bit(king) == 0 || pieces & !kings == 0 {
                continue;
            }
            king_runs[color as usize] = Some(KingRun { king, moves });
        }
    }
    Ok(Fen {
        turn,
        white,
        black,
        kings: white_kings | black_kings,
        king_runs,
    })
}

/// Writes the canonical FEN of a position (see [`Position::to_fen`]);
/// `sides` is `[white, black]`.
fn write_fen(
    spec: &BoardSpec,
    turn: Color,
    sides: [u128; 2],
    kings: u128,
    runs: &[Option<KingRun>; 2],
) -> String {
    let mut out = String::new();
    out.push(turn.letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        write_list(spec, &mut out, sides[color as usize], kings);
    }
    if runs.iter().any(Option::is_some) {
        out.push(':');
        for color in [Color::Black, Color::White] {
            out.push('+');
            match runs[color as usize] {
                Some(r) if spec.algebraic => {
                    out.push_str(&format!("{}{}", r.moves, spec.algebraic_name(r.king)))
                }
                Some(r) => out.push_str(&format!("{}{:02}", r.moves, spec.square_number(r.king))),
                None => out.push('0'),
            }
        }
    }
    out
}

/// Per colour (`[white, black]`), a king-move count and its king's square.
type ParsedRuns = [Option<(u8, Square)>; 2];

/// Reads lidraughts' king-move field `+<n>[<sq>]+<n>[<sq>]` (Black first):
/// per colour, the count and the square of the king that made the moves, or
/// `None` for a zero count.
fn parse_runs(spec: &BoardSpec, field: &str, index: usize) -> Result<ParsedRuns, FenError> {
    let bad = || FenError::BadKingMoves {
        field: index,
        text: field.to_string(),
    };
    let parts: Vec<&str> = field.split('+').skip(1).collect();
    if parts.len() != 2 {
        return Err(bad());
    }
    let mut out = [None; 2];
    for (part, color) in parts.into_iter().zip([Color::Black, Color::White]) {
        let mut chars = part.chars();
        let moves = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(bad)? as u8;
        let square = chars.as_str();
        if moves == 0 {
            // lidraughts writes a bare 0 (a square after it would be stale).
            if !square.is_empty() && spec.parse_square(&square.to_ascii_lowercase()).is_none() {
                return Err(bad());
            }
            continue;
        }
        let sq = match parse_number(square) {
            Some(n) => spec.square(n),
            None => spec.parse_square(&square.to_ascii_lowercase()),
        }
        .ok_or_else(bad)?;
        out[color as usize] = Some((moves, sq));
    }
    Ok(out)
}

/// Strips a `[FEN "..."]` tag wrapper and quotes.
fn unwrap_tag(fen: &str) -> &str {
    let t = fen.trim();
    let t = match t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(inner) => inner.trim().strip_prefix("FEN").unwrap_or(inner).trim(),
        None => t,
    };
    t.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(t)
}

fn parse_list(spec: &BoardSpec, list: &str, field: usize) -> Result<(u128, u128), FenError> {
    let mut pieces = 0u128;
    let mut kings = 0u128;
    if list.is_empty() {
        return Ok((pieces, kings));
    }
    for token in list.split(',') {
        if token.is_empty() {
            continue;
        }
        let (king, body) = match token.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let bad_square = || FenError::BadSquare {
            field,
            token: token.to_string(),
        };
        let mut add = |sq: Square, text: &str| -> Result<(), FenError> {
            let bit = bit(sq);
            if pieces & bit != 0 {
                return Err(FenError::DuplicateSquare {
                    field,
                    square: text.to_string(),
                });
            }
            pieces |= bit;
            if king {
                kings |= bit;
            }
            Ok(())
        };
        if let Some((a, b)) = body.split_once('-') {
            let bad_range = || FenError::BadRange {
                field,
                token: token.to_string(),
            };
            let (Some(a), Some(b)) = (parse_number(a), parse_number(b)) else {
                return Err(bad_range());
            };
            if a > b {
                return Err(bad_range());
            }
            for n in a..=b {
                let sq = spec.square(n).ok_or_else(bad_range)?;
                add(sq, &n.to_string())?;
            }
        } else {
            let sq = match parse_number(body) {
                Some(n) => spec.square(n),
                None => spec.parse_square(&body.to_ascii_lowercase()),
            }
            .ok_or_else(bad_square)?;
            add(sq, body)?;
        }
    }
    Ok((pieces, kings))
}

/// A square number, allowing zero padding (`05`); `None` if not a number
/// below 256.
fn parse_number(text: &str) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let digits = text.trim_start_matches('0');
    if digits.len() > 3 {
        return None;
    }
    if digits.is_empty() {
        return Some(0);
    }
    digits.parse().ok()
}

/// True for a move-counter field as some programs append them (`H0`, `F12`).
fn is_counter(field: &str) -> bool {
    let mut chars = field.chars();
    matches!(chars.next(), Some('H' | 'h' | 'F' | 'f'))
        && !chars.as_str().is_empty()
        && chars.as_str().bytes().all(|c| c.is_ascii_digit())
}

fn write_list(spec: &BoardSpec, out: &mut String, pieces: u128, kings: u128) {
    use core::fmt::Write;
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !first {
            out.push(',');
        }
        first = false;
    };
    if spec.algebraic {
        let mut list: Vec<Square> = squares(pieces).collect();
        crate::core::sort::sort_by_key(&mut list, |&s| spec.coords(s));
        for s in list {
            sep(out);
            if kings & bit(s) != 0 {
                out.push('K');
            }
            out.push_str(&spec.algebraic_name(s));
        }
        return;
    }
    let numbers: Vec<(u8, bool)> = {
        let mut v: Vec<(u8, bool)> = squares(pieces)
            .map(|s| (spec.square_number(s), kings & bit(s) != 0))
            .collect();
        crate::core::sort::sort(&mut v);
        v
    };
    let mut i = 0;
    while i < numbers.len() {
        let (n, king) = numbers[i];
        sep(out);
        if king {
            let _ = write!(out, "K{n}");
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < numbers.len() && !numbers[j + 1].1 && numbers[j + 1].0 == numbers[j].0 + 1 {
            j += 1;
        }
        if j >= i + 2 {
            let _ = write!(out, "{n}-{}", numbers[j].0);
            i = j + 1;
        } else {
            let _ = write!(out, "{n}");
            i += 1;
        }
    }
}
