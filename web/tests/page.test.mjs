// The page in a real browser: Debian's Chromium, headless, driven by
// playwright-core (which uses the installed browser and downloads nothing),
// against the static server of server.mjs on 127.0.0.1.
//
// Run: node --test web/tests/   (after bindings/wasm/build.sh)
// CHROMIUM=/path/to/chromium overrides /usr/bin/chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = path.join(webRoot, "screenshots");
mkdirSync(shots, { recursive: true });

let server, url, browser;

before(async () => {
  ({ server, url } = await serve());
  // Playwright starts Chromium with a fresh, empty profile of its own (a new
  // temporary --user-data-dir) and removes it on close.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function openPage(viewport = { width: 1100, height: 820 }, query = "") {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url + query);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.getAttribute("body", "data-ready"), "true", errors.join("; "));
  page.errors = errors;
  return page;
}

/** Sets up a position through the page's own new-game path. */
async function setPosition(page, variant, fen) {
  await page.evaluate(([v, f]) => {
    document.getElementById("mode").value = v;
    window.draughtsPage.newGame(v, f);
  }, [variant, fen]);
}

/** The squares with a class, sorted. */
async function marked(page, cls) {
  const names = await page.$$eval(`#board .sq.${cls}`, (cells) => cells.map((c) => c.dataset.square));
  return names.sort();
}

/** The legal moves of the page's current position, from the package. */
async function legal(page) {
  return page.evaluate(() => window.draughtsPage.state.game.legalMoves());
}

const click = (page, sq) => page.click(`#board [data-square="${sq}"]`);
// What the board shows: each square's highlight classes and piece (the
// keyboard focus, which a click moves, left out).
const boardHtml = (page) => page.$$eval("#board .sq.dark", (cells) => cells.map((c) => `${c.dataset.square}:${c.className}:${c.querySelector(".piece")?.className ?? "-"}`).join(" "));
const fen = (page) => page.$eval("#fen", (i) => i.value);
const sorted = (a) => [...new Set(a)].sort();

/** Waits until the element's text matches (dialogs answer asynchronously). */
async function waitText(page, selector, pattern) {
  await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector(sel).textContent), [selector, pattern.source], { timeout: 5000 })
    .catch(() => {});
  assert.match(await page.textContent(selector), pattern);
}

test("the page starts with the seed site's Spanish mode and every mode to choose from", async () => {
  const page = await openPage();
  const modes = await page.$$eval("#mode option", (os) => os.map((o) => o.value));
  for (const m of ["spanish-site", "brazilian-site", "english-site", "russian-site", "italian-site", "thai-site", "international", "english", "turkish", "canadian"]) {
    assert.ok(modes.includes(m), m);
  }
  assert.equal(await page.$eval("#mode", (s) => s.value), "spanish-site");
  assert.equal(await page.$$eval("#board .sq.dark", (c) => c.length), 32);
  assert.equal(await page.$$eval("#board .piece", (c) => c.length), 24);
  assert.match(await page.textContent("#status"), /White .*to move/);
  const labels = await page.$$eval("#board .sq.dark", (c) => c.map((x) => x.getAttribute("aria-label")));
  assert.ok(labels.every(Boolean));
  assert.ok(labels.some((l) => /white man, can move/.test(l)));
  await page.screenshot({ path: path.join(shots, "start.png") });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("highlighted squares are exactly the legal ones: a forced capture, a multi-jump, a promotion", async () => {
  const page = await openPage();
  await page.selectOption("#opponent", "human");

  // English, a forced capture: only the capturing man responds and the man
  // to be captured is marked.
  await setPosition(page, "english", "B:W18,30,31:B14,9,1");
  let moves = await legal(page);
  assert.ok(moves.every((m) => m.capture));
  assert.deepEqual(await marked(page, "movable"), sorted(moves.map((m) => m.from)));
  assert.deepEqual(await marked(page, "captured"), sorted(moves.flatMap((m) => m.captured)));
  const before = await boardHtml(page);
  await click(page, "9"); // a man that cannot capture: refused
  assert.equal(await boardHtml(page), before);
  await click(page, moves[0].from);
  const from = moves[0].from;
  assert.deepEqual(await marked(page, "target"), sorted(moves.filter((m) => m.from === from).flatMap((m) => m.path)));
  assert.deepEqual(await marked(page, "selected"), [from]);

  // International: the king on 1 takes three pieces; several routes end on
  // the same squares, so the king is steered by successive clicks.
  await setPosition(page, "international", "W:WK1,46:B23,32,33,44");
  moves = await legal(page);
  assert.deepEqual(await marked(page, "movable"), ["1"]);
  assert.deepEqual(await marked(page, "captured"), sorted(moves.flatMap((m) => m.captured)));
  await click(page, "1");
  assert.deepEqual(await marked(page, "target"), sorted(moves.flatMap((m) => m.path)));
  await click(page, "40");
  const via40 = moves.filter((m) => m.path[0] === "40");
  assert.deepEqual(await marked(page, "target"), sorted(via40.flatMap((m) => m.path.slice(1))));
  assert.deepEqual(await marked(page, "captured"), sorted(via40.flatMap((m) => m.captured)));
  await page.screenshot({ path: path.join(shots, "multi-jump.png") });
  const mid = await boardHtml(page);
  await click(page, "46"); // not on any route: changes nothing
  assert.equal(await boardHtml(page), mid);
  await click(page, "27");
  const played = await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text));
  assert.deepEqual(played, ["1x40x49x27"]);
  assert.equal(await page.$$eval("#board .piece.black", (p) => p.length), 1);
  assert.match(await page.textContent("#moves"), /1x40x27|1x40x49x27|1x27/);

  // English: a man reaching the far row becomes a king, drawn as two stacked
  // pieces with a crown.
  await setPosition(page, "english", "W:W6:B28");
  moves = await legal(page);
  assert.deepEqual(await marked(page, "movable"), ["6"]);
  await click(page, "6");
  assert.deepEqual(await marked(page, "target"), sorted(moves.map((m) => m.to)));
  await click(page, "1");
  assert.equal(await page.$$eval('#board [data-square="1"] .piece.king.white svg.crown', (p) => p.length), 1);
  assert.match(await page.getAttribute('#board [data-square="1"]', "aria-label"), /white king/);
  await page.screenshot({ path: path.join(shots, "promotion.png") });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an illegal click changes nothing", async () => {
  const page = await openPage();
  await page.selectOption("#opponent", "human");
  await setPosition(page, "russian", undefined);
  const start = await boardHtml(page);
  const startFen = await fen(page);
  for (const sq of ["e5", "d6", "a1", "h8"]) {
    await click(page, sq); // empty, black, a blocked white man
    assert.equal(await boardHtml(page), start, sq);
  }
  await page.click("#board .sq.light >> nth=0", { force: true });
  assert.equal(await boardHtml(page), start);
  await click(page, "c3");
  const selected = await boardHtml(page);
  await click(page, "c5"); // not a destination of c3
  assert.equal(await boardHtml(page), selected);
  assert.equal(await fen(page), startFen);
  await page.context().close();
});

/** The page's game state, for the tests' decisions. */
const gameState = (page) => page.evaluate(() => {
  const st = window.draughtsPage.state;
  return { over: st.game.isOver, thinking: !!st.thinking, humanTurn: st.opponent === "human" || st.game.turn() === st.human, human: st.human, plies: st.game.moves().length };
});
const waitComputer = (page, timeout = 30000) => page.waitForFunction(() => !window.draughtsPage.state.thinking, null, { timeout });

test("a complete game against the computer by clicks, with the move list, the result and screenshots", async () => {
  // ?seed: the computer's choices are reproducible.
  const page = await openPage(undefined, "?seed=7");
  assert.equal(await page.evaluate(() => window.draughtsPage.state.engine), true, "the package has the computer opponent");
  const levels = await page.$$eval("#opponent option:not([disabled])", (os) => os.map((o) => o.value));
  assert.deepEqual(levels, ["very-easy", "easy", "medium", "hard", "human"]);
  await page.selectOption("#opponent", "very-easy");
  await page.selectOption("#mode", "english-site");
  let seed = 12345;
  const pick = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  let plies = 0;
  let shot = false;
  for (; plies < 400; plies++) {
    const s = await gameState(page);
    if (s.over) break;
    if (s.thinking || !s.humanTurn) {
      await waitComputer(page);
      continue;
    }
    if (!shot && s.plies >= 24) {
      await page.screenshot({ path: path.join(shots, "mid-game.png") });
      shot = true;
    }
    const moves = await legal(page);
    const mv = moves[pick(moves.length)];
    // The piece, then every landing square in turn.
    await click(page, mv.from);
    for (const sq of mv.path) {
      const before = await page.evaluate(() => window.draughtsPage.state.game.moves().length);
      await click(page, sq);
      const now = await page.evaluate(() => window.draughtsPage.state.game.moves().length);
      if (now > before) break; // complete before the last landing square
    }
  }
  const outcome = await page.evaluate(() => window.draughtsPage.state.game.outcome());
  assert.ok(outcome, `the game ended within ${plies} plies`);
  assert.ok(shot, "a mid-game screenshot");
  // The computer played its side: every other move of the record is its.
  const record = await page.evaluate(() => {
    const st = window.draughtsPage.state;
    const g = new (st.game.constructor)(st.game.variant, st.game.startFen());
    const computerSide = st.human === "white" ? "black" : "white";
    let mine = 0;
    for (const m of st.game.moves()) {
      if (g.turn() === computerSide) mine++;
      g.play(m.text);
    }
    return { mine, total: st.game.moves().length };
  });
  assert.ok(record.mine >= Math.floor(record.total / 2) - 1 && record.mine > 5, JSON.stringify(record));
  const status = await page.textContent("#status");
  // The result with its reason, e.g. "Black wins: White has no legal move. (0-1)".
  assert.match(status, outcome.winner ? /^(White|Black) wins: \S.+\. \((1-0|0-1)\)$/ : /^Draw: \S.+\. \(1\/2-1\/2\)$/);
  assert.ok(status.includes(outcome.result));
  const moveCount = await page.evaluate(() => window.draughtsPage.state.game.moves().length);
  const listed = (await page.$$eval("#moves li", (lis) => lis.map((li) => li.textContent).join(" "))).trim().split(/\s+/).filter((w) => w !== "…");
  assert.equal(listed.length, moveCount);
  assert.equal(await page.isDisabled("#resign"), true);
  assert.equal(await page.isDisabled("#offer-draw"), true);
  await page.screenshot({ path: path.join(shots, "end.png") });
  console.log(`# full game: ${moveCount} plies, ${record.mine} by the computer; ${status}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the computer answers draw offers by its evaluation", async () => {
  const page = await openPage(undefined, "?seed=3");
  await page.selectOption("#opponent", "easy");
  // English: Black (the first mover) is the human. With one man against
  // three kings the computer declines...
  await setPosition(page, "english", "B:WK25,K26,K27:B5");
  assert.equal((await gameState(page)).human, "black");
  await page.click("#offer-draw");
  await waitText(page, "#message", /The computer declines the draw/);
  await waitComputer(page);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.turn()), "black", "still the human's move");
  assert.match(await page.textContent("#status"), /Black \(you\) to move/);
  // ...and with three kings against one man it accepts.
  await setPosition(page, "english", "B:W20:BK1,K2,K3");
  await page.click("#offer-draw");
  await waitText(page, "#status", /^Draw: draw by agreement\. \(1\/2-1\/2\)$/);
  assert.match(await page.textContent("#message"), /The computer accepts the draw/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the human can play the second mover: the computer opens", async () => {
  const page = await openPage(undefined, "?seed=7");
  await page.selectOption("#opponent", "very-easy");
  await page.selectOption("#mode", "english");
  await page.selectOption("#side", "second");
  await waitComputer(page);
  const s = await gameState(page);
  // English: Black moves first, so the human is White, to move after the computer's opening.
  assert.deepEqual([s.human, s.plies, s.humanTurn, s.over], ["white", 1, true, false]);
  assert.match(await page.textContent("#status"), /White \(you\) to move/);
  // Back to the first mover: a new game where the human opens.
  await page.selectOption("#side", "first");
  const t = await gameState(page);
  assert.deepEqual([t.human, t.plies, t.humanTurn], ["black", 0, true]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the page stays responsive while the computer thinks (hard: a second a move, in the worker)", async () => {
  const page = await openPage(undefined, "?seed=5");
  await page.selectOption("#opponent", "hard");
  await page.selectOption("#mode", "international");
  await click(page, "32");
  await click(page, "28");
  await page.waitForFunction(() => !!window.draughtsPage.state.thinking);
  assert.match(await page.textContent("#status"), /Black \(computer, hard\) is thinking/);
  await page.screenshot({ path: path.join(shots, "thinking.png") });
  // While the worker searches, the page handles a click and redraws.
  const top = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  await page.click("#flip");
  const flipped = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  assert.notEqual(flipped, top);
  assert.equal((await gameState(page)).thinking, true, "the flip was handled during the search");
  // A click on the board meanwhile changes nothing.
  const fenThinking = await fen(page);
  await click(page, "33");
  assert.equal(await fen(page), fenThinking);
  await waitComputer(page, 15000);
  const s = await gameState(page);
  assert.deepEqual([s.plies, s.thinking, s.humanTurn], [2, false, true]);
  assert.match(await page.textContent("#status"), /White \(you\) to move/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("PDN export and import round trip; a bad PDN changes nothing", async () => {
  const page = await openPage();
  await page.selectOption("#opponent", "human");
  await page.selectOption("#mode", "international");
  for (const text of ["32-28", "19-23", "28x19", "14x23", "37-32"]) {
    await page.evaluate((t) => {
      const st = window.draughtsPage.state;
      const mv = st.game.position().parseMove(t);
      for (const sq of [mv.from, ...mv.path]) document.querySelector(`#board [data-square="${sq}"]`).click();
    }, text);
  }
  const moves = await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text));
  assert.equal(moves.length, 5);
  const fenBefore = await fen(page);
  await page.click("#export-pdn");
  const pdn = await page.inputValue("#pdn-text");
  assert.match(pdn, /\[GameType "20"\]/);
  assert.match(pdn, /1\. 32-28 19-23 2\. 28x19 14x23 3\. 37-32 \*/);
  await page.click("#pdn-dialog button[value=close]");

  await page.click("#new-game");
  assert.notEqual(await fen(page), fenBefore);
  await page.click("#import-pdn");
  await page.fill("#pdn-text", pdn);
  await page.click("#pdn-load");
  assert.equal(await fen(page), fenBefore);
  assert.deepEqual(await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text)), moves);
  assert.match(await page.textContent("#moves"), /32-28\s+19-23/);

  // A record with an illegal move: an error in the dialog, the game as it was.
  const html = await boardHtml(page);
  await page.click("#import-pdn");
  await page.fill("#pdn-text", '[GameType "20"]\n1. 32-28 32-28 *');
  await page.click("#pdn-load");
  assert.match(await page.textContent("#pdn-error"), /move 1/);
  await page.click("#pdn-dialog button[value=close]");
  assert.equal(await boardHtml(page), html);
  assert.equal(await fen(page), fenBefore);
  await page.context().close();
});

test("keyboard play, draw offer, resignation, undo, flip and copy FEN", async () => {
  const page = await openPage();
  await page.selectOption("#opponent", "human");
  await page.selectOption("#mode", "russian");
  // Keyboard: arrows move over the dark squares; focus c3, Enter, right to
  // d4, Enter.
  await page.focus('#board [data-square="c3"]');
  await page.keyboard.press("ArrowUp");
  assert.ok(["b4", "d4"].includes(await page.evaluate(() => document.activeElement.dataset.square)));
  await page.focus('#board [data-square="c3"]');
  await page.keyboard.press("Enter");
  assert.deepEqual(await marked(page, "selected"), ["c3"]);
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), "d4");
  await page.keyboard.press("Enter");
  assert.deepEqual(await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text)), ["c3-d4"]);

  // Undo, then redo by click.
  await page.click("#undo");
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.moves().length), 0);
  await click(page, "c3");
  await click(page, "d4");

  // Flip: White's first row is at the top.
  const topBefore = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  await page.click("#flip");
  const topAfter = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  assert.notEqual(topAfter, topBefore);
  assert.match(topAfter, /1$/);

  // Copy FEN: the clipboard or, where it is refused, the selected field.
  await page.click("#copy-fen");
  await waitText(page, "#message", /FEN (copied|selected)/);
  assert.equal(await fen(page), await page.evaluate(() => window.draughtsPage.state.game.fen()));

  // A declined draw offer, then an accepted one.
  await page.click("#offer-draw");
  await page.click("#confirm-no");
  await waitText(page, "#message", /declined/);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);
  await page.click("#offer-draw");
  await page.click("#confirm-yes");
  await waitText(page, "#status", /Draw: draw by agreement/);
  await page.click("#undo"); // takes back the last move and the agreement
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);

  await page.click("#resign");
  await page.click("#confirm-yes");
  await waitText(page, "#status", /Black wins: White resigned/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("readable on a phone screen", async () => {
  const page = await openPage({ width: 390, height: 844 });
  const box = await page.$eval("#board", (b) => b.getBoundingClientRect().toJSON());
  assert.ok(box.width <= 390 && box.width > 300, `board ${box.width}px wide`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
  const buttons = await page.$$eval("#controls button", (bs) => bs.map((b) => b.getBoundingClientRect().height));
  assert.ok(buttons.every((h) => h >= 28), "buttons big enough to tap");
  await page.screenshot({ path: path.join(shots, "phone.png"), fullPage: true });
  await page.context().close();
});
