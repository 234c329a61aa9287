//! [`DynPosition`]: a position of any variant behind a trait object, and
//! [`DynInput`], click input on such a position (one file: each names the
//! other).

use core::fmt;

use super::moves::{MoveArg, MoveInfo};
use crate::bitboard::Square;
use crate::error::MoveTextError;
use crate::geometry::{Geometry, Layout};
use crate::moves::MoveMode;
use crate::notation::MoveInput;
use crate::outcome::Outcome;
use crate::perft::{divide, perft_in, perft_parallel};
use crate::position::{Piece, Position};
use crate::squares::SquareSet;
use crate::svg::SvgOptions;
use crate::variant::{Color, Rules, Variant};

/// A position of some variant, behind a trait object: FEN, diagram, the
/// legal moves as [`MoveInfo`], perft, click input, SVG, and the names of
/// its board's squares. Implemented for every [`Position<V>`]; build one
/// with [`new_position`](super::new_position),
/// [`position_from_fen`](super::position_from_fen),
/// [`DynGame::position`](super::DynGame::position) or `Box::new(pos)`.
///
/// Squares go in and come out as [`Square`]s of this position's board;
/// lists of squares are in numbering order unless said otherwise.
///
/// ```
/// use draughts::dynamic::{self, DynPosition};
/// use draughts::MoveMode;
///
/// let pos = dynamic::new_position("russian").unwrap();
/// assert_eq!(pos.perft(3, MoveMode::Distinct), 302);
/// assert_eq!(pos.square_text(pos.parse_square("c3").unwrap()), "c3");
/// let next = pos.play("c3-d4").unwrap();
/// assert_eq!(next.turn(), draughts::Color::Black);
/// assert_eq!(next.flipped().turn(), draughts::Color::White);
/// ```
pub trait DynPosition: fmt::Debug + Send + Sync {
    /// The variant's name ([`Variant::NAME`]).
    fn name(&self) -> &'static str;
    /// The variant's rule set.
    fn rules(&self) -> Rules;
    /// The canonical FEN.
    fn fen(&self) -> String;
    /// The text diagram ([`Position::diagram`]): square numbers in the
    /// numbered variants.
    fn diagram(&self) -> String;
    /// The text diagram with the square numbers of a numbered variant
    /// written on its empty squares ([`numbered_diagram`]); the plain
    /// [`diagram`](DynPosition::diagram) for an algebraic one.
    fn numbered_diagram(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The same position seen from the other side ([`Position::flipped`]).
    fn flipped(&self) -> Box<dyn DynPosition>;
    /// The legal moves ([`Position::legal_moves`]).
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// The legal moves in `mode` (every capture route with [`MoveMode::Routes`]).
    fn legal_moves_in(&self, mode: MoveMode) -> Vec<MoveInfo>;
    /// The legal move named by `text` (any form [`Position::parse_move`] reads).
    fn parse_move(&self, text: &str) -> Result<MoveInfo, MoveTextError>;
    /// The position after a move: text or a [`MoveInfo`] of this position,
    /// as [`DynGame::play_arg`](super::DynGame::play_arg) takes them. The
    /// object-safe form of [`play`](#method.play), which takes anything
    /// `Into<MoveArg>`; call that.
    fn play_arg(&self, mv: MoveArg<'_>) -> Result<Box<dyn DynPosition>, MoveTextError>;
    /// Perft in `mode` ([`perft_in`]).
    fn perft(&self, depth: u32, mode: MoveMode) -> u64;
    /// Perft per root move, the move as full-path text ([`divide`]).
    fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)>;
    /// Perft in `mode` on `threads` threads ([`perft_parallel`]): the same
    /// count as [`perft`](DynPosition::perft), sooner on several cores.
    ///
    /// ```
    /// use draughts::MoveMode;
    /// let pos = draughts::dynamic::new_position("spanish-site").unwrap();
    /// assert_eq!(pos.perft_parallel(4, MoveMode::Distinct, 2), pos.perft(4, MoveMode::Distinct));
    /// ```
    fn perft_parallel(&self, depth: u32, mode: MoveMode, threads: usize) -> u64;
    /// A new game of this position's variant starting from it
    /// ([`Game::from_position`](crate::Game::from_position)).
    ///
    /// ```
    /// let pos = draughts::dynamic::position_from_fen("thai-site", "W:W18:B14").unwrap();
    /// let game = pos.to_game();
    /// assert_eq!((game.name(), game.fen(), game.ply_count()), ("thai-site", pos.fen(), 0));
    /// ```
    fn to_game(&self) -> Box<dyn super::DynGame>;
    /// The position after the legal move at `index` of
    /// [`legal_moves_in(mode)`](DynPosition::legal_moves_in), without text;
    /// `None` when `index` is not below their number.
    ///
    /// ```
    /// use draughts::MoveMode;
    /// let pos = draughts::dynamic::new_position("english").unwrap();
    /// let third = &pos.legal_moves_in(MoveMode::Distinct)[2];
    /// let next = pos.play_nth(MoveMode::Distinct, 2).unwrap();
    /// assert_eq!(next.fen(), pos.play(&third.text).unwrap().fen());
    /// assert!(pos.play_nth(MoveMode::Distinct, 7).is_none());
    /// ```
    fn play_nth(&self, mode: MoveMode, index: usize) -> Option<Box<dyn DynPosition>>;
    /// The index in [`legal_moves_in(mode)`](DynPosition::legal_moves_in)
    /// of the legal move that starts on `from`, lands on the squares of
    /// `path` in order and captures the pieces on `captured` (in any order);
    /// `None` when no legal move does. With [`play_nth`](DynPosition::play_nth)
    /// and [`move_at`](DynPosition::move_at), a frontend that keeps moves as
    /// squares plays them without text and without listing every move.
    ///
    /// ```
    /// use draughts::MoveMode;
    /// let pos = draughts::dynamic::position_from_fen("international", "W:W28:B23,13").unwrap();
    /// let sq = |n| pos.square(n).unwrap();
    /// let i = pos.find_index(MoveMode::Routes, sq(28), &[sq(19), sq(8)], &[sq(13), sq(23)]);
    /// assert_eq!(i, Some(0));
    /// assert_eq!(pos.move_at(MoveMode::Routes, 0).unwrap().text, "28x19x8");
    /// assert_eq!(pos.find_index(MoveMode::Routes, sq(28), &[sq(19), sq(8)], &[sq(23)]), None);
    /// assert!(pos.move_at(MoveMode::Routes, 1).is_none());
    /// ```
    fn find_index(
        &self,
        mode: MoveMode,
        from: Square,
        path: &[Square],
        captured: &[Square],
    ) -> Option<usize>;
    /// The legal move at `index` of
    /// [`legal_moves_in(mode)`](DynPosition::legal_moves_in), or `None`.
    fn move_at(&self, mode: MoveMode, index: usize) -> Option<MoveInfo>;
    /// The position after each legal move, in
    /// [`legal_moves_in(mode)`](DynPosition::legal_moves_in) order, without
    /// text (for counting or walking the tree through the face).
    ///
    /// ```
    /// use draughts::MoveMode;
    /// let pos = draughts::dynamic::new_position("russian").unwrap();
    /// let total: u64 = pos.successors(MoveMode::Distinct).iter().map(|p| p.perft(2, MoveMode::Distinct)).sum();
    /// assert_eq!(total, pos.perft(3, MoveMode::Distinct));
    /// ```
    fn successors(&self, mode: MoveMode) -> Vec<Box<dyn DynPosition>>;
    /// The number of legal moves in `mode`.
    fn count_moves(&self, mode: MoveMode) -> u64;
    /// True when the side to move must capture.
    fn has_captures(&self) -> bool;
    /// The win this position gives by its variant's win rule ([`Position::outcome`]).
    fn outcome(&self) -> Option<Outcome>;
    /// True when the game is over on the board ([`Position::is_game_over`]).
    fn is_game_over(&self) -> bool;
    /// The piece on `sq`, if any.
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// The squares of `color`'s pieces.
    fn pieces(&self, color: Color) -> Vec<Square>;
    /// The squares of `color`'s kings.
    fn kings(&self, color: Color) -> Vec<Square>;
    /// The Zobrist hash.
    fn zobrist(&self) -> u64;
    /// Click input for this position ([`MoveInput`](crate::MoveInput)).
    fn input(&self) -> Box<dyn DynInput>;
    /// The position as an SVG picture ([`Position::to_svg`]).
    fn to_svg(&self, options: &SvgOptions) -> String;
    /// A copy, boxed (what `Clone` for `Box<dyn DynPosition>` calls).
    fn boxed_clone(&self) -> Box<dyn DynPosition>;

    /// Every playing square of the board.
    fn squares(&self) -> Vec<Square>;
    /// The square with number `number` ([`Variant::square`]).
    fn square(&self, number: u8) -> Option<Square>;
    /// The square named `text`: a number or an algebraic name ([`Variant::parse_square`]).
    fn parse_square(&self, text: &str) -> Option<Square>;
    /// The square as the variant writes it ([`Variant::square_text`]).
    fn square_text(&self, sq: Square) -> String;
    /// The square's number ([`Variant::square_number`]).
    fn square_number(&self, sq: Square) -> u8;
    /// `(row, column)` from White's side, for drawing ([`Variant::square_coords`]).
    fn square_coords(&self, sq: Square) -> (u8, u8);
    /// `(columns, rows)` of the board.
    fn board_size(&self) -> (u8, u8);
    /// Diagonal or orthogonal moves ([`Geometry::LAYOUT`]).
    fn layout(&self) -> Layout;

    /// The texts of `squares`, in the order given.
    fn square_texts(&self, squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| self.square_text(s)).collect()
    }
}

/// The text diagram of `pos` (as [`Position::diagram`]: White's side at the
/// bottom, `w`/`b` men, `W`/`B` kings) with every empty playing square
/// showing its number, for the variants whose notation is numeric; the plain
/// diagram for the algebraic ones, whose files and ranks are on its edges.
///
/// ```
/// use draughts::dynamic::numbered_diagram;
/// use draughts::{English, Position};
/// let d = numbered_diagram(&Position::<English>::from_fen("B:W32:B1").unwrap());
/// // Black's man on 1, White's on 32, every other square by its number.
/// assert!(d.lines().any(|l| l.contains("b") && l.contains("2") && l.contains("4")));
/// assert!(d.contains("31") && d.contains(" w"));
/// assert!(d.ends_with("Black to move\n"));
/// ```
pub fn numbered_diagram<V: Variant>(pos: &Position<V>) -> String {
    if V::RULES.game_type.algebraic {
        return pos.diagram();
    }
    let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
    let cell = V::Board::SQUARES.to_string().len();
    let mut out = String::new();
    for row in (0..h).rev() {
        let mut line = String::new();
        for col in 0..w {
            let text = match V::algebraic_square(row, col) {
                None => String::new(),
                Some(sq) => match pos.piece_at(sq) {
                    None => V::square_number(sq).to_string(),
                    Some(p) => {
                        let c = match p.color {
                            Color::White => 'w',
                            Color::Black => 'b',
                        };
                        match p.kind {
                            crate::PieceKind::Man => c.to_string(),
                            crate::PieceKind::King => c.to_ascii_uppercase().to_string(),
                        }
                    }
                },
            };
            line.push_str(&format!(" {text:>cell$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("{} to move\n", pos.turn()));
    out
}

fn infos<V: Variant>(pos: &Position<V>, moves: &[crate::Move<V>]) -> Vec<MoveInfo> {
    moves.iter().map(|m| MoveInfo::new(pos, m)).collect()
}

impl<V: Variant> DynPosition for Position<V> {
    fn name(&self) -> &'static str {
        V::NAME
    }
    fn rules(&self) -> Rules {
        V::RULES
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn diagram(&self) -> String {
        Position::diagram(self)
    }
    fn numbered_diagram(&self) -> String {
        numbered_diagram(self)
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn flipped(&self) -> Box<dyn DynPosition> {
        Box::new(Position::flipped(self))
    }
    fn legal_moves(&self) -> Vec<MoveInfo> {
        infos(self, &Position::legal_moves(self))
    }
    fn legal_moves_in(&self, mode: MoveMode) -> Vec<MoveInfo> {
        infos(self, &Position::legal_moves_in(self, mode))
    }
    fn parse_move(&self, text: &str) -> Result<MoveInfo, MoveTextError> {
        Position::parse_move(self, text).map(|m| MoveInfo::new(self, &m))
    }
    fn play_arg(&self, mv: MoveArg<'_>) -> Result<Box<dyn DynPosition>, MoveTextError> {
        // A MoveInfo is read by its full-path text (as DynGame::play_arg).
        let text = match mv {
            MoveArg::Text(text) => text,
            MoveArg::Info(info) => &info.text,
        };
        let mv = Position::parse_move(self, text)?;
        Ok(Box::new(Position::play(self, &mv)))
    }
    fn perft(&self, depth: u32, mode: MoveMode) -> u64 {
        perft_in(self, depth, mode)
    }
    fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)> {
        divide(self, depth, mode)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    }
    fn perft_parallel(&self, depth: u32, mode: MoveMode, threads: usize) -> u64 {
        perft_parallel(self, depth, mode, threads)
    }
    fn to_game(&self) -> Box<dyn super::DynGame> {
        Box::new(crate::Game::from_position(*self))
    }
    fn play_nth(&self, mode: MoveMode, index: usize) -> Option<Box<dyn DynPosition>> {
        let moves = Position::legal_moves_in(self, mode);
        let mv = moves.get(index)?;
        Some(Box::new(Position::play(self, mv)))
    }
    fn find_index(
        &self,
        mode: MoveMode,
        from: Square,
        path: &[Square],
        captured: &[Square],
    ) -> Option<usize> {
        Position::legal_moves_in(self, mode).iter().position(|m| {
            let taken = m.captured();
            m.from() == from
                && m.path() == path
                && taken.len() == captured.len()
                && captured.iter().all(|&s| taken.contains(s))
        })
    }
    fn move_at(&self, mode: MoveMode, index: usize) -> Option<MoveInfo> {
        let moves = Position::legal_moves_in(self, mode);
        moves.get(index).map(|m| MoveInfo::new(self, m))
    }
    fn successors(&self, mode: MoveMode) -> Vec<Box<dyn DynPosition>> {
        Position::legal_moves_in(self, mode)
            .iter()
            .map(|m| Box::new(Position::play(self, m)) as Box<dyn DynPosition>)
            .collect()
    }
    fn count_moves(&self, mode: MoveMode) -> u64 {
        Position::count_moves(self, mode)
    }
    fn has_captures(&self) -> bool {
        Position::has_captures(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn is_game_over(&self) -> bool {
        Position::is_game_over(self)
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }
    fn pieces(&self, color: Color) -> Vec<Square> {
        Position::pieces(self, color).iter().collect()
    }
    fn kings(&self, color: Color) -> Vec<Square> {
        Position::kings(self, color).iter().collect()
    }
    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }
    fn input(&self) -> Box<dyn DynInput> {
        Box::new(Input::new(self, true))
    }
    fn to_svg(&self, options: &SvgOptions) -> String {
        Position::to_svg(self, options)
    }
    fn boxed_clone(&self) -> Box<dyn DynPosition> {
        Box::new(*self)
    }
    fn squares(&self) -> Vec<Square> {
        SquareSet::<V>::all().iter().collect()
    }
    fn square(&self, number: u8) -> Option<Square> {
        V::square(number)
    }
    fn parse_square(&self, text: &str) -> Option<Square> {
        V::parse_square(text.trim())
    }
    fn square_text(&self, sq: Square) -> String {
        V::square_text(sq)
    }
    fn square_number(&self, sq: Square) -> u8 {
        V::square_number(sq)
    }
    fn square_coords(&self, sq: Square) -> (u8, u8) {
        V::square_coords(sq)
    }
    fn board_size(&self) -> (u8, u8) {
        (V::Board::WIDTH, V::Board::HEIGHT)
    }
    fn layout(&self) -> Layout {
        V::Board::LAYOUT
    }
}

impl dyn DynPosition + '_ {
    /// The position after a move ([`DynPosition::play_arg`]), the move
    /// given as anything `Into<MoveArg>`: text (`&str`, `&String`) or a
    /// [`MoveInfo`].
    ///
    /// ```
    /// let pos = draughts::dynamic::new_position("english").unwrap();
    /// let next = pos.play("11-15").unwrap();
    /// assert_eq!(next.fen(), pos.play(&pos.parse_move("11-15").unwrap()).unwrap().fen());
    /// assert!(pos.play("11-19").is_err()); // not a move of this position
    /// ```
    pub fn play<'a>(
        &self,
        mv: impl Into<MoveArg<'a>>,
    ) -> Result<Box<dyn DynPosition>, MoveTextError> {
        self.play_arg(mv.into())
    }
}

impl Clone for Box<dyn DynPosition> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

// ---------------------------------------------------------------------------
// Click input
// ---------------------------------------------------------------------------

/// Click input ([`MoveInput`]) for a position of some variant, behind a
/// trait object: a frontend clicks squares, shows the pieces that can
/// move, the squares that may come next and the pieces jumped so far, and
/// plays the move once the clicks choose one. Lists of squares are in
/// numbering order.
///
/// Input made by [`DynGame::input`](super::DynGame::input) for a game that
/// is over is closed: nothing is movable and every click is refused.
///
/// ```
/// use draughts::dynamic::{self, DynGame};
///
/// let mut game = dynamic::game_from_fen("international", "W:WK1,46:B23,32,33,44").unwrap();
/// let pos = game.position();
/// let sq = |n| pos.square(n).unwrap();
/// let mut input = game.input();
/// assert_eq!(input.movable(), [sq(1)]);
/// assert!(input.click(sq(1)));
/// assert!(input.click(sq(40)));
/// assert_eq!(input.jumped(), [sq(23)]); // taken by the click on 40
/// assert!(input.click(sq(27)));
/// assert_eq!(input.chosen().unwrap().text, "1x40x49x27");
/// assert_eq!(game.play_input(input.as_ref()).unwrap().text, "1x40x49x27");
/// ```
pub trait DynInput: fmt::Debug + Send + Sync {
    /// Adds a click if some legal move is still possible with it; otherwise
    /// changes nothing and returns false ([`MoveInput::click`]).
    fn click(&mut self, sq: Square) -> bool;
    /// Removes the last click and returns it.
    fn undo(&mut self) -> Option<Square>;
    /// Removes every click.
    fn clear(&mut self);
    /// The squares clicked so far, in click order.
    fn clicks(&self) -> Vec<Square>;
    /// The pieces that can move ([`MoveInput::movable`]).
    fn movable(&self) -> Vec<Square>;
    /// The squares that may be clicked next ([`MoveInput::next_squares`]).
    fn next_squares(&self) -> Vec<Square>;
    /// The end squares of the candidates ([`MoveInput::destinations`]).
    fn destinations(&self) -> Vec<Square>;
    /// The pieces captured by at least one candidate ([`MoveInput::captured`]).
    fn captured(&self) -> Vec<Square>;
    /// The pieces jumped by the clicks so far ([`MoveInput::jumped`]).
    fn jumped(&self) -> Vec<Square>;
    /// The moves still possible with the clicks so far.
    fn candidates(&self) -> Vec<MoveInfo>;
    /// True when the clicks have chosen one move.
    fn is_complete(&self) -> bool;
    /// The chosen move, once complete.
    fn chosen(&self) -> Option<MoveInfo>;
    /// The position the input is for.
    fn position(&self) -> Box<dyn DynPosition>;
    /// False when the input is closed (made for a game that is over).
    fn is_open(&self) -> bool;
    /// A copy, boxed (what `Clone` for `Box<dyn DynInput>` calls).
    fn boxed_clone(&self) -> Box<dyn DynInput>;
}

/// The library's [`MoveInput`]; `open` is false for a finished game.
#[derive(Clone, Debug)]
pub(crate) struct Input<V: Variant> {
    input: MoveInput<V>,
    open: bool,
}

impl<V: Variant> Input<V> {
    pub(crate) fn new(pos: &Position<V>, open: bool) -> Self {
        Input {
            input: MoveInput::new(pos),
            open,
        }
    }

    fn list(&self, set: SquareSet<V>) -> Vec<Square> {
        if self.open {
            set.iter().collect()
        } else {
            Vec::new()
        }
    }
}

impl<V: Variant> DynInput for Input<V> {
    fn click(&mut self, sq: Square) -> bool {
        self.open && self.input.click(sq)
    }
    fn undo(&mut self) -> Option<Square> {
        self.input.undo()
    }
    fn clear(&mut self) {
        self.input.clear()
    }
    fn clicks(&self) -> Vec<Square> {
        self.input.clicks().to_vec()
    }
    fn movable(&self) -> Vec<Square> {
        self.list(self.input.movable())
    }
    fn next_squares(&self) -> Vec<Square> {
        self.list(self.input.next_squares())
    }
    fn destinations(&self) -> Vec<Square> {
        self.list(self.input.destinations())
    }
    fn captured(&self) -> Vec<Square> {
        self.list(self.input.captured())
    }
    fn jumped(&self) -> Vec<Square> {
        self.input.jumped().iter().collect()
    }
    fn candidates(&self) -> Vec<MoveInfo> {
        if !self.open {
            return Vec::new();
        }
        let pos = self.input.position();
        self.input
            .candidates()
            .iter()
            .map(|m| MoveInfo::new(pos, m))
            .collect()
    }
    fn is_complete(&self) -> bool {
        self.open && self.input.is_complete()
    }
    fn chosen(&self) -> Option<MoveInfo> {
        let pos = self.input.position();
        self.input
            .chosen()
            .filter(|_| self.open)
            .map(|m| MoveInfo::new(pos, m))
    }
    fn position(&self) -> Box<dyn DynPosition> {
        Box::new(*self.input.position())
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn boxed_clone(&self) -> Box<dyn DynInput> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn DynInput> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}
