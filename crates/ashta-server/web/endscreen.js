// After the game: places, statistics, the revealed seed with a check of every throw,
// the download of the game record, and a replay of the whole game.

import { createGame, keepLinks, recordUrl, wholeHistory } from "./api.js";
import { ratingChanges } from "./community.js";
import { seatBadge } from "./board.js";
import { h, replaceChildren } from "./dom.js";
import { gameStats, replayTurns, resultText } from "./history.js";
import { createOfflineGame } from "./offline.js";
import { reviewSection } from "./review.js";
import { seatName, t } from "./i18n.js";

/** Why a drawn game stopped, in a sentence (the server's reason for the draw), or null
 * for a game someone won. */
export function drawWhy(result) {
  if (!result || (result.winner !== null && result.winner !== undefined) || !result.draw) return null;
  const key = `drawWhy.${result.draw}`;
  const text = t(key);
  return text === key ? null : h("p", { class: "end-why", id: "end-why", dataset: { reason: result.draw } }, text);
}

/** Every throw of a game, in the order the seed gave them. An undo never rewinds the
 * server's generator (the throws it took back stay thrown, so nobody can learn what is
 * coming by undoing), so the throws an undo took back count too. */
export function throwEvents(events) {
  return events.filter((e) => e.kind === "throw");
}

/** The creation request of a new game with the settings of `snap` (same rules, board,
 * players and seats: names for people, levels for bots). */
export function rematchRequest(snap) {
  return {
    rules: snap.rules,
    size: snap.size,
    players: snap.players,
    seats: snap.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human", name: s.name || null })),
  };
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
  const yourPlace = you === null ? null : (places.find((pl) => pl.player === you)?.place ?? null);
  const stats = gameStats(snap.events, snap.position, board.home);
  const placesTable = h(
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
  const statsTable = h(
    "table",
    { class: "stats cards", id: "stats" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, t("end.player")),
        h("th", {}, t("end.throws")),
        h("th", {}, t("end.graces")),
        h("th", {}, t("end.moves")),
        h("th", {}, t("end.captures")),
        h("th", {}, t("end.captured")),
      ),
    ),
    h(
      "tbody",
      {},
      stats.map((st, p) =>
        h(
          "tr",
          { dataset: { player: String(p) } },
          h("td", { class: "card-title", dataset: { label: t("end.player") } }, seatBadge(board.seatOf(p)), " ", seatName(board.seatOf(p))),
          h("td", { dataset: { label: t("end.throws") } }, String(st.throws)),
          h("td", { dataset: { label: t("end.graces") } }, String(st.graces)),
          h("td", { dataset: { label: t("end.moves") } }, String(st.moves)),
          h("td", { dataset: { label: t("end.captures") } }, String(st.captures)),
          h("td", { dataset: { label: t("end.captured") } }, String(st.lost)),
        ),
      ),
    ),
  );

  const verdict = h("p", { class: "verdict", id: "verdict", "aria-live": "polite" });
  const verifyButton = h(
    "button",
    {
      type: "button",
      id: "verify",
      onclick: async () => {
        verifyButton.disabled = true;
        verdict.textContent = t("end.verifying");
        verdict.dataset.result = "";
        let events;
        try {
          // A long game's snapshot carries only its newest events: the check needs every throw.
          events = local ? snap.events : await wholeHistory(snap);
        } catch {
          verifyButton.disabled = false;
          verdict.dataset.result = "bad";
          verdict.className = "verdict error";
          verdict.textContent = `✘ ${t("error.network")}`;
          return;
        }
        const outcome = checkThrows(ashta, snap, events);
        verifyButton.disabled = false;
        if (!outcome) {
          verdict.dataset.result = "bad";
          verdict.className = "verdict error";
          verdict.textContent = `✘ ${t("error.network")}`;
          return;
        }
        verdict.dataset.result = outcome.ok ? "ok" : "bad";
        verdict.className = `verdict ${outcome.ok ? "ok" : "error"}`;
        if (outcome.ok) verdict.textContent = `✔ ${t("end.verifyOk", { count: outcome.checked })}`;
        else if (outcome.reason === "seed") verdict.textContent = `✘ ${t("end.verifyBadSeed")}`;
        else if (outcome.reason === "commitment") verdict.textContent = `✘ ${t("end.verifyBadCommit")}`;
        else verdict.textContent = `✘ ${t("end.verifyBadThrow", { n: outcome.mismatch + 1 })}`;
      },
    },
    t("end.verify"),
  );

  const rematchBox = h("div", { class: "rematch", id: "rematch-links", "aria-live": "polite" });
  const rematchButton = h(
    "button",
    {
      type: "button",
      class: "primary",
      id: "rematch",
      onclick: async () => {
        rematchButton.disabled = true;
        try {
          if (local) {
            // A game in this browser: the rematch is one too, with no server asked.
            const again = await createOfflineGame(rematchRequest(snap));
            location.assign(`/g/${again.id}${again.seat === null ? "" : `?seat=${again.seat}&token=local`}`);
            return;
          }
          const created = await createGame(rematchRequest(snap));
          keepLinks(created.id, created.seats);
          const mine = you === null ? null : created.seats.find((s) => s.seat === you && s.link);
          const others = created.seats.filter((s) => s.link && s !== mine);
          if (mine && others.length === 0) {
            location.assign(mine.link);
            return;
          }
          // Other people need their own links: show them all, with ours to play.
          replaceChildren(
            rematchBox,
            h("p", {}, t("lobby.created", { id: created.id })),
            created.seats
              .filter((s) => s.link)
              .map((s) =>
                h(
                  "p",
                  { class: "link-row", dataset: { rematchSeat: String(s.seat) } },
                  h("span", { class: "link-label" }, `${seatName(board.seatOf(s.seat))}${s.name ? ` (${s.name})` : ""}`),
                  h("input", { type: "text", readonly: true, class: "link", value: new URL(s.link, location.origin).href, "aria-label": t("lobby.invite") }),
                  h("a", { class: "button", href: s.link }, t("lobby.play")),
                ),
              ),
            h("p", {}, h("a", { href: created.spectate }, t("lobby.watch"))),
          );
        } catch (e) {
          rematchBox.textContent = `${t(`error.${e.code}`)}: ${e.message}`;
          rematchButton.disabled = false;
        }
      },
    },
    t("end.rematch"),
  );

  const replayBox = h("div", { class: "replay", id: "replay", hidden: true });
  // The timer of the replay playing, if it plays (a mistake opened meanwhile stops it).
  let timer = null;
  const replayButton = h("button", { type: "button", id: "replay-open", onclick: () => openReplay() }, t("end.replay"));

  function openReplay(position = null) {
    const steps = [{ position: start, event: null }, ...snap.events.filter((e) => e.position).map((e) => ({ position: e.position, event: e }))];
    // One numbering with the review: each step's turn.
    const turns = replayTurns(steps.slice(1).map((st) => st.event));
    // A mistake of the review opens the replay at the moment its position stood.
    const key = (p) => JSON.stringify([p.to_move, p.bag, p.pawns]);
    const first = position ? steps.findIndex((st) => key(st.position) === key(position)) : -1;
    if (timer) clearInterval(timer);
    timer = null;
    let at = 0;
    replay.begin();
    replayBox.hidden = false;
    replayButton.disabled = true;
    const label = h("span", { class: "replay-step", id: "replay-step" });
    const slider = h("input", {
      type: "range",
      min: 0,
      max: steps.length - 1,
      value: 0,
      "aria-label": t("end.replay"),
      oninput: (e) => go(Number(e.target.value)),
    });
    const playButton = h("button", { type: "button", id: "replay-play", onclick: () => toggle() }, t("replay.play"));
    function go(i) {
      at = Math.max(0, Math.min(steps.length - 1, i));
      slider.value = String(at);
      label.textContent = t("replay.step", { turn: turns[at], n: at, total: steps.length - 1 });
      label.dataset.step = String(at);
      label.dataset.turn = String(turns[at]);
      replay.show(steps[at].position, steps[at].event);
      if (at === steps.length - 1 && timer) toggle();
    }
    function toggle() {
      if (timer) {
        clearInterval(timer);
        timer = null;
        playButton.textContent = t("replay.play");
      } else {
        if (at === steps.length - 1) go(0);
        timer = setInterval(() => go(at + 1), 400);
        playButton.textContent = t("replay.pause");
      }
    }
    function close() {
      if (timer) clearInterval(timer);
      timer = null;
      replayBox.hidden = true;
      replayButton.disabled = false;
      replay.end();
      replayButton.focus({ preventScroll: true });
    }
    replaceChildren(
      replayBox,
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", id: "replay-first", onclick: () => go(0) }, t("replay.first")),
        h("button", { type: "button", id: "replay-prev", onclick: () => go(at - 1) }, t("replay.prev")),
        playButton,
        h("button", { type: "button", id: "replay-next", onclick: () => go(at + 1) }, t("replay.next")),
        h("button", { type: "button", id: "replay-last", onclick: () => go(steps.length - 1) }, t("replay.last")),
        h("button", { type: "button", id: "replay-close", onclick: close }, t("replay.close")),
      ),
      slider,
      label,
    );
    go(Math.max(0, first));
    if (dock) {
      dock.replaceChildren(replayBox);
      // The game's top in view: on a wide screen the whole board with the controls
      // beside it, on a phone the controls with the board under them.
      (dock.closest(".game-main") || dock).scrollIntoView({ block: "start" });
    }
  }

  // The end of the game first shows in a dialog over the board (once per page): the
  // result, the places, the game's key numbers, and what to do next.
  const review = h(
    "button",
    {
      type: "button",
      class: you === null ? "primary" : "",
      id: "end-review",
      onclick: () => {
        dialog.close();
        box.scrollIntoView({ block: "start" });
        replayButton.focus({ preventScroll: true });
      },
    },
    t("end.review"),
  );
  const dialog = h(
    "dialog",
    { class: "end-dialog", id: "end-dialog", "aria-labelledby": "end-dialog-title" },
    h("h2", { id: "end-dialog-title" }, h("span", { id: "your-result", dataset: { place: String(yourPlace ?? "") } }, viewerResult(board, snap.result, places, you))),
    h("p", { class: "result-line" }, t("end.title"), ": ", h("span", { id: "result" }, resultText(board, snap.result))),
    drawWhy(snap.result),
    local ? null : ratingChanges(snap.id),
    h("h3", {}, t("end.places")),
    h("div", { class: "table-wrap" }, placesTable),
    h("h3", {}, t("end.keyNumbers")),
    keyNumbers(stats),
    h(
      "div",
      { class: "row end-actions" },
      // A spectator is offered the review and a way out, not a game of their own.
      you === null ? null : rematchButton,
      review,
      h("a", { class: "button", id: "end-lobby", href: "/" }, you === null ? t("end.leave") : t("game.back")),
      h("button", { type: "button", id: "end-close", onclick: () => dialog.close() }, t("end.close")),
    ),
    rematchBox,
  );
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
      replayButton,
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
    dock ? null : replayBox,
    // The review first; the statistics, then the fairness data folded below it.
    analysis ? reviewSection(analysis, { board, you, players: snap.players, open: (position) => openReplay(position), progress: analysis.progress ?? null }) : null,
    h("h3", {}, t("end.stats")),
    h("div", { class: "table-wrap" }, statsTable),
    h(
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
      h("div", { class: "row" }, verifyButton),
      verdict,
    ),
  );
  if ((wasOpen || box.dataset.dialogShown !== "1") && typeof dialog.showModal === "function") {
    dialog.showModal();
    if (box.dataset.dialogShown !== "1") (you === null ? review : rematchButton).focus();
    box.dataset.dialogShown = "1";
  }
}

/** The places at the end, as the module ranks them ([] without the module). */
function placesOf(snap) {
  return snap.result?.standings ?? [];
}

/** The module's check of every throw against the revealed seed and the commitment
 * (`{ok, commitmentOk, checked, mismatch, reason}`), or null without the module. */
function checkThrows(ashta, snap, events) {
  if (!ashta) return null;
  const throws = throwEvents(events).map((e) => (Array.isArray(e.cowries) ? e.cowries : []));
  const reveal = snap.reveal || {};
  try {
    return ashta.verifyThrows(JSON.stringify(snap.rules), String(snap.commitment ?? ""), String(reveal.seed ?? ""), String(reveal.salt ?? ""), throws);
  } catch {
    return null;
  }
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
