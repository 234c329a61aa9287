"""draughts_rs: draughts/checkers rules at native speed, every variant.

The Rust library ``draughts`` (bitboard move generation, games with draw
rules, FEN/PDN, perft) as a Python package.

>>> import draughts_rs as d
>>> d.Board("international").perft(3)
658
>>> g = d.Game("russian")
>>> g.push("c3-d4")
Move('c3-d4')

Squares are the variant's PDN square numbers (1 to ``Board.num_squares``) in
every variant; ``Board.square_name`` gives the text the variant writes.

Action encoding (``Board.action``, ``Board.legal_mask``): a move's action is
``(from_square - 1) * num_squares + (to_square - 1)``; there are
``num_squares ** 2`` actions. Captures with the same start and end square but
different captured pieces share one action (``Board.moves_for_action`` lists
them). With ``canonical=True`` (also for ``planes``), the board is seen from
the side to move: when Black is to move, squares are those of the board
rotated by 180 degrees (``Board.flipped``). NumPy is only needed by
``planes``, ``legal_mask`` and ``planes_batch``.

Errors: every exception the package raises for a bad value or a refused
action is a ``DraughtsError`` (a ``ValueError``); ``EmptyGameError`` is also
an ``IndexError``.

The computer opponent: ``Engine(level, seed, tt_mib)`` plays (``play``),
searches (``search``) and scores every move (``analyse``) without holding the
GIL; ``levels()`` describes its four levels.

>>> e = d.Engine("easy", seed=3)
>>> e.play(g) in g.legal_moves()
True
"""

from ._errors import (
    ArgumentError,
    DraughtsError,
    DrawClaimError,
    EgdbError,
    EmptyGameError,
    EngineError,
    FenError,
    GameOverError,
    MoveError,
    PdnError,
    SquareError,
    VariantError,
)
from ._draughts_rs import (
    Board,
    Egdb,
    EgdbProbe,
    Engine,
    Game,
    LevelInfo,
    Move,
    MoveInput,
    DrawCount,
    Outcome,
    Score,
    SearchInfo,
    SearchResult,
    Played,
    __version__,
    analyse_many,
    levels,
    modes,
    parse_pdn_tree,
    planes_batch,
    random_playouts,
    read_pdn,
    replay_lines,
    variants,
    write_pdn_tree,
)

__all__ = [
    "ArgumentError",
    "Board",
    "DraughtsError",
    "DrawClaimError",
    "Egdb",
    "EgdbError",
    "EgdbProbe",
    "EmptyGameError",
    "Engine",
    "EngineError",
    "FenError",
    "Game",
    "GameOverError",
    "LevelInfo",
    "Move",
    "MoveError",
    "MoveInput",
    "DrawCount",
    "Outcome",
    "PdnError",
    "Score",
    "SearchInfo",
    "SearchResult",
    "Played",
    "SquareError",
    "VariantError",
    "__version__",
    "analyse_many",
    "levels",
    "modes",
    "parse_pdn_tree",
    "planes_batch",
    "random_playouts",
    "read_pdn",
    "replay_lines",
    "variants",
    "write_pdn_tree",
]
