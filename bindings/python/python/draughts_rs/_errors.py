"""The exceptions of draughts_rs.

Every exception the package raises for a bad argument or a refused action is
a ``DraughtsError`` (itself a ``ValueError``); some also subclass the built-in
exception Python code would expect (``EmptyGameError`` is an ``IndexError``,
as ``list.pop`` raises). The extension module raises these classes.
"""

from typing import Any, Dict, List, Optional


class DraughtsError(ValueError):
    """Base of the errors of draughts_rs (a ValueError)."""


class VariantError(DraughtsError):
    """An unknown variant name."""


class FenError(DraughtsError):
    """A FEN that could not be read."""


class MoveError(DraughtsError):
    """Move text that names no legal move (or several), a move that is not
    legal here, or clicks that fit no legal move."""


class SquareError(DraughtsError):
    """A square number or name that is not a playing square of the board."""


class ArgumentError(DraughtsError):
    """A bad argument value: an unknown draw mode, colour, piece kind or
    ``errors=`` choice, a depth, thread count, action or count out of range."""


class EmptyGameError(DraughtsError, IndexError):
    """``Game.pop()`` on a game without moves (also an ``IndexError``)."""


class GameOverError(DraughtsError):
    """A move or declaration after the game ended."""


class DrawClaimError(DraughtsError):
    """A draw claim where no draw rule applies."""


class EngineError(DraughtsError):
    """A bad engine argument: an unknown level name or a negative search limit."""


class EgdbError(DraughtsError):
    """An endgame database that cannot answer (a slice it needs is not
    loaded; the message names it) or bytes that are not a slice of its
    variant."""


class PdnError(DraughtsError):
    """A PDN game that could not be read or replayed.

    ``str(e)`` is the library's message; the attributes give its parts:

    * ``game``: 1-based index of the game in the text;
    * ``kind``: what went wrong, the library's ``PdnErrorKind`` in snake
      case: ``"syntax"``, ``"unsupported_game_type"``, ``"no_variant"``,
      ``"custom_variant"``, ``"variant_mismatch"``, ``"fen"``, ``"move"``,
      ``"unfinished_capture"`` or ``"after_end"``;
    * ``line``: the 1-based line of the error for ``"syntax"``, else the line
      where the game starts;
    * ``move_number`` and ``move_text``: the move as written, for ``"move"``,
      ``"unfinished_capture"`` and ``"after_end"`` (else None); ``side``:
      whose move it is, ``"white"`` or ``"black"`` (else None);
    * ``detail``: the specific part of the message (the syntax problem, the
      game type, the custom variant's name, the FEN error, why the move
      failed; None for ``"no_variant"``);
    * ``record`` and ``expected``: the two variants of ``"variant_mismatch"``;
    * ``path``: for ``replay_lines``, the line that did not replay: one dict
      per variation leading to it, outermost first (``move_index``: the
      index in its parent line's ``moves`` of the move it replaces;
      ``variation``: its index among that move's ``variations``;
      ``number`` and ``reply``: that move's number and whether it is the
      second mover's, ``12...``), ``[]`` for the main line; None for the
      other calls.
    """

    def __init__(
        self,
        message: str,
        *,
        game: Optional[int] = None,
        kind: Optional[str] = None,
        line: Optional[int] = None,
        move_number: Optional[int] = None,
        move_text: Optional[str] = None,
        side: Optional[str] = None,
        detail: Optional[str] = None,
        record: Optional[str] = None,
        expected: Optional[str] = None,
        path: Optional[List[Dict[str, Any]]] = None,
    ) -> None:
        super().__init__(message)
        self.game = game
        self.kind = kind
        self.line = line
        self.move_number = move_number
        self.move_text = move_text
        self.side = side
        self.detail = detail
        self.record = record
        self.expected = expected
        self.path = path


__all__ = [
    "ArgumentError",
    "DraughtsError",
    "DrawClaimError",
    "EmptyGameError",
    "EngineError",
    "EgdbError",
    "FenError",
    "GameOverError",
    "MoveError",
    "PdnError",
    "SquareError",
    "VariantError",
]

# Shown (and pickled) as the package's classes, like the native ones.
for _name in __all__:
    globals()[_name].__module__ = "draughts_rs"
del _name
