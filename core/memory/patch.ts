/**
 * Editing a memory: a `memory.patch` op carrying only the fields that differ from the stored
 * record, with the new content's vector when the model can give one. New content goes through
 * the write path's first stage, as every write does: private spans out, secrets redacted.
 *
 * @module
 */
import { embedDocuments } from "../embed/policy.ts";
import { type ParsedPatch, parseInput, patchInputSchema } from "../model/input.ts";
import { fieldError } from "../model/input_issues.ts";
import type { PatchInput } from "../model/inputs.ts";
import type { Memory } from "../model/memory.ts";
import type { PatchFields } from "../ops/payloads.ts";
import { redactWrite } from "../redact/write.ts";
import { storeVector } from "../ops/vector.ts";
import { guard, guardAsync } from "../store/guard.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { MemoryDeps } from "./deps.ts";
import { requireRecord, toMemory } from "./read.ts";

type PatchDeps = Pick<MemoryDeps, "store" | "log" | "embedder" | "reembedder" | "embedPolicy">;

/** Changes fields of a memory (an op); unchanged fields are ignored. Throws `not_found`. */
export async function patchMemory(
  deps: PatchDeps,
  id: string,
  changes: PatchInput,
): Promise<Memory> {
  const { store, log } = deps;
  const input = parseInput(patchInputSchema, changes, "patch memory");
  // Content, tags and attributes pass the write path's first stage as a new memory's do.
  const clean = redactWrite({
    content: input.content ?? "",
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
    ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
  }).write;
  const parsed = {
    ...input,
    ...(input.content !== undefined ? { content: clean.content } : {}),
    ...(input.tags !== undefined ? { tags: clean.tags } : {}),
    ...(input.attributes !== undefined ? { attributes: clean.attributes } : {}),
  };
  const current = guard("patch memory", () => requireRecord(deps, id, "patch memory"));
  const contentChanges = parsed.content !== undefined && parsed.content !== current.content;
  const [vector] = contentChanges ? (await embedDocuments(deps, [parsed.content!])) ?? [] : [];
  return guardAsync("patch memory", () => {
    log.transact("patch memory", (tx) => {
      const record = requireRecord(deps, id, "patch memory");
      const set = changedFields(record, parsed);
      if (Object.keys(set).length === 0) return;
      // Only a patch that moves the validity bounds must leave a non-empty interval (a
      // memory superseded in the same millisecond keeps its empty one).
      const validFrom = set.validFrom ?? record.validFrom;
      const validTo = set.validTo === undefined ? record.validTo : set.validTo;
      const movesBounds = set.validFrom !== undefined || set.validTo !== undefined;
      if (movesBounds && validTo !== null && validTo <= validFrom) {
        throw fieldError("patch memory", "validTo", "must be after the time it becomes valid");
      }
      tx.append({
        kind: "memory.patch",
        payload: { id: record.id, set, parents: headsOf(store, record.id) },
      });
      if (vector && set.content !== undefined) {
        storeVector(deps, tx, record.id, set.content, vector);
      }
    });
    return toMemory(deps, current.id);
  });
}

/** The fields of a patch that differ from the current record. */
function changedFields(record: MemoryRecord, patch: ParsedPatch): PatchFields {
  const set: PatchFields = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (patch.content !== undefined && patch.content !== record.content) set.content = patch.content;
  if (patch.type !== undefined && patch.type !== record.type) set.type = patch.type;
  if (patch.scope !== undefined && patch.scope !== record.scope) set.scope = patch.scope;
  if (patch.status !== undefined && patch.status !== record.status) set.status = patch.status;
  if (patch.importance !== undefined && patch.importance !== record.importance) {
    set.importance = patch.importance;
  }
  if (patch.confidence !== undefined && patch.confidence !== record.confidence) {
    set.confidence = patch.confidence;
  }
  if (patch.tags !== undefined && !same(patch.tags, record.tags)) set.tags = patch.tags;
  if (patch.attributes !== undefined && !same(patch.attributes, record.attributes)) {
    set.attributes = patch.attributes as PatchFields["attributes"] & object;
  }
  if (patch.validFrom !== undefined && patch.validFrom !== record.validFrom) {
    set.validFrom = patch.validFrom;
  }
  if (patch.validTo !== undefined && patch.validTo !== record.validTo) set.validTo = patch.validTo;
  if (patch.eventAt !== undefined && patch.eventAt !== record.eventAt) set.eventAt = patch.eventAt;
  if (patch.eventEnd !== undefined && patch.eventEnd !== record.eventEnd) {
    set.eventEnd = patch.eventEnd;
  }
  if (patch.eventPhrase !== undefined && patch.eventPhrase !== record.eventPhrase) {
    set.eventPhrase = patch.eventPhrase;
  }
  return set;
}
