//! The HTTP JSON API (documented in `server/README.md`).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use draughts::room::{Action, Pace, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::limit::Kind;
use crate::rating::Rating;
use crate::secret;
use crate::service::{App, Op, Snapshot};

type Shared = State<Arc<App>>;
type ApiResult = Result<Json<Value>, ApiError>;

/// The body as JSON of type `T`; an empty body is `T::default()` when `empty` is given.
fn parse<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    empty: Option<T>,
) -> Result<T, ApiError> {
    let body = body.map_err(|rejection| {
        let status = rejection.status();
        let kind = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "too_large"
        } else {
            "bad_request"
        };
        ApiError::new(status, kind, rejection.body_text())
    })?;
    if body.iter().all(u8::is_ascii_whitespace) {
        if let Some(value) = empty {
            return Ok(value);
        }
    }
    serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
}

/// The secret the `Authorization: Bearer` header carries.
fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthorized("missing Authorization: Bearer <player secret>"))?;
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.len() <= 256)
        .ok_or_else(|| {
            ApiError::unauthorized("the Authorization header is not `Bearer <player secret>`")
        })
}

/// The player whose secret the `Authorization: Bearer` header carries.
async fn player(app: &App, headers: &HeaderMap) -> Result<String, ApiError> {
    let hash = secret::hash_secret(bearer(headers)?);
    app.player_by_secret(&hash)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown player secret"))
}

/// The player the Bearer names in room `room`: by the player's secret, or by
/// a seat key of this room (a player's own link), which is good nowhere else.
async fn player_in(app: &App, headers: &HeaderMap, room: &str) -> Result<String, ApiError> {
    let hash = secret::hash_secret(bearer(headers)?);
    if let Some(id) = app.player_by_secret(&hash).await? {
        return Ok(id);
    }
    app.db
        .player_by_seat_key(room, &hash)
        .await?
        .ok_or_else(|| ApiError::unauthorized("unknown player secret or seat key of this room"))
}

#[derive(Deserialize, Default)]
struct NewPlayer {
    name: Option<String>,
}

/// `POST /api/players`
pub(crate) async fn create_player(
    State(app): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    app.limits.check(Kind::Players, peer.ip())?;
    let NewPlayer { name } = parse(body, Some(NewPlayer::default()))?;
    // NFKC, no invisible or control characters, trimmed, bounded.
    let name = match name {
        Some(name) => crate::names::clean(&name)?,
        None => None,
    };
    let id = secret::new_id();
    let secret = secret::new_secret();
    let now = i64::try_from(app.clock.now()).unwrap_or(i64::MAX);
    app.db
        .create_player(&id, &secret::hash_secret(&secret), name.as_deref(), now)
        .await?;
    Ok(Json(json!({"player": id, "secret": secret, "name": name})))
}

#[derive(Deserialize)]
struct NewRoom {
    mode: String,
    #[serde(default)]
    pace: Pace,
}

/// `POST /api/rooms`
pub(crate) async fn create_room(
    State(app): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    app.limits.check(Kind::Rooms, peer.ip())?;
    let who = player(&app, &headers).await?;
    let NewRoom { mode, pace } = parse(body, None)?;
    let (id, snap) = app.create_room(&who, &mode, pace).await?;
    Ok(Json(
        json!({"room": id, "seat": Seat::First, "view": snap.view, "seq": snap.seq}),
    ))
}

#[derive(Serialize)]
struct Card {
    player: String,
    name: Option<String>,
    /// The name with the id's first digits (`Ana #3f2a`).
    display: String,
    rating: Rating,
}

async fn card(app: &App, player: Option<&str>, mode: &str) -> Result<Option<Card>, ApiError> {
    let Some(player) = player else {
        return Ok(None);
    };
    Ok(app
        .db
        .player_card(player, mode)
        .await?
        .map(|(name, rating)| Card {
            player: player.to_owned(),
            display: crate::names::display(name.as_deref(), player),
            name,
            rating,
        }))
}

/// `GET /api/rooms/{room}` (public; with a player's Bearer, also `"seat"`).
pub(crate) async fn get_room(
    State(app): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let snap = app.snapshot(&id).await?;
    let players = [
        card(&app, Some(&snap.first_player), &snap.view.mode).await?,
        card(&app, snap.second_player.as_deref(), &snap.view.mode).await?,
    ];
    let seat = if headers.contains_key(header::AUTHORIZATION) {
        let who = player_in(&app, &headers, &id).await?;
        snap.seat_of(&who)
    } else {
        None
    };
    Ok(Json(
        json!({"room": id, "players": players, "seat": seat, "view": snap.view, "seq": snap.seq}),
    ))
}

fn answer(snap: &Snapshot, seat: Option<Seat>) -> Json<Value> {
    Json(json!({"seat": seat, "view": snap.view, "seq": snap.seq}))
}

/// `POST /api/rooms/{room}/join`
pub(crate) async fn join(
    State(app): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    app.limits.check(Kind::Joins, peer.ip())?;
    let who = player(&app, &headers).await?;
    let snap = app.change(&id, Op::Join(&who)).await?;
    Ok(answer(&snap, Some(Seat::Second)))
}

/// `POST /api/rooms/{room}/actions`
pub(crate) async fn act(
    State(app): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let who = player_in(&app, &headers, &id).await?;
    let action: Action = parse(body, None)?;
    if matches!(action, Action::Join) {
        app.limits.check(Kind::Joins, peer.ip())?;
    }
    let snap = app.change(&id, Op::Act(&who, &action)).await?;
    Ok(answer(&snap, snap.seat_of(&who)))
}

/// `POST /api/rooms/{room}/key`: a new seat key for the player's own link
/// (it replaces, and so revokes, the seat's older one).
pub(crate) async fn seat_key(
    State(app): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let who = player_in(&app, &headers, &id).await?;
    let snap = app.snapshot(&id).await?;
    let seat = snap.seat_of(&who).ok_or_else(ApiError::not_a_player)?;
    let key = secret::new_secret();
    let now = i64::try_from(app.clock.now()).unwrap_or(i64::MAX);
    app.db
        .set_seat_key(&id, &who, &secret::hash_secret(&key), now)
        .await?;
    Ok(Json(json!({"room": id, "seat": seat, "key": key})))
}

/// `GET /api/ratings/{mode}`: the best 100 of a mode.
pub(crate) async fn ratings(State(app): Shared, Path(mode): Path<String>) -> ApiResult {
    let board = app.db.leaderboard(&mode, 100).await?;
    Ok(Json(json!({"mode": mode, "players": board})))
}

/// `GET /api/players/{player}/games`: the last 100 finished games.
pub(crate) async fn games(State(app): Shared, Path(player): Path<String>) -> ApiResult {
    if !app.db.player_exists(&player).await? {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_player",
            "there is no player with this id",
        ));
    }
    let games = app.db.player_games(&player, 100).await?;
    Ok(Json(json!({"player": player, "games": games})))
}

/// Any other `/api/...` path.
pub(crate) async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API endpoint")
}
