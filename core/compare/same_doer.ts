/**
 * Two doers that are one person: a handle spells the name (`@dana` is Dana), or the other
 * statement names this doer too ("maintainer: Dana (@dana)", a name and its handle side by
 * side). Whatever the names, a doer the other statement also says is no other doer.
 *
 * @module
 */

/** A doer as a key: lowercase, without the handle's `@`. */
function key(doer: string): string {
  return doer.trim().toLowerCase().replace(/^@/, "");
}

/** The words of a text, with handles' `@` dropped. */
function words(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/@?[\p{L}\p{N}][\p{L}\p{N}._-]*/gu) ?? []).map((w) =>
      w.replace(/^@/, "").replace(/[._-]+$/, "")
    ),
  );
}

/**
 * Whether doer `x` of statement `a` and doer `y` of statement `b` are one.
 *
 * @example Usage
 * ```ts
 * import { sameDoer } from "./same_doer.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(sameDoer("@lu", "Lu", "@lu owns the docs.", "docs: owner Lu"), true);
 * equal(sameDoer("Ines", "Lu", "Ines owns the docs.", "docs: owner Lu (@lu)"), false);
 * ```
 */
export function sameDoer(x: string, y: string, a: string, b: string): boolean {
  const [kx, ky] = [key(x), key(y)];
  if (kx === ky) return true;
  const single = (k: string) => /^[\p{L}\p{N}._-]+$/u.test(k);
  return single(kx) && words(b).has(kx) || single(ky) && words(a).has(ky);
}
