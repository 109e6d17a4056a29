/**
 * A candidate's explanation (`Explanation`): every channel's rank and raw value, matched
 * tokens, the fused score, the graph path, decay, the factors before and after
 * normalization, the salience and status multipliers, and its reinforcement state.
 *
 * @module
 */
import { iso } from "../store/records.ts";
import { round } from "./order.ts";
import type { Candidate } from "./rank.ts";
import type { Explanation } from "./search_types.ts";

/** The explanation of a scored candidate (numbers rounded to six places). */
export function explanationOf(c: Candidate): Explanation {
  return {
    channels: c.channels,
    ...(c.matchedTokens ? { matchedTokens: c.matchedTokens } : {}),
    ...(c.archivedFallback ? { archivedFallback: true as const } : {}),
    ...(c.partialTokens ? { partialTokens: c.partialTokens } : {}),
    ...(c.expandedBy ? { expandedBy: c.expandedBy } : {}),
    ...(c.feedbackTerms ? { feedbackTerms: c.feedbackTerms } : {}),
    ...(c.intent ? { intent: c.intent } : {}),
    ...(c.period ? { period: c.period } : {}),
    ...(c.belowSuccessor ? { belowSuccessor: c.belowSuccessor } : {}),
    ...(c.successorOf ? { successorOf: c.successorOf } : {}),
    fused: round(c.fused),
    ...(c.graphPath ? { graphPath: c.graphPath } : {}),
    decay: round(c.decay),
    factors: {
      relevance: round(c.relevance),
      recency: round(c.decay),
      importance: c.record.importance,
      normalized: {
        relevance: round(c.normalized.relevance),
        recency: round(c.normalized.recency),
        importance: round(c.normalized.importance),
      },
    },
    salienceFactor: round(c.modifier),
    statusFactor: c.statusFactor,
    score: round(c.score),
    reinforcement: {
      accessCount: c.record.accessCount,
      lastAccessAt: iso(c.record.lastAccessAt),
      ef: c.record.ef,
    },
  };
}
