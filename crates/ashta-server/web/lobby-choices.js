// What the lobby's parts share: the bot levels and board sizes offered, the requests
// the lobby sends (a game made with the form, a game against the computer), the choices
// of "Play the computer" kept in the browser, and the presets and errors in words.

import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { rulesRequest } from "./rules.js";

/** The bot levels a seat may take, weakest first. */
export const LEVELS = ["random", "greedy", "beginner", "easy", "medium", "hard", "master", "default"];

/** The board sizes the form offers. */
export const SIZES = [5, 7, 9, 11, 13, 15];

/** The request body the form describes. */
export function gameRequest({ preset, pairCapture, size, players, seats, timer }) {
  return {
    rules: rulesRequest(preset, pairCapture),
    size,
    players,
    seats: seats.slice(0, players).map((seat) =>
      seat.kind === "human" ? { kind: "human", name: seat.name.trim() || null } : { kind: "bot", level: seat.level },
    ),
    turn_timer_secs: timer ? timer : null,
  };
}

/** A preset's name as a list box offers it: short, so it fits the box in every
 * language (its whole description is said under the box). */
export function presetChoice(name) {
  const short = t(`presetShort.${name}`);
  if (short === `presetShort.${name}`) return name;
  return short.charAt(0).toLocaleUpperCase() + short.slice(1);
}

/** A preset's whole description (its board, cowries and rules), translated. */
export function presetAbout(name) {
  return t(`preset.${name}`) === `preset.${name}` ? name : t(`preset.${name}`);
}

/** The short name of a game's rules: its preset, translated. */
export function presetName(rules) {
  const name = typeof rules === "string" ? rules : rules?.preset || "standard";
  const key = `presetShort.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

/** An error of the API (or any other) in words. */
export function errorText(e) {
  // No answer at all: the browser is offline (or the server is down), said so.
  if (e instanceof ApiError && e.code === "network") return t("lobby.offlineNote");
  if (e instanceof ApiError) return `${t(`error.${e.code}`)}: ${e.message}`;
  return String(e.message || e);
}

const QUICK_KEY = "ashta.quick";

/** The choices of "Play the computer" kept in this browser (players, level, rules, and
 * whether the game is played on the server), or the first game's: two players against
 * an easy bot, the standard rules, in this browser. */
export function quickChoices(storage = globalThis.localStorage) {
  const first = { players: 2, level: "easy", preset: "standard", server: false };
  try {
    const kept = JSON.parse(storage?.getItem(QUICK_KEY) || "null");
    if (!kept || typeof kept !== "object") return first;
    return {
      players: [2, 3, 4].includes(kept.players) ? kept.players : first.players,
      level: LEVELS.includes(kept.level) ? kept.level : first.level,
      preset: typeof kept.preset === "string" && kept.preset ? kept.preset : first.preset,
      server: kept.server === true,
    };
  } catch {
    return first;
  }
}

/** Keeps the choices of "Play the computer". */
export function keepQuickChoices(choices, storage = globalThis.localStorage) {
  try {
    storage?.setItem(QUICK_KEY, JSON.stringify(choices));
  } catch {
    // Without storage the choices last until the page is left.
  }
}

/** The request of a game against the computer: this browser's person in the first
 * seat, a bot of `level` in every other, the preset's own board. */
export function quickRequest({ players, level, preset, table }) {
  const seats = Array.from({ length: players }, (_, i) => (i === 0 ? { kind: "human", name: "" } : { kind: "bot", level }));
  return { ...gameRequest({ preset, pairCapture: true, size: undefined, players, seats, timer: null }), ...(table ? { table: true } : {}) };
}

/** The start choice of a game of real cowries in this browser (the people tap what fell;
 * such a game is never on the server). */
export function realCowries(choices, render) {
  const onchange = (e) => {
    choices.table = e.target.checked;
    render();
  };
  return h("label", { class: "check real-cowries" }, h("input", { type: "checkbox", name: "real-cowries", checked: !!choices.table, onchange }), h("span", {}, t("lobby.realCowries")));
}

/** Where the players of a game of `players` sit, once the engine has said (else null). */
export function knownSeats(lobby, players) {
  return lobby.places?.[players] ?? null;
}
