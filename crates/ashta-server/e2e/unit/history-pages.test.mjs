import assert from "node:assert/strict";
import { test } from "node:test";

import { allEvents, wholeHistory } from "../../web/api.js";

/** A server's pages of `events` versions 1..n, `size` a page, as the events endpoint
 * answers them; the paths asked for are kept in `asked`. */
function pages(n, size, asked) {
  return async (path) => {
    asked.push(path);
    const after = Number(new URL(path, "http://x").searchParams.get("after"));
    const last = Math.min(n, after + size);
    const events = [];
    for (let v = after + 1; v <= last; v++) events.push({ version: v, kind: "throw" });
    return { events, version: n, next: last < n ? last : null };
  };
}

test("the end screen's seed check reads every event of a long game in pages", async () => {
  const asked = [];
  const events = await allEvents("g1", pages(25, 10, asked));
  assert.deepEqual(
    events.map((e) => e.version),
    Array.from({ length: 25 }, (_, i) => i + 1),
  );
  assert.deepEqual(asked, ["/api/games/g1/events?after=0", "/api/games/g1/events?after=10", "/api/games/g1/events?after=20"]);
});

test("a snapshot that carries its whole history is used as it is", async () => {
  const asked = [];
  const snap = { id: "g2", events_from: 1, events: [{ version: 1 }] };
  assert.equal(await wholeHistory(snap, pages(1, 10, asked)), snap.events);
  assert.deepEqual(asked, []);
  const long = { id: "g3", events_from: 16, events: [{ version: 16 }] };
  assert.equal((await wholeHistory(long, pages(16, 10, asked))).length, 16);
});
