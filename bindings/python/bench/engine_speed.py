"""Engine speed from Python against the Rust command line, on the same searches.

    cargo build --release -p draughts-cli
    python bindings/python/bench/engine_speed.py target/release/draughts [REPEATS]

For each start position and depth below, runs `draughts analyse -v VARIANT
--depth N --tt 64` and `Engine(tt_mib=64).search(Game(VARIANT), depth=N)`
(a fresh engine each time) alternately, checks that both searched the same
number of nodes (the same search), and prints each one's nodes/s from the
search's own clock.
"""

import re
import subprocess
import sys

import draughts_rs as d

CASES = [("international", 14), ("english", 16), ("russian", 15)]
CLI = sys.argv[1] if len(sys.argv) > 1 else "target/release/draughts"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def cli(variant, depth):
    out = subprocess.run(
        [CLI, "analyse", "-v", variant, "--depth", str(depth), "--tt", "64"],
        check=True, capture_output=True, text=True,
    ).stdout
    m = re.search(r"^best (\S+) .* nodes (\d+) time (\d+) ms$", out, re.M)
    return m.group(1), int(m.group(2)), int(m.group(3))


def python(variant, depth):
    r = d.Engine(tt_mib=64).search(d.Game(variant), depth=depth)
    return r.best.text, r.nodes, r.time_ms


def mnps(nodes, ms):
    return nodes / max(ms, 1) / 1000


for variant, depth in CASES:
    rows = {"cli": [], "python": []}
    for _ in range(REPEATS):
        for name, f in (("cli", cli), ("python", python)):
            rows[name].append(f(variant, depth))
    nodes = {n for rs in rows.values() for _, n, _ in rs}
    assert len(nodes) == 1, f"{variant}: different searches {rows}"
    (n,) = nodes
    for name, rs in rows.items():
        speeds = sorted(mnps(n, ms) for _, _, ms in rs)
        print(f"{variant:13} depth {depth} {n:>9} nodes  {name:6} "
              f"{speeds[0]:.2f}-{speeds[-1]:.2f} M nodes/s  ({', '.join(str(ms) for _, _, ms in rs)} ms)")
