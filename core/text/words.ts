/**
 * Words of a statement, for comparing statements: the one word tokenizer ({@linkcode words}),
 * content words (stop words and negations out, a plural `s` dropped), the normalised form for
 * exact duplicates, and the one Jaccard overlap of word sets. Sentence shaping (surface words
 * with their paths and versions, for counting) is `sentences.ts`.
 *
 * @module
 */
import { STATEMENT_STOPWORDS } from "./stopwords.ts";

/** A word: letters, digits and `_`, joined by an inner apostrophe or dot (`don't`, `v1.2`). */
const WORD = /[\p{L}\p{N}_]+(?:['.][\p{L}\p{N}_]+)*/gu;

/** A word that negates what follows it. */
export const NEGATIONS: RegExp =
  /\b(?:not|never|no|don't|dont|doesn't|doesnt|isn't|isnt|aren't|arent|won't|wont|shouldn't|shouldnt|can't|cannot|avoid|without)\b/i;

/**
 * The words of `text` as written, with their offsets (for callers that need the case).
 *
 * @example Usage
 * ```ts
 * import { wordsAt } from "./words.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(wordsAt("Use Node.js"), [{ word: "Use", index: 0 }, { word: "Node.js", index: 4 }]);
 * ```
 */
export function wordsAt(text: string): { word: string; index: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], index: m.index }));
}

/**
 * The tokenizer: the words of `text`, NFKC-normalised and lowercased, in order.
 *
 * @example Usage
 * ```ts
 * import { words } from "./words.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(words("We don't use v1.2, ok?"), ["we", "don't", "use", "v1.2", "ok"]);
 * ```
 */
export function words(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
}

/**
 * Content words of a text: its {@linkcode words} without stop words and negations, a
 * trailing plural `s` dropped, deduplicated.
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
  return [...contentWordForms(text).keys()];
}

/**
 * The content words of a text as {@linkcode contentWords} keys them (a trailing `s` dropped),
 * each with the word as written, for display: the key `postgre` must never be shown for
 * `postgres`. When a key is written several ways, the shortest form is kept.
 *
 * @example Usage
 * ```ts
 * import { contentWordForms } from "./words.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual([...contentWordForms("Postgres charges and a charge")], [
 *   ["postgre", "postgres"],
 *   ["charge", "charge"],
 * ]);
 * ```
 */
export function contentWordForms(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of words(text)) {
    if (STATEMENT_STOPWORDS.has(word) || NEGATIONS.test(word)) continue;
    const key = word.length > 3 && word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;
    const seen = out.get(key);
    if (seen === undefined || word.length < seen.length) out.set(key, word);
  }
  return out;
}

/**
 * How many content words two texts share.
 *
 * @example Usage
 * ```ts
 * import { sharedWords } from "./words.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(sharedWords("A trip to Japan with Maya", "Maya booked the trips"), 2);
 * ```
 */
export function sharedWords(a: string, b: string): number {
  const mine = new Set(contentWords(a));
  return contentWords(b).filter((word) => mine.has(word)).length;
}

/** Normalised text for exact-duplicate checks: case, spacing and end punctuation ignored. */
export function normalised(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").replace(/[.!\s]+$/, "")
    .trim();
}

/**
 * The distinct {@linkcode words} of `text`, for {@linkcode jaccard}.
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
  return new Set(words(text));
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
