// Bot decisions in a worker thread, as the page's Web Worker makes them: the module is
// loaded in the worker, the main thread sends a position and gets the moves back, and
// stays free meanwhile. Checks that `medium` answers within its budget there and that
// `default` keeps to the time it is given. The positions come from a game of four
// random movers at the module's `OfflineTable`.
import assert from "node:assert/strict";
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import { loadAshta } from "./load.mjs";

if (isMainThread) {
  const ashta = await loadAshta();
  const worker = new Worker(new URL(import.meta.url));
  const ask = (request) =>
    new Promise((resolve, reject) => {
      worker.once("message", (reply) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
      worker.postMessage(request);
    });
  const budgets = { medium: 1000, default: 300 };
  const seats = [0, 1, 2, 3].map(() => ({ kind: "bot", level: "random" }));
  const table = new ashta.OfflineTable("local-worker", JSON.stringify({ rules: "standard", players: 4, seats }), 3, "00", 0);
  const worst = { medium: 0, default: 0 };
  let asked = 0;
  for (let turn = table.botTurn(); turn && asked < 30; turn = table.botTurn()) {
    if (turn.must_throw) {
      table.botThrow();
      continue;
    }
    for (const spec of ["medium", "default"]) {
      const time = spec === "default" ? budgets.default : undefined;
      const start = performance.now();
      const { moves } = await ask({ position: turn.position, spec, time });
      worst[spec] = Math.max(worst[spec], performance.now() - start);
      assert.ok(moves.length > 0);
    }
    asked++;
    table.botPlay(ashta.decide(turn.position, turn.level, 1));
  }
  await worker.terminate();
  // `medium` has no clock (a fixed depth); its budget is the page's promise of an
  // answer within a second. `default` gets 300 ms and must stop near it: twice the
  // budget is allowed, for the message and for a thread that a loaded machine leaves
  // waiting between two looks at the clock.
  assert.ok(worst.medium < budgets.medium, `medium took ${worst.medium} ms`);
  assert.ok(worst.default < 2 * budgets.default, `default took ${worst.default} ms`);
  console.log(`worker decisions over ${asked} positions: medium worst ${worst.medium.toFixed(0)} ms, default (300 ms) worst ${worst.default.toFixed(0)} ms`);
} else {
  const ashta = await loadAshta();
  parentPort.on("message", ({ position, spec, time }) => {
    try {
      parentPort.postMessage({ moves: ashta.decide(position, spec, 1, time) });
    } catch (e) {
      parentPort.postMessage({ error: e.message });
    }
  });
}
