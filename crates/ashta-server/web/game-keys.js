// The game screen's keyboard and focus: the shortcuts (keys.js names them), the arrows
// through the movable units and their destinations, the list of keys (`?`), and the
// focus kept on the board or its controls when they are drawn afresh. Each function
// takes the screen's context (`ctx`, made by game.js).

import { h } from "./dom.js";
import { say } from "./game-messages.js";
import { canHint, canUndo, movableList, movableUnits, targetsOf, yourTurn } from "./game-state.js";
import { t } from "./i18n.js";
import { arrowStep, focusKey, restoreFocus, shortcutFor } from "./keys.js";
import { bagWords, playersWords, positionWords, turnWords } from "./reader.js";

/** Follows the focus in the game and answers the game's keys. */
export function listenForKeys(ctx) {
  document.addEventListener("focusin", (e) => {
    ctx.state.focusKey = ctx.root.contains(e.target) ? focusKey(e.target) || "" : null;
  });
  document.addEventListener("keydown", (e) => onKey(ctx, e));
}

/** After a redraw, puts the focus back where it was in the game (or on the first
 * movable unit once the player's throw is shown) instead of dropping it to <body>. */
export function refocus(ctx) {
  const { state, root, ui } = ctx;
  if (state.focusKey === null) return;
  const active = document.activeElement;
  if (state.focusMovable && movableUnits(state) && (!active || active === document.body || active === ui.boardBox)) {
    const first = root.querySelector(".target") || root.querySelector(".pawn.movable, [data-yard].movable");
    if (first) {
      state.focusMovable = false;
      first.focus({ preventScroll: true });
      return;
    }
  }
  restoreFocus(root, state.focusKey);
}

/** A key pressed anywhere in the page: the game's action it names, if any now. */
function onKey(ctx, e) {
  const { state } = ctx;
  // Not behind an open dialog (the rules, the end of the game), nor on another view.
  if (e.defaultPrevented || !state.snap || !ctx.root.contains(ctx.ui.boardBox) || document.querySelector("dialog[open]")) return;
  const action = shortcutFor(e);
  if (!action) return;
  const snap = state.snap;
  const mine = yourTurn(state);
  if ((action === "throw" || action === "confirm") && mine && snap.must_throw) ctx.act.throw();
  else if (action === "hint" && canHint(state)) ctx.act.hint();
  else if (action === "undo" && canUndo(state) && !state.busy) ctx.act.undo();
  else if (action === "confirm" && mine && !snap.must_throw) {
    if (!confirm(ctx)) return;
  } else if (action === "keys") openKeys();
  else if (action === "plays") ctx.views.reader.focusPlays();
  else if (action === "say-position") say(ctx, positionWords(state.board, snap.position), "position");
  else if (action === "say-bag") say(ctx, bagWords(snap.position), "bag");
  else if (action === "say-players") say(ctx, `${turnWords(state.board, snap)} ${playersWords(state.board, snap)}`, "players");
  else if (action.startsWith("arrow-") && mine && !snap.must_throw && !state.pending) arrow(ctx, action);
  else return;
  e.preventDefault();
}

/** Enter on the player's move: plays the hint or the chosen unit's only move, else
 * chooses the first unit or goes to its destinations. Returns whether it did anything. */
function confirm(ctx) {
  const { state } = ctx;
  const only = state.selected ? targetsOf(state, state.selected) : [];
  if (state.hint) ctx.act.play(state.hint);
  else if (only.length === 1) ctx.act.play(only[0]);
  else if (!state.selected) chooseUnit(ctx, 0, true);
  else if (only.length > 1) ctx.root.querySelector(".target")?.focus({ preventScroll: true });
  else return false;
  return true;
}

/** Selects the movable unit `k` (of `movableList`), its destinations shown, and puts
 * the focus on it, or with `toTarget` on its first destination. */
function chooseUnit(ctx, k, toTarget = false) {
  const { state } = ctx;
  const units = movableList(state);
  if (units.length === 0) return;
  const unit = units[(k + units.length) % units.length];
  if (!state.selected || state.selected.index !== unit.index) ctx.act.pawn(unit);
  const sel = toTarget ? ".target" : unit.index < 0 ? `[data-yard="${state.you}"]` : `.pawn[data-player="${state.you}"][data-index="${unit.index}"]`;
  ctx.root.querySelector(sel)?.focus({ preventScroll: true });
}

/** The arrow keys: ←/→ go through the movable units, ↑/↓ through the chosen unit's
 * destinations (the focus roves; Enter plays the focused destination). */
function arrow(ctx, action) {
  const { state } = ctx;
  const step = arrowStep(action);
  if (action === "arrow-left" || action === "arrow-right") {
    const units = movableList(state);
    const at = state.selected ? units.findIndex((u) => u.index === state.selected.index) : -1;
    chooseUnit(ctx, at < 0 ? (step > 0 ? 0 : units.length - 1) : at + step);
    return;
  }
  if (!state.selected) {
    chooseUnit(ctx, 0);
    return;
  }
  const targets = [...ctx.root.querySelectorAll(".target")];
  if (targets.length === 0) return;
  const at = targets.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : targets.length - 1) : (at + step + targets.length) % targets.length;
  targets[next].focus({ preventScroll: true });
}

/** The keys of a game, listed in a dialog (`?`). */
function openKeys() {
  const close = () => dialog.close();
  const dialog = h(
    "dialog",
    { class: "keys-dialog", id: "keys-dialog", "aria-labelledby": "keys-title", onclose: () => dialog.remove() },
    h("h2", { id: "keys-title" }, t("keys.title")),
    h(
      "ul",
      { class: "keys-list" },
      ["throw", "enter", "arrows", "hint", "undo", "help", "say"].map((k) => h("li", { dataset: { key: k } }, t(`keys.${k}`))),
    ),
    h("button", { type: "button", id: "keys-close", class: "primary", onclick: close }, t("keys.close")),
  );
  document.body.append(dialog);
  dialog.showModal();
}
