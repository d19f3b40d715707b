// A player who leaves, as the one still at the table sees it, in headless Chromium
// against a server started with a short claim time (`--claim-after-secs 2`): the
// leaver's panel says they are away and for how long (a counter that runs), the claim
// buttons come when the server says so, and claiming the win ends the game with a
// result that says it was claimed. Usage: node leavers.mjs BASE_URL.

import { chromium } from "playwright-core";

import { check, newContext, snapshot, text, waitFor } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node leavers.mjs BASE_URL (a server run with --claim-after-secs 2)");
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

/** Two people's game, made through the API; its seats' links. */
async function twoPeople() {
  const body = {
    rules: "standard",
    players: 2,
    seats: [
      { kind: "human", name: "Stays" },
      { kind: "human", name: "Leaves" },
    ],
  };
  const answer = await fetch(`${base}/api/games`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify(body) });
  check(answer.status === 201, `the game is created (${answer.status})`);
  const created = await answer.json();
  return created.seats.map((s) => `${base}${s.link}`);
}

async function theAwayPanelAndTheClaim(browser) {
  const [stays, leaves] = await twoPeople();
  const ctxA = await newContext(browser);
  const ctxB = await newContext(browser);
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await Promise.all([a.goto(stays), b.goto(leaves)]);
  await Promise.all([snapshot(a), snapshot(b)]);
  await ctxB.close();
  // The leaver's panel says they are away, with a counter that runs.
  const badge = '.player[data-player="1"] .away-for';
  await a.waitForSelector(badge, { timeout: 15000 });
  const first = await text(a, badge);
  check(/^away \d+:\d\d$/.test(first), `the panel says for how long North is away: ${first}`);
  await a.waitForFunction((sel) => /^away 0:0[1-9]$/.test(document.querySelector(sel)?.textContent || ""), badge, { timeout: 5000 });
  const later = await text(a, badge);
  check(later !== first, `the counter runs: ${first}, then ${later}`);
  // Until the claim time, a countdown; then the three choices the server offers.
  await a.waitForSelector('#claims button[data-claim="win"]', { timeout: 15000 });
  for (const choice of ["draw", "play_on"]) {
    check((await a.$(`#claims button[data-claim="${choice}"]`)) !== null, `the ${choice} button is there`);
  }
  const offered = await text(a, "#claims");
  check(/Everyone else left the game/.test(offered), `the claim box says why: ${offered}`);
  await a.click('#claims button[data-claim="win"]');
  const end = await waitFor(a, (s) => s.status === "finished");
  check(end.result.winner === 0 && end.result.claimed === true, `the result is a claimed win for South: ${JSON.stringify(end.result)}`);
  await a.waitForSelector("#result", { timeout: 15000 });
  const said = await text(a, "#result");
  check(/wins by claim: the opponents left/.test(said), `the end screen says the win was claimed: ${said}`);
  check(await a.$eval("#claims", (el) => el.hidden), "the claim box is gone once the game is over");
  await ctxA.close();
  return `badge "${later}", result "${said}"`;
}

async function main() {
  const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  let failed = 0;
  try {
    const detail = await theAwayPanelAndTheClaim(browser);
    console.log(`ok - a player who leaves: the away panel and the claim (${detail})`);
  } catch (e) {
    failed = 1;
    console.log(`not ok - a player who leaves: the away panel and the claim: ${e.stack || e}`);
  }
  await browser.close();
  console.log(`${1 - failed} passed, ${failed} failed`);
  process.exit(failed);
}

main();
