//! [`DynGame`]: a game of any variant behind a trait object.

use core::fmt;

use super::engine::{self as dyn_engine, with_hooks};
use super::moves::{MoveArg, MoveInfo};
use super::position::DynPosition;
use super::position::{DynInput, Input};
use crate::draws::{DrawCount, DrawReason};
use crate::engine::{Analysis, Engine, Hooks, LevelSpec, Limits, Played, Search};
use crate::error::MoveError;
use crate::game::{Declaration, DrawMode, Game, GameError};
use crate::outcome::Outcome;
use crate::pdn::write_pdn;
use crate::svg::SvgOptions;
use crate::variant::{Color, Rules, Variant, VariantKind};

/// A game of some variant, behind a trait object: everything a run-time
/// frontend needs of a [`Game`], with moves as [`MoveInfo`] (its texts,
/// squares and captures). Implemented for every `Game<V>`; build one with
/// [`new_game`](super::new_game), [`game_from_fen`](super::game_from_fen),
/// [`AnyGame`](crate::AnyGame) (which hands it out) or `Box::new(Game::<V>::new())`.
///
/// Every method that can fail changes nothing when it fails, as on [`Game`].
///
/// ```
/// use draughts::dynamic::new_game;
/// let mut game = new_game("english").unwrap();
/// let played = game.play("11-15").unwrap(); // text...
/// assert_eq!((played.text.as_str(), played.from), ("11-15", game.position().square(11).unwrap()));
/// let reply = game.legal_moves().remove(0);
/// game.play(&reply).unwrap(); // ...or a move the game listed
/// let texts: Vec<String> = game.moves().into_iter().map(|m| m.text).collect();
/// assert_eq!(texts, ["11-15", reply.text.as_str()]);
/// assert_eq!(game.undo().map(|m| m.text), Some(reply.text));
/// ```
pub trait DynGame: fmt::Debug + Send + Sync {
    /// The variant's name ([`Variant::NAME`]): `"english"`, `"spanish-site"`...
    fn name(&self) -> &'static str;

    /// The variant's rule set.
    fn rules(&self) -> Rules;

    /// The built-in variant this one belongs to: itself if it is built in,
    /// else the built-in variant with the same PDN GameType number (a house
    /// rule or custom variant copied from a preset names its preset's; the
    /// first in registry order when several share it, so International for
    /// 20), else International. For grouping, e.g. ratings by family.
    fn family(&self) -> VariantKind;

    /// A new game of the same variant from its start position.
    fn fresh(&self) -> Box<dyn DynGame>;

    /// A copy of this game, boxed (what `Clone` for `Box<dyn DynGame>` calls).
    fn boxed_clone(&self) -> Box<dyn DynGame>;

    /// The current position in FEN.
    fn fen(&self) -> String;

    /// The start position in FEN.
    fn start_fen(&self) -> String;

    /// The current position as a text diagram ([`Position::diagram`](crate::Position::diagram)).
    fn diagram(&self) -> String;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The number of moves played (plies).
    fn ply_count(&self) -> usize;

    /// The outcome, once the game is over ([`Outcome`]'s `Display` is its
    /// text, [`WinReason::name`](crate::WinReason::name) and
    /// [`DrawReason::name`](crate::DrawReason::name) its reason's name).
    fn outcome(&self) -> Option<Outcome>;

    /// Records an outcome declared by the players (agreement, resignation,
    /// loss on time).
    fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError>;

    /// Sets whether draws by rule end the game or must be claimed.
    fn set_draw_mode(&mut self, mode: DrawMode);

    /// The running draw counts ([`Game::draw_counts`]), each with its text.
    fn draw_counts(&self) -> Vec<DrawCount>;

    /// The current position.
    fn position(&self) -> Box<dyn DynPosition>;

    /// The start position.
    fn start_position(&self) -> Box<dyn DynPosition>;

    /// The legal moves ([`Game::legal_moves`]); none once the game is over.
    fn legal_moves(&self) -> Vec<MoveInfo>;

    /// Every legal capture route ([`Game::legal_routes`]); none once the game is over.
    fn legal_routes(&self) -> Vec<MoveInfo>;

    /// Plays a move and returns it: text (any form
    /// [`Position::parse_move`](crate::Position::parse_move) reads) or a
    /// [`MoveInfo`] of this position (read by its full-path text, which
    /// names exactly one capture route: any route of
    /// [`legal_routes`](DynGame::legal_routes) plays its move). The
    /// object-safe form of
    /// [`play`](#method.play), which takes anything `Into<MoveArg>`:
    /// `game.play("11-15")`, `game.play(&info)`; call that.
    fn play_arg(&mut self, mv: MoveArg<'_>) -> Result<MoveInfo, GameError>;

    /// Takes back the last move and returns it, with its text in the
    /// position it was played from.
    fn undo(&mut self) -> Option<MoveInfo>;

    /// The moves played, each with its text in the position it was played from.
    fn moves(&self) -> Vec<MoveInfo>;

    /// Click input for the current position; closed once the game is over.
    fn input(&self) -> Box<dyn DynInput>;

    /// Plays the move chosen by complete click input and returns it. Fails,
    /// changing nothing, when the input is not complete, is closed, or is
    /// for another variant or position.
    fn play_input(&mut self, input: &dyn DynInput) -> Result<MoveInfo, GameError>;

    /// The draw that may be claimed now ([`Game::claimable_draw`]).
    fn claimable_draw(&self) -> Option<DrawReason>;

    /// Ends the game as a draw by the rule that applies now ([`Game::claim_draw`]).
    fn claim_draw(&mut self) -> Result<Outcome, GameError>;

    /// The draw mode.
    fn draw_mode(&self) -> DrawMode;

    /// How many times the current position has occurred ([`Game::repetitions`]).
    fn repetitions(&self) -> usize;

    /// Plies since the last man move or capture ([`Game::quiet_king_plies`]).
    fn quiet_king_plies(&self) -> usize;

    /// The Zobrist hash of the current position.
    fn hash(&self) -> u64;

    /// The game in PDN with the given tags ([`write_pdn`]).
    fn to_pdn(&self, tags: &[(&str, &str)]) -> String;

    /// The current position as an SVG picture, the last move tinted unless
    /// `options` gives one ([`Game::to_svg`]).
    fn to_svg(&self, options: &SvgOptions) -> String;

    /// The move a level (or any [`LevelSpec`]) plays here, with its score,
    /// depth and line ([`Engine::play_scored`]); `None` once the game is over.
    fn engine_play(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Option<Played<MoveInfo>>;

    /// Searches the current position within `limits` ([`Engine::search`]).
    fn engine_search(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Search<MoveInfo>;

    /// Scores every legal move, best first ([`Engine::analyse`]).
    fn engine_analyse(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Analysis<MoveInfo>;

    /// Whether the engine, as the opponent of `offered_by`, accepts the draw
    /// `offered_by` offers ([`Engine::accepts_draw`]); with `hooks`, the
    /// short search behind the answer can be stopped, and reports its
    /// iterations.
    ///
    /// ```
    /// use draughts::dynamic::{game_from_fen, MoveInfo};
    /// use draughts::engine::{Engine, Hooks, Info};
    /// use draughts::Color;
    /// // Three kings against one: White is better, Black is worse.
    /// let game = game_from_fen("english", "W:WK25,K26,K27:B5").unwrap();
    /// let mut engine = Engine::with_tt_mib(1);
    /// let mut iterations = 0;
    /// let mut count = |_: &Info<'_, MoveInfo>| iterations += 1;
    /// let hooks = Hooks { info: Some(&mut count), ..Hooks::default() };
    /// assert!(game.engine_accepts_draw(&mut engine, Color::White, hooks));
    /// assert!(iterations > 0);
    /// assert!(!game.engine_accepts_draw(&mut engine, Color::Black, Hooks::default()));
    /// ```
    fn engine_accepts_draw(
        &self,
        engine: &mut Engine,
        offered_by: Color,
        hooks: Hooks<'_, MoveInfo>,
    ) -> bool;

    /// Every position of the game, the start first and the current one
    /// last ([`Game::positions`]).
    ///
    /// ```
    /// let mut game = draughts::dynamic::new_game("spanish-site").unwrap();
    /// let first = game.legal_moves().remove(0);
    /// game.play(&first).unwrap();
    /// let fens: Vec<String> = game.positions().iter().map(|p| p.fen()).collect();
    /// assert_eq!(fens, [game.start_fen(), game.fen()]);
    /// ```
    fn positions(&self) -> Vec<Box<dyn DynPosition>>;

    /// The number of legal moves now ([`DynGame::legal_moves`]' length,
    /// without making them): 0 once the game is over.
    fn legal_count(&self) -> usize;

    /// Plays the legal move at `index` of [`DynGame::legal_moves`], without
    /// text (for random playouts and other loops that pick moves by
    /// number). Fails, changing nothing, when `index` is not below
    /// [`legal_count`](DynGame::legal_count) (so always once the game is over).
    ///
    /// ```
    /// let mut game = draughts::dynamic::new_game("english").unwrap();
    /// assert_eq!(game.legal_count(), 7);
    /// let third = game.legal_moves().remove(2);
    /// game.play_nth(2).unwrap();
    /// assert_eq!(game.moves(), [third]);
    /// assert!(game.play_nth(99).is_err());
    /// assert_eq!(game.ply_count(), 1);
    /// ```
    fn play_nth(&mut self, index: usize) -> Result<(), GameError>;
}

impl<V: Variant> DynGame for Game<V> {
    fn name(&self) -> &'static str {
        V::NAME
    }

    fn rules(&self) -> Rules {
        V::RULES
    }

    fn family(&self) -> VariantKind {
        family(V::NAME, V::RULES.game_type.number)
    }

    fn fresh(&self) -> Box<dyn DynGame> {
        Box::new(Game::<V>::new())
    }

    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        self.position().to_fen()
    }

    fn start_fen(&self) -> String {
        self.start().to_fen()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn turn(&self) -> Color {
        self.position().turn()
    }

    fn ply_count(&self) -> usize {
        Game::ply_count(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn declare(&mut self, declaration: Declaration) -> Result<Outcome, GameError> {
        Game::declare(self, declaration)
    }

    fn set_draw_mode(&mut self, mode: DrawMode) {
        Game::set_draw_mode(self, mode)
    }

    fn draw_counts(&self) -> Vec<DrawCount> {
        Game::draw_counts(self).collect()
    }

    fn position(&self) -> Box<dyn DynPosition> {
        Box::new(*Game::position(self))
    }

    fn start_position(&self) -> Box<dyn DynPosition> {
        Box::new(*self.start())
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let pos = Game::position(self);
        self.legal_moves_slice()
            .iter()
            .map(|m| MoveInfo::new(pos, m))
            .collect()
    }

    fn legal_routes(&self) -> Vec<MoveInfo> {
        let pos = Game::position(self);
        Game::legal_routes(self)
            .iter()
            .map(|m| MoveInfo::new(pos, m))
            .collect()
    }

    fn play_arg(&mut self, mv: MoveArg<'_>) -> Result<MoveInfo, GameError> {
        let before = *Game::position(self);
        // A MoveInfo is read by its full-path text, which names exactly one
        // route (one code path for both: no second copy per variant).
        let text = match mv {
            MoveArg::Text(text) => text,
            MoveArg::Info(info) => &info.text,
        };
        let mv = Game::play_text(self, text)?;
        Ok(MoveInfo::new(&before, &mv))
    }

    fn undo(&mut self) -> Option<MoveInfo> {
        let mv = Game::undo(self)?;
        Some(MoveInfo::new(Game::position(self), &mv))
    }

    fn moves(&self) -> Vec<MoveInfo> {
        Game::moves(self)
            .iter()
            .zip(self.positions())
            .map(|(m, p)| MoveInfo::new(p, m))
            .collect()
    }

    fn input(&self) -> Box<dyn DynInput> {
        Box::new(Input::new(
            Game::position(self),
            Game::outcome(self).is_none(),
        ))
    }

    fn play_input(&mut self, input: &dyn DynInput) -> Result<MoveInfo, GameError> {
        play_input(self, input)
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        Game::claimable_draw(self)
    }

    fn claim_draw(&mut self) -> Result<Outcome, GameError> {
        Game::claim_draw(self)
    }

    fn draw_mode(&self) -> DrawMode {
        Game::draw_mode(self)
    }

    fn repetitions(&self) -> usize {
        Game::repetitions(self)
    }

    fn quiet_king_plies(&self) -> usize {
        Game::quiet_king_plies(self)
    }

    fn hash(&self) -> u64 {
        Game::hash(self)
    }

    fn to_pdn(&self, tags: &[(&str, &str)]) -> String {
        write_pdn(self, tags)
    }

    fn to_svg(&self, options: &SvgOptions) -> String {
        Game::to_svg(self, options)
    }

    fn engine_play(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Option<Played<MoveInfo>> {
        let pos = Game::position(self);
        with_hooks(pos, hooks, |h| engine.play_scored(self, spec, seed, h))
            .map(|p| dyn_engine::played(pos, p))
    }

    fn engine_search(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Search<MoveInfo> {
        let pos = Game::position(self);
        dyn_engine::search(
            pos,
            with_hooks(pos, hooks, |h| engine.search(self, limits, h)),
        )
    }

    fn engine_analyse(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        hooks: Hooks<'_, MoveInfo>,
    ) -> Analysis<MoveInfo> {
        let pos = Game::position(self);
        dyn_engine::analysis(
            pos,
            with_hooks(pos, hooks, |h| engine.analyse(self, limits, h)),
        )
    }

    fn engine_accepts_draw(
        &self,
        engine: &mut Engine,
        offered_by: Color,
        hooks: Hooks<'_, MoveInfo>,
    ) -> bool {
        with_hooks(Game::position(self), hooks, |h| {
            engine.accepts_draw(self, offered_by, h)
        })
    }

    fn legal_count(&self) -> usize {
        self.legal_moves_slice().len()
    }

    fn play_nth(&mut self, index: usize) -> Result<(), GameError> {
        let Some(mv) = self.legal_moves_slice().get(index).cloned() else {
            let n = self.legal_moves_slice().len();
            return Err(MoveError::Illegal(format!(
                "no legal move at index {index} (there are {n})"
            ))
            .into());
        };
        Game::play(self, &mv)
    }

    fn positions(&self) -> Vec<Box<dyn DynPosition>> {
        Game::positions(self)
            .iter()
            .map(|p| Box::new(*p) as Box<dyn DynPosition>)
            .collect()
    }
}

/// [`DynGame::family`], written once for every variant: the built-in variant
/// called `name`, else the first with the GameType `number`, else International.
fn family(name: &str, number: u8) -> VariantKind {
    VariantKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .or_else(|| VariantKind::from_game_type(number))
        .unwrap_or(VariantKind::International)
}

/// [`DynGame::play_input`], written once for every variant over the face.
fn play_input(game: &mut dyn DynGame, input: &dyn DynInput) -> Result<MoveInfo, GameError> {
    let Some(chosen) = input.chosen() else {
        let clicks = input.position().square_texts(&input.clicks());
        return Err(
            MoveError::Illegal(format!("incomplete click input {}", clicks.join("-"))).into(),
        );
    };
    let at = input.position();
    if at.name() != game.name() || at.fen() != game.fen() {
        return Err(MoveError::Illegal(format!(
            "click input for another position: {}",
            chosen.text
        ))
        .into());
    }
    game.play(MoveArg::Info(&chosen))
}

impl dyn DynGame + '_ {
    /// Plays a move and returns it ([`DynGame::play_arg`]), the move given
    /// as anything `Into<MoveArg>`: text (`&str`, `&String`) or a
    /// [`MoveInfo`] (`&MoveInfo`). Fails, changing nothing, when the move is
    /// not legal or the game is over.
    ///
    /// ```
    /// let mut game = draughts::dynamic::new_game("russian").unwrap();
    /// assert_eq!(game.play("c3-d4").unwrap().text, "c3-d4");
    /// let reply = game.legal_moves().remove(0);
    /// assert_eq!(game.play(&reply).unwrap(), reply);
    /// assert!(game.play("c3-d4").is_err(), "a refused move changes nothing");
    /// assert_eq!(game.ply_count(), 2);
    /// ```
    pub fn play<'a>(&mut self, mv: impl Into<MoveArg<'a>>) -> Result<MoveInfo, GameError> {
        self.play_arg(mv.into())
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}
