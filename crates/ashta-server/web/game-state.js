// The state of a game screen: one plain object, changed by the server's messages
// (`accept` as an event arrives, `apply` as each message takes effect) and by the
// player's own actions, and the questions the screen asks of it (whose turn it is, what
// may be done now). No DOM here: the screen's parts (game-*.js) draw what it holds.

import { forfeitText } from "./forfeit.js";
import { Board, squareName } from "./geometry.js";
import { effectiveEvents } from "./history.js";
import { seatName, t } from "./i18n.js";
import { backText } from "./presence.js";
import { normalizeRules } from "./rules.js";

/** The state of the game `id` before the server has said anything; `token` is the
 * seat's (null for a spectator), `local` a game played in this browser. */
export function createState({ id, token = null, local = false }) {
  return {
    id,
    token: token || null,
    local,
    // The game as the server last described it (its snapshot, kept up by the events).
    snap: null,
    you: null,
    board: null,
    rules: null,
    // The version of the last event received (shown or still waiting in `queue`).
    received: 0,
    queue: [],
    // Events are being shown (the cowries tumbling, a pawn walking).
    busy: false,
    // A throw, move or undo was sent and its answer has not come.
    pending: false,
    selected: null,
    // The panel's message: `{ text, kind, code }`.
    message: null,
    connection: "connecting",
    // A fault that ends the screen's play (`{ code, text }`): no game, a bad token.
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
    // Where the keyboard's focus is in the game (keys.js `focusKey`), null elsewhere.
    focusKey: null,
    // The focus goes to a movable pawn once the player's throw is shown.
    focusMovable: false,
    // The server's last `claimable` notice while it holds (leavers.js).
    claimable: null,
    // The turn last said in the live region.
    saidTurn: null,
  };
}

/**
 * An event message as it arrives: "queued" when it is the next one (it waits in
 * `state.queue` until it is shown, then `apply` takes it), "stale" when it is held
 * already or no game is known yet, "gap" when one was missed (the whole state must be
 * asked for again).
 */
export function accept(state, msg) {
  const v = msg.event.version;
  if (!state.snap || v <= state.received) return "stale";
  if (v !== state.received + 1) return "gap";
  state.received = v;
  state.queue.push(msg);
  return "queued";
}

/**
 * Applies a server message to `state`: a full `state`, an `event` once it is shown
 * (after `accept`), `presence`, `claimable` or `error`. `turned`: the board turns toward
 * the player to move (a table of real cowries), so a full state draws it afresh.
 * Returns false when the message changes nothing the screen draws (an event a full
 * state already held, presence before the game is known, a message of another kind).
 * A new `state.board`, `state.message` or `state.fatal` (a new object) tells the screen
 * to draw those afresh.
 */
export function apply(state, msg, { turned = false } = {}) {
  switch (msg.type) {
    case "state":
      state.claimable = null;
      adopt(state, msg.game, msg.you, turned);
      return true;
    case "event":
      return applyEvent(state, msg);
    case "presence":
      return applyPresence(state, msg);
    case "claimable":
      state.claimable = msg;
      return true;
    case "error":
      applyError(state, msg);
      return true;
    default:
      return false;
  }
}

/** Sets the panel's message. */
export function setMessage(state, text, kind = "info", code = null) {
  state.message = { text, kind, code };
}

/** Takes the server's full description of the game (a new connection, a resync). */
function adopt(state, game, you, turned) {
  const first = !state.snap || state.snap.size !== game.size || state.snap.players !== game.players;
  state.snap = { ...game, events: game.events || [] };
  state.you = you === undefined ? null : you;
  state.received = game.version;
  state.queue = [];
  state.pending = false;
  state.selected = null;
  state.rules = normalizeRules(game.rules);
  state.hint = null;
  if (first || !state.board || (game.at_table && turned)) state.board = new Board(game.board);
}

/** An event, now shown: the position, the legal moves, the log and the end. */
function applyEvent(state, msg) {
  const { event } = msg;
  const snap = state.snap;
  // A full state that came in while this event was being shown already holds it.
  if (!snap || event.version <= snap.version) return false;
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
  if (event.seat === state.you && state.focusKey !== null && (event.kind === "throw" || event.kind === "move")) state.focusMovable = true;
  else if (event.seat !== state.you) state.focusMovable = false;
  if (event.kind === "move" || event.kind === "throw" || event.kind === "undo") state.pending = false;
  if ("turn_deadline" in msg) snap.turn_deadline = msg.turn_deadline;
  if (event.kind !== "undo") {
    const lost = forfeitText(state.board, event);
    if (lost && event.seat === state.you) setMessage(state, lost, "info", "forfeit");
  }
  return true;
}

/** Someone came or left: the seats as the server sees them now, and for a person back,
 * what was played for them. */
function applyPresence(state, msg) {
  if (msg.present && msg.seat !== state.you) state.claimable = null;
  if (!state.snap) return false;
  state.snap.seats = msg.seats;
  state.snap.turn_deadline = msg.turn_deadline;
  const back = backText(msg, state.you, (p) => seatName(state.board.seatOf(p)), t);
  if (back) setMessage(state, back, "info", "presence");
  return true;
}

/** The server refused something, or cannot go on (no such game, a bad token). */
function applyError(state, msg) {
  state.pending = false;
  setMessage(state, `${t(`error.${msg.code}`)}${msg.message ? `: ${msg.message}` : ""}`, "error", msg.code);
  if (msg.code === "bad_token" || msg.code === "not_found") {
    state.fatal = { code: msg.code, text: msg.code === "not_found" ? t("game.notFound", { id: state.id }) : t("error.bad_token") };
  }
}

/** The legal moves of the unit at path index `index` (−1 for entries). */
export function movesFrom(legal, index) {
  return legal.filter((mv) => mv.from === index);
}

/** Whether the page's player resigned (a bot plays their pawns since). */
export function resigned(state) {
  return state.you !== null && state.snap.events.some((e) => e.kind === "resign" && e.seat === state.you);
}

/** Whether the page's player may act now: their turn, nothing still being shown. */
export function yourTurn(state) {
  const snap = state.snap;
  return !!(
    snap &&
    state.you !== null &&
    snap.status === "playing" &&
    snap.position.to_move === state.you &&
    !resigned(state) &&
    state.queue.length === 0 &&
    !state.busy &&
    !state.replaying
  );
}

/** Whether the game is played against bots only (or at one table): undo and hints. */
export function againstBots(state) {
  const snap = state.snap;
  return !!snap.at_table || snap.seats.every((s) => s.seat === state.you || s.kind === "bot");
}

/** Whether the page's player may resign: a player of a game going on who has not
 * resigned yet and has a pawn still to bring home. */
export function canResign(state) {
  const snap = state.snap;
  if (!snap || state.you === null || !state.token || snap.status !== "playing" || resigned(state)) return false;
  return snap.position.pawns[state.you].some((i) => i !== state.board.home);
}

/** Whether a hint may be asked: the player's move, against bots or at one table. */
export function canHint(state) {
  const snap = state.snap;
  return !!state.token && yourTurn(state) && !snap.must_throw && snap.legal.length > 0 && againstBots(state);
}

/** Whether the player's last move may be undone (against bots, once they moved). */
export function canUndo(state) {
  const snap = state.snap;
  if (!snap || state.you === null || snap.status !== "playing") return false;
  return againstBots(state) && snap.events.some((e) => e.kind === "move" && e.seat === state.you);
}

/** The path indices of the units that can move now (the engine's legal moves), on
 * the page's own turn with a bag; null otherwise. */
export function movableUnits(state) {
  const snap = state.snap;
  if (!yourTurn(state) || snap.must_throw || state.pending) return null;
  return new Set(snap.legal.map((mv) => mv.from));
}

/** The units that can move now, in board order (the off-board pawns first), as
 * `{player, index, count, square}`, what a tap on a pawn gives. */
export function movableList(state) {
  const snap = state.snap;
  const pawns = snap.position.pawns[state.you];
  const seen = [...new Set(snap.legal.map((mv) => mv.from))].sort((a, b) => a - b);
  return seen.map((index) => {
    const count = index < 0 ? pawns.filter((i) => i < 0).length : pawns.filter((i) => i === index).length;
    const square = index < 0 ? null : squareName(state.board.squareAt(state.you, index));
    return { player: state.you, index, count, square };
  });
}

/** The moves of the chosen unit. */
export function targetsOf(state, selected) {
  return movesFrom(state.snap.legal, selected.index);
}

/** The name of the square move `mv` of the player to move lands on. */
export function squareOf(state, mv) {
  return squareName(state.board.squareAt(state.snap.position.to_move, mv.to));
}

/** The last move that stands (an undone one left out) as the board draws it:
 * `{seat, from, path, captured}`, or null before the first move. */
export function lastMove(events) {
  const moves = effectiveEvents(events).filter((e) => e.kind === "move");
  const last = moves[moves.length - 1];
  return last ? { seat: last.seat, from: last.move.from, path: last.path, captured: last.captured || null } : null;
}

/** The player whose route the toggle draws: the page's own, else the one to move. */
export function routePlayer(state) {
  return state.you !== null ? state.you : state.snap.position.to_move;
}

/** The seat the board is drawn from: the page's player's, South for a spectator. */
export function boardSeat(state) {
  return state.you === null ? 0 : state.board.seatOf(state.you);
}

/** The name of the seat that threw or played `event`. */
export function thrower(state, event) {
  return seatName(state.board.seatOf(event.seat));
}

/** The sound an event makes, or null. */
export function soundOf(event) {
  if (event.kind === "throw") return "throw";
  if (event.kind === "move") return event.move.capture ? "capture" : "move";
  if (event.kind === "finished") return "end";
  return null;
}
