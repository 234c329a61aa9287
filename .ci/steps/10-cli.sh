#!/usr/bin/env bash
# The `draughts` command line: its own tests (unit and end-to-end).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo test --release -p draughts-cli
