// A first game, as a newcomer meets it, in headless Chromium against a
// running server: the board's legend open at 1280×800 explaining the target markers
// (`1×2`, `!`, `▣`) and the movable pawns; each seat's route drawn on demand and in the
// rules dialog, from the engine's paths; the tutorial walked step by step (a throw, a
// move, a capture, the gate, a double) with the module's scripted table; the review
// at the end of a server game (the chance-to-win curve and the biggest mistakes, or
// "none"); the Tamil statistics unclipped at 1280 px; the replay's controls beside the
// board with the game's last message cleared. Screenshots go to e2e/screenshots/.
// Usage: node first-game.mjs BASE_URL (E2E_ONLY=word runs only matching scenarios).

import { chromium } from "playwright-core";

import { check, eager, gameAgainstRandomBots, newContext, playToTheEnd, waitFor } from "./helpers.mjs";
import { screen } from "./screens.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node first-game.mjs BASE_URL");
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

/** A game for seat 0 against random bots (helpers.mjs), on this server. */
const gameAgainstBots = (page, options) => gameAgainstRandomBots(page, base, options);

/** Whether the element lies wholly inside the viewport with the page unscrolled. */
async function inViewport(page, selector) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}

/** The legend is open and on the first screen at 1280×800, explaining the target
 * markers and the movable pawns; on South's turn with a bag exactly the units the
 * engine lists moves for are marked movable and named so. */
async function legendAndMovablePawns(browser) {
  const page = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
  let s = await gameAgainstBots(page);
  check(await page.$eval(".legend-box", (d) => d.open), "the legend starts open");
  for (const n of [1, 2, 3]) check(await inViewport(page, `#legend li:nth-child(${n})`), `the legend's line ${n} (movable pawns, targets, ▣) is on the first screen at 1280×800`);
  const legend = await page.textContent("#legend");
  check(legend.includes("1×2") && legend.includes("▣") && legend.includes("!"), `the legend explains 1×2, ! and ▣: ${legend}`);
  for (let n = 0; !(s.position.to_move === 0 && !s.must_throw && s.status === "playing"); n++) {
    check(n < 200 && s.status === "playing", "South never had a move");
    if (s.must_throw && s.position.to_move === 0) await page.click("#throw");
    else if (s.position.to_move === 0) break;
    s = await waitFor(page, (x, v) => x.version > v && (x.position.to_move === 0 || x.status !== "playing"), 30000, s.version);
  }
  const expected = [...new Set(s.legal.map((mv) => mv.from))].sort((a, b) => a - b);
  const marked = await page.$$eval('.pawn.movable[data-player="0"]', (els) => els.map((el) => ({ index: Number(el.dataset.index), label: el.getAttribute("aria-label") })));
  const yard = await page.$('[data-yard="0"].movable');
  const got = [...marked.map((m) => m.index), ...(yard ? [-1] : [])].sort((a, b) => a - b);
  check(JSON.stringify(got) === JSON.stringify(expected), `the movable units ${JSON.stringify(got)} are the engine's ${JSON.stringify(expected)}`);
  check(marked.every((m) => m.label.includes("can move")), "a movable pawn is named so");
  check((await page.$$('.pawn.movable:not([data-player="0"])')).length === 0, "no other seat's pawn is marked");
  await page.context().close();
  return `${got.length} movable units marked as the engine lists them`;
}

/** The route: South's path drawn over the board on demand, from the engine's path
 * (a line through every square of it, the start, the gate and the home named), and in
 * the rules dialog. */
async function theRoutePicture(browser) {
  const files = [];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await (await newContext(browser, { viewport })).newPage();
    const s = await gameAgainstBots(page);
    check((await page.$(".route")) === null, "no route before it is asked for");
    await page.click("#route-toggle");
    await page.waitForSelector('.route[data-route-player="0"]');
    const points = await page.$eval(".route-line", (l) => l.getAttribute("points").trim().split(/\s+/).length);
    check(points === s.board.paths[0].length, `the route passes the ${s.board.paths[0].length} squares of South's path, not ${points}`);
    for (const key of ["start", "gate", "home"]) check((await page.$(`.route [data-route="${key}"]`)) !== null, `the route names the ${key}`);
    // No pawn's count badge covers a name of the route (South's pawns start stacked).
    const hidden = await page.$$eval(".route [data-route]", (labels) => {
      const badges = [...document.querySelectorAll("#board .count-badge")].map((b) => b.getBoundingClientRect());
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return labels.filter((l) => badges.some((b) => meets(l.getBoundingClientRect(), b))).map((l) => l.dataset.route);
    });
    check(hidden.length === 0, `no count badge covers the route's names (${hidden.join(", ")})`);
    check((await page.getAttribute("#route-toggle", "aria-pressed")) === "true", "the toggle says it is on");
    files.push(await screen(page, "route", { inside: ["#board svg"] }));
    await page.click("#route-toggle");
    check((await page.$(".route")) === null, "the toggle hides the route again");
    await page.click("#rules-open");
    await page.waitForSelector("#rules-dialog[open] #rules-route .route");
    const caption = await page.textContent("#rules-route figcaption");
    check(/anticlockwise/.test(caption) && /gate/.test(caption) && /clockwise round the inner/.test(caption), `the rules' route is explained: ${caption}`);
    await page.$eval("#rules-route", (el) => el.scrollIntoView());
    files.push(await screen(page, "rules-route", { inside: ["#rules-route"] }));
    await page.context().close();
  }
  return files.map((f) => f.split("/").pop()).join(", ");
}

/** The tutorial, walked as a learner does: a wrong pawn is refused with the reason;
 * the throw, the move, North's turn (no Throw offered to the learner), the capture (North's pawn back on its start), the
 * gate (the route drawn, the pawn turning in) and the double. */
async function theTutorial(browser) {
  const files = [];
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await (await newContext(browser, { viewport })).newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${base}/`);
    await page.click("#tutorial-open");
    await page.waitForSelector("#lesson-intro");
    const phase = () => page.getAttribute(".lesson", "data-phase");
    const stepName = () => page.getAttribute(".lesson", "data-step");
    const moveThe = async (square) => {
      await page.click(`.pawn.movable[data-square="${square}"]`);
      await page.waitForSelector(".target");
      await page.click(".target");
      await page.waitForSelector('.lesson[data-phase="next"]');
    };
    await page.click("#lesson-next");
    const seen = [];
    for (let n = 0; n < 12 && (await phase()) !== "done"; n++) {
      const name = await stepName();
      seen.push(name);
      if (name.startsWith("north")) {
        // North throws by itself: the learner has no Throw to tap (a tap used to raise
        // an uncaught "throw refused").
        check((await page.$("#lesson-throw")) === null, `no Throw for the learner during North's turn (${name})`);
      } else if ((await phase()) === "throw") await page.click("#lesson-throw");
      if (name === "move") {
        // A pawn the step does not move is refused, with the reason.
        await page.click('.pawn[data-player="0"][data-square="a2"]');
        check(/c1/.test(await page.textContent("#message")), "a wrong pawn is refused naming the step's pawn");
      }
      const square = { move: "c1", capture: "e1", gate: "a2", double: "c1" }[name];
      if (square) await moveThe(square);
      await page.waitForSelector('.lesson[data-phase="next"]');
      if (name === "capture") {
        const north = await page.$$eval('.pawn[data-player="1"]', (els) => els.map((e) => e.dataset.square));
        check(north.includes("c5"), `the captured pawn went back to North's start: ${north}`);
        files.push(await screen(page, "tutorial-capture", { inside: ["#board svg"] }));
      }
      if (name === "gate") {
        check((await page.$('.route[data-route-player="0"]')) !== null, "the gate step draws the route");
        check((await page.$('.pawn[data-player="0"][data-square="b2"]')) !== null, "the pawn turned in through the gate to b2");
        files.push(await screen(page, "tutorial-gate", { inside: ["#board svg"] }));
      }
      if (name === "double") check((await page.$(".block-mark")) !== null, "the double blocks North");
      await page.click("#lesson-next");
    }
    check(JSON.stringify(seen) === JSON.stringify(["throw", "move", "north1", "capture", "gate", "north2", "double"]), `the steps: ${seen}`);
    await page.waitForSelector("#lesson-done");
    files.push(await screen(page, "tutorial-end", { inside: ["#lesson-play"] }));
    check(errors.length === 0, `page errors: ${errors.join("; ")}`);
    await page.context().close();
  }
  return files.map((f) => f.split("/").pop()).join(", ");
}

/** The end of a server game: the review (from the module in the Worker) with the curve
 * and at least one mistake or the word that there were none; the replay's controls in
 * the throw panel beside the board, the game's last message gone; the Tamil statistics
 * table not clipped at 1280 px. */
async function reviewAndReplay(browser) {
  const page = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
  await gameAgainstBots(page);
  const final = await playToTheEnd(page, { pick: eager });
  check(final.status === "finished", "the game finished");
  await page.waitForSelector("#end-dialog[open]");
  await page.click("#end-review");
  await page.waitForSelector('#review[data-ready="1"]', { timeout: 120000 });
  const rows = (await page.$$("#review-mistakes li")).length;
  const none = await page.$("#review-none");
  check(rows > 0 || none !== null, `the review lists mistakes or says there were none: ${await page.textContent("#review")}`);
  // The review ran with a bar of its progress, to its last turn (a review by rollouts;
  // an exact one from the server's table has no progress to tell).
  const progress = await page.$eval("#review", (r) => ({ progress: r.dataset.progress ?? null, exact: !!r.querySelector("#review-exact") }));
  const turns = (await page.$eval("#review-curve polyline", (l) => l.getAttribute("points").trim().split(/\s+/).length)) - 1;
  check(progress.exact || progress.progress === `${turns}/${turns}`, `the review told its progress to the last of ${turns} turns: ${JSON.stringify(progress)}`);
  // The player's accuracy, as the analysis gives it: the share of decisions that kept
  // the best within the noise, and the mean loss.
  const accuracy = await page.$eval(".review-accuracy", (p) => ({ ...p.dataset, text: p.textContent }));
  const share = Number(accuracy.share);
  check(
    accuracy.player === String(final.you) && share >= 0 && share <= 1 && Number(accuracy.meanLoss) >= 0 && Number(accuracy.decisions) > 0 && accuracy.text.includes(`${Math.round(100 * share)}%`),
    `the review says the player's accuracy: ${JSON.stringify(accuracy)}`,
  );
  const reviewText = await page.textContent("#review");
  check(!/null|undefined/.test(reviewText), `the review writes no absent part as text: ${reviewText.slice(0, 80)}`);
  const points = await page.$eval("#review-curve polyline", (l) => l.getAttribute("points").trim().split(/\s+/).length);
  check(points === final.events.filter((e) => e.kind === "throw" && e.end).length + 1 || points > 1, `the curve has a point per turn (${points})`);
  const scales = await page.$eval(".review-chart", (c) => [c.querySelector(".review-y").textContent, c.querySelector(".review-x").textContent]);
  check(scales[0] === "100%50%0%" && scales[1] === `startturn ${points - 1}`, `the curve's scales name the chance and the turns: ${scales}`);
  // Each listed mistake is marked on the curve at its turn.
  const rowTurns = await page.$$eval("#review-mistakes li", (li) => li.map((l) => l.dataset.turn).sort());
  const markTurns = await page.$$eval("#review-curve .review-mark", (l) => l.map((m) => m.dataset.turn).sort());
  check(JSON.stringify(rowTurns) === JSON.stringify(markTurns), `the curve marks the mistakes' turns ${rowTurns}, not ${markTurns}`);
  check((rowTurns.length > 0) === ((await page.$("#review-mark-key")) !== null), "the key explains the marks when there are some");
  await page.evaluate(() => document.querySelector("#review").scrollIntoView());
  const file = await screen(page, "end-review", { inside: ["#review-curve"] });
  // The replay runs beside the board, and the game's message is cleared.
  await page.evaluate(() => {
    document.querySelector("#message").textContent = "stale";
  });
  await page.click("#replay-open");
  await page.waitForSelector("#throw-box #replay:not([hidden])");
  check((await page.textContent("#message")) === "", "the game's last message is cleared during the replay");
  await page.click("#replay-next");
  await page.click("#replay-close");
  // Tamil: the statistics table fits its box at 1280 px.
  await page.selectOption("#lang", "ta");
  await page.waitForSelector("#stats");
  const clipped = await page.$eval("#stats", (t) => t.parentElement.scrollWidth - t.parentElement.clientWidth);
  check(clipped <= 0, `the Tamil statistics table is clipped by ${clipped} px`);
  await page.context().close();
  return `accuracy ${Math.round(100 * share)}% of ${accuracy.decisions} decisions, ${rows} mistakes listed${none ? " (none)" : ""}, curve of ${points} points, ${file.split("/").pop()}`;
}

/** The last legal move that captures nothing, or the last legal move when every one
 * captures: a player who passes up every capture. */
function passingUpCaptures(legal) {
  const quiet = legal.filter((m) => !m.capture);
  return (quiet.length > 0 ? quiet : legal).at(-1);
}

/** The review's mistakes, as a player of gnubg or lichess expects them: each board as
 * large as the game's (at 1280 px), the play made drawn as an arrow from the unit's
 * square to where it went, each loss with its ± from the rollouts, and a click on the
 * board opening the replay at the moment of the mistake. The page's seat passes up every
 * capture it is offered and otherwise plays the last legal move, so that it makes
 * mistakes. */
async function reviewArrowsAndOpenInReplay(browser) {
  // A mistake is labelled only beyond 2.58 standard errors of whole rollouts, so a game
  // of such plays may hold none; a game that holds none is played again, six games at
  // the most.
  let page = null;
  let rows = [];
  for (let games = 0; games < 6 && rows.length === 0; games++) {
    if (page) await page.context().close();
    page = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
    await gameAgainstBots(page);
    const final = await playToTheEnd(page, { pick: passingUpCaptures });
    check(final.status === "finished", "the game finished");
    await page.waitForSelector("#end-dialog[open]");
    await page.click("#end-review");
    await page.waitForSelector('#review[data-ready="1"]', { timeout: 120000 });
    rows = await page.$$("#review-mistakes li");
  }
  check(rows.length > 0, `passing up every capture makes a mistake in one of six games: ${await page.textContent("#review")}`);
  const first = await page.$eval("#review-mistakes li", (li) => {
    const board = li.querySelector(".review-board").getBoundingClientRect();
    const game = document.querySelector("#board").getBoundingClientRect();
    const made = li.querySelector('[data-arrows="made"]');
    const arrow = made.querySelector("polyline.review-arrow, circle.review-entry");
    // Along the path: a point per square; its ends off the pawns' letters.
    let along = null;
    if (arrow && arrow.tagName === "polyline") {
      const ctm = arrow.getScreenCTM();
      const points = [...arrow.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(ctm));
      const letters = [...li.querySelectorAll(".pawn-letter")].map((el) => el.getBoundingClientRect());
      const ends = [points[0], points[points.length - 1]];
      along = {
        points: points.length,
        squares: Number(arrow.dataset.squares),
        covers: ends.some((p) => letters.some((r) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom)),
      };
    }
    return {
      width: board.width,
      gameWidth: game.width,
      arrow: arrow ? { kind: arrow.tagName, from: arrow.dataset.from || null, to: arrow.dataset.to, marker: arrow.getAttribute("marker-end"), along } : null,
      loss: li.querySelector(".review-loss").textContent,
      made: li.textContent,
    };
  });
  check(first.width >= Math.min(first.gameWidth, 500) * 0.8, `the review's board is about as large as the game's: ${first.width} px against ${first.gameWidth} px`);
  check(first.arrow !== null, "the play made is drawn on the board");
  if (first.arrow.kind === "polyline") {
    check(first.arrow.marker === "url(#route-arrow)" && first.arrow.from && first.arrow.to, `an arrow from the unit's square to its destination: ${JSON.stringify(first.arrow)}`);
    const { along } = first.arrow;
    check(along.points === along.squares && along.points >= 2, `the arrow runs along the path, a point per square: ${JSON.stringify(along)}`);
    check(!along.covers, `the arrow's ends are off the pawns' letters: ${JSON.stringify(along)}`);
    check(first.made.includes(`${first.arrow.from} → ${first.arrow.to}`), `the arrow is the play made: ${JSON.stringify(first.arrow)} in ${first.made}`);
  }
  check(/%( ± \d+\.\d%)?$/.test(first.loss), `the loss says its ±: ${first.loss}`);
  await page.evaluate(() => document.querySelector("#review-mistakes li").scrollIntoView());
  const file = await screen(page, "review-arrows", { inside: ["#review-mistakes li .review-board"] });
  // A click on the mistake's board opens the replay at that moment.
  await page.click("#review-mistakes li .review-open");
  await page.waitForSelector("#throw-box #replay:not([hidden])");
  const step = Number(await page.getAttribute("#replay-step", "data-step"));
  check(step > 0, `the replay opens at the mistake, not at the start (step ${step})`);
  const shown = await page.evaluate(() => [...document.querySelectorAll("#board .pawns [data-player]")].length);
  check(shown > 0, "the replay shows the position on the game's board");
  // At 1280×800 the replay opens with the board whole on screen, its controls beside it.
  const inView = await page.evaluate(() => {
    const r = (sel) => document.querySelector(sel).getBoundingClientRect();
    const whole = (b) => b.top >= -0.5 && b.bottom <= innerHeight + 0.5;
    return { board: whole(r("#board")), controls: whole(r("#replay-next")), top: Math.round(r("#board").top), bottom: Math.round(r("#board").bottom), height: innerHeight };
  });
  check(inView.board && inView.controls, `the replay opens with the board whole and its controls on screen: ${JSON.stringify(inView)}`);
  await screen(page, "replay-open", { onScreen: ["#board", "#replay-next"] });
  // One numbering: the replay says the mistake's turn.
  const turns = { replay: await page.getAttribute("#replay-step", "data-turn"), review: await page.getAttribute("#review-mistakes li", "data-turn") };
  check(turns.replay === turns.review, `the replay and the review number the turn alike: ${JSON.stringify(turns)}`);
  // That moment everywhere: the players' panels and the bag are the step's, not the end's.
  const moment = await page.evaluate((step) => {
    const s = globalThis.ashtaGame.snapshot();
    const position = step === 0 ? s.start : s.events.filter((e) => e.position)[step - 1].position;
    return {
      wanted: { home: position.pawns.map((p) => String(p.filter((i) => i === s.board.home).length)), bag: position.bag.join(","), toMove: String(position.to_move) },
      shown: {
        home: [...document.querySelectorAll("#players .player-home")].map((el) => el.dataset.home),
        bag: document.querySelector("#bag-values").dataset.bag,
        toMove: document.querySelector("#players .player.to-move")?.dataset.player ?? null,
      },
    };
  }, step);
  check(JSON.stringify(moment.wanted) === JSON.stringify(moment.shown), `the replay shows that moment's panels and bag: ${JSON.stringify(moment)}`);
  await page.click("#replay-close");
  await page.context().close();
  return `${rows.length} mistakes, board ${Math.round(first.width)} px, arrow ${first.arrow.kind} ${first.arrow.from ?? "entry"} → ${first.arrow.to}, replay at turn ${turns.replay} step ${step}, ${file.split("/").pop()}`;
}

async function main() {
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  const scenarios = [
    ["the legend open at 1280×800 and the movable pawns marked from the engine's moves", legendAndMovablePawns],
    ["the route on demand and in the rules dialog", theRoutePicture],
    ["the tutorial: a throw, a move, a capture, the gate and a double", theTutorial],
    ["the review at the end, the replay beside the board, the Tamil statistics", reviewAndReplay],
    ["the review's arrows, its ± and a mistake opened in the replay", reviewArrowsAndOpenInReplay],
  ];
  const only = process.env.E2E_ONLY || "";
  let failed = 0;
  for (const [name, run] of scenarios.filter(([n]) => n.includes(only))) {
    const t0 = Date.now();
    try {
      const detail = await run(browser);
      console.log(`ok - ${name} (${detail}; ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed += 1;
      console.log(`not ok - ${name}: ${e.stack || e}`);
    }
  }
  await browser.close();
  process.exit(failed === 0 ? 0 : 1);
}

main();
