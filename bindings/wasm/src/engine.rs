//! The computer opponent: the library's [`draughts::engine`] as a JS class.
//!
//! [`Engine`] keeps the library engine's tables between calls and plays at a
//! level ([`draughts::engine::Level`]) with a seed. The clock of time-limited
//! searches is the host's `performance.now()` (Node, browsers, Web Workers);
//! the library itself never reads a clock. A search runs to its limit on the
//! calling thread: a page runs it in a Web Worker. `search`, `analyse` and
//! `playScored` take `{ onInfo, stop }`: a callback after each completed
//! iteration, and an `Int32Array` (over a `SharedArrayBuffer`, so another
//! thread can write it) whose first element, once not 0, stops the search
//! (the library's `Hooks`: its info callback, its stop flag and the clock
//! through which the flag is read).

use core::sync::atomic::{AtomicBool, Ordering};

use draughts::dynamic::MoveInfo;
use draughts::engine::{Clock, Hooks, Info, Level, LevelSpec, Limits, MAX_DEPTH};
use draughts::Color;
use wasm_bindgen::prelude::*;

use crate::convert::{self, parse_color, Res};
use crate::shapes::LevelJs;
use crate::{js_err, to_js, Game};

/// A JS `Error` with the message, as a thrown value.
fn js_value(message: String) -> JsValue {
    js_err(message).into()
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The host's monotonic clock in milliseconds: `performance.now()` on
/// wasm32, `Instant` natively (the rlib in native tests).
struct HostClock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
}

impl HostClock {
    fn new() -> HostClock {
        HostClock {
            #[cfg(not(target_arch = "wasm32"))]
            start: std::time::Instant::now(),
        }
    }
}

impl Clock for HostClock {
    fn now_ms(&self) -> u64 {
        #[cfg(target_arch = "wasm32")]
        {
            performance_now() as u64
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.start.elapsed().as_millis() as u64
        }
    }
}

/// The host clock, reading the JS stop flag each time the search reads the
/// clock (every 1,024 nodes of a timed search) and after each iteration.
struct Watch<'a> {
    clock: HostClock,
    flag: Option<&'a js_sys::Int32Array>,
    stop: &'a AtomicBool,
}

impl Watch<'_> {
    /// Sets the library's stop flag once the JS flag is not 0.
    fn check(&self) {
        if let Some(flag) = self.flag {
            if js_sys::Atomics::load(flag, 0).unwrap_or(0) != 0 {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }
}

impl Clock for Watch<'_> {
    fn now_ms(&self) -> u64 {
        self.check();
        self.clock.now_ms()
    }
}

/// What a search reports and how JS stops it: `{ onInfo, stop }`.
#[derive(Default)]
struct Progress {
    on_info: Option<js_sys::Function>,
    flag: Option<js_sys::Int32Array>,
}

fn parse_progress(value: Option<JsValue>) -> Res<Progress> {
    let mut p = Progress::default();
    let Some(value) = value else { return Ok(p) };
    for (name, v) in fields(&value, "the search options")? {
        match name.as_str() {
            "onInfo" => {
                let f = v.dyn_into::<js_sys::Function>();
                p.on_info = Some(f.map_err(|_| "onInfo must be a function".to_string())?);
            }
            "stop" => {
                let a = v
                    .dyn_into::<js_sys::Int32Array>()
                    .ok()
                    .filter(|a| a.length() > 0);
                p.flag = Some(a.ok_or_else(|| {
                    "stop must be a non-empty Int32Array (over a SharedArrayBuffer to stop from another thread)".to_string()
                })?);
            }
            other => return Err(format!("unknown search option `{other}` (onInfo, stop)")),
        }
    }
    Ok(p)
}

/// Runs a search with the library's hooks for `progress`: `onInfo` called
/// after each iteration (returning `true` stops the search), the stop flag
/// read through the clock. An exception thrown by `onInfo` stops the search
/// and is thrown on.
fn with_progress<T>(
    progress: &Progress,
    run: impl FnOnce(Hooks<'_, MoveInfo>) -> T,
) -> Result<T, JsValue> {
    let stop = AtomicBool::new(false);
    let clock = Watch {
        clock: HostClock::new(),
        flag: progress.flag.as_ref(),
        stop: &stop,
    };
    let mut error = None;
    let mut on_info = |i: &Info<'_, MoveInfo>| {
        clock.check();
        let (Some(f), None) = (&progress.on_info, &error) else {
            return;
        };
        let answer = to_js(&convert::info_js(i))
            .map_err(JsValue::from)
            .and_then(|info| f.call1(&JsValue::NULL, &info));
        match answer {
            Ok(r) if r.as_bool() == Some(true) => stop.store(true, Ordering::Relaxed),
            Ok(_) => {}
            Err(e) => {
                error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    let out = run(Hooks {
        clock: &clock,
        stop: Some(&stop),
        info: Some(&mut on_info),
    });
    match error {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// Runs a search within the JS `limits`, with the hooks of the JS
/// `options` (see `with_progress`); a bad value of either is a thrown error.
fn with_limits<T>(
    limits: &JsValue,
    options: Option<JsValue>,
    run: impl FnOnce(&Limits, Hooks<'_, MoveInfo>) -> T,
) -> Result<T, JsValue> {
    let limits = parse_limits(limits).map_err(js_value)?;
    let progress = parse_progress(options).map_err(js_value)?;
    with_progress(&progress, |hooks| run(&limits, hooks))
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A whole number from JS in `min..=max`, or an error naming `what`.
fn whole(value: &JsValue, what: &str, min: f64, max: f64) -> Res<f64> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{what} must be a whole number from {min} to {max}, not {}",
            describe(value)
        )),
    }
}

/// A short description of a JS value for an error message.
fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        format!("{s:?}")
    } else if let Some(n) = value.as_f64() {
        format!("{n}")
    } else if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else {
        "a non-number".into()
    }
}

/// The `(name, value)` pairs of a plain JS object argument (none for
/// undefined or null).
fn fields(value: &JsValue, what: &str) -> Res<Vec<(String, JsValue)>> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !value.is_object() {
        return Err(format!("{what} must be an object"));
    }
    let obj: &js_sys::Object = value.unchecked_ref();
    Ok(js_sys::Object::entries(obj)
        .iter()
        .map(|e| {
            let e = js_sys::Array::from(&e);
            (e.get(0).as_string().unwrap_or_default(), e.get(1))
        })
        .filter(|(_, v)| !v.is_undefined())
        .collect())
}

/// Search limits from `{ depth, nodes, moveTimeMs, timeLeftMs, incrementMs,
/// movesToGo }`: at least one of depth, nodes, moveTimeMs and timeLeftMs
/// (a search without one would not end).
fn parse_limits(value: &JsValue) -> Res<Limits> {
    let mut limits = Limits::default();
    for (name, v) in fields(value, "the limits")? {
        match name.as_str() {
            "depth" => limits.depth = Some(whole(&v, "depth", 1.0, MAX_DEPTH as f64)? as u32),
            "nodes" => limits.nodes = Some(whole(&v, "nodes", 1.0, MAX_SAFE)? as u64),
            "moveTimeMs" => {
                limits.move_time_ms = Some(whole(&v, "moveTimeMs", 1.0, MAX_SAFE)? as u64)
            }
            "timeLeftMs" => {
                limits.time_left_ms = Some(whole(&v, "timeLeftMs", 1.0, MAX_SAFE)? as u64)
            }
            "incrementMs" => limits.increment_ms = whole(&v, "incrementMs", 0.0, MAX_SAFE)? as u64,
            "movesToGo" => limits.moves_to_go = Some(whole(&v, "movesToGo", 1.0, 1000.0)? as u32),
            other => {
                return Err(format!(
                    "unknown limit `{other}` (depth, nodes, moveTimeMs, timeLeftMs, incrementMs, movesToGo)"
                ))
            }
        }
    }
    if limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.move_time_ms.is_none()
        && limits.time_left_ms.is_none()
    {
        return Err("give a limit: depth, nodes, moveTimeMs or timeLeftMs".into());
    }
    Ok(limits)
}

fn parse_level(name: &str) -> Res<Level> {
    name.parse::<Level>().map_err(|e| e.to_string())
}

/// A level's JS name: `very-easy`, `easy`, `medium`, `hard`.
fn level_name(level: Level) -> String {
    level.name().replace(' ', "-")
}

fn parse_seed(seed: &JsValue) -> Res<u64> {
    if seed.is_undefined() || seed.is_null() {
        return Ok(0);
    }
    Ok(whole(seed, "the seed", 0.0, MAX_SAFE)? as u64)
}

/// The computer opponent: the library's engine at a level, with a seed for
/// its random choices; its tables are kept from one call to the next.
#[wasm_bindgen]
pub struct Engine {
    inner: draughts::engine::Engine,
    level: Level,
    seed: u64,
    /// A node budget that replaces the level's time limit.
    nodes: Option<u64>,
}

impl Engine {
    fn spec(&self) -> LevelSpec {
        match self.nodes {
            Some(n) => self.level.spec().with_nodes(n),
            None => self.level.spec(),
        }
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine playing at `level` ("very-easy", "easy", "medium" (the
    /// default) or "hard"; "normal" is medium) with `seed` (default 0) for
    /// its random choices: the same seed, game and level give the same
    /// move. `options.nodes` replaces the level's time limit by a node
    /// budget; `options.ttMib` sizes the table (default 16).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] level: Option<String>,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: Option<f64>,
        #[wasm_bindgen(unchecked_optional_param_type = "EngineOptions")] options: Option<JsValue>,
    ) -> Result<Engine, JsError> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let seed = seed.map_or(JsValue::UNDEFINED, JsValue::from_f64);
        let level = match level {
            Some(l) => parse_level(&l).map_err(js_err)?,
            None => Level::Medium,
        };
        let seed = parse_seed(&seed).map_err(js_err)?;
        let mut nodes = None;
        let mut tt_mib = 16;
        for (name, v) in fields(&options, "the options").map_err(js_err)? {
            match name.as_str() {
                "nodes" => nodes = Some(whole(&v, "nodes", 1.0, MAX_SAFE).map_err(js_err)? as u64),
                "ttMib" => tt_mib = whole(&v, "ttMib", 1.0, 1024.0).map_err(js_err)? as usize,
                other => {
                    return Err(js_err(format!(
                        "unknown engine option `{other}` (nodes, ttMib)"
                    )))
                }
            }
        }
        Ok(Engine {
            inner: draughts::engine::Engine::with_tt_mib(tt_mib),
            level,
            seed,
            nodes,
        })
    }

    /// The four levels, weakest first, with what each does.
    #[wasm_bindgen(unchecked_return_type = "LevelInfo[]")]
    pub fn levels() -> Result<JsValue, JsError> {
        let all: Vec<LevelJs> = Level::ALL
            .iter()
            .map(|&l| {
                let spec = l.spec();
                LevelJs {
                    name: level_name(l),
                    label: l.name().to_string(),
                    depth: spec.limits.depth,
                    nodes: spec.limits.nodes,
                    move_time_ms: spec.limits.move_time_ms,
                    margin: spec.margin as f64 / 100.0,
                    blunder_permille: spec.blunder_permille,
                }
            })
            .collect();
        to_js(&all)
    }

    /// The level's name.
    #[wasm_bindgen(getter)]
    pub fn level(&self) -> String {
        level_name(self.level)
    }

    /// Changes the level (an unknown name throws and changes nothing).
    #[wasm_bindgen(setter)]
    pub fn set_level(&mut self, level: String) -> Result<(), JsError> {
        self.level = parse_level(&level).map_err(js_err)?;
        Ok(())
    }

    /// The seed.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.seed as f64
    }

    /// Changes the seed.
    #[wasm_bindgen(setter)]
    pub fn set_seed(&mut self, seed: f64) -> Result<(), JsError> {
        self.seed = parse_seed(&JsValue::from_f64(seed)).map_err(js_err)?;
        Ok(())
    }

    /// The move the level plays in `game`, as full-path text for
    /// `game.play()`; null once the game is over. `game` is not changed.
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn play(&mut self, game: &Game) -> JsValue {
        let spec = self.spec();
        let clock = HostClock::new();
        let hooks = Hooks::with_clock(&clock);
        match game
            .inner
            .engine_play(&mut self.inner, &spec, self.seed, hooks)
        {
            Some(p) => JsValue::from_str(&p.mv.text),
            None => JsValue::NULL,
        }
    }

    /// The move the level plays in `game` (the same as `play`), with its
    /// score, depth and principal variation, so a page shows the computer's
    /// evaluation without searching twice; null once the game is over.
    ///
    /// `options.onInfo(info)` is called after each completed iteration of
    /// the level's search (`SearchInfo`: depth, score, nodes, line);
    /// returning `true` stops it (as for `search`). `options.stop`, an `Int32Array`, stops it
    /// once its first element is not 0 (see `search`). A stopped search
    /// plays the best move found so far.
    #[wasm_bindgen(js_name = playScored, unchecked_return_type = "Played | null")]
    pub fn play_scored(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let progress = parse_progress(options).map_err(js_value)?;
        let spec = self.spec();
        let (engine, seed) = (&mut self.inner, self.seed);
        let played = with_progress(&progress, |hooks| {
            game.inner.engine_play(engine, &spec, seed, hooks)
        })?;
        match played {
            Some(p) => to_js(&convert::played_js(&p)).map_err(JsValue::from),
            None => Ok(JsValue::NULL),
        }
    }

    /// A full-strength search of `game` within `limits` (at least one of
    /// depth, nodes, moveTimeMs, timeLeftMs): the best move, its score, the
    /// principal variation, the depth reached, nodes and time. The level
    /// plays no part. Best is null once the game is over.
    ///
    /// `options.onInfo(info)` is called after each completed iteration
    /// (`SearchInfo`: depth, score, nodes, time, line); returning `true`
    /// stops the search (within the next 1,024 nodes: a short iteration
    /// may still complete and be reported). `options.stop` is an
    /// `Int32Array` whose first element, once not 0, stops the search:
    /// over a `SharedArrayBuffer`, the page sets it
    /// (`Atomics.store(flag, 0, 1)`) while a worker searches. It is read
    /// every 1,024 nodes of a timed search (`moveTimeMs`, `timeLeftMs`),
    /// and after each iteration of a depth- or node-limited one. A stopped
    /// search returns the best move found so far; an exception thrown by
    /// `onInfo` stops the search and is thrown on.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn search(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "SearchLimits")] limits: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let engine = &mut self.inner;
        let r = with_limits(&limits, options, |limits, hooks| {
            game.inner.engine_search(engine, limits, hooks)
        })?;
        to_js(&convert::search_js(&r)).map_err(JsValue::from)
    }

    /// Every legal move's score within `limits`, best first (each move
    /// searched with a full window: slower than `search`; for hints).
    /// `options` as for `search`.
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyse(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "SearchLimits")] limits: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let engine = &mut self.inner;
        let a = with_limits(&limits, options, |limits, hooks| {
            game.inner.engine_analyse(engine, limits, hooks)
        })?;
        to_js(&convert::analysis_js(&a)).map_err(JsValue::from)
    }

    /// Whether the engine, as the opponent of `offeredBy` (default: the
    /// side to move), accepts a draw `offeredBy` offers in `game`: yes when
    /// a 50,000-node search finds the offering side at least level (the
    /// library's `Engine::accepts_draw`, as `draughts play` answers). False
    /// once the game is over. To accept, call `game.agreeDraw()`.
    #[wasm_bindgen(js_name = acceptsDraw)]
    pub fn accepts_draw(
        &mut self,
        game: &Game,
        #[wasm_bindgen(js_name = "offeredBy", unchecked_optional_param_type = "Color")]
        offered_by: Option<String>,
    ) -> Result<bool, JsError> {
        let by: Color = match offered_by {
            Some(c) => parse_color(&c).map_err(js_err)?,
            None => game.inner.turn(),
        };
        Ok(game
            .inner
            .engine_accepts_draw(&mut self.inner, by, Hooks::default()))
    }

    /// Forgets what earlier searches learnt (for a new game: its moves then
    /// depend on nothing before).
    pub fn clear(&mut self) {
        self.inner.clear()
    }
}
