// The review at the end of a game, as `ashta analyze` makes it (crates/ashta-analysis),
// computed by the module in the engine's Web Worker from the game record: every
// player's chance to win after each turn, drawn as a curve, and the player's biggest
// mistakes (the position, the play made, the best play, the chance to win lost).

import { BoardView, CELL, SEAT_COLOURS } from "./board.js";
import { h, replaceChildren, s } from "./dom.js";
import { Board, parseSquare } from "./geometry.js";
import { seatName, t } from "./i18n.js";

/** Rollouts per play of the page's review (`ashta analyze` uses 48). */
export const REVIEW_ROLLOUTS = 24;

/** The review of a game record (JSON text), computed in the engine's Worker;
 * `progress(done, total)` hears of each turn reviewed. */
export async function reviewRecord(recordText, progress = null) {
  const { loadEngine } = await import("./engine.js");
  const { worker } = await loadEngine();
  return worker.review(recordText, REVIEW_ROLLOUTS, 1, progress);
}

/** A review's progress, for `reviewSection` to show: `report(done, total)` tells it,
 * `listen(f)` hears of it (at once of what was told already). */
export function reviewProgress() {
  let last = null;
  const listeners = new Set();
  return {
    report(done, total) {
      last = [done, total];
      for (const f of listeners) f(done, total);
    },
    listen(f) {
      listeners.add(f);
      if (last) f(...last);
    },
  };
}

/** The reviews made, by their promise: `{ ok, value | error }`. */
const settled = new WeakMap();

/** The texts of the review's marks, by the analysis' names. */
const MARKS = { doubtful: "review.mark.doubtful", mistake: "review.mark.mistake", blunder: "review.mark.blunder" };

/** A mistake's turn and bag, and how bad it was, as the page words them. */
function turnOf(m) {
  return t("review.turn", { n: m.turn, bag: m.bag.join(", ") });
}
function markOf(m) {
  return t(MARKS[m.mark] || "review.mark.mistake");
}

/** A play in words: each move's squares ("c1 → e1"), ×N for a unit of N, ! a capture. */
export function playText(moves) {
  return moves
    .map((mv) => `${mv.value}: ${mv.from ?? t("review.entry")} → ${mv.to}${mv.count > 1 ? ` ×${mv.count}` : ""}${mv.capture ? " !" : ""}`)
    .join(", ");
}

/** The chance to win in percent, as the page writes it. */
export function percent(p) {
  return `${(100 * p).toFixed(1)}%`;
}

/** The curve: every player's chance to win from the start to the last turn, with a
 * line at the turn of each mistake of the players in `who`, in their colour. */
function curveSvg(summary, board, who) {
  const W = 600;
  const H = 160;
  const n = Math.max(1, summary.curve.length - 1);
  const x = (k) => (k / n) * W;
  const y = (p) => H - p * H;
  const players = summary.curve[0]?.length || 0;
  const lines = Array.from({ length: players }, (_, p) =>
    s("polyline", {
      class: "review-line",
      stroke: SEAT_COLOURS[board.seatOf(p)],
      dataset: { player: String(p) },
      points: summary.curve.map((w, k) => `${x(k).toFixed(1)},${y(w[p]).toFixed(1)}`).join(" "),
    }),
  );
  return s(
    "svg",
    { class: "review-curve", id: "review-curve", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("review.curve") },
    s("line", { class: "review-half", x1: 0, x2: W, y1: y(0.5), y2: y(0.5) }),
    ...who.flatMap((p) =>
      (summary.mistakes[p] || []).map((m) =>
        s(
          "line",
          { class: "review-mark", stroke: SEAT_COLOURS[board.seatOf(p)], x1: x(m.turn), x2: x(m.turn), y1: 0, y2: H, dataset: { turn: String(m.turn) } },
          s("title", {}, `${turnOf(m)} · ${markOf(m)}`),
        ),
      ),
    ),
    ...lines,
  );
}

/** The curve with its scales: the chance from 0% to 100% beside it, the turns under it
 * (the start, the last turn); the mistakes of the players in `who` marked on it. */
function curveFigure(summary, board, who) {
  const last = Math.max(0, summary.curve.length - 1);
  return h(
    "div",
    { class: "review-chart" },
    h("div", { class: "review-y small", "aria-hidden": "true" }, h("span", {}, "100%"), h("span", {}, "50%"), h("span", {}, "0%")),
    curveSvg(summary, board, who),
    h("div", { class: "review-x small", "aria-hidden": "true" }, h("span", {}, t("route.start")), h("span", {}, t("review.last", { n: last }))),
  );
}

/** The arrows of a play of `player` over `view`'s board: each moved unit's along its
 * path, square by square from the square it left to the one it reached (the analysis
 * names both, the board's paths join them), its ends drawn short of the squares'
 * centres so that the head stops beside the pawn, not over its letter; for an entry from
 * off the board a ring on the square it entered. `kind` is `made` or `best`. */
export function playArrows(view, moves, kind, player = 0) {
  const size = view.board.size;
  const square = (name) => (name ? parseSquare(name, size) : null);
  // How far short of a square's centre an arrow ends: past the pawn's letter.
  const short = 0.42 * CELL;
  const toward = ([x1, y1], [x2, y2], d) => {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    return [x1 + ((x2 - x1) * d) / len, y1 + ((y2 - y1) * d) / len];
  };
  return s(
    "g",
    { class: `review-arrows review-${kind}`, dataset: { arrows: kind } },
    moves.map((mv) => {
      const to = square(mv.to);
      const from = square(mv.from);
      if (!to) return null;
      if (!from) {
        const [cx, cy] = view.cellCentre(to);
        return s("circle", { class: "review-entry", cx, cy, r: 30, dataset: { to: mv.to } });
      }
      // The squares between, from the mover's path (the first visit of `to` after `from`).
      const path = view.board.paths[player] || [];
      const i = view.board.indexOf(player, from);
      const j = i < 0 ? -1 : path.findIndex(([x, y], k) => k > i && x === to[0] && y === to[1]);
      const squares = j > i ? path.slice(i, j + 1) : [from, to];
      const points = squares.map((sq) => view.cellCentre(sq));
      points[0] = toward(points[0], points[1], short);
      const n = points.length;
      points[n - 1] = toward(points[n - 1], points[n - 2], short);
      return s("polyline", {
        class: "review-arrow",
        points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "),
        "marker-end": "url(#route-arrow)",
        dataset: { from: mv.from, to: mv.to, squares: String(squares.length) },
      });
    }),
  );
}

/** A board showing a mistake's position, the play made drawn as arrows (and the best
 * play, dashed); a click on it calls `open` (the replay at that moment), if given. */
export function mistakeBoard(board, m, open) {
  const box = h("div", { class: "review-board" });
  const view = new BoardView(box, {});
  view.setGame(board, 0);
  view.render(m.position, {});
  view.svg.append(playArrows(view, m.best, "best", m.player), playArrows(view, m.made, "made", m.player));
  if (!open) return box;
  // The button's words are its own (hidden from sight); the board in it is only drawn.
  box.setAttribute("aria-hidden", "true");
  const words = h("span", { class: "visually-hidden" }, `${t("review.open")}: ${turnOf(m)}`);
  return h("button", { type: "button", class: "review-open", title: t("review.open"), onclick: () => open(m.position) }, words, box);
}

/** A loss with its standard error, as the analysis gives them (no ± when exact). */
export function lossText(m) {
  const stderr = m.loss_stderr > 0 ? ` ± ${percent(m.loss_stderr)}` : "";
  return `${percent(m.loss)}${stderr}`;
}

/** The decisions of `player` the analysis found too close to call, in words, or null. */
function tooCloseFor(summary, player) {
  const count = (summary.too_close || [])[player] || 0;
  return count > 0 ? h("p", { class: "small review-too-close", dataset: { tooClose: String(count) } }, t("review.tooClose", { count })) : null;
}

/** The accuracy of `player` as the analysis gives it (the share of decisions that kept
 * the best play's chance within the noise, the mean loss), in words, or null. */
function accuracyFor(summary, player) {
  const a = (summary.accuracy || [])[player];
  if (!a) return null;
  const share = `${Math.round(100 * a.share)}%`;
  return h(
    "p",
    { class: "review-accuracy", dataset: { player: String(player), share: String(a.share), meanLoss: String(a.mean_loss), decisions: String(a.decisions) } },
    t("review.accuracy", { share, count: a.decisions, loss: percent(a.mean_loss) }),
  );
}

function mistakesFor(summary, board, player, open) {
  const list = summary.mistakes[player] || [];
  if (list.length === 0) return [accuracyFor(summary, player), h("p", { id: "review-none", class: "small" }, t("review.none", { count: summary.decisions[player] || 0 })), tooCloseFor(summary, player)];
  return [
    accuracyFor(summary, player),
    h(
      "ol",
      { class: "review-mistakes", id: "review-mistakes" },
      list.map((m) =>
        h(
          "li",
          { class: "review-row", dataset: { turn: String(m.turn), mark: m.mark } },
          mistakeBoard(board, m, open),
          h(
            "div",
            {},
            h("p", { class: "review-head" }, turnOf(m), " · ", h("strong", {}, markOf(m))),
            h("p", {}, h("span", { class: "review-key-made", "aria-hidden": "true" }), `${t("review.made")}: ${playText(m.made)}`),
            h("p", {}, h("span", { class: "review-key-best", "aria-hidden": "true" }), `${t("review.best")}: ${playText(m.best)}`),
            h("p", { class: "review-loss" }, t("review.loss", { loss: lossText(m) })),
          ),
        ),
      ),
    ),
    tooCloseFor(summary, player),
  ];
}

/**
 * The review's section of the end screen: "reviewing…" until `promise` (the module's
 * review) answers, then the curve and the mistakes of `you` (every player's, for a
 * spectator or hotseat without a seat); `open(position)`, if given, opens the replay at
 * a mistake's position.
 */
export function reviewSection(promise, { board, you, players, open = null, progress = null }) {
  const geometry = board instanceof Board ? board : new Board(board);
  // While it runs: a bar of the turns reviewed (when the review tells them).
  const bar = h("progress", { id: "review-progress", max: 1, value: 0, "aria-label": t("review.thinking") });
  const body = h("div", { class: "review-body", "aria-live": "polite" }, h("p", { class: "small", id: "review-status" }, t("review.thinking")), progress ? bar : null);
  const section = h("section", { class: "review", id: "review" }, h("h3", {}, t("review.title")), body);
  progress?.listen((done, total) => {
    bar.max = Math.max(1, total);
    bar.value = done;
    section.dataset.progress = `${done}/${total}`;
  });
  const show = (summary) => {
      const who = you === null ? Array.from({ length: players }, (_, p) => p) : [you];
      // The helper leaves out the absent parts (the DOM's own would write "null").
      replaceChildren(
        body,
        summary.exact ? h("p", { class: "small", id: "review-exact" }, t("review.exact")) : null,
        h("h4", {}, t("review.curve")),
        curveFigure(summary, geometry, who),
        h(
          "p",
          { class: "small review-keys" },
          Array.from({ length: players }, (_, p) =>
            h("span", { class: "review-key", style: `border-color:${SEAT_COLOURS[geometry.seatOf(p)]}` }, seatName(geometry.seatOf(p))),
          ),
          who.some((p) => (summary.mistakes[p] || []).length > 0) ? h("span", { id: "review-mark-key" }, t("review.markKey")) : null,
        ),
        ...who.flatMap((p) => [h("h4", {}, t("review.mistakes", { seat: seatName(geometry.seatOf(p)) })), ...mistakesFor(summary, geometry, p, open)]),
      );
      section.dataset.ready = "1";
  };
  const fail = (e) => {
    body.replaceChildren(h("p", { class: "error", id: "review-error" }, `${t("review.failed")}: ${e.message || e}`));
    section.dataset.ready = "error";
  };
  // The end screen is drawn afresh on every redraw: a review already made shows at once.
  const known = settled.get(promise);
  if (known) {
    if (known.ok) show(known.value);
    else fail(known.error);
  } else {
    promise.then(
      (value) => {
        settled.set(promise, { ok: true, value });
        show(value);
      },
      (error) => {
        settled.set(promise, { ok: false, error });
        fail(error);
      },
    );
  }
  return section;
}
