// A whole game through the wasm module, as the page plays it: a person (who always
// takes the first legal move) against `default`, every bot decision made by `decide`
// (what the page's Worker calls) and checked by `playDecision`; a save and load in
// the middle gives the same state; bad input is an Error naming what is wrong.
import assert from "node:assert/strict";
import { loadAshta } from "./load.mjs";

const ashta = await loadAshta();
const rules = '{"preset":"standard","players":2}';
let game = new ashta.Game(rules, "human,default", 42, 50);

let steps = 0;
let saved = false;
for (let state = game.state(); state.next !== "over"; state = game.state()) {
  assert.ok(++steps < 20000, "the game ends");
  if (state.next === "human") {
    assert.ok(state.legal.length > 0, "a person with a bag has a legal move");
    const mv = game.play(0);
    assert.deepEqual(mv.path.at(-1), mv.to);
  } else if (state.next === "bot") {
    const position = JSON.stringify(state.position);
    const start = performance.now();
    const moves = ashta.decide(position, "default", 42, 50);
    assert.ok(performance.now() - start < 2000, "a 50 ms decision comes back in time");
    const played = game.playDecision(moves);
    assert.equal(played.length, moves.length);
  } else {
    game.step();
  }
  if (!saved && state.turns > 20) {
    const text = game.save();
    const loaded = ashta.Game.load(text);
    assert.deepEqual(loaded.state(), game.state());
    game = loaded;
    saved = true;
  }
}
const end = game.state();
assert.ok(end.winner !== null || end.draw !== null, "the game has a result");
assert.ok(saved, "the game was saved and loaded");

// Errors name what is wrong.
assert.throws(() => new ashta.Game('"chess"', "human,easy", 1), /chess/);
assert.throws(() => new ashta.Game(rules, "human,engine:sh", 1), /cannot run in the browser/);
assert.throws(() => new ashta.Game(rules, "human,easy", 1.5), /whole number/);
assert.throws(() => ashta.decide("{}", "easy", 1), Error);
const presets = ashta.presets();
assert.deepEqual(presets.map(([name]) => name), ["standard", "traditional", "senior"]);
console.log(`a game of ${end.turns} turns through the wasm module: ${JSON.stringify({ winner: end.winner, draw: end.draw })}`);
