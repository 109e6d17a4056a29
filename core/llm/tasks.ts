/**
 * The batched requests of the extractor: extraction (candidates per input, links only to the
 * memories each input showed) and importance ratings (a number per item).
 *
 * @module
 */
import type { Candidate, ExtractionInput, TypedContent } from "../model/candidate.ts";
import type { BatchTask } from "./batch.ts";
import { extractionMessage, ratingMessage } from "./messages.ts";
import { parseImportance, parseRatings } from "./parse_answers.ts";
import { splitExtraction, toCandidates } from "./parse_candidates.ts";
import { type ExtractionPayload, extractionPayload } from "./payload.ts";
import { EXTRACTION_SYSTEM, RATING_SYSTEM } from "./prompts.ts";
import { EXTRACTION_SCHEMA, RATING_SCHEMA } from "./schemas.ts";

/** Items per importance request (they are short). */
const RATING_BATCH = 32;

const activeIds = (payload: ExtractionPayload) =>
  new Set(payload.active.map((memory) => memory.id));

/** Extraction, `batchSize` inputs per request. */
export function extractionTask(
  batchSize: number,
): BatchTask<ExtractionInput, ExtractionPayload, Candidate[]> {
  return {
    name: "extract",
    batchSize,
    payload: extractionPayload,
    fromCache: (raw, payload) => toCandidates(raw, activeIds(payload)),
    request: (payloads) => ({
      system: EXTRACTION_SYSTEM,
      user: extractionMessage(payloads),
      schemaName: "helix_extraction",
      schema: EXTRACTION_SCHEMA,
    }),
    read: (answer, payloads) =>
      splitExtraction(answer, payloads.length).map((raw, index) => {
        const result = toCandidates(raw, activeIds(payloads[index]!));
        return result === null ? null : { result, cache: raw };
      }),
  };
}

/** Importance ratings, {@linkcode RATING_BATCH} items per request. */
export const RATING_TASK: BatchTask<TypedContent, TypedContent, number> = {
  name: "importance",
  batchSize: RATING_BATCH,
  payload: ({ type, content }) => ({ type, content }),
  fromCache: (raw) => parseImportance(raw),
  request: (items) => ({
    system: RATING_SYSTEM,
    user: ratingMessage(items),
    schemaName: "helix_importance",
    schema: RATING_SCHEMA,
  }),
  read: (answer, items) =>
    parseRatings(answer, items.length).map((result) =>
      result === null ? null : { result, cache: result }
    ),
};
