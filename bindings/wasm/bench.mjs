// Perft speed of the wasm package in Node (not a test: figures for the
// README). Run after build.sh: node bindings/wasm/bench.mjs [variant depth]...
import { readFileSync } from "node:fs";
import init, { perft } from "./pkg/draughts.js";

await init({ module_or_path: readFileSync(new URL("./pkg/draughts_bg.wasm", import.meta.url)) });
const args = process.argv.slice(2);
const runs = args.length ? [] : [["international", 8], ["english", 11], ["russian", 10]];
for (let i = 0; i + 1 < args.length; i += 2) runs.push([args[i], Number(args[i + 1])]);
for (const [variant, depth] of runs) {
  const t = performance.now();
  const nodes = perft(variant, undefined, depth);
  const s = (performance.now() - t) / 1000;
  console.log(`${variant} d=${depth} nodes=${nodes} time=${s.toFixed(3)} nps=${Math.round(nodes / s)}`);
}
