//! `draughts match`: games between two engine levels (or a random mover),
//! with colours alternated and varied openings, for the level ladder.
//!
//! Each opening is a few random plies (seeded) and is played twice, once
//! with each side's colours, so `--games` is rounded up to an even number.
//! Levels are the library's [`Level`] definitions; the time-limited `hard`
//! plays with a node budget (`--hard-nodes`) so results do not depend on the
//! machine's load. A game still running after `--max-plies` plies is
//! adjudicated a draw (counted in the `adj` column).
use draughts::engine::{Engine, Hooks, Level, LevelSpec, NoClock, HARD_MATCH_NODES};
use draughts::{Color, Game, Outcome, Variant, VariantKind};
use std::process::ExitCode;

/// Arguments of `draughts match`.
#[derive(clap::Args)]
pub struct Args {
    /// Variant name, or `all` for every built-in variant.
    #[arg(long, short, default_value = "all")]
    variant: String,
    /// First player: very-easy, easy, medium, hard or random.
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
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of the openings and of the levels' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played in parallel.
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
}

/// A player: a level or a uniformly random mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Level(Level),
    Random,
}

impl Player {
    fn parse(s: &str) -> Result<Player, String> {
        if s.eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else {
            s.parse().map(Player::Level).map_err(|e| e.to_string())
        }
    }
    fn name(self) -> String {
        match self {
            Player::Level(l) => l.to_string(),
            Player::Random => "random".into(),
        }
    }
    fn spec(self, hard_nodes: u64) -> Option<LevelSpec> {
        match self {
            Player::Level(Level::Hard) => Some(Level::Hard.spec().with_nodes(hard_nodes)),
            Player::Level(l) => Some(l.spec()),
            Player::Random => None,
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

#[derive(Clone, Copy)]
struct Config {
    first: Player,
    second: Player,
    pairs: u32,
    opening_plies: u32,
    hard_nodes: u64,
    max_plies: usize,
    seed: u64,
    threads: usize,
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The opening of pair `k`: random plies from the start position.
fn opening<V: Variant>(cfg: &Config, k: u32) -> Game<V> {
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
    game
}

/// Plays one game; `first_is_white` says which colour the first player has.
fn play_game<V: Variant>(
    cfg: &Config,
    mut game: Game<V>,
    first_is_white: bool,
    engines: &mut [Engine; 2],
    game_seed: u64,
) -> Tally {
    for e in engines.iter_mut() {
        e.clear();
    }
    let players = [cfg.first, cfg.second];
    let mut r = game_seed;
    while game.outcome().is_none() && game.moves().len() < cfg.max_plies {
        let white_to_move = game.position().turn() == Color::White;
        let side = usize::from(white_to_move != first_is_white);
        let mv = match players[side].spec(cfg.hard_nodes) {
            Some(spec) => engines[side].play(
                &game,
                &spec,
                mix(game_seed, side as u64),
                Hooks::with_clock(&NoClock),
            ),
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
    t
}

fn run_match<V: Variant>(cfg: Config) -> Tally {
    let threads = cfg.threads.max(1);
    let mut total = Tally::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut engines = [Engine::with_tt_mib(4), Engine::with_tt_mib(4)];
                    let mut tally = Tally::default();
                    for k in (t as u32..cfg.pairs).step_by(threads) {
                        let start = opening::<V>(&cfg, k);
                        if start.outcome().is_some() {
                            continue;
                        }
                        for first_is_white in [true, false] {
                            let seed = mix(cfg.seed, ((k as u64) << 1) | first_is_white as u64);
                            tally.add(play_game(
                                &cfg,
                                start.clone(),
                                first_is_white,
                                &mut engines,
                                seed,
                            ));
                        }
                    }
                    tally
                })
            })
            .collect();
        for h in handles {
            total.add(h.join().expect("a match thread"));
        }
    });
    total
}

/// Runs the match(es) and prints one table row per pairing and variant.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let kinds: Vec<VariantKind> = if args.variant.eq_ignore_ascii_case("all") {
        VariantKind::ALL.to_vec()
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
        let b = Player::parse(
            args.second
                .as_deref()
                .ok_or("--second (or --ladder) is required")?,
        )?;
        vec![(a, b)]
    };
    println!("| variant | pairing | games | W | D | L | adj | score % | plies/game |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for kind in kinds {
        for &(first, second) in &pairings {
            let cfg = Config {
                first,
                second,
                pairs: args.games.div_ceil(2),
                opening_plies: args.opening_plies,
                hard_nodes: args.hard_nodes,
                max_plies: args.max_plies,
                seed: args.seed,
                threads: args.threads,
            };
            let t = crate::common::with_variant!(kind, run_match(cfg));
            println!(
                "| {kind} | {} vs {} | {} | {} | {} | {} | {} | {:.1} | {:.0} |",
                first.name(),
                second.name(),
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
