// A player who leaves, as the one still at the table sees it, in headless Chromium
// against a server started with a short claim time (`--claim-after-secs 2`): the
// leaver's panel says they are away and for how long (a counter that runs), the claim
// buttons come when the server says so, and claiming the win ends the game with a
// result that says it was claimed; playing on instead hands the leaver's seat to the
// computer, which the status line says and which then plays for them, while the win and
// the draw may still be claimed. Usage: node leavers.mjs BASE_URL.

import { act, check, newContext, runScenarios, snapshot, text, waitFor } from "./helpers.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node leavers.mjs BASE_URL (a server run with --claim-after-secs 2)");
  process.exit(2);
}

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

/** A two-people game in which North has just left: South's page and context. */
async function northLeaves(browser) {
  const [stays, leaves] = await twoPeople();
  const ctxA = await newContext(browser);
  const ctxB = await newContext(browser);
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  await Promise.all([a.goto(stays), b.goto(leaves)]);
  await Promise.all([snapshot(a), snapshot(b)]);
  await ctxB.close();
  return { ctxA, a };
}

async function theAwayPanelAndTheClaim(browser) {
  const { ctxA, a } = await northLeaves(browser);
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

async function playingOnHandsTheSeatToTheComputer(browser) {
  const { ctxA, a } = await northLeaves(browser);
  await a.waitForSelector('#claims button[data-claim="play_on"]', { timeout: 20000 });
  const before = await snapshot(a);
  await a.click('#claims button[data-claim="play_on"]');
  // The status line says the computer plays for North now; the claim box still offers
  // the win and the draw, but no second play on.
  await a.waitForFunction(() => /the computer \(.+\) plays for them until they return/.test(document.querySelector("#status")?.textContent || ""), null, { timeout: 15000 });
  const said = await text(a, "#status");
  await a.waitForSelector('#claims:not([hidden]) button[data-claim="win"]', { timeout: 5000 });
  check((await a.$('#claims button[data-claim="play_on"]')) === null, "no play on button once the computer plays for North");
  check((await a.$('#claims button[data-claim="draw"]')) !== null, "the draw may still be called");
  const box = await text(a, "#claims");
  check(/The computer plays for everyone who left/.test(box), `the claim box says the computer plays: ${box}`);
  // South plays its turns; the computer answers with North's.
  const byNorth = (s, v) => s.events.some((e) => e.version > v && e.seat === 1 && (e.kind === "throw" || e.kind === "move"));
  let s = await snapshot(a);
  for (let actions = 0; s.status === "playing" && !byNorth(s, before.version) && actions < 40; actions++) {
    s = s.position.to_move === 0 ? await act(a) : await waitFor(a, (x, v) => x.status !== "playing" || x.position.to_move === 0 || x.version > v, 30000, s.version);
  }
  check(byNorth(s, before.version), `the computer plays for North (status ${s.status}, version ${s.version})`);
  check(s.result?.claimed !== true, "playing on is no claim");
  await ctxA.close();
  return `status "${said}"`;
}

await runScenarios({ title: "leaver tests", prefix: "ashta-leavers-failure", overallMs: 240000 }, [
  ["a player who leaves: the away panel and the claim", theAwayPanelAndTheClaim],
  ["a player who leaves: playing on against the computer", playingOnHandsTheSeatToTheComputer],
]);
