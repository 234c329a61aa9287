// The seed site's page: its three languages, its barrels-and-tires pieces,
// and "Play with someone" when the page is served as static files only (no
// game server): headless Chromium against server.mjs, as page.test.mjs.
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

/** A page in a fresh context whose browser prefers `locale`. */
async function openPage(locale, query = "", { viewport = { width: 1280, height: 800 }, context } = {}) {
  context ??= await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // A static server answers the API's paths with 404: that is the case under test, not an error.
  page.on("console", (m) => m.type() === "error" && !/404 \(Not Found\)/.test(m.text()) && errors.push(m.text()));
  await page.goto(url + query);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.getAttribute("body", "data-ready"), "true", errors.join("; "));
  page.errors = errors;
  return page;
}

const optionTexts = (page, sel) => page.$$eval(`${sel} option`, (os) => os.map((o) => o.textContent.trim()));

test("in Spanish the page opens on Spanish draughts with the site's rivals; in Portuguese on Brazilian; English keeps its names", async () => {
  const es = await openPage("es-AR");
  assert.equal(await es.getAttribute("html", "lang"), "es");
  assert.equal(await es.$eval("#mode", (s) => s.value), "spanish-site");
  assert.equal(await es.$eval("#mode", (s) => s.selectedOptions[0].textContent), "Españolas");
  assert.deepEqual((await optionTexts(es, "#opponent")).slice(0, 4), ["Domador (muy fácil)", "Chofer (fácil)", "Carcelero (medio)", "Empresario (difícil)"]);
  assert.equal(await es.textContent("#new-game"), "Nueva partida");
  assert.match(await es.textContent("#status"), /^Juegan Blancas/);
  assert.equal(await es.textContent("#play-with-someone"), "Jugar con alguien");
  assert.deepEqual(es.errors, []);
  await es.context().close();

  const pt = await openPage("pt-BR");
  assert.equal(await pt.getAttribute("html", "lang"), "pt");
  assert.equal(await pt.$eval("#mode", (s) => s.value), "brazilian-site");
  assert.equal(await pt.$eval("#mode", (s) => s.selectedOptions[0].textContent), "Brasileiras");
  assert.deepEqual((await optionTexts(pt, "#opponent")).slice(0, 4), ["Domador (muito fácil)", "Motorista (fácil)", "Carcereiro (médio)", "Empresário (difícil)"]);
  assert.equal(await pt.textContent("#play-with-someone"), "Jogar com alguém");
  // Brazilian men capture backward: the rules line says so, in Portuguese.
  assert.match(await pt.textContent("#rules"), /^Tabuleiro de 8×8 · começam as brancas · as pedras andam para a frente e capturam para a frente e para trás · damas voadoras/);
  await pt.context().close();

  const en = await openPage("en-GB");
  assert.equal(await en.$eval("#mode", (s) => s.value), "spanish-site");
  assert.deepEqual((await optionTexts(en, "#opponent")).slice(0, 4), ["Computer: very easy", "Computer: easy", "Computer: medium", "Computer: hard"]);
  await en.context().close();

  // A language the page lacks: the first one it has in the list, else English.
  const fr = await openPage("fr-FR");
  assert.equal(await fr.getAttribute("html", "lang"), "en");
  await fr.context().close();
});

test("the language is switchable on the page and remembered", async () => {
  const page = await openPage("en-US");
  const visible = async () => page.evaluate(() => [...document.querySelectorAll("[data-i18n]")].filter((e) => e.offsetParent !== null || e.tagName === "OPTION").map((e) => e.textContent));
  const english = await visible();
  await page.selectOption("#language", "pt");
  assert.equal(await page.getAttribute("html", "lang"), "pt");
  const portuguese = await visible();
  // Every table string changed, except the few that are spelt the same (FEN, the PDN buttons' acronyms).
  const same = english.filter((s, i) => s === portuguese[i]);
  assert.ok(same.every((s) => /^(FEN|Copiar FEN|Exportar PDN|Importar PDN|Italianas)$/.test(s) || s === "FEN"), JSON.stringify(same));
  assert.equal(await page.textContent("#undo"), "Desfazer");
  assert.match(await page.textContent("#status"), /^Vez das Brancas/);
  // The mode in play is not changed by the switch; a reload keeps Portuguese.
  assert.equal(await page.$eval("#mode", (s) => s.value), "spanish-site");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.getAttribute("html", "lang"), "pt");
  assert.equal(await page.$eval("#language", (s) => s.value), "pt");
  assert.equal(await page.$eval("#mode", (s) => s.value), "brazilian-site", "a Portuguese page opens on Brazilian");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the rules line of every mode in Spanish and Portuguese, no English left", async () => {
  for (const locale of ["es-ES", "pt-BR"]) {
    const page = await openPage(locale);
    const modes = await page.$$eval("#mode option", (os) => os.map((o) => o.value));
    for (const mode of modes) {
      await page.selectOption("#mode", mode);
      const text = await page.textContent("#rules");
      assert.doesNotMatch(text, /\b(the|and|moves?|kings?|men|after|board|captures?)\b/i, `${locale} ${mode}: ${text}`);
      assert.doesNotMatch(text, /[{}]|\b[a-z]+-[a-z]+\b|undefined/, `${locale} ${mode}: ${text}`);
    }
    await page.selectOption("#mode", "russian");
    // Russian's piece-count draw: "30 or 60 moves each" in the page's words.
    assert.match(await page.textContent("#rules"), locale === "es-ES" ? /tras 30 o 60 jugadas de cada uno/ : /após 30 ou 60 lances de cada lado/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("every language table has every key of the English one", async () => {
  const page = await openPage("en-US");
  const missing = await page.evaluate(async () => {
    const i18n = await import("./i18n.js");
    const out = {};
    for (const lang of ["es", "pt"]) {
      i18n.setLanguage(lang, false);
      // Every key: the room UI's, the server's error kinds, every mode's label and draw reasons.
      out[lang] = i18n.KEYS.filter((k) => !i18n.has(k));
      // And none left in English: a string the same in both languages is
      // untranslated, but for the words that are the same ("FEN", Spanish "No").
      const same = new Set(["rules", "fen", ...(lang === "es" ? ["no"] : [])]);
      const text = (l, k) => (i18n.setLanguage(l, false), String(i18n.t(k, "X", "Y", "Z", "W", "V")));
      out[lang].push(...i18n.KEYS.filter((k) => !same.has(k) && text(lang, k) === text("en", k)).map((k) => `${k} (English)`));
      i18n.setLanguage(lang, false);
      // The rules line's phrase book, phrase by phrase.
      const en = Object.keys((i18n.setLanguage("en", false), i18n.rulesWords()));
      i18n.setLanguage(lang, false);
      const words = i18n.rulesWords();
      out[lang].push(...en.filter((k) => words[k] === undefined).map((k) => `rules.${k}`));
      for (const group of ["units", "draws"]) {
        const enGroup = Object.keys((i18n.setLanguage("en", false), i18n.rulesWords())[group]);
        i18n.setLanguage(lang, false);
        out[lang].push(...enGroup.filter((k) => i18n.rulesWords()[group][k] === undefined).map((k) => `rules.${group}.${k}`));
      }
    }
    i18n.setLanguage("en", false);
    return out;
  });
  assert.deepEqual(missing, { es: [], pt: [] });
  await page.context().close();
});

test("the barrels-and-tires theme: barrels for the first mover, tires for the other, a king stacked with a crown", async () => {
  const page = await openPage("es-ES");
  await page.selectOption("#theme", "barrels");
  const kinds = await page.$$eval("#board .piece", (ps) => ps.map((p) => `${p.classList.contains("white") ? "white" : "black"}:${p.dataset.kind}:${!!p.querySelector("svg")}`));
  assert.equal(kinds.length, 24);
  assert.ok(kinds.every((k) => k === "white:barrel:true" || k === "black:tire:true"), kinds.join(" "));
  // English checkers moves Black first: there Black plays the barrels.
  await page.selectOption("#mode", "english");
  const english = await page.$$eval("#board .piece.black", (ps) => ps.map((p) => p.dataset.kind));
  assert.ok(english.length === 12 && english.every((k) => k === "barrel"));
  // Kings: two stacked pieces with a crown, of a brighter colour than the men.
  await page.evaluate(() => { document.getElementById("mode").value = "spanish-site"; window.draughtsPage.newGame("spanish-site", "W:WK10,28,K1:BK19,K26,5"); });
  const king = await page.$eval('[data-square="10"] .piece', (p) => ({ stacked: p.querySelectorAll("svg > g.stack").length, crown: !!p.querySelector("g.crown path"), fill: p.querySelector("rect")?.getAttribute("fill") }));
  const man = await page.$eval('[data-square="28"] .piece', (p) => ({ fill: p.querySelector("rect")?.getAttribute("fill") }));
  assert.equal(king.stacked, 2, "two stacked pieces");
  assert.equal(king.crown, true);
  assert.notEqual(king.fill, man.fill);
  const brightness = (hex) => [1, 3, 5].reduce((s, i) => s + parseInt(hex.slice(i, i + 2), 16), 0);
  assert.ok(brightness(king.fill) > brightness(man.fill), `${king.fill} brighter than ${man.fill}`);
  const tireKing = await page.$eval('[data-square="19"] .piece', (p) => p.dataset.kind + p.querySelectorAll("svg > g.stack").length + !!p.querySelector("g.crown"));
  assert.equal(tireKing, "tire2true");
  await page.screenshot({ path: path.join(shots, "barrels-kings.png") });
  // Remembered: a reload keeps the theme.
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.$eval("#theme", (s) => s.value), "barrels");
  assert.equal(await page.$$eval("#board .piece svg.barrel", (s) => s.length), 12);
  await page.screenshot({ path: path.join(shots, "barrels-start.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(shots, "barrels-phone.png") });
  // And back to the classic discs.
  await page.selectOption("#theme", "classic");
  assert.equal(await page.$$eval("#board .piece svg.theme-piece", (s) => s.length), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("without a game server, Play with someone says so and the rest keeps working", async () => {
  for (const [locale, words] of [["en-US", /needs the game server/], ["es-ES", /necesita el servidor del juego/], ["pt-BR", /precisa do servidor do jogo/]]) {
    const page = await openPage(locale);
    await page.click("#play-with-someone");
    await page.waitForFunction(() => document.getElementById("message").textContent !== "");
    assert.match(await page.textContent("#message"), words);
    assert.equal(await page.isHidden("#room"), true);
    // The computer half still plays: a move by clicks.
    const mv = await page.evaluate(() => window.draughtsPage.state.game.legalMoves()[0]);
    await page.click(`#board [data-square="${mv.from}"]`);
    await page.click(`#board [data-square="${mv.path.at(-1)}"]`);
    assert.ok((await page.evaluate(() => window.draughtsPage.state.game.moves().length)) >= 1);
    // The ranking panel needs the server too, and says so.
    await page.click("#standings summary");
    await page.waitForFunction(() => document.getElementById("standings-note").textContent !== "");
    assert.match(await page.textContent("#standings-note"), words);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  // A room link opened from static files: the same note, and a playable board.
  const page = await openPage("en-US", "?room=abc123");
  assert.match(await page.textContent("#message"), /needs the game server/);
  assert.equal(await page.isHidden("#room"), true);
  assert.equal(await page.$$eval("#board .sq.movable", (c) => c.length), 4);
  await page.context().close();
});
