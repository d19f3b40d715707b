// The replay of a finished game on the end screen: its controls (first, back, play or
// pause, forward, last, close, a slider and the turn), opened from its button or at a
// mistake of the review. The game screen shows each moment (`replay.show`).

import { h, replaceChildren } from "./dom.js";
import { replayTurns } from "./history.js";
import { t } from "./i18n.js";

/** How long each moment shows while the replay plays, in ms. */
const STEP_MS = 400;

/**
 * The replay of `snap`'s game from `start`: `{ button, box, open(position) }`, the box
 * holding the controls (put in `dock` when given, beside the board) and `open` starting
 * it at the moment `position` stood (at the start for null).
 * @param {{ snap: object, start: object, replay: {begin, show, end}, dock: HTMLElement | null }} args
 */
export function replayControls({ snap, start, replay, dock }) {
  const box = h("div", { class: "replay", id: "replay", hidden: true });
  // The timer of the replay playing, if it plays (a mistake opened meanwhile stops it).
  const run = { timer: null };
  const button = h("button", { type: "button", id: "replay-open", onclick: () => open() }, t("end.replay"));
  const stop = () => {
    if (run.timer) clearInterval(run.timer);
    run.timer = null;
  };
  function open(position = null) {
    const steps = [{ position: start, event: null }, ...snap.events.filter((e) => e.position).map((e) => ({ position: e.position, event: e }))];
    // A mistake of the review opens the replay at the moment its position stood.
    const key = (p) => JSON.stringify([p.to_move, p.bag, p.pawns]);
    const first = position ? steps.findIndex((st) => key(st.position) === key(position)) : -1;
    stop();
    replay.begin();
    box.hidden = false;
    button.disabled = true;
    const close = () => {
      stop();
      box.hidden = true;
      button.disabled = false;
      replay.end();
      button.focus({ preventScroll: true });
    };
    stepper(box, steps, replay, run, close).go(Math.max(0, first));
    if (dock) {
      dock.replaceChildren(box);
      // The game's top in view: on a wide screen the whole board with the controls
      // beside it, on a phone the controls with the board under them.
      (dock.closest(".game-main") || dock).scrollIntoView({ block: "start" });
    }
  }
  return { button, box, open };
}

/** Fills `box` with the controls that walk through `steps`; returns `{ go(i) }`. `run`
 * holds the timer of the replay playing; `close` ends the replay. */
function stepper(box, steps, replay, run, close) {
  // One numbering with the review: each step's turn.
  const turns = replayTurns(steps.slice(1).map((st) => st.event));
  const last = steps.length - 1;
  let at = 0;
  const label = h("span", { class: "replay-step", id: "replay-step" });
  const slider = h("input", {
    type: "range",
    min: 0,
    max: last,
    value: 0,
    "aria-label": t("end.replay"),
    oninput: (e) => go(Number(e.target.value)),
  });
  const playButton = h("button", { type: "button", id: "replay-play", onclick: () => toggle() }, t("replay.play"));
  function go(i) {
    at = Math.max(0, Math.min(last, i));
    slider.value = String(at);
    label.textContent = t("replay.step", { turn: turns[at], n: at, total: last });
    label.dataset.step = String(at);
    label.dataset.turn = String(turns[at]);
    replay.show(steps[at].position, steps[at].event);
    if (at === last && run.timer) toggle();
  }
  function toggle() {
    if (run.timer) {
      clearInterval(run.timer);
      run.timer = null;
      playButton.textContent = t("replay.play");
    } else {
      if (at === last) go(0);
      run.timer = setInterval(() => go(at + 1), STEP_MS);
      playButton.textContent = t("replay.pause");
    }
  }
  replaceChildren(
    box,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "replay-first", onclick: () => go(0) }, t("replay.first")),
      h("button", { type: "button", id: "replay-prev", onclick: () => go(at - 1) }, t("replay.prev")),
      playButton,
      h("button", { type: "button", id: "replay-next", onclick: () => go(at + 1) }, t("replay.next")),
      h("button", { type: "button", id: "replay-last", onclick: () => go(last) }, t("replay.last")),
      h("button", { type: "button", id: "replay-close", onclick: close }, t("replay.close")),
    ),
    slider,
    label,
  );
  return { go };
}
