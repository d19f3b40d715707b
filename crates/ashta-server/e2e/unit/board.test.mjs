import assert from "node:assert/strict";
import { test } from "node:test";

import { pawnGroups, SEAT_COLOURS, SEAT_SHAPES } from "../../web/board.js";
import { socketUrl } from "../../web/connection.js";
import { movesFrom } from "../../web/game-state.js";
import { Board } from "../../web/geometry.js";
import { boardJson } from "./fixture.mjs";

const board = new Board(boardJson(5, 4));
const position = (pawns) => ({ pawns });

test("pawns on one square form one stack per player, counted", () => {
  const groups = pawnGroups(board, position([[0, 0, 3, 24], [0, 0, 0, 0], [], []]));
  assert.deepEqual(groups.get("c1"), [{ player: 0, index: 0, count: 2 }]);
  assert.deepEqual(groups.get("e2"), [{ player: 0, index: 3, count: 1 }]);
  assert.deepEqual(groups.get("c3"), [{ player: 0, index: 24, count: 1 }]);
  assert.deepEqual(groups.get("e3"), [{ player: 1, index: 0, count: 4 }]);
});

test("players sharing a safe square each keep their own stack", () => {
  // South's index 4 is e3, East's start square.
  const groups = pawnGroups(board, position([[4, 4, 0, 0], [0, 0, 0, 0], [], []]));
  assert.deepEqual(groups.get("e3"), [
    { player: 0, index: 4, count: 2 },
    { player: 1, index: 0, count: 4 },
  ]);
});

test("a unit being animated is left out of its square, and off-board pawns are not drawn", () => {
  const groups = pawnGroups(board, position([[-1, 0, 0, 3], [], [], []]), { player: 0, index: 0, count: 2 });
  assert.equal(groups.get("c1"), undefined);
  assert.equal([...groups.values()].flat().length, 1);
});

test("four distinct colours and four distinct shapes mark the seats", () => {
  assert.equal(new Set(SEAT_COLOURS).size, 4);
  assert.equal(new Set(SEAT_SHAPES).size, 4);
});

test("the socket address plays a seat with its token, or spectates without one", () => {
  assert.equal(socketUrl("http://h:8/g/x", "ab12", 1, "ff00"), "ws://h:8/api/games/ab12/ws?seat=1&token=ff00");
  assert.equal(socketUrl("https://h/g/x", "ab12", null, null), "wss://h/api/games/ab12/ws");
});

test("a unit's moves are the legal moves from its path index", () => {
  const legal = [
    { value: 3, from: 0, to: 3, count: 1 },
    { value: 3, from: 0, to: 3, count: 2 },
    { value: 2, from: 5, to: 7, count: 1 },
  ];
  assert.equal(movesFrom(legal, 0).length, 2);
  assert.deepEqual(movesFrom(legal, -1), []);
});
