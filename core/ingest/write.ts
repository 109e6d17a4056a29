/**
 * Appending writes to the log: one write's ops (`memory.put`, plus the supersession ops when
 * it replaces older memories), and the bulk path (`embedBatches` before the transaction,
 * `appendWrites` inside it) that serves `writeMany` and imports. The single write with
 * redaction, the poisoning guard and consolidation is `pipeline.ts`; the bulk path redacts
 * but stores each item as given.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId, memoryIdCandidates } from "../model/ids.ts";
import { type ParsedWrite, parseInput, type WriteInput, writeInputSchema } from "../model/input.ts";
import type { MemoryType, Status } from "../model/types.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { MemoryPutPayload, OpProvenance } from "../ops/op.ts";
import { randomHex, sha256Hex } from "../util/hash.ts";
import { embedDocuments, type Runtime } from "../runtime.ts";
import { redactWrite } from "../redact/write.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { headsOf } from "../ops/concurrency.ts";

/** The outcome of {@linkcode writeMemories}. */
export interface BulkWriteResult {
  /** Ids, in input order. */
  readonly ids: readonly string[];
  /** How many were stored with vectors. */
  readonly embedded: number;
}

/** Progress of a bulk write. */
export interface BulkProgress {
  readonly phase: "validate" | "embed" | "store";
  readonly done: number;
  readonly total: number;
}

const TYPES_GLOBAL_BY_DEFAULT: ReadonlySet<MemoryType> = new Set(["identity", "preference"]);
const EMBED_BATCH = 64;
const PROGRESS_EVERY = 1_000;

/**
 * Writes many memories in one transaction: either all are stored or none (a bad item fails
 * the whole call with its position in the message and `details.index`, and the strand is
 * unchanged).
 */
export async function writeMemories(
  rt: Runtime,
  inputs: readonly WriteInput[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkWriteResult> {
  const total = inputs.length;
  const parsed = inputs.map((input, index) => {
    const result = redactWrite(parseInput(writeInputSchema, input, `write memory #${index + 1}`))
      .write;
    if ((index + 1) % PROGRESS_EVERY === 0) {
      onProgress?.({ phase: "validate", done: index + 1, total });
    }
    return result;
  });
  const vectors = await embedBatches(rt, parsed.map((p) => p.content), onProgress);
  return rt.log.transact("write memories", (tx) => {
    const ids = appendWrites(rt, tx, parsed, vectors, {
      label: (index) => `write memory #${index + 1}`,
      onStored: (done) => onProgress?.({ phase: "store", done, total }),
    });
    return { ids, embedded: vectors.filter((v) => v !== undefined).length };
  });
}

/**
 * Embeds `contents` in batches of 64 ahead of a bulk transaction. Where no model is available
 * (none configured, or it failed to load) the rest are `undefined`: they are stored without
 * vectors and backfilled later.
 */
export async function embedBatches(
  rt: Runtime,
  contents: readonly string[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<(Float32Array | undefined)[]> {
  const total = contents.length;
  const vectors: (Float32Array | undefined)[] = new Array(total).fill(undefined);
  if (rt.embedder === null) return vectors;
  for (let start = 0; start < total; start += EMBED_BATCH) {
    const embedded = await embedDocuments(rt, contents.slice(start, start + EMBED_BATCH));
    if (!embedded) break; // the model is unavailable: store the rest without vectors
    embedded.forEach((vector, offset) => (vectors[start + offset] = vector));
    onProgress?.({ phase: "embed", done: Math.min(total, start + EMBED_BATCH), total });
  }
  return vectors;
}

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
  rt: Runtime,
  tx: LogTransaction,
  items: readonly PlannedWrite[],
  vectors: readonly (Float32Array | undefined)[],
  options: AppendWritesOptions,
): string[] {
  const ids: string[] = new Array(items.length);
  for (let position = 0; position < items.length; position++) {
    const item = items[position]!;
    try {
      ids[position] = appendWrite(rt, tx, item).id;
    } catch (error) {
      const index = options.indexes?.[position] ?? position;
      throw atIndex(error, options.label(index), index);
    }
    const vector = vectors[position];
    if (vector) storeVector(rt, tx, ids[position]!, item.content, vector, true);
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
  rt: Runtime,
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
    id: input.id === undefined ? pickId(rt, input.content, type) : freeId(rt, input.id),
    type,
    content: input.content,
    scope: input.scope ?? defaultScope(rt, type),
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
    const record = rt.store.memoryById(id);
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
        parents: headsOf(rt.store, record.id),
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
  rt: Runtime,
  tx: LogTransaction,
  id: string,
  content: string,
  vector: Float32Array,
  fresh = false,
): void {
  const rid = rt.store.ridOf(id);
  if (rid === undefined) return;
  rt.store.setVector(rid, vector, sha256Hex(content), tx.rev, fresh);
}

/** Where a memory goes when the writer names no scope: identity and preferences are global, the rest belongs to the project. */
export function defaultScope(rt: Runtime, type: MemoryType): string {
  if (TYPES_GLOBAL_BY_DEFAULT.has(type)) return "global";
  return rt.project ?? "global";
}

/** `id` when no memory has it, else `conflict`. */
function freeId(rt: Runtime, id: string): string {
  if (rt.store.ridOf(id) === undefined) return id;
  throw new HelixError("conflict", `Cannot write memory: a memory with id "${id}" already exists`, {
    details: { id },
  });
}

function pickId(rt: Runtime, content: string, type: string): string {
  const candidates = memoryIdCandidates(content, type, `${content}\u0000${randomHex(8)}`);
  for (const id of candidates) {
    if (rt.store.ridOf(id) === undefined) return id;
  }
  throw new HelixError("conflict", "Cannot write memory: could not find a free id (retry)");
}
