//! The plain JS objects the API returns (serialized with serde), and their
//! TypeScript declarations, kept side by side.

use serde::{Deserialize, Serialize};

/// A legal move.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MoveJs {
    pub text: String,
    pub notation: String,
    pub from: String,
    pub to: String,
    pub path: Vec<String>,
    pub captured: Vec<String>,
    pub jumps: Vec<JumpJs>,
    pub capture: bool,
    pub promotes: bool,
}

/// One jump of a capture: from, to, and the piece jumped.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct JumpJs {
    pub from: String,
    pub to: String,
    pub captured: String,
}

/// A running draw count of a game (`Game.drawCounts()`).
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DrawCountNowJs {
    pub reason: String,
    pub plies: u16,
    pub plies_left: u16,
    pub moves_left: u16,
    pub claimed: bool,
    pub text: String,
}

/// A piece on a square.
#[derive(Serialize, Clone, Debug)]
pub struct PieceJs {
    pub square: String,
    pub color: String,
    pub king: bool,
}

/// A playing square and where it is drawn.
#[derive(Serialize, Clone, Debug)]
pub struct SquareJs {
    pub name: String,
    pub row: u8,
    pub col: u8,
}

/// A game's outcome.
#[derive(Serialize, Clone, Debug)]
pub struct OutcomeJs {
    pub result: String,
    pub winner: Option<String>,
    pub reason: String,
    pub text: String,
}

/// A count rule of a variant's draw rules.
#[derive(Serialize, Clone, Debug)]
pub struct DrawCountJs {
    pub reason: String,
    pub count: u16,
    pub unit: String,
}

/// A perft divide line.
#[derive(Serialize, Clone, Debug)]
pub struct DivideJs {
    #[serde(rename = "move")]
    pub mv: String,
    pub nodes: u64,
}

/// A variant's description.
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct VariantJs {
    pub name: String,
    pub builtin: bool,
    pub width: u8,
    pub height: u8,
    pub orthogonal: bool,
    pub algebraic: bool,
    pub game_type: u8,
    pub first_mover: String,
    pub start_fen: String,
    pub flying_kings: bool,
    pub men_capture_backward: bool,
    pub king_landing: String,
    pub removal: String,
    pub promotion: String,
    pub man_captures_king: bool,
    pub no_reverse_jump: bool,
    pub orthogonal_captures: bool,
    pub king_move_limit: Option<u8>,
    pub win: String,
    pub precedence: Vec<String>,
    pub repetition: Option<u8>,
    pub draw_counts: Vec<DrawCountJs>,
    pub squares: Vec<SquareJs>,
}

/// What a search found.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SearchJs {
    pub best: Option<String>,
    pub score: f64,
    pub win_in: Option<i32>,
    pub score_text: String,
    pub pv: Vec<String>,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
}

/// A search's progress after one iteration.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InfoJs {
    pub depth: u32,
    pub seldepth: u32,
    pub score: f64,
    pub win_in: Option<i32>,
    pub score_text: String,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    pub pv: Vec<String>,
}

/// A level's move with what the search found.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PlayedJs {
    #[serde(rename = "move")]
    pub mv: String,
    pub score: Option<f64>,
    pub win_in: Option<i32>,
    pub score_text: Option<String>,
    pub pv: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
}

/// One root move of an analysis.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AnalysedMoveJs {
    #[serde(rename = "move")]
    pub mv: String,
    pub score: f64,
    pub win_in: Option<i32>,
    pub score_text: String,
}

/// Every root move's score.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct AnalysisJs {
    pub moves: Vec<AnalysedMoveJs>,
    pub depth: u32,
    pub nodes: u64,
}

/// A computer level.
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct LevelJs {
    pub name: String,
    pub label: String,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time_ms: Option<u64>,
    pub margin: f64,
    pub blunder_permille: u32,
}

/// A square argument: its name, or its number for numbered variants.
#[derive(Deserialize, Clone, Debug)]
#[serde(untagged)]
pub enum SquareArgJs {
    Name(String),
    Number(f64),
}

impl SquareArgJs {
    pub fn name(&self) -> String {
        match self {
            SquareArgJs::Name(s) => s.clone(),
            SquareArgJs::Number(n) => format!("{n}"),
        }
    }
}

/// The keys of `SvgOptionsJs` as JS writes them.
pub const SVG_OPTION_KEYS: [&str; 8] = [
    "flipped",
    "labels",
    "highlight",
    "lastMove",
    "arrows",
    "captured",
    "move",
    "size",
];

/// The options of `Position.toSvg` / `Game.toSvg`.
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SvgOptionsJs {
    pub flipped: bool,
    pub labels: Option<String>,
    pub highlight: Vec<SquareArgJs>,
    pub last_move: Vec<SquareArgJs>,
    pub arrows: Vec<Vec<SquareArgJs>>,
    pub captured: Vec<SquareArgJs>,
    #[serde(rename = "move")]
    pub mark: Option<String>,
    pub size: Option<u32>,
}

/// A move of a PDN game tree.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct PdnNodeJs {
    pub number: Option<u32>,
    pub ellipsis: bool,
    pub text: String,
    pub nags: Vec<u16>,
    pub comments: Vec<String>,
    pub variations: Vec<PdnLineJs>,
}

/// A line of a PDN game tree.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct PdnLineJs {
    pub comments: Vec<String>,
    pub moves: Vec<PdnNodeJs>,
}

/// A PDN game tree.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default)]
pub struct PdnTreeJs {
    pub tags: Vec<(String, String)>,
    pub main: PdnLineJs,
    pub result: Option<String>,
    pub line: usize,
}

impl From<&draughts::pdn::PdnLine> for PdnLineJs {
    fn from(l: &draughts::pdn::PdnLine) -> Self {
        PdnLineJs {
            comments: l.comments.clone(),
            moves: l
                .moves
                .iter()
                .map(|n| PdnNodeJs {
                    number: n.number,
                    ellipsis: n.ellipsis,
                    text: n.text.clone(),
                    nags: n.nags.clone(),
                    comments: n.comments.clone(),
                    variations: n.variations.iter().map(PdnLineJs::from).collect(),
                })
                .collect(),
        }
    }
}

impl From<&PdnLineJs> for draughts::pdn::PdnLine {
    fn from(l: &PdnLineJs) -> Self {
        draughts::pdn::PdnLine {
            comments: l.comments.clone(),
            moves: l
                .moves
                .iter()
                .map(|n| draughts::pdn::PdnNode {
                    number: n.number,
                    ellipsis: n.ellipsis,
                    text: n.text.clone(),
                    nags: n.nags.clone(),
                    comments: n.comments.clone(),
                    variations: n.variations.iter().map(Into::into).collect(),
                })
                .collect(),
        }
    }
}

impl From<&draughts::pdn::GameTree> for PdnTreeJs {
    fn from(t: &draughts::pdn::GameTree) -> Self {
        PdnTreeJs {
            tags: t.tags.clone(),
            main: (&t.main).into(),
            result: t.result.clone(),
            line: t.line,
        }
    }
}

impl From<&PdnTreeJs> for draughts::pdn::GameTree {
    fn from(t: &PdnTreeJs) -> Self {
        draughts::pdn::GameTree {
            tags: t.tags.clone(),
            main: (&t.main).into(),
            result: t.result.clone(),
            line: t.line,
        }
    }
}

/// TypeScript declarations of the shapes above, emitted into the `.d.ts` by
/// `typescript_custom_section` in `lib.rs` (which copies the text, so the
/// constant itself counts as unused).
#[allow(dead_code)]
pub const TS: &str = r#"
// The classes' `[Symbol.dispose]()` (wasm-bindgen) without `--lib esnext`:
// the one declaration of TypeScript's esnext.disposable lib they need, which
// merges with it where that lib is loaded.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** A square as the variant writes it: its number ("32") or algebraic name ("c3"). */
export type SquareName = string;
export type Color = "white" | "black";
/** "distinct" (one move per start, end and captured set) or "routes" (every capture route). */
export type MoveMode = "distinct" | "routes";

/** A legal move. */
export interface Move {
  /** Full path text: "28x19x8", "c3-d4". Always accepted by play(). */
  text: string;
  /** Shortest unambiguous notation in the position it is played from (PDN 3.0): "28x8". */
  notation: string;
  from: SquareName;
  to: SquareName;
  /** Landing squares after `from`, in order (one for a step). */
  path: SquareName[];
  /** Squares of the pieces it captures, in capture order. */
  captured: SquareName[];
  /** The jumps of a capture in order (for animation); empty for a step. */
  jumps: Jump[];
  capture: boolean;
  promotes: boolean;
}

/** One jump of a capture. */
export interface Jump {
  from: SquareName;
  to: SquareName;
  /** The piece jumped. */
  captured: SquareName;
}

/** A draw count running in a game: "5-move rule: 3 moves left". */
export interface DrawCountNow {
  /** The rule's reason ("king-moves", "lone-king-five-moves", ...). */
  reason: string;
  /** Plies since the count started. */
  plies: number;
  /** Plies until the draw (0: the rule is met now). */
  pliesLeft: number;
  /** What is left in the rule's own unit (plies, or moves of one side). */
  movesLeft: number;
  /** True when the draw must be claimed (false: automatic). */
  claimed: boolean;
  /** The library's text. */
  text: string;
}

/** The Error `Game.fromPdn` and `replayLines` throw for a bad record: name "PdnError". */
export interface PdnError extends Error {
  /** "syntax", "move", "variant-mismatch", "unsupported-game-type", ... (null: no game in the text). */
  kind: string | null;
  /** 1-based line of the text, when known (syntax errors). */
  line: number | null;
  /** 1-based index of the game in the text (null from `replayLines`). */
  game: number | null;
  /** From `replayLines`: the line that did not replay, by the variations leading to it,
   *  outermost first ([] for the main line); null from `Game.fromPdn`. */
  path: PdnBranch[] | null;
}

/** One variation on the way to a line of a PDN game tree. */
export interface PdnBranch {
  /** Index in its parent line's `moves` of the move it replaces. */
  moveIndex: number;
  /** Its index among that move's `variations` (the message counts from 1). */
  variation: number;
  /** The replaced move's number, as the text numbers it. */
  number: number;
  /** The replaced move is the second mover's ("12..."). */
  reply: boolean;
}

export interface Piece {
  square: SquareName;
  color: Color;
  king: boolean;
}

/** How a game ended. */
export interface Outcome {
  /** PDN result from White's side. */
  result: "1-0" | "0-1" | "1/2-1/2";
  winner: Color | null;
  /** "no-pieces" | "blocked" | "resignation" | "time" | "agreement" | "repetition" |
   *  "king-moves" | "no-progress" | an end-game rule ("lone-king-five-moves", ...). */
  reason: string;
  /** The library's text: "Black wins: White has no pieces left", "White wins: Black resigned",
   *  "Draw: agreed by the players", "Draw: the same position was repeated"... */
  text: string;
}

export interface DivideLine {
  move: string;
  nodes: number;
}

/** A playing square and where it is drawn: row 0 is White's side, col 0 the a-file. */
export interface SquareInfo {
  name: SquareName;
  row: number;
  col: number;
}

/** A draw by a count of moves ("plies", "moves-each", "stronger-side-moves"). */
export interface DrawCount {
  reason: string;
  count: number;
  unit: string;
}

/** A variant: a built-in one or a house rule of the seed site. */
export interface VariantInfo {
  name: string;
  builtin: boolean;
  width: number;
  height: number;
  orthogonal: boolean;
  algebraic: boolean;
  gameType: number;
  firstMover: Color;
  startFen: string;
  flyingKings: boolean;
  menCaptureBackward: boolean;
  /** Where a flying king may land after a jump. */
  kingLanding: "beyond" | "directly-behind" | "halt-behind-king";
  /** When captured pieces leave the board. */
  removal: "end-of-move" | "immediate";
  /** A man reaching the far row during a capture. */
  promotion: "ends-move" | "continues-as-man" | "promotes-and-continues";
  /** A man may capture a king (false in Italian). */
  manCapturesKing: boolean;
  /** A piece may not reverse its direction between two jumps (Turkish). */
  noReverseJump: boolean;
  /** Captures also along rows and columns (Frisian). */
  orthogonalCaptures: boolean;
  /** Non-capturing moves in a row one king may make while its side has men (Frisian: 3). */
  kingMoveLimit: number | null;
  /** What having no legal move means. */
  win: "no-move-loses" | "no-move-wins" | "first-king-wins";
  /** Capture precedence, highest first ("most-pieces", ...); empty for free choice. */
  precedence: string[];
  /** Draw by the k-th repetition (null when the variant has no such rule). */
  repetition: number | null;
  /** The count rules: e.g. { reason: "king-moves", count: 20, unit: "plies" }. */
  drawCounts: DrawCount[];
  squares: SquareInfo[];
}

/** When a search stops: at the first limit reached (give at least one). */
export interface SearchLimits {
  /** Nominal depth in plies, 1 to 100 (captures are searched beyond it). */
  depth?: number;
  /** Node budget (reproducible whatever the machine's speed). */
  nodes?: number;
  /** Time for this move in milliseconds, on performance.now(). */
  moveTimeMs?: number;
  /** Time left on the mover's clock in ms (a game time control)... */
  timeLeftMs?: number;
  /** ...with this increment per move... */
  incrementMs?: number;
  /** ...and this many moves to the next time control (30 when absent). */
  movesToGo?: number;
}

/** What a search found. Moves are full-path text, which Game.play() accepts. */
export interface SearchResult {
  /** The best move, or null when the game is over. */
  best: string | null;
  /** Its score for the side to move, in men (a forced win or loss: about ±300, see winIn). */
  score: number;
  /** A forced result: the side to move wins in n plies (n > 0) or loses in -n; null otherwise. */
  winIn: number | null;
  /** The library's text: "+1.25", "-0.40", "win in 7", "loss in 4". */
  scoreText: string;
  /** The principal variation, best move first. */
  pv: string[];
  /** The last completed nominal depth. */
  depth: number;
  /** The deepest ply reached (captures included). */
  seldepth: number;
  nodes: number;
  timeMs: number;
}

/** A search's progress after one completed iteration (SearchOptions.onInfo). */
export interface SearchInfo {
  /** The nominal depth of the iteration. */
  depth: number;
  /** The deepest ply reached (captures included). */
  seldepth: number;
  /** The best move's score for the side to move, in men (as SearchResult.score). */
  score: number;
  /** A forced result in plies (as SearchResult.winIn); null otherwise. */
  winIn: number | null;
  /** The library's text of the score. */
  scoreText: string;
  /** Nodes searched so far. */
  nodes: number;
  /** Milliseconds since the search started. */
  timeMs: number;
  /** Nodes per second. */
  nps: number;
  /** The principal variation, best move first (full-path text). */
  pv: string[];
}

/** Progress and stopping of Engine.search, analyse and playScored. */
export interface SearchOptions {
  /** Called after each completed iteration; returning true stops the search. */
  onInfo?: (info: SearchInfo) => boolean | void;
  /** Stops the search once its first element is not 0 (over a SharedArrayBuffer, another thread sets it with Atomics.store). */
  stop?: Int32Array;
}

/** The move a level plays, with what the search found (Engine.playScored). */
export interface Played {
  /** The move, as full-path text for Game.play(). */
  move: string;
  /** Its score for the side to move, in men; null when no search chose it (the only legal move, or the level's random move). */
  score: number | null;
  /** A forced result in plies (as SearchResult.winIn); null otherwise. */
  winIn: number | null;
  /** The library's text of the score ("+0.25", "win in 7"); null when not searched. */
  scoreText: string | null;
  /** The principal variation, the move first. */
  pv: string[];
  /** The last completed depth (0 when not searched). */
  depth: number;
  nodes: number;
}

/** One root move of an analysis and its score for the side to move. */
export interface AnalysedMove {
  move: string;
  score: number;
  winIn: number | null;
  scoreText: string;
}

/** Every legal move's score, best first. */
export interface Analysis {
  moves: AnalysedMove[];
  depth: number;
  nodes: number;
}

/** A computer level: its search limits and how it errs. */
export interface LevelInfo {
  /** "very-easy", "easy", "medium", "hard": what new Engine() takes. */
  name: string;
  /** "very easy", ... */
  label: string;
  depth: number | null;
  nodes: number | null;
  moveTimeMs: number | null;
  /** Plays a random move among those within this many men of the best (0: the best). */
  margin: number;
  /** Per mille of its moves that are a random legal move. */
  blunderPermille: number;
}

/** Options of new Engine(). */
export interface EngineOptions {
  /** Replace the level's time limit by this node budget (reproducible play at "hard"). */
  nodes?: number;
  /** Transposition table size in MiB (default 16). */
  ttMib?: number;
}
/** Options of Position.toSvg() and Game.toSvg(); every field is optional. */
export interface SvgOptions {
  /** Black's side at the bottom. */
  flipped?: boolean;
  /** "squares" (each square's name, the default), "numbers", "coordinates" (files and ranks on the edges) or "none". */
  labels?: "squares" | "numbers" | "coordinates" | "none";
  /** Squares tinted as highlighted. */
  highlight?: (SquareName | number)[];
  /** The last move's squares (start, then landings); Game.toSvg() tints the game's last move by default. */
  lastMove?: (SquareName | number)[];
  /** Arrows, each from its first square through the others to the last (the engine's best move, say). */
  arrows?: (SquareName | number)[][];
  /** Pieces marked as captured (a red ring and cross). */
  captured?: (SquareName | number)[];
  /** A legal move of the position (any notation play() takes), drawn as an arrow along its path with its captured pieces marked. */
  move?: string;
  /** Width in pixels (default 400). */
  size?: number;
}

/** A move of a PDN game tree, as written. */
export interface PdnNode {
  /** The move number written right before it ("12." or "12..."), if any. */
  number: number | null;
  /** The number was written "12...". */
  ellipsis: boolean;
  /** The move text without strength marks: "32-28". */
  text: string;
  /** NAGs: $3 is 3; the strength marks ! ? !! ?? !? ?! are 1 to 6. */
  nags: number[];
  /** Comments after the move. */
  comments: string[];
  /** Other moves in this move's place, each a line from the position before it. */
  variations: PdnLine[];
}

/** The main line of a game, or a variation. */
export interface PdnLine {
  /** Comments before the first move. */
  comments: string[];
  moves: PdnNode[];
}

/** A PDN game as analysts write it: tags, the main line with nested variations, the result. */
export interface PdnTree {
  /** Tag pairs in file order: [name, value]. */
  tags: [string, string][];
  main: PdnLine;
  /** The result token ("1-0", "2-0", "*"...), or null. */
  result: string | null;
  /** Line where the game starts in the text read (1-based). */
  line: number;
}
"#;
