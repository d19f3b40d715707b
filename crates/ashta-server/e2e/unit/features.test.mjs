import assert from "node:assert/strict";
import { test } from "node:test";

import { rematchRequest } from "../../web/endscreen.js";
import { Board } from "../../web/geometry.js";
import { normalizeRules } from "../../web/rules.js";
import { EFFECTS, play, played, setSound, soundOn } from "../../web/sound.js";
import { rulesParagraphs, throwRows } from "../../web/tutorial.js";
import { boardJson, fixture } from "./fixture.mjs";

/** The engine's full rules object of a preset (from the fixture), with `changes`. */
const full = (name, changes = {}) => ({ ...fixture.presets.find((p) => p.name === name).rules, ...changes });

test("the rules page follows the game's preset", () => {
  const keys = (rules) => rulesParagraphs(normalizeRules(rules)).map(([k]) => k);
  const standard = keys(full("standard"));
  assert.ok(standard.includes("rules.gateWait") && standard.includes("rules.captureStart") && standard.includes("rules.doubles"));
  assert.ok(!standard.includes("rules.entryGrace") && !standard.includes("rules.threeGraces"));
  const traditional = keys(full("traditional"));
  for (const k of ["rules.gateCircle", "rules.captureGrace", "rules.entryGrace", "rules.threeGraces"]) assert.ok(traditional.includes(k), k);
  // The engine's full rules list the safe squares, which are counted.
  const safe = (rules) => rulesParagraphs(normalizeRules(rules)).find(([k]) => k.startsWith("rules.safe"));
  for (const { name, rules } of fixture.presets) {
    assert.deepEqual(safe(rules), ["rules.safe", { count: rules.safe.length }], name);
  }
  assert.equal(full("standard").safe.length, 5);
  assert.equal(rulesParagraphs(normalizeRules(full("standard"))).find(([k]) => k === "rules.turn")[1].cowries, 4);
  assert.deepEqual(
    throwRows(normalizeRules(full("standard"))).map((r) => [r.up, r.value, r.grace, r.name]),
    [[0, 8, true, "ashta"], [1, 1, false, null], [2, 2, false, null], [3, 3, false, null], [4, 4, true, "chamma"]],
  );
});

test("the rules page says whether a pair captures a double", () => {
  const keys = (rules) => rulesParagraphs(normalizeRules(rules)).map(([k]) => k);
  // Every preset has pair capture on in the engine's full rules object.
  for (const { name, rules } of fixture.presets) {
    assert.equal(rules.pair_capture, true, name);
    assert.ok(keys(rules).includes("rules.pairCapture"), name);
    assert.ok(!keys(rules).includes("rules.pairCaptureOff"), name);
  }
  const off = keys(full("standard", { pair_capture: false }));
  assert.ok(off.includes("rules.pairCaptureOff") && !off.includes("rules.pairCapture"));
  // Without doubles there is no double to land on: neither paragraph.
  const none = keys(full("standard", { doubles: false, pair_capture: false }));
  assert.ok(!none.some((k) => k.startsWith("rules.pairCapture")));
});

test("a rematch asks for the same rules, board and seats", () => {
  const snap = {
    rules: { preset: "traditional", cowries: 4 },
    size: 5,
    players: 3,
    seats: [
      { seat: 0, kind: "human", name: "Asha", connected: true },
      { seat: 1, kind: "bot", level: "hard", connected: true },
      { seat: 2, kind: "human", connected: false },
    ],
  };
  assert.deepEqual(rematchRequest(snap), {
    rules: { preset: "traditional", cowries: 4 },
    size: 5,
    players: 3,
    seats: [{ kind: "human", name: "Asha" }, { kind: "bot", level: "hard" }, { kind: "human", name: null }],
  });
});

test("sound is off until turned on, and the choice is kept", () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)) };
  assert.equal(soundOn(), false);
  play("move");
  assert.deepEqual(played, []);
  setSound(true);
  assert.equal(store.get("ashta.sound"), "1");
  assert.equal(soundOn(), true);
  play("capture");
  assert.ok(played.includes("capture"));
  for (const tones of Object.values(EFFECTS)) for (const [freq, , length] of tones) assert.ok(freq > 50 && length > 0);
  setSound(false);
  assert.equal(soundOn(), false);
  delete globalThis.localStorage;
});

test("a hint reads as the moves of the play and the chance to win", async () => {
  const { hintText } = await import("../../web/hint.js");
  const { setLanguage } = await import("../../web/i18n.js");
  setLanguage("en", false);
  const board = new Board(boardJson(5, 2));
  const answer = { moves: [{ value: 3, from: 0, to: 3, count: 1 }, { value: 1, from: 3, to: 4, count: 1 }], win: 0.414 };
  assert.equal(hintText(board, 0, answer), "Hint: South moves 3: c1 → e2, then South moves 1: e2 → e3 (chance to win about 41%)");
});
