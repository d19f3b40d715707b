// The contrast check of the browser tests: every piece of text the page shows (HTML text,
// SVG text such as square names and pawn letters, and the log's numbers) measured
// against what it is drawn on, with the page's own web/contrast.js.

/**
 * The texts of `page` below 4.5:1 (WCAG AA), as readable lines; empty when all pass.
 * HTML text is measured against the backgrounds of its element and ancestors laid over
 * each other (with the elements' opacity); SVG text against the fill of the shape drawn
 * under it (its nearest earlier sibling with a fill). Disabled buttons are measured too,
 * though WCAG would let them off.
 */
export async function lowContrast(page) {
  return page.evaluate(async () => {
    const { AA, contrast, over, parseColor } = await import("/assets/contrast.js");
    const white = { r: 255, g: 255, b: 255, a: 1 };
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      return true;
    };
    const opacity = (el) => {
      let o = 1;
      for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const backdrop = (el) => {
      const chain = [];
      for (let e = el; e; e = e.parentElement) chain.push(e);
      let bg = white;
      for (const e of chain.reverse()) {
        const c = parseColor(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0) bg = over(c, bg);
      }
      return bg;
    };
    const svgUnder = (el) => {
      for (let e = el; e && e.tagName.toLowerCase() !== "svg"; e = e.parentElement) {
        for (let sib = e.previousElementSibling; sib; sib = sib.previousElementSibling) {
          const tag = sib.tagName.toLowerCase();
          if (tag === "text" || tag === "title" || tag === "g") continue;
          const c = parseColor(getComputedStyle(sib).fill);
          if (c && c.a > 0) return over(c, white);
        }
      }
      return backdrop(el.ownerSVGElement || el);
    };
    const name = (el) => {
      const cls = el.getAttribute("class");
      const id = el.id ? `#${el.id}` : "";
      return `${el.tagName.toLowerCase()}${id}${cls ? `.${cls.trim().split(/\s+/).join(".")}` : ""}`;
    };
    const low = [];
    const measure = (el, fgText, bg, what) => {
      const fg = parseColor(fgText);
      if (!fg) return;
      const seen = over({ ...fg, a: fg.a * opacity(el) }, bg);
      const r = contrast(seen, bg);
      if (r < AA) {
        const rgb = (c) => `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
        low.push(`${what} ${name(el)} "${(el.textContent || "").trim().slice(0, 30)}": ${rgb(seen)} on ${rgb(bg)} = ${r.toFixed(2)}`);
      }
    };
    for (const el of document.querySelectorAll("body *")) {
      const tag = el.tagName.toLowerCase();
      if (["script", "style", "noscript", "title", "option", "select", "input", "textarea"].includes(tag)) continue;
      const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
      if (tag === "li" && el.closest("ol") && shown(el)) {
        measure(el, getComputedStyle(el, "::marker").color, backdrop(el), "number of");
      }
      if (!hasText || !shown(el)) continue;
      if (el instanceof SVGElement) measure(el, getComputedStyle(el).fill, svgUnder(el), "text");
      else measure(el, getComputedStyle(el).color, backdrop(el), "text");
    }
    return [...new Set(low)];
  });
}
