//! `GET /api/egdb/{mode}?fen=`: probes answered from the databases the
//! server was started with, and the errors (400 on a bad FEN, 404 naming a
//! missing slice or database).

mod common;

use std::sync::Arc;

use common::Client;
use draughts::egdb::AnyEgdb;
use draughts::Mode;
use draughts_server::{start, Config, Egdbs, FakeClock, Server, MAX_EGDB_FEN};
use reqwest::StatusCode;

async fn site(tables: Egdbs) -> (Client, Server) {
    let mut config = Config::new(common::sqlite_url());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.egdb = tables;
    let server = start(config, Arc::new(FakeClock::new(1_750_000_000)))
        .await
        .expect("server starts");
    (Client::new(server.addr()), server)
}

fn english2() -> Egdbs {
    Egdbs::from_dbs([AnyEgdb::build(Mode::English, 2, 1).unwrap()])
}

fn query(fen: &str) -> String {
    fen.replace(':', "%3A").replace(',', "%2C")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probes_answer_value_distance_and_best_moves() {
    let (client, _server) = site(english2()).await;
    // English king against king, White to move: 230 won, 654 drawn, 108
    // lost, the longest win 11 plies (the published figures).
    let (mut win, mut draw, mut loss, mut longest) = (0, 0, 0, 0);
    for a in 1..=32 {
        for b in (1..=32).filter(|&b| b != a) {
            let fen = format!("W:WK{a}:BK{b}");
            let (status, body) = client
                .get(&format!("/api/egdb/english?fen={}", query(&fen)), None)
                .await;
            assert_eq!(status, StatusCode::OK, "{fen}: {body}");
            assert_eq!(body["mode"], "english");
            match body["value"].as_str().unwrap() {
                "win" => {
                    win += 1;
                    longest = longest.max(body["distance"].as_u64().unwrap());
                    assert!(!body["best"].as_array().unwrap().is_empty());
                }
                "draw" => draw += 1,
                "loss" => loss += 1,
                v => panic!("value {v}"),
            }
        }
    }
    assert_eq!((win, draw, loss, longest), (230, 654, 108, 11));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_fens_are_400_and_missing_tables_404() {
    let (client, _server) = site(english2()).await;
    let (status, body) = client.get("/api/egdb/english?fen=nonsense", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "bad_fen");
    assert!(body["message"].as_str().unwrap().starts_with("bad FEN"));
    let (status, body) = client.get("/api/egdb/english", None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_fen"))
    );
    let long = "W".repeat(MAX_EGDB_FEN + 1);
    let (status, _) = client
        .get(&format!("/api/egdb/english?fen={long}"), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Three pieces: the slice is not loaded, and the answer names it.
    let (status, body) = client
        .get(
            &format!("/api/egdb/english?fen={}", query("W:WK1,K2:BK32")),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "no_egdb");
    assert!(
        body["message"].as_str().unwrap().contains("wm0wk2bm0bk1"),
        "{body}"
    );
    // A mode without a database, and a name that is no mode.
    let (status, body) = client
        .get(
            &format!("/api/egdb/russian?fen={}", query("W:WKa1:BKh8")),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["message"].as_str().unwrap().contains("russian"));
    let (status, _) = client.get("/api/egdb/chess?fen=W", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_databases_answers_404() {
    let (client, _server) = site(Egdbs::default()).await;
    let (status, body) = client
        .get(
            &format!("/api/egdb/english?fen={}", query("W:WK1:BK32")),
            None,
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_egdb"))
    );
}

#[test]
fn load_reads_a_folder_per_mode_and_refuses_bad_files() {
    let dir = std::env::temp_dir().join(format!("egdb-server-{}", std::process::id()));
    let english = dir.join("english");
    std::fs::create_dir_all(&english).unwrap();
    let built = AnyEgdb::build(Mode::English, 2, 1).unwrap();
    for slice in built.slices() {
        std::fs::write(
            english.join(format!("{slice}.egdb")),
            built.bytes(slice).unwrap(),
        )
        .unwrap();
    }
    std::fs::create_dir_all(dir.join("not-a-mode")).unwrap();
    let tables = Egdbs::load(&dir).unwrap();
    assert_eq!(tables.modes(), vec![("english", 14, 2)]);
    std::fs::write(english.join("wm9wk0bm0bk0.egdb"), b"broken").unwrap();
    let e = Egdbs::load(&dir).unwrap_err();
    assert!(e.contains("wm9wk0bm0bk0.egdb"), "{e}");
    assert!(Egdbs::load(&dir.join("missing")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
