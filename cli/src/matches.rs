//! `draughts match`: games between two engine levels (or a random mover),
//! with colours alternated and varied openings, for the level ladder.
//!
//! Each opening is a few random plies (seeded) and is played twice, once
//! with each side's colours, so `--games` is rounded up to an even number.
//! Levels are the library's [`Level`] definitions; the time-limited `hard`
//! plays with a node budget (`--hard-nodes`) so results do not depend on the
//! machine's load (`--hard-move-time SECONDS` plays it on the real clock
//! instead). A game still running after `--max-plies` plies is
//! adjudicated a draw (counted in the `adj` column).
//!
//! `--ballots FILE` (or `english` / `international` for the ballots the
//! library ships) takes the openings from a ballot file instead, one FEN or
//! move list per line, each played with both colours. `--engine CMD` plays
//! `--first` against any engine speaking the Hub protocol (Scan's), started
//! as `sh -c CMD`, one game at a time, the engine given `--engine-level`
//! (a Hub `level` line, `move-time=0.1` by default) before every move.
//!
//! `--pdn FILE` appends every game to FILE as it ends (PDN, with its
//! `Result` and `Termination`: how it was won or drawn, or `adjudicated a
//! draw at N plies`), so a match's draws can be told apart and replayed.
use draughts::ballots::{self, Opening};
use draughts::engine::{Engine, Hooks, Level, LevelSpec, Limits, NoClock, HARD_MATCH_NODES};
use draughts::{Color, Game, Mode, Outcome, Variant, VariantKind};
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::external::External;

/// Arguments of `draughts match`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant name, or `all` for every built-in variant.
    #[arg(long, short, default_value = "all")]
    variant: String,
    /// First player: very-easy, easy, medium, hard, learned (hard with the
    /// learned pattern evaluation, where the variant has weights) or random.
    #[arg(long, short = 'a')]
    first: Option<String>,
    /// Second player (the opponent), as for `--first`.
    #[arg(long, short = 'b')]
    second: Option<String>,
    /// Run the level ladder: easy-very easy, medium-easy, hard-medium, hard-random.
    #[arg(long)]
    ladder: bool,
    /// Games per pairing (rounded up to even: each opening with both colours).
    #[arg(long, short, default_value_t = 100)]
    games: u32,
    /// Random plies that make up each opening.
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Node budget that stands for `hard`'s time per move.
    #[arg(long, default_value_t = HARD_MATCH_NODES)]
    hard_nodes: u64,
    /// Seconds per move for `hard` on the real clock, instead of
    /// `--hard-nodes` (results then depend on the machine's speed and load:
    /// for matches against an external engine at a time per move, or
    /// against an older build of ours).
    #[arg(long, value_parser = parse_seconds)]
    hard_move_time: Option<u64>,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of the openings and of the levels' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played in parallel (with `--engine` always one: the external
    /// engine plays one game at a time).
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
    /// Openings from a ballot file (one FEN or move list per line; `#`
    /// comments), or `english` / `international` for the library's ballots;
    /// `--games` then counts games per opening pair up to the ballot's size.
    #[arg(long)]
    ballots: Option<String>,
    /// An external Hub engine (Scan's protocol) as the second player, run
    /// by `sh -c CMD`; games are played one at a time.
    #[arg(long)]
    engine: Option<String>,
    /// The Hub `level` arguments the external engine gets before each move.
    #[arg(long, default_value = "move-time=0.1")]
    engine_level: String,
    /// Play `--first` (a level) against a DXP follower at HOST:PORT
    /// (International draughts; as `draughts dxp --connect`).
    #[arg(long, conflicts_with_all = ["engine", "ladder", "ballots", "pdn"])]
    dxp: Option<String>,
    /// Append every game to this PDN file as it ends (created if missing),
    /// with its result and how it ended (`Termination`).
    #[arg(long)]
    pdn: Option<String>,
    /// Endgame database of the first player: a directory of the variant's
    /// slice files (`draughts egdb build`); one variant only.
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
    /// Endgame database of the second player (as for `--egdb`).
    #[arg(long)]
    second_egdb: Option<std::path::PathBuf>,
}

/// A player: a level or a uniformly random mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Level(Level),
    /// `hard` with the learned pattern evaluation (`learned`).
    Learned,
    Random,
    /// The external engine of `--engine`.
    External,
}

impl Player {
    fn parse(s: &str) -> Result<Player, String> {
        if s.eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else if s.eq_ignore_ascii_case("learned") {
            Ok(Player::Learned)
        } else {
            s.parse().map(Player::Level).map_err(|e| e.to_string())
        }
    }
    /// The player's name: the external engine's own (its Hub `id`) where
    /// it is running.
    fn name(self, external: Option<&External>) -> String {
        match (self, external) {
            (Player::Level(l), _) => l.to_string(),
            (Player::Random, _) => "random".into(),
            (Player::Learned, _) => "learned".into(),
            (Player::External, Some(x)) => x.name.clone(),
            (Player::External, None) => "engine".into(),
        }
    }
    fn spec(self, cfg: &Config) -> Option<LevelSpec> {
        match self {
            Player::Level(Level::Hard) | Player::Learned => Some(match cfg.hard_move_ms {
                Some(ms) => LevelSpec {
                    limits: Limits::move_time(ms),
                    ..Level::Hard.spec()
                },
                None => Level::Hard.spec().with_nodes(cfg.hard_nodes),
            }),
            Player::Level(l) => Some(l.spec()),
            Player::Random | Player::External => None,
        }
    }
}

/// Results from the first player's side.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    adjudicated: u32,
    plies: u64,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.adjudicated += o.adjudicated;
        self.plies += o.plies;
    }
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    fn percent(&self) -> f64 {
        100.0 * (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }
}

#[derive(Clone)]
struct Config {
    /// Openings from a ballot (else random plies).
    ballot: Option<Vec<Opening>>,
    first: Player,
    second: Player,
    pairs: u32,
    opening_plies: u32,
    hard_nodes: u64,
    /// `hard`'s time per move on the real clock (else `hard_nodes`).
    hard_move_ms: Option<u64>,
    max_plies: usize,
    seed: u64,
    threads: usize,
    /// `--pdn`: the file every game is appended to, one writer at a time.
    pdn: Option<Arc<Mutex<std::fs::File>>>,
    /// The first and the second player's endgame databases.
    egdb: [Option<draughts::egdb::SharedEgdb>; 2],
}

/// `--hard-move-time`: seconds (a decimal) as whole milliseconds, at least 1.
fn parse_seconds(s: &str) -> Result<u64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.001..=3600.0).contains(&x) => Ok((x * 1000.0).round() as u64),
        _ => Err(format!("`{s}` is not a time from 0.001 to 3600 seconds")),
    }
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The opening of pair `k`: the ballot's `k`-th opening, or random plies
/// from the start position.
fn opening<V: Variant>(cfg: &Config, k: u32) -> Result<Game<V>, String> {
    if let Some(ballot) = &cfg.ballot {
        let o = &ballot[k as usize % ballot.len()];
        return o.typed::<V>().map_err(|e| e.to_string());
    }
    let mut game = Game::<V>::new();
    let mut r = mix(cfg.seed, 0x0BE1 + k as u64);
    for _ in 0..cfg.opening_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        r = mix(r, 1);
        let m = moves[(r % moves.len() as u64) as usize].clone();
        game.play(&m).expect("a legal move");
    }
    Ok(game)
}

/// Plays one game; `first_is_white` says which colour the first player has.
fn play_game<V: Variant>(
    cfg: &Config,
    mut game: Game<V>,
    first_is_white: bool,
    engines: &mut [Engine; 2],
    mut external: Option<&mut External>,
    game_seed: u64,
    round: &str,
) -> Result<Tally, String> {
    for e in engines.iter_mut() {
        e.clear();
    }
    if let Some(x) = external.as_deref_mut() {
        x.new_game()?;
    }
    let players = [cfg.first, cfg.second];
    let mut r = game_seed;
    while game.outcome().is_none() && game.moves().len() < cfg.max_plies {
        let white_to_move = game.position().turn() == Color::White;
        let side = usize::from(white_to_move != first_is_white);
        let started = Instant::now();
        let clock = || started.elapsed().as_millis() as u64;
        let mv = match players[side].spec(cfg) {
            None if players[side] == Player::External => {
                let x = external.as_deref_mut().ok_or("no external engine")?;
                Some(x.play(&game)?)
            }
            Some(spec) => {
                draughts::engine::eval::set_learned(players[side] == Player::Learned);
                engines[side].play(
                    &game,
                    &spec,
                    mix(game_seed, side as u64),
                    if spec.limits.move_time_ms.is_some() {
                        Hooks::with_clock(&clock)
                    } else {
                        Hooks::with_clock(&NoClock)
                    },
                )
            }
            None => {
                let moves = game.legal_moves();
                r = mix(r, 7);
                Some(moves[(r % moves.len() as u64) as usize].clone())
            }
        };
        let mv = mv.expect("a game that is not over has a move");
        game.play(&mv).expect("the engine plays legal moves");
    }
    let mut t = Tally {
        plies: game.moves().len() as u64,
        ..Tally::default()
    };
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => {
            if (winner == Color::White) == first_is_white {
                t.wins = 1
            } else {
                t.losses = 1
            }
        }
        Some(Outcome::Draw { .. }) => t.draws = 1,
        None => {
            t.draws = 1;
            t.adjudicated = 1;
        }
    }
    if let Some(file) = &cfg.pdn {
        let name = |p: Player| p.name(external.as_deref());
        let (white, black) = if first_is_white {
            (name(cfg.first), name(cfg.second))
        } else {
            (name(cfg.second), name(cfg.first))
        };
        let adjudicated = format!("adjudicated a draw at {} plies", cfg.max_plies);
        let mut tags = vec![
            ("Event", "draughts match"),
            ("Round", round),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        if game.outcome().is_none() {
            tags.extend([("Result", "1/2-1/2"), ("Termination", adjudicated.as_str())]);
        }
        let text = draughts::pdn::write_pdn(&game, &tags);
        let mut f = file.lock().map_err(|_| "the PDN file's writer panicked")?;
        writeln!(f, "{text}").map_err(|e| format!("--pdn: {e}"))?;
    }
    Ok(t)
}

/// The games of the pairs `k` of one thread: each opening with both colours.
fn play_pairs<V: Variant>(
    cfg: &Config,
    pairs: impl Iterator<Item = u32>,
    mut external: Option<&mut External>,
) -> Result<Tally, String> {
    let mut engines = [Engine::new(), Engine::new()];
    for (engine, db) in engines.iter_mut().zip(&cfg.egdb) {
        engine.set_egdb(db.clone());
    }
    let mut tally = Tally::default();
    for k in pairs {
        let start = opening::<V>(cfg, k)?;
        if start.outcome().is_some() {
            continue;
        }
        for first_is_white in [true, false] {
            let seed = mix(cfg.seed, ((k as u64) << 1) | first_is_white as u64);
            // Round `k.1`: the first player has White; `k.2`: Black.
            let round = format!("{}.{}", k + 1, 2 - u8::from(first_is_white));
            tally.add(play_game(
                cfg,
                start.clone(),
                first_is_white,
                &mut engines,
                external.as_deref_mut(),
                seed,
                &round,
            )?);
        }
    }
    Ok(tally)
}

fn run_match<V: Variant>(cfg: Config, external: Option<&mut External>) -> Result<Tally, String> {
    if external.is_some() {
        return play_pairs::<V>(&cfg, 0..cfg.pairs, external);
    }
    let threads = cfg.threads.max(1);
    let mut total = Tally::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let cfg = &cfg;
                s.spawn(move || play_pairs::<V>(cfg, (t as u32..cfg.pairs).step_by(threads), None))
            })
            .collect();
        for h in handles {
            total.add(h.join().expect("a match thread")?);
        }
        Ok::<(), String>(())
    })?;
    Ok(total)
}

/// Runs the match(es) and prints one table row per pairing and variant.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(target) = &args.dxp {
        let Player::Level(level) = Player::parse(args.first.as_deref().unwrap_or("hard"))? else {
            return Err("--dxp plays a level (--first very-easy|easy|medium|hard)".into());
        };
        let nodes = (level == Level::Hard).then_some(args.hard_nodes);
        let config = crate::dxp::Config {
            level,
            nodes,
            games: args.games,
            minutes: 10,
            moves: 0,
            clock_speed: 1,
            verbose: false,
            max_plies: args.max_plies,
            name: "draughts".into(),
            egdb: crate::egdb::load_option::<draughts::International>(args.egdb.as_deref())?,
            pdn: None,
        };
        return crate::dxp::connect(target, &config);
    }
    // `all`: the 16 built-in variants; any one mode by name.
    let kinds: Vec<Mode> = if args.variant.eq_ignore_ascii_case("all") {
        VariantKind::ALL.map(Mode::from).to_vec()
    } else {
        vec![args.variant.parse().map_err(|e| format!("{e}"))?]
    };
    let pairings: Vec<(Player, Player)> = if args.ladder {
        vec![
            (Player::Level(Level::Easy), Player::Level(Level::VeryEasy)),
            (Player::Level(Level::Medium), Player::Level(Level::Easy)),
            (Player::Level(Level::Hard), Player::Level(Level::Medium)),
            (Player::Level(Level::Hard), Player::Random),
        ]
    } else {
        let a = Player::parse(
            args.first
                .as_deref()
                .ok_or("--first (or --ladder) is required")?,
        )?;
        let b = match (&args.engine, args.second.as_deref()) {
            (Some(_), _) => Player::External,
            (None, second) => Player::parse(second.ok_or("--second (or --ladder) is required")?)?,
        };
        vec![(a, b)]
    };
    let pairings = if args.engine.is_some() {
        if args.ladder {
            return Err("--engine plays --first against the engine, not the ladder".into());
        }
        vec![(pairings[0].0, Player::External)]
    } else {
        pairings
    };
    let ballot = match args.ballots.as_deref() {
        None => None,
        Some("english") => Some(ballots::english_three_move()),
        Some("international") => Some(ballots::international_two_move()),
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("ballot file {path}: {e}"))?;
            let b = ballots::parse(&text);
            if b.is_empty() {
                return Err(format!("ballot file {path}: no opening"));
            }
            Some(b)
        }
    };
    let pdn = match &args.pdn {
        None => None,
        Some(path) => Some(Arc::new(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--pdn {path}: {e}"))?,
        ))),
    };
    if (args.egdb.is_some() || args.second_egdb.is_some()) && kinds.len() != 1 {
        return Err("--egdb and --second-egdb need one variant (--variant NAME)".into());
    }
    let egdb = match kinds.first() {
        Some(&kind) => [
            args.egdb
                .as_deref()
                .map(|d| crate::egdb::load_shared(kind, d))
                .transpose()?,
            args.second_egdb
                .as_deref()
                .map(|d| crate::egdb::load_shared(kind, d))
                .transpose()?,
        ],
        None => [None, None],
    };
    println!("| variant | pairing | games | W | D | L | adj | score % | plies/game |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for kind in kinds {
        for &(first, second) in &pairings {
            let pairs = match &ballot {
                Some(b) => args.games.div_ceil(2).min(b.len() as u32),
                None => args.games.div_ceil(2),
            };
            let cfg = Config {
                ballot: ballot.clone(),
                first,
                second,
                pairs,
                opening_plies: args.opening_plies,
                hard_nodes: args.hard_nodes,
                hard_move_ms: args.hard_move_time,
                max_plies: args.max_plies,
                seed: args.seed,
                threads: args.threads,
                pdn: pdn.clone(),
                egdb: egdb.clone(),
            };
            let mut external = match &args.engine {
                Some(cmd) => Some(External::start(
                    cmd,
                    &kind.to_string(),
                    format!("level {}", args.engine_level),
                )?),
                None => None,
            };
            let t = crate::common::with_variant!(kind, run_match(cfg, external.as_mut()))?;
            let second = second.name(external.as_ref());
            println!(
                "| {kind} | {} vs {} | {} | {} | {} | {} | {} | {:.1} | {:.0} |",
                first.name(None),
                second,
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                t.adjudicated,
                t.percent(),
                t.plies as f64 / t.games().max(1) as f64
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
