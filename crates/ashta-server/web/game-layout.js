// The game screen's parts in the page: the heading, the status line, the throw panel,
// the board, the players, the legend and the log, the end and the reader's grid. The
// screen's other modules (game-*.js) draw into these nodes.

import { h, replaceChildren } from "./dom.js";

/** Lays the game screen out in `root`; returns its nodes by name. */
export function gameLayout(root) {
  const ui = {
    head: h("div", { class: "game-head" }),
    status: h("p", { class: "status", id: "status", "aria-live": "polite" }),
    boardBox: h("div", { class: "board-wrap", id: "board", tabindex: "-1" }),
    // Throws and moves in words, for screen readers (the status line says whose turn).
    announce: h("div", { class: "visually-hidden", id: "announce", role: "log", "aria-live": "polite" }),
    players: h("div", { class: "players", id: "players" }),
    // Resign, below the board (asked again in a dialog before it is sent).
    resignBox: h("div", { class: "resign-box", id: "resign-box" }),
    cowries: h("div", { class: "cowries", id: "cowries" }),
    caption: h("div", { class: "throw-caption", id: "throw-caption" }),
    bag: h("div", { class: "bag", id: "bag" }),
    actions: h("div", { class: "actions", id: "actions" }),
    message: h("p", { class: "message", id: "message", role: "alert" }),
    choices: h("div", { class: "choices", id: "choices" }),
    timer: h("p", { class: "timer small", id: "timer" }),
    // The choices over players who left, once the server says they may be made.
    claims: h("div", { class: "claims", id: "claims", hidden: true }),
    // A Tab stop, so that a keyboard scrolls it too.
    log: h("ol", { class: "log", id: "log", tabindex: "0" }),
    logTitle: h("summary", {}),
    legend: h("ul", { class: "legend small", id: "legend" }),
    legendTitle: h("summary", {}),
    routeToggle: h("button", { type: "button", id: "route-toggle", "aria-pressed": "false" }),
    end: h("section", { class: "card end", id: "end", hidden: true }),
    // The replay's controls, beside the board (the throw panel's place) when it runs.
    replayDock: h("div", { class: "replay-dock", id: "replay-dock" }),
    // The board as a grid of squares in words, and the plays as buttons (reader.js).
    reader: h("section", { class: "reader", id: "reader" }),
  };
  // On a phone the throw panel comes before the board, so the controls are in reach
  // without scrolling past it; on a wide screen it sits beside the board (style.css).
  replaceChildren(
    root,
    h(
      "div",
      { class: "game" },
      ui.head,
      ui.status,
      ui.announce,
      h(
        "div",
        { class: "game-main" },
        h("div", { class: "card throw-box", id: "throw-box" }, ui.cowries, ui.caption, ui.bag, ui.actions, ui.message, ui.choices, ui.timer, ui.claims, ui.replayDock),
        ui.boardBox,
        ui.players,
        ui.resignBox,
        h(
          "aside",
          { class: "side" },
          // The legend first, open: the board's marks explained on the first screen.
          h(
            "details",
            { class: "card legend-box", open: true },
            ui.legendTitle,
            ui.legend,
            ui.routeToggle,
          ),
          h("details", { class: "card log-box", open: true }, ui.logTitle, ui.log),
        ),
      ),
      ui.end,
      ui.reader,
    ),
  );
  return ui;
}
