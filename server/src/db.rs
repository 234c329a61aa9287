//! The database: SQLite (an embedded file, one process) or PostgreSQL (any
//! number of processes). The SQL text is shared: both read `$1`-style
//! parameters, every value is bound (no SQL is built from input), and the two
//! migration folders differ only in column types.

use std::borrow::Cow;
use std::str::FromStr;
use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::SqliteSynchronous;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};
use sqlx::Row;

use crate::policy::PAIR_WINDOW;
use crate::rating::{self, Rating, Score};

/// The PostgreSQL channel every room change is announced on (payload: the
/// room id, a space and the room's new sequence number).
pub(crate) const CHANNEL: &str = "draughts_rooms";

/// A connection pool to one of the two databases.
#[derive(Debug, Clone)]
pub enum Db {
    /// An embedded SQLite file: one server process.
    Sqlite(SqlitePool),
    /// PostgreSQL: several server processes may share it.
    Postgres(PgPool),
}

/// Runs `$body` with `$p` bound to whichever pool `$db` holds (the query
/// code is the same text for both drivers).
macro_rules! on_pool {
    ($db:expr, $p:ident => $body:expr) => {
        match $db {
            Db::Sqlite($p) => $body,
            Db::Postgres($p) => $body,
        }
    };
}

/// The statement that writes a room still at the sequence number read
/// (`$7`): its record, players, state and times, and the next sequence.
macro_rules! room_update {
    () => {
        "UPDATE rooms SET record = $1, seq = seq + 1, second_player = $2, state = $3, \
         deadline = $4, updated = $5, expires = $8 WHERE id = $6 AND seq = $7"
    };
}

/// Binds a [`RoomWrite`]'s values to [`room_update!`]'s parameters `$1` to `$8`.
macro_rules! bind_room {
    ($query:expr, $w:expr) => {
        $query
            .bind(&$w.record)
            .bind($w.second_player)
            .bind($w.state)
            .bind($w.deadline)
            .bind($w.now)
            .bind($w.id)
            .bind($w.read_seq)
            .bind($w.expires)
    };
}

/// The migrations of one database kind, embedded in the binary.
#[derive(Debug)]
struct Embedded(&'static [(i64, &'static str, &'static str)]);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

const SQLITE_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "init",
        include_str!("../migrations/sqlite/0001_init.sql"),
    ),
    (
        2,
        "seat keys",
        include_str!("../migrations/sqlite/0002_seat_keys.sql"),
    ),
    (
        3,
        "games retention",
        include_str!("../migrations/sqlite/0003_games_retention.sql"),
    ),
];
const POSTGRES_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "init",
        include_str!("../migrations/postgres/0001_init.sql"),
    ),
    (
        2,
        "seat keys",
        include_str!("../migrations/postgres/0002_seat_keys.sql"),
    ),
    (
        3,
        "games retention",
        include_str!("../migrations/postgres/0003_games_retention.sql"),
    ),
];

/// One stored room.
#[derive(Debug, Clone)]
pub(crate) struct RoomRow {
    pub seq: i64,
    pub first_player: String,
    pub second_player: Option<String>,
    pub record: String,
    pub deadline: Option<i64>,
    /// When the room is deleted (finished or expired rooms).
    pub expires: Option<i64>,
    /// Why the room was set aside, if it was.
    pub quarantine: Option<String>,
}

/// A finished game to record with the room write that ends it.
#[derive(Debug, Clone)]
pub(crate) struct FinishedGame {
    pub game_number: i64,
    pub mode: String,
    pub first_player: String,
    pub second_player: String,
    /// `Some(Score)` from the first player's side; the result text in `result`.
    pub score: Score,
    pub winner: Option<String>,
    pub result: String,
    pub moves: i64,
    /// Stopped before each side had made two moves: never rated.
    pub aborted: bool,
    /// The game in PDN.
    pub pdn: String,
}

/// A room write: the new record, checked against the `seq` it was read at.
#[derive(Debug, Clone)]
pub(crate) struct RoomWrite<'a> {
    pub id: &'a str,
    pub read_seq: i64,
    pub record: String,
    pub second_player: Option<&'a str>,
    pub state: &'a str,
    pub deadline: Option<i64>,
    /// When the room is to be deleted (None while it is open).
    pub expires: Option<i64>,
    pub now: i64,
    pub finished: Option<FinishedGame>,
    /// Rated games between the same two players within [`PAIR_WINDOW`]
    /// beyond which a game is not rated.
    pub rated_per_pair: i64,
}

/// A leaderboard row.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Ranked {
    /// The player's id.
    pub player: String,
    /// The player's display name.
    pub name: Option<String>,
    /// The name with the first digits of the id, `Ana #3f2a` (`Anonymous
    /// #3f2a` without a name): two players of one name differ.
    pub display: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Games played in this mode.
    pub games: i64,
    /// Games won.
    pub wins: i64,
    /// Games lost.
    pub losses: i64,
    /// Games drawn.
    pub draws: i64,
}

/// A finished game, as `GET /api/players/{player}/games` lists it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameRow {
    /// The room it was played in.
    pub room: String,
    /// The game number in that room.
    pub game_number: i64,
    /// The room's mode.
    pub mode: String,
    /// The player in seat `first`.
    pub first_player: String,
    /// The player in seat `second`.
    pub second_player: String,
    /// The winner's player id (none for a draw).
    pub winner: Option<String>,
    /// The result, as the room describes it.
    pub result: String,
    /// The number of moves played.
    pub moves: i64,
    /// When it ended (Unix seconds).
    pub finished: i64,
    /// Whether it counted for the ratings (not aborted, and within the
    /// rated games a day between the same two players).
    pub rated: bool,
    /// Whether it was aborted (stopped before each side had made two moves).
    pub aborted: bool,
}

impl Db {
    /// Connects to `url` and brings its schema up to date: `postgres://...`
    /// (or `postgresql://`) for PostgreSQL, otherwise `sqlite://FILE` or a
    /// plain file path for SQLite (the file is created if missing).
    pub async fn connect(url: &str) -> Result<Db, sqlx::Error> {
        let db = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await?;
            Db::Postgres(pool)
        } else {
            let options = if url.starts_with("sqlite:") {
                SqliteConnectOptions::from_str(url)?
            } else {
                SqliteConnectOptions::new().filename(url)
            };
            // WAL with synchronous=NORMAL: a commit survives the process
            // being killed (the SIGKILL test); only a power loss may take the
            // last commits back.
            let options = options
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Db::Sqlite(pool)
        };
        db.migrate().await?;
        Ok(db)
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        match self {
            Db::Sqlite(pool) => Migrator::new(Embedded(SQLITE_MIGRATIONS))
                .await?
                .run(pool)
                .await
                .map_err(Into::into),
            Db::Postgres(pool) => Migrator::new(Embedded(POSTGRES_MIGRATIONS))
                .await?
                .run(pool)
                .await
                .map_err(Into::into),
        }
    }

    /// Whether this is PostgreSQL (changes are announced with NOTIFY).
    pub fn is_postgres(&self) -> bool {
        matches!(self, Db::Postgres(_))
    }

    pub(crate) async fn create_player(
        &self,
        id: &str,
        secret_hash: &str,
        name: Option<&str>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query("INSERT INTO players (id, secret_hash, name, created) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(secret_hash)
                .bind(name)
                .bind(now)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    pub(crate) async fn player_by_secret(
        &self,
        secret_hash: &str,
    ) -> Result<Option<String>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query("SELECT id FROM players WHERE secret_hash = $1")
                .bind(secret_hash)
                .fetch_optional(pool)
                .await?
                .map(|row| row.try_get::<String, _>(0))
                .transpose()
        })
    }

    /// Sets `player`'s seat key of `room` (its hash), replacing any older one.
    pub(crate) async fn set_seat_key(
        &self,
        room: &str,
        player: &str,
        key_hash: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO seat_keys (room, player, key_hash, created) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (room, player) DO UPDATE SET key_hash = excluded.key_hash, created = excluded.created",
            )
            .bind(room)
            .bind(player)
            .bind(key_hash)
            .bind(now)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    /// The player whose seat key of `room` hashes to `key_hash`, if any.
    pub(crate) async fn player_by_seat_key(
        &self,
        room: &str,
        key_hash: &str,
    ) -> Result<Option<String>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query("SELECT player FROM seat_keys WHERE key_hash = $1 AND room = $2")
                .bind(key_hash)
                .bind(room)
                .fetch_optional(pool)
                .await?
                .map(|row| row.try_get::<String, _>(0))
                .transpose()
        })
    }

    /// A player's name and rating in `mode` (None if there is no such player).
    pub(crate) async fn player_card(
        &self,
        id: &str,
        mode: &str,
    ) -> Result<Option<(Option<String>, Rating)>, sqlx::Error> {
        on_pool!(self, pool => {
            let row = sqlx::query(
                "SELECT p.name, r.rating, r.deviation, r.volatility FROM players p \
                 LEFT JOIN ratings r ON r.player = p.id AND r.mode = $2 WHERE p.id = $1",
            )
            .bind(id)
            .bind(mode)
            .fetch_optional(pool)
            .await?;
            row.map(|row| -> Result<_, sqlx::Error> {
                let name: Option<String> = row.try_get(0)?;
                let rating = match row.try_get::<Option<f64>, _>(1)? {
                    Some(rating) => Rating {
                        rating,
                        deviation: row.try_get(2)?,
                        volatility: row.try_get(3)?,
                    },
                    None => Rating::default(),
                };
                Ok((name, rating))
            })
            .transpose()
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn insert_room(
        &self,
        id: &str,
        mode: &str,
        record: &str,
        first_player: &str,
        state: &str,
        deadline: Option<i64>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO rooms (id, mode, record, seq, first_player, second_player, state, deadline, created, updated) \
                 VALUES ($1, $2, $3, 1, $4, NULL, $5, $6, $7, $7)",
            )
            .bind(id)
            .bind(mode)
            .bind(record)
            .bind(first_player)
            .bind(state)
            .bind(deadline)
            .bind(now)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    pub(crate) async fn load_room(&self, id: &str) -> Result<Option<RoomRow>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "SELECT seq, first_player, second_player, record, deadline, expires, quarantine \
                 FROM rooms WHERE id = $1",
            )
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(|row| -> Result<_, sqlx::Error> {
                    Ok(RoomRow {
                        seq: row.try_get(0)?,
                        first_player: row.try_get(1)?,
                        second_player: row.try_get(2)?,
                        record: row.try_get(3)?,
                        deadline: row.try_get(4)?,
                        expires: row.try_get(5)?,
                        quarantine: row.try_get(6)?,
                    })
                })
                .transpose()
        })
    }

    /// [`Db::write_room`] of a write that finishes no game (almost every
    /// move): one statement, atomic on its own, so one round trip to the
    /// database instead of four (begin, update, notify, commit). On SQLite
    /// that round trip is a hop to the connection's thread taken under the
    /// process's write lock, so it bounds how many moves a second the
    /// process can store; on PostgreSQL the NOTIFY rides in the same
    /// statement and is delivered when, and only if, the update commits.
    async fn write_room_alone(&self, w: &RoomWrite<'_>) -> Result<bool, sqlx::Error> {
        match self {
            Db::Sqlite(pool) => Ok(bind_room!(sqlx::query(room_update!()), w)
                .execute(pool)
                .await?
                .rows_affected()
                == 1),
            Db::Postgres(pool) => Ok(bind_room!(
                sqlx::query(concat!(
                    "WITH changed AS (",
                    room_update!(),
                    " RETURNING id, seq) SELECT pg_notify($9, id || ' ' || seq) FROM changed"
                )),
                w
            )
            .bind(CHANNEL)
            .fetch_all(pool)
            .await?
            .len()
                == 1),
        }
    }

    /// Writes a room if it is still at `read_seq` (then `seq` becomes
    /// `read_seq + 1`), with the game it finishes and the ratings, in one
    /// transaction; on PostgreSQL the NOTIFY is part of it. `Ok(false)`: the
    /// room was changed meanwhile, nothing was written.
    pub(crate) async fn write_room(&self, w: &RoomWrite<'_>) -> Result<bool, sqlx::Error> {
        let postgres = self.is_postgres();
        if w.finished.is_none() {
            return self.write_room_alone(w).await;
        }
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            // The first statement writes: SQLite takes its write lock here
            // (no read-then-upgrade deadlock), PostgreSQL locks the row.
            let done = bind_room!(sqlx::query(room_update!()), w)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() == 0 {
                tx.rollback().await?;
                return Ok(false);
            }
            if let Some(game) = &w.finished {
                // Lock both players' rows in one order (no deadlock between
                // two games of the same players): the pair's count of rated
                // games and both ratings are read and written under it.
                let mut players = [game.first_player.as_str(), game.second_player.as_str()];
                players.sort_unstable();
                for player in players {
                    sqlx::query("UPDATE players SET created = created WHERE id = $1")
                        .bind(player)
                        .execute(&mut *tx)
                        .await?;
                }
                let rated = !game.aborted && {
                    let row = sqlx::query(
                        "SELECT COUNT(*) FROM games WHERE rated = $1 AND finished > $2 AND \
                         ((first_player = $3 AND second_player = $4) OR (first_player = $4 AND second_player = $3))",
                    )
                    .bind(true)
                    .bind(w.now.saturating_sub(PAIR_WINDOW as i64))
                    .bind(&game.first_player)
                    .bind(&game.second_player)
                    .fetch_one(&mut *tx)
                    .await?;
                    row.try_get::<i64, _>(0)? < w.rated_per_pair
                };
                if rated {
                let fresh = Rating::default();
                for player in players {
                    sqlx::query(
                        "INSERT INTO ratings (player, mode, rating, deviation, volatility, games, wins, losses, draws) \
                         VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0) ON CONFLICT (player, mode) DO NOTHING",
                    )
                    .bind(player)
                    .bind(&game.mode)
                    .bind(fresh.rating)
                    .bind(fresh.deviation)
                    .bind(fresh.volatility)
                    .execute(&mut *tx)
                    .await?;
                }
                let mut current = [fresh; 2];
                for (slot, player) in current.iter_mut().zip([&game.first_player, &game.second_player]) {
                    let row = sqlx::query(
                        "SELECT rating, deviation, volatility FROM ratings WHERE player = $1 AND mode = $2",
                    )
                    .bind(player)
                    .bind(&game.mode)
                    .fetch_one(&mut *tx)
                    .await?;
                    *slot = Rating {
                        rating: row.try_get(0)?,
                        deviation: row.try_get(1)?,
                        volatility: row.try_get(2)?,
                    };
                }
                let (first, second) = rating::update(current[0], current[1], game.score);
                let (w1, l1, d1) = match game.score {
                    Score::Win => (1i64, 0i64, 0i64),
                    Score::Loss => (0, 1, 0),
                    Score::Draw => (0, 0, 1),
                };
                for (player, new, (wins, losses, draws)) in [
                    (&game.first_player, first, (w1, l1, d1)),
                    (&game.second_player, second, (l1, w1, d1)),
                ] {
                    sqlx::query(
                        "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1, \
                         wins = wins + $6, losses = losses + $7, draws = draws + $8 WHERE player = $1 AND mode = $2",
                    )
                    .bind(player)
                    .bind(&game.mode)
                    .bind(new.rating)
                    .bind(new.deviation)
                    .bind(new.volatility)
                    .bind(wins)
                    .bind(losses)
                    .bind(draws)
                    .execute(&mut *tx)
                    .await?;
                }
                }
                sqlx::query(
                    "INSERT INTO games (room, game_number, mode, first_player, second_player, winner, result, moves, \
                     finished, rated, aborted, pdn) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                )
                .bind(w.id)
                .bind(game.game_number)
                .bind(&game.mode)
                .bind(&game.first_player)
                .bind(&game.second_player)
                .bind(game.winner.as_deref())
                .bind(&game.result)
                .bind(game.moves)
                .bind(w.now)
                .bind(rated)
                .bind(game.aborted)
                .bind(&game.pdn)
                .execute(&mut *tx)
                .await?;
            }
            if postgres {
                // Delivered to every listening process when (and only if) this commits.
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(format!("{} {}", w.id, w.read_seq + 1))
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Rooms whose deadline has passed (the sweep brings them up to date).
    pub(crate) async fn rooms_due(&self, now: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "SELECT id FROM rooms WHERE deadline IS NOT NULL AND deadline <= $1 AND quarantine IS NULL \
                 ORDER BY deadline LIMIT $2",
            )
            .bind(now)
            .bind(limit)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| row.try_get::<String, _>(0))
            .collect()
        })
    }

    /// Sets room `id` aside: it is not swept again (its deadline is
    /// cleared) and `why` is kept for an operator.
    pub(crate) async fn quarantine(&self, id: &str, why: &str) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query("UPDATE rooms SET quarantine = $1, deadline = NULL WHERE id = $2")
                .bind(why)
                .bind(id)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    /// The rooms waiting or in play that `player` sits in.
    pub(crate) async fn open_rooms(&self, player: &str) -> Result<i64, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "SELECT (SELECT COUNT(*) FROM rooms WHERE first_player = $1 AND state IN ('waiting', 'playing')) \
                 + (SELECT COUNT(*) FROM rooms WHERE second_player = $1 AND state IN ('waiting', 'playing'))",
            )
            .bind(player)
            .fetch_one(pool)
            .await?
            .try_get::<i64, _>(0)
        })
    }

    /// Deletes at most `limit` rooms whose `expires` has passed, with their
    /// seat keys (their games stay). Returns how many.
    pub(crate) async fn delete_expired_rooms(
        &self,
        now: i64,
        limit: i64,
    ) -> Result<u64, sqlx::Error> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let ids: Vec<String> = sqlx::query(
                "SELECT id FROM rooms WHERE expires IS NOT NULL AND expires <= $1 ORDER BY expires LIMIT $2",
            )
            .bind(now)
            .bind(limit)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?;
            let mut deleted = 0;
            for id in &ids {
                sqlx::query("DELETE FROM seat_keys WHERE room = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                // Still expired (a rematch in between would have cleared it).
                deleted += sqlx::query("DELETE FROM rooms WHERE id = $1 AND expires IS NOT NULL AND expires <= $2")
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
            }
            tx.commit().await?;
            Ok(deleted)
        })
    }

    /// Deletes at most `limit` players created before `before` who have no
    /// game and sit in no room. Returns their ids.
    pub(crate) async fn delete_idle_players(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let ids: Vec<String> = sqlx::query(
                "SELECT p.id FROM players p WHERE p.created < $1 \
                 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.first_player = p.id) \
                 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.second_player = p.id) \
                 AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.first_player = p.id) \
                 AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.second_player = p.id) \
                 ORDER BY p.created LIMIT $2",
            )
            .bind(before)
            .bind(limit)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?;
            for id in &ids {
                for sql in [
                    "DELETE FROM seat_keys WHERE player = $1",
                    "DELETE FROM ratings WHERE player = $1",
                    "DELETE FROM players WHERE id = $1",
                ] {
                    sqlx::query(sql).bind(id).execute(&mut *tx).await?;
                }
            }
            tx.commit().await?;
            Ok(ids)
        })
    }

    /// The best-rated players of `mode`, at most `limit`.
    pub async fn leaderboard(&self, mode: &str, limit: i64) -> Result<Vec<Ranked>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "SELECT r.player, p.name, r.rating, r.deviation, r.games, r.wins, r.losses, r.draws \
                 FROM ratings r JOIN players p ON p.id = r.player WHERE r.mode = $1 \
                 ORDER BY r.rating DESC, r.player LIMIT $2",
            )
            .bind(mode)
            .bind(limit)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                let player: String = row.try_get(0)?;
                let name: Option<String> = row.try_get(1)?;
                Ok(Ranked {
                    display: crate::names::display(name.as_deref(), &player),
                    player,
                    name,
                    rating: row.try_get(2)?,
                    deviation: row.try_get(3)?,
                    games: row.try_get(4)?,
                    wins: row.try_get(5)?,
                    losses: row.try_get(6)?,
                    draws: row.try_get(7)?,
                })
            })
            .collect()
        })
    }

    /// A player's finished games, newest first, at most `limit`.
    pub async fn player_games(
        &self,
        player: &str,
        limit: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query(
                "SELECT room, game_number, mode, first_player, second_player, winner, result, moves, finished, \
                 rated, aborted FROM games WHERE first_player = $1 OR second_player = $1 \
                 ORDER BY finished DESC, room, game_number LIMIT $2",
            )
            .bind(player)
            .bind(limit)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| {
                Ok(GameRow {
                    room: row.try_get(0)?,
                    game_number: row.try_get(1)?,
                    mode: row.try_get(2)?,
                    first_player: row.try_get(3)?,
                    second_player: row.try_get(4)?,
                    winner: row.try_get(5)?,
                    result: row.try_get(6)?,
                    moves: row.try_get(7)?,
                    finished: row.try_get(8)?,
                    rated: row.try_get(9)?,
                    aborted: row.try_get(10)?,
                })
            })
            .collect()
        })
    }

    /// Whether a player exists.
    pub(crate) async fn player_exists(&self, id: &str) -> Result<bool, sqlx::Error> {
        on_pool!(self, pool => {
            Ok(sqlx::query("SELECT 1 FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .is_some())
        })
    }
}

/// What `/healthz` and `/metrics` ask.
impl Db {
    /// Whether the database answers (`SELECT 1`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    /// How many rooms there are in each state.
    pub(crate) async fn rooms_by_state(&self) -> Result<Vec<(String, i64)>, sqlx::Error> {
        on_pool!(self, pool => {
            sqlx::query("SELECT state, COUNT(*) FROM rooms GROUP BY state ORDER BY state")
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
                .collect()
        })
    }
}
