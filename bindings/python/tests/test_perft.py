"""Perft from Python against the published counts in tests/data/reference.tsv
(the table the Rust tests use), and divide against perft."""

import pytest

import draughts_rs as d
from conftest import DATA

# Rows up to this many nodes run here (the rest are the Rust suite's).
LIMIT = 3_000_000


def rows():
    lines = (DATA / "reference.tsv").read_text().splitlines()
    out = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        variant, mode, fen, depth, nodes = line.split("\t")[:5]
        if variant not in d.variants() or int(nodes) > LIMIT:
            continue
        out.append(pytest.param(variant, mode, fen, int(depth), int(nodes), id=f"line{n}-{variant}-{mode}-d{depth}"))
    return out


ROWS = rows()


def test_table_is_read():
    # Every variant of the table that the module knows has rows run here.
    table = {line.split("\t")[0] for line in (DATA / "reference.tsv").read_text().splitlines()[1:] if line}
    assert {p.values[0] for p in ROWS} == table & set(d.variants())
    assert len(ROWS) > 150


@pytest.mark.parametrize("variant,mode,fen,depth,nodes", ROWS)
def test_perft_reference(variant, mode, fen, depth, nodes):
    board = d.Board(variant) if fen == "initial" else d.Board(variant, fen)
    assert board.perft(depth, routes=(mode == "routes")) == nodes


@pytest.mark.parametrize("variant", d.variants())
def test_divide_sums_to_perft(variant):
    board = d.Board(variant)
    for routes in (False, True):
        div = board.divide(3, routes=routes)
        assert sum(div.values()) == board.perft(3, routes=routes)
        assert sorted(div) == sorted(m.text for m in board.legal_moves(routes=routes))


def test_parallel_perft_matches():
    board = d.Board("international")
    assert board.perft(5, threads=2) == board.perft(5)
    assert board.perft(4, routes=True, threads=3) == board.perft(4, routes=True)


# Rows deep enough that perft is counted by root moves in the binding (over
# subtrees of depth 4, or of depth 7 with threads) rather than in one call.
DEEP = [p for p in ROWS if p.values[3] >= 8]


def test_deep_rows_exist():
    assert len(DEEP) >= 3 and any(p.values[3] >= 9 for p in DEEP)


@pytest.mark.parametrize("variant,mode,fen,depth,nodes", DEEP)
def test_deep_perft_with_threads_and_divide(variant, mode, fen, depth, nodes):
    board = d.Board(variant) if fen == "initial" else d.Board(variant, fen)
    routes = mode == "routes"
    assert board.perft(depth, routes=routes, threads=2) == nodes
    assert sum(board.divide(depth, routes=routes).values()) == nodes


def test_perft_depth_zero_and_one():
    board = d.Board("english")
    assert board.perft(0) == 1
    assert board.perft(1) == board.count_moves() == len(board.legal_moves()) == 7
