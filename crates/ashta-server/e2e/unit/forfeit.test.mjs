import assert from "node:assert/strict";
import { test } from "node:test";

import { forfeitedValues, forfeitText, whyUnusable } from "../../web/forfeit.js";
import { Board } from "../../web/geometry.js";
import { startPosition } from "../../web/history.js";
import { setLanguage } from "../../web/i18n.js";
import { normalizeRules } from "../../web/rules.js";
import { boardJson } from "./fixture.mjs";

const rules = normalizeRules("standard");
const board = new Board(boardJson(5, 2));
const start = startPosition({ rules: "standard", size: 5, players: 2 }, "start", 4);

// South has bag [4, 1], the gate open, one pawn on b5 (path index 9) and the rest home.
// North's double on a3 blocks South: a 4 from a5, where the 1 takes the pawn, would
// pass it, so only the 1 can be played and the 4 is lost.
const northDouble = board.indexOf(1, [0, 2]);
const pawns = [[9, 24, 24, 24], [northDouble, northDouble, 0, 0]];
const before = {
  ...start,
  to_move: 0,
  bag: [4, 1],
  pawns,
  captured: [true, false],
  blocks: [{ owner: 1, at: northDouble, blocked: [0] }],
};
const afterOne = { ...before, to_move: 1, bag: [], pawns: [[10, 24, 24, 24], pawns[1]], blocks: [] };
const move = { version: 9, kind: "move", seat: 0, move: { value: 1, from: 9, to: 10, count: 1, capture: false }, position: afterOne };

test("playing the 1 of [4, 1] with the 4 blocked forfeits the 4", () => {
  assert.deepEqual(forfeitedValues(before, move), [4]);
  // Still moving: nothing lost yet.
  const stillMoving = { ...move, move: { ...move.move, value: 4 }, position: { ...afterOne, to_move: 0, bag: [1] } };
  assert.deepEqual(forfeitedValues(before, stillMoving), []);
  // The last value of the bag: nothing left to lose.
  assert.deepEqual(forfeitedValues({ ...before, bag: [1] }, move), []);
});

test("the reason names the double that blocks the way", () => {
  const reasons = whyUnusable(board, rules, { ...afterOne, blocks: before.blocks }, 0, 4);
  assert.ok(reasons.some((r) => r.key === "why.block" && r.params.square === "a3"), JSON.stringify(reasons));
  setLanguage("en", false);
  const text = forfeitText(board, rules, before, move);
  assert.match(text, /^South loses the 4, which no pawn can use: /);
  assert.match(text, /North's double on a3 blocks the way/);
});

test("a shut gate and the exact count home are named too", () => {
  const gate = whyUnusable(board, rules, { ...start, pawns: [[14, 0, 0, 0], [0, 0, 0, 0]], captured: [false, false] }, 0, 3);
  assert.ok(gate.some((r) => r.key === "why.gate"));
  const exact = whyUnusable(board, rules, { ...start, pawns: [[22, 24, 24, 24], [0, 0, 0, 0]], captured: [true, false] }, 0, 3);
  assert.deepEqual(exact.map((r) => r.key), ["why.exact"]);
});

test("a throw that forfeits the whole bag lists every value", () => {
  const graced = { ...start, to_move: 0, bag: [4] };
  const ev = { kind: "throw", seat: 0, value: 3, end: "forfeited", position: { ...start, to_move: 1, bag: [] } };
  assert.deepEqual(forfeitedValues(graced, ev), [4, 3]);
  setLanguage("en", false);
  assert.match(forfeitText(board, rules, graced, ev), /^South loses 4, 3, which no pawn can use/);
});

test("under the circle gate a pawn that has not captured wraps round the outer ring", () => {
  const circle = normalizeRules("traditional");
  // South at a1 (14) with a 4 goes round to e1 (index 2 again), passing b1, c1 and d1:
  // nothing stops it, and no "exact count" or "gate" applies.
  const pos = { ...start, pawns: [[14, 24, 24, 24], [0, 0, 0, 0]], captured: [false, false] };
  assert.deepEqual(whyUnusable(board, circle, pos, 0, 4), []);
  // With a 3 it would land on d1, where a North double stands.
  const d1 = board.indexOf(1, [3, 0]);
  const blocked = { ...pos, pawns: [[14, 24, 24, 24], [d1, d1, 0, 0]] };
  const reasons = whyUnusable(board, circle, blocked, 0, 3);
  assert.deepEqual(reasons.map((r) => [r.key, r.params.square]), [["why.double", "d1"]]);
});
