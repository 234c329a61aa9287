//! The Hub engine (`draughts hub`) driven the way a GUI drives it: the
//! handshake, malformed input, and whole games against a client written
//! here (its own position and move formatting, the library for the rules).
use draughts::engine::{self, Level, NoClock};
use draughts::{
    Color, English, Game, Geometry, International, Move, Outcome, PieceKind, Position, Variant,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the draughts binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            lines: rx,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, within `secs` seconds.
    fn recv(&self, secs: u64) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(secs))
            .expect("the engine answers in time")
    }

    /// Lines up to and including the first starting with `prefix`.
    fn until(&self, prefix: &str, secs: u64) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.recv(secs);
            let done = l.starts_with(prefix);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// The exit status once the process has ended, waiting up to `secs`
    /// seconds (polled, so a slow machine only waits longer; the bound only
    /// stops a hung engine from hanging the test).
    fn exit_status(&mut self, secs: u64) -> std::process::ExitStatus {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the engine is still running after {secs} s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The client's own Hub position text.
fn hub_pos<V: Variant>(pos: &Position<V>) -> String {
    let mut s = String::from(if pos.turn() == Color::White { "W" } else { "B" });
    for n in 1..=V::Board::SQUARES {
        let sq = V::square(n).unwrap();
        s.push(match pos.piece_at(sq) {
            None => 'e',
            Some(p) => match (p.color, p.kind) {
                (Color::White, PieceKind::Man) => 'w',
                (Color::Black, PieceKind::Man) => 'b',
                (Color::White, PieceKind::King) => 'W',
                (Color::Black, PieceKind::King) => 'B',
            },
        });
    }
    s
}

/// The client's own Hub move text (numeric variants).
fn hub_move<V: Variant>(m: &Move<V>) -> String {
    let n = |sq| V::square_number(sq).to_string();
    if m.is_capture() {
        let mut parts = vec![n(m.from()), n(m.to())];
        parts.extend(m.captured().iter().map(n));
        parts.join("x")
    } else {
        format!("{}-{}", n(m.from()), n(m.to()))
    }
}

/// The legal move a `done move=...` line names, by from, to and captured set.
fn parse_done<V: Variant>(pos: &Position<V>, line: &str) -> Move<V> {
    let text = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("move="))
        .unwrap_or_else(|| panic!("no move in {line:?}"));
    let nums: Vec<u8> = text.split(['x', '-']).map(|t| t.parse().unwrap()).collect();
    let sq = |n: u8| V::square(n).unwrap();
    let found: Vec<Move<V>> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq(nums[0]) && m.to() == sq(nums[1]))
        .filter(|m| {
            !m.is_capture()
                || m.captured().len() == nums.len() - 2
                    && nums[2..].iter().all(|&c| m.captured().contains(sq(c)))
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{text} names one legal move in {}",
        pos.to_fen()
    );
    found[0].clone()
}

fn handshake(e: &mut Engine) {
    e.send("hub");
    let lines = e.until("wait", 20);
    assert!(lines[0].starts_with("id name=draughts"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("param name=variant")));
    assert!(lines.iter().any(|l| l.starts_with("param name=level")));
}

#[test]
fn handshake_and_a_search() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("set-param name=level value=hard");
    e.send("init");
    assert_eq!(e.until("ready", 20).last().unwrap(), "ready");
    e.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    e.send("level depth=4");
    e.send("go think");
    let lines = e.until("done", 60);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth=4")),
        "{lines:?}"
    );
    let mv = parse_done(&Position::<International>::start(), lines.last().unwrap());
    assert!(Position::<International>::start()
        .legal_moves()
        .contains(&mv));
}

/// `go` where the side to move has no legal move (the game is over) still
/// ends in `done`, without a move, after an `info` line saying why; the
/// engine then searches the next position as usual.
#[test]
fn go_without_a_legal_move_answers_done() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("set-param name=tt-size value=64");
    e.send("init");
    e.until("ready", 20);
    // White to move without a piece: one black man on 1.
    let over = format!("Wb{}", "e".repeat(49));
    for mode in ["think", "analyze"] {
        e.send(&format!("pos pos={over}"));
        e.send("level nodes=1000");
        e.send(&format!("go {mode}"));
        let lines = e.until("done", 20);
        assert_eq!(lines.last().unwrap(), "done", "{lines:?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info message=") && l.contains("game is over")),
            "{lines:?}"
        );
        assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
    }
    e.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    e.send("go think");
    let done = e.until("done", 60);
    parse_done(&Position::<International>::start(), done.last().unwrap());
}

/// A forced move (the only legal one) is answered at once and unsearched,
/// as the library's `Engine::play` and `draughts match` play it: no `info`
/// line of an iteration, no ponder move, even with a long move time. (The
/// hub searched it before, which also aged the move-ordering history: the
/// two seats of a match of an engine against itself then played different
/// games.)
#[test]
fn a_forced_move_is_answered_unsearched() {
    let pos = Position::<International>::from_fen("W:W28,48:B23,5").unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1, "one capture");
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("init");
    e.until("ready", 20);
    e.send(&format!("pos pos={}", hub_pos(&pos)));
    e.send("level move-time=30");
    let started = std::time::Instant::now();
    e.send("go think");
    let lines = e.until("done", 20);
    assert!(started.elapsed().as_secs() < 10, "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info")), "{lines:?}");
    let done = lines.last().unwrap();
    assert!(!done.contains("ponder="), "{lines:?}");
    assert_eq!(parse_done(&pos, done), moves[0]);
}

/// A level that errs reports the move it chose, with its score, before `done`.
#[test]
fn a_levels_move_comes_with_its_score() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("set-param name=level value=medium");
    e.send("init");
    e.until("ready", 20);
    e.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    e.send("level depth=3");
    e.send("go think");
    let lines = e.until("done", 60);
    let done = lines.last().unwrap();
    let mv = done.strip_prefix("done move=").unwrap();
    let mv = mv.split_whitespace().next().unwrap();
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth=3 score="), "{lines:?}");
    assert!(info.contains(&format!("pv=\"{mv}")), "{lines:?}");
}

#[test]
fn malformed_lines_are_ignored_and_the_engine_lives_on() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("init");
    e.until("ready", 20);
    let garbage: &[&[u8]] = &[
        b"",
        b"   \t ",
        b"=",
        b"==== = =",
        b"pos",
        b"pos pos=",
        b"pos pos=Wxyz",
        b"pos pos=\"unterminated",
        b"pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee moves=\"1-2\"",
        b"pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"99-98 x x\"",
        b"pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32x28x1\"",
        b"level depth=abc",
        b"level depth=-5",
        b"level move-time=NaN",
        b"level time=inf inc=-1",
        b"level nodes=99999999999999999999999",
        b"set-param name=variant value=checkers9",
        b"set-param name=level value=grandmaster",
        b"set-param name=tt-size value=0",
        b"set-param name",
        b"go",
        b"go sideways",
        b"stop",
        b"ponder-hit",
        b"\xff\xfe\x00\x01 garbage \xc3\x28",
        b"frobnicate a=1 b=\"2 3\" c",
    ];
    for g in garbage {
        let mut line = g.to_vec();
        line.push(b'\n');
        e.send_bytes(&line);
    }
    e.send_bytes(&vec![b'x'; 200_000]);
    e.send("");
    e.send("ping");
    // Error lines may come first; the engine must still answer.
    let lines = e.until("pong", 20);
    assert!(
        lines.iter().all(|l| l.starts_with("error") || l == "pong"),
        "{lines:?}"
    );
    assert!(e.alive());
    // The position was never replaced by a bad one: a search from the
    // start position still works.
    e.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    e.send("level nodes=3000");
    e.send("go think");
    let done = e.until("done", 60);
    parse_done(&Position::<International>::start(), done.last().unwrap());
    // Stop during an infinite search still produces `done`.
    e.send("level infinite");
    e.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    e.send("ping");
    e.send("stop");
    let lines = e.until("done", 20);
    assert!(lines.iter().any(|l| l == "pong"), "{lines:?}");
    e.send("quit");
    let status = e.exit_status(60);
    assert_eq!(status.code(), Some(0), "quit ends the engine cleanly");
}

#[test]
fn closing_input_ends_the_engine() {
    let mut e = Engine::start();
    handshake(&mut e);
    drop(e.stdin.take());
    let status = e.exit_status(60);
    assert_eq!(
        status.code(),
        Some(0),
        "end of input ends the engine cleanly"
    );
}

/// The hub engine plays White (hard on a node budget); the client plays
/// Black with the library's easy level. Every `done` move must be legal and
/// the game must end, within 400 plies, in a win for the engine (both sides
/// are seeded and searches are node-limited, so the game is the same on
/// every machine).
fn whole_game<V: Variant>(variant: &str) {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send(&format!("set-param name=variant value={variant}"));
    e.send("init");
    e.until("ready", 20);
    e.send("new-game");
    let mut game = Game::<V>::new();
    let start = hub_pos(game.position());
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() && game.moves().len() < 400 {
        let mv = if game.position().turn() == Color::White {
            e.send(&format!("pos pos={start} moves=\"{}\"", moves.join(" ")));
            e.send("level nodes=5000");
            e.send("go think");
            let lines = e.until("done", 60);
            parse_done(game.position(), lines.last().unwrap())
        } else {
            engine::best_move(&game, Level::Easy, game.moves().len() as u64, &NoClock).unwrap()
        };
        moves.push(hub_move(&mv));
        game.play(&mv).unwrap();
    }
    let outcome = game.outcome().expect("the game ends within 400 plies");
    let plies = game.moves().len();
    assert!(
        matches!(
            outcome,
            Outcome::Win {
                winner: Color::White,
                ..
            }
        ),
        "{variant}: the hub engine (White) should win; {outcome} after {plies} plies"
    );
    e.send("quit");
    assert_eq!(e.exit_status(60).code(), Some(0));
}

#[test]
fn a_whole_international_game() {
    whole_game::<International>("international");
}

#[test]
fn a_whole_english_game() {
    whole_game::<English>("english");
}

/// `go think` and its lines up to `done`.
fn go_lines(e: &mut Engine) -> Vec<String> {
    e.send("go think");
    e.until("done", 60)
}

/// A `go` that has no position to search: an `error` line, then a bare
/// `done` (no move for a position the client never sent).
fn assert_go_refused(e: &mut Engine, why: &str) {
    let lines = go_lines(e);
    assert_eq!(lines.last().unwrap(), "done", "{why}: {lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("error message=")),
        "{why}: {lines:?}"
    );
}

const INTERNATIONAL_START: &str = "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/// After a `pos` the hub refuses, `go` answers an error and `done` without
/// a move (it used to play a confident move for the previous position)
/// until a good `pos` arrives; a `pos` without `pos=` is refused too.
#[test]
fn a_refused_pos_leaves_no_position_to_search() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("init");
    e.until("ready", 20);
    e.send("level nodes=2000");
    e.send(INTERNATIONAL_START);
    let done = go_lines(&mut e);
    parse_done(&Position::<International>::start(), done.last().unwrap());
    for bad in [
        "pos pos=Wbbbb",
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"99-98\"",
        "pos moves=\"32-28\"",
    ] {
        e.send(bad);
        assert!(e.recv(20).starts_with("error message="), "{bad}");
        assert_go_refused(&mut e, bad);
        // Still none on the next `go` (and for `go analyze`).
        e.send("go analyze");
        let lines = e.until("done", 60);
        assert_eq!(lines.last().unwrap(), "done", "{bad}: {lines:?}");
        // A good position searches again.
        e.send(INTERNATIONAL_START);
        let done = go_lines(&mut e);
        parse_done(&Position::<International>::start(), done.last().unwrap());
    }
}

/// A variant change after a `pos` leaves no position to search (the last
/// one was of the other variant) until a `pos` of the new variant arrives;
/// setting the variant it already is keeps the position, and before any
/// `pos` the new variant's start position is searched, as at start-up.
#[test]
fn a_variant_change_after_a_pos_leaves_no_position_to_search() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("init");
    e.until("ready", 20);
    e.send("level nodes=2000");
    e.send("set-param name=variant value=english");
    let done = go_lines(&mut e);
    parse_done(&Position::<English>::start(), done.last().unwrap());

    e.send("set-param name=variant value=international");
    e.send(INTERNATIONAL_START);
    e.send("set-param name=variant value=international");
    let done = go_lines(&mut e);
    parse_done(&Position::<International>::start(), done.last().unwrap());

    e.send("set-param name=variant value=english");
    assert_go_refused(&mut e, "international pos, then english");
    e.send(&format!(
        "pos pos={}",
        hub_pos(&Position::<English>::start())
    ));
    let done = go_lines(&mut e);
    parse_done(&Position::<English>::start(), done.last().unwrap());
}

/// pydraughts' English position string, by its rule (draughts.convert):
/// the side that moves first (Black) is its `W`, and its square n is the
/// PDN square 33 - n; its moves keep the PDN numbers.
fn pydraughts_english_pos(pos: &Position<English>) -> String {
    let ours = hub_pos(pos);
    let swap = |c: char| match c {
        'w' => 'b',
        'b' => 'w',
        'W' => 'B',
        'B' => 'W',
        c => c,
    };
    let mut chars = ours.chars();
    let turn = swap(chars.next().unwrap());
    std::iter::once(turn).chain(chars.rev().map(swap)).collect()
}

/// The hub reads English positions as pydraughts writes them (the colours
/// exchanged) as well as in its own convention: at the start and after
/// moves, and for a position that is not the start once a line with moves
/// has shown the client's convention.
#[test]
fn english_positions_as_pydraughts_writes_them() {
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("set-param name=variant value=english");
    e.send("init");
    e.until("ready", 20);
    e.send("level nodes=2000");
    let start = Position::<English>::start();
    let theirs = pydraughts_english_pos(&start);
    assert!(theirs.starts_with('W') && theirs != hub_pos(&start));
    // The start, Black to move.
    e.send(&format!("pos pos={theirs}"));
    let done = go_lines(&mut e);
    let black = parse_done(&start, done.last().unwrap());
    // After Black's move (PDN numbers), White to move.
    let mut game = Game::<English>::new();
    game.play(&black).unwrap();
    e.send(&format!("pos pos={theirs} moves=\"{}\"", hub_move(&black)));
    let done = go_lines(&mut e);
    let white = parse_done(game.position(), done.last().unwrap());
    game.play(&white).unwrap();
    // Two plies on, as pydraughts sends it: its start and every move.
    let later = *game.position();
    let reply = later.legal_moves()[0].clone();
    let after = later.play(&reply);
    let moves = [&black, &white, &reply].map(hub_move).join(" ");
    e.send(&format!("pos pos={theirs} moves=\"{moves}\""));
    let done = go_lines(&mut e);
    parse_done(&after, done.last().unwrap());
    // A game from a position that is not the start.
    e.send(&format!(
        "pos pos={} moves=\"{}\"",
        pydraughts_english_pos(&later),
        hub_move(&reply)
    ));
    let done = go_lines(&mut e);
    parse_done(&after, done.last().unwrap());
    // Our own convention still reads as before.
    e.send(&format!("pos pos={} moves=\"{moves}\"", hub_pos(&start)));
    let done = go_lines(&mut e);
    parse_done(&after, done.last().unwrap());
}

/// Russian squares counted from a1 as pydraughts counts them (row by row
/// from White's side, each row from the a-file): 1 = a1, 2 = c1, 5 = b2.
fn a1_name(n: u8) -> String {
    let (row, i) = ((n - 1) / 4, (n - 1) % 4);
    let col = 2 * i + row % 2;
    format!("{}{}", (b'a' + col) as char, row + 1)
}

/// A numeric Russian move (`from-to`, `from x to x captured...`) in the
/// a1 count, as algebraic `from` and `to` names.
fn a1_ends(text: &str) -> (String, String) {
    let n: Vec<u8> = text.split(['-', 'x']).map(|t| t.parse().unwrap()).collect();
    (a1_name(n[0]), a1_name(n[1]))
}

fn done_move(line: &str) -> String {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix("move="))
        .unwrap_or_else(|| panic!("no move in {line:?}"))
        .to_string()
}

/// In the algebraic variants the hub answers numbers (counted from a1, as
/// pydraughts reads them) unless the client writes its moves in the
/// variant's own text; numeric moves from the client count from a1 too.
#[test]
fn russian_moves_follow_the_clients_notation() {
    use draughts::Russian;
    let mut e = Engine::start();
    handshake(&mut e);
    e.send("set-param name=variant value=russian");
    e.send("init");
    e.until("ready", 20);
    e.send("level nodes=2000");
    let start = Position::<Russian>::start();
    let legal_ends = |pos: &Position<Russian>, from: &str, to: &str| {
        pos.legal_moves().into_iter().find(|m| {
            Russian::algebraic_name(m.from()) == from && Russian::algebraic_name(m.to()) == to
        })
    };
    // No moves yet: numbers.
    e.send(&format!("pos pos={}", hub_pos(&start)));
    let text = done_move(go_lines(&mut e).last().unwrap());
    let (from, to) = a1_ends(&text);
    let first = legal_ends(&start, &from, &to)
        .unwrap_or_else(|| panic!("{text} ({from}-{to}) is not legal at the start"));
    let after = start.play(&first);
    // The client's move in algebraic text: the answer in algebraic text.
    e.send(&format!("pos pos={} moves=\"{first}\"", hub_pos(&start)));
    let text = done_move(go_lines(&mut e).last().unwrap());
    assert!(after.parse_move(&text).is_ok(), "{text}");
    assert!(text.starts_with(|c: char| c.is_ascii_lowercase()), "{text}");
    // The same move in numbers (c3-d4 is 10-14 counted from a1): numbers.
    let number = |name: String| (1..=32u8).find(|&n| a1_name(n) == name).unwrap();
    let numeric = format!(
        "{}-{}",
        number(Russian::algebraic_name(first.from())),
        number(Russian::algebraic_name(first.to()))
    );
    e.send(&format!("pos pos={} moves=\"{numeric}\"", hub_pos(&start)));
    let text = done_move(go_lines(&mut e).last().unwrap());
    let (from, to) = a1_ends(&text);
    assert!(legal_ends(&after, &from, &to).is_some(), "{text}");
}

/// The variant names pydraughts and Scan send are accepted.
#[test]
fn pydraughts_variant_names_are_accepted() {
    let mut e = Engine::start();
    handshake(&mut e);
    for (name, pos) in [
        ("american", hub_pos(&Position::<English>::start())),
        ("standard", hub_pos(&Position::<International>::start())),
        ("frysk!", format!("Wbbbbb{}wwwww", "e".repeat(40))),
    ] {
        e.send(&format!("set-param name=variant value={name}"));
        e.send(&format!("pos pos={pos}"));
        e.send("ping");
        let lines = e.until("pong", 20);
        assert_eq!(lines, ["pong"], "{name}");
    }
}
