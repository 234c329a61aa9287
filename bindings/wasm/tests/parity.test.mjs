// The parity table (tests/data/parity.tsv at the repository's root), the JS
// side: every row names the operation in this package (or says `missing:`,
// and the test is skipped with that reason); each name must exist, and each
// operation must give the row's expected answer on the row's shared example,
// in the row's normal form (the same forms as tests/parity.rs and
// bindings/python/tests/test_parity.py). Library names are snake_case; JS
// spells them with dashes, so answers are compared in the library's form.
//
// Run: node --test bindings/wasm/tests/parity.test.mjs (after build.sh)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { draughts, root } from "./common.mjs";

const { Game, Position, Engine } = draughts;
const COLUMNS = ["operation", "rust", "js", "python", "variant", "fen", "arg", "expected"];

function rows() {
  const lines = readFileSync(path.join(root, "tests/data/parity.tsv"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
  assert.deepEqual(lines[0].split("\t"), COLUMNS);
  return lines.slice(1).map((line) => {
    const cells = line.split("\t").map((c) => c.replaceAll("\\n", "\n"));
    assert.equal(cells.length, COLUMNS.length, line);
    return Object.fromEntries(COLUMNS.map((c, i) => [c, cells[i]]));
  });
}

const position = (r) => new Position(r.variant, r.fen || undefined);
const game = (r) => new Game(r.variant, r.fen || undefined);
const first = (r) => position(r).legalMoves()[0];
const snake = (name) => name.replaceAll("-", "_");

// `b w 2-31`: the piece letters, then the numbers as ranges (as the Python test).
function diagramTokens(text) {
  const tokens = text
    .split("\n")
    .filter((l) => !l.endsWith("to move"))
    .flatMap((l) => l.split(/\s+/).filter(Boolean));
  const letters = [...new Set(tokens.filter((t) => !/^\d+$/.test(t)))].sort();
  const numbers = tokens.filter((t) => /^\d+$/.test(t)).map(Number).sort((a, b) => a - b);
  const ranges = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    ranges.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return [...letters, ...ranges].join(" ");
}

function levelEngine(r) {
  const [level, nodes] = r.arg.split(":");
  return new Engine(level, 1, { nodes: Number(nodes), ttMib: 1 });
}

// The JS objects whose members the table names: classes, and the plain
// objects the package returns (a Move, an Outcome), from an example.
const OWNERS = {
  Position: () => Position.prototype,
  Game: () => Game.prototype,
  Engine: () => Engine.prototype,
  MoveInput: () => draughts.MoveInput.prototype,
  Move: () => new Position("english").legalMoves()[0],
  // The Error Game.fromPdn throws for a bad record.
  PdnError: () => {
    try {
      Game.fromPdn("1. 11-15 {open", "english");
    } catch (e) {
      return e;
    }
    return {};
  },
};

function exists(name) {
  const [owner, member] = name.split(".");
  if (!(owner in OWNERS)) return owner in draughts;
  if (member === "constructor") return typeof draughts[owner] === "function";
  // A static method (Game.fromPdn) is on the class itself.
  if (typeof draughts[owner] === "function" && member in draughts[owner]) return true;
  const obj = OWNERS[owner]();
  return member in obj;
}

const CHECKS = {
  fen_in_out: ["Position.constructor+Position.fen", (r) => position(r).fen()],
  legal_moves_with_path: ["Position.legalMoves+Move.path", (r) => `${first(r).text} path=${first(r).path.join(",")}`],
  jumps_in_capture_order: [
    "Position.legalMoves+Move.jumps",
    (r) => first(r).jumps.map((j) => `${j.from}>${j.to}>${j.captured}`).join(" "),
  ],
  captured_in_capture_order: ["Position.legalMoves+Move.captured", (r) => first(r).captured.join(",")],
  draw_counts_with_text: [
    "Game.drawCounts",
    (r) =>
      game(r)
        .drawCounts()
        .filter((c) => snake(c.reason) === r.arg)
        .map((c) => c.text)
        .join(";"),
  ],
  flipped_position: ["Position.flipped", (r) => position(r).flipped().fen()],
  diagram_with_square_numbers: ["Position.numberedDiagram", (r) => diagramTokens(position(r).numberedDiagram())],
  pdn_error_kind_and_line: [
    "Game.fromPdn+PdnError.kind",
    (r) => {
      try {
        Game.fromPdn(r.arg, r.variant);
      } catch (e) {
        assert.equal(e.name, "PdnError");
        return `${snake(e.kind)}@${e.line}`;
      }
      return "read";
    },
  ],
  move_short_text: ["Position.legalMoves+Move.notation", (r) => first(r).notation],
  promotion: ["Position.parseMove+Move.promotes", (r) => String(position(r).parseMove(r.arg).promotes)],
  click_input_jumped: [
    "Game.moveInput+MoveInput.jumped",
    (r) => {
      const input = game(r).moveInput();
      for (const n of r.arg.split(",")) assert.ok(input.click(n));
      return input.jumped.join(",");
    },
  ],
  draw_offer_answered_by_engine: [
    "Engine.acceptsDraw",
    (r) => r.arg.split(",").map((c) => String(new Engine("hard", 1, { ttMib: 1 }).acceptsDraw(game(r), c))).join(","),
  ],
  outcome_with_reason_text: [
    "Game.outcome",
    (r) => {
      const o = game(r).outcome();
      return o === null ? "none" : `${snake(o.reason)} ${o.result} ${o.text}`;
    },
  ],
  play_and_undo: [
    "Game.play+Game.undo",
    (r) => {
      const g = game(r);
      const played = g.play(r.arg).text;
      const undone = g.undo().text;
      return `${played} undo=${undone} plies=${g.moves().length}`;
    },
  ],
  perft: ["Position.perft", (r) => String(position(r).perft(Number(r.arg)))],
  svg_picture: ["Position.toSvg", (r) => `pieces=${position(r).toSvg().split('class="piece ').length - 1}`],
  engine_move: [
    "Engine.play",
    (r) => {
      const g = game(r);
      const mv = levelEngine(r).play(g);
      return g.legalMoves().some((m) => m.text === mv) ? "legal" : "illegal";
    },
  ],
  engine_move_scored: [
    "Engine.playScored",
    (r) => {
      const p = levelEngine(r).playScored(game(r));
      return `${p.score !== null ? "scored" : "unscored"} ${p.pv[0] === p.move ? "pv0=move" : "pv0=other"}`;
    },
  ],
  house_rule_by_name: ["Game.constructor+Game.variant", (r) => game(r).variant],
  replay_lines_with_failing_path: [
    "replayLines+PdnError.path",
    (r) => {
      const [tree] = draughts.parsePdnTree(r.arg);
      try {
        return `lines=${draughts.replayLines(tree, r.variant).length}`;
      } catch (e) {
        assert.equal(e.name, "PdnError");
        const steps = e.path.map((b) => `${b.moveIndex}/${b.variation}/${b.number}${b.reply ? "..." : "."}`);
        return `${e.message.split(": ")[0]} [${steps.join(" ")}]`;
      }
    },
  ],
};

const ROWS = rows();

for (const row of ROWS) {
  const named = row.js;
  const check = CHECKS[row.operation];
  if (named.startsWith("missing:")) {
    const why = named.slice("missing:".length).trim();
    test(`parity ${row.operation}`, { skip: `JS lacks ${row.operation}: ${why}` }, () => {});
    test(`parity ${row.operation}: missing here too`, () => {
      assert.equal(check, undefined, `the table says missing, but this test has a check for ${row.operation}`);
    });
    continue;
  }
  test(`parity ${row.operation}`, () => {
    assert.ok(check, `${row.operation}: \`${named}\` in the table, no check here`);
    const [ownName, run] = check;
    assert.equal(ownName, named, `the table says \`${named}\`, this test calls it \`${ownName}\``);
    for (const part of named.split("+")) assert.ok(exists(part), `${row.operation}: ${part} does not exist in the package`);
    assert.equal(run(row), row.expected);
  });
}

test("parity: every check has a row", () => {
  const ops = new Set(ROWS.map((r) => r.operation));
  for (const op of Object.keys(CHECKS)) assert.ok(ops.has(op), `check ${op} has no row`);
});
