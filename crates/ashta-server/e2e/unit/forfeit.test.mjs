import assert from "node:assert/strict";
import { test } from "node:test";

import { forfeitedValues, forfeitText } from "../../web/forfeit.js";
import { Board } from "../../web/geometry.js";
import { LANGUAGES, setLanguage } from "../../web/i18n.js";
import { boardJson } from "./fixture.mjs";

// Events as the server sends them (docs/web-api.md), with the `forfeit` field the engine
// explains: two players, South (0) and North (1), on the 5×5 board.
const board = new Board(boardJson(5, 2));

// South played the 1 of [4, 1] from b5 to a5 (path index 10); North's blocking double
// on a4 stands in the way of the 4, which is lost.
const blocked = {
  version: 9,
  kind: "move",
  seat: 0,
  move: { value: 1, from: 9, to: 10, count: 1, capture: false },
  path: [9, 10],
  forfeit: {
    seat: 0,
    values: [4],
    reasons: [{ value: 4, from: 10, reason: "block", seat_of_double: 1, square: "a4" }],
  },
};

// A throw that ended "forfeited": the grace 4 thrown before and the 3, from a2 (13),
// with the gate shut.
const gateThrow = {
  version: 4,
  kind: "throw",
  seat: 0,
  cowries: [true, true, true, false],
  value: 3,
  again: false,
  end: "forfeited",
  forfeit: {
    seat: 0,
    values: [4, 3],
    reasons: [
      { value: 4, from: 13, reason: "gate" },
      { value: 3, from: 13, reason: "gate" },
    ],
  },
};

test("a move that forfeits words the engine's reason, naming the blocking double", () => {
  assert.deepEqual(forfeitedValues(blocked), [4]);
  setLanguage("en", false);
  assert.equal(
    forfeitText(board, blocked),
    "South loses the 4, which no pawn can use: North's double on a4 blocks the way",
  );
});

test("an event without a forfeit field lost nothing", () => {
  const { forfeit: _, ...plain } = blocked;
  assert.deepEqual(forfeitedValues(plain), []);
  assert.equal(forfeitText(board, plain), null);
  const moving = { ...gateThrow, end: "moving" };
  delete moving.forfeit;
  assert.equal(forfeitText(board, moving), null);
});

test("a throw that forfeits the whole bag lists every value, each reason once", () => {
  setLanguage("en", false);
  assert.equal(
    forfeitText(board, gateThrow),
    "South loses 4, 3, which no pawn can use: the gate stays shut until a capture, so no pawn may leave the outer ring",
  );
});

test("the exact count, entry and a double on the target are worded too", () => {
  setLanguage("en", false);
  const ev = {
    ...gateThrow,
    seat: 1,
    forfeit: {
      seat: 1,
      values: [3, 2],
      reasons: [
        { value: 3, from: 22, reason: "exact" },
        { value: 3, from: 5, reason: "double", seat_of_double: 0, square: "c5" },
        { value: 3, from: -1, reason: "entry" },
        { value: 2, from: 22, reason: "exact" },
      ],
    },
  };
  assert.equal(
    forfeitText(board, ev),
    "North loses 3, 2, which no pawn can use: a pawn reaches home only by the exact count; " +
      "South's double stands on c5; pawns off the board enter only with a grace value of 2 or more",
  );
});

test("a reason the page has no words for is left out, the values still told", () => {
  setLanguage("en", false);
  const ev = { ...blocked, forfeit: { ...blocked.forfeit, reasons: [{ value: 4, from: 10, reason: "pair" }] } };
  assert.equal(forfeitText(board, ev), "South loses the 4, which no pawn can use");
});

test("every language words a forfeit with its seat, values and square", () => {
  const double = { ...gateThrow, forfeit: { ...blocked.forfeit, values: [4, 1] } };
  for (const lang of LANGUAGES) {
    setLanguage(lang, false);
    for (const ev of [blocked, gateThrow, double]) {
      const text = forfeitText(board, ev);
      assert.ok(text && !/[{}]/.test(text) && !/\b(why|log)\./.test(text), `${lang}: ${text}`);
      assert.ok(text.includes(ev.forfeit.values.join(", ")), `${lang}: ${text}`);
      if (ev.forfeit.reasons[0].square) assert.ok(text.includes("a4"), `${lang}: ${text}`);
    }
  }
  setLanguage("en", false);
});
