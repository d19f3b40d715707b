import assert from "node:assert/strict";
import { test } from "node:test";

import { gameRequest } from "../../web/lobby.js";
import { normalizeRules, rulesRequest, throwName } from "../../web/rules.js";
import { fixture } from "./fixture.mjs";

test("presets by name expand to the engine's full rules", () => {
  for (const { name, rules } of fixture.presets) {
    const fromName = normalizeRules(name);
    const fromFull = normalizeRules(rules);
    assert.deepEqual(fromName.faces, rules.throws, name);
    assert.equal(fromName.cowries, rules.cowries, name);
    assert.equal(fromName.entry, rules.entry, name);
    assert.equal(fromName.gate, rules.gate, name);
    assert.deepEqual(fromFull.faces, rules.throws, name);
    assert.deepEqual(
      [...fromFull.safe].sort(),
      [...fixture.boards[`${rules.size}x4`].safe].sort(),
      `${name}: the full object lists the safe squares the server's board has`,
    );
  }
});

test("named throw tables make one mouth up a grace of 11 or 12", () => {
  assert.deepEqual(normalizeRules({ preset: "standard", throws: "no-ones-12" }).faces[1], { value: 12, grace: true });
  assert.deepEqual(normalizeRules({ throws: "no-ones-11" }).faces[1], { value: 11, grace: true });
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
