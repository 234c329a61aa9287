#!/usr/bin/env bash
# The `draughts` command line: its unit and end-to-end tests, including
# perft split -> GNU parallel -> merge (tests/split_parallel.rs), which needs
# GNU parallel: installed here from Debian when missing (CI runs as root on
# a fresh Debian machine).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "-- installing GNU parallel (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends parallel
fi
parallel --version | head -1
# Under CI=true the split test fails (instead of skipping) without parallel.
cargo build --release -p draughts-cli --all-targets
cargo test --release -p draughts-cli
# The README's main command, as a user types it.
cargo run --release -p draughts-cli -- perft --variant international --depth 6
