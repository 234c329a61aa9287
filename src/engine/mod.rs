//! The computer opponent: a search engine for every variant.
//!
//! * [`search`]: iterative-deepening PVS with a transposition table, move
//!   ordering, capture quiescence and the game's draw rules at every node;
//!   [`Engine`] holds its tables between moves.
//! * [`eval`]: the static evaluation, one [`Weights`] set per [`Family`].
//! * `tt`: the transposition table (keyed by the Zobrist hash).
//! * [`level`]: the four levels ([`Level`]) as data.
//! * [`clock`]: the caller-supplied [`Clock`] and the search [`Limits`].
//! * [`score`]: [`Score`], in men or win-in-N.
//! * [`Search`], [`Analysis`], [`Played`]: what the engine answers, generic
//!   over the move: [`Move<V>`](crate::Move) from the calls here,
//!   [`MoveInfo`](crate::dynamic::MoveInfo) from the run-time face
//!   ([`DynGame::engine_search`](crate::dynamic::DynGame::engine_search) and
//!   its siblings), which runs the same searches for a variant chosen at run time.
//! * [`analyse_many`]: many games or positions scored in parallel (evaluation curves).
//!
//! Everything is generic over [`Variant`] and monomorphized; nothing reads
//! the system clock or does I/O, so the engine runs on `wasm32` too.
//!
//! ```
//! use draughts::engine::{self, Level, NoClock};
//! use draughts::{English, Game};
//!
//! let mut game = Game::<English>::new();
//! let mv = engine::best_move(&game, Level::Easy, 7, &NoClock).unwrap();
//! // Same seed, same move.
//! assert_eq!(engine::best_move(&game, Level::Easy, 7, &NoClock), Some(mv.clone()));
//! game.play(&mv).unwrap();
//! ```

pub(crate) mod batch;
pub mod clock;
pub mod eval;
pub mod level;
mod picker;
pub mod score;
pub mod search;
mod tt;

pub use batch::{analyse_many, BatchOptions, BatchResult};
pub use clock::{Clock, GameClock, Limits, MoveBudget, NoClock, TimeControl, NO_CLOCK_NODES};
pub use eval::{Family, Weights};
pub use level::{Level, LevelSpec, UnknownLevel, HARD_MATCH_NODES};

/// The node budget of the search behind [`Engine::accepts_draw`].
pub const DRAW_OFFER_NODES: u64 = 50_000;
pub use score::Score;
pub use search::{Engine, Hooks, Info, DEFAULT_TT_MIB, MAX_DEPTH};

use crate::game::Game;
use crate::moves::Move;
use crate::variant::Variant;
use crate::Color;
use level::Rng;

/// What a search found ([`Engine::search`]), its moves of type `M`: the
/// typed [`Move<V>`](Move) from the engine's generic calls, a
/// [`MoveInfo`](crate::dynamic::MoveInfo) from the run-time face's
/// [`DynGame::engine_search`](crate::dynamic::DynGame::engine_search).
#[derive(Clone, Debug, PartialEq)]
pub struct Search<M> {
    /// The best move; `None` only when there is no legal move (or the game is over).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// The last completed nominal depth (0 if even depth 1 was cut short).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds on the caller's clock.
    pub time_ms: u64,
}

/// Scores of every legal move ([`Engine::analyse`]), best first, its moves
/// of type `M` (as [`Search`]'s).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// Each legal move with its score for the side to move, best first.
    pub moves: Vec<(M, Score)>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A level's move with what the search found ([`Engine::play_scored`]),
/// its moves of type `M` (as [`Search`]'s).
#[derive(Clone, Debug, PartialEq)]
pub struct Played<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move; `None` when no search chose it (the
    /// only legal move, or a level's random move).
    pub score: Option<Score>,
    /// The last completed depth (0 when no search chose the move).
    pub depth: u32,
    /// The principal variation, the move first: the whole line when the
    /// search's best move was played, the move alone otherwise (a random
    /// choice among near-best moves, or no search).
    pub pv: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
}

/// The move `level` plays in `game` with random seed `seed`, or `None` when
/// the game is over. A fresh engine each call: the answer depends only on
/// the game, the level and the seed (and, for the time-limited `hard`, on
/// the clock).
pub fn best_move<V: Variant>(
    game: &Game<V>,
    level: Level,
    seed: u64,
    clock: &dyn Clock,
) -> Option<Move<V>> {
    Engine::with_tt_mib(8).play(game, &level.spec(), seed, Hooks::with_clock(clock))
}

impl Engine {
    /// The move a level (or any [`LevelSpec`]) plays in `game`: with
    /// probability `blunder_permille`/1000 a random legal move, otherwise a
    /// random one among the moves within `margin` of the best (or the best
    /// move when `margin` is 0). `None` when the game is over.
    ///
    /// ```
    /// use draughts::engine::{Engine, Hooks, Level};
    /// use draughts::{Game, International};
    /// let game = Game::<International>::new();
    /// let spec = Level::Hard.spec().with_nodes(3000);
    /// let a = Engine::with_tt_mib(1).play(&game, &spec, 1, Hooks::default());
    /// let b = Engine::with_tt_mib(1).play(&game, &spec, 1, Hooks::default());
    /// assert_eq!(a, b);
    /// ```
    pub fn play<V: Variant>(
        &mut self,
        game: &Game<V>,
        spec: &LevelSpec,
        seed: u64,
        hooks: Hooks<'_, Move<V>>,
    ) -> Option<Move<V>> {
        self.play_scored(game, spec, seed, hooks).map(|p| p.mv)
    }

    /// The move [`Engine::play`] plays, with what the search found: its
    /// score, the depth, the principal variation and the nodes, so that a
    /// frontend shows the computer's evaluation without searching twice.
    /// The same move as [`Engine::play`] for the same arguments.
    ///
    /// ```
    /// use draughts::engine::{Engine, Hooks, Level};
    /// use draughts::{Game, Russian};
    /// let game = Game::<Russian>::new();
    /// let spec = Level::Hard.spec().with_nodes(5000);
    /// let p = Engine::with_tt_mib(1).play_scored(&game, &spec, 1, Hooks::default()).unwrap();
    /// assert_eq!(p.pv[0], p.mv);
    /// assert!(p.score.is_some() && p.depth >= 1 && p.nodes <= 5000);
    /// let mv = Engine::with_tt_mib(1).play(&game, &spec, 1, Hooks::default());
    /// assert_eq!(mv, Some(p.mv));
    /// ```
    pub fn play_scored<V: Variant>(
        &mut self,
        game: &Game<V>,
        spec: &LevelSpec,
        seed: u64,
        hooks: Hooks<'_, Move<V>>,
    ) -> Option<Played<Move<V>>> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let unsearched = |mv: &Move<V>| Played {
            mv: mv.clone(),
            score: None,
            depth: 0,
            pv: vec![mv.clone()],
            nodes: 0,
        };
        let mut rng = Rng::new(
            seed ^ game.hash().rotate_left(17)
                ^ (game.moves().len() as u64).wrapping_mul(0xA24B_AED4_963E_E407),
        );
        if moves.len() == 1 {
            return Some(unsearched(&moves[0]));
        }
        if spec.blunder_permille > 0 && rng.below(1000) < spec.blunder_permille as u64 {
            return Some(unsearched(&moves[rng.below(moves.len() as u64) as usize]));
        }
        if spec.margin <= 0 {
            let r = self.search(game, &spec.limits, hooks);
            return r.best.clone().map(|mv| Played {
                mv,
                score: Some(r.score),
                depth: r.depth,
                pv: r.pv,
                nodes: r.nodes,
            });
        }
        let analysis = self.analyse(game, &spec.limits, hooks);
        let best = analysis.moves.first()?.1;
        let near: Vec<&(Move<V>, Score)> = analysis
            .moves
            .iter()
            .filter(|(_, s)| s.centimen() >= best.centimen() - spec.margin)
            .collect();
        let (mv, score) = near[rng.below(near.len() as u64) as usize].clone();
        Some(Played {
            pv: vec![mv.clone()],
            mv,
            score: Some(score),
            depth: analysis.depth,
            nodes: analysis.nodes,
        })
    }

    /// Whether the engine, as the opponent of `offered_by`, accepts a draw
    /// that `offered_by` offers in `game`: yes when a short search
    /// ([`DRAW_OFFER_NODES`] nodes) finds the offering side at least level
    /// (the engine is not ahead). Always false once the game is over.
    ///
    /// ```
    /// use draughts::engine::{Engine, Hooks};
    /// use draughts::{Color, English, Game, Position};
    /// // White to move with three kings against one man.
    /// let pos = Position::<English>::from_fen("W:WK25,K26,K27:B5").unwrap();
    /// let game = Game::from_position(pos);
    /// let mut engine = Engine::with_tt_mib(1);
    /// // Black (the engine) is lost: it accepts White's offer...
    /// assert!(engine.accepts_draw(&game, Color::White, Hooks::default()));
    /// // ...and White (the engine) declines Black's.
    /// assert!(!engine.accepts_draw(&game, Color::Black, Hooks::default()));
    /// ```
    pub fn accepts_draw<V: Variant>(
        &mut self,
        game: &Game<V>,
        offered_by: Color,
        hooks: Hooks<'_, Move<V>>,
    ) -> bool {
        if game.outcome().is_some() {
            return false;
        }
        let r = self.search(game, &Limits::nodes(DRAW_OFFER_NODES), hooks);
        let for_offerer = if game.position().turn() == offered_by {
            r.score
        } else {
            -r.score
        };
        for_offerer.centimen() >= 0
    }
}
