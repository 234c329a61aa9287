//! A move as neutral data: [`MoveInfo`], what every run-time surface shows
//! of a [`Move`] without knowing its variant.

use crate::bitboard::Square;
use crate::moves::{Jump, Move};
use crate::position::Position;
use crate::variant::Variant;

/// A legal move as plain data, for code that does not know the variant:
/// its texts, its squares, its captures in the order they are taken.
///
/// Squares are [`Square`]s of the move's board; name them with
/// [`DynPosition::square_text`](super::DynPosition::square_text) or
/// [`DynPosition::square_texts`](super::DynPosition::square_texts). Unlike [`Move::captured`]
/// (a set, in numbering order), [`captured`](MoveInfo::captured) lists the
/// pieces in capture order, as an animation takes them.
///
/// ```
/// use draughts::dynamic::{self, DynPosition};
///
/// let pos = dynamic::position_from_fen("international", "W:W28:B23,13").unwrap();
/// let mv = &pos.legal_moves()[0];
/// assert_eq!(mv.text, "28x19x8");
/// assert_eq!(mv.short_text, "28x8");
/// assert_eq!(pos.square_texts(&mv.path), ["19", "8"]);
/// assert_eq!(pos.square_texts(&mv.captured), ["23", "13"]); // capture order
/// assert_eq!(mv.jumps.len(), 2);
/// assert_eq!(pos.square_text(mv.jumps[1].captured), "13");
/// assert!(mv.is_capture() && !mv.promotes);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The full-path text (`28x19x8`, `11-15`), as [`Move`]'s `Display`.
    pub text: String,
    /// The shortest unambiguous text in the position it is played from
    /// ([`Position::move_text`]).
    pub short_text: String,
    /// The start square.
    pub from: Square,
    /// The end square.
    pub to: Square,
    /// Every landing square, the end square last ([`Move::path`]).
    pub path: Vec<Square>,
    /// The captured pieces in capture order (empty for a step).
    pub captured: Vec<Square>,
    /// The jumps in order ([`Move::jumps`]); empty for a step.
    pub jumps: Vec<Jump>,
    /// Whether the moving man is promoted.
    pub promotes: bool,
}

impl MoveInfo {
    /// The move `mv` of `pos` as plain data.
    pub fn new<V: Variant>(pos: &Position<V>, mv: &Move<V>) -> MoveInfo {
        let jumps: Vec<Jump> = mv.jumps().collect();
        let text = mv.to_string();
        // A move of one step or one jump has no intermediate square to
        // leave out: its shortest text is its full path (what
        // `Position::move_text` finds, without preparing the position's
        // moves for matching).
        let short_text = if mv.path().len() == 1 {
            text.clone()
        } else {
            pos.move_text(mv)
        };
        MoveInfo {
            text,
            short_text,
            from: mv.from(),
            to: mv.to(),
            path: mv.path().to_vec(),
            captured: jumps.iter().map(|j| j.captured).collect(),
            jumps,
            promotes: mv.promotes(),
        }
    }

    /// True for a capture.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// The start square then every landing square: the line an arrow or a
    /// last-move mark follows.
    pub fn squares(&self) -> Vec<Square> {
        core::iter::once(self.from)
            .chain(self.path.iter().copied())
            .collect()
    }
}

/// The full-path text ([`text`](MoveInfo::text)), as [`Move`]'s `Display`.
impl core::fmt::Display for MoveInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(&self.text)
    }
}

/// A move to play on the run-time face (`play` of a `dyn DynGame` or a
/// `dyn DynPosition`): its text, or a
/// [`MoveInfo`] the face gave. `&str`, `&String` and `&MoveInfo` turn into one.
///
/// ```
/// use draughts::dynamic::{self, MoveArg};
/// let pos = dynamic::position_from_fen("international", "W:W28:B23,13").unwrap();
/// let mv = pos.legal_moves().remove(0);
/// let by_text = pos.play("28x8").unwrap();
/// let by_info = pos.play(&mv).unwrap();
/// assert_eq!((by_text.fen(), by_info.fen()), ("B:W8:B".to_string(), "B:W8:B".to_string()));
/// assert!(matches!(MoveArg::from("28x8"), MoveArg::Text("28x8")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveArg<'a> {
    /// Move text, in any form [`Position::parse_move`] reads.
    Text(&'a str),
    /// A move the face listed for this position (read by its full-path
    /// text, which names exactly one capture route).
    Info(&'a MoveInfo),
}

impl<'a> From<&'a str> for MoveArg<'a> {
    fn from(text: &'a str) -> Self {
        MoveArg::Text(text)
    }
}

impl<'a> From<&'a String> for MoveArg<'a> {
    fn from(text: &'a String) -> Self {
        MoveArg::Text(text)
    }
}

impl<'a> From<&'a MoveInfo> for MoveArg<'a> {
    fn from(mv: &'a MoveInfo) -> Self {
        MoveArg::Info(mv)
    }
}

impl crate::svg::SvgOptions {
    /// [`mark_move`](crate::svg::SvgOptions::mark_move) for a move given as
    /// [`MoveInfo`]: an arrow along its path and its captured pieces marked
    /// (the same marks as `mark_move` of the typed move; for the same bytes
    /// use [`mark_move_in`](Self::mark_move_in)).
    ///
    /// ```
    /// use draughts::dynamic;
    /// use draughts::svg::SvgOptions;
    /// let pos = dynamic::position_from_fen("international", "W:W28:B23,13").unwrap();
    /// let mv = pos.parse_move("28x8").unwrap();
    /// let svg = pos.to_svg(&SvgOptions::new().mark_move_info(&mv));
    /// assert_eq!(svg.matches("class=\"captured\"").count(), 2);
    /// ```
    pub fn mark_move_info(self, mv: &MoveInfo) -> Self {
        // The captured pieces in the board's bit order: the marks of
        // `mark_move`, though not always written in its (numbering) order;
        // `mark_move_in` writes them so.
        let mut captured = mv.captured.clone();
        crate::sort::sort(&mut captured);
        self.arrow(mv.squares()).captured(captured)
    }

    /// [`mark_move_info`](Self::mark_move_info) with the captured pieces in
    /// the numbering order of `pos` (a position of the move's variant): the
    /// picture [`mark_move`](crate::svg::SvgOptions::mark_move) of the typed
    /// move draws, byte for byte.
    ///
    /// ```
    /// use draughts::dynamic;
    /// use draughts::svg::SvgOptions;
    /// use draughts::{International, Position};
    /// let fen = "W:W28:B23,13";
    /// let pos = dynamic::position_from_fen("international", fen).unwrap();
    /// let mv = pos.parse_move("28x8").unwrap();
    /// let svg = pos.to_svg(&SvgOptions::new().mark_move_in(pos.as_ref(), &mv));
    /// let typed = Position::<International>::from_fen(fen).unwrap();
    /// let typed_mv = typed.parse_move("28x8").unwrap();
    /// assert_eq!(svg, typed.to_svg(&SvgOptions::new().mark_move(&typed_mv)));
    /// ```
    pub fn mark_move_in(self, pos: &dyn super::DynPosition, mv: &MoveInfo) -> Self {
        let mut captured = mv.captured.clone();
        crate::sort::sort_by_key(&mut captured, |&sq| pos.square_number(sq));
        self.arrow(mv.squares()).captured(captured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{English, International, Russian, Thai};

    /// Every legal move of the positions of a few seeded random games: its
    /// short text is `Position::move_text`'s.
    fn short_texts_are_move_texts<V: Variant>() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20 {
            let mut pos = Position::<V>::start();
            for _ in 0..120 {
                let moves = pos.legal_moves_in(crate::MoveMode::Routes);
                if moves.is_empty() {
                    break;
                }
                for m in moves.iter() {
                    assert_eq!(MoveInfo::new(&pos, m).short_text, pos.move_text(m));
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn the_short_text_is_the_positions_move_text() {
        short_texts_are_move_texts::<International>();
        short_texts_are_move_texts::<English>();
        short_texts_are_move_texts::<Russian>();
        short_texts_are_move_texts::<Thai>();
        short_texts_are_move_texts::<crate::house_rules::SiteThai>();
    }
}
