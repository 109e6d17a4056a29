/**
 * An extracted candidate as a write: its type, confidence, importance and event time as
 * fields, its extras (entities, relations, steps, triggers) in attributes, and a source that
 * names the extractor.
 *
 * @module
 */
import type { Candidate } from "../model/candidate.ts";
import type { WriteInput } from "../model/inputs.ts";
import type { JsonValue } from "../util/canonical_json.ts";

/** Where a note came from, as its candidates' writes record it. */
export interface NoteSource {
  readonly origin: "user-asserted" | "agent-ingested";
  /** Which extractor produced the candidate. */
  readonly extractor: string;
  readonly agent?: string | undefined;
  readonly ref?: string | undefined;
}

/** `candidate` as a write to `scope` (the default scope when undefined) from `source`. */
export function candidateWrite(
  candidate: Candidate,
  scope: string | undefined,
  source: NoteSource,
): WriteInput {
  const attributes: Record<string, JsonValue> = {};
  if (candidate.entities.length) attributes.entities = [...candidate.entities];
  if (candidate.relations.length) {
    attributes.relations = candidate.relations.map((r) => ({ ...r }));
  }
  if (candidate.steps?.length) attributes.steps = [...candidate.steps];
  if (candidate.triggers?.length) attributes.triggers = [...candidate.triggers];
  return {
    content: candidate.content,
    type: candidate.type,
    ...(scope !== undefined ? { scope } : {}),
    confidence: candidate.confidence,
    ...(candidate.importance !== undefined ? { importance: candidate.importance } : {}),
    ...(candidate.eventAt !== undefined ? { eventAt: candidate.eventAt } : {}),
    ...(candidate.eventEnd !== undefined ? { eventEnd: candidate.eventEnd } : {}),
    ...(candidate.eventPhrase !== undefined ? { eventPhrase: candidate.eventPhrase } : {}),
    ...(Object.keys(attributes).length
      ? { attributes: attributes as WriteInput["attributes"] }
      : {}),
    source: {
      origin: source.origin,
      extractor: source.extractor,
      ...(source.agent ? { agent: source.agent } : {}),
      ...(source.ref ? { ref: source.ref } : {}),
    },
  };
}
