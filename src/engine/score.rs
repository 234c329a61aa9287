//! Search scores: hundredths of a man, or a win/loss in N plies.

use core::fmt;

/// Internal score of a win at the root (a win in `n` plies scores `WIN - n`).
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub(crate) const WIN_BOUND: i32 = WIN - 1_000;
/// Larger than every score.
pub(crate) const INF: i32 = WIN + 1;

/// A score from the point of view of the side to move: material and
/// positional terms in hundredths of a man, or a forced win or loss.
///
/// ```
/// use draughts::engine::Score;
/// let s = Score::from_centimen(125);
/// assert_eq!(s.men(), 1.25);
/// assert_eq!(s.to_string(), "+1.25");
/// assert_eq!(s.win_in(), None);
/// assert_eq!(Score::win_in_plies(3).win_in(), Some(3));
/// assert_eq!(Score::win_in_plies(3).to_string(), "win in 3");
/// assert_eq!((-Score::win_in_plies(4)).win_in(), Some(-4));
/// assert!(Score::win_in_plies(5) > Score::win_in_plies(7));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub(crate) i32);

impl Score {
    /// The draw score.
    pub const DRAW: Score = Score(0);

    /// A score of `cm` hundredths of a man (clamped below the win range).
    pub fn from_centimen(cm: i32) -> Score {
        Score(cm.clamp(-WIN_BOUND, WIN_BOUND))
    }
    /// A forced win in `plies` plies for the side to move.
    pub fn win_in_plies(plies: u32) -> Score {
        Score(WIN - plies.min(999) as i32)
    }
    /// Hundredths of a man (for wins and losses, a large value: ±30000 minus the plies).
    pub fn centimen(self) -> i32 {
        self.0
    }
    /// The score in men (1.0 = one man).
    pub fn men(self) -> f64 {
        self.0 as f64 / 100.0
    }
    /// `Some(n)`: the side to move wins in `n` plies (`n > 0`) or loses in
    /// `-n` plies (`n < 0`); `None` for a score that is not a forced result.
    pub fn win_in(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }
    /// True for a forced win or loss.
    pub fn is_decisive(self) -> bool {
        self.win_in().is_some()
    }
}

impl core::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// `+1.25`, `-0.40`, `win in 7`, `loss in 4`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.win_in() {
            Some(n) if n >= 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {}", -n),
            None => write!(f, "{:+.2}", self.men()),
        }
    }
}
