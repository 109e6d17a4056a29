/**
 * Comparing two statements word by word: what they share, what differs, whether the
 * difference is a value in the same slot ("billing uses SQLite" / "billing uses Postgres")
 * and whether one negates the other. Consolidation decides on it; the lifecycle worker's
 * contradiction sweep applies {@linkcode contradicts} to stored pairs.
 *
 * @module
 */
import type { Neighbour } from "../store/neighbours.ts";
import { contentWords, jaccard, NEGATIONS, words, wordsAt } from "../text/words.ts";

/** Share of shared content words (Jaccard) at or above which two memories share a subject. */
export const SUBJECT_OVERLAP = 0.3;
/**
 * Most differing words on each side for "the same statement with another value": one, so
 * "the api service runs on port 3000" and "the web service runs on port 4000" (two subjects,
 * two values) are not flagged, while "… on port 4000" against "… on port 3000" is.
 */
export const MAX_VALUE_WORDS = 1;

/** A neighbour compared with the candidate, word by word. */
export interface Comparison {
  readonly neighbour: Neighbour;
  /** Shared content words over all content words (Jaccard). */
  readonly overlap: number;
  /** Content words only the neighbour has. */
  readonly onlyOld: readonly string[];
  /** Content words only the candidate has. */
  readonly onlyNew: readonly string[];
  /**
   * Whether the two differ in one word at the same place in the latter half of the
   * statement — the value, not the subject: "billing uses SQLite" / "billing uses Postgres",
   * but not "service alpha owns its schema" / "service beta owns its schema".
   */
  readonly valueSlot: boolean;
  /** Whether a differing word is a value: it has a digit, or either text capitalises it. */
  readonly valuesDiffer: boolean;
  /** Whether both start with the same content word (their subject, usually). */
  readonly sameSubject: boolean;
  /** Whether one negates what the other states ("we use tabs" / "we don't use tabs"). */
  readonly polarityDiffers: boolean;
}

/**
 * Compares the candidate's content with a neighbour's, word by word.
 *
 * @example Usage
 * ```ts
 * import { compare } from "./statements.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const c = compare("Billing uses SQLite", { id: "m", type: "fact", status: "active", content: "Billing uses Postgres" });
 * deepEqual([c.onlyOld, c.onlyNew], [["postgre"], ["sqlite"]]);
 * equal(c.polarityDiffers, false);
 * ```
 */
export function compare(content: string, neighbour: Neighbour): Comparison {
  const freshOrder = contentWords(content);
  const oldOrder = contentWords(neighbour.content);
  const fresh = new Set(freshOrder);
  const old = new Set(oldOrder);
  const freshNegated = negatedWords(content);
  const oldNegated = negatedWords(neighbour.content);
  const onlyOld = [...old].filter((w) => !fresh.has(w));
  const onlyNew = [...fresh].filter((w) => !old.has(w));
  const slot = freshOrder.indexOf(onlyNew[0]!);
  return {
    neighbour,
    // Two statements without a content word say the same nothing.
    overlap: fresh.size + old.size === 0 ? 1 : jaccard(fresh, old),
    onlyOld,
    onlyNew,
    sameSubject: freshOrder[0] !== undefined && freshOrder[0] === oldOrder[0],
    valuesDiffer: valuesDiffer(onlyNew, onlyOld, content, neighbour.content),
    valueSlot: onlyNew.length === MAX_VALUE_WORDS && onlyOld.length === MAX_VALUE_WORDS &&
      freshOrder.length === oldOrder.length && slot === oldOrder.indexOf(onlyOld[0]!) &&
      slot >= Math.ceil(freshOrder.length / 2),
    polarityDiffers: negates(freshNegated, old, oldNegated) ||
      negates(oldNegated, fresh, freshNegated),
  };
}

/** Whether a differing word is a number or a name (capitalised in either text). */
function valuesDiffer(
  onlyNew: readonly string[],
  onlyOld: readonly string[],
  fresh: string,
  old: string,
): boolean {
  const differing = [...onlyNew, ...onlyOld];
  if (differing.length === 0) return false;
  if (differing.some((word) => /\d/.test(word))) return true;
  const names = new Set([...capitalisedWords(fresh), ...capitalisedWords(old)]);
  return differing.some((word) => names.has(word));
}

/**
 * The content words `text` writes with a capital letter anywhere but at its very start
 * (names, products: "Postgres", "SQLite", "Alice").
 */
function capitalisedWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const { word, index } of wordsAt(text)) {
    if (index === 0 || !/\p{Lu}/u.test(word)) continue;
    for (const content of contentWords(word)) out.add(content);
  }
  return out;
}

/** Content words within three words after a negation ("don't use tabs" → tab). */
function negatedWords(text: string): Set<string> {
  const all = words(text);
  const negated = new Set<string>();
  all.forEach((word, i) => {
    if (!NEGATIONS.test(word)) return;
    for (const next of all.slice(i + 1, i + 4)) {
      for (const w of contentWords(next)) negated.add(w);
    }
  });
  return negated;
}

/** Whether `a` negates a word `b` states plainly. */
function negates(a: ReadonlySet<string>, b: ReadonlySet<string>, bNegated: ReadonlySet<string>) {
  for (const word of a) if (b.has(word) && !bNegated.has(word)) return true;
  return false;
}

/**
 * Whether `content` and `neighbour` contradict each other: the same statement with another
 * value or the opposite polarity — the test a write applies to its neighbours, for callers
 * that compare two stored memories (the lifecycle worker's contradiction sweep).
 *
 * @example Usage
 * ```ts
 * import { contradicts } from "./statements.ts";
 * import { equal } from "node:assert/strict";
 *
 * const old = { id: "mem_a", type: "fact" as const, status: "active" as const, content: "The api runs on port 3000." };
 * equal(contradicts("The api runs on port 4000.", old), true);
 * equal(contradicts("The api has a health check.", old), false);
 * ```
 */
export function contradicts(content: string, neighbour: Neighbour): boolean {
  return conflicts(compare(content, neighbour));
}

/**
 * The same statement with another value or the opposite polarity: most words shared, a few
 * differing on both sides (or none but a negation).
 */
export function conflicts(c: Comparison): boolean {
  if (c.polarityDiffers) {
    return c.onlyNew.length <= MAX_VALUE_WORDS && c.onlyOld.length <= MAX_VALUE_WORDS;
  }
  return c.overlap >= SUBJECT_OVERLAP && c.valueSlot;
}
