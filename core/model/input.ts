/**
 * Validation of everything a caller hands the engine, with zod, at the engine boundary.
 * A failed check becomes `HelixError("invalid_input")` naming the field, before any state
 * changes. The shapes callers see are the hand-written interfaces of `inputs.ts` and
 * `queries.ts`; each schema here is checked to cover exactly their fields.
 *
 * @module
 */
import { z } from "zod";
import type {
  ImportEdgeRecord,
  ImportMemoryRecord,
  PatchInput,
  RelateInput,
  WriteInput,
} from "./inputs.ts";
import type {
  ContextInput,
  ExportOptions,
  HistoryInput,
  ListInput,
  SearchInput,
} from "./queries.ts";
import { HelixError } from "../errors.ts";
import { inputIssue, issuesLine } from "./input_issues.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { MEMORY_ID_PATTERN } from "./ids.ts";
import { isScope } from "./scope.ts";
import {
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  MAX_CONTENT_LENGTH,
  MEMORY_TYPES,
  ORIGINS,
  RELATIONS,
  STATUSES,
} from "./types.ts";

/** Largest serialized `attributes` object accepted, in characters. */
export const MAX_ATTRIBUTES_LENGTH = 16_384;
/** Longest search query accepted. */
export const MAX_QUERY_LENGTH = 2_000;
/** Most results one search returns. */
export const MAX_LIMIT = 100;

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Converts an ISO 8601 string (UTC when no offset is given), epoch ms or Date to epoch ms;
 * null when it is not one.
 *
 * @example Usage
 * ```ts
 * import { toEpochMs } from "./input.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(toEpochMs("2026-04-01"), Date.UTC(2026, 3, 1));
 * equal(toEpochMs("2026-04-01T09:30:00+02:00"), Date.UTC(2026, 3, 1, 7, 30));
 * equal(toEpochMs("next April"), null);
 * ```
 */
export function toEpochMs(value: string | number | Date): number | null {
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  const text = value.trim();
  if (!ISO_INSTANT.test(text)) return null;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && text.length > 10;
  const normalized = text.length === 10 ? `${text}T00:00:00Z` : hasZone ? text : `${text}Z`;
  const ms = Date.parse(normalized.replace(" ", "T"));
  return Number.isFinite(ms) ? ms : null;
}

const instant = z.union([z.string(), z.number(), z.date()]).transform((value, ctx) => {
  const ms = toEpochMs(value);
  if (ms === null) {
    ctx.addIssue({
      code: "custom",
      message: "expected an ISO 8601 date/time or epoch milliseconds",
    });
    return z.NEVER;
  }
  return ms;
});

const content = z.string()
  .max(MAX_CONTENT_LENGTH, `must be at most ${MAX_CONTENT_LENGTH} characters`)
  .refine((s) => s.trim().length > 0, "must not be empty or blank")
  .refine((s) => !s.includes("\u0000"), "must not contain NUL characters");

const scope = z.string().max(210).refine(isScope, {
  message: 'expected "global", "project:<id>" or "session:<id>"',
});

const tag = z.string().min(1).max(64).regex(
  /^[\p{L}\p{N}][\p{L}\p{N}._:/+#-]*$/u,
  "tags are words: letters, digits and . _ : / + # -",
);

const attributes = z.record(z.string(), z.json()).refine(
  (value) => canonicalJson(value).length <= MAX_ATTRIBUTES_LENGTH,
  `must serialize to at most ${MAX_ATTRIBUTES_LENGTH} characters`,
);

const memoryId = z.string().regex(MEMORY_ID_PATTERN, "expected a memory id (mem_…)");

const source = z.strictObject({
  origin: z.enum(ORIGINS).optional(),
  agent: z.string().min(1).max(100).optional(),
  ref: z.string().min(1).max(500).optional(),
  extractor: z.string().min(1).max(100).optional(),
  model: z.string().min(1).max(200).optional(),
});

const importance = z.number().int().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX);
const eventPhrase = z.string().min(1).max(200);

/** The fields of a write (shared by writes and imported memories). */
const writeFields = {
  content,
  type: z.enum(MEMORY_TYPES).optional(),
  scope: scope.optional(),
  tags: z.array(tag).max(32).optional(),
  importance: importance.optional(),
  confidence: z.number().min(0).max(1).optional(),
  source: source.optional(),
  validFrom: instant.optional(),
  validTo: instant.optional(),
  eventAt: instant.optional(),
  eventEnd: instant.optional(),
  eventPhrase: eventPhrase.optional(),
  attributes: attributes.optional(),
  supersedes: z.array(memoryId).max(16).optional(),
  status: z.enum(["active", "quarantined"]).optional(),
};

/** What {@linkcode WriteInput} looks like after validation. */
export const writeInputSchema = z.strictObject(writeFields).refine(
  (v) => v.validTo === undefined || v.validFrom === undefined || v.validTo > v.validFrom,
  { message: "must be after the time it becomes valid", path: ["validTo"] },
);

/** A validated write. */
export type ParsedWrite = z.output<typeof writeInputSchema>;

/**
 * A memory in `engine.importRecords`: a write plus what an export carries — its id (kept
 * when free), any status, when it was recorded, and `null` for absent times. An empty
 * validity interval (`validTo` = `validFrom`, as a supersession in the same millisecond
 * leaves) is accepted.
 */
export const importMemorySchema = z.strictObject({
  ...writeFields,
  kind: z.literal("memory"),
  id: memoryId.optional(),
  status: z.enum(STATUSES).optional(),
  recordedAt: instant.optional(),
  validTo: instant.nullable().optional(),
  eventAt: instant.nullable().optional(),
  eventEnd: instant.nullable().optional(),
  eventPhrase: eventPhrase.nullable().optional(),
}).refine(
  (v) =>
    v.validTo === null || v.validTo === undefined || v.validFrom === undefined ||
    v.validTo >= v.validFrom,
  { message: "must not be before the time it becomes valid", path: ["validTo"] },
);

/** A validated imported memory. */
export type ParsedImportMemory = z.output<typeof importMemorySchema>;

/**
 * An edge in `engine.importRecords`. Its ends may be memories of the same import or already
 * in the strand. An `id` (as exports carry) is ignored: edge ids derive from
 * (from, relation, to).
 */
export const importEdgeSchema = z.strictObject({
  kind: z.literal("edge"),
  id: z.string().max(200).optional(),
  from: memoryId,
  to: memoryId,
  relation: z.enum(RELATIONS),
  weight: z.number().min(0).max(1).optional(),
  source: source.optional(),
}).refine((v) => v.from !== v.to, {
  message: "an edge must join two different memories",
  path: ["to"],
});

/** A validated imported edge. */
export type ParsedImportEdge = z.output<typeof importEdgeSchema>;

/** Options of `engine.exportRecords`. */
export const exportOptionsSchema = z.strictObject({
  scope: z.union([z.literal("all"), scope, z.array(scope).min(1).max(64)]).optional(),
  statuses: z.array(z.enum(STATUSES)).min(1).optional(),
});

/** Most memories one `engine.purge` call removes. */
export const MAX_PURGE = 10_000;

/** Input of `engine.purge`: memory ids. */
export const purgeInputSchema = z.array(memoryId).min(1).max(MAX_PURGE);

/** Fields `engine.patch` may change. */
export const patchInputSchema = z.strictObject({
  content: content.optional(),
  type: z.enum(MEMORY_TYPES).optional(),
  scope: scope.optional(),
  tags: z.array(tag).max(32).optional(),
  importance: z.number().int().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX).optional(),
  confidence: z.number().min(0).max(1).optional(),
  status: z.enum(STATUSES).optional(),
  validFrom: instant.optional(),
  validTo: instant.nullable().optional(),
  eventAt: instant.nullable().optional(),
  eventEnd: instant.nullable().optional(),
  eventPhrase: z.string().min(1).max(200).nullable().optional(),
  attributes: attributes.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: "name at least one field to change",
});

/** A validated patch. */
export type ParsedPatch = z.output<typeof patchInputSchema>;

const scopeSelector = z.union([z.literal("all"), scope, z.array(scope).min(1).max(16)]);

/** Input of `engine.search`. */
export const searchInputSchema = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH).refine((s) => s.trim().length > 0, "must not be blank"),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  scope: scopeSelector.optional(),
  types: z.array(z.enum(MEMORY_TYPES)).min(1).optional(),
  includeArchived: z.boolean().optional(),
  includeSuperseded: z.boolean().optional(),
  includeForgotten: z.boolean().optional(),
  includeQuarantined: z.boolean().optional(),
  includeExpired: z.boolean().optional(),
  asOf: instant.optional(),
  budgetTokens: z.number().int().min(1).max(200_000).optional(),
  channels: z.strictObject({
    vector: z.boolean().optional(),
    bm25: z.boolean().optional(),
    exact: z.boolean().optional(),
    graph: z.boolean().optional(),
    partial: z.boolean().optional(),
    expansion: z.boolean().optional(),
    feedback: z.boolean().optional(),
    learned: z.boolean().optional(),
  }).optional(),
});

/** A validated search. */
export type ParsedSearch = z.output<typeof searchInputSchema>;

/** Input of `engine.context`. */
export const contextInputSchema = z.strictObject({
  budgetTokens: z.number().int().min(16).max(200_000),
  query: z.string().max(MAX_QUERY_LENGTH).optional(),
  scope: scopeSelector.optional(),
  asOf: instant.optional(),
});

/** A validated context request. */
export type ParsedContext = z.output<typeof contextInputSchema>;

/** Input of `engine.list`. */
export const listInputSchema = z.strictObject({
  scope: scopeSelector.optional(),
  types: z.array(z.enum(MEMORY_TYPES)).min(1).optional(),
  statuses: z.array(z.enum(STATUSES)).min(1).optional(),
  tag: tag.optional(),
  asOf: instant.optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  cursor: z.string().max(200).optional(),
});

/** A validated list request. */
export type ParsedList = z.output<typeof listInputSchema>;

/** Input of `engine.relate`. */
export const relateInputSchema = z.strictObject({
  from: memoryId,
  to: memoryId,
  relation: z.enum(RELATIONS),
  weight: z.number().min(0).max(1).optional(),
  source: source.optional(),
}).refine((v) => v.from !== v.to, { message: "an edge must join two different memories" });

/** A validated relate request. */
export type ParsedRelate = z.output<typeof relateInputSchema>;

/** Input of `engine.history`. */
export const historyInputSchema = z.strictObject({
  id: z.string().min(1).max(120).optional(),
  kinds: z.array(z.string().min(1).max(40)).min(1).optional(),
  since: instant.optional(),
  until: instant.optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
});

/** A validated history request. */
export type ParsedHistory = z.output<typeof historyInputSchema>;

/** A memory id, validated. */
export function parseMemoryId(value: unknown, action: string): string {
  return parseInput(memoryId, value, action);
}

/**
 * Validates `value` against `schema`, or throws `HelixError("invalid_input")` whose message
 * starts "Cannot <action>:" and names each offending field (`details.issues` holds them, for
 * callers that name fields otherwise: see `inCallerTerms`).
 *
 * @example Usage
 * ```ts
 * import { parseInput, writeInputSchema } from "./input.ts";
 * import { throws } from "node:assert/strict";
 *
 * throws(() => parseInput(writeInputSchema, { content: "x", importance: 11 }, "write memory"), /importance/);
 * ```
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  action: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map(inputIssue);
  throw new HelixError("invalid_input", `Cannot ${action}: ${issuesLine(issues)}`, {
    details: { issues },
  });
}

/** Whether `A` and `B` name the same fields (checks a schema against its interface). */
export type SameFields<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends
  [never, never] ? true : false;

/**
 * Compile-time checks that every schema covers exactly the fields of the interface callers
 * see: adding a field to one and not the other fails `deno check`.
 */
export const SCHEMAS_MATCH_INTERFACES: readonly true[] = [
  true satisfies SameFields<WriteInput, z.input<typeof writeInputSchema>>,
  true satisfies SameFields<ImportMemoryRecord, z.input<typeof importMemorySchema>>,
  true satisfies SameFields<ImportEdgeRecord, z.input<typeof importEdgeSchema>>,
  true satisfies SameFields<PatchInput, z.input<typeof patchInputSchema>>,
  true satisfies SameFields<RelateInput, z.input<typeof relateInputSchema>>,
  true satisfies SameFields<SearchInput, z.input<typeof searchInputSchema>>,
  true satisfies SameFields<ContextInput, z.input<typeof contextInputSchema>>,
  true satisfies SameFields<ListInput, z.input<typeof listInputSchema>>,
  true satisfies SameFields<HistoryInput, z.input<typeof historyInputSchema>>,
  true satisfies SameFields<ExportOptions, z.input<typeof exportOptionsSchema>>,
];
