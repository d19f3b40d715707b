// After the game: places, statistics, the revealed seed with a check of every throw,
// the download of the game record, and a replay of the whole game. The end first shows
// in a dialog over the board; the replay (end-replay.js), the rematch and the seed check
// (end-actions.js) are parts of their own.

import { recordUrl } from "./api.js";
import { seatBadge } from "./board.js";
import { ratingChanges } from "./community.js";
import { h, replaceChildren } from "./dom.js";
import { rematchControls, seedCheck } from "./end-actions.js";
import { replayControls } from "./end-replay.js";
import { gameStats, resultText } from "./history.js";
import { seatName, t } from "./i18n.js";
import { reviewSection } from "./review.js";

export { rematchRequest, throwEvents } from "./end-actions.js";

/** Why a drawn game stopped, in a sentence (the server's reason for the draw), or null
 * for a game someone won. */
export function drawWhy(result) {
  if (!result || (result.winner !== null && result.winner !== undefined) || !result.draw) return null;
  const key = `drawWhy.${result.draw}`;
  const text = t(key);
  return text === key ? null : h("p", { class: "end-why", id: "end-why", dataset: { reason: result.draw } }, text);
}

/**
 * Fills `box` with the end screen of a finished game.
 * @param {HTMLElement} box
 * @param {object} ctx ashta (the browser module, whose are the places and the seed
 *   check; null when it could not be loaded), snap (the snapshot), board, start (the
 *   start position, the snapshot's), replay ({begin, show(position, event), end}),
 *   dock (where the replay's controls go, beside the board), local (a game played in this browser: rematch and
 *   record with no server), record (the game record as JSON text, for a local game),
 *   review (a promise of the game's review, or null), shown under the statistics
 */
export function showEndScreen(box, { ashta, snap, board, start, replay, you = null, dock = null, local = false, record = null, review: analysis = null }) {
  const places = placesOf(snap);
  const stats = gameStats(snap.events, snap.position, board.home);
  const replaying = replayControls({ snap, start, replay, dock });
  const rematch = rematchControls({ snap, board, you, local });
  const { dialog, review } = endDialog({ box, snap, board, you, local, places, stats, rematch, replayButton: replaying.button });
  // The end screen is drawn afresh on every redraw: an open dialog stays open.
  const previous = box.querySelector(".end-dialog");
  const wasOpen = !!previous && previous.open;
  if (wasOpen) previous.close();
  replaceChildren(
    box,
    dialog,
    h("h2", {}, viewerResult(board, snap.result, places, you)),
    h("p", { class: "result-line" }, t("end.title"), ": ", resultText(board, snap.result)),
    h(
      "div",
      { class: "row" },
      replaying.button,
      h(
        "a",
        {
          class: "button",
          id: "download",
          // A game in this browser: its record comes from the module, not the server.
          href: local && record ? URL.createObjectURL(new Blob([record()], { type: "application/json" })) : recordUrl(snap.id),
          download: `ashta-${snap.id}.json`,
        },
        t("end.download"),
      ),
    ),
    dock ? null : replaying.box,
    // The review first; the statistics, then the fairness data folded below it.
    analysis ? reviewSection(analysis, { board, you, players: snap.players, open: (position) => replaying.open(position), progress: analysis.progress ?? null }) : null,
    h("h3", {}, t("end.stats")),
    h("div", { class: "table-wrap" }, statsTable(board, stats)),
    fairness(ashta, snap, local),
  );
  if ((wasOpen || box.dataset.dialogShown !== "1") && typeof dialog.showModal === "function") {
    dialog.showModal();
    if (box.dataset.dialogShown !== "1") (you === null ? review : rematch.button).focus();
    box.dataset.dialogShown = "1";
  }
}

/** The dialog the end first shows in, over the board (once per page): the result, the
 * places, the game's key numbers, and what to do next; `{ dialog, review }` (its button
 * that goes to the review). */
function endDialog({ box, snap, board, you, local, places, stats, rematch, replayButton }) {
  const yourPlace = you === null ? null : (places.find((pl) => pl.player === you)?.place ?? null);
  const toReview = () => {
    dialog.close();
    box.scrollIntoView({ block: "start" });
    replayButton.focus({ preventScroll: true });
  };
  const review = h("button", { type: "button", class: you === null ? "primary" : "", id: "end-review", onclick: toReview }, t("end.review"));
  const dialog = h(
    "dialog",
    { class: "end-dialog", id: "end-dialog", "aria-labelledby": "end-dialog-title" },
    h("h2", { id: "end-dialog-title" }, h("span", { id: "your-result", dataset: { place: String(yourPlace ?? "") } }, viewerResult(board, snap.result, places, you))),
    h("p", { class: "result-line" }, t("end.title"), ": ", h("span", { id: "result" }, resultText(board, snap.result))),
    drawWhy(snap.result),
    local ? null : ratingChanges(snap.id),
    h("h3", {}, t("end.places")),
    h("div", { class: "table-wrap" }, placesTable(snap, board, places, stats)),
    h("h3", {}, t("end.keyNumbers")),
    keyNumbers(stats),
    h(
      "div",
      { class: "row end-actions" },
      // A spectator is offered the review and a way out, not a game of their own.
      you === null ? null : rematch.button,
      review,
      h("a", { class: "button", id: "end-lobby", href: "/" }, you === null ? t("end.leave") : t("game.back")),
      h("button", { type: "button", id: "end-close", onclick: () => dialog.close() }, t("end.close")),
    ),
    rematch.box,
  );
  return { dialog, review };
}

/** The places: each player's place, who played and how many pawns came home. */
function placesTable(snap, board, places, stats) {
  return h(
    "table",
    { class: "places", id: "places" },
    h("thead", {}, h("tr", {}, h("th", {}, t("end.place")), h("th", {}, t("end.player")), h("th", {}, t("end.homeCount")))),
    h(
      "tbody",
      {},
      places.map((pl) =>
        h(
          "tr",
          { dataset: { player: String(pl.player), place: String(pl.place) } },
          h("td", { dataset: { label: t("end.place") } }, String(pl.place)),
          h("td", { dataset: { label: t("end.player") } }, seatBadge(board.seatOf(pl.player)), " ", who(snap, board, pl.player)),
          h("td", { dataset: { label: t("end.homeCount") } }, `${stats[pl.player].home}/${snap.position.pawns[pl.player].length}${pl.finished ? "" : ` ${t("end.progress")}`}`),
        ),
      ),
    ),
  );
}

/** The columns of the statistics table, as `gameStats` names them and the texts' keys. */
const STAT_COLUMNS = [
  ["throws", "end.throws"],
  ["graces", "end.graces"],
  ["moves", "end.moves"],
  ["captures", "end.captures"],
  ["lost", "end.captured"],
];

/** The statistics of each player: throws, graces, moves, captures and pawns lost. */
function statsTable(board, stats) {
  return h(
    "table",
    { class: "stats cards", id: "stats" },
    h("thead", {}, h("tr", {}, h("th", {}, t("end.player")), STAT_COLUMNS.map(([, key]) => h("th", {}, t(key))))),
    h(
      "tbody",
      {},
      stats.map((st, p) =>
        h(
          "tr",
          { dataset: { player: String(p) } },
          h("td", { class: "card-title", dataset: { label: t("end.player") } }, seatBadge(board.seatOf(p)), " ", seatName(board.seatOf(p))),
          STAT_COLUMNS.map(([stat, key]) => h("td", { dataset: { label: t(key) } }, String(st[stat]))),
        ),
      ),
    ),
  );
}

/** The fairness data, folded: the commitment, the revealed seed and salt, and the
 * check of every throw. */
function fairness(ashta, snap, local) {
  const check = seedCheck({ ashta, snap, local });
  return h(
    "details",
    { class: "fairness", id: "fairness" },
    h("summary", {}, t("end.fairness")),
    h(
      "dl",
      { class: "seed" },
      h("dt", {}, t("end.commitment")),
      h("dd", {}, h("code", { class: "hash" }, snap.commitment || "")),
      h("dt", {}, t("end.seed")),
      h("dd", {}, h("code", { id: "seed", class: "hash" }, snap.reveal ? String(snap.reveal.seed) : "")),
      h("dt", {}, t("end.salt")),
      h("dd", {}, h("code", { class: "hash" }, snap.reveal ? String(snap.reveal.salt) : "")),
    ),
    h("div", { class: "row" }, check.button),
    check.verdict,
  );
}

/** The places at the end, as the module ranks them ([] without the module). */
function placesOf(snap) {
  return snap.result?.standings ?? [];
}

/** The game's key numbers: throws, graces, moves and captures of all players together. */
export function totals(stats) {
  const sum = (key) => stats.reduce((n, st) => n + st[key], 0);
  return { throws: sum("throws"), graces: sum("graces"), moves: sum("moves"), captures: sum("captures") };
}

function keyNumbers(stats) {
  const all = totals(stats);
  return h(
    "dl",
    { class: "key-numbers", id: "key-numbers" },
    ["throws", "graces", "moves", "captures"].map((key) => h("div", { dataset: { key } }, h("dt", {}, t(`end.${key}`)), h("dd", {}, String(all[key])))),
  );
}

function who(snap, board, p) {
  const info = snap.seats.find((s) => s.seat === p) || {};
  const name = info.kind === "bot" ? t("game.bot", { level: t(`level.${info.level}`) }) : info.name || t("game.human");
  return `${seatName(board.seatOf(p))} · ${name}`;
}

/** The result as the viewer reads it: "You won!", "North won — you were second", or,
 * for a spectator and a draw, the result itself. `places` as `placesOf` gives them. */
export function viewerResult(board, result, places, you) {
  if (!result) return "";
  const won = result.winner !== null && result.winner !== undefined;
  const mine = you === null ? null : places.find((pl) => pl.player === you);
  if (!won || !mine) return resultText(board, result);
  if (result.winner === you) return t("end.youWon");
  return t("end.youPlace", { seat: seatName(board.seatOf(result.winner)), place: t(`place.${Math.min(mine.place, 4)}`) });
}
