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
import { serve } from "./server.mjs";
import { launchChromium } from "./browser.mjs";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = process.env.SCREENSHOT_DIR ?? path.join(webRoot, "..", "target", "screenshots");
mkdirSync(shots, { recursive: true });

let server, url, browser;

before(async () => {
  ({ server, url } = await serve());
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openPage(viewport = DESKTOP, query = "", locale = "en-US") {
  // The page's language follows the browser's: these tests read its English.
  const context = await browser.newContext({ viewport, locale });
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
  // 1x40 jumped 23: marked as jumped, no longer as still to be captured.
  assert.deepEqual(await marked(page, "jumped"), ["23"]);
  assert.deepEqual(await marked(page, "captured"), sorted(via40.flatMap((m) => m.captured)).filter((s) => s !== "23"));
  const mid = await boardHtml(page);
  await click(page, "46"); // not on any route: changes nothing
  assert.equal(await boardHtml(page), mid);
  // 40x49 jumps 44: two pieces jumped, the last one (32) still to be taken.
  await click(page, "49");
  assert.deepEqual(await marked(page, "jumped"), ["23", "44"]);
  assert.deepEqual(await marked(page, "captured"), ["32"]);
  // The two look different: a jumped piece faded and crossed out, the one
  // still to be taken ringed.
  const look = (sq) => page.$eval(`#board [data-square="${sq}"]`, (c) => {
    const piece = getComputedStyle(c.querySelector(".piece"));
    return { opacity: Number(piece.opacity), ring: piece.outlineStyle, cross: getComputedStyle(c, "::before").content };
  });
  const jumpedLook = await look("23"), toTake = await look("32");
  assert.ok(jumpedLook.opacity < 0.6, `jumped piece faded (${jumpedLook.opacity})`);
  assert.notEqual(jumpedLook.cross, "none", "a cross over the jumped piece");
  assert.equal(toTake.opacity, 1);
  assert.equal(toTake.ring, "solid");
  assert.equal(toTake.cross, "none");
  assert.match(await page.getAttribute('#board [data-square="44"]', "aria-label"), /already jumped/);
  assert.match(await page.getAttribute('#board [data-square="32"]', "aria-label"), /will be captured/);
  await page.screenshot({ path: path.join(shots, "multi-jump.png") });
  await click(page, "27");
  const played = await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text));
  assert.deepEqual(played, ["1x40x49x27"]);
  assert.equal(await page.$$eval("#board .piece.black", (p) => p.length), 1);
  assert.match(await page.textContent("#moves"), /1x40x27|1x40x49x27|1x27/);

  // Turkish: an orthogonal capture, pieces removed as they are jumped; the
  // man on a2 takes a3, a5, b6 and d6, and each click marks one more jumped.
  await setPosition(page, "turkish", "W:Wa2:Ba3,a5,b6,d6");
  await click(page, "a2");
  assert.deepEqual(await marked(page, "jumped"), []);
  assert.deepEqual(await marked(page, "captured"), ["a3", "a5", "b6", "d6"]);
  const steps = [["a4", ["a3"]], ["a6", ["a3", "a5"]], ["c6", ["a3", "a5", "b6"]]];
  for (const [sq, jumped] of steps) {
    await click(page, sq);
    assert.deepEqual(await marked(page, "jumped"), jumped, sq);
    assert.deepEqual(await marked(page, "captured"), ["a3", "a5", "b6", "d6"].filter((p) => !jumped.includes(p)), sq);
  }
  await click(page, "e6");
  assert.deepEqual(await page.evaluate(() => window.draughtsPage.state.game.moves().map((m) => m.text)), ["a2xa4xa6xc6xe6"]);
  assert.deepEqual(await marked(page, "jumped"), []);

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
  assert.equal(await page.getAttribute("#message", "class"), "info");
  await waitComputer(page);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.turn()), "black", "still the human's move");
  assert.match(await page.textContent("#status"), /Black \(you\) to move/);
  // ...and with three kings against one man it accepts.
  await setPosition(page, "english", "B:W20:BK1,K2,K3");
  await page.click("#offer-draw");
  await waitText(page, "#status", /^Draw: draw by agreement\. \(1\/2-1\/2\)$/);
  assert.equal(await page.textContent("#message"), "The computer accepts the draw.");
  assert.equal(await page.getAttribute("#message", "class"), "success");
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

/**
 * International against the computer at `level`, the human's 32-28 played
 * and the worker's answer held until the test releases it: the page is
 * "thinking" for as long as the test needs, on any machine (the worker's
 * progress messages are not held).
 */
async function computerThinking(level) {
  const page = await openPage(undefined, "?seed=5");
  await page.selectOption("#opponent", level);
  await page.selectOption("#mode", "international");
  assert.equal(await page.isHidden("#move-now"), true, "no move now while the human is to move");
  await page.evaluate(() => window.draughtsPage.hold());
  await click(page, "32");
  await click(page, "28");
  await page.waitForFunction(() => !!window.draughtsPage.state.thinking);
  return page;
}

test("the page stays responsive while the computer thinks (hard: a second a move, in the worker)", async () => {
  const page = await computerThinking("hard");
  assert.match(await page.textContent("#status"), /Black \(computer, hard\) is thinking/);
  await page.screenshot({ path: path.join(shots, "thinking.png") });
  // While the worker searches, the page handles a click and redraws.
  const top = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  await page.click("#flip");
  const flipped = await page.$eval("#board .sq.dark", (c) => c.dataset.square);
  assert.notEqual(flipped, top);
  assert.equal((await gameState(page)).thinking, true, "the flip was handled during the search");
  // A click on one of the human's men meanwhile selects nothing: no
  // selection, no targets, no pending input, the square not marked.
  assert.deepEqual(await marked(page, "movable"), [], "nothing movable while the computer thinks");
  const before = await page.getAttribute('#board [data-square="33"]', "class");
  await click(page, "33");
  assert.deepEqual(await page.evaluate(() => window.draughtsPage.state.input.clicks), []);
  assert.deepEqual(await marked(page, "selected"), []);
  assert.deepEqual(await marked(page, "target"), []);
  assert.deepEqual(await marked(page, "via"), []);
  assert.equal(await page.getAttribute('#board [data-square="33"]', "class"), before);
  assert.doesNotMatch(await page.getAttribute('#board [data-square="33"]', "aria-label"), /selected|can move/);
  // The answer arrives: the computer's move is played, the human to move.
  await page.evaluate(() => window.draughtsPage.release());
  await waitComputer(page, 15000);
  const s = await gameState(page);
  assert.deepEqual([s.plies, s.thinking, s.humanTurn], [2, false, true]);
  assert.match(await page.textContent("#status"), /White \(you\) to move/);
  // ...and a click selects again.
  const movable = await marked(page, "movable");
  assert.ok(movable.length > 0);
  await click(page, movable[0]);
  assert.deepEqual(await marked(page, "selected"), [movable[0]]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("move now: the hard level shows each depth it completes and plays its best line's first move at once", async () => {
  const page = await computerThinking("hard");
  await page.waitForFunction(() => !!window.draughtsPage.state.best, null, { timeout: 15000 });
  assert.match(await page.textContent("#status"), /Black \(computer, hard\) is thinking… Depth \d+, ([+-]\d+\.\d\d|win in \d+|loss in \d+)\./);
  assert.equal(await page.isVisible("#move-now"), true);
  await page.screenshot({ path: path.join(shots, "move-now.png") });
  // The best line's first move, read in the same task as the click (no
  // progress message can come between them).
  const best = await page.evaluate(() => {
    const move = window.draughtsPage.state.best.pv[0];
    document.getElementById("move-now").click();
    return move;
  });
  const s = await gameState(page);
  assert.deepEqual([s.plies, s.thinking, s.humanTurn], [2, false, true]);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.moves()[1].text), best);
  assert.equal(await page.isHidden("#move-now"), true);
  assert.match(await page.textContent("#status"), /White \(you\) to move/);
  // The ended worker's held answer is dropped; the new worker answers the
  // next move.
  await page.evaluate(() => window.draughtsPage.release());
  assert.equal((await gameState(page)).plies, 2);
  const [mv] = await legal(page);
  await click(page, mv.from);
  await click(page, mv.to);
  await waitComputer(page, 15000);
  assert.deepEqual((await gameState(page)).plies, 4);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("no move now at a level that errs on purpose: its move is not its best line's", async () => {
  const page = await computerThinking("medium");
  await page.waitForFunction(() => !!window.draughtsPage.state.best, null, { timeout: 15000 });
  assert.match(await page.textContent("#status"), /Black \(computer, medium\) is thinking… Depth \d+/);
  assert.equal(await page.isHidden("#move-now"), true);
  await page.evaluate(() => window.draughtsPage.release());
  await waitComputer(page, 15000);
  assert.equal((await gameState(page)).plies, 2);
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
  // Two players: whose move it is, not "you play".
  assert.equal(await page.textContent("#message"), "Loaded a game of 5 moves; Black to move.");
  assert.equal(await page.getAttribute("#message", "class"), "success");

  // In another mode, the record's GameType (20) switches the page to International.
  await page.selectOption("#mode", "russian");
  assert.equal(await page.textContent("#message"), "", "a new game clears the message");
  await page.click("#import-pdn");
  await page.fill("#pdn-text", pdn);
  await page.click("#pdn-load");
  assert.equal(await page.$eval("#mode", (s) => s.value), "international");
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.variant), "international");
  assert.equal(await fen(page), fenBefore);
  assert.equal(await page.$$eval("#board .sq.dark", (c) => c.length), 50);
  assert.match(await page.textContent("#message"), /^Loaded a game of 5 moves; Black to move\. The mode is now International \(it was Russian\), as the record says\.$/);
  assert.match(await page.textContent("#rules"), /^10×10 board/);
  // Two players: the board stays the way "You play" (the first mover) turns it, White at the bottom.
  assert.deepEqual(await page.$$eval("#board .sq.dark", (cs) => cs.slice(-5).map((c) => c.dataset.square).sort((a, b) => a - b)), ["46", "47", "48", "49", "50"]);
  await page.screenshot({ path: path.join(shots, "pdn-loaded.png") });

  // A record with an illegal move: an error in the dialog naming the move
  // number and the side, the game as it was.
  const html = await boardHtml(page);
  const pdnError = async (text) => {
    await page.click("#import-pdn");
    await page.fill("#pdn-text", text);
    await page.click("#pdn-load");
    const error = await page.textContent("#pdn-error");
    await page.click("#pdn-dialog button[value=close]");
    return error;
  };
  assert.match(await pdnError('[GameType "20"]\n1. 32-28 32-28 *'), /move 1\.\.\. `32-28` \(Black\)/);
  assert.match(await pdnError('[GameType "25"]\n1. c3-d4 e7-d6 *'), /move 1\.\.\. `e7-d6` \(Black\): no legal move matches/);
  assert.match(await pdnError('[GameType "25"]\n1. c3-c5 *'), /move 1 `c3-c5` \(White\)/);
  assert.match(await pdnError('[GameType "25"]\n1. c3-d4 f6-g5 2. g3-h4 h6-g4 *'), /move 2\.\.\. `h6-g4` \(Black\)/);
  // English: Black moves first, so the second move of a number is White's.
  assert.match(await pdnError('[GameType "21"]\n1. 11-15 11-16 *'), /move 1\.\.\. `11-16` \(White\)/);
  assert.match(await pdnError('[GameType "21"]\n1. 11-18 *'), /move 1 `11-18` \(Black\)/);
  assert.equal(await boardHtml(page), html);
  assert.equal(await fen(page), fenBefore);
  assert.equal(await page.$eval("#mode", (s) => s.value), "international");

  // Against the computer the message says which side the player takes.
  await page.selectOption("#opponent", "easy");
  await page.click("#import-pdn");
  await page.fill("#pdn-text", pdn);
  await page.click("#pdn-load");
  assert.equal(await page.textContent("#message"), "Loaded a game of 5 moves; you play Black.");
  // The player's side at the bottom: Black's first row (1-5) is the lowest.
  const bottom = await page.$$eval("#board .sq.dark", (cs) => cs.slice(-5).map((c) => c.dataset.square).sort());
  assert.deepEqual(bottom, ["1", "2", "3", "4", "5"]);
  assert.deepEqual(page.errors, []);
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
  await waitText(page, "#message", /^White declined the draw: play on\.$/);
  assert.equal(await page.getAttribute("#message", "class"), "info");
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);
  const infoColor = await page.$eval("#message", (m) => getComputedStyle(m).color);
  await page.click("#offer-draw");
  await page.click("#confirm-yes");
  await waitText(page, "#status", /Draw: draw by agreement/);
  // The answer replaces the old message, as a success.
  await waitText(page, "#message", /^White accepts the draw\.$/);
  assert.equal(await page.getAttribute("#message", "class"), "success");
  const successColor = await page.$eval("#message", (m) => getComputedStyle(m).color);
  assert.notEqual(successColor, infoColor);
  await page.click("#undo"); // takes back the last move and the agreement
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.isOver), false);

  await page.click("#resign");
  await page.click("#confirm-yes");
  await waitText(page, "#status", /Black wins: White resigned/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});



test("the message line has kinds, each styled its own way", async () => {
  const page = await openPage();
  const look = async (kind) => {
    await page.evaluate((k) => window.draughtsPage.message(`a ${k} message`, k), kind);
    return page.$eval("#message", (m) => ({ cls: m.className, role: m.getAttribute("role"), color: getComputedStyle(m).color, background: getComputedStyle(m).backgroundColor }));
  };
  const info = await look("info"), success = await look("success"), error = await look("error");
  assert.deepEqual([info.cls, success.cls, error.cls], ["info", "success", "error"]);
  assert.equal(error.role, "alert");
  assert.equal(info.role, "status");
  assert.equal(new Set([info.color, success.color, error.color]).size, 3, JSON.stringify([info, success, error]));
  assert.equal(new Set([info.background, success.background, error.background]).size, 3);
  // Any move clears the message of the last action.
  await page.selectOption("#opponent", "human");
  await page.evaluate(() => window.draughtsPage.message("stale", "error"));
  const [mv] = await legal(page);
  await click(page, mv.from);
  await click(page, mv.to);
  assert.equal(await page.evaluate(() => window.draughtsPage.state.game.moves().length), 1);
  assert.equal(await page.textContent("#message"), "");
  assert.equal(await page.getAttribute("#message", "class"), "");
  await page.context().close();
});

// What the rules line must say in each mode (RULES.md), and what it must not.
const RULE_PHRASES = {
  "english": [/^8×8 board/, /Black moves first/, /men move and capture forward only/, /short kings/, /free choice among captures/, /after 40 moves each without a capture or a man move/, /third repetition/],
  "italian": [/White moves first/, /men cannot capture kings/, /short kings/, /take the most pieces .*, then capture with a king, then take the most kings, then take kings as early as possible/, /fourth repetition/],
  "spanish": [/flying kings/, /take the most pieces .*, then take the most kings/],
  "russian": [/men move forward and capture forward and backward/, /becomes a king and goes on capturing as one/, /after 15 moves each with only kings moving/, /main road/, /30 or 60 moves each/],
  "brazilian": [/take the most pieces/, /after 20 moves each with only kings moving/],
  "pool": [/Black moves first/, /free choice among captures/, /after 13 moves of the stronger side/],
  "czech": [/capturing is compulsory: capture with a king/, /after 15 moves each/],
  "thai": [/Black moves first/, /landing directly behind each piece they capture/, /captured pieces leave the board at once/],
  "international": [/^10×10 board/, /stays a man/, /take the most pieces/, /after 25 moves each with only kings moving/, /after 16 moves each of a lone king/],
  "canadian": [/^12×12 board/, /take the most pieces/],
  "turkish": [/all squares used/, /men move and capture forward and sideways, never backward/, /flying kings \(any distance along rows and columns\)/, /leave the board at once; a capture may not turn straight back/, /at once when each side is down to one piece/],
  "frisian": [/capture diagonally and also along rows and columns/, /take the highest value \(a king is worth more than a man and less than two men\), then capture with a king/, /not make more than 3 non-capturing moves in a row/, /with one king against one, after 2 moves each/, /with two kings against one, after 7 moves each/],
  "frysk": [/capture diagonally and also along rows and columns/, /take the highest value/],
  "antidraughts": [/the side that cannot move \(no pieces left, or all blocked\) wins/],
  "breakthrough": [/the first side to make a king wins/],
  "killer": [/a king whose capture ends by taking a king stops directly behind it/, /a side that cannot move .* loses/],
  "spanish-site": [/take the most pieces \(a king counts as one\) ·/, /after 20 moves in a row \(both sides' moves counted\) with only kings moving/],
  "brazilian-site": [/after 20 moves in a row/],
  "english-site": [/short kings/, /after 20 moves in a row/],
  "russian-site": [/goes on capturing as one/, /after 20 moves in a row/],
  "italian-site": [/take the most pieces .*, then take the most kings, then capture with a king ·/, /men cannot capture kings/],
  "thai-site": [/Black moves first/, /after 20 moves in a row/],
  "english-50-moves": [/after 50 moves each without a capture or a man move/],
  "english-40-moves": [/after 40 moves each without a capture or a man move/, /free choice among captures/],
};

test("the rules line of every mode in words", async () => {
  const page = await openPage();
  const modes = await page.$$eval("#mode option", (os) => os.map((o) => o.value));
  assert.deepEqual(modes.filter((m) => !RULE_PHRASES[m]), [], "every mode has expected phrases");
  for (const mode of modes) {
    await page.selectOption("#mode", mode);
    const text = await page.textContent("#rules");
    for (const phrase of RULE_PHRASES[mode]) assert.match(text, phrase, mode);
    // No raw data: braces, kebab-case names, "0 moves", "forward only" on an orthogonal board.
    assert.doesNotMatch(text, /[{}:]\s*\d|[{}]|\b[a-z]+-[a-z]+-[a-z]+\b|\b0 moves|value \{|precedence|\bman: /, `${mode}: ${text}`);
    if (mode === "turkish") assert.doesNotMatch(text, /forward only/);
    const win = /wins|loses/.test(text);
    assert.ok(win, `${mode}: says how the game is won`);
    if (mode === "thai-site") assert.doesNotMatch(text, /directly behind|at once/);
  }
  await page.context().close();
});

test("an orthogonal board (Turkish) shows its 64 squares apart", async () => {
  const page = await openPage();
  await page.selectOption("#mode", "turkish");
  const cells = await page.$$eval("#board .sq.dark", (cs) => cs.map((c) => ({ sq: c.dataset.square, bg: getComputedStyle(c).backgroundColor })));
  assert.equal(cells.length, 64);
  const bg = new Map(cells.map((c) => [c.sq, c.bg]));
  // Every pair of neighbours along a row or a column differs; diagonal neighbours match.
  const files = "abcdefgh";
  for (let f = 0; f < 8; f++) {
    for (let r = 1; r <= 8; r++) {
      const sq = files[f] + r;
      if (f < 7) assert.notEqual(bg.get(sq), bg.get(files[f + 1] + r), `${sq} and its right neighbour`);
      if (r < 8) assert.notEqual(bg.get(sq), bg.get(files[f] + (r + 1)), `${sq} and the square above`);
      if (f < 7 && r < 8) assert.equal(bg.get(sq), bg.get(files[f + 1] + (r + 1)));
    }
  }
  await page.screenshot({ path: path.join(shots, "turkish.png") });
  await page.context().close();
});

test("the player's side is at the bottom; the flip button turns the board", async () => {
  const page = await openPage(undefined, "?seed=2");
  await page.selectOption("#opponent", "very-easy");
  await page.selectOption("#mode", "international");
  // The dark squares of the lowest row, in the DOM's (drawing) order.
  const bottomRow = () => page.$$eval("#board .sq.dark", (cs) => cs.slice(-5).map((c) => c.dataset.square).sort((a, b) => a - b));
  const piecesLow = (color) => page.$$eval(`#board .piece.${color}`, (ps) => {
    const board = document.getElementById("board").getBoundingClientRect();
    return ps.every((p) => p.getBoundingClientRect().top > board.top + board.height / 2);
  });
  assert.deepEqual(await bottomRow(), ["46", "47", "48", "49", "50"], "White (the first mover) at the bottom");
  assert.equal(await piecesLow("white"), true);
  await page.selectOption("#side", "second");
  await waitComputer(page);
  assert.equal((await gameState(page)).human, "black");
  assert.deepEqual(await bottomRow(), ["1", "2", "3", "4", "5"], "Black, the player, at the bottom");
  assert.equal(await piecesLow("black"), true);
  await page.screenshot({ path: path.join(shots, "second-mover.png") });
  await page.click("#flip");
  assert.deepEqual(await bottomRow(), ["46", "47", "48", "49", "50"]);
  await page.click("#flip");
  assert.deepEqual(await bottomRow(), ["1", "2", "3", "4", "5"]);
  // English: Black moves first; the player as the first mover sees Black at the bottom.
  await page.selectOption("#side", "first");
  await page.selectOption("#mode", "english");
  assert.equal((await gameState(page)).human, "black");
  assert.equal(await piecesLow("black"), true);
  // Two players: the side chosen under "You play" at the bottom.
  await page.selectOption("#opponent", "human");
  assert.equal(await piecesLow("black"), true);
  await page.selectOption("#side", "second");
  assert.equal(await piecesLow("white"), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The square names' font size, box and contrast against the square, and the piece's circle. */
const labelGeometry = (page) => page.$$eval("#board .sq.dark", (cs) => cs.map((c) => {
  const name = c.querySelector(".name");
  const box = name.getBoundingClientRect(), sq = c.getBoundingClientRect();
  const piece = c.querySelector(".piece")?.getBoundingClientRect();
  const style = getComputedStyle(name);
  return {
    square: c.dataset.square, font: parseFloat(style.fontSize), zIndex: style.zIndex, color: style.color, background: style.backgroundColor,
    box: { left: box.left - sq.left, top: box.top - sq.top, right: box.right - sq.left, bottom: box.bottom - sq.top }, size: sq.width,
    piece: piece && { cx: piece.left + piece.width / 2 - sq.left, cy: piece.top + piece.height / 2 - sq.top, r: piece.width / 2 },
  };
}));

function checkLabels(labels, where) {
  for (const l of labels) {
    assert.ok(l.font >= 9, `${where} ${l.square}: ${l.font}px`);
    assert.ok(l.font >= 0.18 * l.size || l.font >= 12, `${where} ${l.square}: ${l.font}px on a ${l.size}px square`);
    // In the top-left corner of its square, drawn above the piece.
    assert.ok(l.box.left >= -0.5 && l.box.top >= -0.5 && l.box.right <= 0.6 * l.size && l.box.bottom <= 0.5 * l.size, `${where} ${l.square}: ${JSON.stringify(l.box)}`);
    assert.equal(l.zIndex, "1");
    assert.equal(l.color, "rgb(255, 255, 255)");
    assert.notEqual(l.background, "rgba(0, 0, 0, 0)");
    if (l.piece) {
      // The label's centre lies outside the piece's circle: the piece covers at most its corner.
      const dx = (l.box.left + l.box.right) / 2 - l.piece.cx, dy = (l.box.top + l.box.bottom) / 2 - l.piece.cy;
      assert.ok(Math.hypot(dx, dy) > l.piece.r, `${where} ${l.square}: the label's centre under the piece`);
    }
  }
}

test("square names readable on every board size, desktop and phone", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await openPage(viewport);
    for (const mode of ["spanish-site", "international", "canadian", "turkish", "russian"]) {
      await page.selectOption("#mode", mode);
      checkLabels(await labelGeometry(page), `${viewport.width}px ${mode}`);
      if (viewport === PHONE && mode === "canadian") await page.screenshot({ path: path.join(shots, "phone-canadian.png") });
    }
    await page.context().close();
  }
});

test("readable on a phone screen", async () => {
  const page = await openPage(PHONE);
  const box = await page.$eval("#board", (b) => b.getBoundingClientRect().toJSON());
  assert.ok(box.width > 300, `board ${box.width}px wide`);
  // The board fits with a margin on both sides.
  assert.ok(box.left >= 8 && PHONE.width - box.right >= 8, `margins ${box.left} and ${PHONE.width - box.right}px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
  // The status (whose move) is visible without scrolling.
  const status = await page.$eval("#status", (s) => s.getBoundingClientRect().toJSON());
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.ok(status.height > 0 && status.bottom <= PHONE.height, `status at ${status.top}-${status.bottom}px`);
  // Every shown button ("move now" is hidden until the computer thinks).
  const buttons = await page.$$eval("#controls button:not([hidden])", (bs) => bs.map((b) => b.getBoundingClientRect().height));
  assert.ok(buttons.length >= 6 && buttons.every((h) => h >= 28), `buttons big enough to tap: ${buttons}`);
  await page.screenshot({ path: path.join(shots, "phone.png") });
  await page.screenshot({ path: path.join(shots, "phone-full.png"), fullPage: true });
  await page.context().close();
});

test("the .wasm is downloaded once, for the page and the worker", async () => {
  const own = await serve();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(own.url + "?seed=4");
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.getAttribute("body", "data-ready"), "true");
  // The worker works (it answered the page's hello: the levels are enabled)...
  assert.equal(await page.evaluate(() => window.draughtsPage.state.engine), true);
  // ...and plays a move. A new game during the search cancels it by
  // restarting the worker, which gets the compiled module again.
  await page.selectOption("#opponent", "very-easy");
  await page.evaluate(() => window.draughtsPage.hold());
  await page.selectOption("#side", "second");
  await page.waitForFunction(() => !!window.draughtsPage.state.thinking);
  await page.click("#new-game");
  await page.evaluate(() => window.draughtsPage.release());
  await page.waitForFunction(() => !window.draughtsPage.state.thinking && window.draughtsPage.state.game.moves().length === 1, null, { timeout: 20000 });
  const wasm = own.requests.filter((p) => p.endsWith(".wasm"));
  console.log(`# .wasm requests: ${wasm.length} (${wasm.join(", ")})`);
  assert.deepEqual(wasm, ["/pkg/draughts_bg.wasm"]);
  assert.deepEqual(errors, []);
  await context.close();
  own.server.close();
});

test("a browser that cannot compile the package is told which browsers can, in its language", async () => {
  // Stands for a browser without WebAssembly typed function references: the
  // module it is served fails to compile (a valid header, then a section
  // of an unknown id).
  for (const [locale, words] of [["en-US", /needs Chrome or Edge 119, Firefox 120, Safari 18\.2/], ["es-ES", /necesita Chrome o Edge 119/]]) {
    const context = await browser.newContext({ viewport: DESKTOP, locale });
    const page = await context.newPage();
    await page.route("**/draughts_bg.wasm", (route) =>
      route.fulfill({ contentType: "application/wasm", body: Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0x7f, 1, 0]) }));
    await page.goto(url);
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.getAttribute("body", "data-ready"), "error");
    assert.match(await page.textContent("#status"), words);
    await context.close();
  }
});

test("time to a playable page under DevTools' Fast 4G network emulation (printed, not asserted)", async () => {
  // Chrome DevTools' "Fast 4G" preset (devtools-frontend,
  // front_end/core/sdk/NetworkManager.ts, Fast4GConditions): 9 Mbps down and
  // 1.5 Mbps up, each times 0.9 (1 012 500 and 168 750 bytes/s), latency
  // 60 ms × 2.75 = 165 ms. No cache (a fresh context, cache disabled, a
  // no-store server). Measured with the files gzip-compressed (as static
  // hosts send them) and uncompressed.
  const FAST_4G = { offline: false, downloadThroughput: (9 * 1000 * 1000) / 8 * 0.9, uploadThroughput: (1.5 * 1000 * 1000) / 8 * 0.9, latency: 60 * 2.75 };
  for (const gzip of [true, false]) {
    const own = await serve(0, { gzip });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", FAST_4G);
    const transferred = new Map();
    cdp.on("Network.loadingFinished", (e) => transferred.set(e.requestId, e.encodedDataLength));
    await page.goto(own.url);
    await page.waitForSelector("body[data-ready]", { timeout: 60000 });
    assert.equal(await page.getAttribute("body", "data-ready"), "true");
    const ms = Number(await page.getAttribute("body", "data-ready-ms"));
    assert.ok(ms > 0);
    const bytes = [...transferred.values()].reduce((a, b) => a + b, 0);
    const wasm = own.requests.filter((p) => p.endsWith(".wasm")).length;
    console.log(`# Fast 4G (${FAST_4G.downloadThroughput} B/s down, ${FAST_4G.latency} ms latency), ${gzip ? "gzip" : "uncompressed"}: ready in ${ms} ms from navigation start; ${bytes} bytes transferred, ${wasm} .wasm request(s)`);
    await context.close();
    own.server.close();
  }
});
