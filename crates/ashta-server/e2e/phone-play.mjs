// Play on a phone and with a keyboard, in headless Chromium at 1280×800, 390×844 and
// 360×640: "Play the computer" starts a game in one tap, its choices kept; every
// control is at least 44×44 px at 360 px; a tap on a highlighted square moves there and
// a tap on the cowries throws; a forced move plays itself; Enter throws and then moves,
// the arrows rove through the movable pawns and their destinations, `?` lists the keys;
// no button's text is cut off in any of the six languages at 360 px, no word of the
// throw panel's buttons breaks in the middle and the longest throw's words neither
// overlap the shells or the bag nor run out of their box (a list box's chosen words
// measured against its width, an empty field's placeholder against the field's), every
// script in the page's own fonts; the lobby offline says so; a draw says why.
// Screenshots of each go to e2e/screenshots/.
//
// Usage: node phone-play.mjs BASE_URL   (E2E_ONLY=WORD runs the scenarios named with it)

import { seatName, setLanguage, t } from "../web/i18n.js";
import { check, gameAgainstRandomBots, myTurnOrOver, newContext, playToTheEnd, runScenarios, snapshot, waitFor } from "./helpers.mjs";
import { screen } from "./screens.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node phone-play.mjs BASE_URL (for example http://127.0.0.1:8080)");
  process.exit(2);
}
const OVERALL_MS = 420000;

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const PHONE = { width: 360, height: 640 };
const LANGUAGES = ["en", "ru", "hi", "kn", "te", "ta"];

/** The page's controls smaller than 44×44 CSS px (a check box's label is its target),
 * as "selector W×H" lines. */
function smallControls(page) {
  return page.evaluate(() => {
    const out = [];
    const controls = "button, a[href], select, input, summary, [role=button], [tabindex]:not([tabindex='-1'])";
    for (const el of document.querySelectorAll(controls)) {
      if (el.closest("[hidden], dialog:not([open])") || el.getClientRects().length === 0) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      // A check box's target is its label; where several moves reach one square, a tap
      // anywhere on the square asks which (its markers are only the keyboard's).
      const label = el.matches("input[type=checkbox]") ? el.closest("label") : null;
      const square = el.matches(".target.shared") ? document.querySelector(`.shared-hit[data-square="${el.dataset.square}"]`) : null;
      const r = (label || square || el).getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("class") ? `.${el.getAttribute("class").split(" ")[0]}` : ""}`;
        out.push(`${name} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

/** The buttons, links styled as buttons, list boxes, header tools and empty fields'
 * placeholders whose text does not fit inside them, as "selector: text" lines. */
function clippedTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const ctx = document.createElement("canvas").getContext("2d");
    /** The width of `words` drawn in `el`'s font (the page's own, once loaded). */
    const wordsWidth = (el, words) => {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return ctx.measureText(words).width;
    };
    /** The width inside `el`'s padding. */
    const contentWidth = (el) => {
      const style = getComputedStyle(el);
      return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    };
    const selector = "button, .button, select, summary, label.setting, label.check, .choice, .player, .status, .message, input[placeholder]";
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest("[hidden], dialog:not([open])") || el.getClientRects().length === 0) continue;
      if (!el.matches("summary") && el.closest("details:not([open])")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.overflowY === "auto") continue;
      let clipped;
      let text = el.textContent;
      if (el.matches("input")) {
        // A field scrolls what is typed, never its placeholder: an empty field's
        // placeholder is measured in its font against the room inside its padding.
        if (el.value !== "") continue;
        text = el.placeholder;
        clipped = wordsWidth(el, text) > contentWidth(el);
      } else {
        clipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      }
      // A list box never scrolls: its chosen option's words are measured in its font
      // against the room left of its arrow.
      if (el.matches("select") && el.selectedOptions.length) {
        clipped ||= wordsWidth(el, el.selectedOptions[0].textContent) > contentWidth(el) - 20;
      }
      const r = el.getBoundingClientRect();
      if (clipped || r.right > innerWidth + 0.5) out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}: ${text.trim().slice(0, 40)}`);
    }
    return out;
  });
}

/** Waits until the page is drawn in the fonts it ships for the language shown (every
 * face it asked for loaded), so a layout is measured as on any other machine. */
async function inShippedFonts(page) {
  await page.waitForTimeout(100);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** The throw panel with the longest throw's words (`caption`) and a bag of five values
 * drawn in: what overlaps (shells, words, bag), what runs out of its box or past the
 * screen, and which words of its buttons break across lines, as lines. */
function throwPanelProblems(page, caption) {
  return page.evaluate((caption) => {
    document.querySelector("#throw-caption").textContent = caption;
    document.querySelector("#bag-values").replaceChildren(
      ...[8, 8, 4, 4, 3].map((v) => Object.assign(document.createElement("span"), { className: "chip", textContent: String(v) })),
    );
    const out = [];
    const parts = { shells: "#cowries .shells", words: "#throw-caption", bag: ".bag" };
    const rect = (sel) => document.querySelector(sel).getBoundingClientRect();
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const names = Object.keys(parts);
    names.forEach((a, i) => names.slice(i + 1).forEach((b) => meet(rect(parts[a]), rect(parts[b])) && out.push(`${a} overlap ${b}`)));
    for (const [name, sel] of Object.entries(parts)) {
      const el = document.querySelector(sel);
      if (el.scrollWidth > el.clientWidth + 1 || rect(sel).right > innerWidth + 0.5) out.push(`${name} run out of their box`);
    }
    // A word broken across lines has more than one line box.
    for (const button of document.querySelectorAll("#throw-box .actions button")) {
      if (button.closest("[hidden]") || button.getClientRects().length === 0) continue;
      const node = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      if (!node) continue;
      const range = document.createRange();
      for (const m of node.textContent.matchAll(/\S+/g)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`"${m[0]}" broken in ${button.id || "a button"}`);
      }
    }
    return out;
  }, caption);
}

/** A game against `players − 1` random bots, made by "Play the computer" with its
 * choices set to that (played in the browser, or on the server with `server`); returns
 * the page's first snapshot. */
async function quickGame(page, { players = 2, level = "random" } = {}) {
  await page.goto(`${base}/`);
  await page.waitForSelector("#play-computer:not(:disabled)");
  await page.selectOption('select[name="quick-players"]', String(players));
  await page.selectOption('select[name="quick-level"]', level);
  await page.click("#play-computer");
  await page.waitForURL(/\/g\/[^/]+\?seat=0&token=/);
  return snapshot(page);
}

/** Plays the page's turns by tapping until `done(snapshot)` holds: the cowries to throw,
 * then the centre of a unit's square and of its destination's square (not the markers). */
async function tapUntil(page, done, limit = 200) {
  for (let n = 0; n < limit; n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    if (done(s) || s.status === "finished") return s;
    if (s.must_throw) {
      await page.click("#cowries");
    } else if (s.legal.length === 1 && (await page.isChecked("#autoplay"))) {
      // A forced move plays itself.
    } else {
      const mv = s.legal[0];
      await chooseUnit(page, s, mv);
      const square = await page.getAttribute(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`, "data-square");
      await tapSquare(page, square);
      if (await page.isVisible(".choice")) await page.click(`.choice[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
    }
    await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  }
  throw new Error(`tapping for ${limit} actions did not reach the state looked for`);
}

/** Taps the unit that plays `mv`, unless it is chosen already (the only unit that can
 * move is, with forced moves on). */
async function chooseUnit(page, s, mv) {
  const unit = mv.from < 0 ? `[data-yard="${s.you}"]` : `.pawn[data-player="${s.you}"][data-index="${mv.from}"]`;
  if ((await page.$(`${unit}.selected`)) === null) await page.click(unit);
}

/** A tap at the centre of the board's square `name`, whatever is drawn on it. */
async function tapSquare(page, name) {
  const box = await page.locator(`.square[data-square="${name}"] .cell`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function oneTapToPlay(browser) {
  const notes = [];
  for (const viewport of SIZES) {
    const context = await newContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("#play-computer:not(:disabled)");
    // The first screen's action, focused: no Tab at all before Enter plays.
    const focused = await page.evaluate(() => document.activeElement?.id);
    check(focused === "play-computer", `at ${viewport.width} px the lobby opens with the focus on Play the computer, not ${focused}`);
    await screen(page, "quick-lobby", { onScreen: ["#play-computer", 'select[name="quick-level"]'] });
    await page.selectOption('select[name="quick-players"]', "3");
    await page.selectOption('select[name="quick-level"]', "beginner");
    await page.focus("#play-computer");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/g\/[^/]+\?seat=0&token=/);
    const s = await snapshot(page);
    check(s.you === 0 && s.status === "playing", `Play the computer opens a game as South: ${JSON.stringify({ you: s.you, status: s.status })}`);
    check(s.players === 3 && s.seats.filter((x) => x.kind === "bot" && x.level === "beginner").length === 2, `the game has the chosen bots: ${JSON.stringify(s.seats)}`);
    check(s.rules.preset === "standard", `the game has the chosen rules: ${s.rules.preset}`);
    // Played in this browser: no place on the server, kept across a reload.
    check(s.id.startsWith("local-"), `Play the computer plays in this browser, not on the server: ${s.id}`);
    const listed = await page.evaluate(() => fetch("/api/games").then((r) => r.json()));
    check(!JSON.stringify(listed).includes(s.id), "the game in this browser has no place on the server");
    // The choices are kept for the next game.
    await page.goto(`${base}/`);
    await page.waitForSelector("#play-computer:not(:disabled)");
    const kept = await page.evaluate(() => [document.querySelector('select[name="quick-players"]').value, document.querySelector('select[name="quick-level"]').value]);
    check(kept[0] === "3" && kept[1] === "beginner", `the lobby keeps the choices of Play the computer: ${kept}`);
    if (viewport.width === PHONE.width) {
      // Asked for, the game is played on the server.
      await page.check('input[name="quick-server"]');
      await page.click("#play-computer");
      await page.waitForURL(/\/g\/[^/]+\?seat=0&token=/);
      const online = await snapshot(page);
      check(!online.id.startsWith("local-"), `with "Play on the server" the game is the server's: ${online.id}`);
    }
    notes.push(`${viewport.width}: 0 Tabs`);
    await context.close();
  }
  return notes.join(", ");
}

async function touchTargetsAndTaps(browser) {
  // As people play: forced moves on.
  const context = await newContext(browser, { viewport: PHONE, autoplay: true });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector("#play-computer:not(:disabled)");
  await page.waitForSelector('select[name="kind-1"]');
  const lobbySmall = await smallControls(page);
  check(lobbySmall.length === 0, `at 360 px the lobby's controls are at least 44×44 px: ${lobbySmall.join("; ")}`);
  let s = await quickGame(page);
  const header = await page.$eval("#header", (el) => el.getBoundingClientRect().height);
  check(header <= 56, `the game's header on a phone is one short line: ${header} px`);
  // A tap on the cowries throws.
  s = await waitFor(page, (x) => x.status === "playing" && x.position.to_move === x.you && x.must_throw, 30000);
  await page.click("#cowries");
  s = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  check(s.events.some((e) => e.kind === "throw" && e.seat === 0), "a tap on the cowries throws");
  s = await tapUntil(page, (x) => !x.must_throw && x.position.to_move === x.you && x.legal.length > 1);
  check(s.status === "playing", "the game ended before a move could be tapped");
  const gameSmall = await smallControls(page);
  check(gameSmall.length === 0, `at 360 px on the player's move every control is at least 44×44 px: ${gameSmall.join("; ")}`);
  await screen(page, "touch-move", { onScreen: ["#throw", "#cowries", ".pawn.movable"] });
  // A tap on the destination's square, not on its marker, plays the move.
  const mv = s.legal[0];
  await chooseUnit(page, s, mv);
  const square = await page.getAttribute(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`, "data-square");
  const shared = (await page.$$(`.target[data-square="${square}"]`)).length > 1;
  await tapSquare(page, square);
  if (shared) {
    await page.waitForSelector(".choice");
    await page.click(`.choice[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
  }
  const after = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  const played = after.events.find((e) => e.version === s.version + 1);
  check(played && played.kind === "move" && played.move.value === mv.value && played.move.from === mv.from, `a tap on the highlighted square ${square} plays its move: ${JSON.stringify(played)}`);
  // The other sizes, for people to look at.
  for (const viewport of SIZES.slice(0, 2)) {
    await page.setViewportSize(viewport);
    await screen(page, "touch-game", { inside: ["#throw", "#cowries"] });
  }
  await context.close();
  return `0 controls under 44 px at 360 px, header ${Math.round(header)} px`;
}

async function forcedMovesPlayThemselves(browser) {
  const notes = [];
  for (const viewport of SIZES) notes.push(await forcedMoveAt(browser, viewport, viewport.width === PHONE.width));
  return notes.join(", ");
}

/** A forced move played by itself at `viewport`; with `thenOff`, the setting turned off
 * and the next forced move waiting for the player. */
async function forcedMoveAt(browser, viewport, thenOff) {
  const context = await newContext(browser, { viewport, autoplay: true });
  const page = await context.newPage();
  // One pawn each: most throws leave a single play.
  await page.goto(`${base}/`);
  const made = await page.evaluate(async () => {
    const { createGame } = await import("/assets/api.js");
    return createGame({ rules: { preset: "standard", pawns: 1 }, size: 5, players: 2, seats: [{ kind: "human", name: null }, { kind: "bot", level: "random" }] });
  });
  await page.goto(new URL(made.seats[0].link, base).href);
  await snapshot(page);
  check(await page.isChecked("#autoplay"), "playing forced moves is on by default");
  // Throw by tapping until the engine lists a single play; it is played with no tap.
  for (let n = 0; n < 200; n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    check(s.status === "playing", "the game ended before a forced move came");
    if (s.must_throw) {
      await page.click("#cowries");
      await waitFor(page, (x, v) => x.version > v, 20000, s.version);
      continue;
    }
    if (s.legal.length === 1) {
      const only = s.legal[0];
      const after = await waitFor(page, (x, v) => x.version > v, 5000, s.version);
      const played = after.events.find((e) => e.version === s.version + 1);
      check(played.kind === "move" && played.move.value === only.value && played.move.from === only.from, `the forced move is played by itself: ${JSON.stringify(played)}`);
      await screen(page, "forced-move", { inside: ["#throw"] });
      let waited = "";
      if (thenOff) {
        // Turned off, a forced move waits for the player.
        await page.click("#settings-open");
        await page.uncheck("#autoplay");
        waited = `, waited when off (${await waitForForced(page)})`;
      }
      await context.close();
      return `${viewport.width}: played by itself${waited}`;
    }
    const mv = s.legal[0];
    const unit = mv.from < 0 ? `[data-yard="${s.you}"]` : `.pawn[data-player="${s.you}"][data-index="${mv.from}"]`;
    if (new Set(s.legal.map((m) => m.from)).size === 1) {
      // The only unit that can move is chosen already, its destinations shown.
      await page.waitForSelector(`${unit}.selected`);
    } else {
      await page.click(unit);
    }
    await page.click(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
    await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  }
  throw new Error("no forced move came in 200 actions");
}

/** With the setting off: plays on until a forced move, and checks it is not played by
 * itself within a second and a half. */
async function waitForForced(page) {
  for (let n = 0; n < 200; n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    check(s.status === "playing", "the game ended before a second forced move came");
    if (s.must_throw) {
      await page.click("#throw");
    } else if (s.legal.length === 1) {
      await page.waitForTimeout(1500);
      const still = await snapshot(page);
      check(still.version === s.version, "with the setting off a forced move waits for the player");
      return "1.5 s";
    } else {
      const mv = s.legal[0];
      await page.click(mv.from < 0 ? `[data-yard="${s.you}"]` : `.pawn[data-player="${s.you}"][data-index="${mv.from}"]`);
      await page.click(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
    }
    await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  }
  throw new Error("no second forced move came in 200 actions");
}

async function keyboardPlay(browser) {
  const notes = [];
  for (const viewport of SIZES) notes.push(await keyboardPlayAt(browser, viewport));
  return notes.join(", ");
}

async function keyboardPlayAt(browser, viewport) {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  await quickGame(page);
  const active = () => page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return el.id ? `#${el.id}` : `${el.getAttribute("class") || el.tagName}`;
  });
  // `?` lists the keys.
  await page.focus("#board");
  await page.keyboard.press("?");
  await page.waitForSelector("#keys-dialog[open]");
  const keys = await page.$$eval("#keys-dialog li", (lis) => lis.map((li) => li.dataset.key));
  check(["throw", "enter", "arrows", "hint", "undo", "help"].every((k) => keys.includes(k)), `? lists the keys: ${keys}`);
  await screen(page, "keys-dialog", { onScreen: ["#keys-close"] });
  await page.click("#keys-close");
  let arrowsTried = false;
  let moves = 0;
  for (let n = 0; n < 200 && !(arrowsTried && moves >= 2); n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    check(s.status === "playing", "the game ended before the keys were tried");
    if (s.must_throw) {
      // Enter throws.
      await page.focus("#board");
      await page.keyboard.press("Enter");
      const thrown = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
      check(thrown.events.some((e) => e.version > s.version && e.kind === "throw" && e.seat === 0), "Enter throws");
      continue;
    }
    // After the throw the focus is on a pawn that can move (no Tab needed).
    const where = await active();
    check(/pawn|yard/.test(where) || (await page.evaluate(() => !!document.activeElement?.dataset?.yard)), `after a throw the focus is on a movable pawn, not ${where}`);
    const units = [...new Set(s.legal.map((mv) => mv.from))];
    if (units.length > 1 && !arrowsTried) {
      // → chooses the next movable unit, ↓ goes to its first destination.
      await page.keyboard.press("ArrowRight");
      const chosen = await page.evaluate(() => document.querySelector(".pawn.selected, [data-yard].selected")?.dataset);
      check(chosen, "→ chooses a movable pawn");
      await page.keyboard.press("ArrowDown");
      const target = await page.evaluate(() => document.activeElement?.classList.contains("target"));
      check(target, "↓ puts the focus on a destination");
      await page.keyboard.press("ArrowDown");
      check(await page.evaluate(() => document.activeElement?.classList.contains("target")), "↓ again stays among the destinations");
      arrowsTried = true;
    } else {
      // Enter with nothing chosen picks the first movable unit and its first destination.
      await page.keyboard.press("Enter");
      check(await page.evaluate(() => document.activeElement?.classList.contains("target")), "Enter puts the focus on a destination");
    }
    await page.keyboard.press("Enter");
    const after = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
    check(after.events.some((e) => e.version > s.version && e.kind === "move" && e.seat === 0), "Enter plays the destination in focus");
    moves += 1;
  }
  check(arrowsTried && moves >= 2, `keyboard play: arrows ${arrowsTried}, moves ${moves}`);
  await context.close();
  return `${viewport.width}: ${moves} moves by Enter, arrows tried`;
}

async function textFitsInEveryLanguage(browser) {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  const fonts = new Set();
  page.on("response", (r) => {
    if (r.url().includes("/assets/fonts/") && r.ok()) fonts.add(new URL(r.url()).pathname.split("/").pop());
  });
  const s = await quickGame(page);
  await tapUntil(page, (x) => !x.must_throw && x.position.to_move === x.you && x.legal.length > 0);
  const problems = [];
  for (const viewport of [{ width: 390, height: 844 }, PHONE]) {
    await page.setViewportSize(viewport);
    for (const lang of LANGUAGES) {
      await page.selectOption("#lang", lang);
      await inShippedFonts(page);
      // The hint's button is the longest of the throw panel's.
      problems.push(...(await clippedTexts(page)).map((p) => `${lang} game at ${viewport.width} px: ${p}`));
      setLanguage(lang, false);
      const longest = `${seatName(0)}: 8 · ${t("throw.ashta")} · ${t("throw.again")}`;
      problems.push(...(await throwPanelProblems(page, longest)).map((p) => `${lang} throw panel at ${viewport.width} px: ${p}`));
      await screen(page, `text-game-${lang}`, { inside: ["#throw", "#undo", "#hint"] });
    }
  }
  await page.goto(`${base}/`);
  await page.waitForSelector('select[name="kind-1"]');
  for (const lang of LANGUAGES) {
    await page.selectOption("#lang", lang);
    await inShippedFonts(page);
    problems.push(...(await clippedTexts(page)).map((p) => `${lang} lobby: ${p}`));
    // "Play on the server": its check box beside its words, not alone above them.
    const box = await page.evaluate(() => {
      const input = document.querySelector('input[name="quick-server"]').getBoundingClientRect();
      const words = document.querySelector('input[name="quick-server"] + span').getBoundingClientRect();
      return { beside: input.right <= words.left && input.bottom > words.top && input.top < words.bottom };
    });
    if (!box.beside) problems.push(`${lang} lobby: the Play on the server check box is not beside its words`);
    await screen(page, `text-lobby-${lang}`, { onScreen: ["#play-computer"] });
  }
  check(problems.length === 0, `text cut off at 360 px: ${problems.join("; ")}`);
  // The Indian scripts in the page's own fonts, each loaded for its language only.
  const families = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, ""));
  });
  for (const script of ["latin", "cyrillic", "devanagari", "kannada", "telugu", "tamil"]) {
    check([...fonts].some((f) => f.includes(`-${script}-`)), `the ${script} font was served: ${[...fonts]}`);
  }
  check(["Sans", "Devanagari", "Kannada", "Telugu", "Tamil"].every((n) => families.includes(`Ashta ${n}`)), `the page's fonts are in use: ${families}`);
  // The pawns' letters (in the player's script) are drawn in them too.
  await page.goto(new URL(`/g/${s.id}`, base).href);
  await page.waitForSelector(".pawn-letter");
  const letterFonts = await page.$eval(".pawn-letter", (el) => getComputedStyle(el).fontFamily);
  check(["Devanagari", "Kannada", "Telugu", "Tamil"].every((n) => letterFonts.includes(`Ashta ${n}`)), `the pawns' letters use the page's fonts: ${letterFonts}`);
  await context.close();
  return `${LANGUAGES.length} languages, game ${s.id} and the lobby, fonts ${[...fonts].length}`;
}

/** The phase of play the page shows (throw, pawn, square, wait; `over` or `none`
 * otherwise), as a function source the page runs every frame. */
const PHASE_OF = `() => {
  const s = globalThis.ashtaGame?.snapshot();
  if (!s) return "none";
  if (s.status !== "playing") return "over";
  if (s.position.to_move !== s.you) return "wait";
  if (s.must_throw) return "throw";
  return document.querySelector(".pawn.selected, [data-yard].selected") ? "square" : "pawn";
}`;

/** Starts watching, every frame, where the board's top lies in the page in each phase
 * of play, and whether the heading or the message is cut; `layoutSeen` reads it. */
function watchLayout(page) {
  return page.evaluate((source) => {
    // eslint-disable-next-line no-new-func
    const phaseOf = new Function(`return (${source})();`);
    const seen = { tops: {}, cut: [] };
    globalThis.layoutSeen = seen;
    const cut = (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    const tick = () => {
      if (globalThis.layoutSeen !== seen) return;
      const phase = phaseOf();
      if (!globalThis.layoutPaused && phase !== "none" && phase !== "over" && !document.querySelector("dialog[open]")) {
        const top = document.querySelector("#board").getBoundingClientRect().top + scrollY;
        const tops = (seen.tops[phase] ||= []);
        if (!tops.includes(top)) tops.push(top);
        for (const sel of ["#status", "#throw-caption", "#actions"]) {
          const el = document.querySelector(sel);
          const said = `${sel}: ${el.textContent.trim()}`;
          if (cut(el) && !seen.cut.includes(said)) seen.cut.push(said);
        }
      }
      requestAnimationFrame(tick);
    };
    tick();
  }, PHASE_OF);
}

/** Every message the throw panel says with fixed words, and a long preview and a
 * forfeit of two values with its reason, each put in the panel's message line in the
 * page's language: those whose words do not fit in its two lines (the forfeit: that
 * are not whole on screen), as lines. */
function messagesCut(page) {
  return page.evaluate(async () => {
    const { t, seatName } = await import("/assets/i18n.js");
    const facts = `${t("preview.capture")}, ${t("preview.block")}`;
    const texts = [
      t("game.forced"),
      t("game.pickPawn"),
      t("game.pickTarget"),
      t("game.notATarget"),
      t("game.mustThrowFirst"),
      t("game.notYourTurn"),
      t("game.notYourPawn"),
      t("game.noMoveFor"),
      t("hint.thinking"),
      `3 → e2 (${facts}); 3×2 → e2 (${facts}).`,
      `${t("log.forfeitMany", { seat: seatName(0), values: "8, 4" })}: ${t("why.block", { seat: seatName(1), square: "d1" })}`,
    ];
    const el = document.querySelector("#message");
    const kept = el.textContent;
    const out = [];
    const room = el.getBoundingClientRect().height;
    // The forfeit with its reason may lie over the board's top, whole and on screen;
    // everything else fits the two lines kept for it.
    const mayOverlay = texts.length - 1;
    texts.forEach((text, i) => {
      el.textContent = text;
      const box = el.getBoundingClientRect();
      const whole = el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1 && box.bottom <= innerHeight;
      if (!whole || (i !== mayOverlay && box.height > room + 1)) out.push(text);
    });
    el.textContent = kept;
    return out;
  });
}

/** The phone's board stays put between the phases of play (throw, pick a pawn, pick a
 * square, wait for the others) within 1 px, in each of the six languages at 390×844
 * and 360×640; the whole board (the player's start row) is on screen before the first
 * throw; nothing in the heading, the throw panel's words or its message is cut, in
 * play and for every message the panel can say. */
async function boardStaysPutBetweenPhases(browser) {
  const notes = [];
  for (const viewport of [{ width: 390, height: 844 }, PHONE]) {
    for (const lang of LANGUAGES) {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.waitForSelector("#play-computer:not(:disabled)");
      await page.selectOption("#lang", lang);
      // Four players: long enough for every phase, entering pawns first so that soon
      // more than one can move (a pawn to pick).
      let s = await quickGame(page, { players: 4 });
      await inShippedFonts(page);
      s = await waitFor(page, (x) => x.status === "playing" && x.position.to_move === x.you && x.must_throw, 30000);
      const first = await page.evaluate(() => ({ bottom: document.querySelector("#board").getBoundingClientRect().bottom, height: innerHeight }));
      check(first.bottom <= first.height + 0.5, `${lang} at ${viewport.width}×${viewport.height}: the board reaches ${first.bottom} px, past the screen's ${first.height} px, before the first throw`);
      if (lang === "ta") await screen(page, "phase-throw-ta", { onScreen: ["#board", "#throw"] });
      await watchLayout(page);
      const cut = await messagesCut(page);
      check(cut.length === 0, `${lang} at ${viewport.width} px: the message line cuts ${JSON.stringify(cut)}`);
      // A bag of one to five values keeps the panel's height.
      const bagTops = await page.evaluate(() => {
        const values = document.querySelector("#bag-values");
        const kept = [...values.childNodes];
        const tops = [1, 2, 3, 4, 5].map((n) => {
          values.replaceChildren(...[8, 8, 4, 4, 3].slice(0, n).map((v) => Object.assign(document.createElement("span"), { className: "chip", textContent: String(v) })));
          return document.querySelector("#board").getBoundingClientRect().top;
        });
        values.replaceChildren(...kept);
        return tops;
      });
      check(Math.max(...bagTops) - Math.min(...bagTops) <= 1, `${lang} at ${viewport.width} px: the board moves with the bag's size: ${bagTops}`);
      const wanted = ["throw", "pawn", "square", "wait"];
      let seen = {};
      let shot = lang !== "ta";
      for (let n = 0; n < 150; n++) {
        seen = await page.evaluate(() => globalThis.layoutSeen);
        if (wanted.every((p) => seen.tops[p])) break;
        s = await waitFor(page, myTurnOrOver, 60000);
        check(s.status === "playing", `${lang} at ${viewport.width} px: the game ended before every phase was seen: ${Object.keys(seen.tops)}`);
        // Let a frame or two be drawn in each phase.
        await page.waitForTimeout(60);
        if (s.must_throw) {
          await page.click("#cowries");
        } else {
          const mv = s.legal.find((m) => m.from < 0) || s.legal[0];
          await chooseUnit(page, s, mv);
          await page.waitForTimeout(60);
          if (!shot) {
            shot = true;
            // A full-page screenshot draws the page at its whole height: not measured.
            await page.evaluate(() => (globalThis.layoutPaused = true));
            await screen(page, "phase-square-ta", { onScreen: ["#board", ".target"] });
            await page.evaluate(() => (globalThis.layoutPaused = false));
          }
          await page.click(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
        }
        await waitFor(page, (x, v) => x.version > v, 20000, s.version);
      }
      check(wanted.every((p) => seen.tops[p]), `${lang} at ${viewport.width} px: phases seen ${Object.keys(seen.tops)}`);
      const tops = Object.values(seen.tops).flat();
      const spread = Math.max(...tops) - Math.min(...tops);
      check(spread <= 1, `${lang} at ${viewport.width}×${viewport.height}: the board's top moves ${spread.toFixed(1)} px between phases: ${JSON.stringify(seen.tops)}`);
      check(seen.cut.length === 0, `${lang} at ${viewport.width} px: cut in play: ${JSON.stringify(seen.cut)}`);
      notes.push(`${lang} ${viewport.width}: top ${Math.round(tops[0])} px`);
      await context.close();
    }
  }
  return notes.join(", ");
}

/** The settings in one menu with words, at 360×640 and 1280×800 in every language:
 * a "Settings" button (no ♪ or » symbol in the header) opens sound, fast animations
 * and forced moves, each a labelled choice at least 44 px tall at 360 px, inside the
 * screen, its words not cut; each choice is kept; fast animations are quicker, not
 * off (with the system's usual motion). */
async function settingsInOneMenu(browser) {
  const notes = [];
  for (const viewport of [PHONE, SIZES[0]]) {
    // The system's usual motion, so that the animations' pace is the page's own.
    const context = await newContext(browser, { viewport, motion: "no-preference" });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("#play-computer:not(:disabled)");
    await page.click("#play-computer");
    await page.waitForURL(/\/g\//);
    await snapshot(page);
    for (const lang of LANGUAGES) {
      await page.selectOption("#lang", lang);
      await inShippedFonts(page);
      setLanguage(lang, false);
      const header = await page.$eval("#header", (el) => el.textContent);
      check(!/[♪»]/.test(header), `${lang}: no symbol for a setting in the header: ${header}`);
      check((await page.textContent("#settings-open")).includes(t("settings.title")), `${lang}: the settings button says ${t("settings.title")}`);
      await page.click("#settings-open");
      await page.waitForSelector("#settings-panel", { state: "visible" });
      const choices = await page.$$eval("#settings-panel label.setting", (labels) =>
        labels.map((l) => {
          const r = l.getBoundingClientRect();
          return { id: l.querySelector("input").id, words: l.textContent.trim(), height: r.height, inside: r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 };
        }),
      );
      const wanted = { sound: t("settings.sound"), fast: t("settings.fast"), autoplay: t("settings.autoplay") };
      check(JSON.stringify(choices.map((c) => [c.id, c.words])) === JSON.stringify(Object.entries(wanted)), `${lang}: the menu's choices in words: ${JSON.stringify(choices)}`);
      const bad = choices.filter((c) => !c.inside || (viewport.width === PHONE.width && c.height < 43.5));
      check(bad.length === 0, `${lang} at ${viewport.width} px: choices under 44 px or off screen: ${JSON.stringify(bad)}`);
      const cut = await clippedTexts(page);
      check(cut.length === 0, `${lang} at ${viewport.width} px with the menu open: cut ${cut.join("; ")}`);
      if (viewport.width === PHONE.width) {
        const small = await smallControls(page);
        check(small.length === 0, `${lang} at 360 px with the menu open: controls under 44 px: ${small.join("; ")}`);
      }
      if (lang === "ta" || lang === "en") await screen(page, `settings-${lang}`, { inside: ["#settings-panel"] });
      await page.click("#settings-open");
    }
    await page.selectOption("#lang", "en");
    // Each choice kept across a reload.
    await page.click("#settings-open");
    await page.check("#sound");
    await page.check("#fast");
    await page.uncheck("#autoplay");
    await page.reload();
    await snapshot(page);
    const kept = await page.evaluate(() => ["sound", "fast", "autoplay"].map((id) => document.querySelector(`#${id}`).checked));
    check(JSON.stringify(kept) === "[true,true,false]", `the settings are kept across a reload: ${kept}`);
    // Fast animations: quicker, still moving.
    const pace = await page.evaluate(async () => {
      const { animationTimes, setFastAnimations } = await import("/assets/settings.js");
      setFastAnimations(true);
      const fast = animationTimes(0);
      setFastAnimations(false);
      const usual = animationTimes(0);
      return { fast, usual };
    });
    check(pace.fast.tumble > 0 && pace.fast.step > 0 && pace.fast.tumble < pace.usual.tumble && pace.fast.step < pace.usual.step, `fast animations are quicker, not off: ${JSON.stringify(pace)}`);
    notes.push(`${viewport.width}: 3 choices in ${LANGUAGES.length} languages, fast ${pace.fast.step} ms a square (usual ${pace.usual.step})`);
    await context.close();
  }
  return notes.join(", ");
}

/** A tap on the chosen pawn keeps it chosen: its destinations stay lit and the heading
 * and the message say to pick where it goes, at 360 px (forced moves off, so the pawn
 * is tapped by the player). */
async function chosenPawnStaysChosen(browser) {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  await quickGame(page);
  const s = await tapUntil(page, (x) => !x.must_throw && x.position.to_move === x.you && x.legal.some((mv) => mv.from >= 0));
  check(s.status === "playing", "the game ended before a pawn on the board could move");
  const mv = s.legal.find((m) => m.from >= 0);
  const pawn = `.pawn[data-player="${s.you}"][data-index="${mv.from}"]`;
  setLanguage("en", false);
  const lit = () =>
    page.evaluate(
      (pawn) => ({
        selected: !!document.querySelector(`${pawn}.selected`),
        targets: document.querySelectorAll(".target").length,
        status: document.querySelector("#status, .status").textContent,
        message: document.querySelector(".message").dataset.code,
      }),
      pawn,
    );
  const said = [];
  for (let tap = 1; tap <= 3; tap++) {
    await page.click(pawn);
    const now = await lit();
    said.push(now);
    check(now.selected && now.targets > 0, `after tap ${tap} on the chosen pawn it stays chosen with its squares lit: ${JSON.stringify(now)}`);
    check(now.status.startsWith(t("game.yourMoveTarget")) && now.message === "preview", `after tap ${tap} the words match what is lit: ${JSON.stringify(now)}`);
  }
  await screen(page, "chosen-pawn", { onScreen: [pawn, ".target"] });
  // The markers are readable at 360 px: their words inside their ring, big enough.
  const markers = await page.$$eval(".target", (els) =>
    els.map((el) => {
      const ring = el.querySelector(".target-ring").getBoundingClientRect();
      const words = el.querySelector(".target-label").getBoundingClientRect();
      const inside = words.left >= ring.left - 0.5 && words.right <= ring.right + 0.5 && words.top >= ring.top - 0.5 && words.bottom <= ring.bottom + 0.5;
      return { text: el.querySelector(".target-label").textContent, inside, height: Math.round(words.height) };
    }),
  );
  const unreadable = markers.filter((m) => !m.inside || m.height < 12);
  check(unreadable.length === 0, `at 360 px every marker's words are inside its ring and at least 12 px tall: ${JSON.stringify(unreadable)}`);
  // Playing one of its moves still works.
  const square = await page.getAttribute(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`, "data-square");
  await tapSquare(page, square);
  if (await page.isVisible(".choice")) await page.click(`.choice[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
  await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  await context.close();
  return `3 taps, ${said[2].targets} squares still lit`;
}

/** The squares the board marks as the last move (`.last-move`), and those the game's
 * last move event names, worked out from the board the page holds. */
function lastMoveMarks(page) {
  return page.evaluate(async () => {
    const { Board, squareName } = await import("/assets/geometry.js");
    const s = globalThis.ashtaGame.snapshot();
    const board = new Board(s.board);
    const moves = s.events.filter((e) => e.kind === "move");
    const last = moves[moves.length - 1] || null;
    const mark = document.querySelector(".last-move");
    const drawn = mark ? { from: mark.dataset.from, to: mark.dataset.to, capture: mark.dataset.capture ?? null } : null;
    if (!last) return { drawn, wanted: null };
    const at = (i) => squareName(board.squareAt(last.seat, i));
    const wanted = {
      from: last.move.from >= 0 ? at(last.move.from) : "",
      to: at(last.path[last.path.length - 1]),
      capture: last.captured ? String(last.captured.seat) : null,
    };
    return { drawn, wanted };
  });
}

/** The last move drawn on the board (from, to, a capture marked) after every action of
 * a whole game at 390 px, at 360 and 1280 px too; the end names the player's own result;
 * a spectator is offered Leave and Review, not a new game. */
async function lastMoveAndTheEnd(browser) {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const first = await gameAgainstRandomBots(page, base);
  let checked = 0;
  let captures = 0;
  let shot = false;
  // The shortest moves, captures last: mistakes for the review to list.
  const timid = (legal) => [...legal].sort((a, b) => Number(a.capture) - Number(b.capture) || a.to - b.to || a.count - b.count)[0];
  const end = await playToTheEnd(page, {
    pick: timid,
    each: async () => {
      const { drawn, wanted } = await lastMoveMarks(page);
      check(JSON.stringify(drawn) === JSON.stringify(wanted), `the board draws the last move: drawn ${JSON.stringify(drawn)}, played ${JSON.stringify(wanted)}`);
      if (wanted) checked += 1;
      if (wanted?.capture) {
        captures += 1;
        if (!shot) {
          shot = true;
          for (const viewport of SIZES) {
            await page.setViewportSize(viewport);
            await screen(page, "last-move-capture", { inside: ["#cowries"] });
          }
          await page.setViewportSize({ width: 390, height: 844 });
        }
      }
    },
  });
  check(checked > 10, `the last move was checked after ${checked} actions`);
  await page.waitForSelector("#end-dialog[open] #your-result");
  const mine = await page.textContent("#your-result");
  setLanguage("en", false);
  // Timid play now and then freezes the board (blocks nobody can pass): a draw is the
  // same for everyone and is said as the game's result.
  const drawn = end.result.winner === null || end.result.winner === undefined;
  if (drawn) {
    check(/draw/i.test(mine), `a drawn end says the draw: "${mine}"`);
  } else {
    const place = end.result.winner === 0 ? 1 : 2;
    const wantedWords = place === 1 ? t("end.youWon") : t("end.youPlace", { seat: seatName(2), place: t("place.2") });
    check(mine === wantedWords, `the end says the player's own result: "${mine}", not "${wantedWords}"`);
  }
  check(/wins|draw/i.test(await page.textContent("#result")), "the dialog also says the game's result");
  await screen(page, "end-yours", { inside: ["#your-result", "#rematch"] });
  // A tap on a pawn of a mistake's board opens the replay at that moment.
  await page.click("#end-review");
  await page.waitForSelector(".review-open, #review-none, #review-error", { timeout: 90000 });
  let opened = "no mistake listed";
  if (!(await page.$(".review-open"))) {
    // No mistake of the player's this time: a mistake's board drawn by the page's own
    // code over the final position, in the page's style sheet, tapped on a pawn.
    await page.evaluate(async () => {
      const { mistakeBoard } = await import("/assets/review.js");
      const { Board } = await import("/assets/geometry.js");
      const s = globalThis.ashtaGame.snapshot();
      const m = { position: s.position, made: [], best: [], bag: [], turn: 1, mark: "blunder" };
      globalThis.openedAt = null;
      const board = mistakeBoard(new Board(s.board), m, (position) => (globalThis.openedAt = position));
      board.id = "made-mistake";
      document.querySelector("#review").append(board);
    });
    const pawn = await page.$("#made-mistake .pawn");
    await pawn.scrollIntoViewIfNeeded();
    const box = await pawn.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    check(await page.evaluate(() => globalThis.openedAt !== null), "a tap on a pawn of a mistake's board opens the replay");
    opened = "a tap on a pawn of a mistake's board opens it (drawn by the page)";
  }
  const board = await page.$(".review-open:not(#made-mistake)");
  if (board) {
    const pawn = await board.$(".pawn");
    await (pawn || board).scrollIntoViewIfNeeded();
    const box = await (pawn || board).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector("#replay-step", { timeout: 10000 });
    opened = `replay opened at step ${await page.getAttribute("#replay-step", "data-step")} by a tap on ${pawn ? "a pawn" : "the board"}`;
    // On a phone the replay's controls lie below the message's lines, not over them.
    const rows = await page.evaluate(() => ({ replay: document.querySelector("#replay").getBoundingClientRect().top, message: document.querySelector("#message").getBoundingClientRect().bottom }));
    check(rows.replay >= rows.message - 0.5, `the replay's controls lie below the message's lines: ${JSON.stringify(rows)}`);
    await screen(page, "replay-phone", { inside: ["#replay-next", "#replay-close"] });
    await page.click("#replay-close");
  }
  // A spectator: Review first, Leave, no new game.
  const watcher = await context.newPage();
  await watcher.goto(new URL(`/g/${first.id}`, base).href);
  await watcher.waitForSelector("#end-dialog[open] #end-review");
  const offered = await watcher.evaluate(() => ({
    rematch: !!document.querySelector("#end-dialog #rematch"),
    review: document.querySelector("#end-review").classList.contains("primary"),
    leave: document.querySelector("#end-lobby").textContent,
    focused: document.activeElement?.id,
    words: document.querySelector("#your-result").textContent,
  }));
  check(!offered.rematch && offered.review && offered.leave === t("end.leave") && offered.focused === "end-review", `a spectator gets Review and Leave, no new game: ${JSON.stringify(offered)}`);
  check(/wins|draw/i.test(offered.words), `a spectator reads the game's result: ${offered.words}`);
  await screen(watcher, "end-spectator", { inside: ["#end-review", "#end-lobby"] });
  await context.close();
  return `last move right after ${checked} actions (${captures} captures), "${mine}", ${opened}`;
}

/** Resign, asked again before it is sent: "Keep playing" leaves the game as it was; in
 * a two-player game in the browser the opponent wins at once, the end says so and a
 * reload keeps it; in a three-player game against bots on the server the game ends with
 * the resigner third. */
async function resignWithAConfirmation(browser) {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  let s = await quickGame(page);
  check(s.id.startsWith("local-"), `a game in the browser: ${s.id}`);
  await page.waitForSelector("#resign");
  const small = await smallControls(page);
  check(small.length === 0, `with Resign every control is at least 44×44 px at 360 px: ${small.join("; ")}`);
  await page.click("#resign");
  await page.waitForSelector("#resign-dialog[open]");
  await screen(page, "resign-dialog", { inside: ["#resign-confirm", "#resign-cancel"] });
  await page.click("#resign-cancel");
  await page.waitForSelector("#resign-dialog", { state: "detached" });
  s = await snapshot(page);
  check(s.status === "playing" && !s.events.some((e) => e.kind === "resign"), "Keep playing keeps the game as it was");
  await page.click("#resign");
  await page.click("#resign-confirm");
  s = await waitFor(page, (x) => x.status === "finished", 20000);
  check(s.result.winner === 1 && s.events.some((e) => e.kind === "resign" && e.seat === 0), `resigning gives the opponent the game: ${JSON.stringify(s.result)}`);
  await page.waitForSelector("#end-dialog[open] #your-result");
  setLanguage("en", false);
  const said = await page.textContent("#your-result");
  check(said === t("end.youPlace", { seat: seatName(2), place: t("place.2") }), `the end says the player lost: ${said}`);
  const logged = await page.$$eval("#log li", (items) => items.map((li) => li.textContent));
  check(logged.some((line) => line === t("log.resign", { seat: seatName(0) })), `the log says who resigned: ${logged.slice(-3)}`);
  await page.reload();
  const kept = await snapshot(page);
  check(kept.status === "finished" && kept.result.winner === 1, "the resigned game is kept across a reload");
  // On the server, three players: the game goes on without the resigner.
  await page.goto(`${base}/`);
  await page.waitForSelector("#play-computer:not(:disabled)");
  await page.selectOption('select[name="quick-players"]', "3");
  await page.check('input[name="quick-server"]');
  await page.click("#play-computer");
  await page.waitForURL(/\/g\/[^/]+\?seat=0&token=/);
  s = await snapshot(page);
  check(!s.id.startsWith("local-"), `a server game: ${s.id}`);
  await page.waitForSelector("#resign");
  await page.click("#resign");
  await page.click("#resign-confirm");
  // Against bots only, no person is left: the game ends, the resigner last.
  s = await waitFor(page, (x) => x.status === "finished", 20000);
  check(s.events.some((e) => e.kind === "resign" && e.seat === 0), "the server game has the resignation");
  check(s.result.places[s.result.places.length - 1] === 0, `the resigner is placed last: ${JSON.stringify(s.result)}`);
  await page.waitForSelector("#end-dialog[open] #your-result");
  const third = await page.textContent("#your-result");
  check(third.endsWith(t("place.3")), `the end says the player came third: ${third}`);
  await context.close();
  return `two players in the browser: the opponent wins; three on the server: "${third}"`;
}

async function smallerThings(browser) {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  // The lobby with the server out of reach says "offline", not "network error".
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  await page.goto(`${base}/`);
  await page.waitForSelector("#games .error");
  const said = await page.textContent("#games .error");
  check(/offline/i.test(said) && !/network error/i.test(said), `the lobby offline says so: ${said}`);
  await screen(page, "offline-lobby", { onScreen: ["#play-computer"] });
  // Play the computer still starts a game: in this browser.
  await page.click("#play-computer");
  await page.waitForURL(/\/g\/local-[^/]+\?seat=0&token=local/);
  const local = await snapshot(page);
  check(local.status === "playing" && local.you === 0 && local.seats[1].kind === "bot", `offline, Play the computer plays in the browser: ${JSON.stringify(local.seats)}`);
  await page.unroute("**/api/**");
  // A frozen draw is explained in a sentence, in every language.
  const why = await page.evaluate(async (languages) => {
    const { drawWhy } = await import("/assets/endscreen.js");
    const { setLanguage } = await import("/assets/i18n.js");
    const out = {};
    for (const lang of languages) {
      setLanguage(lang, false);
      out[lang] = drawWhy({ winner: null, draw: "frozen" })?.textContent || "";
    }
    setLanguage("en", false);
    out.won = drawWhy({ winner: 0, draw: null }) === null;
    return out;
  }, LANGUAGES);
  for (const lang of LANGUAGES) check(why[lang].length > 30, `a frozen draw is explained in ${lang}: ${why[lang]}`);
  check(why.won, "a game someone won has no draw sentence");
  await context.close();
  return "offline lobby plays in the browser, frozen draw in 6 languages";
}

async function main() {
  await runScenarios({ title: "phone and keyboard tests", prefix: "ashta-phone-failure", overallMs: OVERALL_MS }, [
    ["one tap to play the computer at 1280, 390 and 360 px, its choices kept", oneTapToPlay],
    ["touch: 44 px controls at 360 px, a tap on the cowries throws, a tap on a highlighted square moves", touchTargetsAndTaps],
    ["a forced move plays itself, unless the setting is off", forcedMovesPlayThemselves],
    ["keyboard: Enter throws and moves, arrows rove, ? lists the keys", keyboardPlay],
    ["text fits in six languages at 360 px, in the page's fonts", textFitsInEveryLanguage],
    ["offline lobby and the frozen draw in words", smallerThings],
    ["the phone's board stays put between phases in six languages, nothing cut", boardStaysPutBetweenPhases],
    ["settings in one menu with words, each choice 44 px and kept, fast animations quicker", settingsInOneMenu],
    ["a chosen pawn stays chosen when tapped, the words match what is lit", chosenPawnStaysChosen],
    ["the last move on the board, the end in the player's words, a spectator's end", lastMoveAndTheEnd],
    ["resign with a confirmation, in the browser and on the server", resignWithAConfirmation],
  ]);
}

main();
