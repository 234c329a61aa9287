// The game page: the draughts wasm package (pkg/) does every rule; this file
// draws the board, turns clicks and keys into the package's step-wise input,
// and talks to the computer opponent in a Web Worker (worker.js).
import init, { Game, variants } from "./pkg/draughts.js";

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

const REASONS = {
  // The side to move has no pieces or no move (it loses, or in the losing
  // variants wins: the outcome's winner says which).
  "no-pieces": () => `${cap(state.game.turn())} has no pieces left`,
  "blocked": () => `${cap(state.game.turn())} has no legal move`,
  "resignation": (o) => `${cap(loser(o))} resigned`,
  "time": (o) => `${cap(loser(o))} lost on time`,
  "agreement": () => "draw by agreement",
  "repetition": () => `the same position for the ${ordinal(state.info.repetition ?? 3)} time`,
  "king-moves": () => `${countText("king-moves")} with kings only and no capture`,
  "no-progress": () => `${countText("no-progress")} without a capture or a man move`,
};
// "20 moves" (plies), "25 moves each": a count rule of the variant's draw rules.
const UNITS = { "plies": "moves", "moves-each": "moves each", "stronger-side-moves": "moves of the stronger side" };
function countText(reason) {
  const c = state.info.drawCounts.find((d) => d.reason === reason);
  return c ? `${c.count} ${UNITS[c.unit] ?? c.unit}` : "the move limit";
}
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const loser = (o) => (o.winner === "white" ? "black" : "white");
const ordinal = (n) => ({ 2: "second", 3: "third", 4: "fourth" })[n] ?? `${n}th`;
const turnOf = (fen) => (fen.trim()[0].toUpperCase() === "W" ? "white" : "black");
const colorName = (c) => (c === "white" ? "White" : "Black");

const state = {
  all: [],        // VariantInfo[]
  info: null,     // the current variant
  game: null,     // Game
  input: null,    // MoveInput of the current position
  opponent: "human",
  human: "white", // the human's colour against the computer
  flipped: false,
  focus: null,    // square name with keyboard focus
  thinking: 0,    // id of the computer's pending request, 0 when none
  thinkingText: "", // what the status says meanwhile
  engine: false,  // the package has the computer opponent
  cells: new Map(),
};

let worker = null;
let nextId = 1;
const pending = new Map();

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
    const p = pending.get(e.data.id);
    if (!p) return;
    if (e.data.error) p.reject(new Error(e.data.error));
    else p.resolve(e.data);
  };
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
  const at = new Map(state.info.squares.map((s) => [`${s.row},${s.col}`, s]));
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

function render() {
  const { game, input } = state;
  const pos = game.position();
  const pieces = new Map(pos.pieces().map((p) => [p.square, p]));
  const over = game.isOver;
  const humanTurn = !over && !state.thinking && (state.opponent === "human" || game.turn() === state.human);
  const clicks = input.clicks;
  const movable = new Set(humanTurn && clicks.length === 0 ? input.movable : []);
  const targets = new Set(humanTurn && clicks.length > 0 ? input.nextSquares : []);
  const captured = new Set(humanTurn ? input.captured : []);
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
    if (last.has(name)) cls.push("last");
    cell.className = cls.join(" ");
    cell.innerHTML = `<span class="name" aria-hidden="true">${name}</span>` +
      (p ? `<span class="piece ${p.color}${p.king ? " king" : ""}">${p.king ? CROWN : ""}</span>` : "");
    let text = `${name}: ${p ? `${p.color} ${p.king ? "king" : "man"}` : "empty"}`;
    if (clicks[0] === name) text += ", selected";
    if (movable.has(name)) text += ", can move";
    if (targets.has(name)) text += ", can go here";
    if (captured.has(name)) text += ", will be captured";
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

function message(text) {
  $("message").textContent = text ?? "";
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
    message(e.message); // not expected: the input only completes legal moves
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
    message("The computer opponent is not available in this build: playing as two humans.");
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
      message(`The computer failed: ${e.message}`);
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
  state.human = $("side").value === "second" ? (first === "white" ? "black" : "white") : first;
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
  const v = state.info;
  const bits = [
    `${v.width}×${v.height}${v.orthogonal ? ", orthogonal moves" : ""}`,
    v.flyingKings ? "flying kings" : "short kings",
    v.menCaptureBackward ? "men capture backward" : "men capture forward only",
    v.precedence.length ? `capture precedence: ${v.precedence.join(" > ").replace(/-/g, " ")}` : "free choice among captures",
    `${colorName(v.firstMover)} moves first`,
  ];
  const draws = [];
  const PHRASES = { "king-moves": "with only kings moving", "no-progress": "without a capture or a man move" };
  for (const c of v.drawCounts) draws.push(`${c.count} ${UNITS[c.unit] ?? c.unit} ${PHRASES[c.reason] ?? `(${c.reason.replace(/-/g, " ")})`}`);
  if (v.repetition) draws.push(`the ${ordinal(v.repetition)} repetition`);
  if (draws.length) bits.push(`draw after ${draws.join("; ")}`);
  $("rules").textContent = bits.join(" · ");
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
  if (state.opponent === "human") {
    const other = g.turn() === "white" ? "Black" : "White";
    if (await confirm(`${colorName(g.turn())} offers a draw. ${other}, do you accept?`)) g.agreeDraw();
    else message(`${other} declined the draw.`);
  } else if (!state.engine) {
    message("The computer opponent is not available in this build.");
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
        message(`The computer failed: ${e.message}`);
        render();
      }
      return;
    }
    if (state.thinking !== id) return; // cancelled (new game)
    state.thinking = 0;
    if (reply.accept) {
      g.agreeDraw();
      message("The computer accepts the draw.");
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
  state.input = g.moveInput();
  render();
}

async function copyFen() {
  const fen = state.game.fen();
  $("fen").value = fen;
  try {
    await navigator.clipboard.writeText(fen);
    message("FEN copied.");
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

function loadPdn() {
  const text = $("pdn-text").value;
  // The mode: the record's CustomVariant (house rules) or Variant tag if it
  // names one we play, else the current mode (its GameType must agree; the
  // package checks).
  const tag = /\[CustomVariant\s+"([^"]*)"\]/i.exec(text)?.[1] ?? /\[Variant\s+"([^"]*)"\]/i.exec(text)?.[1]?.toLowerCase();
  const name = state.all.some((v) => v.name === tag) ? tag : state.info.name;
  let game;
  try {
    game = Game.fromPdn(text, name);
  } catch (e) {
    $("pdn-error").textContent = e.message; // nothing changes
    return;
  }
  cancelThinking();
  state.info = state.all.find((v) => v.name === name);
  $("mode").value = name;
  state.game = game;
  state.startTurn = turnOf(game.startFen());
  state.human = game.turn();
  state.input = game.moveInput();
  describeRules();
  buildBoard();
  render();
  $("pdn-dialog").close();
  message(`Loaded a game of ${game.moves().length} moves; you play ${colorName(state.human)}.`);
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
  await init();
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
  document.body.dataset.ready = "true";
}

// For the browser tests: the state and the package, read-only use.
window.draughtsPage = { state, newGame, render };
main().catch((e) => {
  $("status").textContent = `The game could not start: ${e.message}`;
  document.body.dataset.ready = "error";
});
