// The lobby: play the computer in one tap, create a game (rules, board, players, who
// sits where) and share its links with people, and list the games in progress and
// finished.

import { ApiError, createGame, keepLinks, keptLinks, listGames } from "./api.js";
import { showLeaderboard, showPlayerPage, showPlaySomeone } from "./community.js";
import { seatBadge } from "./board.js";
import { h, replaceChildren } from "./dom.js";
import { onLanguageChange, seatName, t } from "./i18n.js";
import { createOfflineGame, keptGames } from "./offline.js";
import { fullRules, presetNames, rulesRequest, seatPlaces } from "./rules.js";
import { setRulesContext } from "./tutorial.js";

/** The bot levels a seat may take, weakest first. */
export const LEVELS = ["random", "greedy", "beginner", "easy", "medium", "hard", "master", "default"];

const SIZES = [5, 7, 9, 11, 13, 15];

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
function presetChoice(name) {
  const short = t(`presetShort.${name}`);
  if (short === `presetShort.${name}`) return name;
  return short.charAt(0).toLocaleUpperCase() + short.slice(1);
}

/** A preset's whole description (its board, cowries and rules), translated. */
function presetAbout(name) {
  return t(`preset.${name}`) === `preset.${name}` ? name : t(`preset.${name}`);
}

/** The short name of a game's rules: its preset, translated. */
function presetName(rules) {
  const name = typeof rules === "string" ? rules : rules?.preset || "standard";
  const key = `presetShort.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

function errorText(e) {
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
function realCowries(choices, render) {
  const onchange = (e) => {
    choices.table = e.target.checked;
    render();
  };
  return h("label", { class: "check real-cowries" }, h("input", { type: "checkbox", name: "real-cowries", checked: !!choices.table, onchange }), h("span", {}, t("lobby.realCowries")));
}

/** Shows the lobby in `root`. */
export function showLobby(root) {
  const view = new URLSearchParams(location.search);
  if (view.has("player")) return showPlayerPage(root, view.get("player"));
  if (view.has("board")) return showLeaderboard(root, view.get("board"));
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
  // The presets offered, from the engine (until it answers, only the one chosen).
  let presets = [form.preset];
  // Where the players of each player count sit, from the engine (until it answers, the
  // seat rows, links and chips wait).
  let places = null;
  const seatsFor = (players) => places?.[players] ?? null;
  let created = null;
  let games = [];
  let offline = [];
  let listError = null;
  let createError = null;
  let busy = false;

  const quick = { ...quickChoices(), busy: false, error: null };
  const quickBox = h("section", { class: "card quick", id: "quick" });
  const formBox = h("section", { class: "card", id: "create" });
  const createdBox = h("section", { class: "card created", id: "created", hidden: true });
  const listBox = h("section", { class: "card", id: "games" });
  const someoneBox = h("section", { class: "card someone", id: "someone" });
  replaceChildren(root, h("div", { class: "lobby" }, h("div", { class: "lobby-left" }, quickBox, someoneBox, formBox, createdBox), listBox));
  const renderSomeone = showPlaySomeone(someoneBox, { presets: () => presets, presetChoice });

  /** "Play the computer": one button that starts a game at once, in this browser (the
   * engine in the page, no place on the server, kept across reloads) unless the player
   * asks for a game on the server (which falls back to this browser when the server
   * cannot be reached), its choices beside it. */
  function renderQuick() {
    const keep = () => keepQuickChoices({ players: quick.players, level: quick.level, preset: quick.preset, server: quick.server });
    const choice = (name, label, options, value, set) =>
      h(
        "label",
        {},
        label,
        h(
          "select",
          {
            name,
            onchange: (e) => {
              set(e.target.value);
              keep();
            },
          },
          options.map(([v, text]) => h("option", { value: v, selected: String(value) === String(v) }, text)),
        ),
      );
    const offered = presets.includes(quick.preset) ? presets : [...presets, quick.preset];
    const wasFocused = document.activeElement?.id === "play-computer";
    const button = h(
      "button",
      { type: "button", class: "primary play-computer", id: "play-computer", disabled: quick.busy, onclick: playComputer },
      t("lobby.playComputer"),
    );
    replaceChildren(
      quickBox,
      h("h2", {}, t("lobby.quickTitle")),
      button,
      h(
        "div",
        { class: "row quick-choices" },
        choice("quick-players", t("lobby.opponents"), [2, 3, 4].map((n) => [n, String(n - 1)]), quick.players, (v) => (quick.players = Number(v))),
        choice("quick-level", t("lobby.level"), LEVELS.map((l) => [l, t(`level.${l}`)]), quick.level, (v) => (quick.level = v)),
        choice("quick-preset", t("lobby.preset"), offered.map((p) => [p, presetChoice(p)]), quick.preset, (v) => {
          quick.preset = v;
          quickBox.querySelector("#quick-preset-about").textContent = presetAbout(v);
        }),
      ),
      h("p", { class: "small preset-about", id: "quick-preset-about" }, presetAbout(quick.preset)),
      h(
        "label",
        { class: "check on-server" },
        h("input", {
          type: "checkbox",
          name: "quick-server",
          checked: quick.server,
          onchange: (e) => {
            quick.server = e.target.checked;
            keep();
          },
        }),
        h("span", {}, t("lobby.onServer")),
      ),
      realCowries(quick, renderQuick),
      quick.error ? h("p", { class: "error", role: "alert" }, quick.error) : null,
      h("p", { class: "small" }, t("lobby.quickPeople")),
    );
    if (wasFocused) button.focus();
  }

  async function playComputer() {
    quick.busy = true;
    quick.error = null;
    renderQuick();
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
          renderQuick();
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
    renderQuick();
  }

  function renderForm() {
    renderQuick();
    setRulesContext(rulesRequest(form.preset, form.pairCapture), form.size);
    const seatRows = (seatsFor(form.players) ?? []).map((seat, p) => {
      const s = form.seats[p];
      const kind = h(
        "select",
        {
          name: `kind-${p}`,
          "aria-label": `${t("lobby.kind")} ${seatName(seat)}`,
          onchange: (e) => {
            s.kind = e.target.value;
            renderForm();
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
    });
    replaceChildren(
      formBox,
      h("h2", {}, t("lobby.create")),
      h("p", { class: "small" }, t("lobby.createPeople")),
      h(
        "form",
        {
          onsubmit: (e) => {
            e.preventDefault();
            submit();
          },
        },
        h(
          "label",
          {},
          t("lobby.preset"),
          h(
            "select",
            {
              name: "preset",
              onchange: (e) => {
                form.preset = e.target.value;
                renderForm();
                // The board of the preset, from the engine.
                fullRules(form.preset)
                  .then((rules) => {
                    form.size = rules.size;
                    renderForm();
                  })
                  .catch(() => {});
              },
            },
            presets.map((p) => h("option", { value: p, selected: form.preset === p }, presetChoice(p))),
          ),
          h("span", { class: "small preset-about", id: "preset-about" }, presetAbout(form.preset)),
        ),
        h(
          "div",
          { class: "row" },
          h(
            "label",
            {},
            t("lobby.size"),
            h(
              "select",
              {
                name: "size",
                onchange: (e) => {
                  form.size = Number(e.target.value);
                  setRulesContext(rulesRequest(form.preset, form.pairCapture), form.size);
                },
              },
              SIZES.map((n) => h("option", { value: n, selected: form.size === n }, `${n}×${n}`)),
            ),
          ),
          h(
            "label",
            {},
            t("lobby.players"),
            h(
              "select",
              {
                name: "players",
                onchange: (e) => {
                  form.players = Number(e.target.value);
                  renderForm();
                },
              },
              [2, 3, 4].map((n) => h("option", { value: n, selected: form.players === n }, String(n))),
            ),
          ),
        ),
        h(
          "label",
          { class: "check", title: t("lobby.pairCaptureHelp") },
          h("input", {
            name: "pair_capture",
            type: "checkbox",
            checked: form.pairCapture,
            onchange: (e) => {
              form.pairCapture = e.target.checked;
              setRulesContext(rulesRequest(form.preset, form.pairCapture), form.size);
            },
          }),
          ` ${t("lobby.pairCapture")}`,
        ),
        realCowries(form, renderForm),
        h("fieldset", {}, h("legend", {}, t("lobby.seat")), seatRows),
        h(
          "label",
          { title: t("lobby.timerHelp") },
          t("lobby.timer"),
          h("input", {
            name: "timer",
            type: "number",
            min: 1,
            max: 3600,
            value: form.timer,
            oninput: (e) => {
              form.timer = e.target.value;
            },
          }),
        ),
        createError ? h("p", { class: "error", role: "alert" }, createError) : null,
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "primary", name: "create", disabled: busy }, t("lobby.submit")),
          h("button", { type: "button", name: "offline", disabled: busy, onclick: playOffline }, t("lobby.offline")),
        ),
      ),
    );
  }

  async function submit() {
    // A game of real cowries is played in this browser, never on the server.
    if (form.table) return playOffline();
    busy = true;
    createError = null;
    renderForm();
    const timer = form.timer === "" ? null : Number(form.timer);
    try {
      created = await createGame(gameRequest({ ...form, timer }));
      keepLinks(created.id, created.seats);
      renderCreated();
      refresh();
    } catch (e) {
      createError = errorText(e);
    }
    busy = false;
    renderForm();
  }

  /** Starts the form's game in this browser (the engine in the page, no server). */
  async function playOffline() {
    busy = true;
    createError = null;
    renderForm();
    try {
      const request = gameRequest({ ...form, timer: null });
      const { id, seat } = await createOfflineGame(form.table ? { ...request, table: true } : request);
      const query = seat === null ? "" : `?seat=${seat}&token=local`;
      location.assign(`/g/${id}${query}`);
      return;
    } catch (e) {
      createError = errorText(e);
    }
    busy = false;
    renderForm();
  }

  function linkRow(label, path, seatIndex) {
    const url = new URL(path, location.origin).href;
    const input = h("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": label });
    const copy = h(
      "button",
      {
        type: "button",
        onclick: async () => {
          input.select();
          try {
            await navigator.clipboard.writeText(url);
          } catch {
            document.execCommand?.("copy");
          }
          copy.textContent = t("lobby.copied");
        },
      },
      t("lobby.copy"),
    );
    return h(
      "div",
      { class: "link-row", dataset: seatIndex === null ? { spectate: "" } : { inviteSeat: String(seatIndex) } },
      h("span", { class: "link-label" }, label),
      input,
      copy,
      h("a", { href: path, class: "button" }, seatIndex === null ? t("lobby.watch") : t("lobby.play")),
    );
  }

  function renderCreated() {
    const seatPlaces = created && seatsFor(created.seats.length);
    if (!seatPlaces) return;
    createdBox.hidden = false;
    replaceChildren(
      createdBox,
      h("h2", {}, t("lobby.created", { id: created.id })),
      created.seats.map((s) =>
        s.kind === "human"
          ? linkRow(`${seatName(seatPlaces[s.seat])}${s.name ? ` (${s.name})` : ""}: ${t("lobby.invite")}`, s.link, s.seat)
          : h(
              "div",
              { class: "link-row" },
              h("span", { class: "link-label" }, `${seatName(seatPlaces[s.seat])}: ${t("game.bot", { level: t(`level.${s.level}`) })}`),
            ),
      ),
      linkRow(t("lobby.spectate"), created.spectate, null),
      h("p", { class: "small" }, `${t("lobby.commitment")}: `, h("code", { class: "hash" }, created.commitment)),
    );
  }

  function gameRow(g) {
    // Until the engine says where the players sit, a row names no seat.
    const seats = seatsFor(g.players) ?? [];
    const kept = keptLinks()[g.id] || [];
    const who = (seats.length ? g.seats || [] : []).map((s) =>
      h(
        "span",
        {
          class: `seat-chip seat-${seats[s.seat]}`,
          title: `${seatName(seats[s.seat])}: ${s.kind === "human" ? s.name || t("game.human") : t(`level.${s.level}`)}`,
        },
        seatBadge(seats[s.seat], 32),
      ),
    );
    let outcome = "";
    if (g.result) {
      const won = g.result.winner !== null && g.result.winner !== undefined;
      outcome = !won ? t("lobby.draw") : seats.length ? t("game.winner", { seat: seatName(seats[g.result.winner]) }) : "";
    }
    return h(
      "tr",
      { dataset: { game: g.id } },
      h("td", { dataset: { label: t("lobby.game") } }, h("code", {}, g.id)),
      h("td", { dataset: { label: t("lobby.preset") } }, `${presetName(g.rules)} ${g.size}×${g.size}`),
      h("td", { class: "who", dataset: { label: t("lobby.players") } }, who),
      h("td", { dataset: { label: t("lobby.updated") } }, new Date(g.updated_at).toLocaleString()),
      h("td", { dataset: { label: g.status === "finished" ? t("end.title") : t("lobby.moves") } }, outcome || String(g.version)),
      h(
        "td",
        { class: "actions" },
        h("a", { href: `/g/${g.id}` }, g.status === "finished" ? t("lobby.view") : t("lobby.watch")),
        g.status === "finished" || !seats.length
          ? null
          : kept.map((k) => h("a", { href: k.link, class: "resume" }, t("lobby.resume", { seat: seatName(seats[k.seat]) }))),
      ),
    );
  }

  function table(list, finished) {
    if (list.length === 0) return h("p", { class: "small" }, t("lobby.none"));
    const head = h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, t("lobby.game")),
        h("th", {}, t("lobby.preset")),
        h("th", {}, t("lobby.players")),
        h("th", {}, t("lobby.updated")),
        h("th", {}, finished ? t("end.title") : t("lobby.moves")),
        h("th", {}, ""),
      ),
    );
    return h("div", { class: "table-wrap" }, h("table", { class: "games cards" }, head, h("tbody", {}, list.map(gameRow))));
  }

  function renderList() {
    const playing = games.filter((g) => g.status !== "finished");
    const finished = games.filter((g) => g.status === "finished");
    replaceChildren(
      listBox,
      h(
        "div",
        { class: "row spread" },
        h("h2", {}, t("lobby.playing")),
        h("button", { type: "button", onclick: refresh }, t("lobby.refresh")),
      ),
      listError ? h("p", { class: "error" }, listError) : null,
      h("div", { id: "games-playing" }, table(playing, false)),
      h("h2", {}, t("lobby.finished")),
      h("div", { id: "games-finished" }, table(finished, true)),
      h("h2", {}, t("lobby.offlineGames")),
      h(
        "ul",
        { id: "games-offline" },
        offline.length === 0
          ? h("li", {}, t("lobby.none"))
          : offline.map((g) =>
              h("li", {}, h("a", { href: `/g/${g.id}?seat=${g.seat ?? 0}&token=local` }, `${g.id} · ${g.status} · ${new Date(g.updated).toLocaleString()}`)),
            ),
      ),
    );
  }

  async function refreshOffline() {
    try {
      offline = await keptGames();
    } catch {
      offline = [];
    }
    renderList();
  }

  async function refresh() {
    try {
      games = await listGames();
      listError = null;
    } catch (e) {
      listError = errorText(e);
    }
    renderList();
  }

  renderForm();
  // The first screen's action takes the focus: Enter starts a game.
  if (!location.hash) document.getElementById("play-computer")?.focus({ preventScroll: true });
  renderList();
  refresh();
  refreshOffline();
  presetNames()
    .then((names) => {
      presets = names;
      renderForm();
      renderSomeone();
    })
    .catch(() => {});
  seatPlaces()
    .then((seats) => {
      places = seats;
      renderForm();
      renderCreated();
      renderList();
    })
    .catch(() => {});
  const timer = setInterval(() => {
    if (!document.hidden) refresh();
  }, 5000);
  onLanguageChange(() => {
    renderForm();
    renderSomeone();
    renderCreated();
    renderList();
  });
  return () => clearInterval(timer);
}
