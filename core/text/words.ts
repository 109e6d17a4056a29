/**
 * Words of a statement for comparing statements: its content words (stop words and negations
 * out, a plural `s` dropped), its normalised form for exact duplicates, and the Jaccard
 * overlap of word sets.
 *
 * @module
 */

/** Function words that say nothing about a statement's subject or value. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an and are as at be been but by can could did do does for from had has have how i if in " +
    "into is it its me my of on or our should so than that the their them then there these " +
    "they this to was we were what when where which who why will with would you your about " +
    "all also any both each more most other over same some such just very us user users " +
    "use uses used using").split(" "),
);
/** A word that negates what follows it. */
export const NEGATIONS: RegExp =
  /\b(?:not|never|no|don't|dont|doesn't|doesnt|isn't|isnt|aren't|arent|won't|wont|shouldn't|shouldnt|can't|cannot|avoid|without)\b/i;
/**
 * Content words of a text: lowercased, stopwords and negations out, a trailing plural `s`
 * dropped, deduplicated.
 *
 * @example Usage
 * ```ts
 * import { contentWords } from "./words.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(contentWords("We don't use tabs in the Makefiles"), ["tab", "makefile"]);
 * ```
 */
export function contentWords(text: string): string[] {
  const words =
    text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}_]+(?:['.][\p{L}\p{N}_]+)*/gu) ??
      [];
  const out = new Set<string>();
  for (const word of words) {
    if (STOPWORDS.has(word) || NEGATIONS.test(word)) continue;
    out.add(
      word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word,
    );
  }
  return [...out];
}

/** Normalised text for exact-duplicate checks: case, spacing and end punctuation ignored. */
export function normalised(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").replace(/[.!\s]+$/, "")
    .trim();
}

/**
 * The distinct lower-cased words (letters, digits, `_`) of `text`, for {@linkcode jaccard}.
 *
 * @example Usage
 * ```ts
 * import { wordSet } from "./words.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(wordSet("Use uv, not pip; uv_lock."), new Set(["use", "uv", "not", "pip", "uv_lock"]));
 * ```
 */
export function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
}

/**
 * Jaccard overlap of two word sets: shared over all, in [0,1]; 0 when either is empty.
 *
 * @example Usage
 * ```ts
 * import { jaccard, wordSet } from "./words.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(jaccard(wordSet("a b c"), wordSet("b c d")), 0.5);
 * ```
 */
export function jaccard(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (x.size === 0 || y.size === 0) return 0;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / (x.size + y.size - shared);
}
