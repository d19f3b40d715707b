import assert from "node:assert/strict";
import { test } from "node:test";

import { throwEvents } from "../../web/endscreen.js";
import { Board } from "../../web/geometry.js";
import { effectiveEvents, eventText, gameStats, logEvents, replayTurns } from "../../web/history.js";
import { setLanguage } from "../../web/i18n.js";
import { boardJson } from "./fixture.mjs";

// A start position as the server's snapshot gives it (`start`).
const start = { rules: "standard", size: 5, players: 2, to_move: 0, bag: [], pawns: [[0, 0, 0, 0], [0, 0, 0, 0]], captured: [false, false], blocks: [], extra_turns: 0 };
const pos = (south, north, captured = [false, false]) => ({ ...start, pawns: [south, north], captured });

test("an undo takes back every event after the version it returns to", () => {
  const events = [
    { version: 1, kind: "throw", seat: 0, cowries: [true, false, false, false] },
    { version: 2, kind: "move", seat: 0, move: { value: 1, from: 0, to: 1, count: 1 } },
    { version: 3, kind: "throw", seat: 1, cowries: [true, true, false, false] },
    { version: 4, kind: "undo", seat: 0, to_version: 1 },
    { version: 5, kind: "move", seat: 0, move: { value: 1, from: 0, to: 1, count: 2 } },
  ];
  assert.deepEqual(effectiveEvents(events).map((e) => e.version), [1, 5]);
  // The seed's throws go on past an undo: the throw it took back still counts.
  assert.deepEqual(throwEvents(events).map((e) => e.version), [1, 3]);
});

test("statistics count throws, graces, moves, captures and pawns lost", () => {
  const events = [
    { version: 1, kind: "throw", seat: 0, cowries: [], value: 4, again: true, position: pos([0, 0, 0, 0], [0, 0, 0, 0]) },
    { version: 2, kind: "throw", seat: 0, cowries: [], value: 3, again: false, position: pos([0, 0, 0, 0], [0, 0, 0, 0]) },
    { version: 3, kind: "move", seat: 0, move: { value: 4, from: 0, to: 4, count: 1, capture: false }, position: pos([0, 0, 0, 4], [0, 0, 0, 12]) },
    {
      version: 4,
      kind: "move",
      seat: 0,
      move: { value: 3, from: 4, to: 7, count: 1, capture: true },
      captured: { seat: 1, count: 1 },
      position: pos([0, 0, 0, 7], [0, 0, 0, 0], [true, false]),
    },
  ];
  const stats = gameStats(events, pos([0, 0, 0, 7], [0, 0, 0, 24]), 24);
  assert.deepEqual(stats[0], { throws: 2, graces: 1, thrown: 7, moves: 2, captures: 1, lost: 0, home: 0 });
  assert.equal(stats[1].lost, 1, "the pawns lost are the ones the move event names");
  assert.equal(stats[1].home, 1, "pawns home are read off the last position");
});

test("the move log keeps each undo where it happened and leaves the undone events out", () => {
  const events = [
    { version: 1, kind: "throw", seat: 0 },
    { version: 2, kind: "move", seat: 0, move: { value: 1, from: 0, to: 1, count: 1 } },
    { version: 3, kind: "undo", seat: 0, to_version: 1 },
  ];
  assert.deepEqual(logEvents(events).map((e) => e.version), [1, 3]);
});

test("events read as sentences naming squares along the mover's own path", () => {
  setLanguage("en", false);
  const board = new Board(boardJson(5, 2));
  assert.equal(eventText(board, { kind: "move", seat: 1, move: { value: 3, from: 0, to: 3, count: 1, capture: false } }), "North moves 3: c5 → a4");
  assert.equal(eventText(board, { kind: "move", seat: 0, move: { value: 2, from: 1, to: 3, count: 2, capture: true } }), "South moves a pair 2: d1 → e2 captures!");
  const capture = { kind: "move", seat: 0, move: { value: 2, from: 1, to: 3, count: 1, capture: true } };
  assert.equal(eventText(board, { ...capture, captured: { seat: 1, count: 1 } }), "South moves 2: d1 → e2 captures North's pawn!");
  assert.equal(eventText(board, { ...capture, captured: { seat: 1, count: 2 } }), "South moves 2: d1 → e2 captures 2 of North's pawns!");
  assert.equal(eventText(board, { kind: "move", seat: 0, move: { value: 8, from: -1, to: 0, count: 4, capture: false } }), "South brings 4 on with 8");
  assert.equal(eventText(board, { kind: "throw", seat: 0, cowries: [true, true, true, true], value: 4, again: true }), "South throws ●●●●: 4 (throw again)");
  setLanguage("ru", false);
  assert.equal(eventText(board, { kind: "finished", result: { winner: 1, places: [1], draw: null } }), "Игра окончена: Победил Север!");
  setLanguage("en", false);
});

test("an undo goes back to the event whose position it restores", () => {
  const at = (bag) => ({ ...start, bag });
  const events = [
    { version: 1, kind: "throw", seat: 0, position: at([4]) },
    { version: 2, kind: "throw", seat: 0, position: at([4, 2]) },
    { version: 3, kind: "move", seat: 0, position: at([2]) },
    { version: 4, kind: "move", seat: 0, position: at([]) },
    { version: 5, kind: "throw", seat: 1, position: at([3]) },
    { version: 6, kind: "undo", seat: 0, to_version: 1, position: at([4, 2]) },
  ];
  assert.deepEqual(effectiveEvents(events).map((e) => e.version), [1, 2]);
});

test("the replay numbers turns as the record does: throws then moves, one player's turn each", () => {
  const events = [
    { kind: "throw", seat: 0, again: true }, // turn 1: a throw again
    { kind: "throw", seat: 0 },
    { kind: "move", seat: 0 },
    { kind: "throw", seat: 1, end: "forfeited" }, // turn 2: forfeited
    { kind: "throw", seat: 0 }, // turn 3
    { kind: "move", seat: 0 }, // a capture
    { kind: "throw", seat: 0 }, // turn 4: the capture's throw after a move
    { kind: "move", seat: 0 },
  ];
  assert.deepEqual(replayTurns(events), [1, 1, 1, 1, 2, 3, 3, 4, 4]);
});
