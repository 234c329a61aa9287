// The game page: the draughts wasm package (pkg/) does every rule; this file
// draws the board, turns clicks and keys into the package's step-wise input,
// and talks to the computer opponent in a Web Worker (worker.js).
import init, { Game, variants } from "./pkg/draughts.js";

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

// Labels of the modes. Variants the package lists but this table lacks are
// shown by name, so a new variant appears without a change here.
const LABELS = {
  "spanish-site": "Spanish (site rules)",
  "brazilian-site": "Brazilian (site rules)",
  "english-site": "English (site rules)",
  "russian-site": "Russian (site rules)",
  "italian-site": "Italian (site rules)",
  "thai-site": "Thai (site rules)",
  "english-50-moves": "English, 50-move draw",
  "english-40-moves": "English, 40-move draw, free captures",
};
const label = (v) => LABELS[v.name] ?? v.name.replace(/(^|-)(\w)/g, (_, d, c) => (d ? " " : "") + c.toUpperCase());

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const other = (c) => (c === "white" ? "black" : "white");
const ordinal = (n) => ({ 2: "second", 3: "third", 4: "fourth", 5: "fifth" })[n] ?? `${n}th`;
const turnOf = (fen) => (fen.trim()[0].toUpperCase() === "W" ? "white" : "black");
const colorName = (c) => (c === "white" ? "White" : "Black");

// "20 moves" (plies), "25 moves each": a count rule of the variant's draw rules.
const UNITS = { "plies": "moves in a row (both sides' moves counted)", "moves-each": "moves each", "stronger-side-moves": "moves of the stronger side" };
const countOf = (c) => `${c.count} ${UNITS[c.unit] ?? c.unit.replace(/-/g, " ")}`;
function countText(reason) {
  const c = state.info.drawCounts.find((d) => d.reason === reason);
  return c ? countOf(c) : "the move limit";
}

// Why a game ended, for the status line.
const REASONS = {
  // The side to move has no pieces or no move (it loses, or in Antidraughts
  // wins: the outcome's winner says which).
  "no-pieces": () => `${colorName(state.game.turn())} has no pieces left`,
  "blocked": () => `${colorName(state.game.turn())} has no legal move`,
  "out-of-moves": (o) => `${colorName(o.winner)} cannot move, and in Antidraughts that wins`,
  "first-king": (o) => `${colorName(o.winner)} made the first king`,
  "resignation": (o) => `${colorName(other(o.winner))} resigned`,
  "time": (o) => `${colorName(other(o.winner))} lost on time`,
  "agreement": () => "draw by agreement",
  "repetition": () => `the same position for the ${ordinal(state.info.repetition ?? 3)} time`,
  "king-moves": () => `${countText("king-moves")} with only kings moving and no capture`,
  "no-progress": () => `${countText("no-progress")} without a capture or a man move`,
  "lone-king-five-moves": () => "a lone king held out for 5 moves against one or two pieces with a king",
  "lone-king-sixteen-moves": () => "a lone king held out for 16 moves against three pieces with a king",
  "three-kings-against-one": () => `three kings did not beat a lone king within ${countText("three-kings-against-one")}`,
  "piece-count": () => "the balance of pieces did not change within the move limit",
  "one-piece-each": () => "one piece against one piece",
  "small-ending": () => "two or three pieces with kings on both sides, unchanged for 5 moves each",
  "main-road": () => "three pieces did not beat a lone king on the main road in 5 moves",
  "one-king-each": () => "one king each for 2 moves each",
  "two-kings-against-one": () => "two kings against one for 7 moves each",
};

// ---------------------------------------------------------------------------
// The rules line, in words. It is derived from the rules data the package
// gives for each variant (VariantInfo); the rules the package does not
// describe (yet) come from RULE_FACTS, keyed by mode, read only when the
// VariantInfo lacks the field, so a package that adds the field wins.
// ---------------------------------------------------------------------------

const RULE_FACTS = {
  english: { promotion: "ends-move" },
  "english-site": { promotion: "ends-move" },
  "english-50-moves": { promotion: "ends-move" },
  "english-40-moves": { promotion: "ends-move" },
  italian: { manCapturesKing: false, promotion: "ends-move" },
  "italian-site": { manCapturesKing: false, promotion: "ends-move" },
  spanish: { promotion: "ends-move" },
  "spanish-site": { promotion: "ends-move" },
  czech: { promotion: "ends-move" },
  russian: { promotion: "promotes-and-continues" },
  "russian-site": { promotion: "promotes-and-continues" },
  brazilian: { promotion: "continues-as-man" },
  "brazilian-site": { promotion: "continues-as-man" },
  pool: { promotion: "continues-as-man" },
  thai: { removal: "immediate", kingLanding: "directly-behind", promotion: "ends-move" },
  "thai-site": { promotion: "ends-move" },
  international: { promotion: "continues-as-man" },
  canadian: { promotion: "continues-as-man" },
  turkish: { menMoveSideways: true, removal: "immediate", noReverseJump: true, promotion: "continues-as-man" },
  frisian: { orthogonalCaptures: true, kingMoveLimit: 3, promotion: "continues-as-man" },
  frysk: { orthogonalCaptures: true, kingMoveLimit: 3, promotion: "continues-as-man" },
  antidraughts: { win: "no-move-wins", promotion: "continues-as-man" },
  breakthrough: { win: "first-king-wins", promotion: "continues-as-man" },
  killer: { kingLanding: "halt-behind-king", promotion: "continues-as-man" },
};
const DEFAULT_FACTS = { win: "no-move-loses", removal: "end-of-move", kingLanding: "beyond", manCapturesKing: true, orthogonalCaptures: false, noReverseJump: false, menMoveSideways: false, kingMoveLimit: null, promotion: null };
/** A rule of the variant: the package's field when it has one, else the page's table. */
function fact(v, key) {
  if (v[key] !== undefined) return v[key];
  return RULE_FACTS[v.name]?.[key] ?? DEFAULT_FACTS[key];
}

/** "most-pieces" → the words; "value { man: 100, king: 199 }" (Frisian) read for its numbers. */
function precedenceText(p) {
  const words = {
    "most-pieces": "take the most pieces (a king counts as one)",
    "most-kings": "take the most kings",
    "with-king": "capture with a king",
    "earliest-king": "take kings as early as possible",
  };
  if (words[p]) return words[p];
  const value = /^value\b.*?man:\s*(\d+).*?king:\s*(\d+)/.exec(p);
  if (value) {
    const [man, king] = [Number(value[1]), Number(value[2])];
    const worth = king > man && king < 2 * man ? "a king is worth more than a man and less than two men"
      : `a king is worth ${(king / man).toFixed(2).replace(/\.?0+$/, "")} men`;
    return `take the highest value (${worth})`;
  }
  return p.replace(/[^a-z0-9 ]+/gi, " ").trim();
}

/** One draw rule of VariantInfo.drawCounts in words: "after 25 moves each with…". */
function drawCountText(c, all) {
  const after = `after ${countOf(c)}`;
  switch (c.reason) {
    case "king-moves": return `${after} with only kings moving and no capture`;
    case "no-progress": return `${after} without a capture or a man move`;
    case "lone-king-five-moves": return `${after} of a lone king against one or two pieces with a king`;
    case "lone-king-sixteen-moves": return `${after} of a lone king against three pieces with a king`;
    case "three-kings-against-one": return `with three kings or more against a lone king, ${after}`;
    case "piece-count": {
      // Russian: 30 or 60 moves each (by the number of pieces), the balance unchanged.
      const counts = all.filter((d) => d.reason === "piece-count").map((d) => d.count);
      if (c.count !== counts[0]) return null;
      return `after ${counts.join(" or ")} ${UNITS[c.unit] ?? c.unit} (by the number of pieces) with the balance of pieces unchanged`;
    }
    case "small-ending": return `with two or three pieces and kings on both sides, ${after}`;
    case "main-road": return `with three pieces against a lone king on the main road, ${after}`;
    case "one-piece-each": return c.count ? `with one piece against one, ${after}` : "at once when each side is down to one piece";
    case "one-king-each": return `with one king against one, ${after}`;
    case "two-kings-against-one": return `with two kings against one, ${after}`;
    default: return `${after} (${c.reason.replace(/-/g, " ")})`;
  }
}

/** The rules of a mode in words: board, moves, captures, how it is won and drawn. */
function rulesText(v) {
  const bits = [];
  bits.push(`${v.width}×${v.height} board${v.orthogonal ? ", all squares used, pieces move along rows and columns" : ""}`);
  bits.push(`${colorName(v.firstMover)} moves first`);
  // Men.
  if (v.orthogonal || fact(v, "menMoveSideways")) {
    bits.push(v.menCaptureBackward ? "men move forward and sideways and capture in every direction"
      : "men move and capture forward and sideways, never backward");
  } else {
    bits.push(v.menCaptureBackward ? "men move forward and capture forward and backward" : "men move and capture forward only");
  }
  if (fact(v, "orthogonalCaptures")) bits.push("men and kings capture diagonally and also along rows and columns");
  if (!fact(v, "manCapturesKing")) bits.push("men cannot capture kings");
  // Kings.
  const line = v.orthogonal ? "along rows and columns" : "diagonally";
  let king = v.flyingKings ? `flying kings (any distance ${line})` : `short kings (one square ${line}, forward and backward)`;
  const landing = fact(v, "kingLanding");
  if (v.flyingKings && landing === "directly-behind") king += ", landing directly behind each piece they capture";
  if (v.flyingKings && landing === "halt-behind-king") king += "; a king whose capture ends by taking a king stops directly behind it";
  bits.push(king);
  const limit = fact(v, "kingMoveLimit");
  if (limit) bits.push(`while a side has men, one king may not make more than ${limit} non-capturing moves in a row`);
  const promotion = fact(v, "promotion");
  if (promotion === "promotes-and-continues") bits.push("a man reaching the far row during a capture becomes a king and goes on capturing as one");
  else if (promotion === "continues-as-man") bits.push("a man passing the far row during a capture stays a man");
  else if (promotion === "ends-move") bits.push("a man reaching the far row during a capture stops there and becomes a king");
  // Captures.
  let capture = "capturing is compulsory";
  capture += v.precedence.length ? `: ${v.precedence.map(precedenceText).join(", then ")}` : ", with free choice among captures";
  bits.push(capture);
  if (fact(v, "removal") === "immediate") {
    bits.push(`captured pieces leave the board at once${fact(v, "noReverseJump") ? "; a capture may not turn straight back" : ""}`);
  }
  // How it is won.
  const win = fact(v, "win");
  if (win === "no-move-wins") bits.push("the side that cannot move (no pieces left, or all blocked) wins: the aim is to give your pieces away");
  else if (win === "first-king-wins") bits.push("the first side to make a king wins (a side that cannot move loses)");
  else bits.push("a side that cannot move (no pieces left, or all blocked) loses");
  // Draws.
  const draws = v.drawCounts.map((c) => drawCountText(c, v.drawCounts)).filter(Boolean);
  if (v.repetition) draws.push(`on the ${ordinal(v.repetition)} repetition of a position`);
  bits.push(`drawn by agreement${draws.map((d) => `; ${d}`).join("")}`);
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
  engine: false,  // the package has the computer opponent
  cells: new Map(),
  coords: new Map(), // square name → [row, col] as drawn unflipped (row 0 White's side)
  module: null,   // the compiled WebAssembly.Module, for the worker
};

let worker = null;
let nextId = 1;
const pending = new Map();
// A test hook: while `hold` is set, the worker's answers wait in `held`
// until release(), so a test sees the "thinking" state for as long as it
// needs, whatever the machine's speed.
const hooks = { hold: false, held: [] };
function deliver(data) {
  const p = pending.get(data.id);
  if (!p) return;
  if (data.error) p.reject(new Error(data.error));
  else p.resolve(data);
}

function ask(message) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  }).finally(() => pending.delete(id));
}

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    if (hooks.hold) hooks.held.push(e.data);
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
  const humanTurn = !over && !state.thinking && (state.opponent === "human" || game.turn() === state.human);
  const clicks = input.clicks;
  const movable = new Set(humanTurn && clicks.length === 0 ? input.movable : []);
  const targets = new Set(humanTurn && clicks.length > 0 ? input.nextSquares : []);
  const jumped = new Set(humanTurn ? jumpedSquares(input) : []);
  const captured = new Set(humanTurn ? input.captured.filter((s) => !jumped.has(s)) : []);
  const moves = game.moves();
  const last = moves.length ? new Set([moves.at(-1).from, ...moves.at(-1).path]) : new Set();

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
    cell.className = cls.join(" ");
    cell.innerHTML = `<span class="name" aria-hidden="true">${name}</span>` +
      (p ? `<span class="piece ${p.color}${p.king ? " king" : ""}">${p.king ? CROWN : ""}</span>` : "");
    let text = `${name}: ${p ? `${p.color} ${p.king ? "king" : "man"}` : "empty"}`;
    if (clicks[0] === name) text += ", selected";
    if (movable.has(name)) text += ", can move";
    if (targets.has(name)) text += ", can go here";
    if (captured.has(name)) text += ", will be captured";
    if (jumped.has(name)) text += ", already jumped";
    cell.setAttribute("aria-label", text);
    cell.tabIndex = name === state.focus ? 0 : -1;
  }

  // Status: whose turn, or the result with its reason.
  const status = $("status");
  const outcome = game.outcome();
  if (outcome) {
    const why = (REASONS[outcome.reason] ?? (() => outcome.reason.replace(/-/g, " ")))(outcome);
    status.textContent = outcome.winner
      ? `${colorName(outcome.winner)} wins: ${why}. (${outcome.result})`
      : `Draw: ${why}. (${outcome.result})`;
    status.className = "over";
  } else {
    const turn = game.turn();
    let who = colorName(turn);
    if (state.opponent !== "human") who += turn === state.human ? " (you)" : " (computer)";
    status.textContent = state.thinking ? state.thinkingText : `${who} to move${pos.hasCaptures() ? " — a capture is compulsory" : ""}`;
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
}

function humanToMove() {
  const g = state.game;
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
    message("The computer opponent is not available in this build: playing as two humans.", "error");
    return;
  }
  const id = nextId;
  state.thinking = id;
  state.thinkingText = `${colorName(state.game.turn())} (computer, ${state.opponent.replace("-", " ")}) is thinking…`;
  render();
  try {
    const reply = await ask({ kind: "move", ...request() });
    if (state.thinking !== id) return; // cancelled (undo, new game)
    state.thinking = 0;
    state.game.play(reply.move);
    state.input = state.game.moveInput();
    render();
  } catch (e) {
    if (state.thinking === id) {
      state.thinking = 0;
      message(`The computer failed: ${e.message}`, "error");
      render();
    }
  }
}

function cancelThinking() {
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
    if (await confirm(`${colorName(g.turn())} offers a draw. ${answering}, do you accept?`)) {
      g.agreeDraw();
      message(`${answering} accepts the draw.`, "success");
    } else {
      message(`${answering} declined the draw: play on.`);
    }
  } else if (!state.engine) {
    message("The computer opponent is not available in this build.", "error");
  } else {
    // The computer answers by its evaluation (a short search in the worker).
    const id = nextId;
    state.thinking = id;
    state.thinkingText = "The computer considers your draw offer…";
    message("");
    render();
    let reply;
    try {
      reply = await ask({ kind: "draw", ...request(), by: state.human });
    } catch (e) {
      if (state.thinking === id) {
        state.thinking = 0;
        message(`The computer failed: ${e.message}`, "error");
        render();
      }
      return;
    }
    if (state.thinking !== id) return; // cancelled (new game)
    state.thinking = 0;
    if (reply.accept) {
      g.agreeDraw();
      message("The computer accepts the draw.", "success");
    } else {
      message("The computer declines the draw: play on.");
    }
  }
  state.input = g.moveInput();
  render();
}

async function resign() {
  const g = state.game;
  if (g.isOver) return;
  const color = state.opponent === "human" ? g.turn() : state.human;
  if (!(await confirm(`${colorName(color)}: resign this game?`))) return;
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
    message("FEN copied to the clipboard.", "success");
  } catch {
    $("fen").select();
    message("FEN selected in the field below: copy it with Ctrl+C.");
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
  const switched = state.info.name !== previous.name ? ` The mode is now ${label(state.info)} (it was ${label(previous)}), as the record says.` : "";
  const who = state.opponent === "human" ? `${colorName(game.turn())} to move` : `you play ${colorName(state.human)}`;
  message(`Loaded a game of ${n} move${n === 1 ? "" : "s"}${game.isOver ? ", already finished" : `; ${who}`}.${switched}`, "success");
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

async function main() {
  state.module = await compileWasm();
  await init({ module_or_path: state.module });
  state.all = variants();
  const select = $("mode");
  for (const v of state.all) select.add(new Option(label(v), v.name));
  select.value = "spanish-site"; // the seed site opens with its Spanish mode
  if (!select.value) select.value = state.all[0].name;
  startWorker();
  let levels = [];
  try {
    const hello = await ask({ kind: "hello" });
    state.engine = hello.engine;
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
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; buildBoard(); render(); });
  $("copy-fen").addEventListener("click", copyFen);
  $("export-pdn").addEventListener("click", exportPdn);
  $("import-pdn").addEventListener("click", importPdn);
  $("pdn-load").addEventListener("click", loadPdn);
  $("board").addEventListener("keydown", onKey);
  newGame(select.value);
  // Milliseconds from the start of navigation to a playable page.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "true";
}

// For the browser tests: the state and the package, read-only use.
window.draughtsPage = {
  state, newGame, render, rulesText, message,
  /** Holds the worker's answers until release() (see `hooks`). */
  hold() { hooks.hold = true; },
  release() { hooks.hold = false; for (const d of hooks.held.splice(0)) deliver(d); },
};
main().catch((e) => {
  $("status").textContent = `The game could not start: ${e.message}`;
  document.body.dataset.ready = "error";
});
