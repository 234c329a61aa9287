#!/usr/bin/env bash
# The per-variant profile of perft from the start position (docs/speed.md,
# "Where the time goes"): for each of the 16 variants, per leaf,
#   - instructions and mispredicted branches under valgrind's callgrind with
#     its branch simulator (conditional + indirect; a model of a predictor,
#     not this CPU's, but the same for every variant and load-free);
#   - CPU nanoseconds and cycles (at the clock /proc/cpuinfo reports) of the
#     same count run natively, best of 3 (cycles from time: virtual machines
#     often have no hardware counters, `perf stat -e cycles` says
#     "not supported" there);
# and, for the positions one ply above the leaves (those perft counts in
# bulk), the leaves each, and the share with a capture, with a capture of two
# or more pieces and of three or more (examples/perft_profile.rs, which walks
# the tree with the library's legal moves).
#
#   bash scripts/perft_profile.sh [target-dir]        # needs valgrind
#   ROWS="frisian 8;international 7" bash scripts/perft_profile.sh
#
# Both example programs are built as scripts/callgrind_table.sh builds its
# own (release profile, `pext`, x86-64-v3: valgrind cannot run AVX-512), so
# the native times are of that build, not of target-cpu=native.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target-callgrind}
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --example perft_leaves \
  --example perft_profile --features pext --target-dir "$dir"
leaves_bin=$dir/release/examples/perft_leaves
profile_bin=$dir/release/examples/perft_profile
mhz=$(awk -F': *' '/^cpu MHz/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
mhz=${mhz:-0}
default_rows="international 7;killer 7;antidraughts 7;breakthrough 7;english 9;italian 9;spanish 9;\
russian 8;brazilian 8;pool 8;czech 8;thai 8;canadian 6;turkish 6 routes;frisian 8;frysk 6"
IFS=';' read -r -a rows <<<"${ROWS:-$default_rows}"
echo "clock: ${mhz} MHz (/proc/cpuinfo); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| start position | leaves | instr/leaf | mispredicted/leaf | ns/leaf | cycles/leaf | leaves per last-ply position | capture | 2+ pieces | 3+ pieces |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for row in "${rows[@]}"; do
  # shellcheck disable=SC2086 # the row is the programs' arguments
  set -- $row
  out=$(valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
    "$leaves_bin" "$@" 2>&1)
  leaves=$(grep -E '^[0-9]+$' <<<"$out" | tail -n 1)
  # "Collected : Ir Bc Bcm Bi Bim"
  read -r ir _ bcm _ bim < <(grep -oE 'Collected : [0-9 ]+' <<<"$out" | sed 's/Collected : //')
  best=
  for _ in 1 2 3; do
    t=$( { TIMEFORMAT='%U %S'; time "$leaves_bin" "$@" >/dev/null; } 2>&1 | tail -n 1)
    s=$(awk '{ printf "%.4f", $1 + $2 }' <<<"$t")
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
  done
  prof=$("$profile_bin" "$@")
  last=$(grep '^last ply:' <<<"$prof")
  each=$(sed -E 's/.* ([0-9.]+) moves each.*/\1/' <<<"$last")
  cap=$(sed -E 's/.*capture ([0-9.]+)%.*/\1/' <<<"$last")
  two=$(sed -E 's/.*of 2\+ pieces ([0-9.]+)%.*/\1/' <<<"$last")
  three=$(sed -E 's/.*of 3\+ pieces ([0-9.]+)%.*/\1/' <<<"$last")
  awk -v name="$1 perft($2)${3:+, $3}" -v n="$leaves" -v ir="$ir" -v m="$((bcm + bim))" \
    -v s="$best" -v mhz="$mhz" -v each="$each" -v cap="$cap" -v two="$two" -v three="$three" \
    'BEGIN { ns = 1e9 * s / n;
             printf "| %s | %d | %.2f | %.3f | %.2f | %.1f | %s | %s%% | %s%% | %s%% |\n",
               name, n, ir / n, m / n, ns, ns * mhz / 1000, each, cap, two, three }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
