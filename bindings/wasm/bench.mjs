// Speed of the wasm package in Node (not a test: figures for the README).
// Run after build.sh:
//   node bindings/wasm/bench.mjs [variant depth]...      perft nodes/s
//   node bindings/wasm/bench.mjs --engine [ms] [variant]...  the depth a search
//     reaches in `ms` (1000) from the start position (international, english)
import { readFileSync } from "node:fs";
import init, { perft, Engine, Game } from "./pkg/draughts.js";

await init({ module_or_path: readFileSync(new URL("./pkg/draughts_bg.wasm", import.meta.url)) });
const args = process.argv.slice(2);
if (args[0] === "--engine") {
  const ms = Number(args[1] ?? 1000);
  const variants = args.slice(2).length ? args.slice(2) : ["international", "english"];
  for (const v of variants) {
    const r = new Engine("hard", 0).search(new Game(v), { moveTimeMs: ms });
    console.log(`${v} moveTimeMs=${ms} depth=${r.depth} seldepth=${r.seldepth} nodes=${r.nodes} time=${r.timeMs}ms nps=${Math.round((r.nodes * 1000) / Math.max(1, r.timeMs))} best=${r.best} score=${r.scoreText}`);
  }
} else {
  const runs = args.length ? [] : [["international", 8], ["english", 11], ["russian", 10]];
  for (let i = 0; i + 1 < args.length; i += 2) runs.push([args[i], Number(args[i + 1])]);
  for (const [variant, depth] of runs) {
    const t = performance.now();
    const nodes = perft(variant, undefined, depth);
    const s = (performance.now() - t) / 1000;
    console.log(`${variant} d=${depth} nodes=${nodes} time=${s.toFixed(3)} nps=${Math.round(nodes / s)}`);
  }
}
