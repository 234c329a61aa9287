#!/usr/bin/env bash
# Endgame databases: `draughts egdb build` then `draughts egdb verify` (every
# stored value re-derived from its successors) for every variant, into a
# temporary directory removed at the end: 4 pieces for the eight 8x8
# variants (about 15 million positions each, a few seconds apiece on 2
# cores), 3 for Turkish, the six 10x10 variants and Canadian (their 4 pieces are 98
# to 450 million positions, 1 to 8 minutes of CPU each to build and as
# much to verify: all of them would take CI past its time budget;
# docs/egdb.md has the times). The library's own tests (tests/egdb.rs)
# check the values against a second solver.
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
antidraughts 3
breakthrough 3
turkish 3
international 3
killer 3
frisian 3
frysk 3
canadian 3
LIST
echo "== egdb: all variants in $((SECONDS - start)) s"
