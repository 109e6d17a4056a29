/**
 * Folding a patch (or a forget, which sets `status`): the fields it sets, each as the memory
 * field table says, with the columns derived from them. A patch made concurrently with heads
 * its writer had not seen is first merged three-way against what the writer saw, and the
 * conflicts found are recorded.
 *
 * @module
 */
import { fieldValues, MEMORY_FIELD_NAMES, MEMORY_FIELDS } from "../model/fields.ts";
import { COGNITIVE_SHAPE, DEFAULT_HALF_LIFE_MS } from "../model/types.ts";
import { ftsKey } from "../store/keyword_terms.ts";
import { recordConflict } from "../store/queries/ops_conflicts.ts";
import type { MemoryFields, MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { sha256Hex } from "../util/hash.ts";
import { settleConflicts } from "./conflicts.ts";
import { requireMemory } from "./fold_rows.ts";
import { advanceHeads } from "./heads.ts";
import type { Op } from "./kinds.ts";
import { conflictLabels, mergePatch } from "./merge_patch.ts";
import type { PatchFields } from "./payloads.ts";
import { viewAt } from "./view.ts";

/** Applies the fields `requested` sets on memory `id`, made by `op` on `parents`. */
export function patchMemory(
  store: Store,
  op: Op,
  id: string,
  requested: PatchFields,
  parents: readonly string[],
  rev: number,
): void {
  const current = requireMemory(store, op, id);
  const unseen = advanceHeads(store, id, op.changeId, parents);
  const set = unseen.length > 0
    ? mergeConcurrent(store, op, current, requested, parents, unseen)
    : requested;
  const fields: MemoryFields = { headOp: op.changeId, updatedHlc: op.hlc };
  for (const field of MEMORY_FIELD_NAMES) {
    const value = set[field];
    if (value === undefined) continue;
    // A field other columns derive from is written only when it changes.
    if (MEMORY_FIELDS[field].derives && value === current[field]) continue;
    (fields as Record<string, unknown>)[field] = value;
  }
  if (fields.content !== undefined) fields.contentHash = sha256Hex(fields.content);
  if (fields.type !== undefined) {
    fields.cognitive = COGNITIVE_SHAPE[fields.type];
    fields.halfLifeMs = DEFAULT_HALF_LIFE_MS[fields.cognitive];
  }
  if (fields.scope !== undefined || fields.status !== undefined || fields.type !== undefined) {
    fields.ftsKey = ftsKey(
      fields.scope ?? current.scope,
      fields.status ?? current.status,
      fields.type ?? current.type,
    );
  }
  store.updateMemory(id, fields, rev);
  // A vector computed from the old content stays in the cache but no longer matches the
  // memory's content hash, so search ignores it until it is re-embedded.
  if (fields.content !== undefined) store.replaceTokens(current.rid, fields.content);
  settleConflicts(store, id, op.changeId, {
    content: fields.content ?? current.content,
    status: fields.status ?? current.status,
  });
}

/**
 * Merges a patch made without seeing the heads `unseen` three-way against its writer's view
 * and records the conflicts found; returns the fields to write.
 */
function mergeConcurrent(
  store: Store,
  op: Op,
  current: MemoryRecord,
  requested: PatchFields,
  parents: readonly string[],
  unseen: readonly string[],
): PatchFields {
  const ours = fieldValues(current);
  const base = viewAt(store, current.id, parents) ?? ours;
  const merged = mergePatch(base, ours, requested, conflictLabels(unseen, op.changeId));
  for (const { field, kind } of merged.conflicts) {
    recordConflict(store, {
      memory: current.id,
      op: op.changeId,
      kind,
      field,
      other: unseen,
      resolvedOp: kind === "text" ? null : op.changeId,
    });
  }
  return merged.set;
}
