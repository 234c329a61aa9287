#!/usr/bin/env bash
# Instructions per leaf of perft from the start position, all 16 variants,
# under valgrind's callgrind (docs/speed.md). Instruction counts do not depend
# on the machine's load, so this compares two versions of the move generator
# on a busy machine. Needs valgrind (apt-get install valgrind).
#
#   bash scripts/callgrind_table.sh [target-dir]
#
# The program (examples/perft_leaves.rs) is built with the release profile
# and the `pext` feature for x86-64-v3 (AVX2, BMI2: the PEXT path of a native
# build on most x86-64 machines) rather than target-cpu=native: valgrind
# cannot run AVX-512 instructions. Its own target directory (default
# target-callgrind) keeps these flags out of the usual one. Each row prints
# the leaves, the instructions (startup included, a few hundred thousand) and
# their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target-callgrind}
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --example perft_leaves \
  --features pext --target-dir "$dir"
bin=$dir/release/examples/perft_leaves
printf '| start position | leaves | instructions | per leaf |\n|---|---|---|---|\n'
for row in "international 7" "killer 7" "antidraughts 7" "breakthrough 7" \
  "english 9" "italian 9" "spanish 9" "russian 8" "brazilian 8" "pool 8" \
  "czech 8" "thai 8" "canadian 6" "turkish 6 routes" "frisian 8" "frysk 6"; do
  # shellcheck disable=SC2086 # the row is the program's arguments
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" $row 2>&1)
  leaves=$(grep -E '^[0-9]+$' <<<"$out" | tail -n 1)
  ir=$(grep -oE 'Collected : [0-9]+' <<<"$out" | grep -oE '[0-9]+$')
  set -- $row
  printf '| %s perft(%s)%s | %s | %s | %s |\n' "$1" "$2" "${3:+, $3}" "$leaves" "$ir" \
    "$(awk -v i="$ir" -v n="$leaves" 'BEGIN { printf "%.2f", i / n }')"
done
