// What the page needs from a game's rules object (the full object the server sends, as
// `ashta rules` prints it): cowries, the chance of a mouth up, the throw table, the
// safe squares and the flags the rules dialog explains. Named tables and presets are
// expanded as the engine does. The page decides no move itself: legal moves come from
// the server.

const PRESETS = {
  standard: { size: 5, cowries: 4, gate: "wait", entry: "start", three_graces: "allowed" },
  traditional: { size: 5, cowries: 4, gate: "circle", entry: "grace", three_graces: "forfeit" },
  senior: { size: 7, cowries: 8, gate: "wait", entry: "start", three_graces: "allowed" },
};

/** The preset names the lobby offers. */
export const PRESET_NAMES = Object.keys(PRESETS);

/** The default throw table of `k` cowries: faces by mouths up, none up = 2K grace,
 * all up = K grace, else the count. */
export function defaultTable(k) {
  const faces = [];
  for (let u = 0; u <= k; u++) {
    if (u === 0) faces.push({ value: 2 * k, grace: true });
    else if (u === k) faces.push({ value: k, grace: true });
    else faces.push({ value: u, grace: false });
  }
  return faces;
}

/** The rules with every field the page reads filled in. */
export function normalizeRules(rules) {
  const spec = typeof rules === "string" ? { preset: rules } : { ...(rules || {}) };
  const preset = PRESETS[spec.preset] || PRESETS.standard;
  const cowries = spec.cowries ?? preset.cowries;
  let faces;
  if (Array.isArray(spec.throws)) {
    faces = spec.throws;
  } else {
    faces = defaultTable(cowries);
    if (spec.throws === "no-ones-11") faces[1] = { value: 11, grace: true };
    if (spec.throws === "no-ones-12") faces[1] = { value: 12, grace: true };
  }
  return {
    preset: spec.preset || "standard",
    cowries,
    mouthUp: spec.mouth_up ?? 0.5,
    faces,
    safe: Array.isArray(spec.safe) ? spec.safe : "default",
    gate: spec.gate ?? preset.gate,
    entry: spec.entry ?? preset.entry,
    threeGraces: spec.three_graces ?? preset.three_graces,
    doubles: spec.doubles ?? true,
    // A pair may land on an opponent's double and capture it (on in every preset).
    pairCapture: spec.pair_capture ?? true,
    finish: spec.finish ?? "first",
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
