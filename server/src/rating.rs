//! Glicko-2 ratings (the `skillratings` crate), one per player and mode.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A player's rating in one mode, as stored.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Rating {
    /// Glicko-2 rating (starts at 1500).
    pub rating: f64,
    /// Rating deviation (starts at 350).
    pub deviation: f64,
    /// Volatility (starts at 0.06).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let r = Glicko2Rating::new();
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The score of the first player of a game: 1 win, 0.5 draw, 0 loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

/// Both ratings after one game (each game is its own rating period).
pub fn update(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let outcome = match score {
        Score::Win => Outcomes::WIN,
        Score::Draw => Outcomes::DRAW,
        Score::Loss => Outcomes::LOSS,
    };
    let (a, b) = glicko2(
        &first.into(),
        &second.into(),
        &outcome,
        &Glicko2Config::new(),
    );
    (a.into(), b.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (glicko2.pdf, 2013): a
    /// player rated 1500, RD 200, volatility 0.06, tau 0.5, beats a 1400/30
    /// and loses to 1550/100 and 1700/300 in one period; the paper's result
    /// is r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    #[test]
    fn glicko2_matches_glickmans_published_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opp(1400.0, 30.0), Outcomes::WIN),
            (opp(1550.0, 100.0), Outcomes::LOSS),
            (opp(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::new()
        };
        let new = glicko2_rating_period(&player, &results, &config);
        assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
        assert!((new.deviation - 151.52).abs() < 0.01, "{}", new.deviation);
        assert!(
            (new.volatility - 0.05999).abs() < 0.00001,
            "{}",
            new.volatility
        );
    }

    #[test]
    fn a_win_between_new_players_moves_both_symmetrically() {
        let (w, l) = update(Rating::default(), Rating::default(), Score::Win);
        assert!(w.rating > 1500.0 && l.rating < 1500.0);
        assert!(((w.rating - 1500.0) - (1500.0 - l.rating)).abs() < 1e-9);
        let (a, b) = update(Rating::default(), Rating::default(), Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }
}
