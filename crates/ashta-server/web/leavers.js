// Players who left an online game, as the one still at the table sees them: how long
// each has been away (a live counter in their panel), how long until the game may be
// ended over them (the seats' `away.claim_at`), and the three choices once the server
// says so (its `claimable` notice): claim the win, call it a draw, play on against the
// computer. The server decides who may claim and when, and checks every claim; this
// only shows what it said and sends the choice.

import { h, replaceChildren } from "./dom.js";

/** A duration in ms as a clock: "m:ss", or "h:mm:ss" from an hour. */
export function clockText(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const s = String(total % 60).padStart(2, "0");
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0 ? `${hours}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The badge of a seat's panel while its person is away in a game being played: for
 * how long, kept live by `tickAway`; null otherwise. */
export function awayBadge(seatInfo, playing, t, now = Date.now()) {
  if (!playing || !seatInfo.away) return null;
  const since = seatInfo.away.since;
  return h(
    "span",
    { class: "away-for", dataset: { awaySince: String(since) } },
    t("leavers.awayFor", { time: clockText(now - since) }),
  );
}

/** Brings every away counter under `root` to `now`. */
export function tickAway(root, t, now = Date.now()) {
  for (const el of root.querySelectorAll("[data-away-since]")) {
    el.textContent = t("leavers.awayFor", { time: clockText(now - Number(el.dataset.awaySince)) });
  }
}

/** When the game may be ended over the people who left, as the server said it (the
 * earliest `claim_at` of the seats but `you`), or null. */
export function claimAt(seats, you) {
  const times = (seats || []).filter((s) => s.seat !== you && s.away && Number.isFinite(s.away.claim_at)).map((s) => s.away.claim_at);
  return times.length ? Math.min(...times) : null;
}

/** Whether a `claimable` notice names `you` as a player who may claim. */
export function mayClaim(notice, you) {
  return !!notice && you !== null && (notice.claimants || []).includes(you);
}

/** Whether the computer already plays for every person but `you` who left, as the
 * seats' `away.stand_in_at` say (the claim's "play on" was taken, or its time came). */
export function standInsPlay(seats, you, now = Date.now()) {
  const away = (seats || []).filter((s) => s.seat !== you && s.away);
  return away.length > 0 && away.every((s) => Number.isFinite(s.away.stand_in_at) && s.away.stand_in_at <= now);
}

/** Draws the claim box of a seated player in a game being played: the countdown to the
 * claim while it runs, the three choices once the server's notice names them (the win
 * and the draw only, once the computer plays for those who left), nothing otherwise.
 * `send(choice)` sends `{"type": "claim", "claim": choice}`. */
export function renderClaims(box, { snap, you, notice, t, send, now = Date.now() }) {
  const playing = !!snap && snap.status === "playing" && you !== null;
  const at = playing ? claimAt(snap.seats, you) : null;
  let content = [];
  if (playing && mayClaim(notice, you)) {
    const choice = (claim, key) => h("button", { type: "button", dataset: { claim }, onclick: () => send(claim) }, t(key));
    const standIns = standInsPlay(snap.seats, you, now);
    content = [
      h("p", { class: "claims-text" }, t(standIns ? "leavers.claimableStandIn" : "leavers.claimable")),
      h("div", { class: "claims-choices" }, choice("win", "leavers.win"), choice("draw", "leavers.draw"), standIns ? null : choice("play_on", "leavers.playOn")),
    ];
  } else if (at !== null && at > now) {
    content = [h("p", { class: "claims-text small", dataset: { claimAt: String(at) } }, t("leavers.claimIn", { time: clockText(at - now) }))];
  }
  box.hidden = content.length === 0;
  replaceChildren(box, ...content);
}
