// The endgame-database probe of the second package (pkg-egdb/, built by
// `build.sh --egdb`): slices handed in as bytes, positions probed by FEN.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

import init, * as d from "../pkg-egdb/draughts.js";

const here = path.dirname(fileURLToPath(import.meta.url));
await init({ module_or_path: readFileSync(path.join(here, "../pkg-egdb/draughts_bg.wasm")) });

const built = d.Egdb.build("english", 2);
// The page's way: a database filled from the bytes of slice files.
const db = new d.Egdb("english");
for (const name of built.slices()) {
  assert.equal(db.insert(built.sliceBytes(name)), name);
}

test("king against king from bytes matches the published figures", () => {
  // English king against king, White to move: 230 won, 654 drawn, 108 lost,
  // the longest win 11 plies (published figures, quoted in docs/egdb.md).
  const counts = { win: 0, draw: 0, loss: 0 };
  let longest = 0;
  for (let a = 1; a <= 32; a++) {
    for (let b = 1; b <= 32; b++) {
      if (a === b) continue;
      const e = db.lookup(`W:WK${a}:BK${b}`);
      counts[e.value]++;
      if (e.value === "win") longest = Math.max(longest, e.distance);
    }
  }
  assert.deepEqual(counts, { win: 230, draw: 654, loss: 108 });
  assert.equal(longest, 11);
  assert.equal(db.maxPieces, 2);
  assert.equal(db.slices().length, 14);
});

test("best moves keep the value", () => {
  const fen = "B:W30:BK19";
  const p = db.probe(fen);
  assert.equal(p.value, "win");
  assert.ok(p.best.length > 0);
  const pos = new d.Position("english", fen);
  for (const mv of p.best) {
    const after = pos.play(mv);
    assert.deepEqual(db.lookup(after.fen()), { value: "loss", distance: p.distance - 1 });
  }
});

test("errors throw and change nothing", () => {
  assert.throws(() => new d.Egdb("chess"), Error);
  assert.throws(() => db.insert(new Uint8Array([1, 2, 3])), /not an endgame database/);
  assert.throws(() => db.insert(d.Egdb.build("russian", 1).sliceBytes("wm0wk1bm0bk0")), /russian/);
  assert.throws(() => db.probe("W:WK1,K2:BK32"), /wm0wk2bm0bk1/);
  assert.throws(() => db.probe("nonsense"), /bad FEN/);
  assert.throws(() => d.Egdb.build("english", 9), /1 to 3/);
  assert.equal(db.slices().length, 14);
});
