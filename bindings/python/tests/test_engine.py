"""The computer opponent through Python: levels, limits, determinism, tables
kept between moves, draw awareness, a tactic, the progress callback, stopping
from another thread, searching without the GIL, and every error path."""

import csv
import pickle
import threading

import pytest

import draughts_rs as d
from conftest import DATA

LEVELS = ["very easy", "easy", "medium", "hard"]
# "hard" thinks for a second per move; a node budget keeps the tests quick
# and reproducible.
HARD_NODES = 3000


def play(engine, game):
    return engine.play(game, nodes=HARD_NODES) if engine.level == "hard" else engine.play(game)


def random_game(variant, plies, seed):
    """A game of `plies` moves chosen by "very easy" (which errs a lot)."""
    g = d.Game(variant)
    e = d.Engine("very easy", seed=seed, tt_mib=1)
    for _ in range(plies):
        if g.is_over():
            break
        g.push(e.play(g))
    return g


# Levels ---------------------------------------------------------------------


def test_levels_describe_the_four_levels():
    ls = d.levels()
    assert [l.name for l in ls] == LEVELS
    assert all(isinstance(l, d.LevelInfo) for l in ls)
    # Weaker levels search less deep and err more.
    assert [l.depth for l in ls[:3]] == sorted(l.depth for l in ls[:3])
    assert ls[-1].depth is None and ls[-1].time_ms is not None and ls[-1].time_ms > 0
    assert [l.blunder_permille for l in ls] == sorted((l.blunder_permille for l in ls), reverse=True)
    assert ls[-1].margin_centimen == 0 and ls[-1].blunder_permille == 0
    assert "LevelInfo(name='medium'" in repr(ls[2])


def test_level_names_and_aliases():
    assert d.Engine().level == "medium"
    assert d.Engine("normal").level == "medium"
    assert d.Engine("Very-Easy").level == "very easy"
    e = d.Engine("hard", seed=9, tt_mib=2)
    assert (e.level, e.seed, e.tt_mib) == ("hard", 9, 2)
    assert e.level_info == d.levels()[3]
    assert repr(e) == "Engine(level='hard', seed=9, tt_mib=2)"
    e.level = "easy"
    e.seed = 4
    assert (e.level, e.seed) == ("easy", 4)


@pytest.mark.parametrize("variant", d.variants())
def test_every_level_plays_a_legal_move_in_every_variant(variant):
    for g in (d.Game(variant), random_game(variant, 12, seed=3)):
        if g.is_over():
            continue
        legal = g.legal_moves()
        for level in LEVELS:
            e = d.Engine(level, seed=1, tt_mib=1)
            m = play(e, g)
            assert m in legal, (variant, level, m)
            # A Board of the same position is accepted as well.
            assert play(e, g.board) in legal


def test_same_seed_same_move():
    g = random_game("international", 10, seed=5)
    for level in LEVELS:
        a = play(d.Engine(level, seed=42, tt_mib=1), g)
        b = play(d.Engine(level, seed=42, tt_mib=1), g)
        assert a == b, level
    # The seed matters: "very easy" plays several different moves over seeds
    # (in the start position: nine moves, none forced).
    g = d.Game("international")
    moves = {d.Engine("very easy", seed=s, tt_mib=1).play(g) for s in range(24)}
    assert len(moves) >= 2


def test_a_finished_game_has_no_move():
    g = d.Game("international", "W:W28:B23,13")
    g.push("28x8")
    assert g.is_over()
    e = d.Engine(tt_mib=1)
    assert e.play(g) is None
    r = e.search(g, depth=3)
    assert r.best is None and r.pv == [] and r.win_in is None
    assert e.analyse(g, depth=3) == []


# Search results and limits --------------------------------------------------


def test_search_result():
    g = d.Game("english")
    r = d.Engine(tt_mib=1).search(g, depth=4)
    assert isinstance(r, d.SearchResult)
    assert r.depth == 4 and r.best in g.legal_moves() and r.pv[0] == r.best
    assert r.seldepth >= r.depth and r.nodes > 0 and r.time_ms >= 0
    # The principal variation is a line of legal moves.
    b = g.board
    for m in r.pv:
        assert m in b.legal_moves()
        b = b.play(m)
    assert isinstance(r.score, d.Score) and r.win_in is None
    assert repr(r).startswith("SearchResult(best=Move(")


@pytest.mark.parametrize("depth", [1, 2, 3, 5, 7])
def test_depth_limit_is_respected(depth):
    infos = []
    r = d.Engine(tt_mib=1).search(d.Game("russian"), depth=depth, callback=infos.append)
    assert r.depth == depth
    assert [i.depth for i in infos] == list(range(1, depth + 1))


def test_node_limit_is_respected():
    e = d.Engine(tt_mib=1)
    for nodes in (1, 100, 5000):
        r = e.search(d.Board("international"), nodes=nodes)
        assert r.nodes <= nodes and r.best is not None


def test_time_limits_end_the_search():
    e = d.Engine(tt_mib=1)
    g = d.Game("international")
    for kwargs in (dict(time_ms=30), dict(time_left_ms=600), dict(time_left_ms=300, increment_ms=10, moves_to_go=5)):
        r = e.search(g, **kwargs)
        assert r.best in g.legal_moves() and r.depth >= 1, kwargs
        assert r.depth < 100


def test_without_limits_the_level_decides():
    g = d.Game("english")
    assert d.Engine("medium", tt_mib=1).search(g).depth == d.levels()[2].depth
    assert d.Engine("easy", tt_mib=1).search(g).depth == d.levels()[1].depth
    # Limits given replace the level's, in play too.
    infos = []
    d.Engine("medium", tt_mib=1).play(g, depth=2, callback=infos.append)
    assert max(i.depth for i in infos) == 2


def test_analyse_scores_every_move_best_first():
    g = d.Game("russian")
    scores = d.Engine(tt_mib=1).analyse(g, depth=3)
    assert sorted(m.text for m, _ in scores) == sorted(m.text for m in g.legal_moves())
    assert all(isinstance(s, d.Score) for _, s in scores)
    assert all(a[1] >= b[1] for a, b in zip(scores, scores[1:]))


def test_the_engine_keeps_its_tables_between_searches():
    g = d.Game("international")
    e = d.Engine(tt_mib=4)
    first = e.search(g, depth=6)
    again = e.search(g, depth=6)
    assert again.nodes < first.nodes
    e.clear()
    assert e.search(g, depth=6).nodes == first.nodes == d.Engine(tt_mib=4).search(g, depth=6).nodes


# Scores, tactics, draws -----------------------------------------------------


def test_a_forced_win_is_a_win_in_n():
    # White's man on 28 captures the last two black men.
    r = d.Engine(tt_mib=1).search(d.Board("international", "W:W28:B23,13"), depth=3)
    assert r.best.text == "28x19x8"
    assert r.win_in == 1 and r.score.win_in == 1 and r.score.is_decisive
    assert str(r.score) == "win in 1" and r.score.men > 100


def test_scores():
    scores = [s for _, s in d.Engine(tt_mib=1).analyse(d.Game("english"), depth=4)]
    s = scores[0]
    assert float(s) == s.men == s.centimen / 100
    assert repr(s) == f"Score('{s}')"
    assert pickle.loads(pickle.dumps(s)) == s and hash(pickle.loads(pickle.dumps(s))) == hash(s)
    assert sorted(scores, reverse=True) == scores
    win = d.Engine(tt_mib=1).search(d.Board("international", "W:W28:B23,13"), depth=3).score
    assert win > s and pickle.loads(pickle.dumps(win)).win_in == 1


def tactics(variant):
    with open(DATA / "tactics.tsv", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["variant"] == variant]


@pytest.mark.parametrize("variant,source", [
    ("english", "problem 4 of english/"),
    ("international", "problem 8 of international/"),
    ("international", "problem 11 of international/"),
])
def test_a_winning_shot_is_found(variant, source):
    """Problems from the tactics collection (tests/data/tactics.tsv) whose
    shot starts with a quiet sacrifice, several plies deep: the engine's best
    move is the shot, and "hard" plays it."""
    row = next(r for r in tactics(variant) if r["source"].startswith(source))
    board = d.Board(variant, row["fen"])
    solution = board.parse_move(row["solution"])
    assert not solution.is_capture
    r = d.Engine(tt_mib=16).search(board, nodes=200_000)
    assert r.best == solution, (row, r)
    assert d.Engine("hard", tt_mib=16).play(board, nodes=200_000) == solution


def repetition_game():
    """English kings: Black on 1 and 4 (a king up) to move, White on 32.
    Both shuttle there and back; after seven plies the start position has
    occurred twice, and White's move back makes it occur a third time: a
    draw by repetition (the third occurrence, as the rule counts it)."""
    g = d.Game("english", "B:WK32:BK1,K4")
    b = g.legal_moves()[0]
    g.push(b)
    w = g.legal_moves()[0]
    g.push(w)

    def back(m):
        return next(x for x in g.legal_moves() if (x.from_square, x.to_square) == (m.to_square, m.from_square))

    g.push(back(b))
    g.push(back(w))
    assert g.board == g.start
    g.push(b)
    g.push(w)
    g.push(back(b))
    return g, back(w)


def test_searching_a_game_uses_its_history():
    g, w = repetition_game()
    e = d.Engine(tt_mib=1)
    with_history = dict((m.text, s) for m, s in e.analyse(g, depth=6))
    # Repeating a third time is a draw for the side a king down: its best.
    assert with_history[w.text].centimen == 0
    assert max(with_history.values()).centimen == 0
    # The same position as a Board has no history: the same move is just a
    # king move, and the side behind is worse off.
    e.clear()
    alone = dict((m.text, s) for m, s in e.analyse(g.board, depth=6))
    assert max(alone.values()).centimen < 0


# The callback ---------------------------------------------------------------


def test_draw_offers_are_answered_by_the_evaluation():
    # White to move with three kings against one man.
    game = d.Game("english", "W:WK25,K26,K27:B5")
    e = d.Engine(tt_mib=1)
    # Black (the engine) is lost: it accepts White's offer...
    assert e.accepts_draw(game, "white") is True
    assert e.accepts_draw(game) is True, "the side to move offers by default"
    # ...and as White it declines Black's.
    assert e.accepts_draw(game, "black") is False
    # A finished game has no draw to accept.
    assert e.accepts_draw(d.Game("english", "B:W29:B")) is False
    # A bad colour is refused and changes nothing.
    fen = game.fen
    with pytest.raises(d.ArgumentError, match="^`red` is not a colour"):
        e.accepts_draw(game, "red")
    assert game.fen == fen and not game.is_over()


def test_the_callback_gets_one_info_per_iteration():
    g = d.Game("international")
    infos = []
    r = d.Engine(tt_mib=1).search(g, depth=6, callback=infos.append)
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5, 6]
    assert all(isinstance(i, d.SearchInfo) for i in infos)
    assert [i.nodes for i in infos] == sorted(i.nodes for i in infos)
    assert [i.time_ms for i in infos] == sorted(i.time_ms for i in infos)
    assert all(i.pv[0] in g.legal_moves() and i.seldepth >= i.depth for i in infos)
    assert infos[-1].score == r.score and infos[-1].pv == r.pv and infos[-1].nodes <= r.nodes
    assert "SearchInfo(depth=6" in repr(infos[-1])


def test_an_exception_in_the_callback_stops_the_search_and_propagates():
    calls = []

    def boom(info):
        calls.append(info.depth)
        if info.depth == 2:
            raise KeyError("from the callback")

    e = d.Engine(tt_mib=1)
    g = d.Game("english")
    with pytest.raises(KeyError, match="from the callback"):
        e.search(g, depth=20, callback=boom)
    assert calls == [1, 2]
    with pytest.raises(KeyError):
        e.play(g, callback=boom)
    with pytest.raises(KeyError):
        e.analyse(g, depth=5, callback=boom)
    # The engine is fine afterwards.
    assert e.search(g, depth=4).depth == 4 and not e.searching


# Threads --------------------------------------------------------------------


def test_stop_from_another_thread_ends_an_unlimited_search():
    e = d.Engine(tt_mib=4)
    g = d.Game("international")
    started = threading.Event()
    out = {}

    def run():
        out["r"] = e.search(g, infinite=True, callback=lambda i: started.set())

    t = threading.Thread(target=run, daemon=True)
    t.start()
    assert started.wait(60)
    e.stop()
    t.join(60)
    assert not t.is_alive()
    r = out["r"]
    assert r.best in g.legal_moves() and 1 <= r.depth < 100


def test_a_stop_with_no_search_running_does_not_stop_the_next():
    e = d.Engine(tt_mib=1)
    e.stop()
    assert e.search(d.Game("english"), depth=5).depth == 5


def test_the_gil_is_released_while_searching():
    """Another Python thread runs during the search, and is what ends it. (The
    minute-long time limit only keeps a broken build from hanging here.)"""
    e = d.Engine(tt_mib=4)
    g = d.Game("international")
    done = threading.Event()
    seen = {"ticks": 0}

    def other():
        while not e.searching and not done.is_set():
            pass
        while e.searching and seen["ticks"] < 10_000:
            seen["ticks"] += 1
        e.stop()

    t = threading.Thread(target=other, daemon=True)
    t.start()
    r = e.search(g, time_ms=60_000)
    done.set()
    t.join(60)
    assert not t.is_alive() and seen["ticks"] == 10_000
    assert r.best in g.legal_moves() and r.time_ms < 60_000 and not e.searching


def test_ctrl_c_stops_a_search_without_a_callback():
    """A KeyboardInterrupt for the main thread (as Ctrl-C makes) is noticed
    between iterations and raised: the search ends long before its time
    limit (half of which it would use otherwise)."""
    import _thread
    import signal
    import time

    e = d.Engine(tt_mib=4)
    # Python's own Ctrl-C handler, even where SIGINT is ignored (a process
    # started in the background inherits that; interrupt_main then does nothing).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt():
        while not e.searching:
            pass
        _thread.interrupt_main()

    t = threading.Thread(target=interrupt, daemon=True)
    t.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            e.search(d.Game("international"), time_ms=60_000)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 25
    t.join(60)
    assert not e.searching and e.search(d.Game("english"), depth=3).depth == 3


def test_one_engine_searches_one_position_at_a_time():
    e = d.Engine(tt_mib=1)
    g = d.Game("english")
    results = []
    threads = [threading.Thread(target=lambda: results.append(e.search(g, depth=6))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(results) == 3 and all(r.depth == 6 and r.best in g.legal_moves() for r in results)


# Errors ---------------------------------------------------------------------


def test_bad_level_names():
    with pytest.raises(d.EngineError, match='unknown level "grandmaster"'):
        d.Engine("grandmaster")
    e = d.Engine("easy", seed=3)
    with pytest.raises(d.EngineError, match="very easy, easy, medium, hard"):
        e.level = "expert"
    assert e.level == "easy"
    assert issubclass(d.EngineError, d.DraughtsError) and issubclass(d.EngineError, ValueError)


@pytest.mark.parametrize("kwargs,message", [
    (dict(depth=-1), "depth must be a non-negative integer, got -1"),
    (dict(nodes=-5), "nodes must be a non-negative integer, got -5"),
    (dict(time_ms=-10), "time_ms must be a non-negative integer"),
    (dict(time_left_ms=-1), "time_left_ms must be"),
    (dict(nodes=2**64), "nodes must be a non-negative integer"),
    (dict(increment_ms=10), "go with time_left_ms"),
    (dict(moves_to_go=3), "go with time_left_ms"),
])
def test_bad_limits(kwargs, message):
    e = d.Engine(tt_mib=1)
    g = d.Game("english")
    g.push("11-15")
    for call in (e.search, e.analyse, e.play):
        with pytest.raises(d.EngineError, match=message):
            call(g, **kwargs)
    # Nothing changed: the game, and the engine's settings.
    assert [m.text for m in g.moves] == ["11-15"] and e.level == "medium" and e.seed == 1


def test_more_bad_arguments():
    e = d.Engine(tt_mib=1)
    g = d.Game("english")
    with pytest.raises(d.EngineError, match="infinite=True takes no other limit"):
        e.search(g, infinite=True, depth=3)
    with pytest.raises(TypeError, match="time_ms must be an integer"):
        e.search(g, time_ms=1.5)
    with pytest.raises(TypeError, match="expected a Game or a Board, not str"):
        e.search("english")
    with pytest.raises(TypeError, match="callback must be callable"):
        e.search(g, depth=2, callback=3)
    with pytest.raises(d.EngineError, match="seed must be a non-negative integer"):
        d.Engine(seed=-1)
    with pytest.raises(d.EngineError, match="tt_mib must be from 1 to"):
        d.Engine(tt_mib=0)
    with pytest.raises(d.EngineError, match="tt_mib must be"):
        d.Engine(tt_mib=10**9)
    with pytest.raises(d.EngineError, match="seed must be"):
        e.seed = -3
    assert e.seed == 1
    with pytest.raises(TypeError):
        d.Engine(seed="one")


# Documentation --------------------------------------------------------------


def test_docstrings_and_stubs():
    for obj in (d.Engine, d.Engine.play, d.Engine.search, d.Engine.analyse, d.Engine.stop, d.Engine.clear,
                d.Score, d.SearchResult, d.SearchInfo, d.LevelInfo, d.levels, d.EngineError):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj
    # Every public name has a stub.
    from importlib import resources

    stub = (resources.files("draughts_rs") / "_draughts_rs.pyi").read_text()
    from draughts_rs import _errors

    for name in d.__all__:
        if name in _errors.__all__:
            # Defined in Python (typed source), re-exported by the stub.
            assert f"{name} as {name}" in stub and hasattr(_errors, name), name
        elif name == "__version__":
            assert "__version__: str" in stub
        else:
            assert f"class {name}" in stub or f"def {name}(" in stub, name
    for name in ("play", "search", "analyse", "stop", "clear", "searching", "level_info"):
        assert f"def {name}(" in stub


def test_engine_docstring_examples_run():
    import doctest

    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    tests = [t for obj in (d.Engine, d.Score, d.levels) for t in finder.find(obj, obj.__name__, globs={})]
    assert sum(len(t.examples) for t in tests) >= 8
    for t in tests:
        runner.run(t)
    assert runner.failures == 0


def test_play_scored_gives_the_levels_move_with_its_score():
    g = d.Game("russian")
    p = d.Engine("hard", seed=1).play_scored(g, nodes=3000)
    assert p.move in g.legal_moves()
    assert p.pv[0] == p.move
    assert p.score is not None and p.depth >= 1 and p.nodes <= 3000
    # The same move as play().
    assert d.Engine("hard", seed=1).play(g, nodes=3000) == p.move
