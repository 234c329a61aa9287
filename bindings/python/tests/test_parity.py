"""The parity table (tests/data/parity.tsv at the repository's root), Python's
side: every row names the operation in this package (or says ``missing:``);
each name must exist, and each operation must give the row's expected answer
on the row's shared example, in the row's normal form (the same forms as
tests/parity.rs and bindings/wasm/tests/parity.test.mjs)."""

import inspect
import re
from pathlib import Path

import pytest

import draughts_rs as d

TABLE = Path(__file__).resolve().parents[3] / "tests" / "data" / "parity.tsv"
COLUMNS = ["operation", "rust", "js", "python", "variant", "fen", "arg", "expected"]


def rows():
    lines = [l for l in TABLE.read_text().splitlines() if not l.startswith("#")]
    assert lines[0].split("\t") == COLUMNS
    out = []
    for line in lines[1:]:
        cells = [c.replace("\\n", "\n") for c in line.split("\t")]
        assert len(cells) == len(COLUMNS), line
        out.append(dict(zip(COLUMNS, cells)))
    return out


def board(r):
    return d.Board(r["variant"], r["fen"]) if r["fen"] else d.Board(r["variant"])


def game(r):
    return d.Game(r["variant"], r["fen"]) if r["fen"] else d.Game(r["variant"])


def first_move(r):
    return board(r).legal_moves()[0]


def diagram_tokens(text):
    """``b w 2-31``: the piece letters, then the numbers as ranges."""
    tokens = [t for l in text.splitlines() if not l.endswith("to move") for t in l.split()]
    letters = sorted({t for t in tokens if not t.isdigit()})
    numbers = sorted(int(t) for t in tokens if t.isdigit())
    ranges, i = [], 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        ranges.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return " ".join(letters + ranges)


def level_nodes(r):
    level, nodes = r["arg"].split(":")
    return d.Engine(level, seed=1, tt_mib=1), int(nodes)


def pdn_error(r):
    try:
        d.read_pdn(r["arg"], r["variant"])
    except d.PdnError as e:
        return f"{e.kind}@{e.line}"
    return "read"


def replay_lines_path(r):
    (tree,) = d.parse_pdn_tree(r["arg"])
    try:
        return "lines=%d" % len(d.replay_lines(tree, r["variant"]))
    except d.PdnError as e:
        steps = " ".join(
            f"{b['move_index']}/{b['variation']}/{b['number']}{'...' if b['reply'] else '.'}" for b in e.path
        )
        return f"{str(e).split(': ')[0]} [{steps}]"


def jumped(r):
    b = board(r)
    clicks = [int(n) for n in r["arg"].split(",")]
    return ",".join(b.square_name(s) for s in b.move_input(clicks).jumped)


def draw_counts(r):
    return ";".join(str(c) for c in game(r).draw_counts() if c.reason == r["arg"])


def accepts(r):
    e = d.Engine("hard", tt_mib=1)
    return ",".join(str(e.accepts_draw(game(r), c)).lower() for c in r["arg"].split(","))


def outcome(r):
    o = game(r).outcome
    return "none" if o is None else f"{o.reason} {o.result} {o}"


def play_undo(r):
    g = game(r)
    played = g.push(r["arg"]).text
    undone = g.pop().text
    return f"{played} undo={undone} plies={len(g)}"


def engine_move(r):
    e, nodes = level_nodes(r)
    g = game(r)
    return "legal" if e.play(g, nodes=nodes) in g.legal_moves() else "illegal"


def engine_scored(r):
    e, nodes = level_nodes(r)
    p = e.play_scored(game(r), nodes=nodes)
    return ("scored" if p.score is not None else "unscored") + (
        " pv0=move" if p.pv and p.pv[0] == p.move else " pv0=other"
    )


def path(r):
    b, m = board(r), first_move(r)
    return f"{m.text} path={','.join(b.square_name(s) for s in m.path)}"


def jumps(r):
    b, m = board(r), first_move(r)
    n = b.square_name
    return " ".join(f"{n(f)}>{n(t)}>{n(c)}" for f, t, c in m.jumps)


CHECKS = {
    "fen_in_out": ("Board.constructor+Board.fen", lambda r: board(r).fen),
    "legal_moves_with_path": ("Board.legal_moves+Move.path", path),
    "move_short_text": ("Board.legal_moves+Board.move_text", lambda r: board(r).move_text(first_move(r))),
    "jumps_in_capture_order": ("Board.legal_moves+Move.jumps", jumps),
    "captured_in_capture_order": (
        "Board.legal_moves+Move.captured",
        lambda r: ",".join(board(r).square_name(s) for s in first_move(r).captured),
    ),
    "promotion": ("Board.parse_move+Move.promotes", lambda r: str(board(r).parse_move(r["arg"]).promotes).lower()),
    "click_input_jumped": ("Board.move_input+MoveInput.jumped", jumped),
    "draw_counts_with_text": ("Game.draw_counts+DrawCount.reason", draw_counts),
    "draw_offer_answered_by_engine": ("Engine.accepts_draw", accepts),
    "flipped_position": ("Board.flipped", lambda r: board(r).flipped().fen),
    "diagram_with_square_numbers": ("Board.numbered_diagram", lambda r: diagram_tokens(board(r).numbered_diagram())),
    "pdn_error_kind_and_line": ("read_pdn+PdnError.kind", pdn_error),
    "outcome_with_reason_text": ("Game.outcome+Outcome.reason", outcome),
    "play_and_undo": ("Game.push+Game.pop", play_undo),
    "perft": ("Board.perft", lambda r: str(board(r).perft(int(r["arg"])))),
    "svg_picture": ("Board.svg", lambda r: "pieces=%d" % board(r).svg().count('class="piece ')),
    "engine_move": ("Engine.play", engine_move),
    "engine_move_scored": ("Engine.play_scored", engine_scored),
    "house_rule_by_name": ("Game.constructor+Game.variant", lambda r: game(r).variant),
    "replay_lines_with_failing_path": ("replay_lines+PdnError.path", replay_lines_path),
}


def exists(name):
    """``Class.member``, ``Class.constructor`` or a module function."""
    owner, _, member = name.partition(".")
    if not hasattr(d, owner):
        return False
    obj = getattr(d, owner)
    if not member:
        return callable(obj)
    if member == "constructor":
        return inspect.isclass(obj)
    if hasattr(obj, member):
        return True
    # An exception's attributes are set by its constructor.
    return issubclass(obj, Exception) and member in inspect.signature(obj.__init__).parameters


ROWS = rows()


@pytest.mark.parametrize("row", ROWS, ids=[r["operation"] for r in ROWS])
def test_parity_row(row):
    named = row["python"]
    check = CHECKS.get(row["operation"])
    if named.startswith("missing:"):
        assert check is None, f"the table says missing, but Python has {row['operation']}"
        pytest.skip(f"Python lacks {row['operation']}: {named[len('missing:'):].strip()}")
    assert check is not None, f"{row['operation']}: `{named}` in the table, no check here"
    own_name, run = check
    assert own_name == named, f"the table says `{named}`, this test calls it `{own_name}`"
    for part in named.split("+"):
        assert exists(part), f"{row['operation']}: {part} does not exist in draughts_rs"
    assert run(row) == row["expected"]


def test_every_check_has_a_row():
    assert set(CHECKS) <= {r["operation"] for r in ROWS}


def test_names_are_the_table_forms():
    for r in ROWS:
        if not r["python"].startswith("missing:"):
            assert re.fullmatch(r"[A-Za-z_]+(\.[A-Za-z_]+)?(\+[A-Za-z_]+(\.[A-Za-z_]+)?)*", r["python"]), r
