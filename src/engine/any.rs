//! The engine on [`AnyGame`]: a variant chosen at run time, moves as text.

use core::sync::atomic::AtomicBool;

use super::{Clock, Engine, Hooks, Level, LevelSpec, Limits, Played, Score};
use crate::any::AnyGame;
use crate::variant::Color;
use crate::with_game;

/// A search result with moves as full-path text (see [`SearchResult`](super::SearchResult)).
#[derive(Clone, Debug, PartialEq)]
pub struct AnySearch {
    /// The best move, or `None` when the game is over.
    pub best: Option<String>,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds on the clock.
    pub time_ms: u64,
}

/// A level's move with its score, depth and principal variation as text
/// (see [`Played`]).
#[derive(Clone, Debug, PartialEq)]
pub struct AnyPlayed {
    /// The move, as full-path text.
    pub mv: String,
    /// Its score for the side to move; `None` when no search chose it.
    pub score: Option<Score>,
    /// The last completed depth (0 when no search chose the move).
    pub depth: u32,
    /// The principal variation, the move first.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
}

impl<V: crate::Variant> From<Played<V>> for AnyPlayed {
    fn from(p: Played<V>) -> AnyPlayed {
        AnyPlayed {
            mv: p.mv.to_string(),
            score: p.score,
            depth: p.depth,
            pv: p.pv.iter().map(ToString::to_string).collect(),
            nodes: p.nodes,
        }
    }
}

impl AnyGame {
    /// The move `level` plays here with seed `seed`, as full-path text.
    ///
    /// ```
    /// use draughts::engine::{Level, NoClock};
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::Turkish);
    /// let mv = game.best_move(Level::Medium, 3, &NoClock).unwrap();
    /// game.play_text(&mv).unwrap();
    /// ```
    pub fn best_move(&self, level: Level, seed: u64, clock: &dyn Clock) -> Option<String> {
        with_game!(self, g => super::best_move(g, level, seed, clock).map(|m| m.to_string()))
    }

    /// The move a [`LevelSpec`] plays, with a caller's engine (tables kept between moves).
    pub fn play_level(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
        stop: Option<&AtomicBool>,
    ) -> Option<String> {
        with_game!(self, g => engine
            .play(g, spec, seed, Hooks { clock, stop, info: None })
            .map(|m| m.to_string()))
    }

    /// The move a [`LevelSpec`] plays, with its score, depth and principal
    /// variation ([`Engine::play_scored`]): the same move as
    /// [`AnyGame::play_level`].
    ///
    /// ```
    /// use draughts::engine::{Engine, Level, NoClock};
    /// use draughts::{AnyGame, VariantKind};
    /// let game = AnyGame::new(VariantKind::English);
    /// let spec = Level::Hard.spec().with_nodes(3000);
    /// let p = game.play_level_scored(&mut Engine::with_tt_mib(1), &spec, 1, &NoClock, None).unwrap();
    /// assert_eq!(p.pv.first(), Some(&p.mv));
    /// assert!(p.score.is_some());
    /// ```
    pub fn play_level_scored(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
        stop: Option<&AtomicBool>,
    ) -> Option<AnyPlayed> {
        with_game!(self, g => engine
            .play_scored(g, spec, seed, Hooks { clock, stop, info: None })
            .map(AnyPlayed::from))
    }

    /// Searches the current position within `limits`.
    ///
    /// ```
    /// use draughts::engine::{Engine, Limits, NoClock};
    /// use draughts::{AnyGame, VariantKind};
    /// let game = AnyGame::new(VariantKind::Canadian);
    /// let r = game.search(&mut Engine::with_tt_mib(1), &Limits::depth(3), &NoClock, None);
    /// assert_eq!(r.depth, 3);
    /// assert_eq!(r.pv.first(), r.best.as_ref());
    /// ```
    pub fn search(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        clock: &dyn Clock,
        stop: Option<&AtomicBool>,
    ) -> AnySearch {
        with_game!(self, g => {
            let r = engine.search(g, limits, Hooks { clock, stop, info: None });
            AnySearch {
                best: r.best.map(|m| m.to_string()),
                score: r.score,
                pv: r.pv.iter().map(ToString::to_string).collect(),
                depth: r.depth,
                nodes: r.nodes,
                time_ms: r.time_ms,
            }
        })
    }

    /// The score of every legal move, best first (see [`Engine::analyse`]).
    pub fn analyse(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        clock: &dyn Clock,
        stop: Option<&AtomicBool>,
    ) -> Vec<(String, Score)> {
        with_game!(self, g => engine
            .analyse(g, limits, Hooks { clock, stop, info: None })
            .moves
            .into_iter()
            .map(|(m, s)| (m.to_string(), s))
            .collect())
    }

    /// Whether the engine, as the opponent of `offered_by`, accepts the draw
    /// `offered_by` offers (see [`Engine::accepts_draw`]: a search of
    /// [`DRAW_OFFER_NODES`](super::DRAW_OFFER_NODES) nodes).
    ///
    /// ```
    /// use draughts::engine::{Engine, NoClock};
    /// use draughts::{AnyGame, Color, VariantKind};
    /// let game = AnyGame::from_fen(VariantKind::English, "W:WK25,K26,K27:B5").unwrap();
    /// let mut engine = Engine::with_tt_mib(1);
    /// assert!(game.accepts_draw(&mut engine, Color::White, &NoClock, None));
    /// assert!(!game.accepts_draw(&mut engine, Color::Black, &NoClock, None));
    /// ```
    pub fn accepts_draw(
        &self,
        engine: &mut Engine,
        offered_by: Color,
        clock: &dyn Clock,
        stop: Option<&AtomicBool>,
    ) -> bool {
        with_game!(self, g => engine.accepts_draw(g, offered_by, Hooks { clock, stop, info: None }))
    }
}
