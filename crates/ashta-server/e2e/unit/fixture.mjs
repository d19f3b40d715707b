// The engine's facts the page relies on (written by crates/ashta-cli/tests/browser_e2e.rs):
// boards as the server sends them, and what the page recomputes to verify the seed.

import { readFileSync } from "node:fs";

/** The parsed engine fixture. */
export const fixture = JSON.parse(readFileSync(new URL("./engine-fixture.json", import.meta.url), "utf8"));

/** The server's `board` of a game of `size` and `players` (a copy), with `safe` (square
 * names) in place of the engine's safe squares when given. */
export function boardJson(size, players, safe = null) {
  const board = structuredClone(fixture.boards[`${size}x${players}`]);
  if (!board) throw new Error(`no ${size}x${players} board in the fixture`);
  if (safe) board.safe = safe;
  return board;
}
