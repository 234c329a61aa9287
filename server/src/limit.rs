//! Rate limits per client IP address (the `governor` crate's keyed
//! generic cell rate algorithm): making players, making rooms and taking
//! seats. An IPv6 client counts by its /64, as the connection caps do
//! ([`AddrKey`]). Moves and reads are not limited here (per player:
//! `player_limit`).

use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;
use crate::net::AddrKey;

/// Default: new players a minute from one address.
pub const PLAYERS_PER_MINUTE: u32 = 10;
/// Default: new rooms a minute from one address.
pub const ROOMS_PER_MINUTE: u32 = 30;
/// Default: seats taken (joins) a minute from one address.
pub const JOINS_PER_MINUTE: u32 = 60;

/// The limits, each in requests a minute from one client IP address, all of
/// which may come at once (a burst of that size), then one every `60 s / n`;
/// 0 lifts a limit. A refused request gets a 429 `rate_limited` error.
///
/// ```
/// use draughts_server::{Config, RateLimits, ROOMS_PER_MINUTE};
///
/// let mut config = Config::new("draughts.db");
/// // Five new players a minute from one address, the other limits as they are.
/// config.limits = RateLimits { players_per_minute: 5, ..RateLimits::default() };
/// assert_eq!(config.limits.rooms_per_minute, ROOMS_PER_MINUTE);
/// assert_eq!(RateLimits::OFF.joins_per_minute, 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// `POST /api/players`.
    pub players_per_minute: u32,
    /// `POST /api/rooms`.
    pub rooms_per_minute: u32,
    /// `POST /api/rooms/{room}/join` and a `join` action.
    pub joins_per_minute: u32,
}

impl RateLimits {
    /// No limit at all (load benchmarks, tests that make many players).
    pub const OFF: RateLimits = RateLimits {
        players_per_minute: 0,
        rooms_per_minute: 0,
        joins_per_minute: 0,
    };
}

impl Default for RateLimits {
    /// [`PLAYERS_PER_MINUTE`], [`ROOMS_PER_MINUTE`], [`JOINS_PER_MINUTE`].
    fn default() -> Self {
        RateLimits {
            players_per_minute: PLAYERS_PER_MINUTE,
            rooms_per_minute: ROOMS_PER_MINUTE,
            joins_per_minute: JOINS_PER_MINUTE,
        }
    }
}

/// What a limit counts.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Players,
    Rooms,
    Joins,
}

impl Kind {
    fn what(self) -> &'static str {
        match self {
            Kind::Players => "new players",
            Kind::Rooms => "new rooms",
            Kind::Joins => "joins",
        }
    }
}

/// A keyed limit of so many requests a minute (all at once if need be,
/// then one every `60 s / per_minute`), or none for 0: the limits per
/// address here, and per player (`player_limit.rs`).
pub(crate) struct PerMinute<K: Hash + Eq + Clone>(Option<DefaultKeyedRateLimiter<K>>);

impl<K: Hash + Eq + Clone> PerMinute<K> {
    pub fn new(per_minute: u32) -> Self {
        PerMinute(NonZeroU32::new(per_minute).and_then(|burst| {
            let quota = Quota::with_period(Duration::from_secs(60) / per_minute)?;
            Some(RateLimiter::keyed(quota.allow_burst(burst)))
        }))
    }

    /// Counts one request under `key`: a 429 error naming `what` when over
    /// the limit.
    pub fn check(&self, key: &K, what: &str) -> Result<(), ApiError> {
        let Some(limiter) = &self.0 else {
            return Ok(());
        };
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            // Whole seconds, rounded up: "0 s" would invite an immediate retry.
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            ApiError::rate_limited(what, seconds.max(1))
        })
    }

    /// Forgets the keys whose limit is full again (memory stays bounded).
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.0 {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// The limiters of one process.
pub(crate) struct Limiters {
    players: PerMinute<AddrKey>,
    rooms: PerMinute<AddrKey>,
    joins: PerMinute<AddrKey>,
}

impl Limiters {
    pub fn new(limits: RateLimits) -> Self {
        Limiters {
            players: PerMinute::new(limits.players_per_minute),
            rooms: PerMinute::new(limits.rooms_per_minute),
            joins: PerMinute::new(limits.joins_per_minute),
        }
    }

    /// Counts one request of `kind` from `ip`: a 429 error when over the limit.
    pub fn check(&self, kind: Kind, ip: IpAddr) -> Result<(), ApiError> {
        let limiter = match kind {
            Kind::Players => &self.players,
            Kind::Rooms => &self.rooms,
            Kind::Joins => &self.joins,
        };
        limiter.check(&AddrKey::of(ip), kind.what())
    }

    /// Forgets the addresses whose every limit is full again (memory stays bounded).
    pub fn forget_idle(&self) {
        for limiter in [&self.players, &self.rooms, &self.joins] {
            limiter.forget_idle();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    #[test]
    fn a_burst_of_the_limit_then_429_per_address() {
        let limits = Limiters::new(RateLimits {
            players_per_minute: 3,
            ..RateLimits::OFF
        });
        for _ in 0..3 {
            limits.check(Kind::Players, A).unwrap();
        }
        let e = limits.check(Kind::Players, A).unwrap_err();
        assert_eq!(e.status().as_u16(), 429);
        // One more every 20 s: the wait is at most that, whole seconds.
        assert!((1..=20).contains(&e.retry_after().unwrap()));
        // Another address, and another kind, have their own counts.
        limits.check(Kind::Players, B).unwrap();
        for _ in 0..100 {
            limits.check(Kind::Rooms, A).unwrap();
        }
    }

    #[test]
    fn an_ipv6_network_shares_one_limit() {
        let limits = Limiters::new(RateLimits {
            players_per_minute: 2,
            ..RateLimits::OFF
        });
        // Two addresses of one /64 (a household's network): one count.
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        limits.check(Kind::Players, a).unwrap();
        limits.check(Kind::Players, b).unwrap();
        assert_eq!(
            limits
                .check(Kind::Players, a)
                .unwrap_err()
                .status()
                .as_u16(),
            429
        );
        // The next /64 is another client.
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        limits.check(Kind::Players, c).unwrap();
    }
}
