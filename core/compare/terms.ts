/**
 * Subject words: a word as the comparison of subjects sees it — its synonym (`db` →
 * `database`), then a light stem (`styled`/`styling` → `styl`) — or nothing when it is a
 * function word or a soft word (`uses`, `runs on`, `we`).
 *
 * @module
 */
import attributesJson from "./lexicon/attributes.json" with { type: "json" };
import choicesJson from "./lexicon/choices.json" with { type: "json" };
import { SOFT, SYNONYMS } from "./lexicon.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import { INTL_STOPWORDS, unelided } from "./intl.ts";

/** Two words of one root: both of five letters or more, the first five the same ("brazil" / "brazilian"). */
export function sharesRoot(a: string, b: string): boolean {
  return a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5);
}

/**
 * A light stem: plural and verb endings off (`caches`, `cached`, `caching` → `cach`).
 *
 * @example Usage
 * ```ts
 * import { stem } from "./terms.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(stem("styled"), stem("styling"));
 * equal(stem("notifications"), stem("notification"));
 * ```
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) {
    w = w.slice(0, -1);
  }
  const before = w;
  // "coordination" is what is "coordinated": both `coordinat`.
  if (w.length > 7 && w.endsWith("ation")) return w.slice(0, -3);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  // "tagged" → "tag", "planned" → "plan" (but "called" stays "call").
  if (w !== before && /([b-df-hj-km-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) {
    w = w.slice(0, -1);
  }
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** The synonym of a lowercase word, or the word. */
export function synonym(lower: string): string {
  return SYNONYMS.get(lower) ?? lower;
}

const SOFT_STEMS: ReadonlySet<string> = new Set([...SOFT].map(stem));

/** Whether a lowercase word says nothing about a subject (`caps` as `cap`, `hosted` as `host`). */
export function isSoft(lower: string): boolean {
  return STOPWORDS.has(lower) || INTL_STOPWORDS.has(lower) || SOFT.has(lower) ||
    SOFT.has(synonym(lower)) ||
    /^[a-z]+$/.test(lower) && SOFT_STEMS.has(stem(lower));
}

/**
 * The subject terms of one lowercase word: none for a soft word, the stem of its synonym,
 * or the stems of the parts of a hyphenated or snake_case word (`crm-sync` → `crm`, `sync`).
 */
export function termsOf(lower: string): string[] {
  const hit = TERMS.get(lower);
  if (hit) return hit;
  const found = readTerms(lower);
  if (TERMS.size >= 20_000) TERMS.clear();
  TERMS.set(lower, found);
  return found;
}

/** {@linkcode termsOf}, remembered: a strand repeats its words. */
const TERMS = new Map<string, string[]>();

function readTerms(lower: string): string[] {
  const word = unelided(lower).replace(/'s$/, "");
  if (SYNONYMS.has(word)) return isSoft(word) ? [] : [stem(synonym(word))];
  // The parts of a hyphenated or snake_case name are all name: "returns-api" keeps "returns",
  // "refresh_interval" is a refresh interval.
  if (/^[a-z]+(?:[-_][a-z]+)+$/.test(word)) {
    return word.split(/[-_]/).filter((w) => !STOPWORDS.has(w)).map((w) => stem(synonym(w)));
  }
  if (isSoft(word) || !/\p{L}/u.test(word)) return [];
  return [stem(synonym(word))];
}

/** Attribute words per slot key or prefix, as written in the lexicon. */
const ATTRIBUTE_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(attributesJson).filter(([k]) => !k.startsWith("$")) as [string, string[]][],
);

/** The words that name `slot`'s attribute, as written (for finding memories about it). */
export function attributeWords(slot: string): readonly string[] {
  return ATTRIBUTE_WORDS.get(slot) ?? [];
}

/** Attribute words per slot key or prefix, as terms; a choice's are the words it needs. */
const ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [
    ...Object.entries(attributesJson).filter(([k]) => !k.startsWith("$")),
    ...Object.entries(choicesJson).filter(([k]) => !k.startsWith("$")).map((
      [k, c],
    ) => [`choice:${k}`, [...(c as { needs?: string[] }).needs ?? [], ...k.split(" ")]]),
  ].map((
    [k, list],
  ) => [k as string, new Set((list as string[]).flatMap((w) => [stem(synonym(w)), stem(w)]))]),
);

/** The attribute words of `slot` (its own, and its prefix's: `count`, `version`, `role`). */
export function attributeTerms(slot: string): ReadonlySet<string> {
  const own = ATTRIBUTES.get(slot);
  const prefix = ATTRIBUTES.get(slot.split(":")[0]!);
  if (!own) return prefix ?? new Set();
  if (!prefix) return own;
  return new Set([...own, ...prefix]);
}
