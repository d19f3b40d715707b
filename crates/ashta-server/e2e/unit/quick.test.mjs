import assert from "node:assert/strict";
import { test } from "node:test";

import { keepQuickChoices, quickChoices, quickRequest } from "../../web/lobby.js";

/** A stand-in for localStorage. */
function storage() {
  const kept = new Map();
  return { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, String(v)) };
}

test("play the computer: a first game is two players against an easy bot, standard rules", () => {
  assert.deepEqual(quickChoices(storage()), { players: 2, level: "easy", preset: "standard", server: false });
});

test("play the computer remembers the players, the level and the rules", () => {
  const store = storage();
  keepQuickChoices({ players: 4, level: "hard", preset: "traditional", server: true }, store);
  assert.deepEqual(quickChoices(store), { players: 4, level: "hard", preset: "traditional", server: true });
});

test("play the computer ignores kept choices it does not know", () => {
  const store = storage();
  store.setItem("ashta.quick", JSON.stringify({ players: 9, level: "godlike", preset: "" }));
  assert.deepEqual(quickChoices(store), { players: 2, level: "easy", preset: "standard", server: false });
  store.setItem("ashta.quick", "not json");
  assert.deepEqual(quickChoices(store), { players: 2, level: "easy", preset: "standard", server: false });
});

test("play the computer seats this browser's person first and a bot of the level in every other seat", () => {
  const request = quickRequest({ players: 3, level: "medium", preset: "standard" });
  assert.equal(request.players, 3);
  assert.deepEqual(request.seats, [{ kind: "human", name: null }, { kind: "bot", level: "medium" }, { kind: "bot", level: "medium" }]);
  assert.equal(request.rules, "standard");
  // The preset's own board: no size is sent.
  assert.equal(JSON.parse(JSON.stringify(request)).size, undefined);
});
