// The page holds no rules: every preset, throw table, path, double, block, legal move,
// seeded throw, start position, capture, final place and seat comes from the engine,
// through the server or the browser module. This test fails when a JavaScript file of
// the page defines a throw table or a preset, works out where a move lands, draws the
// seed's throws (ChaCha, its constants or quarter-round), builds a start position,
// works out whose pawns a move captured or who finished where, or seats the players by
// their number, again.

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
  [/0x(?:61707865|3320646e|79622d32|6b206574)\b/i, "ChaCha's constants (the seed's throws are the module's `verifyThrows`)"],
  [/\b(?:6364136223846793005|11634580027462260723)n?\b/, "PCG32 seeding (the seed's throws are the module's `verifyThrows`)"],
  [/<<\s*(?:16|12|8|7)\s*\)\s*\|\s*\(?[\w[\]\s]*>>>\s*(?:16|20|24|25)\b/, "a ChaCha quarter-round (the seed's throws are the module's `verifyThrows`)"],
  [/\bnextU32\b|\bclass\s+(?:ChaCha|SeededThrows)\b|\bfunction\s+throwCowries\s*\(\s*\w/, "a generator of throws (the seed's throws are the module's `verifyThrows`)"],
  [/\bentry\s*===?\s*["']grace["']\s*\?\s*-1\b|\.fill\(\s*(?:-1|where)\s*\)/, "a start position (the snapshot's `start` is the engine's)"],
  [/\bfunction\s+(?:startPosition|capturedBy|finalPlaces|seatsFor|verifyThrows)\b/, "a rule the engine says (start, captures, places, seats, the seed check)"],
  [/===\s*landing\b|\blanding\s*===|\.filter\(\s*\(?\w+\)?\s*=>\s*\w+\s*<=\s*0\s*\)/, "whose pawns a move sent back (a move event's `captured`)"],
  [/\bpawns\[\w+\]\.reduce\(|\.every\(\s*\(?\w+\)?\s*=>\s*\w+\s*===\s*home\s*\)/, "who finished and how far each came (the result's `standings`, the engine's)"],
  [/\bplayers\s*===?\s*[234]\b|\[\s*0\s*,\s*2\s*\]/, "seating by player count (the board's `seats`, the module's `seatsOf`)"],
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

test("no JavaScript file of the page defines throw tables, presets, move arithmetic, seeded throws, start positions, captures, places or seats", () => {
  const files = readdirSync(WEB).filter((f) => f.endsWith(".js"));
  assert.ok(files.length > 10, "the page's files are found");
  const found = files.flatMap((f) => ruleLines(readFileSync(new URL(f, WEB), "utf8")).map(([n, text, why]) => `web/${f}:${n}: ${why}: ${text}`));
  assert.deepEqual(found, []);
});

test("the check finds the rule code the page used to have", () => {
  // Each was in the page before the engine took its place (rules.js, board.js,
  // history.js, chacha.js, geometry.js); the check must still catch each one.
  const removed = [
    "const landing = squareName(board.squareAt(p, mv.to ?? mv.from + mv.value));",
    "    if (u === 0) faces.push({ value: 2 * k, grace: true });",
    '  standard: { size: 5, cowries: 4, gate: "wait", entry: "start", three_graces: "allowed" },',
    '    if (spec.throws === "no-ones-11") faces[1] = { value: 11, grace: true };',
    "export function formsDouble(board, position, mv) {",
    'export const PRESET_NAMES = ["standard", "traditional", "senior"];',
    "    s[0] = 0x61707865;",
    "const PCG_MUL = 6364136223846793005n;",
    "  s[d] = ((s[d] << 16) | (s[d] >>> 16)) >>> 0;",
    "  s[b] = ((s[b] << 7) | (s[b] >>> 25)) >>> 0;",
    "    for (let i = 0; i < count; i++) cowries.push(rng.nextU32() < threshold);",
    "export class ChaCha {",
    "export function throwCowries(rng, count, mouthUp) {",
    "export async function verifyThrows({ commitment, reveal, cowries, mouthUp, throws }) {",
    'const where = entry === "grace" ? -1 : 0;',
    "export function startPosition({ rules, size, players }, entry, pawns) {",
    "    pawns: Array.from({ length: players }, () => Array(pawns).fill(where)),",
    "export function capturedBy(board, p, mv, before) {",
    "    const count = list.filter((i) => i >= 0 && squareName(board.squareAt(q, i)) === landing).length;",
    "          const back = (pos) => pos.pawns[q].filter((i) => i <= 0).length;",
    "  return position.pawns[p].reduce((sum, i) => sum + i, 0);",
    "export function finalPlaces(result, position, home) {",
    "    ...finishedOrder.map((player, i) => ({ player, place: i + 1, finished: position.pawns[player].every((x) => x === home) || i === 0 })),",
    "export function seatsFor(players) {",
    "  if (players === 2) return [0, 2];",
    "  if (players === 3) return [0, 1, 2];",
  ];
  for (const line of removed) assert.ok(ruleLines(line).length > 0, line);
  assert.deepEqual(ruleLines("const to = mv.to; // from + value is the engine's"), []);
  // What the page does instead reads as no rule.
  for (const line of [
    "  return snap.result?.standings ?? [];",
    "  return Object.fromEntries([2, 3, 4].map((n) => [n, Array.from(ashta.seatsOf(n))]));",
    "      if (event.captured && stats[event.captured.seat]) stats[event.captured.seat].lost += event.captured.count;",
    "  for (let p = 0; p < players; p++) stats[p].home = position.pawns[p].filter((i) => i === home).length;",
    "      start: snap.start,",
    '    [rules.entry === "grace" ? "rules.captureGrace" : "rules.captureStart", {}],',
    "  function throwCowries() {",
  ]) {
    assert.deepEqual(ruleLines(line), [], line);
  }
});

