// The tutorial (`/#tutorial`): a first game in a few steps, played on the module's
// `Lesson` table. The script (the set-up, each turn's throws as mouths up and the
// square of its pawn) is the module's, the one `ashta play --tutorial` plays; the page
// adds its words. The engine throws, lists the legal moves with their paths and facts,
// and plays them. The steps teach a throw, a
// move, a capture, the gate and a double; North's turns are played by the script.

import { BoardView } from "./board.js";
import { CowriesView } from "./cowries.js";
import { h, replaceChildren, sleep } from "./dom.js";
import { Board, parseSquare } from "./geometry.js";
import { seatName, t } from "./i18n.js";
import { animationTimes } from "./settings.js";

/** The words of the turns of the module's tutorial script (`tutorialScript()`: the
 * set-up and each turn's throws and pawn, shared with `ashta play --tutorial`): a name,
 * whether the learner plays it, whether the route is drawn, and the keys of the texts
 * before and after it. */
export const LESSON_STEPS = [
  { key: "throw", mine: true, title: "tutorial.throw.title", before: "tutorial.throw.before", after: "tutorial.throw.after" },
  { key: "move", mine: true, title: "tutorial.move.title", before: "tutorial.move.before", after: "tutorial.move.after" },
  { key: "north1", mine: false, before: "tutorial.north1.before" },
  { key: "capture", mine: true, title: "tutorial.capture.title", before: "tutorial.capture.before", after: "tutorial.capture.after" },
  { key: "gate", mine: true, route: true, title: "tutorial.gate.title", before: "tutorial.gate.before", after: "tutorial.gate.after" },
  { key: "north2", mine: false, before: "tutorial.north2.before" },
  { key: "double", mine: true, title: "tutorial.double.title", before: "tutorial.double.before", after: "tutorial.double.after" },
];

/** Shows the tutorial in `root`. */
export async function showLesson(root) {
  const ui = {
    title: h("h2", {}, t("tutorial.title")),
    step: h("section", { class: "card lesson-step", id: "lesson-step", "aria-live": "polite" }),
    cowries: h("div", { class: "cowries", id: "cowries" }),
    caption: h("div", { class: "throw-caption", id: "throw-caption" }),
    bag: h("div", { class: "bag", id: "bag" }),
    actions: h("div", { class: "actions", id: "lesson-actions" }),
    message: h("p", { class: "message", id: "message", role: "alert" }),
    boardBox: h("div", { class: "board-wrap", id: "board" }),
  };
  replaceChildren(
    root,
    h(
      "div",
      { class: "game lesson" },
      h("div", { class: "game-head" }, h("a", { href: "/", class: "back" }, `← ${t("game.back")}`), ui.title),
      ui.step,
      h("div", { class: "game-main" }, h("div", { class: "card throw-box" }, ui.cowries, ui.caption, ui.bag, ui.actions, ui.message), ui.boardBox),
    ),
  );
  let lesson;
  let script;
  try {
    const { loadEngine } = await import("./engine.js");
    const { ashta } = await loadEngine();
    script = ashta.tutorialScript();
    lesson = new ashta.Lesson(JSON.stringify(script.start));
  } catch (e) {
    replaceChildren(ui.step, h("p", { class: "error" }, String(e.message || e)));
    return;
  }
  const board = new Board(lesson.board());
  const view = new BoardView(ui.boardBox, { onPawn: (g) => pawnTapped(g), onTarget: (mv) => play(mv), onSquare: () => {} });
  view.setGame(board, 0);
  const cowries = new CowriesView(ui.cowries, ui.caption);
  const state = { at: 0, phase: "intro", selected: null, said: "" };

  function step() {
    return LESSON_STEPS[state.at] && { ...LESSON_STEPS[state.at], ...script.turns[state.at] };
  }
  function unitIndex() {
    const s = step();
    const player = lesson.position().to_move;
    return s.square ? board.indexOf(player, parseSquare(s.square, board.size)) : null;
  }

  function draw() {
    const pos = lesson.position();
    const s = step();
    const awaiting = s && s.mine && state.phase === "move";
    const legal = awaiting ? lesson.legal() : [];
    const targets = state.selected === null ? [] : legal.filter((mv) => mv.from === state.selected);
    view.render(pos, {
      mover: pos.to_move,
      movable: awaiting ? new Set([unitIndex()]) : null,
      selected: state.selected === null ? null : { player: pos.to_move, index: state.selected },
      targets,
      route: s && s.route ? 0 : null,
    });
    replaceChildren(ui.bag, h("span", { class: "label" }, `${t("game.bag")}: `), h("span", { id: "bag-values", dataset: { bag: pos.bag.join(",") } }, pos.bag.map((v) => h("span", { class: "chip" }, String(v)))));
    const buttons = [];
    // North throws by itself: the button is the learner's only.
    if (state.phase === "throw" && step()?.mine) buttons.push(h("button", { type: "button", class: "primary", id: "lesson-throw", onclick: () => throwNow() }, t("game.throw")));
    if (state.phase === "next" || state.phase === "intro") buttons.push(h("button", { type: "button", class: "primary", id: "lesson-next", onclick: () => next() }, t("tutorial.next")));
    if (state.phase === "done") buttons.push(h("a", { class: "button primary", id: "lesson-play", href: "/" }, t("tutorial.play")));
    replaceChildren(ui.actions, buttons);
    ui.message.textContent = state.said;
    root.querySelector(".lesson").dataset.phase = state.phase;
    root.querySelector(".lesson").dataset.step = s ? s.key : "end";
  }

  function text(kind) {
    const key = step()[kind];
    return key ? t(key) : "";
  }

  function showStep() {
    const s = step();
    const parts = [h("h3", {}, s.mine ? text("title") : t("tutorial.north")), h("p", { dataset: { lesson: "before" } }, text("before"))];
    replaceChildren(ui.step, parts);
  }

  async function throwNow() {
    // One throw per step: a second tap while the cowries roll does nothing.
    if (state.phase !== "throw") return;
    state.phase = "throwing";
    const s = step();
    const who = seatName(board.seatOf(lesson.position().to_move));
    const thrown = lesson.throw(Uint8Array.from(s.throws));
    for (const one of thrown) await cowries.show({ cowries: one.cowries, value: one.value, again: one.step === "again" }, 4, animationTimes(0).tumble, who);
    state.phase = s.square ? "move" : "next";
    if (!s.square) ui.step.append(h("p", { class: "lesson-after", dataset: { lesson: "after" } }, text("after")));
    if (s.square && !s.mine) await playScript();
    else if (state.phase === "move") state.said = t("tutorial.tapPawn", { square: s.square });
    draw();
  }

  function pawnTapped(group) {
    if (state.phase !== "move" || !step().mine) return;
    if (group.index !== unitIndex() || group.player !== lesson.position().to_move) {
      state.said = t("tutorial.wrongPawn", { square: step().square });
      draw();
      return;
    }
    state.selected = group.index;
    state.said = t("game.pickTarget");
    draw();
  }

  async function play(mv) {
    if (state.phase !== "move") return;
    const player = lesson.position().to_move;
    const played = lesson.play(mv.value, mv.from, mv.count);
    state.selected = null;
    await view.animateMove(player, played.path, played.count, animationTimes(0).step);
    state.phase = "next";
    state.said = "";
    const after = step().mine ? text("after") : "";
    if (after) ui.step.append(h("p", { class: "lesson-after", dataset: { lesson: "after" } }, after));
    draw();
  }

  /** North's scripted move: the step's pawn spends the bag. */
  async function playScript() {
    const idx = unitIndex();
    const mv = lesson.legal().find((m) => m.from === idx);
    await play(mv);
  }

  async function next() {
    if (state.phase === "intro") {
      state.at = 0;
    } else {
      state.at += 1;
    }
    if (state.at >= LESSON_STEPS.length) {
      state.phase = "done";
      replaceChildren(ui.step, h("h3", {}, t("tutorial.doneTitle")), h("p", { id: "lesson-done" }, t("tutorial.done")));
      draw();
      return;
    }
    const s = step();
    showStep();
    state.said = "";
    if (s.throws.length === 0) {
      state.phase = "move";
      state.said = t("tutorial.tapPawn", { square: s.square });
    } else {
      state.phase = "throw";
    }
    draw();
    if (!s.mine) {
      await sleep(animationTimes(0).step);
      await throwNow();
    }
  }

  replaceChildren(ui.step, h("p", { id: "lesson-intro" }, t("tutorial.intro")));
  draw();
}
