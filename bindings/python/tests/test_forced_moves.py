"""A position with one legal move is searched like any other (the position
after the move, to the depth asked), never scored statically: Engine.search
and the evaluation curves of analyse_many(every_ply=True)."""

import math
import pathlib

import draughts_rs as d

ROOT = pathlib.Path(__file__).resolve().parents[3]
USSR1947 = ROOT / "tests" / "data" / "games" / "russian" / "wiegerw_pdn" / "ussr1947.pdn"


def test_a_forced_move_is_scored_by_the_search_after_it():
    # White's only move leaves Black lost in ten plies: White wins in 11.
    g = d.Game("russian", fen="W:Wc3,h4:Ba5,g5,h6,h8")
    assert len(g.legal_moves()) == 1
    r = d.Engine(level="hard").search(g, depth=12)
    assert r.win_in == 11
    assert r.pv[0].text == g.legal_moves()[0].text


def test_every_ply_of_a_curve_is_searched_to_the_depth_asked():
    games = d.read_pdn(USSR1947.read_text(encoding="utf-8"), variant="russian")[:10]
    curve = d.analyse_many(games, depth=4, every_ply=True, threads=2)
    assert len(curve["ply"]) == sum(len(g) + 1 for g in games)
    forced = 0
    for i, depth in enumerate(curve["depth"].tolist()):
        game = games[curve["item"][i]]
        ply = curve["ply"][i]
        board = d.Game.from_board(game.start)
        for mv in game.moves[:ply]:
            board.push(mv.text)
        if len(board.legal_moves()) == 1:
            forced += 1
        if curve["best"][i] is not None and not math.isinf(curve["score"][i]):
            assert depth == 4, (curve["item"][i], ply)
    assert forced > 50
