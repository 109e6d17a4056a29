/**
 * The stop-word list: English function words that say nothing about what a text is about.
 * {@linkcode STOPWORDS} is the one list; a consumer that needs a different one takes a named
 * variant below, built from it (an extension adds words, a subset keeps some and is checked
 * against the list), so every variant says how and why it differs.
 *
 * @module
 */

/** The words of a space-separated list. */
function list(words: string): string[] {
  return words.split(" ");
}

/** `base` plus `more`. */
function extend(base: ReadonlySet<string>, more: string): ReadonlySet<string> {
  return new Set([...base, ...list(more)]);
}

/** The words of `words` that are in `base`; a word outside it is a programming error. */
function subset(base: ReadonlySet<string>, words: string): ReadonlySet<string> {
  const out = list(words);
  const stray = out.filter((word) => !base.has(word));
  if (stray.length) throw new RangeError(`Cannot build a stop-word subset: ${stray} not listed`);
  return new Set(out);
}

/**
 * The stop-word list: pronouns, articles, auxiliaries, prepositions, conjunctions and
 * question words.
 *
 * @example Usage
 * ```ts
 * import { STOPWORDS } from "./stopwords.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(STOPWORDS.has("the"), true);
 * equal(STOPWORDS.has("postgres"), false);
 * ```
 */
export const STOPWORDS: ReadonlySet<string> = new Set(list(
  "a an and are as at be been but by can could did do does for from had has have how i if in " +
    "into is it its me my of on or our should so than that the their them then there these " +
    "they this to was we were what when where which who why will with would you your about " +
    "all also any both each more most other over same some such just very us",
));

/**
 * Comparing two statements ({@linkcode STOPWORDS} plus "user" and "use" in their forms):
 * nearly every memory says the user uses something, so these words tell no two apart.
 */
export const STATEMENT_STOPWORDS: ReadonlySet<string> = extend(
  STOPWORDS,
  "user users use uses used using",
);

/**
 * Keyword (FTS5) queries ({@linkcode STOPWORDS} plus negations and words of time and
 * quantity): in a question they match too many memories to help bm25 rank.
 */
export const QUERY_STOPWORDS: ReadonlySet<string> = extend(
  STOPWORDS,
  "no not after before being few only own now",
);

/**
 * Memory id slugs: a short subset of {@linkcode STOPWORDS} (a slug keeps words such as
 * "over" or "about" that carry its meaning), plus negations, "always"/"never" and "use"/"uses",
 * which open most rules without naming their subject. Changing it changes the ids of new
 * memories.
 */
export const SLUG_STOPWORDS: ReadonlySet<string> = new Set([
  ...subset(
    STOPWORDS,
    "a an the and or but of to in on at for with by from is are was were be been it its this " +
      "that we i you our my as do does did so if then than should when",
  ),
  ...list("not no always never use uses"),
]);

/**
 * The words redaction skips when it reads the words just before a token (`the new token …`):
 * a subset of {@linkcode STOPWORDS}, articles, copulas and the prepositions that join a
 * name to its value.
 */
export const LOOKBACK_STOPWORDS: ReadonlySet<string> = subset(
  STOPWORDS,
  "is was the a an of for to and with are be",
);
