#!/usr/bin/env bash
# Play with someone in the browser: draughts-server (the release binary
# the server's step 50-server.sh built) serves the page on a free port with
# a temporary SQLite file, and web/tests/room.test.mjs plays by link in headless Chromium: two players,
# a spectator, a rematch, the three views in each language, a whole game
# on the board to its end, a seat resumed from a player's own link. It runs after
# 40-web.sh, whose package build (web/pkg), Chromium and npm packages it
# uses; each is installed or built here when missing, so the step also
# runs alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

if ! command -v chromium >/dev/null; then
  echo "== apt-get install chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
[ -f web/pkg/draughts_bg.wasm ] || DRAUGHTS_WASM_ROUTE=debian bash bindings/wasm/build.sh
[ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund --loglevel=error)

# The binary as 50-server.sh's `cargo test --release -p draughts-server`
# built it (its integration tests run the real binary, built with the
# release profile and the test build's features): after that step this is a
# no-op, where a plain `cargo build` could rebuild dependencies whose
# features the dev-dependencies change.
echo "== cargo test --release -p draughts-server --no-run ($((SECONDS - start)) s so far)"
cargo test --release -p draughts-server --no-run --quiet
target_dir="${CARGO_TARGET_DIR:-target}"
export DRAUGHTS_SERVER="$PWD/$target_dir/release/draughts-server"
case "$target_dir" in /*) DRAUGHTS_SERVER="$target_dir/release/draughts-server" ;; esac

echo "== the page by link in headless Chromium ($((SECONDS - start)) s so far)"
node --test web/tests/room.test.mjs
echo "== web room step done in $((SECONDS - start)) s"
