/**
 * What a question asks for, read off its wording: "how do I…" wants a procedure, "why did
 * we…" a decision (or the episode behind it), "who owns…" an entity, "what do I prefer…" a
 * preference, "what broke…" an episode, "can I…/is it okay to…" a rule. A memory of a wanted
 * type has its score multiplied by the intent's factor, shown in its explanation.
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";

/** A recognized intent and the types it favours. */
export interface Intent {
  /** Short name for explanations: `how-to`, `why`, `who`, `preference`, `incident`, `rule`. */
  readonly name: string;
  /** Score factor per favoured type. */
  readonly types: Readonly<Partial<Record<MemoryType, number>>>;
}

/** How much a favoured type's score is raised. */
export const INTENT_BOOST = 1.15;
const MILD = 1.07;

const INTENTS: ReadonlyArray<Intent & { readonly pattern: RegExp }> = [
  {
    name: "how-to",
    pattern:
      /^\s*(how (do|can|should|would|to) (i|we|you|one)\b|how to\b|what are the steps|steps to\b|walk me through|what'?s the (process|procedure)\b)/i,
    types: { procedure: INTENT_BOOST, snippet: MILD },
  },
  {
    name: "why",
    pattern: /\bwhy\b|\bwhat (made|led) us\b|\breason(s)? (for|we|behind)\b/i,
    types: { decision: INTENT_BOOST, episode: MILD },
  },
  {
    name: "who",
    pattern: /^\s*who\b|\bwho (owns|maintains|runs|leads|knows|is responsible|should i)\b/i,
    types: { entity: INTENT_BOOST },
  },
  {
    name: "preference",
    pattern:
      /\b(prefer|prefers|preferred|preference|preferences|likes|would (he|she|they) like)\b/i,
    types: { preference: INTENT_BOOST },
  },
  {
    name: "incident",
    pattern:
      /\b(broke|broken|went wrong|crash(ed)?|incident|outage|post-?mortem|what happened|failed|failure|stalled)\b/i,
    types: { episode: INTENT_BOOST },
  },
  {
    name: "rule",
    pattern:
      /\b(is it (ok|okay|fine|allowed|safe)|am i allowed|are we allowed|can i|may i|should i( ever)?|must i|is .* allowed)\b/i,
    types: { convention: INTENT_BOOST },
  },
];

/**
 * The intents of `query`, merged: each favoured type with the largest factor any intent gives.
 * Null when the wording asks for no type in particular.
 *
 * @example Usage
 * ```ts
 * import { intentOf } from "./intent.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(intentOf("how do I rotate the webhook secret?")?.name, "how-to");
 * equal(intentOf("which database does billing use?"), null);
 * ```
 */
export function intentOf(query: string): Intent | null {
  const found = INTENTS.filter((intent) => intent.pattern.test(query));
  if (found.length === 0) return null;
  const types: Partial<Record<MemoryType, number>> = {};
  for (const intent of found) {
    for (const [type, factor] of Object.entries(intent.types) as [MemoryType, number][]) {
      types[type] = Math.max(types[type] ?? 1, factor);
    }
  }
  return { name: found.map((i) => i.name).join("+"), types };
}
