// A static file server for the page on 127.0.0.1 (a free port), for the
// browser tests and for trying the page by hand: `node tests/server.mjs 8080`.
import http from "node:http";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".ts": "text/plain; charset=utf-8",
};

// Compressed copies, as a static host would send them: path → {mtimeMs, body}.
const gzipped = new Map();
async function gzipOf(file) {
  const { mtimeMs } = await stat(file);
  const hit = gzipped.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.body;
  const body = gzipSync(await readFile(file));
  gzipped.set(file, { mtimeMs, body });
  return body;
}

/**
 * Serves the page. The result's `requests` lists every path asked for, in
 * order (the tests count the downloads of the .wasm). With `gzip` (the
 * default), files go gzip-compressed to a client that accepts it, as most
 * static hosts send them; `{ gzip: false }` sends every byte as is.
 */
export function serve(port = 0, { gzip = true } = {}) {
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    requests.push(url.pathname);
    let file = path.normalize(path.join(webRoot, decodeURIComponent(url.pathname)));
    if (!file.startsWith(webRoot)) {
      res.writeHead(403).end();
      return;
    }
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    try {
      const headers = { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
      let body;
      if (gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && TYPES[path.extname(file)] && !file.endsWith(".png")) {
        body = await gzipOf(file);
        headers["content-encoding"] = "gzip";
        headers.vary = "accept-encoding";
      } else {
        body = await readFile(file);
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => resolve({ server, requests, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serve(Number(process.argv[2] ?? 8080));
  console.log(`serving ${webRoot} at ${url}`);
}
