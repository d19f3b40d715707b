import assert from "node:assert/strict";
import { test } from "node:test";

import { Board, parseSquare, squareName } from "../../web/geometry.js";
import { boardJson, fixture } from "./fixture.mjs";

test("a board takes each player's path and the safe squares from the server", () => {
  for (const [key, json] of Object.entries(fixture.boards)) {
    const board = new Board(json);
    assert.equal(board.players, json.paths.length, key);
    json.paths.forEach((names, p) => {
      assert.equal(board.paths[p].map(squareName).join(" "), names.join(" "), `${key}, player ${p}`);
      assert.equal(squareName(board.squareAt(p, json.home)), squareName(board.centre), `${key}: the home is the centre`);
    });
    for (const name of json.safe) assert.ok(board.isSafe(name), `${key}: ${name}`);
    assert.equal(board.home, json.home);
    assert.equal(board.outerLen, json.outer);
  }
});

test("South's 5×5 path is the one RULES.md draws", () => {
  assert.equal(
    new Board(boardJson(5, 4)).paths[0].map(squareName).join(" "),
    "c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3",
  );
});

test("players sit where the server's board seats them: South and North with two, South, East and North with three", () => {
  assert.deepEqual(new Board(boardJson(5, 3)).seats, [0, 1, 2]);
  assert.deepEqual(new Board(boardJson(7, 4)).seats, [0, 1, 2, 3]);
  const board = new Board(boardJson(5, 2));
  assert.deepEqual(board.seats, [0, 2]);
  assert.equal(squareName(board.squareAt(1, 0)), "c5");
  assert.equal(board.squareAt(1, -1), null);
});

test("path indices and squares round-trip for every player", () => {
  const board = new Board(boardJson(7, 4));
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i < 49; i++) assert.equal(board.indexOf(p, board.squareAt(p, i)), i);
  }
  assert.equal(board.indexOf(0, parseSquare("e2", 7)), board.paths[0].findIndex((sq) => squareName(sq) === "e2"));
});

test("the server's safe squares are the board's, and names off the board are refused", () => {
  const board = new Board(boardJson(5, 4, ["c1", "c5", "c3", "b2", "e3", "a3"]));
  assert.ok(board.isSafe("b2"));
  assert.ok(!board.isSafe("d1"));
  assert.throws(() => new Board(boardJson(5, 4, ["z9"])), /z9/);
});

test("square names parse only on the board", () => {
  assert.deepEqual(parseSquare("c1", 5), [2, 0]);
  assert.equal(parseSquare("f1", 5), null);
  assert.equal(parseSquare("a0", 5), null);
  assert.equal(parseSquare("a01", 5), null);
  assert.equal(parseSquare("C1", 5), null);
});
