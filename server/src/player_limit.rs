//! Rate limit per player (the `governor` crate's keyed generic cell rate
//! algorithm, keyed by player id): the actions one player sends to rooms,
//! whatever address they come from. The limits per address are in `limit.rs`.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// The actions of each player (None: no limit).
pub(crate) struct PlayerLimiter(Option<DefaultKeyedRateLimiter<String>>);

impl PlayerLimiter {
    /// `per_minute` actions a minute, all at once if need be, then one every
    /// `60 s / per_minute`; 0: no limit.
    pub fn new(per_minute: u32) -> Self {
        PlayerLimiter(NonZeroU32::new(per_minute).and_then(|burst| {
            let quota = Quota::with_period(Duration::from_secs(60) / per_minute)?;
            Some(RateLimiter::keyed(quota.allow_burst(burst)))
        }))
    }

    /// Counts one action by `player`: a 429 error when over the limit.
    pub fn check(&self, player: &str) -> Result<(), ApiError> {
        let Some(limiter) = &self.0 else {
            return Ok(());
        };
        limiter.check_key(&player.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            ApiError::rate_limited("actions by this player", seconds.max(1))
        })
    }

    /// Forgets the players whose limit is full again (memory stays bounded).
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.0 {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
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
