//! Rooms and ratings fit for strangers, in-process over real sockets with a
//! fake clock, each test on SQLite and on PostgreSQL (when `DATABASE_URL` /
//! `DRAUGHTS_TEST_POSTGRES` names one; with CI=true it must): aborted games
//! and the rated games a day between two players (farming), the limit of
//! actions per player, display names, a sweep that one bad room cannot
//! stop, and storage that does not grow (one row a finished game, the
//! rematch window, the retention job, the open rooms per player).

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{mv, Client, Player};
use draughts_server::rating::{self, Rating, Score};
use draughts_server::{start, Config, Db, FakeClock, Policy, RateLimits, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;

const T0: u64 = 1_750_000_000;
const DAY: u64 = 24 * 3600;

struct Site {
    client: Client,
    clock: FakeClock,
    server: Server,
    url: String,
}

async fn site_with(url: String, policy: Policy) -> Site {
    let clock = FakeClock::new(T0);
    let mut config = Config::new(url.clone());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.sweep_every = Duration::from_millis(50);
    config.limits = RateLimits::OFF;
    config.policy = policy;
    let server = start(config, Arc::new(clock.clone()))
        .await
        .expect("server starts");
    Site {
        client: Client::new(server.addr()),
        clock,
        server,
        url,
    }
}

/// Runs each test once on SQLite and once on PostgreSQL, each with the
/// policy that the function after `=>` gives.
macro_rules! on_both {
    ($($name:ident => $policy:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                super::$name(super::site_with(super::common::sqlite_url(), super::$policy()).await).await
            })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                match super::common::postgres_schema_url().await {
                    Some(url) => super::$name(super::site_with(url, super::$policy()).await).await,
                    None => eprintln!("skipped: no DATABASE_URL / DRAUGHTS_TEST_POSTGRES"),
                }
            })*
        }
    };
}

on_both!(
    a_game_stopped_before_two_moves_each_is_aborted_and_not_rated => defaults,
    twenty_resign_rematch_cycles_rate_no_more_than_three_games => defaults,
    actions_over_the_per_player_limit_get_429 => five_actions,
    names_are_normalised_spoofs_refused_and_shown_with_an_id => defaults,
    one_room_that_does_not_restore_does_not_stop_the_sweep => defaults,
    each_finished_game_is_stored_once_and_the_room_keeps_one => defaults,
    rooms_past_the_rematch_window_and_idle_players_are_deleted => short_retention,
    open_rooms_per_player_are_bounded => two_open_rooms,
);

fn defaults() -> Policy {
    Policy::default()
}

fn five_actions() -> Policy {
    Policy {
        actions_per_minute: 5,
        ..Policy::default()
    }
}

fn short_retention() -> Policy {
    Policy {
        rematch_window: 3600,
        idle_player_after: DAY,
        ..Policy::default()
    }
}

fn two_open_rooms() -> Policy {
    Policy {
        open_rooms_per_player: 2,
        ..Policy::default()
    }
}

/// One integer (or NULL) read from the server's database.
async fn sql_i64(s: &Site, sql: &str, id: &str) -> Option<i64> {
    match s.server.db() {
        Db::Sqlite(pool) => sqlx::query(sql)
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
        Db::Postgres(pool) => sqlx::query(sql)
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
    }
}

/// One text (or NULL) read from the server's database.
async fn sql_text(s: &Site, sql: &str, id: &str) -> Option<String> {
    match s.server.db() {
        Db::Sqlite(pool) => sqlx::query(sql)
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
        Db::Postgres(pool) => sqlx::query(sql)
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
            .get(0),
    }
}

/// Runs one statement with `id` as `$1`.
async fn sql_exec(s: &Site, sql: &str, id: &str) {
    match s.server.db() {
        Db::Sqlite(pool) => drop(sqlx::query(sql).bind(id).execute(pool).await.unwrap()),
        Db::Postgres(pool) => drop(sqlx::query(sql).bind(id).execute(pool).await.unwrap()),
    }
}

/// Waits (at most 10 s) until `check` holds.
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("not within 10 s: {what}");
}

async fn view(s: &Site, room: &str) -> Value {
    s.client.view(room).await["view"].clone()
}

/// Plays `plies` moves, each the first legal move, by whoever is to move.
async fn play(s: &Site, room: &str, seats: [&Player; 2], plies: usize) -> Value {
    let mut v = view(s, room).await;
    for _ in 0..plies {
        let who = if v["turn"] == "first" {
            seats[0]
        } else {
            seats[1]
        };
        let text = v["legal_moves"][0]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let (status, res) = s.client.act(room, who, mv(&text)).await;
        assert_eq!(status, StatusCode::OK, "{res}");
        v = res["view"].clone();
    }
    v
}

async fn ok(s: &Site, room: &str, who: &Player, action: Value) -> Value {
    let (status, res) = s.client.act(room, who, action).await;
    assert_eq!(status, StatusCode::OK, "{res}");
    res
}

async fn board(s: &Site, mode: &str) -> Vec<Value> {
    let (status, b) = s.client.get(&format!("/api/ratings/{mode}"), None).await;
    assert_eq!(status, StatusCode::OK, "{b}");
    b["players"].as_array().unwrap().clone()
}

async fn games_of(s: &Site, p: &Player) -> Vec<Value> {
    let (status, g) = s
        .client
        .get(&format!("/api/players/{}/games", p.id), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    g["games"].as_array().unwrap().clone()
}

async fn a_game_stopped_before_two_moves_each_is_aborted_and_not_rated(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    // Black (Ana) has made two moves, White one: still too short.
    play(&s, &room, [&a, &b], 3).await;
    let res = ok(&s, &room, &b, json!({"type": "resign"})).await;
    assert_eq!(res["view"]["state"], "finished");
    assert_eq!(res["view"]["result"]["type"], "aborted", "{res}");
    assert_eq!(res["view"]["result"]["reason"], "resignation");
    let text = res["view"]["result_text"].as_str().unwrap();
    assert!(text.starts_with("Game aborted"), "{text}");
    let games = games_of(&s, &a).await;
    assert_eq!(games.len(), 1, "the aborted game is listed");
    assert_eq!(games[0]["aborted"], true);
    assert_eq!(games[0]["rated"], false);
    assert_eq!(games[0]["winner"], Value::Null);
    assert!(board(&s, "english").await.is_empty(), "nobody is rated");

    // A rematch may follow; with two moves each, a resignation counts.
    ok(&s, &room, &a, json!({"type": "rematch"})).await;
    ok(&s, &room, &b, json!({"type": "rematch"})).await;
    play(&s, &room, [&a, &b], 4).await;
    let res = ok(&s, &room, &b, json!({"type": "resign"})).await;
    assert_eq!(res["view"]["result"]["type"], "win", "{res}");
    let rows = board(&s, "english").await;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["player"], a.id.as_str());
    assert_eq!(rows[0]["wins"], 1);
}

/// The farming loop of two identities: resign, rematch, again.
async fn twenty_resign_rematch_cycles_rate_no_more_than_three_games(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    for cycle in 0..20 {
        // Two moves each (not aborted), then Ana resigns: Beto wins.
        play(&s, &room, [&a, &b], 4).await;
        let res = ok(&s, &room, &a, json!({"type": "resign"})).await;
        assert_eq!(res["view"]["result"]["type"], "win", "cycle {cycle}: {res}");
        ok(&s, &room, &a, json!({"type": "rematch"})).await;
        ok(&s, &room, &b, json!({"type": "rematch"})).await;
    }
    // Three wins move Beto's rating as three rated games do, and no more.
    let (mut winner, mut loser) = (Rating::default(), Rating::default());
    for _ in 0..3 {
        (winner, loser) = rating::update(winner, loser, Score::Win);
    }
    let rows = board(&s, "english").await;
    assert_eq!(rows[0]["player"], b.id.as_str());
    assert_eq!(
        (rows[0]["games"].clone(), rows[0]["wins"].clone()),
        (json!(3), json!(3))
    );
    assert!((rows[0]["rating"].as_f64().unwrap() - winner.rating).abs() < 1e-9);
    assert!((rows[1]["rating"].as_f64().unwrap() - loser.rating).abs() < 1e-9);
    assert!(winner.rating < 1800.0, "{}", winner.rating);
    // Every game is stored; three are rated.
    let games = games_of(&s, &b).await;
    assert_eq!(games.len(), 20);
    assert_eq!(games.iter().filter(|g| g["rated"] == true).count(), 3);
    assert!(games.iter().all(|g| g["winner"] == b.id.as_str()));

    // A day after the first rated game, one more counts.
    s.clock.set(T0 + DAY + 1);
    play(&s, &room, [&a, &b], 4).await;
    ok(&s, &room, &a, json!({"type": "resign"})).await;
    let rows = board(&s, "english").await;
    assert_eq!(rows[0]["games"], 4);
}

async fn actions_over_the_per_player_limit_get_429(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let v = view(&s, &room).await;
    let before = v["moves"].clone();
    // Refused actions count too: five rematch requests while playing.
    for _ in 0..5 {
        let (status, e) = s.client.act(&room, &a, json!({"type": "rematch"})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
    }
    let text = v["legal_moves"][0].as_str().unwrap();
    let res = s
        .client
        .http
        .post(format!("{}/api/rooms/{room}/actions", s.client.base))
        .bearer_auth(&a.secret)
        .json(&mv(text))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=12).contains(&retry), "one more every 12 s: {retry}");
    let e: Value = res.json().await.unwrap();
    assert_eq!(e["error"], "rate_limited");
    assert_eq!(
        view(&s, &room).await["moves"],
        before,
        "the refused move is not played"
    );
    // The limit is the player's: Beto has his own.
    let (status, e) = s.client.act(&room, &b, json!({"type": "offer_draw"})).await;
    assert_eq!(status, StatusCode::OK, "{e}");
}

async fn names_are_normalised_spoofs_refused_and_shown_with_an_id(s: Site) {
    for spoof in [
        "\u{202E}nimda",
        "ad\u{200B}min",
        "\u{2066}admin",
        "a\u{0000}b",
        "\u{3164}",
    ] {
        let (status, e) = s
            .client
            .post("/api/players", None, json!({"name": spoof}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{spoof:?}: {e}");
        assert_eq!(e["error"], "bad_request");
    }
    let (status, e) = s
        .client
        .post("/api/players", None, json!({"name": "x".repeat(41)}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    // Full-width letters, extra spaces: stored as the plain trimmed name.
    let (status, p) = s
        .client
        .post(
            "/api/players",
            None,
            json!({"name": "  \u{FF21}na \u{00A0} Lu "}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["name"], "Ana Lu");
    // Two players of one name: the leaderboard tells them apart.
    let a1 = s.client.player("Ana").await;
    let a2 = s.client.player("Ana").await;
    let room = s.client.room(&a1, &a2, "english", "correspondence").await;
    let v = s.client.view(&room).await;
    for (i, p) in [&a1, &a2].into_iter().enumerate() {
        let expected = format!("Ana #{}", &p.id[..4]);
        assert_eq!(v["players"][i]["display"], expected.as_str());
        assert_eq!(v["players"][i]["name"], "Ana", "the old field stays");
    }
    play(&s, &room, [&a1, &a2], 4).await;
    ok(&s, &room, &a2, json!({"type": "resign"})).await;
    let rows = board(&s, "english").await;
    let shown: Vec<&str> = rows
        .iter()
        .map(|r| r["display"].as_str().unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            format!("Ana #{}", &a1.id[..4]),
            format!("Ana #{}", &a2.id[..4])
        ]
    );
    assert_ne!(shown[0], shown[1]);
}

async fn one_room_that_does_not_restore_does_not_stop_the_sweep(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let mut rooms = Vec::new();
    for _ in 0..3 {
        let room = s.client.room(&a, &b, "english", "live").await;
        play(&s, &room, [&a, &b], 4).await;
        rooms.push(room);
    }
    // The first room's stored record is garbage, and it is the first due.
    let bad = rooms[0].clone();
    // (`seq` moves on as a write's would: no process has this record decoded.)
    sql_exec(
        &s,
        "UPDATE rooms SET record = '{\"no\": \"room\"}', deadline = 1, seq = seq + 1 WHERE id = $1",
        &bad,
    )
    .await;
    // Past every live move's time: the sweep alone (no request) applies the losses.
    s.clock.set(T0 + 3600);
    for room in &rooms[1..] {
        let site = &s;
        eventually("the sweep records the loss on time", || async move {
            sql_text(site, "SELECT state FROM rooms WHERE id = $1", room)
                .await
                .as_deref()
                == Some("finished")
        })
        .await;
        let v = view(&s, room).await;
        assert_eq!(v["result"]["reason"], "time", "{v}");
    }
    // The bad room is set aside with why, and no longer due.
    let (site, bad_id) = (&s, bad.as_str());
    eventually("the bad room is quarantined", || async move {
        sql_text(site, "SELECT quarantine FROM rooms WHERE id = $1", bad_id)
            .await
            .is_some()
    })
    .await;
    let why = sql_text(&s, "SELECT quarantine FROM rooms WHERE id = $1", &bad)
        .await
        .unwrap();
    assert!(why.contains("does not restore"), "{why}");
    assert_eq!(
        sql_i64(&s, "SELECT deadline FROM rooms WHERE id = $1", &bad).await,
        None
    );
    let (status, e) = s.client.get(&format!("/api/rooms/{bad}"), None).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{e}");
}

async fn each_finished_game_is_stored_once_and_the_room_keeps_one(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let mut played = Vec::new();
    for _ in 0..3 {
        let v = play(&s, &room, [&a, &b], 4).await;
        played.push(v["moves"].clone());
        ok(&s, &room, &a, json!({"type": "resign"})).await;
        ok(&s, &room, &a, json!({"type": "rematch"})).await;
        ok(&s, &room, &b, json!({"type": "rematch"})).await;
    }
    // The room's record holds game 4 only: no earlier game.
    let record = sql_text(&s, "SELECT record FROM rooms WHERE id = $1", &room)
        .await
        .unwrap();
    let record: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["game_number"], 4);
    assert_eq!(record["earlier"], json!([]), "{record}");
    // Each game has its row, with its PDN (the moves in numeric notation).
    for (n, moves) in played.iter().enumerate() {
        let sql = format!(
            "SELECT pdn FROM games WHERE room = $1 AND game_number = {}",
            n + 1
        );
        let pdn = sql_text(&s, &sql, &room).await.expect("a PDN");
        for m in moves.as_array().unwrap() {
            assert!(pdn.contains(m.as_str().unwrap()), "{m} in {pdn}");
        }
        assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    }
    let count = sql_i64(&s, "SELECT COUNT(*) FROM games WHERE room = $1", &room).await;
    assert_eq!(count, Some(3));
    // A server that has never seen the room reads it from that one game.
    let other = site_on(&s).await;
    let v = view(&other, &room).await;
    assert_eq!(v["game_number"], 4);
    assert_eq!(v["state"], "playing");
}

/// A second server on the same database (its cache is cold).
async fn site_on(s: &Site) -> Site {
    site_with(s.url.clone(), Policy::default()).await
}

async fn rooms_past_the_rematch_window_and_idle_players_are_deleted(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let idle = s.client.player("Idle").await;
    let room = s.client.room(&a, &b, "english", "correspondence").await;
    let (status, key) = s
        .client
        .post(
            &format!("/api/rooms/{room}/key"),
            Some(&a.secret),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{key}");
    play(&s, &room, [&a, &b], 4).await;
    s.clock.set(T0 + 100);
    ok(&s, &room, &a, json!({"type": "resign"})).await;
    // Within the window: the room is there, a rematch may be asked.
    s.clock.set(T0 + 100 + 3599);
    ok(&s, &room, &b, json!({"type": "rematch"})).await;
    // Past it: the room is gone at once, then deleted with its seat keys.
    s.clock.set(T0 + 100 + 3600);
    let (status, e) = s.client.get(&format!("/api/rooms/{room}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    let (site, room_id) = (&s, room.as_str());
    eventually("the retention job deletes the room", || async move {
        sql_i64(site, "SELECT COUNT(*) FROM rooms WHERE id = $1", room_id).await == Some(0)
    })
    .await;
    assert_eq!(
        sql_i64(&s, "SELECT COUNT(*) FROM seat_keys WHERE room = $1", &room).await,
        Some(0)
    );
    // The game stays, in its own row.
    assert_eq!(games_of(&s, &a).await.len(), 1);
    // A day on: the player who never played is deleted, the others stay.
    s.clock.set(T0 + DAY + 120);
    let idle_id = idle.id.as_str();
    eventually("the idle player is deleted", || async move {
        sql_i64(site, "SELECT COUNT(*) FROM players WHERE id = $1", idle_id).await == Some(0)
    })
    .await;
    let (status, _) = s
        .client
        .post("/api/rooms", Some(&idle.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "its secret is forgotten");
    for p in [&a, &b] {
        assert_eq!(
            sql_i64(&s, "SELECT COUNT(*) FROM players WHERE id = $1", &p.id).await,
            Some(1)
        );
    }
}

async fn open_rooms_per_player_are_bounded(s: Site) {
    let a = s.client.player("Ana").await;
    let b = s.client.player("Beto").await;
    let c = s.client.player("Cora").await;
    let r1 = s.client.room(&a, &b, "english", "correspondence").await;
    let (status, v) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let r2 = v["room"].as_str().unwrap().to_owned();
    let (status, e) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "too_many_rooms");
    // Joining counts too: Beto sits in r1; Cora fills her two, then cannot join r2.
    for _ in 0..2 {
        let (status, _) = s
            .client
            .post("/api/rooms", Some(&c.secret), json!({"mode": "english"}))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, e) = s
        .client
        .post(&format!("/api/rooms/{r2}/join"), Some(&c.secret), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "too_many_rooms");
    assert_eq!(view(&s, &r2).await["state"], "waiting", "nothing changed");
    // A finished game frees a place.
    ok(&s, &r1, &a, json!({"type": "resign"})).await;
    let (status, v) = s
        .client
        .post("/api/rooms", Some(&a.secret), json!({"mode": "english"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
}
