// Perft speed of the wasm package in headless Chromium (not a test: figures
// for the README). Run after build.sh: node web/bench.mjs [variant depth]...
import { chromium } from "playwright-core";
import { serve } from "./tests/server.mjs";

const args = process.argv.slice(2);
const runs = args.length ? [] : [["international", 8], ["english", 11], ["russian", 10]];
for (let i = 0; i + 1 < args.length; i += 2) runs.push([args[i], Number(args[i + 1])]);
const { server, url } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
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
} finally {
  await browser.close();
  server.close();
}
