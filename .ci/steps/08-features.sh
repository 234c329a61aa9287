#!/usr/bin/env bash
# The library's layers as features (Cargo.toml, docs/layout.md): the rules
# core alone builds, lints and passes its tests with `--no-default-features`
# (what a rules-only dependent compiles), and each layer feature builds on
# its own. Needs nothing but cargo.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

echo "== cargo clippy -p draughts --lib --no-default-features ($((SECONDS - start)) s so far)"
cargo clippy -p draughts --lib --no-default-features -- -D warnings

# The unit tests, and the integration tests that use the core alone (the
# others use the run-time face, the engine or the pictures).
echo "== cargo test --release -p draughts --no-default-features ($((SECONDS - start)) s so far)"
cargo test --release -p draughts --no-default-features --lib --test core_suite

for feature in egdb dxp engine dynamic svg ballots room serde arbitrary; do
  echo "== cargo check -p draughts --lib --no-default-features --features $feature ($((SECONDS - start)) s so far)"
  cargo check -p draughts --lib --no-default-features --features "$feature"
done
