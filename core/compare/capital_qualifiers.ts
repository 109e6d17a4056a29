/**
 * A qualifier written in capitals that, written in lowercase, is a function word: "US" is the
 * United States, "us" the pronoun; "NA" North America, "na" nothing. Capitals mark the name,
 * so "US customers are served from Oregon" is scoped to a region as "EU customers …" is. The
 * qualifier words come from the lexicon (`lexicon.ts`), not from a list here.
 *
 * @module
 */
import { QUALIFIERS } from "./lexicon.ts";

/**
 * The qualifier term a word written all in capitals names, or null.
 *
 * @example Usage
 * ```ts
 * import { capitalQualifier } from "./capital_qualifiers.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(capitalQualifier("US"), { term: "us", kind: "region" });
 * equal(capitalQualifier("us"), null);
 * equal(capitalQualifier("Us"), null);
 * ```
 */
export function capitalQualifier(text: string): { term: string; kind: string } | null {
  if (text.length < 2 || !/^\p{Lu}+$/u.test(text)) return null;
  const lower = text.toLowerCase();
  const kind = QUALIFIERS.get(lower);
  return kind ? { term: lower, kind } : null;
}
