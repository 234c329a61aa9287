//! `Egdb` (feature `egdb`, the `pkg-egdb` package): endgame databases for
//! JavaScript — slices handed in as bytes (the page fetches the files
//! `draughts egdb build` writes), positions probed by FEN.

use draughts::egdb::{AnyEgdb, AnyProbeError, Slice, Value};
use draughts::Mode;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn js_err(message: String) -> JsError {
    JsError::new(&message)
}

fn value_name(v: Value) -> &'static str {
    match v {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    }
}

fn probe_err(e: AnyProbeError) -> JsError {
    js_err(e.to_string())
}

/// What `Egdb.probe` answers (a plain JS object).
#[derive(Serialize)]
struct ProbeJs {
    value: &'static str,
    distance: u16,
    best: Vec<String>,
}

/// What `Egdb.lookup` answers (a plain JS object).
#[derive(Serialize)]
struct LookupJs {
    value: &'static str,
    distance: u16,
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(v).map_err(|e| js_err(e.to_string()))
}

#[wasm_bindgen(typescript_custom_section)]
const TS_EGDB: &'static str = r#"
/** What `Egdb.probe` answers: the value for the side to move, the plies to
 * the end of the game under optimal play (0 for a draw) and the moves that
 * keep the value (full-path text; empty when the game is over). */
export interface EgdbProbe {
  value: "win" | "draw" | "loss";
  distance: number;
  best: string[];
}
/** What `Egdb.lookup` answers. */
export interface EgdbEntry {
  value: "win" | "draw" | "loss";
  distance: number;
}
"#;

/// An endgame database of one variant: slices added from their bytes (the
/// `<slice>.egdb` files of `draughts egdb build`), positions probed by FEN.
/// Values are for the side to move, with the plies to the end under optimal
/// play; no draw rule is applied. A refused call throws an Error and
/// changes nothing.
#[wasm_bindgen]
pub struct Egdb {
    db: AnyEgdb,
}

#[wasm_bindgen]
impl Egdb {
    /// An empty database of `variant` (any name `variants()` lists).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str) -> Result<Egdb, JsError> {
        let mode: Mode = variant
            .parse()
            .map_err(|e: draughts::dynamic::UnknownMode| js_err(e.to_string()))?;
        Ok(Egdb {
            db: AnyEgdb::new(mode),
        })
    }

    /// Builds every slice of `variant` with 1 to `pieces` pieces (1 to 3)
    /// in memory: for tests and small sets (seconds on 8x8 boards).
    pub fn build(variant: &str, pieces: u32) -> Result<Egdb, JsError> {
        let mode: Mode = variant
            .parse()
            .map_err(|e: draughts::dynamic::UnknownMode| js_err(e.to_string()))?;
        if !(1..=3).contains(&pieces) {
            return Err(js_err(format!("pieces must be 1 to 3, not {pieces}")));
        }
        let db = AnyEgdb::build(mode, pieces, 1).map_err(|e| js_err(e.to_string()))?;
        Ok(Egdb { db })
    }

    /// The variant's name.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.db.mode().name().to_string()
    }

    /// The most pieces of a loaded slice (0 when empty).
    #[wasm_bindgen(getter, js_name = maxPieces)]
    pub fn max_pieces(&self) -> u32 {
        self.db.max_pieces()
    }

    /// The loaded slices' names (`wm1wk0bm0bk1`: White's men and kings, then
    /// Black's), by pieces.
    pub fn slices(&self) -> Vec<String> {
        self.db.slices().iter().map(ToString::to_string).collect()
    }

    /// Adds one slice from its bytes and returns its name; bytes that are
    /// not a slice of this variant throw.
    pub fn insert(&mut self, bytes: &[u8]) -> Result<String, JsError> {
        self.db
            .insert(bytes.to_vec())
            .map(|s| s.to_string())
            .map_err(|e| js_err(e.to_string()))
    }

    /// The bytes of a loaded slice, by name.
    #[wasm_bindgen(js_name = sliceBytes)]
    pub fn slice_bytes(&self, name: &str) -> Result<Vec<u8>, JsError> {
        let slice: Slice = name
            .parse()
            .map_err(|e: draughts::egdb::EgdbError| js_err(e.to_string()))?;
        self.db
            .bytes(slice)
            .map(<[u8]>::to_vec)
            .ok_or_else(|| js_err(format!("the database has no slice {slice}")))
    }

    /// `{ value, distance }` of the position `fen` for the side to move.
    #[wasm_bindgen(unchecked_return_type = "EgdbEntry")]
    pub fn lookup(&self, fen: &str) -> Result<JsValue, JsError> {
        let e = self.db.lookup(fen).map_err(probe_err)?;
        to_js(&LookupJs {
            value: value_name(e.value),
            distance: e.distance,
        })
    }

    /// `{ value, distance, best }` of the position `fen`: the best moves
    /// need the slices of its successors too (a missing one throws an
    /// Error naming it).
    #[wasm_bindgen(unchecked_return_type = "EgdbProbe")]
    pub fn probe(&self, fen: &str) -> Result<JsValue, JsError> {
        let p = self.db.probe(fen).map_err(probe_err)?;
        to_js(&ProbeJs {
            value: value_name(p.value),
            distance: p.distance,
            best: p.best,
        })
    }
}
