// Board geometry, exactly as the engine's `geometry.rs` builds it: square names, rings,
// the path of every seat and the default safe squares. Squares are [file, rank] pairs
// counted from 0, as South sees the board (file 0 = a, rank 0 = rank 1).

/** The four seats in counter-clockwise order; a player's seat comes from `seatsFor`. */
export const SEATS = ["south", "east", "north", "west"];

/** The seats (0 = South … 3 = West) of a game of `players` players, in turn order. */
export function seatsFor(players) {
  if (players === 2) return [0, 2];
  if (players === 3) return [0, 1, 2];
  return [0, 1, 2, 3];
}

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

/** Whether `size` is a board side the engine plays: odd, 5 to 15. */
export function isBoardSize(size) {
  return Number.isInteger(size) && size % 2 === 1 && size >= 5 && size <= 15;
}

/** South's path: ring 0 counter-clockwise from the start square, then each inner ring
 * clockwise from its bottom row (entered at the previous ring's last file, clamped),
 * then the centre. */
export function southPath(n) {
  if (!isBoardSize(n)) throw new Error(`bad board size ${n}: an odd number from 5 to 15`);
  const c = (n - 1) / 2;
  const path = [];
  const outer = [];
  for (let x = 0; x < n; x++) outer.push([x, 0]);
  for (let y = 1; y < n; y++) outer.push([n - 1, y]);
  for (let x = n - 2; x >= 0; x--) outer.push([x, n - 1]);
  for (let y = n - 2; y >= 1; y--) outer.push([0, y]);
  const start = outer.findIndex(([x, y]) => x === c && y === 0);
  path.push(...outer.slice(start), ...outer.slice(0, start));
  for (let k = 1; k < c; k++) {
    const lo = k;
    const hi = n - 1 - k;
    const ring = [];
    for (let y = lo; y <= hi; y++) ring.push([lo, y]);
    for (let x = lo + 1; x <= hi; x++) ring.push([x, hi]);
    for (let y = hi - 1; y >= lo; y--) ring.push([hi, y]);
    for (let x = hi - 1; x >= lo + 1; x--) ring.push([x, lo]);
    const lastFile = path[path.length - 1][0];
    const entryFile = Math.min(Math.max(lastFile, lo), hi);
    const at = ring.findIndex(([x, y]) => x === entryFile && y === lo);
    path.push(...ring.slice(at), ...ring.slice(0, at));
  }
  path.push([c, c]);
  return path;
}

/** The path of a seat (0 = South … 3 = West): South's path turned counter-clockwise
 * once per seat. */
export function seatPath(n, seat) {
  return southPath(n).map((sq) => {
    let s = sq;
    for (let i = 0; i < seat; i++) s = rotateCcw(s, n);
    return s;
  });
}

/** The default safe squares, sorted like the engine's (by rank, then file): the four
 * start squares, the centre and, on 7×7 and larger, ring 1's corners, then alternately
 * the side midpoints (even rings) and corners (odd rings) of every ring but the
 * innermost. */
export function defaultSafe(n) {
  const c = (n - 1) / 2;
  const safe = [0, 1, 2, 3].map((seat) => seatPath(n, seat)[0]);
  for (let k = 1; k < c - 1; k++) {
    const lo = k;
    const hi = n - 1 - k;
    if (k % 2 === 1) {
      safe.push([lo, lo], [hi, lo], [hi, hi], [lo, hi]);
    } else {
      safe.push([c, lo], [hi, c], [c, hi], [lo, c]);
    }
  }
  safe.push([c, c]);
  safe.sort((a, b) => a[1] * n + a[0] - (b[1] * n + b[0]));
  return safe;
}

/** Everything the board needs about one game's geometry. */
export class Board {
  /**
   * @param {number} size board side N
   * @param {number} players 2, 3 or 4
   * @param {string[] | "default"} safe the rules' safe squares (names) or "default"
   */
  constructor(size, players, safe = "default") {
    this.size = size;
    this.players = players;
    this.seats = seatsFor(players);
    this.paths = [0, 1, 2, 3].map((seat) => seatPath(size, seat));
    const safeSquares =
      safe === "default" || safe == null
        ? defaultSafe(size)
        : safe.map((name) => {
            const sq = parseSquare(name, size);
            if (!sq) throw new Error(`safe square ${name} is not on a ${size}×${size} board`);
            return sq;
          });
    this.safe = new Set(safeSquares.map((sq) => squareName(sq)));
    this.centre = [(size - 1) / 2, (size - 1) / 2];
    this.home = size * size - 1;
    this.outerLen = 4 * (size - 1);
  }
  /** The seat (0 = South … 3 = West) of player `p`. */
  seatOf(p) {
    return this.seats[p];
  }
  /** The square at path index `i` of player `p`, or null for −1 (off the board). */
  squareAt(p, i) {
    if (i < 0) return null;
    return this.paths[this.seatOf(p)][i];
  }
  /** The path index of a square on player `p`'s path. */
  indexOf(p, [x, y]) {
    return this.paths[this.seatOf(p)].findIndex(([a, b]) => a === x && b === y);
  }
  /** Whether a square (pair or name) is safe. */
  isSafe(sq) {
    return this.safe.has(typeof sq === "string" ? sq : squareName(sq));
  }
}
