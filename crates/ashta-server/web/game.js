// The game view: the board, the players, the cowries and the bag, the move log, and the
// end screen; kept in step with the server over the game's WebSocket. The server is the
// authority: the page only sends choices and draws the positions the events carry.

import { getExactReview, getHint, recordUrl } from "./api.js";
import { BoardView, seatBadge } from "./board.js";
import { Connection, socketUrl } from "./connection.js";
import { CowriesView } from "./cowries.js";
import { h, replaceChildren } from "./dom.js";
import { showEndScreen } from "./endscreen.js";
import { loadEngine } from "./engine.js";
import { Board, squareName } from "./geometry.js";
import { forfeitText } from "./forfeit.js";
import { hintText } from "./hint.js";
import { previewText } from "./preview.js";
import { reviewProgress, reviewRecord } from "./review.js";
import { arrowStep, focusKey, restoreFocus, shortcutFor } from "./keys.js";
import { effectiveEvents, eventText, lastThrow, logEvents } from "./history.js";
import { onLanguageChange, seatName, t } from "./i18n.js";
import { LOCAL_PREFIX, LocalConnection } from "./offline.js";
import { awayText, backText } from "./presence.js";
import { awayBadge, renderClaims, tickAway } from "./leavers.js";
import { normalizeRules } from "./rules.js";
import { animationTimes, AUTO_PLAY_EVENT, AUTO_PLAY_MS, autoPlay } from "./settings.js";
import { mayTakeBack, setTurnBoard, tableControls, turnBoard } from "./table-throws.js";
import { bagWords, playersWords, positionWords, ReaderView, turnWords } from "./reader.js";
import { play as playSound } from "./sound.js";
import { setRulesContext } from "./tutorial.js";

/** The legal moves of the unit at path index `index` (−1 for entries). */
export function movesFrom(legal, index) {
  return legal.filter((mv) => mv.from === index);
}

/** Shows the game `id` in `root`, as seat `seat` with `token`, or as a spectator. */
export function showGame(root, id, seat, token) {
  const url = socketUrl(location.href, id, token ? seat : null, token || null);
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

  const state = {
    snap: null,
    you: null,
    board: null,
    rules: null,
    received: 0,
    queue: [],
    busy: false,
    pending: false,
    selected: null,
    message: null,
    connection: "connecting",
    fatal: null,
    replaying: false,
    hint: null,
    hinting: false,
    // The browser module once the end screen has asked for it (its places and seed
    // check are the engine's): "loading" meanwhile, `{ ashta: null }` when it failed.
    engine: null,
    route: null,
    review: null,
    choices: null,
    // The version at which a forced move waits to be played by itself.
    forcedAt: null,
    // The focus goes to a movable pawn once the player's throw is shown.
    focusMovable: false,
    // The server's last `claimable` notice while it holds (leavers.js).
    claimable: null,
  };
  const local = id.startsWith(LOCAL_PREFIX);
  const boardView = new BoardView(ui.boardBox, {
    onPawn: (group) => pawnClicked(group),
    onTarget: (mv) => play(mv),
    onSquare: (name) => squareClicked(name),
  });
  const cowriesView = new CowriesView(ui.cowries, ui.caption);
  const readerView = new ReaderView(ui.reader, { onPlay: (mv) => play(mv) });
  // A tap on the cowries (or the words under them) throws them, as the Throw button does.
  for (const el of [ui.cowries, ui.caption]) {
    el.addEventListener("click", () => {
      if (yourTurn() && state.snap.must_throw) throwCowries();
    });
  }

  const onStatus = (s) => {
    state.connection = s;
    renderHead();
  };
  const onMessage = (msg) => received(msg);
  // A game played in this browser speaks the server's messages through the module.
  const connection = local
    ? new LocalConnection({ gameId: id, seat, onMessage, onStatus })
    : new Connection({
        url,
        version: () => state.received,
        onStatus,
        onMessage,
        hint: () => getHint(id, state.you, token),
      });

  function received(msg) {
    if (msg.type === "state") {
      state.claimable = null;
      adopt(msg.game, msg.you);
    } else if (msg.type === "event") {
      const v = msg.event.version;
      if (!state.snap || v <= state.received) return;
      if (v !== state.received + 1) {
        connection.resync();
        return;
      }
      state.received = v;
      state.queue.push(msg);
      drain();
    } else if (msg.type === "presence") {
      if (msg.present && msg.seat !== state.you) state.claimable = null;
      present(msg);
    } else if (msg.type === "claimable") {
      state.claimable = msg;
      drawClaims();
    } else if (msg.type === "error") {
      state.pending = false;
      showMessage(`${t(`error.${msg.code}`)}${msg.message ? `: ${msg.message}` : ""}`, "error", msg.code);
      if (msg.code === "internal") {
        // The server could not store the change; a fresh connection gets the true state.
        connection.reconnect();
      }
      if (msg.code === "bad_token" || msg.code === "not_found") {
        state.fatal = { code: msg.code, text: msg.code === "not_found" ? t("game.notFound", { id }) : t("error.bad_token") };
        connection.close();
        renderHead();
      }
      renderControls();
    }
  }

  function adopt(game, you) {
    const first = !state.snap || state.snap.size !== game.size || state.snap.players !== game.players;
    state.snap = { ...game, events: game.events || [] };
    state.you = you === undefined ? null : you;
    state.received = game.version;
    state.queue = [];
    state.pending = false;
    state.selected = null;
    state.rules = normalizeRules(game.rules);
    state.hint = null;
    setRulesContext(game.rules, game.size);
    if (first || !state.board || (game.at_table && turnBoard())) {
      state.board = new Board(game.board);
      boardView.setGame(state.board, state.you === null ? 0 : state.board.seatOf(state.you));
      readerView.setGame(state.board);
    }
    showLastThrow();
    renderLog();
    renderAll();
    sayTurn();
  }

  /** Shows the throw the game stands on (after an undo, the one that gave the bag of the
   * position undone to). */
  function showLastThrow() {
    const last = lastThrow(state.snap.events);
    if (last) cowriesView.show(last, state.rules.cowries, 0, thrower(last));
    else cowriesView.clear();
  }

  async function drain() {
    if (state.busy) return;
    state.busy = true;
    try {
      while (state.queue.length > 0) {
        const msg = state.queue.shift();
        const event = msg.event;
        const times = animationTimes(state.queue.length);
        state.selected = null;
        if (state.queue.length < 3) playSound(soundOf(event));
        if (event.kind === "throw") {
          renderControls();
          await cowriesView.show(event, state.rules.cowries, times.tumble, thrower(event));
        } else if (event.kind === "move" && times.step > 0) {
          const from = event.move.from;
          boardView.render(state.snap.position, {
            exclude: from >= 0 ? { player: event.seat, index: from, count: event.move.count } : null,
          });
          const path = event.path && event.path.length ? event.path : [from, event.move.to];
          await boardView.animateMove(event.seat, path, event.move.count, times.step);
        }
        apply(msg);
      }
    } finally {
      state.busy = false;
    }
    // The controls were drawn while the events were being shown; draw them for the
    // settled state (the throw button, undo, the status line).
    renderAll();
  }

  function soundOf(event) {
    if (event.kind === "throw") return "throw";
    if (event.kind === "move") return event.move.capture ? "capture" : "move";
    if (event.kind === "finished") return "end";
    return null;
  }

  function apply(msg) {
    const { event } = msg;
    const snap = state.snap;
    // A full state that came in while this event was being shown already holds it.
    if (event.version <= snap.version) return;
    state.hint = null;
    snap.version = event.version;
    if (event.position) snap.position = event.position;
    snap.legal = msg.legal || [];
    snap.must_throw = !!msg.must_throw;
    snap.events.push(event);
    if (event.kind === "finished") {
      snap.status = "finished";
      snap.result = event.result;
      snap.reveal = event.reveal;
      snap.legal = [];
      snap.must_throw = false;
    }
    if (event.seat === state.you || event.kind === "finished") state.pending = false;
    // After the player's own throw or move, a keyboard's focus goes on to a pawn that
    // can move (if there is one still); another player's turn forgets that.
    if (event.seat === state.you && focus.key !== null && (event.kind === "throw" || event.kind === "move")) state.focusMovable = true;
    else if (event.seat !== state.you) state.focusMovable = false;
    if (event.kind === "move" || event.kind === "throw" || event.kind === "undo") state.pending = false;
    if ("turn_deadline" in msg) snap.turn_deadline = msg.turn_deadline;
    if (event.kind === "undo") {
      // The undone events leave the log, and the cowries show the bag's throw again.
      renderLog();
      showLastThrow();
    } else {
      appendLog(event);
      announce(event);
      const lost = forfeitText(state.board, event);
      if (lost && event.seat === state.you) showMessage(lost, "info", "forfeit");
    }
    const yourTurnNow = snap.status === "playing" && state.you !== null && snap.position.to_move === state.you;
    if (yourTurnNow && snap.must_throw && event.seat !== state.you && state.queue.length === 0) playSound("turn");
    sayTurn();
    renderAll();
  }

  /** Says whose turn it is and what they do, once each time it changes. */
  function sayTurn() {
    const words = turnWords(state.board, state.snap);
    if (words && words !== state.saidTurn) say(words, "turn");
    state.saidTurn = words;
  }

  /** Says `text` in the live region (the last few stay, so none is lost). */
  function say(text, kind) {
    ui.announce.append(h("p", { dataset: { kind } }, text));
    while (ui.announce.children.length > 8) ui.announce.firstChild.remove();
  }

  /** Says a throw, move or the end in the live region (the last few stay, so none is
   * lost when they come fast). */
  function announce(event) {
    const text = eventText(state.board, event);
    if (!text) return;
    ui.announce.append(h("p", { dataset: { version: String(event.version), kind: event.kind } }, text));
    while (ui.announce.children.length > 8) ui.announce.firstChild.remove();
  }

  function thrower(event) {
    return seatName(state.board.seatOf(event.seat));
  }

  function yourTurn() {
    const snap = state.snap;
    return (
      snap &&
      state.you !== null &&
      snap.status === "playing" &&
      snap.position.to_move === state.you &&
      !resigned() &&
      state.queue.length === 0 &&
      !state.busy &&
      !state.replaying
    );
  }

  /** Someone came or left (the server's `presence` message): the seats as it sees them
   * now, and for a person back, what was played for them. */
  function present(msg) {
    if (!state.snap) return;
    state.snap.seats = msg.seats;
    state.snap.turn_deadline = msg.turn_deadline;
    const back = backText(msg, state.you, (p) => seatName(state.board.seatOf(p)), t);
    if (back) showMessage(back, "info", "presence");
    renderPlayers();
    renderHead();
    renderTimer();
    drawClaims();
  }

  /** The claim box over players who left (leavers.js): the server decides, the page
   * shows its choices and sends the one taken. */
  function drawClaims() {
    renderClaims(ui.claims, {
      snap: state.replaying ? null : state.snap,
      you: state.you,
      notice: state.claimable,
      t,
      send: (claim) => connection.send({ type: "claim", claim }),
    });
  }

  function showMessage(text, kind = "info", code = null) {
    state.message = { text, kind, code };
    renderMessage();
  }

  function pawnClicked(group) {
    const snap = state.snap;
    if (!snap || state.replaying) return;
    const onTarget = state.selected && !(group.player === state.selected.player && group.index === state.selected.index);
    if (onTarget && targetsOf(state.selected).some((mv) => squareOf(mv) === group.square)) {
      // A pawn on a highlighted square (an opponent's, or one's own the move would join):
      // the tap means that square.
      const hits = targetsOf(state.selected).filter((mv) => squareOf(mv) === group.square);
      if (hits.length === 1) return play(hits[0]);
      if (hits.length > 1) return offerChoices(hits);
    }
    if (state.you === null) return showMessage(t("game.spectatorOnly"), "error", "spectator");
    if (group.player !== state.you) return showMessage(t("game.notYourPawn"), "error", "not_your_pawn");
    if (!yourTurn()) return showMessage(t("game.notYourTurn"), "error", "not_your_turn");
    if (snap.must_throw) return showMessage(t("game.mustThrowFirst"), "error", "must_throw");
    // A tap on the chosen pawn keeps it chosen (its squares stay lit, the words say so).
    const moves = movesFrom(snap.legal, group.index);
    if (moves.length === 0) return showMessage(t("game.noMoveFor"), "error", "no_move");
    state.selected = { player: group.player, index: group.index };
    state.choices = null;
    if (focus.key !== null) focus.key = ".target";
    // Where each target leads, from the facts the engine listed with the move.
    // The heading says to pick where it goes: the message says only where each leads.
    showMessage(`${previewText(state.board, snap.position.to_move, moves)}.`, "info", "preview");
    renderBoard();
    return undefined;
  }

  function targetsOf(selected) {
    return movesFrom(state.snap.legal, selected.index);
  }

  function squareOf(mv) {
    return squareName(state.board.squareAt(state.snap.position.to_move, mv.to));
  }

  function squareClicked(name) {
    const snap = state.snap;
    if (!snap || state.replaying) return;
    if (!state.selected) {
      if (state.you === null) return showMessage(t("game.spectatorOnly"), "error", "spectator");
      if (!yourTurn()) return showMessage(t("game.notYourTurn"), "error", "not_your_turn");
      if (snap.must_throw) return showMessage(t("game.mustThrowFirst"), "error", "must_throw");
      return showMessage(t("game.pickPawn"), "error", "pick_pawn");
    }
    const hits = targetsOf(state.selected).filter((mv) => squareOf(mv) === name);
    if (hits.length === 1) return play(hits[0]);
    if (hits.length > 1) return offerChoices(hits);
    return showMessage(t("game.notATarget"), "error", "not_a_target");
  }

  /** Several moves reach one square (a pawn or the pair): a button for each, big
   * enough for a thumb. */
  function offerChoices(moves) {
    state.choices = moves;
    showMessage(t("game.pickTarget"), "info", "choose");
    return undefined;
  }

  function renderChoices() {
    const moves = state.selected && yourTurn() ? state.choices || [] : [];
    replaceChildren(
      ui.choices,
      moves.map((mv) =>
        h(
          "button",
          {
            type: "button",
            class: "choice",
            dataset: { value: String(mv.value), from: String(mv.from), count: String(mv.count) },
            onclick: () => play(mv),
          },
          t(mv.from < 0 ? "target.entry" : mv.count > 1 ? "target.pair" : "target.pawn", { value: mv.value, square: squareOf(mv), count: mv.count }),
          // Which of the moves forms a blocking double (or a double), said on its button.
          mv.forms ? ` (${t(mv.forms === "block" ? "target.formsBlock" : "target.formsDouble")})` : "",
        ),
      ),
    );
  }

  function play(mv) {
    if (!yourTurn() || state.pending) return showMessage(t("game.notYourTurn"), "error", "not_your_turn");
    state.selected = null;
    state.pending = true;
    state.message = null;
    if (!connection.send({ type: "move", move: { value: mv.value, from: mv.from, count: mv.count } })) {
      state.pending = false;
      showMessage(t("game.disconnected"), "error", "network");
    }
    renderAll();
    return undefined;
  }

  function throwCowries() {
    if (!yourTurn() || !state.snap.must_throw || state.pending || state.snap.at_table) return;
    state.pending = true;
    state.message = null;
    if (!connection.send({ type: "throw" })) {
      state.pending = false;
      showMessage(t("game.disconnected"), "error", "network");
    }
    renderControls();
  }

  /** Sends a message of a table of real cowries (what fell, a throw taken back). */
  function sendAtTable(message) {
    if (state.pending) return;
    state.pending = true;
    state.message = null;
    if (!connection.send(message)) {
      state.pending = false;
      showMessage(t("game.disconnected"), "error", "network");
    }
    renderControls();
  }

  function undo() {
    if (state.pending) return;
    state.pending = true;
    state.message = null;
    if (!connection.send({ type: "undo" })) {
      state.pending = false;
      showMessage(t("game.disconnected"), "error", "network");
    }
    renderControls();
  }

  /** Whether the page's player may resign: a player of a game going on who has not
   * resigned yet and has a pawn still to bring home. */
  function canResign() {
    const snap = state.snap;
    if (!snap || state.you === null || !token || snap.status !== "playing" || resigned()) return false;
    return snap.position.pawns[state.you].some((i) => i !== state.board.home);
  }

  /** Whether the page's player resigned (a bot plays their pawns since). */
  function resigned() {
    return state.you !== null && state.snap.events.some((e) => e.kind === "resign" && e.seat === state.you);
  }

  function renderResign() {
    replaceChildren(
      ui.resignBox,
      canResign() ? h("button", { type: "button", id: "resign", class: "resign", onclick: askResign }, t("resign.button")) : null,
    );
  }

  /** Resign, once the player has said so again in a dialog (Esc or "Keep playing"
   * leaves the game as it was). */
  function askResign() {
    if (!canResign()) return;
    const close = () => dialog.close();
    const dialog = h(
      "dialog",
      { class: "resign-dialog", id: "resign-dialog", "aria-labelledby": "resign-title", onclose: () => dialog.remove() },
      h("h2", { id: "resign-title" }, t("resign.title")),
      h("p", {}, state.snap.players > 2 ? t("resign.many") : t("resign.two")),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            id: "resign-confirm",
            class: "danger",
            onclick: () => {
              close();
              if (!connection.send({ type: "resign" })) showMessage(t("game.disconnected"), "error", "network");
            },
          },
          t("resign.confirm"),
        ),
        h("button", { type: "button", id: "resign-cancel", class: "primary", onclick: close }, t("resign.cancel")),
      ),
    );
    document.body.append(dialog);
    dialog.showModal();
  }

  function canHint() {
    const snap = state.snap;
    return (
      !!token &&
      yourTurn() &&
      !snap.must_throw &&
      snap.legal.length > 0 &&
      (snap.at_table || snap.seats.every((s) => s.seat === state.you || s.kind === "bot"))
    );
  }

  async function askHint() {
    if (!canHint() || state.hinting) return;
    state.hinting = true;
    showMessage(t("hint.thinking"));
    renderControls();
    try {
      const answer = await connection.hint();
      const snap = state.snap;
      if (answer.version !== snap.version || !answer.moves.length) return;
      const first = answer.moves[0];
      state.hint = first;
      state.selected = { player: state.you, index: first.from };
      showMessage(hintText(state.board, state.you, answer), "info", "hint");
      renderBoard();
    } catch (e) {
      showMessage(`${t(`error.${e.code}`)}${e.message ? `: ${e.message}` : ""}`, "error", e.code || "hint");
    } finally {
      state.hinting = false;
      renderControls();
    }
  }

  function canUndo() {
    const snap = state.snap;
    if (!snap || state.you === null || snap.status !== "playing") return false;
    const againstBots = snap.at_table || snap.seats.every((s) => s.seat === state.you || s.kind === "bot");
    return againstBots && snap.events.some((e) => e.kind === "move" && e.seat === state.you);
  }

  function renderHead() {
    const snap = state.snap;
    const role =
      state.you === null
        ? t("game.spectator")
        : state.board
          ? t("game.you", { seat: seatName(state.board.seatOf(state.you)) })
          : "";
    const conn = {
      connecting: t("game.connecting"),
      open: local ? t("game.local") : t("game.connected"),
      closed: t("game.disconnected"),
    }[state.connection];
    replaceChildren(
      ui.head,
      h("a", { href: "/", class: "back" }, `← ${t("game.back")}`),
      h("h2", {}, `${t("app.title")} `, h("code", {}, id)),
      h("span", { class: "role", id: "role", dataset: { you: state.you === null ? "" : String(state.you) } }, role),
      state.fatal ? null : h("span", { class: `conn conn-${state.connection}`, id: "conn", title: conn }, conn),
    );
    if (state.fatal) {
      const way = state.fatal.code === "not_found" ? h("a", { href: "/" }, t("game.back")) : h("a", { href: `/g/${id}` }, t("lobby.watch"));
      replaceChildren(ui.status, h("span", { class: "error" }, state.fatal.text), " ", way);
      return;
    }
    if (!snap) {
      ui.status.textContent = t("game.connecting");
      return;
    }
    let text;
    if (snap.status === "finished") {
      text = t("game.over");
    } else if (!resigned() && (yourTurn() || (state.you !== null && snap.position.to_move === state.you))) {
      text = snap.must_throw ? t("game.yourThrow") : state.selected && yourTurn() ? t("game.yourMoveTarget") : t("game.yourMove");
    } else {
      text = t("game.toMove", { seat: seatName(state.board.seatOf(snap.position.to_move)) });
    }
    // Who left the game and what is done for them, said in words, not only as a dot.
    const away = snap.status === "playing" ? awayText(snap.seats, state.you, (p) => seatName(state.board.seatOf(p)), t) : "";
    ui.status.textContent = away ? `${text} · ${away}` : text;
    ui.status.dataset.away = snap.seats.filter((s) => s.away).map((s) => s.seat).join(",");
    ui.status.dataset.toMove = String(snap.position.to_move);
    ui.status.dataset.status = snap.status;
    ui.status.dataset.version = String(snap.version);
    document.title = `${state.you !== null && snap.status === "playing" && snap.position.to_move === state.you ? "● " : ""}${t("app.title")} ${id}`;
  }

  function renderBoard() {
    if (!state.snap || state.replaying) return;
    const snap = state.snap;
    const targets = state.selected ? targetsOf(state.selected) : [];
    boardView.render(snap.position, {
      selected: state.selected,
      targets,
      hint: state.hint,
      mover: snap.status === "playing" ? snap.position.to_move : null,
      movable: movableUnits(),
      route: state.route,
      last: lastMove(snap.events),
    });
    renderHead();
    refocus();
  }

  /** The last move that stands (an undone one left out) as the board draws it:
   * `{seat, from, path, captured}`, or null before the first move. */
  function lastMove(events) {
    const moves = effectiveEvents(events).filter((e) => e.kind === "move");
    const last = moves[moves.length - 1];
    return last ? { seat: last.seat, from: last.move.from, path: last.path, captured: last.captured || null } : null;
  }

  /** The path indices of the units that can move now (the engine's legal moves), on
   * the page's own turn with a bag; null otherwise. */
  function movableUnits() {
    const snap = state.snap;
    if (!yourTurn() || snap.must_throw || state.pending) return null;
    return new Set(snap.legal.map((mv) => mv.from));
  }

  /** The player whose route the toggle draws: the page's own, else the one to move. */
  function routePlayer() {
    return state.you !== null ? state.you : state.snap.position.to_move;
  }

  function toggleRoute() {
    if (!state.snap) return;
    state.route = state.route === null ? routePlayer() : null;
    renderLegend();
    renderBoard();
  }

  /** The players' panels for `pos` (the game's position, or a replay's moment). */
  function renderPlayers(pos = state.snap.position) {
    const snap = state.snap;
    const b = state.board;
    replaceChildren(
      ui.players,
      snap.seats.map((seatInfo) => {
        const p = seatInfo.seat;
        const seat = b.seatOf(p);
        const home = pos.pawns[p].filter((i) => i === b.home).length;
        const off = pos.pawns[p].filter((i) => i < 0).length;
        const who =
          seatInfo.kind === "bot"
            ? t("game.bot", { level: t(`level.${seatInfo.level}`) === `level.${seatInfo.level}` ? seatInfo.level : t(`level.${seatInfo.level}`) })
            : seatInfo.name || t("game.human");
        const toMove = (snap.status === "playing" || state.replaying) && pos.to_move === p;
        const entering = p === state.you && !!movableUnits()?.has(-1);
        const offButton =
          off > 0
            ? h(
                "button",
                {
                  type: "button",
                  class: `yard${state.selected && state.selected.index === -1 ? " selected" : ""}${entering ? " movable" : ""}`,
                  "aria-label": `${off} ${t("game.off")}${entering ? `, ${t("game.movable")}` : ""}`,
                  dataset: { yard: String(p) },
                  onclick: () => pawnClicked({ player: p, index: -1, count: off, square: null }),
                },
                `${off} ${t("game.off")}`,
              )
            : null;
        return h(
          "div",
          { class: `player${toMove ? " to-move" : ""}${p === state.you ? " you" : ""}`, dataset: { player: String(p) } },
          seatBadge(seat),
          h("span", { class: "player-seat" }, seatName(seat)),
          h("span", { class: "player-who" }, who),
          seatInfo.kind === "human" && "connected" in seatInfo
            ? h("span", { class: `dot ${seatInfo.connected ? "on" : "off"}`, title: seatInfo.connected ? t("game.online") : t("game.offline") })
            : null,
          awayBadge(seatInfo, snap.status === "playing", t),
          h("span", { class: "player-home", dataset: { home: String(home) } }, `${home}/${pos.pawns[p].length} ${t("game.home")}`),
          offButton,
          h("span", { class: `gate ${pos.captured[p] ? "open" : "shut"}` }, pos.captured[p] ? t("game.gateOpen") : t("game.gateShut")),
        );
      }),
    );
  }

  /** The bag of `pos` (the game's position, or a replay's moment). */
  function renderBag(pos) {
    const bagChips = pos.bag.length
      ? pos.bag.map((v) => h("span", { class: "chip" }, String(v)))
      : [h("span", { class: "small" }, t("game.bagEmpty"))];
    replaceChildren(ui.bag, h("span", { class: "label" }, `${t("game.bag")}: `), h("span", { id: "bag-values", dataset: { bag: pos.bag.join(",") } }, bagChips));
  }

  function renderControls() {
    const snap = state.snap;
    if (!snap) return;
    renderBag(snap.position);
    const buttons = [];
    if (state.you !== null && snap.status === "playing" && snap.at_table) {
      const settled = !state.pending && state.queue.length === 0 && !state.busy;
      buttons.push(
        ...tableControls({
          cowries: state.rules.cowries,
          canEnter: yourTurn() && snap.must_throw && !state.pending,
          canTakeBack: settled && mayTakeBack(snap, state.you),
          onEnter: (n) => yourTurn() && snap.must_throw && sendAtTable({ type: "enter", mouths_up: n }),
          onTakeBack: () => sendAtTable({ type: "take_back" }),
          onTurnBoard: (on) => {
            setTurnBoard(on);
            if (on) boardView.setGame(state.board, state.board.seatOf(state.you));
            renderBoard();
          },
        }),
      );
    } else if (state.you !== null && snap.status === "playing") {
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "throw",
            disabled: !(yourTurn() && snap.must_throw && !state.pending),
            onclick: throwCowries,
          },
          t("game.throw"),
        ),
      );
    }
    if (state.you !== null && snap.status === "playing") {
      if (snap.at_table || snap.seats.every((s) => s.seat === state.you || s.kind === "bot")) {
        buttons.push(h("button", { type: "button", id: "undo", disabled: !canUndo() || state.pending || state.busy, onclick: undo }, t("game.undo")));
        buttons.push(h("button", { type: "button", id: "hint", disabled: !canHint() || state.pending || state.hinting, onclick: askHint }, t("hint.button")));
      }
    }
    replaceChildren(ui.actions, buttons);
    ui.actions.classList.toggle("at-table", !!snap.at_table);
    for (const el of [ui.cowries, ui.caption]) el.classList.toggle("can-throw", yourTurn() && snap.must_throw && !state.pending && !snap.at_table);
    renderHead();
    refocus();
  }

  function renderMessage() {
    renderChoices();
    const m = state.message;
    ui.message.textContent = m ? m.text : "";
    ui.message.className = `message${m && m.kind === "error" ? " error" : ""}`;
    ui.message.dataset.code = m && m.code ? m.code : "";
  }

  function renderTimer() {
    const snap = state.snap;
    if (!snap || snap.status !== "playing" || !snap.turn_deadline) {
      ui.timer.textContent = "";
      return;
    }
    const secs = Math.max(0, Math.ceil((snap.turn_deadline - Date.now()) / 1000));
    ui.timer.textContent = t("game.timer", { seat: seatName(state.board.seatOf(snap.position.to_move)), secs });
  }

  /** Draws the log afresh: the events that stand (undone ones left out). */
  function renderLog() {
    ui.log.replaceChildren();
    for (const event of logEvents(state.snap.events)) appendLog(event, false);
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  function appendLog(event, scroll = true) {
    const board = state.board || new Board(state.snap.board);
    const text = eventText(board, event);
    if (!text) return;
    const seat = event.seat === undefined ? null : board.seatOf(event.seat);
    const cls = `${seat === null ? "" : ` seat-${seat}`}`;
    ui.log.append(h("li", { class: `log-${event.kind}${cls}`, dataset: { version: String(event.version) } }, text));
    const lost = forfeitText(board, event);
    if (lost) ui.log.append(h("li", { class: `log-forfeit${cls}`, dataset: { version: String(event.version) } }, lost));
    if (scroll) ui.log.scrollTop = ui.log.scrollHeight;
  }

  /** The review of the finished game, once per game: the server's exact review when it
   * has the solution table of the game's rules, else computed by rollouts in the
   * engine's Worker from its record (the module's, or the server's record download). */
  function reviewOf(snap) {
    if (!state.review || state.review.id !== snap.id) {
      // A review by rollouts tells its progress, turn by turn, for the bar.
      const progress = reviewProgress();
      const byRollouts = () =>
        (local ? Promise.resolve(connection.record()) : fetch(recordUrl(snap.id)).then((r) => r.text())).then((text) => reviewRecord(text, progress.report));
      const promise = local ? byRollouts() : getExactReview(snap.id).then((exact) => exact ?? byRollouts());
      promise.progress = progress;
      state.review = { id: snap.id, promise };
    }
    return state.review.promise;
  }

  function renderEnd() {
    const snap = state.snap;
    if (snap.status !== "finished") {
      ui.end.hidden = true;
      return;
    }
    if (state.engine === null) {
      // The end screen waits for the module: the places and the seed check are its.
      state.engine = "loading";
      loadEngine()
        .catch(() => ({ ashta: null }))
        .then((engine) => {
          state.engine = engine;
          if (!state.replaying && state.snap.status === "finished") renderEnd();
        });
      return;
    }
    if (state.engine === "loading") return;
    ui.end.hidden = false;
    showEndScreen(ui.end, {
      ashta: state.engine.ashta,
      snap,
      board: state.board,
      start: snap.start,
      you: state.you,
      dock: ui.replayDock,
      local,
      record: local ? () => connection.record() : null,
      review: reviewOf(snap),
      replay: {
        begin: () => {
          state.replaying = true;
          state.selected = null;
          // The game's last message belongs to the game, not to the replay.
          state.message = null;
          renderMessage();
          renderControls();
        },
        show: (position, event) => {
          // That moment everywhere: the board, the players' panels and the bag.
          boardView.render(position, {});
          renderPlayers(position);
          renderBag(position);
          if (event && event.kind === "throw") cowriesView.show(event, state.rules.cowries, 0, thrower(event));
          for (const li of ui.log.children) {
            const current = !!event && li.dataset.version === String(event.version);
            li.classList.toggle("current", current);
            if (current) ui.log.scrollTop = li.offsetTop - ui.log.offsetTop - ui.log.clientHeight / 2;
          }
        },
        end: () => {
          state.replaying = false;
          for (const li of ui.log.children) li.classList.remove("current");
          renderAll();
        },
      },
    });
  }

  function renderLegend() {
    ui.logTitle.textContent = t("game.log");
    ui.legendTitle.textContent = t("legend.title");
    ui.routeToggle.textContent = state.route === null ? t("route.show") : t("route.hide");
    ui.routeToggle.setAttribute("aria-pressed", String(state.route !== null));
    ui.routeToggle.onclick = toggleRoute;
    ui.boardBox.setAttribute("aria-label", t("game.keys"));
    replaceChildren(
      ui.legend,
      [...["movable", "target", "preview", "safe", "home", "stack", "double", "block", "gate", "route"].map((key) => t(`legend.${key}`)), t("game.keys"), t("legend.keysMore")].map((text) => h("li", {}, text)),
    );
  }

  function renderAll() {
    renderLegend();
    if (!state.snap) {
      renderHead();
      return;
    }
    renderHead();
    renderBoard();
    renderPlayers();
    renderResign();
    renderControls();
    renderMessage();
    renderTimer();
    drawClaims();
    if (!state.replaying) renderEnd();
    const mine = yourTurn() && !state.snap.must_throw && !state.pending;
    readerView.render(state.snap.position, mine ? state.snap.legal : [], mine ? state.you : null);
    playForced();
  }

  // The focus: where it was in the game (null when it is elsewhere), so a redraw that
  // replaced that element puts it back instead of dropping it to <body>.
  const focus = { key: null };
  document.addEventListener("focusin", (e) => {
    focus.key = root.contains(e.target) ? focusKey(e.target) || "" : null;
  });
  function refocus() {
    if (focus.key === null) return;
    const active = document.activeElement;
    if (state.focusMovable && movableUnits() && (!active || active === document.body || active === ui.boardBox)) {
      const first = root.querySelector(".target") || root.querySelector(".pawn.movable, [data-yard].movable");
      if (first) {
        state.focusMovable = false;
        first.focus({ preventScroll: true });
        return;
      }
    }
    restoreFocus(root, focus.key);
  }

  document.addEventListener("keydown", (e) => {
    // Not behind an open dialog (the rules, the end of the game), nor on another view.
    if (e.defaultPrevented || !state.snap || !root.contains(ui.boardBox) || document.querySelector("dialog[open]")) return;
    const action = shortcutFor(e);
    if (!action) return;
    const snap = state.snap;
    if (action === "throw" && yourTurn() && snap.must_throw) throwCowries();
    else if (action === "hint" && canHint()) askHint();
    else if (action === "undo" && canUndo() && !state.busy) undo();
    else if (action === "confirm" && yourTurn() && snap.must_throw) throwCowries();
    else if (action === "confirm" && yourTurn() && !snap.must_throw) {
      const only = state.selected ? targetsOf(state.selected) : [];
      if (state.hint) play(state.hint);
      else if (only.length === 1) play(only[0]);
      else if (!state.selected) chooseUnit(0, true);
      else if (only.length > 1) root.querySelector(".target")?.focus({ preventScroll: true });
      else return;
    } else if (action === "keys") openKeys();
    else if (action === "plays") readerView.focusPlays();
    else if (action === "say-position") say(positionWords(state.board, snap.position), "position");
    else if (action === "say-bag") say(bagWords(snap.position), "bag");
    else if (action === "say-players") say(`${turnWords(state.board, snap)} ${playersWords(state.board, snap)}`, "players");
    else if (action.startsWith("arrow-") && yourTurn() && !snap.must_throw && !state.pending) arrow(action);
    else return;
    e.preventDefault();
  });

  /** The units that can move now, in board order (the off-board pawns first), as
   * `{player, index, count, square}` for `pawnClicked`. */
  function movableList() {
    const snap = state.snap;
    const seen = [...new Set(snap.legal.map((mv) => mv.from))].sort((a, b) => a - b);
    return seen.map((index) => {
      const count = index < 0 ? snap.position.pawns[state.you].filter((i) => i < 0).length : snap.position.pawns[state.you].filter((i) => i === index).length;
      const square = index < 0 ? null : squareName(state.board.squareAt(state.you, index));
      return { player: state.you, index, count, square };
    });
  }

  /** Selects the movable unit `k` (of `movableList()`), its destinations shown, and puts
   * the focus on it, or with `toTarget` on its first destination. */
  function chooseUnit(k, toTarget = false) {
    const units = movableList();
    if (units.length === 0) return;
    const unit = units[(k + units.length) % units.length];
    if (!state.selected || state.selected.index !== unit.index) pawnClicked(unit);
    const sel = toTarget ? ".target" : unit.index < 0 ? `[data-yard="${state.you}"]` : `.pawn[data-player="${state.you}"][data-index="${unit.index}"]`;
    root.querySelector(sel)?.focus({ preventScroll: true });
  }

  /** The arrow keys: ←/→ go through the movable units, ↑/↓ through the chosen unit's
   * destinations (the focus roves; Enter plays the focused destination). */
  function arrow(action) {
    const step = arrowStep(action);
    if (action === "arrow-left" || action === "arrow-right") {
      const units = movableList();
      const at = state.selected ? units.findIndex((u) => u.index === state.selected.index) : -1;
      chooseUnit(at < 0 ? (step > 0 ? 0 : units.length - 1) : at + step);
      return;
    }
    if (!state.selected) {
      chooseUnit(0);
      return;
    }
    const targets = [...root.querySelectorAll(".target")];
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

  /** A forced move (the engine lists one legal play) is played by itself after a short
   * pause, and a forced choice of unit (one unit can move, several ways) is made, when
   * the player has that setting on (the default). */
  function playForced() {
    const snap = state.snap;
    if (!snap || !autoPlay() || !yourTurn() || snap.must_throw || state.pending || snap.at_table) return;
    const units = new Set(snap.legal.map((mv) => mv.from));
    if (snap.legal.length > 1 && units.size === 1 && !state.selected && state.forcedAt !== snap.version) {
      // One unit can move, several ways: it is chosen, its destinations shown.
      state.forcedAt = snap.version;
      const [index] = units;
      const unit = movableList().find((u) => u.index === index);
      if (unit) pawnClicked(unit);
      return;
    }
    if (snap.legal.length !== 1) return;
    if (state.forcedAt === snap.version) return;
    state.forcedAt = snap.version;
    const version = snap.version;
    showMessage(t("game.forced"), "info", "forced");
    setTimeout(() => {
      if (state.snap.version === version && yourTurn() && !state.pending && state.snap.legal.length === 1) play(state.snap.legal[0]);
    }, AUTO_PLAY_MS);
  }

  onLanguageChange(() => {
    if (!state.snap) return renderHead();
    boardView.setGame(state.board, state.you === null ? 0 : state.board.seatOf(state.you));
    renderLog();
    showLastThrow();
    state.message = null;
    renderAll();
    return undefined;
  });
  // The settings menu's forced moves: turned on, a forced move waiting is played.
  addEventListener(AUTO_PLAY_EVENT, playForced);
  setInterval(renderTimer, 1000);
  setInterval(() => {
    tickAway(ui.players, t);
    drawClaims();
  }, 1000);

  // A handle for tests and the curious: the state as the page holds it, and a way to
  // send a raw message (the server checks every message anyway).
  globalThis.ashtaGame = {
    snapshot: () => (state.snap ? JSON.parse(JSON.stringify({ ...state.snap, you: state.you })) : null),
    idle: () => state.queue.length === 0 && !state.busy && !state.pending && !state.hinting,
    send: (message) => connection.send(message),
  };

  renderHead();
  connection.open();
}
