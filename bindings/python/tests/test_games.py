"""Games replayed from the PDN collection in tests/data/games, through the
Python API: every game the library reads is replayed again move by move with
`Game.push` on the shortest move text, written back as PDN and read again."""

from collections import Counter

import pytest

import draughts_rs as d
from conftest import DATA

GAMES = DATA / "games"

# (file, 1-based game index or 0 for every game, part of the message): records
# broken in the source (the same list as tests/pdn.rs, where each is explained).
KNOWN_BROKEN = [
    ("english/eygilbert_CheckerBoard/tinsley.pdn", 541, "`32-28`"),
    ("english/eygilbert_CheckerBoard/tinsley.pdn", 623, "11Redoverstepped"),
    ("english/eygilbert_CheckerBoard/tinsley.pdn", 693, "22Whiteoverstepped"),
    ("english/wiegerw_pdn/beginner.pdn", 10, "promotion row"),
    ("english/wiegerw_pdn/goulds.pdn", 93, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 36, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 63, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 65, "promotion row"),
    ("english/wiegerw_pdn/lpc.pdn", 73, "promotion row"),
    ("english/wiegerw_pdn/bridges.pdn", 14, "does not start with W or B"),
    ("english/py-draughts_playstrategy/american_playstrategy.pdn", 0, "no legal move matches"),
    ("international/mig0_Games-Checkers/prof2.pdn", 4, "`9n`"),
    ("international/wiegerw_pdn/fail/Cat.C1.pdn", 46, "`36x27`"),
    ("international/wiegerw_pdn/fail/delfts.pdn", 1, "`4-6`"),
    ("international/wiegerw_pdn/fail/delfts.pdn", 2, "`1-9`"),
    ("italian/wiegerw_pdn/Campionato_Assoluto_2005.pdn", 46, "ambiguous"),
    ("russian/mig0_Games-Checkers/abatsiev.pdn", 36, "unexpected `-`"),
    ("russian/mig0_Games-Checkers/abatsiev.pdn", 142, "unexpected `-`"),
    ("russian/wiegerw_pdn/fail/abatsiev.pdn", 36, "unexpected `-`"),
    ("pdn_syntax_tests/fail/nested_comment.pdn", 1, "comments do not nest"),
]


def default_variant(rel):
    if rel.endswith("alphanumeric.pdn"):
        return "russian"
    if rel.startswith("pdn_syntax_tests"):
        return "international"
    first = rel.split("/")[0]
    return first if first in d.variants() else None


def read_text(path):
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


FILES = sorted(p for p in GAMES.rglob("*") if p.suffix in (".pdn", ".phn"))


def replay_again(game):
    """The game replayed with push() on each move's shortest text."""
    again = d.Game.from_board(game.start, draw_mode="on_claim")
    for m in game.moves:
        text = again.board.move_text(m)
        assert again.push(text) == m
    return again


@pytest.fixture(scope="module")
def replayed():
    return Counter()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GAMES)))
def test_replay_file(path, replayed):
    rel = str(path.relative_to(GAMES)).replace("\\", "/")
    text = read_text(path)
    if rel.startswith("frisian/") and "frisian" not in d.variants():
        results = d.read_pdn(text, errors="return")
        assert results and all(isinstance(r, d.PdnError) and "GameType `40`" in str(r) for r in results)
        return
    results = d.read_pdn(text, default_variant(rel), errors="return")
    unexpected = []
    for index, r in enumerate(results, start=1):
        if isinstance(r, d.PdnError):
            msg = str(r)
            if not any(f == rel and n in (0, index) and part in msg for f, n, part in KNOWN_BROKEN):
                unexpected.append(msg)
            continue
        again = replay_again(r)
        assert again.fen == r.fen and again.moves == r.moves
        back = d.read_pdn(r.to_pdn())
        assert len(back) == 1 and back[0].moves == r.moves and back[0].start == r.start
        replayed[r.variant] += 1
        replayed["plies"] += len(r)
    assert not unexpected, "\n".join(unexpected)
    # Every known broken record of this file is still refused.
    for f, n, part in KNOWN_BROKEN:
        if f == rel and n:
            assert isinstance(results[n - 1], d.PdnError) and part in str(results[n - 1])


def test_collection_totals(replayed):
    # Runs after the files (pytest keeps file order): enough of each variant.
    for v in ("english", "international", "russian", "italian", "czech", "brazilian"):
        assert replayed[v] >= 20, (v, dict(replayed))
    print(dict(replayed))
