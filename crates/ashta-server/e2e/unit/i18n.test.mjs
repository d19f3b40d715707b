import assert from "node:assert/strict";
import { test } from "node:test";

import { format, LANGUAGE_NAMES, LANGUAGES, pickLanguage, TEXTS, translate } from "../../web/i18n.js";

const placeholders = (text) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

/** The script each language is written in: a text with none of it is left untranslated. */
const SCRIPTS = {
  ru: /[а-яё]/i,
  hi: /[\u0900-\u097F]/,
  kn: /[\u0C80-\u0CFF]/,
  te: /[\u0C00-\u0C7F]/,
  ta: /[\u0B80-\u0BFF]/,
};

test("every language has every key of English, and no other", () => {
  assert.deepEqual(LANGUAGES, ["en", "ru", "hi", "kn", "te", "ta"]);
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(TEXTS[lang]).sort(), Object.keys(TEXTS.en).sort(), lang);
    assert.ok(LANGUAGE_NAMES[lang], `${lang} has a name for the switch`);
  }
});

test("every text has the placeholders of its English text", () => {
  for (const lang of LANGUAGES) {
    for (const [key, text] of Object.entries(TEXTS.en)) {
      assert.deepEqual(placeholders(TEXTS[lang][key]), placeholders(text), `${lang} ${key}`);
    }
  }
});

test("every text is written in its language's script, not left in English", () => {
  for (const [lang, script] of Object.entries(SCRIPTS)) {
    const untranslated = Object.entries(TEXTS[lang]).filter(([, text]) => text.trim() !== "" && !script.test(text));
    assert.deepEqual(untranslated, [], lang);
  }
});

test("the game has its own name in each language of its home", () => {
  assert.equal(TEXTS.hi["app.title"], "अष्ट चम्मा");
  assert.match(TEXTS.hi["app.subtitle"], /चौका बारा/);
  assert.equal(TEXTS.kn["app.title"], "ಚೌಕಾಬಾರ");
  assert.equal(TEXTS.te["app.title"], "అష్టా చమ్మా");
  assert.equal(TEXTS.ta["app.title"], "தாயம்");
});

test("the browser's language picks a language the page speaks, or falls back to English", () => {
  assert.equal(pickLanguage(["ru-RU", "en"]), "ru");
  assert.equal(pickLanguage(["de-DE", "ru"]), "ru");
  assert.equal(pickLanguage(["kn-IN", "en"]), "kn");
  assert.equal(pickLanguage(["ta"]), "ta");
  assert.equal(pickLanguage(["te-IN"]), "te");
  assert.equal(pickLanguage(["hi-IN"]), "hi");
  assert.equal(pickLanguage(["en-GB"]), "en");
  assert.equal(pickLanguage(["fr"]), "en");
  assert.equal(pickLanguage(undefined), "en");
});

test("placeholders are filled and unknown ones left visible", () => {
  assert.equal(format("{seat} wins", { seat: "South" }), "South wins");
  assert.equal(format("{a} {b}", { a: 1 }), "1 {b}");
  assert.equal(translate("ru", "game.winner", { seat: "Юг" }), "Победил Юг!");
  assert.equal(translate("ru", "no.such.key"), "no.such.key");
});

// Letters that read as a Latin letter or a digit: З as 3, В as B, О as 0 and so on.
const LOOKALIKES = new Set([..."АВЕЗКМНОРСТУХБЬЧаеорсухзб0123456789"]);

test("the seats' short names are distinct and none is a lone letter that reads as a Latin letter or digit", () => {
  for (const lang of LANGUAGES) {
    const short = [0, 1, 2, 3].map((s) => TEXTS[lang][`seat.letter.${s}`]);
    assert.equal(new Set(short).size, 4, lang);
    if (lang === "en") continue;
    for (const name of short) assert.ok(!(name.length === 1 && LOOKALIKES.has(name)), `${lang}: ${name}`);
  }
  assert.deepEqual([1, 3].map((s) => TEXTS.ru[`seat.letter.${s}`]), ["Вос", "Зап"]);
});

test("every text is used by the page", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const dir = new URL("../../web/", import.meta.url);
  const source = readdirSync(dir)
    .filter((f) => f.endsWith(".js") && f !== "i18n.js" && !f.startsWith("texts-"))
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
  // Keys built at run time from a prefix and a name.
  const built = ["seat.", "level.", "error.", "draw.", "drawWhy.", "keys.", "throw.", "preset.", "presetShort.", "legend.", "place."];
  const unused = Object.keys(TEXTS.en).filter((k) => !source.includes(`"${k}"`) && !built.some((p) => k.startsWith(p)));
  assert.deepEqual(unused, []);
});
