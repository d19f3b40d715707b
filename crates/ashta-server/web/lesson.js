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
  const ui = lessonLayout(root);
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
  // The tutorial's context: its nodes, the module's table and script, its views and
  // where the learner is (`state`).
  const tut = { root, ui, lesson, script, board, state: { at: 0, phase: "intro", selected: null, said: "" } };
  tut.view = new BoardView(ui.boardBox, { onPawn: (g) => pawnTapped(tut, g), onTarget: (mv) => play(tut, mv), onSquare: () => {} });
  tut.view.setGame(board, 0);
  tut.cowries = new CowriesView(ui.cowries, ui.caption);
  replaceChildren(ui.step, h("p", { id: "lesson-intro" }, t("tutorial.intro")));
  draw(tut);
}

/** Lays the tutorial out in `root`; returns its nodes by name. */
function lessonLayout(root) {
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
  return ui;
}

/** The step the learner is at, its words with the script's turn; undefined after the last. */
function step(tut) {
  const at = tut.state.at;
  return LESSON_STEPS[at] && { ...LESSON_STEPS[at], ...tut.script.turns[at] };
}

/** The path index of the step's pawn, for the player to move (null when it has none). */
function unitIndex(tut) {
  const s = step(tut);
  const player = tut.lesson.position().to_move;
  return s.square ? tut.board.indexOf(player, parseSquare(s.square, tut.board.size)) : null;
}

/** Draws the board (the step's pawn movable, its targets once chosen), the bag, the
 * buttons of the phase and the message. */
function draw(tut) {
  const { state, ui } = tut;
  const pos = tut.lesson.position();
  const s = step(tut);
  const awaiting = s && s.mine && state.phase === "move";
  const legal = awaiting ? tut.lesson.legal() : [];
  const targets = state.selected === null ? [] : legal.filter((mv) => mv.from === state.selected);
  tut.view.render(pos, {
    mover: pos.to_move,
    movable: awaiting ? new Set([unitIndex(tut)]) : null,
    selected: state.selected === null ? null : { player: pos.to_move, index: state.selected },
    targets,
    route: s && s.route ? 0 : null,
  });
  replaceChildren(ui.bag, h("span", { class: "label" }, `${t("game.bag")}: `), h("span", { id: "bag-values", dataset: { bag: pos.bag.join(",") } }, pos.bag.map((v) => h("span", { class: "chip" }, String(v)))));
  const buttons = [];
  // North throws by itself: the button is the learner's only.
  if (state.phase === "throw" && s?.mine) buttons.push(h("button", { type: "button", class: "primary", id: "lesson-throw", onclick: () => throwNow(tut) }, t("game.throw")));
  if (state.phase === "next" || state.phase === "intro") buttons.push(h("button", { type: "button", class: "primary", id: "lesson-next", onclick: () => next(tut) }, t("tutorial.next")));
  if (state.phase === "done") buttons.push(h("a", { class: "button primary", id: "lesson-play", href: "/" }, t("tutorial.play")));
  replaceChildren(ui.actions, buttons);
  ui.message.textContent = state.said;
  tut.root.querySelector(".lesson").dataset.phase = state.phase;
  tut.root.querySelector(".lesson").dataset.step = s ? s.key : "end";
}

/** The step's text `kind` ("title", "before", "after"), or "" when it has none. */
function text(tut, kind) {
  const key = step(tut)[kind];
  return key ? t(key) : "";
}

/** Adds the step's words after it was played. */
function sayAfter(tut, words) {
  tut.ui.step.append(h("p", { class: "lesson-after", dataset: { lesson: "after" } }, words));
}

/** The step's heading and its words before it is played. */
function showStep(tut) {
  const s = step(tut);
  const parts = [h("h3", {}, s.mine ? text(tut, "title") : t("tutorial.north")), h("p", { dataset: { lesson: "before" } }, text(tut, "before"))];
  replaceChildren(tut.ui.step, parts);
}

/** Throws the step's cowries (the script's throws, shown rolling). */
async function throwNow(tut) {
  const { state } = tut;
  // One throw per step: a second tap while the cowries roll does nothing.
  if (state.phase !== "throw") return;
  state.phase = "throwing";
  const s = step(tut);
  const who = seatName(tut.board.seatOf(tut.lesson.position().to_move));
  const thrown = tut.lesson.throw(Uint8Array.from(s.throws));
  for (const one of thrown) await tut.cowries.show({ cowries: one.cowries, value: one.value, again: one.step === "again" }, 4, animationTimes(0).tumble, who);
  state.phase = s.square ? "move" : "next";
  if (!s.square) sayAfter(tut, text(tut, "after"));
  if (s.square && !s.mine) await playScript(tut);
  else if (state.phase === "move") state.said = t("tutorial.tapPawn", { square: s.square });
  draw(tut);
}

/** A tap on a pawn: the step's pawn is chosen, any other is refused with its square. */
function pawnTapped(tut, group) {
  const { state } = tut;
  if (state.phase !== "move" || !step(tut).mine) return;
  if (group.index !== unitIndex(tut) || group.player !== tut.lesson.position().to_move) {
    state.said = t("tutorial.wrongPawn", { square: step(tut).square });
    draw(tut);
    return;
  }
  state.selected = group.index;
  state.said = t("game.pickTarget");
  draw(tut);
}

/** Plays `mv` on the module's table, the pawn walking its path. */
async function play(tut, mv) {
  const { state } = tut;
  if (state.phase !== "move") return;
  const player = tut.lesson.position().to_move;
  const played = tut.lesson.play(mv.value, mv.from, mv.count);
  state.selected = null;
  await tut.view.animateMove(player, played.path, played.count, animationTimes(0).step);
  state.phase = "next";
  state.said = "";
  const after = step(tut).mine ? text(tut, "after") : "";
  if (after) sayAfter(tut, after);
  draw(tut);
}

/** North's scripted move: the step's pawn spends the bag. */
async function playScript(tut) {
  const idx = unitIndex(tut);
  const mv = tut.lesson.legal().find((m) => m.from === idx);
  await play(tut, mv);
}

/** Goes on to the next step (the first from the introduction), or to the end. */
async function next(tut) {
  const { state } = tut;
  state.at = state.phase === "intro" ? 0 : state.at + 1;
  if (state.at >= LESSON_STEPS.length) {
    state.phase = "done";
    replaceChildren(tut.ui.step, h("h3", {}, t("tutorial.doneTitle")), h("p", { id: "lesson-done" }, t("tutorial.done")));
    draw(tut);
    return;
  }
  const s = step(tut);
  showStep(tut);
  state.said = "";
  if (s.throws.length === 0) {
    state.phase = "move";
    state.said = t("tutorial.tapPawn", { square: s.square });
  } else {
    state.phase = "throw";
  }
  draw(tut);
  if (!s.mine) {
    await sleep(animationTimes(0).step);
    await throwNow(tut);
  }
}
