// The wasm engine and the native one agree: reads the JSON lines of
// `cargo run --example positions` (each a position and the legal moves the native
// build found, with their paths and facts) and asks the wasm module the same, through
// its front door: a `Lesson` (the tutorial's table) set up from each position.
// Usage: node agree.mjs POSITIONS.jsonl
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { loadAshta } from "./load.mjs";

const ashta = await loadAshta();
const lines = readFileSync(process.argv[2], "utf8").trim().split("\n");
let moves = 0;
for (const [n, line] of lines.entries()) {
  const { position, legal } = JSON.parse(line);
  const lesson = new ashta.Lesson(position);
  const wasm = lesson.legal();
  lesson.free();
  if (!isDeepStrictEqual(wasm, legal)) {
    console.error(`position ${n + 1} disagrees: ${position}`);
    console.error(`native: ${JSON.stringify(legal)}`);
    console.error(`wasm:   ${JSON.stringify(wasm)}`);
    process.exit(1);
  }
  moves += legal.length;
}
// A malformed position is an Error that names the problem, not a crash.
try {
  new ashta.Lesson('{"size": 4}');
  console.error("a malformed position was accepted");
  process.exit(1);
} catch (e) {
  if (!(e instanceof Error) || e.message.length === 0) throw e;
}
console.log(`wasm and native agree on ${lines.length} positions (${moves} legal moves)`);
