//! `draughts dxp` plays on the clock the game request gives: a scripted
//! peer over loopback asks for (or is asked for) a 1-minute game, times
//! each of our moves itself, and checks them against the library's budget
//! on its own account of our clock. Our clock runs `SPEED` times as fast as
//! real time (`--clock-speed`), so a 1-minute game takes a few seconds.
mod common;

use draughts::dxp::{frame, AcceptCode, EndReason, Framer, GameAccept, GameEnd, GameRequest};
use draughts::dxp::{Message, MoveMessage};
use draughts::engine::{GameClock, Limits, TimeControl};
use draughts::{Color, Game, International, Position};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How much faster than real time our clock runs in these tests.
const SPEED: u64 = 10;
/// Real time the peer's measure of a move may exceed ours by (the messages'
/// way through the sockets and a busy machine's scheduling), in ms.
const SLACK_REAL_MS: u64 = 150;
/// How far our own measure of a move may exceed the peer's, in real
/// milliseconds (each process reads its own clock; CI machines are busy).
const JITTER_REAL_MS: u64 = 20;
/// Our moves the peer waits for at most in one game.
const OUR_MOVES: usize = 24;

struct Peer {
    stream: TcpStream,
    framer: Framer,
}

impl Peer {
    fn new(stream: TcpStream) -> Peer {
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        Peer {
            stream,
            framer: Framer::default(),
        }
    }
    fn send(&mut self, m: &Message) {
        self.stream.write_all(&frame(m)).unwrap();
    }
    fn receive(&mut self) -> Message {
        let mut buf = [0u8; 256];
        loop {
            if let Some(m) = self.framer.next_message() {
                return m.expect("well-formed messages");
            }
            let n = self.stream.read(&mut buf).expect("a message in time");
            assert!(n > 0, "the connection closed");
            self.framer.push(&buf[..n]);
        }
    }
}

/// One of our moves as the peer saw it.
#[derive(Debug)]
struct Seen {
    /// Real time from the peer's last message to our move, times `SPEED`.
    measured: u64,
    /// Our only legal move.
    forced: bool,
    /// The position we moved in.
    before: Position<International>,
}

/// Plays the peer's side of a game where we (the binary) are `ours`; the
/// clock starts with `started` (the peer's last message). The peer gives a
/// piece away for a forced capture on every third move it can, and plays
/// a varying legal move otherwise; it ends the game after `OUR_MOVES` of
/// ours (or when it has no move), and expects our GAMEEND in return.
fn play(peer: &mut Peer, ours: Color, mut started: Instant) -> Vec<Seen> {
    let mut game = Game::<International>::new();
    let mut seen = Vec::new();
    loop {
        if game.position().turn() == ours {
            let forced = game.legal_moves().len() == 1;
            let before = *game.position();
            let m = match peer.receive() {
                Message::Move(m) => m,
                other => panic!("a move, not {other:?}"),
            };
            let measured = started.elapsed().as_millis() as u64 * SPEED;
            let mv = m.find(game.position()).expect("our move is legal");
            game.play(&mv).unwrap();
            seen.push(Seen {
                measured,
                forced,
                before,
            });
            if seen.len() >= OUR_MOVES || game.legal_moves().is_empty() {
                break;
            }
        } else {
            let moves = game.legal_moves();
            let forcing = moves.iter().find(|m| {
                let mut g = game.clone();
                g.play(m).unwrap();
                g.legal_moves().len() == 1
            });
            let mv = match forcing {
                Some(m) if seen.len() % 3 == 1 => m.clone(),
                _ => moves[(seen.len() * 7) % moves.len()].clone(),
            };
            game.play(&mv).unwrap();
            peer.send(&Message::Move(MoveMessage::from_move(&mv, 0)));
            started = Instant::now();
        }
    }
    peer.send(&Message::GameEnd(GameEnd {
        reason: EndReason::Unspecified,
        stop: true,
    }));
    assert!(matches!(peer.receive(), Message::GameEnd(_)));
    seen
}

/// One of our moves as our `--verbose` lines give it.
#[derive(Debug, PartialEq)]
struct Logged {
    used: u64,
    planned: u64,
    max: u64,
    left: u64,
}

fn logged(stderr: &str) -> Vec<Logged> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("dxp time: move "))
        .map(|l| {
            let field = |name: &str| -> u64 {
                l.split_whitespace()
                    .find_map(|w| w.strip_prefix(name))
                    .unwrap_or_else(|| panic!("{name} in {l}"))
                    .parse()
                    .unwrap()
            };
            Logged {
                used: field("used="),
                planned: field("planned="),
                max: field("max="),
                left: field("left="),
            }
        })
        .collect()
}

/// The checks on one game: the peer's own account of our clock, on the
/// time it measured, gives each move a budget by the library's time
/// management; our moves keep to it, our own account agrees with the
/// peer's measures, a forced move takes next to nothing, and the time
/// given is used.
fn check(control: TimeControl, seen: &[Seen], log: &[Logged]) {
    assert_eq!(seen.len(), log.len(), "{log:?}");
    assert!(seen.len() >= 10, "{seen:?}");
    assert!(seen.iter().any(|s| s.forced), "no forced move: {seen:?}");
    let mut peer_clock = GameClock::new(control);
    let mut our_left = control.base_ms;
    let (mut used, mut planned) = (0, 0);
    for (i, (s, l)) in seen.iter().zip(log).enumerate() {
        // The budget we used is the library's on our own clock.
        let ours = Limits {
            time_left_ms: Some(our_left),
            moves_to_go: (control.moves > 0).then(|| control.moves - i as u32 % control.moves),
            ..Limits::default()
        }
        .move_budget_at(&s.before)
        .unwrap();
        assert_eq!(
            (l.planned, l.max),
            (ours.target_ms, ours.max_ms),
            "move {i}"
        );
        // Our account: each move's real time comes off the time left.
        assert_eq!(l.left, our_left - l.used, "move {i}");
        our_left = l.left;
        assert!(l.left > 0);
        // Our measure lies within the peer's, up to the scheduling jitter
        // of a busy machine (each side reads its own clock in its own
        // process: a few real milliseconds either way).
        assert!(
            l.used <= s.measured + JITTER_REAL_MS * SPEED,
            "move {i}: {l:?} {s:?}"
        );
        // The peer's budget, on its own (longer) measures: kept to.
        let budget = peer_clock.limits().move_budget_at(&s.before).unwrap();
        assert!(
            s.measured <= budget.max_ms + SLACK_REAL_MS * SPEED,
            "move {i}: {s:?} over {budget:?}"
        );
        if s.forced {
            assert!(l.used <= 5 * SPEED, "forced move {i}: {l:?}");
            assert!(s.measured <= budget.target_ms, "forced move {i}: {s:?}");
        } else {
            used += l.used;
            planned += l.planned;
        }
        peer_clock.record(s.measured);
    }
    assert!(peer_clock.left_ms() > 0);
    // The clock's time is used: not a fixed short think (our moves take
    // at least a third of their plan on the whole).
    assert!(used * 3 >= planned, "used {used} of {planned} ms planned");
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
}

fn stderr_of(mut child: Child) -> String {
    assert!(child.wait().unwrap().success());
    common::read_stderr(&mut child)
}

#[test]
fn the_follower_plays_on_the_requests_clock() {
    let speed = SPEED.to_string();
    let mut child = binary()
        .args(["dxp", "--listen", "0", "--once", "--level", "hard"])
        .args(["--clock-speed", &speed, "--verbose"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line.trim().rsplit(':').next().unwrap().parse().unwrap();
    let mut peer = Peer::new(TcpStream::connect(("127.0.0.1", port)).unwrap());
    // 1 minute for the whole game; the follower plays White, first.
    peer.send(&Message::GameRequest(GameRequest {
        version: 1,
        name: "peer".into(),
        follower: Color::White,
        minutes: 1,
        moves: 0,
        position: None,
    }));
    let started = Instant::now();
    assert!(matches!(peer.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    let seen = play(&mut peer, Color::White, started);
    drop(peer);
    let err = stderr_of(child);
    let control = TimeControl {
        base_ms: 60_000,
        moves: 0,
        increment_ms: 0,
    };
    check(control, &seen, &logged(&err));
}

#[test]
fn the_initiator_requests_its_clock_and_plays_on_it() {
    let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let target = listener.local_addr().unwrap().to_string();
    let speed = SPEED.to_string();
    let child = binary()
        .args([
            "dxp",
            "--connect",
            &target,
            "--games",
            "1",
            "--level",
            "hard",
        ])
        .args([
            "--minutes",
            "1",
            "--moves",
            "40",
            "--clock-speed",
            &speed,
            "-v",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (stream, _) = listener.accept().unwrap();
    let mut peer = Peer::new(stream);
    let Message::GameRequest(r) = peer.receive() else {
        panic!("a game request")
    };
    assert_eq!((r.minutes, r.moves, r.follower), (1, 40, Color::Black));
    peer.send(&Message::GameAccept(GameAccept {
        name: "peer".into(),
        code: AcceptCode::Accepted,
    }));
    let started = Instant::now();
    let seen = play(&mut peer, Color::White, started);
    drop(peer);
    let err = stderr_of(child);
    let control = TimeControl {
        base_ms: 60_000,
        moves: 40,
        increment_ms: 0,
    };
    check(control, &seen, &logged(&err));
}
