// The game screen's board and its choices: drawing the position with what can move and
// where, a tap on a pawn or a square, the buttons when several moves reach one square,
// the legend with the route toggle, and forced moves played by themselves. Each function
// takes the screen's context (`ctx`, made by game.js).

import { h, replaceChildren } from "./dom.js";
import { showMessage } from "./game-messages.js";
import { lastMove, movableList, movableUnits, movesFrom, routePlayer, squareOf, targetsOf, yourTurn } from "./game-state.js";
import { t } from "./i18n.js";
import { previewText } from "./preview.js";
import { AUTO_PLAY_MS, autoPlay } from "./settings.js";

/** The board's marks explained in the legend, in order. */
const LEGEND = ["movable", "target", "preview", "safe", "home", "stack", "double", "block", "gate", "route"];

/** Draws the game's position with the chosen unit, its targets, the hint, the units
 * that can move, the route and the last move (not while a replay shows its moment). */
export function drawBoard(ctx) {
  const { state } = ctx;
  if (!state.snap || state.replaying) return;
  const snap = state.snap;
  ctx.views.board.render(snap.position, {
    selected: state.selected,
    targets: state.selected ? targetsOf(state, state.selected) : [],
    hint: state.hint,
    mover: snap.status === "playing" ? snap.position.to_move : null,
    movable: movableUnits(state),
    route: state.route,
    last: lastMove(snap.events),
  });
  ctx.draw.head();
  ctx.draw.focus();
}

/** A tap on a pawn (or the pawns off the board, `index` −1): on a target square it plays
 * there; on a pawn of the player's that can move it chooses it, its targets lit and
 * where each leads said; otherwise the panel says why not. */
export function pawnClicked(ctx, group) {
  const { state } = ctx;
  const snap = state.snap;
  if (!snap || state.replaying) return undefined;
  const onTarget = state.selected && !(group.player === state.selected.player && group.index === state.selected.index);
  if (onTarget && targetsOf(state, state.selected).some((mv) => squareOf(state, mv) === group.square)) {
    // A pawn on a highlighted square (an opponent's, or one's own the move would join):
    // the tap means that square.
    return playOn(ctx, group.square);
  }
  const why = refusal(state, group);
  if (why) return showMessage(ctx, t(why.key), "error", why.code);
  // A tap on the chosen pawn keeps it chosen (its squares stay lit, the words say so).
  const moves = movesFrom(snap.legal, group.index);
  if (moves.length === 0) return showMessage(ctx, t("game.noMoveFor"), "error", "no_move");
  state.selected = { player: group.player, index: group.index };
  state.choices = null;
  if (state.focusKey !== null) state.focusKey = ".target";
  // Where each target leads, from the facts the engine listed with the move.
  // The heading says to pick where it goes: the message says only where each leads.
  showMessage(ctx, `${previewText(state.board, snap.position.to_move, moves)}.`, "info", "preview");
  drawBoard(ctx);
  return undefined;
}

/** Why a tap on `group` cannot choose it (`{ key, code }`), or null when it may. */
function refusal(state, group) {
  if (state.you === null) return { key: "game.spectatorOnly", code: "spectator" };
  if (group.player !== state.you) return { key: "game.notYourPawn", code: "not_your_pawn" };
  return turnRefusal(state);
}

/** Why the player cannot choose a unit now (`{ key, code }`), or null. */
function turnRefusal(state) {
  if (state.you === null) return { key: "game.spectatorOnly", code: "spectator" };
  if (!yourTurn(state)) return { key: "game.notYourTurn", code: "not_your_turn" };
  if (state.snap.must_throw) return { key: "game.mustThrowFirst", code: "must_throw" };
  return null;
}

/** Plays the chosen unit's move to square `name`, or offers a button for each when
 * several reach it; returns whether one did. */
function playOn(ctx, name) {
  const { state } = ctx;
  const hits = targetsOf(state, state.selected).filter((mv) => squareOf(state, mv) === name);
  if (hits.length === 1) ctx.act.play(hits[0]);
  else if (hits.length > 1) offerChoices(ctx, hits);
  return hits.length > 0;
}

/** A tap on a square of the board (not on a pawn). */
export function squareClicked(ctx, name) {
  const { state } = ctx;
  if (!state.snap || state.replaying) return undefined;
  if (!state.selected) {
    const why = turnRefusal(state) || { key: "game.pickPawn", code: "pick_pawn" };
    return showMessage(ctx, t(why.key), "error", why.code);
  }
  if (playOn(ctx, name)) return undefined;
  return showMessage(ctx, t("game.notATarget"), "error", "not_a_target");
}

/** Several moves reach one square (a pawn or the pair): a button for each, big
 * enough for a thumb. */
function offerChoices(ctx, moves) {
  ctx.state.choices = moves;
  showMessage(ctx, t("game.pickTarget"), "info", "choose");
}

/** The buttons of the moves that reach one square, while they are the choice. */
export function drawChoices(ctx) {
  const { state } = ctx;
  const moves = state.selected && yourTurn(state) ? state.choices || [] : [];
  replaceChildren(
    ctx.ui.choices,
    moves.map((mv) =>
      h(
        "button",
        {
          type: "button",
          class: "choice",
          dataset: { value: String(mv.value), from: String(mv.from), count: String(mv.count) },
          onclick: () => ctx.act.play(mv),
        },
        t(mv.from < 0 ? "target.entry" : mv.count > 1 ? "target.pair" : "target.pawn", { value: mv.value, square: squareOf(state, mv), count: mv.count }),
        // Which of the moves forms a blocking double (or a double), said on its button.
        mv.forms ? ` (${t(mv.forms === "block" ? "target.formsBlock" : "target.formsDouble")})` : "",
      ),
    ),
  );
}

/** The legend of the board's marks and keys, the log's title and the route toggle. */
export function drawLegend(ctx) {
  const { state, ui } = ctx;
  ui.logTitle.textContent = t("game.log");
  ui.legendTitle.textContent = t("legend.title");
  ui.routeToggle.textContent = state.route === null ? t("route.show") : t("route.hide");
  ui.routeToggle.setAttribute("aria-pressed", String(state.route !== null));
  ui.routeToggle.onclick = () => toggleRoute(ctx);
  ui.boardBox.setAttribute("aria-label", t("game.keys"));
  replaceChildren(
    ui.legend,
    [...LEGEND.map((key) => t(`legend.${key}`)), t("game.keys"), t("legend.keysMore")].map((text) => h("li", {}, text)),
  );
}

/** Shows or hides the route of the page's player (else the one to move). */
function toggleRoute(ctx) {
  const { state } = ctx;
  if (!state.snap) return;
  state.route = state.route === null ? routePlayer(state) : null;
  drawLegend(ctx);
  drawBoard(ctx);
}

/** A forced move (the engine lists one legal play) is played by itself after a short
 * pause, and a forced choice of unit (one unit can move, several ways) is made, when
 * the player has that setting on (the default). */
export function playForced(ctx) {
  const { state } = ctx;
  const snap = state.snap;
  if (!snap || !autoPlay() || !yourTurn(state) || snap.must_throw || state.pending || snap.at_table) return;
  const units = new Set(snap.legal.map((mv) => mv.from));
  if (snap.legal.length > 1 && units.size === 1 && !state.selected && state.forcedAt !== snap.version) {
    // One unit can move, several ways: it is chosen, its destinations shown.
    state.forcedAt = snap.version;
    const [index] = units;
    const unit = movableList(state).find((u) => u.index === index);
    if (unit) pawnClicked(ctx, unit);
    return;
  }
  if (snap.legal.length !== 1) return;
  if (state.forcedAt === snap.version) return;
  state.forcedAt = snap.version;
  const version = snap.version;
  showMessage(ctx, t("game.forced"), "info", "forced");
  setTimeout(() => {
    if (state.snap.version === version && yourTurn(state) && !state.pending && state.snap.legal.length === 1) ctx.act.play(state.snap.legal[0]);
  }, AUTO_PLAY_MS);
}
