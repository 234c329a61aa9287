//! Iterative-deepening principal-variation search.
//!
//! Alpha-beta with a null window for all but the first move (PVS), a
//! transposition table keyed by the Zobrist hash, move ordering (hash move,
//! captures by size, promotions, two killers per ply, a from-to history),
//! late-move reductions for quiet moves, a one-ply extension when only one
//! move is legal, and a capture quiescence: at depth 0 a position in which
//! the side to move must capture is searched on (captures are compulsory, so
//! there is no stand-pat there) until it is quiet.
//!
//! Draws: a position that repeats one since the last capture or man move (in
//! the search or in the game's history) scores 0, as do positions where the
//! variant's king-move/no-progress count runs out and Turkish one-against-one.

use core::sync::atomic::{AtomicBool, Ordering};

use smallvec::SmallVec;

use super::clock::{Clock, Limits, NoClock, NO_CLOCK_NODES};
use super::eval::Evaluator;
use super::score::{Score, INF, WIN, WIN_BOUND};
use super::tt::{Tt, EXACT, LOWER, UPPER};
use crate::bitboard::BitSet;
use crate::draws::{Limit, Material};
use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::outcome::{board_win, Outcome};
use crate::position::Position;
use crate::squares::Bits;
use crate::variant::Variant;

/// The deepest nominal depth an iterative-deepening search reaches.
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = 160;

/// Progress of a search, reported after each completed iteration.
#[derive(Debug)]
pub struct Info<'a, V: Variant> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (captures included).
    pub seldepth: u32,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started (0 with [`NoClock`]).
    pub time_ms: u64,
    /// Nodes per second (0 when no time has passed on the clock).
    pub nps: u64,
    /// The principal variation, best move first.
    pub pv: &'a [Move<V>],
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<V: Variant> {
    /// The best move; `None` only when there is no legal move (or the game is over).
    pub best: Option<Move<V>>,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: Vec<Move<V>>,
    /// The last completed nominal depth (0 if even depth 1 was cut short).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds on the caller's clock.
    pub time_ms: u64,
}

/// Scores of every legal move (see [`Engine::analyse`]), best first.
#[derive(Clone, Debug)]
pub struct Analysis<V: Variant> {
    /// Each legal move with its score for the side to move, best first.
    pub moves: Vec<(Move<V>, Score)>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// What a search may call back: the clock, a stop flag another thread can
/// set, and a callback per completed iteration.
///
/// ```
/// use draughts::engine::Hooks;
/// use draughts::International;
/// let hooks: Hooks<'_, International> = Hooks::default();
/// assert!(hooks.stop.is_none());
/// ```
pub struct Hooks<'a, V: Variant> {
    /// The time source (see [`Clock`]).
    pub clock: &'a dyn Clock,
    /// Set it to `true` to stop the search; the best move found so far is returned.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each completed iteration.
    #[allow(clippy::type_complexity)]
    pub info: Option<&'a mut dyn FnMut(&Info<'_, V>)>,
}

impl<V: Variant> Default for Hooks<'_, V> {
    fn default() -> Self {
        Hooks {
            clock: &NoClock,
            stop: None,
            info: None,
        }
    }
}

impl<'a, V: Variant> Hooks<'a, V> {
    /// Hooks with a clock only.
    pub fn with_clock(clock: &'a dyn Clock) -> Self {
        Hooks {
            clock,
            stop: None,
            info: None,
        }
    }
}

/// A search engine: the transposition table and move-ordering history kept
/// from one search to the next. One engine serves every variant (the tables
/// are cleared when the variant changes is not needed: hashes of different
/// boards rarely collide and a collision only costs ordering).
///
/// ```
/// use draughts::engine::{Engine, Hooks, Limits};
/// use draughts::{Game, International};
/// let game = Game::<International>::new();
/// let mut engine = Engine::with_tt_mib(1);
/// let result = engine.search(&game, &Limits::depth(4), Hooks::default());
/// let best = result.best.unwrap();
/// assert!(game.legal_moves().contains(&best));
/// assert_eq!(result.depth, 4);
/// assert_eq!(result.pv[0], best);
/// ```
pub struct Engine {
    tt: Tt,
    history: Box<[[i32; 128]; 128]>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Engine")
    }
}

impl Engine {
    /// An engine with a 16 MiB transposition table.
    pub fn new() -> Engine {
        Engine::with_tt_mib(16)
    }

    /// An engine with a transposition table of about `mib` MiB (at least 24 KiB).
    pub fn with_tt_mib(mib: usize) -> Engine {
        Engine {
            tt: Tt::new(mib),
            history: Box::new([[0; 128]; 128]),
        }
    }

    /// Forgets everything learnt (for a new game: results become independent
    /// of earlier searches).
    pub fn clear(&mut self) {
        self.tt.clear();
        for row in self.history.iter_mut() {
            row.fill(0);
        }
    }

    /// Searches the current position of `game` (its history counts for
    /// repetitions and the draw counters) within `limits`.
    pub fn search<V: Variant>(
        &mut self,
        game: &Game<V>,
        limits: &Limits,
        hooks: Hooks<'_, V>,
    ) -> SearchResult<V> {
        let Hooks { clock, stop, info } = hooks;
        let mut s = Searcher::new(self, game, limits, clock, stop, false);
        let r = s.run(info);
        s.now();
        let (best, score) = match r.root.first() {
            Some(rm) => (Some(rm.mv.clone()), Score(rm.score)),
            None => (None, Score::DRAW),
        };
        SearchResult {
            best,
            score,
            pv: r.pv,
            depth: r.depth,
            seldepth: s.seldepth,
            nodes: s.nodes,
            time_ms: s.elapsed(),
        }
    }

    /// Searches a position without history (as a game starting there).
    ///
    /// ```
    /// use draughts::engine::{Engine, Hooks, Limits};
    /// use draughts::{English, Position};
    /// // White to move wins two for one: 23-18 forces 14x23 and 27x18x9... here simply check a move comes back.
    /// let pos = Position::<English>::start();
    /// let r = Engine::with_tt_mib(1).search_position(&pos, &Limits::nodes(2000), Hooks::default());
    /// assert!(r.nodes <= 2000);
    /// assert!(r.best.is_some());
    /// ```
    pub fn search_position<V: Variant>(
        &mut self,
        pos: &Position<V>,
        limits: &Limits,
        hooks: Hooks<'_, V>,
    ) -> SearchResult<V> {
        self.search(&Game::from_position(*pos), limits, hooks)
    }

    /// The score of every legal move, each searched with a full window to the
    /// same depth (slower than [`Engine::search`]; for hints and for the
    /// weaker levels' choice among near-best moves).
    ///
    /// ```
    /// use draughts::engine::{Engine, Hooks, Limits};
    /// use draughts::{Game, Russian};
    /// let game = Game::<Russian>::new();
    /// let a = Engine::with_tt_mib(1).analyse(&game, &Limits::depth(3), Hooks::default());
    /// assert_eq!(a.moves.len(), 7);
    /// assert!(a.moves.windows(2).all(|w| w[0].1 >= w[1].1));
    /// ```
    pub fn analyse<V: Variant>(
        &mut self,
        game: &Game<V>,
        limits: &Limits,
        hooks: Hooks<'_, V>,
    ) -> Analysis<V> {
        let Hooks { clock, stop, info } = hooks;
        let mut s = Searcher::new(self, game, limits, clock, stop, true);
        let r = s.run(info);
        Analysis {
            moves: r
                .root
                .into_iter()
                .map(|rm| (rm.mv, Score(rm.score)))
                .collect(),
            depth: r.depth,
            nodes: s.nodes,
        }
    }
}

/// The score, for the side to move, of a position the board has decided
/// ([`board_win`]): `stuck` says whether the side to move has no legal move.
#[inline]
fn decided_score<V: Variant>(
    pos: &Position<V>,
    ply: i32,
    stuck: impl FnOnce() -> bool,
) -> Option<i32> {
    match board_win(pos, stuck)? {
        Outcome::Win { winner, .. } if winner == pos.turn() => Some(WIN - ply),
        _ => Some(-(WIN - ply)),
    }
}

/// A compact move identity for the table, killers and the PV walk: from,
/// to and a fold of the captured set (distinct-mode moves differ in one of
/// them). Never 0.
#[inline]
pub(crate) fn move_key<V: Variant>(m: &Move<V>) -> u32 {
    let mut h: u32 = 0;
    let mut c = m.captured;
    while !c.is_zero() {
        let i = c.lowest();
        c ^= Bits::<V>::bit(i);
        h = h.wrapping_mul(0x9E37_79B1).wrapping_add(i + 1);
    }
    (1 << 31) | (m.from.0 as u32) | ((m.to().0 as u32) << 7) | ((h & 0xFFFF) << 14)
}

#[derive(Clone)]
struct RootMove<V: Variant> {
    mv: Move<V>,
    key: u32,
    score: i32,
}

struct RunResult<V: Variant> {
    root: Vec<RootMove<V>>,
    pv: Vec<Move<V>>,
    depth: u32,
}

struct Searcher<'e, 'h, V: Variant> {
    tt: &'e mut Tt,
    history: &'e mut [[i32; 128]; 128],
    killers: [[u32; 2]; MAX_PLY],
    eval: Evaluator<V>,
    /// Hashes since the game's last irreversible move, then the search path.
    hashes: Vec<u64>,
    root_pos: Position<V>,
    root_qk: u32,
    over: bool,
    nodes: u64,
    max_nodes: u64,
    max_depth: u32,
    start: u64,
    last_now: u64,
    soft: Option<u64>,
    hard: Option<u64>,
    clock: &'h dyn Clock,
    stop: Option<&'h AtomicBool>,
    stopped: bool,
    seldepth: u32,
    analyse: bool,
    repetition: bool,
    quiet_limit: Option<u32>,
}

type InfoFn<'a, V> = Option<&'a mut dyn FnMut(&Info<'_, V>)>;

impl<'e, 'h, V: Variant> Searcher<'e, 'h, V> {
    fn new(
        engine: &'e mut Engine,
        game: &Game<V>,
        limits: &Limits,
        clock: &'h dyn Clock,
        stop: Option<&'h AtomicBool>,
        analyse: bool,
    ) -> Self {
        let positions = game.positions();
        let moves = game.moves();
        let mut first = moves.len();
        while first > 0 && moves.len() - first < 400 {
            let (p, m) = (&positions[first - 1], &moves[first - 1]);
            if m.is_capture() || !p.kings(p.turn()).contains(m.from()) {
                break;
            }
            first -= 1;
        }
        let hashes: Vec<u64> = positions[first..].iter().map(|p| p.zobrist()).collect();
        let start = clock.now_ms();
        let budget = limits.budget();
        let rules = V::RULES.draws;
        // The count rules that run in any material and restart on every
        // capture and man move count exactly the quiet king plies.
        let quiet_limit = rules
            .counts
            .iter()
            .filter(|c| c.material == Material::Any && c.resets.capture && c.resets.man_move)
            .map(|c| match c.limit {
                Limit::Plies(n) => n as u32,
                Limit::MovesEach(n) | Limit::StrongerSideMoves(n) => 2 * n as u32,
            })
            .min();
        engine.tt.new_search();
        for row in engine.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        Searcher {
            tt: &mut engine.tt,
            history: &mut engine.history,
            killers: [[0; 2]; MAX_PLY],
            eval: Evaluator::new(),
            hashes,
            root_pos: *game.position(),
            root_qk: game.quiet_king_plies() as u32,
            over: game.outcome().is_some(),
            nodes: 0,
            max_nodes: match limits.nodes {
                Some(n) => n,
                // Time limits alone on a clock that never reaches them.
                None if budget.is_some() && limits.depth.is_none() && !clock.advances() => {
                    NO_CLOCK_NODES
                }
                None => u64::MAX,
            },
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            start,
            last_now: start,
            soft: budget.map(|b| start + b.0),
            hard: budget.map(|b| start + b.1),
            clock,
            stop,
            stopped: false,
            seldepth: 0,
            analyse,
            repetition: rules.repetition.is_some(),
            quiet_limit,
        }
    }

    fn elapsed(&self) -> u64 {
        self.last_now.saturating_sub(self.start)
    }

    fn now(&mut self) -> u64 {
        self.last_now = self.clock.now_ms().max(self.last_now);
        self.last_now
    }

    /// Checks the stop flag and the clock.
    fn poll(&mut self) {
        if self.stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        if let Some(hard) = self.hard {
            if self.now() >= hard {
                self.stopped = true;
            }
        }
    }

    /// Counts a node; false when a limit says stop.
    #[inline]
    fn enter(&mut self, ply: i32) -> bool {
        if self.stopped {
            return false;
        }
        if self.nodes >= self.max_nodes {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.poll();
            if self.stopped {
                return false;
            }
        }
        if ply as u32 > self.seldepth {
            self.seldepth = ply as u32;
        }
        true
    }

    fn run(&mut self, mut info: InfoFn<'_, V>) -> RunResult<V> {
        let pos = self.root_pos;
        let mut root: Vec<RootMove<V>> = if self.over {
            Vec::new()
        } else {
            pos.legal_moves()
                .into_iter()
                .map(|mv| RootMove {
                    key: move_key(&mv),
                    mv,
                    score: -INF,
                })
                .collect()
        };
        let mut result = RunResult {
            root: Vec::new(),
            pv: Vec::new(),
            depth: 0,
        };
        if root.is_empty() {
            return result;
        }
        // Order the root by the table move, then captures and a static look.
        let hash = pos.zobrist();
        let tt_move = self.tt.probe(hash, 0).map(|e| e.mv).unwrap_or(0);
        for rm in root.iter_mut() {
            rm.score = -self.eval.evaluate(&pos.play(&rm.mv));
        }
        root.sort_by_key(|rm| (rm.key != tt_move, -rm.score));
        let single = root.len() == 1 && !self.analyse;
        result.root = root.clone();
        let root_index = self.hashes.len() - 1;
        for depth in 1..=self.max_depth {
            let done = self.root_iteration(&pos, hash, &mut root, depth as i32, root_index);
            if !done {
                break;
            }
            result.root = root.clone();
            result.depth = depth;
            result.pv = self.pv_line(&pos, hash, &root[0].mv, depth as usize + 8);
            if let Some(cb) = info.as_mut() {
                // Read the clock: a search without a time limit reads it
                // nowhere else.
                self.now();
                let time_ms = self.elapsed();
                let nps = (self.nodes * 1000).checked_div(time_ms).unwrap_or(0);
                cb(&Info {
                    depth,
                    seldepth: self.seldepth,
                    score: Score(root[0].score),
                    nodes: self.nodes,
                    time_ms,
                    nps,
                    pv: &result.pv,
                });
            }
            if single || self.stopped {
                break;
            }
            // A forced result found at this depth does not change deeper.
            if !self.analyse
                && root[0].score.abs() > WIN_BOUND
                && depth as i32 >= WIN - root[0].score.abs()
            {
                break;
            }
            if let Some(soft) = self.soft {
                if self.now() >= soft {
                    break;
                }
            }
        }
        if result.pv.is_empty() {
            result.pv.push(result.root[0].mv.clone());
        }
        self.hashes.truncate(root_index + 1);
        result
    }

    /// One iteration over the root moves; false when stopped before the first
    /// (previous best) move was searched, in which case `root` is unchanged.
    fn root_iteration(
        &mut self,
        pos: &Position<V>,
        hash: u64,
        root: &mut [RootMove<V>],
        depth: i32,
        _root_index: usize,
    ) -> bool {
        let mut alpha = -INF;
        let beta = INF;
        let mut scores: SmallVec<[i32; 64]> = SmallVec::new();
        for (i, rm) in root.iter().enumerate() {
            let child = pos.play(&rm.mv);
            let child_hash = pos.zobrist_after(hash, &rm.mv);
            let (irrev, qk) = self.child_counters(pos, &rm.mv, 0, self.root_qk);
            self.hashes.push(child_hash);
            let score = if i == 0 || self.analyse {
                -self.search(
                    &child,
                    child_hash,
                    depth - 1,
                    -beta,
                    -alpha,
                    1,
                    irrev,
                    qk,
                    true,
                )
            } else {
                let s = -self.search(
                    &child,
                    child_hash,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    1,
                    irrev,
                    qk,
                    false,
                );
                if s > alpha && !self.stopped {
                    -self.search(
                        &child,
                        child_hash,
                        depth - 1,
                        -beta,
                        -alpha,
                        1,
                        irrev,
                        qk,
                        true,
                    )
                } else {
                    s
                }
            };
            self.hashes.pop();
            if self.stopped {
                if i == 0 || self.analyse {
                    return false;
                }
                // Keep the moves searched so far; the rest keep their old order below.
                break;
            }
            scores.push(score);
            if !self.analyse && score > alpha {
                alpha = score;
            }
        }
        let searched = scores.len();
        for (rm, s) in root.iter_mut().zip(scores.iter()) {
            rm.score = *s;
        }
        for rm in root.iter_mut().skip(searched) {
            rm.score = -INF;
        }
        // Best first; in PVS the others are upper bounds, kept in their order.
        let best = (0..searched)
            .max_by_key(|&i| (root[i].score, core::cmp::Reverse(i)))
            .unwrap_or(0);
        root[..=best].rotate_right(1);
        if self.analyse {
            root[..searched].sort_by_key(|rm| core::cmp::Reverse(rm.score));
        }
        self.tt
            .store(hash, root[0].key, root[0].score, depth, EXACT, 0);
        true
    }

    /// (index of the last irreversible position, quiet king plies) after `mv`.
    #[inline]
    fn child_counters(
        &self,
        pos: &Position<V>,
        mv: &Move<V>,
        irrev: usize,
        qk: u32,
    ) -> (usize, u32) {
        let king_move = !(pos.kings & Bits::<V>::bit(mv.from.0 as u32)).is_zero();
        if king_move && !mv.is_capture() {
            (irrev, qk + 1)
        } else {
            (self.hashes.len(), 0)
        }
    }

    /// True when the current node (the last hash) is a draw by the rules.
    #[inline]
    fn is_draw(&self, irrev: usize, qk: u32) -> bool {
        if let Some(limit) = self.quiet_limit {
            if qk >= limit {
                return true;
            }
        }
        if self.repetition {
            let n = self.hashes.len() - 1;
            let h = self.hashes[n];
            let mut i = n;
            while i >= irrev + 2 {
                i -= 2;
                if self.hashes[i] == h {
                    return true;
                }
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position<V>,
        hash: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        irrev: usize,
        qk: u32,
        pv_node: bool,
    ) -> i32 {
        // Before the move generation, only a king (Breakthrough) decides.
        if let Some(score) = decided_score(pos, ply, || false) {
            return score;
        }
        if self.is_draw(irrev, qk) {
            return 0;
        }
        if depth <= 0 || ply as usize >= MAX_PLY - 2 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if !self.enter(ply) {
            return 0;
        }
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(hash, ply) {
            tt_move = e.mv;
            if !pv_node && e.depth as i32 >= depth {
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => e.score >= beta,
                    _ => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return decided_score(pos, ply, || true).unwrap_or(0);
        }
        let capture = moves[0].is_capture();
        let mut order: SmallVec<[(i32, u32, usize); 48]> = moves
            .iter()
            .enumerate()
            .map(|(idx, m)| {
                let key = move_key(m);
                let s = if key == tt_move {
                    1 << 30
                } else if capture {
                    (1 << 28) + m.captured.count() as i32 * 64 + m.promotes as i32 * 32
                } else if m.promotes {
                    1 << 27
                } else if key == self.killers[ply as usize][0] {
                    (1 << 26) + 1
                } else if key == self.killers[ply as usize][1] {
                    1 << 26
                } else {
                    self.history[m.from.0 as usize][m.to().0 as usize].min((1 << 25) - 1)
                };
                (s, key, idx)
            })
            .collect();
        let extension =
            i32::from(moves.len() == 1 && (ply as u32) < 2 * self.max_depth.min(40) + 8);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_key = 0;
        for i in 0..moves.len() {
            // Selection sort: the best remaining move next.
            let mut j = i;
            for k in i + 1..order.len() {
                if order[k].0 > order[j].0 {
                    j = k;
                }
            }
            order.swap(i, j);
            let (ord, key, idx) = order[i];
            let m = &moves[idx];
            let child = pos.play(m);
            let child_hash = pos.zobrist_after(hash, m);
            let (c_irrev, c_qk) = self.child_counters(pos, m, irrev, qk);
            let new_depth = depth - 1 + extension;
            self.hashes.push(child_hash);
            let score = if i == 0 {
                -self.search(
                    &child,
                    child_hash,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    c_irrev,
                    c_qk,
                    pv_node,
                )
            } else {
                let quiet = !capture && !m.promotes && ord < (1 << 26);
                let reduction = if quiet && depth >= 3 && i >= 3 {
                    1 + i32::from(depth >= 6 && i >= 8)
                } else {
                    0
                };
                let mut s = -self.search(
                    &child,
                    child_hash,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    c_irrev,
                    c_qk,
                    false,
                );
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.search(
                        &child,
                        child_hash,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        c_irrev,
                        c_qk,
                        false,
                    );
                }
                if s > alpha && s < beta && pv_node && !self.stopped {
                    s = -self.search(
                        &child,
                        child_hash,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        c_irrev,
                        c_qk,
                        true,
                    );
                }
                s
            };
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_key = key;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !capture && !m.promotes {
                            let k = &mut self.killers[ply as usize];
                            if k[0] != key {
                                k[1] = k[0];
                                k[0] = key;
                            }
                            let h = &mut self.history[m.from.0 as usize][m.to().0 as usize];
                            *h = (*h + depth * depth).min(1 << 24);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(hash, best_key, best, depth, bound, ply);
        best
    }

    /// Searches forced captures to the end; a quiet position scores its evaluation.
    fn qsearch(&mut self, pos: &Position<V>, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if !self.enter(ply) {
            return 0;
        }
        if let Some(score) = decided_score(pos, ply, || false) {
            return score;
        }
        if !pos.has_captures() || ply as usize >= MAX_PLY - 1 {
            // A side without a move: decided by the variant's win rule.
            if let Some(score) = decided_score(pos, ply, || {
                pos.count_moves(crate::moves::MoveMode::Distinct) == 0
            }) {
                return score;
            }
            return self.eval.evaluate(pos);
        }
        let mut moves: MoveList<V> = pos.legal_moves();
        // Biggest captures first.
        moves.sort_by_key(|m| core::cmp::Reverse(m.captured.count()));
        let mut best = -INF;
        for m in &moves {
            let score = -self.qsearch(&pos.play(m), -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The principal variation: `first`, then the table moves.
    fn pv_line(
        &mut self,
        pos: &Position<V>,
        hash: u64,
        first: &Move<V>,
        max: usize,
    ) -> Vec<Move<V>> {
        let mut pv = vec![first.clone()];
        let mut p = pos.play(first);
        let mut h = pos.zobrist_after(hash, first);
        let mut seen: SmallVec<[u64; 64]> = SmallVec::new();
        seen.push(hash);
        while pv.len() < max && !seen.contains(&h) {
            seen.push(h);
            let Some(e) = self.tt.probe(h, 0) else { break };
            let Some(m) = p.legal_moves().into_iter().find(|m| move_key(m) == e.mv) else {
                break;
            };
            h = p.zobrist_after(h, &m);
            p = p.play(&m);
            pv.push(m);
        }
        pv
    }
}
