// Speed of the wasm package in headless Chromium (not a test: figures for
// the README). Run after build.sh:
//   node web/bench.mjs [variant depth]...        perft nodes/s on the page's thread
//   node web/bench.mjs --engine [ms] [variant]... the depth a search reaches in
//     `ms` (1000) from the start position (international, english), in the
//     page's Web Worker (worker.js), as the computer opponent runs
import { chromium } from "playwright-core";
import { serve } from "./tests/server.mjs";

const args = process.argv.slice(2);
const engine = args[0] === "--engine";
const { server, url } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  if (engine) {
    const ms = Number(args[1] ?? 1000);
    const variants = args.slice(2).length ? args.slice(2) : ["international", "english"];
    for (const v of variants) {
      const r = await page.evaluate(([variant, moveTimeMs]) => new Promise((resolve, reject) => {
        const w = new Worker(new URL("./worker.js", location.href), { type: "module" });
        w.onmessage = (e) => { w.terminate(); e.data.error ? reject(new Error(e.data.error)) : resolve(e.data.result); };
        // The page's compiled package first, as the page itself does.
        w.postMessage({ id: 0, kind: "init", module: window.draughtsPage.state.module });
        w.postMessage({ id: 1, kind: "search", variant, startFen: undefined, moves: [], seed: 0, limits: { moveTimeMs } });
      }), [v, ms]);
      console.log(`${v} moveTimeMs=${ms} depth=${r.depth} seldepth=${r.seldepth} nodes=${r.nodes} time=${r.timeMs}ms nps=${Math.round((r.nodes * 1000) / Math.max(1, r.timeMs))} best=${r.best} score=${r.scoreText}`);
    }
  } else {
    const runs = args.length ? [] : [["international", 8], ["english", 11], ["russian", 10]];
    for (let i = 0; i + 1 < args.length; i += 2) runs.push([args[i], Number(args[i + 1])]);
    for (const [variant, depth] of runs) {
      const r = await page.evaluate(async ([v, d]) => {
        const m = await import("./pkg/draughts.js");
        await m.default();
        const t = performance.now();
        const nodes = m.perft(v, undefined, d);
        return { nodes, s: (performance.now() - t) / 1000 };
      }, [variant, depth]);
      console.log(`${variant} d=${depth} nodes=${r.nodes} time=${r.s.toFixed(3)} nps=${Math.round(r.nodes / r.s)}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
