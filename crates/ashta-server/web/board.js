// The board as SVG, drawn to scale: squares (crossed when safe), the home, pawns in four
// colour-blind-safe colours, each seat with its own shape and letter, stacks with their
// count, doubles and blocks, the targets of a selected pawn, and pawns moving along
// their path. The board is turned so that the viewer's own seat sits at the bottom.

import { h, s, sleep } from "./dom.js";
import { rotateCw, squareName } from "./geometry.js";
import { t } from "./i18n.js";

export const CELL = 100;

/** The colours of the seats (Okabe–Ito palette, safe for colour-blind eyes), by seat. */
export const SEAT_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7"];

/** The colour of the letter on each seat's pawns: white on blue, near-black on the
 * lighter orange, green and pink (each at least 4.5:1, WCAG AA). */
export const LETTER_COLOURS = ["#ffffff", "#1b1b1b", "#1b1b1b", "#1b1b1b"];

/** The shape of each seat's pawns, by seat. */
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];

/** Where each pawn of a position stands: a map from square name to the groups on it,
 * [{player, index, count}], in player order; pawns at −1 (off the board) are left out.
 * `exclude` ({player, index, count}) takes that many pawns away first (a unit that is
 * being animated). */
export function pawnGroups(board, position, exclude = null) {
  const groups = new Map();
  position.pawns.forEach((list, player) => {
    const counts = new Map();
    for (const i of list) counts.set(i, (counts.get(i) || 0) + 1);
    if (exclude && exclude.player === player && counts.has(exclude.index)) {
      counts.set(exclude.index, counts.get(exclude.index) - exclude.count);
    }
    for (const [index, count] of counts) {
      if (index < 0 || count <= 0) continue;
      const name = squareName(board.squareAt(player, index));
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push({ player, index, count });
    }
  });
  return groups;
}

/** The draw of one seat's pawn mark: its shape, filled with the seat's colour, and its
 * letter; `r` is the half-size. */
export function pawnMark(seat, r) {
  const colour = SEAT_COLOURS[seat];
  const common = { fill: colour, stroke: "#1b1b1b", "stroke-width": Math.max(2, r / 8), class: "pawn-shape" };
  let shape;
  switch (SEAT_SHAPES[seat]) {
    case "square":
      shape = s("rect", { ...common, x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.2 });
      break;
    case "triangle":
      shape = s("polygon", { ...common, points: `0,${-r * 1.05} ${r * 1.05},${r * 0.8} ${-r * 1.05},${r * 0.8}` });
      break;
    case "diamond":
      shape = s("polygon", { ...common, points: `0,${-r * 1.1} ${r * 1.1},0 0,${r * 1.1} ${-r * 1.1},0` });
      break;
    default:
      shape = s("circle", { ...common, r });
  }
  const text = t(`seat.letter.${seat}`);
  const long = [...text].length;
  const letter = s(
    "text",
    {
      class: "pawn-letter",
      // The pawn's label says it in words: its letter is only drawn.
      "aria-hidden": "true",
      "text-anchor": "middle",
      "dominant-baseline": "central",
      y: SEAT_SHAPES[seat] === "triangle" ? r * 0.25 : 0,
      "font-size": long <= 1 ? r * 0.95 : long === 2 ? r * 0.72 : r * 0.56,
      fill: LETTER_COLOURS[seat],
    },
    text,
  );
  return [shape, letter];
}

/** The board view of one game. */
export class BoardView {
  /**
   * @param {HTMLElement} container where the SVG goes
   * @param {object} handlers onPawn({player, index, count, square}), onTarget(move),
   *   onSquare(name)
   */
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.svg = null;
  }

  /** Sets the game's geometry and whose seat sits at the bottom. */
  setGame(board, viewerSeat = 0) {
    this.board = board;
    this.turns = viewerSeat;
    const n = board.size;
    this.svg = s("svg", {
      class: "board",
      viewBox: `0 0 ${n * CELL} ${n * CELL}`,
      // A board played on is a group (its movable pawns and targets are controls); a
      // board only shown (a review's mistake, a picture of the rules) is a picture.
      role: this.handlers.onPawn ? "group" : "img",
      "aria-label": t("app.title"),
      preserveAspectRatio: "xMidYMid meet",
      // The seat whose side is at the bottom (a board turned toward the player to move).
      "data-turns": String(viewerSeat),
    });
    this.squaresLayer = s("g", { class: "squares" });
    this.marksLayer = s("g", { class: "marks" });
    this.pawnsLayer = s("g", { class: "pawns" });
    this.targetsLayer = s("g", { class: "targets" });
    // The arrowhead of a route's line, at every square it passes.
    const defs = s(
      "defs",
      {},
      s(
        "marker",
        { id: "route-arrow", viewBox: "0 0 10 10", refX: "5", refY: "5", markerWidth: "3.2", markerHeight: "3.2", orient: "auto", markerUnits: "strokeWidth" },
        s("path", { class: "route-arrow", d: "M0,0L10,5L0,10z", fill: "#1b1b1b" }),
      ),
    );
    this.svg.append(defs, this.squaresLayer, this.marksLayer, this.pawnsLayer, this.targetsLayer);
    this.drawSquares();
    this.container.replaceChildren(this.svg);
  }

  /** The centre of a square in SVG units, after turning the board for the viewer. */
  cellCentre([x, y]) {
    let sq = [x, y];
    for (let i = 0; i < this.turns; i++) sq = rotateCw(sq, this.board.size);
    const n = this.board.size;
    return [sq[0] * CELL + CELL / 2, (n - 1 - sq[1]) * CELL + CELL / 2];
  }

  drawSquares() {
    const b = this.board;
    const n = b.size;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const name = squareName([x, y]);
        const [cx, cy] = this.cellCentre([x, y]);
        const isCentre = x === b.centre[0] && y === b.centre[1];
        const safe = b.isSafe([x, y]);
        const g = s("g", {
          class: `square${safe ? " safe" : ""}${isCentre ? " home" : ""}`,
          dataset: { square: name },
          onclick: () => this.handlers.onSquare?.(name),
        });
        g.append(
          s("rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: "cell" }),
        );
        if (safe) {
          const d = CELL / 2 - 6;
          g.append(
            s("path", {
              class: "cross",
              d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx + d},${cy - d}L${cx - d},${cy + d}`,
            }),
          );
        }
        if (isCentre) {
          g.append(s("rect", { class: "home-ring", x: cx - CELL / 2 + 8, y: cy - CELL / 2 + 8, width: CELL - 16, height: CELL - 16, rx: 10 }));
        }
        g.append(s("text", { class: "square-name", x: cx - CELL / 2 + 4, y: cy + CELL / 2 - 5 }, name));
        this.squaresLayer.append(g);
      }
    }
  }

  /**
   * Draws a position: every pawn group, the blocks, and for a selected unit the
   * squares its moves reach.
   * @param {object} position the position JSON
   * @param {object} options selected ({player, index}), targets ([move]), exclude
   *   (a unit left out while it is animated), mover (the player to move), hint (the
   *   move a hint suggests, marked among the targets), movable (the path indices of
   *   the mover's units that have a legal move, from the engine's list: each is marked,
   *   named as movable and tappable over its whole square), route (a player whose path
   *   is drawn over the board)
   */
  render(position, { selected = null, targets = [], exclude = null, mover = null, hint = null, movable = null, route = null, last = null } = {}) {
    this.position = position;
    this.pawnsLayer.replaceChildren();
    this.marksLayer.replaceChildren();
    this.targetsLayer.replaceChildren();
    for (const g of this.squaresLayer.children) g.classList.remove("path-step");
    this.drawBlocks(position, selected);
    if (route !== null) this.marksLayer.append(routePicture(this, route));
    if (last) this.marksLayer.append(lastMovePicture(this, last));
    this.drawPawns(position, { selected, exclude, mover, movable });
    this.drawTargets(position, { selected, targets, hint });
  }

  /** The blocks of `position`, each in its owner's colour; with a unit selected, each
   * says whom it stops. */
  drawBlocks(position, selected) {
    const b = this.board;
    const blocked = new Map();
    for (const block of position.blocks || []) {
      blocked.set(squareName(b.squareAt(block.owner, block.at)), block);
    }
    for (const [name, block] of blocked) {
      const sq = b.squareAt(block.owner, block.at);
      const [cx, cy] = this.cellCentre(sq);
      const seat = b.seatOf(block.owner);
      this.marksLayer.append(
        s(
          "rect",
          {
            class: "block-mark",
            x: cx - CELL / 2 + 3,
            y: cy - CELL / 2 + 3,
            width: CELL - 6,
            height: CELL - 6,
            stroke: SEAT_COLOURS[seat],
            dataset: { block: name },
          },
          s("title", {}, t("game.block", { seats: block.blocked.map((p) => t(`seat.${b.seatOf(p)}`)).join(", ") })),
        ),
      );
      if (selected) {
        // With a pawn selected the blocks say whom they stop, without a hover (touch).
        const words = `⊘ ${block.blocked.map((p) => t(`seat.letter.${b.seatOf(p)}`)).join(" ")}`;
        const x = cx - CELL / 2 + 6;
        const y = cy - CELL / 2 + 6;
        this.marksLayer.append(
          s(
            "g",
            { class: "block-label", dataset: { blockLabel: name } },
            s("rect", { class: "block-label-bg", x, y, width: 14 + 13 * block.blocked.length, height: 22, rx: 4 }),
            s("text", { class: "block-label-text", x: x + 4, y: y + 16 }, words),
          ),
        );
      }
    }
  }

  /** Every pawn group of `position` (`exclude` left out), the units that can move drawn
   * last, so their squares' taps reach them. */
  drawPawns(position, { selected, exclude, mover, movable }) {
    const b = this.board;
    const later = [];
    for (const [name, groups] of pawnGroups(b, position, exclude)) {
      const sq = b.squareAt(groups[0].player, groups[0].index);
      const [cx, cy] = this.cellCentre(sq);
      const safe = b.isSafe(sq);
      const slots = slotOffsets(groups.length);
      groups.forEach((group, k) => {
        const [ox, oy] = slots[k];
        const r = groups.length === 1 ? 26 : 17;
        const canMove = !!movable && mover === group.player && movable.has(group.index);
        const token = this.pawnToken(group, { name, safe, at: [cx + ox, cy + oy], offset: [ox, oy], r, selected, mover, canMove });
        if (canMove) later.push(token);
        else this.pawnsLayer.append(token);
      });
    }
    this.pawnsLayer.append(...later);
  }

  /** One pawn group on square `name` at `at` (its slot's `offset` from the square's
   * centre), of radius `r`: its seat's mark, its count, and its rings (a double, the
   * unit selected, a unit that can move, which is a control). */
  pawnToken(group, { name, safe, at, offset, r, selected, mover, canMove }) {
    const b = this.board;
    const [ox, oy] = offset;
    const seat = b.seatOf(group.player);
    const isDouble = !safe && group.count >= 2 && group.index !== b.home;
    const isSelected = selected && selected.player === group.player && selected.index === group.index;
    // The words start with what is drawn ("S4", a letter and a count), then say it.
    const drawn = group.count > 1 ? `${t(`seat.letter.${seat}`)}${group.count}, ` : "";
    const label = `${drawn}${t(`seat.${seat}`)} ×${group.count} ${name}${canMove ? `, ${t("game.movable")}` : ""}`;
    const press = () => this.handlers.onPawn?.({ ...group, square: name });
    const token = s("g", {
      class: `pawn seat-${seat}${isDouble ? " double" : ""}${isSelected ? " selected" : ""}${
        mover === group.player ? " to-move" : ""
      }${canMove ? " movable" : ""}`,
      transform: `translate(${at[0]},${at[1]})`,
      // Only the units that can move are controls and Tab stops (the arrow keys go
      // between them); a tap on another pawn means its square.
      tabindex: canMove || isSelected ? 0 : -1,
      role: canMove || isSelected ? "button" : "img",
      "aria-label": label,
      dataset: { player: String(group.player), index: String(group.index), count: String(group.count), square: name },
      onclick: (e) => {
        e.stopPropagation();
        press();
      },
      onkeydown: (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          press();
        }
      },
    });
    // A movable unit answers a tap anywhere on its square (at least 44 px on a
    // phone) and wears a dashed ring and an arrow.
    if (canMove) token.append(s("rect", { class: "pawn-hit", x: -CELL / 2 - ox, y: -CELL / 2 - oy, width: CELL, height: CELL }));
    if (isDouble) token.append(s("circle", { class: "double-ring", r: r + 7 }));
    if (canMove) token.append(s("circle", { class: "movable-ring", r: r + 4 }));
    if (isSelected) token.append(s("circle", { class: "select-ring", r: r + 11 }));
    token.append(...pawnMark(seat, r));
    if (group.count > 1) {
      token.append(
        s("circle", { class: "count-badge", cx: r * 0.9, cy: -r * 0.9, r: 11 }),
        s("text", { class: "count-text", "aria-hidden": "true", x: r * 0.9, y: -r * 0.9, "text-anchor": "middle", "dominant-baseline": "central" }, String(group.count)),
      );
    }
    if (canMove) token.append(s("path", { class: "movable-arrow", d: `M-8,${-r - 16}h16l-8,11z` }));
    token.append(s("title", {}, label));
    return token;
  }

  /** The squares the selected unit's moves reach (a marker for each move, the squares
   * passed over lit), the hinted move marked. */
  drawTargets(position, { selected, targets, hint }) {
    const b = this.board;
    const byTarget = new Map();
    for (const mv of targets) {
      const sq = b.squareAt(position.to_move, mv.to);
      const name = squareName(sq);
      if (!byTarget.has(name)) byTarget.set(name, []);
      byTarget.get(name).push(mv);
      if (selected && mv.from >= 0) {
        // The squares the unit passes over, as the server gives the move's path (the
        // circle gate's wrap round the outer ring included).
        for (const i of (mv.path || []).slice(1, -1)) {
          const step = squareName(b.squareAt(position.to_move, i));
          this.squaresLayer.querySelector(`[data-square="${step}"]`)?.classList.add("path-step");
        }
      }
    }
    for (const [name, moves] of byTarget) {
      const sq = b.squareAt(position.to_move, moves[0].to);
      const [cx, cy] = this.cellCentre(sq);
      if (moves.length > 1) {
        // Several moves reach this square: a tap anywhere on it, pawns standing there
        // included, asks which (the game's choice buttons).
        this.targetsLayer.append(
          s("rect", {
            class: "target-hit shared-hit",
            x: cx - CELL / 2,
            y: cy - CELL / 2,
            width: CELL,
            height: CELL,
            dataset: { square: name },
            onclick: (e) => {
              e.stopPropagation();
              this.handlers.onSquare?.(name);
            },
          }),
        );
      }
      this.targetsLayer.append(...this.targetMarkers(name, [cx, cy], moves, hint));
      this.squaresLayer.querySelector(`[data-square="${name}"]`)?.classList.add("target-square");
    }
    for (const g of this.squaresLayer.children) {
      if (!byTarget.has(g.dataset.square)) g.classList.remove("target-square");
    }
  }

  /** The markers of the `moves` that reach square `name` (centred at `centre`). Each is
   * a ring round its words, widened to a pill for "3×2" and the like so the words stay
   * inside; markers that share a square stand apart. */
  targetMarkers(name, [cx, cy], moves, hint) {
    const ring = moves.length > 2 ? 15 : moves.length === 2 ? 17 : 19;
    const labelOf = (mv) => `${mv.value}${mv.count > 1 && mv.from >= 0 ? "×2" : ""}${mv.capture ? "!" : ""}`;
    const widthOf = (label) => Math.max(2 * ring, label.length * (ring * 0.62) + ring);
    const widest = Math.max(...moves.map((mv) => widthOf(labelOf(mv))));
    const spread = moves.length === 1 ? 0 : Math.min(widest + 4, (CELL - 4 - widest) / (moves.length - 1));
    return moves.map((mv, k) => {
      const offset = moves.length === 1 ? 0 : (k - (moves.length - 1) / 2) * spread;
      const forms = mv.forms ?? null;
      const label = labelOf(mv);
      const width = widthOf(label);
      const kind = mv.from < 0 ? "target.entry" : mv.count > 1 ? "target.pair" : "target.pawn";
      const extra = forms ? ` (${t(forms === "block" ? "target.formsBlock" : "target.formsDouble")})` : "";
      const title = t(kind, { value: mv.value, square: name, count: mv.count }) + extra;
      const hinted = hint && hint.value === mv.value && hint.from === mv.from && hint.count === mv.count;
      return s(
        "g",
        {
          class: `target${mv.capture ? " capture" : ""}${forms === "block" ? " forms-block" : ""}${hinted ? " hinted" : ""}${moves.length > 1 ? " shared" : ""}`,
          transform: `translate(${cx + offset},${cy + 30})`,
          tabindex: 0,
          role: "button",
          "aria-label": title,
          dataset: { value: String(mv.value), from: String(mv.from), to: String(mv.to), count: String(mv.count), square: name },
          onclick: (e) => {
            e.stopPropagation();
            this.handlers.onTarget?.(mv);
          },
          onkeydown: (e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              this.handlers.onTarget?.(mv);
            }
          },
        },
        s("title", {}, title),
        // A lone target answers a tap anywhere on its square (at least 44 px on a
        // phone); where several share a square, a tap beside them asks which (the
        // game's choice buttons).
        moves.length === 1 ? s("rect", { class: "target-hit", x: -CELL / 2, y: -CELL / 2 - 30, width: CELL, height: CELL }) : null,
        hinted ? s("rect", { class: "hint-ring", x: -width / 2 - 5, y: -ring - 5, width: width + 10, height: 2 * ring + 10, rx: ring + 5 }) : null,
        s("rect", { class: "target-ring", x: -width / 2, y: -ring, width, height: 2 * ring, rx: ring }),
        s("text", { class: "target-label", "text-anchor": "middle", "dominant-baseline": "central", "font-size": Math.round(ring * 0.95) }, label),
        // A move that forms a blocking double says so on the board, not only on hover.
        forms === "block"
          ? s(
              "g",
              { class: "block-badge", transform: `translate(${width / 2 - 3},${-ring + 3})` },
              s("rect", { x: -8, y: -8, width: 16, height: 16, rx: 3 }),
              s("text", { "text-anchor": "middle", "dominant-baseline": "central" }, "▣"),
            )
          : null,
      );
    });
  }

  /** Moves a unit of `count` pawns of `player` along `path` (its path indices, the first
   * the square it leaves, or −1 for an entry), `stepMs` per square. */
  async animateMove(player, path, count, stepMs) {
    if (stepMs <= 0 || !path || path.length === 0) return;
    const b = this.board;
    const seat = b.seatOf(player);
    const squares = path.filter((i) => i >= 0).map((i) => b.squareAt(player, i));
    if (squares.length === 0) return;
    const ghost = s("g", { class: `pawn ghost seat-${seat}` }, ...pawnMark(seat, 26));
    if (count > 1) {
      ghost.append(
        s("circle", { class: "count-badge", cx: 23, cy: -23, r: 11 }),
        s("text", { class: "count-text", x: 23, y: -23, "text-anchor": "middle", "dominant-baseline": "central" }, String(count)),
      );
    }
    this.targetsLayer.replaceChildren(ghost);
    // The ghost slides from square to square: a CSS transition per step.
    const [x0, y0] = this.cellCentre(squares[0]);
    ghost.style.transition = "none";
    ghost.style.transform = `translate(${x0}px, ${y0}px)`;
    ghost.getBoundingClientRect();
    ghost.style.transition = `transform ${Math.max(0, stepMs - 10)}ms linear`;
    for (const sq of squares.slice(1)) {
      const [cx, cy] = this.cellCentre(sq);
      ghost.style.transform = `translate(${cx}px, ${cy}px)`;
      await sleep(stepMs);
    }
    await sleep(stepMs / 2);
    ghost.remove();
  }
}

/** The route of `player` drawn over `view`'s board, from the engine's path (the board's
 * `paths`): a line in the seat's colour from the start square round the outer ring,
 * through the gate, round the inner rings to the home, an arrow at every square, and
 * the start, the gate and the home named. */
export function routePicture(view, player) {
  const b = view.board;
  const seat = b.seatOf(player);
  const points = b.paths[player].map((sq) => view.cellCentre(sq));
  const at = (i) => points[Math.max(0, Math.min(points.length - 1, i))];
  const label = (i, key, text, dy) => {
    const [x, y] = at(i);
    return s("text", { class: "route-label", x, y: y + dy, "text-anchor": "middle", dataset: { route: key } }, text);
  };
  // The gate: halfway between the last square of the outer ring and the first inside.
  const [gx1, gy1] = at(b.outerLen - 1);
  const [gx2, gy2] = at(b.outerLen);
  return s(
    "g",
    { class: "route", dataset: { routePlayer: String(player) } },
    s("polyline", {
      class: "route-line",
      stroke: SEAT_COLOURS[seat],
      points: points.map(([x, y]) => `${x},${y}`).join(" "),
      "marker-mid": "url(#route-arrow)",
      "marker-end": "url(#route-arrow)",
    }),
    s("circle", { class: "route-gate", cx: (gx1 + gx2) / 2, cy: (gy1 + gy2) / 2, r: 10 }),
    // Below the square's centre, where a pawn's count badge (top right) does not hide it.
    label(0, "start", t("route.start"), 34),
    s("text", { class: "route-label", x: (gx1 + gx2) / 2, y: (gy1 + gy2) / 2 - 16, "text-anchor": "middle", dataset: { route: "gate" } }, t("route.gate")),
    label(b.home, "home", t("route.home"), 34),
  );
}

/** Offsets of up to four groups sharing a square. */
function slotOffsets(k) {
  if (k <= 1) return [[0, 0]];
  if (k === 2) return [[-22, 0], [22, 0]];
  return [[-22, -22], [22, -22], [-22, 22], [22, 22]];
}

/** A small legend of the seats' marks for the player panels. */
export function seatBadge(seat, size = 22) {
  const r = size / 2 - 2;
  return h(
    "span",
    { class: "seat-badge" },
    s("svg", { viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, width: size, height: size, "aria-hidden": "true" }, ...pawnMark(seat, r)),
  );
}

/** The last move on the board (`{seat, path, captured}`, a move event's fields): the
 * square it left dashed, the square it reached drawn round in the mover's colour, a
 * line along the squares it passed, and a capture marked "!" on the square reached. */
function lastMovePicture(view, last) {
  const b = view.board;
  const seat = b.seatOf(last.seat);
  const path = (last.path || []).filter((i) => i >= 0);
  const group = s("g", { class: "last-move", dataset: { lastSeat: String(last.seat) } });
  if (path.length === 0) return group;
  const squares = path.map((i) => b.squareAt(last.seat, i));
  const centres = squares.map((sq) => view.cellCentre(sq));
  const box = ([cx, cy], cls) =>
    s("rect", { class: cls, x: cx - CELL / 2 + 2, y: cy - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 4, stroke: SEAT_COLOURS[seat] });
  if (last.from >= 0) group.append(box(centres[0], "last-from"));
  if (centres.length > 1) {
    group.append(s("polyline", { class: "last-path", points: centres.map(([x, y]) => `${x},${y}`).join(" "), stroke: SEAT_COLOURS[seat] }));
  }
  const to = centres[centres.length - 1];
  group.append(box(to, "last-to"));
  group.dataset.from = last.from >= 0 ? squareName(squares[0]) : "";
  group.dataset.to = squareName(squares[squares.length - 1]);
  if (last.captured) {
    group.dataset.capture = String(last.captured.seat);
    const [cx, cy] = to;
    group.append(
      s("circle", { class: "last-capture", cx: cx + CELL / 2 - 13, cy: cy + CELL / 2 - 13, r: 10 }),
      s("text", { class: "last-capture-text", x: cx + CELL / 2 - 13, y: cy + CELL / 2 - 13, "text-anchor": "middle", "dominant-baseline": "central" }, "!"),
    );
  }
  group.append(s("title", {}, t("game.lastMove")));
  return group;
}
