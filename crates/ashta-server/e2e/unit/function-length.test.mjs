import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

// The page's functions stay short: each screen's parts are modules of small functions,
// none over 150 lines (`scripts/longest-function` measures them with Node's own parser).
const script = fileURLToPath(new URL("../../../../scripts/longest-function", import.meta.url));
const run = (...args) => spawnSync(process.execPath, ["--expose-internals", script, ...args], { encoding: "utf8" });

test("no function of the page is longer than 150 lines", () => {
  const out = run("--top", "3", "--max", "150");
  assert.equal(out.status, 0, `${out.stdout}${out.stderr}`);
  const longest = Number(out.stdout.trim().split("\n")[0].trim().split(/\s+/)[0]);
  assert.ok(longest > 0 && longest <= 150, out.stdout);
});

test("the measure counts a function's whole span, the functions inside it included", () => {
  const out = run("--top", "1", "--max", "150", new URL("./fixture.mjs", import.meta.url).pathname);
  assert.equal(out.status, 0, out.stderr);
  // boardJson in fixture.mjs spans its first line to its closing brace: 6 lines.
  assert.match(out.stdout, /^\s+6\s+\S*fixture\.mjs:\d+\s+boardJson$/m);
  const over = run("--max", "5", new URL("./fixture.mjs", import.meta.url).pathname);
  assert.equal(over.status, 1, "a function over the limit fails the check");
  assert.match(over.stderr, /longer than 5 lines/);
});
