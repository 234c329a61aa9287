//! Which of the page's files the server makes public: the page itself, not
//! the folder it lives in. Shared with `build.rs`, which embeds exactly these.

/// Whether `path` (relative to the page's folder, `/`-separated, no leading
/// `/`) is one of the page's own files: the HTML, scripts and style sheet at
/// the top of the folder, and the WebAssembly package's two runtime files.
/// Tests (`tests/`), Node's `node_modules/` and `*.mjs` tools, `package.json`,
/// screenshots and anything hidden are not.
pub fn is_public(path: &str) -> bool {
    if path.starts_with('.') || path.contains("..") || path.contains('\\') {
        return false;
    }
    match path.split_once('/') {
        None => {
            [".html", ".js", ".css", ".svg", ".ico"]
                .iter()
                .any(|ext| path.ends_with(ext))
                && !path.starts_with("tmp")
        }
        Some(("pkg", file)) => file == "draughts.js" || file == "draughts_bg.wasm",
        Some(_) => false,
    }
}

/// The `Content-Type` of a public file, by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}
