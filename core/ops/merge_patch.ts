/**
 * The three-way merge of a concurrent patch (DESIGN §5, sync-protocol R25–R26): a patch
 * written on `base` lands on `ours`, the memory with the concurrent edits its writer missed.
 * Field by field, as the memory field table says (`model/fields.ts`):
 *
 * - a field only one side changed takes that side's value;
 * - a scalar field both sides changed takes the value of the op later in fold order (the
 *   patch being merged), recorded as a settled conflict;
 * - text both sides changed is merged word by word ({@linkcode merge3}); overlapping edits
 *   stay both, in a conflict block ordered by change id, and the conflict stays open until
 *   an edit removes the block.
 *
 * @module
 */
import {
  MEMORY_FIELD_NAMES,
  MEMORY_FIELDS,
  type MemoryField,
  sameFieldValue,
} from "../model/fields.ts";
import { merge3 } from "../text/merge3.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { PatchFields } from "./payloads.ts";

/** A memory's fields as one writer saw them (`null` for an absent optional field). */
export type FieldState = { [K in MemoryField]: JsonValue };

/** What merging a concurrent patch gives: the fields to write and the conflicts found. */
export interface MergedPatch {
  /** The fields to write. */
  readonly set: PatchFields;
  /** Each field both sides changed, and whether its merge left a text conflict block. */
  readonly conflicts: readonly { field: MemoryField; kind: "text" | "field" }[];
}

/**
 * Merges `set`, written on `base`, into `ours` (the memory as it stands, with the concurrent
 * edits its writer missed). `labels` name the two sides of a text conflict block: the missed
 * heads and the op.
 *
 * @example Usage
 * ```ts
 * import { mergePatch } from "./merge_patch.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const base = { content: "Deploys run on Tuesdays from main.", type: "fact", scope: "global",
 *   status: "active", importance: 5, confidence: 0.9, tags: [], attributes: {}, validFrom: 0,
 *   validTo: null, eventAt: null, eventEnd: null, eventPhrase: null } as const;
 * const ours = { ...base, importance: 7 };
 * const merged = mergePatch(base, ours, { importance: 5, confidence: 0.5 }, ["a", "b"]);
 * deepEqual(merged.set, { confidence: 0.5 }); // importance: only ours changed it
 * ```
 */
export function mergePatch(
  base: Readonly<FieldState>,
  ours: Readonly<FieldState>,
  set: PatchFields,
  labels: readonly [ours: string, theirs: string],
): MergedPatch {
  const out: Record<string, unknown> = {};
  const conflicts: { field: MemoryField; kind: "text" | "field" }[] = [];
  for (const field of MEMORY_FIELD_NAMES) {
    if (!(field in set) || set[field] === undefined) continue;
    const theirs = (set[field] ?? null) as JsonValue;
    if (sameFieldValue(field, theirs, ours[field])) continue;
    if (sameFieldValue(field, theirs, base[field])) continue;
    if (sameFieldValue(field, ours[field], base[field])) {
      out[field] = set[field];
      continue;
    }
    if (MEMORY_FIELDS[field].merge === "text") {
      const merged = merge3(
        String(base[field]),
        { label: labels[0], text: String(ours[field]) },
        { label: labels[1], text: String(theirs) },
      );
      out[field] = merged.text;
      conflicts.push({ field, kind: merged.conflicts > 0 ? "text" : "field" });
    } else {
      out[field] = set[field];
      conflicts.push({ field, kind: "field" });
    }
  }
  return { set: out as PatchFields, conflicts };
}

/** The two labels of a conflict block: the missed heads, and the op (short change ids). */
export function conflictLabels(unseen: readonly string[], op: string): [string, string] {
  return [[...unseen].sort().map((h) => h.slice(0, 12)).join("+"), op.slice(0, 12)];
}
