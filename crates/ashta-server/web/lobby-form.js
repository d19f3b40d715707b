// The lobby's form that creates a game for people: the rules, the board, the players,
// who sits where (a person or a bot of a level), the turn's timer; made on the server
// (its links shown) or played in this browser. Each function takes the lobby's state
// (`lobby`, made by lobby.js).

import { createGame, keepLinks } from "./api.js";
import { seatBadge } from "./board.js";
import { h, replaceChildren, selectField } from "./dom.js";
import { seatName, t } from "./i18n.js";
import { errorText, gameRequest, LEVELS, presetAbout, presetChoice, realCowries, knownSeats, SIZES } from "./lobby-choices.js";
import { createOfflineGame } from "./offline.js";
import { fullRules, rulesRequest } from "./rules.js";
import { setRulesContext } from "./tutorial.js";

/** Tells the rules dialog the rules and board the form describes. */
function formRulesContext(form) {
  setRulesContext(rulesRequest(form.preset, form.pairCapture), form.size);
}

/** Draws the form (and the quick box above it) from the lobby's state. */
export function drawForm(lobby) {
  const { form } = lobby;
  lobby.draw.quick();
  formRulesContext(form);
  const seatRows = (knownSeats(lobby, form.players) ?? []).map((seat, p) => seatRow(lobby, seat, p));
  const onsubmit = (e) => {
    e.preventDefault();
    submit(lobby);
  };
  replaceChildren(
    lobby.boxes.form,
    h("h2", {}, t("lobby.create")),
    h("p", { class: "small" }, t("lobby.createPeople")),
    h(
      "form",
      { onsubmit },
      presetField(lobby),
      h("div", { class: "row" }, sizeField(form), playersField(lobby)),
      pairCaptureField(form),
      realCowries(form, () => drawForm(lobby)),
      h("fieldset", {}, h("legend", {}, t("lobby.seat")), seatRows),
      timerField(form),
      lobby.createError ? h("p", { class: "error", role: "alert" }, lobby.createError) : null,
      h(
        "div",
        { class: "row" },
        h("button", { type: "submit", class: "primary", name: "create", disabled: lobby.busy }, t("lobby.submit")),
        h("button", { type: "button", name: "offline", disabled: lobby.busy, onclick: () => playOffline(lobby) }, t("lobby.offline")),
      ),
    ),
  );
}

/** The row of player `p` sitting at `seat`: a person (their name) or a bot (its level). */
function seatRow(lobby, seat, p) {
  const s = lobby.form.seats[p];
  const kind = h(
    "select",
    {
      name: `kind-${p}`,
      "aria-label": `${t("lobby.kind")} ${seatName(seat)}`,
      onchange: (e) => {
        s.kind = e.target.value;
        drawForm(lobby);
      },
    },
    h("option", { value: "human", selected: s.kind === "human" }, t("lobby.human")),
    h("option", { value: "bot", selected: s.kind === "bot" }, t("lobby.bot")),
  );
  const detail =
    s.kind === "human"
      ? h("input", {
          name: `name-${p}`,
          type: "text",
          maxlength: 40,
          placeholder: t("lobby.name"),
          "aria-label": `${t("lobby.name")} ${seatName(seat)}`,
          value: s.name,
          oninput: (e) => {
            s.name = e.target.value;
          },
        })
      : h(
          "select",
          {
            name: `level-${p}`,
            "aria-label": `${t("lobby.level")} ${seatName(seat)}`,
            onchange: (e) => {
              s.level = e.target.value;
            },
          },
          LEVELS.map((level) => h("option", { value: level, selected: s.level === level }, t(`level.${level}`))),
        );
  return h(
    "div",
    { class: "seat-row", dataset: { seat: String(p) } },
    h("span", { class: `seat-chip seat-${seat}` }, seatBadge(seat, 34)),
    h("span", { class: "seat-name" }, seatName(seat)),
    kind,
    detail,
  );
}

/** The rules' list box; a preset picked brings its own board size (from the engine). */
function presetField(lobby) {
  const { form } = lobby;
  const set = (preset) => {
    form.preset = preset;
    drawForm(lobby);
    // The board of the preset, from the engine.
    fullRules(form.preset)
      .then((rules) => {
        form.size = rules.size;
        drawForm(lobby);
      })
      .catch(() => {});
  };
  const options = lobby.presets.map((p) => [p, presetChoice(p)]);
  const about = h("span", { class: "small preset-about", id: "preset-about" }, presetAbout(form.preset));
  return selectField("preset", t("lobby.preset"), options, form.preset, set, about);
}

/** The board size's list box. */
function sizeField(form) {
  const set = (size) => {
    form.size = Number(size);
    formRulesContext(form);
  };
  return selectField("size", t("lobby.size"), SIZES.map((n) => [n, `${n}×${n}`]), form.size, set);
}

/** The number of players' list box (the seat rows follow it). */
function playersField(lobby) {
  const { form } = lobby;
  const set = (players) => {
    form.players = Number(players);
    drawForm(lobby);
  };
  return selectField("players", t("lobby.players"), [2, 3, 4].map((n) => [n, String(n)]), form.players, set);
}

/** The check box of pair captures. */
function pairCaptureField(form) {
  const onchange = (e) => {
    form.pairCapture = e.target.checked;
    formRulesContext(form);
  };
  return h(
    "label",
    { class: "check", title: t("lobby.pairCaptureHelp") },
    h("input", { name: "pair_capture", type: "checkbox", checked: form.pairCapture, onchange }),
    ` ${t("lobby.pairCapture")}`,
  );
}

/** The turn timer's field (seconds, empty for none). */
function timerField(form) {
  const oninput = (e) => {
    form.timer = e.target.value;
  };
  return h(
    "label",
    { title: t("lobby.timerHelp") },
    t("lobby.timer"),
    h("input", { name: "timer", type: "number", min: 1, max: 3600, value: form.timer, oninput }),
  );
}

/** Creates the form's game on the server and shows its links (a game of real cowries
 * is played in this browser, never on the server). */
async function submit(lobby) {
  const { form } = lobby;
  if (form.table) return playOffline(lobby);
  lobby.busy = true;
  lobby.createError = null;
  drawForm(lobby);
  const timer = form.timer === "" ? null : Number(form.timer);
  try {
    lobby.created = await createGame(gameRequest({ ...form, timer }));
    keepLinks(lobby.created.id, lobby.created.seats);
    lobby.draw.created();
    lobby.draw.refresh();
  } catch (e) {
    lobby.createError = errorText(e);
  }
  lobby.busy = false;
  drawForm(lobby);
  return undefined;
}

/** Starts the form's game in this browser (the engine in the page, no server). */
async function playOffline(lobby) {
  const { form } = lobby;
  lobby.busy = true;
  lobby.createError = null;
  drawForm(lobby);
  try {
    const request = gameRequest({ ...form, timer: null });
    const { id, seat } = await createOfflineGame(form.table ? { ...request, table: true } : request);
    const query = seat === null ? "" : `?seat=${seat}&token=local`;
    location.assign(`/g/${id}${query}`);
    return;
  } catch (e) {
    lobby.createError = errorText(e);
  }
  lobby.busy = false;
  drawForm(lobby);
}
