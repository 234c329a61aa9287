"""Board pictures and PDN game trees (issue 22, items 1 and 2): `Board.svg`,
`Game.svg` and their `_repr_svg_` for Jupyter are well-formed SVG with one
square per board square and one piece per piece; `parse_pdn_tree` reads
comments, NAGs and nested variations and `write_pdn_tree` writes them back so
that a file round-trips."""

import random
import xml.etree.ElementTree as ET

import pytest

import draughts_rs as d
from conftest import DATA

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def with_class(root, cls):
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


@pytest.mark.parametrize("variant", ["english", "international", "russian", "italian", "turkish", "canadian", "frisian", "thai"])
def test_board_svg_squares_and_pieces(variant):
    board = d.Board(variant)
    root = parse(board.svg())
    assert len(with_class(root, "square")) == board.width * board.height
    assert len(with_class(root, "dark")) == board.num_squares
    white = {board.square_name(s) for s in board.pieces("white")}
    black = {board.square_name(s) for s in board.pieces("black")}
    drawn = {(e.get("data-square"), "white" in e.get("class")) for e in with_class(root, "piece")}
    assert drawn == {(s, True) for s in white} | {(s, False) for s in black}


def test_repr_svg_is_valid_svg_for_board_and_game():
    """What Jupyter calls: `_repr_svg_` returns a well-formed SVG document."""
    board = d.Board("english")
    assert parse(board._repr_svg_()) is not None
    game = d.Game("english")
    game.push("11-15")
    root = parse(game._repr_svg_())
    # The last move's two squares are tinted.
    assert len(with_class(root, "last-move")) == 2


def test_kings_drawn_with_crowns():
    board = d.Board("international", "W:W31,K28:B19,K3")
    root = parse(board.svg())
    kings = [e for e in with_class(root, "piece") if "king" in e.get("class").split()]
    assert sorted(k.get("data-square") for k in kings) == ["28", "3"]
    for k in kings:
        assert len(with_class(k, "crown")) == 1


def test_flipped_is_the_half_turn():
    board = d.Board("russian")
    plain, flipped = parse(board.svg()), parse(board.svg(flipped=True))
    view = [float(v) for v in plain.get("viewBox").split()]

    def place(root):
        return {e.get("data-square"): (float(e.get("x")), float(e.get("y"))) for e in with_class(root, "dark")}

    a, b = place(plain), place(flipped)
    cell = 60.0
    for name, (x, y) in a.items():
        assert b[name] == (view[2] - cell - x, view[3] - cell - y)
    # a1 is at the bottom left unless flipped.
    assert a["a1"][0] < cell and a["a1"][1] > view[3] - 2 * cell


def test_marks_labels_and_errors():
    board = d.Board("international", "W:W28:B23,13,1")
    root = parse(board.svg(move="28x8", highlight=[28], labels="numbers", size=300))
    assert root.get("width") == "300"
    assert len(with_class(root, "captured")) == 2
    assert len(with_class(root, "arrow")) == 1
    assert len(with_class(root, "highlight")) == 1
    numbers = sorted(int("".join(e.itertext())) for e in with_class(root, "label"))
    assert numbers == list(range(1, 51))
    move = board.legal_moves()[0]
    assert len(with_class(parse(board.svg(move=move)), "captured")) == 2
    with pytest.raises(d.MoveError):
        board.svg(move="28-22")
    with pytest.raises(d.SquareError):
        board.svg(highlight=[51])
    with pytest.raises(d.ArgumentError):
        board.svg(labels="files")
    with pytest.raises(d.ArgumentError):
        board.svg(size=0)


VARIATION = (DATA / "games" / "pdn_syntax_tests" / "variation.pdn").read_text()


def texts(line):
    return [m["text"] for m in line["moves"]]


def test_tree_of_the_syntax_test_file():
    (tree,) = d.parse_pdn_tree(VARIATION)
    assert texts(tree["main"]) == ["32-28", "19-23", "28x19", "14x23"]
    alt = tree["main"]["moves"][1]["variations"][0]
    assert texts(alt) == ["18-23", "38-32", "12-18"]
    inner = alt["moves"][1]["variations"][0]
    assert texts(inner) == ["37-32", "23-29"]
    assert inner["moves"][0]["nags"] == [2]
    assert inner["moves"][1]["nags"] == [1]
    assert inner["moves"][1]["comments"] == ["Black wins"]
    written = d.write_pdn_tree(tree)
    assert written == "32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 28x19 14x23\n"
    (back,) = d.parse_pdn_tree(written)
    assert back == tree


def test_every_game_file_round_trips():
    count = 0
    for path in sorted((DATA / "games").rglob("*.pdn")):
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        try:
            trees = d.parse_pdn_tree(text)
        except d.PdnError:
            continue  # a file with a broken game: the Rust test covers it game by game
        for tree in trees:
            written = d.write_pdn_tree(tree)
            (back,) = d.parse_pdn_tree(written)
            back["line"] = tree["line"]
            assert back == tree, path
            assert d.write_pdn_tree(back) == written
            count += 1
    assert count > 1000


def random_line(rng, depth):
    moves = []
    for _ in range(rng.randrange(0, 5)):
        a, b = rng.sample(range(1, 51), 2)
        number = rng.choice([None, rng.randrange(1, 99)])
        moves.append({
            "number": number,
            "ellipsis": number is not None and rng.random() < 0.5,
            "text": f"{a}{rng.choice('-x')}{b}",
            "nags": [rng.randrange(0, 300) for _ in range(rng.randrange(0, 3))],
            "comments": [rng.choice(["good", "a (quiet) move", "Сергей", "1-0 was agreed"])
                         for _ in range(rng.randrange(0, 2))],
            "variations": [random_line(rng, depth - 1) for _ in range(rng.randrange(0, 2))] if depth else [],
        })
    return {"comments": [rng.choice(["start", "note"]) for _ in range(rng.randrange(0, 2))], "moves": moves}


def test_random_trees_round_trip():
    rng = random.Random(22)
    for _ in range(300):
        tree = {
            "tags": [("Event", rng.choice(['a "b" c', "x\\y", "plain"]))],
            "main": random_line(rng, 3),
            "result": rng.choice([None, "1-0", "2-0", "1/2-1/2", "*"]),
            "line": 1,
        }
        written = d.write_pdn_tree(tree)
        (back,) = d.parse_pdn_tree(written)
        back["tags"] = [tuple(t) for t in back["tags"]]
        back["line"] = 1
        assert back == tree, written


def test_tree_errors():
    with pytest.raises(d.PdnError):
        d.parse_pdn_tree("1. 32-28 (33-29")
    with pytest.raises(d.ArgumentError):
        d.write_pdn_tree({"main": {"moves": [{"nags": [1]}]}})
    with pytest.raises(d.ArgumentError):
        d.write_pdn_tree({"main": {"moves": [{"text": "32-28", "nags": "x"}]}})
