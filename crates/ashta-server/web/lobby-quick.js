// The lobby's "Play the computer": one button that starts a game at once, in this
// browser (the engine in the page, no place on the server, kept across reloads) unless
// the player asks for a game on the server (which falls back to this browser when the
// server cannot be reached), its choices beside it. Each function takes the lobby's
// state (`lobby`, made by lobby.js).

import { ApiError, createGame, keepLinks } from "./api.js";
import { h, replaceChildren, selectField } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, keepQuickChoices, LEVELS, presetAbout, presetChoice, quickRequest, realCowries } from "./lobby-choices.js";
import { createOfflineGame } from "./offline.js";

/** Keeps the quick choices in this browser. */
function keep(quick) {
  keepQuickChoices({ players: quick.players, level: quick.level, preset: quick.preset, server: quick.server });
}

/** A list box of the quick choices; `set` takes the value picked, which is kept. */
function choice(quick, name, label, options, value, set) {
  return selectField(name, label, options, value, (v) => {
    set(v);
    keep(quick);
  });
}

/** Draws the box of "Play the computer" (the button keeps the focus it had). */
export function drawQuick(lobby) {
  const { quick } = lobby;
  const box = lobby.boxes.quick;
  const offered = lobby.presets.includes(quick.preset) ? lobby.presets : [...lobby.presets, quick.preset];
  const wasFocused = document.activeElement?.id === "play-computer";
  const button = h(
    "button",
    { type: "button", class: "primary play-computer", id: "play-computer", disabled: quick.busy, onclick: () => playComputer(lobby) },
    t("lobby.playComputer"),
  );
  const onServer = (e) => {
    quick.server = e.target.checked;
    keep(quick);
  };
  replaceChildren(
    box,
    h("h2", {}, t("lobby.quickTitle")),
    button,
    h(
      "div",
      { class: "row quick-choices" },
      choice(quick, "quick-players", t("lobby.opponents"), [2, 3, 4].map((n) => [n, String(n - 1)]), quick.players, (v) => (quick.players = Number(v))),
      choice(quick, "quick-level", t("lobby.level"), LEVELS.map((l) => [l, t(`level.${l}`)]), quick.level, (v) => (quick.level = v)),
      choice(quick, "quick-preset", t("lobby.preset"), offered.map((p) => [p, presetChoice(p)]), quick.preset, (v) => {
        quick.preset = v;
        box.querySelector("#quick-preset-about").textContent = presetAbout(v);
      }),
    ),
    h("p", { class: "small preset-about", id: "quick-preset-about" }, presetAbout(quick.preset)),
    h(
      "label",
      { class: "check on-server" },
      h("input", { type: "checkbox", name: "quick-server", checked: quick.server, onchange: onServer }),
      h("span", {}, t("lobby.onServer")),
    ),
    realCowries(quick, () => drawQuick(lobby)),
    quick.error ? h("p", { class: "error", role: "alert" }, quick.error) : null,
    h("p", { class: "small" }, t("lobby.quickPeople")),
  );
  if (wasFocused) button.focus();
}

/** Starts the game against the computer, on the server when asked (else, or when the
 * server cannot be reached, in this browser), and goes to it. */
async function playComputer(lobby) {
  const { quick } = lobby;
  quick.busy = true;
  quick.error = null;
  drawQuick(lobby);
  const request = quickRequest(quick);
  if (quick.server && !quick.table) {
    try {
      const made = await createGame(request);
      keepLinks(made.id, made.seats);
      const mine = made.seats.find((s) => s.kind === "human" && s.link);
      location.assign(mine.link);
      return;
    } catch (e) {
      if (!(e instanceof ApiError && e.code === "network")) {
        quick.error = errorText(e);
        quick.busy = false;
        drawQuick(lobby);
        return;
      }
    }
  }
  // In this browser (or the server cannot be reached: the same game here).
  try {
    const { id, seat } = await createOfflineGame(request);
    location.assign(`/g/${id}?seat=${seat}&token=local`);
    return;
  } catch (e) {
    quick.error = errorText(e);
  }
  quick.busy = false;
  drawQuick(lobby);
}
