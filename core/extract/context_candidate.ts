/**
 * The candidates contextual extraction builds: one that re-states an active memory with what a
 * reply adds (linked to it), or one of its own; with entities, relations and event time.
 *
 * @module
 */
import type { ActiveMemory, Candidate, CandidateLink } from "../model/candidate.ts";
import { asSentence, wordsOf } from "../text/sentences.ts";
import { findEntities, mergeEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import type { TimePhrase } from "../text/time/time_phrase.ts";

/** Base confidence of a candidate built from a reply and its context. */
export const CONTEXT_CONFIDENCE = 0.8;
/** Confidence when only a generic template could combine reply and context. */
export const FALLBACK_CONFIDENCE = 0.45;

/** A candidate re-stating `target` as `content`, linked to it by `relation`. */
export function combined(
  content: string,
  target: ActiveMemory,
  relation: CandidateLink,
  phrase: TimePhrase | undefined,
  type = target.type,
): Candidate {
  const sentence = asSentence(content);
  return {
    type,
    content: sentence,
    ...grounded(content, []),
    confidence: CONTEXT_CONFIDENCE,
    ...timeFields(phrase),
    link: { id: target.id, relation },
  };
}

/** A candidate of its own, from an answer and the question it answers. */
export function standalone(
  content: string,
  type: Candidate["type"],
  phrase: TimePhrase | undefined,
  answer?: string,
): Candidate {
  const sentence = asSentence(content);
  // A short answer to "which…?" or "who…?" names a thing even when it is lowercase ("pnpm").
  const named = answer && !phrase && wordsOf(answer).length <= 3 ? [answer] : [];
  return {
    type,
    content: sentence,
    ...grounded(content, named),
    confidence: CONTEXT_CONFIDENCE,
    ...timeFields(phrase),
  };
}

/** Event time fields from a phrase, when there is one. */
export function timeFields(phrase: TimePhrase | undefined): Partial<Candidate> {
  return phrase ? { eventAt: phrase.start, eventEnd: phrase.end, eventPhrase: phrase.phrase } : {};
}

/** Entities and relations of new content; relation endpoints count as entities. */
function grounded(content: string, named: readonly string[]) {
  const relations = findRelations(content);
  const endpoints = relations.flatMap((r) => [r.from, r.to]).filter((e) => e !== "User");
  return { entities: mergeEntities(findEntities(content), [...named], endpoints), relations };
}
