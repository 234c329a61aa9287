#!/usr/bin/env python3
"""Whole games of `draughts hub` driven by pydraughts, the independent
Python client that lidraughts bots and GUIs use for Hub engines.

For every variant pydraughts supports, three games run through
pydraughts' own `HubEngine` (its `set-param`, `pos`, `level` and `go`
lines, its parsing of `done move=... ponder=...`) and its own `Board`:

  * the hub against itself (two engine processes, so each colour is played
    by a hub that only sees pydraughts' position and moves);
  * the hub moving first against a random mover (seeded);
  * a random mover moving first against the hub.

Every move and ponder move the hub answers must be one of the legal moves
of pydraughts' board (pydraughts looks each one up among them and fails
otherwise); a game runs to its end by pydraughts' rules or to a ply cap.
Any broken game makes the script exit with status 1 after the summary.

Usage: pydraughts_hub.py PATH/TO/draughts [--nodes N] [--cap PLIES]
"""
import argparse
import random
import signal
import sys
import time

import draughts
from draughts.engine import HubEngine, Limit

# pydraughts' variant names (Board(variant=...)), each sent as pydraughts
# sends it: `set-param name=variant value=<name>`.
VARIANTS = [
    "standard",
    "english",
    "italian",
    "russian",
    "brazilian",
    "turkish",
    "frisian",
    "frysk!",
    "antidraughts",
    "breakthrough",
]

# Seconds one game may take before it counts as hung.
GAME_SECONDS = 120


class Hung(Exception):
    pass


def on_alarm(signum, frame):
    raise Hung(f"no answer within {GAME_SECONDS} s")


def start_engine(binary, variant, seed):
    engine = HubEngine([binary, "hub"])
    if "variant" not in engine.options or not engine.variants:
        raise RuntimeError(f"the handshake lists no variant parameter: {engine.options}")
    engine.setoption("variant", variant)
    engine.setoption("seed", seed)
    engine.setoption("tt-size", 4)
    engine.init()
    return engine


def stop_engine(engine):
    try:
        engine.quit()
        engine.p.wait(timeout=10)
    except Exception:
        engine.kill_process()
    for pipe in (engine.p.stdin, engine.p.stdout):
        try:
            pipe.close()
        except Exception:
            pass


def result_text(board):
    winner = board.winner()
    if winner is None:
        return "cap"
    return {draughts.WHITE: "white", draughts.BLACK: "black", 0: "draw"}[winner]


def play_game(binary, variant, seats, nodes, cap, seed):
    """One game; `seats` names who moves first and second: "hub" or
    "random". Returns (result, plies); raises on any broken move."""
    rng = random.Random(seed)
    board = draughts.Board(variant=variant)
    engines = {}
    try:
        for i, seat in enumerate(seats):
            if seat == "hub":
                engines[i] = start_engine(binary, variant, seed + i)
        while not board.is_over() and len(board.move_stack) < cap:
            side = len(board.move_stack) % 2
            legal = board.legal_moves()
            if not legal:
                raise RuntimeError("pydraughts has no legal move but calls the game on")
            if side in engines:
                try:
                    result = engines[side].play(board, Limit(nodes=nodes), ponder=False)
                except (KeyError, IndexError, ValueError) as e:
                    hub_moves = " ".join(m.hub_move for m in board.move_stack)
                    raise RuntimeError(
                        f"the hub's answer is not a legal move for pydraughts ({e!r}); "
                        f"pos={board._game.initial_hub_fen} moves=\"{hub_moves}\""
                    ) from e
                move = result.move
                if move is None or move.board_move not in [m.board_move for m in legal]:
                    raise RuntimeError(f"the hub's move {move and move.hub_move} is not legal")
            else:
                move = rng.choice(legal)
            board.push(move)
        return result_text(board), len(board.move_stack)
    finally:
        for engine in engines.values():
            stop_engine(engine)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the draughts command (target/release/draughts)")
    parser.add_argument("--nodes", type=int, default=1500, help="the hub's node budget per move")
    parser.add_argument("--cap", type=int, default=160, help="plies before a game is stopped")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, on_alarm)
    print(f"pydraughts {getattr(draughts, '__version__', '?')} against {args.binary} hub, "
          f"{args.nodes} nodes a move, at most {args.cap} plies")
    games = [("hub", "hub"), ("hub", "random"), ("random", "hub")]
    passed = failed = 0
    began = time.monotonic()
    for n, variant in enumerate(VARIANTS):
        for k, seats in enumerate(games):
            name = f"{variant:13} {seats[0]:>6} - {seats[1]:<6}"
            started = time.monotonic()
            signal.alarm(GAME_SECONDS)
            try:
                result, plies = play_game(args.binary, variant, seats, args.nodes, args.cap,
                                          seed=1000 * n + 10 * k + 1)
                signal.alarm(0)
                passed += 1
                print(f"ok    {name} {result:5} after {plies:3} plies "
                      f"({time.monotonic() - started:.1f} s)", flush=True)
            except Exception as e:
                signal.alarm(0)
                failed += 1
                print(f"FAIL  {name} {type(e).__name__}: {e}", flush=True)
    print(f"{len(VARIANTS)} variants in {time.monotonic() - began:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
