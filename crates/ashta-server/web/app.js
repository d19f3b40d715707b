// The page's entry: the header (title, how to play, the settings menu with sound, fast
// animations and forced moves, language switch; on a phone How to play as a 44 px
// symbol, its words kept for screen readers), then the lobby at `/` or the game at `/g/{id}` (`?seat=S&token=T` to play a
// seat). An address ending in `#rules` opens "how to play" at once; `/#tutorial` is the
// tutorial (lesson.js).

import { h, replaceChildren } from "./dom.js";
import { showGame } from "./game.js";
import { initLanguage, language, LANGUAGE_NAMES, LANGUAGES, onLanguageChange, setLanguage, t } from "./i18n.js";
import { showLesson } from "./lesson.js";
import { showLobby } from "./lobby.js";
import { autoPlay, fastAnimations, setAutoPlay, setFastAnimations } from "./settings.js";
import { setSound, soundOn } from "./sound.js";
import { openRules } from "./tutorial.js";

/** The files an offline game loads later, and the icon (the browser fetches it past
 * the service worker), kept by the service worker at once. */
const OFFLINE_FILES = [
  "/assets/favicon.svg",
  "/assets/wasm/ashta_wasm.js",
  "/assets/wasm/ashta_wasm_bg.wasm",
  "/assets/engine-worker.js",
  "/assets/manifest.webmanifest",
];

/** The tutorial's link, in the header of every page but a game's (whose header stays
 * short on a phone, so the board fits the screen). */
function tutorialLink() {
  if (location.pathname.startsWith("/g/")) return null;
  return h("a", { href: "/#tutorial", id: "tutorial-open", class: "button rules-open" }, t("tutorial.open"));
}

/** One choice of the settings menu: a check box `id` with its words, kept by `keep`. */
function setting(id, words, on, keep) {
  return h(
    "label",
    { class: "setting" },
    h("input", { type: "checkbox", id, checked: on, onchange: (e) => keep(e.target.checked) }),
    h("span", {}, words),
  );
}

/** A header tool's words, and the symbol a phone shows in their place. */
function toolText(symbol, words) {
  return [h("span", { class: "tool-symbol", "aria-hidden": "true" }, symbol), h("span", { class: "tool-text" }, words)];
}

function renderHeader(header) {
  const switcher = h(
    "label",
    { class: "lang" },
    h("span", { class: "visually-hidden" }, t("lang.switch")),
    h(
      "select",
      { id: "lang", "aria-label": t("lang.switch"), onchange: (e) => setLanguage(e.target.value) },
      LANGUAGES.map((lang) => h("option", { value: lang, selected: lang === language() }, LANGUAGE_NAMES[lang])),
    ),
  );
  const settings = h(
    "details",
    { class: "settings", id: "settings" },
    h("summary", { class: "settings-open", id: "settings-open" }, h("span", { class: "settings-icon", "aria-hidden": "true" }, "⚙"), t("settings.title")),
    h(
      "div",
      { class: "settings-panel", id: "settings-panel" },
      setting("sound", t("settings.sound"), soundOn(), setSound),
      setting("fast", t("settings.fast"), fastAnimations(), setFastAnimations),
      setting("autoplay", t("settings.autoplay"), autoPlay(), setAutoPlay),
    ),
  );
  const rules = h("button", { type: "button", id: "rules-open", class: "rules-open", onclick: openRules }, toolText("?", t("rules.open")));
  replaceChildren(
    header,
    h("a", { href: "/", class: "brand" }, h("span", { class: "brand-title" }, t("app.title")), h("span", { class: "brand-sub" }, t("app.subtitle"))),
    h("div", { class: "header-tools" }, rules, tutorialLink(), settings, switcher),
  );
}

function main() {
  initLanguage();
  const header = document.getElementById("header");
  const root = document.getElementById("app");
  renderHeader(header);
  onLanguageChange(() => renderHeader(header));
  const match = /^\/g\/([^/]+)\/?$/.exec(location.pathname);
  if (match) {
    const params = new URLSearchParams(location.search);
    const seat = params.has("seat") ? Number(params.get("seat")) : null;
    const token = params.get("token");
    showGame(root, decodeURIComponent(match[1]), Number.isInteger(seat) ? seat : null, token);
  } else if (location.hash === "#tutorial") {
    showLesson(root);
  } else {
    showLobby(root);
  }
  // The tutorial's link from the lobby changes only the address's end.
  addEventListener("hashchange", () => {
    if (!match && location.hash === "#tutorial") showLesson(root);
  });
  if (location.hash === "#rules") openRules();
}

/** Registers the service worker (sw.js) and tells it what the page loaded before it
 * looked after the page, with the engine's files, so the page starts offline. When the
 * worker has kept them, `<html data-offline>` says `ready` (or `partial`, some files
 * could not be fetched: the next visit online keeps them). */
async function installOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    navigator.serviceWorker.addEventListener("message", (e) => {
      if (e.data && Array.isArray(e.data.missing)) {
        document.documentElement.dataset.offline = e.data.missing.length === 0 ? "ready" : "partial";
      }
    });
    await navigator.serviceWorker.register("/assets/sw.js", { scope: "/" });
    const ready = await navigator.serviceWorker.ready;
    const loaded = performance.getEntriesByType("resource").map((e) => e.name);
    const engine = OFFLINE_FILES.map((f) => new URL(f, location.href).href);
    ready.active?.postMessage({ keep: [...loaded, ...engine] });
  } catch {
    // Without a service worker the page still plays, online.
  }
}

main();
installOffline();
