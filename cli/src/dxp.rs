//! `draughts dxp`: International draughts over DXP, the DamExchange
//! protocol, on TCP. `--listen PORT` is a follower (an engine that waits for
//! game requests); `--connect HOST:PORT` is an initiator that plays
//! `--games` games with colours alternated and prints the tally. The
//! messages are the library's [`draughts::dxp`]; this file is the socket.
//!
//! A malformed message is reported on stderr and answered as the protocol
//! allows: a game request of another version gets acceptance code 1, one
//! that cannot be read code 2; a move that is not legal, or cannot be read,
//! when a move is due ends the game with a GAMEEND; take-back requests are
//! refused (BACKACC 1); anything else is ignored. A connection closed in the
//! middle of a message ends the session; the listener then waits for the
//! next one.
//!
//! Time: each game is played on the clock its request gives (`minutes` for
//! the whole game, or for every `moves` moves), whichever side sent it. Our
//! side keeps its own clock ([`GameClock`]) from the real time each of its
//! moves took, from the opponent's move's arrival to ours being sent, and
//! each search gets the library's time management on that clock (the same
//! as the Hub's `level time=`). A request of 0 minutes, or `--nodes`, leaves
//! the level's own limit (hard: 1 s a move).
use draughts::dxp::{
    frame, AcceptCode, BackCode, DxpError, EndReason, Framer, GameAccept, GameEnd, GameRequest,
    Message, MoveMessage, VERSION,
};
use draughts::engine::{Engine, GameClock, Hooks, Level, LevelSpec, TimeControl};
use draughts::{Color, Game, International, Outcome, Position};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `draughts dxp`.
#[derive(clap::Args)]
pub struct Args {
    /// Wait for game requests on this port (0: any free port, printed).
    #[arg(long, conflicts_with = "connect")]
    listen: Option<u16>,
    /// Connect to a DXP follower at HOST:PORT and play `--games` games.
    #[arg(long)]
    connect: Option<String>,
    /// The level that plays: very-easy, easy, medium or hard.
    #[arg(long, short, default_value = "hard")]
    level: Level,
    /// A node budget per move instead of the level's own limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Games to play (`--connect`); colours alternate, ours White first.
    #[arg(long, short, default_value_t = 2)]
    games: u32,
    /// Thinking time per side per game, in minutes, sent in game requests
    /// (`--connect`); with `--moves`, for every that many moves.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(0..=999))]
    minutes: u16,
    /// The moves `--minutes` are for, sent in game requests (0: the whole
    /// game).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    moves: u16,
    /// Our clock runs this many times as fast as real time (for tests and
    /// quick trials: a 1-minute game over in 6 s at 10).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
    clock_speed: u64,
    /// Print each of our moves' time on stderr: used, planned, the most
    /// allowed and what is left, in ms of our clock.
    #[arg(long, short)]
    verbose: bool,
    /// Plies after which the initiator ends a game as a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The name sent to the other program.
    #[arg(long, default_value = "draughts")]
    name: String,
    /// `--listen`: serve one connection, then exit.
    #[arg(long)]
    once: bool,
    /// Endgame database: a directory of International slice files
    /// (`draughts egdb build --variant international`).
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
    /// Search with the learned pattern evaluation (International's
    /// weights, `data/eval/international.bin`) instead of the hand-set one.
    #[arg(long)]
    learned: bool,
    /// `--connect`: append every game to this PDN file as it ends (created
    /// if missing), with both programs' names and the result.
    #[arg(long, requires = "connect")]
    pdn: Option<std::path::PathBuf>,
}

/// What our side plays with, from `draughts dxp` or `draughts match --dxp`.
pub struct Config {
    /// The level that plays.
    pub level: Level,
    /// A node budget per move instead of the level's own limit.
    pub nodes: Option<u64>,
    /// Games to play as initiator.
    pub games: u32,
    /// Thinking time per side per game sent in game requests, in minutes.
    pub minutes: u16,
    /// The moves `minutes` are for, sent in game requests (0: the whole game).
    pub moves: u16,
    /// Our clock's speed over real time (1: real time).
    pub clock_speed: u64,
    /// Print each of our moves' time on stderr.
    pub verbose: bool,
    /// Plies after which the initiator ends a game as a draw.
    pub max_plies: usize,
    /// The name sent to the other program.
    pub name: String,
    /// The endgame database our engine searches with.
    pub egdb: Option<draughts::egdb::SharedEgdb>,
    /// The file every game the initiator plays is appended to.
    pub pdn: Option<std::path::PathBuf>,
}

/// Our side of one game.
struct Player {
    game: Game<International>,
    ours: Color,
    engine: Engine,
    spec: LevelSpec,
    /// A node budget replaces the clock (`--nodes`).
    fixed_nodes: bool,
    /// Our clock in this game, when the request gave a time.
    clock: Option<GameClock>,
    clock_speed: u64,
    verbose: bool,
    /// We sent a GAMEEND and wait for its confirmation.
    ending: bool,
}

impl Player {
    fn new(args: &Config) -> Player {
        let mut spec = args.level.spec();
        if let Some(n) = args.nodes {
            spec = spec.with_nodes(n);
        }
        Player {
            game: Game::new(),
            ours: Color::White,
            engine: {
                let mut engine = Engine::new();
                engine.set_egdb(args.egdb.clone());
                engine
            },
            spec,
            fixed_nodes: args.nodes.is_some(),
            clock: None,
            clock_speed: args.clock_speed.max(1),
            verbose: args.verbose,
            ending: false,
        }
    }

    /// A new game from `position` (the start when `None`), ours the colour
    /// we play, on the request's `minutes` for `moves` moves (0: the game).
    fn start(
        &mut self,
        position: Option<Position<International>>,
        ours: Color,
        minutes: u16,
        moves: u16,
    ) {
        self.clock = (minutes > 0).then(|| {
            GameClock::new(TimeControl {
                base_ms: u64::from(minutes) * 60_000,
                moves: u32::from(moves),
                increment_ms: 0,
            })
        });
        self.game = match position {
            Some(p) => Game::from_position(p),
            None => Game::new(),
        };
        self.ours = ours;
        self.ending = false;
        self.engine.clear();
    }

    fn our_turn(&self) -> bool {
        self.game.position().turn() == self.ours
    }

    /// The GAMEEND that claims the game's end by our rules, once it is
    /// over (the other program may not know a rule that ended it, such as a
    /// count-rule draw); `None` while it goes on.
    fn end(&mut self, stop: bool) -> Option<Message> {
        let outcome = self.game.outcome()?;
        self.ending = true;
        let reason = match outcome {
            Outcome::Win { winner, .. } if winner == self.ours => EndReason::SenderWins,
            Outcome::Win { .. } => EndReason::SenderLoses,
            Outcome::Draw { .. } => EndReason::Draw,
        };
        Some(Message::GameEnd(GameEnd { reason, stop }))
    }

    /// Our turn on the link: our move, followed by the game's end when that
    /// move ended it; or the game's end alone when it is over already.
    fn play_turn(&mut self, link: &mut Link, stop: bool) -> std::io::Result<()> {
        if let Some(end) = self.end(stop) {
            return link.send(&end);
        }
        let m = Message::Move(self.turn());
        link.send(&m)?;
        if let Some(end) = self.end(stop) {
            link.send(&end)?;
        }
        Ok(())
    }

    /// The other program's move: played, then our turn; a move we cannot
    /// play (not legal, or the game is over by our rules) ends the game.
    fn answer(&mut self, link: &mut Link, m: &MoveMessage, stop: bool) -> std::io::Result<()> {
        let played = m
            .find(self.game.position())
            .map_err(|e| e.to_string())
            .and_then(|mv| self.game.play(&mv).map_err(|e| e.to_string()));
        match played {
            Ok(()) => self.play_turn(link, stop),
            Err(e) => {
                eprintln!("dxp: {e}; the game ends");
                let end = self.end(stop).unwrap_or(Message::GameEnd(GameEnd {
                    reason: EndReason::Unspecified,
                    stop,
                }));
                self.ending = true;
                link.send(&end)
            }
        }
    }

    /// Our move, searched on our clock (the game is not over).
    fn turn(&mut self) -> MoveMessage {
        let started = Instant::now();
        let speed = self.clock_speed;
        let clock = move || (started.elapsed().as_millis() as u64).saturating_mul(speed);
        let seed = self.game.moves().len() as u64;
        let spec = self.move_spec();
        let before = *self.game.position();
        let mv = self
            .engine
            .play(&self.game, &spec, seed, Hooks::with_clock(&clock))
            .expect("a game that is not over has a move");
        self.game.play(&mv).expect("the engine plays legal moves");
        let used = clock();
        if let Some(game_clock) = self.clock.as_mut() {
            let left = game_clock.record(used);
            if self.verbose {
                let budget = spec.limits.move_budget_at(&before);
                eprintln!(
                    "dxp time: move {} used={used} planned={} max={} left={left}",
                    game_clock.moves_made(),
                    budget.map_or(0, |b| b.target_ms),
                    budget.map_or(0, |b| b.max_ms),
                );
            }
        } else if self.verbose {
            eprintln!("dxp time: used={used}");
        }
        let seconds = u16::try_from(used / 1000).unwrap_or(9999);
        MoveMessage::from_move(&mv, seconds)
    }

    /// The level's search limits for our next move: on the game's clock
    /// when there is one (the level's depth limit kept, its move time
    /// replaced), unless a node budget was asked for.
    fn move_spec(&self) -> LevelSpec {
        let mut spec = self.spec;
        if let (Some(clock), false) = (self.clock, self.fixed_nodes) {
            let timed = clock.limits();
            spec.limits.move_time_ms = None;
            spec.limits.time_left_ms = timed.time_left_ms;
            spec.limits.increment_ms = timed.increment_ms;
            spec.limits.moves_to_go = timed.moves_to_go;
        }
        spec
    }
}

/// One connection: messages in, messages out.
struct Link {
    stream: TcpStream,
    framer: Framer,
}

impl Link {
    fn send(&mut self, m: &Message) -> std::io::Result<()> {
        self.stream.write_all(&frame(m))
    }

    /// The next message, or `None` at the end of the stream (which says so
    /// on stderr when it cut a message off).
    fn receive(&mut self) -> std::io::Result<Option<Result<Message, DxpError>>> {
        let mut buf = [0u8; 512];
        loop {
            if let Some(m) = self.framer.next_message() {
                return Ok(Some(m));
            }
            let n = self.stream.read(&mut buf)?;
            if n == 0 {
                if !self.framer.is_empty() {
                    eprintln!(
                        "dxp: connection closed in the middle of a message ({} bytes)",
                        self.framer.pending()
                    );
                }
                return Ok(None);
            }
            self.framer.push(&buf[..n]);
        }
    }
}

/// Serves one initiator until it disconnects or asks to stop.
fn follow(link: &mut Link, args: &Config) -> std::io::Result<()> {
    let mut player = Player::new(args);
    let mut playing = false;
    while let Some(message) = link.receive()? {
        let message = match message {
            Ok(m) => m,
            Err(e) => {
                eprintln!("dxp: bad message: {e}");
                if let DxpError::Length {
                    message: "GAMEREQ", ..
                }
                | DxpError::Field {
                    message: "GAMEREQ", ..
                } = e
                {
                    link.send(&accept(args, AcceptCode::Declined))?;
                } else if playing && !player.our_turn() && !player.ending {
                    // The move we wait for cannot be read: end the game.
                    player.ending = true;
                    link.send(&Message::GameEnd(GameEnd {
                        reason: EndReason::Unspecified,
                        stop: false,
                    }))?;
                }
                continue;
            }
        };
        match message {
            Message::GameRequest(r) => {
                if r.version != VERSION {
                    link.send(&accept(args, AcceptCode::WrongVersion))?;
                    continue;
                }
                let GameRequest {
                    follower,
                    position,
                    minutes,
                    moves,
                    ..
                } = r;
                if position
                    .as_ref()
                    .is_some_and(|p| p.legal_moves().is_empty())
                {
                    link.send(&accept(args, AcceptCode::Declined))?;
                    continue;
                }
                player.start(position, follower, minutes, moves);
                playing = true;
                link.send(&accept(args, AcceptCode::Accepted))?;
                if player.our_turn() {
                    player.play_turn(link, false)?;
                }
            }
            Message::Move(m) => {
                if !playing || player.our_turn() || player.ending {
                    eprintln!("dxp: a move out of turn ignored: {m}");
                    continue;
                }
                player.answer(link, &m, false)?;
            }
            Message::GameEnd(end) => {
                if playing && !player.ending {
                    link.send(&Message::GameEnd(GameEnd {
                        reason: EndReason::Unspecified,
                        stop: false,
                    }))?;
                }
                playing = false;
                player.ending = false;
                if end.stop {
                    return Ok(());
                }
            }
            Message::BackRequest(_) => link.send(&Message::BackAccept(BackCode::NotSupported))?,
            Message::Chat(text) => eprintln!("dxp chat: {text}"),
            Message::GameAccept(_) | Message::BackAccept(_) => {
                eprintln!("dxp: unexpected message ignored: {message}")
            }
        }
    }
    Ok(())
}

fn accept(args: &Config, code: AcceptCode) -> Message {
    Message::GameAccept(GameAccept {
        name: args.name.clone(),
        code,
    })
}

/// How one game ended, from our side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// Plays one game as initiator; `None` when the follower declined it.
fn initiate(
    link: &mut Link,
    args: &Config,
    player: &mut Player,
    ours: Color,
    last: bool,
) -> std::io::Result<Option<(Result3, String)>> {
    let request = GameRequest {
        version: VERSION,
        name: args.name.clone(),
        follower: ours.opponent(),
        minutes: args.minutes,
        moves: args.moves,
        position: None,
    };
    link.send(&Message::GameRequest(request))?;
    let opponent = loop {
        match link.receive()? {
            None => return Err(closed()),
            Some(Ok(Message::GameAccept(a))) => {
                if a.code != AcceptCode::Accepted {
                    eprintln!("dxp: {} declined the game ({:?})", a.name, a.code);
                    return Ok(None);
                }
                break a.name;
            }
            Some(Ok(Message::Chat(text))) => eprintln!("dxp chat: {text}"),
            Some(other) => eprintln!("dxp: waiting for GAMEACC, ignored {other:?}"),
        }
    };
    player.start(None, ours, args.minutes, args.moves);
    let stop = last;
    let mut claimed: Option<EndReason> = None;
    if player.our_turn() {
        player.play_turn(link, stop)?;
    }
    loop {
        if player.game.moves().len() >= args.max_plies && !player.ending && player.our_turn() {
            player.ending = true;
            link.send(&Message::GameEnd(GameEnd {
                reason: EndReason::Draw,
                stop,
            }))?;
        }
        match link.receive()? {
            None => return Err(closed()),
            Some(Ok(Message::Move(m))) if !player.our_turn() && !player.ending => {
                player.answer(link, &m, stop)?;
            }
            Some(Ok(Message::GameEnd(end))) => {
                if !player.ending {
                    claimed = Some(end.reason);
                    link.send(&Message::GameEnd(GameEnd {
                        reason: EndReason::Unspecified,
                        stop,
                    }))?;
                }
                break;
            }
            Some(Ok(Message::BackRequest(_))) => {
                link.send(&Message::BackAccept(BackCode::NotSupported))?
            }
            Some(Ok(Message::Chat(text))) => eprintln!("dxp chat: {text}"),
            Some(other) => eprintln!("dxp: ignored {other:?}"),
        }
    }
    // The game's own outcome decides; a game ended early by the follower
    // counts as it says (giving up, a draw), or a draw when it gives no reason.
    let result = match player.game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == ours => Result3::Win,
        Some(Outcome::Win { .. }) => Result3::Loss,
        Some(Outcome::Draw { .. }) => Result3::Draw,
        None => match claimed {
            Some(EndReason::SenderLoses) => Result3::Win,
            Some(EndReason::SenderWins) => Result3::Loss,
            _ => Result3::Draw,
        },
    };
    Ok(Some((result, opponent)))
}

/// Appends one game the initiator played to the `--pdn` file: the two
/// programs' names, and where the board gives no result, the one the game
/// ended with over DXP.
fn append_pdn(
    path: &std::path::Path,
    args: &Config,
    player: &Player,
    round: u32,
    result: &Result3,
    opponent: &str,
) -> Result<(), String> {
    let ours = player.ours;
    let (white, black) = if ours == Color::White {
        (args.name.as_str(), opponent)
    } else {
        (opponent, args.name.as_str())
    };
    let round = round.to_string();
    let mut tags = vec![
        ("Event", "draughts dxp"),
        ("Round", round.as_str()),
        ("White", white),
        ("Black", black),
    ];
    if player.game.outcome().is_none() {
        let white_won = matches!(
            (result, ours),
            (Result3::Win, Color::White) | (Result3::Loss, Color::Black)
        );
        let score = match result {
            Result3::Draw => "1-1",
            _ if white_won => "2-0",
            _ => "0-2",
        };
        tags.extend([("Result", score), ("Termination", "ended over DXP")]);
    }
    let text = draughts::pdn::write_pdn(&player.game, &tags);
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("--pdn {}: {e}", path.display()))?;
    writeln!(f, "{text}").map_err(|e| format!("--pdn {}: {e}", path.display()))
}

fn closed() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::UnexpectedEof,
        "the other program closed the connection",
    )
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let config = Config {
        level: args.level,
        nodes: args.nodes,
        games: args.games,
        minutes: args.minutes,
        moves: args.moves,
        clock_speed: args.clock_speed,
        verbose: args.verbose,
        max_plies: args.max_plies,
        name: args.name.clone(),
        egdb: crate::egdb::load_option::<International>(args.egdb.as_deref())?,
        pdn: args.pdn.clone(),
    };
    // Every search runs on this thread.
    draughts::engine::eval::set_learned(args.learned);
    if let Some(port) = args.listen {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        println!("listening on {addr}");
        std::io::stdout().flush().ok();
        for stream in listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("dxp: {e}");
                    continue;
                }
            };
            let mut link = Link {
                stream,
                framer: Framer::default(),
            };
            if let Err(e) = follow(&mut link, &config) {
                eprintln!("dxp: {e}");
            }
            if args.once {
                break;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(target) = args.connect.as_deref() else {
        return Err("dxp needs --listen PORT or --connect HOST:PORT".into());
    };
    connect(target, &config)
}

/// Plays `args.games` games as initiator against the DXP follower at
/// `target` (HOST:PORT), colours alternated, and prints one line per game
/// and the tally.
pub fn connect(target: &str, args: &Config) -> Result<ExitCode, String> {
    let stream =
        TcpStream::connect(target).map_err(|e| format!("cannot connect to {target}: {e}"))?;
    let mut link = Link {
        stream,
        framer: Framer::default(),
    };
    let mut player = Player::new(args);
    let (mut wins, mut draws, mut losses, mut declined) = (0, 0, 0, 0);
    for g in 0..args.games {
        let ours = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let last = g + 1 == args.games;
        let played = initiate(&mut link, args, &mut player, ours, last)
            .map_err(|e| format!("game {}: {e}", g + 1))?;
        match &played {
            Some((Result3::Win, _)) => wins += 1,
            Some((Result3::Draw, _)) => draws += 1,
            Some((Result3::Loss, _)) => losses += 1,
            None => declined += 1,
        }
        if let (Some(path), Some((result, opponent))) = (&args.pdn, &played) {
            append_pdn(path, args, &player, g + 1, result, opponent)?;
        }
        println!(
            "game {} ({}): {} plies, {}",
            g + 1,
            if ours == Color::White {
                "we play White"
            } else {
                "we play Black"
            },
            player.game.moves().len(),
            player
                .game
                .outcome()
                .map(|o| o.to_string())
                .unwrap_or_else(|| "ended by agreement".into())
        );
    }
    println!(
        "games={} wins={wins} draws={draws} losses={losses} declined={declined}",
        args.games
    );
    Ok(ExitCode::SUCCESS)
}
