"""The Python API: construction, moves, games, outcomes and draws, PDN,
click input, the NumPy encoding, repr/str, equality, hashing and pickling."""

import copy
import doctest
import pickle
from importlib import resources

import numpy as np
import pytest

import draughts_rs as d


def test_variants_and_start_positions():
    names = d.variants()
    assert "international" in names and "english" in names and len(names) == len(set(names))
    for v in names:
        b = d.Board(v)
        assert b.variant == v and d.Board(v.upper()).variant == v
        assert b.num_squares * (1 if v == "turkish" else 2) == b.width * b.height
        assert b.fen == d.Board(v, b.fen).fen


def test_moves_have_text_path_and_captured():
    b = d.Board("international", "W:W28:B23,13")
    (m,) = b.legal_moves()
    assert (m.text, m.from_square, m.path, m.captured, m.to_square) == ("28x19x8", 28, [19, 8], [23, 13], 8)  # captured in capture order
    assert m.is_capture and not m.promotes and m.variant == "international"
    assert m.jumps == [(28, 19, 23), (19, 8, 13)]  # (from, to, captured)
    assert b.move_text(m) == "28x8" and str(m) == "28x19x8" and repr(m) == "Move('28x19x8')"
    after = b.play("28x8")
    assert after.fen == "B:W8:B" and after == b.play(m)
    assert after.is_game_over()


def test_algebraic_variants_name_squares():
    b = d.Board("russian", "W:Wh6:Bg7,c5,d2")
    (m,) = b.legal_moves()
    assert m.text == "h6xf8xb4xe1"
    assert [b.square_name(s) for s in m.path] == ["f8", "b4", "e1"]
    assert b.parse_square("c3") == 22 and b.square_name(22) == "c3"
    assert b.play("h6:e1") == b.play(m)


def test_routes_are_their_own_moves():
    b = d.Board("international", "W:W38:B32,22,23,33")
    distinct, routes = b.legal_moves(), b.legal_moves(routes=True)
    assert len(routes) > len(distinct)
    assert b.count_moves(routes=True) == len(routes)
    g = d.Game.from_board(b)
    for r in routes:
        g.push(r)
        assert g.moves == [r]
        g.pop()


def test_pieces_and_piece_at():
    b = d.Board("english", "B:WK3,30:B10,K31")
    assert b.piece_at(3) == "W" and b.piece_at(30) == "w" and b.piece_at(10) == "b" and b.piece_at(31) == "B"
    assert b.piece_at(1) is None
    assert b.pieces("white") == [3, 30] and b.pieces("black", "king") == [31] and b.pieces("b", "man") == [10]
    assert b.turn == "black"


def test_game_push_pop_and_outcome():
    g = d.Game("english")
    assert g.push("11-15") == d.Board("english").parse_move("11-15")
    m = g.legal_moves()[0]
    assert g.push(m) == m and len(g) == 2 and g.moves[1] == m
    assert g.pop() == m and len(g) == 1
    assert g.outcome is None and not g.is_over()
    o = g.resign()
    assert g.outcome == o and (o.winner, o.reason, o.result, o.is_draw) == ("black", "resignation", "0-1", False)
    assert g.legal_moves() == []
    g.pop()  # takes back the move and the resignation
    assert g.outcome is None and len(g) == 0


def test_win_by_rules():
    g = d.Game("international", "W:W28:B23,13")
    g.push("28x8")
    o = g.outcome
    assert (o.winner, o.reason, o.result) == ("white", "no_pieces", "1-0")
    assert "White" in str(o) or "white" in str(o)


def test_declarations():
    g = d.Game("russian")
    assert g.agree_draw().reason == "agreement"
    g = d.Game("russian")
    o = g.lose_on_time("white")
    assert (o.winner, o.reason) == ("black", "time")


# Kings shuffling: English, two kings each far apart.
KINGS = "W:WK29,K32:BK1,K4"
SHUFFLE = ["29-25", "1-5", "25-29", "5-1"]


def test_repetition_claim_and_automatic_draw():
    g = d.Game("english", KINGS, draw_mode="on_claim")
    for _ in range(2):
        for m in SHUFFLE:
            g.push(m)
    assert g.claimable_draw() == "repetition" and not g.is_over()
    assert g.repetitions() == 3
    o = g.claim_draw()
    assert o.is_draw and o.reason == "repetition" and g.outcome == o
    copy_ = pickle.loads(pickle.dumps(g))
    assert copy_ == g and copy_.outcome == o

    auto = d.Game("english", KINGS)
    for _ in range(2):
        for m in SHUFFLE:
            auto.push(m)
    assert auto.outcome.reason == "repetition" and auto.claimable_draw() is None
    auto.draw_mode = "on_claim"
    assert auto.outcome is None and auto.claimable_draw() == "repetition"
    assert auto.quiet_king_plies() == 8
    written = d.Game("english", KINGS, draw_mode="as_written")
    assert written.draw_mode == "as_written" and pickle.loads(pickle.dumps(written)).draw_mode == "as_written"


def test_pdn_out_and_in():
    g = d.Game("english")
    for m in ["11-15", "23-19", "8-11", "22-17"]:
        g.push(m)
    pdn = g.to_pdn({"Event": "Test", "Result": "ignored"})
    assert '[Event "Test"]' in pdn and "1. 11-15 23-19 2. 8-11 22-17 *" in pdn
    assert pdn.count("[Result") == 1
    (back,) = d.read_pdn(pdn)
    assert back.moves == g.moves and back.tag("event") == "Test" and back.variant == "english"
    two = d.read_pdn(pdn + "\n" + d.Game("russian", "W:Wc3:Bf6").to_pdn())
    assert [x.variant for x in two] == ["english", "russian"]
    assert two[1].start == d.Board("russian", "W:Wc3:Bf6")
    text = "1. 32-28 19-23 2. 28x19 14x23 *"
    assert [m.text for m in d.read_pdn(text, variant="international")[0].moves][-1] == "14x23"
    g.tags = [("White", "A"), ("Black", "B")]
    assert '[White "A"]' in g.to_pdn() and g.tag("black") == "B"


def test_move_input_clicks():
    # The white king on 1 can capture 23, 33, 32 or 23, 44, 32, both ending
    # on 27, 21 or 16; the man on 46 has no move (captures are compulsory).
    b = d.Board("international", "W:WK1,46:B23,32,33,44")
    inp = b.move_input()
    assert inp.movable == [1] and len(inp.captured) == 4
    assert not inp.click(46) and inp.clicks == []
    assert inp.click(1) and len(inp.destinations) == 3 and 40 in inp.next_squares
    assert inp.click(27) and not inp.is_complete and len(inp.candidates) == 2
    assert inp.next_squares == []
    assert inp.undo() == 27
    assert inp.click(40) and len(inp.candidates) == 3 and len(inp.captured) == 3
    assert inp.jumped == [23]  # 1 to 40 jumps the man on 23
    assert inp.click(27) and inp.is_complete
    assert inp.chosen.text == "1x40x49x27" and inp.chosen in b.legal_moves()
    assert b.move_input([1, 40, 27]).chosen == inp.chosen
    inp.clear()
    assert inp.clicks == [] and inp.chosen is None


def test_planes_and_action_mask():
    b = d.Board("international")
    p = b.planes()
    assert p.shape == (5, 10, 10) and p.dtype == np.float32
    assert (p[4] == 1).all(), "White is to move: the last plane is ones"
    assert p[0].sum() == 20 and p[2].sum() == 20 and p[1].sum() == p[3].sum() == 0
    # Row 0 is the far row as White sees it: black men, White (to move) at the bottom.
    assert p[2, 0].sum() == 5 and p[0, 9].sum() == 5
    # After a move the planes are from Black's side: own = black.
    q = b.play("32-28").planes(dtype=np.uint8)
    assert q.dtype == np.uint8 and q[0, 0].sum() == 5 and q[2].sum() == 20 and (q[4] == 0).all()
    mask = b.legal_mask()
    assert mask.shape == (b.num_actions,) == (2500,) and mask.dtype == bool
    assert mask.sum() == len(b.legal_moves())
    for m in b.legal_moves():
        a = b.action(m)
        assert mask[a] and a == (m.from_square - 1) * 50 + m.to_square - 1
        assert b.moves_for_action(a) == [m]
    batch = d.planes_batch([b, b.play("32-28")])
    assert batch.shape == (2, 5, 10, 10) and (batch[0] == p).all()


def test_shared_action_lists_every_capture():
    # Two captures from 38 to 38 with different pieces taken share an action.
    b = d.Board("international", "W:WK38:B32,22,23,33,43,42")
    by_action = {}
    for m in b.legal_moves():
        by_action.setdefault(b.action(m), []).append(m)
    for a, ms in by_action.items():
        assert b.moves_for_action(a) == ms


def test_repr_str_eq_hash_pickle():
    b = d.Board("english")
    assert repr(b) == "Board('english', 'B:W21-32:B1-12')"
    s = str(b)
    rows = s.splitlines()[:8]
    assert "".join(rows).count("b") == 12 and "".join(rows).count("w") == 12
    assert s.splitlines()[-1] == "Black to move" and s.splitlines()[-2].split() == list("abcdefgh")
    assert b == d.Board("english") and b != d.Board("english", "W:W21-32:B1-12") and b != d.Board("russian")
    assert len({b, d.Board("english"), d.Board("pool")}) == 2
    assert b.zobrist() == d.Board("english", b.fen).zobrist() != b.play("11-15").zobrist()
    for obj in (b, b.legal_moves()[0]):
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert copy.deepcopy(obj) == obj
    g = d.Game("english")
    g.push("11-15")
    assert "11-15" not in str(g) and str(g).splitlines()[-1] == "1 move played"
    assert str(d.Game("english")).splitlines()[-1] == "0 moves played"
    g2 = g.copy()
    g2.push("23-19")
    assert str(g2).splitlines()[-1] == "2 moves played"
    assert repr(g) == "Game('english', 'B:W21-32:B1-12', moves=1, outcome=None)"
    h = g.copy()
    h.push(h.legal_moves()[0])
    assert len(g) == 1 and g != h and g == copy.copy(g)
    with pytest.raises(TypeError):
        hash(g)
    o = d.Game("english", "W:W:B1").outcome
    assert pickle.loads(pickle.dumps(o)) == o and hash(o) == hash(pickle.loads(pickle.dumps(o)))
    assert repr(o) == "Outcome(winner='black', reason='no_pieces')"


def test_version_is_the_package_version():
    import re
    from importlib import metadata

    from conftest import REPO

    assert d.__version__ == metadata.version("draughts-rs") == native_version()
    assert all(part.isdigit() for part in d.__version__.split("."))

    def crate_version(path):
        return re.search(r'(?m)^version = "([^"]+)"', path.read_text()).group(1)

    # One version: the library crate, the binding crate (the wheel's version).
    assert crate_version(REPO / "Cargo.toml") == crate_version(REPO / "bindings/python/Cargo.toml") == d.__version__


def native_version():
    import draughts_rs._draughts_rs as native

    return native.__version__


def test_typing_files_and_docstrings():
    files = resources.files("draughts_rs")
    assert (files / "py.typed").is_file() and (files / "_draughts_rs.pyi").is_file()
    for obj in (d.Board, d.Game, d.Move, d.MoveInput, d.Outcome, d.Board.perft, d.Game.push, d.read_pdn,
                d.random_playouts, d.planes_batch, d.FenError):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj


def test_docstring_examples_run():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    tests = [t for obj in (d, d.Board, d.Game) for t in finder.find(obj, obj.__name__, globs={})]
    assert sum(len(t.examples) for t in tests) >= 8
    for t in tests:
        runner.run(t)
    assert runner.failures == 0


def test_perft_releases_the_gil():
    import threading
    import time

    b = d.Board("international")
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    b.perft(8)
    end = time.perf_counter()
    stop.set()
    t.join()
    # The other thread kept running while perft ran.
    assert sum(start < x < end for x in ticks) >= 5
