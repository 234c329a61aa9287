//! `draughts hub`: the engine over the Hub protocol (version 2, as Scan 3.1
//! speaks it) on standard input and output.
//!
//! Supported: `hub` (answered by `id`, `param`s and `wait`), `set-param`
//! (`variant`, `level`, `tt-size`, `seed`), `init` (`ready`), `pos pos=...
//! moves="..."`, `level depth|nodes|move-time|[moves] time [inc]|infinite`,
//! `go think|ponder|analyze` (`info ...` per iteration, then `done move=...
//! ponder=...`), `stop`, `ponder-hit`, `ping` (`pong`), `new-game`, `quit`.
//!
//! `go` always ends in `done`: in a position without a legal move (the
//! game is over) the answer is `info message="no legal move: the game is
//! over"` and `done` with no move. `go think` with one legal move answers
//! it at once, unsearched (as `Engine::play`). A level that errs (`very easy` to
//! `medium`) reports the move it chose with an `info` line (its score,
//! depth and line) before `done`. The transposition table is allocated
//! when `tt-size` is set (or at `init`), never on a move's clock.
//!
//! The position string generalises Hub's to every board: the side to move
//! (`W`/`B`) and one character per playing square in PDN numbering order
//! (`w`, `b` men, `W`, `B` kings, `e` empty). Moves: `32-28` for steps and
//! `from x to x captured x ...` for captures (captured squares in any
//! order); a move may also be written in any text the variant reads.
//!
//! The conventions of pydraughts (the Python client of lidraughts bots and
//! GUIs) are spoken in every variant it has:
//!
//! - English: pydraughts writes the side that moves first (Black) as `W`,
//!   with its squares counted from the other end (its square n is PDN
//!   square 33 - n); its moves keep the PDN numbers. The hub reads an
//!   English position both ways and takes the reading under which the
//!   moves given are legal; if both fit, the one that is the start
//!   position; else the reading the last line that could be read one way
//!   only took (this engine's own convention until then). Answers are in
//!   PDN numbers either way.
//! - The algebraic variants (Russian, Brazilian, Turkish; Czech too): the
//!   position string keeps PDN order (from the top-left: 1 = b8, in
//!   Turkish 1 = a8), but numeric moves
//!   count the squares from a1 as pydraughts does: row by row from White's
//!   side, each row from the a-file (`1` = a1, `2` = c1, `5` = b2; in
//!   Turkish `2` = b1, `9` = a2). The hub answers in the notation of the
//!   client's last moves: the variant's text (`c3-d4`) after moves in it,
//!   numbers after numeric moves and before the client has sent any.
//! - `set-param name=variant` also takes pydraughts' and Scan's names:
//!   `standard` and `normal` (International), `american` (English),
//!   `frysk!`, `bt` (Breakthrough), `losing` (Antidraughts).
//!
//! As the protocol asks, lines that cannot be understood are ignored; bad
//! values get an `error message="..."` line and change nothing, except that
//! a refused `pos` leaves no position: `go` then answers an `error` line and
//! `done` without a move (never a move for a position the client did not
//! send) until a `pos` is accepted. So does a `set-param name=variant` that
//! changes the variant after a `pos` (before any `pos`, `go` searches the
//! variant's start position). The engine quits when standard input closes.
use draughts::dynamic::{self, DynGame, DynPosition, MoveInfo};
use draughts::engine::{Engine, Hooks, Info, Level, LevelSpec, Limits, Score, DEFAULT_TT_MIB};
use draughts::{
    AnyGame, AnyPosition, Color, DrawMode, Geometry, Move, Piece, PieceKind, Position, Square,
    Variant, VariantKind,
};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Instant;

/// Arguments of `draughts hub`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant at start-up (the GUI may change it with `set-param name=variant`).
    #[arg(long, short, default_value = "international")]
    variant: VariantKind,
    /// Level at start-up: very-easy, easy, medium or hard.
    #[arg(long, short, default_value = "hard")]
    level: Level,
    /// Endgame database of the start-up variant: a directory of its slice
    /// files (`draughts egdb build`); not used after a change of variant.
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
}

/// Writes one protocol line; a closed output ends the engine.
fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "'"))
}

/// A parsed line: command and `name[=value]` arguments.
struct Line {
    command: String,
    args: Vec<(String, String)>,
}

impl Line {
    /// `None` for an empty line or an unterminated quote.
    fn parse(text: &str) -> Option<Line> {
        let mut chars = text.trim().chars().peekable();
        let word = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>, stop_at_eq: bool| {
            let mut w = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || (stop_at_eq && c == '=') {
                    break;
                }
                w.push(c);
                chars.next();
            }
            w
        };
        let command = word(&mut chars, false);
        if command.is_empty() {
            return None;
        }
        let mut args = Vec::new();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            let name = word(&mut chars, true);
            let mut value = String::new();
            if chars.peek() == Some(&'=') {
                chars.next();
                if chars.peek() == Some(&'"') {
                    chars.next();
                    let mut closed = false;
                    for c in chars.by_ref() {
                        if c == '"' {
                            closed = true;
                            break;
                        }
                        value.push(c);
                    }
                    if !closed {
                        return None;
                    }
                } else {
                    value = word(&mut chars, false);
                }
            }
            if name.is_empty() {
                // A stray '=': skip it.
                chars.next();
                continue;
            }
            args.push((name, value));
        }
        Some(Line { command, args })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

/// How an answer writes its moves in the algebraic variants (Russian,
/// Brazilian, Turkish, Czech): as numbers (the Hub protocol's way, and what
/// pydraughts reads) or in the variant's own text (`c3-d4`). The numeric
/// variants always answer in numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Notation {
    Numeric,
    Algebraic,
}

/// The squares of a board in their order on the wire (index 0 is square 1):
/// PDN numbering, except in the algebraic variants, whose squares are
/// counted from a1 as pydraughts counts them (row by row from White's side,
/// each row from the a-file: 1 = a1, 2 = c1, 5 = b2 on an 8x8 board).
struct WireSquares(Vec<Square>);

impl WireSquares {
    /// `pdn`: the squares in PDN number order; `coords`: (row, column) from
    /// White's side.
    fn new(pdn: Vec<Square>, algebraic: bool, coords: impl Fn(Square) -> (u8, u8)) -> WireSquares {
        let mut squares = pdn;
        if algebraic {
            squares.sort_by_key(|&s| coords(s));
        }
        WireSquares(squares)
    }

    fn of_dyn(pos: &dyn DynPosition) -> WireSquares {
        let count = pos.squares().len();
        let pdn = (1..=count).filter_map(|n| pos.square(n as u8)).collect();
        WireSquares::new(pdn, pos.rules().game_type.algebraic, |s| {
            pos.square_coords(s)
        })
    }

    fn of<V: Variant>() -> WireSquares {
        let pdn = (1..=V::Board::SQUARES).filter_map(V::square).collect();
        WireSquares::new(pdn, V::RULES.game_type.algebraic, V::square_coords)
    }

    fn number(&self, sq: Square) -> u8 {
        self.0
            .iter()
            .position(|&s| s == sq)
            .map_or(0, |i| i as u8 + 1)
    }

    fn square(&self, number: u8) -> Option<Square> {
        self.0.get(usize::from(number).checked_sub(1)?).copied()
    }

    /// Numeric Hub text: `from-to` for a step, `from x to x captured...`
    /// (captured in increasing order) for a capture.
    fn text(&self, from: Square, to: Square, captured: &[Square]) -> String {
        let (from, to) = (self.number(from), self.number(to));
        if captured.is_empty() {
            return format!("{from}-{to}");
        }
        let mut numbers: Vec<u8> = captured.iter().map(|&s| self.number(s)).collect();
        numbers.sort_unstable();
        let mut s = format!("{from}x{to}");
        for n in numbers {
            s.push_str(&format!("x{n}"));
        }
        s
    }

    /// `(from, to, captured sorted)` wire numbers of a move, for [`hub_pick`].
    fn key(&self, from: Square, to: Square, captured: &[Square]) -> (u8, u8, Vec<u8>) {
        let mut c: Vec<u8> = captured.iter().map(|&s| self.number(s)).collect();
        c.sort_unstable();
        (self.number(from), self.number(to), c)
    }
}

/// Numeric move text split into its numbers and the separators between
/// them (`32-28`, `28x19x23`, `9:18`); `None` when the text is not numeric.
fn numeric_move(text: &str) -> Option<(Vec<u8>, Vec<char>)> {
    let (mut numbers, mut separators) = (Vec::new(), Vec::new());
    let mut digits = String::new();
    for c in text.trim().chars().chain([' ']) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        numbers.push(digits.parse::<u8>().ok()?);
        digits.clear();
        match c {
            '-' | 'x' | 'X' | ':' => separators.push(c),
            ' ' => {}
            _ => return None,
        }
    }
    (numbers.len() >= 2 && separators.len() + 1 == numbers.len()).then_some((numbers, separators))
}

/// Picks the move Hub capture text names among `(from, to, captured)`
/// numbers of the legal moves (captured sorted): a unique match on start
/// and end, or the first with the captured squares given.
fn hub_pick<'a, T>(
    numbers: &[u8],
    moves: impl Iterator<Item = (&'a T, (u8, u8, Vec<u8>))>,
) -> Option<&'a T> {
    let mut captured = numbers[2..].to_vec();
    captured.sort_unstable();
    let found: Vec<&T> = moves
        .filter(|(_, (f, t, _))| *f == numbers[0] && *t == numbers[1])
        .filter(|(_, (.., c))| numbers.len() == 2 || *c == captured)
        .map(|(m, _)| m)
        .collect();
    (found.len() == 1 || (numbers.len() > 2 && !found.is_empty())).then(|| found[0])
}

/// The move named by wire text: numeric text in wire numbers (Hub capture
/// text `from x to x captured...`, or a step or path with the squares
/// translated to the variant's own names for `parse`), or any move text the
/// variant reads.
fn parse_wire<'a, T: Clone + 'a>(
    text: &str,
    wire: &WireSquares,
    legal: impl Iterator<Item = (&'a T, (u8, u8, Vec<u8>))>,
    square_text: impl Fn(Square) -> String,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    let Some((numbers, separators)) = numeric_move(text) else {
        return parse(text);
    };
    if separators.iter().any(|c| *c == 'x' || *c == 'X') {
        if let Some(m) = hub_pick(&numbers, legal) {
            return Ok(m.clone());
        }
    }
    let mut own = String::new();
    for (i, &n) in numbers.iter().enumerate() {
        if i > 0 {
            own.push(separators[i - 1]);
        }
        let sq = wire
            .square(n)
            .ok_or_else(|| format!("square {n} is not on the board"))?;
        own.push_str(&square_text(sq));
    }
    parse(&own)
}

/// The Hub text of a move, as `draughts match` sends it to an external
/// engine: numbers in the numeric variants, the variant's own text in the
/// algebraic ones.
pub fn hub_move<V: Variant>(m: &Move<V>) -> String {
    if V::RULES.game_type.algebraic {
        return m.to_string();
    }
    WireSquares::of::<V>().text(m.from(), m.to(), &m.captured().iter().collect::<Vec<_>>())
}

/// The legal move named by Hub text: numeric text in wire numbers (in the
/// algebraic variants counted from a1, see [`WireSquares`]) or any move
/// text the variant reads.
pub fn parse_hub_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move<V>, String> {
    let wire = WireSquares::of::<V>();
    let legal = pos.legal_moves();
    let keyed = legal.iter().map(|m| {
        let captured: Vec<Square> = m.captured().iter().collect();
        (m, wire.key(m.from(), m.to(), &captured))
    });
    parse_wire(text, &wire, keyed, V::square_text, |t| {
        pos.parse_move(t).map_err(|e| e.to_string())
    })
}

/// The Hub text of a move of the dynamic face, played from `pos`.
fn dyn_hub_move(pos: &dyn DynPosition, m: &MoveInfo, notation: Notation) -> String {
    if notation == Notation::Algebraic && pos.rules().game_type.algebraic {
        return m.text.clone();
    }
    WireSquares::of_dyn(pos).text(m.from, m.to, &m.captured)
}

/// The Hub texts of a line of moves played from `pos`.
fn dyn_hub_line(pos: &dyn DynPosition, line: &[MoveInfo], notation: Notation) -> Vec<String> {
    let mut at = pos.boxed_clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        out.push(dyn_hub_move(at.as_ref(), m, notation));
        match at.play(&m.text) {
            Ok(next) => at = next,
            Err(_) => break,
        }
    }
    out
}

/// The legal move of the game's position named by Hub text (see
/// [`parse_hub_move`]), as full-path text.
fn dyn_parse_hub_move(game: &dyn DynGame, text: &str) -> Result<String, String> {
    let pos = game.position();
    let wire = WireSquares::of_dyn(pos.as_ref());
    let legal = game.legal_moves();
    let keyed = legal
        .iter()
        .map(|m| (m, wire.key(m.from, m.to, &m.captured)));
    let found = parse_wire(
        text,
        &wire,
        keyed,
        |sq| pos.square_text(sq),
        |t| pos.parse_move(t).map_err(|e| e.to_string()),
    )?;
    Ok(found.text)
}

/// The letter of a piece in a Hub position string (`e` for an empty square).
fn hub_piece(piece: Option<Piece>) -> char {
    match piece {
        Some(Piece {
            color: Color::White,
            kind: PieceKind::Man,
        }) => 'w',
        Some(Piece {
            color: Color::White,
            kind: PieceKind::King,
        }) => 'W',
        Some(Piece {
            color: Color::Black,
            kind: PieceKind::Man,
        }) => 'b',
        Some(Piece {
            color: Color::Black,
            kind: PieceKind::King,
        }) => 'B',
        None => 'e',
    }
}

/// The Hub position string of `pos` (what `pos pos=...` reads).
pub fn hub_position<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::from(if pos.turn() == Color::White { "W" } else { "B" });
    for n in 1..=V::Board::SQUARES {
        s.push(hub_piece(V::square(n).and_then(|sq| pos.piece_at(sq))));
    }
    s
}

/// A Hub position string as FEN for a board of `squares` numbered squares
/// (`name` for the message when the length is wrong).
fn hub_fen(name: &str, squares: usize, text: &str) -> Result<String, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != squares + 1 {
        return Err(format!(
            "{name} positions have {} characters (side to move and {squares} squares), not {}",
            squares + 1,
            chars.len()
        ));
    }
    let turn = match chars[0] {
        'W' | 'w' => 'W',
        'B' | 'b' => 'B',
        c => return Err(format!("side to move {c:?} is not W or B")),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, &c) in chars[1..].iter().enumerate() {
        let n = i + 1;
        match c {
            'e' | '.' | '-' => {}
            'w' => white.push(n.to_string()),
            'b' => black.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'B' => black.push(format!("K{n}")),
            _ => return Err(format!("square {n}: {c:?} is not one of w b W B e")),
        }
    }
    Ok(format!("{turn}:W{}:B{}", white.join(","), black.join(",")))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Think,
    Ponder,
    Analyze,
}

/// What one search needs.
struct Job {
    spec: LevelSpec,
    mode: Mode,
    seed: u64,
    epoch: Instant,
    notation: Notation,
}

/// A new game of `kind` as the hub plays it: draws are claimed, never automatic.
fn session(kind: VariantKind) -> Box<dyn DynGame> {
    let mut game: Box<dyn DynGame> = AnyGame::new(kind).into();
    game.set_draw_mode(DrawMode::OnClaim);
    game
}

fn score_text(s: Score) -> String {
    match s.win_in() {
        Some(n) => format!("{:.2} win-in={n}", s.men()),
        None => format!("{:.2}", s.men()),
    }
}

/// Whether pydraughts writes the variant's positions with the colours
/// exchanged: in English Black moves first, and pydraughts writes it as its
/// `W` (the side that moves first) with the squares counted from the other
/// end (its square n is the PDN square 33 - n); its moves keep PDN numbers.
fn colours_exchanged_by_pydraughts(kind: VariantKind) -> bool {
    kind == VariantKind::English
}

/// A Hub position string with the colours exchanged and the squares in
/// reverse order (the other reading of an English position).
fn exchange_colours(text: &str) -> String {
    let swap = |c: char| match c {
        'w' => 'b',
        'b' => 'w',
        'W' => 'B',
        'B' => 'W',
        c => c,
    };
    let mut chars = text.trim().chars();
    let turn = chars.next().map(swap);
    turn.into_iter().chain(chars.rev().map(swap)).collect()
}

/// A `pos` line's game: the position and the moves played from it, and
/// what the line told of the client's conventions.
struct Placed {
    game: Box<dyn DynGame>,
    /// The position was read with the colours exchanged (pydraughts' English).
    exchanged: bool,
    /// Only that reading fits the line (the other failed, or only this one
    /// is the start position).
    decided: bool,
    /// How the moves were written (`None` without moves).
    notation: Option<Notation>,
}

/// The game of `kind` from a Hub position string and the moves played from
/// it, read as written.
fn read_position(kind: VariantKind, pos: &str, moves: &str) -> Result<Box<dyn DynGame>, String> {
    let squares = AnyPosition::start(kind).squares().len();
    let fen = hub_fen(kind.name(), squares, pos)?;
    let mut game = dynamic::game_from_fen(kind.name(), &fen).map_err(|e| e.to_string())?;
    game.set_draw_mode(DrawMode::OnClaim);
    for text in moves.split_whitespace() {
        let mv =
            dyn_parse_hub_move(game.as_ref(), text).map_err(|e| format!("move {text}: {e}"))?;
        game.play(&mv).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(game)
}

/// The game of a `pos` line. In English both readings of the position are
/// tried (as written, and with the colours exchanged as pydraughts writes
/// it): the one under which the moves are legal, else the one that is the
/// start position, else the reading `prefer_exchanged` names (the last one
/// a line decided).
fn set_position(
    kind: VariantKind,
    pos: &str,
    moves: &str,
    prefer_exchanged: bool,
) -> Result<Placed, String> {
    let notation = moves.split_whitespace().next().map(|m| {
        if m.starts_with(|c: char| c.is_ascii_alphabetic()) {
            Notation::Algebraic
        } else {
            Notation::Numeric
        }
    });
    let placed = |game, exchanged, decided| Placed {
        game,
        exchanged,
        decided,
        notation,
    };
    let as_written = read_position(kind, pos, moves);
    if !colours_exchanged_by_pydraughts(kind) {
        return as_written.map(|g| placed(g, false, false));
    }
    let exchanged = read_position(kind, &exchange_colours(pos), moves);
    match (as_written, exchanged) {
        (Ok(g), Err(_)) => Ok(placed(g, false, true)),
        (Err(_), Ok(g)) => Ok(placed(g, true, true)),
        (Err(e), Err(_)) => Err(e),
        (Ok(a), Ok(b)) => {
            let start = session(kind).fen();
            match (a.start_fen() == start, b.start_fen() == start) {
                (true, false) => Ok(placed(a, false, true)),
                (false, true) => Ok(placed(b, true, true)),
                _ if prefer_exchanged => Ok(placed(b, true, false)),
                _ => Ok(placed(a, false, false)),
            }
        }
    }
}

/// Runs one search on `game` and answers it (`info` lines, then `done`).
fn go(game: &dyn DynGame, engine: &mut Engine, job: &Job, stop: &AtomicBool, mute: &AtomicBool) {
    let epoch = job.epoch;
    let clock = move || epoch.elapsed().as_millis() as u64;
    let pos = game.position();
    let mut on_info = |i: &Info<'_, MoveInfo>| {
        send(&format!(
            "info depth={} score={} nodes={} time={:.3} nps={:.2} pv={}",
            i.depth,
            score_text(i.score),
            i.nodes,
            i.time_ms as f64 / 1000.0,
            i.nps as f64 / 1e6,
            quote(&dyn_hub_line(pos.as_ref(), i.pv, job.notation).join(" "))
        ));
    };
    let hooks = Hooks {
        clock: &clock,
        stop: Some(stop),
        info: Some(&mut on_info),
    };
    let random = job.spec.margin > 0 || job.spec.blunder_permille > 0;
    let (best, ponder) = if job.mode == Mode::Think {
        // The level's move as the library plays it (`Engine::play_scored`):
        // a forced move is answered at once, unsearched, as `play` and
        // `match` do, so this seat and theirs search the same positions.
        let played = game.engine_play(engine, &job.spec, job.seed, hooks);
        // A level that errs: its own choice's score, depth and line, as an
        // `info` line before `done` (the iterations' lines scored the best
        // move, which it may not play).
        if let (Some(p), true, false) = (&played, random, mute.load(Ordering::SeqCst)) {
            if let Some(score) = p.score {
                send(&format!(
                    "info depth={} score={} nodes={} pv={}",
                    p.depth,
                    score_text(score),
                    p.nodes,
                    quote(&dyn_hub_line(pos.as_ref(), &p.pv, job.notation).join(" "))
                ));
            }
        }
        let ponder = played
            .as_ref()
            .and_then(|p| ponder_move(pos.as_ref(), &p.pv, job.notation));
        (played.map(|p| p.mv), ponder)
    } else {
        let limits = if job.mode == Mode::Ponder {
            Limits::default()
        } else {
            job.spec.limits
        };
        let r = game.engine_search(engine, &limits, hooks);
        (r.best, ponder_move(pos.as_ref(), &r.pv, job.notation))
    };
    if mute.load(Ordering::SeqCst) {
        return;
    }
    match best {
        Some(m) => {
            let mut line = format!("done move={}", dyn_hub_move(pos.as_ref(), &m, job.notation));
            if let Some(p) = ponder {
                line.push_str(&format!(" ponder={p}"));
            }
            send(&line);
        }
        None => send("done"),
    }
}

/// The reply the principal variation expects (its second move), in Hub
/// notation, for `done ... ponder=`.
fn ponder_move(pos: &dyn DynPosition, pv: &[MoveInfo], notation: Notation) -> Option<String> {
    let reply = pv.get(1)?;
    let after = pos.play(&pv[0].text).ok()?;
    Some(dyn_hub_move(after.as_ref(), reply, notation))
}

/// A search running on its own thread; it gives the session and engine back.
struct Running {
    handle: JoinHandle<(Box<dyn DynGame>, Engine)>,
    stop: Arc<AtomicBool>,
    mute: Arc<AtomicBool>,
    pondering: bool,
}

struct Hub {
    kind: VariantKind,
    level: Level,
    limits: Option<Limits>,
    tt_mib: usize,
    seed: u64,
    searches: u64,
    session: Option<Box<dyn DynGame>>,
    engine: Option<Engine>,
    running: Option<Running>,
    /// Why `go` has no position to search: the last `pos` was refused, or
    /// the variant changed after it. `None` when the session's position is
    /// the client's (or, before any `pos`, the variant's start position).
    no_position: Option<String>,
    /// A `pos` line has been accepted since start-up.
    pos_seen: bool,
    /// How answers write moves in the algebraic variants: as the client
    /// wrote its last moves (numbers until it writes any).
    notation: Notation,
    /// The reading of an English position that the last decided `pos` took.
    exchanged: bool,
    /// The endgame database of `--egdb`, given to every engine.
    egdb: Option<draughts::egdb::SharedEgdb>,
}

impl Hub {
    fn new(args: &Args) -> Hub {
        Hub {
            kind: args.variant,
            level: args.level,
            limits: None,
            tt_mib: DEFAULT_TT_MIB,
            seed: 1,
            searches: 0,
            session: Some(session(args.variant)),
            engine: None,
            running: None,
            no_position: None,
            pos_seen: false,
            notation: Notation::Numeric,
            exchanged: false,
            egdb: None,
        }
    }

    /// Waits for a running search (stopping it first if asked) and takes back its state.
    fn finish(&mut self, stop: bool, mute: bool) {
        if let Some(r) = self.running.take() {
            if stop {
                r.stop.store(true, Ordering::SeqCst);
            }
            if mute {
                r.mute.store(true, Ordering::SeqCst);
            }
            match r.handle.join() {
                Ok((s, e)) => {
                    self.session = Some(s);
                    self.engine = Some(e);
                }
                Err(_) => {
                    send("error message=\"the search failed\"");
                    self.session = Some(session(self.kind));
                    self.engine = None;
                }
            }
        }
    }

    fn idle(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.finish(false, false);
        }
    }

    /// An engine with the table size set (`tt-size`).
    fn new_engine(&self) -> Engine {
        let mut engine = Engine::with_tt_mib(self.tt_mib);
        engine.set_egdb(self.egdb.clone());
        engine
    }

    fn spec(&self) -> LevelSpec {
        let mut spec = self.level.spec();
        if let Some(l) = self.limits {
            spec.limits = l;
        }
        spec
    }

    fn start(&mut self, mode: Mode) {
        self.finish(true, false);
        if let Some(why) = &self.no_position {
            // No move for a position the client never sent: an error, and
            // `done` without a move (as in a finished game).
            send(&format!("error message={}", quote(why)));
            send("done");
            return;
        }
        let Some(session) = self.session.take() else {
            return;
        };
        if session.legal_count() == 0 {
            // The game is over: `done` without a move (a GUI waiting for
            // `done` goes on), after an `info` line that says why.
            self.session = Some(session);
            send("info message=\"no legal move: the game is over\"");
            send("done");
            return;
        }
        let mut engine = self.engine.take().unwrap_or_else(|| self.new_engine());
        self.searches += 1;
        let job = Job {
            spec: self.spec(),
            mode,
            seed: self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.searches,
            epoch: Instant::now(),
            notation: self.notation,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let mute = Arc::new(AtomicBool::new(false));
        let (s2, m2) = (stop.clone(), mute.clone());
        let handle = std::thread::spawn(move || {
            go(session.as_ref(), &mut engine, &job, &s2, &m2);
            (session, engine)
        });
        self.running = Some(Running {
            handle,
            stop,
            mute,
            pondering: mode == Mode::Ponder,
        });
    }

    fn set_param(&mut self, line: &Line) {
        let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
            return;
        };
        match name {
            "variant" => match parse_variant(value) {
                Ok(k) if k == self.kind => {}
                Ok(k) => {
                    self.kind = k;
                    self.session = Some(session(k));
                    if self.pos_seen {
                        // The client's position was of the other variant:
                        // no search until it sends one of this variant.
                        self.no_position = Some(format!(
                            "the variant changed to {k} after the last pos: send a pos of {k}"
                        ));
                    }
                }
                Err(e) => send(&format!("error message={}", quote(&e))),
            },
            "level" => match value.parse::<Level>() {
                Ok(l) => self.level = l,
                Err(e) => send(&format!("error message={}", quote(&e.to_string()))),
            },
            "tt-size" => match value.parse::<usize>() {
                Ok(n) if (1..=4096).contains(&n) => {
                    // Allocated now, not on the first `go`'s clock.
                    self.tt_mib = n;
                    self.engine = None;
                    self.engine = Some(self.new_engine());
                }
                _ => send("error message=\"tt-size is an integer from 1 to 4096 (MiB)\""),
            },
            "seed" => match value.parse::<u64>() {
                Ok(n) => self.seed = n,
                _ => send("error message=\"seed is an integer\""),
            },
            _ => {}
        }
    }

    fn level(&mut self, line: &Line) {
        let secs = |name: &str| -> Option<Result<u64, ()>> {
            line.get(name).map(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .map(|x| (x * 1000.0).min(1e15) as u64)
                    .ok_or(())
            })
        };
        let int = |name: &str| -> Option<Result<u64, ()>> {
            line.get(name).map(|v| v.parse::<u64>().map_err(|_| ()))
        };
        let limits = if line.has("infinite") {
            Some(Limits::default())
        } else if let Some(d) = int("depth") {
            d.ok().map(|d| Limits::depth(d.clamp(1, 100) as u32))
        } else if let Some(n) = int("nodes") {
            n.ok().map(Limits::nodes)
        } else if let Some(t) = secs("move-time") {
            t.ok().map(Limits::move_time)
        } else if let Some(t) = secs("time") {
            match (
                t,
                secs("inc").unwrap_or(Ok(0)),
                int("moves").map(|r| r.map(Some)).unwrap_or(Ok(None)),
            ) {
                (Ok(left), Ok(inc), Ok(mtg)) => Some(Limits {
                    time_left_ms: Some(left),
                    increment_ms: inc,
                    moves_to_go: mtg.map(|m| m.clamp(1, 1000) as u32),
                    ..Limits::default()
                }),
                _ => None,
            }
        } else {
            return;
        };
        match limits {
            Some(l) => self.limits = Some(l),
            None => send("error message=\"bad level value\""),
        }
    }

    /// Handles one line; false on `quit`.
    fn handle(&mut self, text: &str) -> bool {
        let Some(line) = Line::parse(text) else {
            return true;
        };
        // During a search only ping, stop and ponder-hit are expected.
        match line.command.as_str() {
            "ping" => {
                send("pong");
                return true;
            }
            "stop" => {
                self.finish(true, false);
                return true;
            }
            "ponder-hit" => {
                if self.running.as_ref().is_some_and(|r| r.pondering) {
                    self.finish(true, true);
                    self.start(Mode::Think);
                }
                return true;
            }
            "quit" => {
                self.finish(true, true);
                return false;
            }
            _ => {}
        }
        let known = matches!(
            line.command.as_str(),
            "hub" | "set-param" | "init" | "pos" | "level" | "go" | "new-game"
        );
        if !known {
            return true;
        }
        self.finish(true, false);
        match line.command.as_str() {
            "hub" => {
                send(&format!(
                    "id name=draughts version={} author=\"draughts contributors\"",
                    env!("CARGO_PKG_VERSION")
                ));
                let variants: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
                send(&format!(
                    "param name=variant value={} type=enum values={}",
                    self.kind,
                    quote(&variants.join(" "))
                ));
                send(&format!(
                    "param name=level value={} type=enum values=\"very-easy easy medium hard\"",
                    self.level.name().replace(' ', "-")
                ));
                send(&format!(
                    "param name=tt-size value={} type=int min=1 max=4096",
                    self.tt_mib
                ));
                send(&format!(
                    "param name=seed value={} type=int min=0 max=18446744073709551615",
                    self.seed
                ));
                send("wait");
            }
            "set-param" => self.set_param(&line),
            "init" => {
                // The table is allocated here at the latest, before any clock runs.
                if self.engine.is_none() {
                    self.engine = Some(self.new_engine());
                }
                send("ready")
            }
            "new-game" => {
                if let Some(e) = self.engine.as_mut() {
                    e.clear();
                }
            }
            "pos" => {
                let placed = match line.get("pos") {
                    Some(pos) => set_position(
                        self.kind,
                        pos,
                        line.get("moves").unwrap_or(""),
                        self.exchanged,
                    ),
                    None => Err("pos needs pos=...".to_string()),
                };
                match placed {
                    Ok(p) => {
                        self.session = Some(p.game);
                        self.no_position = None;
                        self.pos_seen = true;
                        if p.decided {
                            self.exchanged = p.exchanged;
                        }
                        if let Some(n) = p.notation {
                            self.notation = n;
                        }
                    }
                    Err(e) => {
                        // The old position is not the client's any more.
                        self.no_position = Some(format!("the last pos was refused: {e}"));
                        send(&format!("error message={}", quote(&e)));
                    }
                }
            }
            "level" => self.level(&line),
            "go" => {
                if line.has("think") {
                    self.start(Mode::Think);
                } else if line.has("ponder") {
                    self.start(Mode::Ponder);
                } else if line.has("analyze") || line.has("analyse") {
                    self.start(Mode::Analyze);
                }
            }
            _ => {}
        }
        true
    }
}

/// A variant name of `set-param name=variant`: ours, or the name pydraughts
/// or Scan gives it (`standard` and `normal` for International, `american`
/// for English, `frysk!`, `bt` for Breakthrough, `losing` for Antidraughts).
fn parse_variant(value: &str) -> Result<VariantKind, String> {
    let alias = match value.trim().to_ascii_lowercase().as_str() {
        "standard" | "normal" => Some(VariantKind::International),
        "american" => Some(VariantKind::English),
        "bt" => Some(VariantKind::Breakthrough),
        "losing" => Some(VariantKind::Antidraughts),
        _ => None,
    };
    match alias {
        Some(k) => Ok(k),
        None => value.parse::<VariantKind>().map_err(|e| e.to_string()),
    }
}

/// Runs the protocol until `quit` or the end of standard input.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut hub = Hub::new(&args);
    if let Some(dir) = &args.egdb {
        hub.egdb = Some(crate::egdb::load_shared(args.variant.into(), dir)?);
    }
    loop {
        match rx.recv_timeout(std::time::Duration::from_millis(20)) {
            Ok(line) => {
                if !hub.handle(&line) {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => hub.idle(),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                hub.finish(true, true);
                break;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hub text from the dynamic face, the typed helpers (`external.rs`)
    /// and back: the same for every legal move of a capture-rich position
    /// of every built-in variant, and for the start positions.
    fn same_texts<V: Variant>(fens: &[&str]) {
        for fen in fens {
            let Ok(pos) = Position::<V>::from_fen(fen) else {
                continue;
            };
            let game = dynamic::game_from_fen(V::NAME, fen).unwrap();
            let dyn_pos = game.position();
            // The game's moves: none once it is over (a Breakthrough king).
            let typed = draughts::Game::from_position(pos).legal_moves();
            let infos = game.legal_moves();
            assert_eq!(typed.len(), infos.len());
            for (m, info) in typed.iter().zip(&infos) {
                let text = hub_move(m);
                let own = dyn_hub_move(dyn_pos.as_ref(), info, Notation::Algebraic);
                assert_eq!(own, text, "{fen}");
                // The numbers on the wire (the same text in numeric variants).
                let numeric = dyn_hub_move(dyn_pos.as_ref(), info, Notation::Numeric);
                assert!(
                    numeric.starts_with(|c: char| c.is_ascii_digit()),
                    "{numeric}"
                );
                for t in [&text, &numeric] {
                    assert_eq!(parse_hub_move(&pos, t).as_ref(), Ok(m), "{fen} {t}");
                    assert_eq!(dyn_parse_hub_move(game.as_ref(), t), Ok(m.to_string()));
                }
            }
            let hub = hub_position(&pos);
            let squares = dyn_pos.squares().len();
            let back = dynamic::game_from_fen(V::NAME, &hub_fen(V::NAME, squares, &hub).unwrap());
            assert_eq!(back.unwrap().fen(), pos.to_fen(), "{fen}");
        }
    }

    struct Check;
    impl draughts::VariantVisitor for Check {
        type Output = ();
        fn visit<V: Variant>(self) {
            let start = Position::<V>::start().to_fen();
            // A king and men among scattered pieces: multi-piece captures on
            // the 8x8 and 10x10 boards (FENs a board cannot hold are skipped).
            same_texts::<V>(&[
                &start,
                "W:WK28,32:B23,24,18,19,13,14",
                "B:W23,24,18,19,13,14:BK5,1",
                "W:WK46,47:B41,42,37,38,32,33,28,27",
            ]);
        }
    }

    #[test]
    fn the_dynamic_hub_texts_are_the_typed_ones() {
        for kind in VariantKind::ALL {
            kind.visit(Check);
        }
    }

    #[test]
    fn a_bad_hub_position_is_refused_with_the_reason() {
        let refused = |pos: &str| match set_position(VariantKind::English, pos, "", false) {
            Ok(_) => panic!("{pos} was accepted"),
            Err(e) => e,
        };
        let e = refused("W");
        assert_eq!(
            e,
            "english positions have 33 characters (side to move and 32 squares), not 1"
        );
        let e = refused(&format!("X{}", "e".repeat(32)));
        assert_eq!(e, "side to move 'X' is not W or B");
        let e = refused(&format!("W{}x", "e".repeat(31)));
        assert_eq!(e, "square 32: 'x' is not one of w b W B e");
    }
}
