#!/usr/bin/env bash
# The root package's heavy tests: the ones `#[ignore]`d with a reason
# naming this script, so that the README's quick `cargo test --release`
# stays quick. They test the engine's strength, not the rules: every rule
# stays covered by the quick command. Run from anywhere:
#
#   bash .ci/heavy.sh
#
# (.ci/run calls it after the quick command, with the same build settings,
# so nothing is compiled again.)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
# `hard` finds the known winning shots of tests/data/tactics.tsv (about 45 s).
cargo test --release --test full_suite -- --ignored engine_tactics::
cargo test --release --test full_suite -- --ignored egdb::frisian_tables_apply_the_king_move_limit_everywhere
echo "== heavy tests done in $((SECONDS - start)) s"
