// The Hint button's answer in words: the play the server suggests (docs/web-api.md,
// `GET /api/games/{id}/hint`), move by move, with its chance to win.

import { moveText } from "./history.js";
import { t } from "./i18n.js";

/** The hint `answer` for player `p` on `board` as one sentence. */
export function hintText(board, p, answer) {
  const moves = answer.moves.map((mv) => moveText(board, p, mv));
  return t("hint.text", { moves: moves.join(t("hint.then")), win: Math.round((answer.win ?? 0) * 100) });
}
