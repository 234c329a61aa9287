"""The side-to-move view for machine learning: `Board.flipped`, planes and
actions with `canonical=True`, checked by their properties in every variant."""

import random

import numpy as np
import pytest

import draughts_rs as d


def positions(variant, count=12, seed=1):
    """The start and positions of a seeded random game (both sides to move)."""
    rng = random.Random(seed)
    g = d.Game(variant, draw_mode="on_claim")
    out = [g.board]
    while len(out) < count and g.legal_moves():
        g.push(rng.choice(g.legal_moves()))
        out.append(g.board)
    return out


@pytest.mark.parametrize("variant", d.variants())
def test_flipped_is_the_same_game_from_the_other_side(variant):
    boards = positions(variant)
    assert {b.turn for b in boards} == {"white", "black"}
    for b in boards:
        f = b.flipped()
        assert f.variant == b.variant and f != b and f.turn != b.turn
        assert f.flipped() == b, "flipped twice is the identity"
        assert f.count_moves() == b.count_moves() and f.count_moves(routes=True) == b.count_moves(routes=True)
        assert f.perft(3) == b.perft(3) and f.perft(2, routes=True) == b.perft(2, routes=True)
        assert f.has_captures() == b.has_captures() and f.is_game_over() == b.is_game_over()
        # Colours swapped: as many men and kings of each side, the other way round.
        for colour, other in (("white", "black"), ("black", "white")):
            for kind in ("man", "king"):
                assert len(f.pieces(colour, kind)) == len(b.pieces(other, kind))


@pytest.mark.parametrize("variant", d.variants())
def test_canonical_planes_are_the_side_to_moves_view(variant):
    for b in positions(variant):
        p, c = b.planes(dtype=np.uint8), b.planes(dtype=np.uint8, canonical=True)
        assert c.shape == p.shape == (5, b.height, b.width)
        white = b.turn == "white"
        assert (p[4] == int(white)).all() and (c[4] == int(white)).all()
        if white:
            assert (c == p).all()
        else:
            # Black to move: the board rotated by 180 degrees.
            assert (c[:4] == p[:4, ::-1, ::-1]).all()
        # The same view as from the flipped board, whichever side is to move.
        assert (c[:4] == b.flipped().planes(dtype=np.uint8, canonical=True)[:4]).all()
    batch = d.planes_batch(positions(variant, 4), canonical=True)
    assert (batch[1] == positions(variant, 4)[1].planes(canonical=True)).all()


@pytest.mark.parametrize("variant", ["english", "international", "russian", "turkish"])
def test_canonical_start_has_own_men_at_the_bottom(variant):
    start = d.Board(variant)
    for b in (start, start.play(start.legal_moves()[0])):
        c = b.planes(dtype=np.uint8, canonical=True)
        half = b.height // 2
        # Own men (plane 0) in the bottom half, the opponent's in the top half,
        # for either side to move.
        assert c[0, half:].sum() > 0 and c[0, :half].sum() == 0
        assert c[2, :half].sum() > 0 and c[2, half:].sum() == 0


@pytest.mark.parametrize("variant", d.variants())
def test_actions_round_trip_in_both_orientations(variant):
    for b in positions(variant):
        moves = b.legal_moves()
        for canonical in (False, True):
            mask = b.legal_mask(canonical=canonical)
            actions = {b.action(m, canonical=canonical) for m in moves}
            assert mask.sum() == len(actions) and all(mask[a] for a in actions)
            for m in moves:
                a = b.action(m, canonical=canonical)
                assert 0 <= a < b.num_actions
                back = b.moves_for_action(a, canonical=canonical)
                assert m in back and all(b.action(x, canonical=canonical) == a for x in back)
            # action -> moves -> action for every action of the mask.
            for a in np.flatnonzero(mask):
                assert {b.action(m, canonical=canonical) for m in b.moves_for_action(int(a), canonical=canonical)} == {a}
        # The canonical mask is the flipped board's canonical mask (the same view).
        assert (b.legal_mask(canonical=True) == b.flipped().legal_mask(canonical=True)).all()
        if b.turn == "white":
            assert (b.legal_mask(canonical=True) == b.legal_mask()).all()


@pytest.mark.parametrize("variant,squares", [("international", 50), ("english", 32)])
def test_canonical_actions_rotate_the_square_numbers(variant, squares):
    # On these boards the rotation maps square n to squares + 1 - n (the
    # documented mapping when Black is to move).
    b = d.Board(variant)
    if b.turn == "white":
        b = b.play(b.legal_moves()[0])
    assert b.turn == "black"
    for m in b.legal_moves():
        rotated = (squares - m.from_square) * squares + (squares - m.to_square)
        assert b.action(m, canonical=True) == rotated
        assert b.action(m) == (m.from_square - 1) * squares + m.to_square - 1
