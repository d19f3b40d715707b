// The lobby: play the computer in one tap, create a game (rules, board, players, who
// sits where) and share its links with people, and list the games in progress and
// finished. Its state is one object (`lobby`) that its parts draw: "Play the computer"
// (lobby-quick.js), the form (lobby-form.js) and the lists (lobby-games.js).

import { showLeaderboard, showPlayerPage, showPlaySomeone } from "./community.js";
import { h, replaceChildren } from "./dom.js";
import { onLanguageChange } from "./i18n.js";
import { presetChoice, quickChoices } from "./lobby-choices.js";
import { drawForm } from "./lobby-form.js";
import { drawCreated, drawList, refreshGames, refreshOffline } from "./lobby-games.js";
import { drawQuick } from "./lobby-quick.js";
import { presetNames, seatPlaces } from "./rules.js";

export { gameRequest, keepQuickChoices, LEVELS, quickChoices, quickRequest } from "./lobby-choices.js";

/** The lobby's state before anything is chosen or heard from the server. */
function createLobby() {
  const form = {
    preset: "standard",
    pairCapture: true,
    size: 5,
    players: 4,
    timer: "",
    seats: [0, 1, 2, 3].map((i) =>
      // New players start against easy bots; the level of each seat is offered here.
      i === 0 ? { kind: "human", name: "", level: "easy" } : { kind: "bot", name: "", level: "easy" },
    ),
  };
  return {
    form,
    quick: { ...quickChoices(), busy: false, error: null },
    // The presets offered, from the engine (until it answers, only the one chosen).
    presets: [form.preset],
    // Where the players of each player count sit, from the engine (until it answers, the
    // seat rows, links and chips wait).
    places: null,
    created: null,
    games: [],
    offline: [],
    listError: null,
    createError: null,
    busy: false,
  };
}

/** Shows the lobby in `root`. */
export function showLobby(root) {
  const view = new URLSearchParams(location.search);
  if (view.has("player")) return showPlayerPage(root, view.get("player"));
  if (view.has("board")) return showLeaderboard(root, view.get("board"));
  const lobby = createLobby();
  const boxes = {
    quick: h("section", { class: "card quick", id: "quick" }),
    form: h("section", { class: "card", id: "create" }),
    created: h("section", { class: "card created", id: "created", hidden: true }),
    list: h("section", { class: "card", id: "games" }),
    someone: h("section", { class: "card someone", id: "someone" }),
  };
  lobby.boxes = boxes;
  replaceChildren(root, h("div", { class: "lobby" }, h("div", { class: "lobby-left" }, boxes.quick, boxes.someone, boxes.form, boxes.created), boxes.list));
  const drawSomeone = showPlaySomeone(boxes.someone, { presets: () => lobby.presets, presetChoice });
  lobby.draw = {
    quick: () => drawQuick(lobby),
    form: () => drawForm(lobby),
    created: () => drawCreated(lobby),
    list: () => drawList(lobby),
    refresh: () => refreshGames(lobby),
  };

  drawForm(lobby);
  // The first screen's action takes the focus: Enter starts a game.
  if (!location.hash) document.getElementById("play-computer")?.focus({ preventScroll: true });
  drawList(lobby);
  refreshGames(lobby);
  refreshOffline(lobby);
  presetNames()
    .then((names) => {
      lobby.presets = names;
      drawForm(lobby);
      drawSomeone();
    })
    .catch(() => {});
  seatPlaces()
    .then((seats) => {
      lobby.places = seats;
      drawForm(lobby);
      drawCreated(lobby);
      drawList(lobby);
    })
    .catch(() => {});
  const timer = setInterval(() => {
    if (!document.hidden) refreshGames(lobby);
  }, 5000);
  onLanguageChange(() => {
    drawForm(lobby);
    drawSomeone();
    drawCreated(lobby);
    drawList(lobby);
  });
  return () => clearInterval(timer);
}
