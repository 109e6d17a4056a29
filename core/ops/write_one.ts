/**
 * Appending one write's ops inside an open transaction: the `memory.put` (with a free id, the
 * default scope, importance and confidence) and the supersession ops when it replaces older
 * memories. Every path that creates memories (the write pipeline, bulk writes through
 * `write_bulk.ts`, imports, the lifecycle worker) goes down through here.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { MEMORY_FIELD_NAMES, MEMORY_FIELDS } from "../model/fields.ts";
import { edgeId } from "../model/ids.ts";
import type { ParsedWrite } from "../model/input.ts";
import { fieldError } from "../model/input_issues.ts";
import type { Status } from "../model/types.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { Store } from "../store/store.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { LogTransaction } from "./log.ts";
import { defaultScope, freeId, pickId } from "./new_memory.ts";
import type { MemoryPutPayload } from "./payloads.ts";
import { opProvenance } from "./provenance.ts";

/** What appending a write needs: the tables, and the writer's project for the default scope. */
export interface WriterDeps {
  readonly store: Store;
  /** Project scope of the writer (`project:<id>`), if known. */
  readonly project: string | null;
}

/**
 * A validated write, plus what only an import may set: a chosen id (must be free), any
 * status, when it was recorded, and an empty validity interval.
 */
export type PlannedWrite = Omit<ParsedWrite, "status"> & {
  readonly id?: string | undefined;
  readonly status?: Status | undefined;
  readonly recordedAt?: number | undefined;
  readonly allowEmptyValidity?: boolean | undefined;
};

/** Appends the ops of one write inside an open transaction. */
export function appendWrite(
  deps: WriterDeps,
  tx: LogTransaction,
  input: PlannedWrite,
): { id: string; op: string; superseded: string[] } {
  const type = input.type ?? "fact";
  const origin = input.source?.origin ?? "agent-ingested";
  const provenance = opProvenance(input.source, "verbatim");
  const validFrom = input.validFrom ?? tx.now;
  checkValidity(input, validFrom);
  const payload: MemoryPutPayload = {
    id: input.id === undefined
      ? pickId(deps.store, input.content, type)
      : freeId(deps.store, input.id),
    type,
    content: input.content,
    scope: input.scope ?? defaultScope(deps, type),
    status: input.status ?? "active",
    importance: input.importance ?? 5,
    confidence: input.confidence ?? (origin === "user-asserted" ? 0.9 : 0.7),
    tags: input.tags ?? [],
    attributes: (input.attributes ?? {}) as Record<string, JsonValue>,
    validFrom,
    recordedAt: input.recordedAt ?? tx.now,
    provenance,
  };
  // An optional field is a key of the payload only when the write sets it.
  for (const field of MEMORY_FIELD_NAMES) {
    if (MEMORY_FIELDS[field].nullable && input[field] !== undefined) {
      (payload as unknown as Record<string, unknown>)[field] = input[field];
    }
  }

  const old = (input.supersedes ?? []).map((id) =>
    checkSuperseded(id, deps.store.memoryById(id), validFrom)
  );

  const op = tx.append({ kind: "memory.put", payload });
  for (const record of old) {
    const validTo = record.validTo === null ? validFrom : Math.min(record.validTo, validFrom);
    tx.append({
      kind: "memory.patch",
      payload: {
        id: record.id,
        set: { status: "superseded", validTo },
        parents: headsOf(deps.store, record.id),
        // Not "by <new id>": the supersedes edge links them, and a purge of the new memory
        // removes that edge but cannot edit this op, which stays the old memory's.
        reason: "superseded",
      },
    });
    tx.append({
      kind: "edge.put",
      payload: {
        id: edgeId(payload.id, "supersedes", record.id),
        from: payload.id,
        to: record.id,
        relation: "supersedes",
        weight: 1,
        provenance,
      },
    });
  }
  return { id: payload.id, op: op.changeId, superseded: old.map((r) => r.id) };
}

/**
 * The memory `id` a write valid from `validFrom` supersedes, `record` as the strand (or the
 * batch it comes in) holds it; throws `not_found` when there is none, `conflict` when it was
 * forgotten, `invalid_input` when it became valid after the new memory.
 */
export function checkSuperseded<T extends { status: Status; validFrom: number }>(
  id: string,
  record: T | undefined,
  validFrom: number,
): T {
  if (!record) throw new HelixError("not_found", `Cannot supersede ${id}: no such memory`);
  if (record.status === "forgotten") {
    throw new HelixError("conflict", `Cannot supersede ${id}: it was forgotten`);
  }
  if (record.validFrom > validFrom) {
    throw new HelixError(
      "invalid_input",
      `Cannot supersede ${id}: it became valid after the new memory's validFrom`,
      { details: { field: "validFrom" } },
    );
  }
  return record;
}

/** Throws `invalid_input` when `input`'s validity interval from `validFrom` is empty. */
export function checkValidity(
  input: Pick<PlannedWrite, "validTo" | "allowEmptyValidity">,
  validFrom: number,
): void {
  const empty = input.validTo !== undefined &&
    (input.allowEmptyValidity ? input.validTo < validFrom : input.validTo <= validFrom);
  if (empty) {
    throw fieldError("write memory", "validTo", "must be after the time it becomes valid");
  }
}
