"""Speed of the same work in draughts_rs, pydraughts and py-draughts.

Run it in an environment with one of them installed (they all use the
import name `draughts` except draughts_rs, so pydraughts and py-draughts need
separate environments):

    python bench/compare.py draughts_rs   # this package
    python bench/compare.py pydraughts    # pip install pydraughts
    python bench/compare.py py-draughts   # pip install py-draughts

Prints, for the International start position:
  * perft(DEPTH) nodes/s: draughts_rs's native `Board.perft`, and for every
    library a perft written in Python over legal_moves/push/pop;
  * the cost of one `legal_moves` + `push` + `pop` step in microseconds, on
    the positions of seeded random games (same positions for every library
    that reads the same move texts).
"""

import random
import sys
import time

LIB = sys.argv[1] if len(sys.argv) > 1 else "draughts_rs"
DEPTH = int(sys.argv[2]) if len(sys.argv) > 2 else 4
GAMES = int(sys.argv[3]) if len(sys.argv) > 3 else 20


def best(f, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = f()
        times.append(time.perf_counter() - t)
    return r, min(times)


if LIB == "draughts_rs":
    import draughts_rs as d

    def new():
        return d.Game("international")

    def moves(g):
        return g.legal_moves()

    push = lambda g, m: g.push(m)
    pop = lambda g: g.pop()

elif LIB == "pydraughts":
    from draughts import Board

    def new():
        return Board(variant="standard")

    def moves(g):
        return g.legal_moves()

    push = lambda g, m: g.push(m)
    pop = lambda g: g.pop()

elif LIB == "py-draughts":
    import draughts

    def new():
        return draughts.StandardBoard()

    def moves(g):
        return list(g.legal_moves)

    push = lambda g, m: g.push(m)
    pop = lambda g: g.pop()

else:
    raise SystemExit(f"unknown library {LIB}")


def py_perft(g, depth):
    if depth == 0:
        return 1
    ms = moves(g)
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        push(g, m)
        n += py_perft(g, depth - 1)
        pop(g)
    return n


nodes, t = best(lambda: py_perft(new(), DEPTH), repeat=1 if DEPTH > 4 else 3)
print(f"{LIB}: perft({DEPTH}) in Python over legal_moves/push/pop = {nodes} nodes, {t:.3f} s, {nodes / t / 1e6:.3f} M nodes/s")
if LIB == "draughts_rs":
    b = d.Board("international")
    for depth in (DEPTH, 9):
        n, t = best(lambda: b.perft(depth))
        print(f"{LIB}: Board.perft({depth}) = {n} nodes, {t:.3f} s, {n / t / 1e6:.1f} M nodes/s")

# One step: legal_moves + push + pop, on positions from seeded random games
# (the best of three passes over the same positions).
def steps_pass():
    rng = random.Random(1)
    steps = 0
    total = 0.0
    for game in range(GAMES):
        g = new()
        for ply in range(60):
            t = time.perf_counter()
            ms = moves(g)
            if not ms:
                break
            push(g, ms[0])
            pop(g)
            total += time.perf_counter() - t
            steps += 1
            push(g, rng.choice(ms))
    return total, steps


(total, steps) = min(steps_pass() for _ in range(3 if GAMES > 2 else 1))
print(f"{LIB}: legal_moves + push + pop: {total / steps * 1e6:.1f} us per step over {steps} positions")
