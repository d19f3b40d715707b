// Values of a bag that could not be used and were forfeited (RULES.md 5.2: after every
// move the engine checks whether any value left can be used; if none can, the rest of
// the bag is thrown away and the turn ends), and why, in words for the log and panel.

import { squareName } from "./geometry.js";
import { seatName, t } from "./i18n.js";

/** Removes one `value` from a copy of `bag`. */
function without(bag, value) {
  const rest = [...bag];
  const i = rest.indexOf(value);
  if (i >= 0) rest.splice(i, 1);
  return rest;
}

/** The values the seat of `event` lost with it: for a move, what was left in the bag
 * when its turn ended; for a throw that ended "forfeited", the whole bag. `before` is the
 * position before the event. Empty when nothing was lost. */
export function forfeitedValues(before, event) {
  if (!before || !event.position) return [];
  const after = event.position;
  if (event.kind === "throw" && event.end === "forfeited") {
    const earlier = before.to_move === event.seat ? before.bag || [] : [];
    return [...earlier, ...(event.value === null || event.value === undefined ? [] : [event.value])];
  }
  if (event.kind !== "move" || after.winner != null || after.draw != null) return [];
  const left = without(before.bag || [], event.move.value);
  if (left.length === 0) return [];
  const stillMoving = after.to_move === event.seat && (after.bag || []).length > 0;
  return stillMoving ? [] : left;
}

/**
 * Why the player `p` could not use `value` in position `pos` (its pawns where they stood
 * when the bag was forfeited, the blocks that held against it then): reason keys with
 * their parameters, each reason once. Mirrors RULES.md section 6 for the `wait` gate.
 * @param {import("./geometry.js").Board} board
 * @param {object} rules normalized rules (gate, entry)
 */
export function whyUnusable(board, rules, pos, p, value) {
  const reasons = new Map();
  const add = (key, params = {}) => reasons.set(`${key}:${JSON.stringify(params)}`, { key, params });
  const units = [...new Set(pos.pawns[p])].filter((i) => i !== board.home);
  const blocks = (pos.blocks || []).filter((b) => b.owner !== p && (b.blocked || []).includes(p));
  for (const i of units) {
    if (i < 0) {
      add("why.entry");
      continue;
    }
    // Under the circle gate a player who has not captured goes round ring 0 again.
    const wraps = rules.gate === "circle" && !pos.captured[p];
    const along = (k) => (wraps ? k % board.outerLen : k);
    const to = i + value;
    if (!wraps && !pos.captured[p] && to >= board.outerLen) {
      add("why.gate");
      continue;
    }
    if (!wraps && to > board.home) {
      add("why.exact");
      continue;
    }
    const passed = new Set();
    for (let k = i + 1; k < to; k++) passed.add(squareName(board.squareAt(p, along(k))));
    const block = blocks.find((b) => passed.has(squareName(board.squareAt(b.owner, b.at))));
    if (block) {
      add("why.block", { seat: seatName(board.seatOf(block.owner)), square: squareName(board.squareAt(block.owner, block.at)) });
      continue;
    }
    const target = squareName(board.squareAt(p, along(to)));
    if (!board.isSafe(target)) {
      const owner = pos.pawns.findIndex(
        (list, q) => q !== p && list.filter((x) => x >= 0 && squareName(board.squareAt(q, x)) === target).length >= 2,
      );
      if (owner >= 0) add("why.double", { seat: seatName(board.seatOf(owner)), square: target });
    }
  }
  return [...reasons.values()];
}

/** The log line for the values `event` forfeited, or null when it forfeited none. */
export function forfeitText(board, rules, before, event) {
  const values = forfeitedValues(before, event);
  if (values.length === 0) return null;
  const p = event.seat;
  // The pawns as they stood when the bag was given up, the blocks as they held then.
  const pos = { ...event.position, blocks: before.blocks || [] };
  const reasons = [];
  for (const v of [...new Set(values)]) {
    for (const r of whyUnusable(board, rules, pos, p, v)) {
      const text = t(r.key, r.params);
      if (!reasons.includes(text)) reasons.push(text);
    }
  }
  const key = values.length > 1 ? "log.forfeitMany" : "log.forfeitOne";
  const line = t(key, { seat: seatName(board.seatOf(p)), values: values.join(", ") });
  return reasons.length ? `${line}: ${reasons.join("; ")}` : line;
}
