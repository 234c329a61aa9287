
/**
 * Why this JavaScript engine cannot run the package, or `null` when it can.
 * The module needs WebAssembly typed function references (WebAssembly 3.0:
 * Node.js 22, Chrome and Edge 119, Firefox 120, Safari 18.2 or later); the
 * answer is a sentence that says so and names this engine. `init` and
 * `initSync` throw it as an `Error` before loading anything. `validate`
 * stands for `WebAssembly.validate` (for tests; `null`: no WebAssembly).
 */
export function runtimeProblem(validate?: ((bytes: BufferSource) => boolean) | null): string | null;
