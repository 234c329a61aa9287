//! Rooms over the database: every change is read, applied through the
//! library's [`Room`] and written back with an optimistic check of `seq`,
//! retried on a conflict; it is acknowledged only after the commit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use draughts::room::{
    Action, Pace, Room, RoomError, RoomEvent, RoomResult, RoomRules, RoomState, RoomView, Seat,
};
use draughts::Color;
use serde::Serialize;

use crate::clock::Clock;
use crate::db::{Db, FinishedGame, RoomRow, RoomWrite};
use crate::error::ApiError;
use crate::hub::{Hub, Push};
use crate::limit::Limiters;
use crate::player_limit::PlayerLimiter;
use crate::policy::Policy;
use crate::rating::Score;
use crate::secret;

/// How many times a change is retried when another writer got there first.
const RETRIES: usize = 64;

/// How many decoded rooms a process keeps (then the cache starts again).
const CACHE_ROOMS: usize = 20_000;

/// The shared state of one server process.
pub(crate) struct App {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub hub: Hub,
    /// The rate limits per client address.
    pub limits: Limiters,
    /// Decoded rooms by id, each with the `seq` of the row it was decoded
    /// from: a row read at the same `seq` need not be replayed again (the
    /// row is still read each time, so another process's writes are seen).
    pub rooms: Mutex<HashMap<String, (i64, Room)>>,
    /// SQLite has one writer at a time: writers queue here, in order,
    /// instead of sleeping in SQLite's busy handler.
    pub write_lock: tokio::sync::Mutex<()>,
    /// Player ids by secret hash (a player never changes either).
    pub players: Mutex<HashMap<String, String>>,
    /// The rules against farming and for storage, and their state.
    pub strangers: Strangers,
}

/// The [`Policy`] of one process, with the limiter of actions per player
/// and the retention job's clock.
pub(crate) struct Strangers {
    pub policy: Policy,
    pub actions: PlayerLimiter,
    /// When the limiter last forgot its idle players (process time).
    forgot: Mutex<Instant>,
    /// When the idle players were last looked for (the app's clock, seconds).
    players_purged: Mutex<Option<i64>>,
}

impl Strangers {
    pub fn new(policy: Policy) -> Self {
        Strangers {
            policy,
            actions: PlayerLimiter::new(policy.actions_per_minute),
            forgot: Mutex::new(Instant::now()),
            players_purged: Mutex::new(None),
        }
    }
}

/// How often the idle players are looked for (seconds of the app's clock).
const PLAYER_PURGE_EVERY: i64 = 60;

/// A room as a client is shown it, with the `seq` of the write it reflects.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    pub seq: i64,
    pub view: RoomView,
    pub first_player: String,
    pub second_player: Option<String>,
}

impl Snapshot {
    /// The seat `player` sits in, if any.
    pub fn seat_of(&self, player: &str) -> Option<Seat> {
        if self.first_player == player {
            Some(Seat::First)
        } else if self.second_player.as_deref() == Some(player) {
            Some(Seat::Second)
        } else {
            None
        }
    }

    /// What a WebSocket sends: `{"view": ..., "seq": N}`.
    pub fn push(&self) -> Push {
        #[derive(Serialize)]
        struct Message<'a> {
            view: &'a RoomView,
            seq: i64,
        }
        let text = serde_json::to_string(&Message {
            view: &self.view,
            seq: self.seq,
        })
        .expect("a room view serializes");
        Push {
            seq: self.seq,
            text: text.into(),
        }
    }
}

/// What a change does besides bringing the room's time up to date.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Op<'a> {
    /// Only apply the time rules (reads, the WebSocket, the sweep).
    Refresh,
    /// `player` takes the free seat.
    Join(&'a str),
    /// `player` acts in their seat.
    Act(&'a str, &'a Action),
}

fn now_i64(now: u64) -> i64 {
    i64::try_from(now).unwrap_or(i64::MAX)
}

fn decode(record: &str) -> Result<Room, ApiError> {
    serde_json::from_str(record)
        .map_err(|e| ApiError::internal(format!("stored room does not restore: {e}")))
}

fn encode(room: &Room) -> Result<String, ApiError> {
    serde_json::to_string(room)
        .map_err(|e| ApiError::internal(format!("room does not serialize: {e}")))
}

impl App {
    /// A new room in `mode`, created by `player` (seat `first`).
    pub async fn create_room(
        &self,
        player: &str,
        mode: &str,
        pace: Pace,
    ) -> Result<(String, Snapshot), ApiError> {
        self.within_open_rooms(player).await?;
        let now = self.clock.now();
        let rules = RoomRules {
            pace,
            ..RoomRules::default()
        };
        let room = Room::create(mode, rules, now).map_err(ApiError::from)?;
        let id = secret::new_id();
        let view = room.view(now);
        let record = encode(&room)?;
        self.db
            .insert_room(
                &id,
                &view.mode,
                &record,
                player,
                view.state.name(),
                room.deadline().map(now_i64),
                now_i64(now),
            )
            .await?;
        self.cache(&id, 1, room);
        Ok((
            id,
            Snapshot {
                seq: 1,
                view,
                first_player: player.to_owned(),
                second_player: None,
            },
        ))
    }

    /// Applies `op` to room `id`: the time rules first (their effect is
    /// written even when `op` is then refused), then the operation. A
    /// refused operation changes nothing and returns its error.
    pub async fn change(&self, id: &str, op: Op<'_>) -> Result<Snapshot, ApiError> {
        match op {
            Op::Refresh => {}
            Op::Join(player) | Op::Act(player, _) => self.strangers.actions.check(player)?,
        }
        if let Op::Join(player) | Op::Act(player, Action::Join) = op {
            self.within_open_rooms(player).await?;
        }
        for _ in 0..RETRIES {
            let row = self.db.load_room(id).await?.ok_or_else(ApiError::no_room)?;
            let now = self.clock.now();
            if row.expires.is_some_and(|t| t <= now_i64(now)) {
                // Past its rematch window: gone, whether or not the
                // retention job has deleted it yet.
                return Err(ApiError::no_room());
            }
            if let Some(why) = &row.quarantine {
                return Err(ApiError::internal(format!("room {id} is set aside: {why}")));
            }
            let mut room = match self.cached(id, row.seq) {
                Some(room) => room,
                None => decode(&row.record)?,
            };
            let mut events = room.update(now);
            let mut second = row.second_player.clone();
            let outcome = self.apply(&mut room, &row, &mut second, op, now, &mut events);
            // A stored deadline that is not the room's own (it passed with
            // nothing to do) is written too, or the sweep would find the
            // room due again and again.
            let changed = !events.is_empty()
                || outcome.is_ok() && !matches!(op, Op::Refresh)
                || row.deadline != room.deadline().map(now_i64);
            if !changed {
                let snapshot = Snapshot {
                    seq: row.seq,
                    view: room.view(now),
                    first_player: row.first_player,
                    second_player: second,
                };
                self.cache(id, row.seq, room);
                return outcome.map(|()| snapshot);
            }
            let view = room.view(now);
            let finished = match (&second, finished_result(&events)) {
                (Some(second_player), Some(result)) => Some(FinishedGame {
                    game_number: i64::from(view.game_number),
                    mode: view.mode.clone(),
                    first_player: row.first_player.clone(),
                    second_player: second_player.clone(),
                    score: match result.winner() {
                        Some(Seat::First) => Score::Win,
                        Some(Seat::Second) => Score::Loss,
                        None => Score::Draw,
                    },
                    winner: result.winner().map(|seat| match seat {
                        Seat::First => row.first_player.clone(),
                        Seat::Second => second_player.clone(),
                    }),
                    result: view.result_text.clone().unwrap_or_default(),
                    moves: i64::try_from(view.moves.len()).unwrap_or(i64::MAX),
                    aborted: result.is_aborted(),
                    pdn: pdn(&room, id, &row.first_player, second_player),
                }),
                _ => None,
            };
            // Each finished game is stored in its own row when it ends: the
            // room's record keeps only the current one.
            room.take_earlier_games();
            let expires = match view.state {
                RoomState::Finished | RoomState::Expired => {
                    Some(row.expires.unwrap_or_else(|| {
                        now_i64(now).saturating_add(now_i64(self.strangers.policy.rematch_window))
                    }))
                }
                RoomState::Waiting | RoomState::Playing => None,
            };
            let write = RoomWrite {
                id,
                read_seq: row.seq,
                record: encode(&room)?,
                second_player: second.as_deref(),
                state: view.state.name(),
                deadline: room.deadline().map(now_i64),
                expires,
                now: now_i64(now),
                finished,
                rated_per_pair: i64::from(self.strangers.policy.rated_games_per_pair),
            };
            let written = {
                let _one_writer = match self.db {
                    Db::Sqlite(_) => Some(self.write_lock.lock().await),
                    Db::Postgres(_) => None,
                };
                self.db.write_room(&write).await?
            };
            if !written {
                continue; // someone else wrote first: read again
            }
            self.cache(id, row.seq + 1, room);
            let snapshot = Snapshot {
                seq: row.seq + 1,
                view,
                first_player: row.first_player,
                second_player: second,
            };
            // This process's sockets are told at once; on PostgreSQL the
            // NOTIFY tells the other processes (this one skips it: the
            // hub has sent that update already).
            self.hub.publish(id, snapshot.push());
            return outcome.map(|()| snapshot);
        }
        Err(ApiError::busy())
    }

    /// The player whose secret hashes to `hash`, if any.
    pub async fn player_by_secret(&self, hash: &str) -> Result<Option<String>, ApiError> {
        if let Some(id) = self.players.lock().expect("player cache lock").get(hash) {
            return Ok(Some(id.clone()));
        }
        let id = self.db.player_by_secret(hash).await?;
        if let Some(id) = &id {
            let mut players = self.players.lock().expect("player cache lock");
            if players.len() >= 4 * CACHE_ROOMS {
                players.clear();
            }
            players.insert(hash.to_owned(), id.clone());
        }
        Ok(id)
    }

    /// The decoded room `id` at `seq`, if this process has it.
    fn cached(&self, id: &str, seq: i64) -> Option<Room> {
        let rooms = self.rooms.lock().expect("room cache lock");
        rooms
            .get(id)
            .filter(|(at, _)| *at == seq)
            .map(|(_, room)| room.clone())
    }

    fn cache(&self, id: &str, seq: i64, room: Room) {
        let mut rooms = self.rooms.lock().expect("room cache lock");
        if rooms.len() >= CACHE_ROOMS && !rooms.contains_key(id) {
            rooms.clear();
        }
        match rooms.get_mut(id) {
            Some(entry) if entry.0 >= seq => {}
            Some(entry) => *entry = (seq, room),
            None => {
                rooms.insert(id.to_owned(), (seq, room));
            }
        }
    }

    fn apply(
        &self,
        room: &mut Room,
        row: &RoomRow,
        second: &mut Option<String>,
        op: Op<'_>,
        now: u64,
        events: &mut Vec<RoomEvent>,
    ) -> Result<(), ApiError> {
        let join = |room: &mut Room, second: &mut Option<String>, player: &str| {
            if player == row.first_player || second.is_some() {
                return Err(ApiError::from(RoomError::SeatTaken));
            }
            let ev = room.act(Seat::Second, Action::Join, now)?;
            *second = Some(player.to_owned());
            Ok(ev)
        };
        let new = match op {
            Op::Refresh => return Ok(()),
            Op::Join(player) => join(room, second, player)?,
            Op::Act(player, Action::Join) => join(room, second, player)?,
            Op::Act(player, action) => {
                let seat = if player == row.first_player {
                    Seat::First
                } else if second.as_deref() == Some(player) {
                    Seat::Second
                } else {
                    return Err(ApiError::not_a_player());
                };
                room.act(seat, action.clone(), now)?
            }
        };
        events.extend(new);
        Ok(())
    }

    /// The room as it is now (the time rules applied and written if due).
    pub async fn snapshot(&self, id: &str) -> Result<Snapshot, ApiError> {
        self.change(id, Op::Refresh).await
    }

    /// Refuses (409 `too_many_rooms`) a player who already sits in as many
    /// rooms waiting or in play as the policy allows.
    async fn within_open_rooms(&self, player: &str) -> Result<(), ApiError> {
        let bound = self.strangers.policy.open_rooms_per_player;
        if bound == 0 || self.db.open_rooms(player).await? < i64::from(bound) {
            return Ok(());
        }
        Err(ApiError::new(
            StatusCode::CONFLICT,
            "too_many_rooms",
            format!(
                "you already sit in {bound} rooms waiting or in play: finish one (or let it expire) first"
            ),
        ))
    }

    /// Brings every room whose deadline has passed up to date, each on its
    /// own: a room that fails is logged (and, if its stored record does not
    /// restore, set aside) and the others are swept all the same. Then the
    /// retention job's bounded share of work. Returns the rooms brought up
    /// to date; an error only when the due rooms cannot be listed.
    pub async fn sweep(&self) -> Result<usize, ApiError> {
        let now = now_i64(self.clock.now());
        let due = match self.db.rooms_due(now, 256).await {
            Ok(due) => due,
            Err(e) => {
                eprintln!("draughts-server: sweep: cannot list the rooms due: {e}");
                return Err(e.into());
            }
        };
        let mut done = 0;
        for id in &due {
            match self.change(id, Op::Refresh).await {
                Ok(_) => done += 1,
                Err(e) => self.set_aside(id, &e).await,
            }
        }
        self.retain(now).await;
        Ok(done)
    }

    /// After a failed sweep of room `id`: if its stored record does not
    /// restore, the room is quarantined (with why) so that no sweep tries it
    /// again; any other failure is logged and tried at the next sweep.
    async fn set_aside(&self, id: &str, error: &ApiError) {
        let why = match self.db.load_room(id).await {
            Ok(Some(row)) if row.quarantine.is_none() => match decode_error(&row.record) {
                Some(why) => why,
                None => {
                    eprintln!(
                        "draughts-server: sweep: room {id} failed ({}: {}); tried again at the next sweep",
                        error.kind(),
                        error.cause().unwrap_or("")
                    );
                    return;
                }
            },
            Ok(_) => return,
            Err(e) => {
                eprintln!("draughts-server: sweep: room {id} cannot be read: {e}");
                return;
            }
        };
        eprintln!("draughts-server: room {id} does not restore and is set aside: {why}");
        if let Err(e) = self.db.quarantine(id, &why).await {
            eprintln!("draughts-server: room {id} could not be set aside: {e}");
        }
    }

    /// The retention job's share of one sweep: at most
    /// [`Policy::retention_batch`] rooms past their rematch window (with
    /// their seat keys; their games stay) and, once a minute, as many
    /// players with no game and no room older than
    /// [`Policy::idle_player_after`]. Failures are logged and tried again.
    async fn retain(&self, now: i64) {
        let policy = self.strangers.policy;
        let batch = i64::from(policy.retention_batch);
        if batch == 0 {
            return;
        }
        {
            let _one_writer = match self.db {
                Db::Sqlite(_) => Some(self.write_lock.lock().await),
                Db::Postgres(_) => None,
            };
            if let Err(e) = self.db.delete_expired_rooms(now, batch).await {
                eprintln!("draughts-server: retention: rooms: {e}");
            }
        }
        let purge = {
            let mut last = self.strangers.players_purged.lock().expect("purge lock");
            let due = last.is_none_or(|t| now >= t.saturating_add(PLAYER_PURGE_EVERY));
            if due {
                *last = Some(now);
            }
            due
        };
        if purge {
            let before = now.saturating_sub(now_i64(policy.idle_player_after));
            let deleted = {
                let _one_writer = match self.db {
                    Db::Sqlite(_) => Some(self.write_lock.lock().await),
                    Db::Postgres(_) => None,
                };
                self.db.delete_idle_players(before, batch).await
            };
            match deleted {
                Ok(ids) if !ids.is_empty() => {
                    let mut players = self.players.lock().expect("player cache lock");
                    players.retain(|_, id| !ids.contains(id));
                }
                Ok(_) => {}
                Err(e) => eprintln!("draughts-server: retention: players: {e}"),
            }
        }
        let mut forgot = self.strangers.forgot.lock().expect("limiter lock");
        if forgot.elapsed() >= Duration::from_secs(60) {
            self.strangers.actions.forget_idle();
            *forgot = Instant::now();
        }
    }
}

/// Why a stored record does not restore, if it does not.
fn decode_error(record: &str) -> Option<String> {
    serde_json::from_str::<Room>(record)
        .err()
        .map(|e| format!("stored room does not restore: {e}"))
}

/// The current game of `room` in PDN, its players by id.
fn pdn(room: &Room, id: &str, first: &str, second: &str) -> String {
    let white_is_first = room.colors()[0] == Color::White;
    let (white, black) = if white_is_first {
        (first, second)
    } else {
        (second, first)
    };
    let round = room.game_number().to_string();
    room.game().to_pdn(&[
        ("Event", "draughts-server"),
        ("Site", id),
        ("Round", &round),
        ("White", white),
        ("Black", black),
    ])
}

/// The result of the game that `events` end, if they end one (expiry has none).
fn finished_result(events: &[RoomEvent]) -> Option<&RoomResult> {
    events.iter().find_map(|e| match e {
        RoomEvent::GameOver { result } => Some(result),
        _ => None,
    })
}
