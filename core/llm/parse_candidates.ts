/**
 * Checking an extraction answer: the results per input, and each input's memories as
 * {@linkcode Candidate}s (types from the Helix vocabulary, content within
 * {@linkcode MAX_CONTENT_LENGTH}, importance 1–10, confidence 0–1, event times as ISO 8601
 * strings turned into epoch ms, links only to memories the model was shown).
 *
 * @module
 */
import { z } from "zod";
import { toEpochMs } from "../model/input.ts";
import {
  EXTRACTED_TYPES,
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  MAX_CONTENT_LENGTH,
} from "../model/types.ts";
import type { Candidate, CandidateLink } from "../model/candidate.ts";
import { MAX_LIST_ITEMS, noNul } from "./parse.ts";

/** Most memories accepted from one input; more means the model is not extracting. */
const MAX_MEMORIES_PER_INPUT = 20;
/** Longest entity, relation end or event phrase accepted. */
const MAX_NAME_CHARS = 200;
/** Longest step or trigger accepted. */
const MAX_STEP_CHARS = 2_000;

const name = z.string().trim().min(1).max(MAX_NAME_CHARS).refine(noNul);
const names = z.array(z.string().max(MAX_NAME_CHARS).refine(noNul)).max(MAX_LIST_ITEMS).nullish()
  .transform((items) => (items ?? []).map((s) => s.trim()).filter((s) => s !== ""));
const steps = z.array(z.string().trim().min(1).max(MAX_STEP_CHARS).refine(noNul))
  .max(MAX_LIST_ITEMS).nullish();
const instant = z.string().nullish().transform((value, ctx) => {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  const ms = toEpochMs(value);
  if (ms === null) {
    ctx.addIssue({ code: "custom", message: "expected an ISO 8601 date or date-time" });
    return z.NEVER;
  }
  return ms;
});

const memorySchema = z.object({
  type: z.enum(EXTRACTED_TYPES),
  content: z.string().max(MAX_CONTENT_LENGTH).trim().min(1).refine(noNul),
  entities: names,
  relations: z.array(z.object({ from: name, relation: name, to: name })).max(MAX_LIST_ITEMS)
    .nullish(),
  confidence: z.number().min(0).max(1),
  importance: z.number().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX).nullish(),
  eventAt: instant,
  eventEnd: instant,
  eventPhrase: z.string().max(MAX_NAME_CHARS).nullish(),
  steps,
  triggers: steps,
  link: z.object({ id: z.string(), relation: z.enum(["extends", "updates", "derives"]) })
    .nullish(),
});

const memoriesSchema = z.array(memorySchema).max(MAX_MEMORIES_PER_INPUT);

const extractionSchema = z.object({
  results: z.array(z.object({ index: z.number().int().nonnegative(), memories: z.unknown() })),
});

/**
 * Splits an extraction answer into the raw memories of each of `count` inputs, by `index`;
 * `null` for an input whose result is missing or given twice, all `null` when the answer's
 * shape is wrong. Each entry still goes through {@linkcode toCandidates}.
 *
 * @example Usage
 * ```ts
 * import { splitExtraction } from "./parse_candidates.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(splitExtraction({ results: [{ index: 1, memories: [] }] }, 2), [null, []]);
 * deepEqual(splitExtraction({ nope: true }, 2), [null, null]);
 * ```
 */
export function splitExtraction(answer: unknown, count: number): unknown[] {
  const out: unknown[] = new Array(count).fill(null);
  const parsed = extractionSchema.safeParse(answer);
  if (!parsed.success) return out;
  const seen = new Map<number, number>();
  for (const result of parsed.data.results) {
    seen.set(result.index, (seen.get(result.index) ?? 0) + 1);
    if (result.index < count) out[result.index] = result.memories ?? null;
  }
  for (const [index, times] of seen) if (times > 1 && index < count) out[index] = null;
  return out;
}

/**
 * Checks one input's raw memories and turns them into {@linkcode Candidate}s; `null` when
 * any of them fails the schema. A `link` to an id that is not in `activeIds` is dropped
 * (the model may only link what it was shown), as is an `eventEnd` without an `eventAt`.
 *
 * @example Usage
 * ```ts
 * import { toCandidates } from "./parse_candidates.ts";
 * import { equal } from "node:assert/strict";
 *
 * const [candidate] = toCandidates([{
 *   type: "decision", content: "Launch moves to April 2027", entities: ["launch"],
 *   relations: [], confidence: 0.9, importance: 7, eventAt: "2027-04-01",
 *   eventEnd: "2027-04-30", eventPhrase: "next April", steps: null, triggers: null,
 *   link: { id: "mem_1", relation: "updates" },
 * }], new Set(["mem_1"]))!;
 * equal(candidate!.eventAt, Date.UTC(2027, 3, 1));
 * equal(candidate!.link?.id, "mem_1");
 * equal(toCandidates([{ type: "gossip", content: "x", confidence: 1 }], new Set()), null);
 * ```
 */
export function toCandidates(
  memories: unknown,
  activeIds: ReadonlySet<string>,
): Candidate[] | null {
  const parsed = memoriesSchema.safeParse(memories);
  if (!parsed.success) return null;
  return parsed.data.map((memory) => {
    const candidate: {
      -readonly [K in keyof Candidate]: Candidate[K];
    } = {
      type: memory.type,
      content: memory.content,
      entities: [...new Set(memory.entities)],
      relations: memory.relations ?? [],
      confidence: memory.confidence,
    };
    if (memory.importance !== null && memory.importance !== undefined) {
      candidate.importance = Math.round(memory.importance);
    }
    if (memory.eventAt !== undefined) {
      candidate.eventAt = memory.eventAt;
      if (memory.eventEnd !== undefined && memory.eventEnd >= memory.eventAt) {
        candidate.eventEnd = memory.eventEnd;
      }
    }
    const phrase = memory.eventPhrase?.trim();
    if (phrase) candidate.eventPhrase = phrase;
    if (memory.steps?.length) candidate.steps = memory.steps;
    if (memory.triggers?.length) candidate.triggers = memory.triggers;
    if (memory.link && activeIds.has(memory.link.id)) {
      candidate.link = { id: memory.link.id, relation: memory.link.relation as CandidateLink };
    }
    return candidate;
  });
}
