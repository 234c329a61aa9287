//! Embeds the game page (`../web`: its public files, `src/public.rs`) in the
//! binary, so a copied binary serves the page without its checkout. A file
//! missing at build time (the WebAssembly package before
//! `bindings/wasm/build.sh` has run) is left out with a warning; the server
//! says so at start.

#[path = "src/public.rs"]
#[allow(dead_code)] // content_type is the server's
mod public;

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let web = Path::new(&manifest).join("../web");
    let mut files: Vec<String> = Vec::new();
    for dir in ["", "pkg"] {
        let folder = web.join(dir);
        // The folders themselves: a file added or built there reruns this.
        println!("cargo:rerun-if-changed={}", folder.display());
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = if dir.is_empty() {
                name
            } else {
                format!("{dir}/{name}")
            };
            if entry.file_type().is_ok_and(|t| t.is_file()) && public::is_public(&rel) {
                files.push(rel);
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// The page's public files (path, bytes), embedded at build time.\n\
         pub(crate) static EMBEDDED: &[(&str, &[u8])] = &[\n",
    );
    for rel in &files {
        let abs = web.join(rel).canonicalize().expect("a file just listed");
        println!("cargo:rerun-if-changed={}", abs.display());
        writeln!(
            out,
            "    ({rel:?}, include_bytes!({:?})),",
            abs.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    for needed in ["index.html", "pkg/draughts_bg.wasm"] {
        if !files.iter().any(|f| f == needed) {
            println!(
                "cargo:warning=web/{needed} is missing: the binary serves the page without it \
                 (bash bindings/wasm/build.sh, then build again)"
            );
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("page.rs");
    std::fs::write(dest, out).expect("writing the embedded page's table");
}
