// The computer opponent, off the page's thread. Messages:
//   {id, kind: "hello"}                               → {id, engine: bool}
//   {id, kind: "move", variant, startFen, moves, level, seed} → {id, move}
//   {id, kind: "search", variant, startFen, moves, limits} → {id, result}
//   {id, kind: "draw", variant, startFen, moves, level, side} → {id, accept}
// The game is rebuilt from its start and moves so that the engine sees the
// history (repetitions, draw counts).
import init, * as pkg from "./pkg/draughts.js";

const ready = init();
const engines = new Map(); // one per level and seed: tables kept between moves

function engineFor(level, seed) {
  const key = `${level}/${seed}`;
  if (!engines.has(key)) engines.set(key, new pkg.Engine(level, seed));
  return engines.get(key);
}

function rebuild({ variant, startFen, moves }) {
  const game = new pkg.Game(variant, startFen);
  for (const m of moves) game.play(m);
  return game;
}

self.onmessage = async (e) => {
  const { id, kind } = e.data;
  try {
    await ready;
    const engine = typeof pkg.Engine === "function";
    if (kind === "hello") {
      self.postMessage({ id, engine });
      return;
    }
    if (!engine) throw new Error("this build has no computer opponent");
    const game = rebuild(e.data);
    const ai = engineFor(e.data.level ?? "medium", e.data.seed ?? 1);
    if (kind === "move") {
      const best = ai.bestMove(game);
      if (!best) throw new Error("the game is over");
      self.postMessage({ id, move: best.text });
    } else if (kind === "search") {
      self.postMessage({ id, result: ai.search(game, e.data.limits) });
    } else if (kind === "draw") {
      self.postMessage({ id, accept: ai.acceptsDraw(game, e.data.side) });
    } else {
      throw new Error(`unknown request ${kind}`);
    }
  } catch (err) {
    self.postMessage({ id, error: err.message ?? String(err) });
  }
};
