import assert from "node:assert/strict";
import { test } from "node:test";

import { Board } from "../../web/geometry.js";
import { capturedBy, eventText, lastThrow, logEntries, startPosition } from "../../web/history.js";
import { setLanguage } from "../../web/i18n.js";
import { boardJson } from "./fixture.mjs";

const start = startPosition({ rules: "standard", size: 5, players: 4 }, "start", 4);
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
  const kept = logEntries(events, start).map((e) => [e.event.version, e.event.kind]);
  assert.deepEqual(kept, [[1, "throw"], [5, "undo"]]);
  // Play goes on after the undo: the new events follow.
  const more = [...events, { version: 6, kind: "move", seat: 0, move: { value: 3, from: 0, to: 3, count: 1 }, position: at(1, []) }];
  assert.deepEqual(logEntries(more, start).map((e) => e.event.version), [1, 5, 6]);
  // Each line knows the position before it.
  const entries = logEntries(more, start);
  assert.equal(entries[0].before, start);
  assert.deepEqual(entries[2].before, at(0, [3]));
});

test("a capture in the log says whose pawn it sent back", () => {
  setLanguage("en", false);
  const board = new Board(boardJson(5, 4));
  // South moves 3 from its start (c1) to e2 (path index 3), where a lone East pawn stands.
  const eastAtE2 = board.indexOf(1, [4, 1]);
  const before = { ...start, to_move: 0, bag: [3], pawns: [[0, 0, 0, 0], [eastAtE2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] };
  const mv = { value: 3, from: 0, to: 3, count: 1, capture: true };
  assert.deepEqual(capturedBy(board, 0, mv, before), [{ player: 1, count: 1 }]);
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv }, before), "South moves 3: c1 → e2 captures East's pawn!");
  // Without the position before, it still says it captured.
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv }), "South moves 3: c1 → e2 captures!");
  setLanguage("ru", false);
  assert.equal(eventText(board, { kind: "move", seat: 0, move: mv }, before), "Юг ходит на 3: c1 → e2 бьёт фишку соперника (Восток)!");
  setLanguage("en", false);
});
