// Page settings kept in the browser (the header's settings menu): fast animations (also
// `?fast=1` in the address), and whether a forced move (the only legal play) is played
// by itself.

const FAST_KEY = "ashta.fast";

/** Whether animations are fast: `?fast=1` (or `?fast=0` for the usual pace), else the
 * kept setting. */
export function fastAnimations() {
  const param = new URLSearchParams(globalThis.location?.search || "").get("fast");
  if (param === "1" || param === "true") return true;
  if (param === "0" || param === "false") return false;
  try {
    return globalThis.localStorage?.getItem(FAST_KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the fast animations setting. */
export function setFastAnimations(on) {
  try {
    globalThis.localStorage?.setItem(FAST_KEY, on ? "1" : "0");
  } catch {
    // Without storage the setting lasts until the page is left.
  }
}

/** How long the cowries tumble and how long a pawn takes per square, in ms: quick with
 * fast animations or when `backlog` events are waiting, and nothing at all when the
 * system asks for reduced motion or many events wait. */
export function animationTimes(backlog = 0) {
  const still = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (still || backlog > 6) return { tumble: 0, step: 0 };
  if (fastAnimations() || backlog > 2) return { tumble: 150, step: 40 };
  return { tumble: 550, step: 130 };
}

const AUTO_KEY = "ashta.autoplay";

/** Whether a forced move (the engine lists one legal play) is played by itself after a
 * short pause: on unless the player turned it off. */
export function autoPlay() {
  try {
    return globalThis.localStorage?.getItem(AUTO_KEY) !== "0";
  } catch {
    return true;
  }
}

/** The event the page hears when the forced moves setting changes. */
export const AUTO_PLAY_EVENT = "ashta-autoplay";

/** Keeps the forced moves setting and tells the page (a game waiting on a forced move
 * plays it). */
export function setAutoPlay(on) {
  try {
    globalThis.localStorage?.setItem(AUTO_KEY, on ? "1" : "0");
  } catch {
    // Without storage the setting lasts until the page is left.
  }
  globalThis.dispatchEvent?.(new Event(AUTO_PLAY_EVENT));
}

/** How long a forced move waits before it is played, in ms (the player sees the throw
 * and the move it allows first). */
export const AUTO_PLAY_MS = 600;
