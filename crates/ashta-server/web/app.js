// The page's entry: the header (title, language switch, fast animations), then the
// lobby at `/` or the game at `/g/{id}` (`?seat=S&token=T` to play a seat).

import { h, replaceChildren } from "./dom.js";
import { showGame } from "./game.js";
import { initLanguage, language, LANGUAGES, onLanguageChange, setLanguage, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { fastAnimations, setFastAnimations } from "./settings.js";

function renderHeader(header) {
  const switcher = h(
    "div",
    { class: "lang", role: "group", "aria-label": t("lang.switch") },
    LANGUAGES.map((lang) =>
      h(
        "button",
        {
          type: "button",
          class: lang === language() ? "active" : "",
          "aria-pressed": lang === language() ? "true" : "false",
          dataset: { lang },
          onclick: () => setLanguage(lang),
        },
        lang.toUpperCase(),
      ),
    ),
  );
  const fast = h(
    "label",
    { class: "fast" },
    h("input", {
      type: "checkbox",
      id: "fast",
      checked: fastAnimations(),
      onchange: (e) => setFastAnimations(e.target.checked),
    }),
    ` ${t("settings.fast")}`,
  );
  replaceChildren(
    header,
    h("a", { href: "/", class: "brand" }, h("span", { class: "brand-title" }, t("app.title")), h("span", { class: "brand-sub" }, t("app.subtitle"))),
    h("div", { class: "header-tools" }, fast, switcher),
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
  } else {
    showLobby(root);
  }
}

main();
