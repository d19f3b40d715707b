// The page's texts and their languages: English (the reference), Russian, Hindi,
// Kannada, Telugu and Tamil (texts-*.js hold the texts). The language follows the
// browser's unless the player picks one with the switch; the pick is kept.

import { en } from "./texts-en.js";
import { hi } from "./texts-hi.js";
import { kn } from "./texts-kn.js";
import { ru } from "./texts-ru.js";
import { ta } from "./texts-ta.js";
import { te } from "./texts-te.js";

/** The languages the page speaks. */
export const LANGUAGES = ["en", "ru", "hi", "kn", "te", "ta"];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES = { en: "English", ru: "Русский", hi: "हिन्दी", kn: "ಕನ್ನಡ", te: "తెలుగు", ta: "தமிழ்" };

/** Every text, by language. */
export const TEXTS = { en, ru, hi, kn, te, ta };

const STORAGE_KEY = "ashta.lang";
let current = "en";
const listeners = [];

/** The language to use for a browser whose preferred languages are `languages`. */
export function pickLanguage(languages) {
  for (const tag of languages || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Fills `{name}` placeholders of `text` from `params`. */
export function format(text, params = {}) {
  return text.replace(/\{([a-zA-Z]+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The text of `key` in `lang` with its placeholders filled; the English one when the
 * language lacks it, and the key itself when neither has it. */
export function translate(lang, key, params) {
  const text = (TEXTS[lang] && TEXTS[lang][key]) ?? en[key] ?? key;
  return format(text, params);
}

/** The text of `key` in the current language. */
export function t(key, params) {
  return translate(current, key, params);
}

/** The current language. */
export function language() {
  return current;
}

/** Sets the language (and keeps the choice when `remember`); tells every listener. */
export function setLanguage(lang, remember = true) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      // Storage may be disabled; the choice then lasts for this page only.
    }
  }
  if (globalThis.document) document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

/** Calls `f` whenever the language changes. */
export function onLanguageChange(f) {
  listeners.push(f);
}

/** Picks the starting language: the one kept from an earlier choice, else the browser's. */
export function initLanguage() {
  let kept = null;
  try {
    kept = globalThis.localStorage?.getItem(STORAGE_KEY);
  } catch {
    kept = null;
  }
  const lang = LANGUAGES.includes(kept) ? kept : pickLanguage(globalThis.navigator?.languages);
  setLanguage(lang, false);
}

/** The name of player `p`'s seat (South, East, …) in a game of `players` players. */
export function seatName(seat) {
  return t(`seat.${seat}`);
}
