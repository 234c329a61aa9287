// A running search's progress and its stop, in Node: `onInfo` after each
// iteration (depth, score, nodes, line), a search stopped by `onInfo`'s
// answer, by an `Int32Array` flag set from another thread (a Worker writing
// a SharedArrayBuffer while the main thread searches), and errors.
//
// Run: node --test bindings/wasm/tests/progress.test.mjs   (after build.sh)
import { test } from "node:test";
import assert from "node:assert/strict";
import { Worker } from "node:worker_threads";

import { draughts, throwsMessage } from "./common.mjs";

const { Engine, Game } = draughts;

/** `f` with a fresh engine (1 MiB table), freed after. */
function withEngine(f, level = "hard", options = { ttMib: 1 }) {
  const engine = new Engine(level, 0, options);
  try {
    return f(engine);
  } finally {
    engine.free();
  }
}

test("onInfo: one report per iteration, the last one the result's line", () => {
  for (const variant of ["international", "english", "russian", "spanish-site"]) {
    const game = new Game(variant);
    const infos = [];
    const r = withEngine((e) => e.search(game, { depth: 5 }, { onInfo: (i) => void infos.push(i) }));
    assert.deepEqual(
      infos.map((i) => i.depth),
      [1, 2, 3, 4, 5],
      variant,
    );
    const last = infos[infos.length - 1];
    assert.deepEqual(last.pv, r.pv, variant);
    assert.equal(last.pv[0], r.best);
    assert.equal(last.scoreText, r.scoreText);
    for (let k = 1; k < infos.length; k++) assert.ok(infos[k].nodes >= infos[k - 1].nodes);
    const legal = game.legalMoves().map((m) => m.text);
    for (const i of infos) {
      assert.ok(legal.includes(i.pv[0]), `${variant}: ${i.pv[0]}`);
      assert.ok(i.seldepth >= 1 && i.timeMs >= 0 && i.nps >= 0 && typeof i.score === "number");
    }
    // The report changes nothing: the same search without it.
    const plain = withEngine((e) => e.search(game, { depth: 5 }));
    assert.deepEqual([plain.best, plain.pv, plain.nodes, plain.depth], [r.best, r.pv, r.nodes, r.depth]);
  }
});

test("onInfo returning true stops the search within the next 1,024 nodes", () => {
  const game = new Game("international");
  const seen = [];
  let at3;
  const r = withEngine((e) =>
    e.search(game, { depth: 30 }, {
      onInfo: (i) => {
        seen.push(i.depth);
        if (i.depth === 3) at3 = i.nodes;
        return i.depth === 3;
      },
    }),
  );
  // The search reads its stop flag every 1,024 nodes: a short iteration
  // may still complete (and is reported) before it does.
  assert.deepEqual(seen.slice(0, 3), [1, 2, 3]);
  assert.ok(r.nodes <= at3 + 1024, `${r.nodes} nodes, ${at3} at depth 3`);
  assert.equal(r.depth, seen[seen.length - 1]);
  assert.ok(game.legalMoves().some((m) => m.text === r.best));
});

test("a stop flag set from another thread stops a timed search long before its time", async () => {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  // The worker sets the flag 300 ms after it starts; the main thread is busy
  // searching for up to a minute meanwhile.
  const worker = new Worker(
    `const { workerData } = require("node:worker_threads");
     const flag = new Int32Array(workerData);
     setTimeout(() => Atomics.store(flag, 0, 1), 300);`,
    { eval: true, workerData: flag.buffer },
  );
  await new Promise((resolve) => worker.once("online", resolve));
  const game = new Game("international");
  const start = performance.now();
  const r = withEngine((e) => e.search(game, { moveTimeMs: 60000 }, { stop: flag }), "hard", { ttMib: 4 });
  const ms = performance.now() - start;
  await worker.terminate();
  assert.equal(Atomics.load(flag, 0), 1);
  assert.ok(ms < 3000, `stopped after ${ms} ms`);
  assert.ok(game.legalMoves().some((m) => m.text === r.best), `best ${r.best}`);
});

test("a stop flag set during a depth-limited search is read after each iteration", () => {
  const flag = new Int32Array(1);
  const game = new Game("russian");
  let at2;
  const r = withEngine((e) =>
    e.search(game, { depth: 40 }, {
      stop: flag,
      onInfo: (i) => {
        if (i.depth === 2) {
          flag[0] = 1;
          at2 = i.nodes;
        }
      },
    }),
  );
  assert.ok(r.depth >= 2 && r.depth < 40 && r.nodes <= at2 + 1024, `depth ${r.depth}, ${r.nodes} nodes`);
});

test("playScored and analyse report their iterations too", () => {
  const game = new Game("english");
  const depths = [];
  const p = withEngine(
    (e) => e.playScored(game, { onInfo: (i) => void depths.push(i.depth) }),
    "hard",
    { nodes: 20000, ttMib: 1 },
  );
  assert.ok(depths.length >= 2 && depths.every((d, k) => d === k + 1), `${depths}`);
  const plain = withEngine((e) => e.playScored(game), "hard", { nodes: 20000, ttMib: 1 });
  assert.deepEqual([p.move, p.pv, p.nodes], [plain.move, plain.pv, plain.nodes]);
  const seen = [];
  const a = withEngine((e) => e.analyse(game, { depth: 3 }, { onInfo: (i) => void seen.push(i.depth) }));
  assert.ok(seen.length >= 1 && a.moves.length === 7);
});

test("an exception in onInfo is thrown on, and the engine stays usable", () => {
  const game = new Game("english");
  withEngine((e) => {
    const boom = new RangeError("stop here");
    assert.throws(
      () =>
        e.search(game, { depth: 6 }, {
          onInfo: () => {
            throw boom;
          },
        }),
      (err) => err === boom,
    );
    assert.equal(e.search(game, { depth: 3 }).depth, 3);
  });
});

test("bad search options throw and search nothing", () => {
  const game = new Game("english");
  withEngine((e) => {
    throwsMessage(() => e.search(game, { depth: 2 }, { onInfo: 5 }), /^onInfo must be a function$/);
    throwsMessage(() => e.search(game, { depth: 2 }, { stop: [1] }), /^stop must be a non-empty Int32Array/);
    throwsMessage(() => e.search(game, { depth: 2 }, { stop: new Int32Array(0) }), /^stop must be a non-empty Int32Array/);
    throwsMessage(() => e.analyse(game, { depth: 2 }, { speed: 1 }), /^unknown search option `speed` \(onInfo, stop\)$/);
    throwsMessage(() => e.playScored(game, 7), /^the search options must be an object$/);
    // Undefined options are no options.
    assert.equal(e.search(game, { depth: 2 }, undefined).depth, 2);
  });
});
