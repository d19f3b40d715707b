// People find each other, in headless Chromium: two browser contexts pick names, pair
// through "Play someone", play their rated two-player game out, and both see their new
// ratings on the end screen, the leaderboard and each other's player page; then a
// four-player seek filled by two people and two bots. The two people must come from two
// networks, so the server listens on both IPv4 and IPv6 (`ashta serve --addr [::]:PORT`)
// and one context opens 127.0.0.1, the other [::1]. Usage: node community.mjs BASE_URL
// (a server run with --addr [::]:0 and --seek-bots-after-secs 2).

import { act, check, eager, newContext, runScenarios, snapshot, text } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node community.mjs BASE_URL (a server run with --addr [::]:0 --seek-bots-after-secs 2)");
  process.exit(2);
}
const port = new URL(base).port;
const bases = [`http://127.0.0.1:${port}`, `http://[::1]:${port}`];

/** A page of a fresh context at `url` that takes `name`. */
async function named(browser, url, name) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.fill("#player-name", name);
  await page.click("#pick-name");
  await page.waitForSelector("#play-someone");
  check((await text(page, "#playing-as")).includes(name), `the lobby says ${name} plays`);
  return page;
}

/** Plays both pages' seats, each on its turn, until the game is over. */
async function playBoth(pages) {
  for (let n = 0; n < 3000; n++) {
    for (const page of pages) {
      const s = await snapshot(page);
      if (s.status === "finished") return s;
      if (s.you === s.position.to_move) await act(page, eager);
    }
  }
  throw new Error("the game did not end within 3000 rounds");
}

async function pairedAndRated(browser) {
  const a = await named(browser, bases[0], "Asha");
  const b = await named(browser, bases[1], "Bala");
  await a.selectOption('select[name="someone-players"]', "2");
  await a.click("#play-someone");
  await a.waitForSelector("#seek-waiting");
  await b.waitForSelector('#seeks li[data-seek]');
  check((await text(b, "#seeks")).includes("Asha"), "the other lobby lists Asha's seek");
  await b.click("#play-someone");
  await Promise.all([a.waitForURL(/\/g\/[0-9a-f]+\?seat=0&token=/), b.waitForURL(/\/g\/[0-9a-f]+\?seat=1&token=/)]);
  const end = await playBoth([a, b]);
  check(end.status === "finished", "the game is played out");
  for (const page of [a, b]) {
    await page.waitForSelector("#rating-changes li", { state: "attached", timeout: 20000 });
    const shown = await text(page, "#rating-changes");
    check(/Asha: \d+\? \([+−]\d+\)/.test(shown) && /Bala: \d+\? \([+−]\d+\)/.test(shown), `the end screen shows both changes: ${shown}`);
  }
  await a.goto(`${bases[0]}/?board=standard-2p`);
  await a.waitForSelector("#leaderboard-table tr");
  const names = await a.$$eval("#leaderboard-table tr", (rows) => rows.map((r) => r.dataset.name));
  check(names.length === 2 && names.includes("Asha") && names.includes("Bala"), `the leaderboard lists both: ${names}`);
  await a.click('#leaderboard-table a:text("Bala")');
  await a.waitForSelector("#player-games tr");
  check((await text(a, "#player-name-title")) === "Bala", "Asha opens Bala's page");
  check((await text(a, "#player-games")).includes("Asha"), "Bala's games name Asha");
  check((await a.$$("#player-ratings li[data-pool='standard-2p']")).length === 1, "Bala's page has the pool's rating");
  await b.goto(`${bases[1]}/?player=Asha`);
  await b.waitForSelector("#player-games tr");
  check((await text(b, "#player-games")).includes("Bala"), "Asha's games name Bala");
  await a.context().close();
  await b.context().close();
  const winner = end.result.places[0] === 0 ? "Asha" : "Bala";
  return `${end.version} events, ${winner} won; both saw the changes, the board and each other's page`;
}

async function fourWithBots(browser) {
  const a = await named(browser, bases[0], "Chitra");
  const b = await named(browser, bases[1], "Dev");
  for (const page of [a, b]) {
    await page.selectOption('select[name="someone-players"]', "4");
    await page.click("#play-someone");
    await page.waitForSelector("#seek-waiting");
  }
  await b.waitForSelector("#seek-fill:not([disabled])", { timeout: 20000 });
  await b.click("#seek-fill");
  await Promise.all([a.waitForURL(/\/g\/[0-9a-f]+\?seat=0&token=/), b.waitForURL(/\/g\/[0-9a-f]+\?seat=1&token=/)]);
  const s = await snapshot(a);
  const kinds = s.seats.map((seat) => seat.kind).join(",");
  check(kinds === "human,human,bot,bot", `two people and two bots: ${kinds}`);
  await a.context().close();
  await b.context().close();
  return "two people and two bots";
}

runScenarios({ title: "players and pairing", prefix: "ashta-community-failure", overallMs: 300000 }, [
  ["two people pair through Play someone, play out and see their ratings", pairedAndRated],
  ["a four-player seek filled by two people and two bots", fourWithBots],
]);
