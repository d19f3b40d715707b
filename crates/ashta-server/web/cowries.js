// The cowrie shells: drawn mouth up (the toothed slit) or mouth down (the smooth back),
// tumbling for a moment on each throw before they settle.

import { h, s, sleep } from "./dom.js";
import { t } from "./i18n.js";
import { throwName } from "./rules.js";

/** One cowrie as SVG, mouth up or down. */
export function cowrieSvg(up) {
  const shell = s("ellipse", { class: "shell", cx: 0, cy: 0, rx: 14, ry: 20 });
  const parts = [shell];
  if (up) {
    parts.push(s("path", { class: "mouth", d: "M0,-15 C3,-6 3,6 0,15 C-3,6 -3,-6 0,-15Z" }));
    for (let i = -10; i <= 10; i += 5) {
      parts.push(s("path", { class: "tooth", d: `M-3,${i}L3,${i}` }));
    }
  } else {
    parts.push(s("path", { class: "back", d: "M-8,-10 C-2,-16 6,-12 8,-4" }));
  }
  return s(
    "svg",
    { class: `cowrie ${up ? "up" : "down"}`, viewBox: "-17 -23 34 46", width: 28, height: 38, role: "img", "aria-label": t(up ? "cowrie.up" : "cowrie.down") },
    ...parts,
  );
}

/** Text for a throw: its cowries as ● (mouth up) and ○ (mouth down). */
export function cowrieText(cowries) {
  return cowries.map((c) => (c ? "●" : "○")).join("");
}

/** The panel showing the last throw. */
export class CowriesView {
  /** Draws the shells in `container` and the words of the throw in `caption` (an
   * element of its own, so that a phone can give the words the panel's whole width). */
  constructor(container, caption) {
    this.container = container;
    // The shells as one picture with a text alternative; the throw itself is announced
    // by the game's live region.
    // (a picture only once there are shells to show: an empty one would have no words).
    this.shells = h("div", { class: "shells" });
    this.caption = caption;
    container.replaceChildren(this.shells);
  }

  /** Shows a throw event by `who` (a seat's name): the shells tumble for `tumbleMs`, then
   * show the faces, the value and whether it is a grace. */
  async show(event, cowriesCount, tumbleMs, who = "") {
    const cowries = event.cowries || [];
    if (tumbleMs > 0) {
      this.shells.replaceChildren(...cowries.map((_, i) => {
        const el = cowrieSvg(i % 2 === 0);
        el.classList.add("tumbling");
        el.style.animationDelay = `${(i * 37) % 120}ms`;
        return el;
      }));
      this.caption.textContent = who ? `${who}: …` : "…";
      await sleep(tumbleMs);
    }
    this.shells.replaceChildren(...cowries.map((up) => cowrieSvg(up)));
    this.shells.dataset.version = String(event.version);
    this.shells.setAttribute("role", "img");
    this.shells.setAttribute("aria-label", t("cowrie.throw", { up: cowries.filter(Boolean).length, count: cowries.length }));
    this.caption.textContent = (who ? `${who}: ` : "") + throwCaption(event, cowriesCount);
  }

  /** Clears the panel. */
  clear() {
    this.shells.replaceChildren();
    this.shells.removeAttribute("role");
    this.shells.removeAttribute("aria-label");
    this.caption.textContent = "";
  }
}

/** A throw described in words: value, its traditional name, and how the phase goes on. */
export function throwCaption(event, cowriesCount) {
  const up = (event.cowries || []).filter(Boolean).length;
  const parts = [event.value === null || event.value === undefined ? t("throw.none") : String(event.value)];
  const name = throwName(up, cowriesCount);
  if (name) parts.push(t(`throw.${name}`));
  if (event.again) parts.push(t("throw.again"));
  if (event.end === "forfeited") parts.push(t("throw.forfeited"));
  if (event.end === "voided") parts.push(t("throw.voided"));
  return parts.join(" · ");
}
