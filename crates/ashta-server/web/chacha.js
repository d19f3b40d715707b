// The engine's seeded throws, recomputed in the browser: ChaCha8 as `rand_chacha` 0.9's
// `ChaCha8Rng` (seeded by `rand_core` 0.9's `seed_from_u64`, which fills the 32-byte key
// with PCG32 output), and the cowries drawn from it exactly as the engine's
// `throw_with_rng` does. Pinned against the Rust code by the unit tests.

const MASK64 = (1n << 64n) - 1n;
const PCG_MUL = 6364136223846793005n;
const PCG_INC = 11634580027462260723n;

/** The 32-byte key `seed_from_u64(seed)` gives, as eight little-endian words. */
export function keyFromU64(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  const key = new Uint32Array(8);
  for (let i = 0; i < 8; i++) {
    state = (state * PCG_MUL + PCG_INC) & MASK64;
    const xorshifted = Number((((state >> 18n) ^ state) >> 27n) & 0xffffffffn);
    const rot = Number(state >> 59n);
    key[i] = ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }
  return key;
}

function quarter(s, a, b, c, d) {
  s[a] = (s[a] + s[b]) >>> 0;
  s[d] ^= s[a];
  s[d] = ((s[d] << 16) | (s[d] >>> 16)) >>> 0;
  s[c] = (s[c] + s[d]) >>> 0;
  s[b] ^= s[c];
  s[b] = ((s[b] << 12) | (s[b] >>> 20)) >>> 0;
  s[a] = (s[a] + s[b]) >>> 0;
  s[d] ^= s[a];
  s[d] = ((s[d] << 8) | (s[d] >>> 24)) >>> 0;
  s[c] = (s[c] + s[d]) >>> 0;
  s[b] ^= s[c];
  s[b] = ((s[b] << 7) | (s[b] >>> 25)) >>> 0;
}

/** A ChaCha generator with `rounds` rounds (8 for ChaCha8), a 64-bit block counter and a
 * 64-bit stream, read as consecutive little-endian 32-bit words of the keystream. */
export class ChaCha {
  /**
   * @param {Uint32Array} key eight words
   * @param {number} rounds 8, 12 or 20
   * @param {bigint} stream the stream number (`set_stream`)
   */
  constructor(key, rounds = 8, stream = 0n) {
    this.key = Uint32Array.from(key);
    this.rounds = rounds;
    this.counter = 0n;
    this.stream = BigInt.asUintN(64, BigInt(stream));
    this.block = new Uint32Array(16);
    this.index = 16;
  }
  /** ChaCha8 seeded like `ChaCha8Rng::seed_from_u64(seed)`; `seed` a number, bigint or
   * decimal string. */
  static fromU64(seed, stream = 0n) {
    return new ChaCha(keyFromU64(seed), 8, stream);
  }
  refill() {
    const s = new Uint32Array(16);
    s[0] = 0x61707865;
    s[1] = 0x3320646e;
    s[2] = 0x79622d32;
    s[3] = 0x6b206574;
    s.set(this.key, 4);
    s[12] = Number(this.counter & 0xffffffffn);
    s[13] = Number((this.counter >> 32n) & 0xffffffffn);
    s[14] = Number(this.stream & 0xffffffffn);
    s[15] = Number((this.stream >> 32n) & 0xffffffffn);
    const x = Uint32Array.from(s);
    for (let i = 0; i < this.rounds; i += 2) {
      quarter(x, 0, 4, 8, 12);
      quarter(x, 1, 5, 9, 13);
      quarter(x, 2, 6, 10, 14);
      quarter(x, 3, 7, 11, 15);
      quarter(x, 0, 5, 10, 15);
      quarter(x, 1, 6, 11, 12);
      quarter(x, 2, 7, 8, 13);
      quarter(x, 3, 4, 9, 14);
    }
    for (let i = 0; i < 16; i++) this.block[i] = (x[i] + s[i]) >>> 0;
    this.counter = (this.counter + 1n) & MASK64;
    this.index = 0;
  }
  /** The next 32-bit word, as `RngCore::next_u32`. */
  nextU32() {
    if (this.index >= 16) this.refill();
    return this.block[this.index++];
  }
}

/** One throw of `count` cowries drawn as the engine's `throw_with_rng`: with
 * `mouthUp` = ½ the low `count` bits of one word (bit i = cowrie i, 1 = mouth up),
 * otherwise one word per cowrie, up when below ⌊mouthUp·2³²⌋. Returns one boolean per
 * cowrie, true = mouth up. */
export function throwCowries(rng, count, mouthUp) {
  const cowries = [];
  if (mouthUp === 0.5) {
    const word = rng.nextU32();
    for (let i = 0; i < count; i++) cowries.push(((word >>> i) & 1) === 1);
  } else {
    const threshold = Math.floor(mouthUp * 4294967296);
    for (let i = 0; i < count; i++) cowries.push(rng.nextU32() < threshold);
  }
  return cowries;
}

/** The throws of a game with this seed, as the engine's `SeededThrows::new(seed)`. */
export class SeededThrows {
  constructor(seed) {
    this.rng = ChaCha.fromU64(seed);
  }
  /** The next throw: one boolean per cowrie, true = mouth up. */
  next(count, mouthUp) {
    return throwCowries(this.rng, count, mouthUp);
  }
}

/** Lower-case hex of a byte array. */
export function toHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seed commitment: hex(SHA-256("ashta-seed:" + seed + ":" + salt)), by WebCrypto. */
export async function commitmentOf(seed, salt) {
  const text = `ashta-seed:${seed}:${salt}`;
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(digest);
}

/** Whether a decimal string is a u64. */
export function isU64(text) {
  return typeof text === "string" && /^[0-9]{1,20}$/.test(text) && BigInt(text) <= MASK64;
}

/**
 * Checks a finished game's throws: that the revealed seed and salt give the published
 * commitment, and that the seed's throws, in order, are the throws the game's events
 * show. `throws` is the list of throw events in the order they were made (each with its
 * `cowries`). Returns {ok, commitmentOk, checked, mismatch} with `mismatch` the index of
 * the first throw that differs (or null).
 */
export async function verifyThrows({ commitment, reveal, cowries, mouthUp, throws }) {
  if (!reveal || !isU64(String(reveal.seed))) {
    return { ok: false, commitmentOk: false, checked: 0, mismatch: null, reason: "seed" };
  }
  const seed = String(reveal.seed);
  const commitmentOk = (await commitmentOf(seed, reveal.salt)) === String(commitment).toLowerCase();
  const source = new SeededThrows(seed);
  let mismatch = null;
  for (let i = 0; i < throws.length; i++) {
    const expected = source.next(cowries, mouthUp);
    const got = throws[i].cowries;
    if (!Array.isArray(got) || got.length !== expected.length || got.some((c, j) => c !== expected[j])) {
      mismatch = i;
      break;
    }
  }
  return {
    ok: commitmentOk && mismatch === null,
    commitmentOk,
    checked: mismatch === null ? throws.length : mismatch,
    mismatch,
    reason: !commitmentOk ? "commitment" : mismatch !== null ? "throw" : null,
  };
}
