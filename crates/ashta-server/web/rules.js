// What the page needs from a game's rules object: cowries, the chance of a mouth up,
// the throw table, the safe squares and the flags the rules dialog explains, read off
// the full object the engine gives (the server's snapshots, the module's `fullRules`).
// No preset, table or default is written here: the page holds no rule.

/** The names of the presets, as the engine in the page lists them (its `presets()`). */
export async function presetNames() {
  const { loadEngine } = await import("./engine.js");
  const { ashta } = await loadEngine();
  return ashta.presets().map(([name]) => name);
}

/** The seats (0 = South … 3 = West) of a game of each player count, in turn order, as
 * the engine in the page seats them (its `seatsOf`): `{2: [...], 3: [...], 4: [...]}`. */
export async function seatPlaces() {
  const { loadEngine } = await import("./engine.js");
  const { ashta } = await loadEngine();
  return Object.fromEntries([2, 3, 4].map((n) => [n, Array.from(ashta.seatsOf(n))]));
}

/** Whether `rules` is a full rules object, as the engine writes it. */
export function isFullRules(rules) {
  return !!rules && typeof rules === "object" && Array.isArray(rules.throws) && typeof rules.gate === "string";
}

/** The page's view of a full rules object; an error for anything else (a preset name
 * or a partial object must go through the engine first). */
export function normalizeRules(rules) {
  if (!isFullRules(rules)) throw new Error("the page reads only the engine's full rules object");
  return {
    preset: rules.preset || "standard",
    size: rules.size,
    cowries: rules.cowries,
    mouthUp: rules.mouth_up,
    faces: rules.throws,
    safe: rules.safe,
    gate: rules.gate,
    entry: rules.entry,
    threeGraces: rules.three_graces,
    doubles: rules.doubles,
    pairCapture: rules.pair_capture,
    finish: rules.finish,
  };
}

/** The rules object the lobby sends for a preset and the pair-capture choice: the
 * preset's name while the flag keeps the preset's value (on), else an object. */
export function rulesRequest(preset, pairCapture = true) {
  return pairCapture === false ? { preset, pair_capture: false } : preset;
}

/** The traditional name of a throw with `mouthsUp` of `cowries` up: "ashta" for none up,
 * "chamma" for all up, null otherwise. */
export function throwName(mouthsUp, cowries) {
  if (mouthsUp === 0) return "ashta";
  if (mouthsUp === cowries) return "chamma";
  return null;
}

/** The full rules object of a rules request (a preset name or a partial object), from
 * the engine in the page. */
export async function fullRules(request) {
  if (isFullRules(request)) return request;
  const { loadEngine } = await import("./engine.js");
  const { ashta } = await loadEngine();
  return ashta.fullRules(JSON.stringify(request));
}
