#!/usr/bin/env bash
# Perft against the peers (Scan 3.1, DCTL, kish), CPU time side by side: the
# table in docs/perft.md (Against other programs). Build the peers first as
# ../shared/peers/README.md says (outside this repository), then:
#
#   cargo build --release -p draughts-cli   # CARGO_TARGET_DIR is honoured
#   PEERS=/path/to/peers SHARED=/path/to/shared bash benches/peers.sh
#
# PEERS holds scan/perft/scan_perft, dctl/dctl_perft and
# kish-perft/target/release/kish-perft; SHARED/peers/cpuratio.py runs each
# pair alternately and prints peer/ours (`b/a`) from the medians of RUNS runs.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PEERS:?set PEERS to the folder with the built peers}"
: "${SHARED:=../shared}"
RUNS=${RUNS:-3}
ours=${CARGO_TARGET_DIR:-target}/release/draughts
scan=$PEERS/scan/perft/scan_perft
dctl=$PEERS/dctl/dctl_perft
kish=$PEERS/kish-perft/target/release/kish-perft
for tool in "$ours" "$scan" "$dctl" "$kish" "$SHARED/peers/cpuratio.py"; do
  [ -e "$tool" ] || { echo "missing: $tool" >&2; exit 1; }
done
row() { python3 "$SHARED/peers/cpuratio.py" --runs "$RUNS" --label "$1" --a "$2" --b "$3"; }
p() { echo "$ours perft -v $1 -d $2 --only --no-progress ${3:-}"; }
row "international d11 vs scan" "$(p international 11)" "$scan normal =11 1 bulk"
row "international d11 vs dctl" "$(p international 11)" "$dctl international =11 bulk unique"
row "frisian d10 vs scan" "$(p frisian 10)" "$scan frisian =10 1 bulk"
row "frisian d10 vs dctl" "$(p frisian 10)" "$dctl frisian =10 bulk unique"
row "killer d10 vs scan" "$(p killer 10)" "$scan killer =10 1 bulk"
row "killer d10 vs dctl" "$(p killer 10)" "$dctl killer =10 bulk unique"
row "breakthrough d10 vs scan" "$(p breakthrough 10)" "$scan bt =10 1 bulk"
row "antidraughts d10 vs scan" "$(p antidraughts 10)" "$scan losing =10 1 bulk"
row "english d12 vs dctl" "$(p english 12)" "$dctl checkers =12 bulk unique"
row "russian d12 vs dctl" "$(p russian 12)" "$dctl russian =12 bulk unique"
row "brazilian d12 vs dctl" "$(p brazilian 12)" "$dctl brazilian =12 bulk unique"
row "turkish d9 routes vs kish" "$(p turkish 9 --routes)" "$kish seq =9 999"
