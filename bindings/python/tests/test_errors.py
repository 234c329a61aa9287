"""Every error path: the exception class, the library's message, and that
the rejected call changed nothing."""

import pytest

import draughts_rs as d


def test_hierarchy():
    for e in (d.VariantError, d.FenError, d.MoveError, d.PdnError, d.GameOverError, d.DrawClaimError):
        assert issubclass(e, d.DraughtsError) and issubclass(e, ValueError)


def test_unknown_variant():
    for call in (lambda: d.Board("checkers9"), lambda: d.Game("checkers9"),
                 lambda: d.random_playouts("checkers9"), lambda: d.read_pdn("1. 32-28 *", variant="checkers9")):
        with pytest.raises(d.VariantError, match=r"unknown variant `checkers9` \(expected one of: english"):
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
        ("32?28", "unexpected `\\?28` at byte 2|unexpected"),
        ("32-", "a square is missing at byte 3"),
        ("32-99", "`99` at byte 3 is not a square of this board"),
        ("32-27x", "a square is missing"),
        ("46-41", "no legal move matches `46-41`"),
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
        with pytest.raises(d.GameOverError, match="the game is over: White wins|the game is over"):
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
    b = d.Board("english")
    with pytest.raises(ValueError, match="is not a colour"):
        g.resign("red")
    with pytest.raises(ValueError, match="is not a draw mode"):
        d.Game("english", draw_mode="sometimes")
    with pytest.raises(ValueError, match="is not a draw mode"):
        g.draw_mode = "never"
    assert g.draw_mode == "automatic" and g.outcome is None
    for sq in (0, 33, -1, 2**40, 10**30):
        with pytest.raises((ValueError, OverflowError)):
            b.piece_at(sq)
        with pytest.raises((ValueError, OverflowError)):
            b.square_name(sq)
    with pytest.raises(ValueError, match="is not a square of english"):
        b.parse_square("z9")
    with pytest.raises(ValueError, match="is not a piece kind"):
        b.pieces("white", "queen")
    with pytest.raises(ValueError, match="is not a colour"):
        b.pieces("green")
    with pytest.raises(IndexError, match="pop from a game without moves"):
        g.pop()
    assert len(g) == 0


def test_move_input_refusals():
    b = d.Board("international")
    with pytest.raises(ValueError, match="can't be clicked"):
        b.move_input([1])
    inp = b.move_input([32])
    assert not inp.click(31) and inp.clicks == [32]
    with pytest.raises(ValueError, match="is not a square of international"):
        inp.click(51)
    assert inp.clicks == [32] and inp.undo() == 32 and inp.undo() is None


def test_pdn_errors():
    with pytest.raises(d.PdnError, match=r"game 1: no GameType tag and no default variant"):
        d.read_pdn("1. 32-28 *")
    with pytest.raises(d.PdnError, match=r"game 1: unsupported GameType `99`"):
        d.read_pdn('[GameType "99"]\n1. 32-28 *')
    with pytest.raises(d.PdnError, match=r"game 2: move 1 `11-15`: no legal move matches"):
        d.read_pdn('[GameType "20"]\n1. 32-28 *\n[GameType "20"]\n1. 11-15 *')
    with pytest.raises(d.PdnError, match=r"bad FEN tag"):
        d.read_pdn('[GameType "20"]\n[FEN "W:W99:B1"]\n1. 32-28 *')
    with pytest.raises(d.PdnError, match=r"comments do not nest"):
        d.read_pdn('[GameType "20"]\n1. 32-28 {a {b} c} *')
    text = '[GameType "20"]\n1. 32-28 *\n[GameType "20"]\n1. 11-15 *\n[GameType "20"]\n1. 33-28 *'
    assert [g.moves[0].text for g in d.read_pdn(text, errors="skip")] == ["32-28", "33-28"]
    mixed = d.read_pdn(text, errors="return")
    assert isinstance(mixed[1], d.PdnError) and "game 2" in str(mixed[1]) and isinstance(mixed[2], d.Game)
    with pytest.raises(ValueError, match="expected"):
        d.read_pdn(text, errors="ignore")


def test_batch_errors():
    with pytest.raises(ValueError, match="at least one board"):
        d.planes_batch([])
    with pytest.raises(ValueError, match="one variant"):
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
