//! The HTTP and WebSocket API, in-process over real sockets, with a fake
//! clock: every test runs against SQLite and against PostgreSQL (when
//! `DATABASE_URL`/`DRAUGHTS_TEST_POSTGRES` names one; with CI=true it must).

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{mv, next_json, Client, Player, Ws};
use draughts_server::{start, Config, FakeClock, RateLimits, Server};
use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

const T0: u64 = 1_750_000_000;

struct Site {
    client: Client,
    clock: FakeClock,
    _server: Server,
}

async fn site_with(url: String, limits: RateLimits) -> Site {
    let clock = FakeClock::new(T0);
    let mut config = Config::new(url);
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.sweep_every = Duration::from_millis(50);
    config.limits = limits;
    let server = start(config, Arc::new(clock.clone()))
        .await
        .expect("server starts");
    Site {
        client: Client::new(server.addr()),
        clock,
        _server: server,
    }
}

/// Runs each test once on SQLite and once on PostgreSQL (by default with
/// no rate limit; `limits ...;` first gives the sites those limits).
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        on_both!(@ sqlite, postgres, super::RateLimits::OFF; $($name),*);
    };
    (limits $limits:expr; $($name:ident),* $(,)?) => {
        on_both!(@ sqlite_limited, postgres_limited, $limits; $($name),*);
    };
    (@ $sqlite:ident, $postgres:ident, $limits:expr; $($name:ident),*) => {
        mod $sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                super::$name(super::site_with(super::common::sqlite_url(), $limits).await).await
            })*
        }
        mod $postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                match super::common::postgres_schema_url().await {
                    Some(url) => super::$name(super::site_with(url, $limits).await).await,
                    // Straight to stderr (the test harness captures eprintln!): a
                    // skipped PostgreSQL run is seen even when the tests pass.
                    None => {
                        let _ = std::io::Write::write_all(
                            &mut std::io::stderr(),
                            concat!("warning: ", stringify!($name), " skipped on PostgreSQL: no DATABASE_URL / DRAUGHTS_TEST_POSTGRES\n").as_bytes(),
                        );
                    }
                }
            })*
        }
    };
}

on_both!(
    a_game_by_link_from_creation_to_rating,
    the_joiner_sees_the_mode_before_accepting,
    websocket_pushes_every_change_and_a_spectator_socket_cannot_act,
    missing_or_wrong_secret_is_refused_and_changes_nothing,
    a_player_of_no_seat_cannot_act,
    out_of_turn_move_is_refused,
    illegal_and_malformed_moves_are_refused,
    malformed_json_is_refused,
    oversized_body_is_refused,
    a_finished_room_refuses_moves,
    expiry_after_seven_days_to_the_second,
    absence_claim_after_two_days_to_the_second,
    live_move_time_to_the_second_and_the_sweep_pushes_the_loss,
    sql_looking_names_are_stored_verbatim,
    joining_own_or_full_room_is_refused,
    unknown_room_mode_and_path,
    draw_offer_accepted_is_a_rated_draw,
    rematch_swaps_the_sides_in_the_same_room,
    simultaneous_identical_moves_apply_once,
    a_seat_key_acts_in_its_room_only_and_a_new_one_revokes_it,
);

/// The rate-limit tests' limits (a minute, per address): small enough to
/// reach, different so that each test shows its own limit.
const TIGHT: RateLimits = RateLimits {
    players_per_minute: 3,
    rooms_per_minute: 4,
    joins_per_minute: 2,
};

on_both!(
    limits super::TIGHT;
    players_over_the_rate_limit_get_429,
    rooms_over_the_rate_limit_get_429,
    joins_over_the_rate_limit_get_429,
);

/// A POST's status, `Retry-After` header and JSON body.
async fn post_raw(
    s: &Site,
    path: &str,
    secret: Option<&str>,
    body: Value,
) -> (StatusCode, Option<u64>, Value) {
    let mut req = s.client.http.post(format!("{}{path}", s.client.base));
    if let Some(secret) = secret {
        req = req.bearer_auth(secret);
    }
    let res = req.json(&body).send().await.expect("request");
    let status = res.status();
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().expect("Retry-After is seconds"));
    (status, retry, res.json().await.expect("a JSON body"))
}

/// A 429 as the API's other errors are: a JSON kind and message, and when to retry.
fn assert_rate_limited(answer: &(StatusCode, Option<u64>, Value), what: &str) {
    let (status, retry, body) = answer;
    assert_eq!(*status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "rate_limited");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains(what), "{message}");
    // TIGHT gives one more every 60/n s: the wait is a whole number of seconds up to that.
    let retry = retry.expect("a Retry-After header");
    assert!((1..=30).contains(&retry), "Retry-After {retry}");
    assert!(message.contains(&format!("{retry} s")), "{message}");
}

async fn players_over_the_rate_limit_get_429(s: Site) {
    for n in 0..TIGHT.players_per_minute {
        s.client.player(&format!("p{n}")).await;
    }
    let refused = post_raw(&s, "/api/players", None, json!({"name": "one too many"})).await;
    assert_rate_limited(&refused, "new players");
    // The limit is per address: another loopback address still makes one.
    let other = Client {
        base: s.client.base.clone(),
        http: reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
            .build()
            .unwrap(),
    };
    other.player("from elsewhere").await;
    // The refused address makes no player, and still may do the rest.
    let (status, _, v) = post_raw(&s, "/api/players", None, json!({})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
}

async fn rooms_over_the_rate_limit_get_429(s: Site) {
    let a = s.client.player("Ana").await;
    let mut rooms = Vec::new();
    for _ in 0..TIGHT.rooms_per_minute {
        let (status, _, v) = post_raw(
            &s,
            "/api/rooms",
            Some(&a.secret),
            json!({"mode": "english"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        rooms.push(v["room"].as_str().unwrap().to_owned());
    }
    let refused = post_raw(
        &s,
        "/api/rooms",
        Some(&a.secret),
        json!({"mode": "english"}),
    )
    .await;
    assert_rate_limited(&refused, "new rooms");
    assert_eq!(refused.2.get("room"), None, "no room made");
    // Reads are not limited: each room made is there, waiting.
    for room in &rooms {
        assert_eq!(view(&s, room).await["state"], "waiting");
    }
}

async fn joins_over_the_rate_limit_get_429(s: Site) {
    let (a, b) = players(&s).await;
    let mut rooms = Vec::new();
    for _ in 0..3 {
        let (status, _, v) = post_raw(
            &s,
            "/api/rooms",
            Some(&a.secret),
            json!({"mode": "english"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        rooms.push(v["room"].as_str().unwrap().to_owned());
    }
    for room in &rooms[..2] {
        let (status, _, v) = post_raw(
            &s,
            &format!("/api/rooms/{room}/join"),
            Some(&b.secret),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    let refused = post_raw(
        &s,
        &format!("/api/rooms/{}/join", rooms[2]),
        Some(&b.secret),
        json!({}),
    )
    .await;
    assert_rate_limited(&refused, "joins");
    // A join action counts as a join too.
    let refused = post_raw(
        &s,
        &format!("/api/rooms/{}/actions", rooms[2]),
        Some(&b.secret),
        json!({"type": "join"}),
    )
    .await;
    assert_rate_limited(&refused, "joins");
    assert_eq!(
        view(&s, &rooms[2]).await["state"],
        "waiting",
        "a refused join changes nothing"
    );
    // Moves are not limited: the joined games go on.
    let v = view(&s, &rooms[0]).await;
    let (status, v) = s.client.act(&rooms[0], &a, mv(&first_legal(&v))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

/// The room's view, as `GET` shows it.
async fn view(s: &Site, room: &str) -> Value {
    s.client.view(room).await["view"].clone()
}

fn first_legal(view: &Value) -> String {
    view["legal_moves"][0]
        .as_str()
        .expect("a legal move")
        .to_owned()
}

/// Plays `n` plies, each the first legal move of the seat to move (`a`
/// sits first, `b` second); the last answer. Two moves each make a game
/// long enough to be rated (a shorter one is aborted).
async fn plies(s: &Site, room: &str, a: &Player, b: &Player, n: usize) -> Value {
    let mut res = json!({ "view": view(s, room).await });
    for _ in 0..n {
        let who = if res["view"]["turn"] == "first" { a } else { b };
        let (status, next) = s
            .client
            .act(room, who, mv(&first_legal(&res["view"])))
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        res = next;
    }
    res
}

async fn players(s: &Site) -> (Player, Player) {
    (s.client.player("Ana").await, s.client.player("Beto").await)
}

async fn a_game_by_link_from_creation_to_rating(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let v = view(&s, &room).await;
    assert_eq!(v["turn"], "first");
    let (status, res) = s.client.act(&room, &a, mv(&first_legal(&v))).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["seat"], "first");
    assert_eq!(res["view"]["moves"].as_array().unwrap().len(), 1);
    // Two moves each: a game to rate.
    plies(&s, &room, &a, &b, 3).await;
    let (status, res) = s.client.act(&room, &b, json!({"type": "resign"})).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["view"]["state"], "finished");
    assert_eq!(res["view"]["result"]["type"], "win", "{res}");
    assert_eq!(res["view"]["result"]["seat"], "first", "{res}");

    // The game is listed for both players, with its winner.
    for p in [&a, &b] {
        let (status, g) = s
            .client
            .get(&format!("/api/players/{}/games", p.id), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let games = g["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{g}");
        assert_eq!(games[0]["winner"], a.id.as_str());
        assert_eq!(games[0]["room"], room.as_str());
        assert_eq!(games[0]["moves"], 4);
    }
    // Ratings: one Glicko-2 update from the defaults (the crate's own numbers).
    let (w, l) = draughts_server::rating::update(
        Default::default(),
        Default::default(),
        draughts_server::rating::Score::Win,
    );
    let (status, board) = s.client.get("/api/ratings/english", None).await;
    assert_eq!(status, StatusCode::OK);
    let rows = board["players"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{board}");
    assert_eq!(rows[0]["player"], a.id.as_str());
    assert!((rows[0]["rating"].as_f64().unwrap() - w.rating).abs() < 1e-9);
    assert!((rows[1]["rating"].as_f64().unwrap() - l.rating).abs() < 1e-9);
    assert_eq!(rows[0]["wins"], 1);
    assert_eq!(rows[1]["losses"], 1);
    // Another mode has its own (empty) ranking.
    let (_, board) = s.client.get("/api/ratings/spanish", None).await;
    assert_eq!(board["players"], json!([]));
    // The room shows both players with their rating in its mode.
    let r = s.client.view(&room).await;
    assert_eq!(r["players"][0]["name"], "Ana");
    assert!((r["players"][0]["rating"]["rating"].as_f64().unwrap() - w.rating).abs() < 1e-9);
}

async fn the_joiner_sees_the_mode_before_accepting(s: Site) {
    let (a, b) = players(&s).await;
    let (status, res) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "spanish"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["seat"], "first");
    let room = res["room"].as_str().unwrap().to_owned();
    let (status, r) = s
        .client
        .get(&format!("/api/rooms/{room}"), Some(&b.secret))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(r["view"]["mode"], "spanish");
    assert_eq!(r["view"]["state"], "waiting");
    assert_eq!(r["view"]["rules"]["pace"], "correspondence");
    assert_eq!(r["players"][1], Value::Null);
    assert_eq!(r["seat"], Value::Null, "not seated before joining");
    let (status, res) = s
        .client
        .post(
            &format!("/api/rooms/{room}/join"),
            Some(&b.secret),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["seat"], "second");
    let (_, r) = s
        .client
        .get(&format!("/api/rooms/{room}"), Some(&b.secret))
        .await;
    assert_eq!(r["seat"], "second");
    assert_eq!(r["players"][1]["name"], "Beto");
}

async fn socket(s: &Site, room: &str) -> Ws {
    let url = format!(
        "{}/api/rooms/{room}/live",
        s.client.base.replace("http://", "ws://")
    );
    tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket")
        .0
}

async fn websocket_pushes_every_change_and_a_spectator_socket_cannot_act(s: Site) {
    let (a, b) = players(&s).await;
    let (_, res) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    let room = res["room"].as_str().unwrap().to_owned();
    let mut ws = socket(&s, &room).await;
    let first = next_json(&mut ws).await;
    assert_eq!(first["view"]["state"], "waiting");
    let seq0 = first["seq"].as_i64().unwrap();
    s.client
        .post(
            &format!("/api/rooms/{room}/join"),
            Some(&b.secret),
            json!({}),
        )
        .await;
    let joined = next_json(&mut ws).await;
    assert_eq!(joined["view"]["state"], "playing");
    assert_eq!(joined["seq"].as_i64().unwrap(), seq0 + 1);
    let m = first_legal(&joined["view"]);
    let (status, res) = s.client.act(&room, &a, mv(&m)).await;
    assert_eq!(status, StatusCode::OK);
    let moved = next_json(&mut ws).await;
    assert_eq!(moved["view"]["moves"], json!([m]));
    assert_eq!(moved["seq"], res["seq"]);

    // A spectator's socket: sending an action gets an error, nothing changes.
    let reply_to = second_legal_or_first(&moved["view"]);
    ws.send(Message::Text(mv(&reply_to).to_string().into()))
        .await
        .unwrap();
    let err = next_json(&mut ws).await;
    assert_eq!(err["error"], "read_only", "{err}");
    let after = s.client.view(&room).await;
    assert_eq!(after["seq"], res["seq"]);
    assert_eq!(after["view"]["moves"], json!([m]));
}

fn second_legal_or_first(view: &Value) -> String {
    let moves = view["legal_moves"].as_array().unwrap();
    moves
        .get(1)
        .unwrap_or(&moves[0])
        .as_str()
        .unwrap()
        .to_owned()
}

/// The room's seq and moves, to check a refused call changed nothing.
async fn state_of(s: &Site, room: &str) -> (Value, Value) {
    let r = s.client.view(room).await;
    (r["seq"].clone(), r["view"]["moves"].clone())
}

async fn missing_or_wrong_secret_is_refused_and_changes_nothing(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let m = first_legal(&view(&s, &room).await);
    let path = format!("/api/rooms/{room}/actions");
    let (status, e) = s.client.post(&path, None, mv(&m)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(e["error"], "unauthorized");
    let wrong = format!("{}0", &a.secret[1..]);
    let (status, _) = s.client.post(&path, Some(&wrong), mv(&m)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = s.client.post(&path, Some(&a.id), mv(&m)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the public id is not the secret"
    );
    let (status, _) = s
        .client
        .post("/api/rooms", None, json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(state_of(&s, &room).await, before);
}

async fn a_player_of_no_seat_cannot_act(s: Site) {
    let (a, b) = players(&s).await;
    let c = s.client.player("Carla").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let m = first_legal(&view(&s, &room).await);
    let (status, e) = s.client.act(&room, &c, mv(&m)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
    assert_eq!(e["error"], "not_a_player");
    let (status, _) = s.client.act(&room, &c, json!({"type": "resign"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(state_of(&s, &room).await, before);
}

async fn out_of_turn_move_is_refused(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let m = first_legal(&view(&s, &room).await);
    let (status, e) = s.client.act(&room, &b, mv(&m)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "not_your_turn");
    assert_eq!(state_of(&s, &room).await, before);
}

async fn illegal_and_malformed_moves_are_refused(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let (status, e) = s.client.act(&room, &a, mv("1-32")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "illegal_move");
    // The message says why (Black's man on 1 is blocked at the start).
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .ends_with("the piece on 1 cannot move there: it has no legal move"),
        "{e}"
    );
    let (status, e) = s.client.act(&room, &a, mv("no move")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert!(
        e["error"] == "malformed_move" || e["error"] == "illegal_move",
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().len() > 5);
    assert_eq!(state_of(&s, &room).await, before);
}

async fn malformed_json_is_refused(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let path = format!("/api/rooms/{room}/actions");
    for body in [
        "{not json",
        r#"{"type":"fly"}"#,
        r#"{"type":"move"}"#,
        "[]",
        "",
    ] {
        let (status, e) = s
            .client
            .send(
                reqwest::Method::POST,
                &path,
                Some(&a.secret),
                Some(body.to_owned()),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {e}");
        assert_eq!(e["error"], "bad_request");
    }
    let (status, _) = s
        .client
        .send(
            reqwest::Method::POST,
            "/api/players",
            None,
            Some(r#"{"name": 5}"#.into()),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(state_of(&s, &room).await, before);
}

async fn oversized_body_is_refused(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let before = state_of(&s, &room).await;
    let huge = mv(&"1".repeat(draughts_server::MAX_BODY + 1));
    let (status, e) = s.client.act(&room, &a, huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    assert_eq!(e["error"], "too_large");
    let (status, _) = s
        .client
        .post("/api/players", None, json!({"name": "x".repeat(41)}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a name of 41 characters");
    assert_eq!(state_of(&s, &room).await, before);
}

async fn a_finished_room_refuses_moves(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let m = first_legal(&view(&s, &room).await);
    let (status, _) = s.client.act(&room, &a, json!({"type": "resign"})).await;
    assert_eq!(status, StatusCode::OK);
    let before = state_of(&s, &room).await;
    let (status, e) = s.client.act(&room, &a, mv(&m)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "not_playing");
    let (status, _) = s.client.act(&room, &b, json!({"type": "resign"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(state_of(&s, &room).await, before);
}

async fn expiry_after_seven_days_to_the_second(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let m = first_legal(&view(&s, &room).await);
    s.clock.advance(100);
    let (status, res) = s.client.act(&room, &a, mv(&m)).await;
    assert_eq!(status, StatusCode::OK);
    let expires = res["view"]["expires_at"].as_u64().unwrap();
    // The library counts "no move for more than 7 days", as for absence.
    assert_eq!(
        expires,
        T0 + 100 + 604_800 + 1,
        "7 days after the last move"
    );
    s.clock.set(expires - 1);
    let v = view(&s, &room).await;
    assert_eq!(v["state"], "playing", "one second before");
    s.clock.set(expires);
    let v = view(&s, &room).await;
    assert_eq!(v["state"], "expired");
    assert_eq!(v["result"], Value::Null, "no winner");
    let before = state_of(&s, &room).await;
    let (status, e) = s
        .client
        .act(&room, &b, mv(&first_legal_of_any(&s, &room).await))
        .await;
    assert!(
        status == StatusCode::GONE || status == StatusCode::CONFLICT,
        "{e}"
    );
    assert!(
        e["error"] == "expired" || e["error"] == "not_playing",
        "{e}"
    );
    assert_eq!(state_of(&s, &room).await, before);
    let (_, g) = s
        .client
        .get(&format!("/api/players/{}/games", a.id), None)
        .await;
    assert_eq!(g["games"], json!([]), "an expired game is not rated");
}

/// Some move text (the room may have no legal moves left to show).
async fn first_legal_of_any(s: &Site, room: &str) -> String {
    view(s, room).await["legal_moves"][0]
        .as_str()
        .unwrap_or("11-15")
        .to_owned()
}

async fn absence_claim_after_two_days_to_the_second(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    // Five plies (a game long enough to rate): the second seat is to move.
    let res = plies(&s, &room, &a, &b, 5).await;
    let at = res["view"]["absence_claimable_at"].as_u64().unwrap();
    assert_eq!(at, T0 + 172_800 + 1, "more than two days");
    s.clock.set(at - 1);
    let before = state_of(&s, &room).await;
    let (status, e) = s
        .client
        .act(&room, &a, json!({"type": "claim_absence"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "too_early");
    let (status, e) = s
        .client
        .act(&room, &b, json!({"type": "claim_absence"}))
        .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the absent player cannot claim: {e}"
    );
    assert_eq!(state_of(&s, &room).await, before);
    s.clock.set(at);
    let (status, res) = s
        .client
        .act(&room, &a, json!({"type": "claim_absence"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["view"]["state"], "finished");
    assert_eq!(res["view"]["result"]["seat"], "first");
    assert_eq!(res["view"]["result"]["reason"], "absence");
    let (_, g) = s
        .client
        .get(&format!("/api/players/{}/games", b.id), None)
        .await;
    assert_eq!(g["games"][0]["winner"], a.id.as_str());
}

async fn live_move_time_to_the_second_and_the_sweep_pushes_the_loss(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "live").await;
    let v = view(&s, &room).await;
    assert_eq!(v["rules"]["move_time"], 60);
    let deadline = v["move_deadline"].as_u64().unwrap();
    assert_eq!(deadline, T0 + 60);
    s.clock.set(deadline);
    let (status, res) = s.client.act(&room, &a, mv(&first_legal(&v))).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a move at the last second is in time: {res}"
    );
    // Four more plies at that second (a game long enough to rate).
    let res = plies(&s, &room, &a, &b, 4).await;
    let deadline = res["view"]["move_deadline"].as_u64().unwrap();
    assert_eq!(deadline, T0 + 120);
    let mut ws = socket(&s, &room).await;
    let _ = next_json(&mut ws).await;
    // One second late: the sweep (no request) records the loss and pushes it.
    s.clock.set(deadline + 1);
    let over = next_json(&mut ws).await;
    assert_eq!(over["view"]["state"], "finished", "{over}");
    assert_eq!(over["view"]["result"]["seat"], "first");
    assert_eq!(over["view"]["result"]["reason"], "time");
    let (status, _) = s
        .client
        .act(&room, &b, mv(&second_legal_or_first(&res["view"])))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, g) = s
        .client
        .get(&format!("/api/players/{}/games", a.id), None)
        .await;
    assert_eq!(g["games"][0]["winner"], a.id.as_str());
}

async fn sql_looking_names_are_stored_verbatim(s: Site) {
    let names = [
        "Robert'); DROP TABLE players;--",
        "' OR '1'='1",
        "\"; DELETE FROM rooms; --",
        "ñandú 🐢",
    ];
    for name in names {
        let p = s.client.player(name).await;
        let (status, res) = s
            .client
            .post("/api/rooms", Some(&p.secret), json!({"mode": "english"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let r = s.client.view(res["room"].as_str().unwrap()).await;
        assert_eq!(r["players"][0]["name"], name);
    }
    // A mode name in the path is a bound value too.
    let (status, board) = s.client.get("/api/ratings/x'%20OR%20'1'='1", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(board["players"], json!([]));
}

async fn joining_own_or_full_room_is_refused(s: Site) {
    let (a, b) = players(&s).await;
    let c = s.client.player("Carla").await;
    let (_, res) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    let room = res["room"].as_str().unwrap().to_owned();
    let join = format!("/api/rooms/{room}/join");
    let (status, e) = s.client.post(&join, Some(&a.secret), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "seat_taken");
    assert_eq!(view(&s, &room).await["state"], "waiting");
    let (status, _) = s.client.post(&join, Some(&b.secret), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let before = state_of(&s, &room).await;
    let (status, e) = s.client.post(&join, Some(&c.secret), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(e["error"], "seat_taken");
    assert_eq!(state_of(&s, &room).await, before);
}

async fn unknown_room_mode_and_path(s: Site) {
    let a = s.client.player("").await;
    let (status, e) = s.client.get("/api/rooms/0123456789abcdef", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "no_room");
    let (status, e) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "chess"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(e["error"], "unknown_mode");
    let (status, e) = s
        .client
        .post(
            "/api/rooms",
            Some(&a.secret),
            json!({"mode": "english", "pace": "blitz"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    let (status, e) = s.client.get("/api/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "not_found");
    let (status, _) = s.client.get("/api/players/nobody/games", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn draw_offer_accepted_is_a_rated_draw(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    plies(&s, &room, &a, &b, 4).await;
    let (status, e) = s
        .client
        .act(&room, &b, json!({"type": "accept_draw"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(e["error"], "no_draw_offer");
    let (status, res) = s.client.act(&room, &a, json!({"type": "offer_draw"})).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["view"]["draw_offer"], "first");
    let (status, e) = s
        .client
        .act(&room, &a, json!({"type": "accept_draw"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(e["error"], "own_draw_offer");
    let (status, res) = s
        .client
        .act(&room, &b, json!({"type": "accept_draw"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["view"]["state"], "finished");
    assert_eq!(res["view"]["result"]["type"], "draw", "{res}");
    let (_, g) = s
        .client
        .get(&format!("/api/players/{}/games", a.id), None)
        .await;
    assert_eq!(g["games"][0]["winner"], Value::Null);
    let (_, board) = s.client.get("/api/ratings/english", None).await;
    assert_eq!(board["players"][0]["draws"], 1);
    assert_eq!(board["players"][1]["draws"], 1);
}

async fn rematch_swaps_the_sides_in_the_same_room(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let first_colors = view(&s, &room).await["colors"].clone();
    let (status, e) = s.client.act(&room, &a, json!({"type": "rematch"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "no rematch while playing");
    assert_eq!(e["error"], "rematch_unavailable");
    s.client.act(&room, &b, json!({"type": "resign"})).await;
    let (status, res) = s.client.act(&room, &b, json!({"type": "rematch"})).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    assert_eq!(res["view"]["rematch"], json!(["second"]));
    let (status, res) = s.client.act(&room, &a, json!({"type": "rematch"})).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    let v = &res["view"];
    assert_eq!(v["game_number"], 2);
    assert_eq!(v["state"], "playing");
    assert_eq!(
        v["turn"], "second",
        "the previous second player moves first"
    );
    assert_eq!(v["colors"][0], first_colors[1]);
    assert_eq!(v["colors"][1], first_colors[0]);
    let (status, _) = s.client.act(&room, &b, mv(&first_legal(v))).await;
    assert_eq!(status, StatusCode::OK);
    let (_, g) = s
        .client
        .get(&format!("/api/players/{}/games", a.id), None)
        .await;
    assert_eq!(g["games"].as_array().unwrap().len(), 1);
}

async fn simultaneous_identical_moves_apply_once(s: Site) {
    let (a, b) = players(&s).await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let m = first_legal(&view(&s, &room).await);
    let tries = (0..8).map(|_| {
        let client = s.client.clone();
        let (room, a, m) = (room.clone(), a.clone(), m.clone());
        tokio::spawn(async move { client.act(&room, &a, mv(&m)).await.0 })
    });
    let mut ok = 0;
    for t in tries {
        match t.await.unwrap() {
            StatusCode::OK => ok += 1,
            StatusCode::CONFLICT => {}
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(ok, 1);
    let (seq, moves) = state_of(&s, &room).await;
    assert_eq!(moves, json!([m]));
    assert_eq!(seq, 3, "created, joined, one move");
}

async fn a_seat_key_acts_in_its_room_only_and_a_new_one_revokes_it(s: Site) {
    let (a, b) = players(&s).await;
    let c = s.client.player("Caio").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let other = s.client.room(&a, &b, "english", "correspondence").await;
    let key_of = |who: &Player, room: &str| {
        let (client, secret, room) = (s.client.clone(), who.secret.clone(), room.to_owned());
        async move {
            client
                .post(&format!("/api/rooms/{room}/key"), Some(&secret), json!({}))
                .await
        }
    };
    let (status, v) = key_of(&a, &room).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["seat"], "first");
    let key = Player {
        id: a.id.clone(),
        secret: v["key"].as_str().unwrap().to_owned(),
    };
    assert_eq!(key.secret.len(), 64, "256 bits, hex");
    assert_ne!(key.secret, a.secret);
    // In its room the key is the player: the seat, and a move.
    let (status, v) = s
        .client
        .get(&format!("/api/rooms/{room}"), Some(&key.secret))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["seat"], "first");
    let m = first_legal(&view(&s, &room).await);
    let (status, v) = s.client.act(&room, &key, mv(&m)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["moves"].as_array().unwrap().len(), 1);
    // Anywhere else it is nobody: another room of the same player, a new room.
    let before = state_of(&s, &other).await;
    let m = first_legal(&view(&s, &other).await);
    let (status, v) = s.client.act(&other, &key, mv(&m)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{v}");
    assert_eq!(v["error"], "unauthorized");
    assert_eq!(state_of(&s, &other).await, before, "nothing changed");
    let (status, v) = s
        .client
        .post("/api/rooms", Some(&key.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{v}");
    // A spectator gets no key; no secret, none either.
    let (status, v) = key_of(&c, &room).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["error"], "not_a_player");
    let (status, _) = s
        .client
        .post(&format!("/api/rooms/{room}/key"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A new key revokes the old one.
    let (status, v) = key_of(&a, &room).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let fresh = v["key"].as_str().unwrap().to_owned();
    let (status, v) = s
        .client
        .get(&format!("/api/rooms/{room}"), Some(&key.secret))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{v}");
    let (status, v) = s
        .client
        .get(&format!("/api/rooms/{room}"), Some(&fresh))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["seat"], "first");
}
