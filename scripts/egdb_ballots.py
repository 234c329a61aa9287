#!/usr/bin/env python3
"""Ballots of won endings from an endgame database: random positions of one
material balance that the tables say the side to move wins, for matches that
measure whether the engine converts them (docs/egdb-probing.md).

Usage (python3 standard library only; needs a built `draughts` and a
directory of tables from `draughts egdb build`):

    python3 scripts/egdb_ballots.py --draughts target/release/draughts \\
        --variant russian --dir egdb/russian --white K2 --black K1 \\
        --count 40 --min-distance 15 --seed 7 > ballot.txt

--white / --black give each side's pieces: `K` a king, `M` a man, with a
count (`K1M2` is a king and two men). Positions are drawn at random (every
piece on a free playing square, men never on their promotion row), White to
move; one is kept when the side to move has no capture, the tables say
`win` and the distance is at least --min-distance plies. The first lines of
the output say how it was made.
"""
import argparse
import random
import re
import subprocess
import sys

BOARDS = {
    # variant: (width, height, numbering)
    "russian": (8, 8, "algebraic"),
    "brazilian": (8, 8, "algebraic"),
    "international": (10, 10, "numeric"),
    "killer": (10, 10, "numeric"),
}


def squares(width, height):
    """The playing squares as (number, row from White's side, name)."""
    out = []
    n = 0
    for row_top in range(height):  # row 0 at Black's side (numbering starts there)
        for col in range(width):
            row = height - 1 - row_top  # 0 = White's back row
            if (row + col) % 2 == 0:  # a1 (col 0, row 0) is a playing square
                n += 1
                out.append((n, row, "abcdefghij"[col] + str(row + 1)))
    return out


def parse_side(text):
    kinds = dict(re.findall(r"([KM])(\d+)", text))
    return int(kinds.get("K", 0)), int(kinds.get("M", 0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draughts", required=True)
    ap.add_argument("--variant", required=True, choices=sorted(BOARDS))
    ap.add_argument("--dir", required=True)
    ap.add_argument("--white", required=True)
    ap.add_argument("--black", required=True)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--min-distance", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    width, height, numbering = BOARDS[a.variant]
    sq = squares(width, height)
    rng = random.Random(a.seed)
    wk, wm = parse_side(a.white)
    bk, bm = parse_side(a.black)

    def name(s):
        return s[2] if numbering == "algebraic" else str(s[0])

    def draw_fen():
        free = sq[:]
        rng.shuffle(free)
        white_men = [s for s in free if s[1] != height - 1][:wm]
        free = [s for s in free if s not in white_men]
        black_men = [s for s in free if s[1] != 0][:bm]
        free = [s for s in free if s not in black_men]
        white_kings, black_kings = free[:wk], free[wk : wk + bk]
        white = ["K" + name(s) for s in white_kings] + [name(s) for s in white_men]
        black = ["K" + name(s) for s in black_kings] + [name(s) for s in black_men]
        return "W:W" + ",".join(white) + ":B" + ",".join(black)

    # Candidates go to one `egdb probe --fen -` call a batch (a process
    # per position would load the slices again each time).
    kept, tried = [], 0
    while len(kept) < a.count and tried < 200 * a.count:
        batch = [draw_fen() for _ in range(min(500, 200 * a.count - tried))]
        tried += len(batch)
        out = subprocess.run(
            [a.draughts, "egdb", "probe", "-v", a.variant, "--dir", a.dir, "--fen", "-"],
            input="\n".join(batch) + "\n",
            capture_output=True,
            text=True,
        )
        lines = out.stdout.splitlines()
        if out.returncode != 0 or len(lines) != len(batch):
            bad = [f"{f}: {l}" for f, l in zip(batch, lines) if l.startswith("error")]
            sys.exit(f"probe failed: {(bad or [out.stderr.strip()])[0]}")
        for fen, line in zip(batch, lines):
            words = line.split()
            value, distance, best = words[0], int(words[1]), words[2:]
            if any("x" in m for m in best) or value != "win" or distance < a.min_distance:
                continue
            if fen not in kept and len(kept) < a.count:
                kept.append(fen)
    print(
        f"# {a.variant}: White {a.white} against Black {a.black}, White to move and winning by the\n"
        f"# tables in at least {a.min_distance} plies, no capture to make; random positions, seed {a.seed}\n"
        f"# ({len(kept)} kept of {tried} drawn). Made with scripts/egdb_ballots.py; each is played\n"
        f"# with both colours by `draughts match --ballots FILE`: does the winning side convert?"
    )
    for fen in kept:
        print(fen)


if __name__ == "__main__":
    main()
