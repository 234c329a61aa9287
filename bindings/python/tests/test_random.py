"""Random games in every variant through the Python API, checking what must
hold in every position; and the batch random playouts."""

import pickle
import random

import pytest

import draughts_rs as d


@pytest.mark.parametrize("variant", d.variants())
def test_random_games(variant):
    rng = random.Random(f"games-{variant}")
    for _ in range(4):
        game = d.Game(variant)
        boards = [game.board]
        while not game.is_over() and len(game) < 300:
            board = game.board
            moves = game.legal_moves()
            assert moves, "a game that is not over has a legal move"
            assert board.count_moves() == len(moves) == board.perft(1)
            assert len(set(moves)) == len(moves)
            assert d.Board(variant, board.fen) == board
            assert hash(d.Board(variant, board.fen)) == hash(board)
            for m in moves:
                assert board.parse_move(m.text) == m
                assert board.parse_move(board.move_text(m)) == m
                assert m.path[-1] == m.to_square and (len(m.captured) > 0) == m.is_capture
                assert board.play(m) == board.play(m.text)
            if board.has_captures():
                assert all(m.is_capture for m in moves)
            m = rng.choice(moves)
            assert game.push(m) == m
            assert game.board == board.play(m)
            boards.append(game.board)
        assert game.boards == boards
        if game.is_over():
            o = game.outcome
            assert game.legal_moves() == []
            if o.reason in ("no_pieces", "blocked"):
                # The side to move has no move and has lost.
                assert game.board.is_game_over() and o.winner != game.turn
        # Pickle, copy and PDN give the same game.
        assert pickle.loads(pickle.dumps(game)) == game
        assert d.read_pdn(game.to_pdn())[0].moves == game.moves
        # Popping every move walks back through the same positions.
        n = len(game)
        for i in range(n):
            game.pop()
            assert game.board == boards[n - 1 - i]
        assert game.board == d.Board(variant) and not game.is_over()


def test_playouts_are_deterministic_and_add_up():
    a = d.random_playouts("english", games=200, seed=7)
    b = d.random_playouts("english", games=200, seed=7, threads=3)
    c = d.random_playouts("english", games=200, seed=8)
    assert a == b
    assert a != c
    assert a["white"] + a["black"] + a["draws"] + a["unfinished"] == 200
    assert a["plies"] > 200 * 10


def test_playouts_from_a_fen_and_ply_limit():
    # White king against a black man: the game is long or a draw, never
    # more than max_plies.
    r = d.random_playouts("international", games=50, fen="W:WK46:B5", max_plies=6)
    assert r["plies"] <= 50 * 6
    assert r["unfinished"] + r["draws"] + r["white"] + r["black"] == 50
    # A side without moves loses at once: no ply is played.
    r = d.random_playouts("english", games=5, fen="W:W:B1")
    assert r == {"white": 0, "black": 5, "draws": 0, "unfinished": 0, "plies": 0}
