// The lobby's lists: the links of a game just made (to invite each person and to
// watch), and the games in progress, finished and played in this browser. Each function
// takes the lobby's state (`lobby`, made by lobby.js).

import { keptLinks, listGames } from "./api.js";
import { seatBadge } from "./board.js";
import { h, replaceChildren } from "./dom.js";
import { seatName, t } from "./i18n.js";
import { errorText, presetName, knownSeats } from "./lobby-choices.js";
import { keptGames } from "./offline.js";

/** A link to share, with a button that copies it and one that follows it. */
function linkRow(label, path, seatIndex) {
  const url = new URL(path, location.origin).href;
  const input = h("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": label });
  const copy = h(
    "button",
    {
      type: "button",
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          document.execCommand?.("copy");
        }
        copy.textContent = t("lobby.copied");
      },
    },
    t("lobby.copy"),
  );
  return h(
    "div",
    { class: "link-row", dataset: seatIndex === null ? { spectate: "" } : { inviteSeat: String(seatIndex) } },
    h("span", { class: "link-label" }, label),
    input,
    copy,
    h("a", { href: path, class: "button" }, seatIndex === null ? t("lobby.watch") : t("lobby.play")),
  );
}

/** The links of the game just made (once the engine has said where its players sit). */
export function drawCreated(lobby) {
  const { created } = lobby;
  const seatPlaces = created && knownSeats(lobby, created.seats.length);
  if (!seatPlaces) return;
  const box = lobby.boxes.created;
  box.hidden = false;
  replaceChildren(
    box,
    h("h2", {}, t("lobby.created", { id: created.id })),
    created.seats.map((s) =>
      s.kind === "human"
        ? linkRow(`${seatName(seatPlaces[s.seat])}${s.name ? ` (${s.name})` : ""}: ${t("lobby.invite")}`, s.link, s.seat)
        : h(
            "div",
            { class: "link-row" },
            h("span", { class: "link-label" }, `${seatName(seatPlaces[s.seat])}: ${t("game.bot", { level: t(`level.${s.level}`) })}`),
          ),
    ),
    linkRow(t("lobby.spectate"), created.spectate, null),
    h("p", { class: "small" }, `${t("lobby.commitment")}: `, h("code", { class: "hash" }, created.commitment)),
  );
}

/** A game's row: its rules, players, last change, moves or result, and its links. */
function gameRow(lobby, g) {
  // Until the engine says where the players sit, a row names no seat.
  const seats = knownSeats(lobby, g.players) ?? [];
  const kept = keptLinks()[g.id] || [];
  const who = (seats.length ? g.seats || [] : []).map((s) =>
    h(
      "span",
      {
        class: `seat-chip seat-${seats[s.seat]}`,
        title: `${seatName(seats[s.seat])}: ${s.kind === "human" ? s.name || t("game.human") : t(`level.${s.level}`)}`,
      },
      seatBadge(seats[s.seat], 32),
    ),
  );
  let outcome = "";
  if (g.result) {
    const won = g.result.winner !== null && g.result.winner !== undefined;
    outcome = !won ? t("lobby.draw") : seats.length ? t("game.winner", { seat: seatName(seats[g.result.winner]) }) : "";
  }
  return h(
    "tr",
    { dataset: { game: g.id } },
    h("td", { dataset: { label: t("lobby.game") } }, h("code", {}, g.id)),
    h("td", { dataset: { label: t("lobby.preset") } }, `${presetName(g.rules)} ${g.size}×${g.size}`),
    h("td", { class: "who", dataset: { label: t("lobby.players") } }, who),
    h("td", { dataset: { label: t("lobby.updated") } }, new Date(g.updated_at).toLocaleString()),
    h("td", { dataset: { label: g.status === "finished" ? t("end.title") : t("lobby.moves") } }, outcome || String(g.version)),
    h(
      "td",
      { class: "actions" },
      h("a", { href: `/g/${g.id}` }, g.status === "finished" ? t("lobby.view") : t("lobby.watch")),
      g.status === "finished" || !seats.length
        ? null
        : kept.map((k) => h("a", { href: k.link, class: "resume" }, t("lobby.resume", { seat: seatName(seats[k.seat]) }))),
    ),
  );
}

/** A table of games (or a line saying there are none). */
function gamesTable(lobby, list, finished) {
  if (list.length === 0) return h("p", { class: "small" }, t("lobby.none"));
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      h("th", {}, t("lobby.game")),
      h("th", {}, t("lobby.preset")),
      h("th", {}, t("lobby.players")),
      h("th", {}, t("lobby.updated")),
      h("th", {}, finished ? t("end.title") : t("lobby.moves")),
      h("th", {}, ""),
    ),
  );
  const rows = list.map((g) => gameRow(lobby, g));
  return h("div", { class: "table-wrap" }, h("table", { class: "games cards" }, head, h("tbody", {}, rows)));
}

/** The lists of games: in progress, finished, and played in this browser. */
export function drawList(lobby) {
  const playing = lobby.games.filter((g) => g.status !== "finished");
  const finished = lobby.games.filter((g) => g.status === "finished");
  const offline = lobby.offline;
  replaceChildren(
    lobby.boxes.list,
    h(
      "div",
      { class: "row spread" },
      h("h2", {}, t("lobby.playing")),
      h("button", { type: "button", onclick: () => refreshGames(lobby) }, t("lobby.refresh")),
    ),
    lobby.listError ? h("p", { class: "error" }, lobby.listError) : null,
    h("div", { id: "games-playing" }, gamesTable(lobby, playing, false)),
    h("h2", {}, t("lobby.finished")),
    h("div", { id: "games-finished" }, gamesTable(lobby, finished, true)),
    h("h2", {}, t("lobby.offlineGames")),
    h(
      "ul",
      { id: "games-offline" },
      offline.length === 0
        ? h("li", {}, t("lobby.none"))
        : offline.map((g) =>
            h("li", {}, h("a", { href: `/g/${g.id}?seat=${g.seat ?? 0}&token=local` }, `${g.id} · ${g.status} · ${new Date(g.updated).toLocaleString()}`)),
          ),
    ),
  );
}

/** Asks the server for its games again, and draws the lists. */
export async function refreshGames(lobby) {
  try {
    lobby.games = await listGames();
    lobby.listError = null;
  } catch (e) {
    lobby.listError = errorText(e);
  }
  drawList(lobby);
}

/** Reads the games kept in this browser, and draws the lists. */
export async function refreshOffline(lobby) {
  try {
    lobby.offline = await keptGames();
  } catch {
    lobby.offline = [];
  }
  drawList(lobby);
}
