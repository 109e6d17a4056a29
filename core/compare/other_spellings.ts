/**
 * The other spellings of what a statement names, for finding its neighbours by keyword: a
 * technology by its other names ("postgres" finds "PostgreSQL 15.4"), a word by its short or
 * long form ("production" finds "prod", "svc" finds "service"). Two statements of one fact
 * written by two people rarely share a spelling; the keyword channel only finds what shares one.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { SYNONYMS, TECH } from "./lexicon.ts";

/** Most spellings added for one statement. */
const MAX_SPELLINGS = 6;

/** Each technology's one-word spellings, by canonical name. */
const NAMES: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const entries of TECH.values()) {
    for (const e of entries) {
      if (e.tokens.length !== 1 || !/^[\p{L}\p{N}.+#-]+$/u.test(e.tokens[0]!)) continue;
      const list = out.get(e.canonical) ?? [];
      if (!list.includes(e.tokens[0]!)) list.push(e.tokens[0]!);
      out.set(e.canonical, list);
    }
  }
  return out;
})();

/** Each long form, to its short forms ("production" → "prod", "prd"). */
const SHORT: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const [short, long] of SYNONYMS) {
    if (short === long) continue;
    out.set(long, [...out.get(long) ?? [], short]);
  }
  return out;
})();

/**
 * Spellings of `s`'s technologies and words that `said` (the words it writes) lacks, at most
 * {@linkcode MAX_SPELLINGS}; each added to `said`.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { otherSpellings } from "./other_spellings.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = "production postgres is 14.11";
 * const found = otherSpellings(readStatement(text), new Set(text.split(" ")));
 * equal(found.includes("postgresql") && found.includes("prod"), true);
 * ```
 */
export function otherSpellings(s: Statement, said: Set<string>): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    if (out.length >= MAX_SPELLINGS || said.has(w) || !/^[\p{L}\p{N}]+$/u.test(w)) return;
    said.add(w);
    out.push(w);
  };
  for (const v of s.values) {
    if (v.kind === "tech") (NAMES.get(v.norm) ?? []).slice(0, 3).forEach(add);
  }
  // (Not a word's own plural or singular: the keyword channel reads those already.)
  const other = (w: string) => (x: string) =>
    x !== w && ![`${w}s`, `${w}es`].includes(x) && ![`${x}s`, `${x}es`].includes(w);
  for (const w of [...said]) {
    [SYNONYMS.get(w) ?? w].filter(other(w)).forEach(add);
    (SHORT.get(w) ?? []).filter(other(w)).slice(0, 2).forEach(add);
  }
  return out;
}
