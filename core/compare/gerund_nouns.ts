/**
 * A word in -ing after a determiner is a noun, not an act: "the pricing page", "our testing
 * budget", "a tracking pixel". A cue word of proposing or trying ("pricing", "evaluating",
 * "experimenting") then says nothing of the statement's mood: "Free tier is 3 seats as of the
 * pricing refresh" states a fact. The determiners are a closed class.
 *
 * @module
 */
import type { Token } from "./tokens.ts";

/** Determiners and possessives: what stands before a noun, never before a verb. */
const DETERMINER =
  /^(?:the|a|an|our|their|its|his|her|my|your|this|that|these|those|each|every|new|last|latest)$/;

/**
 * Whether the token at `i` is an -ing word used as a noun (a determiner before it).
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { gerundNoun } from "./gerund_nouns.ts";
 * import { equal } from "node:assert/strict";
 *
 * const tokens = tokenize("see the pricing page, we are pricing vendors");
 * equal(gerundNoun(tokens, 2), true);
 * equal(gerundNoun(tokens, 7), false);
 * ```
 */
export function gerundNoun(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i];
  return !!t && /ing$/.test(t.lower) && DETERMINER.test(tokens[i - 1]?.lower ?? "");
}
