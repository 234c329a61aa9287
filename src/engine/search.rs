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
//! Draws, exactly as [`Game`] declares them: each node carries the game's
//! count-rule state (started from [`Game::rule_counts`] and advanced by the
//! code `Game` uses), so a node where any count rule of the variant (or of a
//! custom [`DrawRules`](crate::DrawRules)) is met scores 0, after the check
//! for a win: whether the rule ends the game or lets the player to move
//! claim the draw (any [`Trigger`](crate::Trigger) and
//! [`DrawMode`]: a claimable draw is a draw for the search). Repetitions count from the game's
//! last irreversible move ([`Game::irreversible_index`]) as the rule counts
//! them, and a position repeated inside the search scores 0 at once. Counts
//! near their limit are part of the table key.
//!
//! Move ordering is the picker's (`picker.rs`).

use core::sync::atomic::{AtomicBool, Ordering};

use smallvec::SmallVec;

use super::clock::{Clock, Limits, NoClock, Stability, TimeBudget};
use super::eval::Evaluator;
use super::picker::{move_key, History, Picker, HISTORY_MAX};
use super::score::{Score, INF, WIN, WIN_BOUND};
use super::tt::{Tt, EXACT, LOWER, UPPER};
use super::{Analysis, Search};
use crate::bitboard::BitSet;
use crate::draws::{Limit, MAX_COUNTS};
#[cfg(feature = "egdb")]
use crate::egdb::{Egdb, SharedEgdb, Value};
use crate::game::{ends_by_itself, Counts, DrawMode, Game};
use crate::moves::{Move, MoveList, MoveMode};
use crate::outcome::{board_win, Outcome};
use crate::position::Position;
use crate::sort::sort_by_key;
use crate::variant::Variant;

/// The transposition table size of [`Engine::new`], in MiB: what the
/// `draughts` command line's engines (`hub`, `play`, `dxp`, `match`) use
/// unless told otherwise, so that both seats of a match search alike.
pub const DEFAULT_TT_MIB: usize = 16;

/// The deepest nominal depth an iterative-deepening search reaches.
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = 160;

/// Progress of a search, reported after each completed iteration: `M` is
/// the move type, [`Move<V>`](crate::Move) from a typed [`Engine`] call and
/// [`MoveInfo`](crate::dynamic::MoveInfo) from the run-time face's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Info<'a, M> {
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
    pub pv: &'a [M],
}

/// What a search may call back: the clock, a stop flag another thread can
/// set, and a callback per completed iteration. `M` is the move type the
/// callback's [`Info`] carries: [`Move<V>`](crate::Move) for the typed
/// [`Engine`] calls, [`MoveInfo`](crate::dynamic::MoveInfo) for the
/// run-time face's (where it is inferred).
///
/// ```
/// use draughts::engine::{Engine, Hooks, Info, Limits};
/// use draughts::{Game, International, Move};
/// let mut depths = Vec::new();
/// let mut on_info = |i: &Info<'_, Move<International>>| depths.push(i.depth);
/// let hooks = Hooks { info: Some(&mut on_info), ..Hooks::default() };
/// assert!(hooks.stop.is_none());
/// Engine::with_tt_mib(1).search(&Game::<International>::new(), &Limits::depth(3), hooks);
/// assert_eq!(depths, [1, 2, 3]);
/// ```
pub struct Hooks<'a, M> {
    /// The time source (see [`Clock`]).
    pub clock: &'a dyn Clock,
    /// Set it to `true` to stop the search; the best move found so far is returned.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each completed iteration.
    #[allow(clippy::type_complexity)]
    pub info: Option<&'a mut dyn FnMut(&Info<'_, M>)>,
}

impl<M> Default for Hooks<'_, M> {
    fn default() -> Self {
        Hooks {
            clock: &NoClock,
            stop: None,
            info: None,
        }
    }
}

impl<'a, M> Hooks<'a, M> {
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
    history: Box<History>,
    /// The endgame database the search consults ([`Engine::set_egdb`]).
    #[cfg(feature = "egdb")]
    egdb: Option<SharedEgdb>,
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
    /// An engine with a [`DEFAULT_TT_MIB`] MiB transposition table.
    pub fn new() -> Engine {
        Engine::with_tt_mib(DEFAULT_TT_MIB)
    }

    /// An engine with a transposition table of about `mib` MiB (at least 24 KiB).
    pub fn with_tt_mib(mib: usize) -> Engine {
        Engine {
            tt: Tt::new(mib),
            history: Box::new([[0; 128]; 128]),
            #[cfg(feature = "egdb")]
            egdb: None,
        }
    }

    /// Gives the search an endgame database (or takes it away with `None`).
    /// A database of another variant than the game searched is not used.
    ///
    /// At every node of a loaded slice the search scores the position from
    /// the table: a draw is 0, a win or loss whose distance fits in what
    /// the variant's count rules still allow (the counts running in the
    /// node, and any count that could start later) is a forced result
    /// scored by its distance, so the engine converts by the shortest way;
    /// a longer win is scored above any evaluation but below a forced win,
    /// scaled down as the counts run (the search and the count rules then
    /// decide). At the root the engine plays only moves that keep the
    /// table's value (a fastest win when it fits in the counts).
    ///
    /// ```
    /// use draughts::egdb::{build_all, SharedEgdb};
    /// use draughts::engine::{Engine, Hooks, Limits};
    /// use draughts::{English, Game, Position};
    ///
    /// let db = SharedEgdb::new(build_all::<English>(3, 1, |_| {}).unwrap());
    /// let mut engine = Engine::with_tt_mib(1);
    /// engine.set_egdb(Some(db));
    /// // Two kings against one: won, and the search knows in how many plies.
    /// let pos = Position::<English>::from_fen("W:WK1,K2:BK32").unwrap();
    /// let r = engine.search(&Game::from_position(pos), &Limits::depth(2), Hooks::default());
    /// assert!(r.score.win_in().is_some_and(|n| n > 2));
    /// ```
    #[cfg(feature = "egdb")]
    pub fn set_egdb(&mut self, db: Option<SharedEgdb>) {
        self.egdb = db;
    }

    /// The endgame database given with [`Engine::set_egdb`].
    #[cfg(feature = "egdb")]
    pub fn egdb(&self) -> Option<&SharedEgdb> {
        self.egdb.as_ref()
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
        hooks: Hooks<'_, Move<V>>,
    ) -> Search<Move<V>> {
        let Hooks { clock, stop, info } = hooks;
        let mut s = Searcher::new(self, game, limits, clock, stop, false);
        let r = s.run(info);
        s.now();
        let (best, score) = match r.root.first() {
            Some(rm) => (Some(rm.mv.clone()), Score(rm.score)),
            None => (None, Score::DRAW),
        };
        Search {
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
        hooks: Hooks<'_, Move<V>>,
    ) -> Search<Move<V>> {
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
        hooks: Hooks<'_, Move<V>>,
    ) -> Analysis<Move<V>> {
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

/// The score of a position for its side to move from the score of the
/// position `plies` forced moves later: negated once a ply, a forced result
/// one ply further away each time.
fn lifted(score: i32, plies: usize) -> i32 {
    (0..plies).fold(score, |s, _| {
        if s > WIN_BOUND {
            -(s - 1)
        } else if s < -WIN_BOUND {
            -(s + 1)
        } else {
            -s
        }
    })
}

/// At most this many forced moves in a row are played through at the root
/// (a bound for variants without a repetition rule).
const MAX_FORCED: usize = 64;

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

/// The rule state and window of one search node.
#[derive(Clone, Copy)]
struct Node<V: Variant> {
    pos: Position<V>,
    /// The Zobrist hash of `pos`.
    hash: u64,
    /// Remaining nominal depth.
    depth: i32,
    alpha: i32,
    beta: i32,
    /// Plies from the root.
    ply: i32,
    /// Index in [`Searcher::hashes`] of the position after the last
    /// irreversible move: repetitions are counted from there.
    irrev: usize,
    /// The count rules' plies, as the game keeps them.
    counts: Counts,
    /// On the principal variation (searched with a full window).
    pv: bool,
}

impl<V: Variant> Node<V> {
    /// The same node with another window and depth.
    #[inline]
    fn window(mut self, depth: i32, alpha: i32, beta: i32, pv: bool) -> Node<V> {
        self.depth = depth;
        self.alpha = alpha;
        self.beta = beta;
        self.pv = pv;
        self
    }
}

/// How close (in plies) a count must be to its limit before the table keys
/// it: nearer than this, the same placement with another count is another
/// position for the search.
const COUNT_HORIZON: u16 = 24;

/// Count pressure, in thousandths of a count rule's limit: once a running
/// count (quiet king moves, moves in a small ending, ...) has passed this
/// share of its limit, the static score is scaled down linearly to 0 at the
/// limit. The side ahead then prefers the moves that reset the count (man
/// moves, captures) and converts before the rule draws; the side behind
/// steers into the count.
const COUNT_PRESSURE_START: u32 = 500;

/// Reverse futility pruning (static null move): at a non-PV node with this
/// much remaining depth or less, where neither side has a capture, a static
/// score at least [`RFP_MARGIN`] per remaining ply above beta is taken as
/// the node's score without a search. Measured at 30,000 nodes a move
/// against the engine without it (see the CHANGELOG).
const RFP_MAX_DEPTH: i32 = 3;
/// Reverse futility pruning's margin per remaining ply, in hundredths of a
/// man ([`RFP_MAX_DEPTH`]).
const RFP_MARGIN: i32 = 60;

/// Late-move reductions apply from this remaining depth on.
const LMR_MIN_DEPTH: i32 = 2;
/// Late-move reductions: a quiet move ordered by history alone, the
/// `i`-th searched at remaining depth `d`, is searched
/// `ln(d) * ln(i) / LMR_DIVISOR` plies shallower (rounded; re-searched at
/// full depth if it beats alpha). Larger reduces less.
const LMR_DIVISOR: f64 = 2.0;

/// The late-move reduction of the `i`-th move at depth `depth` ([`LMR_DIVISOR`]).
#[inline]
fn lmr_reduction(depth: i32, i: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let x = (d as f64).ln() * (n as f64).ln() / LMR_DIVISOR;
                *r = (x + 0.5).floor().clamp(0.0, 255.0) as u8;
            }
        }
        t
    });
    i32::from(t[(depth as usize).min(63)][i.min(63)])
}

/// A table's answer for the side to move: a win or a loss in so many plies,
/// or a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(not(feature = "egdb"), allow(dead_code))] // only tables make one
enum Known {
    Win(u16),
    Draw,
    Loss(u16),
}

/// The score of a table win that the count rules may not leave time for
/// (hundredths of a man, less its distance): above any evaluation, below
/// every forced win ([`WIN_BOUND`]).
const TABLE_WIN: i32 = 10_000;
/// Distances beyond this score alike in [`TABLE_WIN`]'s range.
const TABLE_FAR: u16 = 2_000;

/// The endgame database as the search sees it ([`Engine::set_egdb`]).
struct Tables<V: Variant> {
    #[cfg(feature = "egdb")]
    db: Option<std::sync::Arc<Egdb<'static, V>>>,
    /// The most pieces of a loaded slice (0: no database).
    pieces: u32,
    _variant: core::marker::PhantomData<V>,
}

impl<V: Variant> Tables<V> {
    /// The engine's database if it is of variant `V`.
    #[cfg(feature = "egdb")]
    fn new(engine: &Engine) -> Self {
        let db = engine.egdb.as_ref().and_then(|d| d.arc::<V>());
        Tables {
            pieces: db.as_ref().map_or(0, |d| d.max_pieces()),
            db,
            _variant: core::marker::PhantomData,
        }
    }

    #[cfg(not(feature = "egdb"))]
    fn new(_engine: &Engine) -> Self {
        Tables {
            pieces: 0,
            _variant: core::marker::PhantomData,
        }
    }

    /// The table's value of `pos`, when its slice is loaded.
    #[inline]
    fn probe(&self, pos: &Position<V>) -> Option<Known> {
        if self.pieces == 0 {
            return None;
        }
        let total = pos.pieces(crate::Color::White).len() + pos.pieces(crate::Color::Black).len();
        if total as u32 > self.pieces {
            return None;
        }
        #[cfg(feature = "egdb")]
        {
            let e = self.db.as_ref()?.get(pos)?;
            Some(match e.value {
                Value::Win => Known::Win(e.distance),
                Value::Draw => Known::Draw,
                Value::Loss => Known::Loss(e.distance),
            })
        }
        #[cfg(not(feature = "egdb"))]
        None
    }
}

struct Searcher<'e, 'h, V: Variant> {
    tt: &'e mut Tt,
    history: &'e mut History,
    killers: [[u32; 2]; MAX_PLY],
    eval: Evaluator<V>,
    /// Hashes since the game's last irreversible move, then the search path.
    hashes: Vec<u64>,
    root_pos: Position<V>,
    root_counts: Counts,
    /// Index in `hashes` of the root.
    root_index: usize,
    over: bool,
    nodes: u64,
    max_nodes: u64,
    max_depth: u32,
    start: u64,
    last_now: u64,
    /// The time budget, in ms from the clock's origin (see `TimeBudget`).
    budget: Option<TimeBudget>,
    hard: Option<u64>,
    clock: &'h dyn Clock,
    stop: Option<&'h AtomicBool>,
    stopped: bool,
    seldepth: u32,
    analyse: bool,
    /// The draw mode the rules are applied in (always `Automatic`: a
    /// claimable draw is a draw for the search).
    draw_mode: DrawMode,
    /// The repetition count that draws (`None`: the variant has none).
    repetition: Option<u8>,
    /// Each count rule's limit in plies (for the table key).
    count_limits: [u16; MAX_COUNTS],
    /// The endgame database.
    tables: Tables<V>,
}

type InfoFn<'a, V> = Option<&'a mut dyn FnMut(&Info<'_, Move<V>>)>;

impl<'e, 'h, V: Variant> Searcher<'e, 'h, V> {
    fn new(
        engine: &'e mut Engine,
        game: &Game<V>,
        limits: &Limits,
        clock: &'h dyn Clock,
        stop: Option<&'h AtomicBool>,
        analyse: bool,
    ) -> Self {
        let hashes: Vec<u64> = game.positions()[game.irreversible_index()..]
            .iter()
            .map(|p| p.zobrist())
            .collect();
        let root_index = hashes.len() - 1;
        let start = clock.now_ms();
        let budget = limits.budget_over(super::clock::assumed_moves_to_go(game.position()));
        let rules = V::RULES.draws;
        // A draw the rules declare and one the player to move may claim
        // score alike: every rule applies whatever the game's draw mode
        // (the Hub's game, in `DrawMode::OnClaim`, declares none itself).
        let draw_mode = DrawMode::Automatic;
        let mut count_limits = [0; MAX_COUNTS];
        for (l, rule) in count_limits.iter_mut().zip(rules.counts) {
            *l = match rule.limit {
                Limit::Plies(n) => n,
                Limit::MovesEach(n) | Limit::StrongerSideMoves(n) => n.saturating_mul(2),
            };
        }
        let tables = Tables::new(engine);
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
            eval: Evaluator::new(game.position().turn),
            hashes,
            root_pos: *game.position(),
            root_counts: Counts::from_public(game.rule_counts()),
            root_index,
            over: game.outcome().is_some(),
            nodes: 0,
            max_nodes: limits.node_budget(clock, stop.is_some()),
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            start,
            last_now: start,
            budget,
            hard: budget.map(|b| start.saturating_add(b.hard)),
            clock,
            stop,
            stopped: false,
            seldepth: 0,
            analyse,
            draw_mode,
            repetition: rules
                .repetition
                .filter(|_| ends_by_itself(draw_mode, rules.repetition_trigger)),
            count_limits,
            tables,
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

    /// The root node.
    fn root(&self) -> Node<V> {
        let pos = self.root_pos;
        Node {
            pos,
            hash: pos.zobrist(),
            depth: 0,
            alpha: -INF,
            beta: INF,
            ply: 0,
            // `hashes` starts at the game's last irreversible position.
            irrev: 0,
            counts: self.root_counts,
            pv: true,
        }
    }

    /// The node after `m` (with the parent's window; set it with
    /// [`Node::window`]). Its hash is not on the path yet.
    #[inline]
    fn child(&self, node: &Node<V>, m: &Move<V>) -> Node<V> {
        let pos = &node.pos;
        let next = pos.play(m);
        Node {
            pos: next,
            hash: pos.zobrist_after(node.hash, m),
            ply: node.ply + 1,
            irrev: if pos.is_irreversible(m) {
                self.hashes.len()
            } else {
                node.irrev
            },
            counts: node.counts.after(pos, m, &next),
            ..*node
        }
    }

    /// The table key of a node: its hash, and the counts that are close to
    /// their limit (the same placement then scores differently).
    #[inline]
    fn tt_key(&self, node: &Node<V>) -> u64 {
        let mut key = node.hash;
        for (i, (&c, &limit)) in node.counts.0.iter().zip(&self.count_limits).enumerate() {
            if c != u16::MAX && limit.saturating_sub(c) <= COUNT_HORIZON {
                key ^= (u64::from(c) + 1)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(8 * i as u32 + 5);
            }
        }
        key
    }

    /// `score` scaled for the count rules running in `node`
    /// ([`COUNT_PRESSURE_START`]).
    #[inline]
    fn pressured(&self, node: &Node<V>, score: i32) -> i32 {
        let mut left = 1000u32;
        for (&c, &limit) in node.counts.0.iter().zip(&self.count_limits) {
            if c != u16::MAX && limit > 0 {
                let used = (u32::from(c) * 1000 / u32::from(limit)).min(1000);
                if used > COUNT_PRESSURE_START {
                    let share = (1000 - used) * 1000 / (1000 - COUNT_PRESSURE_START);
                    left = left.min(share);
                }
            }
        }
        if left == 1000 {
            score
        } else {
            (i64::from(score) * i64::from(left) / 1000) as i32
        }
    }

    /// Plies that the count rules certainly leave before one of them could
    /// draw the game from `node`: a running count needs the rest of its
    /// limit, a count that is not running (its material not on the board)
    /// first has to start, then run its whole limit; a count whose material
    /// needs more pieces than the board has never starts again. A table's
    /// win no longer than this is a win under the rules.
    fn count_room(&self, node: &Node<V>) -> u32 {
        use crate::draws::Material;
        let total =
            node.pos.pieces(crate::Color::White).len() + node.pos.pieces(crate::Color::Black).len();
        let mut room = u32::MAX;
        for (rule, &c) in V::RULES.draws.counts.iter().zip(&node.counts.0) {
            let limit = u32::from(match rule.limit {
                Limit::Plies(n) => n,
                Limit::MovesEach(n) => n.saturating_mul(2),
                Limit::StrongerSideMoves(n) => n.saturating_mul(2).saturating_sub(1),
            });
            if c != u16::MAX {
                room = room.min(limit.saturating_sub(u32::from(c)));
                continue;
            }
            let fewest = match rule.material {
                Material::Any => 1,
                Material::OnePieceEach => 2,
                Material::KingsBothSides { min_total, .. } => usize::from(min_total),
                Material::LoneKing { min_pieces, .. } => usize::from(min_pieces) + 1,
            };
            if fewest <= total {
                room = room.min(limit + 1);
            }
        }
        room
    }

    /// The exact score of a table's value in `node`, when the count rules
    /// leave the time for it ([`Searcher::count_room`]): a draw is 0, a win
    /// or a loss is forced at its distance.
    fn exact_table_score(&self, node: &Node<V>, known: Known) -> Option<i32> {
        let (d, sign) = match known {
            Known::Draw => return Some(0),
            Known::Win(d) => (d, 1),
            Known::Loss(d) => (d, -1),
        };
        let end = node.ply + i32::from(d);
        (u32::from(d) <= self.count_room(node) && end < WIN - WIN_BOUND)
            .then_some(sign * (WIN - end))
    }

    /// The score of a table's value at a leaf: exact when the count rules
    /// leave the time ([`Searcher::exact_table_score`]), otherwise a win
    /// above any evaluation, shorter better, scaled down as the counts run
    /// ([`TABLE_WIN`]).
    fn table_score(&self, node: &Node<V>, known: Known) -> i32 {
        if let Some(s) = self.exact_table_score(node, known) {
            return s;
        }
        let (d, sign) = match known {
            Known::Win(d) => (d, 1),
            Known::Loss(d) => (d, -1),
            Known::Draw => return 0,
        };
        sign * self.pressured(node, TABLE_WIN - i32::from(d.min(TABLE_FAR)))
    }

    /// At the root of a position in the database (not when analysing every
    /// move): keeps the moves that keep its value — for a win the moves to
    /// a loss of the opponent (the fastest when the counts leave the time
    /// for it), for a draw the drawing moves; a lost position keeps all
    /// (the search picks the longest resistance, or a count draw).
    fn keep_table_moves(&self, node: &Node<V>, root: &mut Vec<RootMove<V>>) {
        let Some(known) = self.tables.probe(&node.pos) else {
            return;
        };
        let exact = self.exact_table_score(node, known).is_some();
        let keep: Vec<bool> = root
            .iter()
            .map(|rm| {
                let child = self.tables.probe(&node.pos.play(&rm.mv));
                match (known, child) {
                    (Known::Win(d), Some(Known::Loss(e))) => !exact || e + 1 == d,
                    (Known::Draw, Some(Known::Draw)) | (Known::Loss(_), _) => true,
                    _ => false,
                }
            })
            .collect();
        if keep.iter().any(|&k| k) {
            let mut k = keep.into_iter();
            root.retain(|_| k.next().unwrap_or(false));
        }
    }

    /// True when the game would be drawn by a rule in `node` (its hash is
    /// the last on the path) or the player to move could claim a draw, as
    /// [`Game`] declares it:
    /// the repetition count since the last irreversible move (and any
    /// repetition of a position of the search path), then every count rule.
    #[inline]
    fn rule_draw(&self, node: &Node<V>) -> bool {
        if let Some(k) = self.repetition {
            let n = self.hashes.len() - 1;
            let h = self.hashes[n];
            let mut seen = 1;
            let mut i = n;
            while i >= node.irrev + 2 {
                i -= 2;
                if self.hashes[i] == h {
                    // A repetition inside the search (after the root) is
                    // scored as a draw at once: the side that allowed it
                    // can repeat again. Repetitions of the game's
                    // positions count as the rule counts them.
                    seen += 1;
                    if seen >= k || i > self.root_index {
                        return true;
                    }
                }
            }
        }
        node.counts.ends_game(&node.pos, self.draw_mode)
    }

    /// The score of a node the rules draw: a win comes first (a side
    /// without a legal move has lost, or won in Antidraughts), as in the game.
    fn drawn_score(pos: &Position<V>, ply: i32) -> i32 {
        decided_score(pos, ply, || pos.count_moves(MoveMode::Distinct) == 0).unwrap_or(0)
    }

    /// The search of the root. A root with one legal move is not searched
    /// itself: the position after the move becomes the root (as in a game
    /// that played it: the same history, counts and evaluation side, so the
    /// result is what a search of that game finds), its search is made to
    /// the depth and within the limits asked (the one-ply extension such a
    /// node gets inside the tree), and its score is negated. A move that
    /// ends the game scores its result.
    fn run(&mut self, info: InfoFn<'_, V>) -> RunResult<V> {
        let mut forced: Vec<Move<V>> = Vec::new();
        let mut end = None;
        while !self.over && forced.len() < MAX_FORCED {
            let moves = self.root_pos.legal_moves();
            if !forced.is_empty() {
                let root = self.root();
                end = decided_score(&root.pos, 0, || moves.is_empty())
                    .or_else(|| self.rule_draw(&root).then_some(0));
                if end.is_some() {
                    self.over = true;
                    break;
                }
            }
            if moves.len() != 1 {
                break;
            }
            let node = self.root();
            let child = self.child(&node, &moves[0]);
            if child.irrev == self.hashes.len() {
                self.hashes.clear();
            }
            self.hashes.push(child.hash);
            self.root_index = self.hashes.len() - 1;
            self.root_pos = child.pos;
            self.root_counts = child.counts;
            self.eval = Evaluator::new(child.pos.turn);
            forced.extend(moves);
        }
        let plies = forced.len();
        if plies > 0 {
            // One legal move: on a game clock, no time spent beyond the
            // first iteration (which still scores the line).
            self.budget = self.budget.map(|b| b.forced());
        }
        let mut r = self.run_root(info, forced);
        if plies == 0 {
            return r;
        }
        let score = match (end, r.root.first()) {
            (Some(s), _) => s,
            (None, Some(rm)) => rm.score,
            (None, None) => 0,
        };
        if end.is_some() {
            // Decided at once: as deep as asked (1 without a depth limit).
            r.depth = if self.max_depth == MAX_DEPTH {
                1
            } else {
                self.max_depth
            };
        }
        let first = r.pv[0].clone();
        r.root = vec![RootMove {
            key: move_key(&first),
            mv: first,
            score: lifted(score, plies),
        }];
        r
    }

    /// The iterative deepening of the root; `forced` are the forced moves
    /// played before it (see [`Searcher::run`]): the line starts with them
    /// and the progress reports score it for the side that made the first.
    fn run_root(&mut self, mut info: InfoFn<'_, V>, forced: Vec<Move<V>>) -> RunResult<V> {
        let plies = forced.len();
        let node = self.root();
        let pos = node.pos;
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
            pv: forced,
            depth: 0,
        };
        if root.is_empty() {
            return result;
        }
        if !self.analyse {
            self.keep_table_moves(&node, &mut root);
        }
        // Order the root by the table move, then a static look.
        let tt_move = self
            .tt
            .probe(self.tt_key(&node), 0)
            .map(|e| e.mv)
            .unwrap_or(0);
        for rm in root.iter_mut() {
            rm.score = -self.eval.evaluate(&pos.play(&rm.mv));
        }
        sort_by_key(&mut root, |rm| (rm.key != tt_move, -rm.score));
        result.root = root.clone();
        let root_index = self.hashes.len() - 1;
        // How long the last finished iteration took (ms).
        let mut last = 0u64;
        let mut iteration_start = self.start;
        let mut stability = Stability::default();
        for depth in 1..=self.max_depth {
            let done = self.root_iteration(&node, &mut root, depth as i32);
            if !done {
                break;
            }
            result.root = root.clone();
            result.depth = depth;
            result.pv.truncate(plies);
            let line = self.pv_line(&node, &root[0].mv, depth as usize + 8);
            result.pv.extend(line);
            if let Some(cb) = info.as_mut() {
                // Read the clock: a search without a time limit reads it
                // nowhere else.
                self.now();
                let time_ms = self.elapsed();
                let nps = (self.nodes * 1000).checked_div(time_ms).unwrap_or(0);
                cb(&Info {
                    depth,
                    seldepth: self.seldepth + plies as u32,
                    score: Score(lifted(root[0].score, plies)),
                    nodes: self.nodes,
                    time_ms,
                    nps,
                    pv: &result.pv,
                });
            }
            if self.stopped {
                break;
            }
            // A forced result found at this depth does not change deeper.
            if !self.analyse
                && root[0].score.abs() > WIN_BOUND
                && depth as i32 >= WIN - root[0].score.abs()
            {
                break;
            }
            if let Some(budget) = self.budget {
                let now = self.now();
                let previous = last;
                last = now.saturating_sub(iteration_start);
                iteration_start = now;
                stability.update(root[0].key, root[0].score);
                let budget = budget.adjusted(stability.factor());
                if !budget.starts_iteration(self.elapsed(), last, previous) {
                    break;
                }
            }
        }
        if result.pv.len() == plies {
            result.pv.push(result.root[0].mv.clone());
        }
        self.hashes.truncate(root_index + 1);
        result
    }

    /// One iteration over the root moves; false when stopped before the first
    /// (previous best) move was searched, in which case `root` is unchanged.
    fn root_iteration(&mut self, node: &Node<V>, root: &mut [RootMove<V>], depth: i32) -> bool {
        let mut alpha = -INF;
        let beta = INF;
        let mut scores: SmallVec<[i32; 64]> = SmallVec::new();
        for (i, rm) in root.iter().enumerate() {
            let child = self.child(node, &rm.mv);
            self.hashes.push(child.hash);
            let score = if i == 0 || self.analyse {
                -self.search(&child.window(depth - 1, -beta, -alpha, true))
            } else {
                let s = -self.search(&child.window(depth - 1, -alpha - 1, -alpha, false));
                if s > alpha && !self.stopped {
                    -self.search(&child.window(depth - 1, -beta, -alpha, true))
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
            sort_by_key(&mut root[..searched], |rm| core::cmp::Reverse(rm.score));
        }
        let key = self.tt_key(node);
        self.tt
            .store(key, root[0].key, root[0].score, depth, EXACT, 0);
        true
    }

    /// Reverse futility pruning ([`RFP_MAX_DEPTH`], [`RFP_MARGIN`]): the
    /// static score of a quiet non-PV node far enough above beta, or `None`
    /// to search it. Quiet means that neither the side to move (`capture`)
    /// nor the opponent has a capture; a score near a win is never pruned.
    fn reverse_futility(&self, node: &Node<V>, capture: bool) -> Option<i32> {
        if node.pv || capture || node.depth > RFP_MAX_DEPTH || node.beta.abs() >= WIN_BOUND {
            return None;
        }
        let mut other = node.pos;
        other.turn = other.turn.opponent();
        if other.has_captures() {
            return None;
        }
        let score = self.pressured(node, self.eval.evaluate(&node.pos));
        (score - RFP_MARGIN * node.depth >= node.beta).then_some(score)
    }

    /// The principal-variation search of `node` (its hash is the last on
    /// the path): the score for the side to move.
    fn search(&mut self, node: &Node<V>) -> i32 {
        let pos = &node.pos;
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let mut alpha = node.alpha;
        // Before the move generation, only a king (Breakthrough) decides.
        if let Some(score) = decided_score(pos, ply, || false) {
            return score;
        }
        if self.rule_draw(node) {
            return Self::drawn_score(pos, ply);
        }
        if depth <= 0 || ply as usize >= MAX_PLY - 2 {
            return self.qsearch(node);
        }
        if !self.enter(ply) {
            return 0;
        }
        if let Some(known) = self.tables.probe(pos) {
            if let Some(score) = self.exact_table_score(node, known) {
                return score;
            }
        }
        let key = self.tt_key(node);
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key, ply) {
            tt_move = e.mv;
            if !node.pv && e.depth as i32 >= depth {
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
        // Filled in place: a returned list is copied (about a kilobyte).
        let mut moves = MoveList::new();
        pos.generate(MoveMode::Distinct, &mut moves);
        if moves.is_empty() {
            return decided_score(pos, ply, || true).unwrap_or(0);
        }
        let capture = moves[0].is_capture();
        if let Some(score) = self.reverse_futility(node, capture) {
            return score;
        }
        let mut picker = Picker::new(&moves, tt_move, self.killers[ply as usize], self.history);
        let extension =
            i32::from(moves.len() == 1 && (ply as u32) < 2 * self.max_depth.min(40) + 8);
        let new_depth = depth - 1 + extension;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_key = 0;
        let mut i = 0;
        while let Some(picked) = picker.next() {
            let m = &moves[picked.index];
            let child = self.child(node, m);
            self.hashes.push(child.hash);
            let score = if i == 0 {
                -self.search(&child.window(new_depth, -beta, -alpha, node.pv))
            } else {
                let reduction = if picked.is_history_move() && depth >= LMR_MIN_DEPTH {
                    lmr_reduction(depth, i).min(new_depth - 1)
                } else {
                    0
                };
                let null = |d| child.window(d, -alpha - 1, -alpha, false);
                let mut s = -self.search(&null(new_depth - reduction));
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.search(&null(new_depth));
                }
                if s > alpha && s < beta && node.pv && !self.stopped {
                    s = -self.search(&child.window(new_depth, -beta, -alpha, true));
                }
                s
            };
            self.hashes.pop();
            i += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_key = picked.key;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !capture && !m.promotes {
                            let k = &mut self.killers[ply as usize];
                            if k[0] != picked.key {
                                k[1] = k[0];
                                k[0] = picked.key;
                            }
                            let h = &mut self.history[m.from.0 as usize][m.to().0 as usize];
                            *h = (*h + depth * depth).min(HISTORY_MAX);
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
        self.tt.store(key, best_key, best, depth, bound, ply);
        best
    }

    /// Searches forced captures to the end; a quiet position scores its
    /// evaluation. The count rules are advanced here too (a capture can
    /// make a drawn ending at once, as Turkish one piece each).
    fn qsearch(&mut self, node: &Node<V>) -> i32 {
        let pos = &node.pos;
        let (beta, ply) = (node.beta, node.ply);
        let mut alpha = node.alpha;
        if !self.enter(ply) {
            return 0;
        }
        if let Some(score) = decided_score(pos, ply, || false) {
            return score;
        }
        if node.counts.ends_game(pos, self.draw_mode) {
            return Self::drawn_score(pos, ply);
        }
        if let Some(known) = self.tables.probe(pos) {
            return self.table_score(node, known);
        }
        if !pos.has_captures() || ply as usize >= MAX_PLY - 1 {
            // A side without a move: decided by the variant's win rule.
            if let Some(score) =
                decided_score(pos, ply, || pos.count_moves(MoveMode::Distinct) == 0)
            {
                return score;
            }
            return self.pressured(node, self.eval.evaluate(pos));
        }
        let mut moves = MoveList::new();
        pos.generate(MoveMode::Distinct, &mut moves);
        // Biggest captures first.
        sort_by_key(&mut moves, |m| core::cmp::Reverse(m.captured.count()));
        let mut best = -INF;
        for m in &moves {
            // No table and no repetition below: the hash is not needed.
            let next = pos.play(m);
            let child = Node {
                pos: next,
                hash: 0,
                ply: ply + 1,
                counts: node.counts.after(pos, m, &next),
                ..*node
            }
            .window(0, -beta, -alpha, false);
            let score = -self.qsearch(&child);
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
    fn pv_line(&mut self, root: &Node<V>, first: &Move<V>, max: usize) -> Vec<Move<V>> {
        let mut pv = vec![first.clone()];
        let mut node = self.child(root, first);
        let mut seen: SmallVec<[u64; 64]> = SmallVec::new();
        seen.push(root.hash);
        while pv.len() < max && !seen.contains(&node.hash) {
            seen.push(node.hash);
            let Some(e) = self.tt.probe(self.tt_key(&node), 0) else {
                break;
            };
            let Some(m) = node
                .pos
                .legal_moves()
                .into_iter()
                .find(|m| move_key(m) == e.mv)
            else {
                break;
            };
            node = self.child(&node, &m);
            pv.push(m);
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squares::SquareSet;
    use crate::{Brazilian, Czech, English, International, Pool, Russian, Turkish};
    use proptest::prelude::*;

    /// Count pressure: the static score is untouched until a running count
    /// passes `COUNT_PRESSURE_START` of its limit, then scaled linearly to 0
    /// at the limit; an idle count presses nothing.
    #[test]
    fn count_pressure_scales_the_score_past_half_the_limit() {
        let game = Game::<International>::new();
        let mut engine = Engine::with_tt_mib(1);
        let s = Searcher::new(&mut engine, &game, &Limits::depth(1), &NoClock, None, false);
        let limits: Vec<(usize, u16)> = s
            .count_limits
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, l)| l >= 8)
            .collect();
        assert!(!limits.is_empty(), "International has count rules");
        for (i, limit) in limits {
            let mut node = s.root();
            node.counts.0 = [u16::MAX; MAX_COUNTS];
            assert_eq!(s.pressured(&node, 1000), 1000);
            node.counts.0[i] = limit / 2;
            assert_eq!(s.pressured(&node, 1000), 1000, "limit {limit}");
            // Three quarters of the way (as near as the limit allows): about half.
            let c = limit - limit / 4;
            node.counts.0[i] = c;
            let p = s.pressured(&node, 1000);
            let used = u32::from(c) * 1000 / u32::from(limit);
            assert_eq!(p as u32, (1000 - used) * 2, "limit {limit}");
            assert!((350..=550).contains(&p), "limit {limit}: {p}");
            assert_eq!(s.pressured(&node, -1000), -p);
            node.counts.0[i] = limit;
            assert_eq!(s.pressured(&node, 1000), 0);
        }
    }

    /// A random small ending of `V` (one to three pieces a side, mostly
    /// kings), walked `plies` random plies so that counts run; `None` when
    /// the placement is not a legal position or the game ends on the way.
    fn endgame<V: Variant>(seed: u64, plies: usize, mode: DrawMode) -> Option<Game<V>> {
        let names = SquareSet::<V>::all().texts();
        let mut r = seed;
        let mut next = |n: usize| {
            r = r
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((r >> 33) % n as u64) as usize
        };
        let mut free: Vec<&String> = names.iter().collect();
        let mut side = |count: usize, next: &mut dyn FnMut(usize) -> usize| {
            (0..count)
                .map(|_| {
                    let sq = free.swap_remove(next(free.len()));
                    if next(4) == 0 {
                        sq.to_string()
                    } else {
                        format!("K{sq}")
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let (w, b) = (1 + next(3), 1 + next(3));
        let white = side(w, &mut next);
        let black = side(b, &mut next);
        let turn = if next(2) == 0 { "W" } else { "B" };
        let pos = Position::<V>::from_fen(&format!("{turn}:W{white}:B{black}")).ok()?;
        let mut game = Game::from_position(pos);
        game.set_draw_mode(mode);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                return None;
            }
            game.play(&moves[next(moves.len())]).unwrap();
        }
        game.outcome().is_none().then_some(game)
    }

    /// For every root move: the game is drawn after it (or the player to
    /// move may claim a draw, in the draw modes that make rules claims)
    /// exactly when the search's node after it is a draw by the rules (and
    /// not first a win).
    fn root_draws_agree<V: Variant>(game: &Game<V>) -> Result<(), TestCaseError> {
        let mut engine = Engine::with_tt_mib(1);
        let mut s = Searcher::new(&mut engine, game, &Limits::depth(1), &NoClock, None, true);
        let root = s.root();
        for m in game.legal_moves() {
            let mut after = game.clone();
            after.play(&m).unwrap();
            let drawn = matches!(after.outcome(), Some(Outcome::Draw { .. }))
                || after.claimable_draw().is_some();
            let child = s.child(&root, &m);
            s.hashes.push(child.hash);
            let engine_draw = decided_score(&child.pos, 1, || false).is_none()
                && s.rule_draw(&child)
                && Searcher::drawn_score(&child.pos, 1) == 0;
            s.hashes.pop();
            prop_assert_eq!(
                drawn,
                engine_draw,
                "{} {} after {}: {:?}",
                V::NAME,
                game.position().to_fen(),
                m,
                after.outcome()
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
        #[test]
        fn the_search_declares_the_games_draws(seed in any::<u64>(), plies in 0usize..48, mode in 0usize..3) {
            let mode = [DrawMode::Automatic, DrawMode::AsWritten, DrawMode::OnClaim][mode];
            if let Some(g) = endgame::<International>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<Russian>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<Pool>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<Czech>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<Brazilian>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<Turkish>(seed, plies, mode) { root_draws_agree(&g)?; }
            if let Some(g) = endgame::<English>(seed, plies, mode) { root_draws_agree(&g)?; }
        }
    }
}
