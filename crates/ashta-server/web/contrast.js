// WCAG 2 contrast: colours parsed from CSS (`#rgb`, `#rrggbb`, `rgb()`, `rgba()`), laid
// over each other by their alpha, their relative luminance, and the contrast ratio of
// two colours (1 to 21; text needs 4.5 for level AA).

/** The minimum contrast ratio of text for WCAG AA. */
export const AA = 4.5;

/** A CSS colour as {r, g, b, a} (0–255, alpha 0–1); null for `none`, `transparent` and
 * anything not understood. */
export function parseColor(text) {
  const s = String(text || "").trim().toLowerCase();
  if (s === "" || s === "none" || s === "transparent") return null;
  let m = /^#([0-9a-f]{3})$/.exec(s);
  if (m) {
    const [r, g, b] = [...m[1]].map((c) => parseInt(c + c, 16));
    return { r, g, b, a: 1 };
  }
  m = /^#([0-9a-f]{6})$/.exec(s);
  if (m) {
    const n = parseInt(m[1], 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  m = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(s);
  if (m) {
    let a = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    if (!Number.isFinite(a)) a = 1;
    return { r: +m[1], g: +m[2], b: +m[3], a };
  }
  return null;
}

/** `top` laid over the opaque `bottom`, by `top`'s alpha. */
export function over(top, bottom) {
  const a = top.a;
  const mix = (x, y) => x * a + y * (1 - a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** The relative luminance of an opaque colour (0 black … 1 white). */
export function luminance({ r, g, b }) {
  const lin = (c) => {
    const x = c / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two opaque colours. */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast ratio of CSS colours `fg` over `bg` (laid over white when not opaque). */
export function ratio(fg, bg) {
  const white = { r: 255, g: 255, b: 255, a: 1 };
  const back = over(parseColor(bg) || white, white);
  return contrast(over(parseColor(fg), back), back);
}
