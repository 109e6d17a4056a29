/**
 * The tokens of a statement, remembered: the change readings (`slot_change.ts`,
 * `modifiers.ts`, `own_subject.ts`, `acronyms.ts`, `upgrade.ts`) read the tokens of the same
 * few texts once per neighbour, and a write compares itself with about ten.
 *
 * @module
 */
import { type Token, tokenize } from "./tokens.ts";

const CACHE_LIMIT = 4_096;
const cache = new Map<string, readonly Token[]>();

/**
 * {@linkcode tokenize}, remembered (the tokens are shared: do not change them).
 *
 * @example Usage
 * ```ts
 * import { tokensFor } from "./cached_tokens.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(tokensFor("Billing uses Postgres"), tokensFor("Billing uses Postgres"));
 * ```
 */
export function tokensFor(text: string): readonly Token[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const tokens = tokenize(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, tokens);
  return tokens;
}
