// Screenshots of the page at a phone's and a desktop's width, with the checks a person
// would make looking at them: nothing wider than the screen, the key controls on it.
// The PNGs go to e2e/screenshots/ (not committed) for people to look at.

import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { check } from "./helpers.mjs";

/** Where the screenshots go. */
export const SCREENSHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));

/**
 * Checks that `page` has no horizontal overflow and that every element of `inside`
 * (selectors; each must exist) lies within the viewport's width, and those of
 * `onScreen` also within its height with the page scrolled to the top; then saves a
 * full-page screenshot `name-WIDTH.png`. Returns the file written. The page is
 * measured once it has settled: a page wider than the screen is looked at again every
 * half second for up to three seconds (a frame mid-animation is not the layout),
 * and the message names the elements that reach past the edge.
 */
export async function screen(page, name, { inside = [], onScreen = [] } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  let facts = await measure(page, inside, onScreen);
  for (let tries = 0; tries < 6 && facts.scrollWidth > facts.innerWidth; tries++) {
    await page.waitForTimeout(500);
    facts = await measure(page, inside, onScreen);
  }
  const width = facts.innerWidth;
  check(
    facts.scrollWidth <= width,
    `${name} at ${width} px: the page is ${facts.scrollWidth} px wide (past the edge: ${facts.wider.join(", ") || "nothing in view"})`,
  );
  for (const { sel, boxes } of facts.inside) {
    check(boxes.length > 0, `${name} at ${width} px: no ${sel}`);
    for (const b of boxes) {
      check(b.left >= -0.5 && b.right <= width + 0.5, `${name} at ${width} px: ${sel} is cut off (${b.left}–${b.right})`);
    }
  }
  for (const { sel, boxes } of facts.onScreen) {
    check(boxes.length > 0, `${name} at ${width} px: no ${sel}`);
    for (const b of boxes) {
      check(b.top >= 0 && b.bottom <= facts.innerHeight, `${name} at ${width} px: ${sel} is off the first screen (${b.top}–${b.bottom} of ${facts.innerHeight})`);
    }
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = `${SCREENSHOTS}${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The page's width, the boxes of `inside` and `onScreen`, and what reaches past the edge. */
async function measure(page, inside, onScreen) {
  return page.evaluate(
    ({ inside, onScreen }) => {
      const box = (sel) =>
        [...document.querySelectorAll(sel)].map((el) => {
          const r = el.getBoundingClientRect();
          return { sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
        });
      // When the page is too wide: the elements that reach past the right edge,
      // innermost first, for the message.
      const tooWide = document.documentElement.scrollWidth > innerWidth;
      const wider = [...(tooWide ? document.querySelectorAll("body *") : [])]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5 && el.getClientRects().length > 0)
        .reverse()
        .slice(0, 4)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} (to ${Math.round(el.getBoundingClientRect().right)} px)`);
      return {
        wider,
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth,
        innerHeight,
        inside: inside.map((sel) => ({ sel, boxes: box(sel) })),
        onScreen: onScreen.map((sel) => ({ sel, boxes: box(sel) })),
      };
    },
    { inside, onScreen },
  );
}
