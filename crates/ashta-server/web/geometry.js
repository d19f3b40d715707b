// Board geometry: square names, turning the board, rings, and the board of a game as the
// server describes it (each player's path and the safe squares come from the engine,
// never from the page). Squares are [file, rank] pairs counted from 0, as South sees the
// board (file 0 = a, rank 0 = rank 1).

/** The four seats in counter-clockwise order; a player's seat comes from the server's
 * board (or, before a game exists, the browser module's `seatsOf`). */
export const SEATS = ["south", "east", "north", "west"];

/** The name of a square, such as `c1`. */
export function squareName([file, rank]) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** Parses a square name such as `c1` on a board of side `size`; null when it is not one. */
export function parseSquare(name, size) {
  const m = /^([a-z])([1-9][0-9]*)$/.exec(name);
  if (!m) return null;
  const file = m[1].charCodeAt(0) - 97;
  const rank = Number(m[2]) - 1;
  if (file >= size || rank >= size) return null;
  return [file, rank];
}

/** Turns a square 90° counter-clockwise about the centre. */
export function rotateCcw([x, y], size) {
  return [size - 1 - y, x];
}

/** Turns a square 90° clockwise about the centre. */
export function rotateCw([x, y], size) {
  return [y, size - 1 - x];
}

/** The ring of a square: 0 is the outermost, (N−1)/2 the centre. */
export function ringOf([x, y], size) {
  return Math.min(x, y, size - 1 - x, size - 1 - y);
}

/** Everything the board needs about one game's geometry, as the server gives it in the
 * game's snapshot (`board`): the page never works out a path or a safe square itself. */
export class Board {
  /**
   * @param {{size: number, seats: number[], paths: string[][], safe: string[], home: number, outer: number}} board
   *   the server's board: the side N, each player's seat (0 = South … 3 = West) and path
   *   (square names by path index, start square to home), the safe squares' names, the
   *   home's path index and the outer ring's length
   */
  constructor(board) {
    const { size } = board;
    const square = (name) => {
      const sq = parseSquare(name, size);
      if (!sq) throw new Error(`square ${name} is not on a ${size}×${size} board`);
      return sq;
    };
    this.size = size;
    this.players = board.paths.length;
    this.seats = [...board.seats];
    this.paths = board.paths.map((names) => names.map(square));
    this.safe = new Set(board.safe.map((name) => squareName(square(name))));
    this.centre = [(size - 1) / 2, (size - 1) / 2];
    this.home = board.home;
    this.outerLen = board.outer;
  }
  /** The seat (0 = South … 3 = West) of player `p`. */
  seatOf(p) {
    return this.seats[p];
  }
  /** The square at path index `i` of player `p`, or null for −1 (off the board). */
  squareAt(p, i) {
    if (i < 0) return null;
    return this.paths[p][i];
  }
  /** The path index of a square on player `p`'s path. */
  indexOf(p, [x, y]) {
    return this.paths[p].findIndex(([a, b]) => a === x && b === y);
  }
  /** Whether a square (pair or name) is safe. */
  isSafe(sq) {
    return this.safe.has(typeof sq === "string" ? sq : squareName(sq));
  }
}
