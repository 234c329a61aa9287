"""Type stubs of the native module ``draughts_rs._draughts_rs``."""

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import os

import numpy

__all__: List[str]

from ._errors import (
    ArgumentError as ArgumentError,
    DraughtsError as DraughtsError,
    DrawClaimError as DrawClaimError,
    EgdbError as EgdbError,
    EmptyGameError as EmptyGameError,
    EngineError as EngineError,
    FenError as FenError,
    GameOverError as GameOverError,
    MoveError as MoveError,
    PdnError as PdnError,
    SquareError as SquareError,
    VariantError as VariantError,
)

__version__: str

class Move:
    """A legal move: a step, or a whole capture sequence (squares are PDN numbers)."""

    @property
    def variant(self) -> str: ...
    @property
    def text(self) -> str:
        """Full-path text, e.g. ``"28x19x10"``."""
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def path(self) -> List[int]:
        """Every landing square in order; the last is ``to_square``."""
    @property
    def captured(self) -> List[int]:
        """Squares of the captured pieces, in capture order (as ``jumps``)."""
    @property
    def jumps(self) -> List[Tuple[int, int, int]]:
        """The jumps of a capture in order: ``(from, to, captured)``."""
    @property
    def is_capture(self) -> bool: ...
    @property
    def promotes(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

MoveLike = Union[Move, str]

class DrawCount:
    """A running draw count; ``str(c)`` is its text (``"5-move rule: 3 moves left"``)."""

    @property
    def reason(self) -> str:
        """The rule's reason, the library's name (``"small_ending"``...)."""
    @property
    def moves_left(self) -> int:
        """Moves left in the rule's own unit."""
    @property
    def plies_left(self) -> int:
        """Plies until the draw (0: the rule is met now)."""
    @property
    def plies(self) -> int:
        """Plies since the count started."""
    @property
    def claimed(self) -> bool:
        """True when the draw must be claimed (else it is automatic)."""

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """``"white"``, ``"black"`` or None for a draw."""
    @property
    def reason(self) -> str:
        """The library's reason in snake case, e.g. ``"no_pieces"``, ``"blocked"``,
        ``"out_of_moves"``, ``"first_king"``, ``"resignation"``, ``"time"``,
        ``"agreement"``, ``"repetition"``, ``"king_moves"``, ``"no_progress"``,
        or an end-game rule such as ``"lone_king_five_moves"``."""
    @property
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    @property
    def is_draw(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """An immutable, hashable position of any variant."""

    def __init__(self, variant: str = "international", fen: Optional[str] = None) -> None: ...
    def svg(
        self,
        *,
        flipped: bool = False,
        labels: str = "squares",
        highlight: Sequence[int] = (),
        last_move: Sequence[int] = (),
        arrows: Sequence[Sequence[int]] = (),
        captured: Sequence[int] = (),
        move: Optional[MoveLike] = None,
        size: int = 400,
    ) -> str:
        """The position as an SVG picture; labels: "squares", "numbers",
        "coordinates" or "none"."""
    def _repr_svg_(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def fen(self) -> str: ...
    @property
    def turn(self) -> str: ...
    @property
    def num_squares(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    def legal_moves(self, routes: bool = False) -> List[Move]: ...
    def count_moves(self, routes: bool = False) -> int: ...
    def has_captures(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def play(self, move: MoveLike) -> "Board": ...
    def parse_move(self, text: str) -> Move: ...
    def move_text(self, move: Move) -> str: ...
    def piece_at(self, square: int) -> Optional[str]: ...
    def pieces(self, color: str, kind: Optional[str] = None) -> List[int]: ...
    def square_name(self, square: int) -> str: ...
    def parse_square(self, text: str) -> int: ...
    def perft(self, depth: int, routes: bool = False, threads: int = 1) -> int: ...
    def divide(self, depth: int, routes: bool = False) -> Dict[str, int]: ...
    def flipped(self) -> "Board": ...
    def numbered_diagram(self) -> str: ...
    def move_input(self, clicks: Sequence[int] = ...) -> "MoveInput": ...
    def planes(self, dtype: Any = None, canonical: bool = False) -> "numpy.ndarray": ...
    def legal_mask(self, dtype: Any = None, canonical: bool = False) -> "numpy.ndarray": ...
    def action(self, move: Move, canonical: bool = False) -> int: ...
    def moves_for_action(self, action: int, canonical: bool = False) -> List[Move]: ...
    def zobrist(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class MoveInput:
    """Step-wise (click) move input."""

    def click(self, square: int) -> bool: ...
    def undo(self) -> Optional[int]: ...
    def clear(self) -> None: ...
    @property
    def board(self) -> Board: ...
    @property
    def clicks(self) -> List[int]: ...
    @property
    def movable(self) -> List[int]: ...
    @property
    def next_squares(self) -> List[int]: ...
    @property
    def destinations(self) -> List[int]: ...
    @property
    def captured(self) -> List[int]: ...
    @property
    def jumped(self) -> List[int]: ...
    @property
    def candidates(self) -> List[Move]: ...
    @property
    def is_complete(self) -> bool: ...
    @property
    def chosen(self) -> Optional[Move]: ...

class Game:
    """A mutable game: start position, moves, draw rules, outcome."""

    def __init__(
        self,
        variant: str = "international",
        fen: Optional[str] = None,
        draw_mode: str = "automatic",
    ) -> None: ...
    @staticmethod
    def from_board(board: Board, draw_mode: str = "automatic") -> "Game": ...
    @property
    def variant(self) -> str: ...
    @property
    def board(self) -> Board: ...
    @property
    def start(self) -> Board: ...
    @property
    def fen(self) -> str: ...
    @property
    def turn(self) -> str: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def boards(self) -> List[Board]: ...
    @property
    def outcome(self) -> Optional[Outcome]: ...
    draw_mode: str
    tags: List[Tuple[str, str]]
    def __len__(self) -> int: ...
    def legal_moves(self, routes: bool = False) -> List[Move]: ...
    def push(self, move: MoveLike) -> Move: ...
    def pop(self) -> Move: ...
    def is_over(self) -> bool: ...
    def claimable_draw(self) -> Optional[str]: ...
    def claim_draw(self) -> Outcome: ...
    def resign(self, color: Optional[str] = None) -> Outcome: ...
    def lose_on_time(self, color: Optional[str] = None) -> Outcome: ...
    def agree_draw(self) -> Outcome: ...
    def repetitions(self) -> int: ...
    def quiet_king_plies(self) -> int: ...
    def draw_counts(self) -> List[DrawCount]: ...
    def tag(self, name: str) -> Optional[str]: ...
    def to_pdn(
        self, tags: Union[None, Dict[str, str], Sequence[Tuple[str, str]]] = None
    ) -> str: ...
    def copy(self) -> "Game": ...
    def svg(
        self,
        *,
        flipped: bool = False,
        labels: str = "squares",
        highlight: Sequence[int] = (),
        last_move: Sequence[int] = (),
        arrows: Sequence[Sequence[int]] = (),
        captured: Sequence[int] = (),
        move: Optional[MoveLike] = None,
        size: int = 400,
    ) -> str:
        """The position as an SVG picture; labels: "squares", "numbers",
        "coordinates" or "none"."""
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

def variants() -> List[str]:
    """The names of every built-in variant, in the library's order."""

def modes() -> List[str]:
    """Every accepted name: the built-in variants, then the house rules."""

def read_pdn(
    text: str, variant: Optional[str] = None, errors: str = "raise"
) -> List[Union[Game, PdnError]]:
    """errors: "raise" (the first bad game raises PdnError), "skip" or "return"
    (a PdnError instance in the bad game's place)."""
def parse_pdn_tree(text: str) -> List[Dict[str, Any]]:
    """Every game as a tree dict: tags, main (comments, moves), result, line;
    each move: number, ellipsis, text, nags, comments, variations."""
def write_pdn_tree(tree: Dict[str, Any]) -> str: ...
def replay_lines(tree: Dict[str, Any], variant: Optional[str] = None) -> List[Game]:
    """Every line of a tree dict (the main line, then the variations, depth
    first) replayed; PdnError for the first that does not replay, with
    ``path``: one dict per variation (move_index, variation, number, reply),
    outermost first, [] for the main line."""
def random_playouts(
    variant: str = "international",
    games: int = 100,
    fen: Optional[str] = None,
    seed: int = 0,
    max_plies: int = 400,
    threads: int = 1,
) -> Dict[str, int]: ...
def planes_batch(
    boards: Sequence[Board], dtype: Any = None, canonical: bool = False
) -> "numpy.ndarray": ...
def analyse_many(
    items: Iterable[Union[Game, Board, str]],
    *,
    variant: Optional[str] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    threads: int = 1,
    every_ply: bool = False,
) -> Dict[str, Any]:
    """Scores many positions natively in parallel: arrays ``item``, ``ply``,
    ``score`` (men; +-inf for a forced result), ``win_in``, ``depth``,
    ``nodes`` and the list ``best``."""

class Score:
    """A search score for the side to move: hundredths of a man, or a forced
    win or loss in a number of plies. Scores order from the worst (a quick
    loss) to the best (a quick win); ``float(score)`` is ``men``. ``str``
    gives ``"+1.25"``, ``"-0.40"``, ``"win in 7"`` or ``"loss in 4"``."""

    @property
    def men(self) -> float:
        """The score in men (1.0 = one man); a forced result is about +-300."""
    @property
    def centimen(self) -> int:
        """Hundredths of a man (a forced result: +-30000 minus the plies)."""
    @property
    def win_in(self) -> Optional[int]:
        """Plies to a forced win (> 0) or loss (< 0); None when not forced."""
    @property
    def is_decisive(self) -> bool:
        """True for a forced win or loss."""
    def __float__(self) -> float: ...
    def __eq__(self, other: object) -> bool: ...
    def __lt__(self, other: "Score") -> bool: ...
    def __le__(self, other: "Score") -> bool: ...
    def __gt__(self, other: "Score") -> bool: ...
    def __ge__(self, other: "Score") -> bool: ...
    def __hash__(self) -> int: ...

class LevelInfo:
    """One of the four levels, as the library defines it."""

    @property
    def name(self) -> str:
        """``"very easy"``, ``"easy"``, ``"medium"`` or ``"hard"``."""
    @property
    def depth(self) -> Optional[int]:
        """Nominal search depth in plies, or None."""
    @property
    def nodes(self) -> Optional[int]:
        """Node budget, or None."""
    @property
    def time_ms(self) -> Optional[int]:
        """Time per move in milliseconds, or None."""
    @property
    def margin_centimen(self) -> int:
        """The level plays a random move among those within this many
        hundredths of a man of the best (0: always the best move)."""
    @property
    def blunder_permille(self) -> int:
        """Per mille of its moves that are a uniformly random legal move."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def levels() -> List[LevelInfo]:
    """The four levels, weakest first: their search limits and how they err."""

class SearchInfo:
    """Progress of a search, given to the callback after each completed iteration."""

    @property
    def depth(self) -> int:
        """Nominal depth of the iteration."""
    @property
    def seldepth(self) -> int:
        """Deepest ply reached (captures included)."""
    @property
    def score(self) -> Score:
        """Score of the best move for the side to move."""
    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
    @property
    def time_ms(self) -> int:
        """Milliseconds since the search started."""
    @property
    def nps(self) -> int:
        """Nodes per second (0 before a millisecond has passed)."""
    @property
    def pv(self) -> List[Move]:
        """The principal variation, best move first."""

class SearchResult:
    """What a search found."""

    @property
    def best(self) -> Optional[Move]:
        """The best move; None when there is no legal move (the game is over)."""
    @property
    def score(self) -> Score:
        """Its score for the side to move."""
    @property
    def win_in(self) -> Optional[int]:
        """``score.win_in``: plies to a forced win (> 0) or loss (< 0), or None."""
    @property
    def pv(self) -> List[Move]:
        """The principal variation, best move first."""
    @property
    def depth(self) -> int:
        """The last completed nominal depth (0 if even depth 1 was cut short)."""
    @property
    def seldepth(self) -> int:
        """Deepest ply reached."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def time_ms(self) -> int:
        """Milliseconds the search took."""

Searchable = Union[Game, Board]
Callback = Callable[[SearchInfo], Any]

class Played:
    """The move a level played, with what the search found."""

    @property
    def move(self) -> Move:
        """The move played."""
    @property
    def score(self) -> Optional[Score]:
        """Its score for the side to move; None when no search chose it."""
    @property
    def depth(self) -> int:
        """The last completed depth (0 when no search chose the move)."""
    @property
    def pv(self) -> List[Move]:
        """The principal variation, the move first."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""

class Engine:
    """The computer opponent: the library's search engine for every variant,
    keeping its transposition table and move-ordering history between moves.

    ``level`` is a name from ``levels()`` (``"normal"`` is ``"medium"``);
    ``seed`` makes the levels' random choices reproducible (``"hard"`` is
    time-limited: give it ``nodes=`` to make it reproducible); ``tt_mib`` is
    the table size in MiB (1 to 16384).

    Searches run without holding the GIL, one at a time per engine. A
    ``callback`` gets a ``SearchInfo`` after each completed iteration; an
    exception it raises (or Ctrl-C, noticed between iterations) stops the
    search and is raised. ``stop()`` from another thread ends the running
    search, which returns the best move found so far.

    Limits (keyword arguments of ``play``, ``search`` and ``analyse``):
    ``depth`` in plies, ``nodes``, ``time_ms`` for this move, or a game clock
    ``time_left_ms`` with ``increment_ms`` and ``moves_to_go``; the first
    reached ends the search. When none is given, the level's limits apply;
    ``infinite=True`` searches until ``stop()`` (or depth 100).
    """

    def __init__(self, level: str = "medium", seed: int = 1, tt_mib: int = 16) -> None: ...
    level: str
    seed: int
    @property
    def tt_mib(self) -> int: ...
    @property
    def level_info(self) -> LevelInfo: ...
    @property
    def searching(self) -> bool:
        """True while a search of this engine runs (in any thread)."""
    def play(
        self,
        game: Searchable,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        time_left_ms: Optional[int] = None,
        increment_ms: Optional[int] = None,
        moves_to_go: Optional[int] = None,
        callback: Optional[Callback] = None,
    ) -> Optional[Move]:
        """The move the level plays in ``game``, or None when the game is over.
        Limits given replace the level's; its way of erring stays."""
    def play_scored(
        self,
        game: Searchable,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        time_left_ms: Optional[int] = None,
        increment_ms: Optional[int] = None,
        moves_to_go: Optional[int] = None,
        callback: Optional[Callback] = None,
    ) -> Optional[Played]:
        """The move ``play`` plays, with its score (None when no search chose
        it), depth, principal variation and nodes."""
    def search(
        self,
        game: Searchable,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        time_left_ms: Optional[int] = None,
        increment_ms: Optional[int] = None,
        moves_to_go: Optional[int] = None,
        infinite: bool = False,
        callback: Optional[Callback] = None,
    ) -> SearchResult:
        """Searches ``game`` (a ``Game``, whose history counts for repetitions
        and the draw counters, or a ``Board``)."""
    def analyse(
        self,
        game: Searchable,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        time_left_ms: Optional[int] = None,
        increment_ms: Optional[int] = None,
        moves_to_go: Optional[int] = None,
        infinite: bool = False,
        callback: Optional[Callback] = None,
    ) -> List[Tuple[Move, Score]]:
        """Every legal move with its score, best first (each searched with a
        full window to the same depth: slower than ``search``)."""
    def accepts_draw(self, game: Searchable, offered_by: Optional[str] = None) -> bool:
        """Whether the engine, as the opponent of ``offered_by`` (``"white"`` or
        ``"black"``; default: the side to move), accepts that side's draw offer:
        yes when a 50,000-node search finds the offering side at least level.
        Always False once the game is over."""
    def stop(self) -> None:
        """Stops the running search (from another thread)."""
    def clear(self) -> None:
        """Forgets everything learnt (results no longer depend on earlier searches)."""

class EgdbProbe:
    """What ``Egdb.probe`` found for the side to move."""
    @property
    def value(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"``."""
    @property
    def distance(self) -> int:
        """Plies to the end of the game under optimal play (0 for a draw)."""
    @property
    def best(self) -> List[Move]:
        """The moves that keep the value (empty when the game is over)."""

class Egdb:
    """An endgame database of one variant (slices of ``draughts egdb build``)."""
    def __init__(self, variant: str) -> None: ...
    @staticmethod
    def build(variant: str, pieces: int, threads: int = 1) -> "Egdb":
        """Every slice with 1 to ``pieces`` (at most 4) pieces, built in memory."""
    def slice_bytes(self, name: str) -> bytes:
        """The bytes of a loaded slice (what ``insert`` takes)."""
    @property
    def variant(self) -> str: ...
    @property
    def slices(self) -> List[str]:
        """The loaded slices' names (``"wm1wk0bm0bk1"``)."""
    @property
    def max_pieces(self) -> int: ...
    def __len__(self) -> int: ...
    def insert(self, data: bytes) -> str:
        """Adds one slice from its bytes; returns its name."""
    def load_dir(self, path: Union[str, "os.PathLike[str]"]) -> List[str]:
        """Loads every ``*.egdb`` file of a directory (all or nothing)."""
    def lookup(self, board: Board) -> Tuple[str, int]:
        """``(value, distance)`` for the side to move."""
    def probe(self, board: Board) -> EgdbProbe:
        """Value, distance and best moves for the side to move."""
