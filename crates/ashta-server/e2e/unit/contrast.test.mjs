import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { LETTER_COLOURS, SEAT_COLOURS } from "../../web/board.js";
import { AA, parseColor, ratio } from "../../web/contrast.js";

test("colours parse from hex and rgb(a)", () => {
  assert.deepEqual(parseColor("#fff"), { r: 255, g: 255, b: 255, a: 1 });
  assert.deepEqual(parseColor("#0072B2"), { r: 0, g: 114, b: 178, a: 1 });
  assert.deepEqual(parseColor("rgba(0, 0, 0, 0.5)"), { r: 0, g: 0, b: 0, a: 0.5 });
  assert.deepEqual(parseColor("rgb(10 20 30 / 50%)"), { r: 10, g: 20, b: 30, a: 0.5 });
  assert.equal(parseColor("transparent"), null);
  assert.equal(parseColor("none"), null);
});

test("contrast ratios match WCAG's", () => {
  assert.equal(ratio("#000", "#fff").toFixed(1), "21.0");
  assert.equal(ratio("#fff", "#fff").toFixed(1), "1.0");
  // The two pairs the issue measured, before the fix.
  assert.equal(ratio("#8c7a5b", "#f4e7c5").toFixed(1), "3.4");
  assert.equal(ratio("#e69f00", "#ffffff").toFixed(2), "2.25");
});

test("every pawn letter reads on its seat's colour", () => {
  SEAT_COLOURS.forEach((bg, seat) => assert.ok(ratio(LETTER_COLOURS[seat], bg) >= AA, `seat ${seat}`));
});

test("the style sheet's text colours reach 4.5:1 on their backgrounds", () => {
  const css = readFileSync(new URL("../../web/style.css", import.meta.url), "utf8");
  const v = (name) => new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,6})`).exec(css)[1];
  const rule = (selector, prop) => {
    const block = new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\{([^}]*)\\}`).exec(css)[1];
    return new RegExp(`${prop}:\\s*(#[0-9a-fA-F]{3,6})`).exec(block)[1];
  };
  const pairs = [
    ["ink on the page", v("ink"), v("bg")],
    ["muted on the page", v("muted"), v("bg")],
    ["muted on a card", v("muted"), v("card")],
    ["links on the page", v("accent"), v("bg")],
    ["errors on a card", v("error"), v("card")],
    ["a disabled button", rule("button:disabled, button.primary:disabled", "color"), rule("button:disabled, button.primary:disabled", "background")],
    ["square names on a square", rule(".square .square-name", "fill"), v("cell")],
    ["square names on a target square", rule(".square .square-name", "fill"), rule(".square.target-square .cell", "fill")],
    ["square names on the home", rule(".square .square-name", "fill"), rule(".square.home .cell", "fill")],
    ...[0, 1, 2, 3].map((s) => [`log number of seat ${s}`, v(`seat-ink-${s}`), v("card")]),
    ...[0, 1, 2, 3].map((s) => [`log number of seat ${s} when current`, v(`seat-ink-${s}`), rule("ol.log li.current", "background")]),
  ];
  const low = pairs.filter(([, fg, bg]) => ratio(fg, bg) < AA).map(([what, fg, bg]) => `${what}: ${fg} on ${bg} = ${ratio(fg, bg).toFixed(2)}`);
  assert.deepEqual(low, []);
});
