// Every feature of the page that needs the browser module, against a server started
// from an installed binary far from any source tree: the rules list offers every preset
// the engine has and the module gives each one's full rules; "How to play" opens with
// the route drawn; the tutorial starts and takes its first throw; a game offline in the
// browser (the engine and a bot in the page) is played for a few actions; and the review
// of a finished server game is made. No request of the page may fail and no script may
// throw ("Failed to fetch dynamically imported module" is what a missing module gives).
// Usage: node whole-page.mjs BASE_URL PRESET,PRESET,... (E2E_ONLY=word runs only
// matching scenarios).

import { chromium } from "playwright-core";

import { act, check, eager, gameAgainstRandomBots, newContext, playToTheEnd, snapshot } from "./helpers.mjs";

const [base, presetList] = process.argv.slice(2);
if (!base || !presetList) {
  console.error("usage: node whole-page.mjs BASE_URL PRESET,PRESET,...");
  process.exit(2);
}
const expectedPresets = presetList.split(",");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

/** A fresh page whose script errors and failed requests are collected; `done()` fails
 * when there were any. */
async function watchedPage(browser, viewport = { width: 1280, height: 900 }) {
  const page = await (await newContext(browser, { viewport })).newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`script error: ${e}`));
  page.on("requestfailed", (r) => {
    // A socket closed by leaving the page, or a request the browser itself cancelled
    // because the page moved on (net::ERR_ABORTED), is not a failure of the page: a
    // missing file answers 404 and a missing module throws, both caught here.
    const error = r.failure()?.errorText || "";
    if (!r.url().includes("/ws") && !error.includes("ERR_ABORTED")) problems.push(`request failed: ${r.url()} (${error})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  const done = async () => {
    await page.context().close();
    check(problems.length === 0, problems.join("; "));
  };
  return { page, done };
}

/** The rules list: every preset of the engine, each one's full rules from the module. */
async function everyPreset(browser) {
  const { page, done } = await watchedPage(browser);
  await page.goto(`${base}/`);
  await page.waitForFunction((n) => document.querySelectorAll('select[name="preset"] option').length === n, expectedPresets.length, { timeout: 60000 });
  const offered = await page.$$eval('select[name="preset"] option', (os) => os.map((o) => o.value));
  check(JSON.stringify(offered) === JSON.stringify(expectedPresets), `the rules list offers ${offered}, not the engine's ${expectedPresets}`);
  for (const preset of expectedPresets) {
    await page.selectOption('select[name="preset"]', preset);
    const rules = await page.evaluate(async (p) => (await import("/assets/rules.js")).fullRules(p), preset);
    check(rules && Array.isArray(rules.throws) && rules.size >= 5, `the module gives the full rules of ${preset}: ${JSON.stringify(rules)}`);
  }
  await done();
  return `${offered.length} presets: ${offered.join(", ")}`;
}

/** "How to play": the rules dialog opens with the route drawn from the module. */
async function howToPlay(browser) {
  const { page, done } = await watchedPage(browser);
  await page.goto(`${base}/`);
  await page.click("#rules-open");
  await page.waitForSelector("#rules-dialog[open] #rules-route .route", { timeout: 60000 });
  await done();
  return "the dialog open with the route";
}

/** The tutorial starts and takes its first throw. */
async function tutorial(browser) {
  const { page, done } = await watchedPage(browser, { width: 390, height: 844 });
  await page.goto(`${base}/`);
  await page.click("#tutorial-open");
  await page.waitForSelector("#lesson-intro", { timeout: 60000 });
  await page.click("#lesson-next");
  await page.waitForSelector('.lesson[data-step="throw"][data-phase="throw"]');
  await page.click("#lesson-throw");
  await page.waitForSelector('.lesson[data-phase="next"]');
  await done();
  return "the first step thrown";
}

/** A game in the browser against a `default` bot: a few actions played. */
async function offlinePlay(browser) {
  const { page, done } = await watchedPage(browser);
  await page.goto(`${base}/`);
  await page.selectOption('select[name="players"]', "2");
  await page.selectOption('select[name="kind-1"]', "bot");
  await page.selectOption('select[name="level-1"]', "default");
  await page.click('button[name="offline"]');
  await page.waitForURL(/\/g\/local-[0-9a-f]+\?seat=0&token=local/, { timeout: 60000 });
  let s = await snapshot(page);
  for (let n = 0; n < 6 && s.status !== "finished"; n++) s = await act(page);
  check(s.version >= 6 || s.status === "finished", `the offline game advanced to version ${s.version}`);
  await done();
  return `version ${s.version} reached in the page`;
}

/** The review at the end of a server game, made by the module in the page's Worker. */
async function review(browser) {
  const { page, done } = await watchedPage(browser);
  await gameAgainstRandomBots(page, base);
  const final = await playToTheEnd(page, { pick: eager });
  check(final.status === "finished", "the game finished");
  await page.waitForSelector("#end-dialog[open]");
  await page.click("#end-review");
  await page.waitForSelector('#review[data-ready="1"]', { timeout: 120000 });
  const points = await page.$eval("#review-curve polyline", (l) => l.getAttribute("points").trim().split(/\s+/).length);
  check(points > 1, `the review's curve has ${points} points`);
  await done();
  return `a curve of ${points} points`;
}

async function main() {
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  const scenarios = [
    ["the rules list offers every preset", everyPreset],
    ["How to play opens", howToPlay],
    ["the tutorial starts", tutorial],
    ["a game offline in the browser", offlinePlay],
    ["the review of a finished game", review],
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
