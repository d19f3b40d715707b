// The engine in the page: the browser module (crates/ashta-wasm, served under
// /assets/wasm/), fetched and compiled once, run on the page's thread for offline
// games and in a Web Worker for the bots' decisions and hints, so the page never
// freezes while a bot thinks. Every rule is the module's; this file only carries
// messages.

const GLUE = "/assets/wasm/ashta_wasm.js";
const WASM = "/assets/wasm/ashta_wasm_bg.wasm";

let loading = null;

/** The module on the page's thread and its Worker: `{ ashta, worker }`. The `.wasm` is
 * fetched once; the Worker gets the compiled module. Rejects when the server has none. */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      const ashta = await import(GLUE);
      const response = await fetch(WASM);
      if (!response.ok) throw new Error(`the browser module is missing (${response.status})`);
      const module = await WebAssembly.compile(await response.arrayBuffer());
      ashta.initSync({ module });
      const worker = new EngineWorker(module);
      return { ashta, worker };
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The Worker that decides for bots and computes hints, one request at a time. */
class EngineWorker {
  constructor(module) {
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    this.worker.postMessage({ init: module, glue: new URL(GLUE, location.href).href });
    this.next = 1;
    this.waiting = new Map();
    this.worker.addEventListener("message", (e) => {
      const { id, result, error, progress } = e.data;
      const done = this.waiting.get(id);
      if (!done) return;
      if (progress) {
        done.progress?.(...progress);
        return;
      }
      this.waiting.delete(id);
      if (error) done.reject(new Error(error));
      else done.resolve(result);
    });
  }

  ask(request, progress = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, ...request });
    });
  }

  /** The moves the bot `level` decides in `position` (JSON text), within `timeMs`. */
  decide(position, level, seed, timeMs) {
    return this.ask({ kind: "decide", position, level, seed, timeMs });
  }

  /** The review of a game record (JSON text), `rollouts` per play: the chance-to-win
   * curve and each player's biggest mistakes, as `ashta analyze` finds them;
   * `progress(done, total)` hears of each turn reviewed. */
  review(record, rollouts, seed, progress = null) {
    return this.ask({ kind: "review", record, rollouts, seed }, progress);
  }

  /** The hint of the module for the player to move in `position` (JSON text). */
  hint(position, timeMs, seed) {
    return this.ask({ kind: "hint", position, timeMs, seed });
  }
}
