// The computer opponent, off the page's thread. Messages:
//   {id, kind: "hello"}                               → {id, engine: bool}
//   {id, kind: "move", variant, startFen, moves, level} → {id, move, depth, score}
//   {id, kind: "draw", variant, startFen, moves, level, side} → {id, accept}
// The game is rebuilt from its start and moves so that the engine sees the
// history (repetitions, draw counts).
import init, * as pkg from "./pkg/draughts.js";

const ready = init();

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
    const ai = new pkg.Engine(e.data.level);
    if (kind === "move") {
      const best = ai.bestMove(game);
      self.postMessage({ id, ...best });
    } else if (kind === "draw") {
      self.postMessage({ id, accept: ai.acceptsDraw(game, e.data.side) });
    } else {
      throw new Error(`unknown request ${kind}`);
    }
  } catch (err) {
    self.postMessage({ id, error: err.message ?? String(err) });
  }
};
