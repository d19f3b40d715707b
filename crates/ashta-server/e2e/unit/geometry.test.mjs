import assert from "node:assert/strict";
import { test } from "node:test";

import { Board, defaultSafe, parseSquare, seatPath, seatsFor, southPath, squareName } from "../../web/geometry.js";
import { fixture } from "./fixture.mjs";

test("every seat's path on every board size is the engine's", () => {
  for (const [size, seats] of Object.entries(fixture.paths)) {
    seats.forEach((expected, seat) => {
      const got = seatPath(Number(size), seat).map(squareName).join(" ");
      assert.equal(got, expected, `size ${size}, seat ${seat}`);
    });
  }
});

test("default safe squares on every board size are the engine's", () => {
  for (const [size, expected] of Object.entries(fixture.safe)) {
    assert.equal(defaultSafe(Number(size)).map(squareName).join(" "), expected, `size ${size}`);
  }
});

test("South's 5×5 path is the one RULES.md draws", () => {
  assert.equal(
    southPath(5).map(squareName).join(" "),
    "c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3",
  );
});

test("players sit South and North with two, South, East and North with three", () => {
  assert.deepEqual(seatsFor(2), [0, 2]);
  assert.deepEqual(seatsFor(3), [0, 1, 2]);
  assert.deepEqual(seatsFor(4), [0, 1, 2, 3]);
  const board = new Board(5, 2);
  assert.equal(squareName(board.squareAt(1, 0)), "c5");
  assert.equal(board.squareAt(1, -1), null);
});

test("path indices and squares round-trip for every player", () => {
  const board = new Board(7, 4);
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i < 49; i++) assert.equal(board.indexOf(p, board.squareAt(p, i)), i);
  }
  assert.equal(board.indexOf(0, parseSquare("e2", 7)), board.paths[0].findIndex((sq) => squareName(sq) === "e2"));
});

test("a listed safe layout replaces the default and bad names are refused", () => {
  const board = new Board(5, 4, ["c1", "c5", "c3", "b2", "e3", "a3"]);
  assert.ok(board.isSafe("b2"));
  assert.ok(!board.isSafe("d1"));
  assert.throws(() => new Board(5, 4, ["z9"]), /z9/);
  assert.throws(() => southPath(6), /bad board size 6/);
});

test("square names parse only on the board", () => {
  assert.deepEqual(parseSquare("c1", 5), [2, 0]);
  assert.equal(parseSquare("f1", 5), null);
  assert.equal(parseSquare("a0", 5), null);
  assert.equal(parseSquare("a01", 5), null);
  assert.equal(parseSquare("C1", 5), null);
});
