//! Rate limit per player (the `governor` crate's keyed generic cell rate
//! algorithm, keyed by player id): the actions one player sends to rooms,
//! whatever address they come from. The limits per address are in `limit.rs`.

use crate::error::ApiError;
use crate::limit::PerMinute;

/// The actions of each player, keyed by player id.
pub(crate) struct PlayerLimiter(PerMinute<String>);

impl PlayerLimiter {
    /// `per_minute` actions a minute, all at once if need be, then one every
    /// `60 s / per_minute`; 0: no limit.
    pub fn new(per_minute: u32) -> Self {
        PlayerLimiter(PerMinute::new(per_minute))
    }

    /// Counts one action by `player`: a 429 error when over the limit.
    pub fn check(&self, player: &str) -> Result<(), ApiError> {
        self.0.check(&player.to_owned(), "actions by this player")
    }

    /// Forgets the players whose limit is full again (memory stays bounded).
    pub fn forget_idle(&self) {
        self.0.forget_idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_has_a_burst_of_the_limit() {
        let limits = PlayerLimiter::new(4);
        for _ in 0..4 {
            limits.check("ana").unwrap();
        }
        let e = limits.check("ana").unwrap_err();
        assert_eq!(e.status().as_u16(), 429);
        assert!((1..=15).contains(&e.retry_after().unwrap()));
        limits.check("beto").unwrap();
        let off = PlayerLimiter::new(0);
        for _ in 0..1000 {
            off.check("ana").unwrap();
        }
    }
}
