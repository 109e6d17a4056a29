/**
 * A statement that opens with a scope ("In docker-compose, postgres is exposed on 5433",
 * "Inside the cluster postgres is on 5432", "On weekends, the pager goes to Sam") says what
 * holds there: when the other side does not say that scope, the two are about two places or
 * times, not one subject with two values.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";

/** Prepositions that open a scope at the head of a statement. */
const OPENING = /^(?:in|inside|within|on|under|for|outside|during|at|behind)$/;

/** How many words of the scope are read (to a comma, the clause end or a value). */
const REACH = 3;

/**
 * Whether `s` opens with a scope of which `other` says no word.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { openingScope } from "./opening_scope.ts";
 * import { equal } from "node:assert/strict";
 *
 * const read = (text: string) => readStatement(text);
 * equal(openingScope(read("In the test suite, redis runs on 6380."), read("Redis runs on 6379.")), true);
 * equal(openingScope(read("In staging, redis runs on 6380."), read("Staging redis runs on 6379.")), false);
 * ```
 */
export function openingScope(s: Statement, other: Statement): boolean {
  const tokens = tokensFor(s.text);
  if (!OPENING.test(tokens[0]?.lower ?? "")) return false;
  const inValue = (k: number) => s.values.some((v) => v.start <= k && k < v.end);
  const words: string[] = [];
  for (let k = 1; k <= REACH && k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === "punct" || t.clause !== tokens[0]!.clause || inValue(k)) break;
    words.push(...(t.lower.includes("-") ? [t.lower] : []), ...termsOf(t.lower));
  }
  return words.length > 0 && !words.some((w) => other.words.has(w));
}
