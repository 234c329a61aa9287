// The package's runtime check (bindings/wasm/js/runtime.js, appended to
// pkg/draughts.js by build.sh): an engine without WebAssembly typed function
// references gets an Error that says what is needed, from `init` and
// `initSync`, before anything is compiled; an engine with them loads the
// package as before.
//
// Runs on any Node (it does not import common.mjs, which loads the package):
// on Node.js 22 or later the missing feature is simulated by a stand-in for
// WebAssembly.validate; on an older Node (.ci/steps/40-web.sh runs this file
// on the machine's own Node too when it is older than 22) it is missing for
// real, and the same tests check the real refusal.
//
// Run: node --test bindings/wasm/tests/runtime.test.mjs   (after build.sh, a release build)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, "../pkg");
const glue = pathToFileURL(path.join(pkg, "draughts.js")).href;
const bytes = readFileSync(path.join(pkg, "draughts_bg.wasm"));
const meta = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
// Importing the glue runs no check and loads no WebAssembly: any Node can.
const { runtimeProblem } = await import(glue);

// Whether this engine can compile the real module: the fact the check must agree with.
const runsHere = WebAssembly.validate(bytes);
const NEEDS = /needs a JavaScript engine with WebAssembly typed function references .*Node\.js 22 or later, Chrome or Edge 119, Firefox 120, Safari 18\.2 or later/;
const thisNode = `this is Node.js ${process.version}`;

/** A fresh copy of the glue (its own `wasm`, not yet initialised). */
let copies = 0;
const freshGlue = () => import(`${glue}?copy=${++copies}`);

/** Runs `fn` with WebAssembly.validate answering false, as an engine without the feature would. */
async function withoutFeature(fn) {
  const real = WebAssembly.validate;
  const seen = [];
  WebAssembly.validate = (b) => { seen.push(new Uint8Array(b)); return false; };
  try {
    return await fn(seen);
  } finally {
    WebAssembly.validate = real;
  }
}

test("the release build needs Node.js 22 (package.json engines), and says so", () => {
  assert.deepEqual(meta.engines, { node: ">=22" }, "build.sh writes engines for the merged release module");
  // The message and the engines field name the same Node.js.
  const message = runtimeProblem(() => false);
  assert.match(message, NEEDS);
  assert.equal(message.match(/Node\.js (\d+) or later/)[1], meta.engines.node.replace(">=", ""));
});

test("the check agrees with the engine about the real module", () => {
  // Null exactly where this engine compiles draughts_bg.wasm: Node 20's V8
  // refuses both, Node 22's accepts both.
  assert.equal(runtimeProblem() === null, runsHere, `runtimeProblem(): ${runtimeProblem()}; WebAssembly.validate(module): ${runsHere}`);
  // The documented floor: typed function references are on by default from Node.js 22 (V8 12.4).
  const major = Number(process.versions.node.split(".")[0]);
  assert.equal(runsHere, major >= 22, `Node ${process.version}: WebAssembly.validate(module) = ${runsHere}`);
});

test("an engine without typed function references is told what it needs and what it is", () => {
  const seen = [];
  const message = runtimeProblem((b) => { seen.push(new Uint8Array(b)); return false; });
  assert.match(message, NEEDS);
  assert.ok(message.endsWith(thisNode), message);
  assert.doesNotMatch(message, /stringref/);
  // It asked about one small module, whose answer on this engine is the real module's.
  assert.equal(seen.length, 1);
  assert.deepEqual([...seen[0].subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d]);
  assert.ok(seen[0].length < 64, `the probe is ${seen[0].length} bytes`);
  assert.equal(WebAssembly.validate(seen[0]), runsHere);
  // A validate that throws counts as a no.
  assert.match(runtimeProblem(() => { throw new TypeError("unsupported"); }), NEEDS);
});

test("an engine without WebAssembly is told so", () => {
  const message = runtimeProblem(null);
  assert.match(message, NEEDS);
  assert.ok(message.endsWith(`${thisNode}, which has no WebAssembly`), message);
});

test("init refuses with the message before compiling anything, and a later init on a capable engine loads", async () => {
  const m = await freshGlue();
  const real = { instantiate: WebAssembly.instantiate, Module: WebAssembly.Module };
  let compiled = 0;
  WebAssembly.instantiate = (...a) => { compiled++; return real.instantiate(...a); };
  try {
    await withoutFeature(async () => {
      for (const input of [{ module_or_path: bytes }, bytes, { module_or_path: Promise.resolve(bytes) }]) {
        await assert.rejects(m.default(input), (e) => e instanceof Error && NEEDS.test(e.message) && e.message.endsWith(thisNode));
      }
      assert.throws(() => m.initSync({ module: bytes }), (e) => e instanceof Error && NEEDS.test(e.message));
      assert.throws(() => m.initSync(bytes), (e) => e instanceof Error && NEEDS.test(e.message));
    });
    assert.equal(compiled, 0, "nothing was compiled or instantiated");
    // The refusals left nothing behind: the real engine decides the next call.
    if (runsHere) {
      await m.default({ module_or_path: bytes });
      assert.ok(m.variants().length > 0);
      assert.equal(compiled, 1);
    } else {
      await assert.rejects(m.default({ module_or_path: bytes }), (e) => NEEDS.test(e.message) && e.message.endsWith(thisNode));
      assert.equal(compiled, 0, "the real refusal comes before WebAssembly's CompileError");
    }
  } finally {
    WebAssembly.instantiate = real.instantiate;
  }
});

test("initSync on a capable engine loads the package", { skip: !runsHere && "this engine cannot run the module" }, async () => {
  const m = await freshGlue();
  m.initSync({ module: bytes });
  assert.equal(new m.Position("english").perft(3), 302); // the published English perft: 7, 49, 302
});

test("an already compiled module is taken as it is (the engine that compiled it can run it)", { skip: !runsHere && "this engine cannot compile the module" }, async () => {
  const module = new WebAssembly.Module(bytes);
  const m = await freshGlue();
  await withoutFeature(async (seen) => {
    await m.default({ module_or_path: module });
    assert.equal(seen.length, 0, "no probe for a compiled module");
  });
  assert.equal(new m.Position("english").legalMoves().length, 7);
  const n = await freshGlue();
  await withoutFeature(() => n.initSync({ module }));
  assert.equal(new n.Position("english").legalMoves().length, 7);
});

test("a script that loads the package: loads on a capable Node, and fails with the message on an older one", () => {
  // What a user sees: a separate Node process, the package loaded as its
  // README says, no error handling of its own.
  const script = `
    import { readFileSync } from "node:fs";
    import init, { Game } from ${JSON.stringify(glue)};
    await init({ module_or_path: readFileSync(${JSON.stringify(path.join(pkg, "draughts_bg.wasm"))}) });
    console.log(new Game("international").legalMoves().length);
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  if (runsHere) {
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), "9");
  } else {
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, NEEDS);
    assert.match(run.stderr, new RegExp(`this is Node\\.js ${process.version.replace(/\./g, "\\.")}`));
    assert.doesNotMatch(run.stderr, /CompileError|stringref/);
  }
});
