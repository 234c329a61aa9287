// Play by link: the client of draughts-server's HTTP JSON API and its
// WebSocket (server/README.md). The page keeps, in localStorage, the
// player's anonymous identity (its id and secret, sent as a Bearer token)
// and the seat it holds in each room, so that a reload, or a return days
// later, resumes the game. Served as static files with no server behind,
// every call fails with ServerMissing, and the page says so.

const PLAYER_KEY = "draughts.player";
const ROOMS_KEY = "draughts.rooms";

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

async function call(method, path, { body, auth = false } = {}) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (auth) headers.authorization = `Bearer ${(await identity()).secret}`;
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

/** Calls with the player's secret; an unknown secret (a new server database) gets a new identity once. */
async function authed(method, path, body) {
  try {
    return await call(method, path, { body, auth: true });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
    store(PLAYER_KEY, null);
    return call(method, path, { body, auth: true });
  }
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
 * seat the player holds there (null: none).
 */
export async function getRoom(room) {
  const path = `/api/rooms/${encodeURIComponent(room)}`;
  if (load(PLAYER_KEY)?.secret) {
    try {
      return await call("GET", path, { auth: true });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) throw e;
      store(PLAYER_KEY, null); // a secret the server does not know (a new database)
    }
  }
  return call("GET", path);
}

/** Takes the free seat: {seat, view}. */
export async function joinRoom(room) {
  const data = await authed("POST", `/api/rooms/${encodeURIComponent(room)}/join`);
  remember(room, data.seat ?? "second");
  return data;
}

/** One action of the room's `Action` JSON ({type: "move", text}, {type: "resign"}, ...): {view, seq}. */
export const act = (room, action) => authed("POST", `/api/rooms/${encodeURIComponent(room)}/actions`, action);

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
