#!/usr/bin/env bash
# Endgame databases: `draughts egdb build` then `draughts egdb verify` (every
# stored value re-derived from its successors) for every variant, into a
# temporary directory removed at the end: 4 pieces on the diagonal 8x8
# boards (about 15 million positions each), 3 on Turkish's 64 squares, the
# 10x10 and 12x12 boards (their 4 pieces are 100 to 300 million positions:
# too long for CI on 2 cores; docs/egdb.md has the times). The library's own
# tests (tests/egdb.rs) check the values against a second solver.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p draughts-cli
bin=target/release/draughts
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
start=$SECONDS
while read -r variant pieces; do
  [ -n "$variant" ] || continue
  t=$SECONDS
  "$bin" egdb build --variant "$variant" --pieces "$pieces" --out "$out/$variant" --threads 2 2>"$out/$variant.log" \
    || { cat "$out/$variant.log" >&2; exit 1; }
  result=$("$bin" egdb verify --variant "$variant" --dir "$out/$variant")
  echo "$variant, $pieces pieces: built and verified in $((SECONDS - t)) s ($result)"
  rm -rf "${out:?}/$variant"
done <<'LIST'
english 4
italian 4
spanish 4
russian 4
brazilian 4
pool 4
czech 4
thai 4
antidraughts 4
breakthrough 4
turkish 3
international 3
killer 3
frisian 3
frysk 3
canadian 3
LIST
echo "== egdb: all variants in $((SECONDS - start)) s"
