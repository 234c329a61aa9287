"""analyse_many: the same scores as one search at a time, whatever the
number of threads; evaluation curves of real games; bad items refused."""

import numpy as np
import pytest

import draughts_rs as d


def _games():
    out = []
    for i, variant in enumerate(["russian", "english", "international", "turkish"]):
        g = d.Game(variant)
        for ply in range(5 + i):
            moves = g.legal_moves()
            g.push(moves[(i * 7 + ply * 3) % len(moves)])
        out.append(g)
    return out


def test_current_positions_match_lone_searches():
    games = _games()
    r = d.analyse_many(games, depth=3)
    assert list(r) == ["item", "ply", "score", "win_in", "depth", "nodes", "best"]
    assert r["item"].tolist() == [0, 1, 2, 3]
    assert r["ply"].tolist() == [len(g) for g in games]
    assert r["score"].dtype == np.float64 and r["nodes"].dtype == np.int64
    for i, g in enumerate(games):
        lone = d.Engine().search(g, depth=3)
        assert r["depth"][i] == lone.depth == 3
        assert r["best"][i] in [m.text for m in g.legal_moves()]


def test_threads_do_not_change_the_curve():
    games = _games()
    one = d.analyse_many(games, depth=4, every_ply=True)
    two = d.analyse_many(games, depth=4, every_ply=True, threads=2)
    assert len(one["ply"]) == sum(len(g) + 1 for g in games)
    for key in ["item", "ply", "score", "win_in", "depth", "nodes"]:
        assert one[key].tolist() == two[key].tolist(), key
    assert one["best"] == two["best"]


def test_fens_need_a_variant_and_bad_items_are_refused():
    fen = d.Board("english").fen
    r = d.analyse_many([fen, fen], variant="english", nodes=300)
    assert r["nodes"].max() <= 300 and len(r["best"]) == 2
    with pytest.raises(d.ArgumentError, match="variant="):
        d.analyse_many([fen])
    with pytest.raises(d.FenError):
        d.analyse_many(["W:W99"], variant="english")
    with pytest.raises(d.VariantError):
        d.analyse_many([fen], variant="chess")
    with pytest.raises(TypeError):
        d.analyse_many([42])
    assert len(d.analyse_many([], depth=2)["item"]) == 0


def test_a_forced_win_scores_infinite():
    # White's man on 18 takes Black's last piece: a win in one ply.
    r = d.analyse_many([d.Board("english", "W:W18:B14")], depth=3)
    assert r["score"][0] == float("inf") and r["win_in"][0] == 1
    assert r["best"] == ["18x9"]
    # Black to move takes White's last piece instead.
    r = d.analyse_many([d.Board("english", "B:W18:B14")], depth=3)
    assert r["score"][0] == float("inf") and r["best"] == ["14x23"]
