//! Games: a start position, the moves played, draw detection and the outcome.
//!
//! # Draw rules
//! Every rule is data in the variant's [`DrawRules`](crate::DrawRules): a
//! repetition rule and a list of [`CountRule`]s, each with
//! its material, limit, resets and trigger ([`crate::draws`] explains how a
//! count runs, and each preset cites its federation text). The game keeps
//! one counter per rule, reports the rule that drew the game as the
//! [`DrawReason`], and shows the running counts with [`Game::draw_counts`].
//!
//! * **Repetition** (`repetition: Some(k)`): the same placement with the same
//!   side to move for the k-th time, counted only since the last irreversible
//!   move (a capture or a man's move to another row: a Turkish man's sideways
//!   step can be undone, see [`Position::is_irreversible`]). The current
//!   position counts.
//! * **Plies and moves**: a ply is one player's move; "N moves each" in a
//!   federation's text is 2N plies ([`Limit`]).
//! * **Automatic or claimed**: [`DrawMode`] chooses between ending the game
//!   on every draw by rule (the default), following each rule's
//!   [`Trigger`] ([`DrawMode::AsWritten`]), or making every
//!   draw a claim ([`DrawMode::OnClaim`]).
//!
//! # Winning
//! [`Rules::win`](crate::Rules) says how a game is won: normally the side to
//! move without a legal move has lost ([`WinReason::NoPieces`],
//! [`WinReason::Blocked`]); in Antidraughts it has won
//! ([`WinReason::OutOfMoves`]); in Breakthrough the first side with a king
//! wins ([`WinReason::FirstKing`]). That is checked before the draw rules, so
//! a move that wins on the last ply of a count still wins.

use core::fmt;

use crate::core::draws::{
    CountRule, DrawCount, DrawReason, Limit, Material, MaterialFacts, Trigger, MAX_COUNTS,
};
use crate::core::geometry::Geometry;
use crate::core::moves::{Move, MoveList};
use crate::core::position::Position;
use crate::core::variant::{Color, Variant};
use crate::error::{MoveError, MoveTextError};
pub use crate::play::outcome::{Outcome, WinReason};

/// An outcome declared by the frontend rather than by the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Declaration {
    /// Both players agreed to a draw.
    DrawByAgreement,
    /// This player resigned.
    Resignation(Color),
    /// This player lost on time.
    TimeForfeit(Color),
}

/// Whether draws by rule end the game at once or must be claimed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawMode {
    /// A draw by rule ends the game on the ply it arises (the default), even
    /// where the federation lets the player claim it.
    #[default]
    Automatic,
    /// Each rule as its federation writes it: rules with
    /// [`Trigger::Automatic`] end the game,
    /// [`Trigger::Claim`] rules make a claim available
    /// ([`Game::claim_draw`]).
    AsWritten,
    /// A draw by rule only makes a claim available
    /// ([`Game::claimable_draw`], [`Game::claim_draw`]); play may go on, as in
    /// federations where the player must claim, and as game records show.
    OnClaim,
}

crate::names::names! {
    DrawMode, "draw mode" {
        Automatic => "automatic",
        AsWritten => "as_written",
        OnClaim => "on_claim",
    }
}

/// Errors of [`Game`] operations. A call that fails changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// No draw can be claimed in the current position.
    #[error("no draw can be claimed here")]
    NoDrawToClaim,
    /// The game has ended; no move or declaration is accepted.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// Move text that names no legal move, or several.
    #[error(transparent)]
    MoveText(#[from] MoveTextError),
}

/// A count that is not running.
const IDLE: u16 = u16::MAX;

/// The count rules of `V` that a game keeps (at most [`MAX_COUNTS`]).
fn count_rules<V: Variant>() -> &'static [CountRule] {
    let all = V::RULES.draws.counts;
    &all[..all.len().min(MAX_COUNTS)]
}

/// The material facts of a position.
fn facts<V: Variant>(pos: &Position<V>) -> MaterialFacts {
    let side = |c: Color| (pos.pieces(c).len() as u8, pos.kings(c).len() as u8);
    let on_road = |c: Color| {
        let k = pos.kings(c);
        pos.pieces(c).len() == 1
            && k.first().is_some_and(|sq| {
                let (row, col) = V::Board::coords(sq);
                row == col
            })
    };
    MaterialFacts {
        white: side(Color::White),
        black: side(Color::Black),
        white_on_road: on_road(Color::White),
        black_on_road: on_road(Color::Black),
        white_to_move: pos.turn() == Color::White,
    }
}

/// Rule state after a ply.
#[derive(Clone, Copy, Debug)]
struct Ply {
    hash: u64,
    /// Consecutive plies of king-only moves without capture.
    quiet_king_plies: usize,
    /// Index (in `positions`) of the position after the last irreversible move.
    irreversible: usize,
    /// Plies of each count rule since it started.
    counts: Counts,
}

/// Plies each count rule of a variant has run since it started ([`IDLE`]
/// when its material is not on the board): the state a [`Game`] keeps per
/// ply and the engine's search per node, advanced by the one function
/// [`Counts::after`] so both declare the same draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counts(pub(crate) [u16; MAX_COUNTS]);

impl Counts {
    /// The counts in `pos` at the start of a game.
    pub(crate) fn start<V: Variant>(pos: &Position<V>) -> Counts {
        let f = facts(pos);
        let mut counts = [IDLE; MAX_COUNTS];
        for (c, rule) in counts.iter_mut().zip(count_rules::<V>()) {
            if rule.material.holds(&f).is_some() {
                *c = 0;
            }
        }
        Counts(counts)
    }

    /// The counts from a game's public ones ([`Game::rule_counts`]).
    #[cfg_attr(not(feature = "dynamic"), allow(dead_code))] // used by the run-time face
    pub(crate) fn from_public(counts: [Option<u16>; MAX_COUNTS]) -> Counts {
        Counts(counts.map(|c| c.unwrap_or(IDLE)))
    }

    /// The counts after `mv` is played in `pos`, giving `next`.
    #[inline]
    pub(crate) fn after<V: Variant>(
        &self,
        pos: &Position<V>,
        mv: &Move<V>,
        next: &Position<V>,
    ) -> Counts {
        let rules = count_rules::<V>();
        if rules.is_empty() {
            return *self;
        }
        let king_move = pos.kings(pos.turn()).contains(mv.from());
        let capture = mv.is_capture();
        let man_move = !king_move;
        let promotion = mv.promotes();
        // Material other than `Any` needs the facts of the position, and
        // only when few enough pieces are left for it.
        let total = next.pieces(Color::White).len() + next.pieces(Color::Black).len();
        let f = rules
            .iter()
            .any(|r| r.material != Material::Any && total <= r.material.max_total())
            .then(|| facts(next));
        let mut counts = [IDLE; MAX_COUNTS];
        for ((c, &before), rule) in counts.iter_mut().zip(&self.0).zip(rules) {
            let holds = match (&f, rule.material) {
                (_, Material::Any) => true,
                (Some(f), m) => total <= m.max_total() && m.holds(f).is_some(),
                (None, _) => false,
            };
            if !holds {
                continue;
            }
            let r = rule.resets;
            let reset =
                (r.capture && capture) || (r.man_move && man_move) || (r.promotion && promotion);
            *c = if before == IDLE || reset {
                0
            } else {
                before.saturating_add(1).min(IDLE - 1)
            };
        }
        Counts(counts)
    }

    /// The running counts in `pos`, each with its rule, as a frontend shows them.
    fn running<V: Variant>(
        self,
        pos: &Position<V>,
    ) -> impl Iterator<Item = (&'static CountRule, DrawCount)> {
        let f = facts(pos);
        count_rules::<V>()
            .iter()
            .zip(self.0)
            .filter(|&(_, c)| c != IDLE)
            .map(move |(rule, plies)| {
                let strong = rule.material.holds(&f).flatten();
                let (plies_left, moves_left) = rule.left(plies, strong, f.white_to_move);
                let count = DrawCount {
                    reason: rule.reason,
                    limit: rule.limit,
                    trigger: rule.trigger,
                    plies,
                    plies_left,
                    moves_left,
                };
                (rule, count)
            })
    }

    /// Every count rule met in `pos` (the count has run out and, for an
    /// `unless_capture` rule, the side to move has no capture), in the
    /// rules' order, with its trigger.
    pub(crate) fn met<V: Variant>(
        self,
        pos: &Position<V>,
    ) -> impl Iterator<Item = (DrawReason, Trigger)> + '_ {
        let mut has_captures = None;
        self.running(pos)
            .filter(move |(rule, c)| {
                c.plies_left == 0
                    && !(rule.unless_capture
                        && *has_captures.get_or_insert_with(|| pos.has_captures()))
            })
            .map(|(_, c)| (c.reason, c.trigger))
    }

    /// Whether a count rule ends the game in `pos` under `mode`.
    #[inline]
    #[cfg_attr(not(feature = "dynamic"), allow(dead_code))] // used by the run-time face
    pub(crate) fn ends_game<V: Variant>(self, pos: &Position<V>, mode: DrawMode) -> bool {
        if mode == DrawMode::OnClaim {
            return false;
        }
        // A count is met only once it has run its limit in plies (one ply
        // less for the stronger side's moves): most nodes stop here.
        let near = count_rules::<V>().iter().zip(self.0).any(|(rule, c)| {
            let plies = match rule.limit {
                Limit::Plies(n) => n,
                Limit::MovesEach(n) => n.saturating_mul(2),
                Limit::StrongerSideMoves(n) => n.saturating_mul(2).saturating_sub(1),
            };
            c != IDLE && c >= plies
        });
        if !near {
            return false;
        }
        self.met(pos).any(|(_, t)| ends_by_itself(mode, t))
    }
}

/// Whether a draw with `trigger` ends the game by itself under `mode`.
pub(crate) fn ends_by_itself(mode: DrawMode, trigger: Trigger) -> bool {
    match mode {
        DrawMode::Automatic => true,
        DrawMode::AsWritten => trigger == Trigger::Automatic,
        DrawMode::OnClaim => false,
    }
}

/// A game of variant `V`: start position, moves, and outcome.
///
/// ```
/// use draughts::{English, Game, Outcome, Declaration, Color, WinReason};
/// let mut game = Game::<English>::new();
/// let mv = game.legal_moves()[0].clone();
/// game.play(&mv).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.undo(), Some(mv.clone()));
/// assert_eq!(game.position(), game.start());
/// game.declare(Declaration::Resignation(Color::White)).unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation }));
/// assert!(game.legal_moves().is_empty());
/// assert!(game.play(&mv).is_err());
/// ```
#[derive(Clone)]
pub struct Game<V: Variant> {
    positions: Vec<Position<V>>,
    moves: Vec<Move<V>>,
    plies: Vec<Ply>,
    declared: Option<Outcome>,
    outcome: Option<Outcome>,
    draw_mode: DrawMode,
    /// The legal moves of the current position (distinct mode), whether or
    /// not the game is over: [`Game::play`] checks a move against them first.
    legal: Vec<Move<V>>,
}

impl<V: Variant> fmt::Debug for Game<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("variant", &V::NAME)
            .field("start", &self.start().to_fen())
            .field(
                "moves",
                &self
                    .moves
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
            )
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl<V: Variant> Default for Game<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Variant> Game<V> {
    /// A game from the variant's start position.
    pub fn new() -> Self {
        Self::from_position(Position::start())
    }

    /// A game from any legal position.
    pub fn from_position(start: Position<V>) -> Self {
        let ply = Ply {
            hash: start.zobrist(),
            quiet_king_plies: 0,
            irreversible: 0,
            counts: Counts::start(&start),
        };
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            plies: vec![ply],
            declared: None,
            outcome: None,
            draw_mode: DrawMode::Automatic,
            legal: start.legal_moves().into_vec(),
        };
        game.outcome = game.evaluate();
        game
    }

    /// Sets whether draws by rule end the game or must be claimed, and
    /// re-evaluates the current position.
    pub fn set_draw_mode(&mut self, mode: DrawMode) {
        self.draw_mode = mode;
        self.outcome = self.evaluate();
    }

    /// The draw mode.
    pub fn draw_mode(&self) -> DrawMode {
        self.draw_mode
    }

    /// The draw rule that applies to the current position, if any, while the
    /// game is not over (in [`DrawMode::OnClaim`] this is what may be claimed).
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome.is_some() {
            None
        } else {
            self.rule_draw()
        }
    }

    /// Ends the game as a draw by the rule that applies now.
    pub fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let reason = self.rule_draw().ok_or(GameError::NoDrawToClaim)?;
        let outcome = Outcome::Draw { reason };
        self.declared = Some(outcome);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// The start position.
    pub fn start(&self) -> &Position<V> {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position<V> {
        self.positions.last().expect("a game has a position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move<V>] {
        &self.moves
    }

    /// The positions so far, the start first and the current one last.
    pub fn positions(&self) -> &[Position<V>] {
        &self.positions
    }

    /// The legal moves in the current position (none once the game is over),
    /// one per start, end and captured set: the same list as
    /// [`Position::legal_moves`]. Kept from one move to the next, so this is a
    /// copy, not a move generation; [`Game::legal_moves_slice`] borrows it.
    pub fn legal_moves(&self) -> MoveList<V> {
        if self.outcome.is_some() {
            MoveList::new()
        } else {
            self.legal.iter().cloned().collect()
        }
    }

    /// The legal moves, as [`Game::legal_moves`], borrowed.
    pub fn legal_moves_slice(&self) -> &[Move<V>] {
        if self.outcome.is_some() {
            &[]
        } else {
            &self.legal
        }
    }

    /// Every legal capture route as its own move (none once the game is
    /// over): see [`Position::legal_routes`]. [`Game::play`] accepts any of them.
    pub fn legal_routes(&self) -> MoveList<V> {
        if self.outcome.is_some() {
            MoveList::new()
        } else {
            self.position().legal_routes()
        }
    }

    /// The number of moves played (plies).
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// The incrementally updated Zobrist hash of the current position.
    pub fn hash(&self) -> u64 {
        self.ply().hash
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How many times the current position (with the same side to move) has
    /// occurred since the last irreversible move, this one included.
    pub fn repetitions(&self) -> usize {
        let ply = self.ply();
        let current = self.position();
        let last = self.positions.len() - 1;
        (ply.irreversible..=last)
            .rev()
            .step_by(2)
            .filter(|&i| self.plies[i].hash == ply.hash && self.positions[i] == *current)
            .count()
    }

    /// Consecutive plies in which only kings moved and nothing was captured.
    pub fn quiet_king_plies(&self) -> usize {
        self.ply().quiet_king_plies
    }

    fn ply(&self) -> &Ply {
        self.plies.last().expect("a game has a ply")
    }

    /// Plays a legal move (any route of it). Fails, changing nothing, if the
    /// game is over or the move is not legal.
    ///
    /// A move taken from [`Game::legal_moves`] is found in the list the game
    /// keeps, without generating moves; another route of a capture (from
    /// [`Game::legal_routes`] or [`Position::parse_move`]) is checked against
    /// every route.
    pub fn play(&mut self, mv: &Move<V>) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let pos = *self.position();
        if !self.legal.iter().any(|m| m == mv) && !pos.is_legal(mv) {
            return Err(MoveError::Illegal(mv.to_string()).into());
        }
        self.push(pos, mv.clone());
        Ok(())
    }

    /// Plays the move named by `text` (any form [`Position::parse_move`]
    /// reads: `32-28`, `28x19x10`, `c3-d4`, `ed4`...) and returns it.
    ///
    /// ```
    /// use draughts::{Game, GameError, International, MoveTextError};
    /// let mut game = Game::<International>::new();
    /// assert_eq!(game.play_text("32-28").unwrap().to_string(), "32-28");
    /// assert!(matches!(game.play_text("32-28"), Err(GameError::MoveText(MoveTextError::Illegal { .. }))));
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move<V>, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let mv = self.position().parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    fn push(&mut self, pos: Position<V>, mv: Move<V>) {
        let prev = *self.ply();
        let next = pos.play(&mv);
        let king_move = pos.kings(pos.turn()).contains(mv.from());
        let capture = mv.is_capture();
        let index = self.positions.len();
        let counts = prev.counts.after(&pos, &mv, &next);
        let ply = Ply {
            hash: pos.zobrist_after(prev.hash, &mv),
            quiet_king_plies: if king_move && !capture {
                prev.quiet_king_plies + 1
            } else {
                0
            },
            irreversible: if pos.is_irreversible(&mv) {
                index
            } else {
                prev.irreversible
            },
            counts,
        };
        self.positions.push(next);
        self.moves.push(mv);
        self.plies.push(ply);
        Self::refresh(&mut self.legal, &next);
        self.outcome = self.evaluate();
    }

    /// Lists the legal moves of `pos` into `legal`, reusing its storage.
    fn refresh(legal: &mut Vec<Move<V>>, pos: &Position<V>) {
        legal.clear();
        legal.extend(pos.legal_moves());
    }

    /// Takes back the last move and returns it; clears any outcome, declared
    /// or not, that the position after it had.
    pub fn undo(&mut self) -> Option<Move<V>> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.plies.pop();
        Self::refresh(
            &mut self.legal,
            self.positions.last().expect("a game has a position"),
        );
        self.declared = None;
        self.outcome = self.evaluate();
        Some(mv)
    }

    /// Records an outcome declared by the frontend (agreement, resignation,
    /// loss on time). Fails, changing nothing, if the game is already over.
    pub fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let outcome = match declaration {
            Declaration::DrawByAgreement => Outcome::Draw {
                reason: DrawReason::Agreement,
            },
            Declaration::Resignation(c) => Outcome::Win {
                winner: c.opponent(),
                reason: WinReason::Resignation,
            },
            Declaration::TimeForfeit(c) => Outcome::Win {
                winner: c.opponent(),
                reason: WinReason::Time,
            },
        };
        self.declared = Some(outcome);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// The outcome of the current position by the rules (or the declared one).
    fn evaluate(&self) -> Option<Outcome> {
        if self.declared.is_some() {
            return self.declared;
        }
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            return Some(outcome);
        }
        let reason = self
            .rule_draws()
            .find(|&(_, t)| ends_by_itself(self.draw_mode, t))
            .map(|(r, _)| r);
        reason.map(|reason| Outcome::Draw { reason })
    }

    /// The first draw rule met in the current position, if any.
    fn rule_draw(&self) -> Option<DrawReason> {
        self.rule_draws().next().map(|(r, _)| r)
    }

    /// Every draw rule met in the current position, repetition first, then
    /// the count rules in their order, with their triggers.
    fn rule_draws(&self) -> impl Iterator<Item = (DrawReason, Trigger)> + '_ {
        let rules = V::RULES.draws;
        let repetition = rules
            .repetition
            .filter(|&k| self.repetitions() >= k as usize)
            .map(|_| (DrawReason::Repetition, rules.repetition_trigger));
        let counts = self.ply().counts.met(self.position());
        repetition.into_iter().chain(counts)
    }

    /// The running counts of the variant's count rules, in their order: how
    /// far each has run and how many moves are left, for a frontend's
    /// "5-move rule: 3 moves left". Rules whose material is not on the board
    /// are not listed.
    ///
    /// ```
    /// use draughts::{DrawReason, Game, International, Limit, Position};
    /// // A lone king against two kings: FMJD's 5-move rule runs.
    /// let pos = Position::<International>::from_fen("W:WK46,K50:BK3").unwrap();
    /// let mut game = Game::from_position(pos);
    /// game.play_text("46-41").unwrap();
    /// let five = game.draw_counts().find(|c| c.reason == DrawReason::LoneKingFiveMoves).unwrap();
    /// assert_eq!(five.limit, Limit::MovesEach(5));
    /// assert_eq!((five.plies, five.plies_left, five.moves_left), (1, 9, 5));
    /// ```
    pub fn draw_counts(&self) -> impl Iterator<Item = DrawCount> + '_ {
        self.ply().counts.running(self.position()).map(|(_, c)| c)
    }

    /// Plies each count rule of the variant has run, in the rules' order
    /// ([`DrawRules::counts`](crate::DrawRules), at most [`MAX_COUNTS`]):
    /// `None` for a rule whose material is not on the board and for the
    /// unused slots. The raw state behind [`Game::draw_counts`], for a search
    /// that continues the game's counts.
    ///
    /// ```
    /// use draughts::{Game, International, Position};
    /// let pos = Position::<International>::from_fen("W:WK46,K50:BK3").unwrap();
    /// let mut game = Game::from_position(pos);
    /// game.play_text("46-41").unwrap();
    /// // FMJD's rules in order: 5 moves (running), 16 moves (not this
    /// // material), 25 king moves (running).
    /// assert_eq!(&game.rule_counts()[..3], &[Some(1), None, Some(1)]);
    /// ```
    pub fn rule_counts(&self) -> [Option<u16>; MAX_COUNTS] {
        self.ply().counts.0.map(|c| (c != IDLE).then_some(c))
    }

    /// The index (in [`Game::positions`]) of the position after the last
    /// irreversible move ([`Position::is_irreversible`]: a capture or a man's
    /// move to another row; 0 when there is none): repetitions are counted
    /// from there.
    ///
    /// ```
    /// use draughts::{Game, International, Position};
    /// let pos = Position::<International>::from_fen("W:WK46,31:BK3").unwrap();
    /// let mut game = Game::from_position(pos);
    /// game.play_text("31-27").unwrap();
    /// game.play_text("3-9").unwrap();
    /// game.play_text("46-41").unwrap();
    /// assert_eq!(game.irreversible_index(), 1);
    /// ```
    pub fn irreversible_index(&self) -> usize {
        self.ply().irreversible
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(DrawMode::ALL, |v| v.name());
    }

    #[test]
    fn draw_mode_names_take_hyphens_and_any_case_but_not_spaces() {
        assert!("as written".parse::<DrawMode>().is_err());
        assert_eq!("As-Written".parse::<DrawMode>(), Ok(DrawMode::AsWritten));
    }
}
