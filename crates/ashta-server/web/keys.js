// The keyboard in a game: the shortcuts (Space or T throw, Enter throw or confirm, the
// arrows through the movable pawns and their destinations, H hint, U undo, ? the list
// of keys, P, B and W say the position, the bag and the players, L goes to the plays), which never fire while the player types in a field, and keeping the focus on
// the board or its controls when they are drawn afresh (it must not drop to <body>).

/** Whether `el` takes typed text (or keys of its own): shortcuts leave it alone. */
export function isTyping(el) {
  if (!el) return false;
  const tag = (el.tagName || "").toLowerCase();
  return tag === "input" || tag === "textarea" || tag === "select" || !!el.isContentEditable;
}

/** Whether `el` is pressed by Space and Enter itself (a button, a link, a pawn). */
function pressable(el) {
  if (!el || !el.tagName) return false;
  const tag = el.tagName.toLowerCase();
  return tag === "button" || tag === "a" || (el.getAttribute && el.getAttribute("role") === "button");
}

/**
 * The game action a key press asks for: "throw", "confirm", "hint", "undo", "keys",
 * "say-position", "say-bag", "say-players", "plays",
 * "arrow-left", "arrow-right", "arrow-up", "arrow-down", or null (not a shortcut, a
 * modifier held, or the player is typing). Space and Enter on a button, a link or a
 * pawn press that element instead.
 * @param {{key: string, target: Element, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} e
 */
export function shortcutFor(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === "t") return "throw";
  if (key === "h") return "hint";
  if (key === "u") return "undo";
  if (key === "?") return "keys";
  // Words for a screen reader: the position, the bag, whose turn and the players.
  if (key === "p") return "say-position";
  if (key === "b") return "say-bag";
  if (key === "w") return "say-players";
  // The plays in words (the first of them), and from there the board's grid.
  if (key === "l") return "plays";
  const arrows = { ArrowLeft: "arrow-left", ArrowRight: "arrow-right", ArrowUp: "arrow-up", ArrowDown: "arrow-down" };
  if (arrows[key]) return arrows[key];
  if ((key === " " || key === "Enter") && pressable(e.target)) return null;
  if (key === " ") return "throw";
  if (key === "Enter") return "confirm";
  return null;
}

/** The direction of an arrow action: −1 for left and up, +1 for right and down. */
export function arrowStep(action) {
  return action === "arrow-left" || action === "arrow-up" ? -1 : 1;
}

/** A selector that finds `el` again after it was drawn afresh, or null. */
export function focusKey(el) {
  if (!el || !el.getAttribute) return null;
  if (el.id) return `#${el.id}`;
  const d = el.dataset || {};
  if (d.yard !== undefined) return `[data-yard="${d.yard}"]`;
  const cls = el.classList || { contains: () => false };
  if (cls.contains("pawn") && d.player !== undefined) return `.pawn[data-player="${d.player}"][data-index="${d.index}"]`;
  if (cls.contains("target") && d.from !== undefined) return `.target[data-from="${d.from}"][data-value="${d.value}"][data-count="${d.count}"]`;
  return null;
}

/** Where the focus goes when what had it is gone, best first. */
export const FOCUS_FALLBACKS = [".target", ".pawn.selected", "#throw:not(:disabled)", "[data-yard].selected", ".pawn.movable", "[data-yard].movable", "#board"];

/** Puts the focus back into `root` when it dropped to <body> (or nowhere) after a
 * redraw: on the element `key` names if it is still there and enabled, else on the first
 * fallback found. Returns the element focused, or null when nothing was done. */
export function restoreFocus(root, key, doc = root.ownerDocument) {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.isConnected) return null;
  const candidates = [key, ...FOCUS_FALLBACKS].filter(Boolean);
  for (const sel of candidates) {
    const el = root.querySelector(sel);
    if (el && !el.disabled) {
      el.focus({ preventScroll: true });
      if (doc.activeElement === el) return el;
    }
  }
  return null;
}
