// What the package's Node test files share: the package loaded once, the
// native answers (the `native_check` example of the cli package, one request
// per line on its standard input) and the check that a call throws a JS
// Error, not a wasm trap. Not a test file itself (no `.test.` in its name).
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

import init, * as draughts from "../pkg/draughts.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../../..");
// On an engine without what the module needs (Node.js older than 22), init
// throws the package's own message (runtime.test.mjs).
await init({ module_or_path: readFileSync(path.join(here, "../pkg/draughts_bg.wasm")) });
export { draughts };

const nativeBin = process.env.DRAUGHTS_NATIVE_CHECK ?? path.join(root, "target/release/examples/native_check");

/** The native library's answers to `lines`, one reply per request. */
export function native(lines) {
  assert.ok(existsSync(nativeBin), `${nativeBin} missing: cargo build --release -p draughts-cli --example native_check`);
  const out = execFileSync(nativeBin, { input: lines.join("\n") + "\n", maxBuffer: 1 << 28 }).toString();
  const replies = out.split("\n").slice(0, -1);
  assert.equal(replies.length, lines.length);
  return replies;
}

/** Asserts that `fn` throws an Error (not a trap) matching `pattern`; returns its message. */
export function throwsMessage(fn, pattern) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error, "expected an exception");
  assert.ok(error instanceof Error, `an Error, not ${error}`);
  assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.message}`);
  if (pattern) assert.match(error.message, pattern);
  return error.message;
}
