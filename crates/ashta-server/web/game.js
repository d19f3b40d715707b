// The game view: the board, the players, the cowries and the bag, the move log, and the
// end screen; kept in step with the server over the game's WebSocket. The server is the
// authority: the page only sends choices and draws the positions the events carry.
//
// The screen's state is one object (game-state.js), changed by the server's messages and
// the player's actions; its parts draw it: the heading and players (game-head.js), the
// board and its choices (game-board.js), the controls (game-controls.js), the words
// (game-messages.js), the end (game-end.js) and the keys (game-keys.js). Each takes the
// screen's context `ctx`, made here: `{ root, ui, state, connection, send, views, draw,
// act }`, where `draw` redraws a part and `act` is what the player may do.

import { getHint } from "./api.js";
import { BoardView } from "./board.js";
import { Connection, socketUrl } from "./connection.js";
import { CowriesView } from "./cowries.js";
import { drawBoard, drawChoices, drawLegend, pawnClicked, playForced, squareClicked } from "./game-board.js";
import { askHint, drawBag, drawControls, drawResign, play, showLastThrow, sendThrow, undo } from "./game-controls.js";
import { drawEnd } from "./game-end.js";
import { drawClaims, drawHead, drawPlayers, drawTimer } from "./game-head.js";
import { listenForKeys, refocus } from "./game-keys.js";
import { gameLayout } from "./game-layout.js";
import { announce, appendLog, drawLog, drawMessageLine, sayTurn } from "./game-messages.js";
import { accept, apply, boardSeat, createState, soundOf, thrower, yourTurn } from "./game-state.js";
import { onLanguageChange, t } from "./i18n.js";
import { tickAway } from "./leavers.js";
import { LOCAL_PREFIX, LocalConnection } from "./offline.js";
import { ReaderView } from "./reader.js";
import { animationTimes, AUTO_PLAY_EVENT } from "./settings.js";
import { play as playSound } from "./sound.js";
import { turnBoard } from "./table-throws.js";
import { setRulesContext } from "./tutorial.js";

/** Shows the game `id` in `root`, as seat `seat` with `token`, or as a spectator. */
export function showGame(root, id, seat, token) {
  const state = createState({ id, token, local: id.startsWith(LOCAL_PREFIX) });
  const ui = gameLayout(root);
  const ctx = { root, ui, state, connection: null, send: (message) => ctx.connection.send(message) };
  ctx.draw = drawings(ctx);
  ctx.act = actions(ctx);
  ctx.views = {
    board: new BoardView(ui.boardBox, { onPawn: ctx.act.pawn, onTarget: ctx.act.play, onSquare: (name) => squareClicked(ctx, name) }),
    cowries: new CowriesView(ui.cowries, ui.caption),
    // The board as a grid of squares in words, and the plays as buttons (reader.js).
    reader: new ReaderView(ui.reader, { onPlay: ctx.act.play }),
  };
  // A tap on the cowries (or the words under them) throws them, as the Throw button does.
  for (const el of [ui.cowries, ui.caption]) {
    el.addEventListener("click", () => {
      if (yourTurn(state) && state.snap.must_throw) ctx.act.throw();
    });
  }
  ctx.connection = connect(ctx, seat, token);
  listenForKeys(ctx);
  onLanguageChange(() => {
    if (!state.snap) return drawHead(ctx);
    ctx.views.board.setGame(state.board, boardSeat(state));
    drawLog(ctx);
    showLastThrow(ctx);
    state.message = null;
    drawAll(ctx);
    return undefined;
  });
  // The settings menu's forced moves: turned on, a forced move waiting is played.
  addEventListener(AUTO_PLAY_EVENT, () => playForced(ctx));
  setInterval(() => drawTimer(ctx), 1000);
  setInterval(() => {
    tickAway(ui.players, t);
    drawClaims(ctx);
  }, 1000);

  // A handle for tests and the curious: the state as the page holds it, and a way to
  // send a raw message (the server checks every message anyway).
  globalThis.ashtaGame = {
    snapshot: () => (state.snap ? JSON.parse(JSON.stringify({ ...state.snap, you: state.you })) : null),
    idle: () => state.queue.length === 0 && !state.busy && !state.pending && !state.hinting,
    send: (message) => ctx.connection.send(message),
  };

  drawHead(ctx);
  ctx.connection.open();
}

/** The screen's parts, each redrawn from the state. */
function drawings(ctx) {
  return {
    all: () => drawAll(ctx),
    head: () => drawHead(ctx),
    board: () => drawBoard(ctx),
    players: (pos) => drawPlayers(ctx, pos),
    bag: (pos) => drawBag(ctx, pos),
    controls: () => drawControls(ctx),
    message: () => {
      drawChoices(ctx);
      drawMessageLine(ctx);
    },
    focus: () => refocus(ctx),
  };
}

/** What the player may do on the screen. */
function actions(ctx) {
  return {
    pawn: (group) => pawnClicked(ctx, group),
    play: (mv) => play(ctx, mv),
    throw: () => sendThrow(ctx),
    undo: () => undo(ctx),
    hint: () => askHint(ctx),
  };
}

/** The game's connection: the server's WebSocket, or the module in this browser for a
 * game played here (it speaks the server's messages). */
function connect(ctx, seat, token) {
  const { state } = ctx;
  const onStatus = (s) => {
    state.connection = s;
    drawHead(ctx);
  };
  const onMessage = (msg) => receive(ctx, msg);
  if (state.local) return new LocalConnection({ gameId: state.id, seat, onMessage, onStatus });
  return new Connection({
    url: socketUrl(location.href, state.id, token ? seat : null, token || null),
    version: () => state.received,
    onStatus,
    onMessage,
    hint: () => getHint(state.id, state.you, token),
  });
}

/** A message of the server: an event waits its turn to be shown; the others change the
 * state at once, and the parts they touch are drawn. */
function receive(ctx, msg) {
  const { state, draw } = ctx;
  if (msg.type === "event") {
    const verdict = accept(state, msg);
    if (verdict === "gap") ctx.connection.resync();
    else if (verdict === "queued") drain(ctx);
    return;
  }
  const { board, message, fatal } = state;
  if (!apply(state, msg, { turned: turnBoard() })) return;
  if (msg.type === "state") {
    setRulesContext(msg.game.rules, msg.game.size);
    if (state.board !== board) {
      ctx.views.board.setGame(state.board, boardSeat(state));
      ctx.views.reader.setGame(state.board);
    }
    showLastThrow(ctx);
    drawLog(ctx);
    drawAll(ctx);
    sayTurn(ctx);
    return;
  }
  if (state.message !== message) draw.message();
  if (msg.type === "presence") {
    drawPlayers(ctx);
    drawHead(ctx);
    drawTimer(ctx);
  } else if (msg.type === "error") {
    // The server could not store the change; a fresh connection gets the true state.
    if (msg.code === "internal") ctx.connection.reconnect();
    if (state.fatal !== fatal) {
      ctx.connection.close();
      drawHead(ctx);
    }
    drawControls(ctx);
    return;
  }
  drawClaims(ctx);
}

/** Shows the events waiting, one after another (the cowries tumbling, a pawn walking
 * its path), each applied to the state once shown. */
async function drain(ctx) {
  const { state } = ctx;
  if (state.busy) return;
  state.busy = true;
  try {
    while (state.queue.length > 0) {
      const msg = state.queue.shift();
      await showEvent(ctx, msg.event);
      eventShown(ctx, msg);
    }
  } finally {
    state.busy = false;
  }
  // The controls were drawn while the events were being shown; draw them for the
  // settled state (the throw button, undo, the status line).
  drawAll(ctx);
}

/** Shows `event` as it happens: its sound, the cowries' throw or the move's walk. */
async function showEvent(ctx, event) {
  const { state, views } = ctx;
  const times = animationTimes(state.queue.length);
  state.selected = null;
  if (state.queue.length < 3) playSound(soundOf(event));
  if (event.kind === "throw") {
    drawControls(ctx);
    await views.cowries.show(event, state.rules.cowries, times.tumble, thrower(state, event));
  } else if (event.kind === "move" && times.step > 0) {
    const from = event.move.from;
    views.board.render(state.snap.position, {
      exclude: from >= 0 ? { player: event.seat, index: from, count: event.move.count } : null,
    });
    const path = event.path && event.path.length ? event.path : [from, event.move.to];
    await views.board.animateMove(event.seat, path, event.move.count, times.step);
  }
}

/** An event shown: applied to the state, written in the log, said, and the screen drawn. */
function eventShown(ctx, msg) {
  const { state } = ctx;
  const { event } = msg;
  if (!apply(state, msg)) return;
  if (event.kind === "undo") {
    // The undone events leave the log, and the cowries show the bag's throw again.
    drawLog(ctx);
    showLastThrow(ctx);
  } else {
    appendLog(ctx, event);
    announce(ctx, event);
  }
  const snap = state.snap;
  const yourTurnNow = snap.status === "playing" && state.you !== null && snap.position.to_move === state.you;
  if (yourTurnNow && snap.must_throw && event.seat !== state.you && state.queue.length === 0) playSound("turn");
  sayTurn(ctx);
  drawAll(ctx);
}

/** Draws the whole screen from the state. */
function drawAll(ctx) {
  const { state } = ctx;
  drawLegend(ctx);
  drawHead(ctx);
  if (!state.snap) return;
  drawBoard(ctx);
  drawPlayers(ctx);
  drawResign(ctx);
  drawControls(ctx);
  ctx.draw.message();
  drawTimer(ctx);
  drawClaims(ctx);
  if (!state.replaying) drawEnd(ctx);
  const mine = yourTurn(state) && !state.snap.must_throw && !state.pending;
  ctx.views.reader.render(state.snap.position, mine ? state.snap.legal : [], mine ? state.you : null);
  playForced(ctx);
}
