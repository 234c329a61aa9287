//! Positions: an unvalidated [`Setup`] and a validated [`Position`].

use core::fmt;
use core::marker::PhantomData;

use crate::core::bitboard::{BitSet, Bitboard, Square};
use crate::core::geometry::{Geometry, Layout};
use crate::core::moves::{Move, MoveList, MoveMode};
use crate::core::squares::Bits;
use crate::core::squares::SquareSet;
use crate::core::variant::board_spec::{bit, squares, wide, BoardSpec};
use crate::core::variant::{Color, Variant};
use crate::error::{MoveError, PositionError};

/// Man or king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PieceKind {
    /// A man (pawn, checker).
    Man,
    /// A king (crowned piece).
    King,
}

crate::names::names! {
    PieceKind, "piece kind" {
        Man => "man",
        King => "king",
    }
}

/// A piece: colour and kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

/// The state of the king-move limit ([`Rules::king_move_limit`](crate::Rules))
/// for one side: the king on `king` has made the last `moves` moves of its
/// side, all of them non-capturing king moves.
///
/// ```
/// use draughts::{Color, Frisian, KingRun, Position, Variant};
/// // lidraughts' FEN: Black's count and king first, then White's.
/// let pos = Position::<Frisian>::from_fen("W:WK28,35:B2,K12:+0+228").unwrap();
/// let run = pos.king_run(Color::White).unwrap();
/// assert_eq!(run, KingRun { king: Frisian::square(28).unwrap(), moves: 2 });
/// assert_eq!(pos.king_run(Color::Black), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KingRun {
    /// The king that made the moves (where it stands now).
    pub king: Square,
    /// How many non-capturing moves in a row it has made (at least 1).
    pub moves: u8,
}

/// Pieces and side to move, not yet checked: build a [`Position`] from it with
/// [`Position::from_setup`].
///
/// ```
/// use draughts::{English, Position, Setup, SquareSet, Variant};
/// let sq = |n| English::square(n).unwrap();
/// let setup = Setup::<English> {
///     white: SquareSet::from_square(sq(22)),
///     black: SquareSet::from_square(sq(18)),
///     ..Setup::default()
/// };
/// assert_eq!(Position::from_setup(setup).unwrap().to_fen(), "B:W22:B18");
/// ```
pub struct Setup<V: Variant> {
    /// White's pieces.
    pub white: SquareSet<V>,
    /// Black's pieces.
    pub black: SquareSet<V>,
    /// Which pieces are kings (a subset of `white | black`).
    pub kings: SquareSet<V>,
    /// Side to move; `None` means the variant's first mover.
    pub turn: Option<Color>,
    /// The king-move limit's state per side (`[white, black]`), for variants
    /// with [`Rules::king_move_limit`](crate::Rules); `None` elsewhere.
    pub king_runs: [Option<KingRun>; 2],
}

impl<V: Variant> Clone for Setup<V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Variant> Copy for Setup<V> {}
impl<V: Variant> PartialEq for Setup<V> {
    fn eq(&self, o: &Self) -> bool {
        self.white == o.white
            && self.black == o.black
            && self.kings == o.kings
            && self.turn == o.turn
            && self.king_runs == o.king_runs
    }
}
impl<V: Variant> Eq for Setup<V> {}
impl<V: Variant> core::hash::Hash for Setup<V> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        (
            self.white,
            self.black,
            self.kings,
            self.turn,
            self.king_runs,
        )
            .hash(h);
    }
}
impl<V: Variant> Default for Setup<V> {
    fn default() -> Self {
        Setup {
            white: SquareSet::EMPTY,
            black: SquareSet::EMPTY,
            kings: SquareSet::EMPTY,
            turn: None,
            king_runs: [None; 2],
        }
    }
}
impl<V: Variant> fmt::Debug for Setup<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Setup")
            .field("white", &self.white)
            .field("black", &self.black)
            .field("kings", &self.kings)
            .field("turn", &self.turn)
            .field("king_runs", &self.king_runs)
            .finish()
    }
}

/// A legal position of variant `V`: pieces on the board and the side to move.
///
/// Positions are small `Copy` values; [`Position::play`] returns the next one.
///
/// ```
/// use draughts::{International, Position};
/// let pos = Position::<International>::start();
/// assert_eq!(pos.to_fen(), "W:W31-50:B1-20");
/// assert_eq!(pos.legal_moves().len(), 9);
/// ```
pub struct Position<V: Variant> {
    pub(crate) white: Bits<V>,
    pub(crate) black: Bits<V>,
    pub(crate) kings: Bits<V>,
    pub(crate) turn: Color,
    /// The king-move limit's state, `[white, black]` (always `None` in
    /// variants without the limit).
    pub(crate) runs: [Option<KingRun>; 2],
    pub(crate) _v: PhantomData<V>,
}

impl<V: Variant> Clone for Position<V> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Variant> Copy for Position<V> {}
impl<V: Variant> PartialEq for Position<V> {
    fn eq(&self, o: &Self) -> bool {
        self.white == o.white
            && self.black == o.black
            && self.kings == o.kings
            && self.turn == o.turn
            && self.runs == o.runs
    }
}
impl<V: Variant> Eq for Position<V> {}
impl<V: Variant> core::hash::Hash for Position<V> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.white.hash(h);
        self.black.hash(h);
        self.kings.hash(h);
        self.turn.hash(h);
        self.runs.hash(h);
    }
}
impl<V: Variant> fmt::Debug for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({})", V::NAME, self.to_fen())
    }
}
/// The FEN; `{:#}` is the board diagram ([`Position::diagram`]).
///
/// ```
/// use draughts::{English, Position};
/// let pos: Position<English> = "B:W21-32:B1-12".parse().unwrap();
/// assert_eq!(pos, Position::start());
/// assert_eq!(pos.to_string(), "B:W21-32:B1-12");
/// assert_eq!(format!("{pos:#}"), pos.diagram());
/// ```
impl<V: Variant> fmt::Display for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.diagram())
        } else {
            f.pad(&self.to_fen())
        }
    }
}

/// Reads a FEN ([`Position::from_fen`]).
impl<V: Variant> core::str::FromStr for Position<V> {
    type Err = crate::FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_fen(s)
    }
}

impl<V: Variant> Default for Position<V> {
    fn default() -> Self {
        Self::start()
    }
}

impl<V: Variant> Position<V> {
    /// The variant's start position, with its first mover to move.
    pub fn start() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = crate::core::variant::RulesCheck::<V>::OK;
        let offset = V::RULES.start_row_offset;
        let rows = offset..offset + V::RULES.start_rows;
        let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
        let mut white = Bits::<V>::ZERO;
        let mut black = Bits::<V>::ZERO;
        for r in rows {
            for c in 0..w {
                if let Some(sq) = V::Board::square_at(r, c) {
                    white |= Bits::<V>::bit(sq.0 as u32);
                }
                if let Some(sq) = V::Board::square_at(h - 1 - r, c) {
                    black |= Bits::<V>::bit(sq.0 as u32);
                }
            }
        }
        Position {
            white,
            black,
            kings: Bits::<V>::ZERO,
            turn: V::RULES.first_mover,
            runs: [None; 2],
            _v: PhantomData,
        }
    }

    /// Checks a setup and builds the position.
    ///
    /// ```
    /// use draughts::{English, Position, PositionError, Setup, SquareSet, Variant};
    /// let sq = English::square(2).unwrap(); // on Black's back row = White's promotion row
    /// let setup = Setup::<English> { white: SquareSet::from_square(sq), ..Setup::default() };
    /// assert!(matches!(Position::<English>::from_setup(setup), Err(PositionError::ManOnPromotionRow { .. })));
    /// ```
    pub fn from_setup(setup: Setup<V>) -> Result<Self, PositionError> {
        #[allow(clippy::let_unit_value)]
        let () = crate::core::variant::RulesCheck::<V>::OK;
        let (white, black, kings) = (setup.white.bits(), setup.black.bits(), setup.kings.bits());
        check_setup(
            BoardSpec::of::<V>(),
            [wide::<V>(white), wide::<V>(black)],
            wide::<V>(kings),
            &setup.king_runs,
        )?;
        Ok(Position {
            white,
            black,
            kings,
            turn: setup.turn.unwrap_or(V::RULES.first_mover),
            runs: setup.king_runs,
            _v: PhantomData,
        })
    }

    /// The position as an unvalidated setup.
    pub fn to_setup(&self) -> Setup<V> {
        Setup {
            white: SquareSet::from_bits(self.white),
            black: SquareSet::from_bits(self.black),
            kings: SquareSet::from_bits(self.kings),
            turn: Some(self.turn),
            king_runs: self.runs,
        }
    }

    /// The king-move limit's state for `color`: which king has made how many
    /// non-capturing moves in a row (`None` when the last move of `color` was
    /// not a king's step, and always in variants without the limit).
    #[inline]
    pub fn king_run(&self, color: Color) -> Option<KingRun> {
        self.runs[color as usize]
    }

    /// The same position seen from the other side: the board rotated 180°,
    /// the colours swapped and the other side to move. Every built-in variant
    /// treats both colours alike, so the flipped position has the same legal
    /// moves (rotated) and the same perft counts.
    ///
    /// ```
    /// use draughts::{perft, Position, Russian};
    /// let pos = Position::<Russian>::from_fen("W:WKc1,a3:Bf8,h6").unwrap();
    /// let flipped = pos.flipped();
    /// assert_eq!(flipped.to_fen(), "B:Wc1,a3:Bh6,Kf8");
    /// assert_eq!(flipped.flipped(), pos);
    /// assert_eq!(perft(&flipped, 5), perft(&pos, 5));
    /// ```
    pub fn flipped(&self) -> Self {
        let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
        let rotate = |b: Bits<V>| -> Bits<V> {
            let mut out = Bits::<V>::ZERO;
            for sq in Bitboard(b) {
                let (r, c) = V::Board::coords(sq);
                if let Some(t) = V::Board::square_at(h - 1 - r, w - 1 - c) {
                    out |= Bits::<V>::bit(t.0 as u32);
                }
            }
            out
        };
        let rotate_run = |r: Option<KingRun>| {
            r.and_then(|r| {
                let (row, col) = V::Board::coords(r.king);
                V::Board::square_at(h - 1 - row, w - 1 - col).map(|king| KingRun { king, ..r })
            })
        };
        Position {
            white: rotate(self.black),
            black: rotate(self.white),
            kings: rotate(self.kings),
            turn: self.turn.opponent(),
            runs: [rotate_run(self.runs[1]), rotate_run(self.runs[0])],
            _v: PhantomData,
        }
    }

    /// A board diagram as text, seen from White's side: one line per row,
    /// Black's back row first, the rank at the left and the files below.
    /// `w` and `b` are men, `W` and `B` kings, `.` an empty playing square;
    /// squares that are not played on are blank. The last line says who is
    /// to move.
    ///
    /// ```
    /// use draughts::{English, Position};
    /// let pos = Position::<English>::from_fen("W:WK29,21:B1").unwrap();
    /// assert_eq!(pos.diagram(), "\
    /// 8 |   b   .   .   .
    /// 7 | .   .   .   .
    /// 6 |   .   .   .   .
    /// 5 | .   .   .   .
    /// 4 |   .   .   .   .
    /// 3 | w   .   .   .
    /// 2 |   .   .   .   .
    /// 1 | W   .   .   .
    ///     a b c d e f g h
    /// White to move
    /// ");
    /// ```
    pub fn diagram(&self) -> String {
        diagram(
            BoardSpec::of::<V>(),
            [wide::<V>(self.white), wide::<V>(self.black)],
            wide::<V>(self.kings),
            self.turn,
        )
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> SquareSet<V> {
        SquareSet::from_bits(self.side(color))
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> SquareSet<V> {
        SquareSet::from_bits(self.side(color) & self.kings)
    }

    /// True when `mv`, played here, can never be undone, so no position
    /// before it can occur again: a capture, or a man's step to another row.
    /// A king's move is reversible, and so is a Turkish man's sideways step
    /// (it may step back). Repetitions are counted from the last
    /// irreversible move ([`Game::irreversible_index`](crate::Game::irreversible_index)).
    ///
    /// ```
    /// use draughts::{Position, Russian, Turkish};
    ///
    /// let pos = Position::<Turkish>::from_fen("W:Wd4,Kh1:Ba8").unwrap();
    /// let sideways = pos.parse_move("d4-c4").unwrap();
    /// let forward = pos.parse_move("d4-d5").unwrap();
    /// let king = pos.parse_move("h1-h5").unwrap();
    /// assert!(!pos.is_irreversible(&sideways));
    /// assert!(pos.is_irreversible(&forward));
    /// assert!(!pos.is_irreversible(&king));
    ///
    /// let pos = Position::<Russian>::start();
    /// assert!(pos.is_irreversible(&pos.parse_move("c3-d4").unwrap()));
    /// ```
    #[inline]
    pub fn is_irreversible(&self, mv: &Move<V>) -> bool {
        if mv.is_capture() {
            return true;
        }
        if !(self.kings & Bits::<V>::bit(mv.from.0 as u32)).is_zero() {
            return false;
        }
        // A man on a diagonal board always changes row; on an orthogonal
        // one (Turkish) it may step sideways.
        V::Board::LAYOUT == Layout::Diagonal
            || V::Board::coords(mv.from).0 != V::Board::coords(mv.to()).0
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> SquareSet<V> {
        SquareSet::from_bits(self.side(color) & !self.kings)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = Bitboard::<Bits<V>>::from_square(sq).0;
        let color = if !(self.white & bit).is_zero() {
            Color::White
        } else if !(self.black & bit).is_zero() {
            Color::Black
        } else {
            return None;
        };
        let kind = if (self.kings & bit).is_zero() {
            crate::PieceKind::Man
        } else {
            crate::PieceKind::King
        };
        Some(Piece { color, kind })
    }

    #[inline]
    pub(crate) fn side(&self, color: Color) -> Bits<V> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The legal moves: one per start, end and set of captured pieces (capture
    /// routes that differ only in the order of the jumps are one move; see
    /// [`Position::legal_routes`] for every route). This is what "legal moves"
    /// means everywhere in this crate: [`Game::legal_moves`](crate::Game::legal_moves),
    /// [`DynPosition::legal_moves`](crate::dynamic::DynPosition::legal_moves),
    /// [`MoveInput`](crate::MoveInput), move text and perft's [`MoveMode::Distinct`].
    pub fn legal_moves(&self) -> MoveList<V> {
        self.legal_moves_in(MoveMode::Distinct)
    }

    /// Every legal capture route as its own move: captures that reach the
    /// same end with the same pieces by different routes are listed once per
    /// route (a flying king's straight continuation counts per the variant's
    /// [`RouteConvention`](crate::RouteConvention)). Steps are listed as in
    /// [`Position::legal_moves`]. Perft's [`MoveMode::Routes`] counts these.
    ///
    /// ```
    /// use draughts::{International, Position};
    /// let pos = Position::<International>::from_fen("W:W38:B32,22,23,33").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 1);
    /// let routes: Vec<String> = pos.legal_routes().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(routes, ["38x27x18x29x38", "38x29x18x27x38"]);
    /// ```
    pub fn legal_routes(&self) -> MoveList<V> {
        self.legal_moves_in(MoveMode::Routes)
    }

    /// The legal moves in the given mode: [`Position::legal_moves`] for
    /// [`MoveMode::Distinct`], [`Position::legal_routes`] for [`MoveMode::Routes`].
    pub fn legal_moves_in(&self, mode: MoveMode) -> MoveList<V> {
        let mut list = MoveList::new();
        self.generate(mode, &mut list);
        list
    }

    /// The number of legal moves (without listing quiet moves).
    pub fn count_moves(&self, mode: MoveMode) -> u64 {
        self.count(mode)
    }

    /// True when the side to move must capture.
    pub fn has_captures(&self) -> bool {
        self.can_capture()
    }

    /// True when `mv` is one of the legal moves (any legal capture route).
    pub fn is_legal(&self, mv: &Move<V>) -> bool {
        self.legal_moves_in(MoveMode::Routes)
            .iter()
            .any(|m| m == mv)
    }

    /// Plays a legal move and returns the next position. The move is not
    /// checked (use [`Position::try_play`] for moves from outside).
    #[inline]
    pub fn play(&self, mv: &Move<V>) -> Self {
        self.play_parts(mv.from, mv.to(), mv.captured, mv.promotes)
    }

    /// Plays the move of the piece on `from` to `to` that captures `captured`.
    #[inline]
    pub(crate) fn play_parts(
        &self,
        from: Square,
        to: Square,
        captured: Bits<V>,
        promotes: bool,
    ) -> Self {
        let from = Bits::<V>::bit(from.0 as u32);
        let to = Bits::<V>::bit(to.0 as u32);
        let mut next = *self;
        let (own, opp) = match self.turn {
            Color::White => (&mut next.white, &mut next.black),
            Color::Black => (&mut next.black, &mut next.white),
        };
        *own = (*own & !from) | to;
        *opp &= !captured;
        let mut kings = self.kings & !captured;
        if !(kings & from).is_zero() || promotes {
            kings = (kings & !from) | to;
        }
        next.kings = kings;
        next.turn = self.turn.opponent();
        if V::RULES.king_move_limit.is_some() {
            self.update_runs(&mut next, from, to, captured);
        }
        next
    }

    /// The king-move limit's state after the move `from`-`to` capturing
    /// `captured` (single-bit boards), `next` being the position after it
    /// (lidraughts' `Frisian.finalizeBoard`): a non-capturing king move of a
    /// side with men counts one more for that king (or starts at 1 for
    /// another king); any other move clears the mover's count. Capturing the
    /// opponent's last man, or the king of the opponent's count, clears that.
    #[inline]
    pub(crate) fn update_runs(
        &self,
        next: &mut Self,
        from: Bits<V>,
        to: Bits<V>,
        captured: Bits<V>,
    ) {
        let me = self.turn as usize;
        let king_step = captured.is_zero() && !(self.kings & from).is_zero();
        let has_men = !(self.side(self.turn) & !self.kings).is_zero();
        next.runs[me] = if king_step && has_men {
            let from_sq = Square(from.lowest() as u8);
            let moves = match self.runs[me] {
                Some(r) if r.king == from_sq => r.moves.saturating_add(1),
                _ => 1,
            };
            Some(KingRun {
                king: Square(to.lowest() as u8),
                moves,
            })
        } else {
            None
        };
        if !captured.is_zero() {
            let them = self.turn.opponent();
            if let Some(r) = self.runs[them as usize] {
                let men_left = next.side(them) & !next.kings;
                if men_left.is_zero() || !(captured & Bits::<V>::bit(r.king.0 as u32)).is_zero() {
                    next.runs[them as usize] = None;
                }
            }
        }
    }

    /// The king that may not make a non-capturing move now (it has reached
    /// the king-move limit), as a single-bit board, or the empty set.
    #[inline(always)]
    pub(crate) fn limited_king(&self) -> Bits<V> {
        match (V::RULES.king_move_limit, self.runs[self.turn as usize]) {
            (Some(limit), Some(r)) if r.moves >= limit => Bits::<V>::bit(r.king.0 as u32),
            _ => Bits::<V>::ZERO,
        }
    }

    /// Plays `mv` if it is legal; otherwise returns an error and nothing changes.
    ///
    /// ```
    /// use draughts::{English, Position};
    /// let pos = Position::<English>::start();
    /// let later = pos.play(&pos.legal_moves()[0]);
    /// let stale = later.legal_moves()[0].clone();
    /// assert!(pos.try_play(&stale).is_err());
    /// ```
    pub fn try_play(&self, mv: &Move<V>) -> Result<Self, MoveError> {
        if self.is_legal(mv) {
            Ok(self.play(mv))
        } else {
            Err(MoveError::Illegal(mv.to_string()))
        }
    }
}

/// [`Position::diagram`], written once for every variant (`sides` is
/// `[white, black]`).
fn diagram(spec: &BoardSpec, sides: [u128; 2], kings: u128, turn: Color) -> String {
    let (w, h) = (spec.width, spec.height);
    let rw = if h >= 10 { 2 } else { 1 };
    let mut out = String::new();
    for row in (0..h).rev() {
        let mut line = format!("{:>rw$} |", row + 1);
        for col in 0..w {
            line.push(' ');
            line.push(match spec.algebraic_square(row, col) {
                None => ' ',
                Some(sq) => {
                    let king = kings & bit(sq) != 0;
                    match (sides[0] & bit(sq) != 0, sides[1] & bit(sq) != 0, king) {
                        (true, _, false) => 'w',
                        (true, _, true) => 'W',
                        (false, true, false) => 'b',
                        (false, true, true) => 'B',
                        (false, false, _) => '.',
                    }
                }
            });
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&" ".repeat(rw + 2));
    for col in 0..w {
        out.push(' ');
        out.push((b'a' + col) as char);
    }
    out.push('\n');
    out.push_str(&format!("{turn} to move\n"));
    out
}

/// The checks of [`Position::from_setup`], written once for every variant
/// (over the board spec; `sides` is `[white, black]`).
fn check_setup(
    spec: &BoardSpec,
    sides: [u128; 2],
    kings: u128,
    king_runs: &[Option<KingRun>; 2],
) -> Result<(), PositionError> {
    let [white, black] = sides;
    let outside = (white | black | kings) & !spec.all;
    if outside != 0 {
        return Err(PositionError::InvalidSquare(outside.trailing_zeros() as u8));
    }
    if let Some(sq) = squares(white & black).next() {
        return Err(PositionError::Overlap {
            square: spec.square_text(sq),
        });
    }
    if let Some(sq) = squares(kings & !(white | black)).next() {
        return Err(PositionError::KingWithoutPiece {
            square: spec.square_text(sq),
        });
    }
    let stuck = (white & !kings & spec.last_row) | (black & !kings & spec.first_row);
    if let Some(sq) = squares(stuck).next() {
        return Err(PositionError::ManOnPromotionRow {
            square: spec.square_text(sq),
        });
    }
    for color in [Color::White, Color::Black] {
        let Some(run) = king_runs[color as usize] else {
            continue;
        };
        let side = sides[color as usize];
        let valid = spec.all & bit(run.king) != 0;
        let on_king = valid && side & kings & bit(run.king) != 0;
        let problem = match spec.king_move_limit {
            None => Some("this variant has no king-move limit"),
            Some(_) if !on_king => Some("its square holds no king of that side"),
            Some(limit) if run.moves == 0 || run.moves > limit => {
                Some("the count is not between 1 and the limit")
            }
            Some(_) if side & !kings == 0 => Some("the limit only applies while the side has men"),
            Some(_) => None,
        };
        if let Some(reason) = problem {
            return Err(PositionError::BadKingRun {
                color,
                square: if valid {
                    spec.square_text(run.king)
                } else {
                    format!("bit {}", run.king.0)
                },
                moves: run.moves,
                reason,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(PieceKind::ALL, |v| v.name());
    }
}
