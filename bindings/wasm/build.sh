#!/usr/bin/env bash
# Builds the WebAssembly package: bindings/wasm/pkg/ (an npm package: the
# .wasm, the ES-module glue and its TypeScript definitions), and copies it
# to web/pkg/ for the page.
#
# Two routes to a wasm32-unknown-unknown build:
# 1. rustup with the target installed (`rustup target add wasm32-unknown-unknown`):
#    plain `cargo build --target wasm32-unknown-unknown --release`.
# 2. Otherwise (machines whose rustup can't download the target), Debian's
#    rustc-web, cargo-web, rust-web-src and lld packages: their /usr/bin/cargo
#    and /usr/bin/rustc build the standard library from source,
#    `RUSTC_BOOTSTRAP=1 cargo build -Zbuild-std=std,panic_abort`.
#    `DRAUGHTS_WASM_ROUTE=debian` forces this route, `=rustup` the other.
#
# Either way the repository's `target-cpu=native` (.cargo/config.toml) must
# not reach the wasm build: RUSTFLAGS set here overrides it.
#
# wasm-bindgen-cli must be installed at the version of the wasm-bindgen
# crate in Cargo.lock (`cargo install wasm-bindgen-cli --version X`); the
# script says which version when it is missing. Nothing else is needed.
#
# The release build uses the root Cargo.toml's `wasm-release` profile
# (opt-level "s", fat LTO, one codegen unit); `--dev` the dev profile.
#
# Usage: bindings/wasm/build.sh [--dev]   (--dev: debug build, faster)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

profile=release
[ "${1:-}" = "--dev" ] && profile=dev
target=wasm32-unknown-unknown
target_dir="$root/target/wasm"
out="$here/pkg"

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
case "$route" in
  rustup)
    echo "== wasm build: rustup target $target"
    cargo "${args[@]}"
    ;;
  debian)
    echo "== wasm build: Debian rustc-web with -Zbuild-std (rustup has no $target)"
    for tool in /usr/bin/cargo /usr/bin/rustc; do
      [ -x "$tool" ] || {
        echo "$tool missing: apt-get install rustc-web cargo-web rust-web-src lld" >&2
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

# No wasm-opt: Debian 12's binaryen (108) makes the module unloadable
# (wasm-bindgen's externref table: "Table.set(): Argument 1 is invalid"),
# and where it ran -Oz gave a larger gzip (319 KB against 296 KB). binaryen
# 132 (npm) loads it fine but also grows the gzip (-Os 318,871 B, -Oz 320,012 B
# from 296,002 B) and takes 4-5 minutes: see README.md.

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
  "name": "draughts-wasm",
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
  "sideEffects": false
}
EOF
# No line for a missing repository.
sed -i '/^ *$/d' "$out/package.json"
cp "$here/README.md" "$out/README.md"

rm -rf "$root/web/pkg"
cp -r "$out" "$root/web/pkg"
bytes=$(stat -c %s "$out/draughts_bg.wasm")
gz=$(gzip -9 -c "$out/draughts_bg.wasm" | wc -c)
echo "== $out: draughts_bg.wasm $bytes bytes, $gz gzipped (route: $route, profile: $profile)"
