import assert from "node:assert/strict";
import { test } from "node:test";

import { Board } from "../../web/geometry.js";
import { eventText, lastThrow, logEvents } from "../../web/history.js";
import { setLanguage } from "../../web/i18n.js";
import { boardJson } from "./fixture.mjs";

// A start position as the server's snapshot gives it (`start`).
const start = {
  rules: "standard",
  size: 5,
  players: 4,
  to_move: 0,
  bag: [],
  pawns: [0, 1, 2, 3].map(() => [0, 0, 0, 0]),
  captured: [false, false, false, false],
  blocks: [],
  extra_turns: 0,
};
const at = (to_move, bag, extra = {}) => ({ ...start, to_move, bag, ...extra });

// South throws 3 and moves; East (a bot) throws 2 and moves; South throws 4; then
// South undoes its last turn: back to the position after its throw of 3.
const events = [
  { version: 1, kind: "throw", seat: 0, cowries: [true, true, true, false], value: 3, position: at(0, [3]) },
  { version: 2, kind: "move", seat: 0, move: { value: 3, from: 0, to: 3, count: 1, capture: false }, position: at(1, []) },
  { version: 3, kind: "throw", seat: 1, cowries: [true, true, false, false], value: 2, position: at(1, [2]) },
  { version: 4, kind: "move", seat: 1, move: { value: 2, from: 0, to: 2, count: 1, capture: false }, position: at(2, []) },
  { version: 5, kind: "undo", seat: 0, to_version: 1, position: at(0, [3]) },
];

test("after an undo the cowries show the throw of the position undone to, not the bot's", () => {
  assert.equal(lastThrow(events.slice(0, 4)).seat, 1);
  const last = lastThrow(events);
  assert.equal(last.version, 1);
  assert.equal(last.seat, 0);
  assert.equal(lastThrow([]), null);
});

test("the log leaves out the undone events and keeps the undo", () => {
  const kept = logEvents(events).map((e) => [e.version, e.kind]);
  assert.deepEqual(kept, [[1, "throw"], [5, "undo"]]);
  // Play goes on after the undo: the new events follow.
  const more = [...events, { version: 6, kind: "move", seat: 0, move: { value: 3, from: 0, to: 3, count: 1 }, position: at(1, []) }];
  assert.deepEqual(logEvents(more).map((e) => e.version), [1, 5, 6]);
});

test("a capture in the log says whose pawn it sent back, as the move event names it", () => {
  setLanguage("en", false);
  const board = new Board(boardJson(5, 4));
  // South moves 3 from its start (c1) to e2 (path index 3), where a lone East pawn stood.
  const mv = { value: 3, from: 0, to: 3, count: 1, capture: true };
  const captured = { seat: 1, count: 1 };
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv, captured }), "South moves 3: c1 → e2 captures East's pawn!");
  // An event without `captured` (kept from before the server named it) still says it captured.
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv }), "South moves 3: c1 → e2 captures!");
  setLanguage("ru", false);
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv, captured }), "Юг ходит на 3: c1 → e2 бьёт фишку соперника (Восток)!");
  setLanguage("en", false);
});
