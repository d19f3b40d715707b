// The page holds no rules: every preset, throw table, path, double,
// block and legal move comes from the engine, through the server or the browser
// module. This test fails when a JavaScript file of the page defines a throw table or
// a preset, or works out where a move lands, again.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const WEB = new URL("../../web/", import.meta.url);

/** What rule code looks like, each with why it is refused. */
const RULE_CODE = [
  [/\b(?:from|index|at)\s*\+\s*(?:\w+\.)?value\b|\b(?:\w+\.)?value\s*\+\s*(?:\w+\.)?from\b/, "move arithmetic (where a move lands is the engine's `to` and `path`)"],
  [/\{\s*value\s*:[^{}]*,\s*grace\s*:/, "a throw table (faces come from the rules object)"],
  [/\b(?:2\s*\*\s*k|2\s*\*\s*cowries)\b/, "a throw table (the value of no mouth up)"],
  [/\bgate\s*:\s*["'](?:wait|circle)["']/, "a preset (its flags come from the engine)"],
  [/\bentry\s*:\s*["'](?:start|grace)["']/, "a preset (its flags come from the engine)"],
  [/\bthree_graces\s*:\s*["'](?:allowed|forfeit)["']/, "a preset (its flags come from the engine)"],
  [/\b(?:formsDouble|defaultTable)\s*\(|\bPRESETS\b/, "a rule the engine says (doubles, blocks, tables, presets)"],
  [/\bno-ones-1[12]\b/, "a named throw table (the engine expands it)"],
  [/\[\s*["'](?:standard|traditional|senior)["']\s*,\s*["'](?:standard|traditional|senior)["']/, "the list of presets (the engine lists them)"],
];

/** The lines of `source` that look like rule code: [line number, text, why]. */
export function ruleLines(source) {
  const out = [];
  source.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    for (const [pattern, why] of RULE_CODE) if (pattern.test(code)) out.push([i + 1, line.trim(), why]);
  });
  return out;
}

test("no JavaScript file of the page defines throw tables, presets or move arithmetic", () => {
  const files = readdirSync(WEB).filter((f) => f.endsWith(".js"));
  assert.ok(files.length > 10, "the page's files are found");
  const found = files.flatMap((f) => ruleLines(readFileSync(new URL(f, WEB), "utf8")).map(([n, text, why]) => `web/${f}:${n}: ${why}: ${text}`));
  assert.deepEqual(found, []);
});

test("the check finds the rule code the page used to have", () => {
  // Each was in the page before the engine took its place (rules.js, board.js,
  // history.js); the check must still catch each one.
  const removed = [
    "const landing = squareName(board.squareAt(p, mv.to ?? mv.from + mv.value));",
    "    if (u === 0) faces.push({ value: 2 * k, grace: true });",
    '  standard: { size: 5, cowries: 4, gate: "wait", entry: "start", three_graces: "allowed" },',
    '    if (spec.throws === "no-ones-11") faces[1] = { value: 11, grace: true };',
    "export function formsDouble(board, position, mv) {",
    'export const PRESET_NAMES = ["standard", "traditional", "senior"];',
  ];
  for (const line of removed) assert.ok(ruleLines(line).length > 0, line);
  assert.deepEqual(ruleLines("const to = mv.to; // from + value is the engine's"), []);
});
