// Sound effects made with WebAudio (no audio files): a rattle for a throw, a tap for a
// move, a sharper knock for a capture, a rising chord at the end. Off unless the player
// turns them on; the choice is kept in the browser.

const SOUND_KEY = "ashta.sound";

/** The tones of each effect: [frequency Hz, start s, length s, wave]. */
export const EFFECTS = {
  throw: [[520, 0, 0.05, "triangle"], [660, 0.06, 0.05, "triangle"], [440, 0.12, 0.05, "triangle"], [580, 0.18, 0.07, "triangle"]],
  move: [[330, 0, 0.09, "sine"]],
  capture: [[220, 0, 0.08, "square"], [165, 0.09, 0.16, "square"]],
  turn: [[660, 0, 0.08, "sine"], [880, 0.09, 0.1, "sine"]],
  end: [[523, 0, 0.18, "sine"], [659, 0.15, 0.18, "sine"], [784, 0.3, 0.35, "sine"]],
};

/** Whether sound effects are on (kept setting; off by default). */
export function soundOn() {
  try {
    return globalThis.localStorage?.getItem(SOUND_KEY) === "1";
  } catch {
    return false;
  }
}

/** Turns sound effects on or off and keeps the choice. */
export function setSound(on) {
  try {
    globalThis.localStorage?.setItem(SOUND_KEY, on ? "1" : "0");
  } catch {
    // Without storage the choice lasts for this page only.
  }
  if (on) play("turn");
}

let context = null;
/** Effects played so far (for tests). */
export const played = [];

/** Plays the effect `name` of EFFECTS when sound is on. */
export function play(name) {
  const tones = EFFECTS[name];
  if (!tones || !soundOn()) return;
  played.push(name);
  try {
    const Audio = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Audio) return;
    context = context || new Audio();
    if (context.state === "suspended") context.resume();
    const now = context.currentTime;
    for (const [freq, start, length, wave] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // A browser without audio plays nothing.
  }
}
