/**
 * Acronyms and what they stand for: "RLS is off on the tenants table" and "enabled row level
 * security on tenants" name one thing, so do "the Great Expectations suites" and "the GE
 * suites". When one statement writes a word in capitals (2 to 5 letters) and the other writes
 * words whose initials spell it, the words are read as the acronym: their subject words become
 * the acronym's, so the two statements share a subject word rather than each having their own.
 *
 * @module
 */
import type { Statement, Term } from "./claims.ts";
import { termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";

const CAPITALS = /\b[A-Z]{2,5}s?\b/;

const ACRONYMS = new Map<string, readonly string[]>();

/** The acronyms a statement writes in capitals ("RLS", "GE"), lowercase (remembered). */
function acronyms(s: Statement): readonly string[] {
  const hit = ACRONYMS.get(s.text);
  if (hit) return hit;
  const found = !CAPITALS.test(s.text) ? [] : tokensFor(s.text)
    .filter((t) => t.kind === "word" && /^[A-Z]{2,5}s?$/.test(t.text))
    .map((t) => t.lower.replace(/s$/, (m) => (t.text.endsWith("s") ? "" : m)));
  if (ACRONYMS.size >= 4_096) ACRONYMS.clear();
  ACRONYMS.set(s.text, found);
  return found;
}

/** `s` with the words of `acronym` spelled out read as the acronym, or null when it has none. */
function spelled(s: Statement, acronym: string): Statement | null {
  const tokens = tokensFor(s.text);
  for (let i = 0; i + acronym.length <= tokens.length; i++) {
    const run = tokens.slice(i, i + acronym.length);
    if (run.some((t, k) => t.kind !== "word" || t.lower[0] !== acronym[k])) continue;
    const gone = new Set(run.flatMap((t) => termsOf(t.lower)));
    const terms: Term[] = [
      ...s.terms.filter((t) => !gone.has(t.term)),
      { term: acronym, kind: "strong" },
    ];
    return { ...s, terms, words: new Set([...s.words, acronym]) };
  }
  return null;
}

/**
 * The two statements with spelled-out acronyms read as the acronym the other writes (see the
 * module doc); the same statements when neither spells out the other's.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { withAcronyms } from "./acronyms.ts";
 * import { equal } from "node:assert/strict";
 *
 * const [a] = withAcronyms(readStatement("enabled row level security on tenants"), readStatement("RLS is off"));
 * equal(a.words.has("rls"), true);
 * ```
 */
export function withAcronyms(a: Statement, b: Statement): [Statement, Statement] {
  const [ofA, ofB] = [acronyms(a), acronyms(b)];
  // Most statements write no word in capitals: nothing to spell out.
  if (ofA.length === 0 && ofB.length === 0) return [a, b];
  let [x, y] = [a, b];
  for (const acronym of ofB) {
    if (!a.words.has(acronym)) x = spelled(x, acronym) ?? x;
  }
  for (const acronym of ofA) {
    if (!b.words.has(acronym)) y = spelled(y, acronym) ?? y;
  }
  return [x, y];
}
