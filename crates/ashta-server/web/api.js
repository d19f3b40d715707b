// The server's HTTP API (docs/web-api.md) and the tokens this browser holds.

/** An error the API answered with: its `code` and `message`. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    throw new ApiError("network", String(e.message || e), 0);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data && data.error;
    throw new ApiError(err?.code || "http", err?.message || `HTTP ${response.status}`, response.status);
  }
  return data;
}

/** Creates a game; answers as the API's `POST /api/games`. */
export function createGame(spec) {
  return request("POST", "/api/games", spec);
}

/** Lists the games, newest first. */
export async function listGames() {
  const data = await request("GET", "/api/games");
  return data.games || [];
}

/** The snapshot of a game. */
export function getGame(id) {
  return request("GET", `/api/games/${encodeURIComponent(id)}`);
}

/** Every event of game `id` from version 1, read in pages from
 * `GET /api/games/{id}/events?after=V` (a long game's snapshot carries only its newest
 * events, from `events_from`). `get(path)` answers a page (the API's by default). */
export async function allEvents(id, get = (path) => request("GET", path)) {
  const events = [];
  let after = 0;
  for (;;) {
    const page = await get(`/api/games/${encodeURIComponent(id)}/events?after=${after}`);
    events.push(...(page.events || []));
    const next = page.next;
    if (next === null || next === undefined || next <= after) return events;
    after = next;
  }
}

/** The events a snapshot's end-screen checks need: the snapshot's own when it carries
 * them all (`events_from` 1, or a game played in this browser), else all of them read
 * in pages. */
export function wholeHistory(snap, get) {
  if ((snap.events_from ?? 1) <= 1 || !snap.id) return Promise.resolve(snap.events);
  return allEvents(snap.id, get);
}

/** The address of a game's record. */
export function recordUrl(id) {
  return `/api/games/${encodeURIComponent(id)}/record`;
}

/** The server's exact review of a finished game (the review's summary, `exact: true`),
 * or null when the server has no solution table for the game's rules (204) or cannot
 * review it: the page then reviews the game by rollouts itself. */
export async function getExactReview(id) {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(id)}/review`);
    return r.status === 200 ? await r.json() : null;
  } catch {
    return null;
  }
}

/** A hint for seat `seat` (with its token) whose turn it is, in a game against bots:
 * {version, seat, moves, win, plays, forced}; refused with 409, 403 or 429 otherwise. */
export function getHint(id, seat, token) {
  const q = new URLSearchParams({ seat: String(seat), token });
  return request("GET", `/api/games/${encodeURIComponent(id)}/hint?${q}`);
}

const TOKENS_KEY = "ashta.tokens";

/** The seat links this browser keeps: {gameId: [{seat, link}]}. */
export function keptLinks() {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(TOKENS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** Keeps the links of the human seats of a game this browser created. */
export function keepLinks(id, seats) {
  const all = keptLinks();
  all[id] = seats.filter((s) => s.link).map((s) => ({ seat: s.seat, link: s.link }));
  const ids = Object.keys(all);
  // Keep the most recent 200 games only.
  for (const old of ids.slice(0, Math.max(0, ids.length - 200))) delete all[old];
  try {
    globalThis.localStorage?.setItem(TOKENS_KEY, JSON.stringify(all));
  } catch {
    // Without storage the links are simply not remembered.
  }
}
