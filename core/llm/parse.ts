/**
 * Checking what the model answered, with zod, before any of it reaches the write path:
 * memory types from the Helix vocabulary, content within {@linkcode MAX_CONTENT_LENGTH},
 * importance 1–10, confidence 0–1, event times as ISO 8601 strings (turned into epoch ms),
 * links only to memories the model was shown. Anything that does not check out is `null`,
 * which the caller reads as "use the deterministic result".
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
import type { Adjudication, Candidate, CandidateLink } from "../model/candidate.ts";
import type { Statement } from "../model/synthesis.ts";

/** Most memories accepted from one input; more means the model is not extracting. */
const MAX_MEMORIES_PER_INPUT = 20;
/** Longest entity, relation end or event phrase accepted. */
const MAX_NAME_CHARS = 200;
/** Most entities, relations, steps or triggers accepted per memory. */
const MAX_LIST_ITEMS = 50;
/** Longest step or trigger accepted. */
const MAX_STEP_CHARS = 2_000;

const noNul = (s: string) => !s.includes("\u0000");
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

const ratingsSchema = z.object({
  ratings: z.array(z.object({ index: z.number().int().nonnegative(), importance: z.unknown() })),
});
const importanceSchema = z.number().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX)
  .transform(Math.round);

const adjudicationSchema = z.object({
  action: z.enum(["noop", "update", "supersede", "add"]),
  target: z.string().nullish(),
  reason: z.string().max(2_000).nullish(),
});

/**
 * Parses a model's JSON answer, tolerating a Markdown code fence around it (local models
 * add one even in JSON mode); `undefined` when it is not JSON.
 *
 * @example Usage
 * ```ts
 * import { parseJsonAnswer } from "./parse.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const fence = "`".repeat(3);
 * deepEqual(parseJsonAnswer(`${fence}json\n{"a":1}\n${fence}`), { a: 1 });
 * equal(parseJsonAnswer("{not json"), undefined);
 * ```
 */
export function parseJsonAnswer(content: string): unknown {
  const text = content.trim().replace(/^```[a-z]*\s*\n?/i, "").replace(/\n?\s*```$/, "");
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Splits an extraction answer into the raw memories of each of `count` inputs, by `index`;
 * `null` for an input whose result is missing or given twice, all `null` when the answer's
 * shape is wrong. Each entry still goes through {@linkcode toCandidates}.
 *
 * @example Usage
 * ```ts
 * import { splitExtraction } from "./parse.ts";
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
 * import { toCandidates } from "./parse.ts";
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

/**
 * One importance rating: a number 1–10, rounded; `null` otherwise.
 *
 * @example Usage
 * ```ts
 * import { parseImportance } from "./parse.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(parseImportance(7.4), 7);
 * equal(parseImportance(0), null);
 * equal(parseImportance("7"), null);
 * ```
 */
export function parseImportance(value: unknown): number | null {
  const rating = importanceSchema.safeParse(value);
  return rating.success ? rating.data : null;
}

/**
 * Reads an importance answer for `count` items: an integer 1–10 per index, `null` where it
 * is missing, repeated or out of range.
 *
 * @example Usage
 * ```ts
 * import { parseRatings } from "./parse.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const answer = { ratings: [{ index: 0, importance: 8 }, { index: 1, importance: 11 }] };
 * deepEqual(parseRatings(answer, 3), [8, null, null]);
 * ```
 */
export function parseRatings(answer: unknown, count: number): (number | null)[] {
  const out: (number | null)[] = new Array(count).fill(null);
  const parsed = ratingsSchema.safeParse(answer);
  if (!parsed.success) return out;
  const seen = new Set<number>();
  for (const { index, importance } of parsed.data.ratings) {
    if (index >= count) continue;
    out[index] = seen.has(index) ? null : parseImportance(importance);
    seen.add(index);
  }
  return out;
}

/**
 * Reads an adjudication answer. `noop`, `update` and `supersede` must name one of
 * `existingIds` as target; `add` carries none. `null` when the answer does not check out.
 *
 * @example Usage
 * ```ts
 * import { parseAdjudication } from "./parse.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const ids = new Set(["mem_1"]);
 * deepEqual(parseAdjudication({ action: "supersede", target: "mem_1", reason: "port changed" }, ids), {
 *   action: "supersede",
 *   target: "mem_1",
 *   reason: "port changed",
 * });
 * equal(parseAdjudication({ action: "update", target: "mem_9", reason: "" }, ids), null);
 * ```
 */
export function parseAdjudication(
  answer: unknown,
  existingIds: ReadonlySet<string>,
): Adjudication | null {
  const parsed = adjudicationSchema.safeParse(answer);
  if (!parsed.success) return null;
  const { action, target } = parsed.data;
  const reason = parsed.data.reason?.trim() ?? "";
  if (action === "add") return { action, reason };
  if (typeof target !== "string" || !existingIds.has(target)) return null;
  return { action, target, reason };
}

/** Longest statement kept. */
const MAX_STATEMENT_CHARS = 1_000;
/** Most statements kept from one answer. */
const MAX_STATEMENTS = 5;

const synthesisSchema = z.object({
  statements: z.array(z.object({
    text: z.string().trim().min(1).max(MAX_STATEMENT_CHARS).refine(noNul),
    cites: z.array(z.number().int()).max(MAX_LIST_ITEMS),
  })).max(MAX_STATEMENTS),
});

/**
 * Reads a synthesis answer over `count` items: cited indices outside the items are dropped
 * (and repeated ones merged); `null` when the answer does not check out.
 *
 * @example Usage
 * ```ts
 * import { parseSynthesis } from "./parse.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(parseSynthesis({ statements: [{ text: "Uses pnpm.", cites: [0, 0, 7] }] }, 2), [
 *   { text: "Uses pnpm.", cites: [0] },
 * ]);
 * equal(parseSynthesis({ statements: "no" }, 2), null);
 * ```
 */
export function parseSynthesis(answer: unknown, count: number): Statement[] | null {
  const parsed = synthesisSchema.safeParse(answer);
  if (!parsed.success) return null;
  return parsed.data.statements.map(({ text, cites }) => ({
    text,
    cites: [...new Set(cites.filter((i) => i >= 0 && i < count))],
  }));
}
