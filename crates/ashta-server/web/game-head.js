// The game screen's heading and players: the game's name, the page's role and its
// connection, the status line (whose turn, who is away), the players' panels, the
// turn's timer and the claim box over players who left. Each function takes the
// screen's context (`ctx`, made by game.js).

import { seatBadge } from "./board.js";
import { h, replaceChildren } from "./dom.js";
import { movableUnits, resigned, yourTurn } from "./game-state.js";
import { seatName, t } from "./i18n.js";
import { awayBadge, renderClaims } from "./leavers.js";
import { awayText } from "./presence.js";

/** The heading and the status line. */
export function drawHead(ctx) {
  const { state, ui } = ctx;
  const role =
    state.you === null
      ? t("game.spectator")
      : state.board
        ? t("game.you", { seat: seatName(state.board.seatOf(state.you)) })
        : "";
  const conn = {
    connecting: t("game.connecting"),
    open: state.local ? t("game.local") : t("game.connected"),
    closed: t("game.disconnected"),
  }[state.connection];
  replaceChildren(
    ui.head,
    h("a", { href: "/", class: "back" }, `← ${t("game.back")}`),
    h("h2", {}, `${t("app.title")} `, h("code", {}, state.id)),
    h("span", { class: "role", id: "role", dataset: { you: state.you === null ? "" : String(state.you) } }, role),
    state.fatal ? null : h("span", { class: `conn conn-${state.connection}`, id: "conn", title: conn }, conn),
  );
  drawStatus(ctx);
}

/** The status line: the fault that stopped the game, else whose turn it is and who
 * left; and the page's title (marked on the player's own turn). */
function drawStatus(ctx) {
  const { state, ui } = ctx;
  const snap = state.snap;
  if (state.fatal) {
    const way = state.fatal.code === "not_found" ? h("a", { href: "/" }, t("game.back")) : h("a", { href: `/g/${state.id}` }, t("lobby.watch"));
    replaceChildren(ui.status, h("span", { class: "error" }, state.fatal.text), " ", way);
    return;
  }
  if (!snap) {
    ui.status.textContent = t("game.connecting");
    return;
  }
  let text;
  if (snap.status === "finished") {
    text = t("game.over");
  } else if (!resigned(state) && (yourTurn(state) || (state.you !== null && snap.position.to_move === state.you))) {
    text = snap.must_throw ? t("game.yourThrow") : state.selected && yourTurn(state) ? t("game.yourMoveTarget") : t("game.yourMove");
  } else {
    text = t("game.toMove", { seat: seatName(state.board.seatOf(snap.position.to_move)) });
  }
  // Who left the game and what is done for them, said in words, not only as a dot.
  const away = snap.status === "playing" ? awayText(snap.seats, state.you, (p) => seatName(state.board.seatOf(p)), t) : "";
  ui.status.textContent = away ? `${text} · ${away}` : text;
  ui.status.dataset.away = snap.seats.filter((s) => s.away).map((s) => s.seat).join(",");
  ui.status.dataset.toMove = String(snap.position.to_move);
  ui.status.dataset.status = snap.status;
  ui.status.dataset.version = String(snap.version);
  document.title = `${state.you !== null && snap.status === "playing" && snap.position.to_move === state.you ? "● " : ""}${t("app.title")} ${state.id}`;
}

/** The players' panels for `pos` (the game's position, or a replay's moment). */
export function drawPlayers(ctx, pos = ctx.state.snap.position) {
  replaceChildren(
    ctx.ui.players,
    ctx.state.snap.seats.map((seatInfo) => playerPanel(ctx, seatInfo, pos)),
  );
}

/** The name of a seat's player: a bot by its level, else the person's name. */
function playerWho(seatInfo) {
  if (seatInfo.kind !== "bot") return seatInfo.name || t("game.human");
  const level = t(`level.${seatInfo.level}`);
  return t("game.bot", { level: level === `level.${seatInfo.level}` ? seatInfo.level : level });
}

/** One player's panel: seat, who plays it, online, away, pawns home, off the board (a
 * button that picks them to enter, on the player's own turn) and their gate. */
function playerPanel(ctx, seatInfo, pos) {
  const { state } = ctx;
  const snap = state.snap;
  const b = state.board;
  const p = seatInfo.seat;
  const seat = b.seatOf(p);
  const home = pos.pawns[p].filter((i) => i === b.home).length;
  const off = pos.pawns[p].filter((i) => i < 0).length;
  const toMove = (snap.status === "playing" || state.replaying) && pos.to_move === p;
  const entering = p === state.you && !!movableUnits(state)?.has(-1);
  const offButton =
    off > 0
      ? h(
          "button",
          {
            type: "button",
            class: `yard${state.selected && state.selected.index === -1 ? " selected" : ""}${entering ? " movable" : ""}`,
            "aria-label": `${off} ${t("game.off")}${entering ? `, ${t("game.movable")}` : ""}`,
            dataset: { yard: String(p) },
            onclick: () => ctx.act.pawn({ player: p, index: -1, count: off, square: null }),
          },
          `${off} ${t("game.off")}`,
        )
      : null;
  return h(
    "div",
    { class: `player${toMove ? " to-move" : ""}${p === state.you ? " you" : ""}`, dataset: { player: String(p) } },
    seatBadge(seat),
    h("span", { class: "player-seat" }, seatName(seat)),
    h("span", { class: "player-who" }, playerWho(seatInfo)),
    seatInfo.kind === "human" && "connected" in seatInfo
      ? h("span", { class: `dot ${seatInfo.connected ? "on" : "off"}`, title: seatInfo.connected ? t("game.online") : t("game.offline") })
      : null,
    awayBadge(seatInfo, snap.status === "playing", t),
    h("span", { class: "player-home", dataset: { home: String(home) } }, `${home}/${pos.pawns[p].length} ${t("game.home")}`),
    offButton,
    h("span", { class: `gate ${pos.captured[p] ? "open" : "shut"}` }, pos.captured[p] ? t("game.gateOpen") : t("game.gateShut")),
  );
}

/** The time left of the turn, when the game has a turn clock. */
export function drawTimer(ctx) {
  const { state, ui } = ctx;
  const snap = state.snap;
  if (!snap || snap.status !== "playing" || !snap.turn_deadline) {
    ui.timer.textContent = "";
    return;
  }
  const secs = Math.max(0, Math.ceil((snap.turn_deadline - Date.now()) / 1000));
  ui.timer.textContent = t("game.timer", { seat: seatName(state.board.seatOf(snap.position.to_move)), secs });
}

/** The claim box over players who left (leavers.js): the server decides, the page
 * shows its choices and sends the one taken. */
export function drawClaims(ctx) {
  const { state } = ctx;
  renderClaims(ctx.ui.claims, {
    snap: state.replaying ? null : state.snap,
    you: state.you,
    notice: state.claimable,
    t,
    send: (claim) => ctx.send({ type: "claim", claim }),
  });
}
