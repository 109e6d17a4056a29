/**
 * Importance 1–10 by heuristic, with no model: the memory type sets a base (conventions,
 * decisions and identity high, episodes lower), and cue words, decisions, errors with their
 * fixes, named entities and high-stakes words move it; chatter and bare acknowledgements
 * sink it. Deterministic, so it can be cached by content and type (`importance.ts`).
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import { IMPORTANCE_MAX, IMPORTANCE_MIN } from "../model/types.ts";
import { DECISION_CUES, ERROR_CUES, FIX_CUES, matchingCues, MEMORY_CUES } from "./cues.ts";
import { isAcknowledgement, isChatter } from "./chatter.ts";
import { findEntities } from "./entities.ts";
import { wordCount } from "../text/sentences.ts";

/** What importance looks at: a candidate (or any part of one), or plain text. */
export interface ImportanceInput {
  readonly content: string;
  readonly type?: MemoryType;
  /** Entities, when already extracted (found in the content otherwise). */
  readonly entities?: readonly string[];
  /** Trigger patterns: a negative memory (a warning) rates higher. */
  readonly triggers?: readonly string[];
  /** Procedure steps. */
  readonly steps?: readonly string[];
}

/** Base importance per type; plain text without a type starts at {@linkcode TEXT_BASE}. */
export const TYPE_BASE: Readonly<Record<MemoryType, number>> = {
  identity: 7,
  convention: 7,
  decision: 7,
  preference: 6,
  procedure: 6,
  project: 6,
  entity: 5,
  snippet: 5,
  fact: 5,
  episode: 4,
  profile: 8,
};

/** Base importance of untyped text. */
export const TEXT_BASE = 4;

const HIGH_STAKES =
  /\b(?:prod(?:uction)?|secrets?|passwords?|credentials?|security|data loss|customers?|outage|incident|payments?|billing|migrations?|backups?|irreversible|destructive|force[- ]push)\b/i;

/**
 * Rates how important a memory is, 1 (mundane) to 10 (pivotal). `signals` are the gate's
 * (`cue:*`, `decision:*`, `error:*`, `fix:fix`, `chatter`, `ack`, `duplicate`, `explicit`);
 * each feature counts once whether it comes from the text or from a signal.
 *
 * @example Usage
 * ```ts
 * import { importance } from "./importance_rules.ts";
 * import { ok } from "node:assert/strict";
 *
 * const rule = importance({ type: "convention", content: "Never force-push to main." });
 * const chatter = importance("Let me look at that file.");
 * ok(rule >= 8 && chatter <= 2);
 * ```
 */
export function importance(
  candidateOrText: string | ImportanceInput,
  signals: readonly string[] = [],
): number {
  const input = typeof candidateOrText === "string"
    ? { content: candidateOrText }
    : candidateOrText;
  const text = input.content;
  const has = (prefix: string) => signals.some((s) => s === prefix || s.startsWith(`${prefix}:`));

  let score = input.type ? TYPE_BASE[input.type] : TEXT_BASE;
  const cues = new Set(matchingCues(text, MEMORY_CUES));
  for (const signal of signals) if (signal.startsWith("cue:")) cues.add(signal.slice(4));
  score += Math.min(2, cues.size);
  if (
    input.type !== "decision" && (matchingCues(text, DECISION_CUES).length > 0 || has("decision"))
  ) score += 1;
  const failing = matchingCues(text, ERROR_CUES).length > 0 || has("error");
  const fixed = matchingCues(text, FIX_CUES).includes("fix") || signals.includes("fix:fix");
  if (failing) score += 0.5;
  if (fixed) score += 1;
  if ((input.triggers?.length ?? 0) > 0) score += 1;
  if ((input.steps?.length ?? 0) >= 3) score += 0.5;
  const entities = input.entities?.length ?? findEntities(text).length;
  score += entities >= 4 ? 1 : entities >= 2 ? 0.5 : 0;
  if (HIGH_STAKES.test(text)) score += 1;
  if (has("explicit")) score += 1;

  if (isAcknowledgement(text) || has("ack")) score -= 3;
  else if (isChatter(text) || has("chatter")) score -= 2;
  if (/\?\s*$/.test(text.trim())) score -= 1;
  if (wordCount(text) < 4) score -= 1;
  if (has("duplicate")) score -= 1;
  return Math.round(Math.min(IMPORTANCE_MAX, Math.max(IMPORTANCE_MIN, score)));
}
