//! Choosing a variant at run time: [`AnyPosition`] wraps a position of any
//! built-in variant.

use core::fmt;

use crate::bitboard::Square;
use crate::draws::{DrawCount, DrawReason};
use crate::error::{FenError, MoveError, MoveTextError};
use crate::game::{Declaration, DrawMode, Game, GameError, Outcome};
use crate::geometry::Geometry;
use crate::moves::MoveMode;
use crate::notation::MoveInput;
use crate::perft::{divide, perft_in};
use crate::position::Piece;
use crate::position::Position;
use crate::variant::{Color, Variant, VariantKind};

crate::__builtin_variants!(__any_enum [
    /// A position of a built-in variant chosen at run time.
    ///
    /// ```
    /// use draughts::{AnyPosition, MoveMode, VariantKind};
    /// let kind: VariantKind = "russian".parse().unwrap();
    /// let pos = AnyPosition::start(kind);
    /// assert_eq!(pos.perft(3, MoveMode::Distinct), 302);
    /// let pos = AnyPosition::from_fen(kind, "W:Wh6:Bg7,c5,d2").unwrap();
    /// assert_eq!(pos.legal_moves_text(), vec!["h6xf8xb4xe1".to_string()]);
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    AnyPosition Position
]);

/// Runs generic code on the typed [`Position`] inside an [`AnyPosition`]:
/// `with_position!(any, p => expr)` expands to a match with one arm per
/// built-in variant, binding `p` to the `Position<V>` (by reference when
/// `any` is a reference). `expr` is compiled once per variant, so it may call
/// generic functions; every arm must give the same type.
///
/// ```
/// use draughts::{with_position, AnyPosition, Position, Variant, VariantKind};
///
/// fn summary<V: Variant>(pos: &Position<V>) -> String {
///     format!("{}: {} moves", V::NAME, pos.legal_moves().len())
/// }
///
/// let any = AnyPosition::start(VariantKind::Russian);
/// assert_eq!(with_position!(&any, p => summary(p)), "russian: 7 moves");
/// // A new AnyPosition of the same variant, through `From<Position<V>>`:
/// let next: AnyPosition = with_position!(&any, p => p.play(&p.legal_moves()[0]).into());
/// assert_eq!(next.kind(), VariantKind::Russian);
/// ```
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        $crate::__builtin_variants!(__any_match [AnyPosition ($any) $p ($body)])
    };
}

/// Runs generic code on the typed [`Game`] inside an [`AnyGame`], as
/// [`with_position!`] does for positions (`g` is `&mut Game<V>` when `any`
/// is `&mut AnyGame`).
///
/// ```
/// use draughts::{with_game, AnyGame, VariantKind};
/// let mut any = AnyGame::new(VariantKind::English);
/// let played = with_game!(&mut any, g => {
///     let mv = g.legal_moves()[0].clone();
///     g.play(&mv).map(|()| mv.to_string())
/// });
/// assert_eq!(played.unwrap(), "9-14");
/// assert_eq!(any.ply_count(), 1);
/// ```
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::__builtin_variants!(__any_match [AnyGame ($any) $g ($body)])
    };
}

/// Runs generic code on the typed [`MoveInput`] inside an [`AnyMoveInput`].
#[macro_export]
macro_rules! with_input {
    ($any:expr, $i:ident => $body:expr) => {
        $crate::__builtin_variants!(__any_match [AnyMoveInput ($any) $i ($body)])
    };
}

macro_rules! each {
    ($self:expr, $p:ident => $e:expr) => {
        $crate::with_position!($self, $p => $e)
    };
}

macro_rules! each_game {
    ($self:expr, $g:ident => $e:expr) => {
        $crate::with_game!($self, $g => $e)
    };
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn start(kind: VariantKind) -> AnyPosition {
        crate::with_variant!(kind, V => Position::<V>::start().into())
    }

    /// Reads a FEN for `kind`.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(crate::with_variant!(kind, V => Position::<V>::from_fen(fen)?.into()))
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// The canonical FEN.
    pub fn to_fen(&self) -> String {
        each!(self, p => p.to_fen())
    }

    /// A board diagram (see [`Position::diagram`]).
    pub fn diagram(&self) -> String {
        each!(self, p => p.diagram())
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        each!(self, p => p.piece_at(sq))
    }

    /// The squares of `color`'s pieces, in numbering order.
    pub fn pieces(&self, color: Color) -> Vec<Square> {
        each!(self, p => p.pieces(color).iter().collect())
    }

    /// The squares of `color`'s kings, in numbering order.
    pub fn kings(&self, color: Color) -> Vec<Square> {
        each!(self, p => p.kings(color).iter().collect())
    }

    /// Every playing square of the board, in numbering order.
    pub fn squares(&self) -> Vec<Square> {
        each!(self, p => squares_of(p))
    }

    /// The square with number `number` (see [`Variant::square`]).
    pub fn square(&self, number: u8) -> Option<Square> {
        each!(self, p => square_of(p, number))
    }

    /// The square named `text`, a number or an algebraic name (see
    /// [`Variant::parse_square`]).
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        each!(self, p => parse_square_of(p, text))
    }

    /// The square as the variant writes it (see [`Variant::square_text`]).
    /// Squares are only meaningful for the board they came from.
    pub fn square_text(&self, sq: Square) -> String {
        each!(self, p => text_of(p, sq))
    }

    /// The square's number (see [`Variant::square_number`]).
    pub fn square_number(&self, sq: Square) -> u8 {
        each!(self, p => number_of(p, sq))
    }

    /// `(row, column)` of a square from White's side, for drawing the board
    /// (see [`Variant::square_coords`]).
    pub fn square_coords(&self, sq: Square) -> (u8, u8) {
        each!(self, p => coords_of(p, sq))
    }

    /// `(columns, rows)` of the board.
    pub fn board_size(&self) -> (u8, u8) {
        each!(self, p => size_of(p))
    }

    /// Perft in the given mode.
    pub fn perft(&self, depth: u32, mode: MoveMode) -> u64 {
        each!(self, p => perft_in(p, depth, mode))
    }

    /// Perft on `threads` threads (see [`perft_parallel`](crate::perft_parallel)).
    pub fn perft_parallel(&self, depth: u32, mode: MoveMode, threads: usize) -> u64 {
        each!(self, p => crate::perft::perft_parallel(p, depth, mode, threads))
    }

    /// Perft with a transposition table of about `mib` MiB (see
    /// [`perft_hashed`](crate::perft_hashed)).
    pub fn perft_hashed(&self, depth: u32, mode: MoveMode, mib: usize) -> u64 {
        each!(self, p => crate::perft::perft_hashed(p, depth, mode, mib))
    }

    /// Perft per root move, with each move as full-path text.
    pub fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)> {
        each!(self, p => divide(p, depth, mode).into_iter().map(|(m, n)| (m.to_string(), n)).collect())
    }

    /// The legal moves ([`Position::legal_moves`]) as full-path text.
    pub fn legal_moves_text(&self) -> Vec<String> {
        each!(self, p => p.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// The legal moves in the shortest unambiguous notation.
    pub fn legal_moves_short_text(&self) -> Vec<String> {
        each!(self, p => p.legal_moves().iter().map(|m| p.move_text(m)).collect())
    }

    /// Every legal capture route ([`Position::legal_routes`]) as full-path text.
    pub fn legal_routes_text(&self) -> Vec<String> {
        each!(self, p => p.legal_routes().iter().map(ToString::to_string).collect())
    }

    /// The number of legal moves in the given mode (without listing steps).
    pub fn count_moves(&self, mode: MoveMode) -> u64 {
        each!(self, p => p.count_moves(mode))
    }

    /// True when the side to move must capture.
    pub fn has_captures(&self) -> bool {
        each!(self, p => p.has_captures())
    }

    /// True when the game is over on the board (see [`Position::is_game_over`]:
    /// in Antidraughts the side without a move has won, in Breakthrough a king
    /// ends the game).
    pub fn is_game_over(&self) -> bool {
        each!(self, p => p.is_game_over())
    }

    /// The win this position gives by its variant's win rule (see
    /// [`Position::outcome`]).
    ///
    /// ```
    /// use draughts::{AnyPosition, Color, Outcome, VariantKind, WinReason};
    /// let p = AnyPosition::from_fen(VariantKind::Antidraughts, "W:W:B1").unwrap();
    /// assert_eq!(p.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::OutOfMoves }));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// The same position seen from the other side (see [`Position::flipped`]).
    pub fn flipped(&self) -> AnyPosition {
        each!(self, p => p.flipped().into())
    }

    /// The Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        each!(self, p => p.zobrist())
    }

    /// Click input for this position (see [`MoveInput`]).
    pub fn move_input(&self) -> AnyMoveInput {
        each!(self, p => MoveInput::new(p).into())
    }

    /// The legal move named by `text`, as full-path text.
    ///
    /// ```
    /// use draughts::{AnyPosition, VariantKind};
    /// let pos = AnyPosition::from_fen(VariantKind::International, "W:W28:B23,13").unwrap();
    /// assert_eq!(pos.parse_move("28x8").unwrap(), "28x19x8");
    /// assert_eq!(pos.play_text("28x8").unwrap().to_fen(), "B:W8:B");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<String, MoveTextError> {
        each!(self, p => p.parse_move(text).map(|m| m.to_string()))
    }

    /// The shortest unambiguous text of the move named by `text` (see
    /// [`Position::move_text`]).
    pub fn move_text(&self, text: &str) -> Result<String, MoveTextError> {
        each!(self, p => p.parse_move(text).map(|m| p.move_text(&m)))
    }

    /// The position after the move named by `text`.
    pub fn play_text(&self, text: &str) -> Result<AnyPosition, MoveTextError> {
        each!(self, p => Ok(p.play(&p.parse_move(text)?).into()))
    }
}

fn squares_of<V: Variant>(_: &Position<V>) -> Vec<Square> {
    crate::SquareSet::<V>::all().iter().collect()
}
fn square_of<V: Variant>(_: &Position<V>, n: u8) -> Option<Square> {
    V::square(n)
}
fn parse_square_of<V: Variant>(_: &Position<V>, text: &str) -> Option<Square> {
    V::parse_square(text.trim())
}
fn text_of<V: Variant>(_: &Position<V>, sq: Square) -> String {
    V::square_text(sq)
}
fn number_of<V: Variant>(_: &Position<V>, sq: Square) -> u8 {
    V::square_number(sq)
}
fn coords_of<V: Variant>(_: &Position<V>, sq: Square) -> (u8, u8) {
    V::square_coords(sq)
}
fn size_of<V: Variant>(_: &Position<V>) -> (u8, u8) {
    (V::Board::WIDTH, V::Board::HEIGHT)
}

/// `variant:FEN`; `{:#}` is the board diagram.
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.diagram())
        } else {
            f.pad(&format!("{}:{}", self.kind(), self.to_fen()))
        }
    }
}

crate::__builtin_variants!(__any_enum [
    /// A game of a built-in variant chosen at run time, with moves as text.
    ///
    /// Keep it in step with [`Game`]: everything a frontend needs of a typed game
    /// is here too, and [`with_game!`](crate::with_game) runs generic code on the
    /// game inside.
    ///
    /// ```
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::English);
    /// game.play_text("11-15").unwrap();
    /// assert_eq!(game.moves_text(), ["11-15"]);
    /// assert_eq!(game.ply_count(), 1);
    /// assert!(game.play_text("11-15").is_err());
    /// assert_eq!(game.undo().as_deref(), Some("11-15"));
    /// ```
    #[derive(Clone, Debug)]
    AnyGame Game
]);

impl AnyGame {
    /// A game of `kind` from a position.
    pub fn from_position(pos: AnyPosition) -> AnyGame {
        each!(pos, p => Game::from_position(p).into())
    }

    /// A game of `kind` from its start position.
    pub fn new(kind: VariantKind) -> AnyGame {
        Self::from_position(AnyPosition::start(kind))
    }

    /// A game of `kind` from a FEN position.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyGame, FenError> {
        Ok(Self::from_position(AnyPosition::from_fen(kind, fen)?))
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        each_game!(self, g => (*g.position()).into())
    }

    /// The start position.
    pub fn start(&self) -> AnyPosition {
        each_game!(self, g => (*g.start()).into())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each_game!(self, g => g.position().turn())
    }

    /// Plays the move named by `text` (any form
    /// [`Position::parse_move`](crate::Position::parse_move) reads) and
    /// returns its full-path text.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        each_game!(self, g => g.play_text(text).map(|m| m.to_string()))
    }

    /// Plays the move chosen by complete click input and returns its
    /// full-path text. Fails, changing nothing, when the input is not
    /// complete, is for another variant or position, or the game is over.
    pub fn play_input(&mut self, input: &AnyMoveInput) -> Result<String, GameError> {
        crate::__builtin_variants!(__any_pair [
            (self) (input) g i (play_input(g, i))
            (Err(MoveError::Illegal(format!(
                "click input for another variant: {}",
                input.chosen_text().unwrap_or_default()
            ))
            .into()))
        ])
    }

    /// Click input for the current position (see [`MoveInput`]); nothing is
    /// movable once the game is over.
    pub fn move_input(&self) -> AnyMoveInput {
        each_game!(self, g => if g.outcome().is_some() {
            MoveInput::with_clicks(&game_over_position(g.position()), &[]).into()
        } else {
            MoveInput::new(g.position()).into()
        })
    }

    /// Takes back the last move and returns its text.
    pub fn undo(&mut self) -> Option<String> {
        each_game!(self, g => g.undo().map(|m| m.to_string()))
    }

    /// The legal moves ([`Game::legal_moves`]) as full-path text; none once
    /// the game is over.
    ///
    /// ```
    /// use draughts::{AnyGame, VariantKind};
    /// let game = AnyGame::from_fen(VariantKind::International, "W:W38:B32,22,23,33").unwrap();
    /// assert_eq!(game.legal_moves_text(), ["38x27x18x29x38"]);
    /// assert_eq!(game.legal_routes_text().len(), 2);
    /// ```
    pub fn legal_moves_text(&self) -> Vec<String> {
        each_game!(self, g => g.legal_moves_slice().iter().map(ToString::to_string).collect())
    }

    /// The legal moves in the shortest unambiguous notation.
    pub fn legal_moves_short_text(&self) -> Vec<String> {
        each_game!(self, g => g.legal_moves_slice().iter().map(|m| g.position().move_text(m)).collect())
    }

    /// Every legal capture route ([`Game::legal_routes`]) as full-path text.
    pub fn legal_routes_text(&self) -> Vec<String> {
        each_game!(self, g => g.legal_routes().iter().map(ToString::to_string).collect())
    }

    /// The moves played, as full-path text.
    pub fn moves_text(&self) -> Vec<String> {
        each_game!(self, g => g.moves().iter().map(ToString::to_string).collect())
    }

    /// The moves played, each in the shortest unambiguous notation of the
    /// position it was played in (as PDN writes them).
    pub fn moves_short_text(&self) -> Vec<String> {
        each_game!(self, g => g
            .moves()
            .iter()
            .zip(g.positions())
            .map(|(m, p)| p.move_text(m))
            .collect())
    }

    /// The number of moves played (plies).
    pub fn ply_count(&self) -> usize {
        each_game!(self, g => g.ply_count())
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }

    /// Records an outcome declared by the frontend.
    pub fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError> {
        each_game!(self, g => g.declare(declaration))
    }

    /// Sets whether draws by rule end the game or must be claimed.
    pub fn set_draw_mode(&mut self, mode: DrawMode) {
        each_game!(self, g => g.set_draw_mode(mode))
    }

    /// The draw mode.
    pub fn draw_mode(&self) -> DrawMode {
        each_game!(self, g => g.draw_mode())
    }

    /// The draw that may be claimed now (see [`Game::claimable_draw`]).
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        each_game!(self, g => g.claimable_draw())
    }

    /// Ends the game as a draw by the rule that applies now.
    pub fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        each_game!(self, g => g.claim_draw())
    }

    /// How many times the current position has occurred (see
    /// [`Game::repetitions`]).
    pub fn repetitions(&self) -> usize {
        each_game!(self, g => g.repetitions())
    }

    /// The Zobrist hash of the current position.
    pub fn hash(&self) -> u64 {
        each_game!(self, g => g.hash())
    }

    /// The running draw counts ([`Game::draw_counts`]).
    ///
    /// ```
    /// use draughts::{AnyGame, DrawReason, VariantKind};
    /// let game = AnyGame::from_fen(VariantKind::Russian, "W:WKc1:BKf8").unwrap();
    /// let counts = game.draw_counts();
    /// assert!(counts.iter().any(|c| c.reason == DrawReason::SmallEnding && c.moves_left == 5));
    /// ```
    pub fn draw_counts(&self) -> Vec<DrawCount> {
        each_game!(self, g => g.draw_counts().collect())
    }
}

fn play_input<V: Variant>(g: &mut Game<V>, input: &MoveInput<V>) -> Result<String, GameError> {
    match input.chosen() {
        Some(mv) if input.position() == g.position() => {
            g.play(mv)?;
            Ok(mv.to_string())
        }
        Some(mv) => Err(MoveError::Illegal(mv.to_string()).into()),
        None => Err(MoveError::Illegal(format!(
            "incomplete click input {}",
            input
                .clicks()
                .iter()
                .map(|&s| V::square_text(s))
                .collect::<Vec<_>>()
                .join("-")
        ))
        .into()),
    }
}

/// A position with the same pieces and no legal move: the input of a game
/// that is over.
fn game_over_position<V: Variant>(pos: &Position<V>) -> Position<V> {
    let mut setup = pos.to_setup();
    match pos.turn() {
        Color::White => setup.white = crate::SquareSet::EMPTY,
        Color::Black => setup.black = crate::SquareSet::EMPTY,
    }
    Position::from_setup(setup).unwrap_or(*pos)
}

crate::__builtin_variants!(__any_enum [
    /// Click input ([`MoveInput`]) for a position of a built-in variant chosen at
    /// run time. Squares go in and come out as [`Square`]s of the position's
    /// board (name them with [`AnyPosition::square_text`]); every list of squares
    /// is in numbering order.
    ///
    /// ```
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::from_fen(VariantKind::International, "W:WK1,46:B23,32,33,44").unwrap();
    /// let pos = game.position();
    /// let sq = |n| pos.square(n).unwrap();
    /// let mut input = game.move_input();
    /// assert_eq!(input.movable(), [sq(1)]);
    /// assert!(input.click(sq(1)));
    /// assert!(input.click(sq(40)));
    /// assert_eq!(input.jumped(), [sq(23)]); // taken by the click on 40
    /// assert!(input.click(sq(27)));
    /// assert_eq!(game.play_input(&input).unwrap(), "1x40x49x27");
    /// ```
    #[derive(Clone, Debug)]
    // Click input is short-lived and made once per move: not worth a box.
    #[allow(clippy::large_enum_variant)]
    AnyMoveInput MoveInput
]);

macro_rules! each_input {
    ($self:expr, $i:ident => $e:expr) => {
        $crate::with_input!($self, $i => $e)
    };
}

impl AnyMoveInput {
    /// Adds a click if some legal move is still possible with it (see
    /// [`MoveInput::click`]); otherwise changes nothing and returns false.
    pub fn click(&mut self, sq: Square) -> bool {
        each_input!(self, i => i.click(sq))
    }
    /// Removes the last click and returns it.
    pub fn undo(&mut self) -> Option<Square> {
        each_input!(self, i => i.undo())
    }
    /// Removes every click.
    pub fn clear(&mut self) {
        each_input!(self, i => i.clear())
    }
    /// The squares clicked so far.
    pub fn clicks(&self) -> Vec<Square> {
        each_input!(self, i => i.clicks().to_vec())
    }
    /// The pieces that can move (see [`MoveInput::movable`]).
    pub fn movable(&self) -> Vec<Square> {
        each_input!(self, i => i.movable().iter().collect())
    }
    /// The squares that may be clicked next (see [`MoveInput::next_squares`]).
    pub fn next_squares(&self) -> Vec<Square> {
        each_input!(self, i => i.next_squares().iter().collect())
    }
    /// The end squares of the candidates (see [`MoveInput::destinations`]).
    pub fn destinations(&self) -> Vec<Square> {
        each_input!(self, i => i.destinations().iter().collect())
    }
    /// The pieces captured by at least one candidate (see [`MoveInput::captured`]).
    pub fn captured(&self) -> Vec<Square> {
        each_input!(self, i => i.captured().iter().collect())
    }
    /// The pieces jumped by the clicks so far (see [`MoveInput::jumped`]).
    pub fn jumped(&self) -> Vec<Square> {
        each_input!(self, i => i.jumped().iter().collect())
    }
    /// The candidate moves as full-path text.
    pub fn candidates_text(&self) -> Vec<String> {
        each_input!(self, i => i.candidates().iter().map(ToString::to_string).collect())
    }
    /// True when the clicks have chosen one move.
    pub fn is_complete(&self) -> bool {
        each_input!(self, i => i.is_complete())
    }
    /// The chosen move as full-path text, once complete.
    pub fn chosen_text(&self) -> Option<String> {
        each_input!(self, i => i.chosen().map(ToString::to_string))
    }
    /// The position the input is for.
    pub fn position(&self) -> AnyPosition {
        each_input!(self, i => (*i.position()).into())
    }
}

/// One run-time enum over the registry's variants (`$name`, each holding an
/// `$inner<V>`), with `From<$inner<V>>` for each and `kind()`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_enum {
    ([$(#[$meta:meta])* $name:ident $inner:ident] $($v:ident)*) => {
        $(#[$meta])*
        pub enum $name {
            $(
                #[doc = concat!("A ", stringify!($v), " value.")]
                $v($inner<$crate::$v>),
            )*
        }

        $(
            impl From<$inner<$crate::$v>> for $name {
                fn from(x: $inner<$crate::$v>) -> $name {
                    $name::$v(x)
                }
            }
        )*

        impl $name {
            /// The built-in variant of the value.
            pub fn kind(&self) -> $crate::VariantKind {
                match self {
                    $($name::$v(_) => $crate::VariantKind::$v,)*
                }
            }
        }
    };
}

/// The match behind `with_position!`, `with_game!` and `with_input!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_match {
    ([$enum:ident ($any:expr) $x:ident ($body:expr)] $($v:ident)*) => {
        match $any {
            $($crate::$enum::$v($x) => $body,)*
        }
    };
}

/// A game and a click input of the same variant, or `$else`.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_pair {
    ([($game:expr) ($input:expr) $g:ident $i:ident ($body:expr) ($else:expr)] $($v:ident)*) => {
        match ($game, $input) {
            $(($crate::AnyGame::$v($g), $crate::AnyMoveInput::$v($i)) => $body,)*
            _ => $else,
        }
    };
}
