// A game's events read back: each event in words for the move log, the statistics of
// every player, the final places, and the start position for the replay.

import { cowrieText } from "./cowries.js";
import { squareName } from "./geometry.js";
import { seatName, t } from "./i18n.js";

/** The start position of a game: every pawn on its start square (off the board under
 * grace entry), South to throw. */
export function startPosition({ rules, size, players }, entry, pawns) {
  const where = entry === "grace" ? -1 : 0;
  return {
    rules,
    size,
    players,
    to_move: 0,
    bag: [],
    pawns: Array.from({ length: players }, () => Array(pawns).fill(where)),
    captured: Array(players).fill(false),
    blocks: [],
    extra_turns: 0,
  };
}

/** The players whose pawns a capturing move sent back: for each opponent on the
 * landing square in `before` (the position before the move), how many pawns. */
export function capturedBy(board, p, mv, before) {
  if (!mv.capture || !before || mv.from < 0) return [];
  const landing = squareName(board.squareAt(p, mv.to));
  const out = [];
  before.pawns.forEach((list, q) => {
    if (q === p) return;
    const count = list.filter((i) => i >= 0 && squareName(board.squareAt(q, i)) === landing).length;
    if (count > 0) out.push({ player: q, count });
  });
  return out;
}

/** A move in words, for player `p` on `board`: "3: c1 → e2", a pair, an entry; with
 * `before` (the position before it) a capture names whose pawns it sent back. */
export function moveText(board, p, mv, before = null) {
  if (mv.from < 0) return t("log.entry", { seat: seatName(board.seatOf(p)), count: mv.count, value: mv.value });
  const from = squareName(board.squareAt(p, mv.from));
  const to = squareName(board.squareAt(p, mv.to));
  const key = mv.count > 1 ? "log.pairMove" : "log.move";
  const text = t(key, { seat: seatName(board.seatOf(p)), value: mv.value, from, to });
  if (!mv.capture) return text;
  const victims = capturedBy(board, p, mv, before);
  if (victims.length === 0) return `${text} ${t("log.capture")}`;
  const words = victims.map(({ player, count }) =>
    count > 1 ? t("log.capturePawns", { seat: seatName(board.seatOf(player)), count }) : t("log.capturePawn", { seat: seatName(board.seatOf(player)) }),
  );
  return `${text} ${words.join(", ")}`;
}

/** An event in words, or null for an event kind the log does not show; `before` is the
 * position before it (for the names of captured pawns). */
export function eventText(board, event, before = null) {
  switch (event.kind) {
    case "throw":
      return t("log.throw", {
        seat: seatName(board.seatOf(event.seat)),
        cowries: cowrieText(event.cowries || []),
        value: event.value ?? t("throw.none"),
      }) + (event.again ? ` (${t("throw.again")})` : "") + (event.end === "forfeited" ? ` (${t("throw.forfeited")})` : "") + (event.end === "voided" ? ` (${t("throw.voided")})` : "");
    case "move":
      return moveText(board, event.seat, event.move, before);
    case "undo":
      return t("log.undo", { seat: seatName(board.seatOf(event.seat)) });
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
    return t("game.winner", { seat: seatName(board.seatOf(result.winner)) });
  }
  return t("game.draw", { reason: t(`draw.${result.draw}`) });
}

/** How far a player has come: the sum of its pawns' path indices. */
export function progress(position, p) {
  return position.pawns[p].reduce((sum, i) => sum + i, 0);
}

/** The places at the end: players who finished, in their order, then the others by how
 * far their pawns came. Each entry: {player, place, finished}. */
export function finalPlaces(result, position, home) {
  const players = position.pawns.length;
  const finishedOrder = [];
  const given = result?.places?.length ? result.places : result?.winner !== null && result?.winner !== undefined ? [result.winner] : [];
  for (const p of given) if (!finishedOrder.includes(p)) finishedOrder.push(p);
  const rest = [];
  for (let p = 0; p < players; p++) if (!finishedOrder.includes(p)) rest.push(p);
  rest.sort((a, b) => progress(position, b) - progress(position, a) || a - b);
  return [
    ...finishedOrder.map((player, i) => ({ player, place: i + 1, finished: position.pawns[player].every((x) => x === home) || i === 0 })),
    ...rest.map((player, i) => ({ player, place: finishedOrder.length + i + 1, finished: false })),
  ];
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
 * kept where it happened), each with the position before it (`start` for the first). */
export function logEntries(events, start) {
  let before = start;
  return effectiveEvents(events, { keepUndo: true }).map((event) => {
    const entry = { event, before };
    if (event.position) before = event.position;
    return entry;
  });
}

/** Statistics of each player over the events: throws, graces, sum thrown, moves,
 * captures made, pawns lost to captures, pawns home. */
export function gameStats(events, start, home) {
  const players = start.pawns.length;
  const stats = Array.from({ length: players }, () => ({ throws: 0, graces: 0, thrown: 0, moves: 0, captures: 0, lost: 0, home: 0 }));
  let before = start;
  for (const event of effectiveEvents(events)) {
    if (event.kind === "throw") {
      stats[event.seat].throws += 1;
      if (event.again) stats[event.seat].graces += 1;
      stats[event.seat].thrown += event.value || 0;
    } else if (event.kind === "move") {
      stats[event.seat].moves += 1;
      if (event.move.capture) {
        stats[event.seat].captures += 1;
        for (let q = 0; q < players; q++) {
          if (q === event.seat) continue;
          const back = (pos) => pos.pawns[q].filter((i) => i <= 0).length;
          stats[q].lost += Math.max(0, back(event.position) - back(before));
        }
      }
    }
    if (event.position) before = event.position;
  }
  for (let p = 0; p < players; p++) stats[p].home = before.pawns[p].filter((i) => i === home).length;
  return stats;
}
