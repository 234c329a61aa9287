// The computer opponent, off the page's thread: the package's Engine. Messages:
//   {id, kind: "init", module}                                 (first: the page's compiled WebAssembly.Module)
//   {id, kind: "hello"}                                        → {id, engine: bool, levels}
//   {id, kind: "move", variant, startFen, moves, level, seed} → {id, progress} after each
//                                                              completed iteration of the
//                                                              level's search, then {id, move}
//   {id, kind: "search", variant, startFen, moves, limits}     → {id, result}
//   {id, kind: "draw", variant, startFen, moves, by}           → {id, accept}
// The game is rebuilt from its start and moves so that the engine sees the
// history (repetitions, draw counts). One engine serves every request: its
// tables are kept from move to move and cleared when another game starts.
// A search runs to its limit; the page cancels one by ending the worker, and
// plays "move now" by ending it and playing the best move of the last
// progress message (the deepest completed iteration's first move).
import init, * as pkg from "./pkg/draughts.js";

// The page fetches and compiles the .wasm once and posts the module first:
// the worker instantiates it and downloads nothing. Requests that arrive
// before it wait for it.
let start;
const ready = new Promise((resolve) => { start = resolve; }).then((module) => init({ module_or_path: module }));
let engine = null;
let current = ""; // the game the engine's tables belong to

function rebuild({ variant, startFen, moves }) {
  const game = new pkg.Game(variant, startFen);
  for (const m of moves) game.play(m);
  return game;
}

/** The engine, its tables cleared when the request is about another game. */
function engineFor({ variant, startFen, seed }) {
  const key = `${variant}\n${startFen}\n${seed}`;
  if (!engine) engine = new pkg.Engine("medium", 0);
  else if (key !== current) engine.clear();
  current = key;
  return engine;
}

self.onmessage = async (e) => {
  const { id, kind } = e.data;
  if (kind === "init") {
    start(e.data.module);
    return;
  }
  try {
    await ready;
    const available = typeof pkg.Engine === "function";
    if (kind === "hello") {
      self.postMessage({ id, engine: available, levels: available ? pkg.Engine.levels() : [] });
      return;
    }
    if (!available) throw new Error("this build has no computer opponent");
    const game = rebuild(e.data);
    const ai = engineFor(e.data);
    if (kind === "move") {
      ai.level = e.data.level;
      ai.seed = e.data.seed ?? 0;
      // Each completed iteration reports its best line: the page shows it
      // and plays its first move on "move now".
      const onInfo = (info) => {
        self.postMessage({ id, progress: { depth: info.depth, score: info.score, winIn: info.winIn, pv: info.pv } });
      };
      const played = ai.playScored(game, { onInfo });
      if (played === null) throw new Error("the game is over");
      self.postMessage({ id, move: played.move });
    } else if (kind === "search") {
      self.postMessage({ id, result: ai.search(game, e.data.limits) });
    } else if (kind === "draw") {
      self.postMessage({ id, accept: ai.acceptsDraw(game, e.data.by) });
    } else {
      throw new Error(`unknown request ${kind}`);
    }
  } catch (err) {
    self.postMessage({ id, error: err.message ?? String(err) });
  }
};
