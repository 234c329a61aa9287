//! The site's rules for strangers: how much each player may do, which
//! games count for a rating, and how long what is stored is kept.

/// Default: actions a minute by one player ([`Policy::actions_per_minute`]).
pub const ACTIONS_PER_MINUTE: u32 = 120;
/// Default: rated games a day between the same two players ([`Policy::rated_games_per_pair`]).
pub const RATED_GAMES_PER_PAIR: u32 = 3;
/// Default: seconds a finished or expired room is kept (7 days: the rematch window).
pub const REMATCH_WINDOW: u64 = 7 * 24 * 3600;
/// Default: seconds after which a player with no game and no room is deleted (30 days).
pub const IDLE_PLAYER_AFTER: u64 = 30 * 24 * 3600;
/// Default: rooms waiting or in play one player may sit in at once.
pub const OPEN_ROOMS_PER_PLAYER: u32 = 100;
/// Default: rows the retention job deletes of each kind at each sweep.
pub const RETENTION_BATCH: u32 = 100;

/// The window of [`Policy::rated_games_per_pair`], in seconds.
pub const PAIR_WINDOW: u64 = 24 * 3600;

/// The rules against farming and for storage, with their defaults
/// (the constants of this module).
///
/// ```
/// use draughts_server::{Config, Policy};
///
/// let mut config = Config::new("draughts.db");
/// // Finished rooms kept one day, the rest as it is.
/// config.policy = Policy { rematch_window: 24 * 3600, ..Policy::default() };
/// assert_eq!(config.policy.rated_games_per_pair, 3);
/// assert_eq!(Policy::default().actions_per_minute, 120);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Actions (moves, offers, resignations, rematch requests, joins) one
    /// player may send a minute, all of which may come at once, then one
    /// every `60 s / n`; over it: 429 `rate_limited`. 0 lifts the limit.
    pub actions_per_minute: u32,
    /// Rated games between the same two players (any mode) within
    /// [`PAIR_WINDOW`] (24 hours): later games in the window are stored and
    /// listed, not rated. 0: no game is rated.
    pub rated_games_per_pair: u32,
    /// Seconds a finished or expired room is kept for a rematch after its
    /// game ended; then the room and its seat keys are deleted (its games
    /// stay, each in its own row).
    pub rematch_window: u64,
    /// Seconds after its creation a player with no game and no room is deleted.
    pub idle_player_after: u64,
    /// Rooms waiting or in play a player may sit in at once (creating or
    /// joining one more: 409 `too_many_rooms`). 0 lifts the bound.
    pub open_rooms_per_player: u32,
    /// Rows of each kind (rooms, players) the retention job deletes at each
    /// sweep: its work per tick is bounded.
    pub retention_batch: u32,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            actions_per_minute: ACTIONS_PER_MINUTE,
            rated_games_per_pair: RATED_GAMES_PER_PAIR,
            rematch_window: REMATCH_WINDOW,
            idle_player_after: IDLE_PLAYER_AFTER,
            open_rooms_per_player: OPEN_ROOMS_PER_PLAYER,
            retention_batch: RETENTION_BATCH,
        }
    }
}
