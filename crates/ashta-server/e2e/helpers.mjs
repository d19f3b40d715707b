// What the browser scenarios share: contexts without animations, waiting for the
// page to settle, and playing a turn by clicking like a person would.

/** The contexts still open, so a failing scenario can show what its pages looked like. */
export const openContexts = new Set();

/** A browser context whose pages animate nothing (the system's reduced motion, unless
 * `motion` is "no-preference") and speak `locale`; a forced move waits for a click
 * unless `autoplay` (the page's setting, on for people, off here so that a scenario
 * plays every move it means to). */
export async function newContext(browser, { locale = "en-US", viewport = { width: 1280, height: 900 }, autoplay = false, motion = "reduce" } = {}) {
  // The system's reduced motion: the page animates nothing (fast animations are only
  // quicker), so that scenarios do not wait on animations.
  const context = await browser.newContext({ locale, viewport, acceptDownloads: true, reducedMotion: motion });
  openContexts.add(context);
  context.on("close", () => openContexts.delete(context));
  await context.addInitScript((autoplay) => {
    try {
      if (!autoplay && localStorage.getItem("ashta.autoplay") === null) localStorage.setItem("ashta.autoplay", "0");
    } catch {
      // A page without storage still works, only slower.
    }
  }, autoplay);
  return context;
}

/** Fails with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** The game as the page holds it (with `you`), once the page has it. */
export async function snapshot(page) {
  await page.waitForFunction(() => globalThis.ashtaGame && globalThis.ashtaGame.snapshot() !== null, null, { timeout: 15000 });
  return page.evaluate(() => globalThis.ashtaGame.snapshot());
}

/** Waits until the page has drawn every event it received and has no message in flight,
 * and `predicate(snapshot)` holds (a function source run in the page). */
export async function waitFor(page, predicate, timeout = 20000, arg = null) {
  await page.waitForFunction(
    ({ source, arg }) => {
      const g = globalThis.ashtaGame;
      if (!g || !g.idle()) return false;
      const s = g.snapshot();
      // eslint-disable-next-line no-new-func
      return s !== null && new Function("s", "arg", `return (${source})(s, arg);`)(s, arg);
    },
    { source: predicate.toString(), arg },
    { timeout, polling: 25 },
  );
  return snapshot(page);
}

/** Whether it is the page's seat's turn (or the game is over). */
export const myTurnOrOver = (s) => s.status === "finished" || (s.you !== null && s.position.to_move === s.you);

/**
 * Plays one action of the page's seat by clicking: the Throw button, or a pawn (or the
 * off-board pawns) and then one of the highlighted targets. `pick` chooses among the
 * legal moves. Returns the snapshot after the server answered.
 */
export async function act(page, pick = (legal) => legal[0]) {
  // A bot's whole turn: generous, as two browser tests share two cores in the tests.
  const before = await waitFor(page, myTurnOrOver, 60000);
  if (before.status === "finished") return before;
  if (before.must_throw) {
    await page.click("#throw");
  } else {
    const mv = pick(before.legal);
    check(mv, `no legal move to play in version ${before.version}`);
    const unit = mv.from < 0 ? `[data-yard="${before.you}"]` : `.pawn[data-player="${before.you}"][data-index="${mv.from}"]`;
    // A second click on the selected unit lets it go again.
    if ((await page.$(`${unit}.selected`)) === null) await page.click(unit);
    await page.click(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
  }
  return waitFor(page, (s, v) => s.version > v, 20000, before.version);
}

/** Plays the page's seat until the game is over, calling `each(n, snapshot)` after
 * every action; fails after `limit` actions. */
export async function playToTheEnd(page, { limit = 1500, each = async () => {}, pick } = {}) {
  for (let n = 1; n <= limit; n++) {
    const s = await act(page, pick);
    if (s.status === "finished") return s;
    await each(n, s);
  }
  throw new Error(`the game did not end within ${limit} actions`);
}

/** A picker that prefers captures, then moves that go furthest (to keep games short). */
export function eager(legal) {
  return [...legal].sort((a, b) => Number(b.capture) - Number(a.capture) || b.to - a.to || b.count - a.count)[0];
}

/** Text of an element. */
export async function text(page, selector) {
  return (await page.textContent(selector)) ?? "";
}

/** Saves a screenshot of every page still open to `dir` and closes their contexts;
 * returns the files written. */
export async function screenshotAndClose(dir, prefix) {
  const files = [];
  for (const context of [...openContexts]) {
    for (const page of context.pages()) {
      const file = `${dir}/${prefix}-${files.length + 1}.png`;
      try {
        await page.screenshot({ path: file, fullPage: true });
        files.push(file);
      } catch {
        // A page that cannot be drawn any more is simply left out.
      }
    }
    await context.close().catch(() => {});
  }
  return files;
}

/** Checks that the end-of-game dialog is open and that it, the result, the places, the
 * key numbers and its four buttons (rematch, review, lobby, close) lie inside the
 * viewport. */
export async function endDialogInView(page) {
  await page.waitForSelector("#end-dialog[open] #rematch");
  const facts = await page.evaluate(() => {
    const sels = ["#end-dialog", "#result", "#places", "#key-numbers", "#rematch", "#end-review", "#end-lobby", "#end-close"];
    return {
      width: innerWidth,
      height: innerHeight,
      boxes: sels.map((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
      }),
    };
  });
  for (const b of facts.boxes) {
    const inside = b.width > 0 && b.left >= -0.5 && b.top >= -0.5 && b.right <= facts.width + 0.5 && b.bottom <= facts.height + 0.5;
    check(inside, `at ${facts.width}×${facts.height} the end dialog's ${b.sel} is outside the viewport: ${JSON.stringify(b)}`);
  }
}

/** Creates a game on the server at `base` from `page` (one person, seat 0, against
 * `players − 1` random bots, standard rules on a `size` board) and opens the person's
 * link; returns the first snapshot. */
export async function gameAgainstRandomBots(page, base, { size = 5, players = 2 } = {}) {
  await page.goto(`${base}/`);
  const created = await page.evaluate(
    async ({ size, players }) => {
      const { createGame } = await import("/assets/api.js");
      const bots = Array.from({ length: players - 1 }, () => ({ kind: "bot", level: "random" }));
      return createGame({ rules: "standard", size, players, seats: [{ kind: "human", name: "Tester" }, ...bots] });
    },
    { size, players },
  );
  const mine = created.seats.find((s) => s.seat === 0 && s.link);
  await page.goto(new URL(mine.link, base).href);
  return snapshot(page);
}

/** Runs `scenarios` (pairs of a name and an async function of the browser) in one
 * headless Chromium (`CHROMIUM` names it, default /usr/bin/chromium), printing a line
 * each, then exits: 0 when every one passed. A failing scenario leaves screenshots of its
 * open pages in the temporary directory, named `PREFIX-N`. `E2E_ONLY=word` runs only the
 * scenarios whose name contains it (while working on one); the whole run may take
 * `overallMs`, and `title` names it in what is printed. */
export async function runScenarios({ title, prefix, overallMs }, scenarios) {
  const { tmpdir } = await import("node:os");
  const { chromium } = await import("playwright-core");
  const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
  const started = Date.now();
  const guard = setTimeout(() => {
    console.error(`the ${title} took longer than ${overallMs / 1000} s`);
    process.exit(1);
  }, overallMs);
  let browser;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  } catch (e) {
    console.error(`cannot start Chromium at ${executablePath}: ${e.message}\ninstall it with: apt-get install -y chromium`);
    process.exit(1);
  }
  let passed = 0;
  let failed = 0;
  const only = process.env.E2E_ONLY || "";
  for (const scenario of scenarios.filter(([name]) => name.includes(only))) {
    const [name, run] = scenario;
    const t0 = Date.now();
    try {
      const detail = await run(browser);
      passed += 1;
      console.log(`ok - ${name} (${detail}; ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed += 1;
      console.log(`not ok - ${name}: ${e.stack || e}`);
      const files = await screenshotAndClose(tmpdir(), `${prefix}-${scenarios.indexOf(scenario) + 1}`);
      if (files.length > 0) console.log(`  screenshots: ${files.join(" ")}`);
    }
  }
  await browser.close();
  clearTimeout(guard);
  console.log(`${title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
