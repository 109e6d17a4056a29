// Building the page from data. Memory content is untrusted: every string reaches the page as
// a text node (textContent), never as markup; there is no innerHTML anywhere in the app.
// Links are only ever built from fixed in-app routes.

/** Control characters (and bidi overrides) shown as visible escapes, e.g. `\x1b`. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with control characters made visible. */
export function visible(text) {
  return String(text).replace(
    CONTROL,
    (c) => `\\u{${c.codePointAt(0).toString(16).padStart(4, "0")}}`,
  );
}

/** Properties `h` sets; anything else is refused (no event attributes, no style strings). */
const PROPS = new Set([
  "id",
  "className",
  "type",
  "name",
  "value",
  "placeholder",
  "title",
  "htmlFor",
  "disabled",
  "checked",
  "selected",
  "min",
  "max",
  "low",
  "high",
  "optimum",
  "rows",
  "tabIndex",
  "autocomplete",
  "spellcheck",
  "required",
  "hidden",
  "scope",
  "colSpan",
  "step",
  "open",
]);

/**
 * An element: `h("p", { className: "x" }, "text", child)`. Strings become text nodes;
 * `aria-*`, `data-*` and `role` are attributes; `onclick`-style handlers are listeners.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key.startsWith("aria-") || key.startsWith("data-") || key === "role") {
      el.setAttribute(key, String(value));
    } else if (PROPS.has(key)) {
      el[key] = value;
    } else {
      throw new Error(`h: property ${key} is not allowed`);
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(visible(child)));
  }
}

/** A link to an in-app route (`#/memory/<id>`): the id is encoded, the scheme is fixed. */
export function route(path, params) {
  const query = params ? new URLSearchParams(params).toString() : "";
  return `#/${path.split("/").map(encodeURIComponent).join("/")}${query ? `?${query}` : ""}`;
}

/** An in-app link. */
export function link(path, params, ...children) {
  const a = document.createElement("a");
  a.href = route(path, params);
  append(a, children);
  return a;
}

/** Replaces the children of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** A short date and time, in the reader's locale. */
export function when(iso) {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
}

/** A number with at most `digits` decimals. */
export function num(x, digits = 3) {
  return typeof x === "number" ? String(Number(x.toFixed(digits))) : "—";
}

/** A labelled meter on [0, 1] (or [min, max]). */
export function meter(label, value, max = 1) {
  return h(
    "span",
    { className: "meter" },
    h("meter", { min: 0, max, value, "aria-label": label, title: `${label}: ${num(value)}` }),
    h("span", { className: "meter-value" }, num(value)),
  );
}

/** The first `n` characters of a memory's content, one line. */
export function excerpt(text, n = 160) {
  const line = String(text).replace(/\s+/g, " ").trim();
  return line.length > n ? `${line.slice(0, n - 1)}…` : line;
}

/** A page: a section labelled by its first heading. */
export function page(parts) {
  const flat = parts.flat(Infinity).filter(Boolean);
  const heading = flat[0];
  heading.id = "page-title";
  return h("section", { "aria-labelledby": "page-title" }, flat);
}
