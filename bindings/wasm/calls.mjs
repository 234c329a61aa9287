// A broad script of calls through the package's JS API, every class and
// method in every mode (built-in variants and house rules), with error
// cases, printing one line per call: its label and its result (JSON; long
// strings as their length and SHA-256) or the error it threw (name, message,
// and a PdnError's kind, line and game). Its output before and after a
// change of the binding shows whether the JS API stayed the same call for
// call. Engine calls use node and depth limits only (no clock), so the
// output does not depend on the machine; search times are left out.
//
// Usage: node bindings/wasm/calls.mjs [pkg dir] > out.txt
//   (default pkg dir: bindings/wasm/pkg, as bindings/wasm/build.sh makes it)
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(process.argv[2] ?? path.join(here, "pkg"));
const { default: init, ...d } = await import(path.join(pkg, "draughts.js"));
await init({ module_or_path: readFileSync(path.join(pkg, "draughts_bg.wasm")) });

function shape(v) {
  if (typeof v === "string" && v.length > 160) {
    return `<${v.length} chars ${createHash("sha256").update(v).digest("hex").slice(0, 16)}>`;
  }
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === "object" && v.constructor === Object) {
    const out = {};
    for (const [k, x] of Object.entries(v)) if (k !== "timeMs") out[k] = shape(x);
    return out;
  }
  if (v instanceof Map) return shape(Object.fromEntries(v));
  if (typeof v === "bigint") return `${v}n`;
  return v;
}

function rec(label, fn) {
  let line;
  try {
    const v = fn();
    line = v === undefined ? "undefined" : JSON.stringify(shape(v));
  } catch (e) {
    const extra = e && e.name === "PdnError" ? ` kind=${e.kind} line=${e.line} game=${e.game}` : "";
    line = `THROW ${e?.name}: ${e?.message}${extra}`;
  }
  console.log(`${label}\t${line}`);
}

let seed = 12345;
const next = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

rec("variants", () => d.variants());
const names = d.variants().map((v) => v.name);
for (const bad of ["checkers9", "", "  English ", "SPANISH-SITE"]) rec(`variant(${bad})`, () => d.variant(bad));
rec("perft top", () => d.perft("english", undefined, 4));
rec("perft top fen", () => d.perft("russian", "W:Wc3,e3:Bd6,f6", 4, "routes"));
rec("perft top empty fen", () => d.perft("english", "  ", 3));
rec("perft top bad mode", () => d.perft("english", undefined, 2, "sideways"));
rec("perft top bad variant", () => d.perft("chess", undefined, 2));
rec("Position bad variant", () => new d.Position("chess"));
rec("Game bad variant", () => new d.Game("chess", "W:W1"));
rec("Position bad fen", () => new d.Position("english", "W:W33:B1"));
rec("Game bad fen", () => new d.Game("international", "X:Y"));

function position(name, pos, tag) {
  const p = `${name} ${tag}`;
  rec(`${p} variant`, () => pos.variant);
  rec(`${p} fen`, () => [pos.fen(), pos.toFen()]);
  rec(`${p} toString`, () => pos.toString());
  rec(`${p} numberedDiagram`, () => pos.numberedDiagram());
  rec(`${p} flipped`, () => [pos.flipped().fen(), pos.flipped().turn()]);
  rec(`${p} turn`, () => pos.turn());
  rec(`${p} legalMoves`, () => pos.legalMoves());
  rec(`${p} legalMoves routes`, () => pos.legalMoves("routes"));
  rec(`${p} legalMoves distinct`, () => pos.legalMoves(" distinct"));
  rec(`${p} legalMoves bad`, () => pos.legalMoves("sideways"));
  const moves = pos.legalMoves();
  for (const m of moves.slice(0, 3)) {
    rec(`${p} parseMove ${m.text}`, () => pos.parseMove(m.text));
    rec(`${p} parseMove ${m.notation}`, () => pos.parseMove(m.notation));
    rec(`${p} play ${m.text}`, () => pos.play(m.text).fen());
  }
  rec(`${p} parseMove bad`, () => pos.parseMove("99-98"));
  rec(`${p} parseMove junk`, () => pos.parseMove("hello"));
  rec(`${p} play bad`, () => pos.play("1-1"));
  rec(`${p} perft`, () => [0, 1, 2, 3].map((n) => pos.perft(n)));
  rec(`${p} perft routes`, () => pos.perft(2, "routes"));
  rec(`${p} perft bad`, () => pos.perft(2, "x"));
  rec(`${p} divide`, () => pos.divide(2));
  rec(`${p} divide routes`, () => pos.divide(1, "routes"));
  rec(`${p} pieces`, () => pos.pieces());
  rec(`${p} hasCaptures`, () => pos.hasCaptures());
  rec(`${p} isGameOver`, () => pos.isGameOver());
  rec(`${p} clone`, () => pos.clone().fen());
  const info = d.variant(name);
  rec(`${p} pieceAt all`, () => info.squares.map((s) => pos.pieceAt(s.name)));
  rec(`${p} pieceAt number`, () => pos.pieceAt(1));
  rec(`${p} pieceAt bad`, () => pos.pieceAt("z9"));
  rec(`${p} pieceAt 0`, () => pos.pieceAt("0"));
  rec(`${p} pieceAt obj`, () => pos.pieceAt({}));
  rec(`${p} toSvg`, () => pos.toSvg());
  rec(`${p} toSvg null`, () => pos.toSvg(null));
  const sq = info.squares.map((s) => s.name);
  const m0 = moves[0];
  for (const labels of ["squares", "numbers", "coordinates", "none", "bogus"]) {
    rec(`${p} toSvg labels ${labels}`, () => pos.toSvg({ labels }));
  }
  rec(`${p} toSvg full`, () =>
    pos.toSvg({
      flipped: true,
      highlight: [sq[0], sq[3]],
      captured: [sq[5]],
      lastMove: [sq[1], sq[6]],
      arrows: [[sq[2], sq[7]]],
      size: 320,
      move: m0 ? m0.text : undefined,
    }),
  );
  rec(`${p} toSvg numbers`, () => pos.toSvg({ highlight: [1, 2] }));
  rec(`${p} toSvg bad key`, () => pos.toSvg({ colour: "red" }));
  rec(`${p} toSvg bad square`, () => pos.toSvg({ highlight: ["z99"] }));
  rec(`${p} toSvg bad move`, () => pos.toSvg({ move: "1-1" }));
  rec(`${p} toSvg bad type`, () => pos.toSvg({ size: "big" }));
  input(p, pos.moveInput(), moves);
}

function input(p, inp, moves) {
  const state = () => ({
    clicks: inp.clicks,
    movable: inp.movable,
    next: inp.nextSquares,
    dest: inp.destinations,
    captured: inp.captured,
    jumped: inp.jumped,
    candidates: inp.candidates.map((m) => m.text),
    complete: inp.complete,
    chosen: inp.chosen,
  });
  rec(`${p} input start`, state);
  rec(`${p} input bad click`, () => inp.click("nowhere"));
  rec(`${p} input obj click`, () => inp.click(null));
  const m = moves[moves.length - 1];
  if (!m) return;
  rec(`${p} input wrong click`, () => inp.click(m.to));
  for (const s of [m.from, ...m.path]) {
    rec(`${p} input click ${s}`, () => inp.click(s));
    rec(`${p} input state`, state);
  }
  rec(`${p} input undo`, () => inp.undo());
  rec(`${p} input state`, state);
  inp.clear();
  rec(`${p} input cleared`, state);
  rec(`${p} input undo empty`, () => inp.undo());
}

function game(name) {
  const p = `${name} game`;
  const g = new d.Game(name);
  rec(`${p} variant`, () => g.variant);
  rec(`${p} drawMode`, () => g.drawMode);
  rec(`${p} startFen`, () => g.startFen());
  rec(`${p} undo start`, () => g.undo());
  rec(`${p} claimDraw start`, () => g.claimDraw());
  rec(`${p} play bad`, () => g.play("1-99"));
  for (const mode of ["as-written", "on-claim", "automatic", "bogus"]) {
    rec(`${p} set drawMode ${mode}`, () => {
      const c = g.clone();
      c.drawMode = mode;
      return c.drawMode;
    });
  }
  if (next(2) === 0) g.drawMode = "on-claim";
  for (let ply = 0; ply < 160 && !g.isOver; ply++) {
    const moves = g.legalMoves();
    const m = moves[next(moves.length)];
    rec(`${p} play ${ply}`, () => g.play(next(2) ? m.notation : m.text));
    if (ply % 10 === 0) {
      rec(`${p} state ${ply}`, () => ({
        fen: g.fen(),
        turn: g.turn(),
        rep: g.repetitions(),
        qk: g.quietKingPlies(),
        counts: g.drawCounts(),
        claimable: g.claimableDraw() ?? null,
        outcome: g.outcome(),
      }));
    }
    if (g.claimableDraw() && next(3) === 0) rec(`${p} claim ${ply}`, () => g.claimDraw());
  }
  rec(`${p} end`, () => ({
    over: g.isOver,
    outcome: g.outcome(),
    legal: g.legalMoves(),
    counts: g.drawCounts(),
    claimable: g.claimableDraw() ?? null,
    mode: g.drawMode,
  }));
  rec(`${p} moves`, () => g.moves());
  rec(`${p} position`, () => g.position().fen());
  rec(`${p} toSvg`, () => g.toSvg());
  rec(`${p} toSvg lastMove`, () => g.toSvg({ lastMove: [] }));
  rec(`${p} toSvg bad`, () => g.toSvg({ nope: 1 }));
  rec(`${p} toPdn`, () => g.toPdn());
  rec(`${p} toPdn tags`, () => g.toPdn({ Event: "Test", Round: 3 }));
  rec(`${p} toPdn bad tag`, () => g.toPdn({ Event: {} }));
  const pdn = g.toPdn();
  rec(`${p} fromPdn`, () => {
    const b = d.Game.fromPdn(pdn);
    return [b.variant, b.fen(), b.moves().length, b.outcome(), b.drawMode];
  });
  rec(`${p} fromPdn named`, () => {
    const b = d.Game.fromPdn(pdn, name);
    return [b.variant, b.fen(), b.outcome()];
  });
  rec(`${p} fromPdn other`, () => d.Game.fromPdn(pdn, name === "english" ? "russian" : "english").fen());
  rec(`${p} fromPdn unknown`, () => d.Game.fromPdn(pdn, "chess").fen());
  const mi = g.moveInput();
  rec(`${p} moveInput`, () => [mi.movable, mi.candidates.length, mi.complete]);
  input(p, mi, g.legalMoves());
  for (const [label, f] of [
    ["agreeDraw", (c) => c.agreeDraw()],
    ["resign", (c) => c.resign()],
    ["resign white", (c) => c.resign("White")],
    ["resign b", (c) => c.resign(" b")],
    ["resign red", (c) => c.resign("red")],
    ["timeForfeit black", (c) => c.timeForfeit("black")],
    ["timeForfeit bad", (c) => c.timeForfeit("x")],
  ]) {
    rec(`${p} ${label}`, () => {
      const c = g.clone();
      const o = f(c);
      return [o, c.isOver, c.legalMoves().length, c.undo()?.text ?? null, c.outcome()];
    });
  }
  let undone = 0;
  while (undone < 5 && g.undo()) undone++;
  rec(`${p} after undo`, () => [undone, g.fen(), g.outcome(), g.moves().length]);
  rec(`${p} undo again`, () => g.undo());
  return g;
}

for (const name of names) {
  const pos = new d.Position(name);
  position(name, pos, "start");
  // A position after a few moves, and one with a capture.
  let p2 = pos;
  for (let i = 0; i < 6; i++) {
    const ms = p2.legalMoves();
    if (ms.length === 0) break;
    p2 = p2.play(ms[next(ms.length)].text);
  }
  position(name, p2, "mid");
  rec(`${name} Position fen empty`, () => new d.Position(name, "").fen());
  const g = game(name);
  rec(`${name} Game from fen`, () => new d.Game(name, g.fen()).fen());
}

// Special positions: captures, kings, promotion, finished games.
for (const [name, fen] of [
  ["english", "W:WK29,21:B1"],
  ["english", "B:W18,K27:B14,22,K10"],
  ["international", "W:WK1,46:B23,32,33,44"],
  ["international", "W:W28:B23,13"],
  ["russian", "W:Wh6:Bg7,c5,d2"],
  ["russian", "W:WKc1:BKf8"],
  ["brazilian", "W:Wa1,c1:Bb2,d2,f4"],
  ["italian", "W:W22,K30:B18,13,K6"],
  ["spanish", "W:W25,K30:B21,13"],
  ["turkish", "W:Wa2,b2:Ba7,b7"],
  ["english", "W:W:B5"],
  ["frisian", "W:WK30:B24,14,13"],
  ["thai-site", "W:W25:B21"],
]) {
  rec(`special ${name} ${fen}`, () => new d.Position(name, fen).fen());
  let pos;
  try {
    pos = new d.Position(name, fen);
  } catch {
    continue;
  }
  position(name, pos, `fen ${fen}`);
  const g = new d.Game(name, fen);
  rec(`special game ${name} ${fen}`, () => [g.outcome(), g.legalMoves(), g.drawCounts(), g.toPdn()]);
  input(`special game ${name}`, g.moveInput(), g.legalMoves());
}

// PDN reading and its errors.
const pdns = [
  ['[GameType "21"]\n1. 11-15 23-19 *', undefined],
  ['[GameType "21"]\n1. 11-15 23-19 *', "english"],
  ['[GameType "21"]\n1. 11-15 *', "international"],
  ["1. 32-28 19-23 *", undefined],
  ["1. 32-28 19-23 *", "international"],
  ["1. 32-28 19-23 28x19 *", "international"],
  ["", undefined],
  ["   ", "english"],
  ['[GameType "21"]\n1. 11-15 99-98 *', undefined],
  ['[Event "x"\n1. 11-15', undefined],
  ['[GameType "999"]\n1. 11-15 *', undefined],
  ['[CustomVariant "spanish-site"]\n[GameType "24"]\n1. c3-d4 *', undefined],
  ['[CustomVariant "nonsense"]\n[GameType "21"]\n1. 11-15 *', undefined],
  ['[GameType "25"]\n1. c3-d4 f6-e5 d4xf6 g7xe5 *', undefined],
  ['[GameType "21"]\n1. 11-15 23-19 *\n\n[GameType "21"]\n1. 9-13 *', undefined],
  ['[GameType "21"]\n[FEN "W:W21:B17"]\n1. 21-14 *', undefined],
  ["1. 11-15 23-19 2. 8-11 22-17 1-0", "english"],
];
for (const [text, v] of pdns) {
  rec(`fromPdn ${JSON.stringify(text)} ${v}`, () => {
    const g = d.Game.fromPdn(text, v);
    return [g.variant, g.fen(), g.moves(), g.outcome(), g.drawMode, g.toPdn()];
  });
  rec(`parsePdnTree ${JSON.stringify(text)}`, () => d.parsePdnTree(text));
  rec(`tree roundtrip ${JSON.stringify(text)}`, () => d.parsePdnTree(text).map((t) => d.toPdn(t)));
}
rec("parsePdnTree variations", () =>
  d.parsePdnTree('[Event "v"]\n1. 32-28 {good} (1. 33-29 $2 19-23) 19-23!? 2. 28x19 14x23 1/2-1/2'),
);
rec("toPdn bad tree", () => d.toPdn({ nope: true }));
rec("toPdn null", () => d.toPdn(null));

// The engine.
rec("levels", () => d.Engine.levels());
for (const args of [
  [],
  ["hard", 7],
  ["normal"],
  ["very-easy", 3, { nodes: 500 }],
  ["impossible"],
  ["easy", -1],
  ["easy", 1.5],
  ["easy", 1, { nodes: 0 }],
  ["easy", 1, { ttMib: 4096 }],
  ["easy", 1, { colour: 1 }],
  ["easy", 1, 5],
  ["easy", 1, { nodes: undefined, ttMib: 2 }],
]) {
  rec(`Engine(${JSON.stringify(args)})`, () => {
    const e = new d.Engine(...args);
    return [e.level, e.seed];
  });
}
{
  const e = new d.Engine("medium", 1, { ttMib: 2 });
  rec("engine set level", () => {
    e.level = "hard";
    return e.level;
  });
  rec("engine set level bad", () => {
    e.level = "wizard";
  });
  rec("engine level after", () => e.level);
  rec("engine set seed", () => {
    e.seed = 42;
    return e.seed;
  });
  rec("engine set seed bad", () => {
    e.seed = -3;
  });
  rec("engine seed after", () => e.seed);
}
for (const name of ["english", "international", "russian", "turkish", "frisian", "spanish-site", "english-40-moves"]) {
  for (const level of ["very-easy", "easy", "medium", "hard"]) {
    const e = new d.Engine(level, 5, { nodes: 3000, ttMib: 2 });
    const g = new d.Game(name);
    for (let i = 0; i < 4 && !g.isOver; i++) {
      rec(`${name} ${level} play ${i}`, () => {
        const m = e.play(g);
        g.play(m);
        return m;
      });
    }
    e.clear();
    rec(`${name} ${level} playScored`, () => e.playScored(g));
    rec(`${name} ${level} acceptsDraw`, () => [e.acceptsDraw(g), e.acceptsDraw(g, "white"), e.acceptsDraw(g, "black")]);
  }
  const e = new d.Engine("hard", 0, { ttMib: 2 });
  const g = new d.Game(name);
  rec(`${name} search depth`, () => e.search(g, { depth: 4 }));
  rec(`${name} search nodes`, () => e.search(g, { nodes: 5000 }));
  rec(`${name} analyse`, () => e.analyse(g, { depth: 2 }));
  rec(`${name} analyse nodes`, () => e.analyse(g, { nodes: 4000, incrementMs: 0 }));
  for (const limits of [{}, undefined, null, 5, { depth: 0 }, { depth: 2.5 }, { nodes: -1 }, { speed: 1 }, { incrementMs: 5 }, { depth: "3" }, { movesToGo: 2000, depth: 1 }]) {
    rec(`${name} search limits ${JSON.stringify(limits)}`, () => e.search(g, limits));
    rec(`${name} analyse limits ${JSON.stringify(limits)}`, () => e.analyse(g, limits));
  }
  rec(`${name} acceptsDraw bad`, () => e.acceptsDraw(g, "green"));
}
{
  // Finished games.
  const g = new d.Game("english", "W:W:B5");
  const e = new d.Engine("hard", 0, { nodes: 1000, ttMib: 1 });
  rec("over play", () => e.play(g));
  rec("over playScored", () => e.playScored(g));
  rec("over search", () => e.search(g, { depth: 3 }));
  rec("over analyse", () => e.analyse(g, { depth: 3 }));
  rec("over acceptsDraw", () => e.acceptsDraw(g));
  const w = new d.Game("english", "W:WK25,K26,K27:B5");
  rec("winning search", () => e.search(w, { depth: 8 }));
  rec("winning acceptsDraw", () => [e.acceptsDraw(w, "white"), e.acceptsDraw(w, "black")]);
}
