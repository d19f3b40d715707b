// Players, pairing and ratings on the page (docs/web-api.md, "Players" and "Lobby"): a
// name this browser keeps with its secret key, "Play someone" with the lobby's seeks, the
// rating change on the end screen, a player's page (`/?player=NAME`) and a pool's
// leaderboard (`/?board=POOL`).

import { h, replaceChildren, selectField } from "./dom.js";
import { t } from "./i18n.js";

const PLAYER_KEY = "ashta.player";

/** The name and key this browser keeps, or null. */
export function keptPlayer(storage = globalThis.localStorage) {
  try {
    const p = JSON.parse(storage?.getItem(PLAYER_KEY) || "null");
    return p && typeof p.name === "string" && typeof p.key === "string" ? p : null;
  } catch {
    return null;
  }
}

function keepPlayer(player, storage = globalThis.localStorage) {
  try {
    storage?.setItem(PLAYER_KEY, JSON.stringify({ name: player.name, key: player.key }));
  } catch {
    // Without storage the name lasts as long as the page.
  }
}

/** A request to the API with the kept key; answers the JSON or throws its message. */
async function call(method, path, body, key) {
  const headers = {};
  if (body) headers["content-type"] = "application/json";
  if (key) headers.authorization = `Bearer ${key}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(data?.error?.message || `HTTP ${response.status}`);
  return data;
}

/** A rating as shown: rounded, with "?" while provisional. */
export function ratingText(r) {
  return `${Math.round(r.rating ?? r.after)}${r.provisional ? "?" : ""}`;
}

/** A change as shown: +12, −8. */
export function changeText(before, after) {
  const d = Math.round(after - before);
  return d >= 0 ? `+${d}` : `−${-d}`;
}

function playerLink(name) {
  return h("a", { href: `/?player=${encodeURIComponent(name)}`, class: "player-link" }, name);
}

/** The "Play someone" card: pick a name (or take one over with a transfer code), then
 * seek a game; the lobby's seeks are listed while the page is open. `presets` and
 * `presetChoice` are the lobby's. Returns the function that draws the card again. */
export function showPlaySomeone(box, { presets, presetChoice }) {
  const card = {
    box,
    presets,
    presetChoice,
    state: { player: keptPlayer(), seeks: [], botsAfter: 30, waiting: null, since: 0, error: null, transfer: null },
    want: { preset: "standard", players: 2, rated: true },
    socket: null,
  };
  card.render = () => drawSomeone(card);
  const claim = new URLSearchParams(location.search).get("claim");
  if (claim) {
    call("POST", "/api/players/claim", { code: claim })
      .then((p) => {
        keepPlayer(p);
        card.state.player = p;
        history.replaceState(null, "", "/");
        card.render();
      })
      .catch((e) => {
        card.state.error = e.message;
        card.render();
      });
  }
  card.render();
  return card.render;
}

/** Opens the lobby's WebSocket (once): the seeks, this player's seek waiting, the
 * pairing (which goes to the game) and errors. */
function connectLobby(card) {
  if (card.socket) return;
  const { state } = card;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/lobby/ws`);
  card.socket = socket;
  socket.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "seeks") {
      state.seeks = m.seeks;
      state.botsAfter = m.bots_after_secs;
    } else if (m.type === "waiting") {
      state.waiting = m.seek;
      state.since = Date.now();
      setTimeout(card.render, state.botsAfter * 1000 + 100);
    } else if (m.type === "paired") {
      location.assign(m.link);
      return;
    } else if (m.type === "error") {
      state.error = m.message;
      state.waiting = null;
    }
    card.render();
  };
  socket.onclose = () => {
    card.socket = null;
    state.waiting = null;
  };
}

/** Sends `message` on the lobby's WebSocket, when it is open. */
function sendLobby(card, message) {
  if (card.socket?.readyState === WebSocket.OPEN) card.socket.send(JSON.stringify(message));
}

/** Asks the server for the name `name`, kept with its key in this browser. */
async function pickName(card, name) {
  try {
    const p = await call("POST", "/api/players", { name });
    keepPlayer(p);
    card.state.player = p;
    card.state.error = null;
  } catch (e) {
    card.state.error = e.message;
  }
  card.render();
}

/** One seek of the lobby's list (this player's own marked). */
function seekView(card, s) {
  const mine = s.id === card.state.waiting;
  return h(
    "li",
    { class: mine ? "seek mine" : "seek", dataset: { seek: String(s.id) } },
    `${card.presetChoice(s.preset)} · ${t("players.count", { n: s.players })} · ${s.rated ? t("players.rated") : t("players.casual")}`,
    s.turn_timer_secs ? ` · ${s.turn_timer_secs} s` : "",
    ` · ${t("players.waiting")}: `,
    s.waiting.join(", "),
  );
}

/** Draws the card: the name to pick, or the seek's choices, the seeks and the links. */
function drawSomeone(card) {
  const { state } = card;
  if (!state.player) return drawNamePicker(card);
  connectLobby(card);
  replaceChildren(
    card.box,
    h("h2", {}, t("players.title")),
    h("p", { id: "playing-as" }, t("players.playingAs"), " ", playerLink(state.player.name)),
    seekChoices(card),
    seekAction(card),
    state.error ? h("p", { class: "error", role: "alert", id: "players-error" }, state.error) : null,
    h("h3", {}, t("players.seeks")),
    state.seeks.length ? h("ul", { class: "seeks", id: "seeks" }, state.seeks.map((s) => seekView(card, s))) : h("p", { class: "small", id: "seeks" }, t("players.noSeeks")),
    h(
      "p",
      { class: "small" },
      h("a", { href: "/?board=standard-2p", id: "leaderboard-link" }, t("players.leaderboards")),
      " · ",
      h("button", { type: "button", id: "transfer", onclick: () => askTransfer(card) }, t("players.transfer")),
    ),
    state.transfer ? h("p", { class: "small", id: "transfer-link" }, t("players.transferAbout"), " ", h("code", {}, `${location.origin}${state.transfer.link}`)) : null,
  );
  return undefined;
}

/** The field of the name to pick: one element for the card's life, so that what is
 * typed, the focus and the caret survive a new draw (the presets arriving, a language
 * change) even while the person types. */
function nameInput(card) {
  if (!card.nameInput) {
    card.nameInput = h("input", { type: "text", id: "player-name", name: "player-name", maxlength: 20 });
  }
  const input = card.nameInput;
  input.placeholder = t("players.namePlaceholder");
  input.setAttribute("aria-label", t("players.name"));
  return input;
}

/** The form that picks a name. */
function drawNamePicker(card) {
  const { state } = card;
  const input = nameInput(card);
  const focused = document.activeElement === input;
  const [start, end] = [input.selectionStart, input.selectionEnd];
  const onsubmit = (e) => {
    e.preventDefault();
    pickName(card, input.value);
  };
  replaceChildren(
    card.box,
    h("h2", {}, t("players.title")),
    h("p", { class: "small" }, t("players.nameAbout")),
    h("form", { class: "row", onsubmit }, input, h("button", { type: "submit", id: "pick-name" }, t("players.pick"))),
    state.error ? h("p", { class: "error", role: "alert", id: "players-error" }, state.error) : null,
    h("p", { class: "small" }, h("a", { href: "/?board=standard-2p", id: "leaderboard-link" }, t("players.leaderboards"))),
  );
  if (focused) {
    input.focus({ preventScroll: true });
    input.setSelectionRange(start, end);
  }
}

/** The seek's choices: the rules, the number of players, rated or not. */
function seekChoices(card) {
  const { want } = card;
  return h(
    "div",
    { class: "row" },
    selectField("someone-preset", t("lobby.preset"), card.presets().map((p) => [p, card.presetChoice(p)]), want.preset, (v) => (want.preset = v)),
    selectField("someone-players", t("players.players"), [2, 3, 4].map((n) => [n, String(n)]), want.players, (v) => (want.players = Number(v))),
    h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", name: "someone-rated", checked: want.rated, onchange: (e) => (want.rated = e.target.checked) }),
      h("span", {}, t("players.rated")),
    ),
  );
}

/** "Play someone", or while this player's seek waits, cancel it (and for more than two
 * players, once the server allows, fill the seats left with bots). */
function seekAction(card) {
  const { state, want } = card;
  if (!state.waiting) {
    const seek = () => {
      state.error = null;
      sendLobby(card, { type: "seek", key: state.player.key, preset: want.preset, players: want.players, rated: want.rated });
    };
    return h("button", { type: "button", class: "primary", id: "play-someone", onclick: seek }, t("players.playSomeone"));
  }
  const waited = (Date.now() - state.since) / 1000;
  const mine = state.seeks.find((s) => s.id === state.waiting);
  const canFill = mine && mine.players > 2 && waited >= state.botsAfter;
  const cancel = () => {
    sendLobby(card, { type: "cancel" });
    state.waiting = null;
    card.render();
  };
  return h(
    "div",
    { class: "row" },
    h("p", { id: "seek-waiting", "aria-live": "polite" }, t("players.waitingYou")),
    h("button", { type: "button", id: "seek-cancel", onclick: cancel }, t("players.cancel")),
    mine && mine.players > 2
      ? h("button", { type: "button", id: "seek-fill", disabled: !canFill, onclick: () => sendLobby(card, { type: "fill" }) }, t("players.fill", { secs: state.botsAfter }))
      : null,
  );
}

/** Asks the server for a code that moves this name to another browser. */
async function askTransfer(card) {
  try {
    card.state.transfer = await call("POST", "/api/players/me/transfer", {}, card.state.player.key);
  } catch (e) {
    card.state.error = e.message;
  }
  card.render();
}

/** The rating changes of a finished game, for the end screen: filled once the server
 * answers (empty for a game not rated). */
export function ratingChanges(id) {
  const box = h("div", { class: "rating-changes", id: "rating-changes", "aria-live": "polite" });
  call("GET", `/api/games/${encodeURIComponent(id)}/ratings`)
    .then(({ changes }) => {
      if (!changes.length) return;
      replaceChildren(
        box,
        h("h3", {}, t("players.ratingChanges")),
        h(
          "ul",
          {},
          changes.map((c) => h("li", { dataset: { name: c.name } }, playerLink(c.name), `: ${ratingText(c)} (${changeText(c.before, c.after)})`)),
        ),
      );
    })
    .catch(() => {});
  return box;
}

function historyLine(points) {
  if (points.length < 2) return null;
  const w = 240;
  const hgt = 60;
  const values = points.map((p) => p.after);
  const lo = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - lo);
  const xy = values.map((v, i) => `${((i / (values.length - 1)) * w).toFixed(1)},${(hgt - ((v - lo) / span) * hgt).toFixed(1)}`);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("class", "rating-line");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", values.map((v) => Math.round(v)).join(", "));
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", xy.join(" "));
  svg.append(line);
  return svg;
}

/** The page of the player named `name`: ratings per pool with their line over time,
 * and their games with links to replay, review and the record. */
export async function showPlayerPage(root, name) {
  const box = h("section", { class: "card player-page", id: "player-page" }, h("p", {}, "…"));
  replaceChildren(root, box);
  let page;
  try {
    page = await call("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    replaceChildren(box, h("p", { class: "error", role: "alert" }, e.message), h("a", { href: "/" }, t("game.back")));
    return;
  }
  const pools = page.ratings.map((r) =>
    h(
      "li",
      { dataset: { pool: r.pool } },
      h("a", { href: `/?board=${encodeURIComponent(r.pool)}` }, r.pool),
      `: ${ratingText(r)} · ${t("players.games", { n: r.games })} `,
      historyLine(page.history.filter((c) => c.pool === r.pool)),
    ),
  );
  const games = page.games.map((g) =>
    h(
      "tr",
      { dataset: { game: g.game_id } },
      h("td", {}, new Date(g.at).toLocaleDateString()),
      h("td", {}, g.pool, g.rated ? "" : ` (${t("players.casual")})`),
      h("td", {}, g.opponents.map((o, i) => [i ? ", " : "", playerLink(o.name)])),
      h("td", {}, g.place ? t("players.place", { n: g.place }) : "…"),
      h("td", {}, g.change === null ? "" : changeText(0, g.change)),
      h(
        "td",
        {},
        // The finished game's page: its end screen replays and reviews it.
        h("a", { href: `/g/${g.game_id}` }, t("players.replay")),
        " · ",
        h("a", { href: `/api/games/${g.game_id}/record`, download: `${g.game_id}.json` }, t("players.record")),
      ),
    ),
  );
  replaceChildren(
    box,
    h("h2", { id: "player-name-title" }, page.player.name),
    page.player.banned ? h("p", { class: "small" }, t("players.banned")) : null,
    h("h3", {}, t("players.ratings")),
    pools.length ? h("ul", { class: "pools", id: "player-ratings" }, pools) : h("p", { class: "small", id: "player-ratings" }, t("players.noRatings")),
    h("h3", {}, t("players.history")),
    h("table", { class: "player-games", id: "player-games" }, h("tbody", {}, games)),
    h("p", {}, h("a", { href: "/" }, t("game.back"))),
  );
}

/** The leaderboard of `pool`, with the other pools that have ratings. */
export async function showLeaderboard(root, pool) {
  const box = h("section", { class: "card leaderboard", id: "leaderboard" }, h("p", {}, "…"));
  replaceChildren(root, box);
  let board;
  let pools = [];
  try {
    [board, { pools }] = await Promise.all([call("GET", `/api/leaderboard/${encodeURIComponent(pool)}`), call("GET", "/api/leaderboard")]);
  } catch (e) {
    replaceChildren(box, h("p", { class: "error", role: "alert" }, e.message), h("a", { href: "/" }, t("game.back")));
    return;
  }
  replaceChildren(
    box,
    h("h2", {}, t("players.leaderboard"), ": ", pool),
    h("p", { class: "small" }, t("players.active", { days: board.active_days }), " ", pools.filter((p) => p !== pool).map((p) => [" · ", h("a", { href: `/?board=${encodeURIComponent(p)}` }, p)])),
    h(
      "table",
      { class: "leaderboard-table", id: "leaderboard-table" },
      h("tbody", {}, board.players.map((p) => h("tr", { dataset: { name: p.name } }, h("td", {}, String(p.rank)), h("td", {}, playerLink(p.name)), h("td", {}, ratingText(p)), h("td", {}, t("players.games", { n: p.games }))))),
    ),
    h("p", {}, h("a", { href: "/" }, t("game.back"))),
  );
}
