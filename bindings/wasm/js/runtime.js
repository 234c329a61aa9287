
// ---------------------------------------------------------------------------
// Appended by bindings/wasm/build.sh (from bindings/wasm/js/runtime.js): the
// check that this JavaScript engine can run the module, made by `init` and
// `initSync` before they compile or instantiate anything.
//
// The release module calls shared code through typed function references
// (binaryen's function merging, build.sh says why): WebAssembly 3.0, in
// Node.js 22, Chrome and Edge 119, Firefox 120, Safari 18.2 and later. An
// older engine refuses the module with a message that does not say so (Node
// 20: "invalid value type 'stringref'", its old code for the same byte).
// So the engine is asked first, by validating a tiny module that uses the
// same feature the same way: a `(ref $t)` parameter and a `call_ref`.
// ---------------------------------------------------------------------------

// Whether this build's module needs them: build.sh writes false here for a
// module it did not merge (--dev, DRAUGHTS_WASM_MERGE=0), which any engine
// with WebAssembly runs.
const DRAUGHTS_NEEDS_FUNCTION_REFERENCES = true;

const DRAUGHTS_RUNTIME_PROBE = new Uint8Array(
  DRAUGHTS_NEEDS_FUNCTION_REFERENCES
    ? // (module (type $t (func)) (func (param (ref $t)) (call_ref $t (local.get 0))))
      [
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
        0x01, 0x09, 0x02, 0x60, 0x00, 0x00, 0x60, 0x01, 0x64, 0x00, 0x00, // types: func(), func((ref 0))
        0x03, 0x02, 0x01, 0x01, // one function, of type 1
        0x0a, 0x08, 0x01, 0x06, 0x00, 0x20, 0x00, 0x14, 0x00, 0x0b, // local.get 0, call_ref 0, end
      ]
    : [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // (module)
);

/** The engine running this code, for the message: "Node.js v20.20.2", a browser's user agent, ... */
function draughtsRuntimeName() {
  const g = globalThis;
  if (g.Deno?.version?.deno) return `Deno ${g.Deno.version.deno}`;
  if (g.Bun?.version) return `Bun ${g.Bun.version}`;
  if (g.process?.versions?.node) return `Node.js v${g.process.versions.node}`;
  if (g.navigator?.userAgent) return g.navigator.userAgent;
  return "an unknown JavaScript engine";
}

/**
 * Why this JavaScript engine cannot run the package, or null when it can.
 * `validate` stands for `WebAssembly.validate` (tests pass their own; null:
 * an engine without WebAssembly).
 */
function runtimeProblem(validate = globalThis.WebAssembly?.validate) {
  let has = false;
  if (typeof validate === "function") {
    try {
      has = validate.call(globalThis.WebAssembly, DRAUGHTS_RUNTIME_PROBE) === true;
    } catch {
      has = false;
    }
  }
  if (has) return null;
  const without = typeof validate === "function" ? "" : ", which has no WebAssembly";
  const need = DRAUGHTS_NEEDS_FUNCTION_REFERENCES
    ? "WebAssembly typed function references (WebAssembly 3.0: the module calls its shared code through them): " +
      "Node.js 22 or later, Chrome or Edge 119, Firefox 120, Safari 18.2 or later"
    : "WebAssembly";
  return `draughts-wasm needs a JavaScript engine with ${need}; this is ${draughtsRuntimeName()}${without}`;
}

/** Throws runtimeProblem()'s message, unless `input` is already a compiled WebAssembly.Module. */
function draughtsRequireRuntime(input, key) {
  const plain = input !== null && typeof input === "object" && Object.getPrototypeOf(input) === Object.prototype;
  const value = plain ? input[key] : input;
  // An engine that compiled the module can run it: no question to ask.
  if (typeof WebAssembly === "object" && value instanceof WebAssembly.Module) return;
  const problem = runtimeProblem();
  if (problem !== null) throw new Error(problem);
}

function draughtsInitSync(module) {
  draughtsRequireRuntime(module, "module");
  return initSync(module);
}

async function draughtsInit(module_or_path) {
  draughtsRequireRuntime(module_or_path, "module_or_path");
  return __wbg_init(module_or_path);
}

export { draughtsInitSync as initSync, draughtsInit as default, runtimeProblem };
