import assert from "node:assert/strict";
import { test } from "node:test";

import { ChaCha, commitmentOf, isU64, SeededThrows, verifyThrows } from "../../web/chacha.js";
import { fixture } from "./fixture.mjs";

test("ChaCha8 seeded from a u64 gives rand_chacha's words, across block refills", () => {
  for (const { seed, stream, words } of fixture.chacha8) {
    const rng = ChaCha.fromU64(seed, BigInt(stream));
    const got = words.map(() => rng.nextU32());
    assert.deepEqual(got, words, `seed ${seed} stream ${stream}`);
  }
});

test("seeded throws are the engine's SeededThrows, for p = ½ and otherwise", () => {
  for (const { seed, cowries, mouth_up: mouthUp, masks } of fixture.throws) {
    const source = new SeededThrows(seed);
    const got = masks.map(() => source.next(cowries, mouthUp).reduce((m, up, i) => m | (up ? 1 << i : 0), 0));
    assert.deepEqual(got, masks, `seed ${seed}, ${cowries} cowries, p ${mouthUp}`);
  }
});

test("seed 2026 gives the check value RULES.md pins", () => {
  const source = new SeededThrows("2026");
  const ups = Array.from({ length: 12 }, () => source.next(4, 0.5).filter(Boolean).length);
  assert.deepEqual(ups, [3, 1, 3, 1, 1, 2, 3, 3, 1, 2, 3, 1]);
});

test("the commitment is SHA-256 of ashta-seed:SEED:SALT, in lower-case hex", async () => {
  // SHA-256 of "ashta-seed:7:00ff", computed with sha256sum.
  assert.equal(await commitmentOf("7", "00ff"), "e75ac11882ba21d17422fb113805ca728482d2b221ad62c6f4d82245da631e82");
});

async function sha256Hex(text) {
  const { createHash } = await import("node:crypto");
  return createHash("sha256").update(text).digest("hex");
}

function throwsOf(seed, n, cowries = 4, mouthUp = 0.5) {
  const source = new SeededThrows(seed);
  return Array.from({ length: n }, () => ({ kind: "throw", cowries: source.next(cowries, mouthUp) }));
}

test("verification accepts the seed's throws and the right commitment", async () => {
  const reveal = { seed: "123456789", salt: "abcdef" };
  const commitment = await sha256Hex("ashta-seed:123456789:abcdef");
  const outcome = await verifyThrows({ commitment, reveal, cowries: 4, mouthUp: 0.5, throws: throwsOf("123456789", 40) });
  assert.deepEqual(outcome, { ok: true, commitmentOk: true, checked: 40, mismatch: null, reason: null });
});

test("verification names the first throw that is not the seed's", async () => {
  const reveal = { seed: "5", salt: "01" };
  const commitment = await sha256Hex("ashta-seed:5:01");
  const throws = throwsOf("5", 10);
  throws[6] = { kind: "throw", cowries: throws[6].cowries.map((c) => !c) };
  const outcome = await verifyThrows({ commitment, reveal, cowries: 4, mouthUp: 0.5, throws });
  assert.equal(outcome.ok, false);
  assert.equal(outcome.mismatch, 6);
  assert.equal(outcome.reason, "throw");
});

test("verification refuses a seed that does not match the commitment", async () => {
  const outcome = await verifyThrows({
    commitment: await sha256Hex("ashta-seed:5:01"),
    reveal: { seed: "6", salt: "01" },
    cowries: 4,
    mouthUp: 0.5,
    throws: throwsOf("6", 3),
  });
  assert.equal(outcome.ok, false);
  assert.equal(outcome.reason, "commitment");
});

test("only decimal u64 seeds are accepted", async () => {
  assert.ok(isU64("18446744073709551615"));
  assert.ok(!isU64("18446744073709551616"));
  assert.ok(!isU64("-1"));
  assert.ok(!isU64("0x10"));
  const outcome = await verifyThrows({ commitment: "00", reveal: { seed: "x", salt: "" }, cowries: 4, mouthUp: 0.5, throws: [] });
  assert.equal(outcome.reason, "seed");
});
