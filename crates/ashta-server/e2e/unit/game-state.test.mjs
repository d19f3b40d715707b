import assert from "node:assert/strict";
import { test } from "node:test";

import {
  accept,
  apply,
  canHint,
  canResign,
  canUndo,
  createState,
  lastMove,
  movableList,
  movableUnits,
  resigned,
  yourTurn,
} from "../../web/game-state.js";
import { logEvents } from "../../web/history.js";
import { setLanguage } from "../../web/i18n.js";
import { boardJson, fixture } from "./fixture.mjs";

setLanguage("en", false);

const standard = fixture.presets.find((p) => p.name === "standard").rules;

// A two-player game on 5×5 as the server's snapshot gives it: South (0, the page's
// player) against a bot (1), South to throw.
const position = (to_move, bag, pawns = [[-1, -1, -1, -1], [-1, -1, -1, -1]], extra = {}) => ({
  rules: "standard",
  size: 5,
  players: 2,
  to_move,
  bag,
  pawns,
  captured: [false, false],
  blocks: [],
  extra_turns: 0,
  ...extra,
});
const seats = (second = { seat: 1, kind: "bot", level: "random" }) => [{ seat: 0, kind: "human", name: "Asha", connected: true }, second];
const game = (extra = {}) => ({
  id: "g1",
  size: 5,
  players: 2,
  board: boardJson(5, 2),
  rules: { ...standard, players: 2 },
  status: "playing",
  version: 0,
  position: position(0, []),
  start: position(0, []),
  events: [],
  legal: [],
  must_throw: true,
  seats: seats(),
  ...extra,
});
const stateMsg = (extra = {}, you = 0) => ({ type: "state", game: game(extra), you });
const entry = { value: 8, from: -1, to: 0, count: 1 };
const throwOf = (version, seat, value, legal = []) => ({
  type: "event",
  event: { version, kind: "throw", seat, cowries: [false, false, false, false], value, position: position(seat, [value]) },
  legal,
  must_throw: false,
});
const moveOf = (version, seat, move, pos) => ({
  type: "event",
  event: { version, kind: "move", seat, move: { ...move, capture: false }, path: [move.from, move.to], position: pos },
  legal: [],
  must_throw: true,
});
/** A screen's state after the snapshot `msg`. */
const started = (msg = stateMsg(), opts = {}) => {
  const state = createState({ id: "g1", token: "tok", ...opts });
  assert.equal(apply(state, msg), true);
  return state;
};
/** Receives `msg` and shows it, as the screen does once its animation is over. */
const receive = (state, msg) => {
  assert.equal(accept(state, msg), "queued");
  return apply(state, state.queue.shift());
};

test("a snapshot then events update the position, the turn, the legal moves and the log", () => {
  const state = started();
  assert.equal(state.you, 0);
  assert.equal(state.snap.version, 0);
  assert.equal(state.board.home, 24);
  assert.equal(state.rules.cowries, 4);
  assert.ok(yourTurn(state));
  assert.equal(movableUnits(state), null, "nothing moves before the throw");

  assert.equal(receive(state, throwOf(1, 0, 8, [entry])), true);
  assert.equal(state.snap.version, 1);
  assert.deepEqual(state.snap.position.bag, [8]);
  assert.equal(state.snap.must_throw, false);
  assert.deepEqual(state.snap.legal, [entry]);
  assert.deepEqual([...movableUnits(state)], [-1]);
  assert.deepEqual(movableList(state), [{ player: 0, index: -1, count: 4, square: null }]);

  const after = position(1, [], [[0, -1, -1, -1], [-1, -1, -1, -1]]);
  assert.equal(receive(state, moveOf(2, 0, entry, after)), true);
  assert.equal(state.snap.position.to_move, 1);
  assert.equal(state.snap.must_throw, true);
  assert.equal(yourTurn(state), false, "the bot's turn");
  assert.deepEqual(logEvents(state.snap.events).map((e) => [e.version, e.kind]), [[1, "throw"], [2, "move"]]);
  assert.deepEqual(lastMove(state.snap.events), { seat: 0, from: -1, path: [-1, 0], captured: null });
});

test("events are taken in order: a held one is stale, a missed one asks for the whole state", () => {
  const waiting = createState({ id: "g1" });
  assert.equal(accept(waiting, throwOf(1, 0, 8)), "stale", "no game known yet");
  const state = started();
  assert.equal(accept(state, throwOf(1, 0, 8)), "queued");
  assert.equal(accept(state, throwOf(1, 0, 8)), "stale");
  assert.equal(accept(state, throwOf(3, 1, 2)), "gap");
  assert.equal(state.received, 1);
  assert.equal(state.queue.length, 1);
  // An event waiting to be shown is not the player's turn yet.
  assert.equal(yourTurn(state), false);
});

test("an event that a full state already holds is not applied twice", () => {
  const state = started();
  const msg = throwOf(1, 0, 8, [entry]);
  assert.equal(accept(state, msg), "queued");
  // A resync answered while the throw was being shown: the state holds it.
  apply(state, stateMsg({ version: 1, events: [msg.event], position: msg.event.position, legal: [entry], must_throw: false }));
  assert.equal(apply(state, msg), false);
  assert.equal(state.snap.events.length, 1);
  assert.equal(state.queue.length, 0, "a full state clears the queue");
});

test("a full state of the same game keeps its board; another size or player count makes a new one", () => {
  const state = started();
  const board = state.board;
  apply(state, stateMsg({ version: 3 }));
  assert.equal(state.board, board);
  apply(state, stateMsg({ size: 5, players: 4, board: boardJson(5, 4), seats: [0, 1, 2, 3].map((seat) => ({ seat, kind: "bot", level: "random" })) }));
  assert.notEqual(state.board, board);
  const turned = state.board;
  // At a table of real cowries the board turning toward the player to move is drawn anew.
  apply(state, stateMsg({ size: 5, players: 4, board: boardJson(5, 4), at_table: true, seats: [] }), { turned: true });
  assert.notEqual(state.board, turned);
});

test("the end of the game: its result, no legal moves, nothing to throw, nothing pending", () => {
  const state = started();
  state.pending = true;
  const result = { kind: "win", seat: 1 };
  const end = { type: "event", event: { version: 1, kind: "finished", result, reveal: null }, legal: [entry], must_throw: true };
  assert.equal(receive(state, end), true);
  assert.equal(state.snap.status, "finished");
  assert.deepEqual(state.snap.result, result);
  assert.deepEqual(state.snap.legal, []);
  assert.equal(state.snap.must_throw, false);
  assert.equal(state.pending, false);
  assert.equal(yourTurn(state), false);
  assert.equal(canUndo(state), false);
  assert.equal(canResign(state), false);
});

test("the player's own forfeited values are said in the panel, another player's only in the log", () => {
  const state = started();
  const forfeit = { seat: 0, values: [3], reasons: [{ reason: "exact" }] };
  const msg = throwOf(1, 0, 3);
  msg.event.forfeit = forfeit;
  receive(state, msg);
  assert.equal(state.message.code, "forfeit");
  assert.match(state.message.text, /^South loses the 3/);
  state.message = null;
  const theirs = throwOf(2, 1, 3);
  theirs.event.forfeit = { ...forfeit, seat: 1 };
  receive(state, theirs);
  assert.equal(state.message, null);
});

test("presence: the seats and the deadline taken, a person back told what was played for them", () => {
  const state = started();
  state.claimable = { type: "claimable" };
  const away = { seat: 0, kind: "human", name: "Asha", connected: true, away: null };
  const msg = { type: "presence", seat: 0, present: true, played: 2, by: "random", seats: [away, seats()[1]], turn_deadline: 1234 };
  const before = state.message;
  assert.equal(apply(state, msg), true);
  assert.equal(state.snap.turn_deadline, 1234);
  assert.equal(state.snap.seats[0].away, null);
  assert.notEqual(state.message, before);
  assert.equal(state.message.code, "presence");
  assert.equal(state.claimable.type, "claimable", "the player's own return keeps the claim notice");
  apply(state, { ...msg, seat: 1, played: undefined });
  assert.equal(state.claimable, null, "another player back: no claim over them");
});

test("errors: the answer awaited is over, the panel names the code; no such game stops the screen", () => {
  const state = started();
  state.pending = true;
  apply(state, { type: "error", code: "illegal_move", message: "not that one" });
  assert.equal(state.pending, false);
  assert.equal(state.message.kind, "error");
  assert.equal(state.message.code, "illegal_move");
  assert.match(state.message.text, /: not that one$/);
  assert.equal(state.fatal, null);
  apply(state, { type: "error", code: "not_found" });
  assert.equal(state.fatal.code, "not_found");
  assert.match(state.fatal.text, /g1/);
  assert.equal(apply(state, { type: "pong" }), false, "a message the screen does not use changes nothing");
});

test("a spectator, a resigned player and a replay never have the turn", () => {
  const spectator = started(stateMsg({}, null), { token: null });
  assert.equal(spectator.you, null);
  assert.equal(yourTurn(spectator), false);
  assert.equal(canResign(spectator), false);

  const state = started();
  assert.ok(canResign(state));
  state.replaying = true;
  assert.equal(yourTurn(state), false);
  state.replaying = false;
  state.snap.events.push({ version: 1, kind: "resign", seat: 0 });
  assert.ok(resigned(state));
  assert.equal(yourTurn(state), false);
  assert.equal(canResign(state), false);
});

test("undo and hints are for a game against bots only, undo once the player has moved", () => {
  const state = started();
  receive(state, throwOf(1, 0, 8, [entry]));
  assert.ok(canHint(state), "the player's move against a bot");
  assert.equal(canUndo(state), false, "nothing of the player's to undo yet");
  receive(state, moveOf(2, 0, entry, position(1, [], [[0, -1, -1, -1], [-1, -1, -1, -1]])));
  assert.ok(canUndo(state));

  const people = started(stateMsg({ seats: seats({ seat: 1, kind: "human", name: "Ravi", connected: true }) }));
  receive(people, throwOf(1, 0, 8, [entry]));
  assert.equal(canHint(people), false);
  receive(people, moveOf(2, 0, entry, position(1, [], [[0, -1, -1, -1], [-1, -1, -1, -1]])));
  assert.equal(canUndo(people), false);
});
