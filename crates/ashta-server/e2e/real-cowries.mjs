// Real cowries in the page, in headless Chromium: "We throw real cowries" starts a game
// in this browser whose people tap how many cowries fell mouth up. Against the computer:
// no Throw button, one button per count the rules allow, a grace throws again, a throw
// tapped by mistake is taken back before a move, and the game is played to its end by
// taps. All at one table: two people on one phone, the board turned toward the player
// to move.
//
// Usage: node real-cowries.mjs BASE_URL   (E2E_ONLY=WORD runs the scenarios named with it)

import { check, eager, myTurnOrOver, newContext, runScenarios, snapshot, waitFor } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node real-cowries.mjs BASE_URL (for example http://127.0.0.1:8080)");
  process.exit(2);
}

/** The counts tapped in turn: graces (4, 0) among the plain throws, never three
 * graces in a row. */
const TAPS = [2, 3, 1, 4, 2, 0, 3, 1, 2, 4, 3];

/** Taps what fell (the next count of `TAPS`) and waits for the throw. */
async function tapThrow(page, before, n) {
  await page.click(`button[name="mouths-${n}"]`);
  return waitFor(page, (s, v) => s.version > v, 20000, before.version);
}

/** Plays the move `pick` chooses by tapping its unit and its target. */
async function tapMove(page, before, pick = eager) {
  const mv = pick(before.legal);
  check(mv, `no legal move in version ${before.version}`);
  const unit = mv.from < 0 ? `[data-yard="${before.you}"]` : `.pawn[data-player="${before.you}"][data-index="${mv.from}"]`;
  if ((await page.$(`${unit}.selected`)) === null) await page.click(unit);
  await page.click(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
  return waitFor(page, (s, v) => s.version > v, 20000, before.version);
}

/** Plays the page's people to the end by taps; the number of throws tapped. */
async function tapToTheEnd(page, each = async () => {}) {
  let taps = 0;
  for (let n = 0; n < 3000; n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    if (s.status === "finished") return taps;
    if (s.must_throw) {
      await tapThrow(page, s, TAPS[taps % TAPS.length]);
      taps += 1;
    } else {
      await tapMove(page, s);
    }
    await each(s);
  }
  throw new Error("the game did not end within 3000 actions");
}

async function againstTheComputer(browser) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.check('#quick input[name="real-cowries"]');
  await page.click("#play-computer");
  await page.waitForURL(/\/g\/local-/);
  let s = await waitFor(page, myTurnOrOver);
  check(s.at_table === true, "the game says its throws are entered at the table");
  check((await page.$("#throw")) === null, "no Throw button at a table of real cowries");
  const counts = await page.$$eval(".enter-throw button", (bs) => bs.map((b) => b.getAttribute("aria-label")));
  check(counts.length === 5 && counts[0] === "0 mouths up" && counts[4] === "4 mouths up", `buttons ${counts}`);
  // A grace throws again; the plain throw after it ends the phase.
  s = await tapThrow(page, s, 4);
  check(s.must_throw, "a grace throws again");
  const afterGrace = s.version;
  s = await tapThrow(page, s, 2);
  check(!s.must_throw && s.position.bag.length === 2, `the bag of 4 and 2: ${JSON.stringify(s.position.bag)}`);
  // Tapped by mistake: taken back, the grace stays.
  await page.click("#take-back");
  s = await waitFor(page, (s, v) => s.version === v && s.must_throw, 20000, afterGrace);
  check(s.position.bag.length === 1, "the grace's value is still in the bag");
  s = await tapThrow(page, s, 3);
  // A tap the rules refuse is refused with its reason: a pawn of the computer's.
  await page.click(`.pawn:not([data-player="${s.you}"])`);
  await page.waitForFunction(() => document.querySelector("#message")?.textContent.includes("not your pawn"), null, { timeout: 5000 });
  s = await tapMove(page, s);
  check(!(await page.isEnabled("#take-back")), "nothing to take back once a move is played");
  const taps = await tapToTheEnd(page);
  const end = await snapshot(page);
  check(end.status === "finished", "the game ended");
  await context.close();
  return `${taps} throws tapped to the end`;
}

async function allAtOneTable(browser) {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.selectOption('#create select[name="players"]', "2");
  await page.selectOption('#create select[name="kind-1"]', "human");
  await page.check('#create input[name="real-cowries"]');
  await page.click('#create button[name="offline"]');
  await page.waitForURL(/\/g\/local-/);
  let s = await waitFor(page, myTurnOrOver);
  check(s.at_table === true, "a table of real cowries");
  await page.check('input[name="turn-board"]');
  // The side at the bottom of the board, by the player to move: one side each.
  const bottoms = new Map();
  for (let n = 0; n < 40; n++) {
    s = await waitFor(page, myTurnOrOver, 60000);
    if (s.status === "finished") break;
    const bottom = await page.getAttribute("svg.board", "data-turns");
    check(!bottoms.has(s.you) || bottoms.get(s.you) === bottom, `player ${s.you} saw the board from ${bottoms.get(s.you)} and ${bottom}`);
    bottoms.set(s.you, bottom);
    if (s.must_throw) await tapThrow(page, s, TAPS[n % TAPS.length]);
    else await tapMove(page, s);
  }
  check(bottoms.size === 2 && new Set(bottoms.values()).size === 2, `the board turned toward both players: ${[...bottoms]}`);
  await context.close();
  return "the board turned toward each player to move";
}

await runScenarios({ title: "real cowries", prefix: "ashta-cowries", overallMs: 600000 }, [
  ["real cowries against the computer, tapped to the end", againstTheComputer],
  ["all at one table, the board turned to the player to move", allAtOneTable],
]);
