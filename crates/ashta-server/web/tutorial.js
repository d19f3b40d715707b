// "How to play": the rules in brief (RULES.md), written for the rules of the game at
// hand (the lobby's chosen preset, or the game being played), in a dialog opened from
// the header on every page (and at once for an address ending in #rules).

import { BoardView } from "./board.js";
import { h, replaceChildren } from "./dom.js";
import { Board } from "./geometry.js";
import { t } from "./i18n.js";
import { fullRules, normalizeRules, throwName } from "./rules.js";

let current = { request: "standard", size: null };

/** Sets the rules the dialog explains: a rules request (a preset name, a partial or a
 * full rules object; the engine fills it in when the dialog opens), and the board. */
export function setRulesContext(rules, size) {
  current = { request: rules, size: size || null };
}

/** The paragraphs of the rules, as [text key, parameters], for `rules` (normalized).
 * The safe squares are counted when the rules list them (a game's full rules, from the
 * server); a preset's default layout is only named. */
export function rulesParagraphs(rules) {
  const out = [
    ["rules.goal", {}],
    ["rules.turn", { cowries: rules.cowries }],
    ["rules.bag", {}],
    Array.isArray(rules.safe) ? ["rules.safe", { count: rules.safe.length }] : ["rules.safeDefault", {}],
    [rules.entry === "grace" ? "rules.captureGrace" : "rules.captureStart", {}],
    [rules.gate === "circle" ? "rules.gateCircle" : "rules.gateWait", {}],
  ];
  if (rules.doubles) {
    out.push(["rules.doubles", {}]);
    out.push([rules.pairCapture ? "rules.pairCapture" : "rules.pairCaptureOff", {}]);
  }
  if (rules.entry === "grace") out.push(["rules.entryGrace", {}]);
  if (rules.threeGraces === "forfeit") out.push(["rules.threeGraces", {}]);
  out.push(["rules.page", {}]);
  return out;
}

/** The throw table as rows: mouths up, the value, its name and whether it is a grace. */
export function throwRows(rules) {
  return rules.faces.map((face, up) => ({ up, value: face.value, grace: !!face.grace, name: throwName(up, rules.cowries) }));
}

function dialog() {
  let box = document.getElementById("rules-dialog");
  if (!box) {
    box = h("dialog", { id: "rules-dialog", class: "rules-dialog", "aria-labelledby": "rules-title" });
    box.addEventListener("click", (e) => {
      if (e.target === box) box.close();
    });
    document.body.append(box);
  }
  return box;
}

/** The route picture of the rules dialog: South's path on the board of these rules
 * (the module's `boardOf`, the engine's geometry), with its caption; null when the
 * module cannot draw it. */
async function routeFigure(full, size) {
  try {
    const { loadEngine } = await import("./engine.js");
    const { ashta } = await loadEngine();
    const request = full.size === size ? full : typeof current.request === "string" ? { preset: current.request, size } : { ...current.request, size };
    const board = new Board(ashta.boardOf(JSON.stringify(await fullRules(request))));
    const box = h("div", { class: "route-board" });
    const view = new BoardView(box, {});
    view.setGame(board, 0);
    view.render({ pawns: board.paths.map(() => []), blocks: [], to_move: 0 }, { route: 0 });
    return h("figure", { class: "route-figure", id: "rules-route" }, box, h("figcaption", { class: "small" }, t("route.caption")));
  } catch {
    return null;
  }
}

/** Opens the dialog for the current rules (filled in by the engine). */
export async function openRules() {
  const box = dialog();
  let full;
  try {
    full = await fullRules(current.request);
  } catch (e) {
    replaceChildren(box, h("p", { role: "alert" }, String(e.message || e)));
    if (!box.open) box.showModal();
    return;
  }
  const rules = normalizeRules(full);
  const size = current.size || full.size;
  const route = await routeFigure(full, size);
  const preset = t(`presetShort.${rules.preset}`);
  replaceChildren(
    box,
    h(
      "div",
      { class: "rules-head" },
      h("h2", { id: "rules-title" }, t("rules.title")),
      h("button", { type: "button", id: "rules-close", onclick: () => box.close() }, t("rules.close")),
    ),
    h("p", { class: "small", id: "rules-preset" }, t("rules.preset", { preset, size })),
    // The route picture right after the goal it draws.
    rulesParagraphs(rules).flatMap(([key, params], i) => [h("p", { dataset: { rule: key } }, t(key, params)), i === 0 ? route : null]),
    h("h3", {}, t("rules.throws")),
    h(
      "table",
      { class: "throws", id: "rules-throws" },
      h("thead", {}, h("tr", {}, h("th", {}, t("rules.up")), h("th", {}, t("rules.value")), h("th", {}, ""))),
      h(
        "tbody",
        {},
        throwRows(rules).map((row) =>
          h(
            "tr",
            {},
            h("td", {}, String(row.up)),
            h("td", {}, String(row.value)),
            h("td", {}, [row.name ? t(`throw.${row.name}`) : "", row.grace ? t("throw.again") : ""].filter(Boolean).join(" · ")),
          ),
        ),
      ),
    ),
  );
  if (!box.open) box.showModal();
}
