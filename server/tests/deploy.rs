//! Deployment: the page embedded in the binary (only its own files public),
//! the security headers on every answer, and the client's address taken
//! from `X-Forwarded-For` only when the connection comes from a trusted
//! proxy. The page does not touch the database: these run on SQLite.
mod common;

use std::sync::Arc;

use draughts_server::{start, Config, PageSource, RateLimits, SystemClock, TrustedProxies, CSP};

async fn server(config: Config) -> draughts_server::Server {
    start(config, Arc::new(SystemClock))
        .await
        .expect("the server starts")
}

fn config() -> Config {
    let mut c = Config::new(common::sqlite_url());
    c.listen = "127.0.0.1:0".parse().unwrap();
    c
}

async fn get(addr: std::net::SocketAddr, path: &str) -> reqwest::Response {
    reqwest::get(format!("http://{addr}{path}"))
        .await
        .expect("an answer")
}

#[tokio::test]
async fn the_embedded_page_is_served_without_its_folder() {
    let s = server(config()).await;
    let res = get(s.addr(), "/").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
    let html = res.text().await.unwrap();
    // The repository's index.html, byte for byte: embedded at build time.
    let on_disk =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/index.html")).unwrap();
    assert_eq!(html, on_disk);
    let js = get(s.addr(), "/app.js").await;
    assert_eq!(js.status(), 200);
    assert_eq!(
        js.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    // A revalidation answers 304 with no body.
    let tag = js.headers()["etag"].to_str().unwrap().to_owned();
    let again = reqwest::Client::new()
        .get(format!("http://{}/app.js", s.addr()))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn only_the_pages_own_files_are_public() {
    for source in [
        PageSource::Embedded,
        PageSource::Dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../web").into()),
    ] {
        let mut c = config();
        c.web = source.clone();
        let s = server(c).await;
        for path in [
            "/package.json",
            "/package-lock.json",
            "/tests/site.test.mjs",
            "/bench.mjs",
            "/node_modules/playwright-core/package.json",
            "/pkg/package.json",
            "/pkg/draughts.d.ts",
            "/README.md",
            "/%2e%2e/Cargo.toml",
            "/.gitignore",
        ] {
            assert_eq!(
                get(s.addr(), path).await.status(),
                404,
                "{path} from {source:?}"
            );
        }
        assert_eq!(
            get(s.addr(), "/style.css").await.status(),
            200,
            "{source:?}"
        );
        let post = reqwest::Client::new()
            .post(format!("http://{}/index.html", s.addr()))
            .send()
            .await
            .unwrap();
        assert_eq!(post.status(), 405);
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let s = server(config()).await;
    for path in [
        "/",
        "/app.js",
        "/healthz",
        "/api/ratings/english",
        "/no-such-file",
        "/api/nothing",
    ] {
        let res = get(s.addr(), path).await;
        let h = res.headers();
        assert_eq!(h["content-security-policy"], CSP, "{path}");
        assert!(CSP.contains("frame-ancestors 'none'"));
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
    }
}

/// Three new players a minute per address; the fourth from one client is refused.
fn limited(trusted: TrustedProxies) -> Config {
    let mut c = config();
    c.limits = RateLimits {
        players_per_minute: 3,
        ..RateLimits::OFF
    };
    c.trusted_proxies = trusted;
    c
}

async fn new_player(addr: std::net::SocketAddr, forwarded_for: &str) -> u16 {
    reqwest::Client::new()
        .post(format!("http://{addr}/api/players"))
        .header("x-forwarded-for", forwarded_for)
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn forwarded_for_is_ignored_from_an_untrusted_peer() {
    // No trusted proxy: a client inventing addresses is still one client.
    let s = server(limited(TrustedProxies::default())).await;
    let mut statuses = Vec::new();
    for i in 1..=4 {
        statuses.push(new_player(s.addr(), &format!("203.0.113.{i}")).await);
    }
    assert_eq!(
        statuses.iter().filter(|&&c| c == 429).count(),
        1,
        "{statuses:?}"
    );
}

#[tokio::test]
async fn a_trusted_proxy_names_each_client() {
    let trusted = TrustedProxies(vec!["127.0.0.1/32".parse().unwrap()]);
    let s = server(limited(trusted)).await;
    // Four clients behind the proxy: each has its own limit.
    for i in 1..=4 {
        assert_eq!(new_player(s.addr(), &format!("203.0.113.{i}")).await, 200);
    }
    // One client: its fourth is refused, whatever it writes to the left of
    // the proxy's entry.
    for i in 1..=3 {
        assert_eq!(
            new_player(s.addr(), &format!("198.51.100.{i}, 192.0.2.7")).await,
            200
        );
    }
    assert_eq!(new_player(s.addr(), "198.51.100.9, 192.0.2.7").await, 429);
}
