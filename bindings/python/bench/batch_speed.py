"""Batch analysis throughput: the evaluation curve of a folder of PDN games.

    python bindings/python/bench/batch_speed.py FOLDER VARIANT [DEPTH]

Reads every .pdn file under FOLDER (games that do not replay are skipped),
then scores every position of every game with `analyse_many(...,
every_ply=True)` on 1 and 2 threads, alternating, and prints positions/s
(wall clock) and whether both runs gave the same scores.
"""

import pathlib
import sys
import time

import draughts_rs as d

folder, variant = pathlib.Path(sys.argv[1]), sys.argv[2]
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 6
games = []
for path in sorted(folder.rglob("*.pdn")):
    text = path.read_text(encoding="utf-8", errors="replace")
    games += [g for g in d.read_pdn(text, variant, errors="skip")]
positions = sum(len(g) + 1 for g in games)
print(f"{len(games)} games, {positions} positions, depth {depth}")
runs = {}
for threads in [1, 2, 1, 2]:
    start = time.perf_counter()
    r = d.analyse_many(games, depth=depth, threads=threads, every_ply=True)
    took = time.perf_counter() - start
    runs.setdefault(threads, []).append((took, r))
    print(f"threads={threads}: {took:.2f} s, {len(r['ply']) / took:,.0f} positions/s, "
          f"{r['nodes'].sum() / took:,.0f} nodes/s")
same = runs[1][0][1]["score"].tolist() == runs[2][0][1]["score"].tolist()
print("same scores on 1 and 2 threads:", same)
