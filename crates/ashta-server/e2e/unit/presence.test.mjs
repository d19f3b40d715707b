import assert from "node:assert/strict";
import { test } from "node:test";

import { LANGUAGES, seatName, setLanguage, t } from "../../web/i18n.js";
import { awayText, backText } from "../../web/presence.js";

// Seats as a `presence` message or a snapshot gives them: South (0) here, North (1) away.
const name = (p) => seatName(p === 0 ? 0 : 2);
const now = 1_000_000;
const seats = (standInAt, played = 0) => [
  { seat: 0, kind: "human", connected: true },
  { seat: 1, kind: "human", connected: false, away: { since: now - 5000, stand_in_at: standInAt, played, by: "medium" } },
];

test("the status line says who left and when the computer plays for them", () => {
  setLanguage("en");
  assert.equal(awayText(seats(null), 0, name, t, now), "North left the game.");
  assert.match(awayText(seats(now + 30_000), 0, name, t, now), /^North left the game; unless they return, the computer plays for them from .+\.$/);
  assert.equal(awayText(seats(now - 1), 0, name, t, now), "North left the game; the computer (medium) plays for them until they return.");
  // Nothing for the person themselves, nor when nobody is away.
  assert.equal(awayText(seats(null), 1, name, t, now), "");
  assert.equal(awayText([{ seat: 0, kind: "human", connected: true }], 1, name, t, now), "");
});

test("the person back is told what was played for them, the others that they are back", () => {
  setLanguage("en");
  const back = { type: "presence", seat: 1, present: true, played: 3, by: "medium" };
  assert.equal(backText(back, 1, name, t), "Welcome back. While you were away the computer (medium) played 3 moves for you.");
  assert.equal(backText({ ...back, played: 0 }, 1, name, t), "Welcome back. Nothing was played for you while you were away.");
  assert.equal(backText(back, 0, name, t), "North is back; the computer (medium) played 3 moves for them.");
  assert.equal(backText({ ...back, played: 0 }, 0, name, t), "North is back.");
  // A first arrival, or someone leaving, says nothing here.
  assert.equal(backText({ type: "presence", seat: 1, present: true }, 0, name, t), null);
  assert.equal(backText({ type: "presence", seat: 1, present: false }, 0, name, t), null);
});

test("every language says it, naming the seat", () => {
  for (const lang of LANGUAGES) {
    setLanguage(lang);
    for (const at of [null, now + 30_000, now - 1]) {
      const said = awayText(seats(at, 2), 0, name, t, now);
      assert.ok(said.includes(seatName(2)), `${lang}: ${said}`);
      assert.ok(!said.includes("{") && !/game\.[a-zA-Z]/.test(said), `${lang}: ${said}`);
    }
    const back = backText({ type: "presence", seat: 1, present: true, played: 2, by: "medium" }, 1, name, t);
    assert.ok(back.includes("2") && !back.includes("{"), `${lang}: ${back}`);
  }
  setLanguage("en");
});

test("once the computer plays for everyone who left, the claim offers no play on", async () => {
  const { standInsPlay } = await import("../../web/leavers.js");
  // The stand-in's time still to come, or none: the claim offers all three choices.
  assert.equal(standInsPlay(seats(null), 0, now), false);
  assert.equal(standInsPlay(seats(now + 30_000), 0, now), false);
  // Its time come (play on taken, or the server's wait over): the computer plays.
  assert.equal(standInsPlay(seats(now), 0, now), true);
  // Nobody away but `you`: nothing is played for anyone.
  assert.equal(standInsPlay(seats(now), 1, now), false);
  setLanguage("en");
  assert.match(t("leavers.claimableStandIn"), /still claim the win or call it a draw/);
});
