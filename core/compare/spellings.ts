/**
 * The other spellings of a statement's words, for finding its neighbours by keywords: a
 * memory that names the same subject in other words shares none of them ("Prod runs
 * PostgreSQL 15.4" / "production postgres is 14.11"), and the keyword channel would not find
 * it for the comparison to see. Spellings come from the lexicon's synonyms both ways (`prod`
 * ⇄ `production`), the short forms of names (`postgres` ⇄ `postgresql`, `tf` ⇄ `terraform`)
 * and the words of one meaning of `same_names.ts` (`staff` ⇄ `employees`).
 *
 * @module
 */
import { SYNONYMS } from "./lexicon.ts";
import { SHORT } from "./names_key.ts";
import { sameMeaning } from "./same_names.ts";

/** Every spelling per canonical word: the canonical word and the words read as it. */
const BY_CANONICAL: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = out.get(to) ?? [to];
    if (!list.includes(from)) list.push(from);
    out.set(to, list);
  };
  for (const [from, to] of SYNONYMS) add(from, to);
  for (const [from, to] of SHORT) add(from, to);
  return out;
})();

/** The other spellings of one lowercase word. */
function spellingsOf(lower: string): readonly string[] {
  const canonical = SYNONYMS.get(lower) ?? SHORT.get(lower) ?? lower;
  const all = new Set([...(BY_CANONICAL.get(canonical) ?? []), ...sameMeaning(lower)]);
  all.delete(lower);
  // An inflection ("metrics" / "metric") is one word to the keyword index's stemmer already.
  const inflected = (w: string) =>
    (w.startsWith(lower) || lower.startsWith(w)) && Math.abs(w.length - lower.length) <= 3;
  return [...all].filter((w) => /^[\p{L}\p{N}]+$/u.test(w) && !inflected(w));
}

/**
 * Up to `max` other spellings of the words of `text` that it does not already say.
 *
 * @example Usage
 * ```ts
 * import { otherSpellings } from "./spellings.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(otherSpellings("production postgres is 14.11", 8).includes("prod"), true);
 * ```
 */
export function otherSpellings(text: string, max: number): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const said = new Set(words);
  const out: string[] = [];
  for (const w of words) {
    for (const s of spellingsOf(w)) {
      if (out.length >= max) return out;
      if (!said.has(s)) {
        said.add(s);
        out.push(s);
      }
    }
  }
  return out;
}
