import assert from "node:assert/strict";
import { test } from "node:test";

import { gameRequest } from "../../web/lobby.js";
import { normalizeRules, rulesRequest, throwName } from "../../web/rules.js";
import { fixture } from "./fixture.mjs";

test("the page reads the engine's full rules objects, and nothing else", () => {
  for (const { name, rules } of fixture.presets) {
    const read = normalizeRules(rules);
    assert.deepEqual(read.faces, rules.throws, name);
    assert.equal(read.cowries, rules.cowries, name);
    assert.equal(read.entry, rules.entry, name);
    assert.equal(read.gate, rules.gate, name);
    assert.equal(read.size, rules.size, name);
    assert.deepEqual(
      [...read.safe].sort(),
      [...fixture.boards[`${rules.size}x4`].safe].sort(),
      `${name}: the full object lists the safe squares the server's board has`,
    );
  }
  // A preset's name or a partial object is the engine's to fill in, not the page's.
  assert.throws(() => normalizeRules("standard"), /full rules/);
  assert.throws(() => normalizeRules({ preset: "standard", throws: "no-ones-12" }), /full rules/);
});

test("ashta is none up and chamma all up", () => {
  assert.equal(throwName(0, 4), "ashta");
  assert.equal(throwName(4, 4), "chamma");
  assert.equal(throwName(2, 4), null);
});

test("the lobby's form becomes the API's create request, one seat per player", () => {
  const body = gameRequest({
    preset: "senior",
    size: 7,
    players: 2,
    timer: 30,
    seats: [
      { kind: "human", name: "  Asha ", level: "medium" },
      { kind: "bot", name: "", level: "hard" },
      { kind: "bot", name: "", level: "easy" },
    ],
  });
  assert.deepEqual(body, {
    rules: "senior",
    size: 7,
    players: 2,
    seats: [{ kind: "human", name: "Asha" }, { kind: "bot", level: "hard" }],
    turn_timer_secs: 30,
  });
  assert.equal(gameRequest({ preset: "standard", size: 5, players: 2, timer: null, seats: [{ kind: "human", name: "" }, { kind: "human", name: "" }] }).seats[0].name, null);
});

test("the lobby sends pair capture off as a rules object, on as the preset's name", () => {
  const seats = [{ kind: "human", name: "" }, { kind: "human", name: "" }];
  assert.equal(gameRequest({ preset: "standard", size: 5, players: 2, timer: null, seats }).rules, "standard");
  assert.equal(gameRequest({ preset: "senior", pairCapture: true, size: 7, players: 2, timer: null, seats }).rules, "senior");
  assert.deepEqual(gameRequest({ preset: "traditional", pairCapture: false, size: 5, players: 2, timer: null, seats }).rules, {
    preset: "traditional",
    pair_capture: false,
  });
  assert.deepEqual(rulesRequest("standard", false), { preset: "standard", pair_capture: false });
  assert.equal(rulesRequest("standard"), "standard");
});
