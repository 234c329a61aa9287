//! `GET /api/egdb/{mode}?fen=FEN`: endgame-database probes, from the
//! databases of `--egdb DIR` (one subfolder per mode, `DIR/<mode>/*.egdb`,
//! as `draughts egdb build --out DIR/<mode>` writes them), read at start.
//!
//! The answer is `{"mode", "fen", "value": "win"|"draw"|"loss",
//! "distance", "best": [moves]}` for the side to move. A FEN that does not
//! read is 400 `bad_fen`; a mode without a database, or a position whose
//! slice (or a successor's) is not loaded, is 404 `no_egdb` naming what is
//! missing. One probe is one table read per legal move: its cost is bounded
//! by the FEN's length limit ([`MAX_FEN`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::StatusCode;
use axum::Json;
use draughts::egdb::{AnyEgdb, AnyProbeError, EgdbError, Value};
use draughts::Mode;
use serde::Deserialize;
use serde_json::json;

use crate::error::ApiError;

/// The longest FEN a probe accepts, in bytes (longer: 400 `bad_fen`).
pub const MAX_FEN: usize = 512;

/// The endgame databases the server answers from, one per mode (cheap to
/// clone: shared).
#[derive(Clone, Default)]
pub struct Egdbs {
    by_mode: Arc<HashMap<Mode, AnyEgdb>>,
}

impl std::fmt::Debug for Egdbs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.modes()).finish()
    }
}

impl Egdbs {
    /// The databases of `dir`: each subfolder named after a mode
    /// (`russian`, `international`, ...) with its `*.egdb` slice files.
    /// Other entries are skipped; a slice file that does not read, or is of
    /// another variant, is an error naming it; a `dir` without any slice is
    /// an error.
    pub fn load(dir: &Path) -> Result<Egdbs, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("--egdb {}: {e}", dir.display()))?;
        let mut dbs = Vec::new();
        let mut subdirs: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        subdirs.sort();
        for sub in subdirs {
            let Some(mode) = sub
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.parse::<Mode>().ok())
            else {
                continue;
            };
            let mut db = AnyEgdb::new(mode);
            let mut files: Vec<PathBuf> = std::fs::read_dir(&sub)
                .map_err(|e| format!("{}: {e}", sub.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "egdb"))
                .collect();
            files.sort();
            for file in files {
                let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
                db.insert(bytes)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
            }
            if !db.slices().is_empty() {
                dbs.push(db);
            }
        }
        if dbs.is_empty() {
            return Err(format!(
                "--egdb {}: no slice files in a subfolder named after a mode (e.g. {}/russian/*.egdb)",
                dir.display(),
                dir.display()
            ));
        }
        Ok(Egdbs::from_dbs(dbs))
    }

    /// The given databases (a later one of the same mode replaces an earlier).
    pub fn from_dbs(dbs: impl IntoIterator<Item = AnyEgdb>) -> Egdbs {
        Egdbs {
            by_mode: Arc::new(dbs.into_iter().map(|d| (d.mode(), d)).collect()),
        }
    }

    /// The modes with a database, with their slice counts and most pieces.
    pub fn modes(&self) -> Vec<(&'static str, usize, u32)> {
        let mut m: Vec<_> = self
            .by_mode
            .values()
            .map(|d| (d.mode().name(), d.slices().len(), d.max_pieces()))
            .collect();
        m.sort();
        m
    }
}

/// The query of a probe.
#[derive(Deserialize)]
pub(crate) struct FenQuery {
    fen: Option<String>,
}

fn bad_fen(message: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_fen", message)
}

fn no_egdb(message: String) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no_egdb", message)
}

/// `GET /api/egdb/{mode}?fen=FEN`.
pub(crate) async fn probe(
    State(dbs): State<Egdbs>,
    UrlPath(mode): UrlPath<String>,
    Query(q): Query<FenQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Ok(m) = mode.parse::<Mode>() else {
        return Err(no_egdb(format!("`{mode}` is not a mode")));
    };
    let Some(db) = dbs.by_mode.get(&m) else {
        return Err(no_egdb(format!(
            "the server has no endgame database of {}",
            m.name()
        )));
    };
    let fen = q
        .fen
        .ok_or_else(|| bad_fen("the query needs fen=FEN".into()))?;
    if fen.len() > MAX_FEN {
        return Err(bad_fen(format!(
            "the FEN is {} bytes long (at most {MAX_FEN})",
            fen.len()
        )));
    }
    let p = db.probe(&fen).map_err(|e| match e {
        AnyProbeError::Fen(m) => bad_fen(format!("bad FEN: {m}")),
        AnyProbeError::Egdb(e @ EgdbError::MissingSlice(_)) => no_egdb(e.to_string()),
        AnyProbeError::Egdb(e) => ApiError::internal(e.to_string()),
    })?;
    let value = match p.value {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    };
    Ok(Json(json!({
        "mode": m.name(),
        "fen": fen,
        "value": value,
        "distance": p.distance,
        "best": p.best,
    })))
}
