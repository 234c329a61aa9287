"""`replay_lines`: every line of a PDN game tree replayed (the main line, then
each variation from the position before the move it replaces, depth first),
and the first line that does not replay named by its path in `PdnError`."""

import copy

import pytest

import draughts_rs as d

# International. The second variation of 2. 33-29, inside the first variation
# of 1... 19-23, plays 2. 31-25: 31's neighbours forward are 26 and 27, so
# it is no move.
NESTED_BAD = (
    '[GameType "20"]\n'
    "1. 32-28 19-23 (1... 17-21 2. 33-29 (2. 34-30 21-26) (2. 31-25 21-26)) 2. 28x19 14x23 *"
)


def tree(text):
    (t,) = d.parse_pdn_tree(text)
    return t


def texts(game):
    return [m.text for m in game.moves]


def test_every_line_is_a_game_main_line_first_then_depth_first():
    t = tree("1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32)) 2. 28x19 *")
    games = d.replay_lines(t, "international")
    assert [texts(g) for g in games] == [
        ["32-28", "19-23", "28x19"],
        ["32-28", "18-23", "38-32"],
        ["32-28", "18-23", "37-32"],
    ]
    assert all(isinstance(g, d.Game) and g.variant == "international" for g in games)
    assert all(g.draw_mode == "on_claim" for g in games)


def test_the_game_type_tag_gives_the_variant():
    t = tree('[GameType "21"]\n1. 11-15 (1. 9-14 22-18) 23-19 *')
    games = d.replay_lines(t)
    assert [g.variant for g in games] == ["english", "english"]
    assert texts(games[1]) == ["9-14", "22-18"]
    assert games[0].tag("GameType") == "21"


def test_a_bad_nested_variation_is_named_by_its_path():
    t = tree(NESTED_BAD)
    with pytest.raises(d.PdnError) as info:
        d.replay_lines(t)
    e = info.value
    assert str(e).startswith("variation 2 at 2. (inside variation 1 at 1...): move 2 `31-25` (White): "), str(e)
    assert e.path == [
        {"move_index": 1, "variation": 0, "number": 1, "reply": True},
        {"move_index": 1, "variation": 1, "number": 2, "reply": False},
    ]
    # The path leads to the line in the tree dict.
    line = t["main"]
    for step in e.path:
        line = line["moves"][step["move_index"]]["variations"][step["variation"]]
    assert line["moves"][0]["text"] == "31-25"
    assert (e.kind, e.move_number, e.move_text, e.side) == ("move", 2, "31-25", "white")
    assert e.line == 1 and e.game is None


def test_a_bad_main_line_has_an_empty_path():
    t = tree('[GameType "20"]\n1. 32-28 (1. 33-29) 28-32 *')
    with pytest.raises(d.PdnError) as info:
        d.replay_lines(t)
    assert info.value.path == []
    assert str(info.value).startswith("the main line: move 1... `28-32`"), str(info.value)


def test_read_pdn_errors_have_no_path():
    with pytest.raises(d.PdnError) as info:
        d.read_pdn('[GameType "20"]\n1. 32-28 28-32 *')
    assert info.value.path is None


def test_bad_calls_are_typed_errors_and_change_nothing():
    t = tree(NESTED_BAD)
    before = copy.deepcopy(t)
    with pytest.raises(d.VariantError):
        d.replay_lines(t, "chess")
    with pytest.raises(d.PdnError) as info:
        d.replay_lines(tree("1. 32-28 *"))
    assert info.value.kind == "no_variant" and info.value.path == []
    with pytest.raises(d.ArgumentError):
        d.replay_lines({"main": {"moves": [{"nags": [1]}]}}, "international")
    with pytest.raises(d.PdnError):
        d.replay_lines(t)
    assert t == before
