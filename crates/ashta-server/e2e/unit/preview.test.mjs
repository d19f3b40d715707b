import assert from "node:assert/strict";
import { test } from "node:test";

import { LESSON_STEPS } from "../../web/lesson.js";
import { Board } from "../../web/geometry.js";
import { moveFacts, previewText } from "../../web/preview.js";
import { percent, playText } from "../../web/review.js";
import { boardJson } from "./fixture.mjs";

const board = new Board(boardJson(5, 2));

test("the preview says where each target leads and what the engine says it does there", () => {
  const home = board.home;
  const moves = [
    { value: 2, from: 0, to: 2, count: 1, capture: true, forms: null, path: [0, 1, 2] },
    { value: 3, from: 0, to: 3, count: 2, capture: false, forms: "block", path: [0, 1, 2, 3] },
    { value: 1, from: home - 1, to: home, count: 1, capture: false, forms: null, path: [home - 1, home] },
  ];
  const square = (i) => { const [x, y] = board.squareAt(0, i); return String.fromCharCode(97 + x) + (y + 1); };
  assert.equal(moveFacts(board, 0, moves[0]), `2 → ${square(2)} (captures)`);
  assert.equal(moveFacts(board, 0, moves[1]), `3×2 → ${square(3)} (forms a block)`);
  assert.equal(moveFacts(board, 0, moves[2]), "1 → c3 (reaches home)");
  assert.equal(previewText(board, 0, moves.slice(0, 2)).split("; ").length, 2);
});

test("a reviewed play reads as its squares, entries, pairs and captures", () => {
  assert.equal(
    playText([
      { value: 2, from: "c1", to: "e1", count: 1, capture: false },
      { value: 1, from: null, to: "c1", count: 2, capture: true },
    ]),
    "2: c1 → e1, 1: off the board → c1 ×2 !",
  );
  assert.equal(percent(0.1834), "18.3%");
});

test("the tutorial teaches a throw, a move, a capture, the gate and a double, in the module's seven turns", () => {
  assert.equal(LESSON_STEPS.length, 7);
  const taught = LESSON_STEPS.filter((s) => s.mine).map((s) => s.key);
  assert.deepEqual(taught, ["throw", "move", "capture", "gate", "double"]);
  assert.ok(LESSON_STEPS.filter((s) => s.mine).every((s) => s.title && s.before && s.after));
});
