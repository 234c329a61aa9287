//! The game page: its public files ([`crate::public`]) from the copy
//! embedded at build time, or from a folder (`--web DIR`, for working on
//! the page without rebuilding), with the security headers every response
//! of the server carries.

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::public::{content_type, is_public};

include!(concat!(env!("OUT_DIR"), "/page.rs"));

/// Where the page's files come from.
#[derive(Clone, Debug)]
pub enum PageSource {
    /// The copy embedded in the binary at build time.
    Embedded,
    /// A folder read at each request (its public files only).
    Dir(PathBuf),
}

impl PageSource {
    /// The file's bytes, if it is public and present.
    async fn read(&self, rel: &str) -> Option<Vec<u8>> {
        if !is_public(rel) {
            return None;
        }
        match self {
            PageSource::Embedded => EMBEDDED
                .iter()
                .find(|(path, _)| *path == rel)
                .map(|(_, bytes)| bytes.to_vec()),
            PageSource::Dir(dir) => tokio::fs::read(dir.join(rel)).await.ok(),
        }
    }

    /// Whether `rel` can be served (for the start-up warning).
    pub async fn has(&self, rel: &str) -> bool {
        self.read(rel).await.is_some()
    }
}

/// The Content-Security-Policy of every response: the page's own scripts
/// and WebAssembly, its own API and sockets, no framing, no plugins.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The headers every response carries (set unless a handler set its own).
pub fn security_headers() -> [(header::HeaderName, HeaderValue); 4] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            // Room links carry seat keys: never leak a URL to another site.
            HeaderValue::from_static("no-referrer"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ]
}

/// A cheap content tag (FNV-1a) for `ETag`/`If-None-Match`.
fn etag(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{h:016x}-{}\"", bytes.len())
}

/// `GET` or `HEAD` of one of the page's files; anything else under the
/// page's paths is 404 (405 for other methods).
pub async fn serve(
    State(source): State<Arc<PageSource>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let path = uri.path().trim_start_matches('/');
    let rel = if path.is_empty() { "index.html" } else { path };
    let Some(bytes) = source.read(rel).await else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let tag = etag(&bytes);
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    let common = [
        (header::CONTENT_TYPE, content_type(rel).to_owned()),
        // Files keep their names from release to release: revalidate.
        (header::CACHE_CONTROL, "no-cache".to_owned()),
        (header::ETAG, tag),
    ];
    if matches {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    // For HEAD, hyper sends the headers (the length included) without the body.
    (StatusCode::OK, common, Body::from(bytes)).into_response()
}

/// Adds the security headers to a response that does not set its own.
pub async fn with_security_headers(mut res: Response) -> Response {
    let headers = res.headers_mut();
    for (name, value) in security_headers() {
        headers.entry(name).or_insert(value);
    }
    res
}
