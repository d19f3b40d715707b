// The page scanned by axe-core (npm `axe-core`) in headless Chromium: the lobby, a game,
// a game of real cowries, the end screen, the review and the tutorial, each in the state a
// player sees it. No violation of impact "serious" or "critical" is allowed; the others
// are printed with their rule and count.
//
// Usage: node accessibility.mjs BASE_URL   (E2E_ONLY=WORD runs the scenarios named with it)

import { createRequire } from "node:module";
import { check, eager, gameAgainstRandomBots, myTurnOrOver, newContext, playToTheEnd, runScenarios, waitFor } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node accessibility.mjs BASE_URL (for example http://127.0.0.1:8080)");
  process.exit(2);
}
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const SERIOUS = ["serious", "critical"];

/** axe-core's violations in `page` now, as `{ id, impact, nodes }`. */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
}

/** Scans `page` as `name`: fails on a serious or critical violation; the words of the
 * others. */
async function scan(page, name) {
  const found = await violations(page);
  const bad = found.filter((v) => SERIOUS.includes(v.impact));
  check(bad.length === 0, `${name}: ${bad.map((v) => `${v.id} (${v.impact}, ${v.nodes}: ${v.where.join(", ")})`).join("; ")}`);
  return `${name}: ${found.length} minor` + (found.length ? ` (${found.map((v) => v.id).join(", ")})` : "");
}

async function lobbyAndTutorial(browser) {
  const page = await (await newContext(browser)).newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector("#play-computer");
  const lobby = await scan(page, "lobby");
  await page.click("#tutorial-open");
  await page.waitForSelector("#lesson-intro");
  const tutorial = await scan(page, "tutorial");
  return `${lobby}; ${tutorial}`;
}

async function gameEndAndReview(browser) {
  const page = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
  await gameAgainstRandomBots(page, base);
  const before = await waitFor(page, myTurnOrOver);
  const game = await scan(page, "game");
  await page.click("#throw");
  await waitFor(page, (s, v) => s.version > v, 20000, before.version);
  const moving = await scan(page, "game after a throw");
  const final = await playToTheEnd(page, { pick: eager });
  check(final.status === "finished", "the game finished");
  await page.waitForSelector("#end-dialog[open]");
  const end = await scan(page, "end screen");
  await page.click("#end-review");
  await page.waitForSelector('#review[data-ready="1"]', { timeout: 120000 });
  const mistakes = await page.getByRole("button", { name: /^Open in the replay/ }).count();
  const review = `${await scan(page, "review")} with ${mistakes} mistake boards`;
  return [game, moving, end, review].join("; ");
}

async function realCowries(browser) {
  const page = await (await newContext(browser, { viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(`${base}/`);
  await page.check('#quick input[name="real-cowries"]');
  await page.click("#play-computer");
  await page.waitForURL(/\/g\/local-/);
  await waitFor(page, myTurnOrOver);
  return scan(page, "real cowries");
}

await runScenarios({ title: "accessibility scan", prefix: "ashta-axe", overallMs: 600000 }, [
  ["lobby and tutorial: no serious or critical axe violation", lobbyAndTutorial],
  ["game, end screen and review: no serious or critical axe violation", gameEndAndReview],
  ["a game of real cowries: no serious or critical axe violation", realCowries],
]);
