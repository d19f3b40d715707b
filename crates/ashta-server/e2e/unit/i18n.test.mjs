import assert from "node:assert/strict";
import { test } from "node:test";

import { format, pickLanguage, TEXTS, translate } from "../../web/i18n.js";

const placeholders = (text) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

test("English and Russian have the same keys", () => {
  assert.deepEqual(Object.keys(TEXTS.ru).sort(), Object.keys(TEXTS.en).sort());
});

test("every Russian text has the placeholders of its English text", () => {
  for (const [key, text] of Object.entries(TEXTS.en)) {
    assert.deepEqual(placeholders(TEXTS.ru[key]), placeholders(text), key);
  }
});

test("Russian texts are written in Cyrillic, not left in English", () => {
  const latinOnly = Object.entries(TEXTS.ru).filter(([key, text]) => !/[а-яё]/i.test(text) && !key.startsWith("seat.letter"));
  assert.deepEqual(latinOnly, []);
});

test("the browser's language picks Russian or falls back to English", () => {
  assert.equal(pickLanguage(["ru-RU", "en"]), "ru");
  assert.equal(pickLanguage(["de-DE", "ru"]), "ru");
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

test("the seat letters are distinct in each language", () => {
  for (const lang of ["en", "ru"]) {
    const letters = [0, 1, 2, 3].map((s) => TEXTS[lang][`seat.letter.${s}`]);
    assert.equal(new Set(letters).size, 4, lang);
  }
});

test("every text is used by the page", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const dir = new URL("../../web/", import.meta.url);
  const source = readdirSync(dir)
    .filter((f) => f.endsWith(".js") && f !== "i18n.js")
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
  // Keys built at run time from a prefix and a name.
  const built = ["seat.", "level.", "error.", "draw.", "throw.", "preset.", "presetShort.", "legend."];
  const unused = Object.keys(TEXTS.en).filter((k) => !source.includes(`"${k}"`) && !built.some((p) => k.startsWith(p)));
  assert.deepEqual(unused, []);
});
