// A whole game through the wasm module, as the page plays it offline: the module's
// `OfflineTable` answers the person's messages (who always takes the first legal move)
// with the server's messages, and every decision of the `default` bot is made by
// `decide` (what the page's Worker calls) and checked by `botPlay`; a save and load in
// the middle gives the same state; the end screen's places and seed check come from the
// module; bad input is an Error naming what is wrong.
import assert from "node:assert/strict";
import { loadAshta } from "./load.mjs";

const ashta = await loadAshta();
const request = JSON.stringify({
  rules: "standard",
  players: 2,
  seats: [
    { kind: "human", name: null },
    { kind: "bot", level: "default" },
  ],
});
let table = new ashta.OfflineTable("local-node", request, 42, "00ff", 0);
const game = () => table.state(0).game;
const send = (message) => {
  const answers = table.send(0, JSON.stringify(message));
  const error = answers.find((m) => m.type === "error");
  assert.ok(!error, `the module refused ${JSON.stringify(message)}: ${JSON.stringify(error)}`);
  return answers;
};

let steps = 0;
let saved = false;
let captures = 0;
for (let g = game(); g.status !== "finished"; g = game()) {
  assert.ok(++steps < 20000, "the game ends");
  const turn = table.botTurn();
  if (turn) {
    if (turn.must_throw) {
      table.botThrow();
    } else {
      const start = performance.now();
      const moves = ashta.decide(turn.position, turn.level, 42, 50);
      assert.ok(performance.now() - start < 2000, "a 50 ms decision comes back in time");
      const played = table.botPlay(moves);
      assert.ok(played.filter((m) => m.event?.kind === "move").length >= moves.length);
    }
  } else if (g.must_throw) {
    send({ type: "throw" });
  } else {
    assert.ok(g.legal.length > 0, "a person with a bag has a legal move");
    const [mv] = g.legal;
    const [answer] = send({ type: "move", move: { value: mv.value, from: mv.from, count: mv.count } });
    assert.deepEqual(answer.event.path, mv.path);
  }
  if (!saved && g.version > 40) {
    const loaded = ashta.OfflineTable.load(table.save());
    assert.deepEqual(loaded.state(0), table.state(0));
    table.free();
    table = loaded;
    saved = true;
  }
}
const end = game();
assert.ok(saved, "the game was saved and loaded");
for (const e of end.events.filter((e) => e.kind === "move" && e.move.capture)) {
  assert.ok(e.captured && e.captured.seat !== e.seat && e.captured.count > 0, `a capture names whose pawns: ${JSON.stringify(e)}`);
  captures++;
}
assert.deepEqual(end.start.pawns, [[0, 0, 0, 0], [0, 0, 0, 0]], "the snapshot carries the start position");

// The end screen's places (the engine's standings in the result) and seed check.
const places = end.result.standings;
assert.equal(places.length, 2);
if (end.result.winner !== null) assert.deepEqual(places.map((p) => p.place), [1, 2]);
if (end.result.winner !== null) assert.equal(places[0].player, end.result.winner);
const throws = end.events.filter((e) => e.kind === "throw").map((e) => e.cowries);
const verdict = ashta.verifyThrows(JSON.stringify(end.rules), end.commitment, end.reveal.seed, end.reveal.salt, throws);
assert.deepEqual(verdict, { ok: true, commitmentOk: true, checked: throws.length, mismatch: null, reason: null });
throws[2] = throws[2].map((up) => !up);
assert.equal(ashta.verifyThrows(JSON.stringify(end.rules), end.commitment, end.reveal.seed, end.reveal.salt, throws).mismatch, 2);
assert.deepEqual(Array.from(ashta.seatsOf(3)), [0, 1, 2]);

// Errors name what is wrong.
assert.throws(() => new ashta.OfflineTable("x", '{"rules":"chess","players":2,"seats":[]}', 1, "00", 0), /chess/);
assert.throws(() => new ashta.OfflineTable("x", request, 1.5, "00", 0), /whole number/);
assert.throws(() => ashta.decide("{}", "easy", 1), Error);
assert.throws(() => ashta.seatsOf(5), /2 to 4 players/);
assert.throws(() => ashta.verifyThrows('"chess"', "", "1", "", []), /chess/);
const presets = ashta.presets();
assert.deepEqual(presets.map(([name]) => name), ["standard", "traditional", "senior"]);
assert.equal(ashta.Game, undefined, "the module's one front door has no second game");
console.log(`a game of ${end.version} events through the wasm module (${captures} captures): ${JSON.stringify(end.result)}`);
