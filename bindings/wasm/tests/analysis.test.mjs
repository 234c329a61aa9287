// Board pictures and PDN game trees in JS (issue 22, items 1 and 2):
// Position.toSvg / Game.toSvg, parsePdnTree and toPdn.
//
// Run: node --test bindings/wasm/tests/analysis.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { draughts, throwsMessage, root } from "./common.mjs";

const { Game, Position, variants, parsePdnTree, toPdn } = draughts;

/** The values of `attr` on elements whose class list has `cls`. */
function attrs(svg, cls, attr) {
  const out = [];
  const re = /<(\w+)([^>]*)>/g;
  for (const m of svg.matchAll(re)) {
    const c = /class="([^"]*)"/.exec(m[2]);
    if (!c || !c[1].split(" ").includes(cls)) continue;
    const a = new RegExp(`${attr}="([^"]*)"`).exec(m[2]);
    out.push(a ? a[1] : null);
  }
  return out;
}

test("toSvg: one square per board square and one piece per piece, every variant", () => {
  for (const v of variants()) {
    const pos = new Position(v.name);
    const svg = pos.toSvg();
    assert.ok(svg.startsWith("<svg ") && svg.endsWith("</svg>"), v.name);
    assert.equal(attrs(svg, "square", "class").length, v.width * v.height, v.name);
    const dark = attrs(svg, "dark", "data-square").sort();
    assert.deepEqual(dark, v.squares.map((s) => s.name).sort(), v.name);
    const pieces = attrs(svg, "piece", "data-square").sort();
    assert.deepEqual(pieces, pos.pieces().map((p) => p.square).sort(), v.name);
  }
});

test("toSvg options: flipped, labels, marks, size; bad options throw", () => {
  const pos = new Position("international", "W:W28:B23,13,1");
  const plain = pos.toSvg();
  const flipped = pos.toSvg({ flipped: true });
  const x = (svg, sq) => Number(new RegExp(`data-square="${sq}" x="(\\d+)" y="(\\d+)"`).exec(svg)[1]);
  const y = (svg, sq) => Number(new RegExp(`data-square="${sq}" x="(\\d+)" y="(\\d+)"`).exec(svg)[2]);
  // viewBox 612 x 612, squares 60 wide: the half turn.
  assert.equal(x(flipped, "28"), 612 - 60 - x(plain, "28"));
  assert.equal(y(flipped, "28"), 612 - 60 - y(plain, "28"));
  const marked = pos.toSvg({ move: "28x8", highlight: [28], lastMove: ["1", "7"], arrows: [[46, "41"]], labels: "coordinates", size: 300 });
  assert.equal(attrs(marked, "captured", "class").length, 2);
  assert.equal(attrs(marked, "arrow", "class").length, 2);
  assert.equal(attrs(marked, "highlight", "class").length, 1);
  assert.equal(attrs(marked, "last-move", "class").length, 2);
  assert.equal(attrs(marked, "coordinate", "class").length, 20);
  assert.match(marked, /^<svg [^>]*width="300"/);
  throwsMessage(() => pos.toSvg({ move: "28-22" }), /28-22/);
  throwsMessage(() => pos.toSvg({ highlight: ["99"] }), /not a playing square/);
  throwsMessage(() => pos.toSvg({ labels: "files" }), /coordinates/);
  throwsMessage(() => pos.toSvg({ colour: "red" }), /unknown option `colour`/);
  const game = new Game("english");
  game.play("11-15");
  assert.equal(attrs(game.toSvg(), "last-move", "class").length, 2);
});

const VARIATION = readFileSync(path.join(root, "tests/data/games/pdn_syntax_tests/variation.pdn"), "utf8");

test("parsePdnTree: nested variations, NAGs and comments; toPdn writes them back", () => {
  const [tree] = parsePdnTree(VARIATION);
  const texts = (line) => line.moves.map((m) => m.text);
  assert.deepEqual(texts(tree.main), ["32-28", "19-23", "28x19", "14x23"]);
  const alt = tree.main.moves[1].variations[0];
  assert.deepEqual(texts(alt), ["18-23", "38-32", "12-18"]);
  const inner = alt.moves[1].variations[0];
  assert.deepEqual(inner.moves.map((m) => m.nags), [[2], [1]]);
  assert.deepEqual(inner.moves[1].comments, ["Black wins"]);
  const written = toPdn(tree);
  assert.equal(written, "32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 28x19 14x23\n");
  assert.deepEqual(parsePdnTree(written), [tree]);
  // A tree built by hand: missing fields are empty.
  assert.equal(toPdn({ tags: [["Event", "x"]], main: { moves: [{ number: 1, text: "32-28", nags: [3] }] }, result: "*" }),
    '[Event "x"]\n\n1. 32-28!! *\n');
  throwsMessage(() => parsePdnTree("1. 32-28 (33-29"), /unterminated variation/);
  throwsMessage(() => toPdn({ main: { moves: [{ text: 5 }] } }), /PDN tree/);
});

// replayLines: every line of a tree replayed; the first that does not replay
// named by its path. 2. 31-25 is no move (31's neighbours forward are 26 and
// 27), in the second variation of 2. 33-29, inside the first of 1... 19-23.
const NESTED_BAD =
  '[GameType "20"]\n1. 32-28 19-23 (1... 17-21 2. 33-29 (2. 34-30 21-26) (2. 31-25 21-26)) 2. 28x19 14x23 *';

test("replayLines: the main line, then each variation depth first, as games", () => {
  const [tree] = parsePdnTree("1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32)) 2. 28x19 *");
  const games = draughts.replayLines(tree, "international");
  assert.deepEqual(
    games.map((g) => g.moves().map((m) => m.text)),
    [
      ["32-28", "19-23", "28x19"],
      ["32-28", "18-23", "38-32"],
      ["32-28", "18-23", "37-32"],
    ],
  );
  assert.ok(games.every((g) => g instanceof Game && g.variant === "international"));
  // The GameType tag gives the variant when none is named.
  const [english] = parsePdnTree('[GameType "21"]\n1. 11-15 (1. 9-14 22-18) 23-19 *');
  assert.deepEqual(draughts.replayLines(english).map((g) => g.variant), ["english", "english"]);
});

test("replayLines: a bad nested variation throws a PdnError with its path", () => {
  const [tree] = parsePdnTree(NESTED_BAD);
  const before = structuredClone(tree);
  let error = null;
  try {
    draughts.replayLines(tree);
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error);
  assert.equal(error.name, "PdnError");
  assert.match(error.message, /^variation 2 at 2\. \(inside variation 1 at 1\.\.\.\): move 2 `31-25` \(White\): /);
  assert.deepEqual(error.path, [
    { moveIndex: 1, variation: 0, number: 1, reply: true },
    { moveIndex: 1, variation: 1, number: 2, reply: false },
  ]);
  assert.equal(error.kind, "move");
  assert.equal(error.game, null);
  // The path leads to the line in the tree.
  let line = tree.main;
  for (const b of error.path) line = line.moves[b.moveIndex].variations[b.variation];
  assert.equal(line.moves[0].text, "31-25");
  assert.deepEqual(tree, before);
});

test("replayLines: a bad main line has an empty path; bad calls throw Errors", () => {
  const [bad] = parsePdnTree('[GameType "20"]\n1. 32-28 (1. 33-29) 28-32 *');
  try {
    draughts.replayLines(bad);
    assert.fail("replayed");
  } catch (e) {
    assert.equal(e.name, "PdnError");
    assert.deepEqual(e.path, []);
    assert.match(e.message, /^the main line: move 1\.\.\. `28-32`/);
  }
  // Game.fromPdn's PdnError has no path.
  try {
    Game.fromPdn("1. 11-15 11-15 *", "english");
    assert.fail("read");
  } catch (e) {
    assert.equal(e.path, null);
  }
  const [tree] = parsePdnTree(NESTED_BAD);
  throwsMessage(() => draughts.replayLines(tree, "chess"), /unknown variant `chess`/);
  throwsMessage(() => draughts.replayLines({ main: { moves: [{ text: 5 }] } }, "international"), /PDN tree/);
  const [none] = parsePdnTree("1. 32-28 *");
  throwsMessage(() => draughts.replayLines(none), /no GameType tag/);
});
