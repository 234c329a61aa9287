#!/usr/bin/env bash
# Builds the WebAssembly package: bindings/wasm/pkg/ (an npm package: the
# .wasm, the ES-module glue and its TypeScript definitions), and copies it
# to web/pkg/ for the page.
#
# Two routes to a wasm32-unknown-unknown build:
# 1. rustup with the target installed (`rustup target add wasm32-unknown-unknown`):
#    plain `cargo build --target wasm32-unknown-unknown --release`.
# 2. Otherwise (machines whose rustup can't download the target), Debian's
#    rustc-web, cargo-web, rust-web-src, rust-web-llvm and lld-22 packages: their /usr/bin/cargo
#    and /usr/bin/rustc build the standard library from source,
#    `RUSTC_BOOTSTRAP=1 cargo build -Zbuild-std=std,panic_abort`.
#    `DRAUGHTS_WASM_ROUTE=debian` forces this route, `=rustup` the other.
#
# Either way the repository's `target-cpu=native` (.cargo/config.toml) must
# not reach the wasm build: RUSTFLAGS set here overrides it.
#
# wasm-bindgen-cli must be installed at the version of the wasm-bindgen
# crate in Cargo.lock (`cargo install wasm-bindgen-cli --version X`); the
# script says which version when it is missing. The release build also
# needs npm, for binaryen's wasm-opt (below). Nothing else is needed.
#
# The release build uses the root Cargo.toml's `wasm-release` profile
# (opt-level "s", fat LTO, one codegen unit); `--dev` the dev profile.
#
# Usage: bindings/wasm/build.sh [--dev] [--egdb]   (--dev: debug build, faster;
# --egdb: the second package, pkg-egdb/, with the endgame-database probe
# `Egdb` (the crate's `egdb` feature), copied to web/pkg-egdb/)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

profile=release
egdb=false
for arg in "$@"; do
  case "$arg" in
    --dev) profile=dev ;;
    --egdb) egdb=true ;;
    *) echo "unknown argument $arg (--dev, --egdb)" >&2; exit 1 ;;
  esac
done
target=wasm32-unknown-unknown
target_dir="$root/target/wasm"
out="$here/pkg"
pkg_name=draughts-wasm
web_pkg=pkg
if [ "$egdb" = true ]; then
  out="$here/pkg-egdb"
  pkg_name=draughts-wasm-egdb
  web_pkg=pkg-egdb
fi

lock_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}
bindgen_version="$(lock_version wasm-bindgen)"
if ! command -v wasm-bindgen >/dev/null ||
  [ "$(wasm-bindgen --version | awk '{print $2}')" != "$bindgen_version" ]; then
  echo "wasm-bindgen-cli $bindgen_version is needed: cargo install wasm-bindgen-cli --version $bindgen_version" >&2
  exit 1
fi

route="${DRAUGHTS_WASM_ROUTE:-}"
if [ -z "$route" ]; then
  if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    route=rustup
  else
    route=debian
  fi
fi

# No target-cpu=native: these flags replace .cargo/config.toml's for this build.
export RUSTFLAGS="-C target-cpu=generic"
args=(build -p draughts-wasm --lib --target "$target" --target-dir "$target_dir" --locked)
# The release build uses the root Cargo.toml's `wasm-release` profile.
[ "$profile" = release ] && args+=(--profile wasm-release)
[ "$egdb" = true ] && args+=(--features egdb)
case "$route" in
  rustup)
    echo "== wasm build: rustup target $target"
    cargo "${args[@]}"
    ;;
  debian)
    echo "== wasm build: Debian rustc-web with -Zbuild-std (rustup has no $target)"
    for tool in /usr/bin/cargo /usr/bin/rustc; do
      [ -x "$tool" ] || {
        echo "$tool missing: apt-get install rustc-web cargo-web rust-web-src rust-web-llvm lld-22" >&2
        exit 1
      }
    done
    # Debian's own cargo and rustc, never rustup's proxies.
    env -u RUSTUP_TOOLCHAIN RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
      /usr/bin/cargo "${args[@]}" -Zbuild-std=std,panic_abort
    ;;
  *)
    echo "DRAUGHTS_WASM_ROUTE must be rustup or debian, not $route" >&2
    exit 1
    ;;
esac

dir=wasm-release
[ "$profile" = dev ] && dir=debug
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --out-dir "$out" --out-name draughts --remove-name-section \
  "$target_dir/$target/$dir/draughts_wasm.wasm"

# binaryen's wasm-opt (the npm package, pinned by tools/package-lock.json and
# installed in target/wasm/binaryen; Debian 12's binaryen 108 breaks
# wasm-bindgen's externref table) merges functions that differ only in
# constants and in the functions they call: the copies of generic code that
# every one of the 24 modes gets (1,604,737 -> 726,172 bytes raw, 286,492 ->
# 281,339 gzipped). A call that differs becomes a call through a typed
# function reference, so the module needs WebAssembly's typed function
# references (part of Wasm 3.0's GC feature): Chrome and Edge 119, Firefox 120,
# Safari 18.2, Node.js 22 or later. DRAUGHTS_WASM_MERGE=0 leaves the module
# as wasm-bindgen wrote it (about twice the size), for older runtimes.
# -O1 after the merge tidies the thunks it leaves; -Os/-Oz were measured
# and grow the gzipped size (README.md).
merged=false
if [ "$profile" = release ] && [ "${DRAUGHTS_WASM_MERGE:-1}" != 0 ]; then
  merged=true
  tools="$target_dir/binaryen"
  if [ ! -x "$tools/node_modules/.bin/wasm-opt" ] || ! cmp -s "$here/tools/package-lock.json" "$tools/package-lock.json"; then
    command -v npm >/dev/null || {
      echo "npm is needed for binaryen's wasm-opt (or DRAUGHTS_WASM_MERGE=0 to skip the merge)" >&2
      exit 1
    }
    mkdir -p "$tools"
    cp "$here/tools/package.json" "$here/tools/package-lock.json" "$tools/"
    npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
  fi
  # The features the module may use: what Rust's wasm32 target enables, and
  # gc for the merge's typed function references.
  "$tools/node_modules/.bin/wasm-opt" --enable-bulk-memory --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-nontrapping-float-to-int \
    --enable-multivalue --enable-gc --merge-similar-functions -O1 --strip-producers \
    "$out/draughts_bg.wasm" -o "$out/draughts_bg.merged.wasm"
  mv "$out/draughts_bg.merged.wasm" "$out/draughts_bg.wasm"
fi

# The runtime check (js/runtime.js, js/runtime.d.ts): `init` and `initSync`
# first ask the engine whether it has what the module needs, and throw an
# Error that says what (and which Node.js and browsers have it) instead of
# WebAssembly's CompileError, which does not (Node 20: "invalid value type
# 'stringref'"). It replaces wasm-bindgen's export line, wrapping the two.
glue="$out/draughts.js"
exports='export { initSync, __wbg_init as default };'
if [ "$(grep -cxF "$exports" "$glue")" != 1 ]; then
  echo "wasm-bindgen's draughts.js has no line '$exports': js/runtime.js must follow its new names" >&2
  exit 1
fi
grep -vxF "$exports" "$glue" >"$glue.tmp"
if [ "$merged" = true ]; then
  cat "$here/js/runtime.js" >>"$glue.tmp"
  # Node.js 22 is the first with typed function references (V8 12.4).
  engines='"engines": { "node": ">=22" },'
else
  # An unmerged module needs WebAssembly only.
  check="$(sed 's/^const DRAUGHTS_NEEDS_FUNCTION_REFERENCES = true;$/const DRAUGHTS_NEEDS_FUNCTION_REFERENCES = false;/' "$here/js/runtime.js")"
  grep -qx 'const DRAUGHTS_NEEDS_FUNCTION_REFERENCES = false;' <<<"$check" || {
    echo "js/runtime.js lacks its line 'const DRAUGHTS_NEEDS_FUNCTION_REFERENCES = true;'" >&2
    exit 1
  }
  printf '%s\n' "$check" >>"$glue.tmp"
  engines=""
fi
mv "$glue.tmp" "$glue"
cat "$here/js/runtime.d.ts" >>"$out/draughts.d.ts"

version="$(awk -F'"' '/^version =/ { print $2; exit }' "$here/Cargo.toml")"
# The package's metadata from the crate's Cargo.toml (version, license,
# repository when the manifest names one).
field() { awk -F'"' -v k="$1" '$1 ~ "^" k " *= *$" { print $2; exit }' "$here/Cargo.toml"; }
license="$(field license)"
repository="$(field repository)"
repo_json=""
if [ -n "$repository" ]; then
  repo_json="\"repository\": { \"type\": \"git\", \"url\": \"git+$repository.git\", \"directory\": \"bindings/wasm\" },"
else
  echo "note: bindings/wasm/Cargo.toml names no repository: package.json has none" >&2
fi
cat >"$out/package.json" <<EOF
{
  "name": "$pkg_name",
  "version": "$version",
  "description": "Draughts/checkers rules for JavaScript: every variant, legal moves, click input, games with draw rules, FEN/PDN, perft and a computer opponent (WebAssembly)",
  "keywords": ["draughts", "checkers", "dammen", "shashki", "perft", "pdn", "fen", "board-game", "webassembly", "wasm"],
  "license": "$license",
  $repo_json
  "type": "module",
  "main": "draughts.js",
  "module": "draughts.js",
  "types": "draughts.d.ts",
  "exports": {
    ".": { "types": "./draughts.d.ts", "default": "./draughts.js" },
    "./draughts_bg.wasm": "./draughts_bg.wasm"
  },
  "files": ["draughts.js", "draughts.d.ts", "draughts_bg.wasm", "draughts_bg.wasm.d.ts"],
  $engines
  "sideEffects": false
}
EOF
# No line for a missing repository or engines.
sed -i '/^ *$/d' "$out/package.json"
cp "$here/README.md" "$out/README.md"

rm -rf "$root/web/$web_pkg"
cp -r "$out" "$root/web/$web_pkg"
bytes=$(stat -c %s "$out/draughts_bg.wasm")
gz=$(gzip -9 -c "$out/draughts_bg.wasm" | wc -c)
echo "== $out: draughts_bg.wasm $bytes bytes, $gz gzipped (route: $route, profile: $profile)"
