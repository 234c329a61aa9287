// The deployment recipe, checked as a browser would use it: through the
// reverse proxy over HTTPS (a local certificate, trusted through
// NODE_EXTRA_CA_CERTS), the page with its security headers, the API, a live
// WebSocket that receives a move and closes cleanly, and the client address
// taken from the proxy alone (a client's own X-Forwarded-For buys it nothing).
// Run by .ci/steps/55-proxy.sh: node check.mjs https://localhost:PORT
// Needs Node.js 22 or later (fetch and WebSocket built in).
import assert from "node:assert/strict";

const base = process.argv[2];
if (!base) {
  console.error("usage: node check.mjs https://HOST:PORT");
  process.exit(2);
}
let passed = 0;
let failed = 0;
async function check(name, body) {
  try {
    await body();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(e.stack || e).split("\n").join("\n  ")}`);
  }
}

async function post(path, body, secret, extra = {}) {
  const headers = { "content-type": "application/json", ...extra };
  if (secret) headers.authorization = `Bearer ${secret}`;
  const res = await fetch(base + path, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

await check("the page over HTTPS, with its security headers", async () => {
  const res = await fetch(base + "/");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  const csp = res.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.ok(res.headers.get("referrer-policy"), "a Referrer-Policy");
  const wasm = await fetch(base + "/pkg/draughts_bg.wasm");
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get("content-type"), "application/wasm");
});

await check("only the page's own files are public", async () => {
  for (const path of ["/package.json", "/tests/site.test.mjs", "/node_modules/", "/../Cargo.toml"]) {
    const res = await fetch(base + path);
    assert.notEqual(res.status, 200, path);
  }
});

await check("healthz through the proxy", async () => {
  const res = await fetch(base + "/healthz");
  assert.equal(res.status, 200);
});

let room;
let secrets = [];
await check("a room by link, and a move pushed on its WebSocket", async () => {
  for (let i = 0; i < 2; i++) {
    const p = await post("/api/players", { name: `proxy ${i}` });
    assert.equal(p.status, 200, JSON.stringify(p.json));
    secrets.push(p.json.secret);
  }
  const r = await post("/api/rooms", { mode: "english" }, secrets[0]);
  assert.equal(r.status, 200, JSON.stringify(r.json));
  room = r.json.room;
  const j = await post(`/api/rooms/${room}/join`, {}, secrets[1]);
  assert.equal(j.status, 200, JSON.stringify(j.json));
  const view = j.json.view;

  const ws = new WebSocket(base.replace(/^https/, "wss") + `/api/rooms/${room}/live`);
  const messages = [];
  let closed;
  const opened = new Promise((ok, fail) => {
    ws.onopen = ok;
    ws.onerror = () => fail(new Error("the WebSocket did not open through the proxy"));
  });
  const closedP = new Promise((ok) => (ws.onclose = (e) => ok((closed = e))));
  ws.onmessage = (e) => messages.push(JSON.parse(e.data));
  await opened;
  const seat = view.turn === "first" ? 0 : 1;
  const move = view.legal_moves[0];
  const m = await post(`/api/rooms/${room}/actions`, { type: "move", text: move }, secrets[seat]);
  assert.equal(m.status, 200, JSON.stringify(m.json));
  const deadline = Date.now() + 5000;
  while (!messages.some((v) => JSON.stringify(v).includes(move)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  assert.ok(messages.some((v) => JSON.stringify(v).includes(move)), "the move reached the socket");
  ws.close(1000, "done");
  await Promise.race([closedP, new Promise((r) => setTimeout(r, 5000))]);
  assert.ok(closed, "the socket closed");
  assert.equal(closed.code, 1000, "a clean close handshake (not 1006)");
});

await check("a client's own X-Forwarded-For does not escape the per-address limit", async () => {
  // The server runs with --limit-players 6: two players above, then four
  // more from "different" addresses the client invents; the proxy replaces
  // the header with the address it saw, so the seventh is refused.
  const statuses = [];
  for (let i = 0; i < 5; i++) {
    const p = await post("/api/players", {}, null, { "x-forwarded-for": `203.0.113.${i + 1}` });
    statuses.push(p.status);
  }
  assert.ok(statuses.includes(429), `statuses ${statuses}`);
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
