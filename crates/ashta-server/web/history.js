// A game's events read back: each event in words for the move log and the statistics
// of every player. Every fact is the server's (or the browser module's): a move event
// names the pawns it captured, the snapshot gives the start position, the module the
// final places.

import { cowrieText } from "./cowries.js";
import { squareName } from "./geometry.js";
import { seatName, t } from "./i18n.js";

/** A move in words, for player `p` on `board`: "3: c1 → e2", a pair, an entry; with
 * `captured` (a move event's: `{seat, count}`) a capture names whose pawns it sent back. */
export function moveText(board, p, mv, captured = null) {
  if (mv.from < 0) return t("log.entry", { seat: seatName(board.seatOf(p)), count: mv.count, value: mv.value });
  const from = squareName(board.squareAt(p, mv.from));
  const to = squareName(board.squareAt(p, mv.to));
  const key = mv.count > 1 ? "log.pairMove" : "log.move";
  const text = t(key, { seat: seatName(board.seatOf(p)), value: mv.value, from, to });
  if (!mv.capture) return text;
  if (!captured) return `${text} ${t("log.capture")}`;
  const seat = seatName(board.seatOf(captured.seat));
  const words = captured.count > 1 ? t("log.capturePawns", { seat, count: captured.count }) : t("log.capturePawn", { seat });
  return `${text} ${words}`;
}

/** An event in words, or null for an event kind the log does not show. */
export function eventText(board, event) {
  switch (event.kind) {
    case "throw":
      return t("log.throw", {
        seat: seatName(board.seatOf(event.seat)),
        cowries: cowrieText(event.cowries || []),
        value: event.value ?? t("throw.none"),
      }) + (event.again ? ` (${t("throw.again")})` : "") + (event.end === "forfeited" ? ` (${t("throw.forfeited")})` : "") + (event.end === "voided" ? ` (${t("throw.voided")})` : "");
    case "move":
      return moveText(board, event.seat, event.move, event.captured);
    case "undo":
      return t("log.undo", { seat: seatName(board.seatOf(event.seat)) });
    case "resign":
      return t("log.resign", { seat: seatName(board.seatOf(event.seat)) });
    case "finished":
      return `${t("log.finished")}: ${resultText(board, event.result)}`;
    default:
      return null;
  }
}

/** The result in words: who won, or the draw and why. */
export function resultText(board, result) {
  if (!result) return "";
  if (result.winner !== null && result.winner !== undefined) {
    // A win claimed over players who left says so (RULES.md 8.6).
    if (result.claimed) return t("game.winnerByClaim", { seat: seatName(board.seatOf(result.winner)) });
    return t("game.winner", { seat: seatName(board.seatOf(result.winner)) });
  }
  return t("game.draw", { reason: t(`draw.${result.draw}`) });
}

/** The events that stand at the end: an undo takes away every event after the state it
 * went back to, throws included, since the server rewinds its seeded generator with
 * them. That state is the latest event whose position is the undo's (the start of the
 * seat's last moving phase), or else the event of version `to_version`. With
 * `keepUndo` each undo stays in the list where it happened (for the move log). */
export function effectiveEvents(events, { keepUndo = false } = {}) {
  const kept = [];
  for (const event of events) {
    if (event.kind !== "undo") {
      kept.push(event);
      continue;
    }
    const target = event.position ? JSON.stringify(event.position) : null;
    let keep = -1;
    if (target !== null) {
      for (let i = kept.length - 1; i >= 0; i--) {
        if (kept[i].kind !== "undo" && kept[i].position && JSON.stringify(kept[i].position) === target) {
          keep = i + 1;
          break;
        }
      }
    }
    if (keep < 0) {
      keep = kept.length;
      while (keep > 0 && kept[keep - 1].version > event.to_version) keep -= 1;
    }
    kept.length = keep;
    if (keepUndo) kept.push(event);
  }
  return kept;
}

/** The throw the game stands on: the last throw that no undo took back (null if none).
 * After an undo this is the throw that gave the bag of the position undone to. */
export function lastThrow(events) {
  const kept = effectiveEvents(events);
  for (let i = kept.length - 1; i >= 0; i--) if (kept[i].kind === "throw") return kept[i];
  return null;
}

/** The lines of the move log: every event that stands (undone ones left out, each undo
 * kept where it happened). */
export function logEvents(events) {
  return effectiveEvents(events, { keepUndo: true });
}

/** Statistics of each player over the events: throws, graces, sum thrown, moves,
 * captures made, pawns lost to captures (as each move event names them), and pawns
 * home in `position` (the last). */
export function gameStats(events, position, home) {
  const players = position.pawns.length;
  const stats = Array.from({ length: players }, () => ({ throws: 0, graces: 0, thrown: 0, moves: 0, captures: 0, lost: 0, home: 0 }));
  for (const event of effectiveEvents(events)) {
    if (event.kind === "throw") {
      stats[event.seat].throws += 1;
      if (event.again) stats[event.seat].graces += 1;
      stats[event.seat].thrown += event.value || 0;
    } else if (event.kind === "move") {
      stats[event.seat].moves += 1;
      if (event.move.capture) stats[event.seat].captures += 1;
      if (event.captured && stats[event.captured.seat]) stats[event.captured.seat].lost += event.captured.count;
    }
  }
  for (let p = 0; p < players; p++) stats[p].home = position.pawns[p].filter((i) => i === home).length;
  return stats;
}

/** The turn of each step of a replay (the start, then each of `events`), numbered from 1
 * as the review and the game record number them: a turn is one player's throws and then
 * their moves, so a throw after a move, after another seat's throw or after a throw that
 * ended its turn begins the next. The start counts as turn 1, about to be played. */
export function replayTurns(events) {
  const turns = [1];
  let turn = 0;
  let prev = null;
  for (const e of events) {
    if (e.kind === "throw" && (prev === null || prev.kind !== "throw" || prev.seat !== e.seat || prev.end)) turn += 1;
    turns.push(Math.max(1, turn));
    if (e.kind === "throw" || e.kind === "move") prev = e;
  }
  return turns;
}
