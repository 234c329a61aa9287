// The game page: the draughts wasm package (pkg/) does every rule; this file
// draws the board, turns clicks and keys into the package's step-wise input,
// and talks to the computer opponent in a Web Worker (worker.js).
import init, { Game, variants } from "./pkg/draughts.js";
import { t, has, rulesWords, setLanguage, initialLanguage, language, translatePage, LANGUAGES, OPENING_MODE } from "./i18n.js";
import { pieceSvg } from "./pieces.js";
import * as api from "./room.js";

// The package's WebAssembly is fetched and compiled once, here: the page
// instantiates the compiled module and posts it to the worker (a
// WebAssembly.Module can be sent to a worker), which instantiates it too.
// So the .wasm is downloaded one time, and a restarted worker (a cancelled
// search) needs no download either.
const WASM_URL = new URL("./pkg/draughts_bg.wasm", import.meta.url);
async function compileWasm() {
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`the engine (${WASM_URL.pathname}) could not be loaded: HTTP ${response.status}`);
  if (response.headers.get("content-type")?.startsWith("application/wasm")) return WebAssembly.compileStreaming(response);
  // A server without the application/wasm type: compile the bytes.
  return WebAssembly.compile(await response.arrayBuffer());
}

const $ = (id) => document.getElementById(id);

// Labels of the modes (i18n.js, "mode.<name>"). Variants the package lists
// but the tables lack are shown by name, so a new variant appears without a
// change here.
const nameLabel = (name) => name.replace(/(^|-)(\w)/g, (_, d, c) => (d ? " " : "") + c.toUpperCase());
const modeLabel = (name) => { const l = t(`mode.${name}`); return l === `mode.${name}` ? nameLabel(name) : l; };
const label = (v) => modeLabel(v.name);

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const other = (c) => (c === "white" ? "black" : "white");
const ordinal = (n) => t("ordinal", n);
const turnOf = (fen) => (fen.trim()[0].toUpperCase() === "W" ? "white" : "black");
const colorName = (c) => t(c === "white" ? "white" : "black");

// "20 moves" (plies), "25 moves each": a count rule of the variant's draw rules.
const unitText = (unit) => rulesWords().units[unit] ?? unit.replace(/-/g, " ");
const countOf = (c) => `${c.count} ${unitText(c.unit)}`;
function countText(reason) {
  const c = state.info.drawCounts.find((d) => d.reason === reason);
  return c ? countOf(c) : t("moveLimit");
}

// Why a game ended, for the status line, in the language tables' words.
const REASONS = {
  // The side to move has no pieces or no move (it loses, or in Antidraughts
  // wins: the outcome's winner says which).
  "no-pieces": () => t("reason.no-pieces", colorName(state.game.turn())),
  "blocked": () => t("reason.blocked", colorName(state.game.turn())),
  "out-of-moves": (o) => t("reason.out-of-moves", colorName(o.winner)),
  "first-king": (o) => t("reason.first-king", colorName(o.winner)),
  "resignation": (o) => t("reason.resignation", colorName(other(o.winner))),
  "time": (o) => t("reason.time", colorName(other(o.winner))),
  "absence": (o) => t("reason.absence", colorName(other(o.winner))),
  "agreement": () => t("reason.agreement"),
  "repetition": () => t("reason.repetition", ordinal(state.info.repetition ?? 3)),
  "king-moves": () => t("reason.king-moves", countText("king-moves")),
  "no-progress": () => t("reason.no-progress", countText("no-progress")),
  "three-kings-against-one": () => t("reason.three-kings-against-one", countText("three-kings-against-one")),
};
// The reasons with no parameter: their words only.
for (const r of ["lone-king-five-moves", "lone-king-sixteen-moves", "piece-count", "one-piece-each", "small-ending", "main-road", "one-king-each", "two-kings-against-one"]) REASONS[r] = () => t(`reason.${r}`);

// ---------------------------------------------------------------------------
// The rules line, in words, derived from the rules data the package gives
// for each mode (VariantInfo: the library's Rules).
// ---------------------------------------------------------------------------

/** "most-pieces" → the words; "value { man: 100, king: 199 }" (Frisian) read for its numbers. */
function precedenceText(p) {
  const w = rulesWords();
  if (typeof w[p] === "string") return w[p];
  const value = /^value\b.*?man:\s*(\d+).*?king:\s*(\d+)/.exec(p);
  if (value) {
    const [man, king] = [Number(value[1]), Number(value[2])];
    const worth = king > man && king < 2 * man ? w.valueBetween : w.valueRatio((king / man).toFixed(2).replace(/\.?0+$/, ""));
    return w.highestValue(worth);
  }
  return p.replace(/[^a-z0-9 ]+/gi, " ").trim();
}

/** One draw rule of VariantInfo.drawCounts in words: "after 25 moves each with…". */
function drawCountText(c, all) {
  const w = rulesWords();
  const after = w.after(countOf(c));
  if (c.reason === "piece-count") {
    // Russian: 30 or 60 moves each (by the number of pieces), the balance unchanged.
    const counts = all.filter((d) => d.reason === "piece-count").map((d) => d.count);
    if (c.count !== counts[0]) return null;
    return w.pieceCount(counts, unitText(c.unit));
  }
  if (c.reason === "one-piece-each" && !c.count) return w.onePieceAtOnce;
  return w.draws[c.reason]?.(after) ?? `${after} (${c.reason.replace(/-/g, " ")})`;
}

/** The rules of a mode in words, in the page's language: board, moves, captures, how it is won and drawn. */
function rulesText(v) {
  const w = rulesWords();
  const bits = [];
  bits.push(w.board(v.width, v.height, v.orthogonal));
  bits.push(w.first(v.firstMover === "white"));
  // Men.
  if (v.orthogonal) bits.push(v.menCaptureBackward ? w.menSidewaysAll : w.menSideways);
  else bits.push(v.menCaptureBackward ? w.menBackward : w.menForward);
  if (v.orthogonalCaptures) bits.push(w.orthogonalCaptures);
  if (!v.manCapturesKing) bits.push(w.noKingCapture);
  // Kings.
  const line = v.orthogonal ? w.lineOrth : w.lineDiag;
  let king = v.flyingKings ? w.flying(line) : w.short(line);
  const landing = v.kingLanding;
  if (v.flyingKings && landing === "directly-behind") king += w.landingBehind;
  if (v.flyingKings && landing === "halt-behind-king") king += w.haltBehindKing;
  bits.push(king);
  const limit = v.kingMoveLimit;
  if (limit) bits.push(w.kingLimit(limit));
  const promotion = v.promotion;
  if (promotion === "promotes-and-continues") bits.push(w.promotesContinues);
  else if (promotion === "continues-as-man") bits.push(w.continuesAsMan);
  else if (promotion === "ends-move") bits.push(w.endsMove);
  // Captures.
  let capture = w.compulsory;
  capture += v.precedence.length ? `: ${v.precedence.map(precedenceText).join(w.then)}` : w.freeChoice;
  bits.push(capture);
  if (v.removal === "immediate") bits.push(w.removalImmediate + (v.noReverseJump ? w.noReverse : ""));
  // How it is won.
  const win = v.win;
  if (win === "no-move-wins") bits.push(w.noMoveWins);
  else if (win === "first-king-wins") bits.push(w.firstKingWins);
  else bits.push(w.noMoveLoses);
  // Draws.
  const draws = v.drawCounts.map((c) => drawCountText(c, v.drawCounts)).filter(Boolean);
  if (v.repetition) draws.push(w.repetition(ordinal(v.repetition)));
  bits.push(`${w.agreement}${draws.map((d) => `; ${d}`).join("")}`);
  return cap(bits.join(" · ")) + ".";
}

const state = {
  all: [],        // VariantInfo[]
  info: null,     // the current variant
  game: null,     // Game
  input: null,    // MoveInput of the current position
  opponent: "human",
  human: "white", // the human's colour against the computer
  flipped: false,  // the board turned: Black's side at the bottom
  focus: null,    // square name with keyboard focus
  thinking: 0,    // id of the computer's pending request, 0 when none
  thinkingText: "", // what the status says meanwhile
  best: null,     // the computer's search so far: {depth, score, winIn, pv} of its last completed iteration
  levels: [],     // the package's levels (Engine.levels())
  engine: false,  // the package has the computer opponent
  cells: new Map(),
  coords: new Map(), // square name → [row, col] as drawn unflipped (row 0 White's side)
  module: null,   // the compiled WebAssembly.Module, for the worker
  theme: "classic", // the pieces: "classic" or "barrels" (barrels and tires)
  room: null,     // a game by link: {id, seat ("first" | "second" | null), view, seq, ...}
  retry: null,    // what the "Try again" button does (a call the server refused with 401), or null
};

let worker = null;
let nextId = 1;
const pending = new Map();
// A test hook: while `hold` is set, the worker's answers (not its progress
// messages) wait in `held` until release(), so a test sees the "thinking"
// state for as long as it needs, whatever the machine's speed.
const hooks = { hold: false, held: [] };
function deliver(data) {
  const p = pending.get(data.id);
  if (!p) return;
  if (data.progress) p.progress?.(data.progress);
  else if (data.error) p.reject(new Error(data.error));
  else p.resolve(data);
}

/** A request to the worker; `progress` gets its progress messages, if any. */
function ask(message, progress) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, progress });
    worker.postMessage({ id, ...message });
  }).finally(() => pending.delete(id));
}

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    if (hooks.hold && !e.data.progress) hooks.held.push(e.data);
    else deliver(e.data);
  };
  // The first message: the compiled package, which the worker instantiates.
  worker.postMessage({ id: 0, kind: "init", module: state.module });
}

// ---------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------

const CROWN = '<svg class="crown" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 18h18l-1.6-9-4.6 4-2.8-7-2.8 7-4.6-4z"/></svg>';

function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  state.cells.clear();
  const { width, height } = state.info;
  board.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
  board.style.gridTemplateRows = `repeat(${height}, 1fr)`;
  board.style.setProperty("--cols", width);
  board.classList.toggle("orthogonal", !!state.info.orthogonal);
  const at = new Map(state.info.squares.map((s) => [`${s.row},${s.col}`, s]));
  state.coords = new Map(state.info.squares.map((s) => [s.name, [s.row, s.col]]));
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      // Row 0 is White's side: drawn at the bottom unless flipped.
      const row = state.flipped ? r : height - 1 - r;
      const col = state.flipped ? width - 1 - c : c;
      const sq = at.get(`${row},${col}`);
      if (!sq) {
        const cell = document.createElement("div");
        cell.className = "sq light";
        cell.setAttribute("role", "presentation");
        board.append(cell);
        continue;
      }
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "sq dark";
      cell.dataset.square = sq.name;
      // On an orthogonal board every square is played: alternate two shades.
      if (state.info.orthogonal && (sq.row + sq.col) % 2 === 1) cell.dataset.tone = "alt";
      cell.dataset.row = r;
      cell.dataset.col = c;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.addEventListener("click", () => onSquare(sq.name));
      board.append(cell);
      state.cells.set(sq.name, cell);
    }
  }
  if (!state.focus || !state.cells.has(state.focus)) state.focus = state.info.squares[0].name;
}

/** The pieces the clicks so far have already jumped (the package's MoveInput.jumped). */
function jumpedSquares(input) {
  return input.jumped;
}

function render() {
  const { game, input } = state;
  const pos = game.position();
  const pieces = new Map(pos.pieces().map((p) => [p.square, p]));
  const over = game.isOver;
  const humanTurn = humanToMove();
  const clicks = input.clicks;
  const movable = new Set(humanTurn && clicks.length === 0 ? input.movable : []);
  const targets = new Set(humanTurn && clicks.length > 0 ? input.nextSquares : []);
  const jumped = new Set(humanTurn ? jumpedSquares(input) : []);
  const captured = new Set(humanTurn ? input.captured.filter((s) => !jumped.has(s)) : []);
  const moves = game.moves();
  const last = moves.length ? new Set([moves.at(-1).from, ...moves.at(-1).path]) : new Set();
  // The pieces the last move took (the package's Move.captured): marked on
  // their now empty squares, so a capture by the other side is seen.
  const taken = new Set(moves.at(-1)?.captured ?? []);

  for (const [name, cell] of state.cells) {
    const p = pieces.get(name);
    const cls = ["sq", "dark"];
    if (movable.has(name)) cls.push("movable");
    if (clicks[0] === name) cls.push("selected");
    else if (clicks.includes(name)) cls.push("via");
    if (targets.has(name)) cls.push("target");
    if (captured.has(name)) cls.push("captured");
    if (jumped.has(name)) cls.push("jumped");
    if (last.has(name)) cls.push("last");
    if (taken.has(name) && !p) cls.push("taken");
    cell.className = cls.join(" ");
    cell.innerHTML = `<span class="name" aria-hidden="true">${name}</span>` + (p ? pieceHtml(p) : "");
    let text = `${name}: ${p ? `${colorName(p.color).toLowerCase()} ${t(p.king ? "king" : "man")}` : t("empty")}`;
    if (clicks[0] === name) text += `, ${t("selected")}`;
    if (movable.has(name)) text += `, ${t("canMove")}`;
    if (targets.has(name)) text += `, ${t("canGo")}`;
    if (captured.has(name)) text += `, ${t("willBeCaptured")}`;
    if (jumped.has(name)) text += `, ${t("alreadyJumped")}`;
    if (taken.has(name) && !p) text += `, ${t("takenLastMove")}`;
    cell.setAttribute("aria-label", text);
    cell.tabIndex = name === state.focus ? 0 : -1;
  }

  // Status: whose turn, or the result with its reason.
  const status = $("status");
  const outcome = game.outcome();
  if (state.room) {
    const { text, over: roomOver } = roomStatus(pos);
    status.textContent = text;
    status.className = roomOver ? "over" : "";
  } else if (outcome) {
    status.textContent = outcomeText(outcome);
    status.className = "over";
  } else {
    const turn = game.turn();
    let who = colorName(turn);
    if (state.opponent !== "human") who += turn === state.human ? ` (${t("you")})` : ` (${t("computer")})`;
    status.textContent = state.thinking ? state.thinkingText : t("toMove", who) + (pos.hasCaptures() ? t("captureCompulsory") : "");
    status.className = "";
  }

  // The move list in the variant's notation, numbered from the first mover.
  const list = $("moves");
  list.replaceChildren();
  // Plies from the first mover: a record starting with the other side to
  // move begins with "… move".
  const offset = state.startTurn === state.info.firstMover ? 0 : 1;
  let li = null;
  moves.forEach((m, i) => {
    if ((i + offset) % 2 === 0 || !li) {
      li = document.createElement("li");
      li.textContent = (i + offset) % 2 === 0 ? m.notation : `… ${m.notation}`;
      list.append(li);
    } else {
      li.textContent += `  ${m.notation}`;
    }
  });
  list.scrollTop = list.scrollHeight;
  $("fen").value = game.fen();

  const busy = !!state.thinking;
  $("undo").disabled = moves.length === 0 || busy;
  $("offer-draw").disabled = over || busy;
  $("resign").disabled = over || busy;
  $("move-now").hidden = !canMoveNow();
  renderRoom();
}

/** "White wins: Black has no legal move. (0-2)", "Draw: …", in the page's language. */
function outcomeText(outcome) {
  const why = (REASONS[outcome.reason] ?? (() => outcome.reason.replace(/-/g, " ")))(outcome);
  return outcome.winner ? t("wins", colorName(outcome.winner), why, outcome.result) : t("draw", why, outcome.result);
}

/** A piece as the theme draws it: classic discs, or barrels (the first mover) and tires. */
function pieceHtml(p) {
  if (state.theme === "barrels") {
    const kind = p.color === state.info.firstMover ? "barrel" : "tire";
    return `<span class="piece ${p.color}${p.king ? " king" : ""} themed" data-kind="${kind}">${pieceSvg(kind, p.king)}</span>`;
  }
  return `<span class="piece ${p.color}${p.king ? " king" : ""}">${p.king ? CROWN : ""}</span>`;
}

// ---------------------------------------------------------------------------
// Play
// ---------------------------------------------------------------------------

/**
 * The message line: `kind` "info" (neutral news), "success" (something
 * done) or "error" (something refused or failed), each styled its own way.
 * An empty text clears it; every action clears the message of the last one.
 */
function message(text, kind = "info") {
  const el = $("message");
  el.textContent = text ?? "";
  el.className = text ? kind : "";
  // Errors interrupt a screen reader; news waits its turn.
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  state.retry = null;
  $("retry").hidden = true;
}

/**
 * A failed server call in words; when the server did not recognise this
 * browser's player (HTTP 401: the identity is kept, see room.js), a
 * "Try again" button runs `retry`.
 */
function failure(e, retry = null) {
  message(refusal(e), e instanceof api.ServerMissing ? "info" : "error");
  if (api.isUnrecognized(e) && retry) offerRetry(retry);
}
function offerRetry(retry) {
  state.retry = retry;
  $("retry").hidden = false;
}

function humanToMove() {
  const g = state.game;
  if (state.room) return roomMyTurn();
  return !g.isOver && !state.thinking && (state.opponent === "human" || g.turn() === state.human);
}

function onSquare(name) {
  state.focus = name;
  if (!humanToMove()) {
    render();
    return;
  }
  const input = state.input;
  const clicks = input.clicks;
  if (clicks.length && clicks[clicks.length - 1] === name) {
    // Clicking the last square again takes that click back.
    input.undo();
  } else if (input.click(name)) {
    if (input.complete) {
      play(input.chosen.text);
      return;
    }
  } else if (clicks.length && input.movable.includes(name)) {
    // Another piece that can move: start over with it.
    input.clear();
    input.click(name);
  }
  // Any other click is not part of a legal move and changes nothing.
  render();
}

function play(text) {
  if (state.room) {
    roomMove(text);
    return;
  }
  try {
    state.game.play(text);
  } catch (e) {
    message(e.message, "error"); // not expected: the input only completes legal moves
    return;
  }
  message("");
  afterMove();
}

function afterMove() {
  state.input = state.game.moveInput();
  render();
  if (!state.game.isOver && state.opponent !== "human" && state.game.turn() !== state.human) computerMove();
}

function request() {
  const g = state.game;
  return { variant: g.variant, startFen: g.startFen(), moves: g.moves().map((m) => m.text), level: state.opponent, seed: state.seed };
}

async function computerMove() {
  if (!state.engine) {
    message(t("noEngine"), "error");
    return;
  }
  const id = nextId;
  const thinking = t("thinking", colorName(state.game.turn()), state.opponent);
  state.thinking = id;
  state.thinkingText = thinking;
  state.best = null;
  render();
  // Each completed iteration of the search: shown, and kept for "move now".
  const progress = (best) => {
    if (state.thinking !== id) return;
    state.best = best;
    state.thinkingText = thinking + t("searchDepth", best.depth, best.score, best.winIn);
    render();
  };
  try {
    const reply = await ask({ kind: "move", ...request() }, progress);
    if (state.thinking !== id) return; // cancelled (undo, new game, move now)
    state.thinking = 0;
    state.best = null;
    state.game.play(reply.move);
    state.input = state.game.moveInput();
    render();
  } catch (e) {
    if (state.thinking === id) {
      state.thinking = 0;
      message(t("computerFailed", e.message), "error");
      render();
    }
  }
}

/**
 * Whether "move now" is offered: the computer searches at a level that
 * never errs on purpose (its move is its best line's first), and one
 * iteration is complete.
 */
function canMoveNow() {
  const level = state.levels.find((l) => l.name === state.opponent);
  return !!state.thinking && !!state.best?.pv?.length && !!level && level.margin === 0 && level.blunderPermille === 0;
}

/**
 * "Move now": the computer plays the first move of its deepest completed
 * iteration at once. The worker's search can't be reached while it runs
 * (a stop flag would need a SharedArrayBuffer, which needs cross-origin
 * isolation headers), so the worker is ended and started again, as a
 * cancelled search is; the module is already compiled.
 */
function moveNow() {
  if (!canMoveNow()) return;
  const move = state.best.pv[0];
  cancelThinking();
  state.game.play(move);
  state.input = state.game.moveInput();
  render();
}

function cancelThinking() {
  state.best = null;
  if (state.thinking) {
    state.thinking = 0;
    worker.terminate();
    for (const p of pending.values()) p.reject(new Error("cancelled"));
    pending.clear();
    startWorker();
  }
}

function newGame(variantName, fen) {
  cancelThinking();
  if (state.room) leaveRoom();
  state.info = state.all.find((v) => v.name === variantName) ?? state.all[0];
  state.game = new Game(state.info.name, fen);
  // Against the computer, the human plays the side chosen under "You play".
  const first = state.info.firstMover;
  state.human = $("side").value === "second" ? other(first) : first;
  // The side of the player (in a two-player game, the side chosen under
  // "You play") at the bottom; the flip button turns it round.
  state.flipped = state.human === "black";
  // The computer's seed: random, or the page address's ?seed=N (reproducible games).
  const fixed = Number.parseInt(new URLSearchParams(location.search).get("seed"), 10);
  state.seed = Number.isSafeInteger(fixed) && fixed >= 0 ? fixed : Math.floor(Math.random() * 2 ** 31);
  state.startTurn = turnOf(state.game.startFen());
  state.input = state.game.moveInput();
  message("");
  describeRules();
  buildBoard();
  render();
  if (state.opponent !== "human" && state.game.turn() !== state.human) computerMove();
}

function describeRules() {
  $("rules").textContent = rulesText(state.info);
}

function undo() {
  cancelThinking();
  const g = state.game;
  if (!g.moves().length) return;
  g.undo();
  // Against the computer, take back to the human's turn.
  if (state.opponent !== "human" && g.turn() !== state.human && g.moves().length) g.undo();
  state.input = g.moveInput();
  message("");
  render();
  if (state.opponent !== "human" && !g.isOver && g.turn() !== state.human) computerMove();
}

function confirm(text) {
  const dialog = $("confirm-dialog");
  $("confirm-text").textContent = text;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true }));
}

async function offerDraw() {
  const g = state.game;
  if (g.isOver) return;
  message("");
  if (state.opponent === "human") {
    const answering = colorName(other(g.turn()));
    if (await confirm(t("offersDrawAsk", colorName(g.turn()), answering))) {
      g.agreeDraw();
      message(t("acceptsDraw", answering), "success");
    } else {
      message(t("declinedDraw", answering));
    }
  } else if (!state.engine) {
    message(t("noEngineShort"), "error");
  } else {
    // The computer answers by its evaluation (a short search in the worker).
    const id = nextId;
    state.thinking = id;
    state.thinkingText = t("considersDraw");
    message("");
    render();
    let reply;
    try {
      reply = await ask({ kind: "draw", ...request(), by: state.human });
    } catch (e) {
      if (state.thinking === id) {
        state.thinking = 0;
        message(t("computerFailed", e.message), "error");
        render();
      }
      return;
    }
    if (state.thinking !== id) return; // cancelled (new game)
    state.thinking = 0;
    if (reply.accept) {
      g.agreeDraw();
      message(t("computerAccepts"), "success");
    } else {
      message(t("computerDeclines"));
    }
  }
  state.input = g.moveInput();
  render();
}

async function resign() {
  const g = state.game;
  if (g.isOver) return;
  const color = state.opponent === "human" ? g.turn() : state.human;
  if (!(await confirm(t("resignAsk", colorName(color))))) return;
  cancelThinking();
  g.resign(color);
  message("");
  state.input = g.moveInput();
  render();
}

async function copyFen() {
  const fen = state.game.fen();
  $("fen").value = fen;
  try {
    await navigator.clipboard.writeText(fen);
    message(t("fenCopied"), "success");
  } catch {
    $("fen").select();
    message(t("fenSelected"));
  }
}

function pdnTags() {
  const computer = (c) => (state.opponent === "human" || c === state.human ? "Human" : `Computer (${state.opponent})`);
  return {
    Event: "Casual game",
    Site: "draughts web page",
    Date: new Date().toISOString().slice(0, 10).replace(/-/g, "."),
    White: computer("white"),
    Black: computer("black"),
  };
}

function exportPdn() {
  const pdn = state.game.toPdn(pdnTags());
  $("pdn-text").value = pdn;
  $("pdn-error").textContent = "";
  const link = $("pdn-download");
  URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([pdn], { type: "application/x-chess-pdn" }));
  $("pdn-dialog").showModal();
}

function importPdn() {
  $("pdn-text").value = "";
  $("pdn-error").textContent = "";
  $("pdn-dialog").showModal();
  $("pdn-text").focus();
}

/** The house rule a PDN record names by its CustomVariant tag, if the page has it. */
function pdnCustomVariant(text) {
  const custom = /\[CustomVariant\s+"([^"]*)"\]/i.exec(text)?.[1]?.trim();
  return custom && state.all.some((v) => v.name === custom) ? custom : null;
}

/** The built-in variant of a record's GameType number (the mode a record is read in). */
function pdnGameTypeVariant(text) {
  const type = /\[GameType\s+"\s*(\d+)/i.exec(text)?.[1];
  return type ? state.all.find((v) => v.builtin && v.gameType === Number(type))?.name ?? null : null;
}

function loadPdn() {
  const text = $("pdn-text").value;
  // The mode: the one the record's tags name (CustomVariant for a house
  // rule, else the package's reading of GameType and Variant), which the
  // page switches to; a record without such tags is read in the current mode.
  const custom = pdnCustomVariant(text);
  let name = custom ?? pdnGameTypeVariant(text) ?? state.info.name;
  let game;
  try {
    if (custom) {
      game = Game.fromPdn(text, custom);
    } else {
      try {
        game = Game.fromPdn(text);
      } catch (e) {
        if (!/no GameType/i.test(e.message)) throw e;
        name = state.info.name;
        game = Game.fromPdn(text, name);
      }
    }
  } catch (e) {
    // The package names the move, its number and whose it is
    // ("move 1... `b6-a5` (Black): ..."); nothing changes.
    $("pdn-error").textContent = e.message;
    return;
  }
  const previous = state.info;
  cancelThinking();
  state.info = state.all.find((v) => v.name === game.variant) ?? state.all.find((v) => v.name === name) ?? previous;
  $("mode").value = state.info.name;
  state.game = game;
  state.startTurn = turnOf(game.startFen());
  // Against the computer the player takes the side to move; two players
  // keep the board the way "You play" turns it.
  const chosen = $("side").value === "second" ? other(state.info.firstMover) : state.info.firstMover;
  state.human = state.opponent === "human" ? chosen : game.turn();
  state.flipped = state.human === "black";
  state.input = game.moveInput();
  describeRules();
  buildBoard();
  render();
  $("pdn-dialog").close();
  const n = game.moves().length;
  const switched = state.info.name !== previous.name ? t("modeSwitched", label(state.info), label(previous)) : "";
  const who = state.opponent === "human" ? t("toMove", colorName(game.turn())) : t("youPlayColor", colorName(state.human));
  message(t("loaded", n, game.isOver, who, switched), "success");
}

// ---------------------------------------------------------------------------
// Play with someone: a room on draughts-server (room.js talks to it). The
// server's RoomView is the truth; the page replays its moves in a local Game
// only to draw the board and to turn clicks into a legal move's text.
// ---------------------------------------------------------------------------

const SEATS = ["first", "second"];
const seatIndex = (seat) => SEATS.indexOf(seat);
const otherSeat = (seat) => (seat === "first" ? "second" : "first");
// The server's clock, as far as the page knows it: the client's, corrected
// by the offset of the last view's `now` (the time the server made it at).
const nowSeconds = () => Math.floor(Date.now() / 1000 + (state.room?.skew ?? 0));

function roomMyTurn() {
  const r = state.room;
  return !!r && !!r.seat && !r.busy && r.view.state === "playing" && r.view.turn === r.seat && !state.game.isOver;
}

/** The variant the page plays a room's mode with: the mode when the package has it, else the view's variant. */
function roomVariant(view) {
  return state.all.find((v) => v.name === view.mode) ? view.mode : view.variant;
}

/** Replays the view's game in the local Game (only the moves not yet there). */
function syncRoomGame() {
  const { view } = state.room;
  const name = roomVariant(view);
  const local = state.game?.moves().map((m) => m.text) ?? [];
  const fresh = state.info?.name !== name || state.room.game !== view.game_number ||
    local.length > view.moves.length || local.some((m, i) => m !== view.moves[i]);
  const rebuild = fresh || state.room.rebuild;
  state.room.rebuild = false;
  if (rebuild) {
    state.info = state.all.find((v) => v.name === name) ?? state.info;
    state.game = new Game(state.info.name);
    state.startTurn = turnOf(state.game.startFen());
    state.room.game = view.game_number;
    $("mode").value = state.info.name;
  }
  for (const m of view.moves.slice(rebuild ? 0 : local.length)) state.game.play(m);
  // The player's colour at the bottom; a spectator sees the first seat's.
  const mine = view.colors?.[Math.max(0, seatIndex(state.room.seat))] ?? state.info.firstMover;
  const flipped = mine === "black";
  if (rebuild || flipped !== state.flipped || state.room.built !== name) {
    state.human = mine;
    state.flipped = flipped;
    state.room.built = name;
    describeRules();
    buildBoard();
  }
  state.input = state.game.moveInput();
}

function applyRoom(data) {
  const r = state.room;
  if (!r || !data?.view) return;
  if (data.seq !== undefined) {
    if (r.seq !== undefined && data.seq < r.seq) return; // an older update than the one shown
    r.seq = data.seq;
  }
  r.view = data.view;
  if (typeof data.view.now === "number") r.skew = data.view.now - Date.now() / 1000;
  if (data.players) r.players = data.players;
  // The server's answers to a player name the seat it holds.
  if (typeof data.seat === "string" && data.seat !== r.seat) {
    r.seat = data.seat;
    r.rebuild = true;
  }
  // Someone took a seat, or a game ended (the ratings changed): the
  // players' names and ratings are the room's GET.
  const seated = JSON.stringify(r.view.seated ?? []);
  const ended = r.view.state === "finished" && r.shownState !== undefined && r.shownState !== "finished";
  if ((r.seatedShown !== undefined && r.seatedShown !== seated) || ended) refreshPlayers(r);
  r.seatedShown = seated;
  r.shownState = r.view.state;
  // The "room created" notice is news only while the room waits for its opponent.
  if (r.createdNotice && r.view.state !== "waiting") {
    r.createdNotice = false;
    if ($("message").textContent === t("roomCreated")) message("");
  }
  syncRoomGame();
  render();
  scheduleRoomTimer();
  if (ended) loadStandings();
}

/** The room's players (names, ratings) from its GET, then the panel drawn again. */
function refreshPlayers(r) {
  api.getRoom(r.id).then((d) => { if (state.room === r && d.players) { r.players = d.players; renderRoom(); } }).catch(() => {});
}

/** The room's view from its GET (a page left open past a time the server counts), applied. */
function refreshRoom(r) {
  api.getRoom(r.id).then((d) => { if (state.room === r && !d.unrecognized) applyRoom(d); }).catch(() => {});
}

/** A timer for what changes with the clock: the absence claim and a live move's seconds. */
function scheduleRoomTimer() {
  const r = state.room;
  clearTimeout(r.timer);
  const v = r.view;
  // A room that may expire: its state asked for again when the time has come.
  clearTimeout(r.expiryTimer);
  const expiresIn = v.expires_at != null && (v.state === "waiting" || v.state === "playing") ? v.expires_at - nowSeconds() + 1 : null;
  if (expiresIn !== null && expiresIn < 2 ** 31 / 1000) r.expiryTimer = setTimeout(() => refreshRoom(r), Math.max(0, expiresIn) * 1000);
  if (v.state !== "playing") return;
  let next = null;
  if (v.move_deadline) next = 1;
  else if (v.absence_claimable_at && v.absence_claimable_at > nowSeconds()) next = v.absence_claimable_at - nowSeconds();
  if (next !== null && next < 2 ** 31 / 1000) r.timer = setTimeout(() => { if (state.room === r) { renderRoom(); scheduleRoomTimer(); } }, next * 1000);
}

/** Normalises the view's result: {winner: seat, reason} or {draw: true, reason}, reasons in kebab case. */
function roomResult(result) {
  if (!result) return null;
  const kebab = (s) => String(s).replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();
  const entries = Object.entries(result);
  let kind = result.type ?? result.kind, body = result;
  if (!kind && entries.length === 1) [kind, body] = entries[0];
  kind = kebab(kind ?? "");
  const reasonOf = (r) => {
    if (r === undefined || r === null) return "";
    if (typeof r === "string") return kebab(r);
    const [[k, v]] = Object.entries(r).length ? Object.entries(r) : [["", ""]];
    if (k === "type" || k === "kind") return kebab(r.name ?? r.reason ?? v);
    return kebab(k === "board" || k === "Board" ? v : k);
  };
  if (kind === "win") return { winner: body.seat, reason: reasonOf(body.reason) };
  if (kind === "draw") return { draw: true, reason: reasonOf(body.reason) };
  return null;
}

/** The game's result string ("2-0", "1-1"... as the package writes it), from a copy of the local game. */
function resultString(winnerColor) {
  const g = new Game(state.info.name);
  for (const m of state.room.view.moves) g.play(m);
  if (g.isOver) return g.outcome().result;
  return (winnerColor ? g.resign(other(winnerColor)) : g.agreeDraw()).result;
}

function roomStatus(pos) {
  const r = state.room;
  const v = r.view;
  const colorOf = (seat) => colorName(v.colors?.[seatIndex(seat)] ?? (seat === "first" ? state.info.firstMover : other(state.info.firstMover)));
  if (v.state === "waiting" && r.unrecognized) return { text: t("unrecognizedStatus"), over: false };
  if (v.state === "waiting") return { text: r.seat ? t("waitingJoiner") : t("invited", modeLabel(v.mode), paceText(v)), over: false };
  if (v.state === "expired") return { text: t("expired"), over: true };
  if (v.state === "finished") {
    const res = roomResult(v.result);
    if (!res) return { text: v.result_text ?? "", over: true };
    const board = state.game.outcome();
    if (res.draw) {
      // A draw on the board reads as the local game has it; an agreed one from the result.
      if (board && !board.winner) return { text: outcomeText(board), over: true };
      const why = (REASONS[res.reason] ?? (() => res.reason.replace(/-/g, " ")))({});
      return { text: t("draw", why, resultString(null)), over: true };
    }
    const winnerColor = v.colors?.[seatIndex(res.winner)] ?? state.info.firstMover;
    const o = { winner: winnerColor };
    let text = board?.winner ? outcomeText(board) : t("wins", colorName(winnerColor), (REASONS[res.reason] ?? (() => res.reason.replace(/-/g, " ")))(o), resultString(winnerColor));
    if (r.seat) text = `${t(res.winner === r.seat ? "youWin" : "youLose")}. ${text}`;
    return { text, over: true };
  }
  // Playing.
  const c = colorOf(v.turn);
  const key = !r.seat ? "spectatorTurn" : v.turn === r.seat ? "yourTurn" : "theirTurn";
  return { text: t(key, c) + (pos.hasCaptures() ? t("captureCompulsory") : ""), over: false };
}

/** Whether the room is played live (a clock per move), not by correspondence. */
const isLive = (v) => (v.rules?.pace ?? "correspondence") === "live" || v.move_deadline != null;

function paceText(v) {
  const pace = v.rules?.pace ?? "correspondence";
  return pace === "live" ? t("pace.live", v.rules?.move_time ?? 60) : t("pace.correspondence");
}

function show(id, visible) { $(id).hidden = !visible; }

function renderRoom() {
  const r = state.room;
  const inRoom = !!r;
  show("room", inRoom);
  document.body.classList.toggle("in-room", inRoom);
  // Invited (the free seat to take): the phone layout puts the invitation first.
  document.body.classList.toggle("invited", inRoom && !r.seat && !r.unrecognized && r.view.state === "waiting" && !r.view.seated?.[1]);
  $("play-with-someone").disabled = inRoom;
  $("pace").disabled = inRoom;
  if (!inRoom) return;
  const v = r.view;
  const mine = r.seat;
  const playing = v.state === "playing";
  $("room-title").textContent = `${t("roomTitle", modeLabel(v.mode))} · ${t("gameNumber", v.game_number)}`;
  const myColor = mine ? v.colors?.[seatIndex(mine)] : null;
  // "White: Ana (1500) · Black: anonymous player 1f3a2b (1500)": the seats in this game's colours.
  let playersLine = "";
  if (r.players) {
    const card = (p) => (p ? `${p.name ?? `${t("anonymous")} ${p.player?.slice(0, 6) ?? ""}`.trim()}${p.rating?.rating ? ` (${Math.round(p.rating.rating)})` : ""}` : t("nobodyYet"));
    const white = v.colors?.[0] === "white" ? 0 : 1;
    playersLine = t("playersLine", card(r.players[white]), card(r.players[1 - white])) + ".";
  }
  $("room-info").textContent = [t("roomPace", paceText(v)), playersLine, mine ? (myColor ? t("youAre", colorName(myColor)) : "") : v.state === "waiting" || r.unrecognized ? "" : t("spectating")].filter(Boolean).join(" ");
  // An expired room's link invites nobody any more.
  show("room-link-row", !!mine && v.state !== "expired");
  $("room-link").value = roomUrl(r.id);
  // The player's own link (its seat key is asked for once, then the panel is drawn again).
  const own = mine && v.state !== "expired" ? api.personalLink(r.id, () => { if (state.room === r) renderRoom(); }) : null;
  show("room-key-row", !!own);
  $("room-key-link").value = own ?? "";
  const theirs = mine ? otherSeat(mine) : null;
  // Not recognised (a 401): no seat to take as someone else; "Try again" instead.
  show("room-accept", !mine && !r.unrecognized && v.state === "waiting" && !v.seated?.[1]);
  show("room-offer-draw", !!mine && playing && !v.draw_offer);
  show("room-accept-draw", !!mine && playing && v.draw_offer === theirs);
  show("room-decline-draw", !!mine && playing && v.draw_offer === theirs);
  show("room-resign", !!mine && playing);
  // The absence claim is a correspondence rule: a live room's clock decides instead.
  const claimable = playing && !isLive(v) && v.turn === theirs && v.absence_claimable_at != null;
  show("room-claim", !!mine && claimable);
  $("room-claim").disabled = !(claimable && nowSeconds() >= v.absence_claimable_at);
  show("room-rematch", !!mine && v.state === "finished");
  $("room-rematch").disabled = (v.rematch ?? []).includes(mine);
  for (const b of $("room-actions").querySelectorAll("button")) if (r.busy) b.disabled = true;
  if (!r.busy) {
    for (const id of ["room-accept", "room-offer-draw", "room-accept-draw", "room-decline-draw", "room-resign", "room-leave"]) $(id).disabled = false;
  }
  // The notes: draw offers, rematch requests, the absence claim, a live clock.
  const notes = [];
  if (!r.connected && r.everConnected) notes.push(t("liveLost"));
  if (playing && v.draw_offer) {
    if (!mine) notes.push(t("drawOfferedBy", colorName(v.colors?.[seatIndex(v.draw_offer)] ?? "white")));
    else notes.push(t(v.draw_offer === mine ? "youOfferedDraw" : "theyOfferDraw"));
  }
  if (v.state === "finished" && mine) {
    if ((v.rematch ?? []).includes(mine)) notes.push(t("rematchAsked"));
    else if ((v.rematch ?? []).includes(theirs)) notes.push(t("theyAskRematch"));
  }
  if (mine && claimable && nowSeconds() < v.absence_claimable_at) notes.push(t("absenceAt", new Date(v.absence_claimable_at * 1000).toLocaleString(language())));
  if (playing && v.move_deadline) notes.push(t("moveDeadline", Math.max(0, v.move_deadline - nowSeconds())));
  $("room-note").textContent = notes.join(" ");
}

/** A refused request in words: the page's own for the kinds it knows, else the server's message. */
function refusal(e) {
  if (e instanceof api.ServerMissing) return t("noServer");
  if (api.isUnrecognized(e)) return t("unrecognized");
  return t("serverError", e.kind && has(`error.${e.kind}`) ? t(`error.${e.kind}`) : e.message);
}

const roomUrl = (id) => new URL(`/?room=${encodeURIComponent(id)}`, location.href).href;

/** Opens a room: `data` is what the server answered ({room, view, seat?, players?}). */
function enterRoom(id, data, seat) {
  cancelThinking();
  leaveRoom({ keepUrl: true });
  state.room = { id, seat, view: data.view, seq: data.seq, players: data.players ?? null, busy: false, connected: false, everConnected: false, rebuild: true };
  if (new URLSearchParams(location.search).get("room") !== id) history.pushState(null, "", `?room=${encodeURIComponent(id)}`);
  const r = state.room;
  r.live = api.live(id, (update) => { if (state.room === r) applyRoom(update); }, (up) => {
    if (state.room !== r) return;
    r.connected = up;
    if (up) r.everConnected = true;
    renderRoom();
  });
  applyRoom(data);
  renderIdentity();
}

function leaveRoom({ keepUrl = false } = {}) {
  const r = state.room;
  if (!r) return;
  r.live?.close();
  clearTimeout(r.timer);
  clearTimeout(r.expiryTimer);
  state.room = null;
  if (!keepUrl) history.pushState(null, "", location.pathname);
}

async function roomCall(fn) {
  const r = state.room;
  r.busy = true;
  renderRoom();
  try {
    const data = await fn();
    if (state.room === r) {
      r.busy = false;
      applyRoom(data);
    }
    return data;
  } catch (e) {
    if (state.room === r) {
      r.busy = false;
      r.rebuild = true; // back to the server's position
      syncRoomGame();
      render();
    }
    failure(e, () => { if (state.room === r) roomCall(fn); else openRoomOfUrl(); });
    return null;
  }
}

function roomMove(text) {
  // Shown at once; the server's answer (or the live update) confirms it.
  try {
    state.game.play(text);
  } catch (e) {
    message(e.message, "error");
    return;
  }
  message("");
  state.input = state.game.moveInput();
  const r = state.room;
  roomCall(() => api.act(r.id, { type: "move", text }));
  render();
}

const roomAction = (type) => { message(""); return roomCall(() => api.act(state.room.id, { type })); };

async function playWithSomeone() {
  message("");
  let data;
  try {
    data = await api.createRoom(state.info.name, $("pace").value);
  } catch (e) {
    failure(e, playWithSomeone);
    return;
  }
  enterRoom(data.room, data, data.seat ?? "first");
  message(t("roomCreated"), "success");
  state.room.createdNotice = true;
}

/** The room of the address (?room=id): as its player when this browser holds a seat, else joiner or spectator. */
async function openRoomOfUrl() {
  const id = new URLSearchParams(location.search).get("room");
  if (!id) {
    if (state.room) { leaveRoom({ keepUrl: true }); newGame($("mode").value); }
    return;
  }
  let data;
  try {
    data = await api.getRoom(id);
  } catch (e) {
    if (e instanceof api.ServerMissing) message(t("noServer"), "info");
    else message(e.status === 404 ? t("roomNotFound") : t("serverError", e.message), "error");
    return;
  }
  // The server says which seat this player holds; a server without that
  // answer leaves it to the seat this browser remembers. One that did not
  // recognise this browser's player shows the room as to a spectator and
  // says so, with a way to try again (the identity is kept).
  const seat = data.unrecognized ? null : data.seat !== undefined ? data.seat : api.seatIn(id);
  enterRoom(id, data, seat);
  state.room.unrecognized = !!data.unrecognized;
  if (data.unrecognized) {
    render();
    message(t("unrecognized"), "error");
    offerRetry(openRoomOfUrl);
  }
}

/**
 * Copies a read-only field's text: by the Clipboard API; where that is
 * missing or refused (an insecure page, a phone's browser), the field's
 * whole text is selected and the browser's copy command tried; where that
 * fails too, the text stays selected and the message says how to copy it
 * by hand (touch and hold on a phone, with the text itself shown; Ctrl+C
 * elsewhere).
 */
async function copyField(id, words) {
  const field = $(id);
  const text = field.value;
  try {
    await navigator.clipboard.writeText(text);
    message(words.copied, "success");
    return;
  } catch { /* no clipboard here, or refused */ }
  field.focus();
  field.select();
  field.setSelectionRange(0, text.length);
  let copied = false;
  try { copied = document.execCommand("copy"); } catch { copied = false; }
  if (copied) message(words.copied, "success");
  else if (matchMedia("(pointer: coarse)").matches) message(words.byHand(text), "info");
  else message(words.selected);
}

const copyLink = (id = "room-link") => copyField(id, { copied: t("linkCopied"), selected: t("linkSelected"), byHand: (link) => t("linkByHand", link) });

/** The identity panel: this browser's code (room.js's exportIdentity), when the panel is open. */
function renderIdentity() {
  const code = api.exportIdentity();
  $("identity-code").value = code ?? "";
  $("identity-code").placeholder = code ? "" : t("noIdentity");
  $("copy-identity").disabled = !code;
}

/** Takes the identity of the pasted code; the room shown is opened again as that player. */
async function useIdentity() {
  const note = $("identity-note");
  const code = $("identity-input").value;
  const id = api.parseIdentity(code);
  if (!id) {
    note.textContent = t("identityBad");
    note.className = "error";
    return;
  }
  const current = api.exportIdentity();
  if (current && current !== code.trim() && !(await confirm(t("identityReplaceAsk")))) return;
  api.importIdentity(code);
  $("identity-input").value = "";
  note.textContent = t("identityImported");
  note.className = "success";
  renderIdentity();
  if (state.room) await openRoomOfUrl();
  loadStandings();
}

/** The ranking of the current mode and this player's games (draughts-server's), when the panel is open. */
async function loadStandings() {
  if (!$("standings").open) return;
  const mode = state.room?.view.mode ?? state.info.name;
  $("ranking-title").textContent = t("rankingOf", modeLabel(mode));
  const note = $("standings-note");
  note.textContent = "";
  let board, games;
  try {
    [board, games] = await Promise.all([api.ratings(mode), api.myGames()]);
  } catch (e) {
    $("ranking-list").replaceChildren();
    $("games-list").replaceChildren();
    note.textContent = refusal(e);
    return;
  }
  const me = api.me();
  const item = (text, mine) => {
    const li = document.createElement("li");
    li.textContent = text;
    if (mine) li.className = "me";
    return li;
  };
  $("ranking-list").replaceChildren(...board.players.map((p) =>
    item(t("rankedRow", p.name ?? `${t("anonymous")} ${p.player.slice(0, 6)}`, Math.round(p.rating), p.wins, p.losses, p.draws), p.player === me)));
  if (!board.players.length) $("ranking-list").append(item(t("noRanked")));
  $("games-list").replaceChildren(...games.games.map((g) => {
    const outcome = g.winner === null || g.winner === undefined ? t("drawn") : t(g.winner === me ? "won" : "lost");
    return item(t("gameRow", modeLabel(g.mode), g.game_number, outcome, g.moves));
  }));
  if (!games.games.length) $("games-list").append(item(t("noGames")));
}

// ---------------------------------------------------------------------------
// Keyboard: arrows move the focus over the playing squares, Enter/Space click.
// ---------------------------------------------------------------------------

function onKey(e) {
  const cell = e.target.closest?.(".sq[data-square]");
  if (!cell) return;
  const keys = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (e.key in keys) {
    e.preventDefault();
    const [dr, dc] = keys[e.key];
    let r = +cell.dataset.row, c = +cell.dataset.col;
    const n = Math.max(state.info.width, state.info.height);
    for (let step = 0; step < n; step++) {
      r += dr; c += dc;
      // On a diagonal board the square straight ahead is light: try its neighbours.
      const found = [0, -1, 1].map((d) => (dr ? [r, c + d] : [r + d, c]))
        .map(([rr, cc]) => $("board").querySelector(`[data-row="${rr}"][data-col="${cc}"]`))
        .find(Boolean);
      if (found) {
        state.focus = found.dataset.square;
        render();
        found.focus();
        return;
      }
    }
  } else if (e.key === "Escape") {
    state.input.clear();
    render();
  }
}

// ---------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------

/** Puts every visible string in the current language. */
function translate() {
  translatePage();
  for (const o of $("mode").options) o.textContent = modeLabel(o.value);
  $("pace").options[1].textContent = t("pace.live", 60);
  renderIdentity();
  if (state.game) {
    render();
    describeRules();
  }
}

function setTheme(theme) {
  state.theme = theme === "barrels" ? "barrels" : "classic";
  $("theme").value = state.theme;
  $("board").classList.toggle("barrels", state.theme === "barrels");
  try { localStorage.setItem("draughts.theme", state.theme); } catch { /* storage refused */ }
  if (state.game) render();
}

async function main() {
  setLanguage(initialLanguage(), false);
  const languages = $("language");
  for (const [code, name] of Object.entries(LANGUAGES)) languages.add(new Option(name, code));
  languages.value = language();
  let theme = null;
  try { theme = localStorage.getItem("draughts.theme"); } catch { /* storage refused */ }
  setTheme(theme);
  state.module = await compileWasm();
  await init({ module_or_path: state.module });
  state.all = variants();
  const select = $("mode");
  for (const v of state.all) select.add(new Option(label(v), v.name));
  // The seed site opens on its Spanish mode, in Portuguese on its Brazilian one.
  select.value = OPENING_MODE[language()];
  if (!select.value) select.value = state.all[0].name;
  translate();
  startWorker();
  let levels = [];
  try {
    const hello = await ask({ kind: "hello" });
    state.engine = hello.engine;
    state.levels = hello.levels;
    levels = hello.levels.map((l) => l.name);
  } catch {
    state.engine = false;
  }
  // The package's levels; a level it lacks can't be chosen.
  for (const o of $("opponent").options) if (o.value !== "human" && !levels.includes(o.value)) o.disabled = true;
  if ($("opponent").selectedOptions[0]?.disabled) $("opponent").value = "human";
  state.opponent = $("opponent").value;

  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    state.opponent = $("opponent").value;
    newGame(select.value);
  });
  select.addEventListener("change", () => { state.opponent = $("opponent").value; newGame(select.value); });
  $("opponent").addEventListener("change", () => { state.opponent = $("opponent").value; newGame(select.value); });
  $("side").addEventListener("change", () => newGame(select.value));
  $("undo").addEventListener("click", undo);
  $("offer-draw").addEventListener("click", offerDraw);
  $("resign").addEventListener("click", resign);
  $("move-now").addEventListener("click", moveNow);
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; buildBoard(); render(); });
  $("copy-fen").addEventListener("click", copyFen);
  $("export-pdn").addEventListener("click", exportPdn);
  $("import-pdn").addEventListener("click", importPdn);
  $("pdn-load").addEventListener("click", loadPdn);
  $("board").addEventListener("keydown", onKey);
  languages.addEventListener("change", () => { setLanguage(languages.value); translate(); });
  $("theme").addEventListener("change", () => setTheme($("theme").value));
  $("play-with-someone").addEventListener("click", playWithSomeone);
  $("copy-link").addEventListener("click", () => copyLink());
  $("copy-key-link").addEventListener("click", () => copyLink("room-key-link"));
  $("retry").addEventListener("click", () => { const again = state.retry; message(""); again?.(); });
  $("identity").addEventListener("toggle", renderIdentity);
  $("copy-identity").addEventListener("click", () => copyField("identity-code", { copied: t("codeCopied"), selected: t("codeSelected"), byHand: () => t("codeByHand") }));
  $("use-identity").addEventListener("click", useIdentity);
  $("room-accept").addEventListener("click", async () => {
    const r = state.room;
    await roomCall(() => api.joinRoom(r.id));
  });
  $("room-offer-draw").addEventListener("click", () => roomAction("offer_draw"));
  $("room-accept-draw").addEventListener("click", () => roomAction("accept_draw"));
  $("room-decline-draw").addEventListener("click", () => roomAction("decline_draw"));
  $("room-claim").addEventListener("click", () => roomAction("claim_absence"));
  $("room-rematch").addEventListener("click", () => roomAction("rematch"));
  $("room-resign").addEventListener("click", async () => { if (await confirm(t("roomResignAsk"))) roomAction("resign"); });
  $("room-leave").addEventListener("click", () => { leaveRoom(); message(""); newGame(select.value); });
  window.addEventListener("popstate", openRoomOfUrl);
  $("standings").addEventListener("toggle", loadStandings);
  select.addEventListener("change", loadStandings);
  newGame(select.value);
  await openRoomOfUrl();
  // Milliseconds from the start of navigation to a playable page.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "true";
}

// For the browser tests: the state and the package, read-only use.
window.draughtsPage = {
  state, newGame, render, rulesText, message, t,
  /** Shows a room update as if the server had sent it (the tests' clock-bound views). */
  applyRoom,
  /** Holds the worker's answers until release() (see `hooks`). */
  hold() { hooks.hold = true; },
  release() { hooks.hold = false; for (const d of hooks.held.splice(0)) deliver(d); },
};
main().catch((e) => {
  // A browser that cannot compile the package (it needs WebAssembly typed
  // function references) is told which browsers can.
  const old = e instanceof WebAssembly.CompileError;
  $("status").textContent = old ? t("browserTooOld") : t("startFailed", e.message);
  document.body.dataset.ready = "error";
});
