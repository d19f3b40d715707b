import assert from "node:assert/strict";
import { test } from "node:test";

import { arrowStep, focusKey, FOCUS_FALLBACKS, isTyping, shortcutFor } from "../../web/keys.js";

/** A stand-in for a DOM element: a tag, attributes and data attributes. */
const el = (tagName, { id = "", role = null, dataset = {}, classes = [], editable = false } = {}) => ({
  tagName,
  id,
  dataset,
  isContentEditable: editable,
  classList: { contains: (c) => classes.includes(c) },
  getAttribute: (name) => (name === "role" ? role : null),
});
const press = (key, target = el("DIV"), mods = {}) => shortcutFor({ key, target, ...mods });

test("shortcuts: Space or T throws, Enter confirms, H asks a hint, U undoes", () => {
  assert.equal(press(" "), "throw");
  assert.equal(press("t"), "throw");
  assert.equal(press("T"), "throw");
  assert.equal(press("Enter"), "confirm");
  assert.equal(press("h"), "hint");
  assert.equal(press("u"), "undo");
  assert.equal(press("x"), null);
  assert.equal(press("Escape"), null);
});

test("shortcuts never fire while typing in a field", () => {
  for (const tag of ["INPUT", "TEXTAREA", "SELECT"]) {
    for (const key of [" ", "t", "Enter", "h", "u"]) assert.equal(press(key, el(tag)), null, `${key} in ${tag}`);
  }
  assert.equal(press("t", el("DIV", { editable: true })), null);
  assert.ok(isTyping(el("INPUT")) && !isTyping(el("BUTTON")));
});

test("shortcuts leave modified keys to the browser", () => {
  assert.equal(press("t", el("DIV"), { ctrlKey: true }), null);
  assert.equal(press("u", el("DIV"), { metaKey: true }), null);
  assert.equal(press("h", el("DIV"), { altKey: true }), null);
});

test("Space and Enter press a focused button, link or pawn, not a shortcut", () => {
  for (const target of [el("BUTTON"), el("A"), el("g", { role: "button" })]) {
    assert.equal(press(" ", target), null);
    assert.equal(press("Enter", target), null);
    assert.equal(press("t", target), "throw");
  }
});

test("focus keys find a pawn, a target, the off-board pawns or a control again after a redraw", () => {
  assert.equal(focusKey(el("BUTTON", { id: "throw" })), "#throw");
  assert.equal(focusKey(el("g", { classes: ["pawn"], dataset: { player: "0", index: "3" } })), '.pawn[data-player="0"][data-index="3"]');
  assert.equal(focusKey(el("g", { classes: ["target"], dataset: { from: "-1", value: "4", count: "1" } })), '.target[data-from="-1"][data-value="4"][data-count="1"]');
  assert.equal(focusKey(el("BUTTON", { dataset: { yard: "2" } })), '[data-yard="2"]');
  assert.equal(focusKey(el("A")), null);
  assert.equal(focusKey(null), null);
});

test("the arrow keys rove through the movable pawns and their destinations, ? lists the keys", () => {
  assert.equal(press("ArrowLeft"), "arrow-left");
  assert.equal(press("ArrowRight"), "arrow-right");
  assert.equal(press("ArrowUp"), "arrow-up");
  assert.equal(press("ArrowDown"), "arrow-down");
  assert.equal(arrowStep("arrow-left"), -1);
  assert.equal(arrowStep("arrow-up"), -1);
  assert.equal(arrowStep("arrow-right"), 1);
  assert.equal(arrowStep("arrow-down"), 1);
  assert.equal(press("?"), "keys");
  // A list box or a field keeps its own arrows.
  assert.equal(press("ArrowDown", el("SELECT")), null);
  assert.equal(press("ArrowLeft", el("INPUT")), null);
});

test("after a throw the focus goes to a movable pawn before the board itself", () => {
  const pawn = FOCUS_FALLBACKS.indexOf(".pawn.movable");
  assert.ok(pawn >= 0 && pawn < FOCUS_FALLBACKS.indexOf("#board"));
  assert.ok(FOCUS_FALLBACKS.indexOf("#throw:not(:disabled)") < pawn);
});
