// The browser module and the native engine agree, in Chromium: the
// page served by a running `ashta serve` loads the module the server serves, and asks it
// the legal moves (with their paths and facts) of each position of POSITIONS.jsonl
// (through its front door: a `Lesson`, the tutorial's table, set up from each),
// which the native build wrote with the moves it found (`ashta_wasm::agree`, the same
// positions `js/agree.mjs` checks in Node). Usage: node agree.mjs BASE_URL POSITIONS.jsonl
// CHROMIUM names the browser (default /usr/bin/chromium). Exits non-zero on the first
// disagreement, naming the position and both answers.

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

import { chromium } from "playwright-core";

const [base, file] = process.argv.slice(2);
if (!base || !file) {
  console.error("usage: node agree.mjs BASE_URL POSITIONS.jsonl");
  process.exit(2);
}
const positions = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
let failed = false;
try {
  const page = await browser.newPage();
  await page.goto(base);
  const started = Date.now();
  const { answers, malformed, agent } = await page.evaluate(async (texts) => {
    const { loadEngine } = await import("/assets/engine.js");
    const { ashta } = await loadEngine();
    const legalOf = (text) => {
      const lesson = new ashta.Lesson(text);
      try {
        return lesson.legal();
      } finally {
        lesson.free();
      }
    };
    const answers = texts.map(legalOf);
    // A malformed position is an Error that names the problem, not a crash.
    let malformed = null;
    try {
      new ashta.Lesson('{"size": 4}');
    } catch (e) {
      malformed = e instanceof Error ? e.message : `not an Error: ${e}`;
    }
    return { answers, malformed, agent: navigator.userAgent };
  }, positions.map((p) => p.position));
  const took = Date.now() - started;
  if (!/Chrome/.test(agent)) throw new Error(`not Chromium: ${agent}`);
  if (answers.length !== positions.length) throw new Error(`${answers.length} answers for ${positions.length} positions`);
  let moves = 0;
  for (const [n, { position, legal }] of positions.entries()) {
    // Through the page, an absent field and a null one read alike.
    const wasm = JSON.parse(JSON.stringify(answers[n]));
    if (!isDeepStrictEqual(wasm, legal)) {
      console.error(`position ${n + 1} disagrees: ${position}`);
      console.error(`native: ${JSON.stringify(legal)}`);
      console.error(`wasm:   ${JSON.stringify(wasm)}`);
      failed = true;
      break;
    }
    moves += legal.length;
  }
  if (!malformed) {
    console.error("a malformed position was accepted");
    failed = true;
  }
  if (!failed) console.log(`wasm in Chromium and native agree on ${positions.length} positions (${moves} legal moves, ${took} ms)`);
} catch (e) {
  console.error(e.stack || String(e));
  failed = true;
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
