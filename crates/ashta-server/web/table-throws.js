// A game of real cowries in the page (RULES.md 8.10): the people at the table throw
// their own cowries and tap how many fell mouth up; the engine in the page applies the
// rules to it (graces, a third grace, a bag that cannot be used). A throw tapped by
// mistake is taken back before a move. A phone lying between two players may turn the
// board toward the player to move.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const TURN_KEY = "ashta.turnBoard";

/** Whether the board turns toward the player to move (kept in the browser). */
export function turnBoard() {
  try {
    return globalThis.localStorage?.getItem(TURN_KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the setting that turns the board toward the player to move. */
export function setTurnBoard(on) {
  try {
    globalThis.localStorage?.setItem(TURN_KEY, on ? "1" : "0");
  } catch {
    // Without storage the setting lasts until the page is left.
  }
}

/** Whether the last event that stands is a throw of `seat`: nothing has been moved since,
 * so it may be taken back (the engine checks it again). */
export function mayTakeBack(snap, seat) {
  const events = snap.events || [];
  const last = events[events.length - 1];
  return snap.status === "playing" && !!last && last.kind === "throw" && last.seat === seat;
}

/** The controls of a person at a table of real cowries: one button per count of mouths
 * up the rules allow (0 to the cowries thrown), taking back a throw, and the setting
 * that turns the board. `canEnter`: the person is to throw now. */
export function tableControls({ cowries, canEnter, canTakeBack, onEnter, onTakeBack, onTurnBoard }) {
  const counts = Array.from({ length: cowries + 1 }, (_, n) =>
    h(
      "button",
      {
        type: "button",
        class: "primary mouths-up",
        name: `mouths-${n}`,
        "aria-label": t("table.mouthsUp", { n }),
        disabled: !canEnter,
        onclick: () => onEnter(n),
      },
      String(n),
    ),
  );
  return [
    h("div", { class: "enter-throw", role: "group", "aria-label": t("table.whatFell"), title: t("table.whatFell") }, counts),
    h("button", { type: "button", id: "take-back", disabled: !canTakeBack, onclick: onTakeBack }, t("table.takeBack")),
    h(
      "label",
      { class: "check small" },
      h("input", { type: "checkbox", name: "turn-board", checked: turnBoard(), onchange: (e) => onTurnBoard(e.target.checked) }),
      h("span", {}, t("table.turnBoard")),
    ),
  ];
}
