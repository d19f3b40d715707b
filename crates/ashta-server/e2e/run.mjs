// The browser tests of the Ashta Chamma page, in Debian's headless Chromium driven by
// playwright-core. Usage: node run.mjs BASE_URL (a running `ashta serve`).
// CHROMIUM names the browser (default /usr/bin/chromium). Prints one line per scenario
// and a closing "N passed, N failed" line; exits non-zero when any failed.

import { forfeitedValues } from "../web/forfeit.js";
import { lastThrow, logEvents } from "../web/history.js";
import { lowContrast } from "./contrast.mjs";
import { act, check, eager, endDialogInView, gameAgainstRandomBots, myTurnOrOver, newContext, playToTheEnd, runScenarios, snapshot, text, waitFor } from "./helpers.mjs";
import { screen } from "./screens.mjs";
import { boardJson } from "./unit/fixture.mjs";

const base = process.argv[2];
if (!base) {
  console.error("usage: node run.mjs BASE_URL (for example http://127.0.0.1:8080)");
  process.exit(2);
}
const OVERALL_MS = 360000;

/** Creates a game through the lobby form; returns the answer's links, read off the page. */
async function createInLobby(page, { players, seats, name = "" }) {
  await page.goto(`${base}/`);
  await page.selectOption('select[name="players"]', String(players));
  for (let p = 0; p < players; p++) {
    const seat = seats[p];
    await page.selectOption(`select[name="kind-${p}"]`, seat.kind);
    if (seat.kind === "bot") await page.selectOption(`select[name="level-${p}"]`, seat.level);
    else if (seat.name) await page.fill(`input[name="name-${p}"]`, seat.name);
  }
  if (name) await page.fill('input[name="name-0"]', name);
  await page.click('button[name="create"]');
  await page.waitForSelector("#created:not([hidden]) [data-spectate]");
  const invites = {};
  for (let p = 0; p < players; p++) {
    const input = await page.$(`[data-invite-seat="${p}"] input`);
    if (input) invites[p] = await input.inputValue();
  }
  const spectate = await page.inputValue("[data-spectate] input");
  const title = await text(page, "#created h2");
  return { invites, spectate, title };
}

/** A game against three random bots, clicked to the end, with a reload in the middle,
 * an undo, and the end screen: places, statistics, verify, download and replay. */
async function againstThreeBots(browser) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const { invites } = await createInLobby(page, {
    players: 4,
    seats: [{ kind: "human", name: "Tester" }, ...[1, 2, 3].map(() => ({ kind: "bot", level: "random" }))],
  });
  check(Object.keys(invites).length === 1, "one invite link for the one human seat");
  await page.click('[data-invite-seat="0"] a');
  await page.waitForURL(/\/g\/[0-9a-z]+\?seat=0&token=/);
  const first = await snapshot(page);
  check(first.you === 0, `the invite link plays seat 0, not ${first.you}`);
  check((await page.$$(".square")).length === 25, "a 5×5 board has 25 squares");
  check((await page.$$(".square.safe")).length === 5, "5 crossed squares on 5×5");
  check((await page.$$(".pawn")).length === 4, "four stacks of pawns at the start");

  let reloaded = false;
  let undone = false;
  const final = await playToTheEnd(page, {
    pick: eager,
    each: async (n, s) => {
      if (!undone && s.events.some((e) => e.kind === "move" && e.seat === 0) && s.position.to_move === 0 && !s.must_throw) {
        // Take back the last turn against bots: the bag of that turn comes back.
        const before = s.version;
        await page.click("#undo");
        const after = await waitFor(page, (x, v) => x.version > v, 20000, before);
        check(after.events[after.events.length - 1].kind === "undo", "undo makes an undo event");
        check((await page.$$("#log li.log-undo")).length === 1, "the log shows the undo");
        // The cowries show the throw that gave the bag undone to, not another seat's.
        const standing = lastThrow(after.events);
        const shown = await page.getAttribute("#cowries .shells", "data-version");
        check(shown === String(standing.version), `after the undo the cowries show throw ${shown}, not ${standing.version}`);
        // The undone events leave the log.
        const kept = new Set(logEvents(after.events).map((e) => String(e.version)));
        const logged = await page.$$eval("#log li", (items) => items.map((li) => li.dataset.version));
        const stale = logged.filter((v) => !kept.has(v));
        check(stale.length === 0, `the log still shows undone events ${stale}`);
        undone = true;
      }
      if (!reloaded && n >= 12) {
        const before = await waitFor(page, () => true);
        await page.reload();
        const after = await snapshot(page);
        check(after.version >= before.version, `after a reload the page has version ${after.version} < ${before.version}`);
        check(after.you === 0, "after a reload the page still plays seat 0");
        const logItems = await page.$$eval("#log li", (items) => items.length);
        check(logItems > 0, "after a reload the move log is back");
        reloaded = true;
      }
    },
  });
  check(reloaded, "the game ended before the reload was tried");
  check(undone, "the game ended before an undo was tried");
  check(final.status === "finished" && final.reveal && final.result, "the game is finished, with a result and the seed");
  await page.waitForSelector("#end:not([hidden])");
  const places = await page.$$eval("#places tbody tr", (rows) => rows.map((r) => Number(r.dataset.player)));
  check(places.length === 4 && new Set(places).size === 4, `places list every player once: ${places}`);
  if (final.result.winner !== null) check(places[0] === final.result.winner, "the winner is in first place");
  check((await page.$$("#stats tbody tr")).length === 4, "statistics for the four players");
  check((await text(page, "#seed")) === final.reveal.seed, "the revealed seed is shown");
  // The end shows in a dialog over the board; "Review" closes it for the details below.
  await endDialogInView(page);
  check(/wins|draw/i.test(await text(page, "#result")), `the dialog says the result: ${await text(page, "#result")}`);
  check((await page.$$("#key-numbers [data-key]")).length === 4, "the dialog gives the game's key numbers");
  await page.click("#end-review");
  await page.waitForSelector("#end-dialog:not([open])", { state: "attached" });

  // The fairness data is folded below the review.
  await page.click("#fairness summary");
  await page.click("#verify");
  await page.waitForSelector('#verdict[data-result="ok"], #verdict[data-result="bad"]');
  const verdict = await page.getAttribute("#verdict", "data-result");
  check(verdict === "ok", `verify throws: ${await text(page, "#verdict")}`);

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  const recordText = Buffer.concat(chunks).toString("utf8");
  const record = JSON.parse(recordText);
  check(record.format === "ashta-record/1", `the download is a game record (${record.format})`);
  // The seed is a u64, beyond a JavaScript number's exact range: read its digits.
  const seedDigits = /"seed"\s*:\s*"?([0-9]+)/.exec(recordText)?.[1];
  check(seedDigits === final.reveal.seed, `the record carries the revealed seed (${seedDigits})`);

  await page.click("#replay-open");
  await page.waitForSelector('#replay-step[data-step="0"]');
  check((await page.$$(".pawn")).length === 4, "the replay starts from the start position");
  await page.click("#replay-next");
  await page.click("#replay-next");
  await page.waitForSelector('#replay-step[data-step="2"]');
  await page.click("#replay-last");
  await page.click("#replay-close");

  // Captures name whose pawn, and every forfeited value is explained in the log.
  const entries = logEvents(final.events).map((event) => ({ event }));
  const logTexts = await page.$$eval("#log li", (items) => items.map((li) => ({ version: li.dataset.version, kind: li.className, text: li.textContent })));
  for (const { event } of entries.filter((e) => e.event.kind === "move" && e.event.move.capture)) {
    const line = logTexts.find((l) => l.version === String(event.version) && l.kind.includes("log-move"));
    check(line && /captures \d* ?(of )?(South|East|North|West)'s pawns?!/.test(line.text), `the capture at ${event.version} names whose pawn: ${line?.text}`);
  }
  const lost = entries.filter(({ event }) => forfeitedValues(event).length > 0).length;
  const explained = logTexts.filter((l) => l.kind.includes("log-forfeit")).length;
  check(lost === explained, `${lost} forfeits, ${explained} explained in the log`);

  await page.goto(`${base}/`);
  await page.waitForSelector(`#games-finished tr[data-game="${final.id}"]`);
  await context.close();
  return `${final.events.length} events, ${final.result.winner === null ? "draw" : `winner seat ${final.result.winner}`}`;
}

/** A game between two people in two browser contexts (the first in Russian on a phone)
 * with a third context watching, created in the lobby of the first. */
async function twoPlayerGame(browser) {
  const ctxA = await newContext(browser, { locale: "ru-RU", viewport: { width: 390, height: 844 } });
  const ctxB = await newContext(browser);
  const ctxC = await newContext(browser);
  const lobby = await ctxA.newPage();
  const { invites, spectate, title } = await createInLobby(lobby, {
    players: 2,
    seats: [{ kind: "human", name: "Аша" }, { kind: "human", name: "Bob" }],
  });
  check(/Игра .* создана/.test(title), `the Russian lobby says the game was created: ${title}`);
  const lobbyWidth = await lobby.evaluate(() => document.documentElement.scrollWidth);
  check(lobbyWidth <= 390, `the lobby fits the phone's width (${lobbyWidth} px)`);
  check(invites[0] && invites[1], "an invite link for each human seat");
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const c = await ctxC.newPage();
  await Promise.all([a.goto(invites[0]), b.goto(invites[1]), c.goto(spectate)]);
  const [sa, sb, sc] = await Promise.all([snapshot(a), snapshot(b), snapshot(c)]);
  check(sa.you === 0 && sb.you === 1 && sc.you === null, `seats: ${sa.you}, ${sb.you}, ${sc.you}`);
  return { a, b, c, invites, start: sa, close: () => Promise.all([ctxA, ctxB, ctxC].map((ctx) => ctx.close())) };
}

/** Two people in two browser contexts (one in Russian, on a phone) play each other to
 * the end while a third context watches. */
async function twoPlayersAndASpectator(browser) {
  const { a, b, c, start, close } = await twoPlayerGame(browser);
  check((await text(a, ".brand-title")) === "Ашта-чамма", "the Russian browser gets the Russian page");
  check((await text(c, "#role")) === "Spectating", "the spectator is told so");
  check((await c.$("#throw")) === null, "a spectator has no throw button");
  const box = await a.$eval("svg.board", (el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });
  check(box.width <= 390 && box.width > 300 && Math.abs(box.width - box.height) < 1, `the board fits the phone, square: ${JSON.stringify(box)}`);
  // The board is turned for each player: their own start square at the bottom.
  const bottomRow = async (page) =>
    page.$$eval(".square", (els) => {
      const rows = els.map((el) => ({ name: el.dataset.square, y: el.getBoundingClientRect().y }));
      const max = Math.max(...rows.map((r) => r.y));
      return rows.filter((r) => Math.abs(r.y - max) < 1).map((r) => r.name).sort();
    });
  check((await bottomRow(a)).includes("c1"), "South sees rank 1 at the bottom");
  check((await bottomRow(b)).includes("c5"), "North sees rank 5 at the bottom");
  let s = start;
  let actions = 0;
  while (s.status !== "finished") {
    check(actions++ < 1500, "the game did not end within 1500 actions");
    const mover = s.position.to_move === 0 ? a : b;
    s = await act(mover, eager);
    if (actions % 40 === 0) {
      const watched = await waitFor(c, (x, v) => x.version >= v, 20000, s.version);
      check(watched.version >= s.version, "the spectator keeps up");
    }
  }
  const [endA, endB, endC] = await Promise.all([a, b, c].map((p) => waitFor(p, (x) => x.status === "finished", 20000)));
  check(endA.version === endB.version && endB.version === endC.version, "all three end on the same version");
  check(JSON.stringify(endA.result) === JSON.stringify(endC.result), "all three see the same result");
  await c.waitForSelector("#end:not([hidden])");
  check((await c.$$("#places tbody tr")).length === 2, "the spectator sees the places");
  await a.waitForSelector("#end:not([hidden])");
  const width = await a.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `the end screen fits the phone's width (${width} px)`);
  await close();
  return `${endA.events.length} events, ${actions} actions`;
}

/** A player who leaves: the others read it in the status line (in
 * Russian here), with when the computer takes the seat; the player who comes back is
 * told what was played for them, and the sentence goes. */
async function aPlayerWhoLeaves(browser) {
  const { a, b, c, invites, close } = await twoPlayerGame(browser);
  await b.context().close();
  await a.waitForSelector('#status[data-away="1"]', { timeout: 15000 });
  await c.waitForSelector('#status[data-away="1"]', { timeout: 15000 });
  const said = await text(a, "#status");
  check(/Север покинул игру; если не вернётся, с .+ за него играет компьютер\./.test(said), `the Russian status line says North left: ${said}`);
  const watched = await text(c, "#status");
  check(/North left the game; unless they return, the computer plays for them from /.test(watched), `the spectator reads it too: ${watched}`);
  check((await a.$('.player[data-player="1"] .dot.off')) !== null, "North's dot is grey");
  const back = await (await newContext(browser)).newPage();
  await back.goto(invites[1]);
  await back.waitForSelector('#message[data-code="presence"]', { timeout: 15000 });
  const told = await text(back, "#message");
  check(/^Welcome back\. (Nothing was played for you|While you were away the computer)/.test(told), `the returner is told: ${told}`);
  await a.waitForSelector('#status[data-away=""]', { timeout: 15000 });
  check(/Север вернулся/.test(await text(a, "#message")), `South is told North is back: ${await text(a, "#message")}`);
  check(!/покинул/.test(await text(a, "#status")), "the status line no longer says North left");
  await back.context().close();
  await close();
  return `status: ${said}`;
}

/** Illegal clicks are refused on the page, and illegal messages by the server with an
 * error the page shows; neither changes the game. */
async function illegalClicksAreRefused(browser) {
  const { a, b, c, start, close } = await twoPlayerGame(browser);
  const code = (page) => page.getAttribute("#message", "data-code");
  // South is to throw.
  await b.click('.pawn[data-player="1"]');
  check((await code(b)) === "not_your_turn", "North may not move on South's turn");
  await c.click('.pawn[data-player="0"]');
  check((await code(c)) === "spectator", "a spectator may not move");
  await a.click('.pawn[data-player="0"]');
  check((await code(a)) === "must_throw", "South must throw before moving");
  await a.click('.pawn[data-player="1"]');
  check((await code(a)) === "not_your_pawn", "South may not move North's pawns");
  await b.evaluate(() => globalThis.ashtaGame.send({ type: "throw" }));
  await b.waitForSelector('#message[data-code="not_your_turn"]');
  await a.evaluate(() => globalThis.ashtaGame.send({ type: "move", move: { value: 3, from: 0, count: 1 } }));
  await a.waitForSelector('#message[data-code="must_throw"]');
  await c.evaluate(() => globalThis.ashtaGame.send({ type: "throw" }));
  await c.waitForSelector('#message[data-code="spectator"]');
  await a.evaluate(() => globalThis.ashtaGame.send({ type: "mvoe" }));
  await a.waitForSelector('#message[data-code="bad_message"]');
  const after = await Promise.all([a, b, c].map((p) => snapshot(p)));
  check(after.every((x) => x.version === start.version), "refused messages change nothing");

  // Play until South has a bag to move, then click where its pawn cannot go.
  let s = start;
  for (let n = 0; !(s.position.to_move === 0 && !s.must_throw && s.status === "playing"); n++) {
    check(n < 200 && s.status === "playing", "South never got a bag to move");
    s = await act(s.position.to_move === 0 ? a : b, eager);
  }
  const mv = s.legal[0];
  if (mv.from >= 0) await a.click(`.pawn[data-player="0"][data-index="${mv.from}"]`);
  else await a.click('[data-yard="0"]');
  const reachable = new Set(s.legal.filter((m) => m.from === mv.from).map((m) => m.to));
  // South's path as the server gives it, and every legal move with the path it takes.
  const southPath = s.board.paths[0];
  check(s.legal.every((m) => Array.isArray(m.path) && m.path[m.path.length - 1] === m.to), "each legal move carries its path");
  const occupied = new Set(await a.$$eval(".pawn", (els) => els.map((el) => el.dataset.square)));
  const far = southPath.findIndex((name, i) => i > mv.from && i < 16 && !reachable.has(i) && !occupied.has(name));
  check(far > 0, "a square no move of this pawn reaches");
  await a.click(`.square[data-square="${southPath[far]}"] .cell`, { force: true });
  check((await code(a)) === "not_a_target", "a square no move reaches is refused");
  const bag = s.position.bag;
  await a.evaluate((value) => globalThis.ashtaGame.send({ type: "move", move: { value, from: 0, count: 1, to: 23 } }), bag[0]);
  await a.waitForSelector('#message[data-code="illegal_move"]');
  check((await snapshot(a)).version === s.version, "refused clicks and moves change nothing");
  check((await a.getAttribute("#bag-values", "data-bag")) === bag.join(","), "the bag is untouched");
  await close();
  return `refused on the page and by the server at version ${s.version}`;
}

/** The page at a phone's width (390 px) and a desktop's (1280 px): screenshots of the
 * lobby, a game and its end screen with no overflow, the controls on screen and every
 * text at 4.5:1; and the rules page, the sound switch, a hint and a rematch. */
async function screensAndFeatures(browser) {
  const wide = await (await newContext(browser)).newPage();
  const phone = await (await newContext(browser, { viewport: { width: 390, height: 844 } })).newPage();
  const contrastOk = async (page, where) => {
    const low = await lowContrast(page);
    check(low.length === 0, `${where}: text below 4.5:1:\n  ${low.join("\n  ")}`);
  };
  const lobbyControls = ['select[name="preset"]', 'select[name="size"]', 'select[name="players"]', 'select[name^="kind-"]', 'button[name="create"]', "#rules-open"];
  const files = [];
  for (const page of [phone, wide]) {
    await page.goto(`${base}/`);
    await page.waitForSelector("#games-finished table");
    // The seat rows come once the browser module has said where the players sit.
    await page.waitForSelector('select[name^="kind-"]');
    files.push(await screen(page, "lobby", { inside: [...lobbyControls, "#games-playing table tr, #games-finished table tr"] }));
    await contrastOk(page, `the lobby at ${page.viewportSize().width} px`);
  }

  // How to play, from the lobby: the rules of the preset chosen.
  await phone.click("#rules-open");
  await phone.waitForSelector("#rules-dialog[open] [data-rule='rules.gateWait']");
  check((await phone.$$("#rules-throws tbody tr")).length === 5, "the rules list the five throws of four cowries");
  files.push(await screen(phone, "rules", { inside: ["#rules-close"] }));
  await contrastOk(phone, "the rules page");
  await phone.click("#rules-close");
  // The presets offered are the engine's, as the module in the page lists them.
  await phone.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1);
  const offered = await phone.$$eval('select[name="preset"] option', (els) => els.map((el) => el.value));
  const engines = await phone.evaluate(async () => (await (await import("/assets/engine.js")).loadEngine()).ashta.presets().map(([name]) => name));
  check(JSON.stringify(offered) === JSON.stringify(engines) && engines.includes("traditional"), `the lobby offers the engine's presets: ${offered} (engine: ${engines})`);
  await phone.selectOption('select[name="preset"]', "traditional");
  await phone.click("#rules-open");
  await phone.waitForSelector("#rules-dialog[open] [data-rule='rules.threeGraces']");
  check((await phone.$("#rules-dialog [data-rule='rules.gateCircle']")) !== null, "the traditional rules explain the circle gate");
  await phone.click("#rules-close");

  // With a pawn selected, blocks say whom they stop and a move the engine says forms a
  // blocking double (its `forms`) is marked, with no hover (touch screens have none);
  // nothing without a selection.
  const marks = await phone.evaluate(async (boardJson) => {
    const { BoardView } = await import("/assets/board.js");
    const { Board } = await import("/assets/geometry.js");
    const board = new Board(boardJson);
    const northOnA2 = board.indexOf(1, [0, 1]);
    const position = {
      rules: "standard", size: 5, players: 2, to_move: 0, bag: [2], extra_turns: 0,
      pawns: [[0, 0, 0, 2], [northOnA2, northOnA2, 0, 0]],
      captured: [false, false],
      blocks: [{ owner: 1, at: northOnA2, blocked: [0] }],
    };
    const box = document.createElement("div");
    box.style.width = "300px";
    box.style.height = "300px";
    document.body.append(box);
    const view = new BoardView(box, {});
    view.setGame(board, 0);
    const count = () => ({
      labels: [...box.querySelectorAll(".block-label")].filter((el) => el.getBoundingClientRect().width > 0).map((el) => el.textContent),
      badges: box.querySelectorAll(".target.forms-block .block-badge").length,
      steps: [...box.querySelectorAll(".square.path-step")].map((el) => el.dataset.square),
    });
    view.render(position, {});
    const idle = count();
    view.render(position, { selected: { player: 0, index: 0 }, targets: [{ value: 2, from: 0, to: 2, count: 1, capture: false, path: [0, 1, 2], forms: "block" }] });
    const selected = count();
    box.remove();
    return { idle, selected };
  }, boardJson(5, 2));
  check(marks.idle.labels.length === 0 && marks.idle.badges === 0, `marks without a selection: ${JSON.stringify(marks.idle)}`);
  check(marks.selected.labels.length === 1 && marks.selected.labels[0] === "⊘ S", `the block says whom it stops: ${JSON.stringify(marks.selected)}`);
  check(marks.selected.badges === 1, "the move that forms a blocking double is marked");
  check(JSON.stringify(marks.selected.steps) === '["d1"]', `the move's path from the server is shown: ${JSON.stringify(marks.selected.steps)}`);

  // Sound: off at first, the switch is kept.
  check(!(await wide.isChecked("#sound")), "sound starts off");
  await wide.click("#settings-open");
  await wide.click("#sound");
  check((await wide.evaluate(() => localStorage.getItem("ashta.sound"))) === "1", "the sound switch is kept");
  await wide.reload();
  await wide.waitForSelector("#sound", { state: "attached" });
  check(await wide.isChecked("#sound"), "sound is still on after a reload");

  // A game against one bot, on both screens.
  await wide.selectOption('select[name="players"]', "2");
  await wide.selectOption('select[name="kind-1"]', "bot");
  // A new player's first opponents are easy ones, and the level is on the first screen.
  check((await wide.inputValue('select[name="level-1"]')) === "easy", "the lobby offers easy bots first");
  await wide.selectOption('select[name="level-1"]', "random");
  await wide.click('button[name="create"]');
  await wide.waitForSelector('#created:not([hidden]) [data-invite-seat="0"]');
  const link = await wide.inputValue('[data-invite-seat="0"] input');
  await Promise.all([wide.goto(link), phone.goto(link)]);
  let s = await snapshot(wide);
  for (let n = 0; !(s.position.to_move === 0 && !s.must_throw && s.status === "playing" && s.legal.length > 1); n++) {
    check(n < 400 && s.status === "playing", "South never had a choice of moves");
    s = await act(wide, (legal) => legal[0]);
    s = await waitFor(wide, myTurnOrOver, 30000);
  }
  // A hint: the page marks the suggested target and says the play in words.
  await wide.click("#hint");
  await wide.waitForSelector('#message[data-code="hint"]', { timeout: 20000 });
  check((await wide.$(".target.hinted")) !== null, "the hinted move is marked on the board");
  check(/^Hint: South moves/.test(await text(wide, "#message")), `the hint in words: ${await text(wide, "#message")}`);
  await waitFor(phone, (x, v) => x.version >= v, 20000, s.version);
  const mv = s.legal[0];
  await phone.click(mv.from < 0 ? '[data-yard="0"]' : `.pawn[data-player="0"][data-index="${mv.from}"]`);
  await phone.waitForSelector(".target");
  const gameInside = ["svg.board", "#throw", "#undo", "#hint", "#players"];
  files.push(await screen(phone, "game", { inside: gameInside, onScreen: ["#throw", "#undo", "#hint", "#bag"] }));
  files.push(await screen(wide, "game", { inside: gameInside, onScreen: ["#throw", "#hint", "svg.board"] }));
  await contrastOk(phone, "the game at 390 px, a pawn selected");
  await contrastOk(wide, "the game at 1280 px, a hint shown");
  await phone.click("#rules-open");
  await phone.waitForSelector("#rules-dialog[open] #rules-preset");
  await phone.click("#rules-close");
  // In Hindi on the phone, too.
  await phone.selectOption("#lang", "hi");
  check((await text(phone, ".brand-title")) === "अष्ट चम्मा", "the Hindi page has the game's Hindi name");
  files.push(await screen(phone, "game-hi", { inside: gameInside }));
  await phone.selectOption("#lang", "en");

  const final = await playToTheEnd(wide, { pick: eager });
  await waitFor(phone, (x) => x.status === "finished", 20000);
  // The end dialog is on the screen at 1280×800 and 390×844.
  await wide.setViewportSize({ width: 1280, height: 800 });
  for (const page of [phone, wide]) {
    await page.waitForSelector("#end:not([hidden]) #rematch");
    await endDialogInView(page);
    files.push(await screen(page, "end-dialog", { inside: ["#places", "#stats", "#rematch", "#verify", "#download"] }));
    await contrastOk(page, `the end screen at ${page.viewportSize().width} px`);
  }
  // The phone's end dialog closes, leaving the board and the end screen below it.
  await phone.click("#end-close");
  await phone.waitForSelector("#end-dialog:not([open])", { state: "attached" });
  check(await phone.isVisible("#end:not([hidden])"), "after Close the end screen stays on the page");

  // A new game with the same settings, straight into it (the other seat is a bot).
  await wide.click("#rematch");
  await wide.waitForFunction((id) => !location.pathname.endsWith(id) && location.search.includes("token="), final.id);
  const again = await snapshot(wide);
  check(again.id !== final.id && again.you === 0 && again.status === "playing", `the rematch is a new game for South: ${again.id}`);
  check(again.players === 2 && again.seats[1].kind === "bot" && again.seats[1].level === "random", "the rematch has the same seats");
  check(JSON.stringify(again.rules) === JSON.stringify(final.rules), "the rematch has the same rules");
  return `${files.length} screenshots in e2e/screenshots/`;
}

/** Creates a game on the server from `page` (one person, seat 0, against random bots)
 * and opens the person's link; returns the first snapshot. */
const gameAgainstBots = (page, options) => gameAgainstRandomBots(page, base, options);

/** The selectors of the controls of play on a phone: each must be on the first screen. */
const PLAY_CONTROLS = [".square", "#cowries", "#bag", "#throw", "#undo", "#hint", "[data-yard]", ".target"];
/** What a thumb presses: the buttons, the movable pawns and the targets, at least
 * 44×44 px on a phone. */
const TAP_TARGETS = ["#throw", "#undo", "#hint", "[data-yard]", ".pawn.movable", ".target:not(.shared)", ".choice"];

/** Checks that every square and every control of play lies inside the viewport with the
 * page unscrolled, nothing is wider than the screen, and the buttons are big enough. */
async function playAreaFits(page, where) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const facts = await page.evaluate(
    ({ controls, taps }) => {
      const boxes = (sels) =>
        sels.flatMap((sel) =>
          [...document.querySelectorAll(sel)].map((el) => {
            const r = el.getBoundingClientRect();
            return { sel: el.dataset.square || sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
          }),
        );
      return { width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth, controls: boxes(controls), taps: boxes(taps) };
    },
    { controls: PLAY_CONTROLS, taps: TAP_TARGETS },
  );
  const at = `${where} at ${facts.width}×${facts.height}`;
  check(facts.scrollWidth <= facts.width, `${at}: the page is ${facts.scrollWidth} px wide`);
  for (const sel of ["#throw", "#bag", "#cowries"]) check(facts.controls.some((b) => b.sel === sel), `${at}: no ${sel}`);
  for (const b of facts.controls) {
    const inside = b.left >= -0.5 && b.top >= -0.5 && b.right <= facts.width + 0.5 && b.bottom <= facts.height + 0.5;
    check(inside, `${at}: ${b.sel} is off the screen (${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)})`);
  }
  for (const b of facts.taps) check(b.width >= 44 && b.height >= 44, `${at}: ${b.sel} is ${b.width}×${b.height} px, under 44×44`);
}

/** On phones (390×844 and 360×640) a game on 5×5 and on 7×7 is played without scrolling:
 * the board, the cowries, the bag and the buttons on one portrait screen, with a pawn
 * selected too; the buttons at least 44×44 px. */
async function phoneLayoutWithoutScrolling(browser) {
  const files = [];
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
    const page = await (await newContext(browser, { viewport })).newPage();
    for (const size of [5, 7]) {
      let s = await gameAgainstBots(page, { size, players: 4 });
      await playAreaFits(page, `${size}×${size} at the start`);
      for (let n = 0; !(s.position.to_move === 0 && !s.must_throw && s.status === "playing"); n++) {
        check(n < 200 && s.status === "playing", "South never had a move");
        s = await act(page, eager);
        s = await waitFor(page, myTurnOrOver, 30000);
      }
      // The units the engine lists moves for are marked, and nothing else.
      const movable = await page.$$eval('.pawn.movable[data-player="0"]', (els) => els.map((el) => Number(el.dataset.index)));
      const entering = (await page.$('[data-yard="0"].movable')) !== null;
      const froms = new Set(s.legal.map((m) => m.from));
      check(movable.length + Number(entering) === froms.size && movable.every((i) => froms.has(i)), `${size}×${size}: marked ${movable}${entering ? " and the yard" : ""}, the engine's ${[...froms]}`);
      await playAreaFits(page, `${size}×${size} with the movable pawns marked`);
      const mv = s.legal[0];
      await page.click(mv.from < 0 ? '[data-yard="0"]' : `.pawn[data-player="0"][data-index="${mv.from}"]`);
      await page.waitForSelector(".target");
      await playAreaFits(page, `${size}×${size} with a pawn selected`);
      // Where a pawn and the pair reach one square, a tap on it offers a button each.
      const shared = await page.$(".target.shared");
      if (shared) {
        await page.click(`[data-square="${await shared.getAttribute("data-square")}"] .cell`, { position: { x: 4, y: 4 }, force: true });
        await page.waitForSelector(".choice");
        await playAreaFits(page, `${size}×${size} with a choice of moves to one square`);
      }
      files.push(await screen(page, `play-${size}x${size}-${viewport.height}`, {}));
    }
    await page.context().close();
  }
  return files.map((f) => f.split("/").pop()).join(", ");
}

/** Keyboard and screen readers: shortcuts (T and Space throw, Enter plays, H hints, U
 * undoes) that stay quiet while typing in a field; the focus stays on the board's
 * pawns, targets and buttons after a selection and a move; throws and moves are said in
 * a live region; the cowries have a text alternative. */
async function keyboardAndScreenReaders(browser) {
  const page = await (await newContext(browser)).newPage();
  let s = await gameAgainstBots(page);
  s = await waitFor(page, myTurnOrOver, 30000);
  const focused = () => page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? "body" : el.id || el.getAttribute("class") || el.tagName;
  });
  // A shortcut typed into a field is only typing.
  await page.click("#settings-open");
  await page.focus("#fast");
  await page.keyboard.press("t");
  await page.waitForTimeout(300);
  check((await snapshot(page)).version === s.version, "T typed in a field throws nothing");
  // Nor behind the rules dialog.
  await page.click("#rules-open");
  await page.waitForSelector("#rules-dialog[open]");
  await page.keyboard.press("t");
  await page.waitForTimeout(300);
  check((await snapshot(page)).version === s.version, "T behind the rules dialog throws nothing");
  await page.click("#rules-close");
  await page.focus("#board");
  await page.keyboard.press("t");
  s = await waitFor(page, (x, v) => x.version > v, 20000, s.version);
  check(s.events.some((e) => e.kind === "throw" && e.seat === 0), "T throws");
  const said = await page.$$eval("#announce p", (ps) => ps.map((p) => p.textContent));
  check(said.some((line) => /^South throws/.test(line)), `the throw is announced: ${JSON.stringify(said)}`);
  check((await page.getAttribute("#announce", "aria-live")) === "polite", "the announcements are a live region");
  const cowries = await page.locator("#cowries .shells").ariaSnapshot();
  check(!/[▲▼]/.test(cowries) && /img "Cowries: \d of 4 mouth up"/.test(cowries), `the cowries in words: ${cowries}`);

  let moved = 0;
  let hinted = false;
  let undone = false;
  for (let n = 0; !(moved >= 1 && hinted && undone); n++) {
    check(n < 300, `keyboard play stalled: moved ${moved}, hinted ${hinted}, undone ${undone}`);
    s = await waitFor(page, myTurnOrOver, 30000);
    check(s.status === "playing", "the game ended before every shortcut was tried");
    const before = s.version;
    if (s.must_throw) {
      await page.focus("#board");
      await page.keyboard.press(" ");
    } else if (moved >= 1 && !undone && !(await page.isDisabled("#undo"))) {
      await page.keyboard.press("u");
      s = await waitFor(page, (x, v) => x.version > v, 20000, before);
      check(s.events[s.events.length - 1].kind === "undo", "U undoes");
      undone = true;
      continue;
    } else if (moved >= 1 && !hinted && s.legal.length > 1) {
      await page.keyboard.press("h");
      await page.waitForSelector('#message[data-code="hint"]', { timeout: 20000 });
      await page.focus("#board");
      await page.keyboard.press("Enter");
      s = await waitFor(page, (x, v) => x.version > v, 20000, before);
      check(s.events.some((e) => e.version > before && e.kind === "move" && e.seat === 0), "Enter plays the hinted move");
      hinted = true;
      continue;
    } else {
      const mv = s.legal[0];
      await page.focus(mv.from < 0 ? '[data-yard="0"]' : `.pawn[data-player="0"][data-index="${mv.from}"]`);
      await page.keyboard.press("Enter");
      await page.waitForSelector(".target");
      const afterSelect = await focused();
      check(afterSelect.includes("target"), `after a selection the focus is on a target, not ${afterSelect}`);
      await page.focus(`.target[data-from="${mv.from}"][data-value="${mv.value}"][data-count="${mv.count}"]`);
      await page.keyboard.press("Enter");
      s = await waitFor(page, (x, v) => x.version > v, 20000, before);
      const afterMove = await focused();
      check(afterMove !== "body", "after a move the focus does not drop to <body>");
      const lines = await page.$$eval("#announce p", (ps) => ps.map((p) => p.dataset.kind));
      check(lines.includes("move"), "the move is announced");
      moved += 1;
      continue;
    }
    s = await waitFor(page, (x, v) => x.version > v, 20000, before);
  }
  await page.context().close();
  return `moved ${moved} by keys, hint and undo by keys`;
}

async function main() {
  await runScenarios({ title: "browser tests", prefix: "ashta-e2e-failure", overallMs: OVERALL_MS }, [
    ["a game against three bots, clicked to the end, with a reload and an undo", againstThreeBots],
    ["two players in two browsers while a third spectates", twoPlayersAndASpectator],
    ["an illegal click is refused", illegalClicksAreRefused],
    ["a player who leaves: the status line says so, and the one who returns is told", aPlayerWhoLeaves],
    ["screenshots at 390 and 1280 px, contrast, rules, sound, hint and rematch", screensAndFeatures],
    ["the phone layout: 5×5 and 7×7 at 390×844 and 360×640 with no scrolling", phoneLayoutWithoutScrolling],
    ["keyboard shortcuts, focus, announcements and the cowries in words", keyboardAndScreenReaders],
  ]);
}

main();
