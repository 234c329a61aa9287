//! `draughts dxp` over loopback: the initiator and the follower play whole
//! games against each other, and a raw client sends the follower bad,
//! truncated and out-of-turn messages, which it answers as the protocol
//! says without stopping.
mod common;

use draughts::dxp::{frame, AcceptCode, BackCode, Framer, GameRequest, Message, MoveMessage};
use draughts::{Color, International, Position};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A follower at level easy on a free port, and that port.
fn listen(extra: &[&str]) -> (Child, u16) {
    listen_as(&[&["--level", "easy"], extra].concat())
}

/// A follower with these arguments on a free port, and that port.
fn listen_as(args: &[&str]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["dxp", "--listen", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .trim()
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .expect(&line);
    (child, port)
}

/// The plies of a game line of the initiator (`game 1 (we play White): 85
/// plies, ...`).
fn plies_of(line: &str) -> usize {
    let after = line.split(": ").nth(1).unwrap_or_else(|| panic!("{line}"));
    after.split(' ').next().unwrap().parse().expect(line)
}

/// Stops a follower and returns what it wrote on stderr.
fn stop(follower: &mut Child) -> String {
    follower.kill().unwrap();
    follower.wait().unwrap();
    common::read_stderr(follower)
}

/// Runs `draughts ARGS` to its end, asserts it succeeded, returns stdout.
fn run_ok(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn two_programs_play_whole_games_over_loopback() {
    let (mut follower, port) = listen(&["--once", "--name", "the follower"]);
    let target = format!("127.0.0.1:{port}");
    let pdn = std::env::temp_dir().join(format!("draughts-dxp-games-{}.pdn", std::process::id()));
    let _ = std::fs::remove_file(&pdn);
    let text = run_ok(&[
        "dxp",
        "--connect",
        &target,
        "--games",
        "2",
        "--level",
        "easy",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    let tally = text.lines().last().unwrap();
    let field = |name: &str| -> u32 {
        tally
            .split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(field("games="), 2);
    assert_eq!(
        field("wins=") + field("draws=") + field("losses="),
        2,
        "{text}"
    );
    assert_eq!(field("declined="), 0);
    // Each game was played to its end on the board or to the ply limit.
    for line in text.lines().take(2) {
        let plies = plies_of(line);
        assert!(plies > 10, "{line}");
    }
    // The follower served the one connection and exited cleanly.
    assert!(follower.wait().unwrap().success());
    // `--pdn` holds both games, as played, with both programs' names in
    // the colours they had.
    let written = std::fs::read_to_string(&pdn).unwrap();
    std::fs::remove_file(&pdn).unwrap();
    let games = draughts::pdn::read_games(&written, None);
    let records = draughts::pdn::parse_pdn(&written);
    assert_eq!(games.len(), 2);
    for (k, (game, line)) in games.iter().zip(text.lines()).enumerate() {
        let game = game.as_ref().expect("the PDN replays");
        let record = records[k].as_ref().unwrap();
        let plies = plies_of(line);
        assert_eq!(game.moves().len(), plies, "{line}");
        let (white, black) = if k == 0 {
            ("draughts", "the follower")
        } else {
            ("the follower", "draughts")
        };
        assert_eq!(record.tag("White"), Some(white));
        assert_eq!(record.tag("Black"), Some(black));
        assert!(record.result.is_some(), "{written}");
    }
}

/// A raw DXP client: sends text messages, reads the follower's answers.
struct Client {
    stream: TcpStream,
    framer: Framer,
}

impl Client {
    fn connect(port: u16) -> Client {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        Client {
            stream,
            framer: Framer::default(),
        }
    }
    fn send_raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }
    fn send(&mut self, m: &Message) {
        self.send_raw(&frame(m));
    }
    fn receive(&mut self) -> Message {
        let mut buf = [0u8; 256];
        loop {
            if let Some(m) = self.framer.next_message() {
                return m.expect("the follower sends well-formed messages");
            }
            let n = self
                .stream
                .read(&mut buf)
                .expect("an answer before the timeout");
            assert!(n > 0, "the follower closed the connection");
            self.framer.push(&buf[..n]);
        }
    }
}

fn request(version: u8, follower: Color) -> Message {
    Message::GameRequest(GameRequest {
        version,
        name: "test".into(),
        follower,
        minutes: 1,
        moves: 0,
        position: None,
    })
}

#[test]
fn the_follower_answers_bad_messages_as_the_protocol_says() {
    let (mut follower, port) = listen(&[]);
    let mut c = Client::connect(port);
    // Another protocol version: acceptance code 1.
    c.send(&request(2, Color::Black));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::WrongVersion));
    // A game request that cannot be read: code 2, still willing to play.
    c.send_raw(b"R01short\0");
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Declined));
    // Garbage and unknown types are ignored; a take-back is refused.
    c.send_raw(b"Xyz\0\0\xff\xfe\0");
    c.send(&Message::Chat("hello".into()));
    c.send_raw(b"B001W\0");
    assert_eq!(c.receive(), Message::BackAccept(BackCode::NotSupported));
    // A real game: the follower plays Black, we move 32-28 as White.
    c.send(&request(1, Color::Black));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    let mut pos = Position::<International>::start();
    let ours = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "32-28")
        .unwrap();
    c.send(&Message::Move(MoveMessage::from_move(&ours, 0)));
    pos = pos.play(&ours);
    let Message::Move(reply) = c.receive() else {
        panic!("a move")
    };
    let reply = reply.find(&pos).expect("the follower's move is legal");
    pos = pos.play(&reply);
    // An illegal move ends the game with a GAMEEND, which we confirm.
    c.send(&Message::Move(MoveMessage {
        seconds: 0,
        from: 46,
        to: 41,
        captured: vec![],
    }));
    let Message::GameEnd(end) = c.receive() else {
        panic!("a GAMEEND")
    };
    assert!(!end.stop);
    c.send(&Message::parse("E00").unwrap());
    // A new game after it, then a move cut off by closing the connection.
    c.send(&request(1, Color::White));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    assert!(
        matches!(c.receive(), Message::Move(_)),
        "the follower plays White and moves first"
    );
    c.send_raw(b"M00011914");
    drop(c);
    // The follower goes on serving: a second connection plays.
    let mut c = Client::connect(port);
    c.send(&request(1, Color::White));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    let Message::Move(first) = c.receive() else {
        panic!("a move")
    };
    first
        .find(&Position::<International>::start())
        .expect("a legal first move");
    let _ = pos;
    let err = stop(&mut follower);
    assert!(
        err.contains("connection closed in the middle of a message"),
        "{err}"
    );
    assert!(err.contains("not legal"), "{err}");
}

#[test]
fn match_dxp_plays_a_level_against_a_follower() {
    let (mut follower, port) = listen(&["--once"]);
    let target = format!("127.0.0.1:{port}");
    let text = run_ok(&["match", "--dxp", &target, "-a", "medium", "-g", "2"]);
    assert!(
        text.lines().last().unwrap().starts_with("games=2 "),
        "{text}"
    );
    assert!(follower.wait().unwrap().success());
    // A random mover is no level to send over DXP.
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["match", "--dxp", "127.0.0.1:1", "-a", "random"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // `--pdn` writes the level and engine matches' games, not DXP's: the
    // combination is refused before anything connects or is created.
    let pdn = std::env::temp_dir().join(format!("draughts-dxp-pdn-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["match", "--dxp", "127.0.0.1:1", "-a", "easy", "--pdn"])
        .arg(&pdn)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--pdn") && err.contains("cannot be used with"),
        "{err}"
    );
    assert!(!pdn.exists());
}

/// The follower's answers, at `hard` with a fixed node budget, in the first
/// positions of the two-move ballot (each sent as a game's starting
/// position, the follower to move), each game then ended.
fn answers(extra: &[&str]) -> Vec<String> {
    let (mut follower, port) =
        listen_as(&[&["--level", "hard", "--nodes", "3000", "--once"], extra].concat());
    let mut c = Client::connect(port);
    let mut moves = Vec::new();
    for opening in draughts::ballots::international_two_move().iter().take(12) {
        let pos = *opening.typed::<International>().unwrap().position();
        c.send(&Message::GameRequest(GameRequest {
            version: 1,
            name: "test".into(),
            follower: pos.turn(),
            minutes: 0,
            moves: 0,
            position: Some(pos),
        }));
        assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
        let Message::Move(m) = c.receive() else {
            panic!("a move")
        };
        moves.push(m.find(&pos).expect("a legal move").to_string());
        c.send(&Message::parse("E00").unwrap());
        assert!(matches!(c.receive(), Message::GameEnd(_)));
    }
    c.send(&Message::parse("E01").unwrap());
    assert!(follower.wait().unwrap().success());
    moves
}

/// `--learned` reaches the follower's search: at the same node budget its
/// moves differ from the hand-set evaluation's in some of the positions,
/// while two hand-set runs choose the same moves.
#[test]
fn dxp_learned_searches_with_the_learned_evaluation() {
    let hand = answers(&[]);
    assert_eq!(
        hand,
        answers(&[]),
        "a fixed node budget plays the same moves"
    );
    let learned = answers(&["--learned"]);
    let differ = hand.iter().zip(&learned).filter(|(a, b)| a != b).count();
    assert!(differ > 0, "{hand:?} {learned:?}");
}

/// A game that a draw rule ends with the follower's own move (the lone
/// king's fifth move against two kings): the follower sends the move, then
/// claims the draw; a move sent after that is not played, and the follower
/// goes on to the next game.
#[test]
fn the_follower_claims_a_rule_draw_after_its_own_move() {
    let (mut follower, port) = listen_as(&["--level", "hard", "--nodes", "2000"]);
    let mut c = Client::connect(port);
    let start = Position::<International>::from_fen("W:WK46,K50:BK3").unwrap();
    c.send(&Message::GameRequest(GameRequest {
        version: 1,
        name: "test".into(),
        follower: Color::Black,
        minutes: 0,
        moves: 0,
        position: Some(start),
    }));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    let mut game = draughts::Game::from_position(start);
    let end = loop {
        // Ours (White): the first move that leaves Black no capture.
        let pos = *game.position();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| !pos.play(m).legal_moves().iter().any(|r| r.is_capture()))
            .expect("a safe move");
        c.send(&Message::Move(MoveMessage::from_move(&mv, 0)));
        game.play(&mv).unwrap();
        match c.receive() {
            Message::Move(m) => {
                let mv = m.find(game.position()).expect("a legal answer");
                game.play(&mv).unwrap();
            }
            other => panic!("the follower's move, not {other:?}"),
        }
        if game.outcome().is_some() {
            let Message::GameEnd(end) = c.receive() else {
                panic!("a GAMEEND after the move that ended the game")
            };
            break end;
        }
    };
    assert_eq!(end.reason, draughts::dxp::EndReason::Draw);
    assert!(
        matches!(game.outcome(), Some(draughts::Outcome::Draw { .. })),
        "{:?}",
        game.outcome()
    );
    // A move sent after the end is not played (the follower does not stop),
    // and the next game starts.
    let late = game.position().legal_moves()[0].clone();
    c.send(&Message::Move(MoveMessage::from_move(&late, 0)));
    c.send(&Message::parse("E00").unwrap());
    c.send(&request(1, Color::White));
    assert!(matches!(c.receive(), Message::GameAccept(a) if a.code == AcceptCode::Accepted));
    assert!(matches!(c.receive(), Message::Move(_)));
    let err = stop(&mut follower);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("a move out of turn ignored"), "{err}");
}
