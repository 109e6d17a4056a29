/**
 * A statement as the words that carry it, for readings that compare two wordings without a
 * lexicon (`minimal_pair.ts`, `headline.ts`): function words of any language the compare
 * lexicons know are dropped, and each remaining word says whether it is value-shaped: a
 * number (with or without a unit, a sign or a letter: `3.0`, `T+2`, `1.1.1w`, `:8090`,
 * `$5,000`), a code (a path, a key, a quoted or backticked word, an address), or a name (a
 * capitalised word that does not open the statement). Values of those shapes are what one
 * statement sets and another may set otherwise, in any language.
 *
 * @module
 */
import { NEGATIONS } from "../text/words.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import { INTL_STOPWORDS } from "./intl.ts";

/** The shape of a value-shaped word. */
export type Shape = "number" | "code" | "name";

/** A word of a statement as written and compared. */
export interface SurfaceWord {
  /** As written, without surrounding punctuation or quotes. */
  readonly text: string;
  /** For comparison: lowercase, NFKC, a plural `s` of a plain word dropped. */
  readonly key: string;
  /** Its value shape, or null for a plain word. */
  readonly shape: Shape | null;
  /** The function words right before it, lowercase, space-separated ("in the"). */
  readonly before: string;
}

/** Function words: the English list, the other languages' lists, and a few more of both. */
const FUNCTION: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...INTL_STOPWORDS,
  ..."en es son est ist sont sind está estão é è el la le il de del des du da do dos das het een every"
    .split(" "),
]);

/**
 * Phrases that name the writer's own group as the scope ("for the team", "in our team", "for
 * us"): the scope every statement of a strand already has, so they tell nothing apart.
 */
const OWN_GROUP =
  /\b(?:for|in|on|of|within)\s+(?:the|our|this|my)\s+(?:team|squad|group|company|org)\b|\bfor us\b/giu;

/** Surrounding punctuation a word sheds (a trailing `.`, a quote, a bracket). */
const EDGES = /^[("'“‘«[{]+|[)"'”’»\]},.;:!?]+$/gu;

/** Ids: `PROJ-123`, `CVE-2023-44487`, `#812`, `!845`, `GH-12`. */
const ID = /^(?:\p{Lu}[\p{Lu}\d]*(?:-\d+)+|[#!]\d+)$/u;

/** Whether `word` is an id (a ticket, an issue, an advisory, a merge request). */
export function isId(word: string): boolean {
  return ID.test(word);
}

/** Whether `raw` (a word with its punctuation) is value-shaped, and how. */
function shapeOf(raw: string, word: string, first: boolean): Shape | null {
  // An id names a thing (a ticket, an issue, an advisory, a merge request), it is no value.
  if (ID.test(word)) return null;
  if (/\d/u.test(word)) return "number";
  if (/^[`"'“‘]/u.test(raw) || /[/_=@#~]/u.test(word) || /^\.\w/u.test(word)) return "code";
  if (!first && /^\p{Lu}/u.test(word) && /\p{Ll}/u.test(word)) return "name";
  if (!first && /^\p{Lu}{2,}$/u.test(word)) return "name";
  return null;
}

/** The key a word is compared by. */
function keyOf(word: string): string {
  const lower = word.normalize("NFKC").toLowerCase();
  return /^\p{L}{4,}s$/u.test(lower) && !lower.endsWith("ss") ? lower.slice(0, -1) : lower;
}

/**
 * The words of `text` that carry it, in order: function words, negations aside, are dropped;
 * a negation stays as a plain word (it is never a value and never a function word).
 */
export function surfaceWords(text: string): readonly SurfaceWord[] {
  const hit = CACHE.get(text);
  if (hit) return hit;
  const out = read(text);
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  CACHE.set(text, out);
  return out;
}

/** Statements read lately: the sweep compares each with many neighbours. */
const CACHE = new Map<string, readonly SurfaceWord[]>();
const CACHE_LIMIT = 4_096;

/** {@linkcode surfaceWords}, uncached. */
function read(text: string): SurfaceWord[] {
  const out: SurfaceWord[] = [];
  const raws = text.replace(OWN_GROUP, " ").split(/[\s,]+/u).filter(Boolean);
  let before: string[] = [];
  raws.forEach((raw, i) => {
    const word = raw.replace(EDGES, "");
    if (!word) return;
    const lower = word.normalize("NFKC").toLowerCase();
    if (FUNCTION.has(lower) && !NEGATIONS.test(lower)) {
      before.push(lower);
      return;
    }
    const shape = shapeOf(raw, word, i === 0);
    out.push({ text: word, key: keyOf(word), shape, before: before.join(" ") });
    before = [];
  });
  return out;
}

/** Whether `text` holds a value-shaped word after its first (a statement that may set one). */
export function hasSurfaceValue(text: string): boolean {
  return surfaceWords(text).some((w, i) => i > 0 && w.shape !== null);
}

/** Whether two shapes can be values of one attribute (a code may be written as a name). */
export function sameShape(a: Shape, b: Shape): boolean {
  return a === b || a !== "number" && b !== "number";
}
