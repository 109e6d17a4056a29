/**
 * Appending a write's ops inside an open transaction: the `memory.put` (with a free id, the
 * default scope, importance and confidence), the supersession ops when it replaces older
 * memories, and its vector. Every path that creates memories (the write pipeline, bulk writes,
 * imports, the lifecycle worker) goes down through here.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId, memoryIdCandidates } from "../model/ids.ts";
import type { ParsedWrite } from "../model/input.ts";
import type { MemoryType, Status } from "../model/types.ts";
import type { Store } from "../store/store.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { randomHex, sha256Hex } from "../util/hash.ts";
import { headsOf } from "./heads.ts";
import type { LogTransaction } from "./log.ts";
import type { MemoryPutPayload, OpProvenance } from "./op.ts";

/** What appending a write needs: the tables, and the writer's project for the default scope. */
export interface WriterDeps {
  readonly store: Store;
  /** Project scope of the writer (`project:<id>`), if known. */
  readonly project: string | null;
}

/** Progress of a bulk write or import. */
export interface BulkProgress {
  /** What the write is doing: checking the items, embedding them, or storing them. */
  readonly phase: "validate" | "embed" | "store";
  /** Items done in this phase. */
  readonly done: number;
  /** Items in all. */
  readonly total: number;
}

const TYPES_GLOBAL_BY_DEFAULT: ReadonlySet<MemoryType> = new Set(["identity", "preference"]);
const PROGRESS_EVERY = 1_000;

/** Options of {@linkcode appendWrites}. */
export interface AppendWritesOptions {
  /** How an error names the failing item, e.g. `write memory #4` ("Cannot <label>: …"). */
  readonly label: (index: number) => string;
  /** Position of each item in the caller's input (default: its position in `items`). */
  readonly indexes?: readonly number[];
  /** Called every 1,000 items and after the last with how many are stored. */
  readonly onStored?: (done: number) => void;
}

/**
 * Appends the ops of many writes (and stores their vectors) inside an open transaction and
 * returns the ids in order. A failing item throws with its position in `details.index`;
 * the caller's transaction then rolls everything back.
 */
export function appendWrites(
  deps: WriterDeps,
  tx: LogTransaction,
  items: readonly PlannedWrite[],
  vectors: readonly (Float32Array | undefined)[],
  options: AppendWritesOptions,
): string[] {
  const ids: string[] = new Array(items.length);
  for (let position = 0; position < items.length; position++) {
    const item = items[position]!;
    try {
      ids[position] = appendWrite(deps, tx, item).id;
    } catch (error) {
      const index = options.indexes?.[position] ?? position;
      throw atIndex(error, options.label(index), index);
    }
    const vector = vectors[position];
    if (vector) storeVector(deps, tx, ids[position]!, item.content, vector, true);
    if ((position + 1) % PROGRESS_EVERY === 0 || position + 1 === items.length) {
      options.onStored?.(position + 1);
    }
  }
  return ids;
}

/**
 * A `HelixError` naming the failing item ("Cannot <label>: …") with its position in
 * `details.index`; other errors pass through.
 */
export function atIndex(error: unknown, label: string, index: number): unknown {
  if (!(error instanceof HelixError)) return error;
  const problem = error.message.replace(/^Cannot (?:write memory: )?/, "");
  return new HelixError(error.code, `Cannot ${label}: ${problem}`, {
    cause: error,
    details: { ...error.details, index },
  });
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
  const empty = input.validTo !== undefined &&
    (input.allowEmptyValidity ? input.validTo < validFrom : input.validTo <= validFrom);
  if (empty) {
    throw new HelixError("invalid_input", "Cannot write memory: validTo must be after validFrom", {
      details: { field: "validTo" },
    });
  }
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
  if (input.validTo !== undefined) payload.validTo = input.validTo;
  if (input.eventAt !== undefined) payload.eventAt = input.eventAt;
  if (input.eventEnd !== undefined) payload.eventEnd = input.eventEnd;
  if (input.eventPhrase !== undefined) payload.eventPhrase = input.eventPhrase;

  const old = (input.supersedes ?? []).map((id) => {
    const record = deps.store.memoryById(id);
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
  });

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
 * Provenance for an op from a caller's `source` (origin defaults to `agent-ingested`), with
 * `extractor` defaulting to `defaultExtractor` when given.
 */
export function opProvenance(
  source: ParsedWrite["source"],
  defaultExtractor?: string,
): OpProvenance {
  const extractor = source?.extractor ?? defaultExtractor;
  return {
    origin: source?.origin ?? "agent-ingested",
    ...(source?.agent ? { agent: source.agent } : {}),
    ...(source?.ref ? { ref: source.ref } : {}),
    ...(extractor ? { extractor } : {}),
    ...(source?.model ? { model: source.model } : {}),
  };
}

/**
 * Stores the vector of `content` for memory `id`; `fresh` when the memory was created in
 * this transaction (nothing to replace).
 */
export function storeVector(
  deps: Pick<WriterDeps, "store">,
  tx: LogTransaction,
  id: string,
  content: string,
  vector: Float32Array,
  fresh = false,
): void {
  const rid = deps.store.ridOf(id);
  if (rid === undefined) return;
  deps.store.setVector(rid, vector, sha256Hex(content), tx.rev, fresh);
}

/** Where a memory goes when the writer names no scope: identity and preferences are global, the rest belongs to the project. */
export function defaultScope(deps: Pick<WriterDeps, "project">, type: MemoryType): string {
  if (TYPES_GLOBAL_BY_DEFAULT.has(type)) return "global";
  return deps.project ?? "global";
}

/** `id` when no memory has it, else `conflict`. */
function freeId(store: Store, id: string): string {
  if (store.ridOf(id) === undefined) return id;
  throw new HelixError("conflict", `Cannot write memory: a memory with id "${id}" already exists`, {
    details: { id },
  });
}

function pickId(store: Store, content: string, type: string): string {
  const candidates = memoryIdCandidates(content, type, `${content}\u0000${randomHex(8)}`);
  for (const id of candidates) {
    if (store.ridOf(id) === undefined) return id;
  }
  throw new HelixError("conflict", "Cannot write memory: could not find a free id (retry)");
}
