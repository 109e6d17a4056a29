/**
 * Whether two statements can be about one subject by the kind of thing they name ("the checkout
 * service" is not "the checkout page") and the bound they give (a max is not a default).
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** The bounds a statement names (max, min, default); two different ones are two attributes. */
export function boundsAgree(a: Statement, b: Statement): boolean {
  const bounds = (s: Statement) =>
    new Set(s.terms.filter((t) => t.kind === "bound").map((t) => t.term));
  const [x, y] = [bounds(a), bounds(b)];
  return x.size === 0 || y.size === 0 || [...x].some((w) => y.has(w));
}

/** No two different kinds of thing: "the checkout service" is not "the checkout page". */
export function sameKind(a: Statement, b: Statement): boolean {
  return a.heads.size === 0 || b.heads.size === 0 || [...a.heads].some((h) => b.heads.has(h));
}
