// Small helpers to build HTML and SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: `h("a", {href: "/"}, "text", child, …)`. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, like `h`. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** Replaces every child of `el` with `children`. */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** A list box under its words: `<label>label<select name>…</select>…after</label>`.
 * `options` are `[value, words]` pairs, the one equal to `value` (as text) chosen;
 * `set` takes the value picked (as text). */
export function selectField(name, label, options, value, set, ...after) {
  const onchange = (e) => set(e.target.value);
  const choices = options.map(([v, words]) => h("option", { value: v, selected: String(v) === String(value) }, words));
  return h("label", {}, label, h("select", { name, onchange }, choices), ...after);
}

/** Resolves after `ms` milliseconds (at once when `ms` ≤ 0). */
export function sleep(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
