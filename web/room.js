// Play by link: the client of draughts-server's HTTP JSON API and its
// WebSocket (server/README.md). The page keeps, in localStorage, the
// player's anonymous identity (its id and secret, sent as a Bearer token)
// and the seat it holds in each room, so that a reload, or a return days
// later, resumes the game. Served as static files with no server behind,
// every call fails with ServerMissing, and the page says so.
//
// Two links to a room: the room's link (`/?room=ID`), to invite the
// opponent and to let anyone watch, which gives no right to act; and a
// seated player's own link (`/?room=ID#key=SEATKEY`, see personalLink),
// which resumes the seat on another device. Its seat key acts for that seat
// of that room only (not the player's secret). It is in the fragment, which
// browsers never send to a server; opening the link keeps the key for that
// room in localStorage and takes it out of the address bar at once.

const PLAYER_KEY = "draughts.player";
const ROOMS_KEY = "draughts.rooms";
const KEYS_KEY = "draughts.keys"; // room id → the seat key of this browser's seat there

/** No game server answers here (static files only, or the network is down). */
export class ServerMissing extends Error {}

/** The server answered with an error: `kind` and `message` from its JSON body. */
export class ApiError extends Error {
  constructor(status, kind, message) {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}
function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage refused: the seat lasts as long as the page */ }
}

/** The seat key this browser holds for `room` (asked for, or brought by a personal link), if any. */
const roomKey = (room) => (room ? load(KEYS_KEY)?.[room] ?? null : null);
function forgetRoomKey(room) {
  const keys = load(KEYS_KEY) ?? {};
  delete keys[room];
  store(KEYS_KEY, keys);
}

/**
 * Takes a personal link's secret out of the address (`?room=ID#key=SECRET`,
 * or `#room=ID&key=SECRET`): keeps it for the room and leaves `?room=ID`
 * in the address bar (history.replaceState: no reload, no history entry).
 * Returns the room id, or null when the address carries no key. Runs once
 * when this module loads, before the page reads its address.
 */
export function adoptLinkKey() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const key = hash.get("key");
  if (key === null) return null;
  const room = new URLSearchParams(location.search).get("room") ?? hash.get("room");
  // A secret is hex (the server's); anything else is not kept.
  if (room && /^[0-9a-f]{16,256}$/i.test(key)) store(KEYS_KEY, { ...(load(KEYS_KEY) ?? {}), [room]: key });
  history.replaceState(history.state, "", room ? `${location.pathname}?room=${encodeURIComponent(room)}` : location.pathname + location.search);
  return room;
}
if (typeof location !== "undefined" && typeof history !== "undefined") {
  adoptLinkKey();
  // A personal link pasted into this tab changes only the fragment: read it and open the room afresh.
  addEventListener("hashchange", () => { if (adoptLinkKey()) location.reload(); });
}

const askedKeys = new Set(); // rooms whose seat key was asked for, by this page

/**
 * The seated player's own link to `room`, `/?room=ID#key=SEATKEY`: the
 * room's seat key (POST /api/rooms/{room}/key), good for this seat of this
 * room only. Null until this browser has one: the first call asks the
 * server for it (once) and calls `onReady()` when it has come.
 */
export function personalLink(room, onReady = () => {}) {
  const key = roomKey(room);
  if (key) return new URL(`/?room=${encodeURIComponent(room)}#key=${encodeURIComponent(key)}`, location.href).href;
  if (!load(PLAYER_KEY)?.secret || askedKeys.has(room)) return null;
  askedKeys.add(room);
  call("POST", `/api/rooms/${encodeURIComponent(room)}/key`, { auth: true, room }).then((d) => {
    if (typeof d?.key !== "string") return;
    store(KEYS_KEY, { ...(load(KEYS_KEY) ?? {}), [room]: d.key });
    onReady();
  }).catch(() => { /* no key (a spectator, no server): no link shown */ });
  return null;
}

async function call(method, path, { body, auth = false, room = null } = {}) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (auth) headers.authorization = `Bearer ${roomKey(room) ?? (await identity()).secret}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ServerMissing(e.message);
  }
  let data;
  try {
    data = await response.json();
  } catch {
    // Not JSON: a static file server's 404 page, or a proxy's error page.
    throw new ServerMissing(`${method} ${path}: HTTP ${response.status}, not the game server`);
  }
  if (!response.ok) throw new ApiError(response.status, data?.error ?? "error", data?.message ?? `HTTP ${response.status}`);
  return data;
}

let pendingIdentity = null;
/** The player's identity, made on first use (POST /api/players, with the optional name typed on the page) and kept. */
export async function identity() {
  const known = load(PLAYER_KEY);
  if (known?.secret) return known;
  const name = document.getElementById("player-name")?.value.trim() || undefined;
  pendingIdentity ??= call("POST", "/api/players", { body: name ? { name } : {} }).then((p) => {
    store(PLAYER_KEY, { player: p.player, secret: p.secret });
    return p;
  }).finally(() => { pendingIdentity = null; });
  return pendingIdentity;
}

/**
 * Calls with the secret for `room` (its personal link's, else the
 * player's). A seat key the server refuses (401) is tried once more with
 * the player's own secret, and forgotten only when that one is accepted
 * (the key was revoked, the server is the right one). The player's identity
 * is never dropped on a 401: a server briefly pointed at another database
 * would otherwise cost this browser every seat it holds. The 401 reaches
 * the caller (an ApiError, kind "unauthorized"); the page says what happened
 * and offers to try again.
 */
async function authed(method, path, body, room = null) {
  try {
    return await call(method, path, { body, auth: true, room });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401 || !roomKey(room) || !load(PLAYER_KEY)?.secret) throw e;
    const data = await call(method, path, { body, auth: true });
    forgetRoomKey(room);
    return data;
  }
}

/** Whether an error is the server not knowing this browser's credentials (HTTP 401). */
export const isUnrecognized = (e) => e instanceof ApiError && e.status === 401;

/**
 * The player's identity as a code to copy to another browser (importIdentity
 * takes it), or null before the first room. The code holds the secret: who
 * has it plays as this player.
 */
export function exportIdentity() {
  const p = load(PLAYER_KEY);
  return p?.player && p?.secret ? `draughts:${p.player}:${p.secret}` : null;
}

/** The identity of an exported code, or null when the text is not one. */
export function parseIdentity(code) {
  const m = /^\s*draughts:([0-9a-f]{8,128}):([0-9a-f]{16,256})\s*$/i.exec(String(code ?? ""));
  return m ? { player: m[1].toLowerCase(), secret: m[2] } : null;
}

/**
 * Takes the identity of an exported code (exportIdentity) as this browser's:
 * {player}. A text that is not such a code throws a TypeError and changes
 * nothing. The rooms this browser remembers stay remembered (the server
 * says which seat the new identity holds in each).
 */
export function importIdentity(code) {
  const id = parseIdentity(code);
  if (!id) throw new TypeError("not an identity code (draughts:PLAYER:SECRET)");
  store(PLAYER_KEY, id);
  return { player: id.player };
}

/** The seat this browser holds in a room, or null. */
export function seatIn(room) {
  return load(ROOMS_KEY)?.[room] ?? null;
}
function remember(room, seat) {
  const rooms = load(ROOMS_KEY) ?? {};
  rooms[room] = seat;
  store(ROOMS_KEY, rooms);
}

/** Creates a room in `mode` (the creator takes the first seat): {room, seat, view}. */
export async function createRoom(mode, pace) {
  const data = await authed("POST", "/api/rooms", { mode, pace });
  remember(data.room, data.seat ?? "first");
  return data;
}

/**
 * The room as everyone sees it: {room, players, view, seq}; with the
 * player's secret (when this browser has an identity) also `seat`, the
 * seat the player holds there (null: none). When the server does not know
 * the credentials (401), the anonymous view with `unrecognized: true`.
 */
export async function getRoom(room) {
  const path = `/api/rooms/${encodeURIComponent(room)}`;
  if (!roomKey(room) && !load(PLAYER_KEY)?.secret) return call("GET", path);
  try {
    return await authed("GET", path, undefined, room);
  } catch (e) {
    if (!isUnrecognized(e)) throw e;
    // The server does not know this browser's credentials: the room as a
    // spectator sees it, marked, and nothing forgotten.
    return { ...(await call("GET", path)), unrecognized: true };
  }
}

/** Takes the free seat: {seat, view}. */
export async function joinRoom(room) {
  const data = await authed("POST", `/api/rooms/${encodeURIComponent(room)}/join`, undefined, room);
  remember(room, data.seat ?? "second");
  return data;
}

/** One action of the room's `Action` JSON ({type: "move", text}, {type: "resign"}, ...): {view, seq}. */
export const act = (room, action) => authed("POST", `/api/rooms/${encodeURIComponent(room)}/actions`, action, room);

/**
 * Live updates: calls `onUpdate({view, seq})` for every message of the
 * room's WebSocket, and `onConnection(true | false)` as it connects and
 * drops; it reconnects after a drop until `close()`.
 */
export function live(room, onUpdate, onConnection = () => {}) {
  let socket = null;
  let closed = false;
  let delay = 500;
  const open = () => {
    const url = new URL(`/api/rooms/${encodeURIComponent(room)}/live`, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    socket.onopen = () => { delay = 500; onConnection(true); };
    socket.onmessage = (e) => {
      try {
        onUpdate(JSON.parse(e.data));
      } catch { /* not a message of ours */ }
    };
    socket.onclose = () => {
      if (closed) return;
      onConnection(false);
      setTimeout(() => { if (!closed) open(); }, delay);
      delay = Math.min(delay * 2, 10000);
    };
  };
  open();
  return { close() { closed = true; socket?.close(); } };
}

/** The best players of a mode: {mode, players: [{player, name, rating, deviation, games, wins, losses, draws}]}. */
export const ratings = (mode) => call("GET", `/api/ratings/${encodeURIComponent(mode)}`);

/** This browser's player id, or null before its first room. */
export const me = () => load(PLAYER_KEY)?.player ?? null;

/** The finished games of this browser's player (none before its first room): {player, games: [...]}. */
export async function myGames() {
  const player = me();
  if (!player) return { player: null, games: [] };
  return call("GET", `/api/players/${encodeURIComponent(player)}/games`);
}
