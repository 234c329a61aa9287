// Tests of the npm package (bindings/wasm/pkg, built by build.sh) in Node:
// the same answers as the native Rust library (the `native_check` example,
// run as a child process), the published perft counts, and errors on bad
// input that are JS exceptions carrying the library's message.
//
// Run: node --test bindings/wasm/tests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { draughts, native, throwsMessage, root } from "./common.mjs";

const { Game, Position, MoveInput, variants, perft } = draughts;
const ALL = variants();
const NAMES = ALL.map((v) => v.name);


// A small deterministic generator (xorshift32) for the random games.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

test("variants: every built-in variant and the eight house rules, with their boards", () => {
  const builtin = ALL.filter((v) => v.builtin).map((v) => v.name);
  for (const name of ["english", "international", "russian", "brazilian", "italian", "spanish", "thai", "turkish", "canadian", "pool", "czech"]) {
    assert.ok(builtin.includes(name), name);
  }
  const house = ALL.filter((v) => !v.builtin).map((v) => v.name);
  assert.deepEqual(house, ["spanish-site", "brazilian-site", "english-site", "russian-site", "italian-site", "thai-site", "english-50-moves", "english-40-moves"]);
  assert.equal(new Set(NAMES).size, NAMES.length);
  for (const v of ALL) {
    const expected = v.orthogonal ? v.width * v.height : (v.width * v.height) / 2;
    assert.equal(v.squares.length, expected, v.name);
    assert.equal(new Set(v.squares.map((s) => `${s.row},${s.col}`)).size, expected, v.name);
    assert.equal(new Position(v.name).fen(), v.startFen, v.name);
    assert.deepEqual(draughts.variant(v.name), v);
  }
  assert.equal(draughts.variant("SPANISH-SITE").name, "spanish-site");
  const site = draughts.variant("spanish-site");
  assert.deepEqual([site.drawCounts, site.repetition, site.precedence], [[{ reason: "king-moves", count: 20, unit: "plies" }], 3, ["most-pieces"]]);
});

test("variants: each mode's rules as data (what the page's rules line is built from)", () => {
  const fields = ["kingLanding", "removal", "promotion", "manCapturesKing", "noReverseJump", "orthogonalCaptures", "kingMoveLimit", "win"];
  for (const v of ALL) for (const f of fields) assert.ok(f in v, `${v.name} lacks ${f}`);
  const r = Object.fromEntries(ALL.map((v) => [v.name, v]));
  // Facts of RULES.md, one per rule that differs between variants.
  assert.equal(r.italian.manCapturesKing, false);
  assert.equal(r["italian-site"].manCapturesKing, false);
  assert.equal(r.english.manCapturesKing, true);
  assert.equal(r.turkish.noReverseJump, true);
  assert.equal(r.turkish.removal, "immediate");
  assert.equal(r.thai.removal, "immediate");
  assert.equal(r.thai.kingLanding, "directly-behind");
  assert.equal(r.international.removal, "end-of-move");
  assert.equal(r.killer.kingLanding, "halt-behind-king");
  assert.equal(r.international.kingLanding, "beyond");
  assert.deepEqual([r.frisian.orthogonalCaptures, r.frisian.kingMoveLimit], [true, 3]);
  assert.deepEqual([r.international.orthogonalCaptures, r.international.kingMoveLimit], [false, null]);
  assert.equal(r.russian.promotion, "promotes-and-continues");
  assert.equal(r.international.promotion, "continues-as-man");
  assert.equal(r.english.promotion, "ends-move");
  assert.equal(r.antidraughts.win, "no-move-wins");
  assert.equal(r.breakthrough.win, "first-king-wins");
  assert.equal(r.english.win, "no-move-loses");
});

test("perft equals the published counts of tests/data/reference.tsv (up to 2 million nodes)", () => {
  const rows = readFileSync(path.join(root, "tests/data/reference.tsv"), "utf8").trim().split("\n").slice(1);
  let checked = 0;
  for (const row of rows) {
    const [variant, mode, fen, depth, nodes] = row.split("\t");
    if (Number(nodes) > 2_000_000) continue;
    const got = perft(variant, fen === "initial" ? undefined : fen, Number(depth), mode);
    assert.equal(got, Number(nodes), `${variant} ${mode} ${fen} depth ${depth}`);
    checked++;
  }
  assert.ok(checked > 200, `${checked} rows checked`);
});

test("perft equals the native library's for every variant, house rules included", () => {
  const requests = [];
  const got = [];
  for (const v of ALL) {
    for (const mode of ["distinct", "routes"]) {
      const depth = v.width > 8 ? 4 : 6;
      requests.push(["perft", v.name, "-", depth, mode].join("\t"));
      got.push(String(perft(v.name, undefined, depth, mode)));
    }
  }
  assert.deepEqual(got, native(requests));
});

test("random games equal the native library's: the FEN after every move and the outcome", () => {
  const requests = [];
  const mine = [];
  let ended = 0;
  for (const v of ALL) {
    for (let seed = 1; seed <= 6; seed++) {
      const pick = rng(seed * 7919 + v.name.length);
      const game = new Game(v.name);
      const texts = [];
      const fens = [];
      while (!game.isOver && texts.length < 300) {
        const moves = game.legalMoves();
        const mv = moves[pick(moves.length)];
        // Alternate full-path text and the shortest notation.
        const played = game.play(texts.length % 2 ? mv.notation : mv.text);
        assert.equal(played.text, mv.text);
        texts.push(mv.text);
        fens.push(game.fen());
      }
      const outcome = game.outcome();
      if (outcome) ended++;
      requests.push(["game", v.name, "-", ...texts].join("\t"));
      mine.push([...fens, "|", outcome ? outcome.text : "-"].join("\t"));
    }
  }
  assert.deepEqual(mine, native(requests));
  assert.ok(ended > ALL.length, `${ended} games ended by the rules`);
});

test("bad FENs throw the library's message, the same as native", () => {
  const bad = [
    ["english", "W:W33:B1"],
    ["international", "X:W31:B20"],
    ["russian", "W:Wa2:Bh8"],
    ["english", "W:W1,1:B5"],
    ["english", ""],
    ["spanish-site", "W:Wz9"],
  ];
  const natives = native(bad.filter(([, f]) => f !== "").map(([v, f]) => ["fen", v, f].join("\t")));
  let i = 0;
  for (const [v, f] of bad) {
    if (f === "") {
      // An empty FEN means the start position.
      assert.equal(new Position(v, f).fen(), new Position(v).fen());
      continue;
    }
    const message = throwsMessage(() => new Position(v, f));
    assert.equal(`error: ${message}`, natives[i++], `${v} ${f}`);
    throwsMessage(() => new Game(v, f));
  }
  throwsMessage(() => new Game("checkers9"), /unknown variant `checkers9`.*english-40-moves/);
});

test("a rejected call changes nothing and never traps", () => {
  const game = new Game("international");
  game.play("32-28");
  const fen = game.fen();
  // The library's parse errors (draughts::error::MoveParseError), word for word.
  assert.equal(throwsMessage(() => game.play("32-28")), "no legal move matches `32-28`: there is no piece on 32");
  assert.equal(throwsMessage(() => game.play("hello")), "`hello` at byte 0 is not a square of this board");
  assert.equal(throwsMessage(() => game.play("")), "empty move text");
  assert.equal(throwsMessage(() => game.play("99-98")), "`99` at byte 0 is not a square of this board");
  assert.equal(game.fen(), fen);
  assert.equal(game.moves().length, 1);

  throwsMessage(() => game.resign("purple"), /colour/);
  throwsMessage(() => new Position("english").legalMoves("sideways"), /move mode/);
  throwsMessage(() => (game.drawMode = "never"), /draw mode/);
  assert.equal(game.drawMode, "automatic");
  throwsMessage(() => game.claimDraw(), /no draw can be claimed/);

  const out = game.resign();
  assert.deepEqual([out.winner, out.reason, out.result], ["white", "resignation", "1-0"]);
  throwsMessage(() => game.play("19-23"), /the game is over/);
  throwsMessage(() => game.agreeDraw(), /the game is over/);
  assert.deepEqual(game.legalMoves(), []);
  assert.equal(game.moves().length, 1);
  // Undo clears the declared outcome with the move.
  assert.equal(game.undo().text, "32-28");
  assert.equal(game.outcome(), null);
  assert.equal(game.undo(), null);

  const input = game.moveInput();
  throwsMessage(() => input.click("51"), /not a playing square of international/);
  throwsMessage(() => input.click({}), /a square is a string/);
  assert.equal(input.click("1"), false, "a black man: not White's to move");
  assert.equal(input.click(40), false, "an empty square");
  assert.deepEqual(input.clicks, []);

  throwsMessage(() => Game.fromPdn("", "english"), /no game/);
  throwsMessage(() => Game.fromPdn('[GameType "20"]\n1. 32-28 *', "english"), /record is of variant GameType 20, not english/);
  // A PdnError carries the library's kind (and line, when the reader knows it).
  for (const [text, kind, line] of [
    ['[GameType "20"]\n1. 32-28 *', "variant-mismatch", null],
    ["1. 11-15 11-15 *", "move", null],
    ['[Event "x"]\n1. 11-15 {open', "syntax", 2],
  ]) {
    let e = null;
    try {
      Game.fromPdn(text, "english");
    } catch (err) {
      e = err;
    }
    assert.ok(e instanceof Error, `${text}: no error thrown`);
    assert.equal(e.name, "PdnError", text);
    assert.equal(e.kind, kind, text);
    assert.equal(e.line, line, text);
    assert.equal(e.game, 1, text);
  }
  throwsMessage(() => Game.fromPdn("1. 11-15 11-15 *", "english"), /move 1/);
  throwsMessage(() => Game.fromPdn("1. 11-15 *"), /no GameType tag/);
  throwsMessage(() => game.toPdn({ Event: {} }), /tag `Event`/);
  // The module still works after all of these.
  assert.equal(new Position("english").perft(4), 1469);
});

test("click input: forced capture, multi-jump, ambiguous end square", () => {
  // The International example of the Rust MoveInput documentation.
  const pos = new Position("international", "W:WK1,46:B23,32,33,44");
  const input = pos.moveInput();
  assert.deepEqual(input.movable, ["1"]);
  assert.deepEqual([...input.captured].sort(), ["23", "32", "33", "44"]);
  assert.equal(input.click("46"), false);
  assert.equal(input.click("1"), true);
  assert.deepEqual(input.jumped, []);
  assert.equal(input.destinations.length, 3);
  assert.ok(input.nextSquares.includes("40"));
  assert.equal(input.click("27"), true);
  assert.equal(input.complete, false);
  assert.equal(input.candidates.length, 2);
  assert.deepEqual(input.nextSquares, []);
  assert.equal(input.undo(), "27");
  assert.equal(input.click("40"), true);
  assert.deepEqual(input.jumped, ["23"]); // taken by the click on 40
  assert.equal(input.candidates.length, 3);
  assert.equal(input.click(27), true);
  assert.equal(input.complete, true);
  assert.equal(input.chosen.text, "1x40x49x27");
  assert.deepEqual(input.chosen.path, ["40", "49", "27"]);
  const after = pos.play(input.chosen.text);
  assert.equal(after.turn(), "black");
  assert.equal(after.pieces().length, 2 + 1);

  // A finished game has nothing to click.
  const over = new Game("english", "B:W29:B");
  assert.equal(over.isOver, true);
  assert.equal(over.outcome().reason, "no-pieces");
  const none = over.moveInput();
  assert.deepEqual([none.movable, none.captured], [[], []]);
  assert.equal(none.click("1"), false);
});

test("PDN out and in round trips random games of every variant", () => {
  for (const v of ALL) {
    const pick = rng(v.name.length * 31 + 5);
    const game = new Game(v.name);
    for (let i = 0; i < 40 && !game.isOver; i++) {
      const moves = game.legalMoves();
      game.play(moves[pick(moves.length)].text);
    }
    const pdn = game.toPdn({ Event: "round trip", Variant: v.name });
    assert.match(pdn, /\[Event "round trip"\]/);
    const back = Game.fromPdn(pdn, v.name);
    assert.deepEqual(back.moves().map((m) => m.text), game.moves().map((m) => m.text), v.name);
    assert.equal(back.fen(), game.fen(), v.name);
    assert.deepEqual(back.outcome(), game.outcome(), v.name);
    // Without a variant the tags decide (CustomVariant, Variant, GameType).
    const again = Game.fromPdn(game.toPdn());
    assert.equal(again.variant, v.name);
    assert.equal(again.fen(), game.fen(), v.name);
  }
});

test("outcomes carry their reason: blocked, no pieces, king moves, agreement", () => {
  // White's man on 29 (a1) is blocked by 25 and 22 behind it.
  const blocked = new Game("english", "W:W29:B25,22");
  assert.deepEqual(blocked.outcome(), { result: "0-1", winner: "black", reason: "blocked", text: "Black wins: White cannot move" });
  assert.deepEqual(blocked.legalMoves(), []);

  // The site rules draw after 20 king-only plies without capture: random
  // king moves that leave the opponent nothing to capture end in that or in
  // a repetition.
  const reasons = new Set();
  for (let seed = 1; seed <= 12; seed++) {
    const kings = new Game("russian-site", "W:WKa1,Kc1:BKh8,Kf8");
    const pick = rng(seed);
    let plies = 0;
    while (!kings.isOver && plies < 200) {
      const moves = kings.legalMoves();
      const safe = moves.filter((m) => {
        const g = kings.clone();
        g.play(m.text);
        return !g.position().hasCaptures();
      });
      const from = safe.length ? safe : moves;
      kings.play(from[pick(from.length)].text);
      plies++;
    }
    const o = kings.outcome();
    assert.ok(o, "the game ends");
    reasons.add(o.reason);
    if (o.reason === "king-moves") {
      assert.equal(kings.quietKingPlies(), 20);
      assert.equal(o.winner, null);
    }
    if (o.reason === "repetition") assert.equal(kings.repetitions(), 3);
  }
  assert.ok(reasons.has("king-moves"), [...reasons].join(","));

  const g = new Game("russian");
  assert.deepEqual(g.agreeDraw(), { result: "1/2-1/2", winner: null, reason: "agreement", text: "Draw: agreed by the players" });
  assert.deepEqual(g.outcome(), { result: "1/2-1/2", winner: null, reason: "agreement", text: "Draw: agreed by the players" });

  // No pieces left, a resignation, a loss on time: the library's texts.
  const none = new Game("english", "B:W29:B");
  assert.deepEqual(none.outcome(), { result: "1-0", winner: "white", reason: "no-pieces", text: "White wins: Black has no pieces left" });
  const resigned = new Game("international");
  assert.deepEqual(resigned.resign(), { result: "0-1", winner: "black", reason: "resignation", text: "Black wins: White resigned" });
  const late = new Game("russian");
  assert.deepEqual(late.timeForfeit("black"), { result: "1-0", winner: "white", reason: "time", text: "White wins: Black ran out of time" });
});

test("toString() is the library's board diagram; toFen() and fen() the FEN", () => {
  // The example of the library's Position::diagram documentation.
  const pos = new Position("english", "W:WK29,21:B1");
  assert.equal(
    pos.toString(),
    [
      "8 |   b   .   .   .",
      "7 | .   .   .   .",
      "6 |   .   .   .   .",
      "5 | .   .   .   .",
      "4 |   .   .   .   .",
      "3 | w   .   .   .",
      "2 |   .   .   .   .",
      "1 | W   .   .   .",
      "    a b c d e f g h",
      "White to move",
      "",
    ].join("\n"),
  );
  assert.equal(String(pos), pos.toString());
  assert.equal(`${pos}`, pos.toString());
  assert.equal(pos.toFen(), "W:W21,K29:B1");
  assert.equal(pos.toFen(), pos.fen());
  // A 10x10 board: two-digit row numbers, ten files, Black to move.
  const intl = new Position("international", "B:W46:B5");
  const lines = intl.toString().split("\n");
  assert.equal(lines.length, 10 + 3);
  assert.equal(lines[0], "10 |   .   .   .   .   b");
  assert.equal(lines[9], " 1 | w   .   .   .   .");
  assert.equal(lines[10], "     a b c d e f g h i j");
  assert.equal(lines[11], "Black to move");
  // A game's position too.
  const game = new Game("english", "W:WK29,21:B1");
  assert.equal(game.position().toString(), pos.toString());
});
