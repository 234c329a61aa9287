// What users saw and the page now does, without a game server (static
// files, server.mjs): plural forms by Intl.PluralRules, the built-in modes'
// names in Spanish and Portuguese, the pieces the last move took marked on
// the board, "Play with someone" on a phone's first screen, and the
// identity panel (its code copied by hand where the clipboard is missing,
// a pasted code checked). Play by link with the server: room.test.mjs.
// Screenshots go to fixes/ under target/screenshots (or $SCREENSHOT_DIR), outside the tracked tree.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launchChromium } from "./browser.mjs";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shots = path.join(process.env.SCREENSHOT_DIR ?? path.join(webRoot, "..", "target", "screenshots"), "fixes");
mkdirSync(shots, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LOCALES = { en: "en-US", es: "es-ES", pt: "pt-BR" };

let server, url, browser;

before(async () => {
  ({ server, url } = await serve());
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A page in a fresh context; `phone` emulates a touch phone of 390x844. */
async function openPage(lang, { phone = false, query = "", init = null } = {}) {
  const context = await browser.newContext(phone
    ? { viewport: PHONE, locale: LOCALES[lang], hasTouch: true, isMobile: true }
    : { viewport: DESKTOP, locale: LOCALES[lang] });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && !/404 \(Not Found\)/.test(m.text()) && errors.push(m.text()));
  await page.goto(url + query);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.getAttribute("body", "data-ready"), "true", errors.join("; "));
  page.errors = errors;
  return page;
}

test("counted words take their plural form by Intl.PluralRules in English, Spanish and Portuguese", async () => {
  const page = await openPage("en");
  const say = (lang, key, ...args) => page.evaluate(([lang, key, args]) => {
    const select = document.getElementById("language");
    select.value = lang;
    select.dispatchEvent(new Event("change"));
    return window.draughtsPage.t(key, ...args);
  }, [lang, key, args]);
  // The ranking's row: one won, none lost, two drawn.
  assert.equal(await say("en", "rankedRow", "Ana", 1512, 1, 0, 2), "Ana: 1512 (1 won, 0 lost, 2 drawn)");
  assert.equal(await say("es", "rankedRow", "Ana", 1512, 1, 0, 2), "Ana: 1512 (1 ganada, 0 perdidas, 2 empatadas)");
  assert.equal(await say("pt", "rankedRow", "Ana", 1512, 1, 0, 2), "Ana: 1512 (1 vitória, nenhuma derrota, 2 empates)");
  // A finished game's row: one move, many, none (a resignation before any move).
  assert.equal(await say("en", "gameRow", "Spanish", 3, "won", 1), "Spanish, game 3: won in 1 move");
  assert.equal(await say("en", "gameRow", "Spanish", 3, "won", 21), "Spanish, game 3: won in 21 moves");
  assert.equal(await say("es", "gameRow", "Españolas", 3, "ganada", 1), "Españolas, partida 3: ganada en 1 jugada");
  assert.equal(await say("es", "gameRow", "Españolas", 3, "ganada", 0), "Españolas, partida 3: ganada sin ninguna jugada");
  assert.equal(await say("pt", "gameRow", "Brasileiras", 2, "derrota", 1), "Brasileiras, partida 2: derrota em 1 lance");
  assert.equal(await say("pt", "gameRow", "Brasileiras", 2, "derrota", 0), "Brasileiras, partida 2: derrota sem nenhum lance");
  // A loaded record and a live clock's last second.
  assert.match(await say("en", "loaded", 1, false, "White to move", ""), /^Loaded a game of 1 move; /);
  assert.match(await say("es", "loaded", 0, false, "juegan Blancas", ""), /^Partida cargada, sin jugadas; /);
  assert.equal(await say("es", "moveDeadline", 1), "Queda 1 s para esta jugada.");
  assert.equal(await say("pt", "moveDeadline", 1), "Resta 1 s para este lance.");
  assert.equal(await say("pt", "moveDeadline", 40), "Restam 40 s para este lance.");
  // The forms are the language's plural categories, not a count === 1 test:
  // Intl.PluralRules puts 1 in "one" in all three, 0 in "other" in English
  // and Spanish but in "one" in Portuguese (as French does), so Portuguese
  // says 0 by a phrase of its own ("nenhuma derrota", "Restam 0 s").
  const categories = await page.evaluate(() => ["en", "es", "pt"].map((l) => [new Intl.PluralRules(l).select(0), new Intl.PluralRules(l).select(1)]));
  assert.deepEqual(categories, [["other", "one"], ["other", "one"], ["one", "one"]]);
  assert.equal(await say("pt", "moveDeadline", 0), "Restam 0 s para este lance.");
  assert.equal(await say("pt", "rankedRow", "Bia", 1490, 0, 1, 0), "Bia: 1490 (nenhuma vitória, 1 derrota, nenhum empate)");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the built-in modes have Spanish and Portuguese names (English draughts is Inglesas)", async () => {
  const english = ["English", "Italian", "Spanish", "Russian", "Brazilian", "Czech", "Thai", "International", "Canadian", "Turkish", "Frisian", "Antidraughts", "Breakthrough", "Killer"];
  const want = { es: { english: "Inglesas", international: "Internacionales", turkish: "Turcas" }, pt: { english: "Inglesas", international: "Internacionais", turkish: "Turcas" } };
  for (const lang of ["es", "pt"]) {
    const page = await openPage(lang);
    const options = await page.$$eval("#mode option", (os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
    for (const [mode, name] of Object.entries(want[lang])) assert.equal(options[mode], name, `${lang} ${mode}`);
    for (const [mode, text] of Object.entries(options)) {
      assert.ok(!english.includes(text), `${lang}: the mode ${mode} is shown by its English name ${text}`);
    }
    await page.selectOption("#mode", "english");
    assert.match(await page.textContent("#rules"), /8×8/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("after a capture the taken pieces are marked on their empty squares, and said to a screen reader", async () => {
  for (const lang of ["en", "es", "pt"]) {
    const page = await openPage(lang);
    await page.selectOption("#opponent", "human");
    // Each side plays its first legal move until a capture is played (captures are compulsory).
    const capture = await page.evaluate(() => {
      const { state, render } = window.draughtsPage;
      for (let ply = 0; ply < 80 && !state.game.isOver; ply++) {
        const moves = state.game.legalMoves();
        const m = moves.find((x) => x.captured.length) ?? moves[0];
        state.game.play(m.text);
        if (m.captured.length) {
          state.input = state.game.moveInput();
          render();
          return { text: m.text, captured: m.captured };
        }
      }
      return null;
    });
    assert.ok(capture, "a capture within 80 plies");
    const taken = await page.$$eval("#board .sq.taken", (cells) => cells.map((c) => c.dataset.square).sort());
    assert.deepEqual(taken, [...capture.captured].sort(), `${lang}: the squares of ${capture.text}'s captured pieces`);
    for (const sq of capture.captured) {
      assert.equal(await page.$eval(`#board [data-square="${sq}"] .piece`, () => true).catch(() => false), false, "the square is empty");
      const label = await page.getAttribute(`#board [data-square="${sq}"]`, "aria-label");
      assert.match(label, { en: /taken by the last move$/, es: /capturada en la última jugada$/, pt: /capturada no último lance$/ }[lang]);
    }
    await page.screenshot({ path: path.join(shots, `${lang}-taken.png`) });
    // The next move clears the marks (they belong to the last move only).
    await page.evaluate(() => {
      const { state, render } = window.draughtsPage;
      state.game.play(state.game.legalMoves().find((m) => !m.captured.length)?.text ?? state.game.legalMoves()[0].text);
      state.input = state.game.moveInput();
      render();
    });
    const after = await page.evaluate(() => window.draughtsPage.state.game.moves().at(-1).captured.length);
    assert.equal(await page.locator("#board .sq.taken").count(), after);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("on a 390x844 phone \"Play with someone\" is on the first screen, in each language", async () => {
  for (const lang of ["en", "es", "pt"]) {
    const page = await openPage(lang, { phone: true });
    const box = await page.locator("#play-with-someone").boundingBox();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `${lang}: the button at ${JSON.stringify(box)} within 0-${PHONE.height}`);
    assert.match(await page.textContent("#play-with-someone"), { en: /^Play with someone$/, es: /^Jugar con alguien$/, pt: /^Jogar com alguém$/ }[lang]);
    // The board is still above it, whole.
    const board = await page.locator("#board").boundingBox();
    assert.ok(board.y + board.height <= box.y, "the board comes first");
    await page.screenshot({ path: path.join(shots, `${lang}-phone-start.png`) });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scrolling");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

const CODE = `draughts:${"a1".repeat(16)}:${"0f".repeat(32)}`;
const withIdentity = `localStorage.setItem("draughts.player", JSON.stringify({ player: "${"a1".repeat(16)}", secret: "${"0f".repeat(32)}" }));`;
// No Clipboard API, and a copy command that fails: what some phone browsers give an http page.
const noClipboard = `Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }); document.execCommand = () => false;`;

test("your identity: its code is shown; on a phone without a clipboard it is selected and the page says to copy it by hand", async () => {
  for (const lang of ["en", "es", "pt"]) {
    const page = await openPage(lang, { phone: true, init: `if (!sessionStorage.getItem("set")) { sessionStorage.setItem("set", "1"); ${withIdentity} } ${noClipboard}` });
    await page.click("#identity summary");
    assert.equal(await page.inputValue("#identity-code"), CODE);
    await page.click("#copy-identity");
    assert.match(await page.textContent("#message"), { en: /touch and hold it, then choose Copy/, es: /mantenlo pulsado y elige Copiar/, pt: /toque e segure, depois escolha Copiar/ }[lang]);
    const selection = await page.$eval("#identity-code", (i) => [document.activeElement === i, i.selectionStart, i.selectionEnd]);
    assert.deepEqual(selection, [true, 0, CODE.length], "the whole code is selected in its field");
    await page.screenshot({ path: path.join(shots, `${lang}-identity-phone.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(shots, `${lang}-identity.png`) });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("your identity: a pasted text that is not a code changes nothing; a code becomes this browser's identity", async () => {
  const page = await openPage("es");
  const stored = () => page.evaluate(() => localStorage.getItem("draughts.player"));
  await page.click("#identity summary");
  assert.equal(await page.inputValue("#identity-code"), "");
  assert.match(await page.getAttribute("#identity-code", "placeholder"), /aún ninguno/);
  assert.equal(await page.isDisabled("#copy-identity"), true);
  for (const bad of ["", "hola", `draughts:${"a1".repeat(16)}`, `draughts:${"a1".repeat(16)}:not-hex!`]) {
    await page.fill("#identity-input", bad);
    await page.click("#use-identity");
    assert.match(await page.textContent("#identity-note"), /^Eso no es un código de identidad/);
    assert.equal(await stored(), null, `"${bad}" is refused`);
  }
  await page.fill("#identity-input", `  ${CODE}\n`);
  await page.click("#use-identity");
  assert.match(await page.textContent("#identity-note"), /^Hecho/);
  assert.deepEqual(JSON.parse(await stored()), { player: "a1".repeat(16), secret: "0f".repeat(32) });
  assert.equal(await page.inputValue("#identity-code"), CODE);
  // Another code asks first; "No" keeps the current one.
  const other = `draughts:${"b2".repeat(16)}:${"1e".repeat(32)}`;
  await page.fill("#identity-input", other);
  await page.click("#use-identity");
  await page.waitForSelector("#confirm-dialog[open]");
  await page.click("#confirm-no");
  assert.equal(JSON.parse(await stored()).player, "a1".repeat(16));
  await page.click("#use-identity");
  await page.waitForSelector("#confirm-dialog[open]");
  await page.click("#confirm-yes");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("draughts.player")).player.startsWith("b2"));
  assert.equal(await page.inputValue("#identity-code"), other);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
