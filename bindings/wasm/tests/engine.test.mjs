// The computer opponent of the npm package in Node: every level plays a
// legal move in every variant, the same seed plays the same moves (and the
// same moves as the native library), limits hold, draw offers are judged
// as the native engine judges them, and bad calls throw without changing
// anything.
//
// Run: node --test bindings/wasm/tests/   (after build.sh, and
// `cargo build --release -p draughts-cli --example native_check`)
import { test } from "node:test";
import assert from "node:assert/strict";

import { draughts, native, throwsMessage } from "./common.mjs";

const { Engine, Game, variants } = draughts;
const ALL = variants();
const LEVELS = ["very-easy", "easy", "medium", "hard"];

/** A fresh engine's search (16 MiB table, as native_check's), freed after. */
function searchOnce(game, limits) {
  const engine = new Engine();
  try {
    return engine.search(game, limits);
  } finally {
    engine.free();
  }
}

test("levels(): the library's four levels and what they do", () => {
  const levels = Engine.levels();
  assert.deepEqual(levels.map((l) => l.name), LEVELS);
  assert.deepEqual(levels.map((l) => l.label), ["very easy", "easy", "medium", "hard"]);
  // Depth-limited weak levels, a time-limited hard one that never errs.
  assert.ok(levels.slice(0, 3).every((l) => l.depth >= 1 && l.moveTimeMs === null));
  assert.ok(levels[0].depth < levels[2].depth);
  assert.ok(levels[3].moveTimeMs > 0 && levels[3].margin === 0 && levels[3].blunderPermille === 0);
  assert.ok(levels[0].blunderPermille > levels[1].blunderPermille);
  for (const l of LEVELS) assert.equal(new Engine(l).level, l);
  assert.equal(new Engine().level, "medium");
  assert.equal(new Engine("normal").level, "medium");
  assert.equal(new Engine("Very Easy").level, "very-easy");
});

test("every level plays a legal move in every variant, house rules included, for a few moves", () => {
  for (const v of ALL) {
    for (const level of LEVELS) {
      // hard with a node budget instead of its second a move; a small
      // table, freed at once (wasm memory only grows).
      const engine = new Engine(level, 7, level === "hard" ? { nodes: 3000, ttMib: 1 } : { ttMib: 1 });
      const game = new Game(v.name);
      for (let ply = 0; ply < 4 && !game.isOver; ply++) {
        const legal = game.legalMoves().map((m) => m.text);
        const fen = game.fen();
        const text = engine.play(game);
        assert.equal(game.fen(), fen, "play() does not change the game");
        assert.ok(legal.includes(text), `${v.name} ${level}: ${text} not in ${legal}`);
        game.play(text);
      }
      engine.free();
    }
  }
});

/**
 * Runs `fn` with `performance.now()` replaced by a clock that advances
 * `step` ms at each reading, and returns `fn`'s result with the number of
 * readings. The search reads the clock itself (every 1024 nodes and after
 * each iteration), so on this clock a time limit is a count of readings:
 * the same on every machine, however fast.
 */
function withSteppedClock(step, fn) {
  const real = Object.getOwnPropertyDescriptor(globalThis, "performance");
  let t = 1_000_000;
  let reads = 0;
  const now = () => {
    reads++;
    t += step;
    return t;
  };
  Object.defineProperty(globalThis, "performance", { value: { now }, configurable: true, writable: true });
  try {
    const result = fn();
    return { result, reads };
  } finally {
    Object.defineProperty(globalThis, "performance", real);
  }
}

test("time limits run on performance.now(): the limit stops the search, timeMs is its clock's", () => {
  const game = new Game("international");
  // moveTimeMs 300: no new iteration after 150 ms, a stop at 300 ms.
  const search = () => {
    const engine = new Engine("hard", 1);
    try {
      return engine.search(game, { moveTimeMs: 300 });
    } finally {
      engine.free();
    }
  };
  const { result: r, reads } = withSteppedClock(1, search);
  // The reported time is the clock's: the first reading to the last.
  assert.equal(r.timeMs, reads - 1);
  // Time ended it: past the soft limit, not beyond the hard one (a few
  // readings after it at most), far short of the depth limit (100).
  assert.ok(r.timeMs >= 150 && r.timeMs <= 310, `${r.timeMs} ms on the stepped clock`);
  assert.ok(r.depth >= 1 && r.depth < 100, `depth ${r.depth}`);
  assert.ok(game.legalMoves().some((m) => m.text === r.best));
  // The same clock, the same search: a time-limited search is as
  // reproducible as its clock.
  const again = withSteppedClock(1, search);
  assert.deepEqual([again.result.best, again.result.nodes, again.result.depth], [r.best, r.nodes, r.depth]);
  assert.equal(again.reads, reads);

  // A clock 1000 ms further at each reading: the first poll (1024 nodes)
  // is past the 300 ms; the best move so far is still a legal move.
  const { result: quick } = withSteppedClock(1000, search);
  assert.ok(quick.nodes < r.nodes, `${quick.nodes} nodes, ${r.nodes} on the 1 ms clock`);
  assert.ok(quick.nodes <= 2048, `${quick.nodes} nodes`);
  assert.equal(quick.timeMs % 1000, 0);
  assert.ok(game.legalMoves().some((m) => m.text === quick.best));
});

test("hard, as it is: a second a move on performance.now()", () => {
  const game = new Game("english");
  const { result: text, reads } = withSteppedClock(1, () => {
    const engine = new Engine("hard", 1);
    try {
      return engine.play(game);
    } finally {
      engine.free();
    }
  });
  assert.ok(game.legalMoves().some((m) => m.text === text), text);
  // Its second: no new iteration after 500 ms, a stop at 1000 ms, on the
  // clock it was given (without a clock it would run to depth 100).
  assert.ok(reads > 500 && reads <= 1010, `${reads} readings`);
});

test("same seed, same moves; and the same moves as the native library", () => {
  const requests = [];
  const mine = [];
  const cases = [
    ["english", "very easy", 1], ["english", "easy", 2], ["international", "medium", 3],
    ["russian", "very easy", 4], ["spanish-site", "easy", 5], ["turkish", "medium", 6],
    ["frisian", "easy", 7], ["brazilian-site", "hard", 8], ["canadian", "very easy", 9],
  ];
  for (const [variant, level, seed] of cases) {
    const nodes = level === "hard" ? 2000 : undefined;
    const plies = 24;
    const playGame = () => {
      const engine = new Engine(level, seed, nodes ? { nodes } : undefined);
      const game = new Game(variant);
      const texts = [];
      while (!game.isOver && texts.length < plies) {
        const t = engine.play(game);
        texts.push(t);
        game.play(t);
      }
      engine.free();
      return texts;
    };
    const a = playGame();
    assert.deepEqual(playGame(), a, `${variant} ${level} seed ${seed}`);
    mine.push(a.join(" "));
    requests.push(["selfplay", variant, "-", level, seed, nodes ?? "-", plies].join("\t"));
  }
  assert.deepEqual(mine, native(requests));
  // Different seeds make the weak levels play differently.
  const first = (seed) => {
    const e = new Engine("very-easy", seed);
    const g = new Game("international");
    const out = [];
    for (let i = 0; i < 10; i++) {
      const t = e.play(g);
      out.push(t);
      g.play(t);
    }
    e.free();
    return out.join(" ");
  };
  assert.ok(new Set([1, 2, 3, 4, 5].map(first)).size > 1);
});

test("search: the depth and node limits hold, the result equals the native search", () => {
  const requests = [];
  const mine = [];
  for (const [variant, fen] of [["international", "-"], ["english", "-"], ["russian", "W:Wc3,e3,g3:Bd6,f6,h6"], ["spanish-site", "-"]]) {
    const game = new Game(variant, fen === "-" ? undefined : fen);
    for (const depth of [1, 3, 6]) {
      const r = searchOnce(game, { depth });
      assert.equal(r.depth, depth);
      assert.equal(r.pv[0], r.best);
      assert.ok(r.seldepth >= depth);
      assert.ok(game.legalMoves().some((m) => m.text === r.best));
      mine.push([r.best, r.scoreText, r.depth, r.nodes, r.pv.join(" ")].join("\t"));
      requests.push(["search", variant, fen, depth, "-"].join("\t"));
    }
    const r = searchOnce(game, { nodes: 5000 });
    assert.ok(r.nodes <= 5000, `${r.nodes} nodes`);
    mine.push([r.best, r.scoreText, r.depth, r.nodes, r.pv.join(" ")].join("\t"));
    requests.push(["search", variant, fen, "-", 5000].join("\t"));
  }
  assert.deepEqual(mine, native(requests));

  // A won position: White takes Black's last man, a win in one ply.
  const won = new Engine().search(new Game("english", "W:W18:B14"), { depth: 3 });
  assert.deepEqual([won.best, won.winIn, won.scoreText], ["18x9", 1, "win in 1"]);
  assert.ok(won.score > 100);

  // The game over: no best move.
  const over = new Game("english");
  over.resign();
  const none = new Engine().search(over, { depth: 3 });
  assert.equal(none.best, null);
  assert.deepEqual(none.pv, []);
  assert.equal(new Engine().play(over), null);
});

test("analyse: every legal move with its score, best first", () => {
  const game = new Game("russian");
  const a = new Engine().analyse(game, { depth: 3 });
  assert.equal(a.depth, 3);
  assert.deepEqual(a.moves.map((m) => m.move).sort(), game.legalMoves().map((m) => m.text).sort());
  for (let i = 1; i < a.moves.length; i++) assert.ok(a.moves[i - 1].score >= a.moves[i].score);
  assert.ok(a.moves.every((m) => typeof m.scoreText === "string" && m.winIn === null));
});

test("draw offers: accepted when the offering side is not worse, as natively", () => {
  const cases = [
    ["english", "W:WK25,K26,K27:B5", "white"], // White far ahead offers
    ["english", "W:WK25,K26,K27:B5", "black"], // Black far behind offers
    ["english", "B:WK25,K26,K27:B5", undefined], // Black, to move, offers
    ["international", "-", "white"],
    ["international", "-", "black"],
    ["russian-site", "W:Wc1:BKh8,Ka7", "white"],
  ];
  const mine = [];
  const requests = [];
  for (const [variant, fen, by] of cases) {
    const game = new Game(variant, fen === "-" ? undefined : fen);
    const before = game.fen();
    const engine = new Engine("easy");
    const yes = engine.acceptsDraw(game, by);
    engine.free();
    assert.equal(game.fen(), before);
    assert.equal(game.isOver, false, "the answer does not end the game");
    mine.push(yes ? "accept" : "decline");
    requests.push(["draw", variant, fen, by ?? game.turn()].join("\t"));
  }
  assert.deepEqual(mine, native(requests));
  assert.deepEqual(mine.slice(0, 3), ["accept", "decline", "decline"]);
  assert.equal(mine[5], "decline", "one man against two kings: the kings' side declines");
  // A finished game accepts nothing.
  const over = new Game("english");
  over.agreeDraw();
  assert.equal(new Engine().acceptsDraw(over), false);
});

test("bad calls throw the library's message and change nothing", () => {
  throwsMessage(() => new Engine("grandmaster"), /unknown level "grandmaster" \(very easy, easy, medium, hard\)/);
  throwsMessage(() => new Engine("easy", -1), /seed must be a whole number/);
  throwsMessage(() => new Engine("easy", 1.5), /seed must be a whole number/);
  throwsMessage(() => new Engine("easy", 1, { node: 5 }), /unknown engine option `node`/);
  throwsMessage(() => new Engine("easy", 1, { nodes: 0 }), /nodes must be a whole number from 1/);
  throwsMessage(() => new Engine("easy", 1, 7), /options must be an object/);

  const engine = new Engine("easy", 3);
  throwsMessage(() => (engine.level = "expert"), /unknown level "expert"/);
  assert.equal(engine.level, "easy");
  throwsMessage(() => (engine.seed = NaN), /seed must be a whole number/);
  assert.equal(engine.seed, 3);

  const game = new Game("international");
  game.play("32-28");
  const fen = game.fen();
  throwsMessage(() => engine.search(game, {}), /give a limit/);
  throwsMessage(() => engine.search(game), /give a limit/);
  throwsMessage(() => engine.search(game, { depth: 0 }), /depth must be a whole number from 1 to 100/);
  throwsMessage(() => engine.search(game, { depth: 101 }), /depth must be/);
  throwsMessage(() => engine.search(game, { depth: "5" }), /depth must be a whole number from 1 to 100, not "5"/);
  throwsMessage(() => engine.search(game, { movetime: 100 }), /unknown limit `movetime`/);
  throwsMessage(() => engine.search(game, "deep"), /limits must be an object/);
  throwsMessage(() => engine.analyse(game, { nodes: -5 }), /nodes must be/);
  throwsMessage(() => engine.acceptsDraw(game, "red"), /`red` is not a colour/);
  // Not a Game: wasm-bindgen's own check of the argument.
  assert.equal(throwsMessage(() => engine.search({}, { depth: 1 })), "expected instance of Game");
  assert.equal(game.fen(), fen);
  assert.equal(game.moves().length, 1);
  // The engine still plays, and as a fresh one would: the rejected calls
  // searched nothing.
  assert.equal(engine.play(game), new Engine("easy", 3).play(game));
});

test("one engine keeps its tables: the same search again is not slower in nodes", () => {
  const game = new Game("international");
  const engine = new Engine("hard", 1);
  const first = engine.search(game, { depth: 7 });
  const second = engine.search(game, { depth: 7 });
  assert.equal(second.best !== null, true);
  assert.ok(second.nodes < first.nodes, `${second.nodes} after ${first.nodes}`);
  engine.clear();
  const cleared = engine.search(game, { depth: 7 });
  assert.equal(cleared.nodes, first.nodes, "clear() forgets everything");
});
