// The game screen's controls: the throw panel (the cowries, the bag, Throw or the
// buttons of a table of real cowries, Undo, Hint), Resign below the board, and what
// each sends. Each function takes the screen's context (`ctx`, made by game.js).

import { h, replaceChildren } from "./dom.js";
import { showMessage } from "./game-messages.js";
import { againstBots, boardSeat, canHint, canResign, canUndo, thrower, yourTurn } from "./game-state.js";
import { hintText } from "./hint.js";
import { lastThrow } from "./history.js";
import { t } from "./i18n.js";
import { mayTakeBack, setTurnBoard, tableControls } from "./table-throws.js";

/** Sends a throw, a move, an undo or what fell at a table: nothing more is sent until
 * its answer comes (`pending`). When the connection cannot take it the panel says so. */
function sendAction(ctx, message) {
  const { state } = ctx;
  state.pending = true;
  state.message = null;
  if (ctx.send(message)) return;
  state.pending = false;
  showMessage(ctx, t("game.disconnected"), "error", "network");
}

/** Plays move `mv` (on the player's turn). */
export function play(ctx, mv) {
  const { state } = ctx;
  if (!yourTurn(state) || state.pending) return showMessage(ctx, t("game.notYourTurn"), "error", "not_your_turn");
  state.selected = null;
  sendAction(ctx, { type: "move", move: { value: mv.value, from: mv.from, count: mv.count } });
  ctx.draw.all();
  return undefined;
}

/** Throws the cowries: sends the throw (the player's turn to throw, not at a table of real cowries). */
export function sendThrow(ctx) {
  const { state } = ctx;
  if (!yourTurn(state) || !state.snap.must_throw || state.pending || state.snap.at_table) return;
  sendAction(ctx, { type: "throw" });
  ctx.draw.controls();
}

/** Sends `message` (an undo, or what fell at a table of real cowries) unless an answer
 * is awaited. */
export function sendOnce(ctx, message) {
  if (ctx.state.pending) return;
  sendAction(ctx, message);
  ctx.draw.controls();
}

/** Undoes the player's last turn (against bots). */
export function undo(ctx) {
  sendOnce(ctx, { type: "undo" });
}

/** Asks the server (or the engine in the page) for a hint, and shows it chosen on the
 * board with its words. */
export async function askHint(ctx) {
  const { state } = ctx;
  if (!canHint(state) || state.hinting) return;
  state.hinting = true;
  showMessage(ctx, t("hint.thinking"));
  ctx.draw.controls();
  try {
    const answer = await ctx.connection.hint();
    if (answer.version !== state.snap.version || !answer.moves.length) return;
    const first = answer.moves[0];
    state.hint = first;
    state.selected = { player: state.you, index: first.from };
    showMessage(ctx, hintText(state.board, state.you, answer), "info", "hint");
    ctx.draw.board();
  } catch (e) {
    showMessage(ctx, `${t(`error.${e.code}`)}${e.message ? `: ${e.message}` : ""}`, "error", e.code || "hint");
  } finally {
    state.hinting = false;
    ctx.draw.controls();
  }
}

/** Shows the throw the game stands on (after an undo, the one that gave the bag of the
 * position undone to). */
export function showLastThrow(ctx) {
  const { state } = ctx;
  const last = lastThrow(state.snap.events);
  if (last) ctx.views.cowries.show(last, state.rules.cowries, 0, thrower(state, last));
  else ctx.views.cowries.clear();
}

/** The bag of `pos` (the game's position, or a replay's moment). */
export function drawBag(ctx, pos) {
  const bagChips = pos.bag.length
    ? pos.bag.map((v) => h("span", { class: "chip" }, String(v)))
    : [h("span", { class: "small" }, t("game.bagEmpty"))];
  replaceChildren(ctx.ui.bag, h("span", { class: "label" }, `${t("game.bag")}: `), h("span", { id: "bag-values", dataset: { bag: pos.bag.join(",") } }, bagChips));
}

/** The throw panel's bag and buttons, for the game's state. */
export function drawControls(ctx) {
  const { state, ui } = ctx;
  const snap = state.snap;
  if (!snap) return;
  drawBag(ctx, snap.position);
  const playing = state.you !== null && snap.status === "playing";
  const canThrow = yourTurn(state) && snap.must_throw && !state.pending;
  const buttons = [];
  if (playing && snap.at_table) {
    buttons.push(...atTableButtons(ctx));
  } else if (playing) {
    buttons.push(h("button", { type: "button", class: "primary", id: "throw", disabled: !canThrow, onclick: () => sendThrow(ctx) }, t("game.throw")));
  }
  if (playing && againstBots(state)) {
    buttons.push(h("button", { type: "button", id: "undo", disabled: !canUndo(state) || state.pending || state.busy, onclick: () => undo(ctx) }, t("game.undo")));
    buttons.push(h("button", { type: "button", id: "hint", disabled: !canHint(state) || state.pending || state.hinting, onclick: () => askHint(ctx) }, t("hint.button")));
  }
  replaceChildren(ui.actions, buttons);
  ui.actions.classList.toggle("at-table", !!snap.at_table);
  for (const el of [ui.cowries, ui.caption]) el.classList.toggle("can-throw", canThrow && !snap.at_table);
  ctx.draw.head();
  ctx.draw.focus();
}

/** The buttons of a table of real cowries (table-throws.js): what fell, taking a throw
 * back, and turning the board toward the player to move. */
function atTableButtons(ctx) {
  const { state } = ctx;
  const snap = state.snap;
  const settled = !state.pending && state.queue.length === 0 && !state.busy;
  return tableControls({
    cowries: state.rules.cowries,
    canEnter: yourTurn(state) && snap.must_throw && !state.pending,
    canTakeBack: settled && mayTakeBack(snap, state.you),
    onEnter: (n) => yourTurn(state) && snap.must_throw && sendOnce(ctx, { type: "enter", mouths_up: n }),
    onTakeBack: () => sendOnce(ctx, { type: "take_back" }),
    onTurnBoard: (on) => {
      setTurnBoard(on);
      if (on) ctx.views.board.setGame(state.board, boardSeat(state));
      ctx.draw.board();
    },
  });
}

/** Resign below the board, while the player may. */
export function drawResign(ctx) {
  replaceChildren(
    ctx.ui.resignBox,
    canResign(ctx.state) ? h("button", { type: "button", id: "resign", class: "resign", onclick: () => askResign(ctx) }, t("resign.button")) : null,
  );
}

/** Resign, once the player has said so again in a dialog (Esc or "Keep playing"
 * leaves the game as it was). */
function askResign(ctx) {
  if (!canResign(ctx.state)) return;
  const close = () => dialog.close();
  const confirm = () => {
    close();
    if (!ctx.send({ type: "resign" })) showMessage(ctx, t("game.disconnected"), "error", "network");
  };
  const dialog = h(
    "dialog",
    { class: "resign-dialog", id: "resign-dialog", "aria-labelledby": "resign-title", onclose: () => dialog.remove() },
    h("h2", { id: "resign-title" }, t("resign.title")),
    h("p", {}, ctx.state.snap.players > 2 ? t("resign.many") : t("resign.two")),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "resign-confirm", class: "danger", onclick: confirm }, t("resign.confirm")),
      h("button", { type: "button", id: "resign-cancel", class: "primary", onclick: close }, t("resign.cancel")),
    ),
  );
  document.body.append(dialog);
  dialog.showModal();
}
