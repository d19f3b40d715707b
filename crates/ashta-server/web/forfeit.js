// Values of a bag that could not be used and were forfeited (RULES.md 5.2: when no value
// left in the bag can be used, the rest of the bag is thrown away and the turn ends), and
// why, in words for the log and panel. The server sends both with the event that
// forfeited them, as the engine explained them (the event's `forfeit` field,
// docs/web-api.md): the page only words them and never works out the rules itself.

import { seatName, t } from "./i18n.js";

/** The text key of each reason the server sends. */
const REASON_KEYS = {
  gate: "why.gate",
  exact: "why.exact",
  entry: "why.entry",
  block: "why.block",
  double: "why.double",
};

/** The values `event` forfeited, largest first (its `forfeit` field); empty when none. */
export function forfeitedValues(event) {
  return event?.forfeit?.values ?? [];
}

/** One reason of a `forfeit` field in words; null for a reason the page has no words for.
 * `block` and `double` name the seat owning the double and its square. */
function reasonText(board, reason) {
  const key = REASON_KEYS[reason.reason];
  if (!key) return null;
  if (reason.square === undefined || reason.seat_of_double === undefined) return t(key);
  return t(key, { seat: seatName(board.seatOf(reason.seat_of_double)), square: reason.square });
}

/**
 * The log line for the values `event` forfeited, with each different reason once, or
 * null when it forfeited none.
 * @param {import("./geometry.js").Board} board
 */
export function forfeitText(board, event) {
  const values = forfeitedValues(event);
  if (values.length === 0) return null;
  const reasons = [];
  for (const r of event.forfeit.reasons ?? []) {
    const text = reasonText(board, r);
    if (text && !reasons.includes(text)) reasons.push(text);
  }
  const key = values.length > 1 ? "log.forfeitMany" : "log.forfeitOne";
  const line = t(key, { seat: seatName(board.seatOf(event.forfeit.seat)), values: values.join(", ") });
  return reasons.length ? `${line}: ${reasons.join("; ")}` : line;
}
