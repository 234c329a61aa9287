"""The house rules (the library's `draughts::house_rules`) by name: every
call that takes a variant takes them, and each one's rule acts where it
differs from its official preset. Positions are built from the rules as
`src/house_rules.rs` states them; squares are written by name and turned into
each board's numbers with `Board.parse_square`."""

import pickle

import pytest

import draughts_rs as d

HOUSE = [m for m in d.modes() if m not in d.variants()]


def fen(variant, turn, white, black):
    """A FEN of `variant` from square names; a leading `K` marks a king."""
    b = d.Board(variant)

    def side(names):
        return ",".join(("K" if n[0] == "K" else "") + str(b.parse_square(n.lstrip("K"))) for n in names)

    return f"{turn}:W{side(white)}:B{side(black)}"


def test_modes_are_the_variants_then_the_house_rules():
    modes = d.modes()
    assert modes[: len(d.variants())] == d.variants()
    assert len(modes) == len(set(modes))
    # The library's eight house rules (house_rules::NAMES).
    assert HOUSE == [
        "spanish-site",
        "brazilian-site",
        "english-site",
        "russian-site",
        "italian-site",
        "thai-site",
        "english-50-moves",
        "english-40-moves",
    ]


@pytest.mark.parametrize("mode", HOUSE)
def test_every_house_rule_is_a_board_a_game_and_a_move_source(mode):
    b = d.Board(mode)
    assert b.variant == mode and d.Board(mode.upper()).variant == mode
    g = d.Game(mode)
    assert g.variant == mode and g.fen == b.fen
    m = g.push(b.legal_moves()[0])
    assert m.variant == mode and g.board == b.play(m) and g.boards == [b, b.play(m)]
    # Pickling keeps the house rule.
    assert pickle.loads(pickle.dumps(g)) == g and pickle.loads(pickle.dumps(b)) == b
    assert pickle.loads(pickle.dumps(m)) == m
    # The same board of the official preset is another board.
    family = mode.split("-")[0]
    assert d.Board(family, b.fen) != b
    with pytest.raises(d.MoveError, match=f"a {mode} move can't be played in a {family} position"):
        d.Board(family).play(m)


@pytest.mark.parametrize("mode", HOUSE)
def test_perft_of_a_house_rule_counts_its_own_moves(mode):
    b = d.Board(mode)
    # Perft 1 is the number of legal moves; perft 2 the sum over them.
    assert b.perft(1) == len(b.legal_moves())
    assert b.perft(2) == sum(len(b.play(m).legal_moves()) for m in b.legal_moves())
    assert b.perft(4, threads=2) == b.perft(4) == sum(b.divide(4).values())


def test_spanish_site_takes_most_pieces_with_ties_free():
    # White's man on e4 can take the man on f5 or the king on d5: one piece
    # either way. Official Spanish then requires the most kings; the site
    # leaves the choice free.
    f = fen("spanish", "W", ["e4"], ["f5", "Kd5"])
    official, site = d.Board("spanish", f), d.Board("spanish-site", f)
    n = official.parse_square
    assert [m.captured for m in official.legal_moves()] == [[n("d5")]]
    assert sorted(m.captured for m in site.legal_moves()) == sorted([[n("d5")], [n("f5")]])


def test_italian_site_has_no_earliest_king_rule():
    # White's king on e4 has two captures of a man and a king each: by d5
    # (a king) then b7 (a man), or by f5 (a man) then f7 (a king). Official
    # FID: equal on pieces, with a king and most kings, so the king taken
    # earliest decides (the first); the site stops at most kings.
    f = fen("italian", "W", ["Ke4"], ["Kd5", "b7", "f5", "Kf7"])
    official, site = d.Board("italian", f), d.Board("italian-site", f)
    n = official.parse_square
    assert [m.captured for m in official.legal_moves()] == [[n("d5"), n("b7")]]
    assert sorted(m.captured for m in site.legal_moves()) == sorted([[n("d5"), n("b7")], [n("f5"), n("f7")]])


def test_thai_site_king_lands_anywhere_beyond():
    # White's king on b2 takes the man on d4. Official Thai: it lands right
    # behind (e5); the site: on any free square beyond (e5, f6, g7, h8).
    f = fen("thai", "W", ["Kb2"], ["d4", "a7"])
    official, site = d.Board("thai", f), d.Board("thai-site", f)
    n = official.parse_square
    ends = lambda b: sorted(m.to_square for m in b.legal_moves())
    assert ends(official) == [n("e5")]
    assert ends(site) == sorted(n(s) for s in ["e5", "f6", "g7", "h8"])


def test_thai_site_removes_captured_pieces_at_the_end_of_the_move():
    # White's king on c3, between b2 and e5 on the long diagonal, takes
    # either (landing a1 or f6 right behind it). Official Thai removes the
    # man at once, so the king can turn back over its square and take the
    # other one too. On the site the captured man stays until the move ends
    # and blocks the way back: one piece only, either one.
    f = fen("thai", "W", ["Kc3"], ["e5", "b2", "a7"])
    official, site = d.Board("thai", f), d.Board("thai-site", f)
    n = official.parse_square
    assert sorted(m.captured for m in official.legal_moves()) == sorted([[n("e5"), n("b2")], [n("b2"), n("e5")]])
    # (Taking e5, the site's king lands on f6, g7 or h8: three moves.)
    assert {tuple(m.captured) for m in site.legal_moves()} == {(n("e5"),), (n("b2"),)}


def wander(variant, plies):
    """A game of a king and two men a side in which only the kings move,
    `plies` plies, no position three times and no capture ever possible
    (the men stand on the edges, where nothing can take them): each side
    plays its first king move after which the other side has no capture
    and that does not bring a position back a third time."""
    f = fen(variant, "W", ["Kd4", "a1", "c1"], ["Ke7", "h8", "f8"])
    g = d.Game(variant, f)
    seen = {g.fen: 1}
    for _ in range(plies):
        if g.is_over():
            break
        b = g.board
        assert not b.has_captures()
        kings = set(b.pieces(b.turn, "king"))
        m = next(
            m
            for m in b.legal_moves()
            if m.from_square in kings
            and not b.play(m).has_captures()
            and seen.get(b.play(m).fen, 0) < 2
        )
        g.push(m)
        seen[g.fen] = seen.get(g.fen, 0) + 1
    return g


@pytest.mark.parametrize("site,official", [("english-site", "english"), ("russian-site", "russian"), ("brazilian-site", "brazilian")])
def test_site_draws_after_twenty_king_plies(site, official):
    # The site's draw: 20 consecutive plies of king moves only, automatic.
    before = wander(site, 19)
    assert before.outcome is None
    g = wander(site, 20)
    assert (g.outcome.reason, g.outcome.result, len(g)) == ("king_moves", "1/2-1/2", 20)
    # The official rules count more (40 moves, 15 moves each, 20 moves each).
    assert wander(official, 20).outcome is None


def shuffle(variant, draw_mode):
    """Kings going back and forth until the start position is there a third time."""
    f = fen(variant, "W", ["Ka1", "c1"], ["Kh8", "f8"])
    g = d.Game(variant, f, draw_mode=draw_mode)
    b = g.board
    n = b.parse_square
    for _ in range(2):
        for text in (f"{n('a1')}-{n('b2')}", f"{n('h8')}-{n('g7')}", f"{n('b2')}-{n('a1')}", f"{n('g7')}-{n('h8')}"):
            g.push(text)
    return g


def test_english_50_moves_ends_a_repetition_itself():
    # Its threefold repetition is automatic; the official English one is claimed.
    official = shuffle("english", "as_written")
    assert official.outcome is None and official.claimable_draw() == "repetition"
    house = shuffle("english-50-moves", "as_written")
    assert house.outcome is not None and house.outcome.reason == "repetition"


def test_english_50_moves_counts_fifty_moves_each():
    g = d.Game("english-50-moves")
    official = d.Game("english")
    counts = lambda game: {c.reason: c.plies_left for c in game.draw_counts()}
    assert counts(g) == {"no_progress": 100}
    assert counts(official) == {"no_progress": 80}


def test_english_40_moves_is_the_official_preset_spelled_out():
    # Free choice among captures: White's man on c3 takes two (d4, d6), the
    # one on h2 takes one (g3); both rule sets offer both, and count draws
    # alike.
    f = fen("english", "W", ["c3", "h2"], ["d4", "d6", "g3"])
    a, b = d.Board("english", f), d.Board("english-40-moves", f)
    assert [m.text for m in a.legal_moves()] == [m.text for m in b.legal_moves()]
    assert sorted(len(m.captured) for m in b.legal_moves()) == [1, 2]
    as_strings = lambda game: [str(c) for c in game.draw_counts()]
    assert as_strings(d.Game("english")) == as_strings(d.Game("english-40-moves"))


def test_pdn_reads_into_a_house_rule():
    g = d.Game("spanish-site")
    first = g.legal_moves()[0]
    g.push(first)
    text = g.to_pdn()
    (back,) = d.read_pdn(text, variant="spanish-site")
    assert back.variant == "spanish-site" and back.moves == g.moves
    # The record names its house rule (CustomVariant): it reads back as it.
    assert '[CustomVariant "spanish-site"]' in text
    (named,) = d.read_pdn(text)
    assert named.variant == "spanish-site" and named == back
    # Its moves without the tag are a game of the official preset, or of the house rule.
    moves = f"1. {first.text} *"
    assert d.read_pdn(moves, variant="spanish")[0].variant == "spanish"
    assert d.read_pdn(moves, variant="spanish-site")[0].variant == "spanish-site"
    # A record of another variant is not a house-rule game.
    with pytest.raises(d.PdnError) as e:
        d.read_pdn('[GameType "20"]\n1. 32-28 *', variant="spanish-site")
    assert e.value.kind == "variant_mismatch" and e.value.game == 1


def test_engine_batch_and_playouts_take_house_rules():
    g = d.Game("thai-site")
    e = d.Engine("hard", seed=1, tt_mib=1)
    m = e.play(g, nodes=2000)
    assert m in g.legal_moves() and m.variant == "thai-site"
    r = e.search(d.Board("russian-site"), depth=3)
    assert r.best in d.Board("russian-site").legal_moves() and r.depth == 3
    assert e.accepts_draw(d.Game("english-site", "W:WK25,K26,K27:B5"), "white")
    out = d.analyse_many([g, d.Board("italian-site").fen], variant="italian-site", depth=2)
    assert list(out["item"]) == [0, 1] and all(out["best"])
    t = d.random_playouts("spanish-site", games=4, seed=1, max_plies=50)
    assert t["white"] + t["black"] + t["draws"] + t["unfinished"] == 4
