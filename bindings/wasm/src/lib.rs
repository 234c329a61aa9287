//! WebAssembly bindings of the `draughts` library (wasm-bindgen).
//!
//! The JavaScript API mirrors the Rust one in JS idiom:
//! * [`variants`] lists every built-in variant and the seed site's house rules
//!   ([`draughts::house_rules`]); every other call takes a variant by name.
//! * [`Position`]: FEN in and out, legal moves, play by text, perft, divide.
//! * [`Game`]: a game record with the variant's draw rules: play by text,
//!   undo, outcome with reason, draw by agreement, resignation, PDN in and out.
//! * [`MoveInput`]: the library's step-wise click input.
//! * [`Engine`]: the computer opponent at its levels, searches, analysis and
//!   draw offers judged by evaluation.
//!
//! Moves, pieces, outcomes and variants are plain JS objects (TypeScript
//! interfaces in the generated `.d.ts`); squares are the variant's own names
//! (`"32"`, `"c3"`). A rejected call throws an `Error` with the library's
//! message and changes nothing; no call traps.
//!
//! Every class holds the library's dynamic face ([`draughts::dynamic`]:
//! `Box<dyn DynPosition>`, `Box<dyn DynGame>`, `Box<dyn DynInput>`) and
//! calls it. Module layout: `convert` turns the face's answers into the JS
//! objects, `shapes` holds those objects and their TypeScript declarations,
//! `engine` the computer opponent. Nothing here is generic over a variant.

mod convert;
#[cfg(feature = "egdb")]
mod egdb;
mod engine;
mod shapes;

#[cfg(feature = "egdb")]
pub use egdb::Egdb;
pub use engine::Engine;

use draughts::dynamic::{self, DynGame, DynInput, DynPosition, PdnReadError};
use draughts::pdn::LineError;
use draughts::{Color, Declaration, DrawMode, MoveMode, Outcome, VariantKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use convert::{
    color_name, js_name, move_js, moves_js, new_game_error, parse_color, unknown_variant, Res,
};
use shapes::{DivideJs, OutcomeJs};

#[wasm_bindgen(typescript_custom_section)]
const TS_SHAPES: &'static str = shapes::TS;

/// A JS error with the library's message.
fn js_err(message: String) -> JsError {
    JsError::new(&message)
}

/// Why a PDN text did not replay: the message, and the library's error
/// kind, line and game number when there is one.
struct PdnFail {
    message: String,
    kind: Option<&'static str>,
    line: Option<usize>,
    game: Option<usize>,
    /// The line of a tree that did not replay (`replayLines`).
    path: Option<Vec<draughts::pdn::Branch>>,
}

impl PdnFail {
    fn of(e: &draughts::pdn::PdnError) -> PdnFail {
        PdnFail {
            message: e.to_string(),
            kind: Some(e.kind.name()),
            line: e.kind.line(),
            game: Some(e.game),
            path: None,
        }
    }

    fn message(message: String) -> PdnFail {
        PdnFail {
            message,
            kind: None,
            line: None,
            game: None,
            path: None,
        }
    }

    fn read(e: &PdnReadError) -> PdnFail {
        match e {
            PdnReadError::UnknownMode(u) => PdnFail::message(unknown_variant(u)),
            PdnReadError::Empty => PdnFail::message(e.to_string()),
            PdnReadError::Pdn(p) => PdnFail::of(p),
            // A kind of error added later (the enum is non-exhaustive).
            other => PdnFail::message(other.to_string()),
        }
    }

    /// A line of a tree that did not replay: its path starts the message
    /// and is `path`; no game number (a tree is one game).
    fn line(e: &LineError<PdnReadError>) -> PdnFail {
        let mut fail = PdnFail::read(&e.error);
        if let PdnReadError::Pdn(p) = &e.error {
            fail.message = format!("{}: {}", e.path, p.kind);
            fail.game = None;
        }
        fail.path = Some(e.path.branches.clone());
        fail
    }
}

/// A `PdnError` (a JS `Error` named so, with `kind`, `line`, `game` and
/// `path`: the library's names, spelled with dashes) for a PDN text that did
/// not replay.
fn pdn_err(fail: PdnFail) -> JsValue {
    let error = js_sys::Error::new(&fail.message);
    error.set_name("PdnError");
    let set = |key: &str, value: JsValue| {
        // Setting a property of a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str(key), &value);
    };
    set(
        "kind",
        fail.kind
            .map_or(JsValue::NULL, |k| JsValue::from_str(&js_name(k))),
    );
    set(
        "line",
        fail.line
            .map_or(JsValue::NULL, |l| JsValue::from_f64(l as f64)),
    );
    set(
        "game",
        fail.game
            .map_or(JsValue::NULL, |g| JsValue::from_f64(g as f64)),
    );
    // `PdnBranch` objects, built by hand (a serde shape costs more bytes).
    let path = fail.path.as_ref().map_or(JsValue::NULL, |branches| {
        let array = js_sys::Array::new();
        for b in branches {
            let step = js_sys::Object::new();
            for (key, value) in [
                ("moveIndex", JsValue::from_f64(b.move_index as f64)),
                ("variation", JsValue::from_f64(b.variation as f64)),
                ("number", JsValue::from_f64(f64::from(b.number))),
                ("reply", JsValue::from_bool(b.reply)),
            ] {
                let _ = js_sys::Reflect::set(&step, &JsValue::from_str(key), &value);
            }
            array.push(&step);
        }
        array.into()
    });
    set("path", path);
    error.into()
}

/// Plain JS objects (`null` for `None`, maps as objects, numbers for u64).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_err(e.to_string()))
}

fn parse_mode(mode: Option<String>) -> Res<MoveMode> {
    match mode.as_deref().map(str::trim) {
        None | Some("distinct") => Ok(MoveMode::Distinct),
        Some("routes") => Ok(MoveMode::Routes),
        Some(other) => Err(format!("`{other}` is not a move mode (distinct or routes)")),
    }
}

fn outcome_js(outcome: Outcome) -> OutcomeJs {
    let (winner, reason) = match outcome {
        Outcome::Win { winner, reason } => (Some(color_name(winner)), reason.name()),
        Outcome::Draw { reason } => (None, reason.name()),
    };
    OutcomeJs {
        result: outcome.pdn_result().to_string(),
        winner: winner.map(str::to_string),
        reason: js_name(reason),
        text: outcome.to_string(),
    }
}

/// A square argument: a string, or a number for numbered variants.
fn square_arg(value: &JsValue) -> Res<String> {
    if let Some(s) = value.as_string() {
        Ok(s)
    } else if let Some(n) = value.as_f64() {
        Ok(format!("{n}"))
    } else {
        Err("a square is a string (\"32\", \"c3\") or a number".to_string())
    }
}

/// Every variant: the built-in ones, then the seed site's house rules.
#[wasm_bindgen(unchecked_return_type = "VariantInfo[]")]
pub fn variants() -> Result<JsValue, JsError> {
    let builtin = VariantKind::ALL.len();
    let all: Vec<_> = dynamic::names()
        .enumerate()
        .filter_map(|(i, name)| {
            let pos = dynamic::new_position(name).ok()?;
            Some(convert::describe(pos.as_ref(), i < builtin))
        })
        .collect();
    to_js(&all)
}

/// The variant called `name`.
#[wasm_bindgen(js_name = variant, unchecked_return_type = "VariantInfo")]
pub fn variant_info(name: &str) -> Result<JsValue, JsError> {
    let builtin = name.parse::<VariantKind>().is_ok();
    let pos = dynamic::new_position(name).map_err(|e| js_err(unknown_variant(&e)))?;
    to_js(&convert::describe(pos.as_ref(), builtin))
}

/// Perft of a FEN (or the start position when `fen` is empty or absent).
#[wasm_bindgen]
pub fn perft(
    variant: &str,
    fen: Option<String>,
    depth: u32,
    #[wasm_bindgen(unchecked_optional_param_type = "MoveMode")] mode: Option<String>,
) -> Result<f64, JsError> {
    Position::new(variant, fen)?.perft(depth, mode)
}

fn non_empty(fen: Option<String>) -> Option<String> {
    fen.filter(|f| !f.trim().is_empty())
}

/// A position of any variant.
#[wasm_bindgen]
pub struct Position {
    inner: Box<dyn DynPosition>,
}

#[wasm_bindgen]
impl Position {
    /// The position of `fen` in `variant`, or its start position.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<Position, JsError> {
        let inner = match non_empty(fen) {
            None => dynamic::new_position(variant).map_err(|e| unknown_variant(&e)),
            Some(fen) => dynamic::position_from_fen(variant, &fen).map_err(|e| new_game_error(&e)),
        }
        .map_err(js_err)?;
        Ok(Position { inner })
    }

    /// The variant's name.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.inner.name().to_string()
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The canonical FEN (the same as `fen()`).
    #[wasm_bindgen(js_name = toFen)]
    pub fn to_fen(&self) -> String {
        self.inner.fen()
    }

    /// A text diagram of the board (the library's `Position::diagram`):
    /// one line per row, White's side at the bottom, `w`/`b` men, `W`/`B`
    /// kings, `.` empty playing squares, the files below and the side to
    /// move last. `toFen()` gives the FEN.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.diagram()
    }

    /// The diagram with each empty playing square's number in numbered
    /// variants (the plain diagram in algebraic ones).
    #[wasm_bindgen(js_name = numberedDiagram)]
    pub fn numbered_diagram(&self) -> String {
        self.inner.numbered_diagram()
    }

    /// The position turned 180 degrees with the colours swapped: the side
    /// to move becomes the other colour (the library's `Position::flipped`).
    pub fn flipped(&self) -> Position {
        Position {
            inner: self.inner.flipped(),
        }
    }

    /// The side to move.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_name(self.inner.turn()).to_string()
    }

    /// The legal moves (distinct mode unless `mode` is "routes").
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Move[]")]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveMode")] mode: Option<String>,
    ) -> Result<JsValue, JsError> {
        let moves = self.inner.legal_moves_in(parse_mode(mode).map_err(js_err)?);
        to_js(&moves_js(self.inner.as_ref(), &moves))
    }

    /// The legal move named by `text` (any form the library reads).
    #[wasm_bindgen(js_name = parseMove, unchecked_return_type = "Move")]
    pub fn parse_move(&self, text: &str) -> Result<JsValue, JsError> {
        let mv = self
            .inner
            .parse_move(text)
            .map_err(|e| js_err(e.to_string()))?;
        to_js(&move_js(self.inner.as_ref(), &mv))
    }

    /// The position after the move named by `text`.
    pub fn play(&self, text: &str) -> Result<Position, JsError> {
        Ok(Position {
            inner: self.inner.play(text).map_err(|e| js_err(e.to_string()))?,
        })
    }

    /// Perft: the number of move sequences of `depth` plies.
    pub fn perft(
        &self,
        depth: u32,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveMode")] mode: Option<String>,
    ) -> Result<f64, JsError> {
        let mode = parse_mode(mode).map_err(js_err)?;
        Ok(self.inner.perft(depth, mode) as f64)
    }

    /// Perft per root move.
    #[wasm_bindgen(unchecked_return_type = "DivideLine[]")]
    pub fn divide(
        &self,
        depth: u32,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveMode")] mode: Option<String>,
    ) -> Result<JsValue, JsError> {
        let mode = parse_mode(mode).map_err(js_err)?;
        let lines: Vec<DivideJs> = self
            .inner
            .divide(depth, mode)
            .into_iter()
            .map(|(mv, nodes)| DivideJs { mv, nodes })
            .collect();
        to_js(&lines)
    }

    /// Every piece on the board.
    #[wasm_bindgen(unchecked_return_type = "Piece[]")]
    pub fn pieces(&self) -> Result<JsValue, JsError> {
        to_js(&convert::pieces_js(self.inner.as_ref()))
    }

    /// The piece on `square`, or null.
    #[wasm_bindgen(js_name = pieceAt, unchecked_return_type = "Piece | null")]
    pub fn piece_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SquareName | number")] square: JsValue,
    ) -> Result<JsValue, JsError> {
        let name = square_arg(&square).map_err(js_err)?;
        let sq = convert::square(self.inner.as_ref(), &name).map_err(js_err)?;
        to_js(&convert::piece_js(self.inner.as_ref(), sq))
    }

    /// True when the side to move must capture.
    #[wasm_bindgen(js_name = hasCaptures)]
    pub fn has_captures(&self) -> bool {
        self.inner.has_captures()
    }

    /// True when the side to move has no legal move (and so has lost).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    /// Step-wise click input for this position.
    #[wasm_bindgen(js_name = moveInput)]
    pub fn move_input(&self) -> MoveInput {
        MoveInput::new(self.inner.input())
    }

    /// The position as an SVG picture (a string; the library's
    /// `Position::to_svg`): White's side at the bottom unless
    /// `options.flipped`, square names or numbers or edge coordinates,
    /// highlighted squares, the last move, arrows, a move of this position
    /// marked with its captures, the size in pixels, the game page's colours.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "SvgOptions")] options: JsValue,
    ) -> Result<String, JsError> {
        let options = convert::svg_options(self.inner.as_ref(), &svg_options(options)?);
        Ok(self.inner.to_svg(&options.map_err(js_err)?))
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_js(&self) -> Position {
        Position {
            inner: self.inner.clone(),
        }
    }
}

/// Step-wise move input for clicks: the piece, then landing squares in order.
#[wasm_bindgen]
pub struct MoveInput {
    inner: Box<dyn DynInput>,
    /// The input's position, which names its squares.
    pos: Box<dyn DynPosition>,
}

impl MoveInput {
    fn new(inner: Box<dyn DynInput>) -> MoveInput {
        let pos = inner.position();
        MoveInput { inner, pos }
    }

    fn texts(&self, squares: &[draughts::Square]) -> Vec<String> {
        convert::texts(self.pos.as_ref(), squares)
    }
}

#[wasm_bindgen]
impl MoveInput {
    /// Adds a click if some legal move is still possible with it and returns
    /// true; otherwise changes nothing and returns false. Throws for a name
    /// that is not a playing square of the variant.
    pub fn click(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SquareName | number")] square: JsValue,
    ) -> Result<bool, JsError> {
        let name = square_arg(&square).map_err(js_err)?;
        let sq = convert::square(self.pos.as_ref(), &name).map_err(js_err)?;
        Ok(self.inner.click(sq))
    }

    /// Removes the last click and returns it (undefined when nothing was
    /// clicked).
    pub fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|sq| self.pos.square_text(sq))
    }

    /// Removes every click.
    pub fn clear(&mut self) {
        self.inner.clear()
    }

    /// The squares clicked so far.
    #[wasm_bindgen(getter)]
    pub fn clicks(&self) -> Vec<String> {
        self.texts(&self.inner.clicks())
    }

    /// The pieces that can move at all (when a capture is compulsory: the
    /// pieces that can capture).
    #[wasm_bindgen(getter)]
    pub fn movable(&self) -> Vec<String> {
        self.texts(&self.inner.movable())
    }

    /// The squares that may be clicked next.
    #[wasm_bindgen(getter, js_name = nextSquares)]
    pub fn next_squares(&self) -> Vec<String> {
        self.texts(&self.inner.next_squares())
    }

    /// The end squares of the moves still possible.
    #[wasm_bindgen(getter)]
    pub fn destinations(&self) -> Vec<String> {
        self.texts(&self.inner.destinations())
    }

    /// The pieces captured by at least one move still possible.
    #[wasm_bindgen(getter)]
    pub fn captured(&self) -> Vec<String> {
        self.texts(&self.inner.captured())
    }

    /// The pieces already jumped by the clicks so far (the library's
    /// `MoveInput::jumped`): a page marks them apart from those still to be
    /// taken.
    #[wasm_bindgen(getter)]
    pub fn jumped(&self) -> Vec<String> {
        self.texts(&self.inner.jumped())
    }

    /// The moves still possible (all legal moves before the first click).
    #[wasm_bindgen(getter, unchecked_return_type = "Move[]")]
    pub fn candidates(&self) -> Result<JsValue, JsError> {
        to_js(&moves_js(self.pos.as_ref(), &self.inner.candidates()))
    }

    /// True once the clicks name one move.
    #[wasm_bindgen(getter)]
    pub fn complete(&self) -> bool {
        self.inner.is_complete()
    }

    /// The move the clicks name, once complete; else null.
    #[wasm_bindgen(getter, unchecked_return_type = "Move | null")]
    pub fn chosen(&self) -> Result<JsValue, JsError> {
        let chosen = self.inner.chosen();
        to_js(&chosen.map(|m| move_js(self.pos.as_ref(), &m)))
    }
}

/// A game: a start position, the moves played, the variant's draw rules and
/// the outcome.
#[wasm_bindgen]
pub struct Game {
    inner: Box<dyn DynGame>,
}

fn draw_mode_name(mode: DrawMode) -> &'static str {
    match mode {
        DrawMode::Automatic => "automatic",
        DrawMode::AsWritten => "as-written",
        DrawMode::OnClaim => "on-claim",
    }
}

#[wasm_bindgen]
impl Game {
    /// A game of `variant` from `fen`, or from its start position.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<Game, JsError> {
        let inner = match non_empty(fen) {
            None => dynamic::new_game(variant).map_err(|e| unknown_variant(&e)),
            Some(fen) => dynamic::game_from_fen(variant, &fen).map_err(|e| new_game_error(&e)),
        }
        .map_err(js_err)?;
        Ok(Game { inner })
    }

    /// The first game of a PDN text, replayed as `variant`, or as the variant
    /// its tags name (`CustomVariant` for a house rule, else `Variant` or
    /// `GameType`). Draws by rule end the game as they arise
    /// (see `drawMode`).
    /// Throws a `PdnError` (an `Error` with `kind`, `line` and `game`, see
    /// the type) when the text does not replay.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(text: &str, variant: Option<String>) -> Result<Game, JsValue> {
        let name = match variant.filter(|v| !v.trim().is_empty()) {
            Some(v) => v,
            None => {
                let first = draughts::pdn::parse_pdn(text)
                    .into_iter()
                    .next()
                    .ok_or_else(|| pdn_err(PdnFail::read(&PdnReadError::Empty)))?
                    .map_err(|e| pdn_err(PdnFail::of(&e)))?;
                match first.tag("CustomVariant") {
                    // A house rule, as write_pdn names it.
                    Some(name) => name.trim().to_string(),
                    None => first
                        .variant(None)
                        .map_err(|kind| {
                            pdn_err(PdnFail::of(&draughts::pdn::PdnError { game: 1, kind }))
                        })?
                        .name()
                        .to_string(),
                }
            }
        };
        let mut inner =
            dynamic::game_from_pdn(&name, text).map_err(|e| pdn_err(PdnFail::read(&e)))?;
        inner.set_draw_mode(DrawMode::Automatic);
        Ok(Game { inner })
    }

    /// The variant's name.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.inner.name().to_string()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The FEN of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_fen()
    }

    /// The current position.
    pub fn position(&self) -> Position {
        Position {
            inner: self.inner.position(),
        }
    }

    /// The side to move.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        color_name(self.inner.turn()).to_string()
    }

    /// The legal moves (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Move[]")]
    pub fn legal_moves(&self) -> Result<JsValue, JsError> {
        to_js(&moves_js(
            self.inner.position().as_ref(),
            &self.inner.legal_moves(),
        ))
    }

    /// Plays the move named by `text` and returns it.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let mv = self.inner.play(text).map_err(|e| js_err(e.to_string()))?;
        to_js(&move_js(self.inner.position().as_ref(), &mv))
    }

    /// Takes back the last move and returns it (null at the start). Clears a
    /// declared outcome (agreement, resignation) along with it.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        let mv = self.inner.undo();
        to_js(&mv.map(|m| move_js(self.inner.position().as_ref(), &m)))
    }

    /// The moves played, each with its notation where it was played.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn moves(&self) -> Result<JsValue, JsError> {
        to_js(&moves_js(
            self.inner.position().as_ref(),
            &self.inner.moves(),
        ))
    }

    /// The outcome, or null while the game goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.outcome().map(outcome_js))
    }

    /// True once the game has an outcome.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// Ends the game as a draw by agreement (the other player accepted an
    /// offer).
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsError> {
        let o = self
            .inner
            .declare(Declaration::DrawByAgreement)
            .map_err(|e| js_err(e.to_string()))?;
        to_js(&outcome_js(o))
    }

    /// `color` (by default the side to move) resigns.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "Color")] color: Option<String>,
    ) -> Result<JsValue, JsError> {
        let color: Color = match color {
            Some(c) => parse_color(&c).map_err(js_err)?,
            None => self.inner.turn(),
        };
        let o = self
            .inner
            .declare(Declaration::Resignation(color))
            .map_err(|e| js_err(e.to_string()))?;
        to_js(&outcome_js(o))
    }

    /// `color` lost on time.
    #[wasm_bindgen(js_name = timeForfeit, unchecked_return_type = "Outcome")]
    pub fn time_forfeit(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: String,
    ) -> Result<JsValue, JsError> {
        let color = parse_color(&color).map_err(js_err)?;
        let o = self
            .inner
            .declare(Declaration::TimeForfeit(color))
            .map_err(|e| js_err(e.to_string()))?;
        to_js(&outcome_js(o))
    }

    /// The draw rule that could be claimed now (in "on-claim" mode), or
    /// undefined.
    #[wasm_bindgen(js_name = claimableDraw)]
    pub fn claimable_draw(&self) -> Option<String> {
        self.inner.claimable_draw().map(|r| js_name(r.name()))
    }

    /// Ends the game as a draw by the rule that applies now.
    #[wasm_bindgen(js_name = claimDraw, unchecked_return_type = "Outcome")]
    pub fn claim_draw(&mut self) -> Result<JsValue, JsError> {
        let o = self.inner.claim_draw().map_err(|e| js_err(e.to_string()))?;
        to_js(&outcome_js(o))
    }

    /// "automatic" (every draw by rule ends the game, the default),
    /// "as-written" (each rule as its federation says: automatic or claimed)
    /// or "on-claim" (every draw by rule must be claimed).
    #[wasm_bindgen(getter, js_name = drawMode, unchecked_return_type = "\"automatic\" | \"as-written\" | \"on-claim\"")]
    pub fn draw_mode(&self) -> String {
        draw_mode_name(self.inner.draw_mode()).to_string()
    }

    /// Sets the draw mode.
    #[wasm_bindgen(setter, js_name = drawMode)]
    pub fn set_draw_mode(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "\"automatic\" | \"as-written\" | \"on-claim\"")]
        mode: String,
    ) -> Result<(), JsError> {
        let mode = match mode.trim() {
            "automatic" => DrawMode::Automatic,
            "as-written" => DrawMode::AsWritten,
            "on-claim" => DrawMode::OnClaim,
            other => {
                return Err(js_err(format!(
                    "`{other}` is not a draw mode (automatic, as-written or on-claim)"
                )))
            }
        };
        self.inner.set_draw_mode(mode);
        Ok(())
    }

    /// How often the current position has occurred (this time included).
    pub fn repetitions(&self) -> usize {
        self.inner.repetitions()
    }

    /// Consecutive plies in which only kings moved and nothing was captured.
    #[wasm_bindgen(js_name = quietKingPlies)]
    pub fn quiet_king_plies(&self) -> usize {
        self.inner.quiet_king_plies()
    }

    /// The draw counts running now, each with what is left and its text
    /// ("5-move rule: 3 moves left"), as the library's `Game::draw_counts`.
    #[wasm_bindgen(js_name = drawCounts, unchecked_return_type = "DrawCountNow[]")]
    pub fn draw_counts(&self) -> Result<JsValue, JsError> {
        let counts: Vec<_> = self
            .inner
            .draw_counts()
            .iter()
            .map(convert::draw_count_js)
            .collect();
        to_js(&counts)
    }

    /// The game as PDN, with `tags` (an object of tag names and values) first.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, string>")] tags: Option<
            js_sys::Object,
        >,
    ) -> Result<String, JsError> {
        let tags = tags.map(|t| tag_pairs(&t)).transpose().map_err(js_err)?;
        let tags = tags.unwrap_or_default();
        let tags: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (&n[..], &v[..])).collect();
        Ok(self.inner.to_pdn(&tags))
    }

    /// The current position as an SVG picture (see `Position.toSvg`), with
    /// the game's last move tinted unless `options.lastMove` gives one.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "SvgOptions")] options: JsValue,
    ) -> Result<String, JsError> {
        let pos = self.inner.position();
        let options = convert::svg_options(pos.as_ref(), &svg_options(options)?);
        Ok(self.inner.to_svg(&options.map_err(js_err)?))
    }

    /// Step-wise click input for the current position (nothing is clickable
    /// once the game is over).
    #[wasm_bindgen(js_name = moveInput)]
    pub fn move_input(&self) -> MoveInput {
        MoveInput::new(self.inner.input())
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_js(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }
}

/// `[name, value]` pairs of a JS object, values as strings.
/// The options object of `toSvg` (`undefined` or `null`: the defaults).
fn svg_options(value: JsValue) -> Result<shapes::SvgOptionsJs, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(shapes::SvgOptionsJs::default());
    }
    if let Some(obj) = value.dyn_ref::<js_sys::Object>() {
        for key in js_sys::Object::keys(obj).iter() {
            let key = key.as_string().unwrap_or_default();
            if !shapes::SVG_OPTION_KEYS.contains(&key.as_str()) {
                return Err(js_err(format!(
                    "SVG options: unknown option `{key}` (expected one of: {})",
                    shapes::SVG_OPTION_KEYS.join(", ")
                )));
            }
        }
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| js_err(format!("SVG options: {e}")))
}

/// Reads every game of a PDN text as a game tree (the library's
/// `pdn::parse_pdn_tree`): tags, the main line with its nested variations,
/// each move with its number as written, NAGs (strength marks as NAGs 1 to
/// 6) and comments, and the result. Throws for the first game with a syntax
/// error, naming the game and the line.
#[wasm_bindgen(js_name = parsePdnTree, unchecked_return_type = "PdnTree[]")]
pub fn parse_pdn_tree(text: &str) -> Result<JsValue, JsError> {
    let trees = draughts::pdn::parse_pdn_tree(text)
        .into_iter()
        .map(|g| g.map(|t| shapes::PdnTreeJs::from(&t)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| js_err(e.to_string()))?;
    to_js(&trees)
}

/// Writes a game tree (as `parsePdnTree` returns it, or built by hand) as
/// PDN text; reading it back gives the same tree.
#[wasm_bindgen(js_name = toPdn)]
pub fn to_pdn(
    #[wasm_bindgen(unchecked_param_type = "PdnTree")] tree: JsValue,
) -> Result<String, JsError> {
    let tree: shapes::PdnTreeJs =
        serde_wasm_bindgen::from_value(tree).map_err(|e| js_err(format!("PDN tree: {e}")))?;
    Ok(draughts::pdn::GameTree::from(&tree).to_pdn())
}

/// Replays every line of a game tree (as `parsePdnTree` returns it, or built
/// by hand): the main line, then each variation from the position before
/// the move it replaces, in the order they are written, depth first (the
/// library's `GameTree.replay_lines`). `variant` is the variant of a tree
/// without a `GameType` tag, or a house rule to play it as. One game per
/// line; draws by rule end a game as they arise (see `drawMode`), as with
/// `Game.fromPdn`. Throws a `PdnError` whose `path` names the first line
/// that does not replay (`[]` for the main line), its message starting
/// with it (`variation 2 at 2. (inside variation 1 at 1...): ...`); an
/// `Error` for an unknown variant or a tree of the wrong shape.
#[wasm_bindgen(js_name = replayLines)]
pub fn replay_lines(
    #[wasm_bindgen(unchecked_param_type = "PdnTree")] tree: JsValue,
    variant: Option<String>,
) -> Result<Vec<Game>, JsValue> {
    let tree: shapes::PdnTreeJs = serde_wasm_bindgen::from_value(tree)
        .map_err(|e| JsValue::from(js_err(format!("PDN tree: {e}"))))?;
    let tree = draughts::pdn::GameTree::from(&tree);
    let variant = variant.filter(|v| !v.trim().is_empty());
    let games = tree
        .replay_lines_with(|g| dynamic::replay_pdn(g, variant.as_deref().map(str::trim)))
        .map_err(|e| match &e.error {
            PdnReadError::UnknownMode(u) => js_err(unknown_variant(u)).into(),
            _ => pdn_err(PdnFail::line(&e)),
        })?;
    Ok(games
        .into_iter()
        .map(|mut inner| {
            inner.set_draw_mode(DrawMode::Automatic);
            Game { inner }
        })
        .collect())
}

fn tag_pairs(obj: &js_sys::Object) -> Res<Vec<(String, String)>> {
    let mut out = Vec::new();
    for entry in js_sys::Object::entries(obj).iter() {
        let entry = js_sys::Array::from(&entry);
        let name = entry.get(0).as_string().unwrap_or_default();
        let value = entry.get(1);
        let value = value
            .as_string()
            .or_else(|| value.as_f64().map(|n| n.to_string()))
            .ok_or_else(|| format!("tag `{name}`: the value must be a string"))?;
        out.push((name, value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_variants_are_named_with_every_known_one() {
        let err = unknown_variant(&dynamic::new_position("checkers9").unwrap_err());
        assert!(err.starts_with("unknown variant `checkers9` (expected one of: english, "));
        assert!(
            err.ends_with("english-50-moves, english-40-moves)"),
            "{err}"
        );
    }

    #[test]
    fn move_modes() {
        assert_eq!(parse_mode(None), Ok(MoveMode::Distinct));
        assert_eq!(parse_mode(Some(" routes".into())), Ok(MoveMode::Routes));
        assert_eq!(
            parse_mode(Some("sideways".into())),
            Err("`sideways` is not a move mode (distinct or routes)".to_string())
        );
    }

    #[test]
    fn a_fen_that_is_not_a_position_names_its_square() {
        let err = dynamic::position_from_fen("english", "W:W33:B1").unwrap_err();
        assert!(new_game_error(&err).contains("33"), "{err}");
        let err = dynamic::game_from_fen("chess", "W:W1").unwrap_err();
        assert!(new_game_error(&err).starts_with("unknown variant `chess`"));
    }

    #[test]
    fn pdn_failures_keep_the_librarys_kind_and_line() {
        let fail = PdnFail::read(&dynamic::game_from_pdn("english", "").unwrap_err());
        assert_eq!(
            (fail.message.as_str(), fail.kind),
            ("the PDN text holds no game", None)
        );
        let err = dynamic::game_from_pdn("english", "[GameType \"21\"]\n1. 11-15 99-98 *");
        let fail = PdnFail::read(&err.unwrap_err());
        assert_eq!((fail.kind, fail.game), (Some("move"), Some(1)));
        let fail = PdnFail::read(&dynamic::game_from_pdn("chess", "1. 11-15 *").unwrap_err());
        assert!(fail.message.starts_with("unknown variant `chess`"));
    }

    #[test]
    fn a_line_that_does_not_replay_is_named_by_its_path() {
        let text =
            "[GameType \"20\"]\n1. 32-28 19-23 (1... 17-21 2. 33-29 (2. 31-27) (2. 31-25)) *";
        let tree = draughts::pdn::parse_pdn_tree(text).remove(0).unwrap();
        let err = tree
            .replay_lines_with(|g| dynamic::replay_pdn(g, None))
            .unwrap_err();
        let fail = PdnFail::line(&err);
        assert!(
            fail.message
                .starts_with("variation 2 at 2. (inside variation 1 at 1...): move 2 `31-25`"),
            "{}",
            fail.message
        );
        assert_eq!((fail.kind, fail.game), (Some("move"), None));
        let path = fail.path.unwrap();
        assert_eq!(
            path.iter()
                .map(|b| (b.move_index, b.variation, b.number, b.reply))
                .collect::<Vec<_>>(),
            [(1, 0, 1, true), (1, 1, 2, false)]
        );
        assert!(PdnFail::of(&draughts::pdn::PdnError {
            game: 1,
            kind: draughts::pdn::PdnErrorKind::NoVariant
        })
        .path
        .is_none());
    }
}
