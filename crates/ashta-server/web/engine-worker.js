// The Web Worker of engine.js: it runs the browser module off the page's thread and
// answers `decide`, `hint` and `review` requests with the module's answers (a review
// also posts its progress, turn by turn).

let ashta = null;
const pending = [];

async function answer({ id, kind, position, level, seed, timeMs, record, rollouts }) {
  try {
    const result =
      kind === "decide"
        ? ashta.decide(position, level, seed, timeMs ?? undefined)
        : kind === "review"
          ? ashta.review(record, rollouts, seed, (done, total) => self.postMessage({ id, progress: [done, total] }))
          : ashta.hint(position, timeMs, seed);
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: String(e.message || e) });
  }
}

self.addEventListener("message", async (e) => {
  if (e.data.init) {
    const glue = await import(e.data.glue);
    glue.initSync({ module: e.data.init });
    ashta = glue;
    for (const request of pending.splice(0)) answer(request);
  } else if (ashta) {
    answer(e.data);
  } else {
    pending.push(e.data);
  }
});
