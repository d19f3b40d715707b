// The preview of a selected unit's moves: where each target leads and what it does
// there, in words, from the facts the engine lists with every legal move (its path,
// capture, the double or block it forms). Nothing is worked out here.

import { squareName } from "./geometry.js";
import { t } from "./i18n.js";

/** One move's preview: "2 → e1 (captures)" from the move as the engine lists it. */
export function moveFacts(board, player, mv) {
  const square = squareName(board.squareAt(player, mv.to));
  const facts = [];
  if (mv.capture) facts.push(t("preview.capture"));
  // Short words: the preview lists every move of the pawn in two lines on a phone.
  if (mv.forms === "block") facts.push(t("preview.block"));
  else if (mv.forms === "double") facts.push(t("target.formsDouble"));
  if (mv.to === board.home) facts.push(t("preview.home"));
  const unit = mv.count > 1 && mv.from >= 0 ? "×2" : "";
  return `${mv.value}${unit} → ${square}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

/** The preview of every move of a selected unit, one after another. */
export function previewText(board, player, moves) {
  return moves.map((mv) => moveFacts(board, player, mv)).join("; ");
}
