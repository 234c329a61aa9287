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
//! over"` and `done` with no move. A level that errs (`very easy` to
//! `medium`) reports the move it chose with an `info` line (its score,
//! depth and line) before `done`. The transposition table is allocated
//! when `tt-size` is set (or at `init`), never on a move's clock.
//!
//! The position string generalises Hub's to every board: the side to move
//! (`W`/`B`) and one character per playing square in PDN numbering order
//! (`w`, `b` men, `W`, `B` kings, `e` empty). Moves: `32-28` for steps; for
//! the numeric variants captures are `from x to x captured x ...` (captured
//! squares in any order); the algebraic variants use their own move text.
//!
//! As the protocol asks, lines that cannot be understood are ignored; bad
//! values get an `error message="..."` line and change nothing. The engine
//! quits when standard input closes.
use draughts::engine::{Engine, Hooks, Info, Level, LevelSpec, Limits, Score};
use draughts::{
    Color, DrawMode, Game, Geometry, Move, Position, Setup, SquareSet, Variant, VariantKind,
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

/// The Hub text of a move.
pub fn hub_move<V: Variant>(m: &Move<V>) -> String {
    if m.is_capture() && !V::RULES.game_type.algebraic {
        let mut s = format!(
            "{}x{}",
            V::square_number(m.from()),
            V::square_number(m.to())
        );
        for sq in m.captured() {
            s.push_str(&format!("x{}", V::square_number(sq)));
        }
        s
    } else {
        m.to_string()
    }
}

/// The legal move named by Hub text (or any move text the variant reads).
pub fn parse_hub_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move<V>, String> {
    if text.contains('x') && !V::RULES.game_type.algebraic {
        let squares: Option<Vec<_>> = text
            .split('x')
            .map(|t| t.trim().parse::<u8>().ok().and_then(V::square))
            .collect();
        if let Some(sq) = squares.filter(|s| s.len() >= 2) {
            let captured: SquareSet<V> = sq[2..].iter().copied().collect();
            let found: Vec<Move<V>> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.from() == sq[0] && m.to() == sq[1])
                .filter(|m| sq.len() == 2 || m.captured() == captured)
                .collect();
            if found.len() == 1 || (sq.len() > 2 && !found.is_empty()) {
                return Ok(found[0].clone());
            }
        }
    }
    pos.parse_move(text).map_err(|e| e.to_string())
}

/// The Hub position string of `pos` (what [`parse_hub_position`] reads).
pub fn hub_position<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::from(if pos.turn() == Color::White { "W" } else { "B" });
    for n in 1..=V::Board::SQUARES {
        let sq = V::square(n).expect("a square number");
        let white = pos.pieces(Color::White).contains(sq);
        let black = pos.pieces(Color::Black).contains(sq);
        let king = pos.kings(Color::White).contains(sq) || pos.kings(Color::Black).contains(sq);
        s.push(match (white, black, king) {
            (true, _, false) => 'w',
            (true, _, true) => 'W',
            (_, true, false) => 'b',
            (_, true, true) => 'B',
            _ => 'e',
        });
    }
    s
}

/// Reads a Hub position string.
pub fn parse_hub_position<V: Variant>(text: &str) -> Result<Position<V>, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let n = V::Board::SQUARES as usize;
    if chars.len() != n + 1 {
        return Err(format!(
            "{} positions have {} characters (side to move and {n} squares), not {}",
            V::NAME,
            n + 1,
            chars.len()
        ));
    }
    let turn = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => return Err(format!("side to move {c:?} is not W or B")),
    };
    let mut setup = Setup {
        turn: Some(turn),
        ..Setup::default()
    };
    for (i, &c) in chars[1..].iter().enumerate() {
        let sq = V::square(i as u8 + 1).ok_or("square out of range")?;
        let bit = SquareSet::<V>::from_square(sq);
        match c {
            'e' | '.' | '-' => {}
            'w' => setup.white |= bit,
            'b' => setup.black |= bit,
            'W' => {
                setup.white |= bit;
                setup.kings |= bit;
            }
            'B' => {
                setup.black |= bit;
                setup.kings |= bit;
            }
            _ => return Err(format!("square {}: {c:?} is not one of w b W B e", i + 1)),
        }
    }
    Position::from_setup(setup).map_err(|e| e.to_string())
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
}

/// The game of one variant, behind a trait so the variant can change at run time.
trait Session: Send {
    fn set_position(&mut self, pos: &str, moves: &str) -> Result<(), String>;
    fn has_moves(&self) -> bool;
    fn go(&self, engine: &mut Engine, job: &Job, stop: &AtomicBool, mute: &AtomicBool);
}

struct HubGame<V: Variant> {
    game: Game<V>,
}

fn session<V: Variant>() -> Box<dyn Session> {
    let mut game = Game::<V>::new();
    game.set_draw_mode(DrawMode::OnClaim);
    Box::new(HubGame { game })
}

fn score_text(s: Score) -> String {
    match s.win_in() {
        Some(n) => format!("{:.2} win-in={n}", s.men()),
        None => format!("{:.2}", s.men()),
    }
}

impl<V: Variant> Session for HubGame<V> {
    fn set_position(&mut self, pos: &str, moves: &str) -> Result<(), String> {
        let start = parse_hub_position::<V>(pos)?;
        let mut game = Game::from_position(start);
        game.set_draw_mode(DrawMode::OnClaim);
        for text in moves.split_whitespace() {
            let mv =
                parse_hub_move(game.position(), text).map_err(|e| format!("move {text}: {e}"))?;
            game.play(&mv).map_err(|e| format!("move {text}: {e}"))?;
        }
        self.game = game;
        Ok(())
    }

    fn has_moves(&self) -> bool {
        !self.game.legal_moves().is_empty()
    }

    fn go(&self, engine: &mut Engine, job: &Job, stop: &AtomicBool, mute: &AtomicBool) {
        let epoch = job.epoch;
        let clock = move || epoch.elapsed().as_millis() as u64;
        let mut on_info = |i: &Info<'_, V>| {
            let pv: Vec<String> = i.pv.iter().map(hub_move).collect();
            send(&format!(
                "info depth={} score={} nodes={} time={:.3} nps={:.2} pv={}",
                i.depth,
                score_text(i.score),
                i.nodes,
                i.time_ms as f64 / 1000.0,
                i.nps as f64 / 1e6,
                quote(&pv.join(" "))
            ));
        };
        let hooks = Hooks {
            clock: &clock,
            stop: Some(stop),
            info: Some(&mut on_info),
        };
        let random = job.spec.margin > 0 || job.spec.blunder_permille > 0;
        let (best, ponder) = if job.mode == Mode::Think && random {
            let played = engine.play_scored(&self.game, &job.spec, job.seed, hooks);
            // The level's own choice: its score, depth and line, as an
            // `info` line before `done` (the iterations' lines scored the
            // best move, which a level that errs may not play).
            if let (Some(p), false) = (&played, mute.load(Ordering::SeqCst)) {
                if let Some(score) = p.score {
                    let pv: Vec<String> = p.pv.iter().map(hub_move).collect();
                    send(&format!(
                        "info depth={} score={} nodes={} pv={}",
                        p.depth,
                        score_text(score),
                        p.nodes,
                        quote(&pv.join(" "))
                    ));
                }
            }
            (played.map(|p| p.mv), None)
        } else {
            let limits = if job.mode == Mode::Ponder {
                Limits::default()
            } else {
                job.spec.limits
            };
            let r = engine.search(&self.game, &limits, hooks);
            (r.best, r.pv.get(1).cloned())
        };
        if mute.load(Ordering::SeqCst) {
            return;
        }
        match best {
            Some(m) => {
                let mut line = format!("done move={}", hub_move(&m));
                if let Some(p) = ponder {
                    line.push_str(&format!(" ponder={}", hub_move(&p)));
                }
                send(&line);
            }
            None => send("done"),
        }
    }
}

/// A search running on its own thread; it gives the session and engine back.
struct Running {
    handle: JoinHandle<(Box<dyn Session>, Engine)>,
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
    session: Option<Box<dyn Session>>,
    engine: Option<Engine>,
    running: Option<Running>,
}

impl Hub {
    fn new(args: &Args) -> Hub {
        Hub {
            kind: args.variant,
            level: args.level,
            limits: None,
            tt_mib: 16,
            seed: 1,
            searches: 0,
            session: Some(crate::common::with_variant!(args.variant, session())),
            engine: None,
            running: None,
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
                    self.session = Some(crate::common::with_variant!(self.kind, session()));
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
        Engine::with_tt_mib(self.tt_mib)
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
        let Some(session) = self.session.take() else {
            return;
        };
        if !session.has_moves() {
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
        };
        let stop = Arc::new(AtomicBool::new(false));
        let mute = Arc::new(AtomicBool::new(false));
        let (s2, m2) = (stop.clone(), mute.clone());
        let handle = std::thread::spawn(move || {
            session.go(&mut engine, &job, &s2, &m2);
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
            "variant" => match value.parse::<VariantKind>() {
                Ok(k) => {
                    self.kind = k;
                    self.session = Some(crate::common::with_variant!(k, session()));
                }
                Err(e) => send(&format!("error message={}", quote(&e.to_string()))),
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
                let Some(pos) = line.get("pos") else {
                    send("error message=\"pos needs pos=...\"");
                    return true;
                };
                let moves = line.get("moves").unwrap_or("");
                if let Some(s) = self.session.as_mut() {
                    if let Err(e) = s.set_position(pos, moves) {
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
