// The end screen's actions: a rematch (the same rules, board and seats; a game in this
// browser makes one here) and the check of every throw against the revealed seed and
// the commitment (the browser module's).

import { createGame, keepLinks, wholeHistory } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { seatName, t } from "./i18n.js";
import { createOfflineGame } from "./offline.js";

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

/** Every throw of a game, in the order the seed gave them. An undo never rewinds the
 * server's generator (the throws it took back stay thrown, so nobody can learn what is
 * coming by undoing), so the throws an undo took back count too. */
export function throwEvents(events) {
  return events.filter((e) => e.kind === "throw");
}

/** The rematch button and the box where it shows the new game's links (when other
 * people need theirs): `{ button, box }`. */
export function rematchControls({ snap, board, you, local }) {
  const box = h("div", { class: "rematch", id: "rematch-links", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "primary", id: "rematch" }, t("end.rematch"));
  button.onclick = async () => {
    button.disabled = true;
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
      replaceChildren(box, ...rematchLinks(created, board));
    } catch (e) {
      box.textContent = `${t(`error.${e.code}`)}: ${e.message}`;
      button.disabled = false;
    }
  };
  return { button, box };
}

/** The links of the rematch `created` for each person, and to watch it. */
function rematchLinks(created, board) {
  return [
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
  ];
}

/** The seed check's button and its verdict: `{ button, verdict }`. A long game's
 * snapshot carries only its newest events, so the whole history is fetched first (a
 * game in this browser has it all). */
export function seedCheck({ ashta, snap, local }) {
  const verdict = h("p", { class: "verdict", id: "verdict", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "verify" }, t("end.verify"));
  const bad = (text) => {
    verdict.dataset.result = "bad";
    verdict.className = "verdict error";
    verdict.textContent = `✘ ${text}`;
  };
  button.onclick = async () => {
    button.disabled = true;
    verdict.textContent = t("end.verifying");
    verdict.dataset.result = "";
    let events;
    try {
      events = local ? snap.events : await wholeHistory(snap);
    } catch {
      button.disabled = false;
      bad(t("error.network"));
      return;
    }
    const outcome = checkThrows(ashta, snap, events);
    button.disabled = false;
    if (!outcome) return bad(t("error.network"));
    if (!outcome.ok) return bad(mismatchText(outcome));
    verdict.dataset.result = "ok";
    verdict.className = "verdict ok";
    verdict.textContent = `✔ ${t("end.verifyOk", { count: outcome.checked })}`;
    return undefined;
  };
  return { button, verdict };
}

/** What a failed seed check found, in words. */
function mismatchText(outcome) {
  if (outcome.reason === "seed") return t("end.verifyBadSeed");
  if (outcome.reason === "commitment") return t("end.verifyBadCommit");
  return t("end.verifyBadThrow", { n: outcome.mismatch + 1 });
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
