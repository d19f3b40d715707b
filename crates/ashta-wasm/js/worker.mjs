// Bot decisions in a worker thread, as the page's Web Worker makes them: the module is
// loaded in the worker, the main thread sends a position and gets the moves back, and
// stays free meanwhile. Checks that `medium` answers within its budget there and that
// `default` keeps to the time it is given.
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
  const game = new ashta.Game('"standard"', "random,random,random,random", 3, null);
  const worst = { medium: 0, default: 0 };
  let asked = 0;
  for (let s = game.state(); s.next !== "over" && asked < 30; s = game.state()) {
    if (s.next === "random") {
      for (const spec of ["medium", "default"]) {
        const time = spec === "default" ? budgets.default : undefined;
        const start = performance.now();
        const { moves } = await ask({ position: JSON.stringify(s.position), spec, time });
        worst[spec] = Math.max(worst[spec], performance.now() - start);
        assert.ok(moves.length > 0);
      }
      asked++;
    }
    game.step();
  }
  await worker.terminate();
  // `medium` has no clock (a fixed depth); its budget is the page's promise of an
  // answer within a second. `default` gets 300 ms; 150 ms is allowed for the message.
  assert.ok(worst.medium < budgets.medium, `medium took ${worst.medium} ms`);
  assert.ok(worst.default < budgets.default + 150, `default took ${worst.default} ms`);
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
