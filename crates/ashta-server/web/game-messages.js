// The game screen's words: the panel's message, the move log, and the live region that
// says throws, moves and turns to a screen reader. Each function takes the screen's
// context (`ctx`: its state, its nodes `ui`, its `draw` functions; game.js makes it).

import { h } from "./dom.js";
import { forfeitText } from "./forfeit.js";
import { setMessage } from "./game-state.js";
import { Board } from "./geometry.js";
import { eventText, logEvents } from "./history.js";
import { turnWords } from "./reader.js";

/** How many lines the live region keeps (so none is lost when they come fast). */
const SAID_KEPT = 8;

/** Sets the panel's message and draws it. */
export function showMessage(ctx, text, kind = "info", code = null) {
  setMessage(ctx.state, text, kind, code);
  ctx.draw.message();
}

/** Draws the panel's message line (an error in its colour, its code for tests). */
export function drawMessageLine(ctx) {
  const m = ctx.state.message;
  const line = ctx.ui.message;
  line.textContent = m ? m.text : "";
  line.className = `message${m && m.kind === "error" ? " error" : ""}`;
  line.dataset.code = m && m.code ? m.code : "";
}

/** Adds a line to the live region, the oldest going past `SAID_KEPT`. */
function speak(ctx, text, dataset) {
  const region = ctx.ui.announce;
  region.append(h("p", { dataset }, text));
  while (region.children.length > SAID_KEPT) region.firstChild.remove();
}

/** Says `text` in the live region. */
export function say(ctx, text, kind) {
  speak(ctx, text, { kind });
}

/** Says a throw, move or the end in the live region. */
export function announce(ctx, event) {
  const text = eventText(ctx.state.board, event);
  if (text) speak(ctx, text, { version: String(event.version), kind: event.kind });
}

/** Says whose turn it is and what they do, once each time it changes. */
export function sayTurn(ctx) {
  const { state } = ctx;
  const words = turnWords(state.board, state.snap);
  if (words && words !== state.saidTurn) say(ctx, words, "turn");
  state.saidTurn = words;
}

/** Draws the log afresh: the events that stand (undone ones left out). */
export function drawLog(ctx) {
  const log = ctx.ui.log;
  log.replaceChildren();
  for (const event of logEvents(ctx.state.snap.events)) appendLog(ctx, event, false);
  log.scrollTop = log.scrollHeight;
}

/** Adds `event` to the log (with the values it forfeited, and why), scrolled to it. */
export function appendLog(ctx, event, scroll = true) {
  const { state } = ctx;
  const log = ctx.ui.log;
  const board = state.board || new Board(state.snap.board);
  const text = eventText(board, event);
  if (!text) return;
  const seat = event.seat === undefined ? null : board.seatOf(event.seat);
  const cls = `${seat === null ? "" : ` seat-${seat}`}`;
  log.append(h("li", { class: `log-${event.kind}${cls}`, dataset: { version: String(event.version) } }, text));
  const lost = forfeitText(board, event);
  if (lost) log.append(h("li", { class: `log-forfeit${cls}`, dataset: { version: String(event.version) } }, lost));
  if (scroll) log.scrollTop = log.scrollHeight;
}
