"""Endgame databases from Python: built, written, loaded from a directory
and from bytes, probed with boards."""

import pytest

import draughts_rs as d


@pytest.fixture(scope="module")
def english2():
    return d.Egdb.build("english", 2)


def test_king_against_king_matches_the_published_figures(english2):
    # English king against king, White to move: 992 positions, 230 won,
    # 654 drawn, 108 lost, the longest win 11 plies (the published figures
    # docs/egdb.md quotes; independent of this code).
    counts = {"win": 0, "draw": 0, "loss": 0}
    longest = 0
    for a in range(1, 33):
        for b in range(1, 33):
            if a == b:
                continue
            value, distance = english2.lookup(d.Board("english", f"W:WK{a}:BK{b}"))
            counts[value] += 1
            if value == "win":
                longest = max(longest, distance)
    assert counts == {"win": 230, "draw": 654, "loss": 108}
    assert longest == 11


def test_best_moves_keep_the_value(english2):
    board = d.Board("english", "B:W30:BK19")
    p = english2.probe(board)
    assert p.value == "win" and p.distance > 0 and p.best
    for m in p.best:
        assert m in board.legal_moves()
        value, distance = english2.lookup(board.play(m))
        assert (value, distance) == ("loss", p.distance - 1)
    # A drawn position: every best move draws.
    drawn = d.Board("english", "W:WK1:BK32")
    q = english2.probe(drawn)
    assert (q.value, q.distance) == ("draw", 0)
    assert all(english2.lookup(drawn.play(m))[0] == "draw" for m in q.best)


def test_load_dir_and_insert_agree_with_the_built_set(english2, tmp_path):
    for name in english2.slices:
        (tmp_path / f"{name}.egdb").write_bytes(english2.slice_bytes(name))
    from_dir = d.Egdb("english")
    assert sorted(from_dir.load_dir(tmp_path)) == sorted(english2.slices)
    from_bytes = d.Egdb("english")
    for name in english2.slices:
        assert from_bytes.insert(english2.slice_bytes(name)) == name
    assert len(from_dir) == len(from_bytes) == len(english2) == 14
    board = d.Board("english", "W:W31:BK5")
    assert from_dir.probe(board).value == english2.probe(board).value
    assert from_bytes.lookup(board) == english2.lookup(board)


def test_errors_are_typed_and_change_nothing(english2, tmp_path):
    db = d.Egdb("english")
    with pytest.raises(d.VariantError):
        d.Egdb("chess")
    with pytest.raises(d.EgdbError, match="not an endgame database"):
        db.insert(b"garbage")
    with pytest.raises(d.EgdbError, match="russian"):
        db.insert(d.Egdb.build("russian", 1).slice_bytes("wm0wk1bm0bk0"))
    (tmp_path / "wm0wk1bm0bk0.egdb").write_bytes(english2.slice_bytes("wm0wk1bm0bk0"))
    (tmp_path / "wm0wk0bm0bk1.egdb").write_bytes(b"DEGB broken")
    with pytest.raises(d.EgdbError):
        db.load_dir(tmp_path)
    assert len(db) == 0, "a refused load_dir loads nothing"
    with pytest.raises(d.EgdbError, match="no slice file"):
        db.load_dir(tmp_path / "empty") if (tmp_path / "empty").mkdir() is None else None
    with pytest.raises(OSError):
        db.load_dir(tmp_path / "missing")
    with pytest.raises(d.EgdbError, match="wm0wk2bm0bk1"):
        english2.probe(d.Board("english", "W:WK1,K2:BK32"))
    with pytest.raises(d.VariantError):
        english2.probe(d.Board("russian", "W:WKa1:BKh8"))
    with pytest.raises(d.ArgumentError):
        d.Egdb.build("english", 9)
    with pytest.raises(d.ArgumentError):
        english2.slice_bytes("not a slice")
