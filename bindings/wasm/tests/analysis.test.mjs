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
