"""Every error path: the exception class, the library's message, and that
the rejected call changed nothing."""

import pickle

import pytest

import draughts_rs as d
import draughts_rs._draughts_rs as native


def public_exceptions():
    """Every exception class the package or its native module exposes, found
    by introspection."""
    found = {}
    for module in (d, native):
        for name in dir(module):
            obj = getattr(module, name)
            if not name.startswith("_") and isinstance(obj, type) and issubclass(obj, BaseException):
                found[name] = obj
    return found


def test_every_public_exception_is_a_draughts_error():
    found = public_exceptions()
    # The walk finds the classes (a sanity check on the walk itself, not a
    # list the test relies on).
    assert {"DraughtsError", "PdnError", "EmptyGameError", "ArgumentError", "SquareError"} <= set(found)
    for name, cls in found.items():
        assert issubclass(cls, d.DraughtsError), name
        assert issubclass(cls, ValueError), name
        assert getattr(d, name) is cls, f"{name} is not exported by draughts_rs"
        assert name in d.__all__, name
        assert cls.__module__ == "draughts_rs", name
        assert cls.__doc__ and len(cls.__doc__) > 20, name
    # The ones that also are the built-in a Python caller would expect.
    assert issubclass(d.EmptyGameError, IndexError)


def test_exceptions_pickle():
    try:
        d.read_pdn('[GameType "20"]\n1. 32-28 *\n\n[GameType "20"]\n1. 11-15 *')
    except d.PdnError as e:
        err = e
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is d.PdnError and str(back) == str(err) and vars(back) == vars(err)
    e = pickle.loads(pickle.dumps(d.EmptyGameError("pop from a game without moves")))
    assert isinstance(e, IndexError) and str(e) == "pop from a game without moves"


def test_unknown_variant():
    for call in (lambda: d.Board("checkers9"), lambda: d.Game("checkers9"),
                 lambda: d.random_playouts("checkers9"), lambda: d.read_pdn("1. 32-28 *", variant="checkers9")):
        with pytest.raises(d.VariantError, match=r"unknown variant or mode `checkers9` \(expected one of: english, .*, spanish-site"):
            call()


@pytest.mark.parametrize(
    "fen,message",
    [
        ("", "empty FEN"),
        ("X:W31:B1", "side to move `X` is not W or B"),
        ("W:W31:W32", "the pieces of W are given twice"),
        ("W:W51:B1", "`51` is not a playing square of this board"),
        ("W:W31:B31", "square 31 is also listed for the other colour"),
        ("W:W3:B45", "a man on square 3 stands on its promotion row"),
        ("W:W5-3:B45", "`5-3` is not a valid square range"),
        ("W:W31,31:B1", "square 31 is listed twice"),
        ("W:W11-40:B", "30 pieces for W, more than the 20 a side starts with"),
        ("W", "no piece fields"),
    ],
)
def test_bad_fen(fen, message):
    with pytest.raises(d.FenError, match=message):
        d.Board("international", fen)
    with pytest.raises(d.FenError, match=message):
        d.Game("international", fen)
    with pytest.raises(d.FenError, match=message):
        d.random_playouts("international", fen=fen)


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty move text"),
        ("32?28", "unexpected `\\?` at byte 2 of the move text"),
        ("32-", "a square is missing at byte 3"),
        ("32-99", "`99` at byte 3 is not a square of this board"),
        ("32-27x", "a square is missing"),
        ("46-41", "no legal move matches `46-41`: the piece on 46 cannot move there: it has no legal move"),
        ("30-25", "no legal move matches `30-25`: there is no piece on 30"),
        ("19-23", "the piece on 19 is Black's and White is to move"),
        ("32-26", "the piece on 32 cannot move there; its legal moves: 32-27, 32-28"),
    ],
)
def test_bad_move_text(text, message):
    b = d.Board("international")
    g = d.Game("international")
    g.push("32-28")
    g.pop()
    before = (g.board, g.moves, g.outcome)
    for call in (lambda: b.play(text), lambda: b.parse_move(text), lambda: g.push(text)):
        with pytest.raises(d.MoveError, match=message):
            call()
    assert (g.board, g.moves, g.outcome) == before


def test_ambiguous_end_square():
    # 1x27 fits two captures with different pieces taken.
    b = d.Board("international", "W:WK1,46:B23,32,33,44")
    with pytest.raises(d.MoveError, match="`1x27` is ambiguous: it matches 1x"):
        b.parse_move("1x27")


def test_illegal_move_objects():
    b = d.Board("international")
    g = d.Game("international")
    later = b.play("32-28").legal_moves()[0]
    with pytest.raises(d.MoveError, match=f"illegal move {later.text}"):
        b.play(later)
    with pytest.raises(d.MoveError, match=f"illegal move {later.text}"):
        g.push(later)
    with pytest.raises(d.MoveError, match=f"illegal move {later.text}"):
        b.move_text(later)
    other = d.Board("english").legal_moves()[0]
    for call in (lambda: b.play(other), lambda: g.push(other), lambda: b.action(other)):
        with pytest.raises(d.MoveError, match="english move"):
            call()
    assert g.moves == [] and g.board == b
    with pytest.raises(TypeError):
        g.push(42)


def test_game_over():
    g = d.Game("international", "W:W28:B23,13")
    g.push("28x8")
    over = g.outcome
    for call in (lambda: g.push("8-2"), g.resign, g.agree_draw, g.lose_on_time, g.claim_draw):
        with pytest.raises(d.GameOverError, match="^the game is over: White wins: Black has no pieces left$"):
            call()
    assert g.outcome == over and len(g) == 1
    g = d.Game("english")
    g.resign("white")
    with pytest.raises(d.GameOverError):
        g.push("11-15")
    assert len(g) == 0 and g.outcome.reason == "resignation"


def test_no_draw_to_claim():
    g = d.Game("english", draw_mode="on_claim")
    with pytest.raises(d.DrawClaimError, match="no draw can be claimed here"):
        g.claim_draw()
    assert g.outcome is None and g.claimable_draw() is None


def test_bad_arguments():
    g = d.Game("english")
    g.push("11-15")
    b = d.Board("english")

    def state():
        return (g.fen, g.moves, g.outcome, g.draw_mode, len(g))

    before = state()
    with pytest.raises(d.ArgumentError, match="^`red` is not a colour"):
        g.resign("red")
    with pytest.raises(d.ArgumentError, match="^`sometimes` is not a draw mode"):
        d.Game("english", draw_mode="sometimes")
    with pytest.raises(d.ArgumentError, match="^`never` is not a draw mode"):
        g.draw_mode = "never"
    with pytest.raises(d.ArgumentError, match="^`never` is not a draw mode"):
        d.Game.from_board(b, draw_mode="never")
    assert state() == before and g.draw_mode == "automatic" and g.outcome is None
    for sq in (0, 33, -1, 2**40, 10**30, -(10**40)):
        with pytest.raises(d.SquareError, match=f"^{sq} is not a square of english \\(squares are 1 to 32\\)$"):
            b.piece_at(sq)
        with pytest.raises(d.SquareError, match=f"^{sq} is not a square of english"):
            b.square_name(sq)
    with pytest.raises(d.SquareError, match="^`z9` is not a square of english$"):
        b.parse_square("z9")
    with pytest.raises(d.ArgumentError, match='^`queen` is not a piece kind \\(expected "man" or "king"\\)$'):
        b.pieces("white", "queen")
    with pytest.raises(d.ArgumentError, match="^`green` is not a colour"):
        b.pieces("green")
    assert b == d.Board("english")


def test_pop_on_an_empty_game():
    g = d.Game("english")
    with pytest.raises(d.EmptyGameError, match="^pop from a game without moves$") as info:
        g.pop()
    # Also what list.pop raises, for code written for that.
    assert isinstance(info.value, IndexError) and isinstance(info.value, d.DraughtsError)
    assert len(g) == 0 and g.board == d.Board("english") and g.outcome is None


@pytest.mark.parametrize("depth", [-1, 31, 60, 2**64, -(2**70)])
def test_perft_depth_out_of_range(depth):
    b = d.Board("english")
    for call in (lambda: b.perft(depth), lambda: b.divide(depth), lambda: b.perft(depth, threads=2)):
        with pytest.raises(d.ArgumentError, match=f"^depth must be 0 to 30, got {depth}$"):
            call()
    assert b == d.Board("english")
    assert b.perft(0) == 1 and b.perft(30 - 27) == 302


@pytest.mark.parametrize("threads", [0, -1, 257, 2**65])
def test_thread_count_out_of_range(threads):
    with pytest.raises(d.ArgumentError, match=f"^threads must be 1 to 256, got {threads}$"):
        d.Board("english").perft(3, threads=threads)
    with pytest.raises(d.ArgumentError, match=f"^threads must be 1 to 256, got {threads}$"):
        d.random_playouts("english", games=1, threads=threads)


@pytest.mark.parametrize("name,value", [("games", -1), ("seed", -5), ("max_plies", 2**64), ("seed", 2**64)])
def test_random_playouts_counts_out_of_range(name, value):
    with pytest.raises(d.ArgumentError, match=f"^{name} must be 0 to 18446744073709551615, got {value}$"):
        d.random_playouts("english", **{"games": 1, name: value})


def test_actions_out_of_range():
    b = d.Board("english")
    for a in (-1, b.num_actions, 2**70):
        for canonical in (False, True):
            with pytest.raises(d.ArgumentError, match=f"^action must be 0 to 1023, got {a}$"):
                b.moves_for_action(a, canonical=canonical)


def test_move_input_refusals():
    b = d.Board("international")
    with pytest.raises(d.MoveError, match=r"^square 1 can't be clicked after \[\]$"):
        b.move_input([1])
    with pytest.raises(d.SquareError, match=r"^51 is not a square of international"):
        b.move_input([32, 51])
    inp = b.move_input([32])
    assert not inp.click(31) and inp.clicks == [32]
    for sq in (51, 0, -3, 2**80):
        with pytest.raises(d.SquareError, match=f"^{sq} is not a square of international"):
            inp.click(sq)
    assert inp.clicks == [32] and inp.undo() == 32 and inp.undo() is None


def test_pdn_errors():
    with pytest.raises(d.PdnError, match=r"game 1: no GameType tag and no default variant"):
        d.read_pdn("1. 32-28 *")
    with pytest.raises(d.PdnError, match=r"game 1: unsupported GameType `99`"):
        d.read_pdn('[GameType "99"]\n1. 32-28 *')
    with pytest.raises(d.PdnError, match=r"game 2: move 1 `11-15` \(White\): no legal move matches"):
        d.read_pdn('[GameType "20"]\n1. 32-28 *\n[GameType "20"]\n1. 11-15 *')
    with pytest.raises(d.PdnError, match=r"bad FEN tag"):
        d.read_pdn('[GameType "20"]\n[FEN "W:W99:B1"]\n1. 32-28 *')
    with pytest.raises(d.PdnError, match=r"comments do not nest"):
        d.read_pdn('[GameType "20"]\n1. 32-28 {a {b} c} *')
    text = '[GameType "20"]\n1. 32-28 *\n[GameType "20"]\n1. 11-15 *\n[GameType "20"]\n1. 33-28 *'
    assert [g.moves[0].text for g in d.read_pdn(text, errors="skip")] == ["32-28", "33-28"]
    mixed = d.read_pdn(text, errors="return")
    assert isinstance(mixed[1], d.PdnError) and "game 2" in str(mixed[1]) and isinstance(mixed[2], d.Game)
    with pytest.raises(d.ArgumentError, match='^errors=`ignore`: expected "raise", "skip" or "return"$'):
        d.read_pdn(text, errors="ignore")


def test_pdn_error_attributes():
    with pytest.raises(d.PdnError) as info:
        d.read_pdn('[GameType "20"]\n1. 32-28 *\n\n[GameType "20"]\n1. 11-15 *')
    e = info.value
    assert (e.game, e.kind, e.line, e.move_number, e.move_text, e.side) == (2, "move", 4, 1, "11-15", "white")
    why = "the piece on 11 is Black's and White is to move"
    assert e.detail == f"no legal move matches `11-15`: {why}" and e.record is None and e.expected is None
    assert str(e) == f"game 2: move 1 `11-15` (White): no legal move matches `11-15`: {why}"
    # The reply (the second mover's move) is written `1...`.
    with pytest.raises(d.PdnError) as info:
        d.read_pdn('[GameType "20"]\n1. 32-28 32-28 *')
    assert (info.value.side, info.value.move_number) == ("black", 1)
    assert str(info.value).startswith("game 1: move 1... `32-28` (Black): ")
    with pytest.raises(d.PdnError) as info:
        d.read_pdn('[GameType "20"]\n\n1. 32-28 {a {b} c} *')
    e = info.value
    assert (e.game, e.kind, e.line, e.move_number) == (1, "syntax", 3, None)
    assert e.detail == "`}` without `{` (comments do not nest)"
    (e,) = d.read_pdn("1. 32-28 *", errors="return")
    assert (e.game, e.kind, e.line, e.detail) == (1, "no_variant", 1, None)
    (e,) = d.read_pdn('[GameType "99"]\n1. 32-28 *', errors="return")
    assert (e.kind, e.detail) == ("unsupported_game_type", "99")
    (e,) = d.read_pdn('[GameType "20"]\n[FEN "W:W99:B1"]\n1. 32-28 *', errors="return")
    assert e.kind == "fen" and e.detail == str(e).split("bad FEN tag: ", 1)[1] and "99" in e.detail


def test_batch_errors():
    with pytest.raises(d.ArgumentError, match="^planes_batch needs at least one board$"):
        d.planes_batch([])
    with pytest.raises(d.ArgumentError, match="^planes_batch needs boards of one variant: english and russian$"):
        d.planes_batch([d.Board("english"), d.Board("russian")])


def test_numpy_missing_is_a_clear_import_error(monkeypatch):
    import builtins
    import sys

    real = builtins.__import__
    monkeypatch.delitem(sys.modules, "numpy", raising=False)

    def no_numpy(name, *a, **k):
        if name == "numpy":
            raise ImportError("No module named 'numpy'")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    b = d.Board("english")
    assert len(b.legal_moves()) == 7  # the rest works without NumPy
    with pytest.raises(ImportError, match="pip install numpy"):
        b.planes()


def test_a_refused_move_names_the_compulsory_capture():
    g = d.Game("international")
    g.push("32-28")
    g.push("19-23")
    before = (g.board, g.moves)
    with pytest.raises(d.MoveError, match=r"no legal move matches `33-29`: a capture is compulsory: 28x19$"):
        g.push("33-29")
    assert (g.board, g.moves) == before
