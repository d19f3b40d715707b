// A whole game against the computer played as a screen reader's user plays it, in
// headless Chromium: only roles, names and keys (the accessibility tree: getByRole, the
// focused element), never coordinates or CSS classes. The board is a grid the arrows walk,
// each square read with what stands on it; the plays are buttons in words; P, B and W say
// the position, the bag and the players; every throw, move and whose turn it is comes
// into the live region once. Counts the key presses of an average turn, beside the taps
// a sighted player makes for the same turns.
//
// Usage: node screen-reader.mjs BASE_URL   (E2E_ONLY=WORD runs the scenarios named with it)

import { check, myTurnOrOver, newContext, runScenarios, waitFor } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node screen-reader.mjs BASE_URL (for example http://127.0.0.1:8080)");
  process.exit(2);
}

/** Keeps every line the live region (role log) is given, from now on: the region keeps
 * only its last few, and the computer's turn may come in faster than a check. */
async function listen(page) {
  await page.getByRole("log").evaluate((log) => {
    globalThis.saidLines = [...log.children].map((p) => p.textContent);
    // The event each line says, when it says one (its version), beside it.
    globalThis.saidVersions = [...log.children].map((p) => p.dataset.version || "");
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          globalThis.saidLines.push(node.textContent);
          globalThis.saidVersions.push(node.dataset.version || "");
        }
      }
    }).observe(log, { childList: true });
  });
}

/** The version of the event each line of `announced` says ("" for a line that says no
 * event, whose turn it is, say). */
async function announcedVersions(page) {
  return page.evaluate(() => [...globalThis.saidVersions]);
}

/** Every line announced since `listen`, in order. */
async function announced(page) {
  return page.evaluate(() => [...globalThis.saidLines]);
}

/** The accessible name of the focused element. */
async function focusedName(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.getAttribute("aria-label") || el.textContent.trim() : "";
  });
}

async function wholeGameByKeys(browser) {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let keys = 0;
  const press = async (key) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Play the computer" }).focus();
  await press("Enter");
  await page.waitForURL(/\/g\/local-/);
  await waitFor(page, myTurnOrOver);
  await listen(page);
  keys = 0;

  // The board as a grid: the arrows walk it from a1, each square in words.
  const grid = page.getByRole("grid", { name: "Board: arrow keys walk the squares" });
  check((await page.getByRole("gridcell").count()) === 25, "a 5×5 grid of squares");
  await grid.getByRole("gridcell", { name: /^a1, / }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const c1 = await focusedName(page);
  check(c1 === "c1, safe square, 4 South pawns", `c1 is read with its pawns: ${c1}`);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  const c3 = await focusedName(page);
  check(c3 === "c3, home, empty", `the arrows walk to c3, the home: ${c3}`);
  // The keys that say the position, the bag and the players.
  await page.keyboard.press("p");
  await page.keyboard.press("b");
  await page.keyboard.press("w");
  const said = (await announced(page)).slice(-3);
  check(said[0].startsWith("South: on c1 c1 c1 c1; 0 home"), `P says the position: ${said[0]}`);
  check(said[1] === "Bag: empty", `B says the bag: ${said[1]}`);
  check(said[2].startsWith("South to throw.") && said[2].includes("North, the computer: 0 home"), `W says whose turn and the players: ${said[2]}`);

  // The game, turn by turn: T throws, L goes to the plays, Enter plays the first.
  let turns = 0;
  let mark = 0;
  let throws = 0;
  let moves = 0;
  for (let n = 0; n < 3000; n++) {
    const s = await waitFor(page, myTurnOrOver, 60000);
    if (s.status === "finished") break;
    const lines = (await announced(page)).slice(mark);
    if (s.must_throw) {
      if (s.position.bag.length === 0 && !lines.includes("South to throw.") && n > 0) throw new Error(`the turn was not announced: ${JSON.stringify(lines)}`);
      mark = (await announced(page)).length;
      await press("t");
      throws += 1;
      turns += s.position.bag.length === 0 ? 1 : 0;
      const after = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
      const now = (await announced(page)).slice(mark);
      check(now.some((l) => l.startsWith("South throws")), `the throw is announced: ${JSON.stringify(now)}`);
      if (!after.must_throw && after.position.to_move === after.you && after.status === "playing") {
        check(now.some((l) => l.startsWith("South to move, bag ")), `the bag is announced: ${JSON.stringify(now)}`);
      }
    } else {
      const plays = page.getByRole("list", { name: "Your plays" }).getByRole("button");
      const count = await plays.count();
      check(count === s.legal.length, `one button per legal play: ${count} for ${s.legal.length}`);
      mark = (await announced(page)).length;
      await press("l");
      const name = await focusedName(page);
      check(/South (moves|brings)/.test(name), `the focus is on a play in words: ${name}`);
      await press("Enter");
      moves += 1;
      await waitFor(page, (x, v) => x.version > v, 20000, s.version);
      const now = (await announced(page)).slice(mark);
      check(now.some((l) => /^South (moves|brings)/.test(l)), `the move is announced: ${JSON.stringify(now)}`);
    }
  }
  const all = await announced(page);
  const versions = await announcedVersions(page);
  // Nothing is said twice in a row, but two events alike: two throws of the same value
  // (two graces of 4, say), or two pawns of a pair moved one by one with the same value.
  for (let i = 1; i < all.length; i++) {
    const twoEvents = versions[i] !== "" && versions[i - 1] !== "" && versions[i] !== versions[i - 1];
    check(all[i] !== all[i - 1] || twoEvents, `no line said twice in a row: ${all[i]}`);
  }
  const end = all;
  check(end.some((l) => l.startsWith("Game over")), `the result is announced: ${JSON.stringify(end.slice(-3))}`);
  await context.close();
  const perTurn = keys / Math.max(1, turns);
  // A sighted player: a tap per throw, and two per move (the pawn, then its square).
  const taps = (throws + 2 * moves) / Math.max(1, turns);
  return `${turns} turns, ${throws} throws, ${moves} moves; ${keys} key presses, ${perTurn.toFixed(2)} a turn (a sighted player: ${taps.toFixed(2)} taps a turn)`;
}

await runScenarios({ title: "screen reader", prefix: "ashta-reader", overallMs: 600000 }, [["a whole game by screen reader: roles, names and keys only", wholeGameByKeys]]);
