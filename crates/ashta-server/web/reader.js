// Playing by screen reader: the board as a grid that the arrow keys walk, each square
// read with what stands on it ("c3, safe square, 2 North pawns, a double"); the legal
// plays as a list of buttons in words ("4: c1 → e3, captures"); and the position, the
// bag and the players in words for the keys that say them. Every fact is the engine's
// (the board's squares and paths, the position, the legal moves with their facts).

import { pawnGroups } from "./board.js";
import { squareName } from "./geometry.js";
import { moveText } from "./history.js";
import { seatName, t } from "./i18n.js";
import { moveFacts } from "./preview.js";

/** A square in words: its name, safe or home, and the pawns on it by player. */
export function squareWords(board, position, name) {
  const words = [name];
  const homeName = squareName(board.squareAt(0, board.home));
  if (name === homeName) words.push(t("game.home"));
  else if (board.isSafe(name)) words.push(t("reader.safe"));
  const groups = pawnGroups(board, position).get(name) || [];
  for (const g of groups) {
    const seat = seatName(board.seatOf(g.player));
    words.push(g.count === 1 ? t("reader.pawn", { seat }) : t("reader.pawns", { seat, count: g.count }));
    if (g.count > 1 && name !== homeName && !board.isSafe(name)) words.push(t("reader.double"));
  }
  if (groups.length === 0) words.push(t("reader.empty"));
  return words.join(", ");
}

/** A legal move in words for the plays list: the log's words and the move's facts. */
export function playWords(board, player, mv) {
  return `${moveText(board, player, mv)} (${moveFacts(board, player, mv)})`;
}

/** Where every player's pawns stand, in words. */
export function positionWords(board, position) {
  return position.pawns
    .map((list, p) => {
      const seat = seatName(board.seatOf(p));
      const home = list.filter((i) => i === board.home).length;
      const off = list.filter((i) => i < 0).length;
      const on = list.filter((i) => i >= 0 && i !== board.home).map((i) => squareName(board.squareAt(p, i)));
      return t("reader.where", { seat, squares: on.length ? on.join(" ") : t("reader.none"), home, off });
    })
    .join(". ");
}

/** Each player's progress in words: pawns home, by seat. */
export function playersWords(board, snap) {
  return snap.seats
    .map((seat, p) => {
      const who = seat.name || t(seat.kind === "bot" ? "reader.computer" : "reader.person");
      const home = snap.position.pawns[p].filter((i) => i === board.home).length;
      return t("reader.player", { seat: seatName(board.seatOf(p)), who, home });
    })
    .join(". ");
}

/** Whose turn it is and what they do, in words. */
export function turnWords(board, snap) {
  if (snap.status !== "playing") return "";
  const seat = seatName(board.seatOf(snap.position.to_move));
  return snap.must_throw ? t("reader.toThrow", { seat }) : t("reader.toMove", { seat, bag: snap.position.bag.join(" ") });
}

/** The bag in words. */
export function bagWords(position) {
  return `${t("game.bag")}: ${position.bag.length ? position.bag.join(" ") : t("game.bagEmpty")}`;
}

/**
 * The screen reader's view of a game: a grid of the board's squares (one tab stop; the
 * arrows walk it, Home and End go to a row's ends) and a list of the legal plays as
 * buttons. `onPlay(mv)` plays a move.
 */
export class ReaderView {
  constructor(container, { onPlay }) {
    this.container = container;
    this.onPlay = onPlay;
    this.board = null;
    this.cells = new Map();
    this.at = [0, 0];
  }

  /** Draws the grid of `board`'s squares, rank by rank from the top. */
  setGame(board) {
    this.board = board;
    this.cells = new Map();
    const n = board.size;
    const rows = [];
    for (let y = n - 1; y >= 0; y--) {
      const cells = [];
      for (let x = 0; x < n; x++) {
        const name = squareName([x, y]);
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = x === 0 && y === 0 ? 0 : -1;
        cell.dataset.square = name;
        this.cells.set(`${x},${y}`, cell);
        cells.push(cell);
      }
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.append(...cells);
      rows.push(row);
    }
    this.grid = document.createElement("div");
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", t("reader.board"));
    this.grid.id = "reader-board";
    this.grid.append(...rows);
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.plays = document.createElement("ul");
    this.plays.id = "reader-plays";
    this.plays.setAttribute("aria-label", t("reader.plays"));
    this.container.replaceChildren(this.grid, this.plays);
    this.at = [0, 0];
  }

  /** Writes what stands on every square, and the plays of `player` (none when it is not
   * theirs to move). */
  render(position, legal, player) {
    if (!this.board) return;
    for (const cell of this.cells.values()) cell.textContent = squareWords(this.board, position, cell.dataset.square);
    const hadFocus = this.plays.contains(document.activeElement);
    const items = (player === null ? [] : legal).map((mv) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "reader-play";
      button.textContent = playWords(this.board, player, mv);
      button.addEventListener("click", () => this.onPlay(mv));
      const li = document.createElement("li");
      li.append(button);
      return li;
    });
    this.plays.replaceChildren(...items);
    if (hadFocus) (this.plays.querySelector("button") || this.grid.querySelector('[tabindex="0"]'))?.focus({ preventScroll: true });
  }

  /** Puts the focus on the first play, or on the board's grid when there is none. */
  focusPlays() {
    (this.plays?.querySelector("button") || this.grid?.querySelector('[tabindex="0"]'))?.focus({ preventScroll: true });
  }

  /** The arrows walk the grid (its own keys: the game's shortcuts leave them alone). */
  key(e) {
    const n = this.board.size;
    const [x, y] = this.at;
    const moves = { ArrowLeft: [x - 1, y], ArrowRight: [x + 1, y], ArrowUp: [x, y + 1], ArrowDown: [x, y - 1], Home: [0, y], End: [n - 1, y] };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    const [nx, ny] = [Math.max(0, Math.min(n - 1, to[0])), Math.max(0, Math.min(n - 1, to[1]))];
    this.cells.get(`${x},${y}`).tabIndex = -1;
    const cell = this.cells.get(`${nx},${ny}`);
    cell.tabIndex = 0;
    cell.focus();
    this.at = [nx, ny];
  }
}
