"""Draw-rule differential run: this crate against pydraughts (never run by CI).

Reads the JSON lines written by `cargo run --release --example draw_games`,
replays every game in pydraughts (installed from PyPI in a scratch virtual
environment, never a dependency of this repository) and compares where each
implementation ends the game and how. Prints one line per difference class
with a count and an example, and a summary per variant.

    python draws_vs_pydraughts.py games.jsonl [--examples N]
"""

import collections
import json
import sys

from draughts import Board

WHITE, BLACK = 2, 1


def material_class(sig):
    """'W2k1m B1k0m' -> '2K+1M v K' (White first), with 'road' marks."""
    parts = []
    for side in sig.split():
        body = side[1:]
        road = body.endswith("r")
        body = body.rstrip("r")
        k, m = body.split("k")
        k, m = int(k), int(m[:-1])
        items = []
        if k:
            items.append(f"{k}K")
        if m:
            items.append(f"{m}M")
        parts.append("+".join(items) or "0" + (" on road" if road else ""))
        if road:
            parts[-1] += "(road)"
    return " v ".join(parts)


def py_move(board, mv):
    frm, to, caps = mv
    caps = sorted(caps)
    for m in board.legal_moves():
        steps = m.steps_move
        mcaps = sorted(c for c in (m.captures or []) if c is not None)
        if steps[0] == frm and steps[-1] == to and mcaps == caps:
            return m
    return None


def replay(game, stop):
    """First ply on which pydraughts ends the game, its result, and a note
    (looking no further than ply `stop`)."""
    board = Board(game["v"], game["fen"])
    for ply, mv in enumerate(game["moves"][:stop]):
        if board.is_over():
            return ply, board.winner(), None
        m = py_move(board, mv)
        if m is None:
            return ply, None, f"move {mv} not legal in pydraughts"
        board.push(m)
    ply = min(len(game["moves"]), stop)
    if board.is_over():
        return ply, board.winner(), None
    return None, None, None


def ours(game):
    """First ply on which this crate ends the game (draws applied at once)."""
    d, w = game["draw_ply"], game["win_ply"]
    if d is not None and (w is None or d <= w):
        # A win on the same ply comes first (the rules check it first).
        if w is not None and w == d:
            return w, "win " + game["winner"]
        return d, "draw " + game["draw_reason"]
    if w is not None:
        return w, "win " + game["winner"]
    return None, None


LOOK_AHEAD = 60


def main():
    path = sys.argv[1]
    examples = 2
    if "--examples" in sys.argv:
        examples = int(sys.argv[sys.argv.index("--examples") + 1])
    classes = collections.defaultdict(list)
    per_variant = collections.Counter()
    agree = collections.Counter()
    with open(path) as f:
        games = [json.loads(line) for line in f]
    for game in games:
        v = game["v"]
        per_variant[v] += 1
        our_ply, our_res = ours(game)
        stop = (our_ply if our_ply is not None else len(game["moves"])) + LOOK_AHEAD
        py_ply, py_win, note = replay(game, stop)
        if note:
            classes[(v, "replay failure: " + note, "", "")].append((game, our_ply, py_ply))
            continue
        py_res = None
        if py_ply is not None:
            py_res = "draw" if py_win == 0 else "win " + ("White" if py_win == WHITE else "Black")
        if our_ply == py_ply and (our_res == py_res or (py_res == "draw" and our_res.startswith("draw"))):
            agree[v] += 1
            continue
        if py_ply is None or (our_ply is not None and our_ply < py_ply):
            first = "we end first"
            delta = f"+{py_ply - our_ply}" if py_ply is not None else f">{stop - our_ply}"
        elif our_ply is None or py_ply < our_ply:
            first = "pydraughts ends first"
            delta = f"+{our_ply - py_ply}" if our_ply is not None else "never"
        else:
            first, delta = "same ply", "0"
        at = min(p for p in (our_ply, py_ply, len(game["moves"])) if p is not None)
        key = (v, first, our_res or "plays on", py_res or "plays on")
        classes[key].append((game, our_ply, py_ply, delta, material_class(game["material"][at])))
    print(f"games: {len(games)}")
    for v in per_variant:
        print(f"  {v}: {per_variant[v]} games, {agree[v]} agree, {per_variant[v] - agree[v]} differ")
    print(f"difference classes: {len(classes)}")
    for key, items in sorted(classes.items()):
        v, first, o, p = key
        deltas = collections.Counter(i[3] for i in items if len(i) > 3)
        mats = collections.Counter(i[4] for i in items if len(i) > 4)
        print(f"[{v}] {first}: ours {o} / pydraughts {p} x{len(items)}")
        print(f"    plies later: {dict(deltas.most_common(6))}")
        print(f"    material at the first end: {dict(mats.most_common(6))}")
        for item in items[:examples]:
            game, op, pp = item[0], item[1], item[2]
            print(f"    e.g. {game['fen']} ours={op} pydraughts={pp}")


if __name__ == "__main__":
    main()
