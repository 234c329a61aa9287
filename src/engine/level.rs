//! The four computer levels, as data.
//!
//! | level | search | how it errs |
//! |---|---|---|
//! | very easy | 1 ply (+ captures to the end) | 30% of its moves are a random legal move; otherwise a random move among those within 1.5 men of the best |
//! | easy | 2 plies ("looks two moves ahead and often errs") | 10% random moves; otherwise a random move within 0.5 men of the best |
//! | medium | 5 plies ("calculates about five") | a random move within 0.15 men of the best |
//! | hard | 1 s per move ("as deep as its time allows"); matches use a node budget instead ([`HARD_MATCH_NODES`]) | never: always the best move found |
//!
//! The other rule page's three levels map onto these: `easy` = [`Level::Easy`],
//! `normal` = [`Level::Medium`], `hard` = [`Level::Hard`].
//!
//! Randomness comes from a seed: the same seed in the same game gives the
//! same moves (the seed is mixed with the position's hash and the ply number).
//! A time-limited level (hard) depends on the machine's speed; give it a node
//! limit ([`LevelSpec::with_nodes`]) to make it reproducible.

use core::fmt;
use core::str::FromStr;

use super::clock::Limits;

/// A computer level, weakest first.
///
/// ```
/// use draughts::engine::Level;
/// assert_eq!("very easy".parse::<Level>().unwrap(), Level::VeryEasy);
/// assert_eq!("normal".parse::<Level>().unwrap(), Level::Medium);
/// assert_eq!(Level::Hard.to_string(), "hard");
/// assert!("grandmaster".parse::<Level>().is_err());
/// assert_eq!(Level::Medium.spec().limits.depth, Some(5));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// A child can beat it.
    VeryEasy,
    /// Looks two moves ahead and often errs.
    Easy,
    /// Calculates about five plies.
    Medium,
    /// Searches as deep as its time allows.
    Hard,
}

/// Node budget that stands for `hard`'s second per move in level matches
/// (about what the search does in a fraction of a second; see the README).
pub const HARD_MATCH_NODES: u64 = 20_000;

/// What a level does: its search limits and how it errs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LevelSpec {
    /// Search limits.
    pub limits: Limits,
    /// Choose at random among the moves scoring within this many hundredths
    /// of a man of the best (0: always the best move).
    pub margin: i32,
    /// Per mille of moves that are a uniformly random legal move instead.
    pub blunder_permille: u32,
}

impl LevelSpec {
    /// The same level with its time limit replaced by a node budget, for
    /// reproducible matches.
    ///
    /// ```
    /// use draughts::engine::Level;
    /// let s = Level::Hard.spec().with_nodes(5000);
    /// assert_eq!(s.limits.nodes, Some(5000));
    /// assert_eq!(s.limits.move_time_ms, None);
    /// ```
    pub fn with_nodes(mut self, nodes: u64) -> LevelSpec {
        self.limits.move_time_ms = None;
        self.limits.time_left_ms = None;
        self.limits.nodes = Some(nodes);
        self
    }
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::VeryEasy, Level::Easy, Level::Medium, Level::Hard];

    /// The level's definition.
    pub fn spec(self) -> LevelSpec {
        match self {
            Level::VeryEasy => LevelSpec {
                limits: Limits::depth(1),
                margin: 150,
                blunder_permille: 300,
            },
            Level::Easy => LevelSpec {
                limits: Limits::depth(2),
                margin: 50,
                blunder_permille: 100,
            },
            Level::Medium => LevelSpec {
                limits: Limits::depth(5),
                margin: 15,
                blunder_permille: 0,
            },
            Level::Hard => LevelSpec {
                limits: Limits::move_time(1000),
                margin: 0,
                blunder_permille: 0,
            },
        }
    }

    /// The name: `very easy`, `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::VeryEasy => "very easy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the four (or their aliases).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?} (very easy, easy, medium, hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    /// Accepts `very easy`, `very-easy`, `very_easy`, `veryeasy`, `easy`,
    /// `medium`, `normal`, `hard`, in any case.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let k: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        match k.as_str() {
            "veryeasy" => Ok(Level::VeryEasy),
            "easy" => Ok(Level::Easy),
            "medium" | "normal" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

/// A small seeded generator (SplitMix64): reproducible everywhere.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}
