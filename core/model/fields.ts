/**
 * The memory field table: every field of a memory that a `memory.patch` may set, written once
 * with what the code needs to know about each — its column, whether it is JSON, how a
 * three-way merge treats it, whether it may be null, whether other columns derive from it.
 * The fold, the merge of concurrent patches, the row mapping and history's comparison all
 * walk this table instead of listing the fields again.
 *
 * @module
 */
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import type { MemoryType, Status } from "./types.ts";

/** The value type of each patchable memory field (times are epoch ms, null for none). */
export interface MemoryFieldValues {
  /** The statement itself. */
  content: string;
  /** Its memory type (which sets its cognitive shape). */
  type: MemoryType;
  /** Who may read it: `global`, `project:<id>`, `session:<id>`… */
  scope: string;
  /** Where it is in its life: active, superseded, forgotten… */
  status: Status;
  /** 1–10. */
  importance: number;
  /** 0–1. */
  confidence: number;
  /** Words to file it under. */
  tags: string[];
  /** Structured facts about it. */
  attributes: Record<string, JsonValue>;
  /** When it became true. */
  validFrom: number;
  /** When it stopped being true, if it did. */
  validTo: number | null;
  /** When the event it records happened, if it records one. */
  eventAt: number | null;
  /** When that event ended. */
  eventEnd: number | null;
  /** The words that dated the event ("last Tuesday"). */
  eventPhrase: string | null;
}

/** One patchable memory field. */
export type MemoryField = keyof MemoryFieldValues;

/** What the code needs to know about a memory field. */
export interface FieldFacts {
  /** Its column in `memories`. */
  readonly column: string;
  /** Stored as canonical JSON, and compared by structure rather than identity. */
  readonly json: boolean;
  /**
   * How a three-way merge takes it when two concurrent writers both changed it: `text` is
   * merged word by word (overlapping edits stay both, in a conflict block); `scalar` takes
   * the value of the op later in fold order.
   */
  readonly merge: "text" | "scalar";
  /** May be null (no value): a patch's null clears it, and a `memory.put` may leave it out. */
  readonly nullable: boolean;
  /**
   * Other columns derive from it (content: its hash and exact tokens; type: the cognitive
   * shape and the half-life), so the fold writes it only when it changes.
   */
  readonly derives: boolean;
}

const plain = { json: false, merge: "scalar", nullable: false, derives: false } as const;
const optional = { ...plain, nullable: true } as const;

/**
 * Every patchable memory field with its facts, in the fixed order history compares and lists
 * them.
 */
export const MEMORY_FIELDS: { readonly [K in MemoryField]: FieldFacts } = {
  content: { ...plain, column: "content", merge: "text", derives: true },
  type: { ...plain, column: "type", derives: true },
  scope: { ...plain, column: "scope" },
  status: { ...plain, column: "status" },
  importance: { ...plain, column: "importance" },
  confidence: { ...plain, column: "confidence" },
  tags: { ...plain, column: "tags", json: true },
  attributes: { ...plain, column: "attributes", json: true },
  validFrom: { ...plain, column: "valid_from" },
  validTo: { ...optional, column: "valid_to" },
  eventAt: { ...optional, column: "event_at" },
  eventEnd: { ...optional, column: "event_end" },
  eventPhrase: { ...optional, column: "event_phrase" },
};

/** The names of {@linkcode MEMORY_FIELDS}, in its order. */
export const MEMORY_FIELD_NAMES: readonly MemoryField[] = Object.keys(
  MEMORY_FIELDS,
) as MemoryField[];

/** The fields stored as JSON (`tags`, `attributes`). */
export const JSON_FIELDS: readonly MemoryField[] = MEMORY_FIELD_NAMES.filter((field) =>
  MEMORY_FIELDS[field].json
);

/** Fields a writer may set: each absent, or its value (`undefined` counts as absent). */
export type FieldPatch = { readonly [K in MemoryField]?: MemoryFieldValues[K] | undefined };

/**
 * Whether `a` and `b` are the same value of `field`: by structure for a JSON field, by
 * identity otherwise; an absent value (`undefined`) counts as null.
 *
 * @example Usage
 * ```ts
 * import { sameFieldValue } from "./fields.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(sameFieldValue("attributes", { a: 1, b: 2 }, { b: 2, a: 1 }), true);
 * equal(sameFieldValue("validTo", undefined, null), true);
 * equal(sameFieldValue("importance", 5, 6), false);
 * ```
 */
export function sameFieldValue(field: MemoryField, a: unknown, b: unknown): boolean {
  if (MEMORY_FIELDS[field].json) return canonicalJson(a ?? null) === canonicalJson(b ?? null);
  return (a ?? null) === (b ?? null);
}

/**
 * The patchable fields of `source` (a stored memory, a `memory.put`), an absent optional one
 * as null.
 */
export function fieldValues(source: FieldPatch): MemoryFieldValues {
  const out: Partial<Record<MemoryField, unknown>> = {};
  for (const field of MEMORY_FIELD_NAMES) out[field] = source[field] ?? null;
  return out as MemoryFieldValues;
}

/**
 * The fields of `patch` whose value differs from `record`'s: what a patch of the memory
 * actually changes (JSON fields compared by structure).
 *
 * @example Usage
 * ```ts
 * import { changedFields, type MemoryFieldValues } from "./fields.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const record: MemoryFieldValues = { content: "Deploys run on Tuesdays.", type: "fact",
 *   scope: "global", status: "active", importance: 5, confidence: 0.9, tags: ["ops"],
 *   attributes: { team: "infra" }, validFrom: 0, validTo: null, eventAt: null, eventEnd: null,
 *   eventPhrase: null };
 * const patch = { importance: 7, tags: ["ops"], attributes: { team: "infra" }, validTo: null };
 * deepEqual(changedFields(record, patch), { importance: 7 });
 * ```
 */
export function changedFields(
  record: Readonly<FieldPatch>,
  patch: FieldPatch,
): Partial<MemoryFieldValues> {
  const out: Partial<Record<MemoryField, unknown>> = {};
  for (const field of MEMORY_FIELD_NAMES) {
    const value = patch[field];
    if (value !== undefined && !sameFieldValue(field, value, record[field])) out[field] = value;
  }
  return out as Partial<MemoryFieldValues>;
}
